"""Fit Hibernia's evaluation weights to self-play: which weights predict who gets furthest?

    python benchmarks/hibernia_fit.py --games 200 --seeds 5 6 [--level normal] [--jobs 2]

Plays seeded four-player games (every seat the same level) and keeps the position before
every roll until the end is triggered, with each player's final track position.  The
evaluation (``cambria.games.hibernia.evaluate``) is linear in its weights, so each of its
terms can be read off by evaluating a position with one weight set to 1 and the others to
0: the steps taken, the next walk, the pace times the future turns, the threat charge, and
the soldiers on the board and on the shield (against those in the supply).  A least-squares
fit then predicts a player's final lead over the mean of his rivals from his terms minus
theirs (what a player's utility compares), and prints the weights found, scaled so that a
step already taken counts 1, as ``Params`` weights, with the share of the variance they
explain (R²) beside that of Normal's weights (the defaults).

A better predictor is not necessarily a better player: confirm with
``benchmarks/hibernia_hard_screen.py --weights ...`` (win rates on the same games).
Hard's threat weight is a judgement of the search, not of the fit: Hard looks at the
opponents' answers itself (docs/hibernia.md), so the script prints the fitted threat
weight but the screen decides it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Sequence

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria import Game  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.games.hibernia.evaluate import Evaluator, Params  # noqa: E402
from cambria.games.hibernia.state import ROLL, State  # noqa: E402

# the terms of the evaluation, each read off with one weight at 1 and the others at 0.  A
# player's soldiers in the supply, on the board and on the shield always add up to the same
# number, so only two of their three weights can be told apart: the supply counts 0 and the
# board and the shield are weighed against it (adding the same to all three changes nothing).
TERMS = ("track", "next_walk", "pace", "threat", "board", "shield")
_ZERO = {"pace": 0.0, "next_walk": 0.0, "threat": 0.0, "supply": 0.0, "board": 0.0, "shield": 0.0}

Row = tuple[list[list[float]], list[int]]  # per player: his terms; the final track per player


def terms(evs: dict[str, Evaluator], s: State) -> list[list[float]]:
    """Per player the evaluation's terms (the threat term as the steps of pace it charges)."""
    base = evs["track"].values(s)
    cols = {"track": base}
    for name in ("next_walk", "pace", "board", "shield"):
        cols[name] = [v - b for v, b in zip(evs[name].values(s), base, strict=True)]
    # with pace 1 and threat 1 the threat charge is subtracted from the pace term
    threat = evs["threat"].values(s)
    cols["threat"] = [p - (v - b) for v, b, p in zip(threat, base, cols["pace"], strict=True)]
    return [[cols[t][p] for t in TERMS] for p in range(s.n_players)]


def evaluators(state: State) -> dict[str, Evaluator]:
    out = {"track": Evaluator(state, Params(**_ZERO))}
    for name in ("next_walk", "pace", "board", "shield"):
        out[name] = Evaluator(state, Params(**{**_ZERO, name: 1.0}))
    out["threat"] = Evaluator(state, Params(**{**_ZERO, "pace": 1.0, "threat": 1.0}))
    return out


def play(job: tuple[int, int, str]) -> list[Row]:
    """The rows of one seeded game between four players of ``level``."""
    seed, g, level = job
    game = Game("hibernia", 4, seed=seed * 100_003 + g)
    rng = random.Random(g)
    positions: list[State] = []
    while not game.is_over():
        if game.is_chance():
            if game.state.phase == ROLL and not game.state.ending:
                positions.append(game.state.copy())
            game.roll()
            continue
        game.play(choose(game.rules, game.state, level, rng).action)
    final = list(game.state.track[:4])
    evs = evaluators(positions[0])
    return [(terms(evs, s), final) for s in positions]


def design(rows: Sequence[Row]) -> tuple[list[list[float]], list[float]]:
    """Each player's terms minus the mean of his rivals', and his final lead over their mean."""
    X: list[list[float]] = []
    y: list[float] = []
    for t, final in rows:
        n = len(final)
        for p in range(n):
            others = [q for q in range(n) if q != p]
            X.append([t[p][k] - sum(t[q][k] for q in others) / len(others) for k in range(len(TERMS))])
            y.append(final[p] - sum(final[q] for q in others) / len(others))
    return X, y


def least_squares(X: Sequence[Sequence[float]], y: Sequence[float]) -> list[float]:
    """Solve the normal equations (a handful of columns: Gauss-Jordan with pivoting)."""
    k = len(X[0])
    A = [[sum(r[i] * r[j] for r in X) for j in range(k)] + [sum(r[i] * v for r, v in zip(X, y, strict=True))]
         for i in range(k)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(A[r][c]))
        A[c], A[piv] = A[piv], A[c]
        for r in range(k):
            if r != c and A[c][c]:
                f = A[r][c] / A[c][c]
                A[r] = [a - f * b for a, b in zip(A[r], A[c], strict=True)]
    return [A[i][k] / A[i][i] if A[i][i] else 0.0 for i in range(k)]


def r2(X: Sequence[Sequence[float]], y: Sequence[float], w: Sequence[float]) -> float:
    mean = sum(y) / len(y)
    var = sum((v - mean) ** 2 for v in y)
    err = sum((v - sum(a * b for a, b in zip(r, w, strict=True))) ** 2 for r, v in zip(X, y, strict=True))
    return 1.0 - err / var


def as_params(w: Sequence[float]) -> dict[str, float]:
    """Fitted coefficients -> evaluation weights (a step taken counts 1; the threat charge is
    a share of the pace term, which the pace weight scales)."""
    c = dict(zip(TERMS, w, strict=True))
    t = c["track"]
    pace = c["pace"] / t
    return {"next_walk": c["next_walk"] / t, "pace": pace, "threat": -c["threat"] / t / pace,
            "supply": 0.0, "board": c["board"] / t, "shield": c["shield"] / t}


def shipped(params: Params) -> list[float]:
    """Weights as coefficients of the terms (the board and the shield against the supply)."""
    return [1.0, params.next_walk, params.pace, -params.threat * params.pace,
            params.board - params.supply, params.shield - params.supply]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="four-player games per seed")
    ap.add_argument("--seeds", type=int, nargs="+", default=[5, 6])
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    t0 = time.time()
    jobs = [(seed, g, args.level) for seed in args.seeds for g in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play, jobs, chunksize=8))
    else:
        games = [play(j) for j in jobs]
    X, y = design([r for g in games for r in g])
    w = least_squares(X, y)  # the threat term is what it charges: its coefficient is negative
    print(f"{len(games)} games of {args.level} (seeds {' '.join(map(str, args.seeds))}), "
          f"{len(y)} player-positions, {time.time() - t0:.0f} s")
    print(f"  R2 of Normal's weights (the defaults) {r2(X, y, shipped(Params())):.3f}, "
          f"of the least-squares weights {r2(X, y, w):.3f}")
    print("  coefficients: " + ", ".join(f"{t} {c:.3f}" for t, c in zip(TERMS, w, strict=True)))
    print("  as weights: " + ",".join(f"{k}={v:.2f}" for k, v in as_params(w).items()))
    if len(args.seeds) > 1:  # how much the weights move from one sample of games to another
        for i, seed in enumerate(args.seeds):
            part = games[i * args.games:(i + 1) * args.games]
            ws = least_squares(*design([r for g in part for r in g]))
            print(f"  seed {seed} alone: " + ",".join(f"{k}={v:.2f}" for k, v in as_params(ws).items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
