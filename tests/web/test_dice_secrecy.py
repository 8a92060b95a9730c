"""The page never holds a roll before it is made: a game started on the new-game screen draws
each roll in the engine's worker when it is rolled, so no message the page receives and nothing
it stores carries a seed (or anything else that tells the next roll), while the autosave still
brings the game back with the very rolls it had."""

from __future__ import annotations

import json
import random

import pytest

import tapper
from waits import saved_now, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# Every message the page receives from its worker, as the page received it.
LISTEN = """(() => {
  const received = [];
  Object.defineProperty(window, '__received', { value: received });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        try { received.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)); } catch { received.push(String(e.data)); }
      });
    }
  };
})();"""

STORED = """() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))"""


def test_the_page_never_receives_or_stores_what_tells_a_roll(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(script=LISTEN)
    page = context.new_page()
    try:
        page.goto(site.url)
        until(page, "() => document.querySelector('[data-testid=start-button]') && "
              "!document.querySelector('[data-testid=start-button]').disabled", "the new-game screen")
        page.get_by_test_id("count-2").click()
        page.get_by_test_id("start-button").click()
        screen(page, "game")
        player = tapper.Player(_Session(page), touch=False, rng=random.Random(4), strategy="typical")
        shown = player.choices()
        while shown["step"] < 30 and not shown["over"]:
            shown = player.step("cambria", shown)
        settled(page)
        saved_now(page)
        record = page.evaluate("() => window.__cambria.request('record', {})")
        assert record["dice"] == "drawn" and "seed" not in record
        rolls = [s for s in record["steps"] if s.split()[0] in ("start", "die", "roll")]
        assert len(rolls) >= 8
        received = page.evaluate("() => window.__received")
        assert received, "the page's messages were not recorded"
        assert not [m for m in received if '"seed"' in m], "a message to the page carried a seed"
        stored = page.evaluate(STORED)
        assert not [k for k, v in stored.items() if '"seed"' in v], "the page stored a seed"
        games = [json.loads(v) for k, v in stored.items() if k.startswith("cambria:v1:game:")]
        assert len(games) == 1 and games[0]["record"]["steps"] == record["steps"]
        # a reload brings back the same rolls: they are recorded, not drawn again
        page.reload()
        screen(page, "game", "the saved game to come back after the reload")
        settled(page)
        again = page.evaluate("() => window.__cambria.request('record', {})")
        assert again["steps"] == record["steps"] and again["key"] == record["key"]
    finally:
        context.close()


class _Session:
    """What tapper.Player needs of a PageSession: the page."""

    def __init__(self, page):
        self.page = page


PLAY_COMPUTERS = """async () => {
  const seats = ['Ann', 'Bob', 'Cy'].map((name) => ({ name, kind: 'computer:easy' }));
  await window.__cambria.request('new_game', { players: seats });
  for (let i = 0; i < 24; i++) await window.__cambria.request('computer', {});
  return (await window.__cambria.request('record', {})).steps;
}"""


def test_each_fresh_engine_draws_other_dice(browser, site):
    # The worker starts from a memory snapshot taken with fixed entropy at build time: the dice
    # must come from the browser's entropy at each roll, not from a state frozen in the snapshot.
    games = []
    for _ in range(2):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(site.url)
            until(page, "() => document.querySelector('#app').dataset.mode === 'setup'", "the engine to be ready")
            games.append(page.evaluate(PLAY_COMPUTERS))
        finally:
            context.close()
    rolls = [[s for s in steps if s.split()[0] in ("start", "die", "roll")] for steps in games]
    assert min(len(r) for r in rolls) >= 10
    assert rolls[0] != rolls[1]
