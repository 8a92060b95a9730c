"""Fit the evaluation's weights to self-play: how well do they predict the final points?

    python benchmarks/ai_fit.py --players 2 --games 300 [--level normal] [--params horizon,narrow,...]

Plays seeded games (every seat the same level), keeps the position before every
regular turn with the points each colour had at the end, and searches the weights of
``cambria.games.cambria.evaluate.Params`` (coordinate search: each weight up and down
by a step, the step halved when nothing improves) for the smallest mean squared
error between the evaluation's expected final points and the real ones.  Prints the
error of the defaults and of the best weights found, on the fitting games and on as
many held-out games.  A better predictor is not necessarily a better player: confirm
with ``benchmarks/ai_tune.py`` (win rates) before changing the defaults.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria import Game  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.games.cambria.evaluate import UNIT, Evaluator, Params  # noqa: E402
from cambria.games.cambria.state import ROLL, State  # noqa: E402

DEFAULT_SEARCH = ("horizon", "narrow", "tied_full", "boat", "boat_number", "supply")


def self_play(players: int, games: int, seed: int, level: str) -> list[tuple[State, list[int]]]:
    """(position before a regular turn, final points per colour) from seeded games on both maps."""
    out: list[tuple[State, list[int]]] = []
    for g in range(games):
        board = ("cambria", "cumbria")[g % 2]
        game = Game(board, players, seed=seed * 100_003 + g)
        rng = random.Random(g)
        positions: list[State] = []
        while not game.is_over():
            if game.is_chance():
                if game.state.phase == ROLL:  # the roll of a regular turn: the turn starts here
                    positions.append(game.state.copy())
                game.roll()
                continue
            game.play(choose(game.rules, game.state, level, rng).action)
        final = list(game.rules.outcome(game.state).scores)
        out.extend((s, [int(x) for x in final]) for s in positions)
    return out


def error(data: list[tuple[State, list[int]]], params: Params) -> float:
    """Mean squared error (points²) of the expected final points, per colour and position."""
    ev = Evaluator(data[0][0], params)
    total = 0.0
    n = 0
    for s, final in data:
        E = ev.expected(s)
        for c, pts in enumerate(final):
            d = E[c] / UNIT - pts
            total += d * d
            n += 1
    return total / n


def fit(data: list[tuple[State, list[int]]], names: list[str], start: Params) -> tuple[Params, float]:
    best = Params(**{k: getattr(start, k) for k in Params.__slots__})
    best_err = error(data, best)
    step = {k: max(0.05, abs(getattr(best, k)) * 0.5) for k in names}
    for _ in range(40):
        improved = False
        for k in names:
            for sign in (1, -1):
                trial = Params(**{q: getattr(best, q) for q in Params.__slots__})
                value = getattr(best, k) + sign * step[k]
                if k in ("horizon",) and value < 1:
                    continue
                setattr(trial, k, value)
                e = error(data, trial)
                if e < best_err - 1e-9:
                    best, best_err, improved = trial, e, True
                    print(f"  {k}={value:.3f}: {e:.4f}", flush=True)
                    break
        if not improved:
            step = {k: v / 2 for k, v in step.items()}
            if max(step.values()) < 0.01:
                break
    return best, best_err


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=300, help="games to fit on (and as many held out)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--level", default="normal", help="the level playing every seat (default normal)")
    ap.add_argument("--params", default=",".join(DEFAULT_SEARCH), help="the weights to fit, comma-separated")
    args = ap.parse_args()
    t0 = time.process_time()
    train = self_play(args.players, args.games, args.seed, args.level)
    test = self_play(args.players, args.games, args.seed + 1, args.level)
    print(f"{len(train)} + {len(test)} positions from {2 * args.games} games "
          f"({time.process_time() - t0:.0f} s)", flush=True)
    default = Params()
    print(f"defaults: error {error(train, default):.4f} (fit), {error(test, default):.4f} (held out)")
    best, err = fit(train, args.params.split(","), default)
    print(f"best: {best}")
    print(f"best: error {err:.4f} (fit), {error(test, best):.4f} (held out)")


if __name__ == "__main__":
    main()
