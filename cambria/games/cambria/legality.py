"""Checking one Cambria action without listing the others, and saying why one is illegal.

``is_legal(state, action)`` decides in a few mask tests whether an action is one of
``legal_actions(state)`` (the way python-chess's ``Board.is_legal`` checks one
move), so a checked ``apply`` costs almost nothing; ``why_illegal`` explains a
refusal in words, most specific reason first.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .moves import neutral_targets, targets, turn_variants
from .state import EMPTY, NEUTRAL, OVER, SETUP, TURN, State

__all__ = ["is_legal", "why_illegal"]


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
