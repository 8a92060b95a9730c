"""A screen of other valid colourings and fort sets for Hibernia's board (docs/hibernia.md).

``python tools/hibernia_colourings.py --sets 12 --colourings 2 --games 100 --jobs 2`` lists
every valid colouring of the board's counties (the rules of the board design: five counties
of each colour, no two neighbours alike, the central four all different), ranks the fort
sets (one fort in each outer province) by how evenly they split the board (each county goes
to its nearest fort, ties shared) after how far apart they are, and for the most even sets plays seeded four-player games
between Normal players on a few colourings in which the forts have four different colours.
It prints one line per board tried: the forts with their colours and their win rates.
Borders, arrows and the track stay as they are.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cambria.games.hibernia import board as board_module  # noqa: E402
from hibernia_balance import balance, format_report  # noqa: E402

COLOURS = ("blue", "green", "red", "yellow")
BOARD_FILE = Path(__file__).resolve().parent.parent / "cambria" / "games" / "hibernia" / "data" / "board.json"


def neighbours(data: dict[str, Any]) -> list[set[int]]:
    ids = {c["id"]: i for i, c in enumerate(data["counties"])}
    adj: list[set[int]] = [set() for _ in data["counties"]]
    for x, y in data["borders"] + data["arrows"]:
        adj[ids[x]].add(ids[y])
        adj[ids[y]].add(ids[x])
    central = [i for i, c in enumerate(data["counties"]) if c["central"]]
    for x, y in itertools.permutations(central, 2):
        adj[x].add(y)
    return adj


def colourings(adj: list[set[int]]) -> list[tuple[int, ...]]:
    """Every colouring with five counties of each colour and no two neighbours alike."""
    n = len(adj)
    order = sorted(range(n), key=lambda i: -len(adj[i]))
    col = [-1] * n
    used = [0] * 4
    out: list[tuple[int, ...]] = []

    def place(k: int) -> None:
        if k == n:
            out.append(tuple(col))
            return
        i = order[k]
        for c in range(4):
            if used[c] < 5 and all(col[j] != c for j in adj[i]):
                col[i] = c
                used[c] += 1
                place(k + 1)
                used[c] -= 1
                col[i] = -1

    place(0)
    return out


def distances(adj: list[set[int]]) -> list[list[int]]:
    n = len(adj)
    dist = [[n] * n for _ in range(n)]
    for s in range(n):
        dist[s][s] = 0
        front = [s]
        while front:
            nxt = []
            for u in front:
                for v in adj[u]:
                    if dist[s][v] == n:
                        dist[s][v] = dist[s][u] + 1
                        nxt.append(v)
            front = nxt
    return dist


def provinces(data: dict[str, Any]) -> list[list[int]]:
    """The counties of each outer province."""
    out: dict[str, list[int]] = {}
    for i, c in enumerate(data["counties"]):
        if not c["central"]:
            out.setdefault(c["province"], []).append(i)
    return list(out.values())


def fort_sets(data: dict[str, Any], dist: list[list[int]]) -> list[tuple[tuple[int, float], tuple[int, ...]]]:
    """Every choice of one fort per outer province: the forts furthest from each other first
    (the distance from a fort to the nearest other one, at its smallest), then the most even
    split of the board."""
    ranked = []
    for forts in itertools.product(*provinces(data)):
        share = [0.0] * 4
        for v in range(len(dist)):
            d = [dist[f][v] for f in forts]
            near = [k for k in range(4) if d[k] == min(d)]
            for k in near:
                share[k] += 1 / len(near)
        apart = min(dist[a][b] for a, b in itertools.combinations(forts, 2))
        ranked.append(((-apart, max(share) - min(share)), forts))
    ranked.sort()
    return ranked


def make_board(data: dict[str, Any], colouring: Sequence[int], forts: Sequence[int]) -> dict[str, Any]:
    new = copy.deepcopy(data)
    for i, c in enumerate(new["counties"]):
        c["colour"] = COLOURS[colouring[i]]
        c["fort"] = i in forts
    return new


def screen(sets: int, per_set: int, games: int, jobs: int, seed: int, rainbow: bool,
           skip: int = 0, short: Sequence[str] = (), allowed: Sequence[str] = ()) -> list[dict[str, Any]]:
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    adj = neighbours(data)
    allc = colourings(adj)
    print(f"{len(allc)} valid colourings", flush=True)
    if rainbow:  # every outer province holds all four colours
        allc = [c for c in allc if all(len({c[i] for i in p}) == 4 for p in provinces(data))]
        print(f"{len(allc)} with all four colours in every outer province", flush=True)
    named = {data["counties"][p[0]]["province"]: p for p in provinces(data)}
    for name in short:  # provinces whose counties may not hold all four colours
        allc = [c for c in allc if len({c[i] for i in named[name]}) < 4]
    if short:
        print(f"{len(allc)} with fewer than four colours in {', '.join(short)}", flush=True)
    ids = [c["id"] for c in data["counties"]]
    rng = random.Random(seed)
    rows = []
    ranked = [(k, f) for k, f in fort_sets(data, distances(adj))
              if not allowed or all(ids[i] in allowed for i in f)]
    print(f"{len(ranked)} fort sets", flush=True)
    for spread, forts in ranked[skip:skip + sets]:
        fit = [c for c in allc if len({c[f] for f in forts}) == 4]
        if not fit:
            continue
        for colouring in rng.sample(fit, min(per_set, len(fit))):
            new = make_board(data, colouring, forts)
            board_module._cache["hibernia"] = board_module.board_from_dict(new)  # validated
            r = balance(games, "normal", seed, jobs)
            rates = [w / n for w, n in zip(r["fort_wins"], r["fort_games"], strict=True)]
            row = {"forts": r["forts"], "colours": r["fort_colours"], "rates": rates,
                   "rank": spread, "colouring": "".join("bgry"[k] for k in colouring)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def near_colourings(data: dict[str, Any]) -> list[tuple[int, tuple[int, ...]]]:
    """(counties recoloured, colouring) for every valid colouring of ``data`` that keeps its forts
    four colours and gives each fort a county of each of the three other colours next to it (not
    a fort), fewest recoloured first."""
    adj = neighbours(data)
    forts = [i for i, c in enumerate(data["counties"]) if c["fort"]]
    own = [COLOURS.index(c["colour"]) for c in data["counties"]]
    fits = []
    for col in colourings(adj):
        if len({col[f] for f in forts}) < 4:
            continue
        if all(len({col[v] for v in adj[f] if v not in forts} - {col[f]}) == 3 for f in forts):
            fits.append((sum(a != b for a, b in zip(col, own, strict=True)), col))
    fits.sort()
    return fits


def near_screen(count: int, games: int, jobs: int, seed: int, skip: int = 0) -> list[dict[str, Any]]:
    """The colourings closest to the board's own (fewest counties recoloured), with its forts,
    in which every fort has a county of each of the three other colours next to it (not a fort;
    the first colouring, until 2026-11-23, left Laois, Carlow & Kilkenny with Tipperary, a
    rival's fort, as its only blue neighbour).  Plays ``games`` games on each of the first ``count`` after ``skip``."""
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    forts = [i for i, c in enumerate(data["counties"]) if c["fort"]]
    fits = near_colourings(data)
    print(f"{len(fits)} colourings give every fort the other three colours next to it", flush=True)
    rows = []
    for changed, col in fits[skip:skip + count]:
        board_module._cache["hibernia"] = board_module.board_from_dict(make_board(data, col, forts))
        r = balance(games, "normal", seed, jobs)
        rates = [w / n for w, n in zip(r["fort_wins"], r["fort_games"], strict=True)]
        row = {"forts": r["forts"], "colours": r["fort_colours"], "rates": rates, "changed": changed,
               "colouring": "".join("bgry"[k] for k in col)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def halving(candidates: int, games: int, rounds: int, keep: float, jobs: int, seed: int,
            around: str = "") -> list[dict[str, Any]]:
    """A wider screen by successive halving: ``candidates`` boards drawn at random (seeded) from
    every valid colouring with every fort set whose forts are four colours and pairwise not
    neighbours (or, with ``around`` = ``COLOURING:FORTS``, the ``candidates`` valid colourings
    nearest that board, its forts kept, the board itself first), each played ``games`` games;
    the ``keep`` share with the smallest worst deviation from 25% plays ``games`` more (new game
    seeds) each round, for ``rounds`` rounds. Prints each board's running rates as it finishes."""
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    adj = neighbours(data)
    allc = colourings(adj)
    ids = [c["id"] for c in data["counties"]]
    rng = random.Random(seed)
    if around:
        colouring, _, fort_ids = around.partition(":")
        base = tuple("bgry".index(ch) for ch in colouring)
        forts = tuple(sorted(ids.index(f) for f in fort_ids.split(",")))
        fits = sorted((sum(a != b for a, b in zip(c, base, strict=True)), c) for c in allc
                      if len({c[k] for k in forts}) == 4)
        print(f"{len(fits)} valid colourings with these forts in four colours", flush=True)
        chosen = [(c, forts) for _, c in fits[:candidates]]
    else:
        sets = [f for f in itertools.product(*provinces(data))
                if all(b not in adj[a] for a, b in itertools.combinations(f, 2))]
        pool = [(c, f) for f in sets for c in allc if len({c[k] for k in f}) == 4]
        print(f"{len(sets)} fort sets without neighbouring forts, {len(pool)} boards", flush=True)
        chosen = rng.sample(pool, min(candidates, len(pool)))
    alive = [{"col": c, "forts": f, "wins": [0.0] * 4, "games": [0] * 4} for c, f in chosen]
    for rnd in range(rounds):
        for b in alive:
            board_module._cache["hibernia"] = board_module.board_from_dict(make_board(data, b["col"], b["forts"]))
            r = balance(games, "normal", seed * 100 + rnd, jobs)
            for k in range(4):
                b["wins"][k] += r["fort_wins"][k]
                b["games"][k] += r["fort_games"][k]
            rates = [w / max(n, 1) for w, n in zip(b["wins"], b["games"], strict=True)]
            b["worst"] = max(abs(x - 0.25) for x in rates)
            print(json.dumps({"round": rnd, "forts": [ids[k] for k in sorted(b["forts"])],
                              "rates": [round(x, 3) for x in rates], "games": b["games"][0],
                              "colouring": "".join("bgry"[k] for k in b["col"])}), flush=True)
        alive.sort(key=lambda b: b["worst"])
        alive = alive[:max(1, int(len(alive) * keep))]
    return alive


def play_board(spec: str, games: int, jobs: int, seed: int) -> dict[str, Any]:
    """The balance report of one board given as ``COLOURING:FORTS`` (validated before play)."""
    colouring, _, forts = spec.partition(":")
    data = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    ids = [c["id"] for c in data["counties"]]
    if len(colouring) != len(ids) or set(colouring) - set("bgry"):
        raise SystemExit(f"--board: the colouring needs one of b, g, r, y for each of the {len(ids)} counties")
    unknown = [f for f in forts.split(",") if f not in ids]
    if unknown:
        raise SystemExit(f"--board: unknown fort county {unknown[0]!r}")
    new = make_board(data, ["bgry".index(ch) for ch in colouring], [ids.index(f) for f in forts.split(",")])
    try:
        board_module._cache["hibernia"] = board_module.board_from_dict(new)
    except board_module.HiberniaBoardError as exc:
        raise SystemExit(f"--board: {exc}") from None
    return balance(games, "normal", seed, jobs)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/hibernia_colourings.py", description=__doc__.split("\n")[0])
    ap.add_argument("--sets", type=int, default=12, help="fort sets to try, most even first")
    ap.add_argument("--colourings", type=int, default=2, help="colourings tried per fort set")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rainbow", action="store_true", help="only colourings with all four colours in every "
                                                             "outer province")
    ap.add_argument("--skip", type=int, default=0, help="leave out the first fort sets of the ranking (with --near: the first colourings)")
    ap.add_argument("--short", default="", help="provinces (by name, comma-separated) that must lack a colour")
    ap.add_argument("--forts", default="", help="the counties (ids, comma-separated) a fort may stand on")
    ap.add_argument("--board", default="", metavar="COLOURING:FORTS",
                    help="play only this board, e.g. byrgrbrgygrbyygrbgyb:MCA,SLE,LCK,CLI (the colours "
                         "b/g/r/y of the counties in board order, then the fort ids), and print the full report")
    ap.add_argument("--near", type=int, default=0, metavar="K",
                    help="play the K colourings closest to the board's own that give every fort the three "
                         "other colours next to it (forts unchanged)")
    ap.add_argument("--halving", type=int, default=0, metavar="K",
                    help="successive halving over K random boards without neighbouring forts "
                         "(--games per round, --rounds, --keep)")
    ap.add_argument("--around", default="", metavar="COLOURING:FORTS",
                    help="with --halving: the K valid colourings nearest this board instead, forts kept")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--keep", type=float, default=0.25)
    args = ap.parse_args(argv)
    if args.halving:
        halving(args.halving, args.games, args.rounds, args.keep, args.jobs, args.seed, args.around)
        return 0
    if args.near:
        near_screen(args.near, args.games, args.jobs, args.seed, args.skip)
        return 0
    if args.board:
        print(format_report(play_board(args.board, args.games, args.jobs, args.seed)))
        return 0
    screen(args.sets, args.colourings, args.games, args.jobs, args.seed, args.rainbow, args.skip,
           [p for p in args.short.split(",") if p], [f for f in args.forts.split(",") if f])
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
