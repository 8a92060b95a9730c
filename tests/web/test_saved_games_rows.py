"""The rows of Saved games (issue 28, item 13): on a 390×844 phone in German and Russian nothing
in a row is cut; each row names the players with their scores and whose turn it is; the game on
the board can be deleted (and a tab that only shows it, played in another tab, says why not);
a finished game on the board opens from its row, with the same button in every language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cambria import Game
from cambria.core.record import make_record
from cambria.games.cambria import rules
from waits import screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
STATE = "() => window.__cambria.state()"
SAVED = """() => Object.fromEntries(Object.entries(localStorage)
  .filter(([k]) => k.startsWith('cambria:v')).map(([k, v]) => [k, JSON.parse(v)]))"""
LONG_NAMES = ["Maximiliane", "Aurelianus Felix", "Светозара", "Wolfgang-Amadeus"]

# every piece of text in the rows that is cut: wider than its box, outside its row, or a word
# broken across two lines (a hyphen or a space may end a line, nothing else); and no "null"
CUT = """() => {
  const out = [];
  const brokenWord = (n) => {
    const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.data.matchAll(/[^\\s\\-–]+/g)) {
        const range = document.createRange();
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) return m[0];
      }
    }
    return null;
  };
  for (const row of document.querySelectorAll('[data-testid=library] .saved-game')) {
    const r = row.getBoundingClientRect();
    for (const n of row.querySelectorAll('.badge, .saved-where, .saved-name, .saved-score, .saved-turn, .saved-detail, .saved-why, .saved-names, button')) {
      if (!n.offsetParent) continue; // not shown
      const b = n.getBoundingClientRect();
      const wide = n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible';
      const outside = b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5;
      const clipped = n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).textOverflow === 'ellipsis';
      const broken = brokenWord(n);
      if (wide || outside || clipped || broken) {
        out.push({ text: n.textContent, cls: n.className, sw: n.scrollWidth, cw: n.clientWidth, outside, broken,
                   box: [b.left, b.right, b.top, b.bottom].map(Math.round), row: [r.left, r.right, r.top, r.bottom].map(Math.round) });
      }
    }
    if (/\\b(null|undefined|NaN)\\b/.test(row.textContent)) out.push({ text: row.textContent, cls: 'row' });
  }
  return out;
}"""


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def played(seed: int, players: int, steps: int | None) -> dict:
    """A record of people with long names, ``steps`` steps in (None: to the end)."""
    game = Game("cambria", LONG_NAMES[:players], seed=seed,
                player_info=[{"colour": c, "kind": "human"} for c in ("red", "blue", "yellow", "green")[:players]])
    pick = random.Random(seed)
    while not game.is_over() and (steps is None or len(game.steps) < steps):
        game.roll() if game.is_chance() else game.play(rules.random_action(game.state, pick))
    return make_record(game)


def page_in(open_page, locale: str):
    s = open_page(locale=locale, guide=False, **PHONE)
    s.wait_interactive()
    return s


def open_record(page, tmp_path, record: dict, name: str, saved: int = 1) -> None:
    """Open a game file; wait until it is on the board and Saved games holds ``saved`` games (the
    autosave follows the opening by a round trip to the engine: the next file must wait for it)."""
    path = tmp_path / name
    path.write_text(json.dumps(record))
    page.set_input_files("#open-file", str(path))
    screen(page, "game", "the opened game on the board")
    settled(page, "the opened game to settle", at_least=len(record["steps"]))
    until(page, "(n) => Object.keys(localStorage).filter((k) => k.startsWith('cambria:v')).length >= n",
          "the opened game in Saved games", arg=saved)


def open_library(page) -> None:
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("library").wait_for()


def saved(page) -> dict:
    return page.evaluate(SAVED)


@pytest.mark.parametrize("lang,locale", [("de", "de-DE"), ("ru", "ru-RU")])
def test_rows_are_whole_with_scores_and_whose_turn_and_the_game_on_the_board_can_go(open_page, tmp_path, lang, locale):
    s = page_in(open_page, locale)
    page = s.page
    words = catalog(lang)
    records = [played(4, 2, None), played(5, 3, 30), played(6, 4, 45)]
    for i, record in enumerate(records):
        open_record(page, tmp_path, record, f"game{i}.json", saved=i + 1)
    until(page, "() => Object.keys(localStorage).filter((k) => k.startsWith('cambria:v')).length === 3", "three saved games")
    view = page.evaluate(STATE)["view"]  # the last one is on the board
    open_library(page)
    rows = page.get_by_test_id("saved-game")
    assert rows.count() == 3
    cut = page.evaluate(CUT)
    assert cut == [], json.dumps(cut)
    on_board = page.locator(".saved-game.playing")
    assert on_board.count() == 1 and on_board.get_by_test_id("saved-on-board").inner_text().strip().lower() == words["lib.onBoard"].lower()

    # each player by name with the score the game shows, and whose turn it is
    players = on_board.locator(".saved-player")
    seats = [p for p in view["players"] if not p.get("neutral")]
    assert players.count() == len(seats)
    for k, p in enumerate(seats):
        row = players.nth(k)
        assert row.locator(".saved-name").inner_text() == p["name"]
        assert row.get_by_test_id("saved-score").inner_text() == str(view["points"][p["index"]])
        assert (row.get_by_test_id("saved-turn").count() == 1) == (p["index"] == view["current"])
        if p["index"] == view["current"]:
            assert row.get_by_test_id("saved-turn").inner_text().strip().lower() == words["lib.toMove"].lower()
    finished = page.locator('.saved-game[data-over="true"]')
    assert finished.get_by_test_id("saved-turn").count() == 0
    assert finished.get_by_test_id("saved-score").count() == 2

    # the game on the board can be deleted: after a word that it closes, the new-game screen
    uid = view["uid"]
    before = {k for k, v in saved(page).items() if v.get("summary", {}).get("step") == view["step"]}
    box = on_board.get_by_test_id("saved-select")
    assert box.is_enabled()
    box.check()
    page.get_by_test_id("delete-selected").click()
    assert words["lib.confirmOnBoard"] in page.get_by_test_id("delete-confirm").inner_text()
    page.get_by_test_id("delete-yes").click()
    until(page, "() => window.__cambria.state().mode === 'setup'", "the new-game screen after deleting the game on the board")
    assert page.get_by_test_id("saved-game").count() == 2
    left = saved(page)
    assert len(left) == 2 and not (before & set(left)), left.keys()
    assert all(v["record"]["steps"] != records[2]["steps"] for v in left.values())
    cut = page.evaluate(CUT)
    assert cut == [], cut
    # nothing brings it back: the page plays it no more
    page.get_by_test_id("library-close").click()
    page.reload()
    s.wait_interactive()
    assert len(saved(page)) == 2 and page.evaluate(STATE)["mode"] == "setup"
    assert page.evaluate(STATE)["view"] is None or page.evaluate(STATE)["view"]["uid"] != uid
    s.assert_clean()


def test_the_game_on_the_board_played_in_another_tab_says_why_it_cannot_go_here(open_page, tmp_path):
    s = page_in(open_page, "en-GB")
    page = s.page
    open_record(page, tmp_path, played(7, 3, 25), "game.json")
    other = s.context.new_page()  # a second tab: it shows the game, the first one plays it
    other.goto(page.url)
    until(other, "() => window.__cambria && window.__cambria.loaded && window.__cambria.state().view !== null",
          "the second tab to show the game")
    until(other, "() => !document.querySelector('#elsewhere').hidden", "the second tab to say another tab plays it")
    open_library(other)
    row = other.locator(".saved-game.playing")
    assert row.get_by_test_id("saved-select").is_disabled()
    assert row.get_by_test_id("saved-why").inner_text() == catalog("en")["lib.playedElsewhere"]
    # the tab that plays it can
    open_library(page)
    assert page.locator(".saved-game.playing").get_by_test_id("saved-select").is_enabled()
    assert page.locator(".saved-game.playing").get_by_test_id("saved-why").count() == 0
    other.close()
    s.assert_clean()


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("de", "de-DE"), ("es", "es-ES"), ("ru", "ru-RU")])
def test_a_finished_game_on_the_board_opens_from_its_row(open_page, tmp_path, lang, locale):
    s = page_in(open_page, locale)
    page = s.page
    words = catalog(lang)
    record = played(8, 2, None)
    open_record(page, tmp_path, record, "finished.json")
    assert page.evaluate(STATE)["mode"] == "over"
    # looking back at it in the replay, the player opens Saved games and picks the game
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-replay").click()
    page.get_by_test_id("replay-bar").wait_for()
    page.get_by_test_id("replay-start").click()
    until(page, "() => window.__cambria.state().mode === 'replay'", "the replay")
    open_library(page)
    row = page.locator(".saved-game.playing")
    assert row.get_attribute("data-over") == "true"
    buttons = [b.strip() for b in row.locator(".saved-buttons button").all_inner_texts()]
    # the same "Open" as any finished game, and its review (reviewdialog.js)
    assert buttons == [words["lib.open"], words["lib.review"], words["lib.export"]], buttons
    cut = page.evaluate(CUT)
    assert cut == [], cut
    row.get_by_test_id("saved-continue").click()
    page.get_by_test_id("library").wait_for(state="hidden")
    until(page, "(n) => { const s = window.__cambria.state(); return !s.busy && s.mode === 'over' && s.view.step === n; }",
          "the finished game open at its end", arg=len(record["steps"]))
    assert page.get_by_test_id("replay-bar").is_hidden()
    s.assert_clean()
