"""The per-map tables of Cambria's actions, and the set bits of a road mask.

Listing a turn's legal actions (``moves.py``) copies references out of these
tables instead of building tuples: every Action a map can list is built once, on
first use, and shared (Actions are immutable).  ``bits`` turns a road mask into
the road numbers, a byte at a time.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from .actions import Action, _new_action
from .board import Board

__all__ = ["bits", "tables", "getter", "act", "SWAPS", "PASS", "Tables"]


def act(kind: str, road: int | None = None, from_road: int | None = None, from_boat: int | None = None,
         swap: tuple[int, int] | None = None, boat: int | None = None, boat_from_road: int | None = None,
         boat_from_boat: int | None = None) -> Action:
    """Build an Action the rules know to be well-formed, skipping the checks of Action()."""
    return _new_action(Action, (kind, road, from_road, from_boat, swap, boat, boat_from_road, boat_from_boat))


# ------------------------------------------------------------------ bits of a mask

# _BYTE_BITS[k][c]: the positions of the set bits of byte value c at byte k of a mask
_BYTE_BITS: list[tuple[tuple[int, ...], ...]] = []


def _byte_bits(k: int) -> tuple[tuple[int, ...], ...]:
    while len(_BYTE_BITS) <= k:
        base = 8 * len(_BYTE_BITS)
        _BYTE_BITS.append(tuple(tuple(base + i for i in range(8) if c >> i & 1) for c in range(256)))
    return _BYTE_BITS[k]


_byte_bits(7)  # masks of up to 64 roads without a call


_BITS: dict[int, list[int]] = {}


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first: ``bits(0b1010) == [1, 3]`` (a shared list: do not
    change it)."""
    out = _BITS.get(mask)
    if out is not None:
        return out
    if len(_BITS) >= 1 << 14:
        _BITS.clear()
    out = _BITS[mask] = _bits(mask)
    return out


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    k = 0
    table = _BYTE_BITS
    while mask:
        if k >= len(table):
            _byte_bits(k)
        byte = mask & 255
        if byte:
            out += table[k][byte]
        mask >>= 8
        k += 1
    return out


# ------------------------------------------------------------------ the action tables of a map

# A swap as an index: 0 none, 1 + (boat - 2) * 6 + (die - 1) for (boat, die).
SWAPS: tuple[tuple[int, int] | None, ...] = (None,) + tuple((n, v) for n in range(2, 7) for v in range(1, 7))


class Tables:
    """Every Action of a map that ``legal_actions`` may list, built on first use.

    A warrior's source is an index: road r is r, boat n is R + n - 2, the supply R + 5
    (R roads).  An empty supply never meets a swap (a swap puts the boat's warrior
    back in the supply), so the rows by source exist for the unswapped turn only."""

    def __init__(self, board: Board) -> None:
        self.board = board
        r = self.nroads = len(board.roads)
        self.supply_index = r + 5
        ns = len(SWAPS)
        self.place: list[list[Action] | None] = [None] * ns   # [swap][road]: place from the supply
        self.legion: list[list[Action] | None] = [None] * ns  # [swap][road]: legion move, no boat
        # [swap][road][boat - 2]: legion move with a warrior from the supply on the boat
        self.legion_boat: list[list[list[Action]] | None] = [None] * ns
        self.place_from: list[list[Action] | None] = [None] * r   # [road][source] (no swap)
        # [road][(boat - 2) * (R + 6) + source]: legion move, the boat's warrior from a source (no swap)
        self.legion_from: list[list[Action] | None] = [None] * r
        self.setup = [act("setup", t) for t in range(r)]
        self.neutral = [act("neutral", t) for t in range(r)]
        self.neutral_from: list[list[Action] | None] = [None] * r  # [road][from road]

    def _source(self, i: int) -> tuple[int | None, int | None]:
        r = self.nroads
        if i < r:
            return i, None
        if i < r + 5:
            return None, i - r + 2
        return None, None

    def place_row(self, si: int) -> list[Action]:
        row = self.place[si]
        if row is None:
            swap = SWAPS[si]
            row = self.place[si] = [act("place", t, None, None, swap) for t in range(self.nroads)]
        return row

    def legion_row(self, si: int) -> list[Action]:
        row = self.legion[si]
        if row is None:
            swap = SWAPS[si]
            row = self.legion[si] = [act("legion", t, None, None, swap) for t in range(self.nroads)]
        return row

    def legion_boat_rows(self, si: int) -> list[list[Action]]:
        rows = self.legion_boat[si]
        if rows is None:
            swap = SWAPS[si]
            rows = self.legion_boat[si] = [[act("legion", t, None, None, swap, n) for n in range(2, 7)]
                                           for t in range(self.nroads)]
        return rows

    def place_from_row(self, t: int) -> list[Action]:
        row = self.place_from[t]
        if row is None:
            row = self.place_from[t] = [
                act("place", t, fr, fb) for fr, fb in map(self._source, range(self.nroads + 6))]
        return row

    def legion_from_row(self, t: int) -> list[Action]:
        """The legion moves to road t with a boat: index (boat - 2) * (R + 6) + source."""
        row = self.legion_from[t]
        if row is None:
            row = self.legion_from[t] = [
                act("legion", t, None, None, None, n, fr, fb)
                for n in range(2, 7) for fr, fb in map(self._source, range(self.nroads + 6))]
        return row

    def neutral_from_row(self, t: int) -> list[Action]:
        row = self.neutral_from[t]
        if row is None:
            row = self.neutral_from[t] = [act("neutral", t, fr) for fr in range(self.nroads)]
        return row


_TABLES: dict[int, Tables] = {}


def tables(board: Board) -> Tables:
    t = _TABLES.get(id(board))
    if t is None or t.board is not board:
        if len(_TABLES) > 16:  # test maps come and go
            _TABLES.clear()
        t = _TABLES[id(board)] = Tables(board)
    return t


def getter(indexes: list[int]) -> Callable[[list[Action]], Any]:
    """A function picking ``indexes`` out of a row, always as a tuple."""
    if len(indexes) == 1:
        i = indexes[0]
        return lambda row: (row[i],)
    return itemgetter(*indexes)



PASS = [act("pass", swap=sw) for sw in SWAPS]
