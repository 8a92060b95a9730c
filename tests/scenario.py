"""Readable positions for rule tests, on the small test map ``tests/data/testmap.json``.

The test map (fort ids a..p, names A..P, printed number after the letter;
every fort's number equals its number of roads)::

    A2 ------ B3 ------ C4 ------ D2
    |         |       / |         |
    |         |     /   |         |
    |         |   /     |         |
    E3 ------ F6 ------ G4 ------ H3
    |         |   \\     |         |
    |         |     \\   |         |
    |         |       \\ |         |
    I4 ------ J4 ------ K5 ------ L3
    |   \\     |         |         |
    |     \\   |         |         |
    |       \\ |         |         |
    M2 ------ N4 ------ O3 ------ P2

27 roads: the 24 grid roads and the diagonals C-F, F-K and I-N.

Roads by the number of the forts they lead to:

====  =====================================================================
2     A: ab ae   D: cd dh   M: im mn   P: lp op
3     B: ab bc bf   E: ae ef ei   H: dh gh hl   L: hl kl lp   O: no ko op
4     C: bc cd cg cf   G: cg fg gh gk   I: ei ij im in   J: fj ij jk jn
      N: jn mn no in
5     K: gk jk kl ko fk
6     F: bf ef fg fj cf fk
====  =====================================================================

VP tokens lie under F (6: 4 VP), K (5: 3 VP) and C, G, I, J, N (4: 2 VP each).
Boats 2..6 and the eagle are in the sea to the right.

Road numbers follow the file order (0 ab, 1 bc, 2 cd, 3 ef, ... 24 cf, 25 fk,
26 in), but tests never write them: ``road("a", "b")`` or the bracket
notation below does the lookup.

Notation helpers: ``acts("p[ab]", "L[fk] b3<[cd]", "pass")`` turns the engine
notation with ``[xy]`` for "the road between forts X and Y" into the engine's
strings (``{"p0", "L25 b3<2", "pass"}``), so a test can assert an exact legal
set: ``assert legal(s) == acts("p[ab]", "pass")``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

from cambria.games.cambria import rules
from cambria.games.cambria.actions import Action
from cambria.games.cambria.board import VP_VALUE, Board, board_from_dict
from cambria.games.cambria.state import (
    EAGLE, EMPTY, NEUTRAL, NEUTRAL_ROLL, NO_TOKEN, ON_BOARD, OVER, PHASE_NAMES, REMOVED, ROLL, SETUP,
    SETUP_ROLL, START, TURN, WARRIORS, State,
)

__all__ = [
    "BOARD", "MAP_PATH", "road", "fort", "roads_to", "pos", "legal", "acts", "act", "play",
    "occupants", "snapshot", "check_invariants", "ROAD_NAMES", "oracle_legal", "oracle_claim",
    "oracle_end_of_turn", "check_step",
]

MAP_PATH = Path(__file__).resolve().parent / "data" / "testmap.json"
BOARD: Board = board_from_dict(json.loads(MAP_PATH.read_text(encoding="utf-8")))

_ROAD_INDEX: dict[frozenset[str], int] = {
    frozenset((BOARD.forts[a].id, BOARD.forts[b].id)): r for r, (a, b) in enumerate(BOARD.roads)
}
ROAD_NAMES: dict[int, str] = {
    r: "".join(sorted((BOARD.forts[a].id, BOARD.forts[b].id))) for r, (a, b) in enumerate(BOARD.roads)
}


def road(a: str, b: str | None = None) -> int:
    """The number of the road between forts a and b: ``road("a", "b")`` or ``road("ab")``."""
    if b is None:
        if len(a) != 2:
            raise KeyError(f"a road is named by two fort ids, not {a!r}")
        a, b = a[0], a[1]
    try:
        return _ROAD_INDEX[frozenset((a, b))]
    except KeyError:
        raise KeyError(f"the test map has no road {a}-{b}") from None


def _road_spec(spec: Any) -> int:
    if isinstance(spec, int):
        return spec
    if isinstance(spec, str):
        return road(spec)
    a, b = spec
    return road(a, b)


def fort(fid: str) -> int:
    """The index of a fort by id."""
    return BOARD.fort_index[fid]


def roads_to(fid: str) -> set[str]:
    """Names (``"ab"``) of the roads of a fort."""
    return {ROAD_NAMES[r] for r in BOARD.fort_roads[fort(fid)]}


_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


def pos(
    players: int = 3,
    roads: Mapping[Any, int] | None = None,
    legion: Any = None,
    boats: Mapping[int, int] | None = None,
    current: int = 0,
    dice: Iterable[int] | None = None,
    captured: Mapping[str, int] | None = None,
    vp: Mapping[str, Any] | None = None,
    phase: str | None = None,
    start: int = 0,
    last_entry: Iterable[int] | None = None,
    seq: int | None = None,
    turns: int = 0,
    german_tiebreak: bool = False,
    board: Board = BOARD,
) -> State:
    """A consistent position.

    ``roads`` maps a road (``"ab"``, ``("a", "b")`` or a number) to the colour of the
    warrior on it; ``legion`` is a road or None (the eagle); ``boats`` maps a boat
    number to a colour; ``captured`` maps a fort id to the colour that captured it;
    ``vp`` maps a fort id to the holder of its VP token (a colour, ``"board"`` or
    ``"removed"``; a captured fort's VP token defaults to removed).  Supplies are
    5 minus the warriors on roads and boats.  The phase defaults to ``"turn"`` with two
    dice, ``"roll"`` without dice; one die needs an explicit ``"setup"`` or ``"neutral"``.
    ``last_entry`` defaults to the setup placements having been made in order from the
    start player (entries 1..n).
    """
    s = State(board, players, german_tiebreak)
    n = s.n_colours
    roads = dict(roads or {})
    boats = dict(boats or {})
    for spec, colour in roads.items():
        r = _road_spec(spec)
        if not 0 <= colour < n:
            raise ValueError(f"no colour {colour} in a {players}-player game")
        if s.owner[r] != EMPTY:
            raise ValueError(f"road {spec!r} given twice")
        s.owner[r] = colour
        s.masks[colour] |= 1 << r
        s.occupied |= 1 << r
    if legion is not None:
        lr = _road_spec(legion)
        if s.owner[lr] != EMPTY:
            raise ValueError(f"the legion cannot share road {legion!r} with a warrior")
        s.legion = lr
    for number, colour in boats.items():
        if not 2 <= number <= 6:
            raise ValueError(f"no boat {number}")
        if colour == s.neutral:
            raise ValueError("neutral warriors never sit on boats")
        s.boats[number - 2] = colour
    for c in range(n):
        s.supply[c] = WARRIORS - s.warriors_on_board(c)
        if s.supply[c] < 0:
            raise ValueError(f"colour {c} has more than {WARRIORS} warriors out")
    for fid, colour in (captured or {}).items():
        f = fort(fid)
        s.fort_owner[f] = colour
        s.uncaptured.remove(f)
        if s.vp_owner[f] == ON_BOARD:
            s.vp_owner[f] = REMOVED
    for fid, holder in (vp or {}).items():
        f = fort(fid)
        if s.vp_owner[f] == NO_TOKEN:
            raise ValueError(f"fort {fid} has no VP token")
        s.vp_owner[f] = {"board": ON_BOARD, "removed": REMOVED}.get(holder, holder)  # type: ignore[arg-type]
    dice_t = tuple(dice) if dice is not None else ()
    if phase is None:
        if len(dice_t) == 2:
            phase = "turn"
        elif not dice_t:
            phase = "roll"
        else:
            raise ValueError("with one die say phase='setup' or phase='neutral'")
    s.phase = _PHASES[phase]
    if s.phase == TURN and len(dice_t) == 2:
        dice_t = (min(dice_t), max(dice_t))
    s.dice = dice_t
    s.start_player = start
    s.current = current
    s.turns = turns
    if s.phase in (SETUP_ROLL, SETUP):
        s.setup_done = (current - start) % players
        entries = [-1] * n
        for i in range(s.setup_done):
            entries[(start + i) % players] = i + 1
        s.last_entry = entries
        s.seq = s.setup_done
    elif s.phase == START:
        s.setup_done = 0
    else:
        s.setup_done = players
        entries = [-1] * n
        for i in range(players):
            entries[(start + i) % players] = i + 1
        s.last_entry = entries
        s.seq = players + turns
    if last_entry is not None:
        s.last_entry = list(last_entry)
        s.seq = max(s.last_entry)
    if seq is not None:
        s.seq = seq
    check_invariants(s)
    return s


def legal(state: State) -> set[str]:
    """The notations of every legal action (asserting there are no duplicates)."""
    actions = rules.legal_actions(state)
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts), f"duplicate legal actions: {sorted(texts)}"
    return set(texts)


_BRACKET = re.compile(r"\[([a-p])([a-p])\]")


def act(text: str) -> str:
    """Translate ``[xy]`` road names into road numbers: ``act("p[ab]<[cd]") == "p0<2"``."""
    return _BRACKET.sub(lambda m: str(road(m.group(1), m.group(2))), text)


def acts(*texts: str) -> set[str]:
    return {act(t) for t in texts}


def play(state: State, text: str) -> State:
    """Apply an action written with ``[xy]`` road names; returns the same (mutated) state."""
    rules.apply(state, Action.parse(act(text)))
    check_invariants(state)
    return state


def occupants(state: State) -> dict[str, int]:
    """Which colour stands on which road, by road name: ``{"ab": 0, ...}``."""
    return {ROAD_NAMES[r]: o for r, o in enumerate(state.owner) if o != EMPTY} if state.board is BOARD else {
        str(r): o for r, o in enumerate(state.owner) if o != EMPTY}


def snapshot(state: State) -> dict[str, Any]:
    """Everything in a State, public and internal, for "nothing changed" comparisons."""
    d = state.to_dict()
    for name in State.__slots__:
        if name == "board":
            continue
        value = getattr(state, name)
        d["_" + name] = list(value) if isinstance(value, list) else value
    return d


def check_invariants(state: State) -> None:
    """Everything that must hold in every position (raises AssertionError with the reason)."""
    s = state
    board = s.board
    nroads = len(board.roads)
    n = s.n_colours
    assert s.n_colours == s.n_players + (1 if s.n_players == 2 else 0)
    assert s.neutral == (2 if s.n_players == 2 else -1)
    assert len(s.owner) == nroads and len(s.masks) == n and len(s.supply) == n
    # masks mirror owner; occupied is their union
    for c in range(n):
        expected = sum(1 << r for r, o in enumerate(s.owner) if o == c)
        assert s.masks[c] == expected, f"mask of colour {c} does not match the roads"
    assert all(o == EMPTY or 0 <= o < n for o in s.owner), "a road holds an unknown colour"
    assert s.occupied == sum(1 << r for r, o in enumerate(s.owner) if o != EMPTY), "occupied mask wrong"
    for a in range(n):
        for b in range(a + 1, n):
            assert s.masks[a] & s.masks[b] == 0
    # five warriors per colour
    for c in range(n):
        assert s.supply[c] >= 0, f"colour {c} has a negative supply"
        on_roads = s.owner.count(c)
        on_boats = s.boats.count(c)
        assert s.supply[c] + on_roads + on_boats == WARRIORS, (
            f"colour {c}: supply {s.supply[c]} + roads {on_roads} + boats {on_boats} != {WARRIORS}")
    # boats: one warrior each, never the neutral
    assert len(s.boats) == 5
    assert all(o == EMPTY or 0 <= o < s.n_players for o in s.boats), f"bad boat contents {s.boats}"
    # one legion: on the eagle or on a road without a warrior
    assert s.legion == EAGLE or 0 <= s.legion < nroads, f"legion on {s.legion}"
    if s.legion >= 0:
        assert s.owner[s.legion] == EMPTY, "the legion shares a road with a warrior"
    # tokens: 16 fort tokens + 7 VP tokens, each on the board, with a colour, or removed (VP only)
    nforts = len(board.forts)
    assert len(s.fort_owner) == nforts == 16
    assert all(o == ON_BOARD or 0 <= o < n for o in s.fort_owner), f"bad fort owners {s.fort_owner}"
    vp_count = 0
    for f, v in enumerate(s.vp_owner):
        number = board.forts[f].number
        if number in VP_VALUE:
            vp_count += 1
            assert v == ON_BOARD or v == REMOVED or 0 <= v < n, f"bad VP token state {v}"
        else:
            assert v == NO_TOKEN, f"fort {f} numbered {number} has a VP token"
    assert vp_count == 7
    on_board = s.fort_owner.count(ON_BOARD) + s.vp_owner.count(ON_BOARD)
    held = sum(s.tokens(c) for c in range(n))
    assert on_board + held + s.vp_owner.count(REMOVED) == 23, "tokens were lost or duplicated"
    # a VP token leaves its fort only with (or after) the fort token
    for f in range(nforts):
        if s.fort_owner[f] == ON_BOARD:
            assert s.vp_owner[f] in (ON_BOARD, NO_TOKEN), "a VP token left an unclaimed fort"
            assert f in s.uncaptured
        else:
            assert f not in s.uncaptured
            assert s.vp_owner[f] != ON_BOARD, "a claimed fort kept its VP token on the board"
            assert s.vp_owner[f] != s.fort_owner[f], "one colour took both tokens of a fort"
    assert len(set(s.uncaptured)) == len(s.uncaptured)
    # phases
    assert s.phase in (START, SETUP_ROLL, SETUP, NEUTRAL_ROLL, NEUTRAL, ROLL, TURN, OVER)
    assert 0 <= s.current < s.n_players
    assert 0 <= s.start_player < s.n_players
    if s.phase in (SETUP, NEUTRAL):
        assert len(s.dice) == 1 and (2 <= s.dice[0] <= 6 if s.phase == SETUP else 1 <= s.dice[0] <= 6)
    if s.phase == TURN:
        assert len(s.dice) == 2 and 1 <= s.dice[0] <= s.dice[1] <= 6
    if s.phase in (NEUTRAL_ROLL, NEUTRAL):
        assert s.neutral >= 0, "a neutral phase without a neutral colour"
    if s.phase in (SETUP_ROLL, SETUP):
        assert s.setup_done < s.n_players
    if s.phase in (NEUTRAL_ROLL, NEUTRAL, ROLL, TURN, OVER):
        assert s.setup_done == s.n_players
    if s.phase == OVER:
        assert s.legion == EAGLE, "the legion stays on the board after the game end"
        assert len(s.uncaptured) <= rules.FORTS_LEFT_AT_END
    elif s.phase in (ROLL, TURN, NEUTRAL_ROLL, NEUTRAL):
        assert len(s.uncaptured) > rules.FORTS_LEFT_AT_END
    if s.neutral >= 0:
        assert s.last_entry[s.neutral] == -1, "the neutral colour never has a turn"


# ---------------------------------------------------------------------- independent oracles
# Second, deliberately plain implementations of the rulings (docs/rules.md), used to cross-check the engine
# in random games.  They read only the State's plain data (owner, legion, boats, supply...).

def _roads_numbered(board: Board, number: int) -> set[int]:
    return {r for r, (a, b) in enumerate(board.roads)
            if board.forts[a].number == number or board.forts[b].number == number}


def oracle_legal(state: State) -> set[str]:
    """The legal actions of the player to move, as notation, computed from the rules text."""
    s = state
    board = s.board
    roads = range(len(board.roads))

    def empty(r: int) -> bool:
        return s.owner[r] == EMPTY and s.legion != r

    if s.phase == SETUP:
        return {f"s{r}" for r in _roads_numbered(board, s.dice[0]) if empty(r)}
    if s.phase == NEUTRAL:
        d = s.dice[0]
        targets = {r for r in _roads_numbered(board, d) if empty(r)} if d >= 2 else set()
        if not targets:
            targets = {r for r in roads if empty(r)}
        if s.supply[s.neutral] > 0:
            return {f"n{t}" for t in targets}
        return {f"n{t}<{f}" for t in targets for f in roads if s.owner[f] == s.neutral}
    if s.phase != TURN:
        return set()
    p = s.current
    a, b = s.dice
    variants: list[tuple[str, int | None, int, int]] = [("", None, a, b)]
    for k in range(5):
        if s.boats[k] == p:
            n = k + 2
            variants.append((f"x{n}/{a} ", n, n, b))
            if b != a:
                variants.append((f"x{n}/{b} ", n, a, n))
    out: set[str] = set()
    for prefix, swapped, d1, d2 in variants:
        supply = s.supply[p] + (1 if swapped else 0)
        boats = list(s.boats)
        if swapped:
            boats[swapped - 2] = EMPTY
        own_roads = [r for r in roads if s.owner[r] == p]
        own_boats = [k + 2 for k in range(5) if boats[k] == p]

        def sources(displaced_own: bool, exclude_road: int, exclude_boat: int, supply: int = supply,
                    own_roads: list[int] = own_roads, own_boats: list[int] = own_boats) -> list[str]:
            if supply + (1 if displaced_own else 0) > 0:
                return [""]
            return ([f"<{r}" for r in own_roads if r != exclude_road]
                    + [f"<b{n}" for n in own_boats if n != exclude_boat])

        lo, hi = min(d1, d2), max(d1, d2)
        place: set[int] = set()
        legion: set[int] = set()
        may_pass = True
        if lo == 1 and hi == 1:
            legion = {r for r in roads if r != s.legion}
            may_pass = False
        elif lo == 1:
            place = {r for r in _roads_numbered(board, hi) if empty(r)}
            legion = {r for r in _roads_numbered(board, hi) if r != s.legion}
        elif lo == hi:
            place = {r for r in _roads_numbered(board, lo) if s.owner[r] != p}
        else:
            place = {r for r in _roads_numbered(board, lo) | _roads_numbered(board, hi) if empty(r)}
        for t in place:
            for src in sources(False, t, -1):
                out.add(f"{prefix}p{t}{src}")
        for t in legion:
            out.add(f"{prefix}L{t}")
            for k in range(5):
                if boats[k] == EMPTY:
                    n = k + 2
                    for src in sources(s.owner[t] == p, t, n):
                        out.add(f"{prefix}L{t} b{n}{src}")
        if may_pass:
            out.add(prefix + "pass")
    return out


def _counts(state: State, fort_index: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for r in state.board.fort_roads[fort_index]:
        o = state.owner[r]
        if o != EMPTY:
            counts[o] = counts.get(o, 0) + 1
    return counts


def oracle_claim(state: State, fort_index: int, need_full: bool) -> tuple[int, int] | None:
    """(first, second-or-REMOVED) if the fort goes to someone now, else None."""
    roads = state.board.fort_roads[fort_index]
    if need_full and any(state.owner[r] == EMPTY for r in roads):
        return None  # an empty road, or the legion, blocks the capture
    counts = _counts(state, fort_index)
    if not counts:
        return None
    ranked = sorted(counts.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    first = max(counts, key=lambda c: counts[c])
    rest = [v for c, v in counts.items() if c != first]
    if not rest:
        return first, REMOVED
    best_rest = max(rest)
    seconds = [c for c, v in counts.items() if c != first and v == best_rest]
    return first, (seconds[0] if len(seconds) == 1 else REMOVED)


def oracle_end_of_turn(before: State, after: State) -> None:
    """Check the captures (and the game end) that the engine made after a regular turn.

    ``after`` is the position after the action; warriors stay where they are during
    captures and claims, so the forts are judged on its roads."""
    board = after.board
    captured_now = []
    for f in before.uncaptured:
        claim = oracle_claim(after, f, need_full=True)
        if claim is None:
            continue
        captured_now.append(f)
        first, second = claim
        assert after.fort_owner[f] == first, f"fort {board.forts[f].id} should go to {first}"
        if before.vp_owner[f] != NO_TOKEN:
            assert after.vp_owner[f] == second, f"VP of fort {board.forts[f].id} should go to {second}"
    left = [f for f in before.uncaptured if f not in captured_now]
    if len(left) <= rules.FORTS_LEFT_AT_END:
        assert after.phase == OVER, "the game should have ended"
        assert after.legion == EAGLE
        for f in left:
            claim = oracle_claim(after, f, need_full=False)
            if claim is None:
                assert after.fort_owner[f] == ON_BOARD and f in after.uncaptured
                assert after.vp_owner[f] == before.vp_owner[f]
            else:
                assert after.fort_owner[f] == claim[0]
                if before.vp_owner[f] != NO_TOKEN:
                    assert after.vp_owner[f] == claim[1]
    else:
        assert after.phase != OVER, "the game ended too early"
        for f in left:
            assert after.fort_owner[f] == ON_BOARD and after.vp_owner[f] == before.vp_owner[f]
        assert sorted(after.uncaptured) == sorted(left)


_NEXT_PHASES = {
    START: {SETUP_ROLL},
    SETUP_ROLL: {SETUP},
    SETUP: {SETUP_ROLL, ROLL, NEUTRAL_ROLL},
    NEUTRAL_ROLL: {NEUTRAL},
    NEUTRAL: {ROLL},
    ROLL: {TURN},
    TURN: {ROLL, NEUTRAL_ROLL, OVER},
}


def check_step(before: State, after: State, oracle: bool = True) -> None:
    """Everything that must hold between two consecutive positions of a game."""
    check_invariants(after)
    assert after.phase in _NEXT_PHASES[before.phase], (
        f"{PHASE_NAMES[before.phase]} -> {PHASE_NAMES[after.phase]} is not a step of the game")
    # captured forts stay captured, with their tokens
    for f in range(len(before.fort_owner)):
        if before.fort_owner[f] != ON_BOARD:
            assert after.fort_owner[f] == before.fort_owner[f], "a captured fort changed hands"
        if before.vp_owner[f] not in (ON_BOARD, NO_TOKEN):
            assert after.vp_owner[f] == before.vp_owner[f], "a VP token moved twice"
    assert set(after.uncaptured) <= set(before.uncaptured)
    n = before.n_players
    if before.phase == TURN:
        assert after.turns == before.turns + 1
        assert after.last_entry[before.current] == after.seq == before.seq + 1
        if after.phase != OVER:
            assert after.current == (before.current + 1) % n
            # two players: a neutral step before every regular turn while a road is empty
            if before.neutral >= 0 and after.empty_mask():
                assert after.phase == NEUTRAL_ROLL
            else:
                assert after.phase == ROLL
        if oracle:
            oracle_end_of_turn(before, after)
        # the boats of the other players do not change
        for k in range(5):
            if before.boats[k] != before.current:
                assert after.boats[k] in (before.boats[k], before.current)
    else:
        assert after.turns == before.turns
        assert after.fort_owner == before.fort_owner and after.vp_owner == before.vp_owner, (
            "forts are captured only at the end of a regular turn")
    if before.phase == SETUP:
        assert after.seq == before.seq + 1 and after.last_entry[before.current] == after.seq
        assert after.supply[before.current] == before.supply[before.current] - 1
        if after.phase == SETUP_ROLL:
            assert after.current == (before.current + 1) % n
        else:
            assert after.current == after.start_player and after.setup_done == n
    if before.phase == NEUTRAL:
        assert after.current == before.current
        assert after.masks[before.neutral].bit_count() == before.masks[before.neutral].bit_count() + (
            1 if before.supply[before.neutral] else 0)
        for c in range(n):
            assert after.masks[c] == before.masks[c], "a neutral warrior displaced something"
    if before.phase in (START, SETUP_ROLL, NEUTRAL_ROLL, ROLL):
        assert after.owner == before.owner and after.supply == before.supply and after.boats == before.boats
