"""Errors of the web API and the codes the page acts on.

Every error crosses the bridge as ``{name, code, message}``: ``name`` is the
Python class, ``message`` says what was wrong in English (for developers and the
console), and ``code`` is what the page switches on and words for the player.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import BoardError, IllegalActionError, NotationError, RecordError
from ..core.seats import MAX_NAME, NameProblem
from ..remote.errors import RemoteError

__all__ = ["ApiError", "RequestError", "StaleStepError", "NoGameError", "GameOverError",
           "NotYourTurnError", "BadNameError", "error_code", "CODES"]

CODES = ("bad_request", "stale_step", "no_game", "game_over", "illegal", "bad_record", "bad_board",
         "not_computer", "bad_name", "remote", "bad_review", "internal")


class ApiError(ValueError):
    """An error of the web API with its code."""

    code = "bad_request"


class RequestError(ApiError):
    """A request the page should not have sent (bad payload, unknown type); says what is wrong."""

    code = "bad_request"


class StaleStepError(RequestError):
    """The page shows an older position than the game has: it should fetch the view again."""

    code = "stale_step"


class NoGameError(RequestError):
    """No game is in progress."""

    code = "no_game"


class GameOverError(IllegalActionError):
    """The game is over: nothing more can be played."""

    code = "game_over"


class NotYourTurnError(RequestError):
    """A computer move was asked for a seat a person plays."""

    code = "not_computer"


class BadNameError(RequestError):
    """A new game's player name the rules do not take (the player typed it: not the page's
    mistake); ``details`` says whose and why (``{seat, reason, max}``, see NameProblem), which
    crosses the bridge with the error for the page to word."""

    code = "bad_name"

    def __init__(self, problem: NameProblem) -> None:
        super().__init__(str(problem))
        self.details: dict[str, Any] = {"seat": problem.seat, "reason": problem.reason, "max": MAX_NAME}


def error_code(exc: BaseException) -> str:
    """The code of any exception a request may raise."""
    if isinstance(exc, RemoteError):  # a link or step of a remote game refused: details say why
        return "remote"
    code = getattr(exc, "code", None)
    if isinstance(code, str) and code in CODES:
        return code
    if isinstance(exc, RecordError):
        return "bad_record"
    if isinstance(exc, BoardError):
        return "bad_board"
    if isinstance(exc, (IllegalActionError, NotationError)):
        return "illegal"
    return "internal"
