"""Why a decision is good (cambria.ai.explain): the reason kinds of both games on readable
positions, how the one reason is chosen against the search's runner-up, and that it is a
pure function of the position (the hint, and later the review, depend on that)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "hibernia"))

from hib_scenario import pos as hpos  # noqa: E402
from scenario import fort, pos, road  # noqa: E402

from cambria.ai import explain  # noqa: E402
from cambria.ai.explain import BEST  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.core.registry import rules_for  # noqa: E402

CAMBRIA = rules_for("cambria")
HIBERNIA = rules_for("hibernia")


def legal(rules, s, a):
    assert rules.is_legal(s, a), f"{rules.action_to_text(a)} is not legal here"
    return a


# the module's functions, on legal actions only (a test position must allow what it tells)
def reasons(rules, s, a):
    return explain.reasons(rules, s, legal(rules, s, a))


def why(rules, s, a, scores):
    return explain.why(rules, s, legal(rules, s, a), [(legal(rules, s, b), v) for b, v in scores])


def difference(rules, s, a, b):
    return explain.difference(rules, s, legal(rules, s, a), legal(rules, s, b))


def act(rules, text: str):
    return rules.text_to_action(text)


def place(r: str):
    return act(CAMBRIA, f"p{road(r)}")


def kinds(found) -> list[tuple[str, object]]:
    return [(r["kind"], r["about"]) for r in found]


# ------------------------------------------------------------------ Cambria
#   fort A (2): roads ab, ae.  fort C (4): bc, cd, cg, cf.  Player 0 holds ab, so the last road
#   of A captures it; player 1 holds two of C's roads and would be first there with cf.
def cambria_position():
    return pos(players=3, roads={"ab": 0, "bc": 1, "cd": 1, "cg": 0}, dice=(2, 4))


def test_a_capture_now_is_the_reason_with_the_forts_number():
    s = cambria_position()
    found = reasons(CAMBRIA, s, place("ae"))
    cap = [r for r in found if r["kind"] == "capture"]
    assert cap == [{"kind": "capture", "about": fort("a"), "value": 2,
                    "part": {"key": "hint.why.capture", "args": {"fort": {"fort": fort("a")}, "number": 2}}}]


def test_an_opponents_capture_next_turn_denied_names_him_and_the_fort():
    s = cambria_position()
    # cf ties C at two each: player 1 can no longer take it with one warrior, and nobody took it
    r = why(CAMBRIA, s, place("cf"), [(place("cf"), 1.0), (place("ae"), 0.5)])
    assert r["kind"] == "deny"
    assert r["part"] == {"key": "hint.why.deny", "args": {"name": {"seat": 1}, "fort": {"fort": fort("c")}}}


def test_a_fort_the_opponent_captures_is_not_denied():
    # C with one open road, player 1 first there: if player 0 fills it, player 1 captures it
    s = pos(players=3, roads={"bc": 1, "cd": 1, "cg": 2}, dice=(2, 4))
    found = reasons(CAMBRIA, s, place("cf"))
    assert ("deny", (1, fort("c"))) not in kinds(found)


def test_the_reason_the_runner_up_lacks_comes_first():
    s = cambria_position()
    # against a runner-up that does not capture, the capture (the first kind) is told; for cf
    # against ae, what cf does that ae does not: the denial
    assert why(CAMBRIA, s, place("ae"), [(place("ae"), 1.0), (place("cf"), 0.9)])["kind"] == "capture"
    apart = difference(CAMBRIA, s, place("cf"), place("ae"))
    assert apart and all(r["kind"] != "capture" for r in apart)
    assert apart[0]["kind"] == "deny"
    # what the review will ask: the played move (cf) missed the capture the best move (ae) made
    missed = difference(CAMBRIA, s, place("ae"), place("cf"))
    assert missed[0]["kind"] == "capture" and missed[0]["about"] == fort("a")


def test_hard_takes_the_capture_and_says_so():
    s = cambria_position()
    choice = choose(CAMBRIA, s, "hard", random.Random(1))
    assert choice.scores and choice.scores[0][0] == choice.action
    r = why(CAMBRIA, s, choice.action, choice.scores)
    assert r["part"] == {"key": "hint.why.capture", "args": {"fort": {"fort": fort("a")}, "number": 2}}


def test_a_warrior_on_a_boat_and_a_lead_are_reasons_too():
    s = pos(players=3, roads={"ab": 0}, dice=(1, 3))
    legion_boat = act(CAMBRIA, f"L{road('kl')} b4")
    assert ("boat", 4) in kinds(reasons(CAMBRIA, s, legion_boat))
    s = pos(players=3, roads={"fj": 1}, dice=(3, 4))
    assert ("lead", fort("f")) not in kinds(reasons(CAMBRIA, s, place("bf")))  # 1 each: a tie
    s = pos(players=3, roads={"fj": 1, "ef": 0}, dice=(3, 4))
    assert ("lead", fort("f")) in kinds(reasons(CAMBRIA, s, place("bf")))


def test_no_reason_found_says_the_search_rates_it_best():
    s = pos(players=3, roads={}, dice=(2, 4))
    passing = act(CAMBRIA, "pass")
    assert reasons(CAMBRIA, s, passing) == []
    assert why(CAMBRIA, s, passing, [(passing, 0.0)]) is BEST
    assert BEST["part"] == {"key": "hint.why.best", "args": {}}


# ------------------------------------------------------------------ Hibernia
def test_hibernia_a_county_taken_and_one_won_in_combat():
    s = hpos("A: MEA 1, WME 1, LON 1; B: OFF 1, SLE 1; C: KCO 1", players=3, die="red")
    enter = reasons(HIBERNIA, s, act(HIBERNIA, "extra ROS"))
    assert ("take", s.board.index["ROS"]) in kinds(enter)
    assert [r["part"] for r in enter if r["kind"] == "take"] == [
        {"key": "hib.hint.take", "args": {"county": {"county": "ROS"}}}]
    # three neighbours of OFF (MEA, WME, LON) against its one soldier: taken from B
    won = reasons(HIBERNIA, s, act(HIBERNIA, "extra OFF"))
    assert [r["part"] for r in won if r["kind"] == "take"] == [
        {"key": "hib.hint.takeFrom", "args": {"county": {"county": "OFF"}, "name": {"seat": 1}}}]


def test_hibernia_a_threat_to_a_county_denied():
    # B holds two neighbours of WAT (LCK, KCO), A has one soldier there and the MEA-WME pair
    # elsewhere (so WAT is not protected): B could take it; one more soldier in WAT stops that
    s = hpos("A: MEA 1, WME 1, WAT 1, TIP 1; B: LCK 1, KCO 1; C: SLE 1", players=3, die="green")
    r = why(HIBERNIA, s, act(HIBERNIA, "die WAT"), [(act(HIBERNIA, "die WAT"), 1.0), (act(HIBERNIA, "die WME"), 0.5)])
    assert r["kind"] == "deny"
    assert r["part"] == {"key": "hib.hint.deny", "args": {"name": {"seat": 1}, "county": {"county": "WAT"}}}


def test_hibernia_the_walk_that_ends_the_turn_is_told_in_steps():
    s = hpos("A: MEA 2, WME 1, LON 1, OFF 1; B: SLE 1; C: KCO 1", players=3, die="red", pending="extra",
             track={"A": 2})
    action = act(HIBERNIA, "extra MEA")  # a reinforcement: nothing taken, the turn ends with the walk
    after = HIBERNIA.clone(s)
    fx: list = []
    HIBERNIA.apply_action(after, action, True, fx)
    steps = next(e["steps"] for e in fx if e["type"] == "walk")
    assert steps >= 2
    r = why(HIBERNIA, s, action, [(action, 1.0)])  # no runner-up: the most telling of all it does
    assert r["part"] == {"key": "hib.hint.walk", "args": {"count": steps}}
    # against a runner-up that ends the turn with the same walk, what sets it apart is said
    r = why(HIBERNIA, s, action, [(action, 1.0), (act(HIBERNIA, "extra muster"), 0.0)])
    held = after.count[after.board.index["MEA"]]
    assert held > 2 and r["part"] == {"key": "hib.hint.hold", "args": {"county": {"county": "MEA"}, "count": held}}


def test_hibernia_a_muster_counts_the_soldiers_back():
    s = hpos("A: MEA 1, WME 1; B: SLE 1; C: KCO 1", players=3, die="red", shield={"A": 3})
    found = reasons(HIBERNIA, s, act(HIBERNIA, "die muster"))
    assert [r["part"] for r in found] == [{"key": "hib.hint.muster", "args": {"count": 3}}]


# ------------------------------------------------------------------ determinism
def test_the_reason_is_a_function_of_the_position_and_the_search():
    for rules, s in ((CAMBRIA, cambria_position()),
                     (HIBERNIA, hpos("A: MEA 1, WME 1, WAT 1, TIP 1; B: LCK 1, KCO 1; C: SLE 1", players=3,
                                     die="green"))):
        before = rules.position(s)
        said = []
        for _ in range(2):
            choice = choose(rules, s, "hard", random.Random(7))
            said.append((rules.action_to_text(choice.action), why(rules, s, choice.action, choice.scores)))
        assert said[0] == said[1]
        assert rules.position(s) == before  # the position is not changed
