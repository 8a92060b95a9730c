"""The rules of Hibernia, one readable scenario per rule point of HIBERNIA.md and per ruling.

Positions are written with ``hib_scenario.pos`` (players A-D, N the neutral); the board's
counties and neighbours are listed in hib_scenario's docstring.
"""

from __future__ import annotations

import copy

import pytest

from cambria.core.errors import IllegalActionError, NotationError
from cambria.core.interface import check_probabilities
from cambria.games.hibernia import rules
from cambria.games.hibernia.actions import Action
from cambria.games.hibernia.definition import RULES
from cambria.games.hibernia.state import FIRST_ACTION, FORTS, LAST_ACTION, OVER, ROLL, START, State
from hib_scenario import BOARD, board_map, check_invariants, county, describe, legal, play, pos

import hib_scenario


def shield(s: State) -> list[int]:
    return s.shield[:]


def test_the_scenario_map_in_the_docstring_is_the_board():
    doc = hib_scenario.__doc__ or ""
    block = "\n".join(line[4:] for line in doc.splitlines() if line.startswith("    ") and line[4:7].isupper()
                      and line[7:8] == " ")
    assert block == board_map()


# ------------------------------------------------------------------ setup and chance (rulings 1, 2, 3, 10)

def test_four_players_the_start_player_lays_three_on_the_shield_the_next_two_one_none():
    s = State(BOARD, 4)
    fx: list[dict] = []
    rules.apply_chance(s, 2, fx)                 # seat C starts
    assert s.phase == FORTS and s.current == 2
    assert s.shield == [1, 0, 3, 2]              # C 3, D 2, A 1, B 0
    assert fx[0] == {"type": "start", "player": 2}
    assert [(e["player"], e["count"]) for e in fx[1:]] == [(2, 3), (3, 2), (0, 1)]
    rules.apply_chance(s, (3, 0, 1, 2))          # forts in board order: MCA, SLE, LCK, TIP
    assert describe(s) == "A: SLE 1; B: LCK 1; C: TIP 1; D: MCA 1"
    # 16 soldiers each (ruling 1): one on the track, one on the fort, the shield, the rest in supply
    assert s.supply == [13, 14, 11, 12]
    assert s.phase == ROLL and s.current == 2
    check_invariants(s)


def test_three_players_shield_three_two_one_and_the_unused_colour_is_neutral_on_five_counties():
    s = State(BOARD, 3)
    rules.apply_chance(s, 0)
    assert s.shield == [3, 2, 1, 0]
    rules.apply_chance(s, (1, 3, 0, 2))          # the neutral (colour 3) is drawn onto SLE, a green fort
    assert describe(s) == "A: LCK 1; B: MCA 1; C: TIP 1; N: DKI 1, LOU 1, SLE 1, WAT 1, WME 1"
    assert s.supply[:3] == [11, 12, 13] and s.supply[3] == 0 and s.removed == 0
    check_invariants(s)


def test_advanced_setup_every_player_starts_on_all_five_counties_of_his_forts_colour():
    s = State(BOARD, 4, advanced=True)
    rules.apply_chance(s, 0)
    rules.apply_chance(s, (0, 1, 2, 3))
    assert describe(s) == ("A: CLI 1, MAY 1, MCA 1, OFF 1, WWX 1; B: DKI 1, LOU 1, SLE 1, WAT 1, WME 1; "
                           "C: DTF 1, GAL 1, KCO 1, LCK 1, LON 1; D: ADA 1, DON 1, MEA 1, ROS 1, TIP 1")
    assert s.supply == [7, 8, 9, 10]
    check_invariants(s)
    three = State(BOARD, 3, advanced=True)
    rules.apply_chance(three, 1)
    rules.apply_chance(three, (3, 0, 1, 2))
    assert describe(three).endswith("N: CLI 1, MAY 1, MCA 1, OFF 1, WWX 1")
    check_invariants(three)


def test_chance_comes_in_order_start_forts_die_with_fair_odds():
    s = RULES.new_state("hibernia", 4, {})
    assert s.phase == START
    check_probabilities(rules.chance_outcomes(s))
    assert len(rules.chance_outcomes(s)) == 4
    rules.apply_chance(s, 1)
    outcomes = rules.chance_outcomes(s)
    check_probabilities(outcomes)
    assert len(outcomes) == 24 and len({o for o, _ in outcomes}) == 24
    rules.apply_chance(s, (0, 1, 2, 3))
    check_probabilities(rules.chance_outcomes(s))
    assert [o for o, _ in rules.chance_outcomes(s)] == [0, 1, 2, 3, 4, 5]
    rules.apply_chance(s, 4)
    assert s.phase == FIRST_ACTION and rules.chance_outcomes(s) == []


def test_chance_steps_have_one_spelling_and_impossible_outcomes_are_refused():
    s = RULES.new_state("hibernia", 3, {})
    assert RULES.text_to_chance(s, "start 2") == 2
    for bad in ("start 3", "start 02", "start  1", "roll red", "forts 0-1-2-3"):
        with pytest.raises((NotationError, IllegalActionError)):
            RULES.text_to_chance(s, bad)
    with pytest.raises(IllegalActionError):
        RULES.apply_chance(s, 3)
    RULES.apply_chance(s, 0)
    assert RULES.text_to_chance(s, "forts 3-1-0-2") == (3, 1, 0, 2)
    for bad in ("forts 3-1-0-0", "forts 3-1-0", "forts 3,1,0,2", "forts 3-1-0-2 "):
        with pytest.raises((NotationError, IllegalActionError)):
            RULES.text_to_chance(s, bad)
    RULES.apply_chance(s, (3, 1, 0, 2))
    assert [RULES.text_to_chance(s, f"roll {f}") for f in ("blue", "green", "red", "yellow", "black", "purple")] \
        == [0, 1, 2, 3, 4, 5]
    with pytest.raises(NotationError):
        RULES.text_to_chance(s, "roll white")


# ------------------------------------------------------------------ the die (ruling 4) and the two actions

def test_the_die_action_is_in_a_county_of_the_rolled_colour_the_extra_action_anywhere():
    s = pos("A: LOU 2, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", die="green")
    # green counties next to A: WME and DKI (borders of MEA) and his own LOU (a reinforcement from MEA)
    assert legal(s) == {"die DKI", "die LOU", "die WME", "die muster",
                        "extra ADA", "extra DKI", "extra LON", "extra LOU", "extra MCA", "extra MEA", "extra OFF",
                        "extra WME", "extra muster"}
    with pytest.raises(IllegalActionError, match="die shows green"):
        play(s, "die MCA")


def test_black_lets_the_die_action_go_anywhere():
    s = pos("A: LOU 2, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", die="black")
    die = {a[4:] for a in legal(s) if a.startswith("die ")}
    extra = {a[6:] for a in legal(s) if a.startswith("extra ")}
    assert die == extra and "MCA" in die


def test_purple_gives_no_action_only_the_extra_one_and_a_free_step():
    s = pos("A: LON 2; B: WAT 1; C: CLI 1; D: DON 1", die="purple")
    assert s.phase == LAST_ACTION
    assert legal(s) == {"extra MCA", "extra MEA", "extra OFF", "extra ROS", "extra SLE", "extra WME", "extra muster"}
    with pytest.raises(IllegalActionError, match="purple"):
        play(s, "die muster")
    # the track from 0: red, red, green ...: LON pays the first red, purple the second
    fx = play(s, "extra muster")
    assert [(e["colour"], e["paid"]) for e in fx if e["type"] == "step"] == [("red", "county"), ("red", "purple")]
    assert s.track[0] == 2 and s.phase == ROLL and s.current == 1


def test_either_action_may_come_first_and_each_is_played_once():
    s = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="blue")
    play(s, "extra MEA")
    assert s.phase == LAST_ACTION and {a.split()[0] for a in legal(s)} == {"die"}
    with pytest.raises(IllegalActionError, match="played already"):
        play(s, "extra WME")
    s2 = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="blue")
    play(s2, "die MEA")
    assert {a.split()[0] for a in legal(s2)} == {"extra"}


def test_both_actions_may_go_into_the_same_county():
    s = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="blue")
    play(s, "die MEA")
    play(s, "extra MEA")
    assert describe(s) == "A: LON 1, MEA 4, OFF 1; B: WAT 1; C: CLI 1; D: DON 1"


# ------------------------------------------------------------------ moves (ruling 6)

def test_n_counts_the_neighbours_held_arrows_included():
    s = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="black")
    fx = play(s, "extra MEA")          # LON by the arrow, OFF by the border
    assert [e for e in fx if e["type"] == "action"][0]["n"] == 2
    assert describe(s) == "A: LON 1, MEA 2, OFF 1; B: WAT 1; C: CLI 1; D: DON 1"
    fx = play(s, "die WME")            # MEA, LON and OFF now all border Westmeath
    assert [e for e in fx if e["type"] == "action"][0]["n"] == 3


def test_no_move_without_a_neighbour():
    s = pos("A: LOU 2; B: WAT 1; C: CLI 1; D: DON 1", die="black")
    with pytest.raises(IllegalActionError, match="no soldiers next to"):
        play(s, "die TIP")


def test_the_supply_is_used_first_without_a_choice():
    s = pos("A: LON 3, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="black")
    assert "extra MEA" in legal(s)
    with pytest.raises(IllegalActionError, match="supply gives all 2"):
        play(s, "extra MEA<LON1")
    short = pos("A: LON 3, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 1}, die="black")
    assert {a for a in legal(short) if a.startswith("extra MEA")} == {"extra MEA<LON1"}
    fx = play(short, "extra MEA<LON1")
    moved = [(e["from"], e["count"]) for e in fx if e["type"] == "soldiers"]
    assert moved == [("supply", 1), (county("LON"), 1)]
    assert describe(short) == "A: LON 2, MEA 2, OFF 1; B: WAT 1; C: CLI 1; D: DON 1" and short.supply[0] == 0


def test_the_rest_comes_from_any_other_counties_each_keeping_one_listed_as_multisets():
    s = pos("A: LON 3, OFF 2, ROS 2, WME 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 0}, die="blue")
    # N = 3 (LON, OFF, WME); ROS is no neighbour of Meath but may give a soldier
    expected = {"MEA<LON2,OFF1", "MEA<LON2,ROS1", "MEA<LON1,OFF1,ROS1"}
    assert {a[4:] for a in legal(s) if a.startswith("die MEA")} == expected
    assert {a[6:] for a in legal(s) if a.startswith("extra MEA")} == expected
    with pytest.raises(IllegalActionError, match="must keep one soldier"):
        play(s, "die MEA<LON3")
    with pytest.raises(IllegalActionError, match="no soldiers in"):
        play(s, "die MEA<LON2,WAT1")
    with pytest.raises(IllegalActionError, match="not 2"):
        play(s, "die MEA<LON2")
    play(s, "die MEA<LON1,OFF1,ROS1")
    assert describe(s) == "A: LON 2, MEA 3, OFF 1, ROS 1, WME 1; B: WAT 1; C: CLI 1; D: DON 1"


def test_a_move_is_not_allowed_when_the_soldiers_fall_short():
    s = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 1}, die="blue")
    assert not any(a.endswith("MEA") or "MEA<" in a for a in legal(s))
    with pytest.raises(IllegalActionError, match="only 1"):
        play(s, "die MEA")


def test_a_reinforcement_takes_n_and_never_from_the_county_itself():
    s = pos("A: MEA 5, LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 1}, die="blue")
    # N = 2 (LON, OFF); one from the supply, and the only spare soldiers stand in Meath itself
    assert not any(a.split()[1].startswith("MEA") for a in legal(s))
    with pytest.raises(IllegalActionError, match="only 1"):
        play(s, "die MEA")
    with pytest.raises(NotationError, match="itself"):
        Action.parse("die MEA<MEA1")
    s2 = pos("A: MEA 5, LON 2, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 1}, die="blue")
    fx = play(s2, "die MEA<LON1")
    assert [e["kind"] for e in fx if e["type"] == "action"] == ["reinforce"]
    assert describe(s2) == "A: LON 1, MEA 7, OFF 1; B: WAT 1; C: CLI 1; D: DON 1"


# ------------------------------------------------------------------ combat and losses (ruling 7)

def test_combat_one_for_one_five_against_three_leaves_two():
    s = pos("A: ADA 1, DTF 1, LON 1, SLE 1, WME 1; B: MCA 3, CLI 1, KCO 1; C: WAT 1; D: DON 1", die="yellow")
    fx = play(s, "die MCA")
    combat = [e for e in fx if e["type"] == "combat"][0]
    assert (combat["attackers"], combat["defenders"], combat["losses"], combat["holder"], combat["left"]) \
        == (5, 3, 3, 0, 2)
    assert describe(s) == "A: ADA 1, DTF 1, LON 1, MCA 2, SLE 1, WME 1; B: CLI 1, KCO 1; C: WAT 1; D: DON 1"
    assert shield(s) == [3, 3, 0, 0]     # losses go on the shield, each side in its own colour
    check_invariants(s)


def test_combat_with_equal_numbers_empties_the_county():
    s = pos("A: TIP 1, WAT 1; B: KCO 2, DON 1; C: MAY 1; D: WWX 1", die="red")
    fx = play(s, "die KCO")
    combat = [e for e in fx if e["type"] == "combat"][0]
    assert combat["holder"] is None and combat["taken"] and combat["left"] == 0
    assert describe(s) == "A: TIP 1, WAT 1; B: DON 1; C: MAY 1; D: WWX 1" and shield(s) == [2, 2, 0, 0]


def test_an_attack_the_defender_survives_only_costs_both_sides():
    s = pos("A: TIP 1, WAT 1; B: KCO 5; C: MAY 1; D: WWX 1", die="red")
    fx = play(s, "die KCO")
    combat = [e for e in fx if e["type"] == "combat"][0]
    assert combat["holder"] == 1 and not combat["taken"] and combat["left"] == 3
    assert describe(s) == "A: TIP 1, WAT 1; B: KCO 3; C: MAY 1; D: WWX 1" and shield(s) == [2, 2, 0, 0]


def test_combat_is_resolved_before_the_next_action():
    s = pos("A: TIP 1, WAT 1; B: KCO 1, DON 1; C: MAY 1; D: WWX 1", die="red")
    play(s, "die KCO")                   # taken with 1 left: KCO now borders CLI for A
    assert describe(s) == "A: KCO 1, TIP 1, WAT 1; B: DON 1; C: MAY 1; D: WWX 1"
    fx = play(s, "extra CLI")
    assert [e["n"] for e in fx if e["type"] == "action"] == [2]   # TIP and the new KCO


def test_neutral_losses_leave_the_game_and_a_muster_ignores_the_neutral():
    s = pos("A: TIP 1, WAT 1; B: MAY 1; C: DON 1; N: KCO 1, WME 1", players=3, shield={"A": 2, "B": 4}, die="red")
    play(s, "die KCO")
    assert describe(s) == "A: KCO 1, TIP 1, WAT 1; B: MAY 1; C: DON 1; N: WME 1"
    assert s.removed == 4 and s.shield == [3, 4, 0, 0]     # 3 were out before (5 in all), 1 more now
    fx = play(s, "extra muster")
    muster = [e for e in fx if e["type"] == "muster"][0]
    assert muster["returned"] == [3, 2, 0, 0] and s.shield == [0, 2, 0, 0]
    check_invariants(s)


def test_the_neutral_colour_is_never_protected():
    s = pos("A: TIP 1, WAT 1; B: MAY 1; C: DON 1; N: KCO 1", players=3, die="red")
    play(s, "die KCO")                   # the neutral's last county
    assert describe(s) == "A: KCO 1, TIP 1, WAT 1; B: MAY 1; C: DON 1" and s.removed == 5


# ------------------------------------------------------------------ protection (rulings 8 and 9)

def test_a_players_last_county_cannot_be_taken():
    s = pos("A: TIP 1, WAT 1; B: KCO 1; C: MAY 1; D: WWX 1", die="red")
    assert "die KCO" not in legal(s) and "extra KCO" not in legal(s)
    with pytest.raises(IllegalActionError, match="last county"):
        play(s, "die KCO")


def test_equal_numbers_count_as_taking_so_a_protected_county_cannot_be_emptied():
    s = pos("A: TIP 1, WAT 1; B: KCO 2; C: MAY 1; D: WWX 1", die="red")
    with pytest.raises(IllegalActionError, match="protected"):
        play(s, "die KCO")


def test_an_attack_into_a_protected_county_that_the_defender_survives_is_legal():
    s = pos("A: TIP 1, WAT 1; B: KCO 3; C: MAY 1; D: WWX 1", die="red")
    assert "die KCO" in legal(s)
    play(s, "die KCO")
    assert describe(s) == "A: TIP 1, WAT 1; B: KCO 1; C: MAY 1; D: WWX 1"


def test_the_last_pair_of_neighbouring_counties_cannot_be_broken_but_others_can_be_taken():
    s = pos("A: TIP 1, WAT 1, DTF 1; B: CLI 1, KCO 1, DON 1; C: MAY 1; D: WWX 1", die="black")
    assert "die KCO" not in legal(s)     # CLI-KCO is B's only pair of neighbours
    with pytest.raises(IllegalActionError, match="last pair"):
        play(s, "extra KCO")
    assert "die DON" in legal(s)         # B keeps the pair
    play(s, "die DON")                   # one against one: Donegal is emptied
    assert describe(s) == "A: DTF 1, TIP 1, WAT 1; B: CLI 1, KCO 1; C: MAY 1; D: WWX 1"


def test_a_player_without_a_pair_may_lose_counties_down_to_his_last():
    s = pos("A: TIP 1, WAT 1, DTF 1; B: KCO 1, DON 1; C: MAY 1; D: WWX 1", die="black")
    play(s, "die KCO")                   # B had no pair of neighbours: only the last county is safe
    assert "extra DON" not in legal(s)
    assert describe(s) == "A: DTF 1, KCO 1, TIP 1, WAT 1; B: DON 1; C: MAY 1; D: WWX 1"


def test_protection_compares_the_counties_before_and_after_the_action():
    # B holds the triangle CLI-KCO-TIP: taking one leaves a pair, taking a second would not
    s = pos("A: GAL 2, WAT 1, LCK 1; B: CLI 1, KCO 1, TIP 1; C: MAY 1; D: WWX 1", die="black")
    play(s, "die KCO")                   # WAT alone borders KCO among A's: one against one, emptied
    assert describe(s) == "A: GAL 2, LCK 1, WAT 1; B: CLI 1, TIP 1; C: MAY 1; D: WWX 1"
    assert "extra TIP" not in legal(s) and "extra CLI" not in legal(s)


def test_advanced_first_round_a_pair_two_steps_apart_also_protects():
    spec = "A: LOU 1, WAT 1; B: DON 1, MCA 1, KCO 1; C: MAY 1; D: WWX 1"
    first = pos(spec, die="black", advanced=True, round=1)
    # DON and MCA are two steps apart (by DTF or SLE): B's only such pair in round 1
    assert "die MCA" not in legal(first) and "die KCO" in legal(first)
    with pytest.raises(IllegalActionError, match="protected"):
        play(first, "die MCA")
    later = pos(spec, die="black", advanced=True, round=2)
    assert "die MCA" in legal(later)      # from round 2 only neighbours count: B has no pair at all
    basic = pos(spec, die="black", advanced=False, round=1)
    assert "die MCA" in legal(basic)
    # "any county" relaxes protection only: a move still needs a neighbour
    with pytest.raises(IllegalActionError, match="no soldiers next to"):
        play(first, "die DON")


# ------------------------------------------------------------------ muster and no passing (ruling 5)

def test_muster_takes_back_all_ones_own_and_half_of_everyone_elses_rounded_down():
    s = pos("A: LOU 1; B: WAT 1; C: CLI 1; D: DON 1", shield={"A": 4, "B": 5, "C": 3, "D": 1}, die="red")
    supply = s.supply[:]
    fx = play(s, "die muster")
    assert [e for e in fx if e["type"] == "muster"][0]["returned"] == [4, 2, 1, 0]
    assert s.shield == [0, 3, 2, 1]
    assert [s.supply[c] - supply[c] for c in range(4)] == [4, 2, 1, 0]
    assert [(e["player"], e["from"], e["to"], e["count"]) for e in fx if e["type"] == "soldiers"] == \
        [(0, "shield", "supply", 4), (1, "shield", "supply", 2), (2, "shield", "supply", 1)]


def test_muster_is_legal_with_any_colour_in_either_slot_twice_and_with_an_empty_shield():
    s = pos("A: LON 1, OFF 1; B: WAT 1; C: CLI 1; D: DON 1", die="blue")
    assert {"die muster", "extra muster", "die MEA"} <= legal(s)   # even when a move is possible
    play(s, "die muster")
    play(s, "extra muster")
    assert s.phase == ROLL and s.current == 1


def test_a_player_who_cannot_move_must_muster():
    s = pos("A: LOU 1, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 0}, die="black")
    assert legal(s) == {"die muster", "extra muster"}


# ------------------------------------------------------------------ the scoring walk (rulings 11 and 12)

def test_each_county_pays_one_step_of_its_colour_and_the_walk_stops_at_the_first_unpaid_space():
    # the track from the start: yellow, red, red, green, red, blue, yellow, ...
    s = pos("A: DTF 1, LCK 1, DKI 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    play(s, "die muster")
    fx = play(s, "extra muster")
    steps = [(e["space"], e["colour"], e["paid"]) for e in fx if e["type"] == "step"]
    assert steps == [(1, "red", "county"), (2, "red", "county"), (3, "green", "county")]
    walk = [e for e in fx if e["type"] == "walk"][0]
    assert (walk["from"], walk["to"], walk["stopped_on"]) == (0, 3, "red")   # space 4 is a third red


def test_the_walk_uses_the_counties_held_at_the_end_of_the_turn():
    s = pos("A: DTF 1, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    play(s, "die LON")                   # a second red county before the walk
    play(s, "extra muster")
    assert s.track[0] == 2


def test_the_purple_step_is_used_where_the_walk_would_stop():
    s = pos("A: LOU 1, KCO 1; B: DKI 1; C: CLI 1; D: DON 1", die="purple")
    fx = play(s, "extra muster")
    # red (KCO), red (purple), green (LOU), then red again: no county left for it
    assert [(e["colour"], e["paid"]) for e in fx if e["type"] == "step"] == \
        [("red", "county"), ("red", "purple"), ("green", "county")]


def test_markers_go_on_into_a_second_lap_and_may_share_spaces():
    s = pos("A: TIP 1, WWX 1, KCO 1; B: WAT 1; C: CLI 1; D: DON 1", track={"A": 38, "B": 1}, die="red")
    play(s, "die muster")
    fx = play(s, "extra muster")
    # spaces 39 blue, 0 yellow (the start), 1 red: total 41, the second lap's space 1, beside B
    assert [(e["space"], e["lap"]) for e in fx if e["type"] == "step"] == [(39, 0), (0, 1), (1, 1)]
    assert RULES.position(s)["space"][:2] == [1, 1] and RULES.position(s)["lap"][:2] == [1, 0]
    assert [e["type"] for e in fx if e["type"] == "end_triggered"] == ["end_triggered"]


# ------------------------------------------------------------------ the end and ties (ruling 13)

def roll_and_muster(s: State, face: int = 2) -> list[dict]:
    """One turn: roll ``face`` (red by default), muster twice; its effects."""
    fx: list[dict] = []
    rules.apply_chance(s, face, fx)
    play(s, "die muster")
    fx += play(s, "extra muster")
    return fx


def test_the_round_is_played_to_its_end_after_a_marker_gets_round_then_the_furthest_wins():
    # A is the start player; D closes the round.  Nobody but A can walk (their next spaces
    # are colours they do not hold).
    s = pos("A: TIP 1, OFF 1; B: LOU 1; C: CLI 1; D: DTF 1", track={"A": 38, "B": 30, "C": 21, "D": 14})
    roll_and_muster(s)
    assert s.track[0] == 40 and s.ending and s.phase == ROLL and s.current == 1
    for seat in (1, 2):
        roll_and_muster(s)
        assert s.phase == ROLL and s.current == seat + 1
    fx = roll_and_muster(s)
    assert s.phase == OVER
    over = [e for e in fx if e["type"] == "game_over"][0]
    assert over["winners"] == [0] and not over["shared"] and over["decided_by"] == "score"
    out = RULES.outcome(s)
    assert out.winner == 0 and out.ranking == (0, 1, 2, 3) and out.scores == (40.0, 30.0, 21.0, 14.0)


def test_if_the_last_seat_of_the_round_gets_round_the_game_ends_at_once():
    s = pos("A: LOU 1; B: WAT 1; C: CLI 1; D: TIP 1, OFF 1", track={"D": 38, "A": 30}, current="D")
    fx = roll_and_muster(s)              # D closes the round (A started it) and reaches 40
    assert s.phase == OVER and s.track[3] == 40 and RULES.outcome(s).winner == 3
    assert [e["winners"] for e in fx if e["type"] == "game_over"] == [[3]]


def test_a_tie_for_first_place_is_played_out_in_further_rounds_by_everyone():
    s = pos("A: LCK 1; B: WAT 1; C: CLI 1; D: DTF 1", track={"A": 41, "B": 41, "C": 10, "D": 10},
            current="D", ending=True)
    fx = roll_and_muster(s)
    assert s.phase == ROLL and s.tie_rounds == 1 and s.current == 0
    assert [e for e in fx if e["type"] == "tie_round"] == [{"type": "tie_round", "number": 1, "leaders": [0, 1],
                                                             "part": None}]
    # in the tie round A walks one step (space 2 is red, he holds LCK); everyone plays
    for seat in range(4):
        assert s.current == seat and not s.is_over()
        fx = roll_and_muster(s)
    assert s.track[:2] == [42, 41]
    assert s.phase == OVER and RULES.outcome(s).winner == 0 and RULES.outcome(s).decided_by == "tie_rounds"


def test_after_twenty_tie_rounds_the_tied_leaders_share_the_win():
    s = pos("A: DTF 1; B: CLI 1; C: WAT 1; D: LCK 1", track={"A": 41, "B": 41, "C": 10, "D": 10},
            current="D", ending=True, tie_rounds=20)
    fx = roll_and_muster(s)
    assert s.phase == OVER
    out = RULES.outcome(s)
    assert out.winners == (0, 1) and out.winner is None and out.decided_by == "shared"
    assert [e["shared"] for e in fx if e["type"] == "game_over"] == [True]


def test_only_a_tie_for_first_place_matters():
    s = pos("A: LOU 1; B: CLI 1; C: WAT 1; D: DTF 1", track={"A": 45, "B": 41, "C": 41, "D": 10},
            current="D", ending=True)
    roll_and_muster(s)
    assert s.phase == OVER and RULES.outcome(s).winner == 0


# ------------------------------------------------------------------ errors leave the game unchanged

@pytest.mark.parametrize("text, why", [
    ("die MCA", "die shows red"),
    ("extra XYZ", "no county XYZ"),
    ("extra TIP", "no soldiers next to"),
    ("extra MEA<LOU1", "supply gives all"),
])
def test_an_illegal_action_says_why_and_changes_nothing(text: str, why: str):
    s = pos("A: LOU 2, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    before = copy.deepcopy(s.to_dict())
    with pytest.raises(IllegalActionError, match=why):
        RULES.apply_action(s, Action.parse(text))
    assert s.to_dict() == before


def test_no_decision_before_the_roll_or_after_the_end():
    s = pos("A: LOU 2; B: WAT 1; C: CLI 1; D: DON 1")
    with pytest.raises(IllegalActionError, match="die must be rolled"):
        RULES.apply_action(s, Action.parse("die muster"))
    assert legal(s) == set()
    s.phase = OVER
    with pytest.raises(IllegalActionError, match="over"):
        RULES.apply_action(s, Action.parse("die muster"))
