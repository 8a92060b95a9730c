"""Property tests (hypothesis): notation, records, and illegal actions, in positions reached by play."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cambria import Game
from cambria.games.cambria import rules
from cambria.games.cambria.actions import Action, IllegalActionError, NotationError
from cambria.games.cambria.board import MAP_IDS, load_board
from cambria.games.cambria.definition import chance_text
from cambria.core.record import RECORD_VERSION, RecordError, load_record, record_from_json, record_to_json
from cambria.games.cambria.state import EAGLE, EMPTY, NEUTRAL, ON_BOARD, REMOVED, SETUP, TURN, WARRIORS, State
from cambria.core.record import make_record
from scenario import BOARD, check_invariants, check_step, legal, oracle_legal, snapshot

# CAMBRIA_EXAMPLES / CAMBRIA_GAME_EXAMPLES raise the example counts for a long local run
SETTINGS = settings(max_examples=int(os.environ.get("CAMBRIA_EXAMPLES", 150)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
# tests that play (and replay) whole games: fewer examples keep the default run short
GAME_SETTINGS = settings(max_examples=int(os.environ.get("CAMBRIA_GAME_EXAMPLES", 40)), deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])

maps = st.sampled_from(MAP_IDS)
players = st.integers(2, 5)
seeds = st.integers(0, 2**53 - 1)


def random_game(map_id: str, n: int, seed: int, max_steps: int | None = None) -> Game:
    """A Game played from its seed; decisions by ``rules.random_action`` (fast, every kind of move)."""
    game = Game(map_id, n, seed=seed)
    pick = random.Random(seed + 1)
    while not game.is_over() and (max_steps is None or len(game.steps) < max_steps):
        if game.is_chance():
            game.roll()
        else:
            game.play(rules.random_action(game.state, pick))
    return game


@st.composite
def games(draw, finished: bool | None = None) -> Game:
    map_id = draw(maps)
    n = draw(players)
    seed = draw(seeds)
    if finished:
        return random_game(map_id, n, seed)
    steps = draw(st.integers(0, 400))
    game = random_game(map_id, n, seed, steps)
    if finished is False:
        assume(not game.is_over())
    return game


@st.composite
def positions(draw) -> State:
    """A position reached by random play: a decision point (not a chance step)."""
    state = State(load_board(draw(maps)), draw(players))
    seed = draw(seeds)
    dice, pick = random.Random(seed), random.Random(seed + 1)
    for _ in range(draw(st.integers(0, 400))):
        if state.is_over():
            break
        if state.is_chance():
            rules.apply_chance(state, rules.sample_chance(state, dice))
        else:
            rules.apply(state, rules.random_action(state, pick), False)
    while state.is_chance():
        rules.apply_chance(state, rules.sample_chance(state, dice))
    assume(not state.is_over())
    return state


def actions_for(nroads: int):
    """Actions in notation range (any road number, boats 2-6, dice 1-6), legal or not."""
    road = st.integers(0, nroads + 3)
    boat = st.integers(2, 6)
    maybe_swap = st.none() | st.tuples(boat, st.integers(1, 6))
    source = st.one_of(st.tuples(st.none(), st.none()), st.tuples(road, st.none()), st.tuples(st.none(), boat))
    setup = st.builds(Action.setup, road)
    neutral = st.builds(Action.neutral, road, st.none() | road)
    place = st.builds(lambda r, src, sw: Action.place(r, src[0], src[1], sw), road, source, maybe_swap)
    legion = st.builds(
        lambda r, sw, b, src: Action.legion(r, sw, b, *(src if b is not None else (None, None))),
        road, maybe_swap, st.none() | boat, source)
    pass_ = st.builds(Action.pass_, maybe_swap)
    return st.one_of(setup, neutral, place, legion, pass_)


@st.composite
def arbitrary_positions(draw) -> State:
    """Any consistent decision position (not necessarily reachable in a game): random warriors,
    legion, boats, dice and forts, on the test map or a real map."""
    board = draw(st.sampled_from([BOARD, load_board("cambria"), load_board("cumbria")]))
    n = draw(players)
    s = State(board, n)
    nroads = len(board.roads)
    colours = s.n_colours
    # warriors: each colour puts up to five on roads and (not the neutral) on boats
    order = draw(st.permutations(range(nroads)))
    free_roads = list(order)
    for c in range(colours):
        k = draw(st.integers(0, WARRIORS))
        for _ in range(k):
            if not free_roads:
                break
            if c != s.neutral and draw(st.integers(0, 5)) == 0 and EMPTY in s.boats:
                s.boats[s.boats.index(EMPTY)] = c
            else:
                r = free_roads.pop()
                s.owner[r] = c
                s.masks[c] |= 1 << r
                s.occupied |= 1 << r
        s.supply[c] = WARRIORS - s.warriors_on_board(c)
    draw(st.randoms()).shuffle(s.boats)
    if free_roads and draw(st.booleans()):
        s.legion = free_roads.pop()
    # captured forts (at most 9, so the game is not over)
    for f in draw(st.lists(st.integers(0, 15), unique=True, max_size=9)):
        s.fort_owner[f] = draw(st.integers(0, colours - 1))
        s.uncaptured.remove(f)
        if s.vp_owner[f] == ON_BOARD:
            s.vp_owner[f] = draw(st.sampled_from([REMOVED] + [c for c in range(colours) if c != s.fort_owner[f]]))
    s.start_player = draw(st.integers(0, n - 1))
    s.current = draw(st.integers(0, n - 1))
    s.setup_done = n
    s.seq = n
    s.last_entry = [i + 1 for i in range(n)] + ([-1] if s.neutral >= 0 else [])
    phase = draw(st.sampled_from([TURN, TURN, TURN, SETUP] + ([NEUTRAL] if s.neutral >= 0 else [])))
    if phase == TURN:
        a, b = draw(st.integers(1, 6)), draw(st.integers(1, 6))
        s.dice = (min(a, b), max(a, b))
    elif phase == SETUP:
        s.legion = EAGLE
        s.setup_done = 0
        s.seq = 0
        s.last_entry = [-1] * colours
        s.current = s.start_player
        assume(s.supply[s.current] > 0)  # setup placements always come from a full-ish supply
        s.dice = (draw(st.integers(2, 6)),)
    else:
        s.dice = (draw(st.integers(1, 6)),)
    s.phase = phase
    check_invariants(s)
    return s


@SETTINGS
@given(arbitrary_positions())
def test_legal_actions_match_the_oracle_in_arbitrary_positions(state):
    assert legal(state) == oracle_legal(state)


@GAME_SETTINGS
@given(arbitrary_positions(), st.data())
def test_every_legal_action_keeps_the_invariants_and_captures_right(state, data):
    actions = rules.legal_actions(state)
    if state.phase == SETUP and not actions:
        return  # a number without an empty road: the engine would have re-rolled
    for action in data.draw(st.lists(st.sampled_from(actions), min_size=1, max_size=8)):
        after = state.copy()
        rules.apply(after, action)
        check_step(state, after)


# ---------------------------------------------------------------------- notation

@GAME_SETTINGS
@given(positions())
def test_every_legal_action_round_trips_through_its_notation(state):
    for action in rules.legal_actions(state):
        text = str(action)
        again = Action.parse(text)
        assert again == action and str(again) == text and hash(again) == hash(action)
        assert rules.is_legal(state, again)


@SETTINGS
@given(st.text())
def test_random_text_parses_to_a_round_tripping_action_or_raises_notation_error(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action


@SETTINGS
@given(st.text(alphabet="spnLxb<0123456789/ a", max_size=20))
def test_notation_like_text_is_either_canonical_or_refused(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert str(action) == text, "only the canonical spelling of an action is accepted"
    assert Action.parse(str(action)) == action


@SETTINGS
@given(st.data())
def test_constructed_actions_round_trip(data):
    action = data.draw(actions_for(30))
    assert Action.parse(str(action)) == action


# ---------------------------------------------------------------------- illegal actions

@GAME_SETTINGS
@given(positions(), st.data())
def test_illegal_actions_never_change_the_state(state, data):
    legal = set(rules.legal_actions(state))
    for _ in range(10):
        action = data.draw(actions_for(len(state.board.roads)))
        if action in legal:
            after = state.copy()
            rules.apply(after, action)
            check_invariants(after)
            continue
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as info:
            rules.apply(state, action)
        assert str(action) in str(info.value) and len(str(info.value)) > len(str(action)) + 20
        assert snapshot(state) == before


# ---------------------------------------------------------------------- records

@GAME_SETTINGS
@given(games())
def test_records_round_trip(game):
    record = make_record(game)
    again = load_record(record)
    assert again.steps == game.steps
    assert snapshot(again.state) == snapshot(game.state)
    assert again.players == game.players and again.seed == game.seed
    # through JSON text as well, and the replayed game goes on identically
    again2 = record_from_json(record_to_json(game))
    assert snapshot(again2.state) == snapshot(game.state)
    if not game.is_over():
        assert (game.roll() if game.is_chance() else None) == (again2.roll() if again2.is_chance() else None)


def _mutations(game: Game, index: int) -> list[tuple[str, list, int]]:
    """Corruptions of step ``index``: (label, new steps, 1-based number of the first bad step)."""
    steps = list(game.steps)
    out: list[tuple[str, list, int]] = []
    # a wrong type
    out.append(("wrong type", steps[:index] + [42] + steps[index + 1:], index + 1))
    out.append(("null step", steps[:index] + [None] + steps[index + 1:], index + 1))
    # duplicated
    out.append(("duplicated", steps[:index + 1] + [steps[index]] + steps[index + 1:], index + 2))
    # removed (not the last step: a shorter record is a valid unfinished game)
    if index < len(steps) - 1:
        out.append(("removed", steps[:index] + steps[index + 1:], index + 1))
    # changed: a wrong roll, or an illegal decision
    prefix = load_record(make_record(game), upto=index)
    state = prefix.state
    if state.is_chance():
        actual = steps[index]
        for outcome, _ in rules.chance_outcomes(state) + [((1, 1), 0), (1, 0), (7, 0)]:
            text = chance_text(state.phase, outcome)
            if text != actual:
                out.append(("wrong roll", steps[:index] + [text] + steps[index + 1:], index + 1))
                break
        # the right roll in the wrong words
        out.append(("decision at a roll", steps[:index] + ["pass"] + steps[index + 1:], index + 1))
    else:
        legal = {str(a) for a in rules.legal_actions(state)}
        nroads = len(state.board.roads)
        candidates = [f"p{r}" for r in range(nroads)] + [f"L{r}" for r in range(nroads)] + [
            "pass", f"p{nroads}", "s0", "n0", "L0 b2"]
        bad = [c for c in candidates if c not in legal]
        rng = random.Random(index)
        out.append(("illegal decision", steps[:index] + [rng.choice(bad)] + steps[index + 1:], index + 1))
        out.append(("roll at a decision", steps[:index] + ["roll 3-4"] + steps[index + 1:], index + 1))
        out.append(("bad notation", steps[:index] + ["p 3"] + steps[index + 1:], index + 1))
    return out


@GAME_SETTINGS
@given(games(), st.data())
def test_corrupted_records_name_the_first_bad_step(game, data):
    assume(len(game.steps) >= 1)
    index = data.draw(st.integers(0, len(game.steps) - 1))
    record = make_record(game)
    for label, steps, bad in _mutations(game, index):
        corrupt = dict(record, steps=steps)
        corrupt.pop("result", None)
        with pytest.raises(RecordError) as info:
            load_record(corrupt)
        message = str(info.value)
        assert message.startswith(f"step {bad} "), f"{label}: {message!r} should name step {bad}"
        # and through JSON text too
        with pytest.raises(RecordError):
            record_from_json(json.dumps(corrupt))


@GAME_SETTINGS
@given(games(finished=True))
def test_a_finished_record_with_a_wrong_result_is_refused(game):
    record = make_record(game)
    assert "result" in record
    points = list(record["result"]["scores"])
    points[0] += 1
    with pytest.raises(RecordError, match="does not match"):
        load_record(dict(record, result={"winners": record["result"]["winners"], "scores": points}))
    other = [(record["result"]["winners"][0] + 1) % len(game.players)]
    with pytest.raises(RecordError, match="does not match"):
        load_record(dict(record, result={"winners": other, "scores": record["result"]["scores"]}))
    # extra steps after the end
    with pytest.raises(RecordError, match=f"step {len(game.steps) + 1} "):
        load_record(dict(record, steps=game.steps + ["roll 1-2"]))


@GAME_SETTINGS
@given(games(), st.data())
def test_truncated_record_text_is_refused(game, data):
    text = record_to_json(game)
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(RecordError):
        record_from_json(text[:cut])
    with pytest.raises(RecordError):
        record_from_json(text[:cut].encode("utf-8"))


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_with_a_record_error(blob):
    with pytest.raises(RecordError):
        record_from_json(blob)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@SETTINGS
@given(json_values)
def test_random_json_is_refused_with_a_record_error(value):
    with pytest.raises(RecordError):
        load_record(value)


@SETTINGS
@given(st.dictionaries(st.sampled_from(["format", "version", "map", "players", "options", "seed", "steps",
                                         "result"]), json_values))
def test_record_like_objects_load_or_raise_record_error(fields):
    base = {"format": "cambria-record", "version": RECORD_VERSION, "map": "cambria",
            "players": [{"name": "A"}, {"name": "B"}], "options": {}, "seed": 1, "steps": []}
    base.update(fields)
    try:
        game = load_record(base)
    except RecordError:
        return
    assert isinstance(game, Game)


def test_future_record_version_is_refused():
    game = random_game("cambria", 3, 5, 30)
    record = make_record(game)
    with pytest.raises(RecordError, match="newer"):
        load_record(dict(record, version=RECORD_VERSION + 1))
    for bad in (None, "1", 1.0, True, 0):
        with pytest.raises(RecordError):
            load_record(dict(record, version=bad))


def test_record_errors_name_other_faults():
    record = make_record(random_game("cumbria", 2, 9, 40))
    cases = {
        "format": dict(record, format="chess"),
        "map": dict(record, map="hibernia"),
        "players": dict(record, players=[{"name": "solo"}]),
        "name": dict(record, players=[{"name": ""}, {"name": "B"}]),
        "seed": dict(record, seed=-1),
        "option": dict(record, options={"house_rule": True}),
        "german_tiebreak": dict(record, options={"german_tiebreak": "yes"}),
        "steps": dict(record, steps="roll 1-2"),
    }
    for word, bad in cases.items():
        with pytest.raises(RecordError) as info:
            load_record(bad)
        assert str(info.value), word


def test_record_loader_survives_pathological_json_text():
    """json.loads raises RecursionError for deep nesting and ValueError for huge integers;
    a record loader must turn every such failure into a RecordError."""
    texts = [
        "[" * 100_000,
        '{"format": "cambria-record", "version": 1, "seed": ' + "1" * 5000 + "}",
    ]
    for text in texts:
        with pytest.raises(RecordError):
            record_from_json(text)


@pytest.mark.parametrize("spelling", ["fullwidth", "leading zero", "plus sign", "trailing space"])
def test_chance_steps_must_be_written_canonically(spelling):
    """'die 4' may not be written 'die \uff14', 'die 04' or 'die +4': int() accepts them all, the
    notation (like Action.parse, which refuses 'p03') should not."""
    game = random_game("cambria", 3, 4, 2)  # the start player and the first setup die
    record = make_record(game)
    die = game.steps[1]
    assert die.startswith("die ")
    digit = die[4]
    text = {"fullwidth": "die " + chr(0xFF10 + int(digit)), "leading zero": "die 0" + digit,
            "plus sign": "die +" + digit, "trailing space": die + " "}[spelling]
    with pytest.raises(RecordError, match="step 2"):
        load_record(dict(record, steps=[game.steps[0], text]))
