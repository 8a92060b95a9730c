"""The worker's side of the engine's review of a finished game (``cambria.ai.review``).

``review_run`` {record (object or JSON text), items?: [ITEM], budget_ms?: 250}
    -> ``{total, items, done, result: REVIEW|null}``: one slice of the review. The page sends
    what it has (``items``: every item so far, as it got them), the engine checks them against
    the record (code ``bad_review`` if they are not its review; ``bad_record`` for a record that
    is not a valid finished game), reviews at least one more decision and goes on while less
    than ``budget_ms`` has passed. The clock only decides how many decisions a slice holds:
    node budgets decide every result, so a record gives the same review on every device.
    The session's game is not touched.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.errors import RecordError
from ..core.record import parse_record_text
from .errors import RequestError
from .fields import only

__all__ = ["REVIEW_HANDLERS", "review_run", "MAX_BUDGET_MS"]

MAX_BUDGET_MS = 60_000


def review_run(session: Any, payload: dict[str, Any]) -> dict[str, Any]:
    """One slice of the review of ``payload['record']`` (see the module docstring)."""
    only(payload, {"record", "items", "budget_ms"}, "review_run", frozenset({"step", "log_from"}))
    budget = payload.get("budget_ms", 250)
    if not isinstance(budget, (int, float)) or isinstance(budget, bool) or not 0 <= budget <= MAX_BUDGET_MS:
        raise RequestError(f"'budget_ms' must be a number of milliseconds from 0 to {MAX_BUDGET_MS}")
    record = payload.get("record")
    if record is None:
        raise RequestError("review_run: 'record' (the game record) is missing")
    if isinstance(record, str):
        record = parse_record_text(record)
        if not isinstance(record, dict):  # text inside text: refused as the replay refuses it
            raise RecordError("a game record is a JSON object")
    from ..ai.review import review_run as run

    result: dict[str, Any] = run(record, payload.get("items"), float(budget))
    return result


REVIEW_HANDLERS: dict[str, Callable[[Any, dict[str, Any]], dict[str, Any]]] = {"review_run": review_run}
