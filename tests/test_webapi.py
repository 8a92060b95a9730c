"""The web page's engine API (cambria.webapi): JSON messages only, as the worker sends them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cambria import Game, __version__, webapi
from cambria.webapi import handle
from cambria.core.record import load_record

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "blue", "yellow", "green", "purple"]


def call(kind: str, payload: dict | None = None):
    return json.loads(handle(kind, json.dumps(payload if payload is not None else {})))


def players(n: int, kinds: list[str] | None = None) -> list[dict]:
    return [{"name": f"P{i}", "colour": COLOURS[i], "kind": (kinds[i] if kinds else "human")} for i in range(n)]


@pytest.fixture(autouse=True)
def fresh():
    webapi._reset()
    yield
    webapi._reset()


def engine_game() -> Game:
    """The current game rebuilt from its record by the engine alone (independent of webapi)."""
    return load_record(call("record"))


def legal_texts() -> set[str]:
    return {str(a) for a in engine_game().legal_actions()}


def all_paths(step: int) -> set[str]:
    """Compose every path the turn builder offers; return the complete actions.  Where the
    builder proposes a step (the warrior that moves), the answer is the action it completes,
    and its choices (the proposal among them) replace that step."""
    found: set[str] = set()
    todo: list[list[str]] = [[]]
    while todo:
        partial = todo.pop()
        opts = call("options", {"partial": partial, "step": step})
        at = opts["choices_at"]
        forced = opts.get("forced", 0)  # the leading steps nobody is asked for, taken by the builder
        if len(partial) < forced:
            assert opts["partial"][:len(partial)] == partial and len(opts["partial"]) >= forced
            partial = opts["partial"][:forced]
        if opts["proposed"]:
            assert opts["partial"][:-1] == partial and at == len(partial) and opts["complete"]
            assert [c["token"] for c in opts["choices"] if c["chosen"]] == opts["partial"][-1:]
        else:
            assert opts["partial"] == partial
            assert at in (len(partial), len(partial) - 1)
        sibling = at < len(opts["partial"]) and not opts["proposed"]
        if at < len(opts["partial"]):  # a choice made in place of others: they stay offered
            assert [c["token"] for c in opts["choices"] if c["chosen"]] == opts["partial"][-1:]
        if opts["complete"]:
            assert opts["action"] not in found, f"{opts['action']} reached twice"
            found.add(opts["action"])
        else:
            assert opts["action"] is None
            assert opts["choices"], f"a dead end at {partial}"
        assert (opts["stage"] == "confirm") == (not opts["choices"])
        tokens = [c["token"] for c in opts["choices"]]
        base = opts["partial"][:at]
        assert len(tokens) == len(set(tokens))
        for c in opts["choices"]:
            assert c["kind"] and c["element"]
            if c["element"].startswith("road:"):
                assert c["road"] == int(c["element"][5:])
            elif c["element"].startswith("boat:"):
                assert c["boat"] == int(c["element"][5:])
            if not sibling and base + [c["token"]] != opts["partial"]:  # (walked from the proposal)
                todo.append(base + [c["token"]])
    return found


def random_step(v: dict, rng: random.Random) -> dict:
    """Play one step through the API: a roll, or a decision composed in the turn builder."""
    if v["chance"]:
        return call("roll", {"step": v["step"]})
    partial: list[str] = []
    while True:
        opts = call("options", {"partial": partial, "step": v["step"]})
        if opts["complete"] and (not opts["choices"] or rng.random() < 0.3):
            break
        partial = opts["partial"][:opts["choices_at"]] + [rng.choice(opts["choices"])["token"]]
    return call("play", {"action": opts["action"], "step": v["step"]})


# ------------------------------------------------------------------ basics

def test_ping():
    assert call("ping") == {"pong": True, "version": __version__}
    assert json.loads(handle("ping", "{}")) == {"pong": True, "version": __version__}


def test_info_lists_maps_and_colours():
    info = call("info")
    assert [m["id"] for m in info["maps"]] == ["cambria", "cumbria"]
    assert [c["id"] for c in info["colours"]] == COLOURS
    assert len({c["shape"] for c in info["colours"]} | {info["neutral"]["shape"]}) == 6
    assert isinstance(info["computer_levels"], list)


def test_import_is_light():
    code = ("import sys, cambria.webapi; "
            "print(sorted(m for m in sys.modules if m.startswith('cambria')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    loaded = eval(out)  # noqa: S307 - our own output
    assert "cambria.svg" not in loaded
    assert not any(m.startswith("cambria.ai") for m in loaded)


# ------------------------------------------------------------------ whole games

@pytest.mark.parametrize("n,map_id,seed", [(3, "cambria", 11), (2, "cumbria", 4), (5, "cambria", 9)])
def test_whole_game_through_messages(n, map_id, seed):
    res = call("new_game", {"map": map_id, "players": players(n), "german_tiebreak": n == 5, "seed": seed})
    v = res["view"]
    assert res["events"][0]["type"] == "start"
    assert v["phase"] == "setup_roll" and v["chance"] and v["roll"]["kind"] == "setup"
    assert len(v["players"]) == (3 if n == 2 else n)
    if n == 2:
        assert v["players"][2]["neutral"] and v["players"][2]["colour"] == "neutral"
    rng = random.Random(seed)
    captures = 0
    steps = 0
    while not v["over"]:
        before = v
        res = random_step(v, rng)
        v = res["view"]
        steps += 1
        assert v["step"] == before["step"] + 1
        for ev in res["events"]:
            assert ev["type"]
            if ev["type"] == "capture":
                captures += 1
                assert v["position"]["forts"][ev["fort"]]["owner"] == ev["player"]
                if ev["vp_to"] is not None:
                    assert v["position"]["forts"][ev["fort"]]["vp"] == ev["vp_to"]
        # the view agrees with the engine's own state
        if steps % 25 == 0:
            game = engine_game()
            d = game.state.to_dict()
            assert v["position"]["roads"] == d["roads"]
            assert v["position"]["supply"] == d["supply"]
            assert v["points"] == d["points"]
            assert v["current"] == d["current"]
        assert steps < 3000
    assert captures > 0
    assert res["events"][-1]["type"] == "game_over"
    result = v["result"]
    engine_result = engine_game().result()
    assert result["winner"] == engine_result.winner
    assert result["points"] == list(engine_result.scores)
    assert result["ranking"] == list(engine_result.ranking)
    assert {p["index"] for p in result["players"]} == set(range(3 if n == 2 else n))
    for p in result["players"]:
        assert p["fort_points"] + p["vp_points"] == p["points"]
    assert v["options"] is None and v["roll"] is None and v["actor"] is None
    # the log is data for the page's catalogs: keys, and references to the board
    parts = [p for line in v["log"] for p in line["parts"]]
    assert all(p["key"].startswith("log.") for p in parts)
    assert any(p["key"] == "log.captured" for p in parts)
    for p in parts:
        for name, arg in p["args"].items():
            if name in ("road", "name", "other", "fort"):
                assert isinstance(arg, dict) and len(arg) == 1, p  # a reference, never a bare number
    # a finished game's record loads back to the same view
    record = call("record")
    assert record["result"]["winners"] == [result["winner"]]
    loaded = call("load", {"record": record})["view"]
    assert loaded["position"] == v["position"] and loaded["result"] == result
    assert loaded["log"] == v["log"]


def test_load_midgame_and_continue():
    v = call("new_game", {"map": "cambria", "players": players(3), "seed": 5})["view"]
    rng = random.Random(2)
    for _ in range(40):
        v = random_step(v, rng)["view"]
    record = call("record")
    call("new_game", {"map": "cumbria", "players": players(2), "seed": 1})
    again = call("load", {"record": json.dumps(record)})["view"]  # a file's text works too
    assert again["position"] == v["position"] and again["step"] == v["step"]
    assert again["log"] == v["log"]
    random_step(again, rng)


@pytest.mark.parametrize("game,map_id,options,colours", [
    ("cambria", "cumbria", {"german_tiebreak": True}, ("green", "red", "blue")),
    ("hibernia", "hibernia", {"advanced": True}, ("grey", "white", "orange"))])
def test_a_views_settings_start_the_same_game_again_with_new_dice(game, map_id, options, colours):
    """A rematch: the view's ``settings`` (also of a game loaded from its record, played to the
    end) start a game of the same game, map, options and seats, drawn dice, a new uid."""
    seats = [{"name": name, "colour": colour, "kind": kind}
             for name, colour, kind in zip(("Ann", "Bob", "Cy"), colours, ("computer:hard", "human", "computer:easy"), strict=True)]
    v = call("new_game", {"game": game, "map": map_id, "players": seats, "options": options, "seed": 3})["view"]
    rng = random.Random(3)
    while not v["over"]:
        v = random_step(v, rng)["view"]
    record = call("record")
    webapi._reset()
    over = call("load", {"record": record})["view"]
    settings = over["settings"]
    assert settings == {"game": game, "map": map_id, "players": seats, "options": {**over["game_options"], **options}}
    again = call("new_game", settings)["view"]
    assert (again["game"], again["map"], again["game_options"], again["over"]) == (game, map_id, over["game_options"], False)
    assert [{k: p[k] for k in ("name", "colour", "kind")} for p in again["players"] if not p["neutral"]] == seats
    assert again["settings"] == settings and again["uid"] != over["uid"]
    new_record = call("record")
    assert new_record["dice"] == "drawn" and "seed" not in new_record


# ------------------------------------------------------------------ the turn builder

def test_turn_builder_offers_exactly_the_legal_actions():
    """On many random positions, composing every offered path gives exactly the engine's legal set."""
    rng = random.Random(2024)
    checked = 0
    kinds_seen: set[str] = set()
    for game_no in range(6):
        n = 2 + game_no % 4
        v = call("new_game", {"map": ("cambria", "cumbria")[game_no % 2], "players": players(n),
                              "seed": rng.randrange(10**9)})["view"]
        while not v["over"]:
            if not v["chance"] and rng.random() < (0.6 if v["phase"] != "turn" else 0.2):
                assert all_paths(v["step"]) == legal_texts()
                opts = v["options"]
                kinds_seen.update(c["kind"] for c in opts["choices"])
                checked += 1
            v = random_step(v, rng)["view"]
            if v["step"] > 600:
                break
    assert checked > 80, checked
    assert {"setup", "place", "legion", "pass"} <= kinds_seen


def test_turn_builder_stages_and_preview():
    """Source and boat stages appear once supplies run out; the preview follows the choices."""
    rng = random.Random(7)
    stages: set[str] = set()
    for seed in range(6):
        v = call("new_game", {"map": "cambria", "players": players(2), "seed": seed})["view"]
        while not v["over"]:
            if not v["chance"]:
                partial: list[str] = []
                while True:
                    opts = call("options", {"partial": partial, "step": v["step"]})
                    stages.add(opts["stage"])
                    pv = opts["preview"]
                    for tok in partial:
                        if tok == "pass":
                            continue
                        if tok[0] in "pns":
                            assert pv["roads"][int(tok[1:])] >= 0
                        elif tok[0] == "L":  # (at the game end the legion leaves the board)
                            assert pv["legion"] == int(tok[1:]) or any(
                                e["type"] == "game_over" for e in pv["effects"])
                        elif tok[0] == "b":
                            assert pv["boats"][tok[1]] is not None
                    if opts["complete"]:
                        # the preview of a whole action is the position before the captures
                        game = engine_game()
                        game.play(opts["action"])
                        after = game.state.to_dict()
                        if opts["choices_at"] < len(opts["partial"]):
                            # a warrior marked to move (a choice still open) is drawn where it stands
                            src = opts["partial"][-1]
                            before = v["position"]
                            if src.startswith("<b"):
                                after["boats"][src[2]] = before["boats"][src[2]]
                            else:
                                after["roads"][int(src[1:])] = before["roads"][int(src[1:])]
                            stages.add("marked")
                        assert pv["roads"] == after["roads"]
                        assert pv["boats"] == after["boats"] or game.is_over()
                        assert pv["supply"] == after["supply"]
                        if not game.is_over():
                            assert pv["legion"] == after["legion"]
                        assert {c["fort"] for c in pv["captures"]} <= {
                            f for f, fd in enumerate(after["forts"]) if fd["owner"] is not None}
                    if opts["complete"] and (not opts["choices"] or rng.random() < 0.4):
                        break
                    partial = opts["partial"][:opts["choices_at"]] + [rng.choice(opts["choices"])["token"]]
                v = call("play", {"action": opts["action"], "step": v["step"]})["view"]
            else:
                v = call("roll", {"step": v["step"]})["view"]
    assert {"target", "source", "boat", "confirm", "marked"} <= stages


def test_options_explain_ambiguous_roads():
    """With 1 and X, an empty road of an X fort is offered twice: a warrior or the legion."""
    rng = random.Random(3)
    v = call("new_game", {"map": "cambria", "players": players(3), "seed": 21})["view"]
    for _ in range(400):
        if v["over"]:
            break
        if v["phase"] == "turn" and 1 in v["dice"] and v["dice"] != [1, 1]:
            by_element: dict[str, list[str]] = {}
            for c in v["options"]["choices"]:
                by_element.setdefault(c["element"], []).append(c["kind"])
            if any(sorted(k) == ["legion", "place"] for k in by_element.values()):
                return
        v = random_step(v, rng)["view"]
    pytest.fail("no 1-and-X roll offered a road for both a warrior and the legion")


# ------------------------------------------------------------------ errors change nothing

BAD_REQUESTS = [
    ("nonsense", {}, "unknown request type"),
    ("options", {"partial": "p12"}, "list"),
    ("options", {"partial": ["zz"]}, "not a legal choice"),
    ("options", {"partial": ["p1"] * 70}, "up to 60 steps"),
    ("options", {"partial": ["p999"]}, "not a legal choice"),
    ("options", {"partial": [], "step": 0}, "moved on"),
    ("play", {"action": 12}, "notation"),
    ("play", {"action": "p12 p13"}, ""),
    ("play", {"action": "L"}, ""),
    ("play", {"action": "p999"}, ""),
    ("play", {"action": "pass", "extra": 1}, "unknown field"),
    ("roll", {"step": "x"}, "whole number"),
    ("new_game", {"map": "atlantis", "players": players(3)}, "unknown game 'atlantis'"),
    ("new_game", {"game": "cambria", "map": "hibernia", "players": players(3)}, "has no board"),
    ("new_game", {"players": players(1)}, "2 to 5"),
    ("new_game", {"players": players(5) + players(1)}, "2 to 5"),
    ("new_game", {"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]}, "taken"),
    ("new_game", {"players": [{"name": "A", "colour": "pink"}, {"name": "B", "colour": "red"}]}, "unknown colour"),
    ("new_game", {"players": [{"name": "", "colour": "red"}, {"name": "B", "colour": "blue"}]}, "needs a name"),
    ("new_game", {"players": [{"name": "A" * 41, "colour": "red"}, {"name": "B", "colour": "blue"}]}, "longer"),
    ("new_game", {"players": [{"name": "A", "colour": "red", "kind": "robot"}, {"name": "B", "colour": "blue"}]},
     "kind"),
    ("new_game", {"players": players(2), "seed": -1}, "seed"),
    ("new_game", {"players": players(2), "german_tiebreak": "yes"}, "true or false"),
    ("load", {"record": {"format": "chess"}}, "not a Cambria game record"),
    ("load", {"record": "{not json"}, "not valid JSON"),
    ("view", {"x": 1}, "unknown field"),
]


@pytest.mark.parametrize("kind,payload,message", BAD_REQUESTS)
def test_bad_requests_give_clear_errors_and_change_nothing(kind, payload, message):
    v = call("new_game", {"map": "cambria", "players": players(3), "seed": 3})["view"]
    v = call("roll", {"step": v["step"]})["view"]  # a setup decision is due
    before = handle("view", "{}")
    record_before = call("record")
    with pytest.raises(ValueError) as info:
        handle(kind, json.dumps(payload))
    assert message.lower() in str(info.value).lower()
    assert len(str(info.value)) > 10
    assert handle("view", "{}") == before
    assert call("record") == record_before


def test_payload_must_be_a_json_object():
    with pytest.raises(ValueError, match="not valid JSON"):
        handle("ping", "{")
    with pytest.raises(ValueError, match="JSON object"):
        handle("ping", "[1]")


def test_requests_before_a_game_and_at_wrong_moments():
    for kind in ("view", "roll", "options", "play", "record"):
        with pytest.raises(ValueError, match="no game"):
            handle(kind, "{}")
    v = call("new_game", {"map": "cambria", "players": players(2), "seed": 8})["view"]
    assert v["chance"]
    with pytest.raises(ValueError, match="roll first"):
        handle("options", json.dumps({"partial": []}))
    with pytest.raises(ValueError, match="roll first"):
        handle("play", json.dumps({"action": "s1"}))
    v = call("roll")["view"]
    with pytest.raises(ValueError, match="already rolled"):
        handle("roll", "{}")
    with pytest.raises(ValueError, match="not a computer"):
        handle("computer", "{}")


def test_illegal_play_leaves_the_game_unchanged():
    call("new_game", {"map": "cambria", "players": players(3), "seed": 3})
    assert call("roll")["view"]["phase"] == "setup"
    legal = legal_texts()
    illegal = next(f"s{r}" for r in range(30) if f"s{r}" not in legal)
    before = handle("view", "{}")
    with pytest.raises(ValueError, match="illegal|not"):
        handle("play", json.dumps({"action": illegal}))
    assert handle("view", "{}") == before


def test_bad_new_game_keeps_the_old_game():
    call("new_game", {"map": "cambria", "players": players(3), "seed": 3})
    before = handle("view", "{}")
    with pytest.raises(ValueError):
        handle("new_game", json.dumps({"players": players(1)}))
    assert handle("view", "{}") == before


def test_bad_record_keeps_the_old_game():
    v = call("new_game", {"map": "cambria", "players": players(3), "seed": 3})["view"]
    rng = random.Random(1)
    for _ in range(10):
        v = random_step(v, rng)["view"]
    record = call("record")
    record["steps"][5] = "roll 6-6" if not record["steps"][5].startswith("roll") else "s999"
    before = handle("view", "{}")
    with pytest.raises(ValueError, match="step 6"):
        handle("load", json.dumps({"record": record}))
    assert handle("view", "{}") == before


# ------------------------------------------------------------------ computer seats

def test_computer_seats_play_a_game():
    assert call("info")["computer_levels"] == ["easy", "normal", "hard"]
    v = call("new_game", {"map": "cumbria", "players": players(3, ["computer:easy"] * 3), "seed": 6})["view"]
    assert v["actor_kind"] == "computer:easy"
    n = 0
    while not v["over"]:
        res = call("computer", {"step": v["step"], "time_budget": 0.05})
        v = res["view"]
        n += 1
        assert n < 2000
    assert v["result"]["winner"] in (0, 1, 2)
    with pytest.raises(ValueError, match="unknown computer level"):
        handle("new_game", json.dumps({"players": players(2, ["human", "computer:godlike"])}))


def test_hint_is_a_legal_action():
    v = call("new_game", {"map": "cambria", "players": players(3), "seed": 12})["view"]
    rng = random.Random(5)
    for _ in range(30):
        v = random_step(v, rng)["view"]
    while v["chance"]:
        v = call("roll")["view"]
    hint = call("hint", {"level": "easy", "time_budget": 0.05})
    assert hint["action"] in legal_texts()
    opts = call("options", {"partial": hint["steps"]})
    assert opts["complete"] and opts["action"] == hint["action"]


def test_prepare_imports_every_module_the_web_api_can_reach():
    """The build takes the memory snapshot after ``prepare()`` and ships a start from it the
    engine's data files only, no modules (tools/site_build/bytecode.py, engine_data): so every
    module the web API can import, at the top of a module or inside a function, and the games'
    parts the registry imports by name, must be imported by ``prepare()``, or the page fails
    with an import error the first time it needs one.  (A fresh interpreter: other tests have
    imported modules already.)"""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from test_architecture import graph
    finally:
        sys.path.pop(0)
    from cambria.core.registry import GAME_IDS

    g = graph()
    todo = ["cambria.webapi"] + [f"cambria.games.{game}.{part}" for game in GAME_IDS
                                 for part in ("definition", "web", "ai") if f"cambria.games.{game}.{part}" in g]
    reach: set[str] = set()
    while todo:
        module = todo.pop()
        if module not in reach:
            reach.add(module)
            todo.extend(g.get(module, ()))
    assert {"cambria.games.cambria.lift", "cambria.ai.search", "cambria.games.hibernia.evaluate"} <= reach
    code = ("import json, sys, cambria.webapi as w; w.prepare(); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('cambria'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert reach - loaded == set(), "add these to cambria.webapi.prepare (or import them at the top of a module it imports)"


def test_prepare_leaves_no_game_and_the_same_answers():
    """prepare() is the first requests' work done early: no game is started, ``random`` is
    untouched, and ``info`` answers the same after it."""
    before = call("info")
    state = random.getstate()
    webapi.prepare()
    assert random.getstate() == state
    assert webapi.SESSION.game is None
    assert call("info") == before
