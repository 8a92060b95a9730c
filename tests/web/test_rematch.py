"""Rematch and the remembered setup (issue 28, item 8).

- Rematch on the end screen starts a new game with the same game, map, options and seats (the
  engine's own ``settings`` of the game that ended, passed back): new drawn dice, a new saved
  game, the finished one kept in Saved games;
- the new-game screen opens as it was when a game was last started from it, across a reload;
  a damaged or hand-edited stored setup gives the default screen (or keeps only what fits);
- the replay and the rematch have names that cannot be taken for each other, in every language.

The finished game comes from the engine: a seeded game of the Easy computer, opened one decision
before its end with computer seats only, so the page plays the last move and shows the end.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import positions
from pages import END_SHOWN, fresh_page
from waits import saved_now, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "de", "es", "ru")
SETUP_KEY = "cambria:setup"


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def one_decision_before_the_end(seed: int = 1) -> dict:
    """The record of a finished Easy game on Cumbria (German tiebreak) cut before its last decision,
    every seat a computer of some level (the last decider's Easy: the page plays it at once)."""
    colours = ["green", "red", "blue"]

    def seats(decider: int) -> list[dict]:
        levels = {decider: "easy", (decider + 1) % 3: "normal", (decider + 2) % 3: "hard"}
        return [{"colour": colours[i], "kind": f"computer:{levels[i]}"} for i in range(3)]

    return positions.before_the_last_decision("cambria", "cumbria", ["Ann", "Bob", "Cy"], seed, seats,
                                              options={"german_tiebreak": True})


def seats_of(view: dict) -> list[dict]:
    return [{k: p[k] for k in ("name", "colour", "kind")} for p in view["players"] if not p["neutral"]]


def saved_entries(page) -> list[dict]:
    return page.evaluate("""() => Object.keys(localStorage).filter((k) => /^cambria:v1:game:/.test(k))
      .map((k) => JSON.parse(localStorage.getItem(k)))""")


def test_rematch_starts_the_same_game_again_and_keeps_the_finished_one(open_page, tmp_path):
    record = one_decision_before_the_end()
    s = fresh_page(open_page, locale="es-ES")
    page = s.page
    positions.open_record(page, record, tmp_path)
    until(page, END_SHOWN, "the end screen after the last computer move")
    es = catalog("es")
    assert page.get_by_test_id("end-rematch").inner_text() == es["end.rematch"] == "Revancha"
    assert page.get_by_test_id("end-replay").inner_text() == es["end.replay"]
    old = page.evaluate("window.__cambria.state().view")
    assert old["over"] and len(saved_entries(page)) == 1

    page.get_by_test_id("end-rematch").click()
    until(page, "(uid) => { const v = window.__cambria.state().view; return v && v.uid !== uid; }",
          "the rematch on the board", arg=old["uid"])
    assert page.get_by_test_id("end-screen").is_hidden()
    # the engine's own view of the new game: the same game, map, options and seats, in order
    new = page.evaluate("window.__cambria.request('view', {})")
    assert (new["game"], new["map"], new["game_options"]) == ("cambria", "cumbria", old["game_options"])
    assert new["game_options"]["german_tiebreak"] is True
    assert seats_of(new) == seats_of(old) == [
        {"name": p["name"], "colour": p["colour"], "kind": p["kind"]} for p in record["players"]]
    assert new["step"] < 20 and not new["over"]
    fresh = page.evaluate("window.__cambria.request('record', {})")
    assert fresh["dice"] == "drawn" and "seed" not in fresh  # new dice, drawn as they are rolled
    # two saved games: the finished one as it was, and the rematch
    until(page, "() => Object.keys(localStorage).filter((k) => /^cambria:v1:game:/.test(k)).length === 2",
          "the rematch saved beside the finished game")
    entries = saved_entries(page)
    finished = [e for e in entries if e["summary"]["over"]]
    assert len(finished) == 1 and len(finished[0]["record"]["steps"]) >= len(record["steps"]) + 1
    assert finished[0]["record"]["seed"] == record["seed"]
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("library").wait_for()
    assert page.get_by_test_id("saved-game").count() == 2
    assert page.locator('.saved-game[data-over="true"]').count() == 1
    s.assert_clean()


def choose_setup(page) -> dict:
    """Hibernia, 4 seats, names, a computer level, a colour swap and the advanced setup."""
    page.get_by_test_id("game-hibernia").check()
    page.get_by_test_id("count-4").check()
    names = ["Gráinne", "Brian", "Медб", "Niall"]
    for i, name in enumerate(names):
        page.get_by_test_id(f"name-{i}").fill(name)
    page.get_by_test_id("kind-1").select_option("computer:hard")
    page.get_by_test_id("kind-3").select_option("computer:easy")
    swatch = page.locator('[data-testid^="colour-0-"]').nth(2)
    colour = swatch.get_attribute("value")
    swatch.check()
    page.get_by_test_id("advanced").check()
    return {"names": names, "kinds": ["human", "computer:hard", "human", "computer:easy"], "colour0": colour}


def read_setup(page) -> dict:
    return page.evaluate("""() => {
      const checked = (name) => document.querySelector(`input[name="${name}"]:checked`)?.value;
      const rows = [...document.querySelectorAll('[data-testid^="setup-player-"]')];
      return {
        game: checked('game'), count: checked('count'), map: document.querySelector('#app').dataset.map,
        advanced: document.querySelector('#advanced').checked,
        advancedShown: !document.querySelector('#advanced-field').hidden,
        names: rows.map((_, i) => document.querySelector(`[data-testid="name-${i}"]`).value),
        kinds: rows.map((_, i) => document.querySelector(`[data-testid="kind-${i}"]`).value),
        colours: rows.map((_, i) => checked(`colour-${i}`)),
      };
    }""")


def test_the_new_game_screen_remembers_the_last_setup_across_a_reload(open_page):
    s = fresh_page(open_page)
    page = s.page
    chosen = choose_setup(page)
    before = read_setup(page)
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    saved_now(page)  # the autosave follows the first view by a round trip to the engine
    page.reload()  # the game comes back; the new-game screen is one menu away
    s.wait_interactive()
    screen(page, "game")
    page.on("dialog", lambda d: d.accept())  # "leave this game?"
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new-game").click()
    screen(page, "setup")
    after = read_setup(page)
    assert after == before, (after, before)
    assert after["game"] == "hibernia" and after["count"] == "4" and after["map"] == "hibernia"
    assert after["names"] == chosen["names"] and after["kinds"] == chosen["kinds"]
    assert after["colours"][0] == chosen["colour0"] and after["advanced"] and after["advancedShown"]
    # and a plain reload on the new-game screen shows it too
    page.reload()
    s.wait_interactive()
    screen(page, "setup")
    assert read_setup(page) == before
    s.assert_clean()


DEFAULT = {"game": "cambria", "count": "3", "names": ["Aurelia", "Brennus", "Cartimandua"],
           "kinds": ["human"] * 3, "map": "cambria"}
GOOD = {"game": "hibernia", "map": "hibernia", "count": 3, "options": {"german_tiebreak": False, "advanced": True},
        "seats": [{"name": "Ann", "colour": "grey", "kind": "computer:normal"}, {"name": "Bob", "colour": "white", "kind": "human"},
                  {"name": "Cy", "colour": "pink", "kind": "computer:easy"}]}


# what is stored -> what the screen shows (None: the default setup).  Every shape the reader
# refuses is in test_storage_shapes.py (lastsetup.js readSetup); here, the page over a few.
STORED = [
    (json.dumps(GOOD), {"game": "hibernia", "count": "3", "names": ["Ann", "Bob", "Cy"],
                        "kinds": ["computer:normal", "human", "computer:easy"], "colours": ["grey", "white", "pink"], "advanced": True}),
    ("{", None),
    (json.dumps({**GOOD, "game": "atlantis", "toString": 1}), None),
    # the shape of a setup, values the engine refuses: a count this game lacks (the nearest it has),
    # colours of the other game (its own instead), a level it lacks (a person instead)
    (json.dumps({**GOOD, "count": 5, "seats": [{"name": n, "colour": "red", "kind": "computer:godlike"} for n in "ABCDE"]}),
     {"game": "hibernia", "count": "4", "names": list("ABCD"), "kinds": ["human"] * 4, "fresh_colours": True}),
]


def test_a_damaged_stored_setup_gives_the_default_screen(open_page):
    s = fresh_page(open_page)
    page = s.page
    hib_colours = [c["id"] for c in next(g for g in page.evaluate("window.__cambria.request('info', {})")["games"]
                                         if g["id"] == "hibernia")["colours"]]
    for text, want in STORED:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SETUP_KEY, text])
        page.reload()
        s.wait_interactive()
        screen(page, "setup")
        got = read_setup(page)
        label = text[:80]
        if want is None:
            assert {k: got[k] for k in DEFAULT} == DEFAULT, (label, got)
            continue
        for k in ("game", "count", "names", "kinds", "colours", "advanced"):
            if k in want:
                assert got[k] == want[k], (label, k, got)
        if want.get("fresh_colours"):
            assert got["colours"] == hib_colours[:4], (label, got)
            # and it starts: what the screen shows is a game the engine takes
            page.get_by_test_id("start-button").click()
            screen(page, "game")
            settled(page)
            assert page.locator("#error").is_hidden()
            page.on("dialog", lambda d: d.accept())
            page.get_by_test_id("menu-button").click()
            page.get_by_test_id("menu-new-game").click()
            screen(page, "setup")
    s.assert_clean()


def test_the_replay_and_the_rematch_have_names_that_cannot_be_mistaken():
    """Every language names both; the replay says it is watched, the rematch is the sport's word."""
    rematch = {"en": "Rematch", "de": "Revanche", "es": "Revancha", "ru": "Реванш"}
    watch = {"en": r"^Watch\b", "de": r"Partie nachspielen$", "es": r"^Ver la repetición", "ru": r"^Смотреть повтор"}
    for lang in LANGS:
        cat = catalog(lang)
        assert cat["end.rematch"] == rematch[lang], lang
        assert cat["end.rematchHelp"] and cat["end.rematchHelp"] != cat["end.rematch"], lang
        for key in ("end.replay", "menu.replay"):
            assert re.search(watch[lang], cat[key]), (lang, key, cat[key])
            assert not re.search(r"(?i)repetir|play again|noch einmal|ещё раз", cat[key]), (lang, key, cat[key])
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert 'data-testid="end-rematch" data-i18n="end.rematch"' in html
