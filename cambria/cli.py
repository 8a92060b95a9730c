"""Command line: ``python -m cambria simulate|replay|review|tournament ...``.

Every argument is checked before anything runs; a bad one gets a one-line message
and exit status 2, a rejected record exit status 1.  Messages are cut at ``MAX_MESSAGE``
characters, however long the value they quote.  Output into a pipe whose reader stops early
(``| head -1``) ends quietly with exit status 141, what the shell reports for a tool that
SIGPIPE stopped (``cat``, ``yes``), so ``set -o pipefail`` sees the same.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable, Sequence, TypeVar

from .cliargs import Parser, pick_boards, positive_int, seed_int, whole_number
from .core.errors import clip_message
from .core.registry import GAME_IDS

__all__ = ["main", "build_parser"]

MAX_FILE = 4_000_000
PIPE_CLOSED = 141  # 128 + SIGPIPE: the status a shell shows for a tool stopped by a closed pipe
T = TypeVar("T")


def _simulate(args: argparse.Namespace) -> int:
    from .core.registry import rules_for
    from .core.simulate import simulate

    facts = rules_for(args.game).facts
    players = args.players if args.players is not None else facts.min_players + 1
    if not facts.min_players <= players <= facts.max_players:
        args.parser.error(f"--players: {facts.title} is for {facts.min_players} to {facts.max_players} players, "
                          f"not {players}")
    try:
        boards = pick_boards(args.game, args.map)
    except ValueError as exc:
        args.parser.error(str(exc))
    for board in boards:
        stats = simulate(board, players, args.games, args.seed, args.mode)
        label = ("full turns: every legal action listed, one played with the legality check"
                 if args.mode == "full" else "shortcut: one random action sampled, played unchecked")
        print(f"{facts.title}, map {board}, {players} players, {stats['games']} games, seed {args.seed} ({label})")
        print(f"  {stats['games_per_s']:,.1f} games/s   {stats['turns_per_s']:,.0f} turns/s   "
              f"average {stats['avg_turns']:.1f} turns per game   ({stats['seconds']:.2f} s)")
        rates = "  ".join(f"seat {i + 1}: {w / stats['games']:.1%}" for i, w in enumerate(stats["seat_wins"]))
        print(f"  win rate by seat (seat 1 moves first): {rates}")
    return 0


def _load_file(path: str, load: Callable[[bytes], T]) -> T | int:
    """``load`` of a record file's bytes, or the exit status after one line that says why not:
    2 for a file that cannot be read, 1 for a record that is refused."""
    from .core.errors import RecordError

    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE + 1)  # never more: a huge file is refused without reading it all
            size = os.fstat(fh.fileno()).st_size if len(data) > MAX_FILE else 0
    except OSError as exc:
        print(clip_message(f"cannot read {path}: {exc.strerror or exc}"), file=sys.stderr)
        return 2
    try:
        if len(data) > MAX_FILE:  # say the file's own size, not how far it was read
            real = f"{size:,} bytes" if size > MAX_FILE else f"more than {MAX_FILE:,} bytes"
            raise RecordError(f"the file is too large to be a game record ({real}; records are under "
                              f"{MAX_FILE:,})")
        return load(data)
    except RecordError as exc:
        print(f"{path}: rejected: {clip_message(str(exc))}", file=sys.stderr)
        return 1


def _replay(args: argparse.Namespace) -> int:
    from .core.record import record_from_json

    game = _load_file(args.file, record_from_json)
    if isinstance(game, int):
        return game
    rules = game.rules
    state = game.state
    out = game.result()
    names = game.names()
    print(f"{args.file}: valid record, {rules.facts.title} on {game.board_id}, {len(game.steps)} steps, "
          f"{rules.turns(state)} turns")
    status = "final score" if out.over else f"game in progress ({rules.phase(state).name.lower()}); score so far"
    print(status + ":")
    tokens = out.details.get("tokens")
    for c in sorted(range(len(names)), key=lambda c: -out.scores[c]):
        extra = f"  {tokens[c]:>2} tokens" if isinstance(tokens, list) else ""
        print(f"  {names[c]:<20} {out.scores[c]:>3g} points{extra}")
    if out.over:
        winners = " and ".join(names[w] for w in out.winners)
        print(f"winner: {winners} (decided by {out.decided_by.replace('_', ' ')})")
    return 0


def _review(args: argparse.Namespace) -> int:
    import json

    from .ai.review import replayed, review_run
    from .ai.review_text import format_review
    from .core.errors import RecordError
    from .core.record import parse_record_text

    def load(data: bytes) -> tuple[Any, Any]:
        record = parse_record_text(data)
        if not isinstance(record, dict):  # as replay says: a record's text encoded again is no record
            raise RecordError("a game record is a JSON object")
        return record, replayed(record).game  # checked and replayed: a finished game's record

    loaded = _load_file(args.file, load)
    if isinstance(loaded, int):
        return loaded
    record, game = loaded
    if args.player is not None and not 1 <= args.player <= len(game.players):
        args.parser.error(f"--player: this game has players 1 to {len(game.players)}, not {args.player}")
    result = review_run(record, None, float("inf"))["result"]  # the worker's function, in one slice
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    rules = game.rules
    print(f"{args.file}: {rules.facts.title} on {game.board_id}, {len(game.players)} players, "
          f"{rules.turns(game.state)} turns")
    print(format_review(result, game.board, None if args.player is None else args.player - 1))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = Parser(prog="python -m cambria",
                                 description="Tools for the Cambria and Hibernia rules engines.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser(
        "simulate", help="play seeded random games and print their speed and the win rate per seat",
        description="Play seeded games of random legal moves (no computer players) and print their speed "
                    "(games and turns per second), the average length of a game and how often each seat "
                    "wins, counted from the start player. The same seed plays the same games: use it to "
                    "measure the engine or to check a change to the rules for balance.")
    sim.add_argument("--game", default="cambria", choices=GAME_IDS, help="which game (default: cambria)")
    sim.add_argument("--players", type=whole_number, default=None, metavar="N",
                     help="number of players (Cambria 2-5, default 3; Hibernia 3-4, default 4)")
    sim.add_argument("--games", type=positive_int, default=1000, metavar="K",
                     help="how many games to play (at least 1; default 1000)")
    sim.add_argument("--seed", type=seed_int, default=1, metavar="S",
                     help="seed of the first game; the same seed plays the same games (default 1)")
    sim.add_argument("--map", default=None, metavar="MAP",
                     help="the board: cambria or cumbria for Cambria, or 'all' (also 'both'; default: the "
                          "game's first)")
    sim.add_argument("--mode", default="full", choices=("full", "sample"),
                     help="full: list every legal action and play one with the legality check, as real "
                          "turns do (default); sample: the faster random-playout shortcut")
    sim.set_defaults(run=_simulate, parser=sim)
    rep = sub.add_parser(
        "replay", help="check a game record file and print its score",
        description="Check a game record (a file exported from the page or written by the engine): "
                    "every step is replayed with the game's seed and every roll must be the one the "
                    "seed gives. Print the game, the map, the number of steps and turns, the score of "
                    "each player and, for a finished game, the winner and what decided it.",
        epilog="Exit status: 0 for a valid record, 1 for a record that is refused (the message names "
               "the field or the step), 2 for a file that cannot be read, 141 when the output's reader "
               "stops early (as after '| head -1').")
    rep.add_argument("file", help=f"the record file (JSON, as exported; at most {MAX_FILE:,} bytes)")
    rep.set_defaults(run=_replay)
    rev = sub.add_parser(
        "review", help="the engine's review of a finished game: the win chance each decision gave away",
        description="Review a finished game's record as the page does: for every decision (a step "
                    "with two legal moves or more) the engine searches the best move and says how much "
                    "win chance the move played gave away (loss, in points), its verdict (good, "
                    "inaccuracy, mistake, blunder; thresholds in docs/ai.md) and, for any move worse than good, what "
                    "the better move does. Print per player the summary and the three biggest "
                    "mistakes, and the win chances turn by turn; or, with --json, the whole review as "
                    "the page gets it. Node budgets decide every search: the same record gives the "
                    "same review on every machine.",
        epilog="Exit status: 0 for a review, 1 for a record that is refused (or a game not finished), "
               "2 for a file that cannot be read or a bad argument, 141 when the output's reader "
               "stops early.")
    rev.add_argument("file", help=f"the record file (JSON, as exported; at most {MAX_FILE:,} bytes)")
    rev.add_argument("--json", action="store_true",
                     help="print the review as JSON: the very result of the worker's review_run")
    rev.add_argument("--player", type=positive_int, default=None, metavar="N",
                     help="the text form for player N only (1 is the first in the record); "
                          "--json always has every player")
    rev.set_defaults(run=_review, parser=rev)
    from .ai.cli import add_commands

    add_commands(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    # names and file names are printed as they are: never fail on a terminal that cannot show them
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        status = int(args.run(args))
        sys.stdout.flush()  # a reader that went away shows here, not in the interpreter's last flush
        return status
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader took what it wanted (``| head -1``): nothing is wrong, and nothing more can
        # be written; what is still buffered goes to the null device so that exit stays quiet
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return PIPE_CLOSED
