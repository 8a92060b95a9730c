"""Friends in a group chat all tap the invite at once (protocol version 2): each page offers the
first free seat, so two people ask for the same one. The host's page lets in whoever reached it
first and says so; the other person's page, opening the host's link, names who was first and
offers the seat still free; nobody is locked out, and the game starts by itself once every seat
is asked for (the host's page answers the start roll)."""

from __future__ import annotations

import pytest

from test_remote_play import LAPTOP, PHONE, follow_link, open_link, play_by_links, player_for, same_game_everywhere, \
    start_remote
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

TOASTS = "() => [...document.querySelectorAll('#toasts .toast')].map((n) => n.textContent)"


def asked(session, name: str) -> str:
    """Type a name and tap Join with the seat the page offers; the link the page gives back."""
    page = session.page
    page.get_by_test_id("remote-name").fill(name)
    page.get_by_test_id("remote-join").click()
    link = page.get_by_test_id("remote-link")
    link.wait_for()
    url = link.input_value()
    text = page.get_by_test_id("remote-share-text").text_content()
    page.get_by_test_id("remote-close").click()
    return url, text


def test_friends_who_tap_the_invite_at_once_all_get_in(open_page) -> None:
    host = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    host.wait_interactive()
    invite = start_remote(host.page, "cambria", ["human", "remote", "remote"])
    bob = open_page(viewport=LAPTOP)
    cy = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    for s in (bob, cy):  # both open the invite before either has joined
        open_link(s, invite)
        assert s.page.get_by_test_id("remote-seat-1").is_checked()  # the first free seat, offered to both
    cy_link, cy_says = asked(cy, "Cy")
    bob_link, _ = asked(bob, "Bob")
    # Cy reloads while she waits: her page says again what it waits for, with the same link
    cy.page.reload()
    cy.wait_interactive()
    cy.page.get_by_test_id("remote-link").wait_for()
    assert cy.page.get_by_test_id("remote-link").input_value() == cy_link
    assert "lets you in as soon as" in cy.page.get_by_test_id("remote-share-text").text_content()
    cy.page.get_by_test_id("remote-close").click()
    assert "lets you in as soon as" in cy_says, cy_says  # whom to send it to, and what happens then
    # Cy's link reaches the host first, then Bob's: Bob's seat was Cy's already
    follow_link(host, cy_link)
    follow_link(host, bob_link)
    until(host.page, "() => !document.querySelector('[data-testid=remote-dialog]').hidden",
          "the host's page to offer a link for the person refused")
    toasts = host.page.evaluate(TOASTS)
    assert any("Bob" in t and "Cy" in t for t in toasts), toasts
    assert "Bob" in host.page.get_by_test_id("remote-share-text").text_content()  # the dialog names whom to send it to
    for_bob = host.page.get_by_test_id("remote-link").input_value()
    host.page.get_by_test_id("remote-close").click()
    assert host.page.evaluate("() => window.__cambria.state().view") is None  # not started: seat 3 waits
    # Bob's page, given the host's link, names who was first and offers the free seat
    follow_link(bob, for_bob)
    until(bob.page, "() => { const n = document.querySelector('[data-testid=remote-taken]'); return n && n.offsetParent; }",
          "Bob's page to say his seat was taken")
    assert "Cy" in bob.page.get_by_test_id("remote-taken").text_content()
    # Bob closes it by mistake (a tap meant for the dialog before): the new-game screen says what
    # happened and gives him the seats again
    bob.page.get_by_test_id("remote-close").click()
    card = bob.page.get_by_test_id("remote-waiting")
    card.wait_for()
    assert "Cy" in card.text_content() and "2" in bob.page.get_by_test_id("remote-waiting-text").text_content()
    bob.page.get_by_test_id("remote-waiting-seats").click()
    assert "Cy" in bob.page.get_by_test_id("remote-taken").text_content()
    assert bob.page.locator("[data-testid=remote-seat-1] input").count() == 0  # Cy's: not offered
    assert bob.page.get_by_test_id("remote-seat-2").is_checked()
    bob_again, _ = asked(bob, "Bob")
    # the host opens it: every seat is asked for, the game starts without a tap, its roll answered
    follow_link(host, bob_again)
    until(host.page, "() => { const v = window.__cambria.state().view; return v && v.remote && v.remote.started; }",
          "the game to start on the host's page")
    settled(host.page, "the host's page after the start")
    assert host.page.get_by_test_id("remote-dialog").is_hidden()
    remote = host.page.evaluate("() => window.__cambria.state().view.remote")
    assert [s["name"] for s in remote["seats"]] == [remote["seats"][0]["name"], "Cy", "Bob"]
    # a few links round the table: everyone is in and holds the same game
    devices = {0: host, 1: cy, 2: bob}
    players = {dev: player_for("cambria", s, dev != 2, 10 + dev) for dev, s in devices.items()}
    play_by_links(devices, players, "cambria", max_links=4)
    same_game_everywhere(devices)
