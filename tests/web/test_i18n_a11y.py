"""The page in four languages, with the keyboard alone, and under an accessibility audit.

* A turn in English, German, Spanish and Russian on a phone: the language comes from the
  browser at the first visit, every visible text is that language's (no English message left
  on screen), and a switch from the menu is remembered.
* A two-player game from the new-game screen to the end screen with key presses only: Tab,
  arrows, Enter, Space and the R/C/U/P shortcuts; the live region announces rolls, moves and
  captures.
* axe-core (pinned, integrity-checked, injected only in the test) finds nothing serious or
  critical on the new-game screen, the board mid-game, the rules and the end screen.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from axecore import audit, describe
from waits import idle as wait_idle
from waits import screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
LOCALES = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def pattern(template: str) -> re.Pattern:
    """A message template as a regular expression (placeholders match anything)."""
    parts = PLACEHOLDER.split(template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else ".+?" for i, p in enumerate(parts)) + r"\Z")


def plain_messages(cat: dict) -> set[str]:
    return {v for v in cat.values() if isinstance(v, str) and not PLACEHOLDER.search(v)}


ACTIVE = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return { tag: a.tagName.toLowerCase(), id: a.id || null, testid: a.dataset ? a.dataset.testid || null : null,
           legal: a.classList.contains('legal'), road: a.dataset ? a.dataset.road ?? null : null,
           boat: a.dataset ? a.dataset.boat ?? null : null, disabled: Boolean(a.disabled),
           inExtra: Boolean(a.closest('#extra-choices')) };
}"""

STATE = """() => {
  const app = document.querySelector('#app');
  const visible = (el) => el && !el.hidden && el.offsetParent !== null;
  const b = document.querySelector(`#board-${app.dataset.map}`);
  const confirm = document.querySelector('#confirm');
  return {
    screen: app.dataset.screen, step: Number(app.dataset.step), over: app.dataset.over === 'true',
    busy: app.classList.contains('busy'),
    roll: visible(document.querySelector('#roll')) && !document.querySelector('#roll').disabled
      && !document.querySelector('#roll').classList.contains('roll-after'),
    rollAfter: visible(document.querySelector('#roll')) && !document.querySelector('#roll').disabled
      && document.querySelector('#roll').classList.contains('roll-after'),
    legal: b ? b.querySelectorAll('.slot.legal, .boat.legal').length : 0,
    confirm: visible(confirm) && !confirm.disabled,
    extra: [...document.querySelectorAll('#extra-choices button')].map((n) => n.dataset.token),
    ended: visible(document.querySelector('#end-screen')),
    phase: app.dataset.phase,
  };
}"""


def idle(page) -> None:
    wait_idle(page, "the page to answer")


def start_two_player_game(page) -> None:
    page.get_by_test_id("count-2").click()
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    idle(page)


def click_a_turn(page) -> None:
    """Roll, choose the first highlighted road, confirm (by pointer: the language test)."""
    page.get_by_test_id("roll-button").click()
    idle(page)
    page.wait_for_selector("svg.board .slot.legal")
    page.locator("svg.board:not([hidden]) .slot.legal").first.dispatch_event("click")
    idle(page)
    page.get_by_test_id("confirm-button").click()
    idle(page)


# ------------------------------------------------------------------------------ languages

# English and Russian (the longest words, three plural forms) in the default run; German and
# Spanish with -m slow (their catalogs are checked whole by tests/test_i18n.py either way)
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=[] if lang in ("en", "ru") else [pytest.mark.slow])
                                  for lang in LOCALES])
def test_a_turn_in_each_language(open_page, lang, tmp_path):
    s = open_page(locale=LOCALES[lang], **PHONE)
    page = s.page
    s.wait_interactive()
    cat, en = catalog(lang), catalog("en")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#setup h2").inner_text() == cat["setup.title"]
    assert page.get_by_test_id("start-button").inner_text() == cat["setup.start"]
    assert page.get_by_test_id("menu-button").get_attribute("aria-label") == cat["menu.button"]
    assert page.get_by_test_id("name-0").get_attribute("aria-label") == cat["setup.nameOf"].replace("{n}", "1")
    page.screenshot(path=str(tmp_path / f"setup-{lang}.png"))

    start_two_player_game(page)
    names = [p["name"] for p in page.evaluate("() => window.__cambria.state().view.players")]
    first = page.locator("#log li").first.inner_text()
    assert pattern(cat["log.start"]).match(first), first
    assert page.get_by_test_id("roll-button").inner_text() == cat["roll.setup"]
    assert pattern(cat["prompt.setupRoll"]).match(page.get_by_test_id("prompt").inner_text())

    page.get_by_test_id("roll-button").click()
    idle(page)
    assert pattern(cat["prompt.named"]).match(page.get_by_test_id("prompt").inner_text())
    assert pattern(cat["log.rolledSetup"]).match(page.locator("#log li").last.inner_text())
    road = page.locator("svg.board:not([hidden]) .slot.legal").first
    label = road.get_attribute("aria-label")
    assert pattern(cat["road.label"]).match(label), label
    road.dispatch_event("click")
    idle(page)
    assert page.get_by_test_id("confirm-button").inner_text() == cat["confirm"]
    assert page.get_by_test_id("undo-button").inner_text() == cat["undo"]
    assert page.get_by_test_id("prompt").inner_text().endswith(cat["prompt.confirm"])
    page.screenshot(path=str(tmp_path / f"turn-{lang}.png"))
    page.get_by_test_id("confirm-button").click()
    idle(page)
    assert pattern(cat["log.setupPlaced"]).match(page.locator("#log li").last.inner_text())
    # the second setup placement, then the neutral die, which rolls by itself: a full round in this language
    click_a_turn(page)
    until(page, "() => document.querySelector('#app').dataset.phase === 'neutral'", "the neutral die to roll by itself")
    idle(page)
    assert pattern(cat["log.rolledNeutral"]).match(page.locator("#log li").last.inner_text())
    # the grey warrior is placed, and Roll (in this language) confirms it and rolls the dice
    page.locator("svg.board:not([hidden]) .slot.legal").first.dispatch_event("click")
    idle(page)
    assert page.get_by_test_id("roll-button").inner_text() == cat["roll.dice"]
    assert page.get_by_test_id("confirm-button").is_hidden()
    assert page.get_by_test_id("prompt").inner_text().endswith(cat["prompt.rollAfter"])
    text = page.locator("body").inner_text()
    if lang != "en":
        # no English message anywhere on screen (those that differ in this language)
        left = sorted(m for m in plain_messages(en) - plain_messages(cat)
                      if len(m) > 3 and re.search(r"(?<!\w)" + re.escape(m) + r"(?!\w)", text))
        assert not left, f"English on the {lang} page: {left}"
    if lang == "ru":
        assert sum(1 for c in text if "\u0400" <= c <= "\u04ff") > 100
    # screen readers heard the game in this language
    last = page.locator("#log li").last.inner_text()
    until(page, "(t) => window.__cambriaAnnounced.some((a) => a.includes(t))", "the last log line to be announced", arg=last)
    assert names[0] in text
    s.assert_clean()


def test_language_switch_is_remembered(open_page):
    s = open_page(locale="en-US", **DESKTOP)
    page = s.page
    s.wait_interactive()
    de, ru = catalog("de"), catalog("ru")
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("lang-de").click()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.get_by_test_id("start-button").inner_text() == de["setup.start"]
    assert page.get_by_test_id("name-0").get_attribute("aria-label") == de["setup.nameOf"].replace("{n}", "1")
    # a game in progress follows a switch too: log, prompt, buttons and the board's labels
    start_two_player_game(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("lang-ru").click()
    assert page.get_by_test_id("roll-button").inner_text() == ru["roll.setup"]
    assert pattern(ru["log.start"]).match(page.locator("#log li").first.inner_text())
    assert pattern(ru["road.label"]).match(page.locator("svg.board:not([hidden]) .slot").first.get_attribute("aria-label"))
    assert page.get_by_test_id("lang-ru").get_attribute("aria-pressed") == "true"
    page.reload()
    s.wait_interactive()
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.evaluate("localStorage.getItem('cambria:language')") == "ru"
    s.assert_clean()


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_rules_in_the_game(open_page, lang):
    s = open_page(locale=LOCALES[lang], **PHONE)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()
    dialog = page.locator("#rules")
    dialog.wait_for(state="visible")
    page.wait_for_selector("#rules-body .rules-section")
    assert page.locator("#rules-title").inner_text() == catalog(lang)["menu.rules"]
    assert page.locator("#rules-body").get_attribute("lang") == lang
    assert page.locator("#rules-body svg.rules-diagram[role=img]").count() >= 4
    assert page.locator("#rules-body .rules-section").count() >= 9
    assert page.evaluate("document.activeElement.id") == "rules-title"
    # Tab stays in the dialog; Escape closes it and the focus goes back to the menu button
    for _ in range(30):
        page.keyboard.press("Tab")
        assert page.evaluate("Boolean(document.activeElement.closest('#rules'))")
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    assert page.evaluate("document.activeElement.dataset.testid") == "menu-button"
    s.assert_clean()


# ------------------------------------------------------------------------------ the keyboard

class KeyboardPlayer:
    def __init__(self, page, rng: random.Random):
        self.page = page
        self.rng = rng
        self.presses = 0
        self.decisions = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def active(self) -> dict | None:
        return self.page.evaluate(ACTIVE)

    def tab_to(self, wanted, limit: int = 60) -> dict:
        """Press Tab until the focused element satisfies ``wanted``."""
        for _ in range(limit):
            a = self.active()
            if a and wanted(a):
                return a
            self.press("Tab")
        raise AssertionError(f"Tab never reached the element; focus is on {self.active()}")

    def step(self) -> None:
        page = self.page
        idle(page)
        st = page.evaluate(STATE)
        a = self.active()
        if st["over"]:
            return
        if st["roll"]:
            # the focus waits on the roll button; sometimes use the R shortcut instead of Enter
            assert a and a["id"] == "roll", f"focus is not on Roll: {a}"
            self.press("KeyR" if self.rng.random() < 0.3 else "Enter")
            return
        if st["legal"] and not ((st["confirm"] or st["rollAfter"]) and self.rng.random() < 0.3):
            a = a if a and a["legal"] else self.tab_to(lambda x: x["legal"])
            for _ in range(self.rng.randrange(5)):
                self.press(self.rng.choice(["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "End", "Home"]))
                a = self.active()
                assert a and a["legal"], f"an arrow key left the legal choices: {a}"
            self.press(self.rng.choice(["Enter", "Space"]))
            return
        if st["confirm"] or st["rollAfter"]:
            if self.rng.random() < 0.1 and self.undo_available():
                self.press("KeyU")
                return
            # Roll confirms the grey warrior and rolls; Confirm ends a move
            target = "confirm" if st["confirm"] else "roll"
            if st["rollAfter"] and self.rng.random() < 0.3:
                self.press("KeyR")
            else:
                a = self.tab_to(lambda x: x["id"] == target)
                self.press("Enter")
            self.decisions += 1
            return
        if st["extra"]:
            # no road is open: pass (P) or use a boat
            if "pass" in st["extra"] and self.rng.random() < 0.5:
                self.tab_to(lambda x: x["inExtra"] or x["legal"] or x["id"] == "roll")
                self.press("KeyP")
            else:
                self.tab_to(lambda x: x["inExtra"])
                self.press("Enter")
            return
        raise AssertionError(f"nothing to do: {st}, focus {a}")

    def undo_available(self) -> bool:
        return self.page.evaluate("() => { const u = document.querySelector('#undo'); return !u.hidden && !u.disabled; }")


@pytest.mark.slow  # 50 s; the default run keeps a turn of Hibernia by keyboard (test_hibernia_page.py)
def test_a_whole_game_with_the_keyboard_only(open_page):
    s = open_page(locale="en-GB", reduced_motion="reduce", **DESKTOP)
    page = s.page
    s.wait_interactive()
    kb = KeyboardPlayer(page, random.Random(11))
    # the new-game screen: two players, then Start, all by keyboard
    kb.tab_to(lambda a: a["testid"] == "count-3")
    kb.press("ArrowLeft")
    assert page.get_by_test_id("count-2").is_checked()
    kb.tab_to(lambda a: a["id"] == "start")
    kb.press("Enter")
    screen(page, "game")
    start = time.monotonic()
    while not page.evaluate(STATE)["over"]:
        kb.step()
        assert kb.presses < 30000, "the game does not end"
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen")
    # the end screen is a dialog with the focus inside
    assert page.evaluate("document.activeElement.dataset.testid") == "end-new-game"
    for _ in range(8):
        page.keyboard.press("Tab")
        assert page.evaluate("Boolean(document.activeElement.closest('#end-screen'))")
    until(page, "() => window.__cambriaAnnounced.some((a) => a.includes('Game over'))", "the end to be announced")
    heard = page.evaluate("window.__cambriaAnnounced")
    en = catalog("en")
    joined = " ".join(heard)
    for key in ("log.rolled", "log.placed", "log.captured", "log.gameOver"):
        head = en[key].split("{", 1)[0] or en[key].split("}", 1)[1].split("{", 1)[0]
        assert head.strip() in joined, f"nothing like {key!r} was announced"
    assert page.get_by_test_id("announcer").get_attribute("aria-live") == "polite"
    # the end screen passes the audit
    violations = audit(page)
    assert not violations, describe(violations)
    # Escape leaves the result for the board, and "Show the result" brings it back by keyboard
    page.keyboard.press("Escape")
    assert page.get_by_test_id("end-screen").is_hidden()
    kb.tab_to(lambda a: a["testid"] == "show-result")
    page.keyboard.press("Enter")
    assert page.get_by_test_id("end-screen").is_visible()
    print(f"keyboard game: {kb.decisions} decisions, {kb.presses} key presses, {time.monotonic() - start:.1f} s")
    s.assert_clean()


# ------------------------------------------------------------------------------ the audit

@pytest.mark.parametrize("lang,viewport", [("en", DESKTOP), ("ru", PHONE)])
def test_axe_finds_nothing_serious(open_page, lang, viewport):
    s = open_page(locale=LOCALES[lang], reduced_motion="reduce", **viewport)
    page = s.page
    s.wait_interactive()
    problems = {}
    problems["new-game screen"] = audit(page)
    page.get_by_test_id("menu-button").click()
    problems["menu"] = audit(page)
    page.keyboard.press("Escape")
    assert page.locator("#menu").is_hidden()
    page.get_by_test_id("saved-games-button").click()
    page.get_by_test_id("library").wait_for(state="visible")
    problems["saved games"] = audit(page)
    page.keyboard.press("Escape")
    start_two_player_game(page)
    click_a_turn(page)
    page.get_by_test_id("roll-button").click()
    idle(page)
    page.wait_for_selector("svg.board .slot.legal")
    problems["board with choices"] = audit(page)
    page.locator("svg.board:not([hidden]) .slot.legal").first.dispatch_event("click")
    idle(page)
    problems["board before confirming"] = audit(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()
    page.wait_for_selector("#rules-body .rules-section")
    problems["rules"] = audit(page)
    found = {k: v for k, v in problems.items() if v}
    assert not found, "\n".join(f"{k}:\n{describe(v)}" for k, v in found.items())
    s.assert_clean()


def first_targets(open_page, **options):
    """A two-player Cambria game at a laptop, its first roll made: the page waits for a tap on
    the legal targets. The session, and the first target's ring."""
    s = open_page(locale="en-GB", **options, **DESKTOP)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("count-2").click()
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    idle(page)
    page.get_by_test_id("roll-button").click()
    idle(page)
    return s, page.locator("svg.board:not([hidden]) .slot.legal .slot-ring").first


def test_reduced_motion_and_shapes(open_page):
    s, ring = first_targets(open_page, reduced_motion="reduce")
    page = s.page
    assert ring.evaluate("(n) => getComputedStyle(n).animationName") == "none"
    # no transition at all, not a very short one: a size a script sets reads back at once (the
    # prompt's fitting measures what it just set; a 1 ms transition of every property once left
    # it measuring the old size, and long prompts were drawn cut)
    assert page.evaluate("""() => {
      const p = document.getElementById('prompt');
      const before = p.style.cssText;
      p.style.fontSize = '10.5px';
      const read = getComputedStyle(p).fontSize;
      p.style.cssText = before;
      return read;
    }""") == "10.5px"
    # every seat has its own shape as well as its own colour (the neutral army a cross)
    shapes = page.evaluate("() => window.__cambria.state().view.players.map((p) => p.shape)")
    assert len(set(shapes)) == len(shapes) and "cross" in shapes
    s.assert_clean()


def test_guided_first_turn(open_page):
    s = open_page(locale="en-GB", reduced_motion="reduce", **DESKTOP)
    page = s.page
    s.wait_interactive()
    en = catalog("en")
    start_two_player_game(page)
    card, text = page.get_by_test_id("tutorial"), page.get_by_test_id("tutorial-text")
    assert card.is_visible() and text.inner_text() == en["tutorial.rollSetup"]
    assert "coach-target" in page.get_by_test_id("roll-button").get_attribute("class")
    page.get_by_test_id("roll-button").click()
    idle(page)
    # with a mouse the line adds the keyboard's way (test_words_page.py: not on a touch screen)
    said = text.inner_text()
    assert said.endswith(" " + en["tutorial.keys"]), said
    assert pattern(en["tutorial.chooseSetup"]).match(said.removesuffix(" " + en["tutorial.keys"]))
    page.locator("svg.board:not([hidden]) .slot.legal").first.dispatch_event("click")
    idle(page)
    assert text.inner_text() == en["tutorial.confirm"]
    assert "coach-target" in page.get_by_test_id("confirm-button").get_attribute("class")
    page.get_by_test_id("confirm-button").click()
    idle(page)
    assert text.inner_text() == en["tutorial.rollSetup"]  # the other player's setup
    # skipped: gone, and not back after a reload
    page.get_by_test_id("tutorial-skip").click()
    assert card.is_hidden()
    assert page.evaluate("localStorage.getItem('cambria:tutorial')") == "done"
    page.reload()
    s.wait_interactive()
    screen(page, "game")
    idle(page)
    assert page.get_by_test_id("tutorial").count() == 0 or page.get_by_test_id("tutorial").is_hidden()
    # the rules screen offers it again
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()
    page.get_by_test_id("rules-guide").click()
    assert page.locator("#rules").is_hidden()
    page.get_by_test_id("tutorial").wait_for(state="visible")
    s.assert_clean()


def test_a_page_waiting_for_a_tap_stops_animating(open_page):
    """The legal targets pulse a few times as they appear, then hold still: a page left waiting
    for a tap repaints nothing (the pulse is a filter; running for ever it kept a quarter of a
    core busy, a phone's battery)."""
    s, ring = first_targets(open_page, guide=False)
    page = s.page
    assert ring.evaluate("(n) => getComputedStyle(n).animationName") == "legal-pulse"  # it does pulse first
    until(page, "() => document.getAnimations().every((a) => a.playState !== 'running')",
          "every animation to end while the page waits for a tap", timeout=15_000,
          also="() => document.getAnimations().filter((a) => a.playState === 'running')"
               ".map((a) => `${a.animationName || a.constructor.name} on ${a.effect?.target?.getAttribute?.('class')}`)")
    assert page.locator("svg.board:not([hidden]) .slot.legal").count() > 0  # still waiting for that tap
