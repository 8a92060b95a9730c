"""Fit the win chance that knows who is playing (``winchance.chances(..., levels)``) on the games
``benchmarks/winchance_games.py`` wrote to ``benchmarks/data/winchance-games/``, and check it on the held-out ones.

    nice -n 15 python benchmarks/winchance_levels.py            # fit, check, write winchance.json
    nice -n 15 python benchmarks/winchance_levels.py --dry-run  # the tables only

The **even** seeds fit, the **odd** seeds are held out (both have the same mixes).  Per game,
number of players and band of progress (``winchance_fit.BANDS``) three models are fitted on the
even seeds, by maximum likelihood of who won under the value each shows:

* **seated** (what the page shows now): each player's ``sigmoid(theta · seat_features)``
  normalised over the players, the features her utility, her seat's level (Easy, Hard; Normal and
  a person's seat the reference) and her place in the order of play from the start;
* **without levels**: the same with the utility alone (``a + b u``, the shipped model's form);
* **softmax of the scores**: ``exp(w · score) / sum``, one ``w`` fitted (the naive rule of issue 37).

On the odd seeds it prints the Brier score of each (per decision point the sum over the players of
(chance − won)², averaged; the fair share's is 1 − 1/n) per number of players, the ten-bin
calibration of the seated model, the mean shown and won by level and by the order of play at the
first decision.  The fit is pure Python (no numpy): seconds for a few thousand games.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import os
import platform
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cambria.ai import winchance  # noqa: E402
from cambria.core.registry import rules_for  # noqa: E402
from winchance_fit import BANDS, won  # noqa: E402
from winchance_games import LEVELS, load  # noqa: E402

OUT = ROOT / "cambria" / "ai" / winchance.FILE
AB_RIDGE = 2.0       # on a and b (the seated model: on 1 and the logit's weight), towards the shipped model
SEATED_BANDS = (0.0, 0.1, 0.4, 0.7, 1.0)   # coarser than the logit's: fewer weights, more games each
RIDGE = 2.0          # on the level and order weights, against games: few games stay near "no effect"
# the players' features at a decision point, who won, and the point's weight: 1 / the game's points
# in its band, so that every game counts once per band (its points follow each other, they are not
# independent) and the ridge weighs against games, not positions
Point = tuple[list[list[float]], list[float], float]

sigmoid = winchance.sigmoid


def order_of(r: dict[str, Any], p: int) -> int:
    n = len(r["levels"])
    return (p - int(r["start"] or 0)) % n


# a player's features at a decision point: (record, player, progress, utilities, scores)
Features = Callable[[dict[str, Any], int, float, list[float], list[float]], list[float]]


def grouped(records: Sequence[dict[str, Any]], features: Features, edges: Sequence[float],
            ) -> dict[tuple[int, int], list[Point]]:
    out: dict[tuple[int, int], list[Point]] = {}
    for r in records:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        bands = [winchance.band_of(edges, x) for x, *_ in r["points"]]
        for (x, us, sc), band in zip(r["points"], bands, strict=True):
            out.setdefault((n, band), []).append(
                ([features(r, p, x, us, sc) for p in range(n)], wins, 1.0 / bands.count(band)))
    return out


def seated_features(r: dict[str, Any], p: int, x: float, us: list[float], scores: list[float]) -> list[float]:
    n = len(r["levels"])
    a, b = winchance.model_for(r["game"], n, x, shown=True)
    return winchance.seat_features(n, a + b * us[p], r["levels"][p], order_of(r, p), scores[p] - sum(scores) / n, x)


def plain_features(r: dict[str, Any], p: int, x: float, us: list[float], scores: list[float]) -> list[float]:
    return [1.0, us[p]]


def value_and_grad(points: Sequence[Point], theta: Sequence[float], ridge: Sequence[float],
                   center: Sequence[float] | None = None) -> tuple[float, list[float]]:
    """Log-likelihood of who won under the normalised sigmoids, minus the ridge (towards
    ``center``, else 0), and its gradient."""
    k = len(theta)
    ll = 0.0
    g = [0.0] * k
    for fs, ys0, weight in points:
        ys = [weight * y for y in ys0]
        ss = [sigmoid(sum(t * f for t, f in zip(theta, fv, strict=True))) for fv in fs]
        total = sum(ss)
        if total <= 1e-300:   # a step far out of range: worse than anything
            return -math.inf, g
        wins = sum(ys)
        for fv, s, y in zip(fs, ss, ys, strict=True):
            if y:
                ll += y * math.log(max(s / total, 1e-300))  # y carries the weight
                c = y * (1.0 - s)
                for j in range(k):
                    g[j] += c * fv[j]
            d = wins * s * (1.0 - s) / total
            for j in range(k):
                g[j] -= d * fv[j]
    for j in range(k):
        off = theta[j] - (center[j] if center is not None else 0.0)
        ll -= 0.5 * ridge[j] * off ** 2
        g[j] -= ridge[j] * off
    return ll, g


def solve(h: list[list[float]], g: list[float]) -> list[float] | None:
    """x with ``h x = g`` for ``h`` symmetric positive definite (Cholesky), else None."""
    k = len(g)
    low = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1):
            s = h[i][j] - sum(low[i][m] * low[j][m] for m in range(j))
            if i == j:
                if s <= 1e-12:
                    return None
                low[i][i] = math.sqrt(s)
            else:
                low[i][j] = s / low[j][j]
    z = [0.0] * k
    for i in range(k):
        z[i] = (g[i] - sum(low[i][m] * z[m] for m in range(i))) / low[i][i]
    x = [0.0] * k
    for i in reversed(range(k)):
        x[i] = (z[i] - sum(low[m][i] * x[m] for m in range(i + 1, k))) / low[i][i]
    return x


def fit_points(points: Sequence[Point], theta: list[float], ridge: Sequence[float], steps: int = 40,
               ) -> list[float]:
    """Newton's method on the likelihood (Hessian by differences of the exact gradient, damped
    until it is negative definite; a step that does not improve is halved)."""
    k = len(theta)
    center = list(theta)   # the ridge pulls towards where the fit starts
    ll, g = value_and_grad(points, theta, ridge, center)
    h = 1e-5
    for _ in range(steps):
        hess = []
        for j in range(k):
            moved = list(theta)
            moved[j] += h
            hess.append([(a - b) / h for a, b in zip(value_and_grad(points, moved, ridge, center)[1], g, strict=True)])
        neg = [[-(hess[i][j] + hess[j][i]) / 2 for j in range(k)] for i in range(k)]
        damp = 0.0
        step = solve(neg, g)
        while step is None and damp < 1e6:
            damp = max(1e-6, damp * 10)
            step = solve([[neg[i][j] + (damp if i == j else 0.0) for j in range(k)] for i in range(k)], g)
        if step is None:
            break
        size = math.sqrt(sum(d * d for d in step))
        t = min(1.0, 5.0 / size) if size > 0 else 1.0   # no leap far from where the data are
        while t > 1e-6:
            new = [a + t * d for a, d in zip(theta, step, strict=True)]
            nll, ng = value_and_grad(points, new, ridge, center)
            if nll >= ll:
                break
            t /= 2
        else:
            break
        change = sum(abs(a - b) for a, b in zip(new, theta, strict=True))
        theta, ll, g = new, nll, ng
        if change < 1e-7:
            break
    return theta


def fit_models(game: str, records: Sequence[dict[str, Any]], features: Features, edges: Sequence[float],
               offsets_ridge: float = RIDGE, ab_ridge: float = AB_RIDGE) -> dict[str, list[list[float]]]:
    """Per number of players (keys "2", ...) and band of progress (``edges``), the weights of
    ``features``: the model without levels (``plain_features``) from the shipped model's ``a, b``,
    the seated one from 1 × its logit; both pulled back there by ``ab_ridge``."""
    groups = grouped(records, features, edges)
    out: dict[str, list[list[float]]] = {}
    facts = rules_for(game).facts
    for n in range(facts.min_players, facts.max_players + 1):   # every count, played or not
        row: list[list[float]] = []
        for band in range(len(edges) - 1):
            points = groups.get((n, band), [])
            k = len(points[0][0][0]) if points else len(
                features({"game": game, "levels": ["normal"] * n, "start": 0}, 0, 0.0, [0.0] * n, [0.0] * n))
            # from the shipped model (fitted on 2,000 games a game, without levels), pulled back
            # towards it by ``AB_RIDGE``: the new games refine it, few of them do not undo it
            if features is plain_features:
                a, b = winchance.model_for(game, n, (edges[band] + edges[band + 1]) / 2, shown=True)
            else:
                a, b = 0.0, 1.0
            theta = [a, b] + [0.0] * (k - 2)
            ridge = [ab_ridge, ab_ridge] + [offsets_ridge] * (k - 2)
            if k > 2:   # the score's lead and lead x progress (seat_features' 3rd and 4th): slopes
                ridge[2] = ridge[3] = 1e-3   # like b, hardly held back
            if points:
                theta = fit_points(points, theta, ridge)
            row.append([round(t, 5) + 0.0 for t in theta])
        out[str(n)] = row
    return out


def fit_scores(game: str, records: Sequence[dict[str, Any]]) -> dict[str, list[float]]:
    """Per number of players and band the one weight ``w`` of the softmax of the scores."""
    out: dict[str, list[float]] = {}
    groups: dict[tuple[int, int], list[tuple[list[float], list[float]]]] = {}
    for r in records:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        for x, _, scores in r["points"]:
            groups.setdefault((n, winchance.band_of(BANDS, x)), []).append((scores, wins))
    facts = rules_for(game).facts
    for n in range(facts.min_players, facts.max_players + 1):
        row = []
        for band in range(len(BANDS) - 1):
            w = 0.0
            for _ in range(50):   # Newton in one dimension: the softmax likelihood is concave in w
                g = hh = 0.0
                for scores, ys in groups.get((n, band), []):
                    es = [math.exp(w * s - w * max(scores)) for s in scores]
                    total = sum(es)
                    ps = [e / total for e in es]
                    mean = sum(p * s for p, s in zip(ps, scores, strict=True))
                    var = sum(p * (s - mean) ** 2 for p, s in zip(ps, scores, strict=True))
                    wins = sum(ys)
                    g += sum(y * s for y, s in zip(ys, scores, strict=True)) - wins * mean
                    hh += wins * var
                if hh <= 1e-12:
                    break
                step = g / (hh + 1e-3)
                w += step
                if abs(step) < 1e-9:
                    break
            row.append(round(w, 5) + 0.0)
        out[str(n)] = row
    return out


def softmax(w: float, scores: Sequence[float]) -> list[float]:
    top = max(scores)
    es = [math.exp(w * (s - top)) for s in scores]
    total = sum(es)
    return [e / total for e in es]


def normalised(theta: Sequence[float], fs: Sequence[Sequence[float]]) -> list[float]:
    raw = [sigmoid(sum(t * f for t, f in zip(theta, fv, strict=True))) for fv in fs]
    total = sum(raw)
    return [r / total for r in raw]


def predictors(game: str, seated: dict[str, Any], seated_bands: Sequence[float], plain: dict[str, Any],
               scores: dict[str, Any]) -> dict[str, Callable[[dict[str, Any], float, list[float], list[float]], list[float]]]:
    """Each model's chances at a decision point of record ``r`` (progress, utilities, scores)."""
    def band(x: float) -> int:
        return winchance.band_of(BANDS, x)

    def f_seated(r: dict[str, Any], x: float, us: list[float], sc: list[float]) -> list[float]:
        n = len(us)
        a, b = winchance.model_for(game, n, x, shown=True)
        theta = seated[str(n)][winchance.band_of(seated_bands, x)]
        return winchance.seated_shown(theta, [a + b * u for u in us], r["levels"], int(r["start"] or 0), sc, x)

    def f_plain(r: dict[str, Any], x: float, us: list[float], sc: list[float]) -> list[float]:
        return normalised(plain[str(len(us))][band(x)], [[1.0, u] for u in us])

    def f_scores(r: dict[str, Any], x: float, us: list[float], sc: list[float]) -> list[float]:
        return softmax(scores[str(len(us))][band(x)], sc)

    def f_shipped(r: dict[str, Any], x: float, us: list[float], sc: list[float]) -> list[float]:
        a, b = winchance.model_for(game, len(us), x, shown=True)
        raw = [sigmoid(a + b * u) for u in us]
        return [v / sum(raw) for v in raw]

    return {"seated": f_seated, "without levels": f_plain, "softmax of scores": f_scores,
            "shipped (issue 37's)": f_shipped}


def evaluate(game: str, held: Sequence[dict[str, Any]], preds: dict[str, Any]) -> dict[str, Any]:
    """Brier per model and number of players, the ten bins of the seated model, by level, at the start."""
    brier: dict[str, dict[str, list[float]]] = {}
    bins = [[0.0, 0.0, 0, set()] for _ in range(10)]
    by_level: dict[str, list[float]] = {}
    start: dict[str, list[float]] = {}
    for r in held:
        n = len(r["levels"])
        wins = [won(r, p) for p in range(n)]
        for i, (x, us, sc) in enumerate(r["points"]):
            for name, f in preds.items():
                cs = f(r, x, us, sc)
                e = sum((c - y) ** 2 for c, y in zip(cs, wins, strict=True))
                for key in (str(n), "all"):
                    acc = brier.setdefault(name, {}).setdefault(key, [0.0, 0.0])
                    acc[0] += e
                    acc[1] += 1
                if name != "seated":
                    continue
                for p, c in enumerate(cs):
                    b = bins[min(9, int(c * 10))]
                    b[0] += c
                    b[1] += wins[p]
                    b[2] += 1
                    b[3].add(r["seed"])  # type: ignore[union-attr]
                    acc2 = by_level.setdefault(f"{n}p {r['mix']} {r['levels'][p]}", [0.0, 0.0, 0])
                    acc2[0] += c
                    acc2[1] += wins[p]
                    acc2[2] += 1
                    if i == 0:
                        acc3 = start.setdefault(f"{n}p order {order_of(r, p) + 1}", [0.0, 0.0, 0])
                        acc3[0] += c
                        acc3[1] += wins[p]
                        acc3[2] += 1
    return {
        "brier": {name: {k: round(v[0] / v[1], 4) for k, v in per.items()} for name, per in brier.items()},
        "decision_points": {k: int(v[1]) for k, v in brier.get("seated", {}).items()},
        "bins": [{"bin": [k / 10, (k + 1) / 10], "predicted": round(b[0] / b[2], 4), "observed": round(b[1] / b[2], 4),
                  "samples": b[2], "games": len(b[3])} for k, b in enumerate(bins) if b[2]],
        "by_level": {k: [round(v[0] / v[2], 4), round(v[1] / v[2], 4), v[2]] for k, v in sorted(by_level.items())},
        "start": {k: [round(v[0] / v[2], 4), round(v[1] / v[2], 4), v[2]] for k, v in sorted(start.items())},
    }


def games_digest(records: Sequence[dict[str, Any]]) -> str:
    """SHA-256 of games as canonical JSON, without their CPU time (what a test plays again)."""
    keep = [{k: v for k, v in r.items() if k != "cpu"} for r in records]
    return hashlib.sha256(json.dumps(keep, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def digest_of(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The digest of the first two games without a Hard seat (quick to play again in a test)."""
    cheap = [r for r in records if "hard" not in r["levels"]][:2]
    return {"seeds": [int(r["seed"]) for r in cheap], "sha256": games_digest(cheap)}


def report(game: str, records: Sequence[dict[str, Any]], out: dict[str, Any]) -> None:
    cpu = sum(r["cpu"] for r in records)
    print(f"\n## {game}: {len(records)} games ({sum(1 for r in records if r['seed'] % 2 == 0)} fitted), "
          f"{cpu:.0f} s CPU to play ({cpu / max(1, len(records)):.2f} s a game)")
    cost: dict[tuple[int, str], list[float]] = {}
    for r in records:
        cost.setdefault((len(r["levels"]), r["mix"]), []).append(r["cpu"])
    print("CPU seconds a game (games): " + ", ".join(f"{n}p {mix} {sum(c) / len(c):.2f} ({len(c)})"
                                                   for (n, mix), c in sorted(cost.items())))
    ns = sorted(k for k in out["brier"]["seated"] if k != "all") + ["all"]
    print("| model | " + " | ".join(f"{k} players" if k != "all" else "all" for k in ns) + " |")
    print("|---" * (len(ns) + 1) + "|")
    fair = {k: round(1 - 1 / int(k), 4) for k in ns if k != "all"}
    print("| fair share | " + " | ".join(f"{fair[k]:.3f}" if k in fair else "" for k in ns) + " |")
    for name, per in out["brier"].items():
        print(f"| {name} | " + " | ".join(f"{per[k]:.3f}" for k in ns) + " |")
    print("| decision points | " + " | ".join(f"{out['decision_points'][k]:,}" for k in ns) + " |")
    print("\n| shown chance | mean shown | observed | samples | games | gap |\n|---|---|---|---|---|---|")
    for b in out["bins"]:
        gap = 100 * (b["observed"] - b["predicted"])
        print(f"| {b['bin'][0]:.0%}–{b['bin'][1]:.0%} | {b['predicted']:.1%} | {b['observed']:.1%} | {b['samples']:,} "
              f"| {b['games']} | {gap:+.1f} |")
    print("\nby level (mean shown / won / samples):")
    for k, v in out["by_level"].items():
        print(f"  {k:24} {v[0]:.1%} {v[1]:.1%} {v[2]}")
    print("at the first decision, by order of play (mean shown / won / games):")
    for k, v in out["start"].items():
        print(f"  {k:24} {v[0]:.1%} {v[1]:.1%} {v[2]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("cambria", "hibernia"), action="append")
    ap.add_argument("--ridge", type=float, default=RIDGE, help="the ridge on the level and order weights")
    ap.add_argument("--ab-ridge", type=float, default=AB_RIDGE, help="the ridge on a and b (towards the shipped)")
    ap.add_argument("--cv", action="store_true",
                    help="fit on the even seeds of alternate blocks of 32, check on the others (choosing the ridges)")
    ap.add_argument("--bands", default=",".join(map(str, SEATED_BANDS)),
                    help="the seated model's bands of progress")
    ap.add_argument("--dry-run", action="store_true", help="print the tables, do not write winchance.json")
    args = ap.parse_args(argv)
    seated_bands = [float(v) for v in args.bands.split(",")]
    games = args.game or ["cambria", "hibernia"]
    data = json.loads(OUT.read_text(encoding="utf-8"))
    full: dict[str, Any] = {}   # everything measured, baselines too: .fit/levels-report.json
    for game, records in load(games).items():
        train = [r for r in records if r["seed"] % 2 == 0]
        held = [r for r in records if r["seed"] % 2 == 1]
        if args.cv:   # the ridges are chosen on the fitted half alone: half of it fits, half checks
            held = [r for r in train if r["seed"] // 32 % 2 == 1]   # 32 seeds hold every mix, count, map
            train = [r for r in train if r["seed"] // 32 % 2 == 0]
        seated = fit_models(game, train, seated_features, seated_bands, args.ridge, args.ab_ridge)
        plain = fit_models(game, train, plain_features, BANDS, args.ridge, args.ab_ridge)
        scores = fit_scores(game, train)
        out = evaluate(game, held, predictors(game, seated, seated_bands, plain, scores))
        report(game, records, out)
        full[game] = {"out": out, "without_levels": plain, "softmax_of_scores": scores, "seated": seated}
        seeds = [int(r["seed"]) for r in records]
        data["games"][game]["seated"] = {
            "bands": seated_bands, "person": winchance.PERSON, "levels": list(LEVELS),
            "features": "1, a + b utility (the model without levels), score - mean score, the same x progress, easy, hard, 2nd .. nth to move from the start",
            "theta": seated,
            "about": {"command": "python benchmarks/winchance_games.py; python benchmarks/winchance_levels.py",
                      "seeds": [min(seeds), max(seeds)], "games": len(records), "fit": "even seeds",
                      "held_out": "odd seeds", "held_out_games": len(held), "cpu_seconds_to_play": round(sum(r["cpu"] for r in records)),
                      "date": datetime.date.today().isoformat(),
                      "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                                 f"{platform.python_implementation()} {platform.python_version()}"},
            "check": {k: out[k] for k in ("brier", "decision_points", "bins")},
            "ridges": {"levels_and_order": args.ridge, "a_and_b": args.ab_ridge},
            "digest": digest_of(records),
        }
    (ROOT / ".fit").mkdir(exist_ok=True)
    (ROOT / ".fit" / f"levels-report{'-cv' if args.cv else ''}.json").write_text(json.dumps(full, indent=1) + "\n",
                                                                                 encoding="utf-8")
    if not args.dry_run and not args.cv:
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
