"""Bad input over live play: a friend's page edited to send garbage, a flood, a message of many
megabytes or half a message. The host's page refuses it with a sentence naming the device,
keeps its game as it was, stays responsive and stops listening to a device that keeps at it.
Separate browser contexts stand for separate devices (tests/web/test_live_play.py)."""

from __future__ import annotations

import pytest

from test_live_play import LIVE_STATE, MARK, play_live, two_live_devices
from test_remote_play import player_for
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

# Bob's edited page: the game's own room, and its own 'link' action (trystero hands the page the
# room it is in already)
ATTACK = """async ({ room, run }) => {
    const lib = await import('./vendor/trystero-nostr/index.js');
    const relays = JSON.parse(localStorage.getItem('cambria.live.config')).relays;
    const r = lib.joinRoom({ appId: 'cambria-live-1', password: room.secret, relayConfig: { urls: relays } }, room.room);
    const link = r.makeAction('link');
    if (run === 'garbage') link.send('this is not a link');
    if (run === 'flood') for (let i = 0; i < 1000; i += 1) link.send(`r1.${'A'.repeat(40)}${i}`);
    if (run === 'huge') link.send('r1.' + 'A'.repeat(5_000_000));
    if (run === 'half') {
        // the data channel carries the first two parts of a long message, then nothing at all
        const send = RTCDataChannel.prototype.send;
        let parts = 0;
        RTCDataChannel.prototype.send = function (data) {
            if (data && data.byteLength > 8000) parts += 1;
            if (parts > 2) return;
            return send.call(this, data);
        };
        link.send('r1.' + 'A'.repeat(200_000));
    }
}"""
PEERS = "() => document.querySelector('#app').dataset.livePeers"
TOASTS = "(re) => [...document.querySelectorAll('#toasts .toast')].some((n) => new RegExp(re).test(n.textContent))"
RECORD = "() => window.__cambria.request('remote_record', {})"


def live_pair(open_page):
    devices, players = two_live_devices(open_page, 60)
    host, bob = devices[0], devices[1]
    play_live(devices, players, "cambria", turns=2)
    settled(host.page, "the host's page")
    until(host.page, f"() => ({MARK})(1) === 'here' || ({MARK})(1) === 'choosing'", "Bob here", also=LIVE_STATE)
    return host, bob, devices, players


def attack(bob, run: str) -> None:
    room = bob.page.evaluate("() => window.__cambria.state().view.remote.live")
    bob.page.evaluate(ATTACK, {"room": room, "run": run})


def test_garbage_and_a_flood_over_live_play_are_refused_and_the_flooding_device_is_cut_off(open_page) -> None:
    host, bob, devices, players = live_pair(open_page)
    record = host.page.evaluate(RECORD)
    attack(bob, "garbage")
    until(host.page, TOASTS, "the host's page to refuse Bob's garbage", arg="Bob's device was refused", also=LIVE_STATE)
    assert host.page.evaluate(PEERS) == "1"  # one bad message: a sentence, and the connection stays
    attack(bob, "flood")
    until(host.page, TOASTS, "the host's page to stop listening to Bob's flood", arg="Bob's device .* no longer listens",
          also=LIVE_STATE)
    until(host.page, f"() => ({PEERS})() === '0' && ({MARK})(1) === 'away'", "Bob shown away after the cut",
          also=LIVE_STATE)
    settled(host.page, "the host's page after the flood")  # it still answers, and its game is as it was
    assert host.page.evaluate(RECORD) == record
    shown = host.page.evaluate("() => document.querySelectorAll('#toasts .toast').length")
    assert shown <= 6, shown  # not a toast per message
    # the same page does not get back in; Bob's page loaded again (a new device id) does, and play goes on live
    bob.page.reload()
    bob.wait_interactive()
    until(host.page, f"() => ({PEERS})() === '1'", "Bob's reloaded page to connect", also=LIVE_STATE)
    players[1] = player_for("cambria", bob, False, 61)
    play_live(devices, players, "cambria", turns=2)


def test_a_message_of_megabytes_and_half_a_message_are_refused_and_the_game_is_unchanged(open_page) -> None:
    host, bob, devices, players = live_pair(open_page)
    record = host.page.evaluate(RECORD)
    attack(bob, "half")
    until(host.page, TOASTS, "the host's page to close the connection that stopped mid-message",
          arg="Bob's device began a message and never finished it", timeout=60_000, also=LIVE_STATE)
    assert host.page.evaluate(RECORD) == record
    bob.page.reload()  # his page as it was before it was edited
    bob.wait_interactive()
    until(host.page, f"() => ({PEERS})() === '1'", "Bob's page to connect again", also=LIVE_STATE)
    attack(bob, "huge")
    until(host.page, TOASTS, "the host's page to refuse the message of megabytes",
          arg="Bob's device sent a message far too large", timeout=60_000, also=LIVE_STATE)
    until(host.page, f"() => ({PEERS})() === '0'", "the connection closed", also=LIVE_STATE)
    settled(host.page, "the host's page after the large message")
    assert host.page.evaluate(RECORD) == record
