"""The rules of Hibernia as functions on a State (docs/hibernia.md says them in words).

A game alternates chance steps and decisions:

* chance: ``chance_outcomes(state)`` lists the outcomes with their odds,
  ``apply_chance(state, outcome)`` plays one; in this order (docs/hibernia.md, "Setup"):
  the start player (the shield is laid at once), the fort draw (a permutation of the
  four colours onto the four forts, in board order), then the colour die before every
  turn.  The rules never draw random numbers themselves; ``sample_chance(state, rng)``
  does, for whoever owns the game's generator.
* decision: ``legal_actions(state)`` lists every legal Action (``actions.py``);
  ``apply(state, action)`` plays one, or raises IllegalActionError saying why and leaves
  the state unchanged.  A turn is two decisions (the die action and the extra action,
  in the order the player picks); after the second comes the scoring walk
  (``scoring.py``).

>>> from cambria.games.hibernia.board import load_board
>>> from cambria.games.hibernia.state import State
>>> s = State(load_board(), 4)
>>> apply_chance(s, 2); s.phase_name, s.shield
('forts', [1, 0, 3, 2])
>>> apply_chance(s, (0, 1, 2, 3)); s.phase_name, s.current, [s.board.county_id(i) for i in s.counties_of(0)]
('roll', 2, ['MCA'])
"""

from __future__ import annotations

from itertools import permutations
from random import Random
from typing import Any, Iterator

from ...core.errors import IllegalActionError
from ...core.interface import Effects
from .actions import MUSTER, Action
from .board import COLOURS
from .scoring import end_turn
from .state import (
    BLACK, DIE_SLOT, EMPTY, EXTRA_SLOT, FACES, FIRST_ACTION, FORTS, LAST_ACTION, OVER, PURPLE,
    ROLL, SHIELD_START, START, State,
)

__all__ = [
    "chance_outcomes", "check_chance", "apply_chance", "sample_chance", "legal_actions", "is_legal",
    "why_illegal", "apply", "protected", "move_options", "spares", "neighbours_held", "FORT_DRAWS", "SLOT_BITS",
]

# The 24 ways to shuffle the four colours onto the four forts (board order of the forts).
FORT_DRAWS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))
_FORT_DRAW_SET = frozenset(FORT_DRAWS)
SLOT_BITS = {"die": DIE_SLOT, "extra": EXTRA_SLOT}
_new_action = tuple.__new__


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ------------------------------------------------------------------ chance

def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    """The outcomes of the pending chance step and their probabilities (summing to 1)."""
    phase = state.phase
    if phase == ROLL:
        return [(f, 1 / 6) for f in range(6)]
    if phase == FORTS:
        return [(d, 1 / 24) for d in FORT_DRAWS]
    if phase == START:
        n = state.n_players
        return [(p, 1 / n) for p in range(n)]
    return []


def check_chance(state: State, outcome: Any) -> Any:
    """The outcome in its canonical form, or IllegalActionError if it is not possible here."""
    phase = state.phase
    if phase == FORTS:
        if isinstance(outcome, (tuple, list)) and all(type(c) is int for c in outcome):
            draw = tuple(outcome)
            if draw in _FORT_DRAW_SET:
                return draw
        raise IllegalActionError(f"a fort draw gives each of the four forts one of the four colours, "
                                 f"not {outcome!r}")
    if phase in (START, ROLL):
        limit = state.n_players if phase == START else 6
        if type(outcome) is int and 0 <= outcome < limit:
            return outcome
        what = "start player" if phase == START else "face of the colour die"
        raise IllegalActionError(f"{outcome!r} is not a possible {what} here")
    raise IllegalActionError(f"nothing is drawn in phase {state.phase_name!r}")


def sample_chance(state: State, rng: Random) -> Any:
    """Draw the pending chance outcome as players would, from ``rng`` (not applied)."""
    phase = state.phase
    if phase == ROLL:
        return int(rng.random() * 6)
    if phase == FORTS:
        # shuffle the four soldiers (Fisher-Yates with the generator's own floats: the same
        # draw on every Python version)
        colours = [0, 1, 2, 3]
        for i in range(3, 0, -1):
            j = int(rng.random() * (i + 1))
            colours[i], colours[j] = colours[j], colours[i]
        return tuple(colours)
    if phase == START:
        return int(rng.random() * state.n_players)
    raise IllegalActionError(f"nothing is drawn in phase {state.phase_name!r}")


def apply_chance(state: State, outcome: Any, fx: Effects | None = None) -> None:
    """Play the pending chance outcome (``fx``: see ``apply``)."""
    outcome = check_chance(state, outcome)
    phase = state.phase
    if phase == ROLL:
        p = state.current
        state.die = outcome
        if outcome == PURPLE:
            state.purple = 1
            state.pending = EXTRA_SLOT
            state.phase = LAST_ACTION
        else:
            state.pending = DIE_SLOT | EXTRA_SLOT
            state.phase = FIRST_ACTION
        if fx is not None:
            fx.append({"type": "roll", "player": p, "die": outcome, "face": FACES[outcome]})
    elif phase == START:
        n = state.n_players
        state.start_player = state.current = outcome
        if fx is not None:
            fx.append({"type": "start", "player": outcome})
        for k in range(n):
            c = (outcome + k) % n
            lay = SHIELD_START[k]
            if lay:
                state.supply[c] -= lay
                state.shield[c] += lay
                if fx is not None:
                    fx.append({"type": "soldiers", "player": c, "from": "supply", "to": "shield", "count": lay,
                               "reason": "setup"})
        state.phase = FORTS
    else:  # FORTS
        _setup_forts(state, outcome, fx)
        state.current = state.start_player
        state.phase = ROLL


def _setup_forts(state: State, draw: tuple[int, ...], fx: Effects | None) -> None:
    board = state.board
    state.fort_colours = draw
    if fx is not None:
        fx.append({"type": "forts", "forts": list(board.forts), "colours": list(draw)})
    for fort, colour in zip(board.forts, draw, strict=True):
        _put(state, colour, fort, 1, "fort", fx)
    for fort, colour in zip(board.forts, draw, strict=True):
        # the neutral colour (ruling 10) and, with the advanced setup, every player colour
        # gets one soldier on each other county of its fort's colour
        if colour == state.neutral or state.advanced:
            same = board.colour_mask[board.counties[fort].colour_index] & ~(1 << fort)
            for county in _bits(same):
                _put(state, colour, county, 1, "neutral" if colour == state.neutral else "advanced", fx)


def _put(state: State, colour: int, county: int, k: int, reason: str, fx: Effects | None) -> None:
    """A setup soldier from a colour's supply onto an empty county."""
    state.supply[colour] -= k
    state.owner[county] = colour
    state.count[county] = k
    state.masks[colour] |= 1 << county
    if fx is not None:
        fx.append({"type": "soldiers", "player": colour, "from": "supply", "to": county, "count": k,
                   "reason": reason})


# ------------------------------------------------------------------ the rules' questions

def neighbours_held(state: State, colour: int, county: int) -> int:
    """N: in how many neighbours of ``county`` (arrows count) ``colour`` has soldiers."""
    return (state.board.adjacent[county] & state.masks[colour]).bit_count()


def _has_pair(mask: int, near: tuple[int, ...]) -> bool:
    m = mask
    while m:
        low = m & -m
        if near[low.bit_length() - 1] & mask:
            return True
        m ^= low
    return False


def protected(state: State, defender: int, county: int) -> bool:
    """Whether taking ``county`` from ``defender`` is forbidden (rulings 8 and 9).

    It is when the defender would hold no county afterwards, or when he holds a pair
    of neighbouring counties now and would hold none afterwards.  In the first round of
    the advanced setup, two held counties at most two steps apart also count as a pair.
    The neutral colour is never protected."""
    if defender == state.neutral:
        return False
    before = state.masks[defender]
    after = before & ~(1 << county)
    if not after:
        return True
    near = state.board.near2 if state.advanced and state.round == 1 else state.board.adjacent
    return _has_pair(before, near) and not _has_pair(after, near)


def _targets(state: State, slot_bit: int) -> int:
    """The counties an action of this slot may move into (by the die's colour)."""
    if slot_bit == DIE_SLOT and state.die < BLACK:
        return state.board.colour_mask[state.die]
    return state.board.all_counties


def _invasion_allowed(state: State, p: int, county: int, n: int) -> bool:
    q = state.owner[county]
    if q < 0 or q == p or n < state.count[county]:
        return True  # no one to fight, or the defender keeps the county
    return not protected(state, q, county)


def spares(state: State, p: int, county: int) -> list[tuple[str, int]]:
    """Own counties that can give soldiers to ``county``: (id, how many), by id."""
    counties = state.board.counties
    out = [(counties[i].id, state.count[i] - 1) for i in _bits(state.masks[p] & ~(1 << county))
           if state.count[i] > 1]
    out.sort()
    return out


def _multisets(pool: list[tuple[str, int]], need: int, start: int = 0) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every way to take ``need`` soldiers from the pool (how many from each, never an order)."""
    if need == 0:
        yield ()
        return
    room = sum(k for _, k in pool[start:])
    if room < need:
        return
    cid, cap = pool[start]
    rest_room = room - cap
    for k in range(min(cap, need), -1, -1):
        if need - k > rest_room:
            break
        if k == 0:
            yield from _multisets(pool, need, start + 1)
        else:
            for tail in _multisets(pool, need - k, start + 1):
                yield ((cid, k),) + tail


# ------------------------------------------------------------------ legal actions

def move_options(state: State) -> list[tuple[str, int, int, int]]:
    """``(slot, county, n, need)`` for every move the player to act may make, before the
    choice of sources: ``n`` soldiers go in, ``need`` of them from his counties."""
    phase = state.phase
    if phase != FIRST_ACTION and phase != LAST_ACTION:
        return []
    p = state.current
    adjacent = state.board.adjacent
    mine = state.masks[p]
    supply = state.supply[p]
    room = -1  # the spare soldiers on the board (counted when first needed)
    out: list[tuple[str, int, int, int]] = []
    for slot, bit in (("die", DIE_SLOT), ("extra", EXTRA_SLOT)):
        if not state.pending & bit:
            continue
        for t in _bits(_targets(state, bit)):
            n = (adjacent[t] & mine).bit_count()
            if n == 0 or not _invasion_allowed(state, p, t, n):
                continue
            need = n - supply if n > supply else 0
            if need:
                if room < 0:
                    room = sum(state.count[i] - 1 for i in _bits(mine))
                spare_here = state.count[t] - 1 if state.owner[t] == p else 0
                if room - spare_here < need:
                    continue
            out.append((slot, t, n, need))
    return out


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move (empty at chance steps and at the end): per
    slot, the moves in board order (with every multiset of sources when the supply is
    short), then the muster."""
    phase = state.phase
    if phase != FIRST_ACTION and phase != LAST_ACTION:
        return []
    p = state.current
    counties = state.board.counties
    out: list[Action] = []
    options = move_options(state)
    for slot, bit in (("die", DIE_SLOT), ("extra", EXTRA_SLOT)):
        if not state.pending & bit:
            continue
        for s, t, _, need in options:
            if s != slot:
                continue
            cid = counties[t].id
            if not need:
                out.append(_new_action(Action, (slot, cid, ())))
            else:
                for src in _multisets(spares(state, p, t), need):
                    out.append(_new_action(Action, (slot, cid, src)))
        out.append(_new_action(Action, (slot, MUSTER, ())))
    return out


def why_illegal(state: State, action: Action) -> str | None:
    """Why ``action`` is not legal here, or None if it is (the one check behind ``apply``)."""
    phase = state.phase
    if phase not in (FIRST_ACTION, LAST_ACTION):
        if phase == OVER:
            return "the game is over"
        return f"no decision is due: the {'die must be rolled' if phase == ROLL else 'setup is drawn'} first"
    if not isinstance(action, Action):
        return "that is not an action"
    slot = action.slot
    bit = SLOT_BITS[slot]
    p = state.current
    if not state.pending & bit:
        if slot == "die" and state.die == PURPLE:
            return "purple gives a free step on the track instead of an action; only the extra action is left"
        return f"the {slot} action of this turn has been played already"
    if action.is_muster:
        return None
    board = state.board
    t = board.index.get(action.target)
    if t is None:
        return f"there is no county {action.target} on this board"
    county = board.counties[t]
    if bit == DIE_SLOT and state.die < BLACK and county.colour_index != state.die:
        return (f"the die shows {COLOURS[state.die]}: its action is in a {COLOURS[state.die]} county, "
                f"and {county.name} is {county.colour}")
    n = neighbours_held(state, p, t)
    if n == 0:
        return f"you have no soldiers next to {county.name}"
    supply = state.supply[p]
    need = n - supply if n > supply else 0
    given = action.from_board
    if need:
        room = sum(k - 1 for k in (state.count[i] for i in _bits(state.masks[p] & ~(1 << t))))
        if room < need:
            return (f"{county.name} takes {n} soldiers (one for each of your counties next to it) and you "
                    f"have only {supply + room}: {supply} in your supply and {room} to spare in your other "
                    "counties, each of which keeps one")
    if need == 0 and given:
        return (f"your supply gives all {n} soldiers (it is used first), so none come from the board"
                if supply else "no soldiers are needed from the board")
    if given != need:
        return (f"{county.name} takes {n} soldiers (you have soldiers next to it in {n} "
                f"{'county' if n == 1 else 'counties'}): {supply} from your supply and {need} from your "
                f"counties, not {given}")
    for cid, k in action.sources:
        i = board.index.get(cid)
        if i is None:
            return f"there is no county {cid} on this board"
        if state.owner[i] != p:
            return f"you have no soldiers in {board.counties[i].name}"
        if state.count[i] - k < 1:
            return (f"{board.counties[i].name} must keep one soldier: it can give {state.count[i] - 1}, "
                    f"not {k}")
    if not _invasion_allowed(state, p, t, n):
        return (f"{county.name} is protected: its owner would lose his last pair of neighbouring "
                "counties" if state.masks[state.owner[t]] & ~(1 << t) else
                f"{county.name} is protected: it is its owner's last county")
    return None


def is_legal(state: State, action: Action) -> bool:
    """Whether ``action`` is legal in ``state``."""
    return why_illegal(state, action) is None


# ------------------------------------------------------------------ playing actions

def apply(state: State, action: Action, check: bool = True, fx: Effects | None = None) -> None:
    """Play a decision.  With ``check`` (the default) an illegal action raises
    IllegalActionError saying why and leaves the state as it was.

    With a list ``fx`` the rules append what happened, in order: the one source of
    the preview, the events, the log and the animations.  Counties are board indices;
    ``player`` is a colour number (the neutral's too); ``part`` is the index of the
    action's step (``actions.action_steps``: 0 the slot, 1 the county or ``muster``,
    2, 3, ... the source counties) behind the effect, None for the end of the turn.

    * ``action`` {player, slot, kind, county, n}: the action begins; ``kind`` is
      ``"enter"`` (an empty county), ``"reinforce"`` (his own), ``"invade"`` (another
      colour's) or ``"muster"`` (``county`` and ``n`` None); ``n`` the soldiers that go in.
    * ``soldiers`` {player, from, to, count, reason?}: soldiers of colour ``player``
      moved; ``from``/``to`` are a county, ``"supply"``, ``"shield"`` or ``"out"`` (neutral
      soldiers leave the game).  A move puts the supply's soldiers in first, then one
      effect per source county; combat losses go from the county to the shield (or out);
      a muster brings each colour's soldiers from the shield to its supply.
    * ``combat`` {county, attacker, defender, attackers, defenders, losses, holder, left}:
      both sides lost ``losses``; ``holder`` keeps the county with ``left`` soldiers
      (None: emptied); ``taken`` True if the defender lost it.
    * ``muster`` {player, slot, returned}: ``returned[c]`` soldiers of each colour back.
    * the end of the turn (``scoring.end_turn``): ``step`` per track step {player, space,
      colour, paid ("county" or "purple"), total, lap}, then ``walk`` {player, from, to,
      steps, purple, purple_used, holdings, stopped_on}; ``end_triggered`` {player, total}
      when a marker first reaches the start again; ``round_end`` {round}; ``tie_round``
      {number, leaders} when a tie for first place forces another round; ``game_over``
      {winners, shared, decided_by, scores, tie_rounds}.

    The chance steps add ``start`` {player}, ``forts`` {forts, colours} and ``roll``
    {player, die, face}, each with the setup's ``soldiers`` effects."""
    if check:
        why = why_illegal(state, action)
        if why is not None:
            raise IllegalActionError(f"illegal action {str(action)[:60]!r}: {why}")
    p = state.current
    slot = action[0]
    target = action[1]
    state.pending &= ~SLOT_BITS[slot]
    if target == MUSTER:
        _muster(state, p, slot, fx)
    else:
        _move(state, p, slot, state.board.index[target], action[2], fx)
    if state.pending:
        state.phase = LAST_ACTION
    else:
        end_turn(state, fx)


def _muster(state: State, p: int, slot: str, fx: Effects | None) -> None:
    shield = state.shield
    supply = state.supply
    returned = [0, 0, 0, 0]
    for c in range(state.n_players):
        k = shield[c] if c == p else shield[c] // 2
        if k:
            shield[c] -= k
            supply[c] += k
            returned[c] = k
    if fx is not None:
        fx.append({"type": "action", "player": p, "slot": slot, "kind": "muster", "county": None, "n": None,
                   "part": 1})
        for c in range(state.n_players):
            if returned[c]:
                fx.append({"type": "soldiers", "player": c, "from": "shield", "to": "supply",
                           "count": returned[c], "part": 1})
        fx.append({"type": "muster", "player": p, "slot": slot, "returned": returned, "part": 1})


def _move(state: State, p: int, slot: str, t: int, sources: tuple[tuple[str, int], ...],
          fx: Effects | None) -> None:
    n = (state.board.adjacent[t] & state.masks[p]).bit_count()
    owner = state.owner
    count = state.count
    q = owner[t]
    from_supply = n if n <= state.supply[p] else state.supply[p]
    state.supply[p] -= from_supply
    if fx is not None:
        kind = "enter" if q < 0 else "reinforce" if q == p else "invade"
        fx.append({"type": "action", "player": p, "slot": slot, "kind": kind, "county": t, "n": n, "part": 1})
        if from_supply:
            fx.append({"type": "soldiers", "player": p, "from": "supply", "to": t, "count": from_supply,
                       "part": 1})
    if sources:
        index = state.board.index
        for j, (cid, k) in enumerate(sources):
            i = index[cid]
            count[i] -= k
            if fx is not None:
                fx.append({"type": "soldiers", "player": p, "from": i, "to": t, "count": k, "part": 2 + j})
    if q < 0 or q == p:
        if q < 0:
            owner[t] = p
            state.masks[p] |= 1 << t
        count[t] += n
        return
    # combat: one for one; the losses go to the shield in each side's colour (the neutral's leave)
    b = count[t]
    lost = n if n < b else b
    left = n - b if n > b else b - n
    state.shield[p] += lost
    if q == state.neutral:
        state.removed += lost
    else:
        state.shield[q] += lost
    bit = 1 << t
    if n > b:
        owner[t] = p
        state.masks[q] &= ~bit
        state.masks[p] |= bit
    elif n == b:
        owner[t] = EMPTY
        state.masks[q] &= ~bit
    count[t] = left
    if fx is not None:
        holder = p if n > b else q if n < b else None
        fx.append({"type": "combat", "county": t, "attacker": p, "defender": q, "attackers": n, "defenders": b,
                   "losses": lost, "holder": holder, "left": left, "taken": n >= b, "part": 1})
        fx.append({"type": "soldiers", "player": p, "from": t, "to": "shield", "count": lost, "part": 1})
        fx.append({"type": "soldiers", "player": q, "from": t, "to": "out" if q == state.neutral else "shield",
                   "count": lost, "part": 1})

