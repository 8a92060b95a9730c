"""Tune the computer players by self-play: each variant plays seeded games against default Normals.

    python benchmarks/ai_tune.py --players 3 --games 150 --jobs 2 "depth=3;beam=1;samples=6" "mix=0.5"

A variant is a list of ``key=value`` separated by ``;``:

* Hard's search settings (``cambria.ai.players.HardSettings``): ``depth``, ``root_width``,
  ``beam``, ``opponents``, ``deep_width``, ``samples`` (outcomes per chance level, ``,``-separated,
  ``all`` for every outcome), and ``nodes`` (the node budget);
* anything else is an evaluation weight (``cambria.games.cambria.evaluate.Params``) for
  the tuned seat, e.g. ``mix=0.5``.

``--level normal`` tunes Normal's weights instead (search settings do not apply).
The tuned seat plays every seat equally often against ``--players - 1`` default
Normals (or ``--against``); every variant plays the same seeds, so the dice are
the same for all.  Prints the tuned seat's win rate with its 95% interval (the
fair share is 1 / players).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cambria.ai import players  # noqa: E402
from cambria.ai.tournament import run_tournament  # noqa: E402

SEARCH_KEYS = {"depth", "root_width", "beam", "opponents", "samples", "nodes", "deep_width"}


def apply_variant(text: str, n_players: int, level: str) -> str:
    """Set Hard's search settings for this process (the workers fork from it); return the
    seat spec with the evaluation weights."""
    weights = []
    hs = players.HARD[n_players] = players.HardSettings(**vars(players.DEFAULT_HARD[n_players]))
    for item in filter(None, (x.strip() for x in text.split(";"))):
        key, value = (x.strip() for x in item.split("="))
        if key in SEARCH_KEYS and level == "hard":
            if key == "nodes":
                hs.nodes = int(value)
            elif key == "samples":
                hs.samples = tuple(None if v == "all" else int(v) for v in value.split(","))
            else:
                setattr(hs, key, int(value))
        else:
            weights.append(f"{key}={value}")
    return f"{level}[{';'.join(weights)}]" if weights else level


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="variants: key=value;key=value (one per argument; '' = default)")
    ap.add_argument("--games", type=int, default=150, help="games per map (default 150)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--level", default="hard", choices=("hard", "normal"))
    ap.add_argument("--against", default="normal", help="the level of the other seats (default normal)")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--map", default="both", help="cambria, cumbria or both (default)")
    args = ap.parse_args()
    maps = ("cambria", "cumbria") if args.map == "both" else (args.map,)
    for v in args.variants:
        seat = apply_variant(v, args.players, args.level)
        seats = [seat] + [args.against] * (args.players - 1)
        t0 = time.process_time()
        t = run_tournament(seats, args.games, args.seed, maps, args.jobs)
        s = t["summary"][0]
        lo, hi = s["ci"]
        print(f"{v or 'default':50} {s['rate']:6.1%}  ({lo:.1%}-{hi:.1%})  n={s['games']}  "
              f"median {s['median']:.3f}s  worst cpu {s['worst_cpu']:.3f}s  {t['seconds']:.0f}s "
              f"(parent cpu {time.process_time() - t0:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
