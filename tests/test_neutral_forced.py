"""Cambria's neutral placement with one legal move is no question (issue 28, item 3): the turn
builder takes it by itself (``forced``, a whole action with nothing left to choose), and playing
it gives the same record as a tap would; with several roads nothing is taken for the player."""

from __future__ import annotations

import random

from cambria import Game
from cambria.ai.players import choose
from cambria.core.record import make_record
from cambria.games.cambria.definition import action_steps
from cambria.games.cambria.state import NEUTRAL
from cambria.webapi.session import WebSession


def neutral_steps(seeds=range(1, 60)):
    """(record, game) at every neutral placement of seeded two-player Easy games."""
    for seed in seeds:
        game = Game("cambria", ["Ann", "Bob"], seed=seed, board="cambria" if seed % 2 else "cumbria")
        rng = random.Random(seed)
        while not game.is_over() and len(game.steps) < 160:
            if game.state.phase == NEUTRAL:
                yield make_record(game), game
            if game.is_chance():
                game.roll()
            else:
                game.play(choose(game.rules, game.state, "easy", rng).action)


def test_a_neutral_move_is_taken_by_itself_only_when_it_is_the_only_one():
    seen = {"one": 0, "more": 0}
    for record, game in neutral_steps():
        if seen["one"] >= 3 and seen["more"] >= 30:
            break
        legal = [str(a) for a in game.legal_actions()]
        if len(legal) > 1 and seen["more"] >= 30:
            continue  # enough of these: looking for the rarer single moves
        session = WebSession()
        step = session.handle("load", {"record": record})["view"]["step"]
        opts = session.handle("options", {"partial": [], "step": step})
        if len(legal) == 1:
            seen["one"] += 1
            steps = action_steps(legal[0])
            assert opts["forced"] == len(steps) and opts["partial"] == steps
            assert opts["complete"] and opts["choices"] == [] and opts["action"] == legal[0]
            # played as the page plays it: the record a tap would have made
            played = session.handle("play", {"action": opts["action"], "step": step})
            assert played["view"]["phase"] == "roll"
            assert session.handle("record", {})["steps"] == record["steps"] + [legal[0]]
        else:
            seen["more"] += 1
            firsts = {action_steps(a)[0] for a in legal}
            if len(firsts) > 1:  # several roads: the player chooses, nothing is taken
                assert opts["forced"] == 0 and opts["partial"] == [] and len(opts["choices"]) == len(firsts)
            else:  # one road, several warriors that could move there: the road is taken, the warrior chosen
                assert opts["forced"] == 1 and opts["partial"][0] in firsts
    assert seen["one"] >= 3 and seen["more"] >= 3, seen
