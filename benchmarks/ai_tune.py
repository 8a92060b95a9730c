"""Tune the evaluation: each variant of the weights plays as Normal against two default Normals.

    python benchmarks/ai_tune.py --games 200 --jobs 2 "boat=1.5" "narrow=0" ...

Prints the variant's win rate with its 95% interval (fair share 33%).  The
default weights live in ``cambria/ai/evaluate.py`` (Params).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria.ai.tournament import run_tournament  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="weights as k=v,k=v (one variant per argument)")
    ap.add_argument("--games", type=int, default=150, help="games per map")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--map", default="both")
    args = ap.parse_args()
    maps = ("cambria", "cumbria") if args.map == "both" else (args.map,)
    for v in args.variants:
        seats = [f"{args.level}[{v}]"] + ["normal"] * (args.players - 1)
        t = run_tournament(seats, args.games, args.seed, maps, args.jobs)
        s = t["summary"][0]
        lo, hi = s["ci"]
        print(f"{v:40} {s['rate']:6.1%}  ({lo:.1%}-{hi:.1%})  n={s['games']}  {t['seconds']:.0f}s", flush=True)


if __name__ == "__main__":
    main()
