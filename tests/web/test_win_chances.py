"""Who is ahead (web/chances.js, web/scores.js): each player's chance to win beside the scores.

Off by default during a game; the menu's "Show win chances" turns it on, remembered after a
reload; the replay and the end of the game show it always.  The numbers are the engine's
(``view.chances``, cambria/ai/winchance.py), read back from the page's own state; the games are
seeded Easy games found by the engine, opened through the page's "Open a saved game" input."""

from __future__ import annotations

import random

import pytest

import positions
from cambria import Game
from cambria.ai.players import choose
from cambria.core.record import make_record
from waits import screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}
NO_GUIDE = "try { if (!localStorage.getItem('cambria:tutorial')) localStorage.setItem('cambria:tutorial', 'done'); } catch {}"
NAMES = {"cambria": ["Ada", "Bryn", "Cai"], "hibernia": ["Ada", "Bryn", "Cai", "Deirdre"]}


def played_game(game_id: str, seed: int, upto: int | None = None) -> dict:
    """The record of a seeded game of people played by the Easy engine to its end (or cut after
    ``upto`` steps, before a decision: a person's turn to play)."""
    board = "cambria" if game_id == "cambria" else "hibernia"
    game = Game(game_id, NAMES[game_id], seed=seed, board=board)
    rng = random.Random(seed)
    while not game.is_over():
        if upto is not None and len(game.steps) >= upto and not game.is_chance():
            break
        if game.is_chance():
            game.roll()
        else:
            game.play(choose(game.rules, game.state, "easy", rng).action)
    return make_record(game)


def open_game_page(context_for, site, viewport: dict, locale: str = "en-GB"):
    """The page on the new-game screen with the engine up (the guide done, computers at once)."""
    page = context_for(init=NO_GUIDE, viewport=viewport, locale=locale).new_page()
    page.on("dialog", lambda d: d.accept())  # "leave this game?" when another one is opened
    page.goto(site.url)
    ready(page)
    return page


def ready(page) -> None:
    until(page, "() => window.__cambria && window.__cambria.loaded", "the page's modules")
    until(page, "() => !document.querySelector('[data-testid=\"start-button\"]').disabled "
                "|| document.querySelector('#app').dataset.screen === 'game'", "the engine to start")
    page.evaluate("window.__cambria.setPause(0)")


# each seat's badge as the page shows it: visible or not, its number, its words
BADGES = """() => [...document.querySelectorAll('#players .player-row:not(.neutral)')].map((row) => {
  const b = row.querySelector('.chance');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  return { seat: Number(row.dataset.seat), value: Number(b.dataset.chance), label: b.getAttribute('aria-label'),
           text: b.textContent, shown: getComputedStyle(b).display !== 'none' && r.width > 0 && r.height > 0,
           inside: r.right <= window.innerWidth + 0.5 && r.left >= -0.5 };
})"""

SHOWN_CHANCES = """() => { const s = window.__cambria.state();
  return (s.mode === 'replay' ? null : s.view.chances); }"""


def badges(page) -> list[dict]:
    return page.evaluate(BADGES)


def chances_shown(page) -> bool:
    return all(b and b["shown"] for b in badges(page))


def check_badges(page, chances: list[int], names: list[str], words: str) -> None:
    got = badges(page)
    assert [b["value"] for b in got] == chances, (got, chances)
    assert sum(chances) == 100
    for b, name, value in zip(got, names, chances, strict=True):
        assert b["shown"] and b["inside"], b
        assert b["label"].startswith(f"{name}: ") and words in b["label"] and str(value) in b["label"], b
        assert str(value) in b["text"] and "%" in b["text"], b


@pytest.mark.parametrize("viewport, locale, words", [(LAPTOP, "en-GB", "chance to win"), (SMALL_PHONE, "de-DE", "Siegchance")],
                         ids=["laptop-en", "phone-de"])
def test_chances_are_off_by_default_and_the_setting_shows_them_and_is_remembered(context_for, site, tmp_path,
                                                                                  viewport, locale, words):
    record = played_game("cambria", seed=4, upto=40)
    page = open_game_page(context_for, site, viewport, locale)
    positions.open_record(page, record, tmp_path)
    settled(page)
    view = page.evaluate("() => window.__cambria.state().view")
    assert not view["over"] and page.evaluate("() => window.__cambria.state().mode") in ("choosing", "awaiting_roll")
    chances = view["chances"]
    assert len(chances) == 3 and sum(chances) == 100
    # off by default: the badges are in the rows but none is shown
    got = badges(page)
    assert len(got) == 3 and all(b and not b["shown"] for b in got), got
    # the setting's one reader: nothing but "on" stored means off
    read = page.evaluate("""async () => {
      const m = await import(new URL('chances.js', document.querySelector('script[type="module"][src*="app.js"]').src).href);
      return ['on', 'off', 'ON', '', 'true', '1', '{"on": 1}', 'on '.repeat(30000), null].map((v) => m.readChances(v)); }""")
    assert read == ["on"] + ["off"] * 8
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("chances-off").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("chances-on").get_attribute("aria-pressed") == "false"
    page.get_by_test_id("chances-on").click()
    assert page.evaluate("localStorage.getItem('cambria:chances')") == "on"
    page.get_by_test_id("menu-button").click()
    until(page, f"() => ({BADGES})().every((b) => b && b.shown)", "the chances shown")
    check_badges(page, chances, NAMES["cambria"], words)
    # remembered: after a reload the game comes back with its chances shown
    page.reload()
    ready(page)
    screen(page, "game", "the game back on the board")
    settled(page, at_least=view["step"])
    until(page, f"() => ({BADGES})().every((b) => b && b.shown)", "the chances shown after the reload")
    check_badges(page, page.evaluate("() => window.__cambria.state().view.chances"), NAMES["cambria"], words)
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("chances-on").get_attribute("aria-pressed") == "true"
    # and off again: hidden during the game
    page.get_by_test_id("chances-off").click()
    page.get_by_test_id("menu-button").click()
    until(page, f"() => ({BADGES})().every((b) => b && !b.shown)", "the chances hidden again")


@pytest.mark.parametrize("viewport, locale, words", [(PHONE, "ru-RU", "шанс на победу"), (LAPTOP, "en-GB", "chance to win")],
                         ids=["phone-ru", "laptop-en"])
def test_the_end_and_the_replay_show_the_chances_with_the_setting_off(context_for, site, tmp_path, viewport, locale, words):
    game_id = "hibernia" if viewport is PHONE else "cambria"
    record = played_game(game_id, seed=2)
    page = open_game_page(context_for, site, viewport, locale)
    assert page.evaluate("localStorage.getItem('cambria:chances')") is None  # the setting is off
    positions.open_record(page, record, tmp_path)
    until(page, "() => window.__cambria.state().mode === 'over'", "the finished game")
    view = page.evaluate("() => window.__cambria.state().view")
    names = NAMES[game_id]
    winner = view["result"]["winner"]
    assert view["chances"][winner] == 100
    until(page, f"() => ({BADGES})().every((b) => b && b.shown)", "the chances shown at the end")
    check_badges(page, view["chances"], names, words)
    # the replay: each step's chances, the engine's for that step, shown whatever the setting
    page.evaluate("async () => (await import(document.querySelector('script[type=module][src*=\"app.js\"]').src))"
                  ".controller.startReplay(3)")
    until(page, "() => { const s = window.__cambria.state(); return s.mode === 'replay' && s.replay.at === 3 && !s.busy; }",
          "the replay at step 3")
    for step in (3, 4):
        if step == 4:
            page.get_by_test_id("replay-forward").click()
            until(page, "() => { const s = window.__cambria.state(); return s.replay.at === 4 && !s.busy; }", "step 4")
        past = page.evaluate("(n) => window.__cambria.request('view_at', {upto: n})", step)["view"]["chances"]
        until(page, f"(want) => JSON.stringify(({BADGES})().map((b) => b && b.value)) === JSON.stringify(want)",
              f"the chances of step {step}", arg=past)
        check_badges(page, past, names, words)
    page.get_by_test_id("replay-end").click()
    until(page, "() => window.__cambria.state().replay.at === window.__cambria.state().replay.total", "the last step")
    until(page, f"(want) => JSON.stringify(({BADGES})().map((b) => b && b.value)) === JSON.stringify(want)",
          "the end's chances in the replay", arg=view["chances"])
