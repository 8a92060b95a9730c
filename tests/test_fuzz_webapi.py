"""Fuzzing the engine's web API with malformed records and worker messages.

A seeded generator makes requests that are wrong by construction: records with a wrong type in
every field, hostile players, tampered, misspelt or foreign steps, truncated or absurdly nested
JSON, huge numbers, odd Unicode; worker messages with unknown types, payloads that are not JSON
objects, unknown fields, stale step numbers, wrong types for every field of every request.
Each is sent to ``cambria.webapi.call`` (and every fourth also to ``handle``) in one of several
sessions: no game, a roll due, a person's decision, a computer's decision, a finished game.

Every answer must be a named error (``"0"`` + ``{name, code, message}``, a known code, never
``internal``) that crosses to JavaScript (valid UTF-8); the session's game, its view and the
record it would save must be exactly as before.  A failure prints the case's number and the
request, so that it can be replayed.
"""

from __future__ import annotations

import copy
import json
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest

from cambria import Game, webapi
from cambria.core.game import MAX_SEED
from cambria.core.record import RECORD_VERSION, make_record
from cambria.games.cambria import rules as cambria_rules
from cambria.webapi.errors import CODES, error_code
from cambria.webapi.session import HANDLERS, WebSession

CASES = 10_000
SLOW_CASES = 50_000  # per seed
SEATS = [{"name": "Ann", "colour": "red", "kind": "human"},
         {"name": "Bob", "colour": "blue", "kind": "computer:normal"},
         {"name": "Cy", "colour": "yellow", "kind": "human"}]

# ------------------------------------------------------------------ the sessions

def play_until(game: Game, stop: Callable[[Game], bool], rng: random.Random) -> Game:
    while not stop(game):
        if game.is_chance():
            game.roll()
        else:
            game.play(cambria_rules.random_action(game.state, rng))
    return game


def session_for(game: Game | None) -> WebSession:
    session = WebSession()
    if game is not None:
        answer = session.handle("load", {"record": make_record(game)})
        assert answer["view"]["step"] == len(game.steps)
    return session


def base_games() -> dict[str, Game | None]:
    rng = random.Random(5)
    players = ["Ann", "Bob", "Cy"]
    info = [{"colour": s["colour"], "kind": s["kind"]} for s in SEATS]

    def new() -> Game:
        return Game("cambria", players, seed=77, player_info=info)

    in_turns = lambda g: g.state.turns >= 4  # noqa: E731
    human = play_until(new(), lambda g: in_turns(g) and not g.is_chance() and g.current_player() != 1, rng)
    computer = play_until(new(), lambda g: in_turns(g) and not g.is_chance() and g.current_player() == 1, rng)
    chance = play_until(new(), lambda g: in_turns(g) and g.is_chance(), rng)
    two = Game("cumbria", ["Ann", "Bob"], seed=8)
    over = play_until(two, Game.is_over, rng)
    return {"none": None, "chance": chance, "human": human, "computer": computer, "over": over}


@dataclass
class Fixture:
    sessions: dict[str, WebSession]
    records: list[dict[str, Any]]   # valid records to spoil: short ones first, then a finished game


@pytest.fixture(scope="module")
def fixture() -> Fixture:
    games = base_games()
    sessions = {name: session_for(game) for name, game in games.items()}
    records = [make_record(g) for g in games.values() if g is not None]
    records.sort(key=lambda r: len(r["steps"]))
    return Fixture(sessions, records)


def fingerprint(session: WebSession) -> tuple[Any, ...]:
    """Everything a request could change: the game object, its view, the record the page would
    save, the log and what the last move touched."""
    saved = webapi.SESSION
    webapi.SESSION = session
    try:
        view = webapi.call("view", "{}")
        record = webapi.call("record", "{}")
    finally:
        webapi.SESSION = saved
    return (id(session.game), len(session.game.steps) if session.game else None, view, record,
            len(session.log), json.dumps(session.last, sort_keys=True))


# ------------------------------------------------------------------ the generator

HOSTILE_NAMES = ["", " ", "\u200b", "\u200b\u2060\ufeff", "\u3164", "\u2800", "\u0301", "\u202e", "Neutral",
                 " neutral ", "Neu\u200btral", "\uff2e\uff45\uff55\uff54\uff52\uff41\uff4c", "Ann\ud800",
                 "\udfff", "A\x00", "\x1b[2J", "A" * 41, "\ue000"]
HOSTILE_KINDS = ["computer:__defineGetter__", "computer:constructor", "computer:__proto__", "computer:",
                 "computer:godlike", "computer:Hard", "computer", "Human", "", "computer:hard\u200b",
                 "computer:toString", "computer:valueOf", "computer:__class__", "computer:keys"]
HOSTILE_COLOURS = ["pink", "Red", "", "constructor", "__proto__", "red\u200b", "ｒｅｄ"]
ODD_TEXT = ["\u200b", "\ufeff", "\u202e", "\ud800", "\udc00", "\x00", "\x7f", "é", "١", "\uff10", "\U0001f600",
            "\u0301", "\n", "\t", "\\", '"', "</script>", "%s", "{}", "\u2028"]


def huge_int_text(rng: random.Random) -> str:
    return rng.choice(["9" * rng.randint(20, 40), "9" * 5000, "-" + "9" * 5000, "1e999", "-1e999", "1e-999",
                       "123456789012345678901234567890"])


class Generator:
    """Malformed requests, reproducible from a seed.  Each case is ``(kind, payload)`` where the
    payload is what the worker passes (JSON text, or something that is not text at all)."""

    def __init__(self, seed: int, records: list[dict[str, Any]]) -> None:
        self.rng = random.Random(seed)
        self.records = records

    # -------------------------------------------------------------- values
    def wrong_value(self, ok: Callable[[Any], bool]) -> Any:
        """A JSON value of some shape, never one ``ok`` accepts."""
        rng = self.rng
        while True:
            pick = rng.randrange(14)
            value: Any
            if pick == 0:
                value = rng.choice([None, True, False])
            elif pick == 1:
                value = rng.choice([0, 1, -1, 2, 3, 7, 2**53, 2**63, -(2**31), MAX_SEED + 1])
            elif pick == 2:
                value = rng.choice([0.5, -0.0, 1e308, -1e308, 2.0, float("inf"), float("-inf"), float("nan")])
            elif pick == 3:
                value = self.odd_text()
            elif pick == 4:
                value = []
            elif pick == 5:
                value = [self.wrong_value(lambda v: False) for _ in range(rng.randint(1, 3))]
            elif pick == 6:
                value = {}
            elif pick == 7:
                value = {self.odd_text(): self.wrong_value(lambda v: False)}
            elif pick == 8:
                value = self.nested(rng.randint(2, 12))
            elif pick == 9:
                value = rng.choice(["cambria", "cumbria", "hibernia", "cambria-record", "human", "red", "pass",
                                    "roll 1-2", "p12", "__proto__", "constructor", "toString"])
            elif pick == 10:
                value = rng.choice([{"__proto__": {"kind": "human"}}, {"constructor": {}}, {"length": 1}])
            elif pick == 11:
                value = "x" * rng.choice([41, 201, 5000])
            elif pick == 12:
                value = [None] * rng.randint(1, 6)
            else:
                value = rng.choice([[1, 2], ["a", "b"], [[]], [{}], "[]", "{}", "null", "true"])
            if not ok(value):
                return value

    def nested(self, depth: int) -> Any:
        value: Any = self.rng.choice([1, "x", None, {}])
        for _ in range(depth):
            value = [value] if self.rng.random() < 0.5 else {"a": value}
        return value

    def odd_text(self) -> str:
        rng = self.rng
        parts = [rng.choice(ODD_TEXT) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.5:
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(["Ann", "p12", "pass", "roll 3-4", "s5"]))
        return "".join(parts)

    def bad_seats(self) -> Any:
        rng = self.rng
        n = rng.randint(2, 5)
        seats = [{"name": f"P{i}", "colour": c, "kind": "human"}
                 for i, c in enumerate(["red", "blue", "yellow", "green", "purple"][:n])]
        how = rng.randrange(7)
        i = rng.randrange(n)
        if how == 0:
            seats[i]["name"] = rng.choice(HOSTILE_NAMES)
        elif how == 1:
            seats[i]["kind"] = rng.choice(HOSTILE_KINDS)
        elif how == 2:
            seats[i]["colour"] = rng.choice(HOSTILE_COLOURS)
        elif how == 3:
            seats[i]["colour"] = seats[(i + 1) % n]["colour"]
        elif how == 4:  # a wrong type (hostile text is how 0 to 2)
            field = rng.choice(["name", "colour", "kind"])
            seats[i][field] = self.wrong_value(lambda v: isinstance(v, str))
        elif how == 5:
            return rng.choice([seats[:1], seats * 3, [], "P1,P2", {"0": seats[0]}, [None, None], [seats]])
        else:
            seats[i] = self.wrong_value(lambda v: False)
            if isinstance(seats[i], dict) and not seats[i]:
                seats[i] = None
        return seats

    # -------------------------------------------------------------- records
    def bad_record(self) -> Any:
        """A record (object) that must be refused."""
        rng = self.rng
        base = self.records[0] if rng.random() < 0.85 else rng.choice(self.records)
        rec = copy.deepcopy(base)
        how = rng.randrange(12)
        if how == 0:  # a wrong type or value in one field
            field, ok = rng.choice(RECORD_FIELDS)
            rec[field] = self.wrong_value(ok)
        elif how == 1:  # a required field missing
            del rec[rng.choice(["format", "version", "game", "map", "players", "seed", "steps"])]
        elif how == 2:
            rec["players"] = self.bad_seats()
        elif how in (3, 4, 5):
            self.spoil_steps(rec)
        elif how == 6:  # another version
            rec["version"] = rng.choice([0, -1, RECORD_VERSION + 1, 99, 10**20, "2", 2.5, True, None])
        elif how == 7:  # a version-1 record that is damaged in the same ways
            rec["version"] = 1
            rec.pop("game")
            if rng.random() < 0.5:
                rec["players"] = self.bad_seats()
            else:
                self.spoil_steps(rec)
        elif how == 8:  # options
            rec["options"] = rng.choice([{"german_tiebreak": "yes"}, {"german_tiebreak": 1}, {"nosuch": True},
                                         {"__proto__": True}, [], "german_tiebreak", None])
        elif how == 9:  # a result that was not reached
            rec["result"] = rng.choice([{"winners": [0], "scores": [99, 0, 0]}, {}, None, [], "won",
                                        {"winners": [], "scores": []}])
            if "result" in base:
                rec["result"] = {"winners": [9], "scores": base["result"]["scores"]}
        elif how == 10:  # the wrong format
            rec["format"] = rng.choice(["cambria-record\u200b", "Cambria-Record", "", "hibernia-record", None,
                                        ["cambria-record"]])
        else:  # the whole record is something else
            return self.wrong_value(lambda v: False)
        return rec

    def spoil_steps(self, rec: dict[str, Any]) -> None:
        rng = self.rng
        steps = rec["steps"]
        rec.pop("result", None)  # the steps must be what is refused
        i = rng.randrange(len(steps))
        old = steps[i]
        how = rng.randrange(9)
        if how == 0:
            steps[i] = self.wrong_value(lambda v: isinstance(v, str))
        elif how == 1:  # a character the notation does not have, somewhere in the step
            j = rng.randrange(len(old) + 1)
            steps[i] = old[:j] + rng.choice(ODD_TEXT + ["?", "#", "  ", "0"]) + old[j:]
            if steps[i].replace("0", "") == old.replace("0", "") and "0" not in old:
                steps[i] = old + " ?"
        elif how == 2:  # another spelling
            variants = [old.upper(), old + " ", " " + old, old.replace(" ", "  "), old.replace("-", "\u2013")]
            if old.startswith("roll ") and old[5] != old[7]:
                variants.append(f"roll {old[7]}-{old[5]}")
            for letter in "snpLb":
                variants.append(old.replace(letter, letter + "0", 1) if letter in old else old + "?")
            steps[i] = rng.choice([v for v in variants if v != old] or [old + "?"])
        elif how == 3:  # another roll than the seed gives
            if old.startswith("roll "):
                pair = old[5:]
                steps[i] = "roll " + rng.choice([p for p in ("1-1", "1-6", "2-3", "3-3", "4-5", "6-6", "2-6")
                                                 if p != pair])
            elif old.startswith(("start ", "die ")):
                steps[i] = old.split(" ")[0] + " " + rng.choice([d for d in "0123456789" if d != old[-1]] + ["12"])
            else:
                steps[i] = rng.choice(["roll 1-2", "die 3", "start 0"])
        elif how == 4:  # a decision that is not legal there
            steps[i] = rng.choice(["p999", "s999", "L-1", "b7", "x9/9 pass", "pass pass", "p12 p13", "L", "",
                                   "x2/1", "n1<1"]) if not old.startswith(("roll", "start", "die")) else "pass"
        elif how == 5:  # a step added at the end that cannot be played
            steps.append(rng.choice([None, 5, "", "nonsense", "roll 7-7", "p999", "\ud800"]))
        elif how == 6:  # a roll left out: the decision after it comes where a roll is due
            rolls = [j for j in range(len(steps) - 1) if steps[j].startswith(CHANCE_WORDS)
                     and not steps[j + 1].startswith(CHANCE_WORDS)]
            del steps[rng.choice(rolls)]
        elif how == 7:
            rec["steps"] = self.wrong_value(lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v))
        else:  # too many steps
            rec["steps"] = steps + ["pass"] * (20_001 - len(steps))

    def record_text(self) -> str:
        """The text of a bad record, or a damaged text of a good one."""
        rng = self.rng
        how = rng.randrange(6)
        good = json.dumps(rng.choice(self.records), ensure_ascii=rng.random() < 0.5)
        if how == 0:  # truncated
            return good[:rng.randrange(len(good))]
        if how == 1:  # absurdly deep
            depth = rng.choice([30, 100, 5000, 100_000])
            return "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "1" + "}" * depth
        if how == 2:  # a huge number in a field
            field = rng.choice(["seed", "version", "steps", "players"])
            return good.replace(f'"{field}": ', f'"{field}": {huge_int_text(rng)}, "x{field}": ', 1)
        if how == 3:  # trailing garbage, a second document, or NaN
            return rng.choice([good + "x", good + good, good.replace('"seed": ', '"seed": NaN, "s": ', 1),
                               good.replace("{", "{,", 1), good.replace('"', "'")])
        if how == 4:  # broken escapes and bytes that are not text
            return rng.choice([good.replace('"Ann"', '"\\ud800"'), good.replace('"Ann"', '"\\u12"'),
                               good.replace('"Ann"', '"\\x41"'), "\ufeff\ufeff" + good, "\x00" + good])
        return json.dumps(self.bad_record(), ensure_ascii=rng.random() < 0.5)

    # -------------------------------------------------------------- messages
    def case(self, state: str) -> tuple[Any, Any]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            record: Any = self.bad_record() if rng.random() < 0.7 else self.record_text()
            return "load", self.payload_text({"record": record})
        if roll < 0.45:
            return self.broken_payload()
        if roll < 0.55:
            return self.odd_kind(), self.payload_text({})
        return self.bad_message(state)

    def payload_text(self, payload: Any) -> str:
        return json.dumps(payload, ensure_ascii=self.rng.random() < 0.5)

    def odd_kind(self) -> Any:
        return self.rng.choice(["", "nonsense", "__init__", "handle", "HANDLERS", "_swap_in", "need_game",
                                "view_request", "new_game ", "Play", "ROLL", "roll\u200b", "__class__",
                                "constructor", None, 7, ["roll"], {"kind": "roll"}, b"roll", 1.5, True])

    def broken_payload(self) -> tuple[Any, Any]:
        rng = self.rng
        kind = rng.choice(sorted(set(HANDLERS) - {"ping"}))
        how = rng.randrange(7)
        payload: Any
        if how == 0:
            payload = rng.choice(["{", "}", "{]", '{"step": }', "{'a': 1}", '{"a" 1}', "nul", "tru", "[", '"',
                                  "{}}", '{"a":1,}', "\x00", "{\u200b}"])
        elif how == 1:
            payload = rng.choice(["[]", "1", '"text"', "true", "[{}]", "-0", "1e999", "NaN", '"{}"'])
        elif how == 2:
            depth = rng.choice([25, 1000, 100_000])
            payload = '{"a":' * depth + "1" + "}" * depth
        elif how == 3:
            payload = rng.choice([b"{}", 1, 1.5, ["{}"], {"step": 1}, True, NOT_JSON])
        elif how == 4:
            payload = BIG_PAYLOAD
        elif how == 5:
            payload = '{"step": ' + huge_int_text(rng) + ', "zz": 1}'
        else:
            payload = '{"step": 1, "step": "x", "zz": 0}'
        return kind, payload

    def bad_message(self, state: str) -> tuple[str, str]:
        """A known request type with a payload that is wrong for it (in this session's state)."""
        rng = self.rng
        kind = rng.choice(sorted(set(HANDLERS) - {"ping"}))
        payload: dict[str, Any] = {}
        how = rng.random()
        if how < 0.25:  # an unknown field, beside otherwise sensible ones
            payload[rng.choice(["zz", "extra", "__proto__", "constructor", "Step", "step\u200b", "", "action "])] = (
                self.wrong_value(lambda v: False))
        elif how < 0.45 and kind in NEEDS_GAME:  # a stale or malformed step number
            payload["step"] = self.wrong_value(lambda v: False) if rng.random() < 0.5 else rng.choice(
                [-1, 10**9 + 1, 10**6, 0.5])
            if payload["step"] is None or (state != "none" and False):
                payload["step"] = -1
            stale = FIELD_STEP_STALE
            if isinstance(payload["step"], int) and not isinstance(payload["step"], bool) and 0 <= payload["step"]:
                payload["step"] = stale
        else:
            payload.update(self.bad_fields(kind, state))
        return kind, self.payload_text(payload)

    def bad_fields(self, kind: str, state: str) -> dict[str, Any]:
        rng = self.rng
        if kind == "new_game":
            how = rng.randrange(6)
            good: dict[str, Any] = {"players": SEATS[:2]}
            if how == 0:
                return {"players": self.bad_seats()}
            if how == 1:
                return {**good, "seed": self.wrong_value(
                    lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_SEED))}
            if how == 2:
                return {**good, "options": self.wrong_value(lambda v: v is None or v == {})}
            if how == 3:
                return {**good, "options": {rng.choice(["german_tiebreak", "x"]): rng.choice(["yes", 1, None, []])}}
            if how == 4:
                return {**good, rng.choice(["game", "map"]): self.wrong_value(
                    lambda v: v is None or v in ("cambria", "cumbria"))}
            return {**good, "german_tiebreak": self.wrong_value(lambda v: isinstance(v, bool))}
        if kind == "options":
            return {"partial": self.wrong_value(
                lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v))} if rng.random() < 0.5 else {
                "partial": [self.odd_text() for _ in range(rng.randint(1, 14))]}
        if kind == "play":
            return {"action": self.wrong_value(lambda v: isinstance(v, str)) if rng.random() < 0.4 else rng.choice(
                ["p999", "pass?", "pass ", " pass", "PASS", "p\u0661\u0662", "p012", "x9/1 pass", "L12 b7",
                 "s" + "9" * 300, "pass\u200b", "p1<1<1", "", "\ud800"])}
        if kind == "computer":
            return {"time_budget": self.wrong_value(
                lambda v: v is None or (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 60))}
        if kind == "hint":
            return {"level": self.wrong_value(lambda v: v is None)} if rng.random() < 0.5 else {
                "level": rng.choice(["godlike", "Hard", "constructor", "__proto__", "", "hard\u200b"])}
        if kind == "view_at":
            return {"upto": self.wrong_value(lambda v: _is_int(v) and 0 <= v <= 10**6) if rng.random() < 0.5 else rng.choice(
                [-1, 10**9, 99_999, 1.0, "3", True])}
        if kind == "load":
            return {"record": self.bad_record()}
        # roll, view, record, info: these accept only the empty payload, so a field is added
        return {rng.choice(["x", "partial", "action", "record", "upto"]): self.wrong_value(lambda v: False)}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# the fields of a record and the values each accepts (wrong_value never returns those)
RECORD_FIELDS: list[tuple[str, Callable[[Any], bool]]] = [
    ("format", lambda v: v == "cambria-record"),
    ("version", lambda v: _is_int(v) and 1 <= v <= RECORD_VERSION),
    ("game", lambda v: v == "cambria"),
    ("map", lambda v: v in ("cambria", "cumbria") if isinstance(v, str) else False),
    ("players", lambda v: False),
    ("options", lambda v: v == {}),
    ("seed", lambda v: _is_int(v) and 0 <= v <= MAX_SEED),
    ("dice", lambda v: v == "seeded"),  # these records are seeded: "drawn" would need a key, not a seed
    ("key", lambda v: False),           # a seeded record has none
    ("steps", lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v) and not v),
    ("result", lambda v: False),
]
NEEDS_GAME = {"roll", "options", "play", "computer", "hint", "view", "record"}
FIELD_STEP_STALE = 10**6
CHANCE_WORDS = ("roll ", "die ", "start ")


class _NotJson:
    """Something a worker could pass that is no JSON at all (a JavaScript proxy, say)."""

    def __repr__(self) -> str:
        return "<not JSON>"


NOT_JSON = _NotJson()
BIG_PAYLOAD = '{"record": "' + "x" * 8_000_001 + '"}'


# ------------------------------------------------------------------ the check

def check_case(fix: Fixture, number: int, state: str, kind: Any, payload: Any, before: tuple[Any, ...]) -> None:
    session = fix.sessions[state]
    webapi.SESSION = session
    shown = repr(payload)[:300]
    where = f"case {number} in session '{state}': {kind!r} {shown}"
    if number % 4 == 0:
        try:
            webapi.handle(kind, payload)
        except Exception as exc:  # noqa: BLE001 - the point: every exception must carry a code
            assert error_code(exc) != "internal", f"{where}: {type(exc).__name__}: {exc}"
        else:
            pytest.fail(f"{where}: accepted")
    answer = webapi.call(kind, payload)
    assert isinstance(answer, str) and answer[:1] == "0", f"{where}: accepted: {answer[:300]}"
    try:
        answer.encode("utf-8")  # crosses to JavaScript: no lone surrogates
    except UnicodeEncodeError:
        pytest.fail(f"{where}: the answer is not valid text: {answer.encode('utf-8', 'backslashreplace')[:300]!r}")
    error = json.loads(answer[1:])
    # a refused name also says whose and why ({seat, reason, max}), for the page to word
    assert set(error) == ({"name", "code", "message", "details"} if error.get("code") == "bad_name"
                          else {"name", "code", "message"}), f"{where}: {error}"
    assert error["code"] in CODES and error["code"] != "internal", f"{where}: {error}"
    assert isinstance(error["name"], str) and error["name"].isidentifier(), f"{where}: {error}"
    assert isinstance(error["message"], str) and len(error["message"]) > 8, f"{where}: {error}"
    assert fingerprint(session) == before, f"{where}: the session changed"


def run_fuzz(fix: Fixture, cases: int, seed: int) -> dict[str, int]:
    gen = Generator(seed, fix.records)
    before = {name: fingerprint(s) for name, s in fix.sessions.items()}
    states = sorted(fix.sessions)
    counts: dict[str, int] = {}
    saved = webapi.SESSION
    try:
        for number in range(cases):
            state = states[number % len(states)]
            kind, payload = gen.case(state)
            check_case(fix, number, state, kind, payload, before[state])
            label = kind if isinstance(kind, str) and kind in HANDLERS else "odd type"
            counts[label] = counts.get(label, 0) + 1
    finally:
        webapi.SESSION = saved
    return counts


def test_ten_thousand_malformed_requests_get_named_errors_and_change_nothing(fixture: Fixture) -> None:
    counts = run_fuzz(fixture, CASES, seed=2026)
    assert sum(counts.values()) == CASES
    assert counts["load"] >= 3000  # records are a third of the cases
    assert all(counts.get(kind, 0) >= 50 for kind in HANDLERS if kind != "ping"), counts
    assert counts["odd type"] >= 300


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_bigger_sweep(fixture: Fixture, seed: int) -> None:
    assert sum(run_fuzz(fixture, SLOW_CASES, seed).values()) == SLOW_CASES


def test_the_sessions_cover_every_moment(fixture: Fixture) -> None:
    """The fuzzing runs against each kind of moment, and each would accept a good request
    (so the refusals come from the spoiling, not from a session that refuses everything)."""
    s = fixture.sessions
    assert s["none"].game is None
    assert s["chance"].game is not None and s["chance"].game.is_chance()
    assert s["human"].game is not None and not s["human"].game.is_chance()
    assert s["computer"].game is not None and s["computer"].game.current_player() == 1
    assert s["over"].game is not None and s["over"].game.is_over()
    for record in fixture.records:
        trial = WebSession()
        assert trial.handle("load", {"record": record})["view"]["step"] == len(record["steps"])
    trial = session_for(s["computer"].game)
    assert "action" in trial.handle("computer", {})
    assert trial.handle("new_game", {"players": SEATS[:2]})["view"]["step"] == 1


def test_the_generator_spoils_every_field(fixture: Fixture) -> None:
    """Sanity of the generator itself: its bad records differ from the good ones in every
    field over a run, and its values are never the ones a field accepts."""
    gen = Generator(7, fixture.records)
    changed: set[str] = set()
    for _ in range(3000):
        rec = gen.bad_record()
        if isinstance(rec, dict):
            base = fixture.records[0]
            changed |= {k for k in set(base) | set(rec) if rec.get(k, KeyError) != base.get(k, KeyError)}
    assert {"format", "version", "game", "map", "players", "options", "seed", "steps"} <= changed
    for field, ok in RECORD_FIELDS:
        for _ in range(200):
            value = gen.wrong_value(ok)
            assert not ok(value), (field, value)
            json.dumps(value)  # JSON can carry it (NaN and infinities as the page's JSON.parse would refuse)
    assert math.isnan(float("nan"))


def iter_cases(seed: int, records: list[dict[str, Any]], n: int) -> Iterator[tuple[Any, Any]]:
    gen = Generator(seed, records)
    for i in range(n):
        yield gen.case(["none", "chance", "human", "computer", "over"][i % 5])


def test_the_cases_are_reproducible(fixture: Fixture) -> None:
    first = [repr(c)[:200] for c in iter_cases(11, fixture.records, 300)]
    assert first == [repr(c)[:200] for c in iter_cases(11, fixture.records, 300)]
    assert len(set(first)) > 200
