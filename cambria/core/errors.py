"""The named errors every game and every layer shares.

All are ``ValueError``s (as python-chess's ``IllegalMoveError`` is): the caller
gave a value the rules or the format do not accept, and the message says why.
A failed call never changes the game it was made on.
"""

from __future__ import annotations

__all__ = ["IllegalActionError", "NotationError", "RecordError", "BoardError", "MAX_MESSAGE", "clip_message"]

MAX_MESSAGE = 2000  # characters: every real message is far shorter; a quoted hostile value is cut


class NotationError(ValueError):
    """Text that is not an action (or chance step) in the game's notation."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this position; the message says why."""


class RecordError(ValueError):
    """A game record that cannot be loaded; the message names what is wrong."""


class BoardError(ValueError):
    """Board data that breaks a rule of its game; the message names the place at fault."""


def clip_message(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` cut to ``limit`` characters, saying how many were left off.

    Messages quote what they refuse (a step, a level, a name); the value may be as long as its
    sender likes.  The web API's answers and the command line's refusals both pass through here.

    >>> clip_message("step 1 'p12': no road")
    "step 1 'p12': no road"
    >>> clip_message("x" * 30, limit=10)
    'xxxxxxxxxx… (20 more characters)'
    """
    if len(message) <= limit:
        return message
    return f"{message[:limit]}… ({len(message) - limit:,} more characters)"
