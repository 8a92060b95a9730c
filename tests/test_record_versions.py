"""Game-record versions: current records load, older ones are migrated through MIGRATIONS, and a
record the engine cannot read (no version, a newer version, one too old, a failed conversion)
is refused with a message that says which — without changing anything."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.core import record as rec
from cambria.core.record import RecordError, load_record, migrate, record_from_json
from cambria.core.record import make_record

ROOT = Path(__file__).resolve().parent.parent


def played(seed: int = 5, players: int = 3, steps: int = 40) -> Game:
    game = Game("cambria", players, seed=seed)
    pick = __import__("random").Random(seed)
    while len(game.steps) < steps and not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            game.play(rules.random_action(game.state, pick))
    return game


@pytest.fixture
def record() -> dict:
    return make_record(played())


def same_game(a: Game, b: Game) -> bool:
    return a.steps == b.steps and a.state.to_dict() == b.state.to_dict() and a.players == b.players


# ---------------------------------------------------------------- the current version

def test_records_are_written_at_the_current_version(record):
    assert record["format"] == rec.RECORD_FORMAT
    assert record["version"] == rec.RECORD_VERSION


def test_the_documented_version_is_the_current_one():
    doc = (ROOT / "docs" / "record-format.md").read_text()
    assert f"(format version {rec.RECORD_VERSION})" in doc
    example = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1).replace('"..."', '"pass"'))
    assert example["version"] == rec.RECORD_VERSION


def test_current_version_needs_no_migration(record):
    assert migrate(record) is record


# ---------------------------------------------------------------- refused, with the reason

@pytest.mark.parametrize("change, message", [
    (lambda r: r.pop("version"), "no version number"),
    (lambda r: r.update(version="1"), "version must be a whole number, not '1'"),
    (lambda r: r.update(version=1.0), "version must be a whole number"),
    (lambda r: r.update(version=True), "version must be a whole number"),
    (lambda r: r.update(version=None), "version must be a whole number"),
    (lambda r: r.update(version=0), "version 0 does not exist"),
    (lambda r: r.update(version=-3), "version -3 does not exist"),
    (lambda r: r.update(version=rec.RECORD_VERSION + 1), "newer Cambria"),
    (lambda r: r.update(version=10**12), "version 1000000000000, made by a newer Cambria"),
    (lambda r: r.pop("format"), "not a Cambria game record"),
    (lambda r: r.update(format="chess-pgn", version=99), "format is 'chess-pgn'"),
])
def test_unreadable_versions_are_refused_clearly(record, change, message):
    original = copy.deepcopy(record)
    bad = copy.deepcopy(record)
    change(bad)
    with pytest.raises(RecordError, match=re.escape(message)):
        load_record(bad)
    with pytest.raises(RecordError, match=re.escape(message)):
        record_from_json(json.dumps(bad))
    assert record == original


def test_a_newer_record_says_which_versions_this_engine_reads(record):
    with pytest.raises(RecordError) as info:
        load_record(dict(record, version=rec.RECORD_VERSION + 4))
    text = str(info.value)
    assert f"version {rec.RECORD_VERSION + 4}" in text and f"up to {rec.RECORD_VERSION}" in text


# ---------------------------------------------------------------- migrations (registered for the test)

@pytest.fixture
def version_3(monkeypatch):
    """Pretend the engine is at record version 3: v1 stored players as bare names and the seed
    as text; v2 had the option under another name.  Both migrations are registered."""
    calls = []

    def v1_to_v2(data):
        calls.append(1)
        data["game"] = "cambria"  # as the real migration to version 2 does
        data["players"] = [{"name": p} if isinstance(p, str) else p for p in data["players"]]
        data["seed"] = int(data["seed"])
        data["version"] = 2
        return data

    def v2_to_v3(data):
        calls.append(2)
        opts = data.setdefault("options", {})
        if "german" in opts:
            opts["german_tiebreak"] = opts.pop("german")
        data["version"] = 3
        return data

    monkeypatch.setattr(rec, "RECORD_VERSION", 3)
    monkeypatch.setitem(rec.MIGRATIONS, 1, v1_to_v2)
    monkeypatch.setitem(rec.MIGRATIONS, 2, v2_to_v3)
    return calls


def as_v1(record: dict) -> dict:
    old = copy.deepcopy(record)
    old["version"] = 1
    old["players"] = [p["name"] for p in old["players"]]
    old["seed"] = str(old["seed"])
    old["options"] = {"german": old["options"]["german_tiebreak"]}
    return old


def test_an_old_record_is_migrated_step_by_step_and_replays_the_same_game(record, version_3):
    game = load_record(dict(record, version=3))  # a current (v3) record
    assert version_3 == [] and make_record(game)["version"] == 3
    old = as_v1(record)
    kept = copy.deepcopy(old)
    migrated = load_record(old)
    assert version_3 == [1, 2]  # each migration ran once, in order
    assert same_game(migrated, game)
    assert old == kept, "migrating must not change the caller's record"


def test_an_old_record_file_opens_too(record, version_3):
    old = as_v1(record)
    game = record_from_json(json.dumps(old))
    assert game.steps == record["steps"]
    assert make_record(game)["version"] == 3  # saved again, it is written at the current version


def test_a_migrated_record_is_still_checked_step_by_step(record, version_3):
    old = as_v1(record)
    old["steps"][6] = "roll 6-6" if old["steps"][6] != "roll 6-6" else "roll 1-1"
    with pytest.raises(RecordError, match=r"^step 7 "):
        load_record(old)


def test_replaying_part_of_an_old_record(record, version_3):
    game = load_record(as_v1(record), upto=10)
    assert game.steps == record["steps"][:10]


def test_a_version_without_a_migration_is_too_old(record, version_3, monkeypatch):
    monkeypatch.delitem(rec.MIGRATIONS, 1)
    with pytest.raises(RecordError, match="version 1 is too old to open: this Cambria reads versions 1 to 3"):
        load_record(as_v1(record))
    # a v2 record still converts
    v2 = dict(record, version=2, options={"german": False})
    assert load_record(v2).steps == record["steps"]


def test_a_migration_that_fails_on_a_damaged_old_record_says_so(record, version_3):
    old = as_v1(record)
    old["seed"] = "forty-two"
    with pytest.raises(RecordError, match=r"version-1 record could not be converted to version 2: ValueError"):
        load_record(old)
    old = as_v1(record)
    del old["players"]
    with pytest.raises(RecordError, match=r"could not be converted to version 2: KeyError"):
        load_record(old)


def test_a_broken_migration_cannot_loop_forever(record, monkeypatch):
    monkeypatch.setattr(rec, "RECORD_VERSION", 2)
    monkeypatch.setitem(rec.MIGRATIONS, 1, lambda data: data)  # forgets to raise the version
    with pytest.raises(RecordError, match="went wrong"):
        load_record(dict(record, version=1))
    monkeypatch.setitem(rec.MIGRATIONS, 1, lambda data: None)
    with pytest.raises(RecordError, match="went wrong"):
        load_record(dict(record, version=1))
    monkeypatch.setitem(rec.MIGRATIONS, 1, lambda data: dict(data, version=7))  # overshoots
    with pytest.raises(RecordError, match="ended at version 7"):
        load_record(dict(record, version=1))


def test_a_migration_may_refuse_with_its_own_message(record, monkeypatch):
    def refuse(data):
        raise RecordError("version-1 records of the Cumbria beta map cannot be converted")

    monkeypatch.setattr(rec, "RECORD_VERSION", 2)
    monkeypatch.setitem(rec.MIGRATIONS, 1, refuse)
    with pytest.raises(RecordError, match="^version-1 records of the Cumbria beta map cannot be converted$"):
        load_record(dict(record, version=1))


def test_a_migrated_result_is_checked_against_the_replay(monkeypatch):
    game = played(seed=11, steps=10**6)
    assert game.is_over()
    record = make_record(game)
    monkeypatch.setattr(rec, "RECORD_VERSION", 2)
    monkeypatch.setitem(rec.MIGRATIONS, 1, lambda data: dict(data, version=2))
    assert load_record(dict(record, version=1)).is_over()
    wrong = dict(record, version=1, result={"winners": [(record["result"]["winners"][0] + 1) % 3],
                                            "scores": record["result"]["scores"]})
    with pytest.raises(RecordError, match="does not match"):
        load_record(wrong)


# ---------------------------------------------------------------- through the web API

def test_the_web_api_reports_version_problems_and_keeps_its_game(record):
    from cambria import webapi

    webapi._reset()
    try:
        webapi.handle("load", json.dumps({"record": record}))
        before = json.loads(webapi.handle("view", "{}"))
        for bad, message in (
            (dict(record, version=rec.RECORD_VERSION + 1), "newer Cambria"),
            ({k: v for k, v in record.items() if k != "version"}, "no version number"),
        ):
            with pytest.raises(RecordError, match=message):
                webapi.handle("load", json.dumps({"record": bad}))
            with pytest.raises(RecordError, match=message):
                webapi.handle("load", json.dumps({"record": json.dumps(bad)}))
        assert json.loads(webapi.handle("view", "{}")) == before
    finally:
        webapi._reset()
