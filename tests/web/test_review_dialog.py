"""The review dialog itself (web/reviewdialog.js, web/reviewchart.js) driven by a stand-in for the
worker: each `review_run` it sends waits in the page until the test answers it, so the dialog's
states (running, stopped, done) come exactly when the test wants them, with no engine and no
waiting on a real review (tests/web/test_review_page.py reviews a real game end to end).

- the chart and its table with 2, 3 and 5 players and with no, one or a dozen decisions: a line
  per player, a row per point, a column per player, the mistakes' numbered circles inside the
  drawing (near 100 % too), nothing wider than the card;
- the keyboard: the focus is never lost when what had it goes away (Resume hidden while the review
  runs, the progress replaced by the result), nor when the result is drawn again for a new width;
  "Every decision" stays unfolded; a new height alone draws nothing again;
- closing the dialog while a slice is out asks nothing more;
- a slice that fails is said in the player's language (words.js errorText), not the engine's English.
"""

from __future__ import annotations

import pytest

from test_i18n_a11y import catalog
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = dict(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
COLOURS = (("red", "circle"), ("blue", "square"), ("yellow", "triangle"), ("green", "diamond"), ("purple", "hexagon"))
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")

# the dialog made on the page's own modules, its requests kept for the test to answer
MAKE = """async () => {
  const src = document.querySelector('script[type="module"][src*="app.js"]').src;
  const { createReviewDialog } = await import(new URL('reviewdialog.js', src).href);
  window.__asks = [];
  const request = (type, payload) => new Promise((resolve, reject) => window.__asks.push({ type, payload, resolve, reject }));
  window.__dialog = createReviewDialog({ request, store: null, onMoment: async () => false });
}"""
OPEN = "(record) => window.__dialog.open(record, document.querySelector('[data-testid=menu-button]'))"
ANSWER = "([i, answer]) => window.__asks[i].resolve(answer)"
FOCUSED = """() => { const a = document.activeElement; const d = document.querySelector('[data-testid=review]');
  return a && d.contains(a) && a.offsetParent !== null ? (a.dataset.testid || a.tagName.toLowerCase()) : null; }"""
FRAMES = "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))"


def state(page, name: str, reason: str) -> None:
    until(page, "(s) => { const d = document.querySelector('[data-testid=review]'); "
          "return d && !d.hidden && d.dataset.state === s && d.dataset.asking === 'false'; }", reason, arg=name)


def record(n: int) -> dict:
    return {"format": "cambria-record", "version": 3, "game": "cambria", "map": "cambria",
            "players": [{"name": NAMES[i], "colour": COLOURS[i][0], "kind": "human" if i == 0 else "computer:easy"}
                        for i in range(n)], "steps": []}


def review(n: int, decisions: int) -> dict:
    """A REVIEW of `decisions` decisions of `n` players in turn: the first a blunder of seat 0,
    after which seat 0's chance is 100 % (its mark at the very top of the drawing)."""
    even = [100 // n] * (n - 1) + [100 - (100 // n) * (n - 1)]
    items = []
    points = [{"step": 0, "turn": 1, "chances": even}]
    for i in range(decisions):
        top = [100] + [0] * (n - 1) if i == 0 else even
        items.append({"index": i, "step": i + 1, "turn": i // n + 1, "player": i % n, "played": "a", "best": "b",
                      "loss": 30.5 if i == 0 else 0, "verdict": "blunder" if i == 0 else "good", "chances": top,
                      "why": [], "marks": {"played": {}, "better": {}}})
        points.append({"step": i + 1, "turn": i // n + 1, "chances": top})
    summary = [{"player": s, "good": sum(1 for d in items if d["player"] == s and d["verdict"] == "good"),
                "inaccuracy": 0, "mistake": 0, "blunder": sum(1 for d in items if d["player"] == s and d["verdict"] == "blunder")}
               for s in range(n)]
    return {"version": 1, "game": "cambria", "total": decisions, "decisions": items, "chart": {"points": points},
            "players": [{"index": s, "name": NAMES[s], "colour": COLOURS[s][0], "shape": COLOURS[s][1]} for s in range(n)],
            "mistakes": {str(s): ([0] if s == 0 and decisions else []) for s in range(n)}, "summary": summary}


def answer(result: dict, k: int | None = None) -> dict:
    """The worker's answer after `k` decisions (all of them: done, with the result)."""
    done = k is None or k >= result["total"]
    items = result["decisions"] if done else result["decisions"][:k]
    return {"total": result["total"], "items": items, "done": done, "result": result if done else None}


def dialog_page(open_page, **size):
    s = open_page(locale="en-GB", **(size or LAPTOP))
    s.wait_interactive()
    s.page.evaluate(MAKE)
    return s


@pytest.mark.parametrize("n, decisions", [(2, 1), (3, 0), (5, 12)], ids=["2-players-1-decision", "3-players-none", "5-players-12"])
def test_the_chart_and_its_table_fit_any_number_of_players_and_decisions(open_page, n, decisions):
    s = dialog_page(open_page, viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    page = s.page
    result = review(n, decisions)
    page.evaluate(OPEN, record(n))
    until(page, "() => window.__asks.length === 1", "the first slice asked")
    page.evaluate(ANSWER, [0, answer(result)])
    state(page, "done", "the review shown")
    drawn = page.evaluate("""() => {
      const svg = document.querySelector('[data-testid=review-chart]');
      const h = Number(svg.getAttribute('height'));
      const rows = [...document.querySelectorAll('[data-testid=review-table] tbody tr')];
      const card = document.querySelector('.review-card').getBoundingClientRect();
      return {
        lines: svg.querySelectorAll('.review-line').length,
        strokes: [...svg.querySelectorAll('.review-stroke')].map((p) => p.getAttribute('points').split(' ').length),
        heads: [...document.querySelectorAll('[data-testid=review-table] thead th')].length,
        rows: rows.map((tr) => tr.querySelectorAll('td').length),
        circles: [...svg.querySelectorAll('circle.review-mistake')].map((c) => {
          const cy = Number(c.getAttribute('cy')), r = Number(c.getAttribute('r'));
          return cy - r >= 0 && cy + r <= h;
        }),
        wide: [...document.querySelectorAll('.review-card *')].filter((e) => e.offsetParent
          && e.getBoundingClientRect().right > card.right + 1).length,
        summary: document.querySelector('[data-testid=review-summary]').textContent,
      };
    }""")
    assert drawn["lines"] == n and drawn["strokes"] == [decisions + 1] * n, drawn
    assert drawn["heads"] == n + 1 and drawn["rows"] == [n] * (decisions + 1), drawn
    assert drawn["circles"] == ([True] if decisions else []), drawn  # inside the drawing, even at 100 %
    assert drawn["wide"] == 0, drawn
    # the first person's summary: seat 0, whose first decision is the blunder
    assert ("1 blunder" in drawn["summary"]) if decisions else drawn["summary"] == "This player had no decision to review."
    s.assert_clean()


def test_the_focus_stays_in_the_dialog_and_closing_it_asks_nothing_more(open_page):
    s = dialog_page(open_page)
    page = s.page
    result = review(3, 9)
    page.evaluate(OPEN, record(3))
    until(page, "() => window.__asks.length === 1", "the first slice asked")
    # Cancel by keyboard: Resume takes the focus; the slice out comes back, kept
    page.get_by_test_id("review-cancel").focus()
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "review-resume"
    page.evaluate(ANSWER, [0, answer(result, 2)])
    state(page, "stopped", "the review stopped after its first slice")
    assert page.evaluate(FOCUSED) == "review-resume"
    # Resume by keyboard: it hides itself, the focus goes to Cancel (not to the page)
    page.keyboard.press("Enter")
    until(page, "() => window.__asks.length === 2", "the second slice asked")
    assert page.evaluate("() => window.__asks[1].payload.items.length") == 2
    assert page.evaluate(FOCUSED) == "review-cancel"
    # the review ends while the focus is on Cancel: the result replaces the progress, the focus stays inside
    page.evaluate(ANSWER, [1, answer(result)])
    state(page, "done", "the review shown")
    assert page.evaluate(FOCUSED) == "review-table-toggle"
    # "Every decision" unfolded and the player picker focused; a narrower window draws the chart again
    page.get_by_test_id("review-every-summary").click()
    page.get_by_test_id("review-player").focus()
    width = page.evaluate("() => document.querySelector('[data-testid=review-chart]').getAttribute('width')")
    page.set_viewport_size({"width": 420, "height": 560})  # the body scrolls: its scroll bar stays
    until(page, "(w) => document.querySelector('[data-testid=review-chart]').getAttribute('width') !== w",
          "the chart drawn again for the new width", arg=width)
    assert page.evaluate("() => document.querySelector('[data-testid=review-every]').open")
    assert page.evaluate(FOCUSED) == "review-player"
    assert page.evaluate("() => { const b = document.querySelector('.review-body'); return b.scrollHeight > b.clientHeight; }")
    # a new height alone (a phone's toolbar) draws nothing again
    page.evaluate("() => { document.querySelector('[data-testid=review-chart]').dataset.kept = '1'; "
                  "window.__resized = 0; addEventListener('resize', () => { window.__resized++; }); }")
    page.set_viewport_size({"width": 420, "height": 480})
    until(page, "() => window.__resized > 0", "the resize event")
    page.evaluate(FRAMES)  # the dialog draws again (or not) in the frame after the event
    assert page.evaluate("() => document.querySelector('[data-testid=review-chart]').dataset.kept") == "1"
    # opened again without a saved review (no store): it runs; Escape closes it with a slice out,
    # and once that slice is back nothing more is asked
    page.keyboard.press("Escape")
    until(page, "() => document.querySelector('[data-testid=review]').hidden", "the dialog closed")
    page.evaluate(OPEN, record(3))
    until(page, "() => window.__asks.length === 3", "a new review asked")
    page.keyboard.press("Escape")
    until(page, "() => document.querySelector('[data-testid=review]').hidden", "the dialog closed by Escape")
    page.evaluate(ANSWER, [2, answer(result, 1)])
    until(page, "() => document.querySelector('[data-testid=review]').dataset.asking === 'false'", "the slice back")
    page.evaluate(FRAMES)
    assert page.evaluate("() => window.__asks.length") == 3
    # a slice the engine fails: said in the player's words (not the engine's English), Resume offered
    page.evaluate(OPEN, record(3))
    until(page, "() => window.__asks.length === 4", "a new review asked")
    page.evaluate("() => window.__asks[3].reject(Object.assign(new Error('the worker timed out'), { code: 'timeout' }))")
    state(page, "failed", "the review failed")
    en = catalog("en")
    assert page.get_by_test_id("review-message").inner_text() == en["review.failed"].format(why=en["engine.restarted"])
    assert page.get_by_test_id("review-resume").is_visible()
    s.assert_clean()


# a review run (web/review.js) on a stand-in for the saved games: what it writes, and when
RUN = """async (result) => {
  const src = document.querySelector('script[type="module"][src*="app.js"]').src;
  const { createReviewRun } = await import(new URL('review.js', src).href);
  const done = [1, 2, 2, 2];  // decisions reviewed after each slice
  let asked = 0;
  let run = null;
  const request = async () => {  // each slice is cancelled while it is out, as Cancel does
    await null;
    run.stop();
    const k = done[Math.min(asked++, done.length - 1)];
    return { total: result.total, items: result.decisions.slice(0, k), done: false, result: null };
  };
  const games = new Map([['g1', { id: 'g1' }]]);
  const writes = [];
  const store = {
    findRecord: () => (games.has('g1') ? { id: 'g1' } : null),
    get: (id) => games.get(id) || null,
    putReview: (id, review) => { writes.push(review.items.length); return games.has(id); },
  };
  run = createReviewRun({ request, store, record: {} });
  await run.go();   // 1 decision: saved
  await run.go();   // 2: saved
  await run.go();   // still 2: nothing new, nothing written
  run.stop();       // nothing new either
  const kept = { writes: [...writes], unsaved: run.unsaved, saves: run.saves };
  games.delete('g1');  // the game deleted meanwhile (Saved games, another tab)
  await run.go();
  return { kept, writes, unsaved: run.unsaved, saves: run.saves };
}"""


def test_a_review_run_writes_only_what_is_new_and_a_deleted_game_is_not_a_full_storage(open_page):
    s = dialog_page(open_page)
    out = s.page.evaluate(RUN, review(3, 9))
    assert out["kept"] == {"writes": [1, 2], "unsaved": False, "saves": True}, out
    # the game gone: the review is not kept, and that is said as such (not "the storage is full")
    assert out["writes"] == [1, 2] and out["unsaved"] is False and out["saves"] is False, out
    s.assert_clean()
