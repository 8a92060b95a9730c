"""Seeded random games through the game interface: ``python -m cambria simulate`` and the benchmark.

Two ways to pick the random moves, and the figures say which was used:

* ``full`` (the default): list every legal action, as a real turn does (the computer
  players, the page's turn builder), and play one drawn uniformly with the legality
  check on;
* ``sample``: the game's ``random_action`` shortcut, which draws one legal action
  without listing them and plays it unchecked (random playouts only).
"""

from __future__ import annotations

import random
import time
from typing import Any

from .game import Game
from .interface import CHANCE, TERMINAL

__all__ = ["play_random_game", "simulate", "MODES"]

MODES = ("full", "sample")


def play_random_game(name: str, players: int, seed: int, mode: str = "full") -> Game:
    """One game with random choices: dice from the game's seed, choices from a second generator
    seeded from it.  Raises RuntimeError if the game does not end within its longest length."""
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}, not {mode!r}")
    game = Game(name, players, seed=seed)
    rules = game.rules
    state = game.state
    dice = game.rng
    choose = random.Random(seed * 7919 + 17)
    current = rules.current_player
    sample = rules.sample_chance
    apply_chance = rules.apply_chance
    apply_action = rules.apply_action
    legal = rules.legal_actions
    shortcut = getattr(rules, "random_action", None) if mode == "sample" else None
    limit = rules.facts.max_steps
    steps = 0
    while True:
        p = current(state)
        if p == TERMINAL:
            break
        if p == CHANCE:
            apply_chance(state, sample(state, dice))
        elif shortcut is not None:
            apply_action(state, shortcut(state, choose), False)
        else:
            actions = legal(state)
            apply_action(state, actions[int(choose.random() * len(actions))], True)
        steps += 1
        if steps > limit:
            raise RuntimeError(f"game {name}/{players}p seed {seed} did not end in {limit} steps")
    return game


def simulate(name: str, players: int, games: int, seed: int, mode: str = "full") -> dict[str, Any]:
    """Play ``games`` random games; return speed and outcome statistics."""
    if games < 1:
        raise ValueError("simulate needs at least one game")
    wins = [0.0] * players
    turns = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = play_random_game(name, players, seed * 100_003 + g, mode)
        rules = game.rules
        turns += rules.turns(game.state)
        out = rules.outcome(game.state)
        start = rules.start_player(game.state)
        # how often does the seat that moved first win?  seats counted from the start player
        for w in out.winners:
            wins[(w - start) % players] += 1 / len(out.winners)
    elapsed = max(time.perf_counter() - t0, 1e-9)
    return {
        "games": games, "turns": turns, "seconds": elapsed, "mode": mode,
        "games_per_s": games / elapsed, "turns_per_s": turns / elapsed,
        "avg_turns": turns / games, "seat_wins": wins,
    }
