"""Whole games played live (slow): two, three and four devices, both games, with a computer seat
and two people sharing the host's phone (the pass screen between them), and one between
Chromium and Firefox (puppeteer-core over WebDriver BiDi, test_engines.py). Every device plays its
own turns by taps when the game says so; nothing else is done between turns, no link passes after
the invite. At the end every device holds the same record, and the game is over on each."""

from __future__ import annotations

import pytest

from conftest import LIVE_SETUP
from enginepage import EngineSession, FirefoxPage
from test_engines import engine_node  # noqa: F401 (the fixture: puppeteer-core installed)
from test_live_play import LIVE_STATE, all_in, in_step, join_live, live_device, messages, next_actor, \
    reach_everyone
from test_remote_play import LAPTOP, PHONE, player_for, remote_state, same_game_everywhere, start_remote
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(3600)]

PASS_OPEN = "() => Boolean(document.querySelector('#pass-screen')?.open)"


def play_turn_passing(session, player, map_id: str) -> int:
    """This device's steps by taps; the pass screen, when the next person at this phone is
    called, is tapped away as that person would. How many times it stood between them."""
    passes = 0
    while True:
        settled(session.page, "this device's step")
        if session.page.evaluate(PASS_OPEN):
            session.page.get_by_test_id("pass-continue").click()
            until(session.page, f"() => !({PASS_OPEN})()", "the pass screen to close")
            passes += 1
            continue
        r = remote_state(session)
        if not r["my_turn"] or r["can_send"] or r["over"]:
            return passes
        player.step(map_id)


@pytest.mark.parametrize("game,kinds,names", [
    ("cambria", ["human", "remote"], ["Bob"]),
    ("hibernia", ["human", "remote", "computer:easy", "remote"], ["Bob", "Cy"]),
    ("cambria", ["human", "human", "remote", "remote"], ["Bob", "Cy"]),
    ("hibernia", ["human", "remote", "remote", "remote"], ["Bob", "Cy", "Dai"]),
], ids=["cambria-2-devices", "hibernia-3-devices-a-computer", "cambria-3-devices-two-at-the-host",
        "hibernia-4-devices"])
def test_whole_live_games(open_page, game: str, kinds: list[str], names: list[str]) -> None:
    # (the tests' hooks keep the pass screen away unless asked: here two people share the host's phone)
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True, init="window.__cambriaPassScreen = true;")
    invite = start_remote(host.page, game, kinds)
    joiners = {name: live_device(open_page, viewport=LAPTOP) for name in names}
    # one after another, each once the seats asked for before reached their page (all at once: test_remote_joins_at_once.py)
    free = [i for i, kind in enumerate(kinds) if kind == "remote"]
    for (name, session), seat in zip(joiners.items(), free, strict=True):
        join_live(session, invite, name, seat=seat)
    all_in(host, joiners)
    devices = {0: host, **{i + 1: s for i, s in enumerate(joiners.values())}}
    players = {dev: player_for(game, s, dev == 0, dev + 11) for dev, s in devices.items()}
    map_id = "hibernia" if game == "hibernia" else "cambria"
    passes = turns = 0
    while (acting := next_actor(devices)) is not None:
        before = max(messages(s) for s in devices.values())
        passes += play_turn_passing(devices[acting], players[acting], map_id)
        reach_everyone(devices, before, acting)
        turns += 1
        assert turns < 400, "the game did not end"
    in_step(devices)
    for dev, s in devices.items():
        r = remote_state(s)
        assert r["over"], (dev, r)
        assert s.page.get_by_test_id("remote-dialog").is_hidden(), s.page.evaluate(LIVE_STATE)  # no link asked for
    same_game_everywhere(devices)
    if kinds.count("human") > 1:
        assert passes > 0, "two people at one phone and no pass screen between them"


def play_to_the_end(devices: dict, players: dict, map_id: str) -> None:
    turns = 0
    while (acting := next_actor(devices)) is not None:
        before = max(messages(s) for s in devices.values())
        play_turn_passing(devices[acting], players[acting], map_id)
        reach_everyone(devices, before, acting)
        turns += 1
        assert turns < 400, "the game did not end"
    in_step(devices)


def test_a_whole_live_game_between_chromium_and_firefox(open_page, site, engine_node) -> None:  # noqa: F811
    """The host in Chromium, Bob in Firefox: the join and every turn by live play (WebRTC between
    two browser engines, Firefox over loopback by its own preference), to the end."""
    host = live_device(open_page, viewport=LAPTOP)
    invite = start_remote(host.page, "cambria", ["human", "remote"])
    firefox = FirefoxPage(1280, 800, init=LIVE_SETUP["relay"], prefs={"media.peerconnection.ice.loopback": True})
    try:
        bob = EngineSession(firefox, site.origin)
        firefox.goto(invite)
        bob.wait_interactive()
        until(firefox, "() => document.querySelector('[data-testid=remote-live-switch]')?.checked === true",
              "live play on in Firefox")
        firefox.get_by_test_id("remote-name").fill("Bob")
        firefox.get_by_test_id("remote-join").click()
        until(firefox, "() => /live/.test(document.querySelector('[data-testid=remote-share-text]')?.textContent || '')",
              "Firefox to say the host has the join by live play", also=LIVE_STATE)
        firefox.get_by_test_id("remote-close").click()
        until(host.page, "() => Boolean(window.__cambria.state().view?.remote?.started)", "the game to start", also=LIVE_STATE)
        devices = {0: host, 1: bob}
        play_to_the_end(devices, {0: player_for("cambria", host, False, 5), 1: player_for("cambria", bob, False, 6)},
                        "cambria")
        for dev, s in devices.items():
            assert remote_state(s)["over"], dev
            assert s.page.get_by_test_id("remote-dialog").is_hidden(), dev  # no link asked for
        same_game_everywhere(devices)
        bob.assert_clean()
    finally:
        firefox.close()
