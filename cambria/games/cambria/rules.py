"""The rules of Cambria as functions on a State (the rulings are summarised in docs/rules.md).

A game alternates chance steps and decisions:

* chance: ``chance_outcomes(state)`` lists the outcomes with their odds,
  ``apply_chance(state, outcome)`` plays one.  The rules never draw random
  numbers themselves; ``sample_chance(state, rng)`` is the physical procedure
  (re-rolling 1s in setup) for whoever owns a generator.
* decision: ``legal_actions(state)`` lists every legal Action;
  ``apply(state, action)`` plays one, or raises IllegalActionError saying why
  and leaves the state unchanged.

>>> from cambria.games.cambria.board import load_board
>>> from cambria.games.cambria.state import State
>>> s = State(load_board("cambria"), 3)
>>> chance_outcomes(s)            # the start player is drawn first
[(0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333)]
>>> apply_chance(s, 1); s.phase_name, s.current
('setup_roll', 1)
"""

from __future__ import annotations

from random import Random
from typing import Any

from ...core.errors import IllegalActionError
from ...core.interface import Effects
from .actions import Action
from .legality import is_legal, why_illegal
from .moves import legal_actions
from .random_moves import random_action
from .board import VP_VALUE
from .state import (
    EAGLE, EMPTY, NEUTRAL, NEUTRAL_ROLL, ON_BOARD, OVER, REMOVED, ROLL, SETUP,
    SETUP_ROLL, START, TURN, State,
)

__all__ = [
    "chance_outcomes", "apply_chance", "sample_chance", "legal_actions", "apply", "is_legal",
    "random_action", "rank_counts", "result", "TWO_DICE", "FORTS_LEFT_AT_END", "check_chance",
]

FORTS_LEFT_AT_END = 6  # the game ends once at most this many forts are uncaptured

# The 21 outcomes of two dice, as sorted pairs, with their odds.
TWO_DICE: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
_TWO_DICE_SET = frozenset(o for o, _ in TWO_DICE)


# ------------------------------------------------------------------ chance

def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    """The outcomes of the pending chance step and their probabilities (summing to 1)."""
    phase = state.phase
    if phase == ROLL:
        return list(TWO_DICE)
    if phase == NEUTRAL_ROLL:
        return [(d, 1 / 6) for d in range(1, 7)]
    if phase == SETUP_ROLL:
        # 1s are re-rolled, and so is a number with no empty road: the rest are equally likely
        empty = state.empty_mask()
        nm = state.board.number_mask
        valid = [d for d in range(2, 7) if nm[d] & empty]
        return [(d, 1 / len(valid)) for d in valid]
    if phase == START:
        n = state.n_players
        return [(p, 1 / n) for p in range(n)]
    return []


def check_chance(state: State, outcome: Any) -> Any:
    """Normalise a chance outcome (dice pairs are sorted) or raise IllegalActionError."""
    phase = state.phase
    if phase == ROLL:
        if type(outcome) is tuple and len(outcome) == 2:  # the common case, quickly
            a, b = outcome
            if type(a) is int and type(b) is int and 1 <= a <= b <= 6:
                return outcome
        if (isinstance(outcome, (tuple, list)) and len(outcome) == 2
                and all(isinstance(d, int) and not isinstance(d, bool) for d in outcome)):
            pair = (min(outcome), max(outcome))
            if pair in _TWO_DICE_SET:
                return pair
        raise IllegalActionError(f"a roll of two dice is two numbers 1-6, not {outcome!r}")
    if phase in (START, SETUP_ROLL, NEUTRAL_ROLL):
        if isinstance(outcome, int) and not isinstance(outcome, bool):
            for o, _ in chance_outcomes(state):
                if o == outcome:
                    return outcome
        what = {START: "start player", SETUP_ROLL: "setup die", NEUTRAL_ROLL: "neutral die"}[phase]
        raise IllegalActionError(f"{outcome!r} is not a possible {what} here")
    raise IllegalActionError(f"no dice are rolled in phase {state.phase_name!r}")


def apply_chance(state: State, outcome: Any, fx: Effects | None = None) -> None:
    """Play the outcome of the pending chance step (``fx``: see ``apply``)."""
    outcome = check_chance(state, outcome)
    phase = state.phase
    if phase == ROLL:
        state.dice = outcome
        state.phase = TURN
        if fx is not None:
            fx.append({"type": "roll", "kind": "dice", "player": state.current, "dice": list(outcome)})
    elif phase == NEUTRAL_ROLL:
        state.dice = (outcome,)
        state.phase = NEUTRAL
        if fx is not None:
            fx.append({"type": "roll", "kind": "neutral", "player": state.current, "dice": [outcome]})
    elif phase == SETUP_ROLL:
        state.dice = (outcome,)
        state.phase = SETUP
        if fx is not None:
            fx.append({"type": "roll", "kind": "setup", "player": state.current, "dice": [outcome]})
    else:  # START
        state.start_player = state.current = outcome
        state.phase = SETUP_ROLL
        if fx is not None:
            fx.append({"type": "start", "player": outcome})


def _die(rng: Random) -> int:
    return int(rng.random() * 6) + 1


def sample_chance(state: State, rng: Random) -> Any:
    """Draw the pending chance outcome the way players would, from ``rng`` (not applied)."""
    phase = state.phase
    if phase == ROLL:
        a = _die(rng)
        b = _die(rng)
        return (a, b) if a <= b else (b, a)
    if phase == NEUTRAL_ROLL:
        return _die(rng)
    if phase == SETUP_ROLL:
        empty = state.empty_mask()
        nm = state.board.number_mask
        if not any(nm[d] & empty for d in range(2, 7)):  # pragma: no cover - cannot happen with 25 warriors
            raise IllegalActionError("no empty road is left for a setup placement")
        while True:
            d = _die(rng)
            if d != 1 and nm[d] & empty:
                return d
    if phase == START:
        return int(rng.random() * state.n_players)
    raise IllegalActionError(f"no dice are rolled in phase {state.phase_name!r}")


# ------------------------------------------------------------------ playing actions

def apply(state: State, action: Action, check: bool = True, fx: Effects | None = None) -> None:
    """Play a decision.  With ``check`` (the default) an illegal action raises
    IllegalActionError and leaves the state as it was.

    With a list ``fx`` the rules append what the action did, in order (the one source of
    effects for previews, events, the log and animations; docs/architecture.md):

    * ``swap`` {player, boat, die, dice}: the warrior on the boat went back to the supply and
      the boat's number replaced a die (``dice``: the dice after it);
    * ``lift`` {player, road | boat}: a warrior was picked up to be placed elsewhere;
    * ``displace`` {player, road, by}: a warrior was knocked back to its owner's supply;
    * ``legion`` {player, from, to, displaced?, home?}: the legion moved (``to`` None: back to
      the eagle, by doubles, or at the game end with ``reason`` "end");
    * ``place`` {player, by, road, from, kind, displaced, legion_home}: a warrior of colour
      ``player`` was put on a road by seat ``by``; ``from`` is "supply", {"road"} or {"boat"};
    * ``boat`` {player, boat, from}: a warrior was put on a boat after a legion move;
    * ``pass`` {player};
    * ``capture`` {fort, number, player, vp, vp_to, vp_removed, final}: a fort was captured
      (``final``: claimed at the game end), with its VP token's fate;
    * ``game_over`` {winner, decided_by}.

    ``part`` is the index of the action's step (``action_steps``) behind the effect, or None
    for what the end of the turn does."""
    if check and not is_legal(state, action):
        try:
            why = why_illegal(state, action)
        except Exception:  # the explanation is best effort; the refusal is what matters
            why = "it is not among the legal actions"
        raise IllegalActionError(f"illegal action {str(action)!r}: {why}")
    phase = state.phase
    if phase == TURN:
        _apply_turn(state, action, fx)
    elif phase == SETUP:
        p = state.current
        road: int = action.road  # type: ignore[assignment]
        _put(state, p, road)
        state.supply[p] -= 1
        if fx is not None:
            fx.append({"type": "place", "player": p, "by": p, "road": road, "from": "supply", "kind": "setup",
                       "displaced": None, "legion_home": False, "part": 0})
        state.seq += 1
        state.last_entry[p] = state.seq
        state.setup_done += 1
        if state.setup_done == state.n_players:
            state.current = state.start_player
            _begin_turn(state)
        else:
            state.current = (p + 1) % state.n_players
            state.phase = SETUP_ROLL
    elif phase == NEUTRAL:
        n = state.neutral
        road = action.road  # type: ignore[assignment]
        if action.from_road is not None:
            _lift(state, n, action.from_road)
            if fx is not None:
                fx.append({"type": "lift", "player": n, "road": action.from_road, "part": 1})
        else:
            state.supply[n] -= 1
        _put(state, n, road)
        if fx is not None:
            src: Any = {"road": action.from_road} if action.from_road is not None else "supply"
            fx.append({"type": "place", "player": n, "by": state.current, "road": road, "from": src,
                       "kind": "neutral", "displaced": None, "legion_home": False, "part": 0})
        state.phase = ROLL  # forts are never captured after a neutral placement
    else:
        raise IllegalActionError(f"no decision is due in phase {state.phase_name!r}")


def _put(state: State, colour: int, road: int) -> None:
    bit = 1 << road
    state.owner[road] = colour
    state.masks[colour] |= bit
    state.occupied |= bit
    state.dirty |= bit


def _lift(state: State, colour: int, road: int) -> None:
    bit = 1 << road
    state.owner[road] = EMPTY
    state.masks[colour] &= ~bit
    state.occupied &= ~bit
    state.dirty |= bit


def _displace(state: State, road: int, fx: Effects | None, part: int) -> int:
    """Send whatever stands on a road home: a warrior to its supply (its colour is returned),
    the legion to the eagle (-2 is returned); -1 if the road was empty."""
    o = state.owner[road]
    if o >= 0:
        _lift(state, o, road)
        state.supply[o] += 1
        if fx is not None:
            fx.append({"type": "displace", "player": o, "road": road, "by": state.current, "part": part})
        return o
    if state.legion == road:
        state.legion = EAGLE
        state.dirty |= 1 << road
        if fx is not None:
            fx.append({"type": "legion", "player": state.current, "from": road, "to": None, "home": True,
                       "part": part})
        return -2
    return -1


def _source(fr: int | None, fb: int | None) -> Any:
    return {"road": fr} if fr is not None else {"boat": fb} if fb is not None else "supply"


def _apply_turn(state: State, action: Action, fx: Effects | None = None) -> None:
    p = state.current
    swap = action.swap
    part = 0
    if swap is not None:
        state.boats[swap[0] - 2] = EMPTY
        state.supply[p] += 1
        if fx is not None:
            dice = list(state.dice)
            dice[dice.index(swap[1]) if swap[1] in dice else 0] = swap[0]
            dice.sort()
            fx.append({"type": "swap", "player": p, "boat": swap[0], "die": swap[1], "dice": dice, "part": 0})
        part = 1
    kind = action.kind
    if kind == "place":
        road: int = action.road  # type: ignore[assignment]
        if action.from_road is not None:
            _lift(state, p, action.from_road)
            if fx is not None:
                fx.append({"type": "lift", "player": p, "road": action.from_road, "part": part + 1})
        elif action.from_boat is not None:
            state.boats[action.from_boat - 2] = EMPTY
            if fx is not None:
                fx.append({"type": "lift", "player": p, "boat": action.from_boat, "part": part + 1})
        else:
            state.supply[p] -= 1
        gone = _displace(state, road, fx, part)
        _put(state, p, road)
        if fx is not None:
            fx.append({"type": "place", "player": p, "by": p, "road": road,
                       "from": _source(action.from_road, action.from_boat), "kind": "place",
                       "displaced": gone if gone >= 0 else None, "legion_home": gone == -2, "part": part})
    elif kind == "legion":
        road = action.road  # type: ignore[assignment]
        start = state.legion
        o = state.owner[road]
        if o >= 0:
            _lift(state, o, road)
            state.supply[o] += 1
            if fx is not None:
                fx.append({"type": "displace", "player": o, "road": road, "by": p, "part": part})
        state.legion = road
        state.dirty |= 1 << road | (1 << start if start >= 0 else 0)
        if fx is not None:
            fx.append({"type": "legion", "player": p, "from": start if start >= 0 else None, "to": road,
                       "displaced": o if o >= 0 else None, "part": part})
        if action.boat is not None:
            bpart = part + 1
            if action.boat_from_road is not None:
                _lift(state, p, action.boat_from_road)
                if fx is not None:
                    fx.append({"type": "lift", "player": p, "road": action.boat_from_road, "part": bpart + 1})
            elif action.boat_from_boat is not None:
                state.boats[action.boat_from_boat - 2] = EMPTY
                if fx is not None:
                    fx.append({"type": "lift", "player": p, "boat": action.boat_from_boat, "part": bpart + 1})
            else:
                state.supply[p] -= 1
            state.boats[action.boat - 2] = p
            if fx is not None:
                fx.append({"type": "boat", "player": p, "boat": action.boat,
                           "from": _source(action.boat_from_road, action.boat_from_boat), "part": bpart})
    elif fx is not None:
        fx.append({"type": "pass", "player": p, "part": part})
    _end_turn(state, fx)


def _begin_turn(state: State) -> None:
    if state.neutral >= 0 and state.empty_mask():
        state.phase = NEUTRAL_ROLL
    else:
        state.phase = ROLL


def rank_counts(counts: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """(strict first, strict second) colour for warrior counts per colour; -1 where not unique.

    >>> rank_counts([2, 1, 0]), rank_counts([2, 2, 1]), rank_counts([3, 1, 1]), rank_counts([0, 0])
    ((0, 1), (-1, -1), (0, -1), (-1, -1))
    """
    best = second = 0
    first_c = second_c = -1
    first_tied = second_tied = False
    for c, k in enumerate(counts):
        if k == 0:
            continue
        if k > best:
            second, second_c, second_tied = best, first_c, first_tied
            best, first_c, first_tied = k, c, False
        elif k == best:
            first_tied = True
        elif k > second:
            second, second_c, second_tied = k, c, False
        elif k == second:
            second_tied = True
    if first_tied:
        return -1, -1
    return first_c, (second_c if not second_tied else -1)


def _rank(state: State, mask: int) -> tuple[int, int]:
    """(first, second) among the colours on the roads of ``mask``."""
    return rank_counts([(m & mask).bit_count() for m in state.masks])


def _end_turn(state: State, fx: Effects | None = None) -> None:
    p = state.current
    # captures: every uncaptured fort at once, on the position as it stands.  A fort whose
    # roads did not change since the last check was not capturable then and is not now.
    legion = state.legion
    full = state.occupied & ~(1 << legion if legion >= 0 else 0)
    fmask = state.board.fort_mask
    dirty = state.dirty
    state.dirty = 0
    caps = None
    for f in state.uncaptured:
        m = fmask[f]
        if full & m == m and m & dirty:
            first, second = _rank(state, m)
            if first >= 0:
                if caps is None:
                    caps = []
                caps.append((f, first, second))
    if caps:
        for f, first, second in caps:
            _take(state, f, first, second, False, fx)
        state.last_captures = caps
    elif state.last_captures:
        state.last_captures = []
    state.seq += 1
    state.last_entry[p] = state.seq
    state.turns += 1
    if len(state.uncaptured) <= FORTS_LEFT_AT_END:
        _final_claims(state, fx)
        state.phase = OVER
        if fx is not None:
            res = result(state)
            fx.append({"type": "game_over", "winner": res["winner"], "decided_by": res["decided_by"],
                       "part": None})
        return
    state.current = (p + 1) % state.n_players
    _begin_turn(state)


def _take(state: State, f: int, first: int, second: int, final: bool, fx: Effects | None) -> None:
    """Fort ``f`` goes to ``first``; its VP token (if still there) to ``second`` or out of the game."""
    state.fort_owner[f] = first
    had_vp = state.vp_owner[f] == ON_BOARD
    if had_vp:
        state.vp_owner[f] = second if second >= 0 else REMOVED
    state.uncaptured.remove(f)
    if fx is not None:
        number = state.board.forts[f].number
        vp = VP_VALUE.get(number)
        fx.append({"type": "capture", "fort": f, "number": number, "player": first, "vp": vp,
                   "vp_to": second if had_vp and second >= 0 else None,
                   "vp_removed": had_vp and second < 0, "final": final, "part": None})


def _final_claims(state: State, fx: Effects | None = None) -> None:
    """Game end: the legion leaves; each remaining fort goes to a strict majority, full or not."""
    if fx is not None and state.legion >= 0:
        fx.append({"type": "legion", "player": None, "from": state.legion, "to": None, "reason": "end",
                   "part": None})
    state.legion = EAGLE
    fmask = state.board.fort_mask
    claims = list(state.last_captures)
    for f in list(state.uncaptured):
        first, second = _rank(state, fmask[f])
        if first < 0:
            continue  # tied or empty: both tokens stay on the board
        _take(state, f, first, second, True, fx)
        claims.append((f, first, second))
    state.last_captures = claims


# ------------------------------------------------------------------ result

def rank_players(points: list[int], tokens: list[int], last_entry: list[int], n_players: int,
                 german_tiebreak: bool = False) -> list[int]:
    """The regular players, best first: points, then tokens, then the last-turn tiebreak
    (by default the player whose latest turn lies longest ago wins it).

    >>> rank_players([5, 7], [2, 2], [3, 4], 2), rank_players([5, 5], [2, 2], [3, 4], 2)
    ([1, 0], [0, 1])
    """
    sign = 1 if german_tiebreak else -1

    def key(c: int) -> tuple[int, int, int]:
        return (points[c], tokens[c], sign * last_entry[c])

    return sorted(range(n_players), key=key, reverse=True)


def winner(state: State) -> int:
    """``result(state)["winner"]`` without the rest of the result (the search asks it often).

    >>> from cambria.games.cambria.board import load_board
    >>> s = State(load_board("cambria"), 2)
    >>> s.fort_owner[0] = 1
    >>> winner(s) == result(s)["winner"] == 1
    True
    """
    n = state.n_players
    return rank_players([state.points(c) for c in range(n)], [state.tokens(c) for c in range(n)],
                        state.last_entry, n, state.german_tiebreak)[0]


def result(state: State) -> dict[str, Any]:
    """Scores and the winner.  Points, then tokens, then the last-turn tiebreak.

    The neutral colour scores but cannot win: the ranking holds regular players only."""
    n = state.n_colours
    points = [state.points(c) for c in range(n)]
    tokens = [state.tokens(c) for c in range(n)]
    ranking = rank_players(points, tokens, state.last_entry, state.n_players, state.german_tiebreak)
    winner, runner = ranking[0], ranking[1]
    if points[winner] != points[runner]:
        decided_by = "points"
    elif tokens[winner] != tokens[runner]:
        decided_by = "tokens"
    else:
        decided_by = "last turn (German rule: most recent)" if state.german_tiebreak else "last turn"
    forts = state.board.forts
    breakdown = []
    for c in range(n):
        fort_pts = sum(forts[f].number for f, o in enumerate(state.fort_owner) if o == c)
        vp_pts = sum(VP_VALUE[forts[f].number] for f, o in enumerate(state.vp_owner) if o == c)
        breakdown.append({
            "colour": c, "points": points[c], "tokens": tokens[c], "fort_points": fort_pts,
            "vp_points": vp_pts, "forts": [f for f, o in enumerate(state.fort_owner) if o == c],
            "vp_tokens": [f for f, o in enumerate(state.vp_owner) if o == c],
            "last_entry": state.last_entry[c],
        })
    return {
        "over": state.phase == OVER, "winner": winner, "ranking": ranking, "decided_by": decided_by,
        "points": points, "tokens": tokens, "players": breakdown,
    }

