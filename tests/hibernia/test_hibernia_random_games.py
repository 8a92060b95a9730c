"""Seeded random complete games of Hibernia (3 and 4 players, basic and advanced) with the
invariants checked after every step, the effects checked against the positions they join
(a page animating from the effects alone draws the right position), and the legality check
checked against the list of legal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cambria import Game
from cambria.games.hibernia import rules
from cambria.games.hibernia.actions import Action, action_steps
from cambria.games.hibernia.state import OVER
from hib_scenario import check_invariants

CASES = [(3, False), (4, False), (3, True), (4, True)]


def replay_effects(before: dict[str, Any], effects: list[dict[str, Any]]) -> dict[str, Any]:
    """The position after a step, computed from the position before it and the step's effects only."""
    soldiers = [row[:] for row in before["soldiers"]]
    supply = before["supply"][:]
    shield = before["shield"][:]
    removed = before["removed"]
    track = before["track"][:]

    def move(colour: int, where: Any, k: int) -> None:
        nonlocal removed
        if isinstance(where, int):
            soldiers[where][colour] += k
        elif where == "supply":
            supply[colour] += k
        elif where == "shield":
            shield[colour] += k
        else:
            assert where == "out" and colour == before["neutral"]
            removed += k

    for e in effects:
        if e["type"] == "soldiers":
            assert e["count"] > 0
            move(e["player"], e["from"], -e["count"])
            move(e["player"], e["to"], e["count"])
        elif e["type"] == "step":
            assert e["total"] == track[e["player"]] + 1
            track[e["player"]] = e["total"]
    return {"soldiers": soldiers, "supply": supply, "shield": shield, "removed": removed, "track": track}


def play_checked(n: int, advanced: bool, seed: int, legality_every: int = 0) -> Game:
    game = Game("hibernia", n, seed=seed, advanced=advanced)
    rules_ = game.rules
    choose = random.Random(seed)
    setup_done = False
    steps = 0
    while not game.is_over():
        before = rules_.position(game.state)
        fx: list[dict[str, Any]] = []
        if game.is_chance():
            text = game.roll(fx)
            setup_done = setup_done or text.startswith("forts")
        else:
            actions = game.legal_actions()
            assert actions, "a decision with nothing to choose"
            texts = [str(a) for a in actions]
            assert len(set(texts)) == len(texts)
            if legality_every and steps % legality_every == 0:
                check_legality_agrees(game.state, actions, choose)
            a = actions[int(choose.random() * len(actions))]
            game.play(a, fx)
            n_steps = len(action_steps(str(a)))
            assert all(e.get("part") is None or 0 <= e["part"] < n_steps for e in fx)
        after = rules_.position(game.state)
        derived = replay_effects(before, fx)
        for key, value in derived.items():
            assert after[key] == value, f"step {len(game.steps)} {game.steps[-1]!r}: {key} differs"
        check_invariants(game.state, setup_done)
        steps += 1
        assert steps <= game.rules.facts.max_steps
    out = game.result()
    assert out.over and game.state.phase == OVER and out.winners
    assert game.state.ending and max(out.scores) >= 40
    return game


def check_legality_agrees(state: Any, actions: list[Action], rng: random.Random) -> None:
    """``why_illegal`` says None exactly for the listed actions (checked on variants of them)."""
    listed = set(actions)
    ids = [c.id for c in state.board.counties]
    variants = set(listed)
    for a in actions[:40]:
        slot, target, src = a
        other = "extra" if slot == "die" else "die"
        variants.add(Action(other, target, src))
        if target != "muster":
            variants.add(Action(slot, rng.choice(ids), ()))
            if src:
                bumped = tuple((cid, k + 1) if i == 0 else (cid, k) for i, (cid, k) in enumerate(src))
                variants.add(Action(slot, target, bumped))
                variants.add(Action(slot, target, src[1:]))
            free = [cid for cid in ids if cid != target and all(cid != c for c, _ in src)]
            extra = tuple(sorted(src + ((rng.choice(free), 1),)))
            variants.add(Action(slot, target, extra))
    for v in variants:
        assert (rules.why_illegal(state, v) is None) == (v in listed), f"{v}: {rules.why_illegal(state, v)}"


@pytest.mark.parametrize("n, advanced", CASES)
def test_random_games_keep_every_invariant(n: int, advanced: bool):
    for seed in range(3):
        play_checked(n, advanced, seed * 31 + n, legality_every=7)


@pytest.mark.slow
@pytest.mark.parametrize("n, advanced", CASES)
def test_many_random_games_keep_every_invariant(n: int, advanced: bool):
    for seed in range(150):
        play_checked(n, advanced, 10_000 + seed, legality_every=3)


def test_three_player_games_lose_neutral_soldiers_for_good():
    removed_somewhere = False
    for seed in range(6):
        game = play_checked(3, False, 500 + seed)
        removed_somewhere = removed_somewhere or game.state.removed > 0
        assert game.state.shield[3] == 0 and game.state.track[3] == 0
    assert removed_somewhere
