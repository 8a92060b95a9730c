"""The one error of remote play, with the code the page words for the player.

``RemoteError`` is a ``ValueError`` (like every error of the engine: the caller gave a value that
is not accepted) whose ``code`` the page switches on (for instance "This link is damaged (cut off
when it was copied?): nothing changed") and whose ``details`` name what was wrong for the tests
and the console. A failed decode or check never changes a game.

>>> err = RemoteError("link_newer", "made by a newer version", version=2)
>>> err.code, err.details, str(err)
('link_newer', {'version': 2}, 'made by a newer version')
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Any

from ..core.errors import clip_message

__all__ = ["RemoteError", "CODES"]

# The codes of the primitives; the protocol adds its own (the page words every one).
CODES = (
    "link_damaged",  # cannot be decoded: bad base64, deflate or JSON, too big, too deep, not an object
    "link_newer",    # a link of a later protocol version than this code knows
    "not_a_link",    # no "#r1." fragment at all
    "bad_value",     # a value the canonical form cannot hold (a float, a non-string key, ...)
)


class RemoteError(ValueError):
    """A link or message that cannot be used; ``code`` says why in a word the page translates."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        # the message may quote a hostile value: cut it as every other error of the engine does
        super().__init__(clip_message(message))
        self.code = code
        self.details: dict[str, Any] = details
