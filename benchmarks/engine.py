"""Speed of the rules engine: full turns against a straightforward implementation, then random playouts.

    python benchmarks/engine.py [--games N] [--seed S] [--repeat R] [--players 3,5] [--maps cambria,cumbria]

1. **Full turns** (the figure that counts): every turn lists *every* legal action,
   as a real turn does (the computer players' search, the page's turn builder),
   and plays one drawn uniformly with the legality check on
   (``cambria.core.simulate``, mode ``full``, through the game interface).  The
   same games are played by ``benchmarks/straightforward.py``, a plain
   implementation of the same rules kept only as a reference; the two must
   produce the very same games (same turns, same scores: checked), so they do
   equal work.
2. **Random playouts** (a shortcut, for scale only): ``random_action`` draws one
   legal action without listing them and plays it unchecked (mode ``sample``).

A "turn" is one regular turn: the roll, the turn's action, the captures (plus the
neutral placement before it in two-player games).  Each figure is the best of
``--repeat`` runs over the *same* seeds, the runs of the engine and of the
reference alternating, so both see the same machine load.  Times are CPU seconds of
this process (``time.process_time``): on a shared machine the wall clock also counts
the time other programs ran.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import straightforward  # noqa: E402
from cambria.core.simulate import play_random_game  # noqa: E402


def run_engine(board: str, players: int, seeds: range, mode: str) -> tuple[float, int, list[tuple[int, list[float]]]]:
    """Seconds, turns and (turns, scores) per game, for the engine in ``mode``."""
    games = []
    turns = 0
    t0 = time.process_time()
    for seed in seeds:
        game = play_random_game(board, players, seed, mode)
        games.append(game)
    elapsed = time.process_time() - t0
    out = []
    for game in games:
        n = game.rules.turns(game.state)
        turns += n
        out.append((n, list(game.rules.outcome(game.state).scores)))
    return elapsed, turns, out


def run_plain(board: str, players: int, seeds: range) -> tuple[float, int, list[tuple[int, list[float]]]]:
    games = []
    t0 = time.process_time()
    for seed in seeds:
        games.append(straightforward.play_random_game(board, players, seed))
    elapsed = time.process_time() - t0
    out = [(g.turns, [float(g.points(c)) for c in range(g.n_colours)]) for g in games]
    return elapsed, sum(t for t, _ in out), out


def import_time() -> float:
    times = []
    for _ in range(5):  # a fresh interpreter each time: the cost a page load pays
        out = subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); import cambria; "
                              "print(time.perf_counter() - t)"], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        times.append(float(out.stdout))
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per map and player count (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs of the same seeds (default 3)")
    ap.add_argument("--players", default="3,5", help="player counts, comma-separated (default 3,5)")
    ap.add_argument("--maps", default="cambria,cumbria", help="maps, comma-separated (default both)")
    args = ap.parse_args()
    if args.games < 1 or args.repeat < 1:
        ap.error("--games and --repeat must be at least 1")
    counts = [int(x) for x in args.players.split(",")]
    maps = args.maps.split(",")
    seeds = range(args.seed, args.seed + args.games)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPython {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load:.1f} at the start; {args.games} games per row, best of {args.repeat} runs "
          f"of the same seeds, CPU time")
    print(f"import cambria: {import_time() * 1000:.1f} ms (median of 5 fresh interpreters)")
    print()
    print("1. Full turns: list every legal action, play one drawn uniformly, legality check on")
    print(f"{'map':8} {'players':>7} {'turns':>7} {'engine turns/s':>15} {'straightforward':>16} {'ratio':>6}")
    for board in maps:
        for players in counts:
            best_e = best_p = float("inf")
            ref = None
            turns = 0
            for _ in range(args.repeat):
                te, turns, games_e = run_engine(board, players, seeds, "full")
                tp, turns_p, games_p = run_plain(board, players, seeds)
                if games_e != games_p:
                    bad = next(i for i, (a, b) in enumerate(zip(games_e, games_p, strict=True)) if a != b)
                    raise SystemExit(f"{board} {players}p seed {seeds[bad]}: the engine and the reference "
                                     f"played different games: {games_e[bad]} vs {games_p[bad]}")
                if ref is not None and games_e != ref:
                    raise SystemExit("the same seeds gave different games")
                ref = games_e
                best_e, best_p = min(best_e, te), min(best_p, tp)
            print(f"{board:8} {players:>7} {turns:>7} {turns / best_e:>15,.0f} {turns / best_p:>16,.0f} "
                  f"{best_p / best_e:>5.1f}x", flush=True)
    print()
    print("2. Random playouts (a shortcut: random_action draws one legal action without listing them,")
    print("   played unchecked; not comparable with the figures above)")
    print(f"{'map':8} {'players':>7} {'turns':>7} {'turns/s':>10} {'games/s':>8} {'avg turns':>9}")
    for board in maps:
        for players in counts:
            best = float("inf")
            turns = 0
            for _ in range(args.repeat):
                t, turns, _games = run_engine(board, players, seeds, "sample")
                best = min(best, t)
            print(f"{board:8} {players:>7} {turns:>7} {turns / best:>10,.0f} {args.games / best:>8.1f} "
                  f"{turns / args.games:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
