"""The computer players Easy, Normal and Hard, for any game of the package.

* **Easy** looks one move ahead with a naive evaluation, adds noise to its
  judgement and has the blind spots a beginner has (the game says which:
  ``easy_oversights``).
* **Normal** looks one move ahead with the game's full evaluation: the best action
  by that evaluation.
* **Hard** searches: for the best few actions by the evaluation it looks at every
  chance outcome of the next turn (with its odds) and the next player's best
  answer, and picks the action with the best expectation (expectimax through the
  generic ``search`` module); head to head it also looks at its own next turn for
  its best three candidates (on sampled rolls); with three or more players it adds
  what the later opponents could do to each candidate, as if each moved next.

Every level decides by a **node budget**: the same position, level and generator
give the same move on any machine, under any load.  The clock is only a safety
cap far above what a move needs; if it ever strikes, the move is what the search
had found by then and ``Choice.clock_capped`` says so (the page logs it).
"""

from __future__ import annotations

import gc
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..core.interface import GameRules
from ..core.registry import ai_for
from ..core.seats import LEVELS
from .adapter import SearchGame
from .search import Budget, Expectimax, SearchAborted

__all__ = ["LEVELS", "NODE_BUDGET", "CLOCK_CAP", "Choice", "choose", "choose_action", "computer_rng"]

# Nodes per move: what decides the move.  Easy and Normal look at every legal action once
# (the budget only bounds absurd positions); Hard's budget sets its depth and width.
NODE_BUDGET = {"easy": 1_000_000, "normal": 1_000_000, "hard": 80_000}
# The safety cap on the clock, in seconds: far above a move's cost on a slow phone.
CLOCK_CAP = {"easy": 5.0, "normal": 5.0, "hard": 10.0}


@dataclass
class HardSettings:
    """How Hard searches (see ``search.Expectimax``); by number of players."""

    depth: int = 2            # decisions looked ahead, the root's included
    root_width: int = 16      # root candidates searched deeper (one per action_group)
    beam: int = 2             # children searched further at inner decisions
    opponents: int = 2        # later opponents whose answers are added (handover), 3+ players
    samples: tuple[int | None, ...] = (None,)  # outcomes expanded per chance level (None: all)
    deep_width: int | None = None  # root candidates searched at depth 3 and deeper (None: all)
    nodes: int | None = None  # the node budget per move (None: NODE_BUDGET["hard"])


DEFAULT_HARD: dict[int, HardSettings] = {n: HardSettings() for n in range(2, 6)}
# Head to head, Hard also looks at its own next turn (four sampled rolls) for its best three
# candidates: 80.7% against Normal instead of 69.3% on the same 300 games (docs/ai.md).  The
# smaller budget keeps its slowest moves within the browser's limits on a slow phone.  With
# three or four players the deeper look did not help.
DEFAULT_HARD[2] = HardSettings(depth=3, samples=(None, 4), deep_width=3, nodes=32_000)
HARD: dict[int, HardSettings] = {n: HardSettings(**vars(h)) for n, h in DEFAULT_HARD.items()}


def computer_rng(key: str, step: int, level: str) -> random.Random:
    """The generator a computer seat breaks ties with: a function of the game (its key), its
    progress and the level only, so the same game gives the same moves on every device."""
    return random.Random(f"{key}:{step}:{level}")


@dataclass
class Choice:
    """A computer player's decision and what it cost."""

    action: Any
    level: str
    nodes: int = 0
    depth: int = 0
    clock_capped: bool = False   # True if the safety cap, not the node budget, ended the search
    value: float | None = None
    # the root's candidates as the search ranked them, best first: (action, value) (what
    # cambria.ai.explain compares the choice with); None where nothing was ranked
    scores: list[tuple[Any, float]] | None = None


def choose_action(rules: GameRules[Any, Any], state: Any, level: str, rng: random.Random,
                  nodes: int | None = None, params: Any = None, clock_cap: float | None = None) -> Any:
    """A legal action for the decision pending in ``state`` (which is not changed)."""
    return choose(rules, state, level, rng, nodes=nodes, params=params, clock_cap=clock_cap).action


def choose(rules: GameRules[Any, Any], state: Any, level: str, rng: random.Random, *,
           nodes: int | None = None, params: Any = None, clock_cap: float | None = None,
           clock: Callable[[], float] | None = None) -> Choice:
    """The level's choice with its search statistics.

    ``nodes`` replaces the level's node budget, ``params`` the evaluation weights of Normal
    and Hard (for tuning), ``clock_cap`` the safety cap in seconds of ``clock`` (a test may
    pass a fake clock)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    # The search makes no reference cycles: a collection of the older generations in the
    # middle of a move (its memo tables are large) would only cost time.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _choose(rules, state, level, rng, nodes, params, clock_cap, clock)
    finally:
        if enabled:
            gc.enable()


def _choose(rules: GameRules[Any, Any], state: Any, level: str, rng: random.Random, nodes: int | None,
            params: Any, clock_cap: float | None, clock: Callable[[], float] | None) -> Choice:
    actions = list(rules.legal_actions(state))
    if not actions:
        raise ValueError(f"no decision is pending (phase {rules.phase(state).name.lower()})")
    if len(actions) == 1:
        return Choice(actions[0], level)
    # ties are broken by the generator: the same seed gives the same choices
    rng.shuffle(actions)
    cap = CLOCK_CAP[level] if clock_cap is None else clock_cap
    if clock is None:
        clock = time.perf_counter  # looked up now: a test may replace this module's ``time``
    hs = HARD.get(rules.num_players(state), HardSettings()) if level == "hard" else None
    if nodes is None:
        nodes = hs.nodes if hs is not None and hs.nodes is not None else NODE_BUDGET[level]
    budget = Budget(nodes, clock() + cap, clock)
    ai = ai_for(rules.facts.id)
    if level == "easy":
        return _easy(rules, ai, state, actions, rng, budget)
    # Hard may judge by its own evaluation (the game's ``hard_hooks``), predicting the
    # others by the evaluation Normal plays by
    hard_hooks = getattr(ai, "hard_hooks", None) if level == "hard" else None
    hooks = hard_hooks(state, params) if hard_hooks is not None else ai.search_hooks(state, params)
    game = SearchGame(rules, hooks)
    if hs is None:
        search = Expectimax(game, max_depth=1)
    else:
        search = Expectimax(game, max_depth=hs.depth, root_width=hs.root_width, beam=hs.beam,
                            opponents=hs.opponents, samples=hs.samples, offset=rng.random(),
                            deep_width=hs.deep_width)
    try:
        res = search.search(state, budget, actions)
    except SearchAborted:  # not even one action was evaluated
        return Choice(actions[0], level, budget.nodes, 0, budget.clock_fired)
    return Choice(res.action, level, res.nodes, res.depth, budget.clock_fired, res.value, res.scores)


def _easy(rules: GameRules[Any, Any], ai: Any, state: Any, actions: list[Any], rng: random.Random,
          budget: Budget) -> Choice:
    actions = ai.easy_oversights(state, actions, rng)
    ev = ai.easy_evaluator(state)
    p = rules.current_player(state)
    best = actions[0]
    best_v = float("-inf")
    try:
        for a in actions:
            budget.spend()
            child = rules.clone(state)
            rules.apply_action(child, a, False)
            v = ev.utilities(child)[p] + rng.gauss(0.0, 1.5)
            if v > best_v:
                best, best_v = a, v
    except SearchAborted:
        pass
    return Choice(best, "easy", budget.nodes, 1, budget.clock_fired)
