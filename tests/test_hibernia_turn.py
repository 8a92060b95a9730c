"""Hibernia's turn as the page composes it (cambria/games/hibernia/turn.py, web.py ``compose``):
both actions in one decision, the county tapped deciding the action, a stepper for the soldiers
from counties, forced steps taken without a tap, and the preview in words (saying.py) from the
rules' own effects.  Each case is a small position set up by hand (``position``: the die, each
seat's counties with their soldiers), readable on the map of docs/hibernia.md: Longford (LON) has
Roscommon, Sligo, Monaghan & Cavan, Meath and Westmeath among its neighbours; Galway and Mayo
border Roscommon.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cambria import Game
from cambria.ai.players import choose
from cambria.core.errors import IllegalActionError
from cambria.games.hibernia import rules as R
from cambria.games.hibernia.board import COLOURS, TRACK_LENGTH, load_board
from cambria.games.hibernia.definition import HiberniaRules
from cambria.games.hibernia.state import BLACK, DIE_SLOT, EXTRA_SLOT, FIRST_ACTION, State
from cambria.games.hibernia.turn import Turn
from cambria.games.hibernia.web import WEB
from cambria.webapi.session import WebSession

RULES = HiberniaRules()
ANN, BOB = 0, 1


def position(die: str, holdings: dict[int, dict[str, int]], supply: int = 10) -> SimpleNamespace:
    """A game at Ann's first action: the die rolled, each seat's counties with their soldiers."""
    s = State(load_board(), 4)
    idx = s.board.index
    for seat, counties in holdings.items():
        for cid, k in counties.items():
            i = idx[cid]
            s.owner[i], s.count[i] = seat, k
            s.masks[seat] |= 1 << i
    s.supply[ANN] = supply
    s.phase, s.current = FIRST_ACTION, ANN
    s.die = COLOURS.index(die) if die in COLOURS else BLACK
    s.pending = DIE_SLOT | EXTRA_SLOT
    return SimpleNamespace(rules=RULES, state=s)


def said(answer: dict) -> list[tuple[str, dict]]:
    return [(p["key"], p["args"]) for p in answer["preview"]["say"]]


# Bob holds Longford with 2, and Meath and Westmeath (a pair he keeps: Longford is not protected)
BOB_LON = {"LON": 2, "MEA": 1, "WME": 1}


def test_a_fight_lost_says_who_keeps_the_county():
    game = position("black", {ANN: {"ROS": 3}, BOB: BOB_LON})  # Ann: one neighbour of Longford
    a = WEB.compose(game, ["LON"])
    key, args = said(a)[0]
    assert key == "hib.say.invadeHeld"
    assert args == {"attackers": 1, "defenders": 2, "count": 1, "county": {"county": "LON"},
                    "other": {"seat": BOB}, "left": 1}
    assert a["stage"] == "second" and not a["complete"]


def test_a_fight_won_says_the_county_is_taken():
    game = position("black", {ANN: {"ROS": 3, "SLE": 1, "MCA": 1}, BOB: BOB_LON})  # three neighbours
    key, args = said(WEB.compose(game, ["LON"]))[0]
    assert key == "hib.say.invadeTaken"
    assert (args["attackers"], args["defenders"], args["count"], args["left"]) == (3, 2, 2, 1)


def test_a_fight_that_empties_the_county():
    game = position("black", {ANN: {"ROS": 3, "SLE": 1}, BOB: BOB_LON})
    key, args = said(WEB.compose(game, ["LON"]))[0]
    assert key == "hib.say.invadeEmpty" and args["count"] == 2 and args["left"] == 0


def test_a_county_entered_and_the_walk_along_the_track():
    game = position("black", {ANN: {"ROS": 3}, BOB: BOB_LON})
    a = WEB.compose(game, ["GAL", "MAY"])  # two empty neighbours of Roscommon
    assert a["complete"] and a["actions"] == ["die GAL", "extra MAY"]
    parts = said(a)
    assert parts[0] == ("hib.say.enter", {"count": 1, "county": {"county": "GAL"}})
    assert parts[1] == ("hib.say.enter", {"count": 2, "county": {"county": "MAY"}})  # next to Roscommon and Galway
    key, args = parts[-1]
    # the rules' own walk, played for real on a copy
    trial = game.state.copy()
    R.apply(trial, R.Action.parse("die GAL"))
    R.apply(trial, R.Action.parse("extra MAY"))
    walked = trial.track[ANN]
    board = game.state.board
    assert walked >= 1 and key == "hib.say.walk" and args["count"] == walked and args["space"] == walked % TRACK_LENGTH
    assert args["colours"] == [COLOURS[board.track[k % TRACK_LENGTH]] for k in range(1, walked + 1)][:6]
    # a marker that cannot pay for its next space (red; Ann holds only blue Roscommon) stays: said so
    stay = position("black", {ANN: {"ROS": 3}, BOB: BOB_LON})
    assert COLOURS[board.track[1]] == "red"
    assert said(WEB.compose(stay, ["muster", "muster"]))[-2:] == [
        ("hib.say.muster", {"count": 0, "others": 0}), ("hib.say.walkNone", {})]


def test_the_county_tapped_decides_the_action():
    # red die: Longford (red) takes the die action, Galway... is red too; Mayo (yellow) the extra
    game = position("red", {ANN: {"ROS": 3}, BOB: BOB_LON})
    first = WEB.compose(game, [])
    slots = {c["token"]: c.get("slot") for c in first["choices"] if c["kind"] == "county"}
    assert slots["MAY"] == "extra" and slots["GAL"] == "die" and slots["LON"] == "die"
    # Mayo first: the extra action; the other must then be red (or a muster)
    after = WEB.compose(game, ["MAY"])
    red = {c.id for c in game.state.board.counties if c.colour == "red"}
    assert {c["token"] for c in after["choices"]} - {"muster"} <= red
    done = WEB.compose(game, ["MAY", "GAL"])
    assert done["actions"] == ["extra MAY", "die GAL"]
    # Galway first: the die action, Mayo after it the extra one
    assert WEB.compose(game, ["GAL", "MAY"])["actions"] == ["die GAL", "extra MAY"]
    # a muster takes the die action while it is open
    assert WEB.compose(game, ["muster", "MAY"])["actions"] == ["die muster", "extra MAY"]


def test_the_stepper_counts_the_soldiers_from_counties():
    # no supply: Longford's 3 attackers come from Ann's counties, each keeping one
    game = position("black", {ANN: {"ROS": 3, "SLE": 2, "MCA": 2}, BOB: BOB_LON}, supply=0)
    a = WEB.compose(game, ["LON"])
    assert a["stage"] == "source" and a["prompt"][0]["key"] == "hib.prompt.stepper"
    assert a["prompt"][0]["args"]["count"] == 3
    plus = {c["county"]: c["room"] for c in a["choices"] if c["delta"] == 1}
    assert plus == {"MCA": 1, "ROS": 2, "SLE": 1}
    assert not [c for c in a["choices"] if c["delta"] == -1]
    b = WEB.compose(game, ["LON", "+ROS"])
    assert b["prompt"][0]["args"]["count"] == 2
    assert {c["token"] for c in b["choices"]} == {"+MCA", "+ROS", "+SLE", "-ROS"}
    # one back: where it was
    assert WEB.compose(game, ["LON", "+ROS", "-ROS"])["prompt"][0]["args"]["count"] == 3
    c = WEB.compose(game, ["LON", "+ROS", "+ROS", "+SLE"])
    assert c["stage"] == "second" and c["preview"]["need"] is not None
    assert ("hib.say.fromCounties", {"count": 3}) in said(c)
    # more than a county can give, or a step out of turn: refused, clearly
    with pytest.raises(IllegalActionError, match="not a legal choice"):
        WEB.compose(game, ["LON", "+SLE", "+SLE"])
    with pytest.raises(IllegalActionError, match="not a legal choice"):
        WEB.compose(game, ["LON", "-ROS"])


def test_forced_sources_and_a_forced_muster_are_taken_without_a_tap():
    # one county can give: its soldiers are taken at once, and Undo goes back past them
    game = position("black", {ANN: {"ROS": 4, "SLE": 1}, BOB: BOB_LON}, supply=0)
    a = WEB.compose(game, ["LON"])  # 2 attackers, both from Roscommon
    assert a["partial"] == ["LON", "+ROS", "+ROS"] and a["auto"] == [1, 2] and a["stage"] == "second"
    # a hint's steps may name them too
    assert WEB.compose(game, ["LON", "+ROS", "+ROS"])["partial"] == a["partial"]
    # nothing to enter (no supply, no spare soldier): both actions are musters, only Confirm is left
    stuck = position("black", {ANN: {"ROS": 1, "SLE": 1}, BOB: BOB_LON}, supply=0)
    m = WEB.compose(stuck, [])
    assert m["complete"] and m["actions"] == ["die muster", "extra muster"]
    assert m["auto"] == [0, 1] and m["forced"] == 2


def test_every_legal_turn_can_be_composed_and_every_composed_turn_is_legal():
    """On positions of seeded games: every path the page offers (without "−") ends in two legal
    actions played in turn, and every legal first action is reachable (the die action where the
    county fits both)."""
    checked = 0
    for seed in (1, 2, 3):
        game = Game("hibernia", ["A", "B", "C", "D"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over() and checked < 12:
            if not game.is_chance() and game.state.phase == FIRST_ACTION and rng.random() < 0.3:
                check_all_paths(game)
                checked += 1
            if game.is_chance():
                game.roll()
            else:
                game.play(choose(game.rules, game.state, "easy", rng).action)
    assert checked >= 12


def check_all_paths(game: Game) -> None:
    state = game.state
    firsts: set[str] = set()
    seen: set[tuple] = set()
    todo: list[list[str]] = [[]]
    while todo:
        partial = todo.pop()
        turn = Turn(game.rules, state, partial)
        key = (tuple(map(str, turn.done)), turn.current and (turn.current.target, tuple(sorted(turn.current.counts.items()))))
        if key in seen:
            continue
        seen.add(key)
        if turn.complete:
            first, second = turn.done
            trial = state.copy()
            R.apply(trial, first)
            R.apply(trial, second)  # legal in turn: apply checks
            firsts.add(str(first))
            continue
        for tok in turn.offered():
            if not tok.startswith("-"):
                todo.append(turn.steps + [tok])
    legal = {str(a) for a in R.legal_actions(state)}
    die_fits = {a.replace("extra ", "die ", 1) for a in legal}
    for a in legal:
        assert a in firsts or (a.startswith("extra") and a.replace("extra ", "die ", 1) in legal
                               and a.replace("extra ", "die ", 1) in firsts), a
    assert firsts <= legal | die_fits


def test_one_confirm_plays_both_actions_or_neither():
    s = WebSession()
    seats = [{"name": n, "colour": c, "kind": "human"} for n, c in zip("ABCD", ("white", "orange", "pink", "grey"), strict=True)]
    s.handle("new_game", {"game": "hibernia", "players": seats, "seed": 3})
    while s.game.is_chance():
        s.handle("roll", {})
    a = s.handle("options", {"partial": []})
    first = a["choices"][0]["token"]
    b = s.handle("options", {"partial": [first]})
    done = s.handle("options", {"partial": b["partial"] + [b["choices"][0]["token"]]})
    steps = len(s.game.steps)
    with pytest.raises(IllegalActionError):
        s.handle("play", {"action": done["actions"][0], "then": "die XYZ"})
    assert len(s.game.steps) == steps  # nothing played
    s.handle("play", {"action": done["actions"][0], "then": done["actions"][1]})
    assert s.game.steps[steps:] == done["actions"]
    # the record replays the same: two steps of the rules' notation
    again = WebSession()
    again.handle("load", {"record": s.handle("record", {})})
    assert again.game.steps == s.game.steps and again.handle("view", {})["position"] == s.handle("view", {})["position"]


def test_a_hint_is_laid_out_in_the_pages_steps():
    s = WebSession()
    seats = [{"name": n, "colour": c, "kind": "human"} for n, c in zip("ABCD", ("white", "orange", "pink", "grey"), strict=True)]
    s.handle("new_game", {"game": "hibernia", "players": seats, "seed": 5})
    while s.game.is_chance():
        s.handle("roll", {})
    hint = s.handle("hint", {"level": "easy"})
    laid = s.handle("options", {"partial": hint["steps"]})  # the page asks for these steps as they are
    assert not any(t in ("die", "extra") for t in hint["steps"])
    # the whole turn, ready to confirm: the hinted action first (the die action where it fits)
    assert laid["complete"] and laid["partial"] == hint["steps"]
    assert laid["actions"][0] in (hint["action"], hint["action"].replace("extra ", "die ", 1))
