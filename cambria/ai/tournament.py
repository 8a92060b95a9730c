"""Seeded games between computer opponents: win rates with confidence intervals and move times.

Game ``g`` of a tournament with seed ``S`` uses the dice of ``Game(board, n, seed=S*1000003+g)``;
the levels sit in the order given, rotated by ``g`` seats, so every level plays
every seat equally often (the start player is drawn by the game as usual).
Each seat has its own generator for its choices, seeded from the game seed.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from ..core.game import Game
from ..core.registry import ai_for

__all__ = ["play_game", "run_tournament", "wilson", "format_table", "SEAT_LEVELS"]

SEAT_LEVELS = ("random", "easy", "normal", "hard")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``wins`` successes out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_seat(text: str, game: str = "cambria") -> tuple[str, Any]:
    """A seat: a level name, optionally with evaluation weights: ``normal[boat=1.5,narrow=0]``."""
    if "[" not in text:
        return text, None
    name, rest = text.split("[", 1)
    kw = {}
    for item in rest.rstrip("]").split(";" if ";" in rest else ","):
        if item.strip():
            k, v = item.split("=")
            weight = float(v)
            if not math.isfinite(weight):  # '1e999', 'nan', a number too long for a float
                raise ValueError(f"weight {k.strip()[:40]!r} must be a finite number, not {v.strip()[:40]!r}")
            kw[k.strip()] = weight
    return name, ai_for(game).Params(**kw)


def play_game(board: str, levels: Sequence[str], seed: int, nodes: int | None = None) -> dict[str, Any]:
    """One game on ``board`` (a game or board name); ``levels[i]`` plays seat ``i``.
    Returns the winner(s), the scores and the move times."""
    from .players import choose

    n = len(levels)
    game = Game(board, n, seed=seed)
    rules = game.rules
    rngs = [random.Random(seed * 31 + 7 * i + 1) for i in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]  # process time: what the move cost, without stalls
    specs = [parse_seat(lv, rules.facts.id) for lv in levels]
    capped: list[dict[str, Any]] = []
    random_action = getattr(rules, "random_action", None)
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        state = game.state
        p = game.current_player()
        level = levels[p]
        t0 = time.perf_counter()
        c0 = time.process_time()
        if level == "random":
            if random_action is not None:
                action = random_action(state, rngs[p])
            else:
                legal = rules.legal_actions(state)
                action = legal[int(rngs[p].random() * len(legal))]
        else:
            name, params = specs[p]
            choice = choose(rules, state, name, rngs[p], nodes=nodes if name == "hard" else None,
                            params=params)
            action = choice.action
            if choice.clock_capped:
                capped.append({"seat": p, "level": level, "turn": rules.turns(state)})
        times[p].append(time.perf_counter() - t0)
        cpu[p].append(time.process_time() - c0)
        game.play(action)
        if len(game.steps) > rules.facts.max_steps:  # pragma: no cover - a safety net
            raise RuntimeError(f"game {board} seed {seed} does not end")
    out = game.result()
    return {"board": board, "seed": seed, "levels": list(levels), "winners": list(out.winners),
            "scores": list(out.scores[:n]), "turns": rules.turns(game.state), "times": times, "cpu": cpu,
            "clock_capped": capped}


def _job(args: tuple[str, tuple[str, ...], int, int | None]) -> dict[str, Any]:
    board, levels, seed, nodes = args
    return play_game(board, levels, seed, nodes)


def run_tournament(seats: Sequence[str], games: int, seed: int, maps: Sequence[str] = ("cambria",),
                   jobs: int = 1, nodes: int | None = None, progress: Any = None) -> dict[str, Any]:
    """Play ``games`` games per map with the seats rotated; aggregate per level."""
    n = len(seats)
    tasks = []
    for board in maps:
        for g in range(games):
            rot = g % n
            levels = tuple(seats[(i - rot) % n] for i in range(n))
            tasks.append((board, levels, seed * 1_000_003 + g, nodes))
    results: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(_job, tasks, chunksize=1):
                results.append(r)
                if progress:
                    progress(len(results), len(tasks))
    else:
        for t in tasks:
            results.append(_job(t))
            if progress:
                progress(len(results), len(tasks))
    elapsed = time.perf_counter() - t0
    results.sort(key=lambda r: (r["board"], r["seed"]))
    return {"seats": list(seats), "games": len(results), "maps": list(maps), "seed": seed,
            "nodes": nodes, "seconds": elapsed, "summary": summarize(seats, results), "results": results}


def summarize(seats: Sequence[str], results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    n = len(seats)
    out = []
    for level in dict.fromkeys(seats):
        k = sum(1 for s in seats if s == level)
        wins = 0.0
        times: list[float] = []
        cpu: list[float] = []
        for r in results:
            # a shared win counts as a share for each winner
            for w in r["winners"]:
                if r["levels"][w] == level:
                    wins += 1 / len(r["winners"])
            for i, lv in enumerate(r["levels"]):
                if lv == level:
                    times.extend(r["times"][i])
                    cpu.extend(r.get("cpu", r["times"])[i])
        trials = len(results) * k
        lo, hi = wilson(wins, trials)
        times.sort()
        out.append({
            "level": level, "seats": k, "games": len(results), "wins": wins,
            "rate": wins / trials if trials else 0.0, "ci": (lo, hi), "fair": 1 / n,
            "median": times[len(times) // 2] if times else 0.0, "worst": times[-1] if times else 0.0,
            "moves": len(times), "worst_cpu": max(cpu) if cpu else 0.0,
        })
    return out


def format_table(t: dict[str, Any]) -> str:
    lines = [
        f"seats {','.join(t['seats'])}  games {t['games']}  maps {','.join(t['maps'])}  seed {t['seed']}  "
        f"hard nodes {t['nodes'] if t['nodes'] is not None else 'default'}  ({t['seconds']:.0f} s)",
        f"{'level':8} {'seats':>5} {'wins':>6} {'win rate':>9} {'95% CI':>15} {'fair':>6} "
        f"{'median s':>9} {'worst s':>8} {'worst cpu':>9} {'moves':>7}",
    ]
    for s in t["summary"]:
        lo, hi = s["ci"]
        lines.append(
            f"{s['level']:8} {s['seats']:>5} {s['wins']:>6g} {s['rate']:>9.1%} {f'{lo:.1%}-{hi:.1%}':>15} "
            f"{s['fair']:>6.1%} {s['median']:>9.4f} {s['worst']:>8.4f} {s['worst_cpu']:>9.4f} {s['moves']:>7}")
    if any(s["seats"] > 1 for s in t["summary"]):
        lines.append("(win rate per seat: wins of the level / (games x its seats); the fair share is 1/players)")
    lines.append("(times per move in seconds: wall clock; 'worst cpu' is the process time of the slowest move)")
    return "\n".join(lines)
