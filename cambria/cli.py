"""Command line: ``python -m cambria simulate|replay ...``."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .board import MAP_IDS


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    maps = MAP_IDS if args.map == "both" else (args.map,)
    for board in maps:
        stats = simulate(board, args.players, args.games, args.seed)
        print(f"map {board}, {args.players} players, {stats['games']} games, seed {args.seed}")
        print(f"  {stats['games_per_s']:,.1f} games/s   {stats['turns_per_s']:,.0f} turns/s   "
              f"average {stats['avg_turns']:.1f} turns per game   ({stats['seconds']:.2f} s)")
        rates = "  ".join(f"seat {i + 1}: {w / stats['games']:.1%}" for i, w in enumerate(stats["seat_wins"]))
        print(f"  win rate by seat (seat 1 moves first): {rates}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from .record import RecordError, record_from_json

    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        game = record_from_json(data)
    except RecordError as exc:
        print(f"{args.file}: rejected: {exc}", file=sys.stderr)
        return 1
    state = game.state
    print(f"{args.file}: valid record, map {game.board.id}, {len(game.steps)} steps, {state.turns} turns")
    res = game.result()
    names = list(game.players) + (["Neutral"] if state.neutral >= 0 else [])
    status = "final score" if res["over"] else f"game in progress ({state.phase_name}); score so far"
    print(status + ":")
    for c in sorted(range(len(names)), key=lambda c: -res["points"][c]):
        print(f"  {names[c]:<20} {res['points'][c]:>3} points  {res['tokens'][c]:>2} tokens")
    if res["over"]:
        print(f"winner: {names[res['winner']]} (decided by {res['decided_by']})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m cambria", description="Cambria rules engine tools")
    sub = ap.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play seeded random games and print speed and seat win rates")
    sim.add_argument("--players", type=int, default=3, choices=range(2, 6), metavar="N")
    sim.add_argument("--games", type=int, default=1000, metavar="K")
    sim.add_argument("--seed", type=int, default=1, metavar="S")
    sim.add_argument("--map", default="cambria", choices=(*MAP_IDS, "both"))
    sim.set_defaults(run=_simulate)
    rep = sub.add_parser("replay", help="check a game record and print its score")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    try:
        from .ai.cli import add_commands
    except ImportError:  # the computer opponents are optional for the rules tools
        pass
    else:
        add_commands(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.run(args))
