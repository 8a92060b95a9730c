"""The review read by a newcomer (issue 36, item 8): the chart's turn numbers, its mistake
markers and its table name each decision by the turn it was made in, counted from 1, the way the
list of mistakes does; the axis counts in even steps (1, 2, 5, 10, ... by the game's length); and
every row of the table says whose decision it judges.

The dialog is driven by a stand-in for the worker (tests/web/test_review_dialog.py's), with
REVIEWs shaped as the engine makes them: a decision's `turn` is the turns played before it and a
point's `turn` the turns played after it, so the two differ by one at a turn's last decision."""

from __future__ import annotations

import pytest

import tapper
from test_i18n_a11y import catalog
from test_review_dialog import ANSWER, MAKE, OPEN, state
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
SMALL_PHONE = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, reduced_motion="reduce")
LAPTOP = dict(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
NAMES = ("Aurelia", "Brennus", "Cy")
COLOURS = (("red", "circle"), ("blue", "square"), ("yellow", "triangle"))


def review(turn_sizes: list[int], players: int = 2, mistake: int | None = None) -> dict:
    """A REVIEW of a game whose turns (one player's each, in seat order) hold `turn_sizes`
    decisions; decision `mistake` is seat 0's blunder, its only one."""
    items, points = [], [{"step": 0, "turn": 0, "chances": [50, 50] if players == 2 else [34, 33, 33]}]
    for played, size in enumerate(turn_sizes):  # `played`: the turns played before this one
        for k in range(size):
            i = len(items)
            chances = [30 + i % 40, 70 - i % 40] if players == 2 else [34, 33, 33]
            bad = i == mistake
            items.append({"index": i, "step": 2 * i + 1, "turn": played, "player": played % players, "played": "a",
                          "best": "b", "loss": 30.5 if bad else 0, "verdict": "blunder" if bad else "good",
                          "chances": chances, "why": [], "marks": {"played": {}, "better": {}}})
            points.append({"step": 2 * i + 2, "turn": played + (k == size - 1), "chances": chances})
    summary = [{"player": s, "good": sum(1 for d in items if d["player"] == s and d["verdict"] == "good"),
                "inaccuracy": 0, "mistake": 0, "blunder": sum(1 for d in items if d["player"] == s and d["verdict"] == "blunder")}
               for s in range(players)]
    return {"version": 1, "game": "cambria", "total": len(items), "decisions": items, "chart": {"points": points},
            "players": [{"index": s, "name": NAMES[s], "colour": COLOURS[s][0], "shape": COLOURS[s][1]} for s in range(players)],
            "mistakes": {str(s): ([mistake] if s == 0 and mistake is not None else []) for s in range(players)},
            "summary": summary}


def record(players: int) -> dict:
    return {"format": "cambria-record", "version": 3, "game": "cambria", "map": "cambria",
            "players": [{"name": NAMES[i], "colour": COLOURS[i][0], "kind": "human" if i == 0 else "computer:easy"}
                        for i in range(players)], "steps": []}


def shown(open_page, size: dict, locale: str, result: dict):
    s = open_page(locale=locale, guide=False, **size)
    s.wait_interactive()
    s.page.evaluate(MAKE)
    s.page.evaluate(OPEN, record(len(result["players"])))
    until(s.page, "() => window.__asks.length === 1", "the review asked")
    s.page.evaluate(ANSWER, [0, {"total": result["total"], "items": result["decisions"], "done": True, "result": result}])
    state(s.page, "done", "the review shown")
    return s


# the chart as drawn: each line's points' x, the turn numbers on the axis, the mistakes' circles
CHART = """() => {
  const svg = document.querySelector('[data-testid=review-chart]');
  const xs = svg.querySelector('.review-stroke').getAttribute('points').split(' ').map((p) => Number(p.split(',')[0]));
  const ticks = [...svg.querySelectorAll('.review-axes text[data-turn]')]
    .map((n) => ({ turn: Number(n.textContent), x: Number(n.getAttribute('x')) }));
  const marks = [...svg.querySelectorAll('circle.review-mistake')]
    .map((c) => ({ index: Number(c.dataset.index), x: Number(c.getAttribute('cx')) }));
  return { xs, ticks, marks };
}"""


@pytest.mark.parametrize("size, locale, lang", [(PHONE, "de-DE", "de"), (SMALL_PHONE, "ru-RU", "ru"), (LAPTOP, "en-GB", "en")],
                         ids=["phone-de", "small-phone-ru", "laptop-en"])
def test_a_mistake_sits_on_its_decision_inside_the_turn_the_list_and_the_table_name(open_page, size, locale, lang):
    # (x: drawn with one decimal) two decisions a turn (Cambria's neutral warrior, then the move); the blunder is the first of
    # seat 0's fifth turn of the game (turns played before it: 4), a point where the engine's
    # turns before (4) and after (4) agree, while the point before it already counts 4 played
    result = review([2] * 6, mistake=8)  # six turns: room for every number on a phone
    s = shown(open_page, size, locale, result)
    page = s.page
    words = catalog(lang)
    chart = page.evaluate(CHART)
    (mark,) = chart["marks"]
    assert mark["index"] == 8 and mark["x"] == pytest.approx(chart["xs"][8 + 1], abs=0.06), chart  # its own point
    ticks = {t["turn"]: t["x"] for t in chart["ticks"]}
    # every turn on the axis stands at its first decision: turn k's are decisions 2k-2 and 2k-1
    for turn, x in ticks.items():
        assert x == pytest.approx(chart["xs"][2 * turn - 1], abs=0.06), (turn, chart)
    assert 5 in ticks and mark["x"] == pytest.approx(ticks[5], abs=0.06), chart
    assert all(x < mark["x"] for turn, x in ticks.items() if turn < 5)
    assert all(x > mark["x"] for turn, x in ticks.items() if turn > 5)
    # the list names the same turn
    head = page.get_by_test_id("review-mistake").inner_text()
    assert words["review.mistakeHead"]["other"].split(":")[0].replace("{turn}", "5") in head, head
    # the table: every row says whose decision it is and in which turn
    rows = page.evaluate("() => [...document.querySelectorAll('[data-testid=review-table] tbody th')].map((n) => n.textContent)")
    assert rows[0] == words["review.tableStart"]
    want = [words["review.tableMove"].format(name=NAMES[d["player"]], turn=d["turn"] + 1) for d in result["decisions"]]
    assert rows[1:] == want
    assert rows[9] == words["review.tableMove"].format(name="Aurelia", turn=5)
    assert rows[11] == words["review.tableMove"].format(name="Brennus", turn=6)
    # every text of the review whole (a list that scrolls is not cut)
    assert page.evaluate(tapper.CUT_WITHIN, ".review-card") == []
    s.assert_clean()


@pytest.mark.parametrize("size, sizes", [
    (PHONE, [2] * 70),                           # 70 turns on a phone
    (LAPTOP, [2] * 70),                          # the same on a laptop: more room, a smaller step
    (PHONE, [1, 3, 2, 1, 1, 2, 3, 1] * 4),       # turns of one to three decisions (Hibernia's)
    (LAPTOP, [2, 2, 1]),                         # a short game: every turn
], ids=["phone-70", "laptop-70", "phone-uneven", "laptop-short"])
def test_the_turn_axis_counts_in_even_steps_chosen_by_the_games_length(open_page, size, sizes):
    result = review(sizes, mistake=0)
    s = shown(open_page, size, "en-GB", result)
    chart = s.page.evaluate(CHART)
    turns = [t["turn"] for t in chart["ticks"]]
    last = len(sizes)
    assert len(turns) >= 2, chart
    step = turns[1] - turns[0]
    assert step in (1, 2, 5, 10, 20, 50), turns
    # even: every multiple of the step up to the last turn, in order, and no other number
    assert turns == list(range(step, last + 1, step)), turns
    xs = [t["x"] for t in chart["ticks"]]
    assert all(b - a >= 34 for a, b in zip(xs, xs[1:], strict=False)), chart  # the numbers never run together
    # and the step is the least that leaves them apart: the one below it would not
    smaller = {2: 1, 5: 2, 10: 5, 20: 10, 50: 20}.get(step)
    if smaller:
        first = {}
        for i, d in enumerate(result["decisions"]):
            first.setdefault(d["turn"] + 1, chart["xs"][i + 1])
        at = [first[k] for k in range(smaller, last + 1, smaller)]
        assert any(b - a < 34 for a, b in zip(at, at[1:], strict=False)), (step, chart)
    s.assert_clean()
