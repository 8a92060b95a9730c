"""``is_legal`` checks one action directly; it must accept exactly what ``legal_actions`` lists.

Every action the notation can write for a map (every kind, road, source, swap and
boat, legal or not) is checked in positions reached by play on both maps with
two to five players, including the rare ones (empty supplies, doubles, a double 1,
swaps, boats).  ``apply(check=True)`` relies on ``is_legal``, so a mistake there
would let an illegal action through or refuse a legal one.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cambria.games.cambria import rules
from cambria.games.cambria.actions import Action
from cambria.games.cambria.board import MAP_IDS, load_board
from cambria.games.cambria.state import NEUTRAL, SETUP, TURN, State
from scenario import oracle_legal


SWAPS: list[tuple[int, int] | None] = [None] + [(n, v) for n in range(2, 7) for v in range(1, 7)]


def every_action(nroads: int) -> dict[tuple[int, int] | None, list[Action]]:
    """Every action in notation range (with one road past the map's last), by swap; the
    setup and neutral placements under the key None."""
    roads = range(nroads + 1)
    boats = range(2, 7)
    sources: list[tuple[int | None, int | None]] = ([(None, None)] + [(r, None) for r in roads]
                                                     + [(None, b) for b in boats])
    out: dict[tuple[int, int] | None, list[Action]] = {}
    for swap in SWAPS:
        acts = [Action.pass_(swap)]
        acts += [Action.place(r, fr, fb, swap) for r in roads for fr, fb in sources]
        acts += [Action.legion(r, swap) for r in roads]
        acts += [Action.legion(r, swap, n, fr, fb) for r in roads for n in boats for fr, fb in sources]
        out[swap] = acts
    out[None] += [Action.setup(r) for r in roads]
    out[None] += [Action.neutral(r, fr) for r in roads for fr in [None, *roads]]
    return out


def candidates(state: State, by_swap: dict[tuple[int, int] | None, list[Action]]) -> list[Action]:
    """The actions worth asking about: no swap, every swap of a boat the player holds or of
    one boat she does not, with every die value."""
    out = list(by_swap[None])
    if state.phase == TURN:
        mine = [k + 2 for k, o in enumerate(state.boats) if o == state.current]
        other = [n for n in range(2, 7) if n not in mine][:1]
        for swap in SWAPS[1:]:
            if swap[0] in mine or swap[0] in other:  # type: ignore[index]
                out += by_swap[swap]
    return out


def positions(map_id: str, players: int, seed: int, every: int) -> list[State]:
    """Decision points of a random game (every ``every``-th one, and each with a double 1 or
    an empty supply), with the dice of a turn also replaced by a few other rolls."""
    state = State(load_board(map_id), players)
    dice, pick = random.Random(seed), random.Random(seed + 1)
    out: list[State] = []
    k = 0
    while not state.is_over():
        if state.is_chance():
            rules.apply_chance(state, rules.sample_chance(state, dice))
            continue
        k += 1
        rare = state.phase == TURN and (state.dice == (1, 1) or (state.supply[state.current] == 0
                                                                 and pick.random() < 0.2))
        if k % every == 0 or rare or state.phase == SETUP:
            out.append(state.copy())
            if state.phase == TURN:
                for roll in ((1, 1), (1, 4), (3, 3), (2, 6)):
                    other = state.copy()
                    other.dice = roll
                    out.append(other)
        rules.apply(state, rules.random_action(state, pick), False)
    return out


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_is_legal_accepts_exactly_the_listed_actions(map_id: str) -> None:
    by_swap = every_action(len(load_board(map_id).roads))
    phases: set[int] = set()
    for players, seed in itertools.product((2, 3, 4, 5), (1, 2)):
        for state in positions(map_id, players, seed, every=15):
            listed = set(rules.legal_actions(state))
            accepted = {a for a in candidates(state, by_swap) if rules.is_legal(state, a)}
            assert accepted == listed, (state, sorted(map(str, accepted ^ listed))[:10])
            assert {str(a) for a in listed} == oracle_legal(state)
            phases.add(state.phase)
    assert phases == {SETUP, NEUTRAL, TURN}


def test_is_legal_refuses_what_is_not_an_action() -> None:
    state = State(load_board("cambria"), 3)
    while state.phase != TURN:
        rules.apply_chance(state, rules.sample_chance(state, random.Random(1))) if state.is_chance() else \
            rules.apply(state, rules.legal_actions(state)[0])
    action = rules.legal_actions(state)[0]
    assert rules.is_legal(state, action)
    for thing in (str(action), tuple(action), None, 3):
        assert not rules.is_legal(state, thing)
