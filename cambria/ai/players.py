"""The three computer opponents: Easy, Normal and Hard.

* **Easy** looks one move ahead with a naive evaluation, adds noise to its
  judgement and has blind spots a beginner has: on some turns it forgets the
  legion, the boat swap or the boat after a legion move.
* **Normal** looks one move ahead with the full evaluation (forts it can win and
  lose, VP seconds, fragile leads, boats): the best action by that evaluation.
* **Hard** searches: for the best few actions by the evaluation it looks at
  every roll of the next player (21 outcomes of two dice, with their odds) and
  that player's best answer, and picks the action with the best expectation
  (expectimax through the generic ``search`` module); with three or more
  players it also adds what the player after her could do to each candidate,
  as if she moved next.  Its node budget keeps it deterministic; the clock is
  only a safety cap, and if the cap strikes before two candidates are searched
  it plays the Normal choice.
"""

from __future__ import annotations

import gc
import random
import time

from .. import rules
from ..actions import Action
from ..state import State
from .adapter import CambriaGame
from .evaluate import Params, evaluator_for
from .search import Budget, Expectimax, SearchAborted

__all__ = ["LEVELS", "DEFAULT_BUDGET", "choose_action", "HARD_NODES_PER_SECOND", "last_info"]

LEVELS = ("easy", "normal", "hard")
# default time caps per move (seconds, in the browser: Pyodide is ~1.6x slower than CPython)
DEFAULT_BUDGET = {"easy": 0.2, "normal": 0.2, "hard": 1.0}
# Hard's node budget per second of time budget: calibrated so that CPython uses
# about half the budget (so Pyodide, ~1.6x slower, stays inside it).
HARD_NODES_PER_SECOND = 20_000
HARD_DEPTH = 2
HARD_ROOT_WIDTH = 10
HARD_OPPONENTS = 2  # the next two opponents' answers are looked at (in games of 3+ players)
SAFETY = 0.85  # the clock cap is this share of the budget (returning, and a busy machine, take a moment)

_EASY_PARAMS: Params | None = None

# what the last choice found (for benchmarks and the hint display); not part of the contract
last_info: dict[str, object] = {}


def _easy_params() -> Params:
    global _EASY_PARAMS
    if _EASY_PARAMS is None:
        _EASY_PARAMS = Params(next_weight=1.0, narrow=0.0, tied_full=0.0, boat=0.3, boat_number=0.0, mix=0.0,
                              horizon=8.0)
    return _EASY_PARAMS


def choose_action(state: State, level: str, rng: random.Random, time_budget: float | None = None,
                  params: Params | None = None) -> Action:
    """A legal action for the decision pending in ``state`` (which is not changed).

    ``params`` replaces the evaluation weights of Normal and Hard (for tuning)."""
    # The search makes no reference cycles: a collection of the older generations
    # in the middle of a move (its memo tables are large) would only cost time.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _choose(state, level, rng, time_budget, params)
    finally:
        if enabled:
            gc.enable()


def _choose(state: State, level: str, rng: random.Random, time_budget: float | None,
            params: Params | None) -> Action:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    start = time.perf_counter()
    if time_budget is None:
        time_budget = DEFAULT_BUDGET[level]
    deadline = start + max(0.0, time_budget) * SAFETY
    actions = rules.legal_actions(state)
    if not actions:
        raise ValueError(f"no decision is pending in phase {state.phase_name!r}")
    if len(actions) == 1:
        last_info.clear()
        last_info.update(level=level, depth=0, nodes=0, aborted=False)
        return actions[0]
    # ties are broken by the generator: the same seed gives the same choices
    actions = list(actions)
    rng.shuffle(actions)
    if level == "easy":
        return _easy(state, actions, rng, deadline)
    game = CambriaGame(state, params)
    if level == "normal":
        search = Expectimax(game, max_depth=1)
        budget = Budget(10**9, deadline)
    else:
        search = Expectimax(game, max_depth=HARD_DEPTH, root_width=HARD_ROOT_WIDTH, beam=2,
                            opponents=HARD_OPPONENTS)
        budget = Budget(max(200, int(HARD_NODES_PER_SECOND * time_budget)), deadline)
    try:
        res = search.search(state, budget, actions)
    except SearchAborted:  # not even the greedy pass finished: take the first action evaluated
        last_info.clear()
        last_info.update(level=level, depth=0, nodes=budget.nodes, aborted=True)
        return actions[0]
    last_info.clear()
    last_info.update(level=level, depth=res.depth, nodes=res.nodes, aborted=res.aborted, value=res.value)
    return res.action


def _easy(state: State, actions: list[Action], rng: random.Random, deadline: float) -> Action:
    # blind spots: some turns it does not think of the legion, the swap or the boat
    if state.phase == 6:  # TURN
        keep = actions
        if rng.random() < 0.4:
            keep = [a for a in keep if a.kind != "legion"] or keep
        if rng.random() < 0.5:
            keep = [a for a in keep if a.swap is None] or keep
        if rng.random() < 0.5:
            keep = [a for a in keep if a.boat is None] or keep
        if rng.random() < 0.3:  # forgets that doubles may knock a warrior off
            keep = [a for a in keep if a.kind != "place" or a.road is None or state.owner[a.road] < 0] or keep
        actions = keep
    ev = evaluator_for(state, _easy_params(), "easy")
    p = state.current
    best = None
    best_v = float("-inf")
    for i, a in enumerate(actions):
        if i >= 8 and time.perf_counter() > deadline:
            break
        child = state.copy()
        rules.apply(child, a, False)
        v = ev.utilities(child)[p] + rng.gauss(0.0, 1.5)
        if v > best_v:
            best, best_v = a, v
    assert best is not None
    last_info.clear()
    last_info.update(level="easy", depth=1, nodes=len(actions), aborted=False)
    return best
