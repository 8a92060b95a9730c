"""The engine's review of a finished game (cambria/ai/review.py, the worker's ``review_run``):
a mistake planted at a known decision is among the three flagged, Hard against itself makes no
blunder, the same record gives the same review in one go and in slices, items that are not the
record's are refused, and every field has the shape docs say."""

from __future__ import annotations

import copy
import json

import pytest

import cambria.ai.review as review_module
from cambria.ai.review import ITEM_FIELDS, VERDICTS, ReviewError, replayed, review, review_run, verdict_of
from cambria.core.errors import RecordError
from cambria.webapi import call
from reviewgames import play_record

LEVELS = {"cambria": ["hard", "normal", "normal"], "hibernia": ["hard", "normal", "hard", "normal"]}


def small_record(board: str = "cambria", seed: int = 5) -> dict:
    """A finished two-player game of Normals: quick to play and to review (about 40 decisions)."""
    record, _ = play_record(board, ["normal", "normal"], seed)
    return record


def fresh_review(record: dict) -> dict:
    """The review computed again from nothing (no replay kept from an earlier call)."""
    review_module._CACHE.clear()
    return review(copy.deepcopy(record))


@pytest.fixture(scope="module")
def small() -> tuple[dict, dict]:
    record = small_record()
    return record, fresh_review(record)


def check_planted(board: str, seed: int) -> None:
    """One of the Hard seats plays the worst move at one of its first real choices, while the
    chances are still open (Hard's other moves give little away, so the planted one must stand
    out; a Normal seat's own blunders could hide it; a player far behind has little to lose)."""
    hard = [i for i, level in enumerate(LEVELS[board]) if level == "hard"]
    seat, k = hard[seed % len(hard)], 1 + seed % 3
    record, step = play_record(board, LEVELS[board], seed, plant=(seat, k))
    assert step is not None
    result = fresh_review(record)
    item = next(d for d in result["decisions"] if d["step"] == step)
    assert item["player"] == seat and item["played"] == record["steps"][step]
    assert item["loss"] > 0 and item["best"] != item["played"]
    assert item["index"] in result["mistakes"][str(seat)], (
        f"{board} seed {seed}: the planted move (loss {item['loss']}) is not among the flagged "
        f"{[result['decisions'][i]['loss'] for i in result['mistakes'][str(seat)]]}")


@pytest.mark.parametrize("board,seed", [("cambria", 1), ("hibernia", 2)])
def test_a_planted_worst_move_is_among_the_three_flagged(board, seed):
    check_planted(board, seed)


@pytest.mark.slow
@pytest.mark.parametrize("board,seed", [("cambria", s) for s in range(2, 8)] + [("hibernia", s) for s in (1, 3, 4, 5, 6)])
def test_planted_worst_moves_over_more_seeds(board, seed):
    check_planted(board, seed)


@pytest.mark.parametrize("board,seed", [("cambria", 1), ("hibernia", 1)])
def test_hard_against_itself_has_no_blunder(board, seed):
    record, _ = play_record(board, ["hard"] * len(LEVELS[board]), seed)
    result = fresh_review(record)
    blunders = [d for d in result["decisions"] if d["verdict"] == "blunder"]
    assert not blunders, blunders
    assert all(s["blunder"] == 0 for s in result["summary"])


@pytest.mark.slow
@pytest.mark.parametrize("board,seed", [(b, s) for b in ("cambria", "hibernia") for s in range(2, 6)])
def test_hard_against_itself_has_no_blunder_over_more_seeds(board, seed):
    test_hard_against_itself_has_no_blunder(board, seed)


def test_the_review_has_the_documented_shape(small):
    record, result = small
    rp = replayed(record)
    n = len(record["players"])
    assert set(result) == {"version", "game", "total", "decisions", "chart", "players", "mistakes", "summary"}
    assert result["version"] == 1 and result["game"] == "cambria"
    assert result["total"] == len(result["decisions"]) == len(rp.decisions) > 10
    for i, item in enumerate(result["decisions"]):
        assert tuple(item) == ITEM_FIELDS and item["index"] == i
        assert record["steps"][item["step"]] == item["played"]
        assert 0 <= item["loss"] <= 100 and round(item["loss"], 1) == item["loss"]
        assert item["verdict"] == verdict_of(item["loss"])
        assert len(item["chances"]) == n and sum(item["chances"]) == 100
        assert (item["why"] == []) == (item["verdict"] == "good")
        assert set(item["marks"]) == {"played", "better"} and "roads" in item["marks"]["played"]
        if item["best"] == item["played"]:
            assert item["loss"] == 0 and item["marks"]["better"] == item["marks"]["played"]
    points = result["chart"]["points"]
    assert len(points) == result["total"] + 1 and points[0]["step"] == 0
    assert [p["step"] for p in points[1:]] == [d["step"] + 1 for d in result["decisions"]]
    assert points[-1]["chances"] == [100 if w in record["result"]["winners"] else 0 for w in range(n)] or \
        len(record["result"]["winners"]) > 1
    assert [p["index"] for p in result["players"]] == list(range(n))
    assert {"name", "colour", "shape"} <= set(result["players"][0])
    for p in range(n):
        own = [d for d in result["decisions"] if d["player"] == p]
        lost = sorted((d for d in own if d["loss"] > 0), key=lambda d: (-d["loss"], d["index"]))
        assert result["mistakes"][str(p)] == [d["index"] for d in lost[:3]]
        summary = result["summary"][p]
        assert summary["player"] == p and sum(summary[v] for v, _ in VERDICTS) == len(own)
    json.dumps(result)  # plain JSON


def test_the_same_record_gives_the_same_review_in_one_go_and_in_slices(small):
    record, whole = small
    assert fresh_review(record) == whole
    review_module._CACHE.clear()
    items: list = []
    slices = 0
    while True:  # a budget of 0 ms: one decision per slice, every item passed back as JSON
        out = review_run(json.loads(json.dumps(record)), json.loads(json.dumps(items)), 0)
        slices += 1
        assert out["total"] == whole["total"] and len(out["items"]) == min(slices, whole["total"])
        items = out["items"]
        if out["done"]:
            break
        assert out["result"] is None
    assert slices == whole["total"]
    assert out["result"] == whole
    assert json.dumps(out["result"]) == json.dumps(whole)


def test_the_worker_answers_slices_and_leaves_the_live_game_alone(small):
    record, whole = small
    assert call("new_game", json.dumps({"players": [{"name": "A"}, {"name": "B"}], "seed": 3}))[0] == "1"
    view = json.loads(call("view", "{}")[1:])
    first = json.loads(call("review_run", json.dumps({"record": record, "budget_ms": 0}))[1:])
    assert len(first["items"]) == 1 and not first["done"] and first["total"] == whole["total"]
    rest = json.loads(call("review_run", json.dumps({"record": json.dumps(record), "items": first["items"],
                                                     "budget_ms": 60000}))[1:])
    assert rest["done"] and rest["result"] == whole
    assert json.loads(call("view", "{}")[1:]) == view


def tampered(items: list, index: int, field: str, value) -> list:
    out = copy.deepcopy(items)
    out[index][field] = value
    return out


def test_items_that_are_not_the_records_review_are_refused(small):
    record, whole = small
    items = whole["decisions"][:6]
    good = next(i for i, d in enumerate(items) if d["verdict"] == "good")
    cases = [
        tampered(items, 2, "played", "pass"),
        tampered(items, 2, "step", items[2]["step"] + 1),
        tampered(items, 2, "player", 1 - items[2]["player"]),
        tampered(items, 2, "index", 3),
        tampered(items, 2, "turn", items[2]["turn"] + 5),
        tampered(items, 2, "loss", 101),
        tampered(items, 2, "loss", -1),
        tampered(items, 2, "loss", 1.25),
        tampered(items, 2, "loss", True),
        tampered(items, good, "verdict", "blunder"),
        tampered(items, good, "why", [{"key": "hint.why.best", "args": {}}]),
        tampered(items, 2, "chances", [60, 60]),
        tampered(items, 2, "chances", [100]),
        tampered(items, 2, "best", "p999"),
        tampered(items, 2, "best", "nonsense"),
        tampered(items, 2, "marks", {"played": {}}),
        [dict(items[0], extra=1)] + items[1:],
        [items[1]] + items[1:],
        items[:2] + ["item"],
        whole["decisions"] + [whole["decisions"][0]],
        "not a list",
    ]
    for bad in cases:
        with pytest.raises(ReviewError):
            review_run(record, bad, 0)
        answer = call("review_run", json.dumps({"record": record, "items": bad, "budget_ms": 0}))
        assert answer[0] == "0" and json.loads(answer[1:])["code"] == "bad_review", bad
    # the same items of the right record are taken
    assert review_run(record, items, 0)["items"][:6] == items


def test_items_whose_chances_why_or_marks_are_not_the_engines_are_refused(small):
    """What follows from an item's best move is worked out again: a hand-edited item, or one of
    another version of the engine (another calibration: other chances), is refused, not mixed
    into the review; a best move another engine chose is taken with what follows from it."""
    record, whole = small
    items = whole["decisions"][:8]
    bad = next(i for i, d in enumerate(items) if d["verdict"] != "good")
    rp = replayed(record)
    d = rp.decisions[2]
    chances = items[2]["chances"]
    shifted = [chances[0] + 1, chances[1] - 1] if chances[1] else [chances[0] - 1, chances[1] + 1]
    rules = rp.game.rules

    def implied(best: str) -> dict:  # the chances, why and marks that follow from this best move
        return review_module._implied(rules, d, rules.text_to_action(d.played), rules.text_to_action(best),
                                      items[2]["verdict"] != "good")

    others = [rules.action_to_text(a) for a in rules.legal_actions(d.state)]
    other = next(t for t in others if t != d.played and implied(t)["marks"] != items[2]["marks"])
    roads = items[2]["marks"]["played"]["roads"]
    cases = [
        tampered(items, 2, "chances", shifted),
        tampered(items, bad, "why", [{"key": "hint.why.best", "args": {"x": 1}}]),
        tampered(items, 2, "marks", dict(items[2]["marks"], played=dict(items[2]["marks"]["played"],
                                                                       roads=roads + [max(roads, default=0) + 1]))),
        tampered(items, 2, "best", other),                              # the marks are the old best's
        items[:bad] + [dict(items[bad], best=items[bad]["played"])],    # the best, yet a loss
    ]
    for case in cases:
        with pytest.raises(ReviewError):
            review_run(record, case, 0)
    # another best move, with the marks that follow from it, is taken (the loss needs the search)
    review_module._CACHE.clear()
    moved = copy.deepcopy(items[:3])
    moved[2]["best"] = other
    moved[2].update(implied(other))
    assert review_run(record, moved, 0)["items"][2] == moved[2]


def test_a_bad_record_is_refused_with_bad_record(small):
    record, _ = small
    unfinished = dict(record, steps=record["steps"][:40])
    unfinished.pop("result")
    broken = dict(record, steps=record["steps"][:5] + ["p99"] + record["steps"][6:])
    for bad in (unfinished, broken, {"format": "cambria-record"}, "{not json"):
        answer = call("review_run", json.dumps({"record": bad}))
        assert answer[0] == "0" and json.loads(answer[1:])["code"] == "bad_record", bad
    with pytest.raises(RecordError, match="not finished"):
        replayed(unfinished)
    for payload in ({}, {"record": record, "budget_ms": -1}, {"record": record, "budget_ms": "fast"},
                    {"record": record, "what": 1}):
        answer = call("review_run", json.dumps(payload))
        assert answer[0] == "0" and json.loads(answer[1:])["code"] == "bad_request", payload


def test_verdict_thresholds_are_increasing_and_end_with_blunder():
    bounds = [b for _, b in VERDICTS]
    assert [v for v, _ in VERDICTS] == ["good", "inaccuracy", "mistake", "blunder"]
    assert bounds == sorted(bounds) and bounds[-1] == float("inf")


def test_a_kept_action_is_searched_as_deep_as_the_best_and_changes_no_choice():
    """``Expectimax.search(keep=...)``: the move played is valued at the depth the best is, with
    the value a search of every candidate gives it; the levels never pass it."""
    from cambria.ai.search import Budget, Expectimax
    from test_ai import DiceRace

    game = DiceRace(players=3)
    s = game.apply(game.initial(), 4)
    full = Expectimax(game, max_depth=3, root_width=3, beam=3).search(s, Budget(100_000))
    worst = full.scores[-1][0]
    narrow = Expectimax(game, max_depth=3, root_width=1, beam=3)
    alone = narrow.search(s, Budget(100_000))
    kept = narrow.search(s, Budget(100_000), keep=[worst])
    assert worst not in [a for a, _ in alone.scores] and kept.depth == alone.depth == 3
    assert dict(kept.scores)[worst] == dict(full.scores)[worst] and kept.action == alone.action
    deep = Expectimax(game, max_depth=3, root_width=3, beam=3, deep_width=1).search(s, Budget(100_000), keep=[worst])
    assert dict(deep.scores)[worst] == dict(full.scores)[worst]


def expected_paths(board: str, state, action) -> list[str]:
    """From where to where a move takes a piece, read from the action itself (not its effects)."""
    if board == "hibernia":
        if action.is_muster:
            return []
        index = state.board.index
        t, p = index[action.target], state.current
        # as many from the supply as own counties border the target (what the supply has)
        supply = min((state.board.adjacent[t] & state.masks[p]).bit_count(), state.supply[p])
        return [f"supply:{p}>county:{t}"] * (supply > 0) + [
            f"county:{index[cid]}>county:{t}" for cid, _ in action.sources]
    out = []
    if action.kind in ("place", "neutral") and action.from_road is not None:
        out.append(f"road:{action.from_road}>road:{action.road}")
    elif action.kind == "place" and action.from_boat is not None:
        out.append(f"boat:{action.from_boat}>road:{action.road}")
    elif action.kind == "legion":
        out.append(f"road:{state.legion}>road:{action.road}" if state.legion >= 0 else f"eagle:0>road:{action.road}")
        if action.boat is not None and action.boat_from_road is not None:
            out.append(f"road:{action.boat_from_road}>boat:{action.boat}")
        elif action.boat is not None and action.boat_from_boat is not None:
            out.append(f"boat:{action.boat_from_boat}>boat:{action.boat}")
    return out


@pytest.mark.parametrize("board", ["cambria", "hibernia"])
def test_the_marks_say_from_where_to_where_each_move_goes(board):
    """The review draws the better move as an arrow: its marks list each piece's path, start and
    end as the action names them, for every legal action at every decision of a whole game."""
    # Cambria with two players: its neutral warrior moves too
    record, _ = play_record(board, ["normal"] * (2 if board == "cambria" else 3), 3)
    rp = replayed(record)
    rules = rp.game.rules
    moved = 0
    for d in rp.decisions:
        for action in rules.legal_actions(d.state):
            marks = review_module._touched(rules, d.state, action)[1]
            assert marks["moves"] == expected_paths(board, d.state, action), (d.step, str(action))
            moved += bool(marks["moves"])
    assert moved > 20  # not only placements from the supply


def test_every_items_marks_carry_the_paths_of_its_moves(small):
    record, result = small
    rp = replayed(record)
    for item, d in zip(result["decisions"], rp.decisions, strict=True):
        for key, text in (("played", item["played"]), ("better", item["best"])):
            action = rp.game.rules.text_to_action(text)
            assert item["marks"][key]["moves"] == expected_paths("cambria", d.state, action)
