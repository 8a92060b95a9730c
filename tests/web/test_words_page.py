"""Words and small layout fixes on the page (issue 28, items 7 and 14): no keyboard hints on a
touch screen; Spanish says "Conservarla" for one game; the Advanced-setup option on a laptop is
never under the sticky Start button; Hibernia's laps count from 1; the end screen of one person
against the computer shows her own result first on a small screen.

Finished games and saved games come from seeded games played by the engine (as positions.py
does); what the page should say is read from the engine's answers and the catalogs."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cambria import Game
from cambria.ai.players import choose
from cambria.core.record import make_record
from cambria.webapi.session import WebSession
from positions import open_record
from waits import SETTLED, idle, screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
LAPTOP = dict(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
PHONE = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, reduced_motion="reduce")


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def fill(template: str, **args) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(args[m.group(1)]), template)


def end_view(record: dict) -> dict:
    return WebSession().load({"record": record})["view"]


# ------------------------------------------------------------------ keyboard hints

GUIDE = """() => {
  const text = document.querySelector('#coach-text');
  const hint = text && text.querySelector('.keys-hint');
  return { shown: Boolean(text && text.offsetParent), text: text ? text.innerText : '',
           hint: Boolean(hint), hintShown: Boolean(hint && hint.getClientRects().length) };
}"""
RULES_KEYS = """() => { const p = document.querySelector('#rules-body .keys-hint');
  return { there: Boolean(p), shown: Boolean(p && p.getClientRects().length) }; }"""


def guide_at_first_choice(open_page, options: dict) -> tuple:
    """A new Cambria game with the first-turn guide, up to its first choice on the board."""
    s = open_page("?seed=8", locale="en-GB", **options)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    until(page, SETTLED, "the first turn")
    page.get_by_test_id("roll-button").click()
    until(page, "() => window.__cambria.state().mode === 'choosing'", "the choices after the roll")
    idle(page)
    until(page, "() => { const t = document.querySelector('#coach-text'); return Boolean(t && t.offsetParent); }",
          "the guide's line for the first choice")
    return s, page


@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_keyboard_hints_only_where_a_mouse_points(open_page, device):
    en = catalog("en")
    s, page = guide_at_first_choice(open_page, DESKTOP if device == "mouse" else PHONE)
    fine = page.evaluate("matchMedia('(hover: hover) and (pointer: fine)').matches")
    assert fine is (device == "mouse")
    g = page.evaluate(GUIDE)
    assert g["shown"] and g["hint"], g  # the choice says how the keys make it, where they can
    assert g["text"].startswith(fill(en["tutorial.chooseSetup"], die=page.evaluate("window.__cambria.state().view.dice[0]")))
    if device == "mouse":
        assert g["hintShown"] and en["tutorial.keys"] in g["text"], g
    else:
        assert not g["hintShown"], g
        assert not re.search(r"keyboard|arrow|Enter", g["text"], re.I), g["text"]
    # the rules' paragraph on the keyboard likewise
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()
    page.wait_for_selector("#rules-body .rules-section")
    r = page.evaluate(RULES_KEYS)
    assert r["there"] and r["shown"] is (device == "mouse"), r
    s.assert_clean()


# ------------------------------------------------------------------ the first visit, Hibernia chosen

TOASTS = """window.__toasts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.nodeType === 1 && n.closest && n.closest('#toasts')) window.__toasts.push(n.textContent);
  }).observe(document, { subtree: true, childList: true });"""


@pytest.mark.parametrize("lang", ["en", "de", "es", "ru"])
def test_the_first_visit_names_the_site_while_hibernia_is_chosen(site, context_for, lang):
    words = catalog(lang)
    ctx = context_for(locale={"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}[lang], **DESKTOP)
    ctx.add_init_script(TOASTS)
    page = ctx.new_page()
    page.goto(site.url)
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=60000)
    page.get_by_test_id("game-hibernia").check()
    assert page.locator(".brand-name").inner_text().strip().lower() == "hibernia"
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=60000)
    until(page, "(t) => window.__toasts.some((x) => x.includes(t))", "the first visit's offline message",
          arg=words["offline.installed"])
    said = [x for x in page.evaluate("window.__toasts") if words["offline.installed"] in x]
    assert said and not any(re.search(r"Cambria|Hibernia", x) for x in said), said


TOAST_BOXES = """window.__toastBoxes = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.nodeType === 1 && n.closest && n.closest('#toasts')) {
        const b = n.getBoundingClientRect();
        window.__toastBoxes.push({ text: n.textContent, top: b.top, bottom: b.bottom, left: b.left, right: b.right });
      }
  }).observe(document, { subtree: true, childList: true });"""


@pytest.mark.parametrize("size", [(844, 390), pytest.param((1366, 768), marks=pytest.mark.slow)])
def test_the_offline_message_lies_over_the_board_not_the_form_in_landscape(site, context_for, size):
    """On the landscape new-game screen the first visit's message stands over the board's bottom
    edge: it once covered a seat's menu (Spanish, 844×390)."""
    words = catalog("es")
    w, h = size
    ctx = context_for(locale="es-ES", viewport={"width": w, "height": h}, has_touch=w < 1000, is_mobile=w < 1000)
    ctx.add_init_script(TOAST_BOXES)
    page = ctx.new_page()
    page.goto(site.url)
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=60000)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=60000)
    until(page, "(t) => window.__toastBoxes.some((x) => x.text.includes(t))", "the first visit's offline message",
          arg=words["offline.installed"])
    box = next(x for x in page.evaluate("window.__toastBoxes") if words["offline.installed"] in x["text"])
    side = page.evaluate("(() => { const b = document.querySelector('.side').getBoundingClientRect();"
                         " return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; })()")
    board = page.evaluate("(() => { const b = document.querySelector('#board-area').getBoundingClientRect();"
                          " return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; })()")
    assert not overlap(box, side), (box, side)
    assert board["left"] - 1 <= box["left"] and box["right"] <= board["right"] + 1, (box, board)
    assert board["top"] - 1 <= box["top"] and box["bottom"] <= board["bottom"] + 1, (box, board)


# ------------------------------------------------------------------ Spanish: one game kept

def unfinished_record(seed: int) -> dict:
    game = Game("cambria", ["Ana", "Beto", "Caro"], seed=seed)
    return make_record(game)


def test_keeping_one_saved_game_is_singular_in_spanish(open_page, tmp_path):
    es = catalog("es")
    s = open_page(locale="es-ES", **DESKTOP)
    page = s.page
    s.wait_interactive()
    assert page.evaluate("document.documentElement.lang") == "es"
    for i, seed in enumerate((3, 4, 5)):  # each opened game goes on the board; the ones before stay saved
        open_record(page, unfinished_record(seed), tmp_path, f"partida{i}.json")
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("library").wait_for()
    boxes = page.locator('[data-testid="saved-select"]:not([disabled])')
    assert boxes.count() == 3  # the game on the board can be deleted too
    boxes.nth(0).check()
    page.get_by_test_id("delete-selected").click()
    assert page.get_by_test_id("delete-no").inner_text() == es["lib.keepOne"] == "Conservarla"
    page.get_by_test_id("delete-no").click()
    boxes.nth(1).check()
    page.get_by_test_id("delete-selected").click()
    assert page.get_by_test_id("delete-no").inner_text() == es["lib.keep"] == "Conservarlas"
    page.get_by_test_id("delete-no").click()
    assert page.locator('[data-testid="saved-game"]').count() == 3  # nothing was deleted
    s.assert_clean()


# ------------------------------------------------------------------ setup: Advanced vs Start

BOXES = """() => {
  const box = (n) => { const b = n.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
  return { option: box(document.querySelector('#advanced-field')), start: box(document.querySelector('#start')),
           side: box(document.querySelector('.side')) };
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["top"] < b["bottom"] and b["top"] < a["bottom"] and a["left"] < b["right"] and b["left"] < a["right"]


@pytest.mark.parametrize("locale", ["en-GB", pytest.param("es-ES", marks=pytest.mark.slow)])
def test_the_advanced_option_is_on_screen_and_never_under_the_start_button_on_a_laptop(open_page, locale):
    """At 1366×768 Hibernia's Advanced setup is seen at once (next to the game's choice), whole,
    above the start button, and a click on it toggles it without starting a game."""
    s = open_page(locale=locale, **LAPTOP)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("game-hibernia").check()
    until(page, "() => !document.querySelector('#advanced-field').hidden", "the Advanced-setup option")
    # unscrolled: the whole option inside the column and above the start button
    assert page.evaluate("document.querySelector('.side').scrollTop") == 0
    b = page.evaluate(BOXES)
    assert b["option"]["top"] >= b["side"]["top"] and b["option"]["bottom"] <= b["start"]["top"], b
    assert not overlap(b["option"], b["start"]), b
    # a click at the middle of the option's box (where a person aims) toggles it, no game starts
    o = b["option"]
    page.mouse.click((o["left"] + o["right"]) / 2, (o["top"] + o["bottom"]) / 2)
    assert page.get_by_test_id("advanced").is_checked()
    assert page.evaluate("document.querySelector('#app').dataset.screen") == "setup"
    page.mouse.click((o["left"] + o["right"]) / 2, (o["top"] + o["bottom"]) / 2)
    assert not page.get_by_test_id("advanced").is_checked()
    assert page.evaluate("document.querySelector('#app').dataset.screen") == "setup"
    s.assert_clean()


# ------------------------------------------------------------------ Hibernia: laps, own result first

def hibernia_end(kinds: list[str]) -> dict:
    """A Hibernia game one computer's move before its end (the page plays it and shows the end
    screen, as after any game), in which the first person ends last by a clear margin."""
    for seed in range(1, 40):
        game = Game("hibernia", ["Ann", "Bob", "Cy", "Di"][:len(kinds)], seed=seed, player_info=[{"kind": k} for k in kinds])
        rng = random.Random(seed)
        actors = []  # who decides each step (None: chance)
        while not game.is_over():
            if game.is_chance():
                actors.append(None)
                game.roll()
            else:
                actors.append(game.rules.current_player(game.state))
                game.play(choose(game.rules, game.state, "easy", rng).action)
        last = max(i for i, a in enumerate(actors) if a is not None)
        points = {p["index"]: p["points"] for p in end_view(make_record(game))["result"]["players"]}
        if kinds[actors[last]] == "human" or any(points[0] + 6 > v for k, v in points.items() if k):
            continue
        record = make_record(game)
        record.pop("result", None)
        record["steps"] = record["steps"][:last]
        return record
    raise AssertionError("no seeded game ends with the person clearly last and a computer's move")


def open_end(open_page, tmp_path, record: dict, options: dict, lang: str = "en"):
    s = open_page(locale={"en": "en-GB", "de": "de-DE", "ru": "ru-RU", "es": "es-ES"}[lang], **options)
    page = s.page
    s.wait_interactive()
    page.evaluate("localStorage.setItem('cambria:tutorial', 'done')")
    page.evaluate("window.__cambria.setPause(0)")
    path = tmp_path / "end.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#open-file", str(path))
    until(page, "() => !document.querySelector('#end-screen').hidden", "the computer's last move, then the end screen")
    until(page, SETTLED, "the page to settle")
    return s, page, page.evaluate("window.__cambria.state().view.result")


ROWS = """() => [...document.querySelectorAll('#ranking .rank-row')].map((r) => ({
  seat: Number(r.dataset.testid.split('-')[1]), top: r.getBoundingClientRect().top,
  bottom: r.getBoundingClientRect().bottom, detail: r.querySelector('.rank-detail').textContent,
  place: getComputedStyle(r, '::before').content }))"""


def test_hibernia_counts_laps_from_one_and_shows_ones_own_result_first_on_a_phone(open_page, tmp_path):
    en = catalog("en")
    record = hibernia_end(["human", "computer:easy", "computer:easy", "computer:easy"])
    s, page, result = open_end(open_page, tmp_path, record, PHONE)
    rows = page.evaluate(ROWS)
    by_seat = {r["seat"]: r for r in rows}
    for p in result["players"]:  # the lap one is on, from 1: "Lap 1, space 22", never "Lap 0"
        assert by_seat[p["index"]]["detail"] == fill(en["hib.end.detail"], lap=p["lap"] + 1, space=p["space"])
    assert not any(r["detail"].startswith(fill(en["hib.end.detail"], lap=0, space="")) for r in rows)
    # Ann, the one person here, last in the ranking: her row first on the phone, with its place
    shown = sorted(rows, key=lambda r: r["top"])
    assert shown[0]["seat"] == 0 and result["ranking"][-1] == 0, shown
    # the others below her in ranking order; each row's place is counted in the ranking's order
    # (the list's own order), so hers still reads as the last place
    assert [r["seat"] for r in shown[1:]] == result["ranking"][:-1]
    assert [r["seat"] for r in rows] == result["ranking"]
    assert all("counter(rank)" in r["place"] for r in rows), rows
    # every row on the screen: the ranking stays in view
    height = page.evaluate("window.innerHeight")
    assert all(0 <= r["top"] and r["bottom"] <= height for r in rows), (rows, height)
    # the track's label in the scores says the lap from 1 as well
    label = page.get_by_test_id("score-0").get_attribute("aria-label")
    ann = next(p for p in result["players"] if p["index"] == 0)
    assert f"lap {ann['lap'] + 1}" in label, label
    s.assert_clean()


def test_the_end_screen_keeps_the_ranking_order_on_a_wide_screen_and_with_several_people(open_page, tmp_path):
    record = hibernia_end(["human", "computer:easy", "computer:easy", "computer:easy"])
    s, page, result = open_end(open_page, tmp_path, record, DESKTOP)
    shown = sorted(page.evaluate(ROWS), key=lambda r: r["top"])
    assert result["ranking"][0] != 0 and [r["seat"] for r in shown] == result["ranking"]
    assert page.locator("#ranking .rank-row.own").count() == 1  # marked, in its place
    s.context.close()
    record = hibernia_end(["human", "human", "computer:easy", "computer:easy"])
    s, page, result = open_end(open_page, tmp_path, record, PHONE)
    shown = sorted(page.evaluate(ROWS), key=lambda r: r["top"])
    assert result["ranking"][0] != 0 and [r["seat"] for r in shown] == result["ranking"]
    assert not page.locator("#ranking .rank-row.own").count()
