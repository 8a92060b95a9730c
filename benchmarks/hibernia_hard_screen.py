"""Screen variants of Hibernia's Hard against three Normals, one game per line of a file.

    python benchmarks/hibernia_hard_screen.py --seed 2 --games 100 --out runs/h-opp3.jsonl \\
        --search opponents=3,root_width=12 --weights replies=3

plays the games ``tournament --game hibernia --seats hard,normal,normal,normal --seed S``
plays (game g: the game seed ``S*1000003+g``, the seats rotated by g), with Hard's search
settings (fields of ``cambria.ai.players.HardSettings`` for four players, this process only)
and evaluation weights (``Params``) replaced as given.  Each finished game is appended to
``--out`` at once, so a run that is stopped keeps what it played, and a run started
again skips the games already in the file.  Without ``--search`` and ``--weights`` it
plays Hard as shipped: the same games as the tournament command.
``--summary FILE...`` prints the win rate (95% Wilson interval) and CPU times per move of
Hard for each file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Any, Sequence

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria.ai import players  # noqa: E402
from cambria.ai.tournament import play_game, wilson  # noqa: E402


def _kv(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for item in text.split(","):
        if item.strip():
            k, v = item.split("=")
            out[k.strip()] = float(v)
    return out


def summary(path: str) -> str:
    games = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    wins = 0.0
    cpu: list[float] = []
    for g in games:
        hard = g["levels"].index(g["hard_level"])
        if hard in g["winners"]:
            wins += 1 / len(g["winners"])
        cpu.extend(g["hard_cpu"])
    n = len(games)
    lo, hi = wilson(wins, n)
    cpu.sort()
    med = statistics.median(cpu) if cpu else 0.0
    worst = cpu[-1] if cpu else 0.0
    p90 = cpu[int(0.9 * len(cpu))] if cpu else 0.0
    return (f"{path}: {n} games, Hard {wins:g} wins = {wins / max(n, 1):.1%} ({lo:.1%}-{hi:.1%}); "
            f"CPU per move median {med:.3f} s, 90% {p90:.3f} s, worst {worst:.3f} s ({len(cpu)} moves)")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first game number")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--out")
    ap.add_argument("--search", default="", help="HardSettings fields, e.g. opponents=3,root_width=24")
    ap.add_argument("--weights", default="", help="Hard's evaluation weights, e.g. replies=3,threat=0.3")
    ap.add_argument("--summary", nargs="*")
    args = ap.parse_args(argv)
    if args.summary:
        for p in args.summary:
            print(summary(p))
        return 0
    search = _kv(args.search)
    settings = players.HardSettings(**vars(players.HARD[4]))
    for k, v in search.items():
        if not hasattr(settings, k):
            raise SystemExit(f"unknown search setting {k!r}")
        setattr(settings, k, int(v))
    players.HARD[4] = settings
    hard = "hard" + (f"[{args.weights}]" if args.weights else "")
    seats = (hard, "normal", "normal", "normal")
    done: set[int] = set()
    if os.path.exists(args.out):
        done = {json.loads(line)["game"] for line in open(args.out, encoding="utf-8") if line.strip()}
    for g in range(args.first, args.first + args.games):
        if g in done:
            continue
        rot = g % 4
        levels = tuple(seats[(i - rot) % 4] for i in range(4))
        r: dict[str, Any] = play_game("hibernia", levels, args.seed * 1_000_003 + g)
        h = levels.index(hard)
        line = {"game": g, "seed": r["seed"], "levels": list(levels), "hard_level": hard,
                "winners": r["winners"], "scores": r["scores"], "turns": r["turns"],
                "hard_cpu": [round(x, 4) for x in r["cpu"][h]], "search": vars(settings),
                "clock_capped": r["clock_capped"]}
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")
    print(summary(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
