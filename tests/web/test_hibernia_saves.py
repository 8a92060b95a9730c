"""A game of Hibernia kept and brought back: autosave and resume after a reload with the same
die, the saved-games list, export then import, the replay, and the Hint button.  One person
(Ann) against three Easy computers that move at once (setPause(0))."""

from __future__ import annotations

import json

import pytest

from cambria.core.record import load_record
from test_hibernia_page import DESKTOP, PHONE, start_hibernia
from waits import SETTLED, idle, saved_now, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

RECORD = "() => window.__cambria.request('record', {})"
VIEW = "() => window.__cambria.request('view', {})"
STATE = "() => window.__cambria.state()"


def shown(page) -> dict:
    """The position as the page draws it: each county's chip, the markers' spaces, the step."""
    return page.evaluate("""() => ({
      step: Number(document.querySelector('#app').dataset.step),
      counties: [...document.querySelectorAll('#board-hibernia .county')].map(c =>
        document.querySelector(`#hibernia-spot-${c.dataset.county}-0`).dataset.shown || ''),
      markers: [...document.querySelectorAll('#board-hibernia .hib-marker')].map(m => m.dataset.seat + '@' + m.dataset.space).sort(),
    })""")


def expected(game) -> list[str]:
    s = game.state
    return ["" if s.owner[i] < 0 else f"{s.owner[i]}:{s.count[i]}" for i in range(len(s.owner))]


def play_until_roll(page, turns: int = 1) -> None:
    """Ann plays `turns` whole turns (Hard's hint each time), then waits for her next roll."""
    for _ in range(turns + 1):
        until(page, SETTLED, "Ann's turn")
        st = page.evaluate(STATE)
        while st["mode"] == "awaiting_roll" and st["view"]["roll"]["kind"] != "colour":
            page.get_by_test_id("roll-button").click()  # the forts are drawn by the first seat
            until(page, "(n) => window.__cambria.state().view.step > n", "the forts", arg=st["view"]["step"])
            until(page, SETTLED, "Ann's turn")
            st = page.evaluate(STATE)
        if _ == turns:
            return
        page.get_by_test_id("roll-button").click()
        until(page, "() => window.__cambria.state().mode === 'choosing'", "the choices")
        for _decision in range(2):
            idle(page)
            st = page.evaluate(STATE)
            if st["mode"] != "choosing":
                break
            page.get_by_test_id("hint-button").click()
            until(page, "() => { const s = window.__cambria.state(); return s.opts && s.opts.complete && !s.busy; }", "the hint")
            page.get_by_test_id("confirm-button").click()
            until(page, "(n) => window.__cambria.state().view.step > n", "the move", arg=st["view"]["step"])


def new_table(open_page, seed: int, **options):
    s = open_page(f"?seed={seed}", reduced_motion="reduce", **options)
    s.wait_interactive()
    s.page.evaluate("localStorage.setItem('cambria:tutorial', 'done')")
    s.page.evaluate("window.__cambria.setPause(0)")
    start_hibernia(s.page)
    return s, s.page


def test_a_reload_keeps_the_game_and_the_die_to_come(open_page):
    s, page = new_table(open_page, 61, **PHONE)
    play_until_roll(page, turns=1)
    record = page.evaluate(RECORD)
    assert record["game"] == "hibernia"
    before = shown(page)
    saved_now(page)
    # what the next roll must show: the seed's own, whatever happens to the page
    game = load_record(record)
    game.roll()
    die = game.state.die
    page.reload()
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the game to come back")
    until(page, SETTLED, "Ann's roll again")
    assert shown(page) == before
    assert page.evaluate(STATE)["mode"] == "awaiting_roll"
    page.get_by_test_id("roll-button").click()
    until(page, "() => window.__cambria.state().mode === 'choosing'", "the choices")
    view = page.evaluate(VIEW)
    faces = ["blue", "green", "red", "yellow", "black", "purple"]
    assert view["die"] == faces[die]
    # a choice made, then a reload: the same choice is still there
    before_tap = len(page.evaluate(STATE)["partial"])
    if page.locator("#extra-choices button").count():
        page.locator("#extra-choices button").first.click()
    else:
        page.locator("#board-hibernia .county.legal .county-name").first.dispatch_event("click", {"bubbles": True})
    until(page, "(n) => window.__cambria.state().partial.length > n && !window.__cambria.state().busy", "the choice", arg=before_tap)
    partial_before = page.evaluate(STATE)["partial"]
    saved_now(page)  # the autosave of the choice follows it
    page.reload()
    s.wait_interactive()
    until(page, SETTLED, "Ann's choice again")
    assert page.evaluate(VIEW)["die"] == faces[die]
    assert page.evaluate(STATE)["partial"] == partial_before
    s.assert_clean()


def test_saved_games_export_import_and_replay(open_page, tmp_path):
    s, page = new_table(open_page, 62, **DESKTOP)
    play_until_roll(page, turns=2)
    record = page.evaluate(RECORD)
    total = page.evaluate(VIEW)["step"]
    live = shown(page)
    # the panel says what its symbols mean; the log's note names the round
    round_ = page.evaluate(VIEW)["position"]["round"]
    assert page.get_by_test_id("score-legend").inner_text().startswith("⚔ soldiers in supply · ▣ counties held")
    assert page.get_by_test_id("forts-left").inner_text() in (f"Round {round_}", f"Round {round_}, the last")
    # the saved-games list holds it, marked as the one on the board, at the same round (not "turn")
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("library").wait_for()
    row = page.locator(".saved-game.playing")
    assert row.count() == 1
    assert row.locator(".saved-where").inner_text() == f"Hibernia · round {round_}"
    with page.expect_download() as download:
        row.get_by_test_id("saved-export").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["game"] == "hibernia" and exported["steps"] == record["steps"]
    page.get_by_test_id("library-close").click()
    # a new game of Cambria, then the file opened again: Hibernia at the same step
    page.once("dialog", lambda d: d.accept())
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new-game").click()
    page.get_by_test_id("game-cambria").click()
    page.get_by_test_id("start-button").click()
    until(page, SETTLED, "the Cambria game")
    assert page.evaluate(VIEW)["game"] == "cambria"
    path = tmp_path / "hibernia.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-library").click()
    page.get_by_test_id("import-file").set_input_files(str(path))
    until(page, "(n) => window.__cambria.state().view && window.__cambria.state().view.game === 'hibernia'"
                " && window.__cambria.state().view.step === n", "the imported game", arg=total)
    until(page, SETTLED, "the imported game to settle")
    assert shown(page) == live
    # the replay: back a few steps, the board as the record has it then; the end brings it back
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-replay").click()
    page.get_by_test_id("replay-bar").wait_for()
    assert page.locator("#board-hibernia .county.legal").count() == 0

    def at(n: int) -> None:
        until(page, "(n) => document.querySelector('#app').dataset.replayStep === String(n)"
              " && !document.querySelector('#app').classList.contains('busy')", f"the replay at step {n}", arg=n)
        assert shown(page)["counties"] == expected(load_record(record, upto=n))

    page.get_by_test_id("replay-end").click()  # it opens at the start of the person's last turn (test_log.py)
    at(total)
    page.get_by_test_id("replay-back").click()
    at(total - 1)
    page.get_by_test_id("replay-slider").fill(str(total // 2))
    at(total // 2)
    page.get_by_test_id("replay-end").click()
    at(total)
    page.get_by_test_id("replay-exit").click()
    page.get_by_test_id("replay-bar").wait_for(state="hidden")
    until(page, SETTLED, "the live game again")
    assert shown(page) == live
    s.assert_clean()


def test_the_hint_lays_out_a_legal_move(open_page):
    s, page = new_table(open_page, 63, **DESKTOP)
    play_until_roll(page, turns=0)
    page.get_by_test_id("roll-button").click()
    until(page, "() => window.__cambria.state().mode === 'choosing'", "the choices")
    idle(page)
    legal = {str(a) for a in load_record(page.evaluate(RECORD)).legal_actions()}
    page.get_by_test_id("hint-button").click()
    until(page, "() => { const s = window.__cambria.state(); return s.opts && s.opts.complete && !s.busy; }", "the hint")
    st = page.evaluate(STATE)
    assert st["opts"]["action"] in legal
    assert st["partial"] and page.get_by_test_id("confirm-button").is_enabled()
    step = st["view"]["step"]
    page.get_by_test_id("confirm-button").click()
    until(page, "(n) => window.__cambria.state().view.step > n", "the hinted move to be played", arg=step)
    assert any(line["seat"] == 0 and line["step"] > step for line in page.evaluate(VIEW)["log"])
    s.assert_clean()
