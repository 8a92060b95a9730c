"""Drawn dice: a game started in the web page draws each roll when it is made, so nothing held
anywhere (the page, its storage, the worker's generator) tells a roll before it is rolled; its
record keeps the rolls themselves. Seeded games (command line, tests, tournaments) are unchanged.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from cambria import Game
from cambria.core.errors import RecordError
from cambria.core.record import RECORD_VERSION, load_record, make_record
from cambria.webapi.session import WebSession

SEATS = [{"name": "Ann", "colour": "red", "kind": "human"},
         {"name": "Bob", "colour": "blue", "kind": "computer:easy"},
         {"name": "Cy", "colour": "green", "kind": "human"}]


def play(game: Game, rng: random.Random, steps: int | None = None) -> Game:
    while not game.is_over() and (steps is None or len(game.steps) < steps):
        if game.is_chance():
            game.roll()
        else:
            game.play(rng.choice(list(game.legal_actions())))
    return game


def chance_steps(game: Game) -> list[str]:
    return [s for s in game.steps if s.split()[0] in ("start", "die", "roll")]


@pytest.mark.parametrize("name, players", [("cambria", ["Ann", "Bob"]), ("cumbria", ["Ann", "Bob", "Cy", "Di"]),
                                           ("hibernia", ["Ann", "Bob", "Cy", "Di"])])
def test_a_drawn_game_records_its_rolls_and_replays_from_them(name: str, players: list[str]) -> None:
    game = play(Game(name, players, dice="drawn"), random.Random(3))
    record = make_record(game)
    assert record["version"] == RECORD_VERSION == 3
    assert record["dice"] == "drawn" and "seed" not in record
    assert len(record["key"]) == 16 and int(record["key"], 16) >= 0
    again = load_record(json.loads(json.dumps(record)))
    assert again.steps == game.steps and again.position() == game.position()
    assert again.result() == game.result() and again.key == game.key


def test_drawn_games_do_not_repeat_each_other() -> None:
    # Seeded games with one seed repeat every roll; drawn ones share no generator to repeat.
    rolls = {tuple(chance_steps(play(Game("cambria", ["Ann", "Bob", "Cy"], dice="drawn"), random.Random(1), 40)))
             for _ in range(5)}
    assert len(rolls) == 5
    seeded = {tuple(chance_steps(play(Game("cambria", ["Ann", "Bob", "Cy"], seed=9), random.Random(1), 40)))
              for _ in range(3)}
    assert len(seeded) == 1


def test_the_next_roll_of_a_drawn_game_is_not_in_its_record() -> None:
    # The same record, loaded twice, rolls independently: nothing in it decides the next roll
    # (a seeded record loaded twice rolls the same every time).
    game = play(Game("cambria", ["Ann", "Bob", "Cy"], dice="drawn"), random.Random(2), 30)
    while not game.is_chance():
        game.play(game.legal_actions()[0])
    record = make_record(game)
    nexts = set()
    for _ in range(40):
        g = load_record(copy.deepcopy(record))
        nexts.add(g.roll())
    assert len(nexts) > 5  # 21 possible pairs; 40 fair draws give more than five of them
    seeded = make_record(play(Game("cambria", ["Ann", "Bob", "Cy"], seed=4), random.Random(2), 31))
    assert len({load_record(copy.deepcopy(seeded)).roll() for _ in range(5)}) == 1


@pytest.mark.parametrize("spoil, message", [
    (lambda r: r["steps"].__setitem__(1, "die 1"), "not a possible setup die"),   # 1s are re-rolled
    (lambda r: r["steps"].__setitem__(1, "roll 3-4"), "step 2"),
    (lambda r: r.update(seed=5), "a record of drawn dice has no seed"),
    (lambda r: r.pop("key"), "field 'key'"),
    (lambda r: r.update(key="ABC"), "field 'key'"),
    (lambda r: r.update(key="a" * 65), "field 'key'"),
    (lambda r: r.update(dice="loaded"), "field 'dice'"),
    (lambda r: r.update(dice=None), "field 'dice'"),
])
def test_a_damaged_drawn_record_is_refused_by_name(spoil: Any, message: str) -> None:
    record = make_record(play(Game("cambria", ["Ann", "Bob", "Cy"], dice="drawn"), random.Random(5), 12))
    spoil(record)
    with pytest.raises(RecordError, match=message):
        load_record(record)


def test_a_seeded_record_cannot_carry_a_key_and_older_versions_still_load() -> None:
    game = play(Game("cambria", ["Ann", "Bob", "Cy"], seed=11), random.Random(6), 25)
    record = make_record(game)
    assert record["seed"] == 11 and "dice" not in record and "key" not in record
    with pytest.raises(RecordError, match="only a record of drawn dice has a key"):
        load_record(dict(record, key="ab" * 8))
    old = dict(record, version=2)
    assert load_record(old).position() == game.position()


def test_the_web_session_starts_drawn_games_unless_given_a_seed() -> None:
    session = WebSession()
    session.handle("new_game", {"players": SEATS})
    record = session.handle("record", {})
    assert record["dice"] == "drawn" and "seed" not in record
    assert isinstance(session.game.rng, random.SystemRandom)  # no state anyone could read
    uid = session.handle("view", {})["uid"]
    seeded = WebSession()
    seeded.handle("new_game", {"players": SEATS, "seed": 12})
    assert seeded.handle("record", {})["seed"] == 12
    # reloading the record keeps the game's name (the page tells its saved games apart by it)
    again = WebSession()
    assert again.handle("load", {"record": record})["view"]["uid"] == uid


def test_a_computer_seat_moves_alike_on_every_load_of_a_drawn_game() -> None:
    # The levels decide by the game's key and progress: the same record, the same move.
    session = WebSession()
    session.handle("new_game", {"players": SEATS})
    while session.game.current_player() != 1 or session.game.state.turns < 2:
        game = session.game
        if game.is_chance():
            session.handle("roll", {})
        else:
            session.handle("play", {"action": game.rules.action_to_text(game.legal_actions()[0])})
    record = session.handle("record", {})
    moves = set()
    for _ in range(3):
        s = WebSession()
        s.handle("load", {"record": record})
        moves.add(s.handle("computer", {})["action"])
    assert len(moves) == 1
