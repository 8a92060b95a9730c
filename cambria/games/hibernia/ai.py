"""Hibernia's side of the computer players: the evaluation, the search hooks and Easy's blind spots.

The levels themselves are generic (``cambria.ai.players``); they ask this module what a
Hibernia position is worth and which oversights a beginner makes.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .actions import Action
from .board import TRACK_LENGTH
from .evaluate import Evaluator, Params, evaluator_for
from .explain import EXPLAIN
from .search_hooks import HiberniaSearch
from .state import FIRST_ACTION, LAST_ACTION, OVER, State

__all__ = ["AI", "HARD_PARAMS", "HiberniaAI"]


class HiberniaAI:
    """The hooks the generic computer players need from Hibernia."""

    Params = Params
    explain = EXPLAIN  # why a decision is good (cambria.ai.explain: the hint, the review)

    def search_hooks(self, state: State, params: Any = None) -> HiberniaSearch:
        """The evaluation and search hooks for the game of ``state`` (``params``: tuning weights)."""
        return HiberniaSearch(state, params)

    def hard_hooks(self, state: State, params: Any = None) -> HiberniaSearch:
        """Hard's hooks: its own weights (``params``, else ``HARD_PARAMS``) for every player's
        value in its search.  Hard looks at the opponents' answers itself, so it charges less
        for a county an opponent could take next turn than Normal, which looks one decision
        ahead and needs that charge as its only warning (docs/hibernia.md, tournament results)."""
        return HiberniaSearch(state, params if params is not None else HARD_PARAMS)

    def progress(self, state: State) -> float:
        """How far the game has come (0..1): how far the leading marker is round the track (the
        game ends in the round a marker gets back to the start; cambria.ai.winchance)."""
        if state.phase == OVER or state.ending:
            return 1.0
        return min(1.0, max(state.track[:state.n_players]) / TRACK_LENGTH)

    def easy_evaluator(self, state: State) -> Evaluator:
        """A naive judgement: the walks only, no threats, soldiers valued alike wherever they are."""
        return evaluator_for(state, _easy_params(), "easy")

    def easy_oversights(self, state: State, actions: Sequence[Action], rng: random.Random) -> list[Action]:
        """The actions a beginner thinks of: some turns she forgets to attack (only empty or own
        counties come to mind), or that the muster is there, or that the extra action may come
        first."""
        keep = list(actions)
        if state.phase not in (FIRST_ACTION, LAST_ACTION):
            return keep
        index = state.board.index
        me = state.current
        if rng.random() < 0.4:
            keep = [a for a in keep if a.is_muster or state.owner[index[a.target]] in (-1, me)] or keep
        if rng.random() < 0.3:
            keep = [a for a in keep if not a.is_muster] or keep
        if state.phase == FIRST_ACTION and rng.random() < 0.5:
            keep = [a for a in keep if a.slot == "die"] or keep
        return keep


_EASY: Params | None = None

# Hard's evaluation weights, fitted to self-play: least squares of a player's final lead over
# his rivals on the evaluation's terms (`benchmarks/hibernia_fit.py`, 400 games of Normals)
# gave the next walk and the pace these weights, and a soldier on the board 0.15 more than one
# in the supply (a step taken counts 1; the shield stays at 0, its fitted weight did no
# better).  The threat charge is the search's own judgement: Hard looks at the opponents'
# answers itself, so it keeps half of Normal's charge (threat x pace = 0.1).  Hard weighs its
# rivals by its own mix (`self_mix`, 0.3 against the Normals' 0.6): the Normals set on the
# leader anyway, so Hard leaves that to them and minds its own walk; it still predicts each
# Normal with the Normals' mix.  Against three Normals on seeds 7, 1, 11, 13 and 17 (the same
# 1,500 games each time, docs/hibernia.md): 36.3% with both, 34.5% with the fitted weights
# alone; `tournament --seats 'hard[threat=0.2],...'` plays Hard with Normal's weights.
HARD_PARAMS = Params(pace=0.66, next_walk=0.55, threat=0.15, supply=0.05, board=0.2, shield=0.0,
                     self_mix=0.3)


def _easy_params() -> Params:
    global _EASY
    if _EASY is None:
        _EASY = Params(threat=0.0, supply=0.1, board=0.1, shield=0.1, horizon=3.0)
    return _EASY


AI = HiberniaAI()
