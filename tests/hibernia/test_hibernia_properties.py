"""Property tests: the notation has exactly one spelling per action and round-trips; records of
Hibernia replay exactly and a damaged step is refused by its number."""

from __future__ import annotations

import json
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cambria import Game
from cambria.core.errors import NotationError, RecordError
from cambria.core.record import load_record, make_record, record_from_json
from cambria.games.hibernia.actions import SLOTS, Action, action_steps, join_steps
from cambria.games.hibernia.definition import RULES
from cambria.games.hibernia.rules import chance_outcomes
from cambria.games.hibernia.state import FORTS, ROLL, START
from hib_scenario import BOARD

ids = st.text(alphabet=string.ascii_uppercase, min_size=2, max_size=5)
board_ids = st.sampled_from([c.id for c in BOARD.counties])


@st.composite
def actions(draw: st.DrawFn) -> Action:
    slot = draw(st.sampled_from(SLOTS))
    if draw(st.booleans()):
        return Action.muster(slot)
    target = draw(st.one_of(board_ids, ids))
    sources = draw(st.dictionaries(st.one_of(board_ids, ids).filter(lambda c: c != target),
                                   st.integers(1, 99), max_size=4))
    return Action(slot, target, sorted(sources.items()))


# no deadline: on a loaded machine one example may take longer than Hypothesis's default 200 ms
@given(actions())
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_actions_round_trip_through_their_notation_and_steps(a: Action):
    text = str(a)
    assert Action.parse(text) == a
    assert hash(Action.parse(text)) == hash(a)
    assert join_steps(action_steps(text)) == text
    assert RULES.text_to_action(RULES.action_to_text(a)) == a


NEAR = "dietxramusrMEALONDKIRS <,0123456789"


@given(st.text(alphabet=NEAR, max_size=24))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_text_is_read_only_in_its_one_spelling(text: str):
    try:
        a = Action.parse(text)
    except NotationError:
        return
    assert str(a) == text


@pytest.mark.parametrize("text", [
    "die", "die  MEA", " die MEA", "die MEA ", "Die MEA", "extra mea", "extra MEA<", "extra MEA<DON",
    "extra MEA<DON0", "extra MEA<DON02", "extra MEA<ROS1,DON1", "extra MEA<DON1,DON1", "extra MEA<MEA1",
    "die muster<DON1", "die M", "die MEATHS", "extra MEA<DON1,", "extra MEA<DON100", "pass",
])
def test_malformed_notation_is_refused_with_a_reason(text: str):
    with pytest.raises(NotationError):
        Action.parse(text)


def test_every_chance_outcome_has_one_spelling():
    s = RULES.new_state("hibernia", 4, {})
    for phase_state in range(3):
        assert s.phase in (START, FORTS, ROLL)
        for o, _ in chance_outcomes(s):
            text = RULES.chance_to_text(s, o)
            assert RULES.text_to_chance(s, text) == o
        RULES.apply_chance(s, chance_outcomes(s)[phase_state][0])


def random_game(seed: int, n: int, advanced: bool, upto: int | None = None) -> Game:
    game = Game("hibernia", [f"P{i}" for i in range(n)], seed=seed, advanced=advanced)
    rng = random.Random(seed)
    while not game.is_over() and (upto is None or len(game.steps) < upto):
        if game.is_chance():
            game.roll()
        else:
            acts = game.legal_actions()
            game.play(acts[int(rng.random() * len(acts))])
    return game


@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.booleans())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_records_replay_exactly(seed: int, n: int, advanced: bool):
    game = random_game(seed, n, advanced)
    record = make_record(game)
    assert record["game"] == "hibernia" and record["map"] == "hibernia"
    assert record["options"] == {"advanced": advanced}
    again = record_from_json(json.dumps(record))
    assert again.steps == game.steps and again.position() == game.position()
    assert again.result() == game.result()


@given(st.integers(0, 2**32), st.data())
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_damaged_step_is_refused_by_its_number(seed: int, data: st.DataObject):
    game = random_game(seed, 4, False, upto=60)
    record = make_record(game)
    steps = record["steps"]
    i = data.draw(st.integers(0, len(steps) - 1))
    old = steps[i]
    if old.startswith("roll "):
        new = "roll " + ("black" if old != "roll black" else "purple")
    elif old.startswith("start "):
        new = f"start {(int(old[6:]) + 1) % 4}"
    elif old.startswith("forts "):
        new = "forts " + "-".join(reversed(old[6:].split("-")))
        if new == old:
            new = "forts 9-9-9-9"
    else:
        new = data.draw(st.sampled_from(["die XYZ", old.split()[0] + " QQ", "pass", old + " ", "roll red"]))
    damaged = dict(record, steps=steps[:i] + [new] + steps[i + 1:])
    with pytest.raises(RecordError, match=rf"^step {i + 1} "):
        load_record(damaged)


def test_a_record_with_an_unknown_option_or_a_cambria_map_is_refused():
    game = random_game(3, 3, False, upto=10)
    record = make_record(game)
    with pytest.raises(RecordError, match="unknown option"):
        load_record(dict(record, options={"german_tiebreak": True}))
    with pytest.raises(RecordError, match="unknown map"):
        load_record(dict(record, map="cambria"))
    with pytest.raises(RecordError, match="players"):
        load_record(dict(record, players=record["players"][:2]))
