"""Leaving a replay returns where the player came from (issue 36, item 8.5): "End replay" from a
mistake's moment opened in the review brings the review back as it was (the player picked, the
focus on that mistake's button), and closing it then shows the end screen it was opened over;
"End replay" from the end screen's Replay brings the end screen back.  Before, both left the
board bare: no review, no end screen.

The game and its review: tests/web/test_review_page.py's (a short game the page's computer
finishes); the review the engine makes of the page's record in Python is stored with the saved
game, as the page stores a finished one, so the dialog shows it without a review in the worker."""

from __future__ import annotations

import pytest

from test_review_page import DIALOG, PHONE, STORED, catalog, finish, page_in
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

KEEP = """(result) => {
  const [key, text] = Object.entries(localStorage).find(([k, v]) => k.startsWith('cambria:v1:game:') && JSON.parse(v).summary.over);
  localStorage.setItem(key, JSON.stringify({ ...JSON.parse(text), review: { result } }));
}"""
END_SHOWN = "() => { const e = document.querySelector('#end-screen'); return !e.hidden && e.getClientRects().length > 0; }"
FOCUSED = "() => { const a = document.activeElement; return a ? [a.dataset.testid || a.id, a.closest('[data-index]')?.dataset.index ?? null] : null; }"


def replay_left(page) -> None:
    page.get_by_test_id("replay-exit").click()
    until(page, "() => window.__cambria.state().mode === 'over' && !window.__cambria.state().busy", "the replay left")


@pytest.mark.parametrize("locale, lang", [("de-DE", "de")], ids=["phone-de"])
def test_ending_a_replay_returns_to_the_review_or_the_end_screen_it_came_from(open_page, tmp_path, locale, lang):
    words = catalog(lang)
    s = page_in(open_page, locale, PHONE)
    page = s.page
    record, expected = finish(page, tmp_path)
    page.evaluate(KEEP, expected)
    until(page, END_SHOWN, "the end screen")

    # the end screen's Replay, then "Nachspielen beenden": the end screen again
    page.locator("#end-replay").click()
    until(page, "() => window.__cambria.state().mode === 'replay'", "the replay")
    assert page.get_by_test_id("replay-exit").inner_text() == words["replay.close"]
    until(page, "() => document.querySelector('#end-screen').getClientRects().length === 0", "the end screen put away")
    replay_left(page)
    until(page, END_SHOWN, "the end screen back after the replay")

    # the review over the end screen; the other player picked; a mistake of hers shown on the board
    page.locator("#end-review").click()
    until(page, "() => { const d = document.querySelector('[data-testid=review]'); return d && !d.hidden && d.dataset.state === 'done'; }",
          "the saved review shown")
    person = next(i for i, p in enumerate(record["players"]) if p["kind"] == "human")
    other = next(p for p in range(len(record["players"])) if p != person and expected["mistakes"][str(p)])
    page.get_by_test_id("review-player").select_option(str(other))
    index = expected["mistakes"][str(other)][-1]
    item = expected["decisions"][index]
    page.locator(f'[data-testid=review-mistake][data-index="{index}"] [data-testid=review-moment]').click()
    until(page, "(at) => { const s = window.__cambria.state(); return s.mode === 'replay' && s.replay.at === at && !s.busy; }",
          "the replay at the mistake", arg=item["step"])
    assert page.locator(DIALOG).is_hidden()

    # "Nachspielen beenden": the review again as it was, the focus on that mistake's button
    replay_left(page)
    until(page, "() => { const d = document.querySelector('[data-testid=review]'); return d && !d.hidden && d.dataset.state === 'done'; }",
          "the review back after the replay")
    assert page.get_by_test_id("review-player").input_value() == str(other)
    assert page.evaluate(FOCUSED) == ["review-moment", str(index)]
    assert page.locator(f'[data-testid=review-mistake][data-index="{index}"] [data-testid=review-moment]').is_visible()
    # closed: the end screen it was opened over, and its Review button has the focus
    page.get_by_test_id("review-close").click()
    until(page, END_SHOWN, "the end screen after the review")
    until(page, "() => document.activeElement && document.activeElement.id === 'end-review'", "the focus on Review")
    assert page.evaluate(STORED)["review"]["result"] == expected  # nothing was reviewed again
    s.assert_clean()
