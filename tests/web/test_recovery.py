"""A worker that hangs, is killed or crashes: the page starts a new one, reloads the game from
its autosave with a short message, and nothing is lost (the position, the dice and the choices
being composed are the same; the game goes on).  And a page that is behind the engine (it
asks about a step the game has passed: code stale_step) catches up quietly.

A hang is made by dropping the page's messages of one request type before they reach the worker
(the worker never answers them); a kill by terminating the worker behind the page's back; a
crash by an error event on the worker.  The bound on a request is shortened for the tests
through the test hooks (hooks.js); the production bounds are checked to be generous.  A kill
is known at once (the lock the worker held is freed) and a crash by its event: both are
replaced without waiting out the bound, and a request out for long is said to within 2 s."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from waits import saved_now, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$",
                          (ROOT / "web" / "i18n" / "en.js").read_text(encoding="utf-8"), re.S).group(1))
DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")

# Drops the page's requests of the type named in sessionStorage 'test:hang': no answer, ever.
HANG = """
(() => {
  const post = Worker.prototype.postMessage;
  window.__dropped = 0;
  Worker.prototype.postMessage = function (message, ...rest) {
    const hang = sessionStorage.getItem('test:hang');
    if (message && hang && message.type === hang) {
      window.__dropped++;
      return;
    }
    return post.call(this, message, ...rest);
  };
})();
"""

SNAPSHOT = """() => {
  const s = window.__cambria.state();
  const app = document.querySelector('#app');
  const b = document.querySelector(`#board-${app.dataset.map}`);
  return {
    view: s.view, partial: s.partial, mode: s.mode,
    pieces: [...b.querySelectorAll('.warrior[data-loc]')].map(w => w.dataset.loc + ':' + w.dataset.owner).sort(),
    dice: document.querySelector('#dice').dataset.values,
    log: [...document.querySelectorAll('#log li')].map(li => li.textContent),
    prompt: document.querySelector('#prompt').textContent,
  };
}"""

RESTARTED = "(text) => [...document.querySelectorAll('#toasts .toast')].some((t) => t.textContent.includes(text))"


def start(open_page, seed: int):
    s = open_page(f"?seed={seed}", **DESKTOP)
    s.context.add_init_script(HANG)
    s.page.reload()
    s.wait_interactive()
    page = s.page
    page.get_by_test_id("count-3").check(force=True)
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    settled(page)
    return s


def roll(page) -> None:
    step = page.evaluate("window.__cambria.state().view.step")
    page.get_by_test_id("roll-button").click()
    settled(page, "the roll", at_least=step + 1)


def choose_first(page) -> str:
    """Tap the first choice offered on the board or as a button; its token."""
    token = page.evaluate("""() => {
      const c = window.__cambria.state().opts.choices[0];
      const [kind, id] = c.element.split(':');
      const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
      const node = kind === 'road' ? b.querySelector(`.slot[data-road="${id}"]`)
        : kind === 'boat' ? b.querySelector(`.boat[data-boat="${id}"]`)
        : document.querySelector(`#extra-choices [data-token="${c.token}"]`);
      node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return c.token;
    }""")
    until(page, "() => window.__cambria.state().partial.length > 0 && !window.__cambria.state().busy",
          f"the choice {token} to be shown")
    return token


def recovered(page, old_worker_marker: str = "__oldWorker") -> None:
    """The page said so, runs a new worker, and has the game back on the board."""
    until(page, RESTARTED, "the message that the engine was restarted", arg=EN["engine.restarted"])
    until(page, f"() => window.__cambria.engine().bridge.worker !== window.{old_worker_marker}"
          " && window.__cambria.engine().bridge.started", "a new engine worker")
    screen(page, "game", "the game to come back from its autosave")
    settled(page, "the game back from its autosave")
    assert page.get_by_test_id("error").is_hidden()  # the message says it all: no error on top


def test_the_production_bounds_are_generous(open_page):
    s = open_page(**DESKTOP)
    s.wait_interactive()
    limits = s.page.evaluate("window.__cambria.limits()")
    assert limits["default"] >= 20000  # a Hard move on a slow phone takes seconds
    assert limits["load"] >= 60000  # a long record is replayed step by step
    s.assert_clean()


def play_step(page) -> None:
    """Roll, or take the first choices until the move can be confirmed, and confirm."""
    step = page.evaluate("window.__cambria.state().view.step")
    if page.evaluate("window.__cambria.state().mode") == "awaiting_roll":
        page.get_by_test_id("roll-button").click()
    else:
        while not page.get_by_test_id("confirm-button").is_enabled():
            choose_first(page)
        page.get_by_test_id("confirm-button").click()
    settled(page, at_least=step + 1)


def test_a_request_that_hangs_restarts_the_engine_and_loses_nothing(open_page):
    s = start(open_page, seed=21)
    page = s.page
    # through the setup placements to the first regular turn, rolled, a choice composed
    while page.evaluate("window.__cambria.state().view.phase") != "turn":
        play_step(page)
    token = choose_first(page)
    saved_now(page)
    before = page.evaluate(SNAPSHOT)
    steps_before = page.evaluate("() => window.__cambria.request('record', {})")["steps"]
    assert before["partial"] == [token] and before["mode"] == "choosing"

    # the next request never gets an answer: after the bound, a new worker and the game as it was
    page.evaluate("window.__cambria.setLimit(4000)")
    page.evaluate("window.__oldWorker = window.__cambria.engine().bridge.worker")
    if page.get_by_test_id("confirm-button").is_enabled():
        page.evaluate("sessionStorage.setItem('test:hang', 'play')")
        page.get_by_test_id("confirm-button").click()
    else:  # the move needs another choice first: that request hangs instead
        page.evaluate("sessionStorage.setItem('test:hang', 'options')")
        page.get_by_test_id("undo-button").click()
    until(page, "() => window.__dropped > 0", "the request to be dropped")
    assert page.evaluate("document.querySelector('#app').classList.contains('busy')")
    recovered(page)
    page.evaluate("sessionStorage.removeItem('test:hang')")
    assert page.evaluate(SNAPSHOT) == before
    assert page.evaluate("() => window.__cambria.request('record', {})")["steps"] == steps_before
    # and the game goes on with the new worker
    play_step(page)
    assert page.evaluate("window.__cambria.state().view.step") > before["view"]["step"]
    s.assert_clean()


# Times, from the moment set in __t0, at which each toast first showed and a new worker came.
WATCH = """() => {
  window.__seen = {};
  window.__newWorkerAt = null;
  const old = window.__cambria.engine().bridge.worker;
  new MutationObserver(() => {
    for (const n of document.querySelectorAll('#toasts .toast')) {
      if (!(n.textContent in window.__seen)) window.__seen[n.textContent] = performance.now() - window.__t0;
    }
  }).observe(document.querySelector('#toasts'), { childList: true, subtree: true });
  const poll = setInterval(() => {
    if (window.__cambria.engine().bridge.worker !== old) {
      window.__newWorkerAt = performance.now() - window.__t0;
      clearInterval(poll);
    }
  }, 20);
}"""


def first_shown(page, text: str) -> float:
    """Milliseconds from __t0 to the first toast with ``text`` (waiting for it)."""
    until(page, "(t) => Object.keys(window.__seen).some((k) => k.includes(t))", f"the message {text!r}", arg=text)
    return page.evaluate("(t) => Math.min(...Object.entries(window.__seen).filter(([k]) => k.includes(t))"
                         ".map(([, ms]) => ms))", text)


def test_a_killed_worker_is_replaced_at_once_and_the_game_goes_on(open_page):
    """A terminated worker fires no event and answers nothing; the page learns of its end from
    the lock it held (worker.js, bridge.js) and restarts it without waiting out the bound
    (production bounds here: 30 s), saying so within two seconds."""
    s = start(open_page, seed=22)
    page = s.page
    roll(page)
    choose_first(page)
    page.get_by_test_id("confirm-button").click()
    settled(page, at_least=3)
    saved_now(page)
    before = page.evaluate(SNAPSHOT)
    assert before["mode"] == "awaiting_roll"
    assert page.evaluate("window.__cambria.limits()")["default"] >= 20000
    page.evaluate(WATCH)
    # the worker dies behind the page's back just as the player rolls: nothing answers the roll
    page.evaluate("""() => {
      window.__oldWorker = window.__cambria.engine().bridge.worker;
      window.__t0 = performance.now();
      window.__oldWorker.terminate();
      document.querySelector('[data-testid="roll-button"]').click();
    }""")
    told = first_shown(page, EN["engine.restarted"])
    assert told <= 2000, f"the player was told after {told:.0f} ms"
    until(page, "() => window.__newWorkerAt !== null", "a new worker")
    replaced = page.evaluate("window.__newWorkerAt")
    assert replaced <= 2000, f"the new worker came after {replaced:.0f} ms"
    recovered(page)
    assert page.evaluate(SNAPSHOT) == before  # the roll was never made: the same position, no dice yet
    roll(page)
    assert page.evaluate("window.__cambria.state().view.step") == before["view"]["step"] + 1
    s.assert_clean()


def test_a_request_that_takes_long_is_said_to_within_two_seconds(open_page):
    """A worker that lives but does not answer (as one whose Python is busy) is not restarted
    before the bound; the player hears within two seconds that the engine takes longer."""
    s = start(open_page, seed=26)
    page = s.page
    saved_now(page)
    before = page.evaluate(SNAPSHOT)
    assert before["mode"] == "awaiting_roll"
    page.evaluate("window.__cambria.setLimit(8000)")
    page.evaluate(WATCH)
    page.evaluate("sessionStorage.setItem('test:hang', 'roll')")
    page.evaluate("""() => {
      window.__oldWorker = window.__cambria.engine().bridge.worker;
      window.__t0 = performance.now();
      document.querySelector('[data-testid="roll-button"]').click();
    }""")
    slow = first_shown(page, EN["engine.slow"])
    assert 1000 <= slow <= 2000, f"the player was told after {slow:.0f} ms"
    restarted = first_shown(page, EN["engine.restarted"])
    assert restarted >= 8000, f"a living worker was restarted after {restarted:.0f} ms, before the bound"
    recovered(page)
    page.evaluate("sessionStorage.removeItem('test:hang')")
    assert page.evaluate(SNAPSHOT) == before
    roll(page)
    s.assert_clean()


def test_a_crashed_worker_is_replaced_at_once(open_page):
    s = start(open_page, seed=23)
    page = s.page
    roll(page)
    saved_now(page)
    before = page.evaluate(SNAPSHOT)
    # no bound to wait for: the worker reports an error, the page starts a new one right away
    # (while a tap's request was out: it is dropped with the old worker, and no error is shown)
    page.evaluate("window.__cambria.setLimit(600000)")
    page.evaluate("sessionStorage.setItem('test:hang', 'options')")
    page.locator(".board-frame:not([hidden]) .slot.legal").first.dispatch_event("click")
    until(page, "() => window.__dropped > 0", "the tap's request to be out")
    page.evaluate("sessionStorage.removeItem('test:hang')")
    page.evaluate("""() => {
      window.__oldWorker = window.__cambria.engine().bridge.worker;
      window.__oldWorker.dispatchEvent(new ErrorEvent('error', { message: 'the test crashed it' }));
    }""")
    recovered(page)
    assert page.evaluate(SNAPSHOT) == before
    choose_first(page)
    page.get_by_test_id("confirm-button").click()
    settled(page, at_least=before["view"]["step"] + 1)
    s.assert_clean()


def test_a_page_behind_the_engine_catches_up_quietly(open_page):
    s = start(open_page, seed=24)
    page = s.page
    roll(page)
    shown = page.evaluate("window.__cambria.state().view")
    # the engine moves on without the page knowing (as a second request of another page would)
    action = shown["options"]["choices"][0]["token"]
    played = page.evaluate("(a) => window.__cambria.request('play', {action: a})", action)
    assert played["view"]["step"] == shown["step"] + 1
    # the player taps a choice of the old position: the engine refuses it as stale, and the page
    # shows the engine's position instead, with no error
    page.evaluate("""() => {
      const c = window.__cambria.state().opts.choices[0];
      const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
      b.querySelector(`.slot[data-road="${c.road}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }""")
    settled(page, "the page to catch up with the engine", at_least=shown["step"] + 1)
    engine = page.evaluate("() => window.__cambria.request('view', {})")
    state = page.evaluate("window.__cambria.state()")
    assert state["view"]["step"] == engine["step"] and state["view"]["log"] == engine["log"]
    assert state["partial"] == []
    assert page.get_by_test_id("error").is_hidden()
    assert page.locator("#log li").count() == len(engine["log"])
    s.assert_clean()
