"""The named errors every game and every layer shares.

All are ``ValueError``s (as python-chess's ``IllegalMoveError`` is): the caller
gave a value the rules or the format do not accept, and the message says why.
A failed call never changes the game it was made on.
"""

from __future__ import annotations

__all__ = ["IllegalActionError", "NotationError", "RecordError", "BoardError"]


class NotationError(ValueError):
    """Text that is not an action (or chance step) in the game's notation."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this position; the message says why."""


class RecordError(ValueError):
    """A game record that cannot be loaded; the message names what is wrong."""


class BoardError(ValueError):
    """Board data that breaks a rule of its game; the message names the place at fault."""
