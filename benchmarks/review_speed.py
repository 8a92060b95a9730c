#!/usr/bin/env python3
"""How long the engine's review of a whole game takes in CPython (cambria/ai/review.py).

    .venv/bin/python benchmarks/review_speed.py [--games 3] [--seed 1] [--json FILE]

Plays seeded games of the kinds the issue names (three-player Cambria: Hard, Normal, Normal;
four-player Hibernia: Hard, Normal, Hard, Normal), then reviews each in one go as the command
line does and prints per game the decisions, the seconds (wall and CPU) and the seconds per
decision, and what the review says of each level's moves (its verdicts, the largest loss).
The target is at most 30 s in the browser, where Pyodide takes about 2.2x CPython's
time (benchmarks/review_browser.py, docs/benchmarks.md): so at most about 13 s here.  The review's node budget per decision decides
every result, so the figures say how long, never what.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cambria.ai import review as review_module  # noqa: E402
from reviewgames import play_record  # noqa: E402  (tests/reviewgames.py: the seeded games)

KINDS = {"cambria": ["hard", "normal", "normal"], "hibernia": ["hard", "normal", "hard", "normal"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="games per kind (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    ap.add_argument("--json", default=None, metavar="FILE", help="also write the rows as JSON")
    args = ap.parse_args()
    rows = []
    print(f"review: depth {review_module.REVIEW_DEPTH}, {review_module.REVIEW_NODES:,} nodes per decision")
    for board, levels in KINDS.items():
        for seed in range(args.seed, args.seed + args.games):
            record, _ = play_record(board, levels, seed)
            review_module._CACHE.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            result = review_module.review(record)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            n = result["total"]
            row = {"game": board, "players": len(levels), "seed": seed, "steps": len(record["steps"]),
                   "decisions": n, "seconds": round(wall, 2), "cpu": round(cpu, 2),
                   "per_decision": round(cpu / n, 3)}
            for level in sorted(set(levels)):  # what the review says of each level's moves
                losses = [d["loss"] for d in result["decisions"] if levels[d["player"]] == level]
                row[level] = {"decisions": len(losses), "max_loss": max(losses, default=0.0),
                              **{v: sum(review_module.verdict_of(x) == v for x in losses)
                                 for v, _ in review_module.VERDICTS}}
            rows.append(row)
            print(f"  {board:<9} {len(levels)}p seed {seed:<3} {n:>3} decisions  {wall:6.2f} s wall  "
                  f"{cpu:6.2f} s CPU  {cpu / n:.3f} s per decision", flush=True)
    for board, levels in KINDS.items():
        cpus = [r["cpu"] for r in rows if r["game"] == board]
        print(f"{board}: median {statistics.median(cpus):.2f} s CPU, worst {max(cpus):.2f} s "
              f"(target: at most about 13 s here)")
        for level in sorted(set(levels)):
            mine = [r[level] for r in rows if r["game"] == board]
            counts = {v: sum(m[v] for m in mine) for v, _ in review_module.VERDICTS}
            print(f"  {level}'s moves: " + ", ".join(f"{k} {v}" for k, v in counts.items())
                  + f"; largest loss {max(m['max_loss'] for m in mine):.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
