"""Who is ahead: every VIEW carries ``chances``, each regular player's win chance in whole
percents (cambria.ai.winchance), in the live game and in the replay (``view_at``) alike."""

from __future__ import annotations

import json

import pytest

from cambria import webapi
from cambria.ai.winchance import chances, percents
from cambria.core.record import load_record


def call(kind, payload=None):
    return json.loads(webapi.handle(kind, json.dumps(payload or {})))


GAMES = [
    ("cambria", "cambria", 3, 11),
    ("hibernia", "hibernia", 4, 5),
]


@pytest.fixture(autouse=True)
def fresh():
    webapi._reset()
    yield
    webapi._reset()


def regular(view) -> int:
    return sum(1 for p in view["players"] if not p["neutral"])


def check_chances(view) -> None:
    got = view["chances"]
    assert isinstance(got, list) and len(got) == regular(view), view["chances"]
    assert all(isinstance(c, int) and 0 <= c <= 100 for c in got)
    assert sum(got) == 100


@pytest.mark.parametrize("game, map_id, n, seed", GAMES)
def test_every_view_has_the_chances_and_the_replay_gives_the_same(game, map_id, n, seed):
    seats = [{"name": f"P{i}", "kind": "computer:easy"} for i in range(n)]
    view = call("new_game", {"game": game, "map": map_id, "players": seats, "seed": seed})["view"]
    live = {view["step"]: view["chances"]}
    check_chances(view)
    moves = 0
    while not view["over"]:
        view = call("computer", {"step": view["step"], "time_budget": 0.05})["view"]
        check_chances(view)
        live[view["step"]] = view["chances"]
        moves += 1
        assert moves < 3000
    # the end: the winner has it all
    winner = view["result"]["winner"]
    assert view["chances"][winner] == 100 and view["result"]["winners"] == [winner]
    # the same as the engine's own function on the game rebuilt from its record
    past = load_record(call("record"))
    assert view["chances"] == percents(chances(past.rules, past.state, ["easy"] * n))
    # a replay step shows what the live game showed at that step (and the live game is untouched)
    total = view["step"]
    steps = sorted(live)
    sample = steps[:: max(1, len(steps) // 25)] + [steps[-1]]
    varied = set()
    for upto in sample:
        res = call("view_at", {"upto": upto})
        check_chances(res["view"])
        assert res["view"]["chances"] == live[upto], upto
        varied.add(tuple(res["view"]["chances"]))
    assert len(varied) > 2, "the chances never moved: not an estimate"
    assert call("view")["step"] == total and call("view")["chances"] == live[total]


def test_a_shared_start_is_even_and_a_view_stays_cheap():
    """At the first step nobody is ahead by much; and the one evaluation a view adds is small."""
    import time

    view = call("new_game", {"map": "cambria", "players": [{"name": n} for n in ("Ann", "Bob")], "seed": 3})["view"]
    check_chances(view)
    assert max(view["chances"]) - min(view["chances"]) <= 20
    game = webapi.SESSION.game
    started = time.perf_counter()
    for _ in range(20):
        chances(game.rules, game.state)
    per = (time.perf_counter() - started) / 20
    assert per < 0.02, f"one win-chance evaluation took {per * 1000:.1f} ms"


def test_the_view_weighs_who_is_playing():
    """The page's chance knows each computer seat's level (a person's seat counts as
    ``winchance.PERSON``): at the start a Hard seat is shown more than an Easy one in the same
    game, and the view gives what the engine's function gives for those levels."""
    seats = [{"name": "Hal", "kind": "computer:hard"}, {"name": "Ann", "kind": "human"},
             {"name": "Eve", "kind": "computer:easy"}]
    view = call("new_game", {"game": "cambria", "map": "cambria", "players": seats, "seed": 7})["view"]
    while view["chance"]:   # the start player's draw
        view = call("roll", {"step": view["step"]})["view"]
    game = webapi.SESSION.game
    assert view["chances"] == percents(chances(game.rules, game.state, ["hard", None, "easy"]))
    assert view["chances"] != percents(chances(game.rules, game.state))
    assert view["chances"][0] > view["chances"][2], view["chances"]
