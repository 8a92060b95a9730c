"""``python -m cambria tournament``: seeded games between computer opponents."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..board import MAP_IDS

__all__ = ["add_commands"]


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import SEAT_LEVELS, format_table, run_tournament

    seats = [s.strip().lower() for s in args.seats.split(";" if ";" in args.seats else ",") if s.strip()]
    bad = [s for s in seats if s.split("[")[0] not in SEAT_LEVELS]
    if bad or not 2 <= len(seats) <= 5:
        print(f"--seats: 2 to 5 of {', '.join(SEAT_LEVELS)}, separated by commas (got {args.seats!r})",
              file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return 2
    maps = MAP_IDS if args.map == "both" else (args.map,)

    def progress(done: int, total: int) -> None:
        if args.progress and (done % 10 == 0 or done == total):
            print(f"  {done}/{total} games", file=sys.stderr, flush=True)

    t = run_tournament(seats, args.games, args.seed, maps, args.jobs, args.budget, progress)
    print(format_table(t))
    if args.json:
        data: dict[str, Any] = {k: v for k, v in t.items() if k != "results"}
        data["games_detail"] = [{k: v for k, v in r.items() if k not in ("times", "cpu")} for r in t["results"]]
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1)
    return 0


def add_commands(subparsers: Any) -> None:
    tp = subparsers.add_parser(
        "tournament", help="play seeded games between computer levels and print win rates and move times",
        description="Play seeded games between computer levels (easy, normal, hard, random), seats rotated; "
                    "print each level's win rate with a 95%% Wilson interval, the fair share, and its "
                    "median and worst time per move.")
    tp.add_argument("--seats", default="hard,normal,normal", help="levels by seat, e.g. hard,normal,normal")
    tp.add_argument("--games", type=int, default=30, metavar="N", help="games per map")
    tp.add_argument("--seed", type=int, default=1, metavar="S")
    tp.add_argument("--map", default="cambria", choices=(*MAP_IDS, "both"))
    tp.add_argument("--jobs", type=int, default=1, metavar="J", help="games played in parallel processes")
    tp.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                    help="time budget per move (default: each level's own)")
    tp.add_argument("--json", default=None, metavar="FILE", help="also write the results as JSON")
    tp.add_argument("--progress", action="store_true", help="report progress on stderr")
    tp.set_defaults(run=_tournament)
