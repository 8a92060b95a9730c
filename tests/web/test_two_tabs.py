"""Two tabs on one saved game lose nothing (web/tabs.js): a game is played in one tab at a time.

Two pages of one browser context (the same storage, as two tabs of one browser) open the same
game: the second shows it read-only, with "This game is open in another tab — Continue here";
taking it over makes the first read-only at once and brings every step it played, and the
save ends with every step played in either tab.  A tab closed in the middle of a turn (choices
made, not confirmed) lets the other continue with one tap, with those choices.

Before tabs.js, the second tab played on from the position it had read and each tab's autosave
wrote over the other's: steps were lost without a word."""

from __future__ import annotations

import random

import pytest

from cambria.core.record import load_record
from cambria.games.cambria.definition import action_steps
from test_persistence import DESKTOP, Table
from positions import open_record
from waits import screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

RECORD = "() => window.__cambria.request('record', {})"
# the one saved game's record, as the storage holds it now
SAVED = """() => {
  const keys = Object.keys(localStorage).filter((k) => /^cambria:v\\d+:game:/.test(k));
  if (keys.length !== 1) throw new Error(`one saved game expected, not ${keys.length}`);
  return JSON.parse(localStorage.getItem(keys[0])).record;
}"""
# Web Locks and BroadcastChannel taken away: tabs.js falls back to a lease and storage events
NO_LOCKS = """
Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
delete window.BroadcastChannel;
"""
LEASES = """() => {
  if (navigator.locks === undefined !== (typeof BroadcastChannel === 'undefined')) throw new Error('half a fallback');
  return Object.keys(localStorage).filter((k) => k.startsWith('cambria:tab:')).length;
}"""
# This page's requests for the record (its saves) wait until another tab asks for the game:
# the takeover comes while a save is in flight
SAVE_WHEN_ASKED = """() => {
  const post = Worker.prototype.postMessage;
  const waiting = [];
  let asked = false;
  new BroadcastChannel('cambria:tabs').addEventListener('message', (e) => {
    if (e.data && e.data.type === 'let-go') { asked = true; waiting.splice(0).forEach((send) => send()); }
  });
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'record' && !asked) waiting.push(() => post.call(this, message, ...rest));
    else post.call(this, message, ...rest);
  };
}"""
READ_ONLY = """() => document.querySelector('#app').classList.contains('read-only')
  && !document.querySelector('#elsewhere').hidden"""
# what a player could press or tap in this tab now
LIVE_CONTROLS = """() => {
  const app = document.querySelector('#app');
  const shown = (el) => el && !el.hidden && el.offsetParent !== null;
  const buttons = [...document.querySelectorAll('#actions button')].filter((b) => shown(b) && !b.disabled);
  const board = document.querySelector(`#board-${app.dataset.map}`);
  return buttons.map((b) => b.id || b.dataset.token).concat(
    [...board.querySelectorAll('.slot.legal, .boat.legal')].map((n) => 'board:' + (n.dataset.road || n.dataset.boat)));
}"""


def second_tab(first, site) -> Table:
    """Another tab of the same browser (same context, same storage), opening the site."""
    page = first.context.new_page()
    page.on("pageerror", lambda exc: first.page_errors.append(str(exc)))
    page.goto(site.url)
    session = type(first)(context=first.context, page=page, origin=first.origin)
    session.wait_interactive()
    return Table(session)


def steps(table: Table) -> list[str]:
    return table.page.evaluate(RECORD)["steps"]


def assert_read_only(table: Table, reason: str) -> None:
    until(table.page, READ_ONLY, reason)
    bar = table.page.get_by_test_id("elsewhere")
    assert "another tab" in bar.inner_text() and table.page.get_by_test_id("continue-here").is_visible()
    assert table.page.evaluate(LIVE_CONTROLS) == [], "a read-only tab offers something to press or tap"


def take_over(table: Table) -> None:
    """Continue here: the game comes from the latest save and this tab plays it."""
    table.page.get_by_test_id("continue-here").click()
    until(table.page, f"() => !({READ_ONLY})()", "the tab to take the game over")
    settled(table.page)


def play(table: Table, rng: random.Random, count: int, played: list[list[str]]) -> None:
    for _ in range(count):
        table.advance(rng)
        played.append(steps(table))
    table.saved_now()


def to_setup(table: Table) -> None:
    table.page.get_by_test_id("menu-button").click()
    table.page.once("dialog", lambda d: d.accept())  # leave the game on the board
    table.page.get_by_test_id("menu-new-game").click()
    screen(table.page, "setup")


def test_two_tabs_take_turns_on_one_game_and_lose_no_step(open_page, site, tmp_path):
    first = Table(open_page("?seed=2626", **DESKTOP))
    first.start(players=3)
    rng = random.Random(26)
    played: list[list[str]] = []  # a tab's record after each step it played
    play(first, rng, 3, played)

    second = second_tab(first.s, site)  # resumes the game on start: it is the first tab's
    assert_read_only(second, "the second tab to show the game read-only")
    assert steps(second) == steps(first)
    play(first, rng, 2, played)  # the first tab plays on; the second writes nothing
    assert first.page.evaluate(SAVED)["steps"] == steps(first)

    # the takeover comes while the first tab is still saving its latest step: it writes it, then lets go
    action = None if first.view()["chance"] else str(rng.choice(load_record(first.page.evaluate(RECORD)).legal_actions()))
    first.page.evaluate(SAVE_WHEN_ASKED)
    if action is None:
        first.roll()
    else:
        first.play(action)
    take_over(second)
    played.append(steps(first))
    assert_read_only(first, "the first tab to give the game up")
    assert steps(second) == steps(first) == first.page.evaluate(SAVED)["steps"], "the takeover lost a step"
    play(second, rng, 2, played)

    take_over(first)  # and back: the first tab reloads what the second played
    assert_read_only(second, "the second tab to give the game up")
    assert steps(first) == steps(second)
    play(first, rng, 1, played)

    # the game the first tab plays, opened again in the second: from Saved games, and imported
    to_setup(second)
    second.page.get_by_test_id("saved-games-button").click()
    second.page.get_by_test_id("saved-continue").click()
    assert_read_only(second, "the game continued from Saved games to show read-only")
    to_setup(second)
    open_record(second.page, first.page.evaluate(SAVED), tmp_path)
    assert_read_only(second, "the imported game to show read-only")
    assert steps(second) == steps(first)

    final = first.page.evaluate(SAVED)["steps"]
    assert final == steps(first)
    for record in played:
        assert final[:len(record)] == record, f"a step played in one tab is not in the save: {record[-1]}"
    assert len(final) == len(played[0]) + len(played) - 1
    load_record(first.page.evaluate(SAVED))  # the engine replays the save
    first.s.assert_clean()


@pytest.mark.parametrize("way", ["locks", "lease"])
def test_a_tab_closed_mid_turn_leaves_the_game_and_its_choices_to_the_other(open_page, site, way):
    session = open_page("?seed=2727", **DESKTOP)
    if way == "lease":  # a browser with neither Web Locks nor BroadcastChannel
        session.context.add_init_script(script=NO_LOCKS)
        session.page.reload()
    first = Table(session)
    first.start(players=3)
    rng = random.Random(27)
    while first.view()["chance"] or len(steps(first)) < 2:
        first.advance(rng)
    action = str(rng.choice(load_record(first.page.evaluate(RECORD)).legal_actions()))
    before = steps(first)

    second = second_tab(first.s, site)
    assert_read_only(second, "the second tab to show the game read-only")
    take_over(second)
    assert_read_only(first, "the first tab to give the game up")
    second.tap(action_steps(action)[0])  # a choice made, not confirmed
    second.saved_now()
    partial = second.state()["partial"]
    assert partial and steps(second) == before
    assert first.page.evaluate(LEASES) == (1 if way == "lease" else 0)
    second.page.close()  # mid-turn: the game is free

    take_over(first)
    assert first.state()["partial"] == partial, "the choices of the closed tab were lost"
    assert steps(first) == before
    first.play(action)
    first.saved_now()
    assert first.page.evaluate(SAVED)["steps"] == before + [steps(first)[-1]] == steps(first)
    first.s.assert_clean()
