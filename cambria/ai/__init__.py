"""Computer players for every game: a generic expectimax search and the levels Easy, Normal, Hard.

>>> import random
>>> from cambria import Game
>>> from cambria.ai import LEVELS, choose_action
>>> g = Game("cambria", 3, seed=5)
>>> while g.is_chance():
...     _ = g.roll()
>>> choose_action(g.rules, g.state, "normal", random.Random(1)) in g.legal_actions()
True

``choose_action(rules, state, level, rng)`` returns a legal action for the
decision pending in ``state`` without changing it; ``choose`` also says what the
search cost.  The search (``search``) sees a game through ``adapter.SearchGame``:
its rules plus the game's ``ai`` module (evaluation and hooks).  Importing this
package is cheap: the players load on the first choice.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.seats import LEVELS

if TYPE_CHECKING:  # pragma: no cover
    from ..core.interface import GameRules
    from .players import Choice

__all__ = ["LEVELS", "choose_action", "choose"]


def choose_action(rules: GameRules[Any, Any], state: Any, level: str, rng: random.Random,
                  nodes: int | None = None, params: Any = None) -> Any:
    """A legal action for the decision pending in ``state`` at the given level (see players.py)."""
    from .players import choose_action as _choose

    return _choose(rules, state, level, rng, nodes, params)


def choose(rules: GameRules[Any, Any], state: Any, level: str, rng: random.Random, **kw: Any) -> Choice:
    """The level's choice with its search statistics (see players.choose)."""
    from .players import choose as _choose

    return _choose(rules, state, level, rng, **kw)
