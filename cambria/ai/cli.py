"""``python -m cambria tournament``: seeded games between computer opponents."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..cliargs import pick_boards, positive_int, seed_int
from ..core.registry import GAME_IDS, rules_for

__all__ = ["add_commands", "split_seats"]


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import SEAT_LEVELS, format_table, parse_seat, run_tournament

    facts = rules_for(args.game).facts
    seats = split_seats(args.seats)
    bad = [s for s in seats if s.split("[")[0] not in SEAT_LEVELS]
    if bad or not facts.min_players <= len(seats) <= facts.max_players:
        what = f"unknown level {bad[0][:40]!r}" if bad else f"{len(seats)} seats"
        args.parser.error(f"--seats: {facts.min_players} to {facts.max_players} of {', '.join(SEAT_LEVELS)}, "
                          f"separated by commas (got {args.seats[:80]!r}: {what})")
    try:
        maps = pick_boards(args.game, args.map)
        for s in seats:  # weights in brackets must name real evaluation parameters
            parse_seat(s, args.game)
    except (ValueError, TypeError) as exc:
        args.parser.error(f"--seats/--map: {exc}")

    out = None
    if args.json:  # refuse an unwritable file now, not after the games
        try:
            out = open(args.json, "w", encoding="utf-8")
        except OSError as exc:
            args.parser.error(f"--json: cannot write {args.json}: {exc.strerror or exc}")

    def progress(done: int, total: int) -> None:
        if args.progress and (done % 10 == 0 or done == total):
            print(f"  {done}/{total} games", file=sys.stderr, flush=True)

    try:
        t = run_tournament(seats, args.games, args.seed, maps, args.jobs, args.nodes, progress)
        print(format_table(t))
        if out is not None:
            data: dict[str, Any] = {k: v for k, v in t.items() if k != "results"}
            data["games_detail"] = [{k: v for k, v in r.items() if k not in ("times", "cpu")}
                                    for r in t["results"]]
            json.dump(data, out, indent=1)
    finally:
        if out is not None:
            out.close()
    return 0


def split_seats(text: str) -> list[str]:
    """The seats of ``--seats``: separated by commas (or semicolons) outside the weight brackets.

    >>> split_seats("hard, normal[boat=1.5;narrow=0],Easy")
    ['hard', 'normal[boat=1.5;narrow=0]', 'easy']
    """
    seats, cur, depth = [], "", 0
    for ch in text + ",":
        depth += (ch == "[") - (ch == "]")
        if ch in ",;" and depth <= 0:
            if cur.strip():
                seats.append(cur.strip().lower())
            cur, depth = "", 0
        else:
            cur += ch
    return seats


def add_commands(subparsers: Any) -> None:
    tp = subparsers.add_parser(
        "tournament", help="play seeded games between computer levels and print win rates and move times",
        description="Play seeded games between computer levels (easy, normal, hard, random), seats rotated "
                    "so that every level plays every seat; print each level's win rate with a 95 percent "
                    "Wilson interval, the fair share, and its median and worst time per move.")
    tp.add_argument("--game", default="cambria", choices=GAME_IDS, help="which game (default: cambria)")
    tp.add_argument("--seats", default="hard,normal,normal",
                    help="levels by seat, e.g. hard,normal,normal (default); a level may carry evaluation "
                         "weights for tuning, e.g. 'normal[boat=1.5;narrow=0]' (Cambria) or "
                         "'normal[threat=0.4]' (Hibernia)")
    tp.add_argument("--games", type=positive_int, default=30, metavar="N", help="games per map (default 30)")
    tp.add_argument("--seed", type=seed_int, default=1, metavar="S",
                    help="the same seed plays the same games (default 1)")
    tp.add_argument("--map", default=None, metavar="MAP",
                    help="the board, or 'all' (default: the game's first board)")
    tp.add_argument("--jobs", type=positive_int, default=1, metavar="J",
                    help="games played in parallel processes (default 1)")
    tp.add_argument("--nodes", type=positive_int, default=None, metavar="N",
                    help="Hard's node budget per move (default: its own); nodes, not the clock, decide moves")
    tp.add_argument("--json", default=None, metavar="FILE", help="also write the results as JSON to FILE")
    tp.add_argument("--progress", action="store_true", help="report progress on stderr")
    tp.set_defaults(run=_tournament, parser=tp)
