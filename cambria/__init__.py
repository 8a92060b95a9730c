"""Cambria (2008) and Hibernia (2009), board games by Eric B. Vogel, as pure-Python rules engines.

>>> from cambria import Game
>>> game = Game("cumbria", ["Ann", "Bob"], seed=1)
>>> while not game.is_over():
...     if game.is_chance():
...         _ = game.roll()
...     else:
...         _ = game.play(game.legal_actions()[0])
>>> game.result().winner in (0, 1)
True

The package is organised by layer (docs/architecture.md): ``core`` holds what every
game shares (the game interface, a playthrough, records, seats), ``games.<id>`` one
game each, ``ai`` the generic search and the computer players, ``webapi`` the
session the browser's worker talks to.  Importing ``cambria`` loads none of them;
the names below are imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

if TYPE_CHECKING:  # pragma: no cover
    from .core.errors import BoardError, IllegalActionError, NotationError, RecordError
    from .core.game import Game
    from .core.interface import CHANCE, TERMINAL, GameFacts, GameRules, Outcome
    from .core.registry import GAME_IDS

__all__ = [
    "Game", "GAME_IDS", "GameRules", "GameFacts", "Outcome", "CHANCE", "TERMINAL",
    "IllegalActionError", "NotationError", "RecordError", "BoardError", "__version__",
]

_LAZY = {
    "Game": "core.game", "GAME_IDS": "core.registry", "GameRules": "core.interface",
    "GameFacts": "core.interface", "Outcome": "core.interface", "CHANCE": "core.interface",
    "TERMINAL": "core.interface", "IllegalActionError": "core.errors", "NotationError": "core.errors",
    "RecordError": "core.errors", "BoardError": "core.errors",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cambria' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"cambria.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
