"""One readable scenario per rule point of docs/rules.md, on the test map.

The map and the helpers are described in ``tests/scenario.py``.  ``[xy]`` in an
action is the road between forts X and Y; colours 0, 1, 2... are the players in
seating order, and in a two-player game colour 2 is the neutral.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from cambria.games.cambria import rules
from cambria.games.cambria.actions import Action, IllegalActionError, NotationError
from cambria.games.cambria.state import (
    EAGLE, EMPTY, NEUTRAL, NEUTRAL_ROLL, NO_TOKEN, ON_BOARD, OVER, REMOVED, ROLL, SETUP, SETUP_ROLL,
    START, TURN, State,
)
from scenario import (
    BOARD, ROAD_NAMES, act, acts, check_invariants, fort, legal, occupants, play, pos, road, roads_to,
    snapshot,
)

# The roads leading to forts of each number, copied by hand from the map drawing.
TO = {
    2: {"ab", "ae", "cd", "dh", "im", "mn", "lp", "op"},
    3: {"ab", "bc", "bf", "ae", "ef", "ei", "dh", "gh", "hl", "kl", "lp", "no", "ko", "op"},
    4: {"bc", "cd", "cg", "cf", "fg", "gh", "gk", "ei", "ij", "im", "in", "fj", "jk", "jn", "mn", "no"},
    5: {"gk", "jk", "kl", "ko", "fk"},
    6: {"bf", "ef", "fg", "fj", "cf", "fk"},
}
ALL = set(ROAD_NAMES.values())
BOATS = (2, 3, 4, 5, 6)


def expand(template: str, **choices) -> set[str]:
    """Every filling of the template: ``expand("p[{r}]", r={"ab", "ae"}) == acts("p[ab]", "p[ae]")``."""
    keys = list(choices)
    out = set()
    for values in itertools.product(*(sorted(choices[k]) for k in keys)):
        out.add(act(template.format(**dict(zip(keys, values, strict=True)))))
    return out


def illegal(state: State, text: str, *fragments: str) -> str:
    """Assert that the action is refused with a message containing the fragments, and that
    nothing changed; return the message."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, Action.parse(act(text)))
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{message!r} does not say {fragment!r}"
    assert snapshot(state) == before, "an illegal action changed the state"
    return message


def test_map_table_matches_the_test_map():
    for number, names in TO.items():
        mask = BOARD.number_mask[number]
        assert {ROAD_NAMES[r] for r in range(len(BOARD.roads)) if mask >> r & 1} == names
    assert len(ALL) == 27
    assert roads_to("f") == {"bf", "ef", "fg", "fj", "cf", "fk"}


# ====================================================================== setup

def test_start_player_is_drawn_uniformly():
    s = State(BOARD, 4)
    assert s.phase == START and s.is_chance()
    outcomes = rules.chance_outcomes(s)
    assert [o for o, _ in outcomes] == [0, 1, 2, 3]
    assert all(math.isclose(p, 1 / 4) for _, p in outcomes)


def test_setup_die_never_shows_1():
    s = pos(phase="setup_roll")
    outcomes = rules.chance_outcomes(s)
    assert [o for o, _ in outcomes] == [2, 3, 4, 5, 6]
    assert math.isclose(math.fsum(p for _, p in outcomes), 1)
    rng = random.Random(5)
    assert {rules.sample_chance(s, rng) for _ in range(300)} == {2, 3, 4, 5, 6}
    with pytest.raises(IllegalActionError):
        rules.apply_chance(s, 1)


def test_setup_die_rerolls_a_number_without_empty_road():
    # every road of K (the only 5) is taken: a 5 is re-rolled like a 1
    s = pos(phase="setup_roll", players=5, current=0,
            roads={"gk": 1, "jk": 2, "kl": 3, "ko": 4}, legion=None)
    s2 = pos(phase="setup_roll", players=5, roads={"gk": 1, "jk": 2, "kl": 3, "ko": 4, "fk": 1})
    assert [o for o, _ in rules.chance_outcomes(s)] == [2, 3, 4, 5, 6]
    outcomes = rules.chance_outcomes(s2)
    assert [o for o, _ in outcomes] == [2, 3, 4, 6]
    assert all(math.isclose(p, 1 / 4) for _, p in outcomes)
    rng = random.Random(11)
    assert {rules.sample_chance(s2, rng) for _ in range(300)} == {2, 3, 4, 6}
    before = snapshot(s2)
    with pytest.raises(IllegalActionError):
        rules.apply_chance(s2, 5)
    assert snapshot(s2) == before


class _ScriptedDie:
    """A stand-in generator whose die rolls are scripted: ``random()`` gives (face - 1) / 6."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 0.01


def test_setup_rolls_are_rerolled_on_a_1_and_on_a_number_without_empty_road():
    s = pos(phase="setup_roll")
    die = _ScriptedDie(1, 1, 4)
    assert rules.sample_chance(s, die) == 4 and die.faces == []
    full_k = pos(phase="setup_roll", players=5, roads={"gk": 1, "jk": 2, "kl": 3, "ko": 4, "fk": 1})
    die = _ScriptedDie(5, 1, 5, 6)
    assert rules.sample_chance(full_k, die) == 6 and die.faces == []
    # the neutral die and the two dice are never re-rolled
    two = pos(phase="roll")
    assert rules.sample_chance(two, _ScriptedDie(1, 1)) == (1, 1)
    assert rules.sample_chance(two, _ScriptedDie(6, 2)) == (2, 6)
    assert rules.sample_chance(pos(players=2, phase="neutral_roll"), _ScriptedDie(1)) == 1


def test_setup_placement_only_on_empty_roads_of_the_number():
    s = pos(phase="setup", dice=(2,), start=0, current=1, roads={"ab": 0})
    assert legal(s) == expand("s[{r}]", r=TO[2] - {"ab"})
    illegal(s, "s[ab]", "not empty")
    illegal(s, "s[bc]", "does not lead to a fort numbered 2")
    illegal(s, "p[ae]", "setup")
    play(s, "s[ae]")
    assert occupants(s) == {"ab": 0, "ae": 1}
    assert s.supply == [4, 4, 5]
    assert s.phase == SETUP_ROLL and s.current == 2


def test_setup_order_goes_up_from_the_start_player_then_turns_start_with_her():
    s = State(BOARD, 4)
    rules.apply_chance(s, 2)
    order = []
    for die in (3, 4, 5, 6):
        assert s.phase == SETUP_ROLL
        order.append(s.current)
        rules.apply_chance(s, die)
        assert s.phase == SETUP and s.dice == (die,)
        rules.apply(s, rules.legal_actions(s)[0])
        check_invariants(s)
    assert order == [2, 3, 0, 1]
    assert s.phase == ROLL and s.current == 2 and s.start_player == 2
    assert s.supply == [4, 4, 4, 4]
    # the setup placements are the first entries of the running sequence
    assert s.last_entry == [3, 4, 1, 2]
    assert s.turns == 0


def test_two_player_setup_has_no_neutral_placement():
    s = State(BOARD, 2)
    rules.apply_chance(s, 1)
    for die in (2, 3):
        rules.apply_chance(s, die)
        rules.apply(s, rules.legal_actions(s)[0])
    assert s.supply == [4, 4, 5]  # the neutral (colour 2) placed nothing
    assert s.phase == NEUTRAL_ROLL and s.current == 1  # the start player rolls for the neutral


# ====================================================================== dice

def test_two_dice_have_21_outcomes_with_odds_summing_to_1():
    s = pos(phase="roll")
    outcomes = rules.chance_outcomes(s)
    assert len(outcomes) == 21
    assert sorted(o for o, _ in outcomes) == [(a, b) for a in range(1, 7) for b in range(a, 7)]
    for (a, b), p in outcomes:
        assert math.isclose(p, (1 if a == b else 2) / 36)
    assert math.isclose(math.fsum(p for _, p in outcomes), 1)
    rng = random.Random(3)
    seen = {rules.sample_chance(s, rng) for _ in range(2000)}
    assert seen == {o for o, _ in outcomes}
    rules.apply_chance(s, (5, 3))
    assert s.dice == (3, 5) and s.phase == TURN


@pytest.mark.parametrize("bad", [(0, 3), (3, 7), (3,), (1, 2, 3), "35", (True, 2), (2.0, 3), None, 5])
def test_impossible_rolls_are_refused(bad):
    s = pos(phase="roll")
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        rules.apply_chance(s, bad)
    assert snapshot(s) == before


def test_no_dice_outside_chance_steps():
    s = pos(dice=(3, 5))
    assert rules.chance_outcomes(s) == []
    with pytest.raises(IllegalActionError):
        rules.apply_chance(s, (2, 2))
    with pytest.raises(IllegalActionError):
        rules.sample_chance(s, random.Random(1))


# ====================================================================== a turn: placements

def test_plain_placement_on_empty_roads_of_either_number():
    s = pos(dice=(3, 5), roads={"ab": 1, "kl": 0, "fg": 2}, legion="gk")
    assert legal(s) == expand("p[{r}]", r=(TO[3] | TO[5]) - {"ab", "kl", "gk"}) | {"pass"}
    play(s, "p[ko]")
    assert occupants(s) == {"ab": 1, "kl": 0, "fg": 2, "ko": 0}
    assert s.supply == [3, 4, 4]
    assert s.phase == ROLL and s.current == 1 and s.turns == 1


def test_plain_placement_refusals_say_why():
    s = pos(dice=(3, 5), roads={"ab": 1, "kl": 0}, legion="gk")
    illegal(s, "p[ab]", "not empty")
    illegal(s, "p[kl]", "your own")
    illegal(s, "p[gk]", "not empty")
    illegal(s, "p[fg]", "does not lead to a fort numbered 3 or 5")
    illegal(s, "L[ko]", "only with a 1")
    illegal(s, "s[ko]", "regular turn")


def test_doubles_place_on_empty_other_colour_or_legion_road_not_own():
    # two players: colour 2 is the neutral
    s = pos(players=2, dice=(5, 5), roads={"jk": 0, "kl": 1, "ko": 2}, legion="fk")
    assert legal(s) == acts("p[gk]", "p[kl]", "p[ko]", "p[fk]", "pass")
    illegal(s, "p[jk]", "your own")
    illegal(s, "p[ab]", "does not lead to a fort numbered 5")


def test_doubles_displace_a_warrior_to_its_owners_supply():
    s = pos(dice=(5, 5), roads={"jk": 0, "kl": 1})
    play(s, "p[kl]")
    assert occupants(s) == {"jk": 0, "kl": 0}
    assert s.supply == [3, 5, 5]


def test_doubles_displace_a_neutral_warrior():
    s = pos(players=2, dice=(5, 5), roads={"ko": 2, "ab": 2})
    play(s, "p[ko]")
    assert occupants(s) == {"ko": 0, "ab": 2}
    assert s.supply == [4, 5, 4]


def test_doubles_send_the_legion_to_the_eagle_and_give_no_boat():
    s = pos(dice=(5, 5), legion="fk")
    assert not any(" b" in a for a in legal(s))
    with pytest.raises(NotationError):
        Action.parse(act("p[fk] b3"))
    play(s, "p[fk]")
    assert s.legion == EAGLE
    assert occupants(s) == {"fk": 0}
    assert s.boats == [EMPTY] * 5


def test_one_and_x_place_on_x_or_move_the_legion_to_any_x_road():
    s = pos(dice=(1, 5), legion="gk", roads={"jk": 0, "kl": 1, "fk": 2}, boats={3: 1})
    legion_targets = {"jk", "kl", "ko", "fk"}  # every 5-road but the legion's own road gk
    assert legal(s) == (
        acts("p[ko]", "pass")
        | expand("L[{r}]", r=legion_targets)
        | expand("L[{r}] b{b}", r=legion_targets, b={2, 4, 5, 6})  # boat 3 is taken
    )
    illegal(s, "L[gk]", "already on road")
    illegal(s, "p[kl]", "not empty")
    illegal(s, "p[ab]", "does not lead to a fort numbered 5")
    illegal(s, "L[ab]", "does not lead to a fort numbered 5")
    illegal(s, act("L[ko] b3"), "boat 3 is not empty")


def test_one_and_x_legion_displaces_another_players_warrior():
    s = pos(dice=(1, 5), legion="gk", roads={"kl": 1})
    play(s, "L[kl] b4")
    assert s.legion == road("kl")
    assert occupants(s) == {}
    assert s.supply == [4, 5, 5]
    assert s.boats == [EMPTY, EMPTY, 0, EMPTY, EMPTY]


def test_one_and_x_legion_displaces_her_own_warrior_which_then_goes_on_the_boat():
    # player 0 has no supply: warriors on jk, ab, ae, cd and boat 6
    s = pos(dice=(1, 5), roads={"jk": 0, "ab": 0, "ae": 0, "cd": 0}, boats={6: 0})
    assert s.supply[0] == 0
    moves = legal(s)
    # onto her own road: the displaced warrior is in her supply, so it is the boat warrior
    assert {a for a in moves if a.startswith(act("L[jk]"))} == (
        acts("L[jk]") | expand("L[jk] b{b}", b={2, 3, 4, 5}))
    # onto another road: the boat warrior comes from a road or from boat 6
    assert {a for a in moves if a.startswith(act("L[kl]"))} == (
        acts("L[kl]")
        | expand("L[kl] b{b}<[{r}]", b={2, 3, 4, 5}, r={"jk", "ab", "ae", "cd"})
        | expand("L[kl] b{b}<b6", b={2, 3, 4, 5})
    )
    illegal(s, "L[jk] b2<[ab]", "supply")
    play(s, "L[jk] b2")
    assert occupants(s) == {"ab": 0, "ae": 0, "cd": 0}
    assert s.legion == road("jk")
    assert s.boats == [0, EMPTY, EMPTY, EMPTY, 0] and s.supply[0] == 0


def test_double_one_must_move_the_legion_anywhere_but_its_road():
    s = pos(dice=(1, 1), legion="ab", roads={"cd": 1, "ef": 0})
    targets = ALL - {"ab"}
    assert legal(s) == expand("L[{r}]", r=targets) | expand("L[{r}] b{b}", r=targets, b=BOATS)
    illegal(s, "pass", "double 1", "cannot pass")
    illegal(s, "p[gh]", "double 1")
    illegal(s, "L[ab]", "already on road")
    play(s, "L[cd]")
    assert s.supply == [4, 5, 5] and occupants(s) == {"ef": 0}


def test_double_one_from_the_eagle_reaches_every_road():
    s = pos(dice=(1, 1))
    assert {a.split(" ")[0] for a in legal(s)} == expand("L[{r}]", r=ALL)


@pytest.mark.parametrize("dice", [(a, b) for a in range(1, 7) for b in range(a, 7)])
def test_pass_is_allowed_on_every_roll_but_double_one(dice):
    s = pos(dice=dice, roads={"ab": 1}, legion="fk")
    assert ("pass" in legal(s)) == (dice != (1, 1))


def test_pass_only_when_nothing_else_is_possible():
    # every 2- and 3-road is taken (by colours 1-4): a 2-3 leaves nothing but pass
    taken = {r: 1 + i % 4 for i, r in enumerate(sorted(TO[2] | TO[3]))}
    assert len(taken) == 17
    s = pos(players=5, dice=(2, 3), roads=taken)
    assert legal(s) == {"pass"}
    play(s, "pass")
    assert s.current == 1 and s.turns == 1


def test_pass_changes_nothing_but_the_turn():
    s = pos(dice=(2, 6), roads={"ab": 0}, boats={3: 0})
    before = occupants(s), s.boats[:], s.supply[:], s.legion
    play(s, "pass")
    assert (occupants(s), s.boats, s.supply, s.legion) == before
    assert s.phase == ROLL and s.current == 1


# ====================================================================== which warrior is placed

def test_supply_first_placement_comes_from_the_supply_while_it_lasts():
    s = pos(dice=(5, 6), roads={"ab": 0, "bc": 0, "cd": 0, "dh": 0})  # one warrior left in supply
    assert legal(s) == expand("p[{r}]", r=TO[5] | TO[6]) | {"pass"}
    illegal(s, "p[fk]<[ab]", "supply")


def test_with_an_empty_supply_any_own_road_or_boat_warrior_moves():
    s = pos(dice=(5, 6), roads={"ab": 0, "bc": 0, "cd": 0}, boats={2: 0, 3: 0})
    assert s.supply[0] == 0
    targets = TO[5] | TO[6]
    assert {a for a in legal(s) if not a.startswith("x")} == (
        expand("p[{t}]<[{s}]", t=targets, s={"ab", "bc", "cd"})
        | expand("p[{t}]<b{b}", t=targets, b={2, 3})
        | {"pass"}
    )
    illegal(s, "p[fk]", "supply is empty")
    illegal(s, "p[fk]<[ef]", "no warrior of yours")
    illegal(s, "p[fk]<b4", "no warrior of yours")
    play(s, "p[fk]<b2")
    assert occupants(s) == {"ab": 0, "bc": 0, "cd": 0, "fk": 0}
    assert s.boats == [EMPTY, 0, EMPTY, EMPTY, EMPTY] and s.supply[0] == 0


def test_a_warrior_never_moves_onto_the_road_it_came_from():
    # doubles with an empty supply: her own road is not a target, so no "p12<12"
    s = pos(dice=(4, 4), roads={"cg": 0, "gh": 0, "ab": 0, "ae": 0, "dh": 0, "fg": 1})
    assert s.supply[0] == 0
    moves = legal(s)
    assert act("p[fg]<[cg]") in moves
    assert act("p[cg]<[cg]") not in moves
    assert not any(act(f"p[{r}]<[{r}]") in moves for r in ALL)
    illegal(s, "p[cg]<[cg]", "your own")
    play(s, "p[fg]<[ab]")
    assert occupants(s) == {"cg": 0, "gh": 0, "fg": 0, "ae": 0, "dh": 0}
    assert s.supply == [0, 5, 5]


# ====================================================================== boats

def test_boat_placement_follows_only_a_legion_move():
    with pytest.raises(NotationError):
        Action("place", 3, boat=2)
    with pytest.raises(NotationError):
        Action.parse("pass b2")
    s = pos(dice=(2, 3))
    assert not any(" b" in a for a in legal(s))


def test_a_boat_holds_one_warrior_and_a_player_may_hold_several():
    s = pos(dice=(1, 3), boats={2: 0, 3: 1})
    moves = {a for a in legal(s) if not a.startswith("x")}  # (she could also swap off boat 2)
    boat_moves = {a.split(" b")[1] for a in moves if " b" in a}
    assert boat_moves == {"4", "5", "6"}
    illegal(s, "L[ab] b3", "boat 3 is not empty")
    illegal(s, "L[ab] b2", "boat 2 is not empty")
    play(s, "L[ab] b4")
    assert s.boats == [0, 1, 0, EMPTY, EMPTY]
    assert s.boats_of(0) == [2, 4]


# ====================================================================== boat swap

def test_swap_only_for_a_player_who_began_the_turn_on_a_boat():
    s = pos(dice=(3, 5), boats={4: 1}, current=0)
    assert not any(a.startswith("x") for a in legal(s))
    illegal(s, "x4/3 p[gh]", "no warrior on boat 4")
    # the player on the boat may swap
    s1 = pos(dice=(3, 5), boats={4: 1}, current=1)
    assert {a.split(" ")[0] for a in legal(s1) if a.startswith("x")} == {"x4/3", "x4/5"}


def test_swap_replaces_either_die_and_counts_for_the_placement():
    s = pos(dice=(2, 3), boats={5: 0}, roads={"kl": 1, "ab": 1})
    moves = legal(s)
    # 5 replaces the 3: 2-5
    assert {a for a in moves if a.startswith("x5/3 ")} == (
        expand("x5/3 p[{r}]", r=(TO[2] | TO[5]) - {"kl", "ab"}) | {"x5/3 pass"})
    # 5 replaces the 2: 3-5
    assert {a for a in moves if a.startswith("x5/2 ")} == (
        expand("x5/2 p[{r}]", r=(TO[3] | TO[5]) - {"kl", "ab"}) | {"x5/2 pass"})
    illegal(s, "x5/4 p[kl]", "no die shows 4")
    play(s, "x5/3 p[ko]")
    assert s.boats == [EMPTY] * 5
    assert s.supply[0] == 4 and occupants(s)["ko"] == 0


def test_swap_may_make_doubles_and_replace_a_die_by_the_same_value():
    s = pos(dice=(3, 5), boats={5: 0}, roads={"kl": 1, "jk": 0})
    moves = legal(s)
    # 5 replaces the 3: doubles 5-5, displacing colour 1 on kl
    assert {a for a in moves if a.startswith("x5/3 ")} == (
        expand("x5/3 p[{r}]", r={"gk", "kl", "ko", "fk"}) | {"x5/3 pass"})
    # 5 replaces the 5: still 3-5, but the warrior is off the boat
    assert {a for a in moves if a.startswith("x5/5 ")} == (
        expand("x5/5 p[{r}]", r=(TO[3] | TO[5]) - {"kl", "jk"}) | {"x5/5 pass"})
    play(s, "x5/3 p[kl]")
    assert occupants(s) == {"kl": 0, "jk": 0}
    assert s.supply == [3, 5, 5] and s.boats == [EMPTY] * 5


def test_swap_on_doubles_replaces_one_of_them():
    s = pos(dice=(4, 4), boats={2: 0})
    swaps = {a.split(" ")[0] for a in legal(s) if a.startswith("x")}
    assert swaps == {"x2/4"}
    assert {a for a in legal(s) if a.startswith("x2/4 ")} == expand("x2/4 p[{r}]", r=TO[2] | TO[4]) | {"x2/4 pass"}


def test_swap_with_two_boats_picks_one_and_turns_double_one_into_one_and_x():
    s = pos(dice=(1, 1), boats={2: 0, 6: 0}, legion="ab")
    moves = legal(s)
    assert "pass" not in moves
    assert {"x2/1 pass", "x6/1 pass"} <= moves
    assert {a.split(" ")[0] for a in moves if a.startswith("x")} == {"x2/1", "x6/1"}
    # 1-6 after the swap: place on an empty 6-road, or the legion onto a 6-road
    assert {a.split(" ")[1] for a in moves if a.startswith("x6/1 p") and a != "x6/1 pass"} == expand("p[{r}]", r=TO[6])
    assert {a.split(" ")[1] for a in moves if a.startswith("x6/1 L")} == expand("L[{r}]", r=TO[6])
    # 1-2 after the swap: the legion may not stay on ab
    assert {a.split(" ")[1] for a in moves if a.startswith("x2/1 L")} == expand("L[{r}]", r=TO[2] - {"ab"})
    illegal(s, "x4/1 pass", "no warrior on boat 4")
    with pytest.raises(NotationError):  # at most one swap: the notation has room for one
        Action.parse("x2/1 x6/1 pass")
    play(s, "x6/1 pass")
    assert s.boats == [0, EMPTY, EMPTY, EMPTY, EMPTY] and s.supply[0] == 4


def test_swapped_warrior_is_in_the_supply_and_is_the_one_placed():
    s = pos(dice=(2, 3), boats={4: 0}, roads={"ab": 0, "bc": 0, "cd": 0, "dh": 0})
    assert s.supply[0] == 0
    moves = legal(s)
    assert act("x4/3 p[gh]") in moves
    assert act("x4/3 p[gh]<[ab]") not in moves
    assert act("p[ae]<b4") in moves  # without a swap the boat warrior may be placed
    illegal(s, "x4/3 p[gh]<[ab]", "supply")
    illegal(s, "x4/3 p[gh]<b4", "")
    play(s, "x4/3 p[gh]")
    assert s.boats == [EMPTY] * 5 and s.supply[0] == 0
    assert occupants(s) == {"ab": 0, "bc": 0, "cd": 0, "dh": 0, "gh": 0}


def test_swapped_warrior_may_go_back_onto_the_boat_it_left():
    s = pos(dice=(1, 3), boats={4: 0}, roads={"ab": 0, "bc": 0, "cd": 0, "dh": 0})
    moves = legal(s)
    # 4 replaces the 3: 1-4; after a legion move the boat warrior is the swapped one, from the supply
    assert act("x4/3 L[cg] b4") in moves
    assert {a.split(" ")[2] for a in moves if a.startswith("x4/3 L") and " b" in a} == {"b2", "b3", "b4", "b5", "b6"}
    assert not any("<" in a for a in moves if a.startswith("x4/3 L"))
    # without the swap, boat 4 is taken and the boat warrior comes from a road or boat 4
    assert act("L[ab] b4") not in moves
    assert act("L[ae] b5<b4") in moves
    play(s, "x4/3 L[cg] b4")
    assert s.boats == [EMPTY, EMPTY, 0, EMPTY, EMPTY] and s.supply[0] == 0
    assert s.legion == road("cg")


def test_swap_then_legion_onto_her_own_road_both_warriors_in_supply():
    # supply empty; 5 replaces the 6 -> 1-5; the legion lands on her own fk warrior
    s = pos(dice=(1, 6), boats={5: 0}, roads={"fk": 0, "ab": 0, "ae": 0, "cd": 0})
    assert s.supply[0] == 0
    play(s, "x5/6 L[fk] b5")
    assert s.legion == road("fk")
    assert s.boats == [EMPTY, EMPTY, EMPTY, 0, EMPTY]
    assert s.supply[0] == 1  # swapped warrior and displaced warrior came back; one went on the boat


# ====================================================================== captures

def test_simultaneous_captures_road_counts_for_both_forts_and_vp_to_single_second():
    # F (6): bf 0, ef 0, fg 1, fj 1, cf 2 + fk      K (5): gk 1, jk 1, kl 1, ko 2 + fk
    s = pos(dice=(5, 6), roads={"bf": 0, "ef": 0, "fg": 1, "fj": 1, "cf": 2,
                                 "gk": 1, "jk": 1, "kl": 1, "ko": 2})
    play(s, "p[fk]")
    f, k = fort("f"), fort("k")
    assert s.fort_owner[f] == 0 and s.vp_owner[f] == 1  # 3-2-1: VP to colour 1
    assert s.fort_owner[k] == 1 and s.vp_owner[k] == REMOVED  # 3-1-1: second place tied
    assert f not in s.uncaptured and k not in s.uncaptured and len(s.uncaptured) == 14
    assert occupants(s)["fk"] == 0 and len(occupants(s)) == 10  # warriors stay
    assert sorted(s.last_captures) == sorted([(f, 0, 1), (k, 1, -1)])
    assert s.points(0) == 6 and s.points(1) == 5 + 4 and s.points(2) == 0
    assert s.phase == ROLL


def test_capture_of_a_two_fort_by_a_single_player():
    s = pos(dice=(2, 3), roads={"ab": 0})
    play(s, "p[ae]")
    assert s.fort_owner[fort("a")] == 0 and s.vp_owner[fort("a")] == NO_TOKEN
    assert s.points(0) == 2 and s.tokens(0) == 1


def test_the_legion_blocks_a_capture():
    s = pos(dice=(2, 3), roads={"cg": 0, "fg": 0, "gh": 1}, legion="gk")
    play(s, "p[ab]")
    assert s.fort_owner[fort("g")] == ON_BOARD
    assert fort("g") in s.uncaptured


def test_doubles_displacing_the_legion_complete_a_fort():
    s = pos(dice=(4, 4), roads={"cg": 0, "fg": 0, "gh": 1}, legion="gk")
    play(s, "p[gk]")
    g = fort("g")
    assert s.legion == EAGLE
    assert s.fort_owner[g] == 0 and s.vp_owner[g] == 1


def test_a_legion_move_can_complete_nothing_and_can_break_a_fort():
    # the legion leaves the road: the fort is still not full
    s = pos(dice=(1, 3), roads={"cg": 0, "fg": 0, "gh": 1}, legion="gk")
    play(s, "L[ab]")
    assert s.fort_owner[fort("g")] == ON_BOARD


def test_a_tie_for_first_place_captures_nothing_and_warriors_stay():
    s = pos(dice=(2, 3), roads={"cd": 0, "bc": 0, "cg": 1, "cf": 1, "gh": 2})
    play(s, "p[dh]")  # D: cd 0, dh 0 -> captured; H: dh 0, gh 2, hl empty
    assert s.fort_owner[fort("c")] == ON_BOARD  # 2-2 tie
    assert s.fort_owner[fort("d")] == 0
    assert occupants(s) == {"cd": 0, "bc": 0, "cg": 1, "cf": 1, "gh": 2, "dh": 0}
    # a three-way tie on H
    s = pos(dice=(2, 3), roads={"dh": 1, "gh": 2}, current=0)
    play(s, "p[hl]")
    assert s.fort_owner[fort("h")] == ON_BOARD


def test_strict_majority_with_tied_second_removes_the_vp_token():
    s = pos(dice=(2, 4), roads={"bc": 0, "cg": 1, "cf": 2})
    play(s, "p[cd]")
    c = fort("c")
    assert s.fort_owner[c] == 0 and s.vp_owner[c] == REMOVED


def test_sole_owner_captures_and_the_vp_token_leaves_the_game():
    s = pos(dice=(2, 4), roads={"jn": 0, "mn": 0, "no": 0})
    play(s, "p[in]")
    n = fort("n")
    assert s.fort_owner[n] == 0 and s.vp_owner[n] == REMOVED
    assert s.points(0) == 4 and s.tokens(0) == 1


def test_a_full_tied_fort_is_captured_later_when_the_tie_breaks():
    s = pos(dice=(4, 4), roads={"cd": 0, "bc": 0, "cg": 1, "cf": 1})
    assert s.fort_owner[fort("c")] == ON_BOARD
    play(s, "p[cg]")  # doubles: colour 0 displaces colour 1 on cg -> 3-1
    assert s.fort_owner[fort("c")] == 0 and s.vp_owner[fort("c")] == 1


def test_captured_forts_stay_captured():
    s = pos(dice=(2, 2), current=1, roads={"ab": 0, "ae": 0}, captured={"a": 0})
    play(s, "p[ab]")  # colour 1 displaces colour 0 from a road of the captured fort A
    assert s.fort_owner[fort("a")] == 0
    assert fort("a") not in s.uncaptured
    s2 = pos(dice=(4, 4), current=2, roads={"bc": 2, "cd": 2, "cg": 2, "cf": 1}, captured={"c": 1},
             vp={"c": "removed"})
    play(s2, "pass")
    assert s2.fort_owner[fort("c")] == 1 and s2.vp_owner[fort("c")] == REMOVED


def test_captures_count_the_neutral_for_first_and_second_place():
    s = pos(players=2, dice=(4, 6), roads={"bc": 2, "cg": 2, "cd": 2})
    play(s, "p[cf]")
    c = fort("c")
    assert s.fort_owner[c] == 2 and s.vp_owner[c] == 0  # neutral first, player 0 second
    s = pos(players=2, dice=(2, 4), roads={"bc": 0, "cg": 0, "cf": 2})
    play(s, "p[cd]")
    assert s.fort_owner[c] == 0 and s.vp_owner[c] == 2  # the neutral can be second


# ====================================================================== game end

def _endgame(**kw):
    captured = {"a": 0, "b": 1, "d": 2, "e": 0, "h": 1, "l": 2, "m": 0, "o": 1, "p": 2}
    roads = {"bc": 0, "cd": 0, "cg": 1, "bf": 1, "ef": 1, "fg": 2, "jk": 0, "jn": 0, "kl": 2, "ko": 2,
             "no": 1}
    return pos(dice=(4, 6), roads=roads, legion="fk", captured=captured, **kw)


def test_game_ends_after_captures_leave_at_most_six_forts():
    s = _endgame()
    assert len(s.uncaptured) == 7
    play(s, "p[cf]")  # completes C: 0 0 0 1 -> captured, VP to 1; six forts left
    assert s.phase == OVER and s.is_over()
    assert s.legion == EAGLE  # the legion leaves the board
    c, f, g, i, j, k, n = (fort(x) for x in "cfgijkn")
    assert s.fort_owner[c] == 0 and s.vp_owner[c] == 1
    # F: 1 1 2 0 (+ legion road, empty fj): claimed by 1 though not full; second tied -> VP removed
    assert s.fort_owner[f] == 1 and s.vp_owner[f] == REMOVED
    # G: 1 vs 2 tie: unclaimed, both tokens stay
    assert s.fort_owner[g] == ON_BOARD and s.vp_owner[g] == ON_BOARD
    # I: empty: unclaimed, both tokens stay
    assert s.fort_owner[i] == ON_BOARD and s.vp_owner[i] == ON_BOARD
    # J: only colour 0 (jk, jn): claimed, VP removed
    assert s.fort_owner[j] == 0 and s.vp_owner[j] == REMOVED
    # K: 2 2 vs 0 (jk): claimed by 2, VP to 0 by the same second-place rule
    assert s.fort_owner[k] == 2 and s.vp_owner[k] == 0
    # N: jn 0 vs no 1: tie, unclaimed
    assert s.fort_owner[n] == ON_BOARD and s.vp_owner[n] == ON_BOARD
    assert sorted(s.uncaptured) == sorted([g, i, n])
    res = rules.result(s)
    assert res["over"]
    assert res["points"] == [2 + 3 + 2 + 4 + 4 + 3, 3 + 3 + 3 + 2 + 6, 2 + 3 + 2 + 5]
    assert res["tokens"] == [6, 5, 4]
    assert res["winner"] == 0 and res["decided_by"] == "points"
    assert legal(s) == set() and rules.chance_outcomes(s) == []
    illegal(s, "pass", "over")


def test_game_goes_on_with_seven_forts_left():
    s = _endgame()
    play(s, "pass")
    assert s.phase == ROLL and len(s.uncaptured) == 7
    assert s.legion == road("fk")


def test_game_end_when_two_captures_at_once_leave_six():
    # 8 forts left; one placement on fk captures F and K at once -> 6 left -> the game ends
    captured = {"a": 0, "b": 1, "d": 2, "e": 0, "h": 1, "l": 2, "m": 0, "o": 1}
    s = pos(dice=(5, 6), captured=captured, roads={"bf": 0, "ef": 0, "fg": 0, "fj": 1, "cf": 1,
                                                    "gk": 1, "jk": 1, "kl": 1, "ko": 2})
    assert len(s.uncaptured) == 8
    play(s, "p[fk]")
    assert s.phase == OVER
    assert s.fort_owner[fort("f")] == 0 and s.vp_owner[fort("f")] == 1
    # K: 1 1 1 vs 2 and 0 (fk): captured by 1, second place tied -> VP removed
    assert s.fort_owner[fort("k")] == 1 and s.vp_owner[fort("k")] == REMOVED
    assert s.legion == EAGLE


# ====================================================================== scoring and winner

def test_scoring_fort_numbers_plus_vp_values():
    s = pos(phase="over", captured={"a": 0, "b": 0, "c": 1, "d": 1, "e": 2, "f": 2, "g": 0, "h": 1,
                                    "i": 2, "j": 0, "k": 1},
            vp={"c": 0, "f": 1, "g": 2, "i": "removed", "j": 1, "k": 0})
    res = rules.result(s)
    # 0: forts A (2), B (3), G (4), J (4) + VP tokens of C (2) and K (3)
    assert res["points"] == [2 + 3 + 4 + 4 + 2 + 3, 4 + 2 + 3 + 5 + 4 + 2, 3 + 6 + 4 + 2]
    assert res["tokens"] == [6, 6, 4]
    p0 = res["players"][0]
    assert p0["fort_points"] == 13 and p0["vp_points"] == 5
    assert sorted(p0["forts"]) == sorted(fort(x) for x in "abgj")
    assert sorted(p0["vp_tokens"]) == sorted(fort(x) for x in "ck")
    assert res["winner"] == 1 and res["ranking"] == [1, 0, 2] and res["decided_by"] == "points"


def test_vp_token_values_are_4_3_2():
    s = pos(phase="over", captured={x: 1 for x in "abcdefghijkn"}, vp={"f": 0})
    assert s.points(0) == 4
    s = pos(phase="over", captured={x: 1 for x in "abcdefghijkn"}, vp={"k": 0})
    assert s.points(0) == 3
    s = pos(phase="over", captured={x: 1 for x in "abcdefghijkn"}, vp={"n": 0})
    assert s.points(0) == 2


def test_tiebreak_by_tokens():
    # 0: F (6) = 6 points, 1 token; 1: A, D (2 + 2) + N's VP (2) = 6 points, 3 tokens
    s = pos(captured={"f": 0, "a": 1, "d": 1, "n": 2}, vp={"n": 1}, phase="roll")
    res = rules.result(s)
    assert res["points"][:2] == [6, 6] and res["tokens"][:2] == [1, 3]
    assert res["winner"] == 1 and res["ranking"][:2] == [1, 0] and res["decided_by"] == "tokens"


@pytest.mark.parametrize("german, winner", [(False, 0), (True, 1)])
def test_tiebreak_by_last_turn(german, winner):
    # 0 and 1 have 5 points and 2 tokens each; 0's last entry (17) is earlier than 1's (18)
    s = pos(captured={"a": 0, "b": 0, "d": 1, "e": 1, "m": 2}, last_entry=[17, 18, 16], phase="roll",
            german_tiebreak=german)
    res = rules.result(s)
    assert res["points"] == [5, 5, 2] and res["tokens"] == [2, 2, 1]
    assert res["winner"] == winner
    assert res["ranking"] == [winner, 1 - winner, 2]
    assert res["decided_by"].startswith("last turn")


@pytest.mark.parametrize("german, winner", [(False, 2), (True, 1)])
def test_three_way_tie_goes_by_last_turn(german, winner):
    # everyone: a 2-fort and a 3-fort (5 points, 2 tokens)
    s = pos(captured={"a": 0, "b": 0, "d": 1, "e": 1, "m": 2, "h": 2}, last_entry=[17, 18, 16],
            phase="roll", german_tiebreak=german)
    res = rules.result(s)
    assert res["points"] == [5, 5, 5] and res["tokens"] == [2, 2, 2]
    assert res["winner"] == winner
    assert res["ranking"] == ([2, 0, 1] if not german else [1, 0, 2])


def test_running_sequence_counts_setup_placements_and_turns():
    s = State(BOARD, 3)
    rules.apply_chance(s, 1)  # start player 1: setup order 1, 2, 0
    for _ in range(3):
        rules.apply_chance(s, 2)
        rules.apply(s, rules.legal_actions(s)[0])
    assert s.last_entry == [3, 1, 2]
    rules.apply_chance(s, (2, 3))  # player 1's first turn
    rules.apply(s, Action.pass_())
    assert s.last_entry == [3, 4, 2] and s.current == 2
    # the game could end here: 0 and 2 tied would go to 2 (entry 2 is earlier than 3)
    s.fort_owner[fort("a")] = 0
    s.fort_owner[fort("d")] = 2
    s.uncaptured.remove(fort("a"))
    s.uncaptured.remove(fort("d"))
    res = rules.result(s)
    assert res["winner"] == 2 and res["decided_by"] == "last turn"
    s.german_tiebreak = True
    assert rules.result(s)["winner"] == 0


# ====================================================================== two players: the neutral

def test_neutral_placement_before_each_regular_turn():
    s = pos(players=2, phase="neutral_roll", current=1, roads={"ab": 0, "cd": 1})
    outcomes = rules.chance_outcomes(s)
    assert [o for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(math.isclose(p, 1 / 6) for _, p in outcomes)
    rules.apply_chance(s, 5)
    assert s.phase == NEUTRAL and s.current == 1
    assert legal(s) == expand("n[{r}]", r=TO[5])
    play(s, "n[gk]")
    assert s.phase == ROLL and s.current == 1  # the same player now rolls her two dice
    assert occupants(s) == {"ab": 0, "cd": 1, "gk": 2} and s.supply == [4, 4, 4]
    assert s.last_entry[2] == -1 and s.turns == 0
    rules.apply_chance(s, (2, 3))
    play(s, "pass")
    assert s.phase == NEUTRAL_ROLL and s.current == 0  # and before the next player's turn too


def test_neutral_goes_to_any_empty_road_when_the_number_has_none():
    s = pos(players=2, phase="neutral", dice=(5,), roads={"gk": 0, "jk": 1, "kl": 2, "ko": 0}, legion="fk")
    assert legal(s) == expand("n[{r}]", r=ALL - {"gk", "jk", "kl", "ko", "fk"})


def test_neutral_on_a_one_goes_to_any_empty_road():
    s = pos(players=2, phase="neutral", dice=(1,), roads={"gk": 0, "ab": 2}, legion="fk")
    assert legal(s) == expand("n[{r}]", r=ALL - {"gk", "ab", "fk"})


def test_neutral_placement_refusals():
    s = pos(players=2, phase="neutral", dice=(5,), roads={"gk": 0})
    illegal(s, "n[ab]", "neutral")
    illegal(s, "n[gk]", "neutral")
    illegal(s, "n[jk]<[gk]", "neutral supply is not empty")
    illegal(s, "p[jk]", "neutral placement")


def test_neutral_with_empty_supply_moves_a_neutral_warrior_already_on_the_board():
    neutral = {"ab": 2, "cd": 2, "im": 2, "lp": 2, "ko": 2}
    s = pos(players=2, phase="neutral", dice=(2,), roads={**neutral, "ae": 0})
    assert s.supply[2] == 0
    assert legal(s) == expand("n[{t}]<[{s}]", t={"dh", "mn", "op"}, s=set(neutral))
    illegal(s, "n[dh]", "neutral supply is empty")
    illegal(s, "n[dh]<[ae]", "no neutral warrior")
    play(s, "n[op]<[ko]")
    assert occupants(s) == {"ab": 2, "cd": 2, "im": 2, "lp": 2, "op": 2, "ae": 0}
    assert s.supply[2] == 0 and s.phase == ROLL


def test_neutral_move_targets_are_the_roads_empty_before_the_pickup():
    # all five 5-roads hold the neutral: nothing on a 5 is empty before the pickup,
    # so the target is any empty road, and never the road just vacated
    neutral = {r: 2 for r in TO[5]}
    s = pos(players=2, phase="neutral", dice=(5,), roads={**neutral, "ab": 0})
    assert legal(s) == expand("n[{t}]<[{s}]", t=ALL - TO[5] - {"ab"}, s=TO[5])
    illegal(s, "n[gk]<[jk]", "")
    # with one 5-road empty before the pickup, only it is a target
    neutral = {"gk": 2, "jk": 2, "kl": 2, "ko": 2, "ab": 2}
    s = pos(players=2, phase="neutral", dice=(5,), roads=neutral)
    assert legal(s) == expand("n[fk]<[{s}]", s=set(neutral))


def test_neutral_step_is_skipped_when_no_road_is_empty(monkeypatch):
    # Unreachable on a real map (25+ roads, 15 warriors and the legion), so pretend every road is full.
    s = pos(players=2, dice=(2, 3), current=0)
    monkeypatch.setattr(State, "empty_mask", lambda self: 0)
    rules.apply(s, Action.pass_())
    assert s.phase == ROLL and s.current == 1


def test_no_capture_right_after_the_neutral_placement_only_after_the_regular_turn():
    s = pos(players=2, phase="neutral", dice=(2,), current=0, roads={"ab": 2, "cd": 1})
    play(s, "n[ae]")
    a = fort("a")
    assert s.fort_owner[a] == ON_BOARD and a in s.uncaptured  # A is full, but not captured yet
    rules.apply_chance(s, (4, 6))
    play(s, "pass")
    assert s.fort_owner[a] == 2  # captured at the end of the regular turn, by the neutral


def test_neutral_never_displaces_and_never_uses_boats():
    s = pos(players=2, phase="neutral", dice=(2,), roads={"ab": 0, "ae": 1, "cd": 0}, legion="dh")
    assert legal(s) == expand("n[{r}]", r={"im", "mn", "lp", "op"})
    with pytest.raises(NotationError):
        Action.parse("n3<b2")


def test_legion_displaces_a_neutral_warrior():
    s = pos(players=2, dice=(1, 5), roads={"kl": 2})
    play(s, "L[kl]")
    assert occupants(s) == {} and s.supply == [5, 5, 5]


def test_neutral_can_score_but_never_wins():
    s = pos(players=2, phase="over", captured={"f": 2, "k": 2, "c": 2, "a": 0, "b": 1, "d": 1,
                                                "e": 0, "h": 0, "l": 1, "m": 1},
            vp={"g": "board"})
    res = rules.result(s)
    assert res["points"] == [2 + 3 + 3, 3 + 2 + 3 + 2, 6 + 5 + 4]
    assert res["winner"] == 1 and res["ranking"] == [1, 0]
    assert len(res["players"]) == 3 and res["players"][2]["points"] == 15


# ====================================================================== illegal actions and notation

def test_illegal_action_error_is_a_value_error():
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize("state_kw, text, reason", [
    (dict(dice=(3, 5)), "p[fg]", "does not lead to a fort numbered 3 or 5"),
    (dict(dice=(3, 5), roads={"ab": 1}), "p[ab]", "not empty"),
    (dict(dice=(3, 5)), "p99", "no road 99"),
    (dict(dice=(3, 5)), "p[ab]<99", "no road 99"),
    (dict(dice=(5, 5), roads={"gk": 0}), "p[gk]", "your own"),
    (dict(dice=(1, 5), legion="gk"), "L[gk]", "already on road"),
    (dict(dice=(1, 5)), "L[ab]", "does not lead to a fort numbered 5"),
    (dict(dice=(2, 3)), "L[ab]", "only with a 1"),
    (dict(dice=(1, 1)), "pass", "cannot pass"),
    (dict(dice=(1, 3), boats={2: 1}), "L[ab] b2", "boat 2 is not empty"),
    (dict(dice=(1, 3)), "L[ab] b2<[cd]", "supply"),
    (dict(dice=(3, 5)), "x4/3 p[gk]", "no warrior on boat 4"),
    (dict(dice=(3, 5), boats={4: 0}), "x4/2 p[gk]", "no die shows 2"),
    (dict(dice=(3, 5)), "s[ab]", "regular turn"),
    (dict(dice=(3, 5)), "n[ab]", "regular turn"),
    (dict(phase="setup", dice=(3,)), "p[ab]", "setup"),
    (dict(phase="roll"), "pass", "rolled first"),
    (dict(phase="neutral_roll", players=2), "n[ab]", "rolled first"),
])
def test_illegal_actions_raise_with_a_reason_and_change_nothing(state_kw, text, reason):
    s = pos(**state_kw)
    illegal(s, text, reason)


def test_illegal_action_after_the_game_is_over():
    s = pos(phase="over", captured={x: 0 for x in "abcdefghij"})
    illegal(s, "pass", "over")


def test_hand_built_actions_outside_the_notation_are_refused_cleanly():
    """Actions built with the constructors (not parsed) may carry values the notation cannot
    express; they must be refused with NotationError or IllegalActionError, never crash."""
    s = pos(dice=(3, 5), roads={x: 0 for x in ("ab", "ae", "cd", "dh", "im")})
    assert s.supply[0] == 0
    before = snapshot(s)
    bad = [
        lambda: Action.place(road("gh"), swap=(9, 3)),
        lambda: Action.place(road("gh"), swap=(4,)),
        lambda: Action.place(road("gh"), from_boat=9),
        lambda: Action.legion(road("gh"), boat=9),
        lambda: Action("place", 3.0),
        lambda: Action("place", "3"),
    ]
    for make in bad:
        try:
            action = make()
        except NotationError:
            continue
        with pytest.raises(IllegalActionError):
            rules.apply(s, action)
        assert snapshot(s) == before


@pytest.mark.parametrize("text", [
    "", " ", "p", "p-1", "p01", "p1234", "q3", "P3", "pass ", " pass", "pass  b2", "x4/5 pass b2",
    "x7/3 p1", "x1/3 p1", "x4/0 p1", "x4/7 p1", "x4/5", "x4/5 x3/5 p1", "x45 p1", "p3 b2", "L3 b7",
    "L3 b1", "L3 b2<b9", "L3 b2<b1", "L3 b2 b3", "s3<4", "n3<b2", "p3<b1", "p3<b7", "L3<4", "pass b2",
    "x4/5 s3", "x4/5 n3", "L3  b2", "p3\n", "p3<", "p3<b", "b3", "L3 p4", "p3.0", "p+3", "p 3", "pass3",
    "L3 b2<", "L3 b2<03", "p3<007",
])
def test_malformed_notation_raises_notation_error(text):
    with pytest.raises(NotationError):
        Action.parse(text)


def test_notation_that_is_not_text_raises_notation_error():
    for value in (None, 3, b"p3", ["p3"]):
        with pytest.raises(NotationError):
            Action.parse(value)  # type: ignore[arg-type]


def test_notation_accepts_only_ascii_digits():
    """Python's \\d matches every Unicode digit: 'p١٢' must not be read as p12."""
    for text in ("p\u0661\u0662", "L3 b2<\u0661\u0662", "p3<\uff17", "p\uff13"):
        with pytest.raises(NotationError):
            Action.parse(text)


@pytest.mark.parametrize("text", [
    "s0", "n12", "n12<7", "x4/5 p12", "p12<7", "p12<b3", "L12", "L12 b3", "L12 b3<7", "x4/5 L12 b3<b2",
    "pass", "x2/1 pass", "x6/6 L0", "p26",
])
def test_well_formed_notation_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) == a and hash(Action.parse(text)) == hash(a)


def test_hand_built_actions_round_trip_or_are_refused():
    """Action's constructor should only build what the notation can write: otherwise
    ``Action.parse(str(a)) != a`` (the sources below vanish or are unreadable)."""
    makers = [
        lambda: Action("pass", None, from_road=3),
        lambda: Action("pass", None, from_boat=3),
        lambda: Action("setup", 3, from_road=4),
        lambda: Action("legion", 3, from_road=4),
        lambda: Action("neutral", 3, from_boat=2),
        lambda: Action("setup", 3, swap=(4, 5)),
    ]
    for make in makers:
        try:
            action = make()
        except NotationError:
            continue
        text = str(action)
        try:
            again = Action.parse(text)
        except NotationError:
            pytest.fail(f"{action!r} was built but its notation {text!r} does not parse")
        assert again == action, f"{text!r} does not round-trip"


# ====================================================================== the Game object

def test_game_refuses_illegal_and_malformed_moves_without_changing_anything():
    from cambria import Game

    game = Game("cambria", ["Ann", "Bob", "Cy"], seed=21)
    game.roll()
    with pytest.raises(IllegalActionError):  # a decision while the die must be rolled
        game.play("pass")
    game.roll()
    assert not game.is_chance()
    steps, before = list(game.steps), snapshot(game.state)
    with pytest.raises(IllegalActionError):
        game.roll()
    with pytest.raises(IllegalActionError) as info:
        game.play("pass")
    assert "setup" in str(info.value)
    with pytest.raises(NotationError):
        game.play("place 3")
    with pytest.raises(IllegalActionError):
        game.play(Action.setup(999))
    assert game.steps == steps and snapshot(game.state) == before
    text = game.play(str(game.legal_actions()[0]))
    assert game.steps == steps + [text]


def test_game_seed_must_be_a_json_safe_whole_number():
    from cambria import Game

    for bad in (-1, 2**53, 1.5, True, "7"):
        with pytest.raises(ValueError):
            Game("cambria", 3, seed=bad)
    with pytest.raises(ValueError):
        Game("cambria", ["solo"])
    with pytest.raises(ValueError):
        Game("cambria", 6)


def test_actions_compare_consistently():
    """Actions sort by their notation; every comparison operator must agree with ``<`` and
    none may raise (Action is a tuple underneath, whose own >, <=, >= compare None with int)."""
    texts = ["p3", "p3<4", "p3<b2", "x4/5 p12", "p12", "pass", "L3", "L3 b2", "L3 b2<7", "s3", "n3<4"]
    actions = [Action.parse(t) for t in texts]
    for a in actions:
        for b in actions:
            assert (a < b) == (str(a) < str(b))
            assert (b > a) == (a < b), f"{b} > {a} disagrees with {a} < {b}"
            assert (a <= b) == (str(a) <= str(b))
            assert (a >= b) == (str(a) >= str(b))
    assert max(actions) == Action.parse("x4/5 p12") and min(actions) == Action.parse("L3")
    assert sorted(actions) == sorted(actions, key=str)


def test_actions_pickle_copy_and_differ_from_plain_tuples():
    import copy
    import pickle

    a = Action.parse("x4/5 L12 b3<b2")
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    assert a != tuple(a) and tuple(a) != a
    assert a.kind == "legion" and a.boat == 3 and a.boat_from_boat == 2
