"""The games this package knows, imported only when first asked for.

A *game* (``cambria``, ``hibernia``) is a set of rules; a *board* is the map it is
played on (Cambria has two, ``cambria`` and ``cumbria``).  ``resolve`` turns the
name a person types into both, so ``Game("cumbria", ...)`` means the game Cambria
on the Cumbria map.  A game ships as ``cambria.games.<id>`` with the modules
``definition`` (``RULES``, the game interface), ``web`` (``WEB``) and ``ai`` (``AI``);
``register`` adds one from elsewhere (the tests prove the frame generic with a toy game).

>>> resolve("cumbria"), resolve("cambria")
(('cambria', 'cumbria'), ('cambria', 'cambria'))
"""

from __future__ import annotations

import importlib
from typing import Any

from .interface import GameRules

__all__ = ["GAME_IDS", "BOARDS", "resolve", "rules_for", "web_for", "ai_for", "register", "game_ids",
           "boards_of", "game_of_board", "has_part"]

# the games that ship, and every board name -> its game (the first board of a game is its default)
GAME_IDS: tuple[str, ...] = ("cambria", "hibernia")
BOARDS: dict[str, str] = {"cambria": "cambria", "cumbria": "cambria", "hibernia": "hibernia"}

_loaded: dict[tuple[str, str], Any] = {}
_extra_games: dict[str, tuple[str, ...]] = {}


def register(game: str, boards: tuple[str, ...], rules: Any, web: Any = None, ai: Any = None) -> None:
    """Make a game known that does not ship with the package (its objects given directly)."""
    _extra_games[game] = tuple(boards)
    _loaded[(game, "definition")] = type("Definition", (), {"RULES": rules})
    if web is not None:
        _loaded[(game, "web")] = type("Web", (), {"WEB": web})
    if ai is not None:
        _loaded[(game, "ai")] = type("AI", (), {"AI": ai})


def unregister(game: str) -> None:
    _extra_games.pop(game, None)
    for part in ("definition", "web", "ai"):
        _loaded.pop((game, part), None)


def game_ids() -> tuple[str, ...]:
    return GAME_IDS + tuple(g for g in _extra_games if g not in GAME_IDS)


def boards_of(game: str) -> tuple[str, ...]:
    if game in _extra_games:
        return _extra_games[game]
    return tuple(b for b, g in BOARDS.items() if g == game)


def game_of_board(board: str) -> str | None:
    for game, boards in _extra_games.items():
        if board in boards:
            return game
    return BOARDS.get(board)


def resolve(name: str, board: str | None = None) -> tuple[str, str]:
    """(game id, board id) for a game or board name, with an optional explicit board."""
    if not isinstance(name, str) or (board is not None and not isinstance(board, str)):
        raise ValueError("a game and its board are named by text")
    if name in game_ids():
        game = name
        board = boards_of(game)[0] if board is None else board
    else:
        found = game_of_board(name)
        if found is None:
            raise ValueError(f"unknown game {name[:40]!r}; the games are {', '.join(game_ids())} "
                             f"(boards: {', '.join(b for g in game_ids() for b in boards_of(g))})")
        game = found
        if board is not None and board != name:
            raise ValueError(f"{name!r} is a board of {game}; it cannot also be board {board[:40]!r}")
        board = name
    if board not in boards_of(game):
        raise ValueError(f"{game} has no board {board[:40]!r}; its boards are {', '.join(boards_of(game))}")
    return game, board


def _module(game: str, part: str) -> Any:
    key = (game, part)
    mod = _loaded.get(key)
    if mod is None:
        if game not in GAME_IDS:
            raise ValueError(f"unknown game {game[:40]!r}; the games are {', '.join(game_ids())}")
        mod = _loaded[key] = importlib.import_module(f"cambria.games.{game}.{part}")
    return mod


def has_part(game: str, part: str) -> bool:
    """Whether a game has the module ``part`` (a game's rules may ship before its web side)."""
    if (game, part) in _loaded:
        return True
    if game not in GAME_IDS:
        return False
    import importlib.util

    return importlib.util.find_spec(f"cambria.games.{game}.{part}") is not None


def rules_for(game: str) -> GameRules[Any, Any]:
    """The rules object of a game (``cambria.games.<game>.definition.RULES``)."""
    rules: GameRules[Any, Any] = _module(game, "definition").RULES
    return rules


def web_for(game: str) -> Any:
    """The game's side of the web session (``cambria.games.<game>.web.WEB``)."""
    return _module(game, "web").WEB


def ai_for(game: str) -> Any:
    """The game's evaluation and search hooks (``cambria.games.<game>.ai.AI``)."""
    return _module(game, "ai").AI
