"""The evaluation of every child of a position, without building the children.

Choosing a move greedily means evaluating the position after each legal action:
hundreds per turn, the bulk of the computer players' work.  Most of an
evaluation is a sum over the open forts, and an action changes the roads of
two to six forts at most; so instead of copying the state, applying the action
and evaluating from scratch, ``child_utilities`` works out which roads the
action changes (the effects ``rules.apply`` has: lifts, displacements, the
legion, boats, swaps), re-values only the forts on those roads and keeps the
parent's values for the others.  A child in which forts are captured is not
built either (``_capture_child``: the tokens won, and the open forts valued
with fewer captures left, from the parent's values at that number, worked out
once per parent); only a child in which the game ends is built and evaluated
the ordinary way.

The evaluation counts in integer units (``evaluate.UNIT``), so replacing a few
forts' values in the parent's sum gives exactly the sum a full evaluation of
the child adds up: the values are *identical* to ``Evaluator.utilities`` of
the applied child, which ``tests/test_ai.py`` checks action by action.

The loop over the actions is generated for the number of colours (2 to 5), so
that the masks and sums per colour are plain local variables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import rules
from .actions import Action
from .state import EMPTY, NEUTRAL, ON_BOARD, SETUP, TURN, State

if TYPE_CHECKING:
    from .evaluate import Evaluator

__all__ = ["child_utilities", "removal_costs"]


def _applied(ev: Evaluator, s: State, a: Action) -> list[float]:
    c = s.copy()
    rules.apply(c, a, False)
    return ev.utilities(c)


def child_utilities(ev: Evaluator, s: State, actions: Sequence[Action]) -> list[list[float]]:
    """``[ev.utilities(child) for each action]``, the children left unbuilt where possible."""
    phase = s.phase
    if ev.params.next_weight != 1.0 or phase not in (TURN, SETUP, NEUTRAL):
        # the fill model weighs the player to move: every fort changes with the turn
        return [_applied(ev, s, a) for a in actions]
    nc = ev.n_colours
    masks = s.masks
    legion = s.legion
    blocked = s.occupied | (1 << legion if legion >= 0 else 0)
    fmask = ev.fort_mask
    left = ev.captures_left(s)
    get = ev._forts.get
    miss = ev._miss
    # the parent: each open fort's value, and the sum of everything
    open_value: dict[int, tuple[int, ...]] = {}
    base = ev.captured(s)
    for f in s.uncaptured:
        m = fmask[f]
        key = (f, left, -1, blocked & m, *[mk & m for mk in masks])
        val = get(key)
        if val is None:
            val = miss(key, f, m, masks, blocked, -1, left)
        open_value[f] = val
        for c in range(nc):
            base[c] += val[c]
    ev.add_small_terms(base, s.boats, s.supply)
    par = _Parent(s, open_value, left, blocked)
    return _loop(ev)(ev, s, actions, open_value, base, left, blocked, _final_child, par)


def _final_child(ev: Evaluator, s: State, nm: list[int]) -> list[float]:
    """The utilities of a child of turn position ``s`` in which the game ends, the child's
    warriors being ``nm``: every fort still open in ``s`` goes to its strict majority, the
    captures at the end of the turn and the final claims alike (as ``rules`` takes them),
    and the winner is ranked as ``rules.result`` ranks."""
    fmask = ev.fort_mask
    rank = rules.rank_counts
    E = ev.captured(s)
    n = s.n_players
    points = [s.points(c) for c in range(n)] + [0] * (len(E) - n)
    tokens = [s.tokens(c) for c in range(n)] + [0] * (len(E) - n)
    vp_owner = s.vp_owner
    for f in s.uncaptured:
        m = fmask[f]
        first, second = rank([(mk & m).bit_count() for mk in nm])
        if first < 0:
            continue  # tied or empty: both tokens stay on the board
        E[first] += ev.fort_units[f]
        points[first] += ev.number[f]
        tokens[first] += 1
        if second >= 0 and vp_owner[f] == ON_BOARD:
            E[second] += ev.vp_units[f]
            points[second] += ev.vp[f]
            tokens[second] += 1
    last = s.last_entry[:]
    last[s.current] = s.seq + 1
    win = rules.rank_players(points, tokens, last, n, s.german_tiebreak)[0]
    return ev.final_utilities(E, win)


class _Parent:
    """What the captured children of one position start from: its open forts' values, and
    (worked out on demand) those values with fewer captures left, a key of the fort memo."""

    __slots__ = ("s", "open_value", "left", "blocked", "shifted")

    def __init__(self, s: State, open_value: dict[int, tuple[int, ...]], left: int, blocked: int) -> None:
        self.s = s
        self.open_value = open_value
        self.left = left
        self.blocked = blocked
        self.shifted: dict[int, tuple[list[int], dict[int, tuple[int, ...]]]] = {}

    def at_left(self, ev: Evaluator, left: int) -> tuple[list[int], dict[int, tuple[int, ...]]]:
        """(what the sum of the open forts changes by, each open fort's value) with this
        position's warriors but ``left`` captures left."""
        if left == self.left:
            vals = self.open_value
        else:
            s = self.s
            masks = s.masks
            blocked = self.blocked
            vals = {}
            for f in s.uncaptured:
                m = ev.fort_mask[f]
                key = (f, left, -1, blocked & m, *[mk & m for mk in masks])
                val = ev._forts.get(key)
                vals[f] = val if val is not None else ev._miss(key, f, m, masks, blocked, -1, left)
        delta = [0] * ev.n_colours
        for f, val in vals.items():
            old = self.open_value[f]
            for c in range(len(delta)):
                delta[c] += val[c] - old[c]
        hit = self.shifted[left] = (delta, vals)
        return hit


def removal_costs(ev: Evaluator, s: State, colour: int, judge: int, boats: bool) -> dict[object, float]:
    """What taking each warrior of ``colour`` off the board (a road r, or with ``boats`` a boat
    ("b", n)) would cost player ``judge`` by the evaluation: the utility before minus after."""
    masks = s.masks
    legion = s.legion
    blocked = s.occupied | (1 << legion if legion >= 0 else 0)
    fmask = ev.fort_mask
    left = ev.captures_left(s)
    get = ev._forts.get
    miss = ev._miss
    nc = ev.n_colours

    def value(f: int, masks: list[int], blocked: int) -> tuple[int, ...]:
        m = fmask[f]
        key = (f, left, -1, blocked & m, *[mk & m for mk in masks])
        val = get(key)
        return val if val is not None else miss(key, f, m, masks, blocked, -1, left)

    open_value = {f: value(f, masks, blocked) for f in s.uncaptured}
    base = ev.captured(s)
    for val in open_value.values():
        for c in range(nc):
            base[c] += val[c]
    ev.add_small_terms(base, s.boats, s.supply)
    now = ev.combine(base)[judge]
    out: dict[object, float] = {}
    m = masks[colour]
    while m:
        low = m & -m
        m ^= low
        r = low.bit_length() - 1
        nm = masks[:]
        nm[colour] &= ~low
        E = base[:]
        for f in s.board.road_forts[r]:
            if f in open_value:
                new = value(f, nm, blocked & ~low)
                old = open_value[f]
                for c in range(nc):
                    E[c] += new[c] - old[c]
        out[r] = now - ev.combine(E)[judge]
    if boats:
        for k, o in enumerate(s.boats):
            if o == colour:
                E = base[:]
                E[colour] -= ev.boat_units[k]
                out[("b", k + 2)] = now - ev.combine(E)[judge]
    return out


# The loop over the actions, as source with the per-colour parts filled in by _loop.
_TEMPLATE = '''
def loop(ev, s, actions, open_value, base, left, blocked, final_child, par):
    phase = s.phase
    turn = phase == TURN
    p = s.current
    masks = s.masks
    owner = s.owner
    legion = s.legion
    lbit = 1 << legion if legion >= 0 else 0
    boats = s.boats
    supply = s.supply
    fmask = ev.fort_mask
    get = ev._forts.get
    miss = ev._miss
    open_get = open_value.get
    parent_open = len(open_value)
    left_cap = ev.left_cap
    shifted = par.shifted
    fort_units = ev.fort_units
    vp_units = ev.vp_units
    vp_owner = s.vp_owner
    road_forts = s.board.road_forts
    rank = rank_counts
    boat_units = ev.boat_units
    supply_units = ev.supply_units
    placing = p if phase == SETUP else s.neutral  # the colour a setup or neutral placement puts down
    dirty = s.dirty if turn else 0  # roads changed before the turn (a neutral placement)
    # the forts on those roads that the end of the turn captures unless the action changes them
    dirty_caps = []
    if dirty:
        pfull = s.occupied & ~lbit
        {unpack} = masks
        seen = 0
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            for f in road_forts[low.bit_length() - 1]:
                m = fmask[f]
                if not seen >> f & 1 and f in open_value and pfull & m == m:
                    seen |= 1 << f
                    first, second = rank([{counts}])
                    if first >= 0:
                        dirty_caps.append((f, first, second))
    out = []
    for a in actions:
        kind, road, fr, fb, swap, boat, bfr, bfb = a
        nm = masks[:]
        nb = boats
        ns = supply
        touched = 0
        if turn:
            nl = legion
            if swap is not None:
                nb = boats[:]
                nb[swap[0] - 2] = EMPTY
                ns = supply[:]
                ns[p] += 1
            if kind == "place":
                bit = 1 << road
                if fr is not None:
                    nm[p] &= ~(1 << fr)
                    touched = 1 << fr
                elif fb is not None:
                    if nb is boats:
                        nb = boats[:]
                    nb[fb - 2] = EMPTY
                else:
                    if ns is supply:
                        ns = supply[:]
                    ns[p] -= 1
                o = owner[road]
                if o >= 0:
                    nm[o] &= ~bit
                    if ns is supply:
                        ns = supply[:]
                    ns[o] += 1
                elif legion == road:
                    nl = -1
                nm[p] |= bit
                touched |= bit
            elif kind == "legion":
                bit = 1 << road
                o = owner[road]
                if o >= 0:
                    nm[o] &= ~bit
                    if ns is supply:
                        ns = supply[:]
                    ns[o] += 1
                touched = bit | lbit
                nl = road
                if boat is not None:
                    if nb is boats:
                        nb = boats[:]
                    if bfr is not None:
                        nm[p] &= ~(1 << bfr)
                        touched |= 1 << bfr
                    elif bfb is not None:
                        nb[bfb - 2] = EMPTY
                    else:
                        if ns is supply:
                            ns = supply[:]
                        ns[p] -= 1
                    nb[boat - 2] = p
            {unpack} = nm
            occ = {occ}
            nlbit = 1 << nl if nl >= 0 else 0
            nblocked = occ | nlbit
            # only forts on changed roads can be captured at the end of this turn: those on
            # the roads of this action, and those the parent already had to check
            check = touched
            full = occ & ~nlbit
            caps = None
            seen = 0
            while check:
                low = check & -check
                check ^= low
                for f in road_forts[low.bit_length() - 1]:
                    if seen >> f & 1:
                        continue
                    seen |= 1 << f
                    m = fmask[f]
                    if full & m == m and f in open_value:
                        first, second = rank([{counts}])
                        if first >= 0:
                            if caps is None:
                                caps = []
                            caps.append((f, first, second))
            for cap in dirty_caps:
                if not seen >> cap[0] & 1:
                    # off this action's roads: captured as in the parent
                    if caps is None:
                        caps = []
                    caps.append(cap)
            taken = None
            if caps is not None:
                taken = []
                E = base[:]
                for f, first, second in caps:
                    taken.append(f)
                    E[first] += fort_units[f]
                    if second >= 0 and vp_owner[f] == ON_BOARD:
                        E[second] += vp_units[f]
            if taken is None:
                {sums} = base
                lft = left
                vget = open_get
            else:
                n_open = parent_open - len(taken)
                if n_open <= FORTS_LEFT_AT_END:
                    out.append(final_child(ev, s, nm))  # the game ends: the final claims decide
                    continue
                # fewer captures left: every open fort is valued anew (the captures left are
                # part of its key); those off the touched roads as the parent's at that number
                lft = n_open - 6
                if lft > left_cap:
                    lft = left_cap
                shift = shifted.get(lft)
                if shift is None:
                    shift = par.at_left(ev, lft)
                delta, vals = shift
                {sums} = E
{shift}
                for f in taken:
                    old = vals[f]
{untake}
                vget = vals.get
        else:
            # a setup or neutral placement: one warrior onto an empty road (the neutral's
            # perhaps from another road); nothing is captured
            bit = 1 << road
            ns = supply[:]
            if fr is not None:
                nm[placing] &= ~(1 << fr)
                touched = 1 << fr
            else:
                ns[placing] -= 1
            nm[placing] |= bit
            touched |= bit
            nblocked = (blocked & ~touched) | bit
            {unpack} = nm
            {sums} = base
            taken = None
            lft = left
            vget = open_get
        done = 0
        while touched:
            low = touched & -touched
            touched ^= low
            for f in road_forts[low.bit_length() - 1]:
                if done >> f & 1:
                    continue
                done |= 1 << f
                old = vget(f)
                if old is None or (taken is not None and f in taken):
                    continue
                m = fmask[f]
                key = (f, lft, -1, nblocked & m, {key})
                val = get(key)
                if val is None:
                    val = miss(key, f, m, nm, nblocked, -1, lft)
{delta}
        if nb is not boats:
            E = [{sums}]
            for k in range(5):
                if boats[k] != nb[k]:
                    if boats[k] >= 0:
                        E[boats[k]] -= boat_units[k]
                    if nb[k] >= 0:
                        E[nb[k]] += boat_units[k]
        elif supply_units and ns is not supply:
            E = [{sums}]
        if supply_units and ns is not supply:
            for c in range({nc}):
                E[c] += supply_units * (ns[c] - supply[c])
            {sums} = E
        elif nb is not boats:
            {sums} = E
        out.append({combine})
    return out
'''

_LOOPS: dict[tuple[int, int, float], Callable[..., list[list[float]]]] = {}


def _loop(ev: Evaluator) -> Callable[..., list[list[float]]]:
    nc = ev.n_colours
    names = ev.combine_names()
    fn = _LOOPS.get((nc, ev.n_players, names["mix"]))
    if fn is None:
        ms = [f"n{c}" for c in range(nc)]
        es = [f"e{c}" for c in range(nc)]
        src = _TEMPLATE.format(
            unpack=", ".join(ms) + ",", occ=" | ".join(ms), nc=nc,
            counts=", ".join(f"(n{c} & m).bit_count()" for c in range(nc)),
            key=", ".join(f"n{c} & m" for c in range(nc)),
            sums=", ".join(es),
            delta="\n".join(f"                e{c} += val[{c}] - old[{c}]" for c in range(nc)),
            shift="\n".join(f"                e{c} += delta[{c}]" for c in range(nc)),
            untake="\n".join(f"                    e{c} -= old[{c}]" for c in range(nc)),
            combine=ev.combine_source(ev.n_players),
        )
        ns: dict[str, Any] = {"EMPTY": EMPTY, "TURN": TURN, "SETUP": SETUP, "ON_BOARD": ON_BOARD,
                              "FORTS_LEFT_AT_END": rules.FORTS_LEFT_AT_END, "rank_counts": rules.rank_counts,
                              **names}
        exec(src, ns)  # noqa: S102 - generated from numbers only
        fn = _LOOPS[(nc, ev.n_players, names["mix"])] = ns["loop"]
    return fn

