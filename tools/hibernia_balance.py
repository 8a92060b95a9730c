"""The balance report of docs/hibernia.md: win rates per seat and per starting fort.

``python tools/hibernia_balance.py --games 1000 --level normal --jobs 2`` plays
seeded four-player games between equal computer players (seeded as ``tournament``
seeds its games) and prints how often each seat wins, counted from the start player,
and how often the player who started on each fort wins (a shared win counts as a share).
The start player and the fort draw are the first two chance steps of a game, so they are
read back from its seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cambria.ai.players import choose  # noqa: E402
from cambria.ai.tournament import wilson  # noqa: E402
from cambria.core.game import Game  # noqa: E402
from cambria.games.hibernia.board import load_board  # noqa: E402

__all__ = ["balance", "format_report", "main"]


def _setup(seed: int, players: int, advanced: bool) -> tuple[int, tuple[int, ...]]:
    """The start player and the fort draw of the game with this seed."""
    game = Game("hibernia", players, seed=seed, advanced=advanced)
    game.roll()
    game.roll()
    state = game.state
    return state.start_player, state.fort_colours


def _job(args: tuple[str, int, int, bool]) -> dict[str, Any]:
    level, players, seed, advanced = args
    winners, turns = _play(level, players, seed, advanced)
    start, forts = _setup(seed, players, advanced)
    return {"seed": seed, "winners": winners, "start": start, "forts": list(forts), "turns": turns}


def _play(level: str, players: int, seed: int, advanced: bool) -> tuple[list[int], int]:
    """One game between equal players, seeded as ``tournament`` seeds its games."""
    game = Game("hibernia", players, seed=seed, advanced=advanced)
    rngs = [random.Random(seed * 31 + 7 * i + 1) for i in range(players)]
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        p = game.current_player()
        if level == "random":
            legal = game.legal_actions()
            game.play(legal[int(rngs[p].random() * len(legal))])
        else:
            game.play(choose(game.rules, game.state, level, rngs[p]).action)
    return list(game.result().winners), game.rules.turns(game.state)


def balance(games: int, level: str = "normal", seed: int = 1, jobs: int = 1, players: int = 4,
            advanced: bool = False) -> dict[str, Any]:
    """Play the games and count the wins per seat (from the start player) and per fort."""
    tasks = [(level, players, seed * 1_000_003 + g, advanced) for g in range(games)]
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            results = list(pool.imap_unordered(_job, tasks, chunksize=4))
    else:
        results = [_job(t) for t in tasks]
    board = load_board()
    seat_wins = [0.0] * players
    fort_wins = [0.0] * 4
    fort_games = [0] * 4
    turns = 0
    for r in results:
        share = 1 / len(r["winners"])
        turns += r["turns"]
        for w in r["winners"]:
            seat_wins[(w - r["start"]) % players] += share
            fort_wins[r["forts"].index(w)] += share
        for f, c in enumerate(r["forts"]):
            if c < players:
                fort_games[f] += 1
    return {
        "games": games, "level": level, "seed": seed, "players": players, "advanced": advanced,
        "avg_turns": turns / games, "seat_wins": seat_wins,
        "forts": [board.counties[i].id for i in board.forts],
        "fort_names": [board.counties[i].name for i in board.forts],
        "fort_colours": [board.counties[i].colour for i in board.forts],
        "fort_wins": fort_wins, "fort_games": fort_games,
    }


def format_report(r: dict[str, Any]) -> str:
    lines = [f"{r['games']} games, {r['players']} players, all {r['level']}"
             f"{' (advanced setup)' if r['advanced'] else ''}, seed {r['seed']}, "
             f"{r['avg_turns']:.1f} turns per game",
             f"{'seat (from the start player)':<40} {'wins':>6} {'win rate':>9}   95% CI"]
    for i, w in enumerate(r["seat_wins"]):
        lo, hi = wilson(w, r["games"])
        lines.append(f"  {'seat ' + str(i + 1):<38} {w:>6g} {w / r['games']:>9.1%}   {lo:.1%}-{hi:.1%}")
    lines.append(f"{'starting fort':<40} {'wins':>6} {'win rate':>9}   95% CI")
    for cid, name, colour, w, n in zip(r["forts"], r["fort_names"], r["fort_colours"], r["fort_wins"],
                                       r["fort_games"], strict=True):
        if n == 0:
            continue
        lo, hi = wilson(w, n)
        label = f"{cid} {name} ({colour})"
        lines.append(f"  {label:<38} {w:>6g} {w / n:>9.1%}   {lo:.1%}-{hi:.1%}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/hibernia_balance.py",
                                 description="Win rates per seat and per starting fort between equal players.")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--level", default="normal", choices=("random", "easy", "normal", "hard"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--advanced", action="store_true")
    args = ap.parse_args(argv)
    print(format_report(balance(args.games, args.level, args.seed, args.jobs, args.players, args.advanced)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
