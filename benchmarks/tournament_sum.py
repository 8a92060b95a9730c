"""Add up tournament runs: the JSON files of ``python -m cambria tournament --json``, one table.

    python benchmarks/tournament_sum.py runs/h3-*.json

On a shared machine a long tournament is best played as many short runs with
consecutive seeds (each finishes and writes its file, so an interrupted series
loses one run, not all of them), for instance::

    for s in $(seq 1 50); do
        python -m cambria tournament --seats hard,normal,normal --games 6 --map all \\
            --seed $s --jobs 2 --json runs/h3-$s.json
    done

Every run must have the same seats and maps; the table counts each game once
(the same game twice is refused) and gives each level's win rate with its 95%
Wilson interval, as a single run would, and the slowest move's CPU time.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria.ai.tournament import wilson  # noqa: E402


def merge(paths: list[str]) -> str:
    """The table of the finished runs among ``paths``."""
    runs = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            text = f.read()
        if text.strip():  # a run still playing has an empty file
            runs.append(json.loads(text))
    if not runs:
        raise SystemExit("no finished runs among the files given")
    seats, maps = runs[0]["seats"], runs[0]["maps"]
    games: list[dict[str, Any]] = []
    seen: set[tuple[str, int]] = set()
    for r in runs:
        if r["seats"] != seats or r["maps"] != maps:
            raise SystemExit(f"runs differ: seats {r['seats']} maps {r['maps']} vs {seats} {maps}")
        for g in r["games_detail"]:
            key = (g["board"], g["seed"])
            if key in seen:
                raise SystemExit(f"game {key} appears twice")
            seen.add(key)
            games.append(g)
    seeds = sorted(r["seed"] for r in runs)
    lines = [f"seats {','.join(seats)}  games {len(games)}  maps {','.join(maps)}  "
             f"seeds {seeds[0]}..{seeds[-1]} ({len(runs)} runs)",
             f"{'level':8} {'seats':>5} {'wins':>7} {'win rate':>9} {'95% CI':>15} {'fair':>6} "
             f"{'worst cpu s':>11} {'moves':>7}"]
    n = len(seats)
    for level in dict.fromkeys(seats):
        k = seats.count(level)
        # a shared win counts as a share for each winner, as in a single run
        wins = sum(1 / len(g["winners"]) for g in games for w in g["winners"] if g["levels"][w] == level)
        trials = len(games) * k
        lo, hi = wilson(wins, trials)
        rows = [s for r in runs for s in r["summary"] if s["level"] == level]
        worst = max(s["worst_cpu"] for s in rows)
        moves = sum(s["moves"] for s in rows)
        lines.append(f"{level:8} {k:>5} {wins:>7g} {wins / trials:>9.1%} {f'{lo:.1%}-{hi:.1%}':>15} "
                     f"{1 / n:>6.1%} {worst:>11.3f} {moves:>7}")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    print(merge(sys.argv[1:]))


if __name__ == "__main__":
    main()
