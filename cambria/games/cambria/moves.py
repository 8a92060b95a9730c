"""The legal moves of Cambria: listing them all, checking one, drawing one at random.

Three views of one set of rules, kept fast because every real turn uses them (the
computer players' search, the page's turn builder, a checked ``apply``):

* ``legal_actions(state)`` lists every legal Action, in a fixed order: per dice
  variant (as rolled, then each boat swap), the placements by road, each with its
  sources (the supply, or roads then boats), then the legion moves by road, each
  followed by its boat placements, then pass.  The Actions come from per-map
  tables filled on first use, so listing a turn copies references instead of
  building tuples, and the targets of a die come from bit masks (``board.py``).
* ``is_legal(state, action)`` decides for one action without listing the others
  (the way python-chess's ``Board.is_legal`` checks one move): a few mask tests.
* ``random_action(state, rng)`` draws a legal action without listing them
  (random playouts only).

``tests/test_legality.py`` checks that ``is_legal`` accepts exactly what
``legal_actions`` lists, over every action the notation can write in positions
reached by play; ``tests/scenario.py`` holds an independent oracle of the list.
"""

from __future__ import annotations

from operator import itemgetter
from random import Random
from typing import Any, Callable

from ...core.errors import IllegalActionError
from .actions import Action, _new_action
from .board import Board
from .state import EMPTY, NEUTRAL, OVER, SETUP, TURN, State

__all__ = ["legal_actions", "narrow_actions", "is_legal", "random_action", "why_illegal", "turn_variants", "targets", "bits"]


def _act(kind: str, road: int | None = None, from_road: int | None = None, from_boat: int | None = None,
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
_SWAPS: tuple[tuple[int, int] | None, ...] = (None,) + tuple((n, v) for n in range(2, 7) for v in range(1, 7))


class _Tables:
    """Every Action of a map that ``legal_actions`` may list, built on first use.

    A warrior's source is an index: road r is r, boat n is R + n - 2, the supply R + 5
    (R roads).  An empty supply never meets a swap (a swap puts the boat's warrior
    back in the supply), so the rows by source exist for the unswapped turn only."""

    def __init__(self, board: Board) -> None:
        self.board = board
        r = self.nroads = len(board.roads)
        self.supply_index = r + 5
        ns = len(_SWAPS)
        self.place: list[list[Action] | None] = [None] * ns   # [swap][road]: place from the supply
        self.legion: list[list[Action] | None] = [None] * ns  # [swap][road]: legion move, no boat
        # [swap][road][boat - 2]: legion move with a warrior from the supply on the boat
        self.legion_boat: list[list[list[Action]] | None] = [None] * ns
        self.place_from: list[list[Action] | None] = [None] * r   # [road][source] (no swap)
        # [road][(boat - 2) * (R + 6) + source]: legion move, the boat's warrior from a source (no swap)
        self.legion_from: list[list[Action] | None] = [None] * r
        self.setup = [_act("setup", t) for t in range(r)]
        self.neutral = [_act("neutral", t) for t in range(r)]
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
            swap = _SWAPS[si]
            row = self.place[si] = [_act("place", t, None, None, swap) for t in range(self.nroads)]
        return row

    def legion_row(self, si: int) -> list[Action]:
        row = self.legion[si]
        if row is None:
            swap = _SWAPS[si]
            row = self.legion[si] = [_act("legion", t, None, None, swap) for t in range(self.nroads)]
        return row

    def legion_boat_rows(self, si: int) -> list[list[Action]]:
        rows = self.legion_boat[si]
        if rows is None:
            swap = _SWAPS[si]
            rows = self.legion_boat[si] = [[_act("legion", t, None, None, swap, n) for n in range(2, 7)]
                                           for t in range(self.nroads)]
        return rows

    def place_from_row(self, t: int) -> list[Action]:
        row = self.place_from[t]
        if row is None:
            row = self.place_from[t] = [
                _act("place", t, fr, fb) for fr, fb in map(self._source, range(self.nroads + 6))]
        return row

    def legion_from_row(self, t: int) -> list[Action]:
        """The legion moves to road t with a boat: index (boat - 2) * (R + 6) + source."""
        row = self.legion_from[t]
        if row is None:
            row = self.legion_from[t] = [
                _act("legion", t, None, None, None, n, fr, fb)
                for n in range(2, 7) for fr, fb in map(self._source, range(self.nroads + 6))]
        return row

    def neutral_from_row(self, t: int) -> list[Action]:
        row = self.neutral_from[t]
        if row is None:
            row = self.neutral_from[t] = [_act("neutral", t, fr) for fr in range(self.nroads)]
        return row


_TABLES: dict[int, _Tables] = {}


def _tables(board: Board) -> _Tables:
    t = _TABLES.get(id(board))
    if t is None or t.board is not board:
        if len(_TABLES) > 16:  # test maps come and go
            _TABLES.clear()
        t = _TABLES[id(board)] = _Tables(board)
    return t


def _getter(indexes: list[int]) -> Callable[[list[Action]], Any]:
    """A function picking ``indexes`` out of a row, always as a tuple."""
    if len(indexes) == 1:
        i = indexes[0]
        return lambda row: (row[i],)
    return itemgetter(*indexes)


# ------------------------------------------------------------------ listing

def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move (empty at chance steps and at the end)."""
    phase = state.phase
    if phase == TURN:
        return _turn_actions(state)
    if phase == SETUP:
        row = _tables(state.board).setup
        return [row[t] for t in bits(state.board.number_mask[state.dice[0]] & state.empty_mask())]
    if phase == NEUTRAL:
        tab = _tables(state.board)
        targets = bits(neutral_targets(state))
        n = state.neutral
        if state.supply[n] > 0:
            row = tab.neutral
            return [row[t] for t in targets]
        get = _getter(bits(state.masks[n]))
        out: list[Action] = []
        for t in targets:
            out += get(tab.neutral_from_row(t))
        return out
    return []


def neutral_targets(state: State) -> int:
    """The roads where the neutral warrior may go on the die rolled (a mask)."""
    empty = state.empty_mask()
    d = state.dice[0]
    if d >= 2:
        preferred = state.board.number_mask[d] & empty
        if preferred:
            return preferred
    return empty


def turn_variants(state: State) -> list[tuple[tuple[int, int] | None, int, int]]:
    """The dice the player may use: as rolled, and after each possible boat swap (sorted dice)."""
    a, b = state.dice
    p = state.current
    variants: list[tuple[tuple[int, int] | None, int, int]] = [(None, a, b)]
    for k, o in enumerate(state.boats):
        if o == p:
            n = k + 2
            for v in ((a,) if a == b else (a, b)):
                x, y = (n, b) if v == a else (a, n)
                variants.append(((n, v), x, y) if x <= y else ((n, v), y, x))
    return variants


def targets(state: State, x: int, y: int, p: int) -> tuple[int, int, bool]:
    """(placement roads, legion roads, may pass) for sorted dice x <= y."""
    nm = state.board.number_mask
    legion = state.legion
    lbit = 1 << legion if legion >= 0 else 0
    if x == 1:
        if y == 1:
            return 0, state.board.all_roads & ~lbit, False
        empty = state.board.all_roads & ~(state.occupied | lbit)
        return nm[y] & empty, nm[y] & ~lbit, True
    if x == y:
        # doubles: empty, another colour's warrior, or the legion
        return nm[x] & ~state.masks[p], 0, True
    empty = state.board.all_roads & ~(state.occupied | lbit)
    return (nm[x] | nm[y]) & empty, 0, True


def _turn_actions(state: State) -> list[Action]:
    board = state.board
    tab = _tables(board)
    nm = board.number_mask
    all_roads = board.all_roads
    p = state.current
    a, b = state.dice
    boats = state.boats
    own = state.masks[p]
    legion = state.legion
    lbit = 1 << legion if legion >= 0 else 0
    empty = all_roads & ~(state.occupied | lbit)
    supply = state.supply[p]
    out: list[Action] = []

    # the dice as rolled (si 0), then each swap: (si, x, y, emptied boat index)
    variants = [(0, a, b, -1)]
    if p in boats:
        for k in range(5):
            if boats[k] == p:
                n = k + 2
                base = k * 6
                if a == b:
                    variants.append((base + a, a, n, k) if a <= n else (base + a, n, a, k))
                else:
                    variants.append((base + a, n, b, k) if n <= b else (base + a, b, n, k))
                    variants.append((base + b, a, n, k) if a <= n else (base + b, n, a, k))

    for si, x, y, swapped in variants:
        if x == 1:
            if y == 1:
                place, legion_to, may_pass = 0, all_roads & ~lbit, False
            else:
                place, legion_to, may_pass = nm[y] & empty, nm[y] & ~lbit, True
        elif x == y:
            place, legion_to, may_pass = nm[x] & ~own, 0, True
        else:
            place, legion_to, may_pass = (nm[x] | nm[y]) & empty, 0, True
        if si or supply:  # a warrior in the supply (a swap always puts one there)
            if place:
                row = tab.place[si] or tab.place_row(si)
                out += [row[t] for t in bits(place)]
            if legion_to:
                row = tab.legion[si] or tab.legion_row(si)
                free = [k for k in range(5) if boats[k] == EMPTY or k == swapped]
                if free:
                    boat_rows = tab.legion_boat_rows(si)
                    for t in bits(legion_to):
                        out.append(row[t])
                        brow = boat_rows[t]
                        out += [brow[k] for k in free]
                else:
                    out += [row[t] for t in bits(legion_to)]
        else:
            # an empty supply: the warrior comes from a road (roads first) or a boat
            own_roads = bits(own)
            nr = tab.nroads
            sources = own_roads + [nr + k for k in range(5) if boats[k] == p]
            if place:
                get = _getter(sources)
                rows = tab.place_from
                for t in bits(place):
                    out += get(rows[t] or tab.place_from_row(t))
            if legion_to:
                row = tab.legion_row(si)
                free = [k for k in range(5) if boats[k] == EMPTY]
                if free:
                    owner = state.owner
                    boat_rows = tab.legion_boat_rows(0)
                    ns = nr + 6
                    get = _getter([k * ns + i for k in free for i in sources])
                    rows = tab.legion_from
                    for t in bits(legion_to):
                        out.append(row[t])
                        if owner[t] == p:  # the warrior the legion displaces is back in the supply
                            brow = boat_rows[t]
                            out += [brow[k] for k in free]
                        else:
                            out += get(rows[t] or tab.legion_from_row(t))
                else:
                    out += [row[t] for t in bits(legion_to)]
        if may_pass:
            out.append(_PASS[si])
    return out


_PASS = [_act("pass", swap=sw) for sw in _SWAPS]


def narrow_actions(state: State, source: tuple[int | None, int | None]) -> list[Action]:
    """The legal actions that differ in more than the warrior moved or the boat used (for search).

    Where the rules let the player pick which warrior to move (her supply is empty) only
    ``source`` is used, (road, None) or (None, boat); a legion move with a boat uses the
    highest free boat only.  Setup and neutral placements are as in ``legal_actions``, but
    a neutral warrior moved from the board comes from ``source``'s road."""
    phase = state.phase
    if phase == NEUTRAL:
        n = state.neutral
        if state.supply[n] > 0:
            return legal_actions(state)
        fr = source[0]
        tab = _tables(state.board)
        return [tab.neutral_from_row(t)[fr] for t in bits(neutral_targets(state))]  # type: ignore[index]
    if phase != TURN:
        return legal_actions(state)
    board = state.board
    tab = _tables(board)
    nm = board.number_mask
    all_roads = board.all_roads
    p = state.current
    a, b = state.dice
    boats = state.boats
    own = state.masks[p]
    legion = state.legion
    lbit = 1 << legion if legion >= 0 else 0
    empty = all_roads & ~(state.occupied | lbit)
    supply = state.supply[p]
    owner = state.owner
    out: list[Action] = []
    variants = [(0, a, b, -1)]
    for k in range(5):
        if boats[k] == p:
            n = k + 2
            base = k * 6
            if a == b:
                variants.append((base + a, a, n, k) if a <= n else (base + a, n, a, k))
            else:
                variants.append((base + a, n, b, k) if n <= b else (base + a, b, n, k))
                variants.append((base + b, a, n, k) if a <= n else (base + b, n, a, k))
    fr, fb = source
    src = fr if fr is not None else tab.nroads + fb - 2 if fb is not None else -1
    for si, x, y, swapped in variants:
        if x == 1:
            if y == 1:
                place, legion_to, may_pass = 0, all_roads & ~lbit, False
            else:
                place, legion_to, may_pass = nm[y] & empty, nm[y] & ~lbit, True
        elif x == y:
            place, legion_to, may_pass = nm[x] & ~own, 0, True
        else:
            place, legion_to, may_pass = (nm[x] | nm[y]) & empty, 0, True
        from_supply = si or supply
        if place:
            if from_supply:
                row = tab.place_row(si)
                out += [row[t] for t in bits(place)]
            elif src >= 0:
                out += [tab.place_from_row(t)[src] for t in bits(place)]
        if legion_to:
            row = tab.legion_row(si)
            top = -1
            for k in range(4, -1, -1):
                if boats[k] == EMPTY or k == swapped:
                    top = k
                    break
            if top < 0:
                out += [row[t] for t in bits(legion_to)]
            else:
                boat_rows = tab.legion_boat_rows(si)
                for t in bits(legion_to):
                    out.append(row[t])
                    if from_supply or owner[t] == p:
                        out.append(boat_rows[t][top])
                    elif src >= 0:
                        out.append(tab.legion_from_row(t)[top * (tab.nroads + 6) + src])
        if may_pass:
            out.append(_PASS[si])
    return out


# ------------------------------------------------------------------ checking one action

def is_legal(state: State, action: Any) -> bool:
    """Whether ``action`` is legal in ``state``: exactly the members of ``legal_actions(state)``,
    decided without listing them."""
    if not isinstance(action, Action):
        return False
    kind: str
    road: int | None
    fr: int | None
    fb: int | None
    swap: tuple[int, int] | None
    boat: int | None
    bfr: int | None
    bfb: int | None
    kind, road, fr, fb, swap, boat, bfr, bfb = action
    phase = state.phase
    owner = state.owner
    nroads = len(owner)
    if phase == TURN:
        if kind == "pass":
            a, b = state.dice
            if swap is None:
                return not (a == 1 and b == 1)
            n, v = swap
            # after a swap one die shows the boat's number (2-6): never a double 1
            return state.boats[n - 2] == state.current and (v == a or v == b)
        if road is None or not 0 <= road < nroads or kind not in ("place", "legion"):
            return False
        p = state.current
        a, b = state.dice
        boats = state.boats
        supply = state.supply[p]
        swapped = -1
        if swap is None:
            x, y = a, b
        else:
            n, v = swap
            if boats[n - 2] != p:
                return False
            if v == a:
                x, y = (n, b) if n <= b else (b, n)
            elif v == b:
                x, y = (a, n) if a <= n else (n, a)
            else:
                return False
            supply += 1
            swapped = n - 2
        nm = state.board.number_mask
        legion = state.legion
        if kind == "place":
            if x == 1:
                if y == 1 or not (nm[y] >> road & 1):
                    return False
                if owner[road] != EMPTY or legion == road:
                    return False
            elif x == y:
                if not (nm[x] >> road & 1) or owner[road] == p:
                    return False
            else:
                if not ((nm[x] | nm[y]) >> road & 1) or owner[road] != EMPTY or legion == road:
                    return False
            if supply > 0:
                return fr is None and fb is None
            if fr is not None:
                return 0 <= fr < nroads and owner[fr] == p
            if fb is not None:
                return boats[fb - 2] == p
            return False
        # the legion
        if x != 1 or road == legion or (y != 1 and not (nm[y] >> road & 1)):
            return False
        if boat is None:
            return True
        k = boat - 2
        if boats[k] != EMPTY and k != swapped:
            return False
        if supply > 0 or owner[road] == p:
            return bfr is None and bfb is None
        if bfr is not None:
            return 0 <= bfr < nroads and owner[bfr] == p
        if bfb is not None:
            return bfb != boat and boats[bfb - 2] == p
        return False
    if phase == SETUP:
        return (kind == "setup" and road is not None and 0 <= road < nroads
                and bool((state.board.number_mask[state.dice[0]] & state.empty_mask()) >> road & 1))
    if phase == NEUTRAL:
        if kind != "neutral" or road is None or not 0 <= road < nroads:
            return False
        if not neutral_targets(state) >> road & 1:
            return False
        n = state.neutral
        if state.supply[n] > 0:
            return fr is None
        return fr is not None and 0 <= fr < nroads and owner[fr] == n
    return False


# ------------------------------------------------------------------ explaining illegal actions

def why_illegal(state: State, action: Action) -> str:
    """A sentence saying why an action is not legal here (best effort, most specific first)."""
    phase = state.phase
    expected = {SETUP: "setup", NEUTRAL: "neutral", TURN: "a turn"}.get(phase)
    if expected is None:
        if phase == OVER:
            return "the game is over"
        return f"the dice must be rolled first (phase {state.phase_name!r})"
    kind = action.kind
    nroads = len(state.board.roads)
    for r in (action.road, action.from_road, action.boat_from_road):
        if r is not None and not 0 <= r < nroads:
            return f"there is no road {r} on this map (roads are 0-{nroads - 1})"
    if phase == SETUP and kind != "setup":
        return "this is a setup placement: write s<road>"
    if phase == NEUTRAL and kind != "neutral":
        return "this is the neutral placement: write n<road>"
    if phase == TURN and kind in ("setup", "neutral"):
        return f"it is a regular turn, not a {kind} placement"
    p = state.current
    if phase == SETUP:
        d = state.dice[0]
        assert action.road is not None
        if not state.empty_mask() >> action.road & 1:
            return f"road {action.road} is not empty"
        return f"road {action.road} does not lead to a fort numbered {d}"
    if phase == NEUTRAL:
        if state.supply[state.neutral] > 0 and action.from_road is not None:
            return "the neutral supply is not empty, so the neutral warrior comes from it"
        if state.supply[state.neutral] == 0 and action.from_road is None:
            return "the neutral supply is empty: move a neutral warrior from the board (n<road><<from>)"
        if action.from_road is not None and state.owner[action.from_road] != state.neutral:
            return f"road {action.from_road} holds no neutral warrior"
        return f"road {action.road} is not a road where the neutral warrior may go on a {state.dice[0]}"
    # a regular turn
    variants = {sw: (x, y) for sw, x, y in turn_variants(state)}
    if action.swap not in variants:
        n, v = action.swap  # type: ignore[misc]
        if state.boats[n - 2] != p:
            return f"you have no warrior on boat {n} to swap"
        return f"no die shows {v}"
    x, y = variants[action.swap]
    dice = f"{x}-{y}"
    place, legion, may_pass = targets(state, x, y, p)
    swap = action.swap
    supply = state.supply[p] + (1 if swap else 0)
    if kind == "pass":
        return "a double 1 must move the legion; you cannot pass" if not may_pass else "pass is not allowed here"
    assert action.road is not None
    road = action.road
    if kind == "place":
        if not place >> road & 1:
            if x == 1 and y == 1:
                return "a double 1 must move the legion"
            if state.owner[road] == p:
                return f"road {road} already holds your own warrior"
            if x == y:
                return f"road {road} does not lead to a fort numbered {x}"
            if not state.empty_mask() >> road & 1:
                return f"road {road} is not empty (only doubles displace)"
            return f"road {road} does not lead to a fort numbered {x if x != 1 else y}" + (
                f" or {y}" if x not in (1, y) else "")
        if supply > 0 and (action.from_road is not None or action.from_boat is not None):
            return "you still have warriors in your supply, so the placed warrior comes from there"
        if supply == 0 and action.from_road is None and action.from_boat is None:
            return "your supply is empty: pick up one of your warriors from a road or boat"
        if action.from_road is not None and state.owner[action.from_road] != p:
            return f"road {action.from_road} holds no warrior of yours"
        if action.from_boat is not None:
            if swap and action.from_boat == swap[0]:
                return f"boat {action.from_boat} was emptied by the swap"
            if state.boats[action.from_boat - 2] != p:
                return f"boat {action.from_boat} holds no warrior of yours"
        return f"that placement is not legal with {dice}"
    # legion
    if not legion >> road & 1:
        if x != 1:
            return f"the legion moves only with a 1 (dice {dice})"
        if state.legion == road:
            return f"the legion is already on road {road}"
        return f"road {road} does not lead to a fort numbered {y}"
    if action.boat is not None:
        k = action.boat - 2
        if state.boats[k] != EMPTY and not (swap and swap[0] == action.boat):
            return f"boat {action.boat} is not empty"
        own_displaced = state.owner[road] == p
        if (supply > 0 or own_displaced) and (action.boat_from_road is not None or action.boat_from_boat is not None):
            return "you have a warrior in your supply, so it is the one that goes on the boat"
        if supply == 0 and not own_displaced and action.boat_from_road is None and action.boat_from_boat is None:
            return "your supply is empty: pick up one of your warriors for the boat"
        if action.boat_from_road is not None and (state.owner[action.boat_from_road] != p or action.boat_from_road == road):
            return f"road {action.boat_from_road} holds no warrior of yours after the legion move"
        if action.boat_from_boat is not None:
            return f"boat {action.boat_from_boat} holds no warrior of yours to move"
    return f"that legion move is not legal with {dice}"


# ------------------------------------------------------------------ random play

def _pick_bit(mask: int, rng: Random) -> int:
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_action(state: State, rng: Random) -> Action:
    """A legal action chosen at random without listing them all (fast; for playouts).

    Every legal target (road for a placement, road for the legion, or pass) is
    equally likely, then the source and the optional boat."""
    phase = state.phase
    if phase == TURN:
        p = state.current
        variants = turn_variants(state)
        swap, x, y = variants[int(rng.random() * len(variants))] if len(variants) > 1 else variants[0]
        place, legion, may_pass = targets(state, x, y, p)
        n_place = place.bit_count()
        n_legion = legion.bit_count()
        k = int(rng.random() * (n_place + n_legion + may_pass))
        if k >= n_place + n_legion:
            return _act("pass", swap=swap)
        supply = state.supply[p] + (1 if swap else 0)
        swapped = swap[0] - 2 if swap else -1
        if k < n_place:
            road = _pick_bit(place, rng)
            if supply > 0:
                return _act("place", road, None, None, swap)
            fr, fb = _random_source(state, p, swapped, -1, -1, rng)
            return _act("place", road, fr, fb, swap)
        road = _pick_bit(legion, rng)
        if rng.random() < 0.5:
            return _act("legion", road, None, None, swap)
        free = [k2 for k2, o in enumerate(state.boats) if o == EMPTY or k2 == swapped]
        if not free:
            return _act("legion", road, None, None, swap)
        boat = free[int(rng.random() * len(free))]
        if supply > 0 or state.owner[road] == p:
            return _act("legion", road, None, None, swap, boat + 2)
        fr, fb = _random_source(state, p, swapped, road, boat, rng)
        if fr is None and fb is None:
            return _act("legion", road, None, None, swap)
        return _act("legion", road, None, None, swap, boat + 2, fr, fb)
    if phase == SETUP:
        return _act("setup", _pick_bit(state.board.number_mask[state.dice[0]] & state.empty_mask(), rng))
    if phase == NEUTRAL:
        road = _pick_bit(neutral_targets(state), rng)
        n = state.neutral
        if state.supply[n] > 0:
            return _act("neutral", road)
        return _act("neutral", road, _pick_bit(state.masks[n], rng))
    raise IllegalActionError(f"no decision is due in phase {state.phase_name!r}")


def _random_source(state: State, p: int, swapped: int, not_road: int, not_boat: int,
                   rng: Random) -> tuple[int | None, int | None]:
    """A random warrior of p on a road or boat (empty supply), excluding a road and a boat."""
    roads = state.masks[p]
    if not_road >= 0:
        roads &= ~(1 << not_road)
    boats = [k for k, o in enumerate(state.boats) if o == p and k != swapped and k != not_boat]
    n = roads.bit_count() + len(boats)
    if n == 0:
        return None, None
    k = int(rng.random() * n)
    if k < len(boats):
        return None, boats[k] + 2
    return _pick_bit(roads, rng), None
