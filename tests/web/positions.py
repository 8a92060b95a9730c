"""Positions for the browser tests, found by the engine itself: seeded games played by the Easy
computer for every seat until a position has what a test needs (a roll that offers a capture, a
swap that changes nothing, a warrior a roll can knock off, an end with several last claims…).
A page opens them through its own "Open a saved game" input (``open_record``).

Nothing here is hard-coded: a test asks for a position by what it must show, and reads what the
page should say from the engine's own answers (``WebSession``).
"""

from __future__ import annotations

import json
import random
from typing import Callable

from cambria import Game
from cambria.ai.players import choose
from cambria.core.record import make_record
from cambria.webapi.session import WebSession

from waits import screen, settled, until

COLOURS = ("red", "blue", "yellow", "green", "purple")


def new_game(names: list[str], kinds: list[str], board: str, seed: int) -> Game:
    return Game("cambria", names, seed=seed, board=board,
                player_info=[{"colour": c, "kind": k} for c, k in zip(COLOURS[:len(kinds)], kinds, strict=True)])


def session_of(record: dict, roll: bool = False) -> WebSession:
    """The engine's session of a record (the page's own answers), with the pending roll made."""
    s = WebSession()
    s.load({"record": record})
    if roll:
        s.roll({})
    return s


def find(wanted: Callable[[Game, dict], bool], names=("Ann", "Bob", "Cy"), kinds=None, board="cambria",
         seeds=range(1, 40), min_step: int = 20, at_chance: bool = True) -> dict:
    """The record of the first position (before a roll if ``at_chance``, else before a decision)
    of seeded Easy games for which ``wanted(game, record)`` holds."""
    kinds = kinds or ["human"] * len(names)
    for seed in seeds:
        game = new_game(list(names), list(kinds), board, seed)
        rng = random.Random(seed)
        while not game.is_over():
            if len(game.steps) >= min_step and game.is_chance() == at_chance:
                record = make_record(game)
                if wanted(game, record):
                    return record
            if game.is_chance():
                game.roll()
            else:
                game.play(choose(game.rules, game.state, "easy", rng).action)
    raise AssertionError("no seeded game reaches the position the test needs")


def before_the_last_decision(game_id: str, board: str, names: list[str], seed: int,
                             seats: Callable[[int], list[dict]], options: dict | None = None) -> dict:
    """The record of a seeded Easy game cut before its last decision, with the seats (player_info:
    colour, kind) that ``seats(decider)`` gives for the seat of that decision: a computer there
    makes the page play the last move and show the end."""
    first = Game(game_id, names, seed=seed, board=board, options=dict(options or {}))
    rng = random.Random(seed)
    last = None
    while not first.is_over():
        if first.is_chance():
            first.roll()
        else:
            last = (len(first.steps), first.current_player())
            first.play(choose(first.rules, first.state, "easy", rng).action)
    at, decider = last
    game = Game(game_id, names, seed=seed, board=board, options=dict(options or {}), player_info=seats(decider))
    for text in first.steps[:at]:
        game.replay_step(text)
    return make_record(game)


def first_choices(record: dict) -> tuple[WebSession, dict]:
    """The choices after the pending roll of a record."""
    s = session_of(record, roll=True)
    return s, s.options({"partial": []})


def open_record(page, record: dict, tmp_path, name: str = "position.json") -> None:
    """Open a record in the page the way a player would: the "Open a saved game" file input."""
    path = tmp_path / name
    path.write_text(json.dumps(record))
    uid = WebSession().load({"record": record})["uid"]  # the game the page will show (views.game_uid)
    page.set_input_files("#open-file", str(path))
    screen(page, "game", "the opened game on the board")
    # this game, not the one on the board before (a test that opens the next file too soon would
    # open two at once)
    until(page, "(uid) => window.__cambria.state().view?.uid === uid", "the opened game itself on the board", arg=uid)
    settled(page, "the opened game to settle", at_least=len(record["steps"]))
