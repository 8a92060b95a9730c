"""The default lift: with an empty supply the turn builder proposes which warrior moves.

The proposal is always one of the legal actions, the same for the same position, and the one
the default evaluation likes best for the player composing the decision (lift.py); a readable
position shows it keeps a warrior that is about to win a fort where it stands.
"""

from __future__ import annotations

import json
import random

from cambria import webapi
from cambria.core.record import load_record
from cambria.games.cambria import rules
from cambria.games.cambria.lift import default_lift
from cambria.games.cambria.web import WEB
from cambria.webapi import handle

from scenario import pos, road

PLAYERS = [{"name": f"P{i}", "colour": c, "kind": "human"} for i, c in enumerate(["red", "blue"])]


def call(kind: str, payload: dict | None = None):
    return json.loads(handle(kind, json.dumps(payload if payload is not None else {})))


def sources(state, target: str) -> list[str]:
    """The source steps that complete ``target`` ('p3', 'n0') to a legal action."""
    out = []
    for a in rules.legal_actions(state):
        text = str(a)
        if text.startswith(target + "<"):
            out.append(text[len(target):])
    return out


def test_keeps_the_warriors_that_are_winning_a_fort():
    # Red (0) has all five warriors out: two on fort H's roads (she is about to take it),
    # three between forts Blue already captured (lifting them costs nothing)
    s = pos(players=2, roads={"dh": 0, "gh": 0, "mn": 0, "no": 0, "op": 0, "jk": 1},
            captured={"m": 1, "n": 1, "o": 1, "p": 1}, dice=(2, 4))
    assert s.supply[0] == 0
    target = f"p{road('a', 'b')}"
    offered = sources(s, target)
    assert sorted(offered) == sorted(f"<{road(x)}" for x in ("dh", "gh", "mn", "no", "op"))
    free = sorted(road(x) for x in ("mn", "no", "op"))
    # the three free warriors cost the same: the first by road number is proposed
    assert default_lift(s, [target], offered) == f"<{free[0]}"
    assert WEB.propose(s, [target], offered) == f"<{free[0]}"
    # in whatever order the sources come
    assert default_lift(s, [target], offered[::-1]) == f"<{free[0]}"


def test_the_neutral_lift_is_judged_by_the_player_placing_it():
    # the grey supply is empty; one grey warrior stands beside Red's on fort H (3 roads), the
    # others between forts already captured or far from anyone
    s = pos(players=2, roads={"hl": 2, "mn": 2, "no": 2, "op": 2, "im": 2, "gh": 0, "jk": 1},
            captured={"m": 0, "n": 1, "o": 1, "p": 0}, phase="neutral", dice=(2,))
    assert s.supply[2] == 0 and s.current == 0
    target = f"n{road('a', 'b')}"
    offered = sources(s, target)
    assert len(offered) == 5
    # Red places it: the grey warrior that contests her fort leaves
    assert default_lift(s, [target], offered) == f"<{road('hl')}"
    # Blue places it: that one stays, and of the others (all alike) the first by road number
    s.current = 1
    others = sorted((road(x) for x in ("mn", "no", "op", "im")))
    assert default_lift(s, [target], offered) == f"<{others[0]}"


def test_no_proposal_without_a_choice():
    s = pos(players=2, roads={"dh": 0, "gh": 0, "mn": 0, "no": 0, "op": 0}, dice=(2, 4))
    assert default_lift(s, ["p0"], ["<5"]) is None
    assert WEB.propose(s, [], ["p0", "p1"]) is None  # targets are never proposed


def test_proposals_in_whole_games_are_legal_deterministic_and_can_be_changed():
    """Through the engine API: every proposal completes a legal action, the same again when
    asked again and on the game rebuilt from its record; tapping another warrior instead
    gives that warrior's action, and confirming it moves that very warrior."""
    webapi._reset()
    rng = random.Random(11)
    seen = changed = 0
    for seed in (1, 2):
        v = call("new_game", {"map": ("cambria", "cumbria")[seed % 2], "players": PLAYERS, "seed": seed})["view"]
        while not v["over"]:
            if v["chance"]:
                v = call("roll", {"step": v["step"]})["view"]
                continue
            opts = v["options"]
            targets = [c["token"] for c in opts["choices"] if c["kind"] in ("place", "neutral")]
            action = opts["action"] if opts["complete"] else None
            if targets:
                tok = rng.choice(targets)
                o = call("options", {"partial": [tok], "step": v["step"]})
                if o["proposed"]:
                    seen += 1
                    game = load_record(call("record"))
                    legal = {str(a) for a in game.legal_actions()}
                    assert o["complete"] and o["action"] in legal
                    assert o["partial"][0] == tok and o["choices_at"] == 1
                    marked = [c["token"] for c in o["choices"] if c["chosen"]]
                    assert marked == o["partial"][1:]
                    assert call("options", {"partial": [tok], "step": v["step"]}) == o
                    sibs = [c["token"] for c in o["choices"]]
                    assert WEB.propose(game.state, [tok], sibs) == o["partial"][1]
                    others = [t for t in sibs if t != o["partial"][1]]
                    if others and rng.random() < 0.5:
                        other = rng.choice(others)
                        o2 = call("options", {"partial": [tok, other], "step": v["step"]})
                        assert o2["complete"] and not o2["proposed"] and o2["choices_at"] == 1
                        assert o2["action"] == f"{tok}{other}" and o2["action"] in legal
                        assert [c["token"] for c in o2["choices"] if c["chosen"]] == [other]
                        assert sorted(c["token"] for c in o2["choices"]) == sorted(sibs)
                        res = call("play", {"action": o2["action"], "step": v["step"]})
                        lifts = [e for e in res["events"] if e["type"] == "lift"]
                        assert [e["road"] for e in lifts] == [int(other[1:])]
                        changed += 1
                        v = res["view"]
                        continue
                action = o["action"] if o["complete"] else None
                if action is None:
                    action = call("options", {"partial": [tok, o["choices"][0]["token"]],
                                              "step": v["step"]})["action"]
            if action is None:
                action = next((c["token"] for c in opts["choices"] if c["token"] == "pass"), None)
            if action is None:  # a swap or the legion: the first whole action along the first choices
                partial = [opts["choices"][0]["token"]]
                while True:
                    o = call("options", {"partial": partial, "step": v["step"]})
                    if o["complete"]:
                        action = o["action"]
                        break
                    partial = o["partial"][:o["choices_at"]] + [o["choices"][0]["token"]]
            v = call("play", {"action": action, "step": v["step"]})["view"]
    assert seen >= 20 and changed >= 5, (seen, changed)
    webapi._reset()
