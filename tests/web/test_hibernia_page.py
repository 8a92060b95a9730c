"""Hibernia on the page beyond the taps of a whole game (tests/web/test_hibernia_play.py): the
rules screen of the game on the table, the keyboard, the guided first turn, the hint, autosave
and resume, the saved-games list, export and import, and the replay."""

from __future__ import annotations

import pytest

from waits import SETTLED, idle, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

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
