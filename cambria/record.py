"""Game records: a versioned JSON document holding everything needed to replay a game.

See docs/record-format.md.  A record is checked field by field and then
replayed step by step; the first problem raises RecordError with a message that
names it (``step 17 'p12': ...``).  Nothing is ever partly loaded.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from .actions import IllegalActionError, NotationError
from .board import MAP_IDS
from .game import MAX_SEED, Game

__all__ = ["RecordError", "make_record", "load_record", "record_to_json", "record_from_json",
           "RECORD_FORMAT", "RECORD_VERSION", "MIGRATIONS", "migrate"]

RECORD_FORMAT = "cambria-record"
RECORD_VERSION = 1
MAX_STEPS = 100_000
MAX_NAME = 40


class RecordError(ValueError):
    """A game record that cannot be loaded; the message names what is wrong."""


def make_record(game: Game) -> dict[str, Any]:
    players = []
    for name, info in zip(game.players, game.player_info):
        entry = {"name": name}
        entry.update({k: v for k, v in info.items() if k != "name"})
        players.append(entry)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "map": game.board.id,
        "players": players,
        "options": {"german_tiebreak": game.german_tiebreak},
        "seed": game.seed,
        "steps": list(game.steps),
    }
    if game.is_over():
        res = game.result()
        record["result"] = {"winner": res["winner"], "points": res["points"]}
    return record


def record_to_json(game: Game) -> str:
    return json.dumps(make_record(game), indent=1, ensure_ascii=False)


def record_from_json(text: str | bytes) -> Game:
    """Parse and replay a record file's text."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the file is not a text file (not UTF-8): not a Cambria game record") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                          "it may be truncated or damaged") from None
    except (RecursionError, ValueError, MemoryError):  # absurd nesting or numbers: not a record
        raise RecordError("the file is not a Cambria game record (its JSON is nested or sized absurdly)") from None
    return load_record(data)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(message)


# Migrations from older record versions.  MIGRATIONS[n] takes a version-n record (a dict, a
# private copy it may change) and returns the record as version n + 1 (or later).  Register one
# whenever RECORD_VERSION goes up, so that every saved game and exported file keeps opening:
#
#     def _v1_to_v2(data):
#         data["options"].setdefault("new_rule", False)
#         data["version"] = 2
#         return data
#     MIGRATIONS[1] = _v1_to_v2
MIGRATIONS: dict[int, Any] = {}
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
        raise RecordError(f"the record's version must be a whole number, not {version!r}")
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


def load_record(data: Any, upto: int | None = None) -> Game:
    """Validate and replay a record (a parsed JSON value); ``upto`` stops after that many steps."""
    _need(isinstance(data, dict), "a game record is a JSON object")
    _need("format" in data, f"not a Cambria game record (it has no \"format\": \"{RECORD_FORMAT}\" field)")
    _need(data.get("format") == RECORD_FORMAT,
          f"not a Cambria game record (format is {data.get('format')!r}, expected {RECORD_FORMAT!r})")
    data = migrate(data)
    _need(data.get("map") in MAP_IDS, f"unknown map {data.get('map')!r} (known: {', '.join(MAP_IDS)})")
    players = data.get("players")
    _need(isinstance(players, list) and 2 <= len(players) <= 5, "a record has a list of 2 to 5 players")
    names = []
    infos = []
    for i, p in enumerate(players):
        _need(isinstance(p, dict), f"player {i + 1} must be an object with a name")
        name = p.get("name")
        _need(isinstance(name, str) and 0 < len(name) <= MAX_NAME,
              f"player {i + 1} needs a name of 1 to {MAX_NAME} characters")
        for k, v in p.items():
            _need(isinstance(v, (str, int, float, bool)) or v is None,
                  f"player {i + 1}: field {k!r} must be a plain value")
        names.append(name)
        infos.append({k: v for k, v in p.items() if k != "name"})
    options = data.get("options", {})
    _need(isinstance(options, dict), "options must be an object")
    unknown = set(options) - {"german_tiebreak"}
    _need(not unknown, f"unknown option {sorted(unknown)[0]!r}" if unknown else "")
    german = options.get("german_tiebreak", False)
    _need(isinstance(german, bool), "option german_tiebreak must be true or false")
    seed = data.get("seed")
    _need(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED,
          f"the seed must be a whole number from 0 to {MAX_SEED}")
    steps = data.get("steps")
    _need(isinstance(steps, list), "steps must be a list")
    _need(len(steps) <= MAX_STEPS, f"too many steps ({len(steps)})")
    game = Game(data["map"], names, seed=seed, german_tiebreak=german, player_info=infos)
    for i, text in enumerate(steps if upto is None else steps[:upto]):
        _need(isinstance(text, str), f"step {i + 1} must be text, not {type(text).__name__}")
        try:
            game.replay_step(text)
        except (IllegalActionError, NotationError) as exc:
            raise RecordError(f"step {i + 1} {text!r}: {exc}") from None
    if upto is None and "result" in data:
        res = data["result"]
        _need(isinstance(res, dict), "result must be an object")
        _need(game.is_over(), "the record claims a result but the game is not over")
        _need(res.get("points") == game.result()["points"] and res.get("winner") == game.result()["winner"],
              "the recorded result does not match the replayed game")
    return game
