"""The pass screen between people who share one device (web/passscreen.js, web/cues.js): when the
next seat to act is another person, the page covers itself with "Pass the device to Brennus" and
takes one tap (or Enter) to go on, so that nobody taps for someone else.  Never for a computer
seat, nor in a game with one person.  A game that comes onto the board again (a reload) calls
the person to act first, since whoever holds the device may be someone else.

The test hooks turn the screen off for the other tests (tests/web/hooks.js); these pages keep it
(window.__cambriaPassScreen, set by their own init script)."""

from __future__ import annotations

import os
import random

import pytest

from tapper import Player
from waits import SETTLED, read_when, screen, settled, until

SHOTS = os.environ.get("CAMBRIA_PASS_SHOTS")  # a folder: screenshots of the pass screen, to look at
pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

KEEP_PASS_SCREEN = """
window.__cambriaPassScreen = true;
try { if (!localStorage.getItem('cambria:tutorial')) localStorage.setItem('cambria:tutorial', 'done'); } catch {}
"""

# What the page shows once settled: who is to act (the engine's view) and the pass screen.
READ = """() => {
  const v = window.__cambria.state().view;
  const d = document.querySelector('#pass-screen');
  const actor = v && v.players.find((p) => p.index === v.actor);
  return {
    step: v ? v.step : null, over: v ? v.over : null, mode: document.querySelector('#app').dataset.mode,
    busy: window.__cambria.state().busy, spinning: Boolean(document.querySelector('#dice .spinning, #dice.spinning')),
    actor: actor ? { name: actor.name, kind: actor.kind, index: actor.index } : null,
    open: Boolean(d && d.open), modal: Boolean(d && d.open && d.matches(':modal')),
    title: d ? d.querySelector('#pass-title').textContent : null,
    button: d ? d.querySelector('[data-testid="pass-continue"]').textContent : null,
    seat: d ? d.dataset.seat : null,
    chip: Boolean(d && d.querySelector('.pass-chip svg.chip-shape')),
    focused: document.activeElement ? document.activeElement.dataset.testid || document.activeElement.id : null,
    labelled: d ? d.getAttribute('aria-labelledby') : null,
  };
}"""


def open_game_page(context_for, site, init: str = KEEP_PASS_SCREEN, **options):
    """A page on the new-game screen, the engine up, with ``init`` run first; computers move at once."""
    ctx = context_for(init=init, **options)
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())  # "leave this game?" when another one is opened
    page.goto(site.url)
    until(page, "() => window.__cambria && window.__cambria.loaded", "the page's modules")
    screen(page, "setup")
    until(page, "() => !document.querySelector('[data-testid=\"start-button\"]').disabled", "the engine to start")
    page.evaluate("window.__cambria.setPause(0)")
    return page


def start(page, seats: list[tuple[str, str]], game: str = "cambria") -> None:
    """A game from the new-game screen with these (name, kind) seats."""
    page.get_by_test_id(f"game-{game}").check()
    page.get_by_test_id(f"count-{len(seats)}").click()
    for i, (name, kind) in enumerate(seats):
        page.get_by_test_id(f"name-{i}").fill(name)
        page.get_by_test_id(f"kind-{i}").select_option(kind)
    page.get_by_test_id("start-button").click()
    screen(page, "game")


def shown(page) -> dict:
    return read_when(page, SETTLED, READ, "the page to settle")


class Session:  # what tapper.Player needs of a PageSession
    def __init__(self, page):
        self.page = page


def test_the_pass_screen_stands_between_different_people(context_for, site):
    page = open_game_page(context_for, site, viewport={"width": 1366, "height": 768}, locale="en-GB")
    start(page, [("Aurelia", "human"), ("Brennus", "human"), ("Cartimandua", "human")])
    player = Player(Session(page), touch=False, rng=random.Random(5), strategy="typical")
    page.evaluate("""() => { window.__pulses = 0; const card = document.querySelector('#turn-card');
      new MutationObserver(() => { if (card.classList.contains('your-turn')) window.__pulses++; })
        .observe(card, { attributes: true, attributeFilter: ['class'] }); }""")
    before = None  # the person who acted last
    passes = blocked = 0
    for _ in range(40):
        c = shown(page)
        if c["over"] or passes >= 5:
            break
        actor = c["actor"]
        assert actor and actor["kind"] == "human", c
        if actor["name"] != before:
            # another person is to act: the screen covers the page, names them, and waits
            assert c["open"] and c["modal"], f"no pass screen for {actor['name']} after {before}: {c}"
            assert c["title"] == f"Pass the device to {actor['name']}" and actor["name"] in c["button"], c
            assert c["seat"] == str(actor["index"]) and c["chip"] and c["labelled"] == "pass-title", c
            assert c["focused"] == "pass-continue", c  # keyboard: the focus is on its button
            if not blocked:
                # a tap on the Roll button (or the board) under it reaches nothing
                for target in ("#roll", ".board-area"):
                    box = page.locator(target).bounding_box()
                    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                after = page.evaluate(READ)
                assert after["open"] and after["step"] == c["step"] and after["mode"] == c["mode"], after
                assert not after["busy"] and not after["spinning"], f"a tap went through: {after}"
                # Escape, twice (browsers let a second one close a dialog whose cancel was refused)
                page.keyboard.press("Escape")
                page.keyboard.press("Escape")
                # a close the browser makes anyway is undone when its close event comes (a task later)
                until(page, """() => { const d = document.querySelector('#pass-screen');
                  return d.open && d.matches(':modal') && document.activeElement?.dataset.testid === 'pass-continue'; }""",
                      "the pass screen open again, its button focused, after Escape twice")
                after = page.evaluate(READ)
                assert after["open"] and after["step"] == c["step"] and not after["busy"], after
                blocked += 1
            pulses = page.evaluate("window.__pulses")
            page.keyboard.press("Enter")
            until(page, "() => !document.querySelector('#pass-screen').open", "Enter to close the pass screen")
            passes += 1
            # what the screen hid is there now: the turn card pulses for the player named (counted:
            # the pulse's class is gone again after a moment)
            until(page, "(n) => window.__pulses > n", "the your-turn pulse", arg=pulses)
        else:
            assert not c["open"], f"a pass screen though {actor['name']} goes on: {c}"
        before = actor["name"]
        player.step("cambria")
    assert passes >= 5 and blocked == 1


def test_no_pass_screen_for_computers_nor_with_one_person(context_for, site):
    page = open_game_page(context_for, site, viewport={"width": 844, "height": 390}, locale="en-GB",
                          has_touch=True, is_mobile=True)
    player = Player(Session(page), touch=True, rng=random.Random(2), strategy="typical")
    # the screen is looked for at every step the page shows, the computers' too; and the pulses
    page.evaluate("""() => { window.__passSeen = 0; window.__pulses = 0;
      new MutationObserver(() => { if (document.querySelector('#pass-screen').open) window.__passSeen++; })
        .observe(document.querySelector('#pass-screen'), { attributes: true });
      const card = document.querySelector('#turn-card');
      new MutationObserver(() => { if (card.classList.contains('your-turn')) window.__pulses++; })
        .observe(card, { attributes: true, attributeFilter: ['class'] }); }""")
    start(page, [("Aurelia", "human"), ("Brennus", "computer:easy"), ("Cartimandua", "computer:easy")])
    human_turns = 0
    last = None
    for _ in range(30):
        c = shown(page)
        if c["over"] or human_turns >= 3:
            break
        assert not c["open"], c
        if c["actor"]["name"] == "Aurelia" and last is not None and c["step"] > last + 1:
            human_turns += 1  # her turn again, after the computers'
        last = c["step"]
        player.step("cambria")
    assert human_turns >= 2
    assert page.evaluate("window.__passSeen") == 0
    # instead, her turn after the computers' is marked: the turn card pulses
    assert page.evaluate("window.__pulses") >= human_turns


def test_a_reload_calls_the_person_to_act_again(context_for, site):
    page = open_game_page(context_for, site, viewport={"width": 360, "height": 640}, locale="de-DE")
    start(page, [("Aurelia", "human"), ("Brennus", "human")])
    c = shown(page)
    assert c["open"] and c["title"] == f"Gib das Gerät an {c['actor']['name']}", c
    page.get_by_test_id("pass-continue").click()
    until(page, "() => !document.querySelector('#pass-screen').open", "a tap to close the pass screen")
    settled(page)
    page.reload()
    until(page, "() => window.__cambria && window.__cambria.loaded", "the page's modules")
    screen(page, "game")
    again = shown(page)
    assert again["step"] == c["step"] and again["open"] and again["actor"] == c["actor"], again


# the words of the screen in each language, at each size: on the screen, uncut, the button reachable
LAYOUT = """() => {
  const d = document.querySelector('#pass-screen');
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const inside = (el) => { const [l, t, r, b] = box(el); return l >= 0 && t >= 0 && r <= innerWidth + 0.5 && b <= innerHeight + 0.5; };
  const parts = ['.pass-chip', '#pass-title', '#pass-text', '.pass-go'].map((q) => d.querySelector(q));
  const go = d.querySelector('.pass-go');
  const [l, t, r, b] = box(go);
  const top = document.elementFromPoint((l + r) / 2, (t + b) / 2);
  return {
    inside: parts.map(inside), hit: Boolean(top && (top === go || go.contains(top))),
    cut: parts.map((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1),
    covers: (() => { const [a, bb, c, e] = box(d); return a <= 0 && bb <= 0 && c >= innerWidth - 0.5 && e >= innerHeight - 0.5; })(),
    title: d.querySelector('#pass-title').textContent, lang: document.documentElement.lang,
  };
}"""


@pytest.mark.parametrize("game", ["cambria", "hibernia"])
def test_the_pass_screen_reads_well_in_every_language_and_size(context_for, site, game):
    page = open_game_page(context_for, site, viewport={"width": 1366, "height": 768}, locale="en-GB")
    start(page, [("Cartimandua of the Brigantes", "human"), ("Brennus", "human"), ("Medb", "human")], game)
    c = shown(page)
    assert c["open"] and c["chip"] and c["title"] == f"Pass the device to {c['actor']['name']}", c
    # the chip is the player's own: their colour and shape
    chip = page.evaluate("""() => { const s = document.querySelector('#pass-screen .pass-chip svg');
      return [s.getAttribute('class'), s.querySelector('use').getAttribute('href')]; }""")
    player = next(p for p in page.evaluate("window.__cambria.state().view.players") if p["index"] == c["actor"]["index"])
    assert f"col-{player['colour']}" in chip[0] and chip[1].endswith(f"-shape-{player['shape']}"), (chip, player)
    words = {"en": "Pass the device to", "de": "Gib das Gerät an", "es": "Pasa el dispositivo a", "ru": "Передайте устройство"}
    for lang, start_of_title in words.items():
        page.evaluate("""async (lang) => {
          const script = document.querySelector('script[type="module"][src*="app.js"]');
          (await import(new URL('i18n.js', script.src).href)).setLanguage(lang);
        }""", lang)
        for size in ({"width": 360, "height": 640}, {"width": 844, "height": 390}, {"width": 1366, "height": 768}):
            page.set_viewport_size(size)
            got = page.evaluate(LAYOUT)
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/pass-{game}-{lang}-{size['width']}x{size['height']}.png")
            where = f"{lang} {size['width']}×{size['height']}"
            assert got["lang"] == lang and got["title"].startswith(start_of_title), (where, got)
            assert all(got["inside"]) and got["hit"] and got["covers"], (where, got)
            assert not any(got["cut"]), (where, got)


def test_a_tab_that_only_shows_the_game_calls_nobody(context_for, site):
    """Another tab of the same browser shows the game read-only (tabs.js): no pass screen there;
    when it takes the game over ("Continue here") the first tab's screen goes, and the tab that
    plays now calls the person to act."""
    first = open_game_page(context_for, site, viewport={"width": 1366, "height": 768}, locale="en-GB")
    start(first, [("Aurelia", "human"), ("Brennus", "human")])
    c = shown(first)
    assert c["open"], c
    second = first.context.new_page()
    second.goto(site.url)
    until(second, "() => window.__cambria && window.__cambria.loaded", "the second tab's modules")
    until(second, "() => document.querySelector('#app').classList.contains('read-only')", "the game shown read-only")
    assert not second.evaluate(READ)["open"]
    second.locator("#continue-here").click()
    until(first, "() => document.querySelector('#app').classList.contains('read-only')", "the first tab to let go")
    assert not first.evaluate(READ)["open"]
    # the tab that took over plays once its load of the game comes back (it was settled before, read-only)
    until(second, "() => !document.querySelector('#app').classList.contains('read-only') "
          "&& document.querySelector('#pass-screen')?.open", "the tab that plays now to call the person")
    taken = shown(second)
    assert taken["open"] and taken["actor"] == c["actor"] and taken["focused"] == "pass-continue", taken
