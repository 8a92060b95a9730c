"""Hibernia on the page beyond the taps of a whole game (tests/web/test_hibernia_play.py): the
rules screen of the game on the table, the keyboard, the guided first turn, the hint, autosave
and resume, the saved-games list, export and import, and the replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from waits import SETTLED, idle, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})


def open_rules(page) -> None:
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()
    page.locator("#rules").wait_for(state="visible")
    page.wait_for_selector("#rules-body .rules-section")


def close_rules(page) -> None:
    page.get_by_test_id("rules-close").click()
    assert page.locator("#rules").is_hidden()


def start_hibernia(page, n: int = 4, computers: str = "easy", people: int = 1) -> None:
    """A Hibernia game from the new-game screen: the first `people` seats persons, the rest computers."""
    page.get_by_test_id("game-hibernia").click()
    page.get_by_test_id(f"count-{n}").click()
    for seat in range(people, n):
        page.get_by_test_id(f"kind-{seat}").select_option(f"computer:{computers}")
    page.get_by_test_id("start-button").click()
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the game to start")
    until(page, SETTLED, "the computers to move up to a person's turn")


def test_the_rules_screen_follows_the_game(open_page):
    s = open_page(**DESKTOP)
    page = s.page
    s.wait_interactive()
    # Cambria on the new-game screen: Cambria's rules
    open_rules(page)
    assert page.locator("#rules-body").get_attribute("data-game") == "cambria"
    assert page.locator("#rules-legion").count() == 1
    assert page.locator('#rules-body svg[data-diagram="walk"]').count() == 0
    close_rules(page)
    # Hibernia picked: Hibernia's, with its own sections and diagrams
    page.get_by_test_id("game-hibernia").click()
    open_rules(page)
    assert page.locator("#rules-body").get_attribute("data-game") == "hibernia"
    assert page.locator("#rules-protect h3").inner_text() == "Protection"
    assert page.locator('#rules-body svg[data-diagram="walk"]').count() == 1
    assert page.locator("#rules-legion").count() == 0
    close_rules(page)
    # a Hibernia game on the table, in German
    page.evaluate("window.__cambria.setPause(0)")
    start_hibernia(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("lang-de").click()
    open_rules(page)
    until(page, "() => document.querySelector('#rules-body').lang === 'de'", "the German rules")
    assert page.locator("#rules-body").get_attribute("data-game") == "hibernia"
    assert page.locator("#rules-protect h3").inner_text() == "Schutz"
    close_rules(page)
    # back to Cambria on the new-game screen: Cambria's again
    page.once("dialog", lambda d: d.accept())
    page.get_by_test_id("menu-button").click()
    page.locator('[data-action="new-game"]').click()
    page.get_by_test_id("game-cambria").click()
    open_rules(page)
    assert page.locator("#rules-body").get_attribute("data-game") == "cambria"
    assert page.locator("#rules-legion").count() == 1
    close_rules(page)
    s.assert_clean()


OVERLAP = """() => {
  const boxes = [...document.querySelectorAll('#toasts .toast')].map(t => t.getBoundingClientRect());
  const spaces = [...document.querySelectorAll('#board-hibernia .track-space')].map(s => s.getBoundingClientRect());
  const top = Math.min(...spaces.map(r => r.top));
  const row = spaces.filter(r => r.top < top + 4);  // the track's top row
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return { toasts: boxes.length, row: row.length,
           covered: row.filter(r => boxes.some(b => hit(b, r))).length };
}"""


def test_on_a_phone_the_start_toasts_leave_the_track_free(open_page):
    s = open_page("?seed=3", reduced_motion="reduce", **PHONE)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    page.get_by_test_id("game-hibernia").click()
    page.get_by_test_id("start-button").click()
    until(page, "() => document.querySelectorAll('#toasts .toast.start').length > 0", "the start player's toast")
    for scroll in (0, 60):  # at the top of the page and scrolled so the board's top meets the screen's
        page.evaluate(f"window.scrollTo(0, {scroll})")
        seen = page.evaluate(OVERLAP)
        assert seen["toasts"] >= 1 and seen["row"] >= 8, seen
        assert seen["covered"] == 0, seen
    s.assert_clean()


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


COACH = """() => {
  const card = document.querySelector('[data-testid="tutorial"]');
  const s = window.__cambria.state();
  const target = document.querySelector('.coach-target');
  // the guide's words, apart from the keyboard's hint it adds on a desktop (a .keys-hint)
  const words = card ? [...card.querySelector('.coach-text').childNodes].filter((n) => !(n.classList && n.classList.contains('keys-hint'))) : null;
  return { shown: Boolean(card && !card.hidden), text: words ? words.map((n) => n.textContent).join('').trim() : null,
           keys: Boolean(card && card.querySelector('.coach-text .keys-hint')),
           target: target ? (target.id || target.dataset.testid) : null, mode: s.mode,
           phase: s.view && s.view.phase, stage: s.opts && s.opts.stage, complete: Boolean(s.opts && s.opts.complete),
           forced: s.opts ? s.opts.forced : null, partial: s.partial,
           slots: [...document.querySelectorAll('#extra-choices button')].map(b => b.dataset.token)
             .filter(t => t === 'die' || t === 'extra'),
           undo: !document.querySelector('#undo').disabled };
}"""


def first_choice(page) -> None:
    """Tap the first lit county (keyboard-free, by its element), else the first button offered."""
    if page.locator("#board-hibernia .county.legal").count():
        page.locator("#board-hibernia .county.legal .county-name").first.dispatch_event("click", {"bubbles": True})
    else:
        page.locator("#extra-choices button").first.click()
    idle(page)


def test_the_guided_first_turn_of_hibernia(open_page):
    en = catalog("en")
    s = open_page("?seed=8", reduced_motion="reduce", **DESKTOP)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    start_hibernia(page)
    c = page.evaluate(COACH)
    for _ in range(3):  # chance's own steps (the forts, the start player) first, if they are due
        if c["text"] != en["hib.tutorial.rollSetup"]:
            break
        assert c["mode"] == "awaiting_roll" and c["target"] == "roll"
        step = int(page.locator("#app").get_attribute("data-step"))
        page.get_by_test_id("roll-button").click()
        until(page, "(n) => Number(document.querySelector('#app').dataset.step) > n", "the chance step", arg=step)
        until(page, SETTLED, "the page to settle")
        c = page.evaluate(COACH)
    assert c["mode"] == "awaiting_roll" and c["shown"] and c["text"] == en["hib.tutorial.roll"] and c["target"] == "roll"
    page.get_by_test_id("roll-button").click()
    until(page, "() => window.__cambria.state().mode === 'choosing'", "the choices after the roll")
    idle(page)
    said = set()
    turn_over = False
    for _ in range(30):
        c = page.evaluate(COACH)
        if c["mode"] != "choosing":
            turn_over = True
            break
        assert c["shown"], c
        said.add(c["text"])
        if c["complete"] and len(c["partial"]) > c["forced"]:
            assert c["text"] == en["hib.tutorial.confirm"] and c["target"] == "confirm", c
            page.get_by_test_id("confirm-button").click()
            until(page, "() => !document.querySelector('#app').classList.contains('busy')", "the move to be played")
            until(page, SETTLED, "the page to settle")
            continue
        # which action comes first is never asked: the county tapped decides it
        assert not c["slots"], c
        if c["stage"] == "second":
            # the turn's other action, composed with the first (one Confirm): Undo takes the first back
            assert c["partial"] and c["undo"], c
            assert c["text"] in (en["hib.tutorial.second"], en["hib.tutorial.muster"]), c
        elif c["stage"] == "source":
            assert c["text"] == en["hib.tutorial.source"], c
        elif c["stage"] == "target":
            assert c["text"] in (en["hib.tutorial.county"], en["hib.tutorial.muster"]), c
            assert c["keys"] == (c["text"] == en["hib.tutorial.county"]), c  # "arrow keys, then Enter" with a mouse
        first_choice(page)
    assert turn_over
    assert en["hib.tutorial.second"] in said or en["hib.tutorial.muster"] in said  # the turn's second action
    # the guide closes itself after the turn; its last word goes by as a toast
    until(page, "() => document.querySelector('[data-testid=tutorial]').hidden", "the guide to close itself")
    until(page, "(t) => [...document.querySelectorAll('#toasts .toast')].some((n) => n.textContent.includes(t))",
          "the guide's last word, as a toast", arg=en["hib.tutorial.done"])
    # never a word of Cambria's guide in Hibernia
    assert not any(text == en[k] for text in said for k in en if k.startswith("tutorial."))
    s.assert_clean()


FOCUS = """() => {
  const a = document.activeElement;
  const s = window.__cambria.state();
  return { tag: a ? a.tagName + '.' + (a.getAttribute('class') || '') + '#' + (a.parentNode && a.parentNode.id) : null, county: a && a.dataset ? a.dataset.county || null : null, legal: Boolean(a && a.classList && a.classList.contains('legal')),
           label: a && a.getAttribute ? a.getAttribute('aria-label') : null, id: a ? a.id : null,
           token: a && a.dataset ? a.dataset.token || null : null,
           inGame: Boolean(a && a.closest && a.closest('svg.board, #play')), inMenu: Boolean(a && a.closest && a.closest('#choice-menu')),
           mode: s.mode, step: s.view && s.view.step, partial: s.partial, forced: s.opts ? s.opts.forced : 0,
           complete: Boolean(s.opts && s.opts.complete), lit: document.querySelectorAll('#board-hibernia .county.legal').length };
}"""

BOARD_JSON = json.loads((ROOT / "cambria" / "games" / "hibernia" / "data" / "board.json").read_text(encoding="utf-8"))


def check_labels(page) -> int:
    """Every county's accessible name says its name, who holds it and how many soldiers (as the engine has it)."""
    view = page.evaluate("() => window.__cambria.request('view', {})")
    pos = view["position"]
    names = {p["index"]: ("Neutral" if p["neutral"] else p["name"]) for p in view["players"]}
    labels = page.evaluate("() => [...document.querySelectorAll('#board-hibernia .county')].map(c => c.getAttribute('aria-label'))")
    held = 0
    for c, label, owner, count in zip(BOARD_JSON["counties"], labels, pos["owner"], pos["count"], strict=True):
        assert label.startswith(f"{c['name']}, {c['colour']}: "), label
        if owner is None:
            assert "empty" in label, label
        else:
            held += 1
            assert f": {names[owner]}, {count} soldier" in label, (label, names[owner], count)
        assert label.endswith(", fort") == c["fort"], label
    return held


def test_a_turn_of_hibernia_by_keyboard(open_page):
    s = open_page("?seed=21", reduced_motion="reduce", guide=False, **DESKTOP)  # no guide card in the tab order
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    start_hibernia(page)
    check_labels(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(60):  # Tab into the game
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS)["inGame"]:
            break
    assert page.evaluate(FOCUS)["inGame"]
    played = 0
    undone = False
    tabs = 0
    for _ in range(200):
        until(page, SETTLED, "the page to answer the last key")
        f = page.evaluate(FOCUS)
        if f["mode"] == "awaiting_roll":
            page.keyboard.press("r")
            until(page, "(n) => window.__cambria.state().view.step > n", "the roll", arg=f["step"])
            until(page, SETTLED, "the page to settle after the roll")
            continue
        if f["mode"] != "choosing":
            until(page, SETTLED, "a person's turn")
            if page.evaluate(FOCUS)["mode"] == "over":
                break
            continue
        if f["complete"] and len(f["partial"]) > f["forced"]:
            if not undone:  # U takes the last choice back, then it is made again
                page.keyboard.press("u")
                until(page, "(n) => window.__cambria.state().partial.length < n && !window.__cambria.state().busy",
                      "the undo", arg=len(f["partial"]))
                undone = True
                continue
            page.keyboard.press("c")
            until(page, "(n) => window.__cambria.state().view.step > n", "the move to be played", arg=f["step"])
            until(page, SETTLED, "the page to settle")
            played += 1
            if played >= 3:
                break
            continue
        if f["county"] and f["legal"]:
            assert f["label"], f
            if f["lit"] > 1:  # the arrows go to another lit county
                page.keyboard.press("ArrowRight")
                until(page, """(c) => { const a = document.activeElement;
                                return a && a.classList.contains('legal') && a.dataset.county && a.dataset.county !== c; }""",
                      "the arrow to bring the focus to another lit county", arg=f["county"])
        elif not (f["inMenu"] or f["token"]):  # not on a choice (the log, say): Tab on to one
            tabs += 1
            assert tabs < 40, f
            page.keyboard.press("Tab")
            continue
        tabs = 0
        before = len(f["partial"])
        page.keyboard.press("Enter")
        until(page, "(n) => window.__cambria.state().partial.length > n && !document.querySelector('#app').classList.contains('busy')"
                    " || window.__cambria.state().menu !== null",
              "the choice to be taken", arg=before)
    assert played >= 3 and undone
    assert check_labels(page) >= 4
    s.assert_clean()


def test_county_names_in_russian(open_page):
    s = open_page("?seed=4", locale="ru-RU", reduced_motion="reduce", **PHONE)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    page.get_by_test_id("game-hibernia").click()
    text = ("(id) => [...document.querySelectorAll(`#board-hibernia .county[data-county='${id}'] .county-name tspan`)]"
            ".map(t => t.textContent).join(' ')")
    assert page.evaluate(text, "MEA") == "Мит"
    assert page.evaluate(text, "LCK") == "Лиишь, Карлоу и Килкенни"
    start_hibernia(page)
    label = page.locator('#board-hibernia .county[data-county="WAT"]').get_attribute("aria-label")
    assert label.startswith("Уотерфорд, зелёный: "), label
    # and in English again after a switch from the menu
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("lang-en").click()
    until(page, """() => document.querySelector("#board-hibernia .county[data-county='MEA'] .county-name").textContent === 'Meath'""",
          "the map's names in English")
    until(page, """() => document.querySelector("#board-hibernia .county[data-county='WAT']")
                         .getAttribute('aria-label').startsWith('Waterford, green')""", "the counties' labels in English")
    s.assert_clean()


BRAND = "() => ({ brand: document.querySelector('.topbar .brand-name').textContent, title: document.title })"


def test_the_top_bar_and_the_window_name_the_game_played(open_page):
    """The top bar and the window's title say Hibernia while Hibernia is picked or played (in
    any language), and Cambria again when Cambria is picked."""
    s = open_page(**DESKTOP)
    page = s.page
    s.wait_interactive()
    assert page.evaluate(BRAND) == {"brand": "Cambria", "title": "Cambria"}
    page.get_by_test_id("game-hibernia").click()
    assert page.evaluate(BRAND) == {"brand": "Hibernia", "title": "Hibernia"}
    assert page.locator(".topbar .brand-name").is_visible()
    page.evaluate("window.__cambria.setPause(0)")
    start_hibernia(page)
    assert page.evaluate(BRAND) == {"brand": "Hibernia", "title": "Hibernia"}
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("lang-ru").click()
    until(page, "() => document.documentElement.lang === 'ru'", "the Russian page")
    assert page.evaluate(BRAND) == {"brand": "Hibernia", "title": "Hibernia"}
    # a reload resumes the game: still Hibernia
    page.reload()
    s.wait_interactive()
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the resumed game")
    assert page.evaluate(BRAND) == {"brand": "Hibernia", "title": "Hibernia"}
    # back to the new-game screen, Cambria picked
    page.once("dialog", lambda d: d.accept())
    if page.locator("#menu").is_hidden():
        page.get_by_test_id("menu-button").click()
    page.locator('[data-action="new-game"]').click()
    page.get_by_test_id("game-cambria").click()
    assert page.evaluate(BRAND) == {"brand": "Cambria", "title": "Cambria"}
    s.assert_clean()
