"""The review of a finished game on the page (issue 29): the end screen's and Saved games'
"Review" run the engine's review through the worker (`review_run`, a slice per request) with a
progress bar, Cancel and Resume; the result is saved with the game and shown again without asking
the worker; the chart has a line per player and its table holds REVIEW's numbers; the summary and
the three biggest mistakes follow the player picked.  On a phone and a laptop, in two languages.

The game: a short seeded two-player Cambria game played by the Easy computer, opened through
"Open a saved game" before its last decision, which the page's computer plays: the end screen
shows (the other seat is a person's).  What the page shows is checked against the review the
engine makes of the page's own record in Python, uninterrupted (cambria.ai.review.review): the
same record gives the same review everywhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import positions
from axecore import audit, describe
from cambria.ai.review import review
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
LAPTOP = dict(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
# every review_run the page sends, by the number of items it sends back (0: from the start)
COUNT_ASKS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__reviewAsks = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'review_run') window.__reviewAsks.push((message.payload.items || []).length);
    return post.call(this, message, ...rest);
  };
})();"""
DIALOG = "[data-testid=review]"
STORED = """() => Object.entries(localStorage).filter(([k]) => k.startsWith('cambria:v1:game:'))
  .map(([, v]) => JSON.parse(v)).find((e) => e.summary && e.summary.over) || null"""


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def last_move_to_play(seed: int = 3) -> dict:
    """A seeded two-player Easy game before its last decision: the computer's, the other seat a person's."""
    def seats(decider: int) -> list[dict]:
        return [{"colour": c, "kind": "computer:easy" if i == decider else "human"} for i, c in enumerate(("red", "blue"))]

    return positions.before_the_last_decision("cambria", "cambria", ["Ann", "Bob"], seed, seats)


CUT = last_move_to_play()


def page_in(open_page, locale: str, size: dict):
    s = open_page(locale=locale, guide=False, init=COUNT_ASKS, **size)  # the guide has its own tests
    s.wait_interactive()
    return s


def reload(s) -> None:
    s.page.reload()
    s.wait_interactive()


def asks(page) -> list[int]:
    return page.evaluate("window.__reviewAsks")


def finish(page, tmp_path) -> tuple[dict, dict]:
    """Open the game, let the computer play its last move: the saved record and its review in Python."""
    path = tmp_path / "last-move.json"
    path.write_text(json.dumps(CUT))
    page.set_input_files("#open-file", str(path))
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen after the computer's last move")
    until(page, f"() => ({STORED})() !== null", "the finished game in Saved games")
    record = page.evaluate(STORED)["record"]
    return record, review(record)  # the engine's review in one go, in Python


def review_from_saved_games(page) -> None:
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("library").wait_for()
    page.locator('.saved-game[data-over="true"]').get_by_test_id("saved-review").click()
    page.locator(DIALOG).wait_for()


def wait_state(page, state: str, reason: str) -> None:
    until(page, "(s) => { const d = document.querySelector('[data-testid=review]'); "
          "return d && !d.hidden && d.dataset.state === s && d.dataset.asking === 'false'; }", reason, arg=state,
          timeout=240_000)


def check_result(page, words: dict, lang: str, expected: dict, person: int) -> None:
    """The chart, its table, the summary and the mistakes against the engine's review."""
    other = 1 - person
    players = expected["players"]
    points = expected["chart"]["points"]
    dialog = page.locator(DIALOG)
    chart = dialog.get_by_test_id("review-chart")
    assert chart.get_attribute("aria-hidden") == "true"
    assert chart.locator(".review-line").count() == len(players)
    for p in players:  # each line in the player's colour, with the player's shape as its markers
        line = chart.locator(f'.review-line[data-seat="{p["index"]}"]')
        assert f"col-{p['colour']}" in line.get_attribute("class")
        assert line.locator(f'use[href$="-shape-{p["shape"]}"]').count() >= 2
        assert len(line.locator(".review-stroke").get_attribute("points").split()) == len(points)
    table = page.evaluate("""() => [...document.querySelectorAll('[data-testid=review-table] tbody tr')]
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)))""")
    assert table == [p["chances"] for p in points]
    heads = dialog.locator("[data-testid=review-table] thead th").all_inner_texts()
    assert heads[1:] == [p["name"] for p in players]
    # the person is picked first: her summary and her three biggest mistakes
    assert dialog.get_by_test_id("review-player").input_value() == str(person)
    counts = next(s for s in expected["summary"] if s["player"] == person)
    summary = dialog.get_by_test_id("review-summary").inner_text()
    assert str(counts["good"]) in summary
    for verdict in ("inaccuracy", "mistake", "blunder"):
        n = counts[verdict]
        if n:
            assert str(n) in summary
    form = "one" if counts["good"] == 1 else "other"
    good = words["review.good"]
    if lang != "ru":
        assert good[form].replace("{count}", str(counts["good"])) in summary
    mistakes = dialog.get_by_test_id("review-mistake")
    assert [int(i) for i in mistakes.evaluate_all("(l) => l.map((x) => x.dataset.index)")] == expected["mistakes"][str(person)]
    for k, index in enumerate(expected["mistakes"][str(person)]):
        item = expected["decisions"][index]
        text = mistakes.nth(k).inner_text()
        assert re.search(rf"\b{item['turn'] + 1}\b", text)  # the turn it was made in, from 1
        assert dialog.get_by_test_id("review-why").nth(k).inner_text().strip()
    # every decision of hers, in order, with the points it lost (the engine's figures)
    dialog.get_by_test_id("review-every").locator("summary").click()
    rows = page.evaluate("""() => [...document.querySelectorAll('[data-testid=review-every] tbody tr')]
      .map((tr) => Number(tr.dataset.index))""")
    assert rows == [d["index"] for d in expected["decisions"] if d["player"] == person]
    lost = dialog.locator("[data-testid=review-every] tbody tr td:last-child").all_inner_texts()
    assert [float(x.replace(",", ".")) for x in lost] == [d["loss"] for d in expected["decisions"] if d["player"] == person]
    # the other player: the picker changes the summary and the list
    dialog.get_by_test_id("review-player").select_option(str(other))
    assert [int(i) for i in dialog.get_by_test_id("review-mistake").evaluate_all("(l) => l.map((x) => x.dataset.index)")] \
        == expected["mistakes"][str(other)]
    dialog.get_by_test_id("review-player").select_option(str(person))
    # the table as a table on the screen too
    dialog.get_by_test_id("review-table-toggle").click()
    assert dialog.get_by_test_id("review-table").is_visible()
    assert dialog.get_by_test_id("review-table-toggle").get_attribute("aria-expanded") == "true"
    # nothing in the card is wider than the screen
    wide = page.evaluate("""() => { const card = document.querySelector('.review-card').getBoundingClientRect();
      return [...document.querySelectorAll('.review-card *')].filter((n) => n.offsetParent && n.getBoundingClientRect().right > card.right + 1)
        .map((n) => n.className.baseVal ?? n.className).slice(0, 5); }""")
    assert wide == []


@pytest.mark.parametrize("size,locale,lang", [pytest.param(PHONE, "de-DE", "de", marks=pytest.mark.slow), (LAPTOP, "en-GB", "en")],
                         ids=["phone-de", "laptop-en"])  # (the phone with -m slow: the review on a phone in German stays in test_review_reading.py)
def test_a_finished_game_is_reviewed_cancelled_resumed_saved_and_shown_again(open_page, tmp_path, size, locale, lang):
    words = catalog(lang)
    s = page_in(open_page, locale, size)
    page = s.page
    record, expected = finish(page, tmp_path)
    person = next(i for i, p in enumerate(record["players"]) if p["kind"] == "human")

    # from the end screen: the review starts; Cancel after the first slice keeps what it has
    page.get_by_test_id("end-review").click()
    page.locator(DIALOG).wait_for()
    bar = page.get_by_test_id("review-progress")
    until(page, "() => Number(document.querySelector('[data-testid=review-progress]').getAttribute('aria-valuenow')) >= 1",
          "the first decisions reviewed", timeout=120_000)
    page.get_by_test_id("review-cancel").click()
    wait_state(page, "stopped", "the review stopped")
    k = int(bar.get_attribute("aria-valuenow"))
    total = expected["total"]
    assert 0 < k < total and int(bar.get_attribute("aria-valuemax")) == total
    assert page.get_by_test_id("review-count").inner_text() == words["review.progress"].format(k=k, n=total)
    stored = page.evaluate(STORED)["review"]
    assert len(stored["items"]) == k and stored["total"] == total
    assert stored["items"] == expected["decisions"][:k]  # (== takes 3 and 3.0 as one number, as JSON does)
    assert page.get_by_test_id("review-resume").is_visible()

    # after a reload, from Saved games: it stands where it stopped; Resume sends what was kept
    reload(s)
    review_from_saved_games(page)
    wait_state(page, "stopped", "the saved part of the review")
    assert asks(page) == []
    assert page.get_by_test_id("review-progress").get_attribute("aria-valuenow") == str(k)
    assert words["review.stopped"].format(k=k, n=total) == page.get_by_test_id("review-message").inner_text()
    page.get_by_test_id("review-resume").click()
    wait_state(page, "done", "the whole review")
    sent = asks(page)
    assert sent[0] == k and sent == sorted(sent), sent
    result = page.evaluate(STORED)["review"]["result"]
    assert result == expected  # equal to an uninterrupted review
    check_result(page, words, lang, expected, person)
    found = audit(page, DIALOG)  # axe-core: nothing serious in the dialog
    assert found == [], describe(found)

    # shown again after a reload without asking the worker
    reload(s)
    review_from_saved_games(page)
    wait_state(page, "done", "the saved review")
    assert page.get_by_test_id("review-chart").locator(".review-line").count() == len(expected["players"])
    assert asks(page) == []
    if size is LAPTOP:
        # a mistake's button opens the board at that moment (the replay there)
        item = expected["decisions"][expected["mistakes"][str(person)][0]]
        page.get_by_test_id("review-moment").first.click()
        until(page, "(at) => { const s = window.__cambria.state(); return s.mode === 'replay' && s.replay.at === at; }",
              "the replay at the mistake's moment", arg=item["step"])
        assert page.locator(DIALOG).is_hidden()
        until(page, "() => Boolean(document.activeElement && document.activeElement.closest('[data-testid=replay-bar]'))",
              "the focus in the replay bar")
    s.assert_clean()


# a hand edit of the saved review: its items replaced by `items`
EDIT = """(items) => {
  const [key, text] = Object.entries(localStorage).find(([k, v]) => k.startsWith('cambria:v1:game:') && JSON.parse(v).summary.over);
  const entry = JSON.parse(text);
  entry.review = { items, total: items.length };
  localStorage.setItem(key, JSON.stringify(entry));
}"""


def test_a_damaged_saved_review_is_dropped_with_a_notice_and_the_game_kept(open_page, tmp_path):
    words = catalog("en")
    s = page_in(open_page, "en-GB", LAPTOP)
    page = s.page
    record, expected = finish(page, tmp_path)
    first = expected["decisions"][0]

    # well formed but not this game's (another move played): the engine refuses it (bad_review),
    # the review starts again from the first decision and says so
    page.evaluate(EDIT, [{**first, "played": first["best"] if first["best"] != first["played"] else "x"}])
    reload(s)
    review_from_saved_games(page)
    wait_state(page, "stopped", "the saved part of the review")
    page.get_by_test_id("review-resume").click()
    until(page, "() => window.__reviewAsks.length >= 2", "the review asked again from the start")
    assert asks(page)[:2] == [1, 0]
    until(page, "(t) => document.querySelector('[data-testid=review-message]').textContent === t", "the notice",
          arg=words["review.badItems"])
    page.get_by_test_id("review-cancel").click()
    wait_state(page, "stopped", "the review stopped")
    assert page.evaluate(STORED)["review"]["items"][0]["played"] == first["played"]
    page.get_by_test_id("review-close").click()
    # opened from Saved games (closed by then): the focus comes back to the menu button
    until(page, "() => document.activeElement && document.activeElement.dataset.testid === 'menu-button'",
          "the focus back on the menu button")

    # a verdict the engine never gives: dropped when read, with a notice
    page.evaluate(EDIT, [{**first, "verdict": "splendid"}])
    reload(s)
    review_from_saved_games(page)
    until(page, "() => !document.querySelector('[data-testid=review-message]').hidden", "the notice")
    assert page.get_by_test_id("review-message").inner_text() == words["review.dropped"]
    until(page, "() => window.__reviewAsks.length >= 1", "the review run again")
    assert asks(page)[0] == 0  # from the start: nothing of the damaged one is sent
    page.get_by_test_id("review-cancel").click()
    wait_state(page, "stopped", "the review stopped")
    entry = page.evaluate(STORED)
    assert entry["record"]["steps"] == record["steps"]  # the game itself is kept
    assert all(item["verdict"] != "splendid" for item in entry["review"]["items"])
    page.get_by_test_id("review-close").click()
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    assert page.locator('.saved-game[data-over="true"]').count() == 1
    s.assert_clean()
