"""What the generic search needs to know about Cambria beyond its rules.

The search (``cambria.ai.search``) plays the rules through the game interface;
this module adds the evaluation and the optional hooks: which moves inside the
tree are worth expanding, which decisions use no depth, how to hand the turn to
a later opponent, and the merging of the neutral die (the root always gets
every legal action).
"""

from __future__ import annotations

from typing import Any

from . import rules
from .actions import Action
from .state import NEUTRAL, NEUTRAL_ROLL, ROLL, TURN, State
from .evaluate import Evaluator, Params, evaluator_for

__all__ = ["CambriaSearch"]


class CambriaSearch:
    """Cambria's evaluation and search hooks for one game (the search never mutates a state)."""

    def __init__(self, state: State, params: Params | None = None) -> None:
        self.evaluator: Evaluator = (evaluator_for(state) if params is None
                                     else evaluator_for(state, params, repr(params)))

    def returns(self, s: State) -> list[float]:
        return self.evaluator.utilities(s)

    def evaluate(self, s: State) -> list[float]:
        return self.evaluator.utilities(s)

    # ---------------------------------------------------------------- hooks
    def depth_cost(self, s: State) -> int:
        """The neutral placement is part of the opponent's turn: it uses no depth."""
        return 0 if s.phase == NEUTRAL else 1

    def handover(self, s: State, k: int) -> State | None:
        """The position before a turn with the k-th player from the one to move to start instead."""
        if s.phase != ROLL or k >= s.n_players:
            return None
        c = s.copy()
        c.current = (s.current + k - 1) % s.n_players
        return c

    def action_group(self, a: Action) -> Any:
        """Actions that differ only in the boat or the warrior moved form one group."""
        return (a.kind, a.road, a.swap)

    def search_chance_outcomes(self, s: State) -> list[tuple[Any, float]]:
        """Inside the tree the neutral die is not expanded: the opponent places the neutral
        warrior where she likes best (as on a 1), which costs one branch instead of six."""
        if s.phase == NEUTRAL_ROLL:
            return [(1, 1.0)]
        return rules.chance_outcomes(s)

    def candidate_actions(self, s: State) -> list[Action]:
        """Legal actions with the redundant variants pruned (for nodes inside the tree).

        With an empty supply every target comes with every source warrior, and a
        legion move with every boat and source: keep, per target, only the source
        whose removal costs the player least, and only the highest free boat."""
        actions = rules.legal_actions(s)
        if len(actions) <= 24:
            return actions
        phase = s.phase
        p = s.current
        if phase == NEUTRAL:
            if s.supply[s.neutral] > 0:
                return actions
            ncost = self._source_costs(s, s.neutral, p, 1)
            best: dict[Any, tuple[float, Action]] = {}
            for a in actions:
                c = ncost.get(a.from_road, 0.0)
                b = best.get(a.road)
                if b is None or c < b[0]:
                    best[a.road] = (c, a)
            return [a for _, a in best.values()]
        if phase != TURN:
            return actions
        cost: dict[Any, float] | None = None
        keep: dict[Any, tuple[float, Action]] = {}
        out: list[Action] = []
        for a in actions:
            fr, fb = (a.from_road, a.from_boat) if a.kind == "place" else (a.boat_from_road, a.boat_from_boat)
            if a.kind == "legion" and a.boat is not None:
                key = (a.swap, "L", a.road)
            elif fr is not None or fb is not None:
                key = (a.swap, "p", a.road)
            else:
                out.append(a)
                continue
            if cost is None:
                cost = self._source_costs(s, p, p, 0)
            c = cost.get(fr, 0.0) if fr is not None else cost.get(("b", fb), 0.0)
            if a.boat is not None:
                c -= 0.01 * a.boat  # prefer the highest boat
            k = keep.get(key)
            if k is None or c < k[0]:
                keep[key] = (c, a)
        out.extend(a for _, a in keep.values())
        return out

    def _source_costs(self, s: State, colour: int, judge: int, neutral: int) -> dict[Any, float]:
        """What lifting each warrior of ``colour`` costs player ``judge`` (by the evaluation)."""
        ev = self.evaluator
        base = ev.utilities(s)[judge]
        out: dict[Any, float] = {}
        m = s.masks[colour]
        while m:
            low = m & -m
            r = low.bit_length() - 1
            m ^= low
            c = s.copy()
            c.owner[r] = -1
            c.masks[colour] &= ~low
            c.occupied &= ~low
            out[r] = base - ev.utilities(c)[judge]
        if not neutral:
            for k, o in enumerate(s.boats):
                if o == colour:
                    c = s.copy()
                    c.boats[k] = -1
                    out[("b", k + 2)] = base - ev.utilities(c)[judge]
        return out

    def __repr__(self) -> str:
        return "CambriaSearch()"

