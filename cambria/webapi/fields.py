"""Reading a request's fields: one place for what every handler checks the same way."""

from __future__ import annotations

from typing import Any

from ..core.registry import resolve
from .errors import RequestError

__all__ = ["only", "game_and_board"]


def only(payload: dict[str, Any], allowed: set[str], kind: str, also: frozenset[str] = frozenset()) -> None:
    """Refuse a field the request does not take (``also``: fields every request of its family may carry)."""
    extra = set(payload) - allowed - also
    if extra:
        name = sorted(str(k) for k in extra)[0][:40]
        raise RequestError(f"{kind}: unknown field {name!r}"
                           + (f" (expected {', '.join(sorted(allowed))})" if allowed else ""))


def game_and_board(name: Any, board: Any) -> tuple[str, str]:
    """A game and board named by a request (``resolve``), or RequestError saying why not."""
    if not isinstance(name, str) or (board is not None and not isinstance(board, str)):
        raise RequestError("'game' and 'map' are names")
    try:
        return resolve(name, board)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
