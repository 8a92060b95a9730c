"""Fit the win-chance model on self-play and check it on held-out games (cambria/ai/winchance.py).

    python benchmarks/winchance_fit.py --games 2000 --seed 0 --jobs 2      # both games
    python benchmarks/winchance_fit.py --game hibernia --games 2000 --seed 0 --jobs 2

Plays seeded games (seeds ``seed`` .. ``seed + games - 1``) with every player count the game
allows (in turn, by seed) and a level per seat drawn from ``LEVEL_WEIGHTS`` (Cambria on both
maps).  At every decision point it notes the game's progress and each regular player's
utility by the default evaluation; at the end, who won (1, 1/k each for a win shared by k, 0).
The **even** seeds fit the model: per number of players and band of progress a logistic
``P(win) = sigmoid(a + b * utility)`` by Newton's method (pure Python).  The **odd** seeds are
held out: the value the page shows (``winchance.chances``: the players' values normalised to
sum to 1) is put in ten bins of 10 points, and per bin the mean predicted chance is set against
the observed win rate.  The model, that table and how it was made go into
``cambria/ai/winchance.json`` (other games in the file are kept), with a digest of the first
games' samples, so a test can replay them and prove the figures come from this code.

The games' samples are kept in ``.cache/winchance/``, 100 games a file as they end: a run
interrupted keeps what it played, and a second run fits and checks again from the files without
playing (``--replay`` plays them again).  Every game is a function of its seed (the levels decide
by node budgets), so the same arguments write the same model on any machine.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import hashlib
import json
import math
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cambria import Game  # noqa: E402
from cambria.ai import winchance  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.core.registry import boards_of, rules_for  # noqa: E402

OUT = ROOT / "cambria" / "ai" / winchance.FILE
CACHE = ROOT / ".cache" / "winchance"

# a seat's level: Hard costs about a hundred times what Normal does per game, so it gets the
# share of the seats a run of a few thousand games per game can afford on two cores
LEVEL_WEIGHTS: tuple[tuple[str, float], ...] = (("easy", 0.40), ("normal", 0.56), ("hard", 0.04))
# bands of progress (the game's own hook, 0..1), one logistic each per number of players
BANDS: tuple[float, ...] = (0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0)
DIGEST_GAMES = 4          # the first games of a run whose samples the digest covers
ROUND = 6                 # decimals kept of progress and utilities (the digest's text)

Record = dict[str, Any]   # one game: seed, board, levels, winners, points [[progress, [u...]]]


def setup(game: str, seed: int) -> tuple[str, int, list[str]]:
    """The board, the number of players and the seats' levels of game ``seed``: every player
    count in turn (even and odd seeds alike), Cambria's maps in turn, levels drawn per seat.

    >>> setup("hibernia", 0)[:2], setup("hibernia", 2)[:2], setup("hibernia", 4)[:2]
    (('hibernia', 3), ('hibernia', 4), ('hibernia', 3))
    """
    facts = rules_for(game).facts
    counts = list(range(facts.min_players, facts.max_players + 1))
    n = counts[(seed // 2) % len(counts)]
    boards = boards_of(game)
    board = boards[(seed // (2 * len(counts))) % len(boards)]
    rng = random.Random(f"winchance:{game}:{seed}")
    names = [lv for lv, _ in LEVEL_WEIGHTS]
    weights = [w for _, w in LEVEL_WEIGHTS]
    return board, n, rng.choices(names, weights, k=n)


def play(game: str, seed: int) -> Record:
    """One seeded game: the progress and every regular player's utility at each decision point,
    and the winners."""
    board, n, levels = setup(game, seed)
    g = Game(board, n, seed=seed)
    rules = g.rules
    rngs = [random.Random(seed * 31 + 7 * i + 1) for i in range(n)]
    points: list[list[Any]] = []
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        state = g.state
        x = round(winchance.progress(rules, state), ROUND)
        points.append([x, [round(u, ROUND) for u in winchance.utilities(rules, state)]])
        p = g.current_player()
        g.play(choose(rules, state, levels[p], rngs[p]).action)
    return {"game": game, "seed": seed, "board": board, "levels": levels,
            "winners": sorted(rules.outcome(g.state).winners), "points": points}


def _job(args: tuple[str, int]) -> Record:
    return play(*args)


def samples_digest(records: Sequence[Record]) -> str:
    """SHA-256 of the games' samples as canonical JSON (what a test replays and compares)."""
    keep = [{k: r[k] for k in ("game", "seed", "board", "levels", "winners", "points")} for r in records]
    text = json.dumps(keep, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def won(record: Record, player: int) -> float:
    """1 for the single winner, 1/k each for a win shared by k, else 0."""
    winners = record["winners"]
    return 1.0 / len(winners) if player in winners else 0.0


def play_all(game: str, seeds: Sequence[int], jobs: int, progress: bool = True) -> list[Record]:
    """The games of ``seeds`` on ``jobs`` processes (at most two: the machine is shared)."""
    return play_many([(game, s) for s in seeds], jobs, progress)


def play_many(tasks: Sequence[tuple[str, int]], jobs: int, progress: bool = True) -> list[Record]:
    out: list[Record] = []
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(_job, tasks, chunksize=2):
                out.append(r)
                if progress and len(out) % 100 == 0:
                    print(f"  {len(out)}/{len(tasks)} games, {time.perf_counter() - t0:.0f} s",
                          file=sys.stderr, flush=True)
    else:
        out = [_job(t) for t in tasks]
    out.sort(key=lambda r: (r["game"], int(r["seed"])))
    return out


# ------------------------------------------------------------------------------- the fit

def fit_logistic(xs: Sequence[float], ys: Sequence[float], ridge: float = 1e-3,
                 steps: int = 50) -> tuple[float, float]:
    """``(a, b)`` maximising the likelihood of ``y ~ sigmoid(a + b x)`` (``y`` in [0, 1]) by Newton's
    method, with a small ridge on ``b`` so that a band without contrast stays finite.

    >>> a, b = fit_logistic([-2, -1, -1, 0, 0, 1, 1, 2], [0, 0, 1, 0, 1, 0, 1, 1])
    >>> abs(round(a, 3)), b > 0
    (0.0, True)
    """
    a = b = 0.0
    for _ in range(steps):
        ga = gb = 0.0
        haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = winchance.sigmoid(a + b * x)
            w = p * (1.0 - p)
            ga += y - p
            gb += (y - p) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        gb -= ridge * b
        hbb += ridge
        haa += 1e-9
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a += da
        b += db
        if abs(da) < 1e-10 and abs(db) < 1e-10:
            break
    return a, b


def fit_shown(points: Sequence[tuple[Sequence[float], Sequence[float]]], start: tuple[float, float],
              steps: int = 30) -> tuple[float, float]:
    """``(a, b)`` maximising the likelihood of who won under the value the page shows: each
    player's ``sigmoid(a + b u)`` divided by their sum (``points``: the players' utilities and
    wins at each decision point).  Newton's method from ``start`` (the per-player fit) with the
    gradient exact and its derivative by differences; a step that does not improve is halved.

    >>> a, b = fit_shown([([2.0, -2.0], [1.0, 0.0]), ([1.0, -1.0], [0.0, 1.0])] * 3, (0.0, 0.1))
    >>> b > 0
    True
    """
    def value_and_grad(a: float, b: float) -> tuple[float, float, float]:
        ll = ga = gb = 0.0
        for us, ys in points:
            ss = [winchance.sigmoid(a + b * u) for u in us]
            total = sum(ss)
            wins = sum(ys)
            da = db = 0.0
            for u, s, y in zip(us, ss, ys, strict=True):
                if y:
                    ll += y * math.log(max(s / total, 1e-300))
                    ga += y * (1.0 - s)
                    gb += y * (1.0 - s) * u
                d = s * (1.0 - s) / total
                da += d
                db += d * u
            ga -= wins * da
            gb -= wins * db
        return ll, ga, gb

    a, b = start
    ll, ga, gb = value_and_grad(a, b)
    h = 1e-4
    for _ in range(steps):
        _, ga1, gb1 = value_and_grad(a + h, b)
        _, ga2, gb2 = value_and_grad(a, b + h)
        haa, hab, hba, hbb = (ga1 - ga) / h, (gb1 - gb) / h, (ga2 - ga) / h, (gb2 - gb) / h
        hab = (hab + hba) / 2
        det = haa * hbb - hab * hab
        if haa < 0 and det > 0:   # concave here: a Newton step
            da = -(hbb * ga - hab * gb) / det
            db = -(haa * gb - hab * ga) / det
        else:                     # otherwise up the gradient
            da, db = 1e-4 * ga, 1e-4 * gb
        t = 1.0
        while t > 1e-6:
            na, nb = a + t * da, b + t * db
            nll, nga, ngb = value_and_grad(na, nb)
            if nll >= ll:
                break
            t /= 2
        else:
            break
        moved = abs(na - a) + abs(nb - b)
        a, b, ll, ga, gb = na, nb, nll, nga, ngb
        if moved < 1e-7:
            break
    return a, b


def samples(records: Iterable[Record]) -> Iterable[tuple[int, float, float, float]]:
    """(players, progress, utility, won) for every regular player at every decision point."""
    for r in records:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        for x, us in r["points"]:
            for p in range(n):
                yield n, x, us[p], wins[p]


def fit(records: Sequence[Record], bands: Sequence[float] = BANDS) -> dict[str, dict[str, list[list[float]]]]:
    """Two logistics per number of players (keys "2", "3", ...) and band of progress: ``models``,
    each player's win alone (``fit_logistic``: what ``winchance.chance`` gives), and ``shown``,
    refined for the value the page shows, the players' values normalised (``fit_shown``: what
    ``winchance.chances`` uses; with two players the two are one and the same)."""
    grouped: dict[tuple[int, int], list[tuple[list[float], list[float]]]] = {}
    for r in records:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        for x, us in r["points"]:
            grouped.setdefault((n, winchance.band_of(bands, x)), []).append((us, wins))
    models: dict[str, list[list[float]]] = {}
    shown: dict[str, list[list[float]]] = {}
    for n in sorted({k[0] for k in grouped}):
        row: list[list[float]] = []
        row_shown: list[list[float]] = []
        for band in range(len(bands) - 1):
            points = grouped.get((n, band))
            if points:
                xs = [u for us, _ in points for u in us]
                ys = [y for _, ws in points for y in ws]
                a, b = fit_logistic(xs, ys)
                sa, sb = fit_shown(points, (a, b)) if n > 2 else (a, b)
            else:  # pragma: no cover - a band no game reached: the even chance, the interim slope
                a, b = sa, sb = -math.log(max(1, n - 1)), 0.3
            row.append([round(a, 5) + 0.0, round(b, 5) + 0.0])  # + 0.0: no "-0.0" in the file
            row_shown.append([round(sa, 5) + 0.0, round(sb, 5) + 0.0])
        models[str(n)] = row
        shown[str(n)] = row_shown
    return {"models": models, "shown": shown}


def predicted(model: dict[str, Any], game: str, n: int, x: float, us: Sequence[float]) -> list[float]:
    """What the page shows (``winchance.chances``) for utilities ``us`` at progress ``x``."""
    a, b = model["shown"][str(n)][winchance.band_of(model["bands"], x)]
    raw = [winchance.sigmoid(a + b * u) for u in us]
    total = sum(raw)
    return [r / total for r in raw]


def check(records: Sequence[Record], model: dict[str, Any], bins: int = 10) -> list[dict[str, Any]]:
    """The ten-bin table: per bin of the shown chance its mean, the observed win rate, the number
    of samples and of games behind them (bins without samples are left out)."""
    total = [0.0] * bins
    seen = [0.0] * bins
    count = [0] * bins
    games: list[set[int]] = [set() for _ in range(bins)]
    for r in records:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        for x, us in r["points"]:
            for p, c in enumerate(predicted(model, r["game"], n, x, us)):
                k = min(bins - 1, int(c * bins))
                total[k] += c
                seen[k] += wins[p]
                count[k] += 1
                games[k].add(int(r["seed"]))
    return [{"bin": [k / bins, (k + 1) / bins], "predicted": round(total[k] / count[k], 4),
             "observed": round(seen[k] / count[k], 4), "samples": count[k], "games": len(games[k])}
            for k in range(bins) if count[k]]


# ------------------------------------------------------------------------------- the run

CHUNK = 100   # games per cache file: an interrupted run keeps what it played


def chunk_path(game: str, first: int, count: int) -> Path:
    """The cache file of the ``count`` games from seed ``first``: named by its count, so that a
    run whose last chunk was short (``--games 150``) leaves no file a longer run takes for whole."""
    return CACHE / f"{game}-{first}-{count}.json.gz"


def cached_chunk(game: str, first: int, end: int) -> Path | None:
    """The cache file (one per game and first seed) holding the games of seeds ``first`` ..
    ``min(first + CHUNK, end) - 1``, if there is one."""
    need = min(CHUNK, end - first)
    for path in CACHE.glob(f"{game}-{first}-*.json.gz"):
        if int(path.name[: -len(".json.gz")].rsplit("-", 1)[1]) >= need:
            return path
    return None


def load_or_play(games: Sequence[str], seed: int, count: int, jobs: int,
                 replay: bool) -> dict[str, tuple[list[Record], float]]:
    """Every game's records of seeds ``seed`` .. ``seed + count - 1`` and the seconds they took to
    play, from the cache where it has them; the chunks still missing are played (all the games'
    chunks in one pool, in turn, so that both games progress alike) and cached as they end."""
    missing = [(g, first) for first in range(seed, seed + count, CHUNK) for g in games
               if replay or cached_chunk(g, first, seed + count) is None]
    for g, first in missing:
        t0 = time.perf_counter()
        records = play_many([(g, s) for s in range(first, min(first + CHUNK, seed + count))], jobs, False)
        path = chunk_path(g, first, len(records))
        path.parent.mkdir(parents=True, exist_ok=True)
        for stale in CACHE.glob(f"{g}-{first}-*.json.gz"):  # a shorter (or replayed) chunk's file
            stale.unlink()
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump({"records": records, "seconds": time.perf_counter() - t0}, f)
        print(f"  {g} {first}..{first + len(records) - 1}: {time.perf_counter() - t0:.0f} s", file=sys.stderr,
              flush=True)
    out: dict[str, tuple[list[Record], float]] = {}
    for g in games:
        records: list[Record] = []
        seconds = 0.0
        for first in range(seed, seed + count, CHUNK):
            path = cached_chunk(g, first, seed + count)
            assert path is not None  # played just above if it was missing
            with gzip.open(path, "rt", encoding="utf-8") as f:
                stored = json.load(f)
            records += [r for r in stored["records"] if r["seed"] < seed + count]
            seconds += float(stored["seconds"])
        out[g] = (records, seconds)
    return out


def summary(records: Sequence[Record]) -> dict[str, Any]:
    levels: dict[str, int] = {}
    players: dict[str, int] = {}
    boards: dict[str, int] = {}
    for r in records:
        for lv in r["levels"]:
            levels[lv] = levels.get(lv, 0) + 1
        players[str(len(r["levels"]))] = players.get(str(len(r["levels"])), 0) + 1
        boards[r["board"]] = boards.get(r["board"], 0) + 1
    return {"games": len(records), "seats_by_level": levels, "games_by_players": players, "games_by_board": boards,
            "samples": sum(1 for _ in samples(records))}


def run(game: str, seed: int, games: int, jobs: int, records: Sequence[Record], seconds: float) -> dict[str, Any]:
    """The model fitted on the even seeds of ``records``, its check on the odd ones, how it was made."""
    train = [r for r in records if r["seed"] % 2 == 0]
    held = [r for r in records if r["seed"] % 2 == 1]
    model: dict[str, Any] = {"bands": list(BANDS), **fit(train)}
    bins = check(held, model)
    first = records[:DIGEST_GAMES]
    model["about"] = {
        "command": f"python benchmarks/winchance_fit.py --games {games} --seed {seed} --jobs {jobs}",
        "seeds": [seed, seed + games - 1], "level_weights": dict(LEVEL_WEIGHTS),
        "fit": {"seeds": "even", **summary(train)},
        "held_out": {"seeds": "odd", **summary(held)},
        "seconds": round(seconds), "jobs": jobs,
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
                   f"{platform.python_version()}",
    }
    model["check"] = bins
    model["digest"] = {"seeds": [int(r["seed"]) for r in first], "sha256": samples_digest(first)}
    return model


def write(game: str, model: dict[str, Any]) -> None:
    data = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    data["version"] = 1
    data.setdefault("games", {})[game] = model
    data["games"] = dict(sorted(data["games"].items()))
    OUT.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")


def format_bins(bins: Sequence[dict[str, Any]]) -> str:
    lines = ["| shown chance | mean shown | observed win rate | samples | games |", "|---|---|---|---|---|"]
    for b in bins:
        lo, hi = b["bin"]
        lines.append(f"| {lo:.0%}–{hi:.0%} | {b['predicted']:.1%} | {b['observed']:.1%} | {b['samples']:,} "
                     f"| {b['games']:,} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("cambria", "hibernia"), action="append",
                    help="the game (repeatable; default: both)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--replay", action="store_true", help="play the games again even if .cache holds them")
    ap.add_argument("--dry-run", action="store_true", help="print the table, do not write winchance.json")
    args = ap.parse_args(argv)
    jobs = max(1, min(2, args.jobs))
    games = args.game or ["cambria", "hibernia"]
    played = load_or_play(games, args.seed, args.games, jobs, args.replay)
    for game in games:
        model = run(game, args.seed, args.games, jobs, *played[game])
        about = model["about"]
        print(f"{game}: {about['fit']['games']} games fitted, {about['held_out']['games']} held out, "
              f"{about['seconds']} s to play; {about['machine']}")
        print(format_bins(model["check"]))
        if not args.dry_run:
            write(game, model)
            print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
