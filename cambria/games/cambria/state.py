"""The position of one game of Cambria: who is where, whose turn, what was rolled.

A State is plain mutable data with cheap ``copy()``; the rules (``rules.py``)
read and change it.  Colours are numbered: players 0..n-1 in seating order
(turns go up, wrapping), and in a two-player game colour 2 is the neutral.

Roads hold at most one thing: a warrior (``owner[road]`` is its colour) or the
legion (``legion == road``).  ``masks[c]`` mirrors ``owner`` as a bit mask per
colour so that fort checks are a few integer operations.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .board import VP_VALUE, Board

__all__ = [
    "State", "Phase", "START", "SETUP_ROLL", "SETUP", "NEUTRAL_ROLL", "NEUTRAL", "ROLL", "TURN", "OVER",
    "PHASE_NAMES", "EMPTY", "EAGLE", "ON_BOARD", "REMOVED", "NO_TOKEN", "WARRIORS",
]



class Phase(IntEnum):
    """The phases of a game: a chance step (someone rolls) or a decision (someone chooses)."""

    START = 0         # chance: the start player is drawn
    SETUP_ROLL = 1    # chance: one die for a setup warrior
    SETUP = 2         # decision: place the setup warrior
    NEUTRAL_ROLL = 3  # chance: one die for the neutral warrior (two players)
    NEUTRAL = 4       # decision: place (or move) the neutral warrior
    ROLL = 5          # chance: two dice
    TURN = 6          # decision: a regular turn
    OVER = 7          # the game has ended


# short names for the rules' hot paths (an IntEnum compares as fast as an int)
START, SETUP_ROLL, SETUP, NEUTRAL_ROLL, NEUTRAL, ROLL, TURN, OVER = Phase
PHASE_NAMES = tuple(p.name.lower() for p in Phase)
CHANCE_PHASES = frozenset((START, SETUP_ROLL, NEUTRAL_ROLL, ROLL))

EMPTY = -1  # owner of an empty road or boat
EAGLE = -1  # legion position when it stands on the eagle (or has left the board)
ON_BOARD = -1  # a token still lying on its fort
REMOVED = -2  # a VP token that left the game
NO_TOKEN = -3  # forts numbered 2 and 3 have no VP token
WARRIORS = 5


class State:
    """One position.  Mutated only by the functions in ``cambria.rules``."""

    __slots__ = (
        "board", "n_players", "n_colours", "neutral", "owner", "masks", "occupied", "legion",
        "boats", "supply", "fort_owner", "vp_owner", "uncaptured", "phase", "current",
        "start_player", "dice", "setup_done", "seq", "last_entry", "german_tiebreak",
        "last_captures", "turns", "dirty",
    )

    board: Board
    n_players: int
    n_colours: int
    neutral: int
    owner: list[int]
    masks: list[int]
    occupied: int
    legion: int
    boats: list[int]
    supply: list[int]
    fort_owner: list[int]
    vp_owner: list[int]
    uncaptured: list[int]
    phase: Phase
    current: int
    start_player: int
    dice: tuple[int, ...]
    setup_done: int
    seq: int
    last_entry: list[int]
    german_tiebreak: bool
    last_captures: list[tuple[int, int, int]]
    turns: int
    dirty: int

    def __init__(self, board: Board, n_players: int, german_tiebreak: bool = False) -> None:
        if not 2 <= n_players <= 5:
            raise ValueError(f"Cambria is for 2 to 5 players, not {n_players}")
        self.board = board
        self.n_players = n_players
        self.neutral = 2 if n_players == 2 else -1
        self.n_colours = n_players + (1 if n_players == 2 else 0)
        nroads = len(board.roads)
        self.owner = [EMPTY] * nroads
        self.masks = [0] * self.n_colours
        self.occupied = 0
        self.legion = EAGLE
        self.boats = [EMPTY] * 5  # boats[k] holds the boat numbered k + 2
        self.supply = [WARRIORS] * self.n_colours
        self.fort_owner = [ON_BOARD] * len(board.forts)
        self.vp_owner = [ON_BOARD if f.number in VP_VALUE else NO_TOKEN for f in board.forts]
        self.uncaptured = list(range(len(board.forts)))
        self.phase = START
        self.current = 0
        self.start_player = 0
        self.dice = ()
        self.setup_done = 0
        self.seq = 0
        self.last_entry = [-1] * self.n_colours
        self.german_tiebreak = german_tiebreak
        self.last_captures = []
        self.turns = 0
        # roads changed since the captures were last checked: only forts on these roads can
        # become capturable (a new State, or one set up by hand, is checked everywhere)
        self.dirty = board.all_roads

    def copy(self) -> State:
        new = State.__new__(State)
        new.board = self.board
        new.n_players = self.n_players
        new.n_colours = self.n_colours
        new.neutral = self.neutral
        new.owner = self.owner[:]
        new.masks = self.masks[:]
        new.occupied = self.occupied
        new.legion = self.legion
        new.boats = self.boats[:]
        new.supply = self.supply[:]
        new.fort_owner = self.fort_owner[:]
        new.vp_owner = self.vp_owner[:]
        new.uncaptured = self.uncaptured[:]
        new.phase = self.phase
        new.current = self.current
        new.start_player = self.start_player
        new.dice = self.dice
        new.setup_done = self.setup_done
        new.seq = self.seq
        new.last_entry = self.last_entry[:]
        new.german_tiebreak = self.german_tiebreak
        new.last_captures = self.last_captures
        new.turns = self.turns
        new.dirty = self.dirty
        return new

    # ------------------------------------------------------------ queries
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_chance(self) -> bool:
        """True when the next step is a roll of the dice (or the draw of the start player)."""
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase == OVER

    def empty_mask(self) -> int:
        """Roads with neither a warrior nor the legion."""
        legion = self.legion
        blocked = self.occupied | (1 << legion if legion >= 0 else 0)
        return self.board.all_roads & ~blocked

    def roads_of(self, colour: int) -> list[int]:
        return [r for r, o in enumerate(self.owner) if o == colour]

    def boats_of(self, colour: int) -> list[int]:
        """Numbers of the boats that hold a warrior of this colour."""
        return [k + 2 for k, o in enumerate(self.boats) if o == colour]

    def points(self, colour: int) -> int:
        forts = self.board.forts
        total = 0
        for f, o in enumerate(self.fort_owner):
            if o == colour:
                total += forts[f].number
        for f, o in enumerate(self.vp_owner):
            if o == colour:
                total += VP_VALUE[forts[f].number]
        return total

    def tokens(self, colour: int) -> int:
        return self.fort_owner.count(colour) + self.vp_owner.count(colour)

    def warriors_on_board(self, colour: int) -> int:
        return self.masks[colour].bit_count() + self.boats.count(colour)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-friendly data (for the web page and for tests)."""
        return {
            "phase": self.phase_name,
            "current": self.current,
            "start_player": self.start_player,
            "dice": list(self.dice),
            "n_players": self.n_players,
            "neutral": self.neutral if self.neutral >= 0 else None,
            "roads": self.owner[:],
            "legion": self.legion if self.legion >= 0 else None,
            "boats": {str(k + 2): (o if o >= 0 else None) for k, o in enumerate(self.boats)},
            "supply": self.supply[:],
            "forts": [
                {"owner": o if o >= 0 else None, "vp": ("none" if v == NO_TOKEN else "removed" if v == REMOVED
                                                        else "board" if v == ON_BOARD else v)}
                for o, v in zip(self.fort_owner, self.vp_owner, strict=True)
            ],
            "uncaptured": len(self.uncaptured),
            "points": [self.points(c) for c in range(self.n_colours)],
            "tokens": [self.tokens(c) for c in range(self.n_colours)],
            "turns": self.turns,
        }

    def __repr__(self) -> str:
        return f"<State {self.board.id} {self.n_players}p {self.phase_name} current={self.current} dice={self.dice}>"
