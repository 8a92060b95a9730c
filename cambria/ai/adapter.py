"""Any game seen by the search: its rules (the game interface) plus its AI hooks.

The search (``search.Expectimax``) wants ``apply`` to return a new state and
numbers per player from ``evaluate``/``returns``; the rules change states in place
and know nothing of evaluations.  ``SearchGame`` joins the two and passes the
game's optional hooks (``candidate_actions``, ``depth_cost``, ``handover``,
``action_group``, ``search_chance_outcomes``) through when the game has them.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from ..core.interface import CHANCE, GameRules

__all__ = ["SearchGame"]

_OPTIONAL = ("candidate_actions", "depth_cost", "handover", "action_group", "search_chance_outcomes",
             "evaluate_children", "own_evaluate", "own_evaluate_children")


class SearchGame:
    """``search.GameInterface`` for a game's rules and its evaluation hooks."""

    def __init__(self, rules: GameRules[Any, Any], hooks: Any) -> None:
        self.rules = rules
        self.hooks = hooks
        self.evaluate = hooks.evaluate
        self.returns = hooks.returns
        self.legal_actions = rules.legal_actions
        self.chance_outcomes = rules.chance_outcomes
        self.is_terminal = rules.is_terminal
        self.is_chance = rules.is_chance
        self._clone = rules.clone
        self._apply_action = rules.apply_action
        self._apply_chance = rules.apply_chance
        for name in _OPTIONAL:
            hook = getattr(hooks, name, None)
            if hook is not None:
                setattr(self, name, hook)

    def num_players(self, s: Any) -> int:
        return self.rules.num_players(s)

    def current_player(self, s: Any) -> int:
        return self.rules.current_player(s)

    def apply(self, s: Any, a: Hashable) -> Any:
        c = self._clone(s)
        if self.rules.current_player(c) == CHANCE:
            self._apply_chance(c, a)
        else:
            self._apply_action(c, a, False)
        return c

    def legal(self, s: Any) -> Sequence[Any]:  # pragma: no cover - convenience for debugging
        return self.rules.legal_actions(s)
