"""Self-play games for the win chance that knows who is playing (issue 37), written to files by
seed range so that an interrupted run loses one range at most and a second run skips the ranges
it has.

    nice -n 15 python benchmarks/winchance_games.py --first 1000000 --count 2048 --jobs 1

Every game is a function of its seed: the game (Cambria and Hibernia in turn, range by range),
the number of players (every count the game allows, in turn), Cambria's map, and the **mix** of
levels people meet on the page:

* ``levels``: every seat drawn from Easy, Normal and Hard alike (every level against every other);
* ``person``: one seat stands for a person, played by Normal (the level a person's seat counts as
  in the model: ``winchance.PERSON``), against one to four Hards.

At every decision point a game notes the progress, each regular player's utility by the default
evaluation and her score so far (what the softmax of the scores, the naive rule the model must
beat, sees); at the end, who won; and the seat that started (``start``) and the CPU seconds the
game took.  Seeds even and odd alternate within a range, so the fit (even) and the held-out check
(odd) get the same mixes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cambria import Game  # noqa: E402
from cambria.ai import winchance  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.core.registry import boards_of, rules_for  # noqa: E402

# kept in the repository (about 1 KB a game, gzipped): the games are hours of CPU, and a run
# goes on from what is here on any machine, in any session
OUT = ROOT / "benchmarks" / "data" / "winchance-games"
RANGE = 16            # seeds per file: both mixes, every player count, even and odd
GAMES = ("cambria", "hibernia")
LEVELS = ("easy", "normal", "hard")
MIXES = ("levels", "person")
ROUND = 5

Record = dict[str, Any]


def setup(game: str, seed: int) -> tuple[str, int, str, list[str]]:
    """Board, number of players, mix and the seats' levels of game ``seed``.

    >>> [setup("hibernia", s)[1:3] for s in (0, 1, 2, 4, 6)]
    [(3, 'levels'), (3, 'levels'), (4, 'levels'), (3, 'person'), (4, 'person')]
    >>> setup("cambria", 10)[:3], sorted(setup("cambria", 10)[3])
    (('cambria', 3, 'person'), ['hard', 'hard', 'normal'])
    """
    facts = rules_for(game).facts
    counts = list(range(facts.min_players, facts.max_players + 1))
    n = counts[(seed // 2) % len(counts)]
    mix = MIXES[(seed // (2 * len(counts))) % len(MIXES)]
    boards = boards_of(game)
    board = boards[(seed // (2 * len(counts) * len(MIXES))) % len(boards)]
    rng = random.Random(f"winchance-levels:{game}:{seed}")
    if mix == "levels":
        levels = [rng.choice(LEVELS) for _ in range(n)]
    else:
        levels = ["hard"] * n
        levels[rng.randrange(n)] = winchance.PERSON
    return board, n, mix, levels


def play(game: str, seed: int) -> Record:
    """One seeded game with its decision points (progress, utilities, scores), winners and cost."""
    board, n, mix, levels = setup(game, seed)
    t0 = time.process_time()
    g = Game(board, n, seed=seed)
    rules = g.rules
    rngs = [random.Random(seed * 31 + 7 * i + 1) for i in range(n)]
    points: list[list[Any]] = []
    start = None
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        state = g.state
        if start is None:
            start = rules.start_player(state)
        x = round(winchance.progress(rules, state), ROUND)
        us = [round(u, ROUND) for u in winchance.utilities(rules, state)]
        scores = [float(s) for s in rules.outcome(state).scores[:n]]
        points.append([x, us, scores])
        p = g.current_player()
        g.play(choose(rules, state, levels[p], rngs[p]).action)
    return {"game": game, "seed": seed, "board": board, "mix": mix, "levels": levels, "start": start,
            "winners": sorted(rules.outcome(g.state).winners), "points": points,
            "cpu": round(time.process_time() - t0, 3)}


def range_path(game: str, first: int) -> Path:
    return OUT / f"{game}-{first}-{first + RANGE - 1}.json.gz"


def ranges(first: int, count: int) -> list[tuple[str, int]]:
    """The (game, first seed) of every range, the games in turn so both grow alike."""
    return [(g, s) for s in range(first, first + count, RANGE) for g in GAMES]


def generate(first: int, count: int, jobs: int) -> None:
    todo = [(g, s) for g, s in ranges(first, count) if not range_path(g, s).exists()]
    print(f"{len(todo)} ranges of {RANGE} games to play", file=sys.stderr, flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    for g, s in todo:
        t0 = time.perf_counter()
        tasks = [(g, seed) for seed in range(s, s + RANGE)]
        if jobs > 1:
            import multiprocessing as mp

            with mp.get_context("fork").Pool(jobs) as pool:
                records = pool.starmap(play, tasks)
        else:
            records = [play(*t) for t in tasks]
        path = range_path(g, s)
        tmp = path.with_suffix(".tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as f:
            json.dump({"records": records, "wall": round(time.perf_counter() - t0, 1)}, f)
        os.replace(tmp, path)   # a range is there whole or not at all
        cpu = sum(r["cpu"] for r in records)
        print(f"{g} {s}..{s + RANGE - 1}: {time.perf_counter() - t0:.0f} s wall, {cpu:.0f} s CPU",
              file=sys.stderr, flush=True)


def load(games: Sequence[str] = GAMES) -> dict[str, list[Record]]:
    """Every game played so far, by game, in seed order."""
    out: dict[str, list[Record]] = {g: [] for g in games}
    for path in sorted(OUT.glob("*.json.gz")):
        g = path.name.split("-", 1)[0]
        if g in out:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                out[g] += json.load(f)["records"]
    for g in out:
        out[g].sort(key=lambda r: int(r["seed"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1_000_000, help="the first seed (a multiple of 16)")
    ap.add_argument("--count", type=int, default=2048, help="seeds per game")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.first % RANGE:
        ap.error(f"--first must be a multiple of {RANGE}")
    generate(args.first, args.count, max(1, min(2, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
