"""Seeded random games, fast: the engine of ``python -m cambria simulate`` and the benchmark."""

from __future__ import annotations

import random
import time
from typing import Any

from . import rules
from .board import load_board
from .state import State

__all__ = ["play_random_game", "simulate"]


def play_random_game(board_id: str, players: int, seed: int, max_turns: int = 100_000) -> State:
    """Play one game with random choices: dice from ``Random(seed)``, choices from a second
    generator seeded from it.  Raises RuntimeError if the game does not end in ``max_turns``."""
    state = State(load_board(board_id), players)
    dice = random.Random(seed)
    choose = random.Random(seed * 7919 + 17)
    sample = rules.sample_chance
    apply_chance = rules.apply_chance
    pick = rules.random_action
    apply = rules.apply
    while state.phase != 7:  # OVER
        if state.is_chance():
            apply_chance(state, sample(state, dice))
        else:
            apply(state, pick(state, choose), False)
            if state.turns > max_turns:
                raise RuntimeError(f"game {board_id}/{players}p seed {seed} did not end in {max_turns} turns")
    return state


def simulate(board_id: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games; return speed and outcome statistics."""
    wins = [0] * players
    turns = 0
    t0 = time.perf_counter()
    for g in range(games):
        state = play_random_game(board_id, players, seed * 100_003 + g)
        turns += state.turns
        res = rules.result(state)
        # the seat that moved first wins how often?  seats counted from the start player
        wins[(res["winner"] - state.start_player) % players] += 1
    elapsed = time.perf_counter() - t0
    return {
        "games": games, "turns": turns, "seconds": elapsed,
        "games_per_s": games / elapsed, "turns_per_s": turns / elapsed,
        "avg_turns": turns / games, "seat_wins": wins,
    }
