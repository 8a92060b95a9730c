"""Seeded random complete games on the real maps, with every invariant checked after every step.

Default run: a few hundred games (well under a minute).  ``-m slow``: thousands.
The real maps are required: if ``cambria/maps/*.json`` are missing these tests FAIL.
"""

from __future__ import annotations

import random

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.games.cambria.board import MAP_IDS, load_board
from cambria.core.simulate import play_random_game
from cambria.games.cambria.state import OVER, State
from cambria.core.record import load_record, make_record
from scenario import check_step, legal, oracle_legal, snapshot

PLAYERS = (2, 3, 4, 5)
MAX_TURNS = 2000  # random games end in a few hundred turns; this only guards against loops


def test_both_real_maps_are_present_and_valid():
    assert MAP_IDS == ("cambria", "cumbria")
    for map_id in MAP_IDS:
        board = load_board(map_id)  # raises (fails) if the file is missing or invalid
        assert len(board.forts) == 16
        assert sorted({f.number for f in board.forts}) == [2, 3, 4, 5, 6]
        assert sum(1 for f in board.forts if f.number >= 4) == 7


def run_fast_path(map_id: str, players: int, seed: int, check_legal_every: int = 0, oracle: bool = False,
                  checks: bool = True) -> tuple[State, list[str]]:
    """Play exactly the game ``simulate.play_random_game`` plays (same generators), checking it.

    ``check_legal_every``: every k-th decision must be in legal_actions (0: never);
    ``oracle``: compare every decision's legal set with the independent oracle."""
    state = State(load_board(map_id), players)
    dice = random.Random(seed)
    choose = random.Random(seed * 7919 + 17)
    steps: list[str] = []
    decisions = 0
    while not state.is_over():
        before = state.copy() if checks else None
        if state.is_chance():
            outcome = rules.sample_chance(state, dice)
            assert outcome in [o for o, _ in rules.chance_outcomes(state)]
            rules.apply_chance(state, outcome)
            steps.append(repr(outcome))
        else:
            action = rules.random_action(state, choose)
            decisions += 1
            if oracle:
                assert legal(state) == oracle_legal(state), f"seed {seed}: legal set differs from the oracle"
            if check_legal_every and decisions % check_legal_every == 0:
                assert action in rules.legal_actions(state), f"seed {seed}: random action {action} is illegal"
            rules.apply(state, action, False)
            steps.append(str(action))
        if checks:
            check_step(before, state)  # type: ignore[arg-type]
        assert state.turns <= MAX_TURNS, f"seed {seed}: the game does not end"
    return state, steps


def run_game_api(map_id: str, players: int, seed: int, oracle: bool = False) -> Game:
    """A Game whose decisions are picked uniformly from ``legal_actions()``."""
    game = Game(map_id, players, seed=seed)
    pick = random.Random(seed ^ 0x5EED)
    while not game.is_over():
        before = game.state.copy()
        if game.is_chance():
            game.roll()
        else:
            actions = game.legal_actions()
            assert actions, "a decision without legal actions"
            if oracle:
                assert {str(a) for a in actions} == oracle_legal(game.state)
            game.play(actions[int(pick.random() * len(actions))])
        check_step(before, game.state)
        assert game.state.turns <= MAX_TURNS
    return game


def _check_result(state: State) -> None:
    assert state.phase == OVER
    res = rules.result(state)
    assert res["over"]
    assert res["winner"] in range(state.n_players)
    assert sorted(res["ranking"]) == list(range(state.n_players))
    assert res["points"] == [state.points(c) for c in range(state.n_colours)]
    best = max(res["points"][: state.n_players])
    assert res["points"][res["winner"]] == best


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_fast_path_random_games_keep_every_invariant(map_id, players):
    for seed in range(30):
        # the first games: every decision cross-checked; later ones: a sample of the random actions
        state, _ = run_fast_path(map_id, players, seed, check_legal_every=1 if seed < 3 else 9,
                                 oracle=seed < 3)
        _check_result(state)
        # ... and it is the very game simulate.play_random_game plays
        assert snapshot(play_random_game(map_id, players, seed, "sample").state) == snapshot(state)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_game_api_random_games_keep_every_invariant(map_id, players):
    for seed in range(6):
        game = run_game_api(map_id, players, 1000 + seed, oracle=seed < 2)
        _check_result(game.state)
        again = load_record(make_record(game))
        assert again.steps == game.steps and snapshot(again.state) == snapshot(game.state)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_same_seed_same_game(map_id):
    for players in PLAYERS:
        a = run_game_api(map_id, players, 77)
        b = run_game_api(map_id, players, 77)
        assert a.steps == b.steps and snapshot(a.state) == snapshot(b.state)
        s1, steps1 = run_fast_path(map_id, players, 5, checks=False)
        s2, steps2 = run_fast_path(map_id, players, 5, checks=False)
        assert steps1 == steps2 and snapshot(s1) == snapshot(s2)
    # and different seeds give different games
    assert run_fast_path(map_id, 3, 1, checks=False)[1] != run_fast_path(map_id, 3, 2, checks=False)[1]


def test_random_games_reach_the_interesting_situations():
    """The random games above are only worth something if they exercise the rare rules."""
    seen: set[str] = set()
    for seed in range(40):
        for players in (2, 4):
            game = Game("cambria", players, seed=seed)
            pick = random.Random(seed)
            while not game.is_over():
                if game.is_chance():
                    game.roll()
                    continue
                state = game.state
                actions = game.legal_actions()
                action = actions[int(pick.random() * len(actions))]
                text = str(action)
                if text.startswith("x"):
                    seen.add("swap")
                if action.kind == "legion":
                    seen.add("legion")
                    if action.boat is not None:
                        seen.add("boat")
                        if action.boat_from_road is not None or action.boat_from_boat is not None:
                            seen.add("boat from board")
                if action.kind == "place" and (action.from_road is not None or action.from_boat is not None):
                    seen.add("place from board")
                if action.kind == "neutral" and action.from_road is not None:
                    seen.add("neutral move")
                if state.dice == (1, 1):
                    seen.add("double 1")
                game.play(action)
                if game.state.last_captures:
                    seen.add("capture")
                    if any(second >= 0 for _, _, second in game.state.last_captures):
                        seen.add("vp to second")
    assert seen >= {"swap", "legion", "boat", "boat from board", "place from board", "neutral move",
                    "double 1", "capture", "vp to second"}, seen


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_many_fast_path_games(map_id, players):
    for seed in range(1000, 1750):
        state, _ = run_fast_path(map_id, players, seed, check_legal_every=5, oracle=seed % 10 == 0)
        _check_result(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_many_game_api_games(map_id, players):
    for seed in range(2000, 2150):
        game = run_game_api(map_id, players, seed, oracle=seed % 5 == 0)
        _check_result(game.state)
