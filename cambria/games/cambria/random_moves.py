"""Drawing a legal Cambria action at random without listing them (random playouts only)."""

from __future__ import annotations

from random import Random

from ...core.errors import IllegalActionError
from .action_tables import act
from .actions import Action
from .moves import neutral_targets, targets, turn_variants
from .state import EMPTY, NEUTRAL, SETUP, TURN, State

__all__ = ["random_action"]


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
            return act("pass", swap=swap)
        supply = state.supply[p] + (1 if swap else 0)
        swapped = swap[0] - 2 if swap else -1
        if k < n_place:
            road = _pick_bit(place, rng)
            if supply > 0:
                return act("place", road, None, None, swap)
            fr, fb = _random_source(state, p, swapped, -1, -1, rng)
            return act("place", road, fr, fb, swap)
        road = _pick_bit(legion, rng)
        if rng.random() < 0.5:
            return act("legion", road, None, None, swap)
        free = [k2 for k2, o in enumerate(state.boats) if o == EMPTY or k2 == swapped]
        if not free:
            return act("legion", road, None, None, swap)
        boat = free[int(rng.random() * len(free))]
        if supply > 0 or state.owner[road] == p:
            return act("legion", road, None, None, swap, boat + 2)
        fr, fb = _random_source(state, p, swapped, road, boat, rng)
        if fr is None and fb is None:
            return act("legion", road, None, None, swap)
        return act("legion", road, None, None, swap, boat + 2, fr, fb)
    if phase == SETUP:
        return act("setup", _pick_bit(state.board.number_mask[state.dice[0]] & state.empty_mask(), rng))
    if phase == NEUTRAL:
        road = _pick_bit(neutral_targets(state), rng)
        n = state.neutral
        if state.supply[n] > 0:
            return act("neutral", road)
        return act("neutral", road, _pick_bit(state.masks[n], rng))
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
