"""The computer players on Hibernia: legal, deterministic choices through the generic levels, the
search hooks doing what they promise, and play that sees a whole turn."""

from __future__ import annotations

import random

import pytest

from cambria import Game
from cambria.ai.players import NODE_BUDGET, choose
from cambria.ai.tournament import play_game
from cambria.games.hibernia import rules
from cambria.games.hibernia.ai import AI
from cambria.games.hibernia.definition import RULES
from cambria.games.hibernia.evaluate import Evaluator, Params
from cambria.games.hibernia.search_hooks import greedy_sources
from cambria.games.hibernia.state import FIRST_ACTION, LAST_ACTION, ROLL
from hib_scenario import check_invariants, legal, play, pos


def positions(seed: int, n: int = 4, count: int = 12) -> list:
    """Decision positions from a game between Normal players."""
    game = Game("hibernia", n, seed=seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over() and len(out) < count:
        if game.is_chance():
            game.roll()
            continue
        out.append(RULES.clone(game.state))
        game.play(choose(RULES, game.state, "normal", rng).action)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_chooses_a_legal_action_the_same_way_twice(level: str):
    for s in positions(3, count=6) + positions(4, n=3, count=4):
        before = s.to_dict()
        a = choose(RULES, s, level, random.Random(7)).action
        assert str(a) in legal(s)
        assert s.to_dict() == before
        assert choose(RULES, s, level, random.Random(7)).action == a


def test_hard_stays_within_its_node_budget():
    for s in positions(11, count=8):
        c = choose(RULES, s, "hard", random.Random(1))
        assert 0 < c.nodes <= NODE_BUDGET["hard"] + 1 and not c.clock_capped


def test_the_second_action_of_a_turn_costs_no_search_depth_purples_only_action_does():
    hooks = AI.search_hooks(pos("A: LOU 1; B: WAT 1; C: CLI 1; D: DON 1", die="red"))
    first = pos("A: LOU 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    assert first.phase == FIRST_ACTION and hooks.depth_cost(first) == 1
    play(first, "die muster")
    assert first.phase == LAST_ACTION and hooks.depth_cost(first) == 0
    purple = pos("A: LOU 1; B: WAT 1; C: CLI 1; D: DON 1", die="purple")
    assert purple.phase == LAST_ACTION and hooks.depth_cost(purple) == 1


def test_candidates_inside_the_tree_keep_every_target_with_one_choice_of_sources():
    s = pos("A: LON 3, OFF 2, ROS 2, WME 1; B: WAT 1; C: CLI 1; D: DON 1", supply={"A": 0}, die="blue")
    hooks = AI.search_hooks(s)
    cands = [str(a) for a in hooks.candidate_actions(s)]
    assert set(cands) <= legal(s)
    assert {(a.split()[0], a.split()[1].split("<")[0]) for a in cands} == \
        {(a.split()[0], a.split()[1].split("<")[0]) for a in legal(s)}
    assert [a for a in cands if a.startswith("die MEA")] == ["die MEA<LON2,ROS1"] or \
        [a for a in cands if a.startswith("die MEA")] == ["die MEA<LON2,OFF1"]
    assert greedy_sources(s, 0, 0, 3)[0] == ("LON", 2)   # the fullest county gives first


def test_with_replies_an_opponents_first_actions_are_cut_to_his_best_and_judged_with_his_turn_done():
    # the searching player is A; B is about to choose his first action
    s = pos("A: LOU 2, MEA 1; B: WAT 1, KCO 1; C: CLI 1; D: DON 1", supply={"B": 6}, die="green",
            current="B")
    a_hooks = AI.search_hooks(pos("A: LOU 2, MEA 1; B: WAT 1, KCO 1; C: CLI 1; D: DON 1", die="red"),
                              Params())                     # the default: replies=3
    assert a_hooks.player == 0 and s.current == 1 and s.phase == FIRST_ACTION
    every = a_hooks._candidates(s)
    cut = a_hooks.candidate_actions(s)
    utilities = a_hooks.evaluator.utilities

    def first_only(a):
        c = RULES.clone(s)
        rules.apply(c, a, False)
        return utilities(c)[1]

    assert len(every) > 3 and len(cut) == 3
    worst_kept = min(first_only(a) for a in cut)
    assert all(first_only(a) <= worst_kept for a in every if a not in cut)
    # after B's first action his position is judged with his best second action played
    mid = RULES.clone(s)
    rules.apply(mid, cut[0], False)
    assert mid.phase == LAST_ACTION
    best_second = max(utilities(_after(mid, b))[1] for b in a_hooks._candidates(mid))
    assert a_hooks.evaluate(mid)[1] == pytest.approx(best_second)
    # with replies=0 the opponent keeps every candidate and is judged half-way
    plain = AI.search_hooks(pos("A: LOU 2, MEA 1; B: WAT 1, KCO 1; C: CLI 1; D: DON 1", die="red"),
                            Params(replies=0))
    assert len(plain.candidate_actions(s)) == len(every)
    assert plain.evaluate(mid) == utilities(mid)


def _after(s, a):
    c = RULES.clone(s)
    rules.apply(c, a, False)
    return c


def test_handover_gives_the_turn_to_a_later_player_after_finishing_the_current_one():
    s = pos("A: LOU 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    play(s, "die muster")
    hooks = AI.search_hooks(s)
    other = hooks.handover(s, 2)
    assert other is not None and other.phase == ROLL and other.current == 2   # C instead of B
    assert s.phase == LAST_ACTION and s.current == 0                           # unchanged
    assert hooks.handover(s, 4) is None


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_turn_takes_the_counties_that_pay_for_the_walk(level: str):
    # the track ahead: red, red, green, red.  A holds one red county (Derry, Tyrone & Fermanagh):
    # Longford (red, by the arrow from Meath) and a green neighbour make a walk of three
    s = pos("A: DTF 1, MEA 1; B: WAT 1; C: CLI 1; D: DON 1", die="red")
    rng = random.Random(3)
    while s.phase in (FIRST_ACTION, LAST_ACTION) and s.current == 0:
        rules.apply(s, choose(RULES, s, level, rng).action)
    assert s.track[0] == 3


def test_params_reject_unknown_weights():
    with pytest.raises(TypeError):
        Params(speed=1.0)
    assert Params(threat=0.2).threat == 0.2


def test_a_game_between_all_levels_keeps_the_invariants():
    out = play_game("hibernia", ["hard", "normal", "easy", "random"], seed=5)
    assert out["winners"] and out["turns"] > 20
    game = Game("hibernia", 3, seed=9, advanced=True)
    rng = random.Random(9)
    forts_drawn = False
    while not game.is_over():
        if game.is_chance():
            text = game.roll()
            forts_drawn = forts_drawn or text.startswith("forts")
        else:
            game.play(choose(RULES, game.state, "normal", rng).action)
        check_invariants(game.state, forts_drawn)


def test_normal_beats_random_players():
    wins = 0
    for g in range(8):
        levels = ["normal", "random", "random", "random"]
        levels = levels[g % 4:] + levels[:g % 4]
        out = play_game("hibernia", levels, seed=100 + g)
        wins += sum(1 for w in out["winners"] if levels[w] == "normal")
    assert wins >= 7


def test_hard_judges_by_its_own_weights_and_normal_by_the_defaults():
    # Hard's weights were fitted to self-play (benchmarks/hibernia_fit.py): a step still to come
    # counts less than one taken, and a soldier on the board more than one in the supply; its
    # charge for a threatened county (threat x pace) is half Normal's, since it searches the
    # answers itself.  It weighs its own rivals with less weight on the best of them than the
    # Normals do (they set on the leader anyway).  Tuning weights given explicitly replace its
    # own, as in `tournament --seats 'hard[...]'`.
    s = positions(3, count=1)[0]
    own = AI.hard_hooks(s).evaluator.params
    normal = AI.search_hooks(s).evaluator.params
    assert normal.threat == 0.2 and normal.pace == 1.0 and normal.next_walk == 1.0
    assert own.threat * own.pace == pytest.approx(normal.threat * normal.pace / 2, abs=0.005)
    assert own.next_walk < normal.next_walk and own.pace < normal.pace
    assert own.board - own.supply > normal.board - normal.supply
    assert normal.self_mix < 0 and 0 <= own.self_mix < own.mix
    same = ("horizon", "decay", "mix", "replies")
    assert [getattr(own, k) for k in same] == [getattr(normal, k) for k in same]
    assert AI.hard_hooks(s, Params(threat=0.3)).evaluator.params.threat == 0.3
    # and the two levels really judge differently somewhere: a position where a county is threatened
    values = [(AI.hard_hooks(p).evaluate(p), AI.search_hooks(p).evaluate(p)) for p in positions(3)]
    assert any(h != n for h, n in values)


def test_the_searching_player_weighs_his_rivals_by_his_own_mix_and_the_others_by_theirs():
    own = Params(self_mix=0.3)
    ev = Evaluator(positions(3, count=1)[0], own)
    differs = 0
    played = positions(3, count=20)
    for s in played:
        me = s.current
        v = ev.values(s)
        plain, mine = ev.utilities(s), ev.utilities(s, me)
        rivals = [v[q] for q in range(4) if q != me]
        expected = v[me] - 0.3 * max(rivals) - 0.7 * sum(rivals) / 3
        assert mine[me] == pytest.approx(expected)
        assert plain[me] == pytest.approx(v[me] - 0.6 * max(rivals) - 0.4 * sum(rivals) / 3)
        assert [mine[q] for q in range(4) if q != me] == [plain[q] for q in range(4) if q != me]
        differs += mine[me] != pytest.approx(plain[me])
    assert differs > 10
    # Hard's search judges its own player so and everyone else as before
    seen = 0
    for s in played:
        if s.phase != FIRST_ACTION:
            continue
        hard = AI.hard_hooks(s)
        me, u, plain = s.current, hard.evaluate(s), hard.evaluator.utilities(s)
        assert [u[q] for q in range(4) if q != me] == [plain[q] for q in range(4) if q != me]
        seen += u[me] != pytest.approx(plain[me])
    assert seen > 3
