"""What the generic search needs to know about Cambria beyond its rules.

The search (``cambria.ai.search``) plays the rules through the game interface;
this module adds the evaluation and the optional hooks: which moves inside the
tree are worth expanding, which decisions use no depth, how to hand the turn to
a later opponent, and the merging of the neutral die (the root always gets
every legal action).
"""

from __future__ import annotations

from typing import Any, Sequence

from . import moves, rules
from .actions import Action
from .state import NEUTRAL, NEUTRAL_ROLL, ROLL, TURN, State
from .children import child_utilities, removal_costs
from .evaluate import Evaluator, Params, evaluator_for

__all__ = ["CambriaSearch"]


class CambriaSearch:
    """Cambria's evaluation and search hooks for one game (the search never mutates a state)."""

    def __init__(self, state: State, params: Params | None = None, own: Params | None = None) -> None:
        self.evaluator: Evaluator = (evaluator_for(state) if params is None
                                     else evaluator_for(state, params, repr(params)))
        if own is not None:
            # the searching player's own judgement; ``evaluate`` stays the model of the others
            self.own_evaluator = evaluator_for(state, own, repr(own))
            self.own_evaluate = self.own_evaluator.utilities
            ev = self.own_evaluator
            self.own_evaluate_children = lambda s, actions: child_utilities(ev, s, actions)

    def returns(self, s: State) -> list[float]:
        return self.evaluator.utilities(s)

    def evaluate(self, s: State) -> list[float]:
        return self.evaluator.utilities(s)

    # ---------------------------------------------------------------- hooks
    def evaluate_children(self, s: State, actions: Sequence[Action]) -> list[list[float]]:
        """The evaluation after each action, without building the states (children.py)."""
        return child_utilities(self.evaluator, s, actions)

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

        With an empty supply every target comes with every warrior that could move there,
        and a legion move with every free boat: keep only the warrior whose removal costs the
        player least (the same for every target), and only the highest free boat."""
        phase = s.phase
        if phase == TURN:
            p = s.current
            if s.supply[p] > 0:
                return moves.narrow_actions(s, (None, None))
            return moves.narrow_actions(s, self._cheapest_source(s, p, p))
        if phase == NEUTRAL and s.supply[s.neutral] == 0:
            return moves.narrow_actions(s, self._cheapest_source(s, s.neutral, s.current))
        return rules.legal_actions(s)

    def _cheapest_source(self, s: State, colour: int, judge: int) -> tuple[int | None, int | None]:
        """The warrior of ``colour`` (on a road, or a boat) whose removal costs ``judge`` least;
        the first such in the order roads, then boats."""
        costs = self._source_costs(s, colour, judge, colour == s.neutral)
        best: Any = None
        best_cost = 0.0
        for where, cost in costs.items():
            if best is None or cost < best_cost:
                best, best_cost = where, cost
        if best is None:
            return None, None
        if isinstance(best, tuple):
            return None, best[1]
        return best, None

    def _source_costs(self, s: State, colour: int, judge: int, neutral: int) -> dict[Any, float]:
        """What lifting each warrior of ``colour`` costs player ``judge`` (by the evaluation)."""
        return removal_costs(self.evaluator, s, colour, judge, not neutral)

    def __repr__(self) -> str:
        return "CambriaSearch()"

