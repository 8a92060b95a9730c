"""The evaluation of every child of a position, without building the children.

Choosing a move greedily means evaluating the position after each legal action:
hundreds per turn, the bulk of the computer players' work.  Most of an
evaluation is a sum over the open forts, and an action changes the roads of
two to six forts at most; so instead of copying the state, applying the action
and evaluating from scratch, ``child_utilities`` works out which roads the
action changes (the effects ``rules.apply`` has: lifts, displacements, the
legion, boats, swaps), re-values only the forts on those roads and keeps the
parent's values for the others.  A child in which a fort is captured (and so
perhaps the game ends) is built and evaluated the ordinary way.

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
from .state import EMPTY, NEUTRAL, SETUP, TURN, State

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
    return _loop(ev)(ev, s, actions, open_value, base, left, blocked, _applied)


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
def loop(ev, s, actions, open_value, base, left, blocked, applied):
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
    road_forts = s.board.road_forts
    rank = rank_counts
    boat_units = ev.boat_units
    supply_units = ev.supply_units
    placing = p if phase == SETUP else s.neutral  # the colour a setup or neutral placement puts down
    dirty = s.dirty if turn else 0  # roads changed before the turn (a neutral placement)
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
            # only forts on changed roads can be captured at the end of this turn
            check = touched | dirty
            full = occ & ~nlbit
            captured = False
            while check and not captured:
                low = check & -check
                check ^= low
                for f in road_forts[low.bit_length() - 1]:
                    m = fmask[f]
                    if full & m == m and f in open_value and rank([{counts}])[0] >= 0:
                        captured = True
                        break
            if captured:
                out.append(applied(ev, s, a))
                continue
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
        done = []
        while touched:
            low = touched & -touched
            touched ^= low
            for f in road_forts[low.bit_length() - 1]:
                if f in done or f not in open_value:
                    continue
                done.append(f)
                m = fmask[f]
                key = (f, left, -1, nblocked & m, {key})
                val = get(key)
                if val is None:
                    val = miss(key, f, m, nm, nblocked, -1, left)
                old = open_value[f]
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
            combine=ev.combine_source(ev.n_players),
        )
        ns: dict[str, Any] = {"EMPTY": EMPTY, "TURN": TURN, "SETUP": SETUP, "rank_counts": rules.rank_counts,
                              **names}
        exec(src, ns)  # noqa: S102 - generated from numbers only
        fn = _LOOPS[(nc, ev.n_players, names["mix"])] = ns["loop"]
    return fn

