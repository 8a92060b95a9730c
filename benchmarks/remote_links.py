"""How long the links of remote games are: whole games between simulated devices (one device per
seat, random legal decisions, every link opened and checked by every other device), for each game
and player count. Prints a Markdown table for docs/remote-play.md.

    python benchmarks/remote_links.py [--games 100] [--jobs 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cambria.remote.simulate import play_remote_game  # noqa: E402

CASES = [("cambria", 2), ("cambria", 3), ("cambria", 4), ("cambria", 5), ("hibernia", 3), ("hibernia", 4)]
LABELS = "ABCDE"


def one_game(args: tuple[str, int, int]) -> dict[str, list[int]]:
    game, players, seed = args
    run = play_remote_game(game, list(LABELS[:players]), seed=seed)
    out: dict[str, list[int]] = {"invite": [], "join": [], "turn": []}
    for kind, link in run.links:
        out[kind].append(len(link))
    return out


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        for game, players in CASES:
            results = list(pool.map(one_game, [(game, players, seed) for seed in range(args.games)]))
            turns = [n for r in results for n in r["turn"]]
            per_game_max = [max(r["turn"]) for r in results]
            rows.append({"game": game, "players": players, "games": len(results), "links": len(turns),
                         "links_per_game": round(len(turns) / len(results), 1),
                         "median": int(statistics.median(turns)), "p95": percentile(turns, 0.95),
                         "max": max(turns), "median_game_max": int(statistics.median(per_game_max)),
                         "over_2000": sum(n > 2000 for n in turns),
                         "invite": max(n for r in results for n in r["invite"]),
                         "join_max": max(n for r in results for n in r["join"])})
            print(f"{game} {players}p done", file=sys.stderr)
    print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()} {platform.python_implementation()} "
          f"{platform.python_version()}, {args.games} games per row, {time.time() - started:.0f} s\n")
    print("| game | players | turn links per game | median | 95th pct. | longest | over 2,000 | invite | longest join |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game'].capitalize()} | {r['players']} | {r['links_per_game']} | {r['median']} | {r['p95']} | "
              f"{r['max']} | {r['over_2000']} | {r['invite']} | {r['join_max']} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
