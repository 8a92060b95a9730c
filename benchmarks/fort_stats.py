"""Count what became of open forts in self-play: the table Hard's own evaluation learns from.

    python benchmarks/fort_stats.py --players 3 --games 12000 --seed 100000 --jobs 2

Plays seeded games of Normal players (game seeds ``seed`` .. ``seed + games - 1``, odd
seeds on the Cambria map, even ones on Cumbria) and, before every regular turn, notes
each open fort's situation (``cambria.games.cambria.fort_stats.situation``: the
warriors on its roads sorted by colour, its empty roads, the legion, the captures
left); at the end of the game it counts, per situation and rank, who took the fort and
who took its VP token.  The counts go into ``cambria/games/cambria/fort_stats.json``
under the number of players (other player counts in the file are kept), one row per
situation: the sorted warriors, empty roads, legion (0/1), captures left, games, then
the fort's and the VP token's winners by rank.

The counts are integers from seeded games, so the same arguments write the same file on
any machine (12,000 three-player games take about 3 minutes on two cores).  Check a new
table with a tournament (``python -m cambria tournament --seats "hard,normal,normal"``
against ``"hard[learned=0],normal,normal"`` on the same seed) before shipping it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cambria import Game  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.games.cambria.fort_stats import FILE, Key, situation  # noqa: E402
from cambria.games.cambria.state import ROLL  # noqa: E402

OUT = ROOT / "cambria" / "games" / "cambria" / FILE
Counts = dict[Key, list[int]]


def play(args: tuple[int, int]) -> Counts:
    """The counts of one seeded game of Normal players."""
    players, seed = args
    game = Game("cambria" if seed % 2 else "cumbria", players, seed=seed)
    rules = game.rules
    rngs = [random.Random(seed * 10 + i) for i in range(players)]
    seen: list[tuple[int, Key, list[int]]] = []
    while not game.is_over():
        if game.is_chance():
            s = game.state
            if s.phase == ROLL:
                fort_mask = s.board.fort_mask
                for f in s.uncaptured:
                    m = fort_mask[f]
                    counts = [(mk & m).bit_count() for mk in s.masks]
                    blocked = 1 if s.legion >= 0 and (m >> s.legion) & 1 else 0
                    empty = (m & ~s.occupied).bit_count() - blocked
                    key, order = situation(counts, empty, blocked, len(s.uncaptured) - 6)
                    seen.append((f, key, order))
            game.roll()
            continue
        p = game.current_player()
        game.play(choose(rules, game.state, "normal", rngs[p]).action)
    end = game.state
    nc = end.n_colours
    out: Counts = {}
    for f, key, order in seen:
        row = out.setdefault(key, [0] * (1 + 2 * nc))
        row[0] += 1
        for rank, c in enumerate(order):
            row[1 + rank] += end.fort_owner[f] == c
            row[1 + nc + rank] += end.vp_owner[f] == c
    return out


def collect(players: int, games: int, seed: int, jobs: int = 1) -> Counts:
    """The counts of ``games`` seeded games (integer sums: the same whatever the order)."""
    total: Counts = {}
    work = [(players, seed + g) for g in range(games)]

    def add(counts: Counts) -> None:
        for key, row in counts.items():
            t = total.setdefault(key, [0] * len(row))
            for i, x in enumerate(row):
                t[i] += x

    if jobs > 1:
        with Pool(jobs) as pool:
            for counts in pool.imap_unordered(play, work, chunksize=8):
                add(counts)
    else:
        for item in work:
            add(play(item))
    return total


def rows_of(counts: Counts) -> list[list[int]]:
    """The file's rows, sorted (a stable file for a stable table)."""
    return sorted([*key[0], key[1], key[2], key[3], *row] for key, row in counts.items())


def write(path: Path, players: int, games: int, seed: int, counts: Counts) -> None:
    data: dict[str, Any] = {"players": {}}
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
    data["about"] = ("What became of open forts in games of Normal players, written by "
                     "benchmarks/fort_stats.py (see cambria/games/cambria/fort_stats.py).")
    data.setdefault("players", {})[str(players)] = {
        "level": "normal", "games": games, "first_seed": seed, "rows": rows_of(counts)}
    # one row per line: readable diffs when the table is made again
    lines = ["{", f'  "about": {json.dumps(data["about"])},', '  "players": {']
    entries = sorted(data["players"].items())
    for j, (n, entry) in enumerate(entries):
        lines.append(f'    "{n}": {{"level": {json.dumps(entry["level"])}, "games": {entry["games"]}, '
                     f'"first_seed": {entry["first_seed"]}, "rows": [')
        rows = entry["rows"]
        # no spaces: the file ships twice on a first visit (the engine archive and the snapshot)
        lines += [f"{json.dumps(r, separators=(',', ':'))}{',' if i + 1 < len(rows) else ''}"
                  for i, r in enumerate(rows)]
        lines.append("    ]}" + ("," if j + 1 < len(entries) else ""))
    lines += ["  }", "}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=100000, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    counts = collect(a.players, a.games, a.seed, a.jobs)
    write(a.out, a.players, a.games, a.seed, counts)
    print(f"{a.players} players, {a.games} games: {len(counts)} situations, "
          f"{sum(r[0] for r in counts.values())} fort positions -> {a.out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
