"""Game records: a versioned JSON document holding everything needed to replay a game.

See docs/record-format.md.  A record is checked field by field and then
replayed step by step; the first problem raises RecordError with a message that
names it (``step 17 'p12': ...``).  Nothing is ever partly loaded.  Version 2
names its game (``"game": "cambria"``); version 3 may record its rolls instead of a seed
(``"dice": "drawn"``); older records are brought up to date by ``migrate``.

A seeded record holds its seed, so it also tells every roll still to come: it is
tamper-evident (a changed roll is refused), not secret.  A record of drawn dice
tells nothing of the rolls to come (they are drawn when made); its rolls are checked
only against the rules.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from .errors import IllegalActionError, NotationError, RecordError
from .game import DICE, GAME_KEY, MAX_SEED, Game
from .registry import boards_of, game_ids, resolve, rules_for
from .seats import check_seats

__all__ = ["RecordError", "make_record", "load_record", "record_to_json", "record_from_json",
           "RECORD_FORMAT", "RECORD_VERSION", "MIGRATIONS", "migrate", "MAX_RECORD_BYTES", "MAX_DEPTH",
           "check_header", "new_game_from_header", "replay_steps", "check_result", "parse_record_text"]

RECORD_FORMAT = "cambria-record"
RECORD_VERSION = 3
MAX_RECORD_BYTES = 4_000_000  # far above any real game (a few hundred steps), far below trouble
MAX_DEPTH = 16                # a record is nested 3 deep; anything deeper is not one


def make_record(game: Game) -> dict[str, Any]:
    """The record of a game so far (a JSON-ready dict)."""
    players = []
    for name, info in zip(game.players, game.player_info, strict=True):
        entry = {"name": name}
        entry.update({k: v for k, v in info.items() if k in ("colour", "kind")})
        players.append(entry)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.game_id,
        "map": game.board_id,
        "players": players,
        "options": dict(game.options),
    }
    if game.dice == "drawn":
        record["dice"] = "drawn"
        record["key"] = game.key
    else:
        record["seed"] = game.seed
    record["steps"] = list(game.steps)
    if game.is_over():
        out = game.result()
        record["result"] = {"winners": list(out.winners), "scores": list(out.scores)}
    return record


def record_to_json(game: Game) -> str:
    return json.dumps(make_record(game), indent=1, ensure_ascii=False)


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply ``text``'s JSON brackets nest (stops counting past ``limit``); strings are skipped.

    Checked before parsing so that absurd nesting never reaches a recursive parser."""
    depth = best = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > best:
                best = depth
                if best > limit:
                    return best
        elif ch in "]}":
            depth -= 1
    return best


def parse_record_text(text: str | bytes) -> Any:
    """A record file's text as JSON data, refusing what is not plausibly a record first."""
    if isinstance(text, bytes):
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the file is too large to be a game record ({len(text):,} bytes; "
                              f"records are under {MAX_RECORD_BYTES:,})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the file is not a text file (not UTF-8): not a game record") from None
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"the file is too large to be a game record ({len(text):,} characters)")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if nesting_depth(text) > MAX_DEPTH:
        raise RecordError("the file is not a game record (its JSON is nested absurdly deep)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                          "it may be truncated or damaged") from None
    except (RecursionError, ValueError, MemoryError):  # absurd numbers: not a record
        raise RecordError("the file is not a game record (its JSON holds absurd values)") from None


def record_from_json(text: str | bytes) -> Game:
    """Parse and replay a record file's text."""
    return load_record(parse_record_text(text))


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 knew only Cambria; its players could carry any plain extra fields."""
    data["game"] = "cambria"
    players = data.get("players")
    if isinstance(players, list):
        data["players"] = [{k: v for k, v in p.items() if k in ("name", "colour", "kind")}
                           if isinstance(p, dict) else p for p in players]
    res = data.get("result")
    if isinstance(res, dict) and "winner" in res:
        data["result"] = {"winners": [res.get("winner")], "scores": res.get("points")}
    data["version"] = 2
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds drawn dice (``"dice": "drawn"`` with a ``key`` instead of a seed); every
    version-2 record is a seeded one, which version 3 writes the same way."""
    data["version"] = 3
    return data


# MIGRATIONS[n] takes a version-n record (a private copy it may change) and returns it as
# version n + 1 (or later).  Register one whenever RECORD_VERSION goes up.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}
OLDEST_READABLE = 1  # records older than this (with no migration) are refused, saying so


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a record up to RECORD_VERSION through MIGRATIONS; the argument is never changed.

    Raises RecordError naming the problem: no version, a version newer than this engine
    reads, a version too old to convert, or a migration that failed on a damaged old record.
    """
    if "version" not in data:
        raise RecordError("the record has no version number (field 'version' is missing)")
    version = data["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"field 'version': the record's version must be a whole number, not {str(version)[:40]!r}")
    if version > RECORD_VERSION:
        raise RecordError(f"this record is version {version}, made by a newer Cambria; "
                          f"this one reads versions up to {RECORD_VERSION}: update the game to open it")
    if version == RECORD_VERSION:
        return data
    if version < 1:
        raise RecordError(f"record version {version} does not exist (versions start at 1)")
    data = copy.deepcopy(data)
    while version < RECORD_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise RecordError(f"record version {version} is too old to open: this Cambria reads "
                              f"versions {OLDEST_READABLE} to {RECORD_VERSION}")
        try:
            data = step(data)
        except RecordError:
            raise
        except Exception as exc:  # a damaged old record: say which conversion failed and why
            raise RecordError(f"this version-{version} record could not be converted to version "
                              f"{version + 1}: {type(exc).__name__}: {exc}") from None
        new = data.get("version") if isinstance(data, dict) else None
        if not isinstance(new, int) or isinstance(new, bool) or new <= version:
            raise RecordError(f"converting the version-{version} record went wrong "
                              f"(the conversion gave version {new!r})")  # a bug in a migration
        version = new
    if version != RECORD_VERSION:
        raise RecordError(f"converting the record went wrong (it ended at version {version}, "
                          f"not {RECORD_VERSION})")
    return data


def check_header(data: Any) -> dict[str, Any]:
    """Everything of a record but its steps, validated and migrated (RecordError names the field)."""
    _need(isinstance(data, dict), "a game record is a JSON object")
    _need("format" in data, f"not a Cambria game record (it has no \"format\": \"{RECORD_FORMAT}\" field)")
    _need(data.get("format") == RECORD_FORMAT,
          f"not a Cambria game record (format is {str(data.get('format'))[:40]!r}, expected {RECORD_FORMAT!r})")
    data = migrate(data)
    game_id = data.get("game")
    _need(isinstance(game_id, str) and game_id in game_ids(),
          f"unknown game {str(game_id)[:40]!r} (field 'game'; known: {', '.join(game_ids())})")
    board = data.get("map")
    _need(isinstance(board, str) and board in boards_of(game_id),
          f"unknown map {str(board)[:40]!r} for {game_id} (field 'map'; known: "
          + ", ".join(boards_of(game_id)) + ")")
    resolve(game_id, board)
    facts = rules_for(game_id).facts
    seats = check_seats(data.get("players"), facts.colours, facts.min_players, facts.max_players,
                        error=lambda m: RecordError(f"field 'players': {m}"))
    options = data.get("options", {})
    _need(isinstance(options, dict), "field 'options' must be an object")
    for k, v in options.items():
        _need(k in facts.options, f"field 'options': unknown option {str(k)[:40]!r}")
        _need(isinstance(v, bool), f"field 'options': option {k} must be true or false")
    dice = data.get("dice", "seeded")
    _need(isinstance(dice, str) and dice in DICE,
          f"field 'dice' must be {' or '.join(map(repr, DICE))}, not {str(dice)[:40]!r}")
    if dice == "drawn":
        _need("seed" not in data, "field 'seed': a record of drawn dice has no seed")
        key = data.get("key")
        _need(isinstance(key, str) and GAME_KEY.fullmatch(key) is not None,
              "field 'key' must be 16 to 64 lower-case hexadecimal digits")
    else:
        _need("key" not in data, "field 'key': only a record of drawn dice has a key (this one has a seed)")
        seed = data.get("seed")
        _need(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED,
              f"field 'seed' must be a whole number from 0 to {MAX_SEED}")
    steps = data.get("steps")
    _need(isinstance(steps, list), "field 'steps' must be a list")
    _need(len(steps) <= facts.max_steps,
          f"field 'steps': too many steps ({len(steps):,}; a game of {facts.title} has at most "
          f"{facts.max_steps:,})")
    out = dict(data)
    out["players"] = seats
    out["options"] = {**facts.options, **options}
    out["dice"] = dice
    return out


def new_game_from_header(header: dict[str, Any]) -> Game:
    """The game of a checked record header, before its first step."""
    seats = header["players"]
    drawn = header["dice"] == "drawn"
    return Game(header["game"], [s["name"] for s in seats], seed=None if drawn else header["seed"],
                board=header["map"], options=header["options"],
                player_info=[{"colour": s["colour"], "kind": s["kind"]} for s in seats],
                dice=header["dice"], key=header["key"] if drawn else None)


def replay_steps(game: Game, steps: list[Any], play: Callable[[Game, str], Any] | None = None) -> None:
    """Play recorded steps on ``game``; the first bad one raises RecordError naming it by number.

    ``play(game, text)`` plays one step (default: ``game.replay_step``); the web session passes
    its own to build the log as it goes."""
    for i, text in enumerate(steps):
        _need(isinstance(text, str), f"step {i + 1} must be text, not {type(text).__name__}")
        try:
            if play is None:
                game.replay_step(text)
            else:
                play(game, text)
        except (IllegalActionError, NotationError) as exc:
            raise RecordError(f"step {i + 1} {text[:40]!r}: {exc}") from None
        # every step has one spelling (a roll: the smaller die first; no leading zeros): a record
        # is checked, not interpreted, so one game has one record
        _need(game.steps[-1] == text, f"step {i + 1} {text[:40]!r}: this step is written {game.steps[-1]!r}")


def check_result(game: Game, header: dict[str, Any]) -> None:
    """A recorded result must be the replayed game's."""
    if "result" not in header:
        return
    res = header["result"]
    _need(isinstance(res, dict), "field 'result' must be an object")
    _need(game.is_over(), "field 'result': the record claims a result but the game is not over")
    out = game.result()
    _need(res.get("scores") == list(out.scores) and res.get("winners") == list(out.winners),
          "field 'result': the recorded result does not match the replayed game")


def load_record(data: Any, upto: int | None = None) -> Game:
    """Validate and replay a record (a parsed JSON value); ``upto`` stops after that many steps."""
    header = check_header(data)
    steps = header["steps"]
    game = new_game_from_header(header)
    replay_steps(game, steps if upto is None else steps[:upto])
    if upto is None:
        check_result(game, header)
    return game
