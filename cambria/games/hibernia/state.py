"""The position of one game of Hibernia: soldiers, supplies, the shield, the track, whose turn.

A State is plain mutable data with a cheap ``copy()``; the rules (``rules.py``) read
and change it.  Colours are numbered: players 0..n-1 in seating order (turns go up,
wrapping: to the left), and in a three-player game colour 3 is the neutral (the unused
colour).  A county holds soldiers of at most one colour between actions: ``owner[i]``
(or EMPTY) and ``count[i]``; ``masks[c]`` mirrors ``owner`` as a bit mask per colour.

Every soldier of a player is somewhere: one is his marker on the track, the rest are on
the board, on the shield or in his supply (``SOLDIERS`` in all); the neutral colour's
soldiers are on the board or out of the game (``removed``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .board import COLOURS, TRACK_LENGTH, Board

__all__ = [
    "State", "Phase", "START", "FORTS", "ROLL", "FIRST_ACTION", "LAST_ACTION", "OVER", "CHANCE_PHASES",
    "EMPTY", "FACES", "BLACK", "PURPLE", "DIE_SLOT", "EXTRA_SLOT", "SOLDIERS", "NEUTRAL_SOLDIERS",
    "SHIELD_START",
]


class Phase(IntEnum):
    """The phases of a game: a chance step or a decision of the player to move."""

    START = 0         # chance: the start player is drawn (and the shield laid at once)
    FORTS = 1         # chance: one soldier of each colour is drawn onto each fort
    ROLL = 2          # chance: the colour die
    FIRST_ACTION = 3  # decision: the first of the turn's two actions (the die's or the extra one)
    LAST_ACTION = 4   # decision: the turn's remaining action (after purple: the only one)
    OVER = 5          # the game has ended


START, FORTS, ROLL, FIRST_ACTION, LAST_ACTION, OVER = Phase
CHANCE_PHASES = frozenset((START, FORTS, ROLL))

EMPTY = -1
# The faces of the colour die: the four county colours (numbered as on the board), black, purple.
FACES = COLOURS + ("black", "purple")
BLACK = 4
PURPLE = 5
# The two actions of a turn, as bits of ``State.pending``.
DIE_SLOT = 1
EXTRA_SLOT = 2
SOLDIERS = 16            # per player (ruling 1), the track marker included
NEUTRAL_SOLDIERS = 5     # the neutral colour: its fort and the other four counties of that colour
SHIELD_START = (3, 2, 1, 0)  # from the start player on, to the left


class State:
    """One position.  Changed only by the functions in ``rules``."""

    __slots__ = (
        "board", "n_players", "n_colours", "neutral", "advanced", "owner", "count", "masks", "supply",
        "shield", "removed", "track", "phase", "current", "start_player", "die", "pending", "purple",
        "round", "turns", "ending", "tie_rounds", "fort_colours",
    )

    board: Board
    n_players: int
    n_colours: int
    neutral: int
    advanced: bool
    owner: list[int]
    count: list[int]
    masks: list[int]
    supply: list[int]
    shield: list[int]
    removed: int
    track: list[int]
    phase: Phase
    current: int
    start_player: int
    die: int
    pending: int
    purple: int
    round: int
    turns: int
    ending: bool
    tie_rounds: int
    fort_colours: tuple[int, ...]

    def __init__(self, board: Board, n_players: int, advanced: bool = False) -> None:
        if not 3 <= n_players <= 4:
            raise ValueError(f"Hibernia is for 3 or 4 players, not {n_players}")
        n = len(board.counties)
        self.board = board
        self.n_players = n_players
        self.n_colours = 4
        self.neutral = 3 if n_players == 3 else EMPTY
        self.advanced = advanced
        self.owner = [EMPTY] * n
        self.count = [0] * n
        self.masks = [0] * 4
        # a player's marker stands on the track from the start; the rest is supply until the setup
        self.supply = [SOLDIERS - 1] * 4
        if self.neutral >= 0:
            self.supply[self.neutral] = NEUTRAL_SOLDIERS
        self.shield = [0] * 4
        self.removed = 0
        self.track = [0] * 4
        self.phase = START
        self.current = 0
        self.start_player = 0
        self.die = EMPTY
        self.pending = 0
        self.purple = 0
        self.round = 1
        self.turns = 0
        self.ending = False
        self.tie_rounds = 0
        self.fort_colours = ()

    def copy(self) -> State:
        new = State.__new__(State)
        new.board = self.board
        new.n_players = self.n_players
        new.n_colours = self.n_colours
        new.neutral = self.neutral
        new.advanced = self.advanced
        new.owner = self.owner[:]
        new.count = self.count[:]
        new.masks = self.masks[:]
        new.supply = self.supply[:]
        new.shield = self.shield[:]
        new.removed = self.removed
        new.track = self.track[:]
        new.phase = self.phase
        new.current = self.current
        new.start_player = self.start_player
        new.die = self.die
        new.pending = self.pending
        new.purple = self.purple
        new.round = self.round
        new.turns = self.turns
        new.ending = self.ending
        new.tie_rounds = self.tie_rounds
        new.fort_colours = self.fort_colours
        return new

    # ------------------------------------------------------------ queries
    @property
    def phase_name(self) -> str:
        return self.phase.name.lower()

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase == OVER

    def counties_of(self, colour: int) -> list[int]:
        return [i for i, o in enumerate(self.owner) if o == colour]

    def on_board(self, colour: int) -> int:
        """Soldiers of a colour on the board."""
        return sum(k for o, k in zip(self.owner, self.count, strict=True) if o == colour)

    def holdings(self, colour: int) -> list[int]:
        """How many counties of each county colour the colour holds."""
        out = [0, 0, 0, 0]
        counties = self.board.counties
        for i, o in enumerate(self.owner):
            if o == colour:
                out[counties[i].colour_index] += 1
        return out

    def last_seat(self) -> int:
        """The seat that closes a round: the start player's right-hand neighbour."""
        return (self.start_player - 1) % self.n_players

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON data (``rules.position`` documents the fields)."""
        board = self.board
        return {
            "owner": [o if o >= 0 else None for o in self.owner],
            "count": self.count[:],
            "soldiers": [[k if o == c else 0 for c in range(self.n_colours)]
                         for o, k in zip(self.owner, self.count, strict=True)],
            "track": self.track[:],
            "space": [t % TRACK_LENGTH for t in self.track],
            "lap": [t // TRACK_LENGTH for t in self.track],
            "shield": self.shield[:],
            "supply": self.supply[:],
            "removed": self.removed,
            "die": FACES[self.die] if self.die >= 0 else None,
            "purple": self.purple,
            "pending": [name for bit, name in ((DIE_SLOT, "die"), (EXTRA_SLOT, "extra")) if self.pending & bit],
            "round": self.round,
            "turns": self.turns,
            "tie_rounds": self.tie_rounds,
            "ending": self.ending,
            "current": self.current,
            "start_player": self.start_player,
            "neutral": self.neutral if self.neutral >= 0 else None,
            "forts": [{"county": f, "colour": c} for f, c in zip(board.forts, self.fort_colours, strict=False)],
            "phase": self.phase_name,
        }

    def __repr__(self) -> str:
        die = FACES[self.die] if self.die >= 0 else "-"
        return f"<State hibernia {self.n_players}p {self.phase_name} current={self.current} die={die}>"
