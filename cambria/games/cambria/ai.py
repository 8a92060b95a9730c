"""Cambria's side of the computer players: the evaluation, the search hooks and Easy's blind spots.

The levels themselves are generic (``cambria.ai.players``); they ask this module
what a Cambria position is worth and which oversights a beginner makes.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .actions import Action
from .evaluate import Evaluator, Params, evaluator_for
from .explain import EXPLAIN
from .rules import FORTS_LEFT_AT_END
from .search_hooks import CambriaSearch
from .state import OVER, TURN, State

__all__ = ["AI", "CambriaAI"]


class CambriaAI:
    """The hooks the generic computer players need from Cambria."""

    Params = Params
    explain = EXPLAIN  # why a decision is good (cambria.ai.explain: the hint, the review)

    def search_hooks(self, state: State, params: Any = None) -> CambriaSearch:
        """The evaluation and search hooks for the game of ``state`` (``params``: tuning weights)."""
        return CambriaSearch(state, params)

    def hard_hooks(self, state: State, params: Any = None) -> CambriaSearch:
        """Hard's hooks: it judges by its own weights (``params``, else HARD_PARAMS for the number
        of players) and predicts the other players by the default evaluation Normal plays by."""
        own = params if params is not None else HARD_PARAMS.get(state.n_players)
        return CambriaSearch(state, None, own)

    def progress(self, state: State) -> float:
        """How far the game has come (0..1): the share of the captures it lasts that are made
        (it ends once at most ``FORTS_LEFT_AT_END`` forts are open; cambria.ai.winchance)."""
        if state.phase == OVER:
            return 1.0
        captures = len(state.board.forts) - FORTS_LEFT_AT_END
        made = len(state.board.forts) - len(state.uncaptured)
        return min(1.0, made / captures) if captures > 0 else 1.0

    def easy_evaluator(self, state: State) -> Evaluator:
        """A naive judgement: no threats, no boats' numbers, the next fill as likely as any."""
        return evaluator_for(state, _easy_params(), "easy")

    def easy_oversights(self, state: State, actions: Sequence[Action], rng: random.Random) -> list[Action]:
        """The actions a beginner thinks of this turn: some turns she forgets the legion, the
        swap, the boat after a legion move, or that doubles may knock a warrior off."""
        keep = list(actions)
        if state.phase != TURN:
            return keep
        if rng.random() < 0.4:
            keep = [a for a in keep if a.kind != "legion"] or keep
        if rng.random() < 0.5:
            keep = [a for a in keep if a.swap is None] or keep
        if rng.random() < 0.5:
            keep = [a for a in keep if a.boat is None] or keep
        if rng.random() < 0.3:
            keep = [a for a in keep if a.kind != "place" or a.road is None or state.owner[a.road] < 0] or keep
        return keep


_EASY: Params | None = None


def _easy_params() -> Params:
    global _EASY
    if _EASY is None:
        _EASY = Params(next_weight=1.0, narrow=0.0, tied_full=0.0, boat=0.3, boat_number=0.0, mix=0.0,
                       horizon=8.0)
    return _EASY


# Hard's own evaluation weights by number of players (None: the defaults), confirmed by
# tournaments (docs/ai.md).  Hard judges the open forts by what became of them in games of
# Normals (fort_stats.json, benchmarks/fort_stats.py): against two Normals it won 72.2% of
# 600 games where the fill model alone won 51.7%; head to head and with four and five
# players it gained too.
HARD_PARAMS: dict[int, Params | None] = {n: Params(learned=1.0) for n in (2, 3, 4, 5)}

AI = CambriaAI()
