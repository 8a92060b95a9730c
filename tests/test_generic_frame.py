"""The frame is generic: a toy game of a few lines (tests/toygame.py) goes through the same
interface as Cambria: the game, records, simulate, the search and computer players, and the
web session."""

from __future__ import annotations

import json
import random

import pytest

import toygame
from cambria import Game
from cambria.ai.adapter import SearchGame
from cambria.ai.players import choose
from cambria.ai.search import Budget, Expectimax
from cambria.ai.tournament import play_game
from cambria.core import registry
from cambria.core.errors import RecordError
from cambria.core.interface import check_probabilities
from cambria.core.record import load_record, make_record
from cambria.core.simulate import simulate
from cambria.webapi.session import WebSession


@pytest.fixture(autouse=True)
def pig():
    registry.register("pig", ("track",), toygame.RULES, toygame.WEB, toygame.AI)
    yield
    registry.unregister("pig")


def test_a_toy_game_plays_and_its_record_replays():
    game = Game("pig", ["Ann", "Bob"], seed=4)
    while not game.is_over():
        if game.is_chance():
            check_probabilities(game.rules.chance_outcomes(game.state))
            game.roll()
        else:
            game.play("run")
    assert game.result().winner in (0, 1) and game.result().scores[game.result().winner] == toygame.GOAL
    record = make_record(game)
    assert record["game"] == "pig" and record["map"] == "track"
    again = load_record(json.loads(json.dumps(record)))
    assert again.steps == game.steps and again.position() == game.position()
    bad = dict(record, steps=record["steps"][:3] + ["die 9"] + record["steps"][4:])
    with pytest.raises(RecordError, match="step 4"):
        load_record(bad)


def test_simulate_runs_the_toy_game():
    stats = simulate("pig", 3, 20, seed=2)
    assert stats["games"] == 20 and abs(sum(stats["seat_wins"]) - 20) < 1e-9


def test_the_search_and_the_levels_play_the_toy_game():
    game = Game("pig", 2, seed=1)
    game.roll()
    search = Expectimax(SearchGame(game.rules, toygame.AI.search_hooks(game.state)), max_depth=2)
    res = search.search(game.state, Budget(10_000))
    assert res.action in ("run", "walk") and res.depth == 2
    for level in ("easy", "normal", "hard"):
        assert choose(game.rules, game.state, level, random.Random(0)).action in ("run", "walk")
    out = play_game("pig", ["hard", "random"], seed=3)
    assert len(out["winners"]) == 1 and out["turns"] > 0


def test_the_web_session_serves_the_toy_game():
    s = WebSession()
    v = s.handle("new_game", {"game": "pig", "players": [{"name": "Ann"}, {"name": "Bob", "kind": "computer:normal"}]})["view"]
    assert v["game"] == "pig" and v["title"] == "Pig race" and "seed" not in v
    while not v["over"]:
        if v["actor_kind"] != "human":
            v = s.handle("computer", {"step": v["step"]})["view"]
        elif v["chance"]:
            v = s.handle("roll", {"step": v["step"]})["view"]
        else:
            opts = s.handle("options", {"partial": ["run"], "step": v["step"]})
            assert opts["complete"] and opts["preview"]["pos"][v["actor"]] > v["position"]["pos"][v["actor"]]
            v = s.handle("play", {"action": opts["action"], "step": v["step"]})["view"]
    record = s.handle("record", {})
    loaded = s.handle("load", {"record": record})["view"]
    assert loaded["position"] == v["position"] and loaded["log"] == v["log"]
