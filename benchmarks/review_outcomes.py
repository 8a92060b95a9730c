"""The review's loss checked against outcomes (issue 37): moves planted into games, each reviewed
(``review_decision``, the page's own function) and both branches — the planted move and the move
the review calls best — played out to the end many times.

    nice -n 15 python benchmarks/review_outcomes.py --game cambria --players 3 --seeds 0-29 --playouts 100
    python benchmarks/review_outcomes.py --summary

A position is a decision of a seeded game of Normals, at a seat's move with at least four legal
moves, before 80 % of the game (the decision and the seat drawn from the seed).  The kinds of
plant: ``worst`` (the worst move by the one-move default evaluation), ``random`` (a legal move at
random), ``normal`` and ``hard`` (the levels' own choices: what a reasonable and a strong player
play, where the review should find little to say).  The play-outs: every seat played by
``--level`` (Normal by default: a hundred times cheaper than Hard), the dice drawn from the same
seed in both branches (common random numbers: the branches differ by the move, not the dice).
The outcome loss is the difference of the planted player's wins (a shared win counts 1/k) in the
two branches, in points.  One file per position under ``benchmarks/data/review-outcomes/`` (in the repository: the
play-outs are hours of CPU): a second run skips them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cambria import Game  # noqa: E402
from cambria.ai import winchance  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.ai.review import Decision, review_decision  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "review-outcomes"
KINDS = ("worst", "random", "normal", "hard")


def position(game: str, n: int, seed: int) -> Game:
    """A game of Normals played to a decision drawn from ``seed`` (at least four legal moves)."""
    rng = random.Random(f"review-outcomes:{game}:{n}:{seed}")
    target = rng.uniform(0.05, 0.8)
    g = Game(game, n, seed=seed)
    rngs = [random.Random(f"pos:{seed}:{i}") for i in range(n)]
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        if winchance.progress(g.rules, g.state) >= target and len(g.legal_actions()) >= 4:
            return g
        p = g.current_player()
        g.play(choose(g.rules, g.state, "normal", rngs[p]).action)
    raise ValueError(f"seed {seed}: no decision found")


def planted(g: Game, kind: str, seed: int) -> Any:
    rules, state = g.rules, g.state
    p = rules.current_player(state)
    actions = list(rules.legal_actions(state))
    if kind == "random":
        return random.Random(f"plant:{seed}").choice(actions)
    if kind in ("normal", "hard"):
        return choose(rules, state, kind, random.Random(f"plant:{seed}")).action

    def value(a: Any) -> float:
        after = rules.clone(state)
        rules.apply_action(after, a, False)
        if rules.is_terminal(after):
            return 1e9 if p in rules.outcome(after).winners else -1e9
        return winchance.utilities(rules, after)[p]

    return min(actions, key=value)


def playout(rules: Any, state: Any, level: str, seed: int) -> list[int]:
    """The winners of ``state`` played to the end by ``level`` everywhere, dice from ``seed``."""
    s = rules.clone(state)
    dice = random.Random(f"dice:{seed}")
    rngs = [random.Random(f"move:{seed}:{i}") for i in range(8)]
    while not rules.is_terminal(s):
        if rules.is_chance(s):
            rules.apply_chance(s, rules.sample_chance(s, dice))
        else:
            p = rules.current_player(s)
            rules.apply_action(s, choose(rules, s, level, rngs[p]).action, False)
    return list(rules.outcome(s).winners)


def measure(game: str, n: int, seed: int, kind: str, playouts: int, level: str) -> dict[str, Any]:
    t0 = time.process_time()
    g = position(game, n, seed)
    rules, state = g.rules, g.state
    p = rules.current_player(state)
    action = planted(g, kind, seed)
    d = Decision(0, len(g.steps), rules.turns(state), p, rules.action_to_text(action), rules.clone(state),
                 rules.turns(state))
    item = review_decision(g, d)
    t_review = time.process_time() - t0
    best = rules.text_to_action(item["best"])
    wins = {"planted": 0.0, "best": 0.0}
    if item["best"] != item["played"]:
        for branch, a in (("planted", action), ("best", best)):
            after = rules.clone(state)
            rules.apply_action(after, a, False)
            for j in range(playouts):
                winners = playout(rules, after, level, seed * 100_003 + j)
                wins[branch] += 1.0 / len(winners) if p in winners else 0.0
    diff = (wins["best"] - wins["planted"]) / playouts
    return {"game": game, "players": n, "seed": seed, "kind": kind, "player": p, "played": item["played"],
            "best": item["best"], "review_loss": item["loss"], "verdict": item["verdict"],
            "outcome_loss": round(100 * diff, 2), "wins": wins, "playouts": playouts, "level": level,
            "review_cpu": round(t_review, 3), "cpu": round(time.process_time() - t0, 3)}


def path_of(game: str, n: int, seed: int, kind: str, playouts: int, level: str) -> Path:
    return OUT / f"{game}-{n}p-{kind}-{level}-{playouts}-{seed}.json"


def summary() -> None:
    rows = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(OUT.glob("*.json"))]
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["game"], r["players"], r["kind"]), []).append(r)
    print("| game | kind | plants | mean review loss | mean outcome loss (± s.e.) | verdicts good/inacc./mistake/blunder "
          "| outcome > 8 called mistake or worse | outcome < 3 called mistake or worse | CPU per plant |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game, n in sorted({(g, n) for g, n, _ in groups}):   # every kind together
        groups[(game, n, "all kinds")] = [r for r in rows if r["game"] == game and r["players"] == n]
    for (game, n, kind), rs in sorted(groups.items()):
        k = len(rs)
        mean_r = sum(r["review_loss"] for r in rs) / k
        outs = [r["outcome_loss"] for r in rs]
        mean_o = sum(outs) / k
        sd = math.sqrt(sum((o - mean_o) ** 2 for o in outs) / max(1, k - 1))
        verdicts = [sum(1 for r in rs if r["verdict"] == v) for v in ("good", "inaccuracy", "mistake", "blunder")]
        big = [r for r in rs if r["outcome_loss"] > 8]
        small = [r for r in rs if r["outcome_loss"] < 3]
        hit = sum(1 for r in big if r["verdict"] in ("mistake", "blunder"))
        alarm = sum(1 for r in small if r["verdict"] in ("mistake", "blunder"))
        cpu = sum(r["cpu"] for r in rs) / k
        print(f"| {game} {n}p | {kind} | {k} | {mean_r:.1f} | {mean_o:.1f} ± {sd / math.sqrt(k):.1f} | "
              f"{'/'.join(map(str, verdicts))} | {hit} of {len(big)} | {alarm} of {len(small)} | {cpu:.0f} s |")
    xs = [r["review_loss"] for r in rows]
    ys = [r["outcome_loss"] for r in rows]
    if len(rows) > 2:
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
        vx = sum((x - mx) ** 2 for x in xs)
        vy = sum((y - my) ** 2 for y in ys)
        if vx > 0 and vy > 0:
            print(f"\ncorrelation of review loss and outcome loss over {len(rows)} plants: "
                  f"{cov / math.sqrt(vx * vy):.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cambria", choices=("cambria", "hibernia"))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seeds", default="0-9", help="a range of seeds, first-last")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--summary", action="store_true", help="only print the table of what is there")
    args = ap.parse_args(argv)
    if args.summary:
        summary()
        return 0
    first, last = (int(x) for x in args.seeds.split("-"))
    OUT.mkdir(parents=True, exist_ok=True)
    for seed in range(first, last + 1):
        for kind in args.kinds.split(","):
            path = path_of(args.game, args.players, seed, kind, args.playouts, args.level)
            if path.exists():
                continue
            row = measure(args.game, args.players, seed, kind, args.playouts, args.level)
            path.write_text(json.dumps(row) + "\n", encoding="utf-8")
            print(f"{args.game} {args.players}p seed {seed} {kind}: review {row['review_loss']:.1f} "
                  f"({row['verdict']}), outcome {row['outcome_loss']:+.1f}, {row['cpu']:.0f} s", flush=True)
    summary()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
