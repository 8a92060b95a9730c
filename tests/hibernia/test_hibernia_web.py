"""Hibernia through the web API (cambria.webapi): JSON in, JSON out, as the worker sends them."""

from __future__ import annotations

import json
import random

import pytest

from cambria import webapi
from cambria.core.record import load_record
from cambria.webapi import call as raw_call
from cambria.webapi import handle

COLOURS = ["white", "orange", "pink", "grey"]


def call(kind: str, payload: dict | None = None):
    return json.loads(handle(kind, json.dumps(payload if payload is not None else {})))


def error(kind: str, payload: dict) -> dict:
    out = raw_call(kind, json.dumps(payload))
    assert out[0] == "0", f"{kind} {payload} was accepted"
    return json.loads(out[1:])


def players(n: int, kinds: list[str] | None = None) -> list[dict]:
    return [{"name": f"P{i}", "colour": COLOURS[i], "kind": kinds[i] if kinds else "human"} for i in range(n)]


@pytest.fixture(autouse=True)
def fresh():
    webapi._reset()
    yield
    webapi._reset()


def start(n: int = 4, seed: int = 7, **extra) -> dict:
    return call("new_game", {"game": "hibernia", "players": players(n), "seed": seed, **extra})


def legal_texts() -> set[str]:
    return {str(a) for a in load_record(call("record")).legal_actions()}


def canonical(partial: list[str]) -> tuple:
    """A turn's page steps up to the order of the stepper's taps (the same sources, the same turn)."""
    out: list = []
    for tok in partial:
        if tok[0] in "+-":
            out[-1][1].append(tok)
        else:
            out.append((tok, []))
    return tuple((t, tuple(sorted(src))) for t, src in out)


def all_paths(step: int) -> set[str]:
    """Every turn the page offers (the stepper's "−" aside): the first actions of those turns;
    each whole turn's actions play in turn (checked by ``play`` on a copy of the session)."""
    found: set[str] = set()
    seen: set[tuple] = set()
    todo: list[list[str]] = [[]]
    while todo:
        partial = todo.pop()
        opts = call("options", {"partial": partial, "step": step})
        key = canonical(opts["partial"])
        if key in seen:
            continue
        seen.add(key)
        if opts["complete"]:
            found.add(opts["actions"][0])
        else:
            assert opts["choices"], f"a dead end at {partial}"
        assert (opts["stage"] == "confirm") == (not opts["choices"])
        for c in opts["choices"]:
            assert c["element"] == "button" or c["element"] == f"county:{c['county']}"
            if not c["token"].startswith("-"):
                todo.append(opts["partial"] + [c["token"]])
    return found


def covers(found: set[str], legal: set[str]) -> bool:
    """Every legal first action is offered, or the die action into the same county (or the die's
    muster), which leaves the other action as free (the county tapped decides the action)."""
    return found <= legal and all(a in found or a.replace("extra ", "die ", 1) in found for a in legal)


def compose(rng: random.Random, step: int) -> dict:
    """A random whole turn composed tap by tap; the last options (with its preview)."""
    partial: list[str] = []
    while True:
        opts = call("options", {"partial": partial, "step": step})
        if opts["complete"]:
            return opts
        choices = [c for c in opts["choices"] if not c["token"].startswith("-") or rng.random() < 0.2]
        partial = opts["partial"] + [rng.choice(choices or opts["choices"])["token"]]


def play_turn(opts: dict, step: int) -> dict:
    """Confirm: the turn's actions played by one request."""
    first, *rest = opts["actions"]
    return call("play", {"action": first, **({"then": rest[0]} if rest else {}), "step": step})


def test_start_three_players_adds_the_neutral_and_waits_for_the_forts():
    v = start(3)["view"]
    assert v["game"] == "hibernia" and v["chance"] and not v["over"]
    assert v["roll"] == {"kind": "forts", "dice": 0}
    assert v["prompt"] == [{"key": "hib.prompt.forts", "args": {}}]
    neutral = [p for p in v["players"] if p["neutral"]]
    assert len(neutral) == 1 and neutral[0]["index"] == 3 and neutral[0]["colour"] == "neutral"
    assert [p["shape"] for p in v["players"][:3]] == ["circle", "square", "triangle"]
    assert len(v["counties"]) == 20 and len(v["track_colours"]) == 40
    assert v["log"][0]["parts"][0]["key"] == "log.start"
    r = call("roll", {"step": v["step"]})
    assert r["rolled"]["kind"] == "forts"
    assert r["view"]["roll"] == {"kind": "colour", "dice": 1}
    owned = [o for o in r["view"]["position"]["owner"] if o is not None]
    assert len(owned) == 4 + 4  # four forts, and the neutral on the four other counties of its colour
    r = call("roll", {"step": r["view"]["step"]})
    assert r["rolled"]["kind"] == "colour" and r["rolled"]["dice"][0] in (
        "blue", "green", "red", "yellow", "black", "purple")


def test_info_lists_hibernia_with_its_colours_and_options():
    info = call("info")
    hib = [g for g in info["games"] if g["id"] == "hibernia"]
    assert hib and hib[0]["min_players"] == 3 and hib[0]["max_players"] == 4
    assert [c["id"] for c in hib[0]["colours"]] == COLOURS
    assert hib[0]["options"] == [{"id": "advanced", "default": False}]
    assert info["games"][0]["id"] == "cambria"  # the first game stays the default


@pytest.mark.parametrize("n, advanced, seed", [(4, False, 3), (3, False, 11), (4, True, 5)])
def test_whole_games_by_composed_choices_with_previews_that_match(n, advanced, seed):
    rng = random.Random(seed)
    v = start(n, seed, options={"advanced": advanced})["view"]
    decisions = 0
    saw_combat = saw_walk = False
    while not v["over"]:
        if v["chance"]:
            v = call("roll", {"step": v["step"]})["view"]
            continue
        if decisions < 3:
            assert covers(all_paths(v["step"]), legal_texts())
        opts = compose(rng, v["step"])
        pre = opts["preview"]
        saw_combat |= pre["combat"] is not None
        r = play_turn(opts, v["step"])
        v = r["view"]
        pos = v["position"]
        # the preview drew the rules' own effects: the same position as the step made
        for key in ("owner", "count", "supply", "shield", "removed"):
            assert pre[key] == pos[key], f"{key} after {opts['action']}"
        if pre["walk"] is not None:
            saw_walk = True
            mover = pre["walk"]["player"]
            assert pre["track"][mover] == pos["track"][mover]
            assert pre["say"] and pre["say"][-1]["key"] in ("hib.say.walk", "hib.say.walkNone")
            assert any(e["type"] == "walk" for e in r["events"])
        decisions += 1
        assert decisions < 2000
    assert saw_combat and saw_walk
    res = v["result"]
    assert res["over"] and res["points"] == v["position"]["track"][:n]
    assert res["winners"] == [max(range(n), key=lambda p: v["position"]["track"][p])] or res["shared"]
    assert any(line["parts"][0]["key"] in ("log.gameOver", "hib.log.shared") for line in v["log"])
    # the record replays to the same end
    again = load_record(call("record"))
    assert again.state.to_dict() == v["position"]


def test_sources_are_a_stepper_and_the_need_counts_down():
    rng = random.Random(2)
    v = start(4, 21)["view"]
    for _ in range(3000):
        if v["over"]:
            break
        if v["chance"]:
            v = call("roll", {"step": v["step"]})["view"]
            continue
        # look for a county whose soldiers must partly come from the board
        first = call("options", {"partial": [], "step": v["step"]})
        for c in first["choices"]:
            if c["kind"] != "county":
                continue
            o2 = call("options", {"partial": [c["token"]], "step": v["step"]})
            if o2["stage"] != "source":
                continue
            need = o2["preview"]["need"]
            assert need["left"] > 0 and need["supply"] + need["left"] == c["n"]
            assert o2["prompt"] == [{"key": "hib.prompt.stepper", "args": {"count": need["left"]}}]
            src = o2["choices"][0]
            assert src["kind"] == "source" and src["delta"] == 1 and src["element"] == f"county:{src['county']}"
            assert src["count"] == 0 and 1 <= src["room"] < src["has"]
            o3 = call("options", {"partial": [c["token"], src["token"]], "step": v["step"]})
            taken = 1 + sum(1 for i in o3["auto"] if o3["partial"][i] == src["token"])
            assert o3["preview"]["need"]["left"] == need["left"] - len(o3["partial"]) + 1
            assert o3["preview"]["count"][src["index"]] == v["position"]["count"][src["index"]] - taken
            return
        opts = compose(rng, v["step"])
        v = play_turn(opts, v["step"])["view"]
    pytest.fail("no decision with a short supply came up")


def test_bad_requests_get_codes_and_change_nothing():
    assert error("new_game", {"game": "hibernia", "players": players(2)})["code"] == "bad_request"
    assert error("new_game", {"game": "hibernia", "players": players(3), "options": {"german_tiebreak": True}})[
        "code"] == "bad_request"
    bad_colour = [{"name": "A", "colour": "red", "kind": "human"}] + players(3)[1:]
    assert error("new_game", {"game": "hibernia", "players": bad_colour})["code"] == "bad_request"
    v = start(4)["view"]
    v = call("roll", {"step": v["step"]})["view"]
    v = call("roll", {"step": v["step"]})["view"]
    assert not v["chance"]
    before = call("record")
    assert error("play", {"action": "die XYZ", "step": v["step"]})["code"] == "illegal"
    assert error("play", {"action": "sideways MEA"})["code"] == "illegal"
    assert error("options", {"partial": ["die", "NOPE"]})["code"] == "illegal"
    assert error("roll", {"step": v["step"]})["code"] == "illegal"
    assert error("play", {"action": "die muster", "step": v["step"] - 1})["code"] == "stale_step"
    assert call("record") == before


def test_computer_seats_and_the_hint_use_the_generic_path():
    v = call("new_game", {"game": "hibernia", "players": players(4, ["computer:easy"] * 4), "seed": 4})["view"]
    for _ in range(12):
        v = call("computer", {"step": v["step"]})["view"]
    assert v["step"] > 12
    webapi._reset()
    v = start(4, 9)["view"]
    while v["chance"]:
        v = call("roll", {"step": v["step"]})["view"]
    hint = call("hint", {"level": "easy", "step": v["step"]})
    assert hint["action"] in legal_texts()
    # laid out in the page's steps: the county (or muster) and a "+" per soldier from a county
    # and the turn's other action too: the whole turn, ready to confirm
    opts = call("options", {"partial": hint["steps"], "step": v["step"]})
    assert opts["complete"] and opts["partial"] == hint["steps"]
    assert opts["actions"][0] in (hint["action"], hint["action"].replace("extra ", "die ", 1))


def test_load_brings_the_game_back_with_its_log():
    rng = random.Random(4)
    v = start(3, 13)["view"]
    for _ in range(30):
        if v["chance"]:
            v = call("roll", {"step": v["step"]})["view"]
        else:
            v = call("play", {"action": compose(rng, v["step"])["action"], "step": v["step"]})["view"]
    record = call("record")
    log = call("view")["log"]
    webapi._reset()
    back = call("load", {"record": record})["view"]
    assert back["position"] == v["position"] and back["game"] == "hibernia"
    assert back["log"] == log


def test_the_county_decides_the_action_and_one_confirm_plays_the_turn():
    """Which action comes first is never asked: the county tapped decides it (the die action where
    it fits); a turn is composed whole (two actions, one after purple) and played by one request."""
    rng = random.Random(5)
    v = start(4, seed=11)["view"]
    seen = {"two": 0, "one": 0}
    for _ in range(60):
        if v["over"]:
            break
        if v["chance"]:
            v = call("roll", {"step": v["step"]})["view"]
            continue
        opts = v["options"]
        assert opts == call("options", {"partial": [], "step": v["step"]})
        assert not [c for c in opts["choices"] if c["kind"] == "slot"]
        die = v["position"]["die"]
        colours = {c["id"]: c["colour"] for c in v["counties"]}
        for c in opts["choices"]:
            if c["kind"] == "county" and v["phase"] == "first_action":
                fits = die == "black" or colours[c["county"]] == die
                assert c["slot"] == ("die" if fits else "extra"), (die, c)
        done = compose(rng, v["step"])
        steps = v["step"]
        assert len(done["actions"]) == (2 if v["phase"] == "first_action" else 1)
        seen["two" if len(done["actions"]) == 2 else "one"] += 1
        v = play_turn(done, v["step"])["view"]
        assert v["step"] == steps + len(done["actions"])
    assert seen["two"] >= 5
