"""Seeded games of computer players for the review's tests and benchmarks/review_speed.py, with
a mistake planted on request: at a known decision one seat plays the worst move the review's
search finds, instead of its level's choice."""

from __future__ import annotations

import random
from typing import Any, Sequence

from cambria.ai.adapter import SearchGame
from cambria.ai.players import HARD, HardSettings, choose
from cambria.ai.review import REVIEW_DEPTH, review_hooks
from cambria.ai.search import Budget, Expectimax
from cambria.core.game import Game
from cambria.core.record import make_record

__all__ = ["play_record", "worst_action", "PLANT_CHOICES"]

PLANT_CHOICES = 4  # a mistake is planted where the player had a real choice


def worst_action(game: Game) -> Any:
    """The legal action of the pending decision that the review's search ranks last when it
    searches every kind of action as deep as the review does (not only its best candidates)."""
    rules, state = game.rules, game.state
    actions = list(rules.legal_actions(state))
    hs = HARD.get(rules.num_players(state), HardSettings())
    search = Expectimax(SearchGame(rules, review_hooks(rules, state)), max_depth=REVIEW_DEPTH,
                        root_width=len(actions), beam=hs.beam, opponents=hs.opponents)
    return search.search(state, Budget(10**8), actions).scores[-1][0]


def play_record(board: str, levels: Sequence[str], seed: int,
                plant: tuple[int, int] | None = None) -> tuple[dict[str, Any], int | None]:
    """A finished game (its record) of ``levels`` by seat, dice from ``seed``; with ``plant =
    (seat, k)`` that seat's k-th decision among those with at least ``PLANT_CHOICES`` legal
    actions (0-based: a real choice) is the worst move.  Returns the record and the planted
    decision's step (or None)."""
    game = Game(board, len(levels), seed=seed)
    rules = game.rules
    rngs = [random.Random(seed * 31 + i) for i in range(len(levels))]
    seen = [0] * len(levels)
    planted = None
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        p = game.current_player()
        if len(rules.legal_actions(game.state)) >= PLANT_CHOICES:
            if plant is not None and plant == (p, seen[p]):
                planted = len(game.steps)
                game.play(worst_action(game))
                seen[p] += 1
                continue
            seen[p] += 1
        game.play(choose(rules, game.state, levels[p], rngs[p]).action)
    return make_record(game), planted
