"""The legal moves of Cambria, listed: every action the player to move may take.

``legal_actions(state)`` lists every legal Action, in a fixed order: per dice
variant (as rolled, then each boat swap), the placements by road, each with its
sources (the supply, or roads then boats), then the legion moves by road, each
followed by its boat placements, then pass.  It is kept fast because every real
turn uses it (the computer players' search, the page's turn builder): the Actions
come from per-map tables (``action_tables.py``), so listing a turn copies
references instead of building tuples, and the targets of a die come from bit
masks (``board.py``).  ``narrow_actions`` is the shorter list the search uses.

Checking one action without listing them is ``legality.py``; drawing one at random
``random_moves.py``.  ``tests/test_legality.py`` checks that ``is_legal`` accepts
exactly what ``legal_actions`` lists; ``tests/scenario.py`` holds an independent
oracle of the list.
"""

from __future__ import annotations

from .action_tables import PASS, bits, getter, tables
from .actions import Action
from .state import EMPTY, NEUTRAL, SETUP, TURN, State

__all__ = ["legal_actions", "narrow_actions", "turn_variants", "targets", "neutral_targets", "bits"]


# ------------------------------------------------------------------ listing

def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move (empty at chance steps and at the end)."""
    phase = state.phase
    if phase == TURN:
        return _turn_actions(state)
    if phase == SETUP:
        row = tables(state.board).setup
        return [row[t] for t in bits(state.board.number_mask[state.dice[0]] & state.empty_mask())]
    if phase == NEUTRAL:
        tab = tables(state.board)
        targets = bits(neutral_targets(state))
        n = state.neutral
        if state.supply[n] > 0:
            row = tab.neutral
            return [row[t] for t in targets]
        get = getter(bits(state.masks[n]))
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
    tab = tables(board)
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
                get = getter(sources)
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
                    get = getter([k * ns + i for k in free for i in sources])
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
            out.append(PASS[si])
    return out


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
        tab = tables(state.board)
        return [tab.neutral_from_row(t)[fr] for t in bits(neutral_targets(state))]  # type: ignore[index]
    if phase != TURN:
        return legal_actions(state)
    board = state.board
    tab = tables(board)
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
            out.append(PASS[si])
    return out
