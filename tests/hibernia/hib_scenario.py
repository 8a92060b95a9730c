"""Readable positions of Hibernia for rule tests, on the shipped board.

Players are letters: ``A`` ``B`` ``C`` ``D`` are colours 0-3 (seats in turn order); in a
three-player game colour 3 is the neutral, written ``N``.  A position is written as
who holds what::

    s = pos("A: OFF 1, WAT 2, CLI 1; B: TIP 2, DON 1, DTF 1; C: SLE 1; D: LCK 1",
            supply={"A": 2}, die="yellow")

Unless given, a player's supply is what conservation leaves (16 soldiers: one on the
track, the rest on the board, the shield or in the supply) and the neutral's removed
soldiers make its five.  ``die`` (a face name) makes it the player's turn after the roll;
without it the die is still to be rolled.  ``describe(s)`` writes a position back in the
same form, so a test can compare a whole position after a move with one readable line.

The board, each county with its colour and neighbours (``~`` marks an arrow between central
counties; the forts are MCA, SLE, LCK and TIP; ``board_map()`` prints this and a test keeps it true)::

    MEA blue    WME LON~ OFF MCA LOU DKI
    WME green   MEA LON OFF MCA ROS
    LON red     MEA~ WME OFF~ MCA SLE ROS
    OFF yellow  MEA WME LON~ GAL ROS DKI LCK TIP
    DON blue    DTF SLE
    DTF red     DON ADA MCA SLE
    ADA blue    DTF MCA LOU
    MCA yellow  MEA WME LON DTF ADA SLE LOU
    SLE green   LON DON DTF MCA MAY ROS
    MAY yellow  SLE GAL ROS
    GAL red     OFF MAY ROS CLI TIP
    ROS blue    WME LON OFF SLE MAY GAL
    LOU green   MEA ADA MCA
    DKI green   MEA OFF WWX LCK
    WWX yellow  DKI LCK
    LCK red     OFF DKI WWX TIP WAT
    CLI yellow  GAL KCO TIP
    KCO red     CLI TIP WAT
    TIP blue    OFF GAL LCK CLI KCO WAT
    WAT green   LCK KCO TIP
"""

from __future__ import annotations

import re
from typing import Mapping

from cambria.core.interface import Effects
from cambria.games.hibernia import rules
from cambria.games.hibernia.actions import Action
from cambria.games.hibernia.board import Board, load_board
from cambria.games.hibernia.state import (
    DIE_SLOT, EMPTY, EXTRA_SLOT, FACES, FIRST_ACTION, LAST_ACTION, NEUTRAL_SOLDIERS, PURPLE, ROLL, SOLDIERS, State,
)

__all__ = ["BOARD", "pos", "legal", "play", "describe", "check_invariants", "county", "colour", "board_map"]

BOARD = load_board()
LETTERS = "ABCD"


def county(cid: str, board: Board = BOARD) -> int:
    return board.index[cid]


def colour(letter: str) -> int:
    return 3 if letter == "N" else LETTERS.index(letter)


def _letter(c: int, s: State) -> str:
    return "N" if c == s.neutral else LETTERS[c]


def pos(
    spec: str = "",
    players: int = 4,
    *,
    supply: Mapping[str, int] | None = None,
    shield: Mapping[str, int] | None = None,
    track: Mapping[str, int] | None = None,
    die: str | None = None,
    pending: str | None = None,
    current: str = "A",
    start: str = "A",
    round: int = 1,
    advanced: bool = False,
    ending: bool = False,
    tie_rounds: int = 0,
    board: Board = BOARD,
) -> State:
    """A position from its description (see the module docstring)."""
    s = State(board, players, advanced)
    s.supply = [0, 0, 0, 0]
    s.fort_colours = (0, 1, 2, 3)
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        who, _, holdings = part.partition(":")
        c = colour(who.strip())
        if players == 4 and who.strip() == "N":
            raise ValueError("a four-player game has no neutral colour")
        for item in filter(None, (h.strip() for h in holdings.split(","))):
            m = re.fullmatch(r"([A-Z]{2,5}) ([0-9]+)", item)
            if not m:
                raise ValueError(f"write a holding as 'ID count', not {item!r}")
            i = board.index[m.group(1)]
            if s.owner[i] != EMPTY:
                raise ValueError(f"{m.group(1)} is listed twice")
            s.owner[i] = c
            s.count[i] = int(m.group(2))
            s.masks[c] |= 1 << i
    for letter, k in (shield or {}).items():
        s.shield[colour(letter)] = k
    for letter, k in (track or {}).items():
        s.track[colour(letter)] = k
    for c in range(s.n_colours):
        if c == s.neutral:
            s.removed = NEUTRAL_SOLDIERS - s.on_board(c)
            continue
        s.supply[c] = SOLDIERS - 1 - s.on_board(c) - s.shield[c]
    for letter, k in (supply or {}).items():
        s.supply[colour(letter)] = k
    s.current = colour(current)
    s.start_player = colour(start)
    s.round = round
    s.ending = ending
    s.tie_rounds = tie_rounds
    if die is None:
        s.phase = ROLL
    else:
        s.die = FACES.index(die)
        if s.die == PURPLE:
            s.purple = 1
            s.pending = EXTRA_SLOT
            s.phase = LAST_ACTION
        elif pending is None:
            s.pending = DIE_SLOT | EXTRA_SLOT
            s.phase = FIRST_ACTION
        else:
            s.pending = {"die": DIE_SLOT, "extra": EXTRA_SLOT}[pending]
            s.phase = LAST_ACTION
    return s


def legal(s: State) -> set[str]:
    """The legal actions as notation."""
    out = [str(a) for a in rules.legal_actions(s)]
    assert len(out) == len(set(out)), "an action is listed twice"
    return set(out)


def play(s: State, text: str) -> Effects:
    """Play one action (checked); return its effects."""
    fx: Effects = []
    rules.apply(s, Action.parse(text), True, fx)
    return fx


def describe(s: State) -> str:
    """The position in the notation of ``pos`` (counties by id within each colour)."""
    parts = []
    for c in range(s.n_colours):
        held = sorted((s.board.counties[i].id, s.count[i]) for i in range(len(s.owner)) if s.owner[i] == c)
        if held:
            parts.append(f"{_letter(c, s)}: " + ", ".join(f"{cid} {k}" for cid, k in held))
    return "; ".join(parts)


def check_invariants(s: State, setup_done: bool = True) -> None:
    """What must hold in every position: every soldier somewhere, one colour per county, the masks
    mirroring the owners, and (after the setup) every player holding a county."""
    n = len(s.owner)
    for i in range(n):
        o, k = s.owner[i], s.count[i]
        assert (o == EMPTY) == (k == 0), f"county {s.board.counties[i].id}: owner {o} with {k} soldiers"
        assert k >= 0
    for c in range(s.n_colours):
        mask = sum(1 << i for i in range(n) if s.owner[i] == c)
        assert s.masks[c] == mask, f"colour {c}: mask out of step with the owners"
        assert s.supply[c] >= 0 and s.shield[c] >= 0
        if c == s.neutral:
            assert s.on_board(c) + s.removed + s.supply[c] == NEUTRAL_SOLDIERS
            assert s.shield[c] == 0 and s.track[c] == 0
        else:
            assert 1 + s.on_board(c) + s.shield[c] + s.supply[c] == SOLDIERS, f"colour {c} lost a soldier"
            if setup_done:
                assert s.masks[c], f"player {c} holds no county"
    if s.neutral < 0:
        assert s.removed == 0


def board_map(board: Board = BOARD) -> str:
    """The board's counties with colours and neighbours (for the docstring above)."""
    arrows = {frozenset(a) for a in board.arrows}
    lines = []
    for c in board.counties:
        nb = " ".join(board.counties[j].id + ("~" if frozenset((c.index, j)) in arrows else "")
                      for j in board.neighbours(c.index))
        lines.append(f"{c.id} {c.colour:<7} {nb}")
    return "\n".join(lines)
