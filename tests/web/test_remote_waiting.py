"""A remote game that has not started is the page's game even with every dialog closed: the
new-game screen says whom it waits for, seat by seat, as joins arrive, and gives the link again
(the host's invite, a joiner's join link); once the game starts, the board takes over."""

from __future__ import annotations

import pytest

from test_live_play import LIVE_STATE, all_in, join_live, live_device, started
from test_remote_play import PHONE, start_remote
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SMALL = {"width": 360, "height": 640}
CARD = "() => { const c = document.querySelector('[data-testid=remote-waiting]'); return c && !c.hidden && c.offsetParent ? c.textContent : null; }"


def card_says(page, text: str, reason: str) -> None:
    until(page, f"() => ({CARD})()?.includes({text!r})", reason, also=LIVE_STATE)


def test_the_new_game_screen_says_whom_a_remote_game_waits_for_and_gives_the_link_again(open_page) -> None:
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    invite = start_remote(host.page, "cambria", ["human", "remote", "remote"])  # (the invite dialog closed)
    card_says(host.page, "Your game of Cambria is waiting for players", "the host's screen to say the game waits")
    assert "Seat 2: free" in host.page.evaluate(CARD) and "Seat 3: free" in host.page.evaluate(CARD)
    bob = live_device(open_page, viewport=SMALL, has_touch=True, is_mobile=True)
    join_live(bob, invite, "Bob")  # (his dialog closed)
    card_says(bob.page, "You asked for a seat in Aurelia's game of Cambria", "Bob's screen to say what he waits for")
    assert "Waiting for Aurelia to let you in" in bob.page.evaluate(CARD)
    # the form's button below does not read as starting the game he waits for
    for page in (bob.page, host.page):
        assert page.get_by_test_id("start-button").inner_text() == "Start another game instead"
    # his join reached the host by live play: the host's screen says so, and no dialog opened over it
    card_says(host.page, "Seat 2: Bob asked for it", "the host's screen to show Bob's join")
    assert host.page.get_by_test_id("remote-dialog").is_hidden()
    # the link again, from the card
    bob.page.get_by_test_id("remote-waiting-link").click()
    bob.page.get_by_test_id("remote-link").wait_for()
    assert "#r1." in bob.page.get_by_test_id("remote-link").input_value()
    bob.page.get_by_test_id("remote-close").click()
    host.page.get_by_test_id("remote-waiting-link").click()
    until(host.page, "() => document.querySelector('[data-testid=remote-title]')?.textContent === 'Invite your friends'",
          "the invite again", also=LIVE_STATE)
    again = host.page.get_by_test_id("remote-link").input_value()
    host.page.get_by_test_id("remote-close").click()
    cy = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    join_live(cy, again, "Cy", seat=2)  # the invite shown again is an invite: Cy takes the last seat
    all_in(host, {"Bob": bob, "Cy": cy})
    started(host)
    until(host.page, f"() => ({CARD})() === null", "the card gone once the game starts", also=LIVE_STATE)
    assert host.page.get_by_test_id("start-button").inner_text() == "Start the game"  # (for the next new game)
