"""Random-play speed of the rules engine: turns per second for 3 and 5 players.

    python benchmarks/engine.py [--games N] [--seed S]

A "turn" is one regular turn: the roll, the turn's action and the captures
(plus the neutral placement before it in two-player games).  Games are played
by the fast random policy ``rules.random_action`` through the same
``rules.apply`` (with its legality check switched off) that every player uses.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria.core.simulate import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = ap.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    times = []
    for _ in range(5):  # a fresh interpreter each time: the cost a page load pays
        out = subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); import cambria; "
                              "print(time.perf_counter() - t)"], cwd=root, capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    print(f"import cambria: {statistics.median(times) * 1000:.1f} ms (median of 5 fresh interpreters)")
    print(f"{'map':8} {'players':>7} {'games':>6} {'turns/s':>10} {'games/s':>8} {'avg turns':>9}")
    for board in ("cambria", "cumbria"):
        for players in (3, 5):
            best = None
            for r in range(args.repeat):
                stats = simulate(board, players, args.games, args.seed + r)
                if best is None or stats["turns_per_s"] > best["turns_per_s"]:
                    best = stats
            assert best is not None
            print(f"{board:8} {players:>7} {args.games:>6} {best['turns_per_s']:>10,.0f} "
                  f"{best['games_per_s']:>8.1f} {best['avg_turns']:>9.1f}")


if __name__ == "__main__":
    main()
