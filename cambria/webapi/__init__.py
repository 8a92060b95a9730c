"""The engine's side of the web page: JSON text in, JSON text out.

The worker calls ``call(type, payload_json)`` for every request and gets back
``"1" + result_json`` or ``"0" + error_json`` (``{name, code, message}``); it never
raises.  ``handle(type, payload_json)`` is the same but raises.  One session
(``session.WebSession``) holds the worker's game; a failed request changes
nothing.  Python decides every rule: the page gets the position, the legal
choices for the next tap and what changed, and only draws.  Sentences cross as
data (``[{key, args}]``, worded by the page's catalogs; an argument like
``{"seat": 2}``, ``{"road": 12}`` or ``{"fort": 3}`` names a thing on the board).
``start()`` is called once when the worker is up; ``prepare()`` does the first requests'
imports ahead (the build calls it before it takes the memory snapshot).

Requests (payload -> result); every payload may carry ``step`` (the number of steps
the page believes the game has: a request for an older position is refused with
code ``stale_step`` instead of played twice) and ``log_from`` (how many log lines the
page has: views send the lines from there on).

``ping`` {}  -> ``{pong, version}``
``info`` {}  -> ``{version, games: [GAME_INFO], computer_levels, max_name, maps, colours, neutral}``
    GAME_INFO: ``{id, title, boards: [{id, title, region}], min_players, max_players,
    neutral_with, colours: [{id, shape}], neutral: {colour, shape}, options: [{id, default}]}``
``new_game`` {game?, map?, players: [{name, colour, kind}], options?, seed?}
    Starts a game and draws the start player (``kind``: ``human`` or ``computer:<level>``).
    Without ``seed`` each roll is drawn when it is made (``dice: "drawn"``); with one, the
    seed decides every roll (reproducible games: tests, bug reports).
    ``game`` is a game or board name (``cambria``, ``cumbria``, ``hibernia``); ``map`` a board
    of that game.  -> ``{view, events}``
``roll`` {}  -> ``{view, events, rolled: {kind, dice, player}}``: the pending chance step.
``options`` {partial: [STEP...]}  -> OPTIONS: the turn builder (``builder.py``)::

    {stage, partial, complete, action (notation when complete, else null), player, phase,
     choices: [{token, kind, element ("road:12" | "boat:3" | "county:MEA" | "button"), ...}],
     prompt: [PART], preview: {<position>, changed_*, captures: [EFFECT], effects: [EFFECT]}}

``play`` {action, then?}  -> ``{view, events}``; ``then``: the same player's next decision, played
    after it by the same request, both or neither (Hibernia's turn of two actions, one Confirm).
``computer`` {time_budget?}  -> ``{view, events, action?|rolled?}``: the computer seat to move
    rolls or decides (node budgets decide; ``time_budget`` is only the clock's safety cap).
``hint`` {level?}  -> ``{action, steps, why: [PART], why_kind}``: what the computer (Hard by
    default) would play, and the one most telling reason for it (``cambria.ai.explain``: a
    capture, an opponent's capture denied, the walk's steps, ...; ``why_kind`` names its kind).
``view`` {}  -> VIEW
``record`` {}  -> the game record (docs/record-format.md), which the page stores for autosave.
    A game the page started (no ``seed``) has drawn dice: its record holds the rolls made so
    far and nothing that tells the next one.  A seeded game's record holds its seed.
``load`` {record (object or JSON text)}  -> ``{view, events: [], uid}``; a bad record is
    refused (code ``bad_record``, the message names the field or the step) and changes nothing.
``view_at`` {upto}  -> ``{view, upto, total}``: the game as it was after ``upto`` steps
    (replay); the live game is not touched.
``review_run`` {record (object or JSON text), items?: [ITEM], budget_ms?: 250}  -> ``{total,
    items: [ITEM], done, result: REVIEW|null}``: one slice of the engine's review of a finished
    game (``webapi/review.py``, ``cambria.ai.review``): the items so far (``items`` as the page
    got them, checked against the record: code ``bad_review``) plus at least one more, more
    while less than ``budget_ms`` has passed (node budgets decide every result, the clock only
    how many per slice); ``result`` once every decision is reviewed. The live game is not touched.
    ITEM (a decision: a non-chance step with two legal actions or more): ``{index, step (record
    steps before it), turn, player, played, best (notation), loss (win-chance points given away,
    0..100, one decimal), verdict (good|inaccuracy|mistake|blunder), chances (percent per player
    after the played step), why: [PART] (what the better move does that the played one does not;
    [] for a good move), marks: {played, better} (what each touched on the board, as last_move,
    and its ``moves``: ``"road:3>road:9"``, a piece taken from one place to another)}``.
    REVIEW: ``{version: 1, game, total, decisions: [ITEM], chart: {points: [{step, turn,
    chances}]} (the start and after every decision), players: [{index, name, colour, shape}],
    mistakes: {"<player>": [ITEM index, the three largest losses > 0, largest first]},
    summary: [{player, good, inaccuracy, mistake, blunder}]}``.
``remote_*``: games by link (``remote_new``, ``remote_peek``, ``remote_open``, ``remote_join``,
    ``remote_send``, ``remote_signed``, ``remote_undo``, ``remote_record``, ``remote_qr``): see
    ``webapi/remote.py``. In a remote game ``roll``, ``play`` and ``computer`` draft this device's
    steps through the protocol (a step that is another device's is refused, code ``remote``),
    and VIEW has ``remote`` (who sits where, whose step is next, what waits to be sent).

VIEW: ``{game, map, title, uid, step, turn, phase, chance, over, current, actor, actor_kind,
start_player, players: [{index, name, colour, shape, kind, neutral}], roll, position,
prompt: [PART], options: OPTIONS|null, log: [LOG], log_from, log_total, result|null,
last_move, game_options, settings, chances, ...}`` plus each game's own fields (``web.extra_view``).
``chances`` is each regular player's chance to win in whole percents summing to 100
(``cambria.ai.winchance``: calibrated on self-play; 100 for the winner at the end), knowing who
is playing: each computer seat's level and the order of play from the start (a person's seat
counts as ``winchance.PERSON``); the page decides when to show it.
``settings`` is the ``new_game`` payload that plays the game again (a rematch): the same game,
map, options and seats, without a seed (new dice); the page passes it back as it is.
EFFECT/EVENT: what a step did, from the rules (``rules.apply``'s docstring).
LOG: ``{step, seat, type, parts: [PART]}``.  PART: ``{key, args}``.
Errors: ``{name, code, message}``, code one of ``errors.CODES``; a ``bad_name`` error also has
``details`` ``{seat, reason, max}`` (a new game's player name the rules do not take).
"""

from __future__ import annotations

import json
import random
import traceback
from typing import Any

from ..core.errors import clip_message
from ..core.record import nesting_depth
from .errors import ApiError, RequestError, error_code
from .session import WebSession

__all__ = ["handle", "call", "start", "prepare", "RequestError", "ApiError", "SESSION", "MAX_PAYLOAD"]

MAX_PAYLOAD = 8_000_000  # characters: a record at its cap, with room
MAX_DEPTH = 24

SESSION = WebSession()


def _payload(kind: Any, payload_json: Any) -> dict[str, Any]:
    if not isinstance(kind, str):
        raise RequestError("the request type must be text")
    if payload_json in (None, ""):
        return {}
    if not isinstance(payload_json, str):
        raise RequestError("the payload must be JSON text")
    if len(payload_json) > MAX_PAYLOAD:
        raise RequestError(f"the payload of {kind[:40]!r} is too large ({len(payload_json):,} characters)")
    if nesting_depth(payload_json, MAX_DEPTH) > MAX_DEPTH:
        raise RequestError(f"the payload of {kind[:40]!r} is nested too deeply to be a request")
    try:
        payload = json.loads(payload_json)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise RequestError(f"the payload of {kind[:40]!r} is not valid JSON: {str(exc)[:80]}") from None
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        raise RequestError(f"the payload of {kind[:40]!r} must be a JSON object, not {type(payload).__name__}")
    return payload


def handle(kind: str, payload_json: str) -> str:
    """Answer one request (see the module docstring); raises on a bad request."""
    result = SESSION.handle(kind, _payload(kind, payload_json))
    return json.dumps(result, separators=(",", ":"), ensure_ascii=False)


def call(kind: str, payload_json: str) -> str:
    """``handle`` for the worker: never raises; "1" + result JSON or "0" + error JSON."""
    try:
        return "1" + handle(kind, payload_json)
    except Exception as exc:
        code = error_code(exc)
        # the answer crosses into JavaScript: never a lone surrogate, whatever the request held
        message = clip_message(str(exc)).encode("utf-8", "backslashreplace").decode("utf-8")
        error: dict[str, Any] = {"name": type(exc).__name__, "code": code, "message": message}
        details = getattr(exc, "details", None)
        if code == "bad_name" and isinstance(details, dict):  # what the page words the refusal from
            error["details"] = details
        if code == "remote":  # the protocol's reason, which the page words
            error["details"] = {"reason": getattr(exc, "code", ""),
                                **{k: v for k, v in (details or {}).items() if isinstance(v, (int, str))}}
        if code == "internal":  # a bug: the page shows a short message, the console the traceback
            error["traceback"] = traceback.format_exc()[-4000:]
        return "0" + json.dumps(error, ensure_ascii=False)


def start() -> None:
    """Called once by the worker: after a memory snapshot every visitor would otherwise start
    from the same state of ``random`` (which draws new games' seeds)."""
    random.seed()


def prepare() -> None:
    """Do the work every visit's first requests would do: import each shipped game's rules, web
    side and computer players, and read the boards (``info``).

    The build calls this before it takes the memory snapshot (tools/site_build/py/
    snapshot_prelude.py), so a visitor's Python starts with all of it done instead of spending
    the first request on imports (a fifth of a second on this machine, more on a phone).
    Without a snapshot the same work happens on first use.  It touches no game and no ``random``.
    """
    from ..ai import explain, players, review  # noqa: F401 - the players' search, the hint's why, the review
    from ..core.registry import ai_for, game_ids, has_part, rules_for, web_for

    for game in game_ids():
        rules_for(game)
        for part, load in (("web", web_for), ("ai", ai_for)):
            if has_part(game, part):
                load(game)
    SESSION.info({})


def _reset() -> None:
    """Forget the current game (for tests)."""
    global SESSION
    SESSION = WebSession()
