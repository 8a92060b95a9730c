"""Computer opponents for Cambria: Easy, Normal and Hard.

>>> import random
>>> from cambria import Game
>>> from cambria.ai import LEVELS, choose_action
>>> g = Game("cambria", 3, seed=5)
>>> while g.is_chance():
...     _ = g.roll()
>>> choose_action(g.state, "normal", random.Random(1)) in g.legal_actions()
True

``choose_action(state, level, rng, time_budget=None)`` returns a legal action
for the decision pending in ``state`` without changing it.  The search is
generic (``cambria.ai.search``) and sees Cambria through ``cambria.ai.adapter``.
Importing this package is cheap: the players load on the first choice.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import State

__all__ = ["LEVELS", "choose_action"]

LEVELS = ("easy", "normal", "hard")


def choose_action(state: State, level: str, rng: random.Random, time_budget: float | None = None) -> Action:
    """A legal action for the decision pending in ``state`` at the given level (see players.py)."""
    from .players import choose_action as _choose

    return _choose(state, level, rng, time_budget)
