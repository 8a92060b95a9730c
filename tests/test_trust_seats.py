"""One validation of players, for new games and for records alike (cambria/core/seats.py).

Every hostile shape from the attacks on the page and the command line: unknown or inherited
computer levels, shared colours, blank, invisible or reserved names, lone surrogates, players
of the wrong type.  A new game refuses them with a message naming the problem; a record
refuses them naming the field; the web session keeps its game and its record unchanged.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cambria import Game, webapi
from cambria.core.errors import RecordError
from cambria.core.record import load_record, make_record, record_from_json
from cambria.core.seats import LEVELS, MAX_NAME, NEUTRAL_NAME, NameProblem, check_seats, clean_name

COLOURS = ("red", "blue", "yellow", "green", "purple")


def seat(name: Any = "Ann", colour: Any = "red", kind: Any = "human") -> dict[str, Any]:
    return {"name": name, "colour": colour, "kind": kind}


BOB = seat("Bob", "blue")

# (the players of a game, words the message must hold)
HOSTILE_PLAYERS: list[tuple[Any, str]] = [
    ("abc", "list"),
    ({"0": seat()}, "list"),
    ([None, BOB], "player 1 must be an object"),
    ([seat(), None], "player 2 must be an object"),
    ([seat(), 7], "player 2 must be an object"),
    ([seat(), "Bob"], "player 2 must be an object"),
    ([[seat()], BOB], "player 1 must be an object"),
    ([seat()], "2 to 5"),
    ([], "2 to 5"),
    ([seat(f"P{i}", COLOURS[i % 5]) for i in range(6)], "2 to 5"),
    # computer levels: never looked up in an object, so nothing inherited passes
    ([seat(kind="computer:__defineGetter__"), BOB], "unknown computer level '__defineGetter__'"),
    ([seat(kind="computer:constructor"), BOB], "unknown computer level 'constructor'"),
    ([seat(kind="computer:__proto__"), BOB], "unknown computer level '__proto__'"),
    ([seat(kind="computer:toString"), BOB], "unknown computer level 'toString'"),
    ([seat(kind="computer:hasOwnProperty"), BOB], "unknown computer level 'hasOwnProperty'"),
    ([seat(kind="computer:"), BOB], "unknown computer level ''"),
    ([seat(kind="computer:godlike"), BOB], "unknown computer level 'godlike'"),
    ([seat(kind="computer:Hard"), BOB], "unknown computer level 'Hard'"),
    ([seat(kind="computer:hard "), BOB], "unknown computer level 'hard '"),
    ([seat(kind="computer:hard:hard"), BOB], "unknown computer level"),
    ([seat(kind="computer:__len__"), BOB], "unknown computer level"),
    ([seat(kind="computer:count"), BOB], "unknown computer level"),
    ([seat(kind="computer:index"), BOB], "unknown computer level"),
    ([seat(kind="computer"), BOB], "kind must be"),
    ([seat(kind="Computer:hard"), BOB], "kind must be"),
    ([seat(kind="Human"), BOB], "kind must be"),
    ([seat(kind=" human"), BOB], "kind must be"),
    ([seat(kind=""), BOB], "kind must be"),
    ([seat(kind=None), BOB], "kind must be"),
    ([seat(kind=["human"]), BOB], "kind must be"),
    ([seat(kind={"level": "hard"}), BOB], "kind must be"),
    ([seat(kind=1), BOB], "kind must be"),
    ([seat(kind=True), BOB], "kind must be"),
    # colours
    ([seat(colour="red"), seat("Bob", "red")], "colour 'red' is taken by player 1"),
    ([seat(colour="pink"), BOB], "unknown colour 'pink'"),
    ([seat(colour="Red"), BOB], "unknown colour 'Red'"),
    ([seat(colour="constructor"), BOB], "unknown colour"),
    ([seat(colour="__proto__"), BOB], "unknown colour"),
    ([seat(colour=""), BOB], "unknown colour"),
    ([seat(colour=None), BOB], "unknown colour"),
    ([seat(colour=["red"]), BOB], "unknown colour"),
    ([seat(colour=0), BOB], "unknown colour"),
    # names
    ([seat(name=""), BOB], "needs a name"),
    ([seat(name="   "), BOB], "needs a name"),
    ([seat(name="\u00a0\u3000"), BOB], "needs a name"),
    ([seat(name="\u200b"), BOB], "needs a name"),
    ([seat(name="\u200b\u200c\u200d\u2060\ufeff"), BOB], "needs a name"),
    ([seat(name="\u2800"), BOB], "needs a name"),           # braille blank
    ([seat(name="\u3164"), BOB], "needs a name"),           # hangul filler
    ([seat(name="\u115f\u1160"), BOB], "needs a name"),
    ([seat(name="\uffa0"), BOB], "needs a name"),
    ([seat(name="\u0301\u0301"), BOB], "needs a name"),     # combining marks alone
    ([seat(name="\u202e\u202d"), BOB], "needs a name"),     # bidi controls alone
    ([seat(name="\U000e0041\U000e0042"), BOB], "needs a name"),  # tag characters
    ([seat(name=NEUTRAL_NAME), BOB], "neutral"),
    ([seat(name="neutral"), BOB], "neutral"),
    ([seat(name=" NEUTRAL "), BOB], "neutral"),
    ([seat(name="Neu\u200btral"), BOB], "neutral"),
    ([seat(name="\uff2e\uff45\uff55\uff54\uff52\uff41\uff4c"), BOB], "neutral"),  # full-width
    ([seat(name="Neutral\u200d"), BOB], "neutral"),
    ([seat(name="Ann\ud800"), BOB], "lone surrogate"),
    ([seat(name="\udc00"), BOB], "lone surrogate"),
    ([seat(name="Ann\x00"), BOB], "control character"),
    ([seat(name="Ann\x1b[31m"), BOB], "control character"),
    ([seat(name="\x7f"), BOB], "control character"),
    ([seat(name="Ann\ue000"), BOB], "control character"),   # private use
    ([seat(name="A" * 41), BOB], "longer than 40"),
    ([seat(name=None), BOB], "the name must be text"),
    ([seat(name=12), BOB], "the name must be text"),
    ([seat(name=["Ann"]), BOB], "the name must be text"),
    ([{"colour": "red"}, BOB], "the name must be text"),
    # fields
    ([dict(seat(), admin=True), BOB], "unknown field 'admin'"),
    ([dict(seat(), __proto__={"kind": "human"}), BOB], "unknown field '__proto__'"),
]


def ids(cases: list[tuple[Any, str]]) -> list[str]:
    return [f"{i}-{words[:24]}" for i, (_, words) in enumerate(cases)]


@pytest.mark.parametrize("players, words", HOSTILE_PLAYERS, ids=ids(HOSTILE_PLAYERS))
def test_check_seats_refuses_with_a_message(players: Any, words: str) -> None:
    with pytest.raises(ValueError) as info:
        check_seats(players, COLOURS)
    assert words.lower() in str(info.value).lower()


def test_good_seats_are_tidied() -> None:
    out = check_seats([seat("  Ann \u00a0 Lee "), seat("Zoë 🙂", "blue", "computer:easy"),
                       seat("Neutral Nelly", "green", "computer:hard")], COLOURS)
    assert out == [seat("Ann Lee"), seat("Zoë 🙂", "blue", "computer:easy"),
                   seat("Neutral Nelly", "green", "computer:hard")]
    # a name with visible letters may carry a joiner (emoji sequences, Indic scripts)
    assert clean_name("👩\u200d🚀", 1) == "👩\u200d🚀"
    assert clean_name("क्\u200dष", 1) == "क्\u200dष"
    assert LEVELS == ("easy", "normal", "hard")


# ------------------------------------------------------------------ records

@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = Game("cambria", ["Ann", "Bob", "Cy"], seed=21)
    while len(game.steps) < 12:
        game.roll() if game.is_chance() else game.play(game.legal_actions()[0])
    return make_record(game)


@pytest.mark.parametrize("players, words", HOSTILE_PLAYERS, ids=ids(HOSTILE_PLAYERS))
def test_a_record_with_hostile_players_is_refused_naming_the_field(record: dict[str, Any], players: Any,
                                                                    words: str) -> None:
    bad = copy.deepcopy(record)
    bad["players"] = players
    with pytest.raises(RecordError) as info:
        load_record(bad)
    message = str(info.value)
    assert message.startswith("field 'players': ")
    assert words.lower() in message.lower()


@pytest.mark.parametrize("players, words", HOSTILE_PLAYERS[:3] + HOSTILE_PLAYERS[10:12],
                         ids=ids(HOSTILE_PLAYERS[:3] + HOSTILE_PLAYERS[10:12]))
def test_a_version_1_record_with_hostile_players_is_refused_too(record: dict[str, Any], players: Any,
                                                                 words: str) -> None:
    bad = copy.deepcopy(record)
    bad["version"] = 1
    del bad["game"]
    bad["players"] = players
    with pytest.raises(RecordError) as info:
        load_record(bad)
    assert "players" in str(info.value) and words.lower() in str(info.value).lower()


# ------------------------------------------------------------------ the web session

@pytest.fixture
def session() -> Any:
    webapi._reset()
    first = json.loads(webapi.handle("new_game", json.dumps(
        {"game": "cambria", "players": [seat("Ann"), seat("Bob", "blue", "computer:normal")], "seed": 4})))
    assert first["view"]["step"] == 1
    yield webapi
    webapi._reset()


def snapshot() -> tuple[str, str]:
    return webapi.handle("view", "{}"), webapi.handle("record", "{}")


def refused(kind: str, payload: Any) -> dict[str, Any]:
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    answer = webapi.call(kind, text)
    assert answer[0] == "0", f"{kind} was accepted: {answer[:200]}"
    error: dict[str, Any] = json.loads(answer[1:])
    # a name the rules do not take says whose and why, for the page to word in the player's language
    assert set(error) == ({"name", "code", "message", "details"} if error["code"] == "bad_name"
                          else {"name", "code", "message"}), error
    return error


def problem_of(players: Any) -> ValueError:
    with pytest.raises(ValueError) as info:
        check_seats(players, COLOURS, name_error=lambda problem: problem)
    return info.value


@pytest.mark.parametrize("players, words", HOSTILE_PLAYERS, ids=ids(HOSTILE_PLAYERS))
def test_new_game_refuses_hostile_players_and_keeps_the_game(session: Any, players: Any, words: str) -> None:
    before = snapshot()
    error = refused("new_game", {"game": "cambria", "players": players})
    problem = problem_of(players)
    if isinstance(problem, NameProblem):
        assert error["code"] == "bad_name"
        assert error["details"] == {"seat": problem.seat, "reason": problem.reason, "max": MAX_NAME}
    else:
        assert error["code"] == "bad_request"
    assert words.lower() in error["message"].lower()
    assert snapshot() == before


@pytest.mark.parametrize("name, reason", [("A" * 41, "long"), (" neutral ", "neutral"), ("\u200b", "blank"),
                                          ("Ann\x1b", "control"), (12, "text")])
def test_a_name_the_rules_do_not_take_is_refused_saying_whose_and_why(session: Any, name: Any,
                                                                      reason: str) -> None:
    """Not "bad_request" (the page's mistake): the player typed it, and the page words why."""
    error = refused("new_game", {"game": "cambria", "players": [seat("Ann"), seat(name, "blue")]})
    assert error["code"] == "bad_name" and error["name"] == "BadNameError"
    assert error["details"] == {"seat": 2, "reason": reason, "max": MAX_NAME}


@pytest.mark.parametrize("players, words", HOSTILE_PLAYERS, ids=ids(HOSTILE_PLAYERS))
def test_load_refuses_hostile_players_and_keeps_the_game(session: Any, record: dict[str, Any], players: Any,
                                                         words: str) -> None:
    before = snapshot()
    bad = copy.deepcopy(record)
    bad["players"] = players
    for payload in ({"record": bad}, {"record": json.dumps(bad, ensure_ascii=False)}):
        error = refused("load", payload)
        assert error["code"] == "bad_record"
        assert error["message"].startswith("field 'players': ") and words.lower() in error["message"].lower()
        assert snapshot() == before


def test_a_lone_surrogate_in_a_record_text_is_refused(session: Any, record: dict[str, Any]) -> None:
    text = json.dumps(record).replace('"Ann"', '"Ann\\ud83d"')
    assert "\\ud83d" in text
    before = snapshot()
    error = refused("load", json.dumps({"record": text}))
    assert error["code"] == "bad_record" and "surrogate" in error["message"]
    assert snapshot() == before
    with pytest.raises(RecordError, match="field 'players': player 1: .*surrogate"):
        record_from_json(text.encode("utf-8"))


# ------------------------------------------------------------------ rolls: the one canonical spelling

def test_only_the_canonical_roll_is_accepted() -> None:
    game = Game("cambria", 3, seed=1)
    while not (game.steps and game.steps[-1].startswith("roll") and game.steps[-1][5] != game.steps[-1][7]):
        game.roll() if game.is_chance() else game.play(game.legal_actions()[0])
    good = make_record(game)
    assert load_record(good).steps == game.steps
    text = good["steps"][-1]
    low, high = text[5], text[7]
    assert low < high
    for spelling in (f"roll {high}-{low}", f"roll {low}-{high} ", f"roll  {low}-{high}", f"roll 0{low}-{high}",
                     f"roll {low}-+{high}", f"roll {low}\u2013{high}", f"ROLL {low}-{high}",
                     f"roll {chr(0x660 + int(low))}-{high}"):
        bad = copy.deepcopy(good)
        bad["steps"][-1] = spelling
        with pytest.raises(RecordError, match=f"step {len(game.steps)} "):
            load_record(bad)


@pytest.mark.parametrize("field, value", [
    ("format", "chess-record"), ("format", None), ("version", "2"), ("version", 2.0), ("version", 0),
    ("game", "chess"), ("game", None), ("game", ["cambria"]), ("map", "atlantis"), ("map", 3),
    ("options", []), ("options", {"german_tiebreak": "yes"}), ("options", {"constructor": True}),
    ("seed", -1), ("seed", 2**53), ("seed", "42"), ("seed", True), ("seed", 1.5),
    ("steps", "start 0"), ("steps", None), ("steps", [None]), ("steps", [7]),
    ("result", "won"), ("result", {"winners": [0], "scores": [1, 2, 3]}),
])
def test_every_field_of_a_record_is_named_when_refused(record: dict[str, Any], field: str, value: Any) -> None:
    bad = copy.deepcopy(record)
    bad[field] = value
    with pytest.raises(RecordError) as info:
        load_record(bad)
    message = str(info.value)
    assert field in message or (field == "steps" and "step 1" in message), message


@pytest.mark.parametrize("field", ["format", "version", "game", "map", "players", "seed", "steps"])
def test_a_missing_field_is_named(record: dict[str, Any], field: str) -> None:
    bad = copy.deepcopy(record)
    del bad[field]
    with pytest.raises(RecordError, match=field):
        load_record(bad)
