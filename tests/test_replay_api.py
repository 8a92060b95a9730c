"""The web API's replay request, ``view_at``: the position, dice and log after any number of
steps of the current game, which stays as it was."""

from __future__ import annotations

import json
import random

import pytest

from cambria import webapi
from cambria.webapi import RequestError
from cambria.core.record import load_record


def call(kind, payload=None):
    return json.loads(webapi.handle(kind, json.dumps(payload or {})))


@pytest.fixture
def game():
    """A 3-player game played 80 steps through the web API (so its log is the live one)."""
    webapi._reset()
    call("new_game", {"map": "cambria", "seed": 99,
                      "players": [{"name": n} for n in ("Ann", "Bob", "Cy")]})
    rng = random.Random(4)
    for _ in range(79):
        view = call("view")
        if view["over"]:
            break
        if view["chance"]:
            call("roll")
        else:
            record = call("record")
            actions = load_record(record).legal_actions()
            call("play", {"action": str(rng.choice(actions))})
    yield call("view")
    webapi._reset()


def test_view_at_every_step_matches_a_replay_up_to_there(game):
    record = call("record")
    total = game["step"]
    assert total == len(record["steps"]) == 80
    for upto in range(total + 1):
        res = call("view_at", {"upto": upto})
        assert res["upto"] == upto and res["total"] == total
        view = res["view"]
        past = load_record(record, upto=upto)
        assert view["step"] == upto
        assert view["dice"] == list(past.state.dice)
        assert view["position"]["roads"] == past.state.to_dict()["roads"]
        assert view["phase"] == past.state.phase_name
        assert [e["step"] for e in view["log"]] == [e["step"] for e in game["log"] if e["step"] <= upto]
        assert view["log"] == [e for e in game["log"] if e["step"] <= upto]
    assert call("view_at", {"upto": total})["view"] == game


def test_view_at_changes_nothing(game):
    record = call("record")
    call("view_at", {"upto": 3})
    assert call("view") == game and call("record") == record
    # the game goes on from where it was, not from the replayed step
    if game["chance"]:
        assert call("roll")["view"]["step"] == game["step"] + 1


@pytest.mark.parametrize("payload, message", [
    ({}, "'upto' must be a whole number"),
    ({"upto": -1}, "from 0 to 80"),
    ({"upto": 81}, "from 0 to 80"),
    ({"upto": "3"}, "whole number"),
    ({"upto": True}, "whole number"),
    ({"upto": 2, "extra": 1}, "unknown field 'extra'"),
])
def test_view_at_refuses_bad_requests(game, payload, message):
    with pytest.raises(RequestError, match=message):
        call("view_at", payload)
    assert call("view") == game


def test_view_at_needs_a_game():
    webapi._reset()
    with pytest.raises(RequestError, match="no game"):
        call("view_at", {"upto": 0})
