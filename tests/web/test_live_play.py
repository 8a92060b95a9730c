"""Live play: while the players' pages are open, their devices connect directly (WebRTC, found
through a Nostr relay: here tests/web/nostr_relay.py on the site's own origin) and every message
travels by itself. Separate browser contexts stand for separate devices; after the invite, no
link passes between them by hand."""

from __future__ import annotations

import pytest

from nostr_relay import RELAY
from test_remote_play import LAPTOP, PHONE, follow_link, open_link, play_by_links, player_for, remote_state, \
    same_game_everywhere, start_remote
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

LIVE_STATE = ("() => { const r = window.__cambria.state().view?.remote; const n = document.querySelector("
              "'[data-testid=remote-live]'); const app = document.querySelector('#app').dataset; "
              "return {status: app.live, peers: app.livePeers, live: n ? {...n.dataset, text: n.textContent} : null, "
              "can_send: r?.can_send, my_turn: r?.my_turn, messages: r?.messages, "
              "dialog: !document.querySelector('[data-testid=remote-dialog]')?.hidden, "
              "toasts: [...document.querySelectorAll('#toasts .toast')].map((n) => n.textContent), "
              "dialogText: document.querySelector('#remote-dialog:not([hidden])')?.textContent?.slice(0, 200)}; }")
# the dot by a seat in the score strip: 'here', 'choosing', 'away' (or undefined: this device's, a computer's)
MARK = "(seat) => document.querySelector(`[data-testid=player-${seat}]`)?.dataset.live"
LIVE_LINE = "() => { const n = document.querySelector('[data-testid=remote-live]'); return n ? n.dataset : null; }"


def live_device(open_page, **options):
    session = open_page(live="relay", guide=False, **options)
    session.wait_interactive()
    return session


def join_live(session, url: str, name: str, seat: int | None = None) -> str | None:
    """Open the invite, take the offered seat: the dialog's sentence (the join went live), or
    None if the game started first (the last seat: the host's first turn came back at once and
    the dialog's moment had passed), or if another person's join reached the host first for that
    seat: the page says so and offers the seat still free (all_in takes it)."""
    open_link(session, url)
    page = session.page
    assert page.get_by_test_id("remote-live-switch").is_checked()  # on unless the player turns it off
    if seat is not None:  # the seats others asked for reach this page by live play: the free one is offered
        until(page, f"() => document.querySelector('[data-testid=remote-seat-{seat}]')?.checked === true",
              f"the page to offer seat {seat + 1}", also=LIVE_STATE)
    page.get_by_test_id("remote-name").fill(name)
    page.get_by_test_id("remote-join").click()
    until(page, "() => { const n = document.querySelector('[data-testid=remote-share-text]');"
          " const v = window.__cambria.state().view; const taken = document.querySelector('[data-testid=remote-taken]');"
          " const seats = document.querySelector('[data-testid=remote-waiting-seats]');"
          " return (n && n.offsetParent && /live/.test(n.textContent)) || (taken && taken.offsetParent)"
          " || (seats && seats.offsetParent) || Boolean(v && v.remote && v.remote.started); }",
          "the joiner's page to say the host has the join by live play, or that the seat was taken (or the game to start)",
          also=LIVE_STATE)
    text = page.evaluate("() => { const n = document.querySelector('[data-testid=remote-share-text]');"
                         " return n && n.offsetParent ? n.textContent : null; }")
    if text is None:  # the dialog became another meanwhile (the seat was taken first): all_in answers it
        return None
    if "nothing to send" in text:  # and its title asks for no send either
        title = page.get_by_test_id("remote-title").text_content()
        assert title == "Sent by live play" or "nothing to send" not in page.get_by_test_id("remote-share-text").text_content(), title
    page.get_by_test_id("remote-close").click()  # (even if it just became that one: the card offers the seats again)
    return text


STARTED = "() => { const v = window.__cambria.state().view; return Boolean(v && v.remote && v.remote.started); }"


def all_in(host, joiners: dict) -> None:
    """Until the host's page starts the game. A person whose seat another asked for first is
    told so, with the free seat offered: they take it (as a friend in a group chat would), from
    the new-game screen's card if they closed that dialog. (A
    joiner's page learns of the start with the host's first turn, which may need the host's own
    decisions first.)"""
    for _wait in range(1200):
        if host.page.evaluate(STARTED):
            return
        for name, s in joiners.items():
            # the dialog may have gone with a tap meant for the one before it: the card offers the seats again
            if s.page.get_by_test_id("remote-waiting-seats").is_visible() and s.page.get_by_test_id("remote-dialog").is_hidden():
                s.page.get_by_test_id("remote-waiting-seats").click()
            if s.page.get_by_test_id("remote-taken").is_visible():
                s.page.get_by_test_id("remote-name").fill(name)
                s.page.get_by_test_id("remote-join").click()
        next(iter(joiners.values())).page.wait_for_timeout(100)
    raise AssertionError({name: s.page.evaluate(LIVE_STATE) for name, s in joiners.items()})


def started(session) -> None:
    until(session.page, "() => { const v = window.__cambria.state().view; return Boolean(v && v.remote && v.remote.started); }",
          "the game to start by itself", also=LIVE_STATE)


def messages(session) -> int:
    return session.page.evaluate("() => Number(document.querySelector('#app').dataset.remoteMessages || 0)")


def next_actor(devices: dict) -> int | None:
    """The device whose person has the turn (None: the game is over), waited for: between two
    turns the game is on its way from one device to the others."""
    for _wait in range(1200):
        for dev, session in devices.items():
            r = remote_state(session)
            if r and r["over"]:
                return None
            if r and r["my_turn"] and not r["can_send"]:
                return dev
        next(iter(devices.values())).page.wait_for_timeout(100)
    raise AssertionError([remote_state(s) for s in devices.values()])


def play_turn(devices: dict, players: dict, map_id: str, acting: int) -> None:
    """Device ``acting`` plays its steps by taps; then nothing is done: the turn goes out by itself."""
    session = devices[acting]
    settled(session.page, f"device {acting}'s turn")
    while True:
        r = remote_state(session)
        if not r["my_turn"] or r["can_send"] or r["over"]:
            break
        players[acting].step(map_id)
        settled(session.page, f"device {acting}'s step")


def reach_everyone(devices: dict, before: int, acting: int) -> None:
    for dev, other in devices.items():
        until(other.page, f"() => Number(document.querySelector('#app').dataset.remoteMessages || 0) > {before}",
              f"device {dev} to hold device {acting}'s turn", also=LIVE_STATE)


def owes_a_step(r: dict | None) -> bool:
    """This device has steps to send, or a roll to answer for another device's seat (by itself)."""
    if not r or r.get("over"):
        return False
    w = r.get("waiting") or {}
    seat = w.get("for_seat")
    answers = w.get("device") == r["me"] and w.get("roll") and (seat is None or not r["seats"][seat]["here"])
    return bool(r.get("can_send") or answers)


def in_step(devices: dict) -> None:
    """Every device holds the same messages and none has steps to send: nothing is on its way (a
    roll another device answers by itself goes out a moment after the turn that asked for it,
    so the counts must hold still, not just meet once)."""
    first = next(iter(devices.values())).page
    for _wait in range(300):
        counts = {messages(s) for s in devices.values()}
        if len(counts) == 1 and not any(owes_a_step(remote_state(s)) for s in devices.values()):
            first.wait_for_timeout(500)
            if {messages(s) for s in devices.values()} == counts:
                return
        first.wait_for_timeout(200)
    raise AssertionError({d: (messages(s), remote_state(s)) for d, s in devices.items()})


def two_live_devices(open_page, seed: int, host_init: str | None = None) -> tuple[dict, dict]:
    """The host and Bob, each at a laptop, live from one invite, the game started: the devices
    and their tapping players (seeded from ``seed``)."""
    host = live_device(open_page, viewport=LAPTOP, init=host_init)
    invite = start_remote(host.page, "cambria", ["human", "remote"])
    bob = live_device(open_page, viewport=LAPTOP)
    join_live(bob, invite, "Bob")
    started(host)
    devices = {0: host, 1: bob}
    return devices, {d: player_for("cambria", s, False, seed + d) for d, s in devices.items()}


def play_live(devices: dict, players: dict, map_id: str, turns: int) -> int | None:
    """``turns`` turns, each device playing its own when the game says so and nothing else done
    between them: the messages go and come by themselves. The last device that played."""
    acting = None
    for _ in range(turns):
        acting = next_actor(devices)
        if acting is None:
            break
        before = max(messages(s) for s in devices.values())
        play_turn(devices, players, map_id, acting)
        reach_everyone(devices, before, acting)
    return acting


def test_two_friends_play_live_from_one_invite_with_no_link_after_it(open_page) -> None:
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    invite = start_remote(host.page, "cambria", ["human", "remote"])
    bob = live_device(open_page, viewport=LAPTOP)
    said = join_live(bob, invite, "Bob")
    assert said is None or "nothing to send" in said, said
    started(host)  # (Bob's page: with the host's first turn)
    until(host.page, f"() => ({MARK})(1) === 'here'", "the host's score strip to show Bob here", also=LIVE_STATE)
    devices = {0: host, 1: bob}
    players = {0: player_for("cambria", host, True, 5), 1: player_for("cambria", bob, False, 6)}
    play_live(devices, players, "cambria", turns=4)
    held = max(messages(s) for s in devices.values())
    assert held >= 6, held
    for s in devices.values():
        settled(s.page, "the page after the live turns")
        assert s.page.get_by_test_id("remote-dialog").is_hidden()  # nobody was asked to send a link
    in_step(devices)
    same_game_everywhere(devices)


def test_a_friend_who_closed_the_page_gets_a_link_and_catches_up_when_back(open_page, site) -> None:
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    invite = start_remote(host.page, "cambria", ["human", "remote", "remote"])
    bob = live_device(open_page, viewport=LAPTOP)
    cy = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    join_live(bob, invite, "Bob")
    join_live(cy, invite, "Cy", seat=2)  # she opens it a moment later: Bob's seat is not offered
    all_in(host, {"Bob": bob, "Cy": cy})
    devices = {0: host, 1: bob, 2: cy}
    players = {d: player_for("cambria", s, d != 1, 10 + d) for d, s in devices.items()}
    while play_live(devices, players, "cambria", turns=1) != 2:
        pass  # until Cy has just played: the next turns are the others'
    cy.page.close()  # her browser keeps the game; the tab is gone
    others = {0: host, 1: bob}
    for s in others.values():
        until(s.page, f"() => ({MARK})(2) === 'away'", "the score strip to show Cy away", also=LIVE_STATE)
    acting = next_actor(others)
    assert acting in others
    before = max(messages(s) for s in others.values())
    play_turn(others, players, "cambria", acting)
    reach_everyone(others, before, acting)
    page = others[acting].page
    until(page, "() => !document.querySelector('[data-testid=remote-dialog]').hidden",
          "the link for the one who is away", also=LIVE_STATE)
    said = page.get_by_test_id("remote-share-text").text_content()
    assert "Away: Cy." in said and ("reached Aurelia live" in said or "reached Bob live" in said), said
    page.get_by_test_id("remote-close").click()
    held = max(messages(s) for s in others.values())
    # Cy opens the site again, no link: her page finds the others and gets what she missed
    cy.page = cy.context.new_page()
    cy.page.goto(site.url)
    cy.wait_interactive()
    players[2] = player_for("cambria", cy, True, 12)  # (taps on her new page)
    until(cy.page, f"() => Number(document.querySelector('#app').dataset.remoteMessages || 0) >= {held}",
          "Cy's page to catch up by itself", also=LIVE_STATE)
    for s in others.values():
        until(s.page, f"() => ({MARK})(2) === 'here' || ({MARK})(2) === 'choosing'", "Cy back", also=LIVE_STATE)
    play_live(devices, players, "cambria", turns=2)
    for s in devices.values():
        settled(s.page, "the page after the live turns")
    in_step(devices)
    same_game_everywhere(devices)


def test_with_no_relay_the_game_goes_by_links_and_live_again_when_a_relay_answers(open_page) -> None:
    RELAY.down = True
    try:
        host = live_device(open_page, viewport=LAPTOP)
        invite = start_remote(host.page, "cambria", ["human", "remote"])
        bob = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
        open_link(bob, invite)
        bob.page.get_by_test_id("remote-name").fill("Bob")
        bob.page.get_by_test_id("remote-join").click()
        bob.page.get_by_test_id("remote-link").wait_for()
        back = bob.page.get_by_test_id("remote-link").input_value()
        assert "live" not in bob.page.get_by_test_id("remote-share-text").text_content()  # send it: nobody is here
        bob.page.get_by_test_id("remote-close").click()
        follow_link(host, back)
        started(host)
        # the first turns go by link, as without live play; the sender's page says why
        devices = {0: host, 1: bob}
        players = {d: player_for("cambria", s, d == 1, 21 + d) for d, s in devices.items()}
        play_by_links(devices, players, "cambria", max_links=2)
        for s in devices.values():
            settled(s.page, "the page after the links")
        waiting = next(s for s in devices.values() if not remote_state(s)["my_turn"])
        until(waiting.page, f"() => ({LIVE_LINE})()?.status === 'no_relay'", "the page to say no relay answers",
              also=LIVE_STATE)
        line = waiting.page.get_by_test_id("remote-live").text_content()
        assert "not reaching the others" in line and "send links" in line, line
        # the relay answers again: the pages find each other by themselves and play goes on live
        RELAY.down = False
        for s in devices.values():
            until(s.page, "() => document.querySelector('#app').dataset.livePeers === '1'",
                  "the pages to find each other once the relay answers", timeout=150_000, also=LIVE_STATE)
        play_live(devices, players, "cambria", turns=2)
        for s in devices.values():
            # the browser's own lines for the relay that refused it: expected, nothing else
            s.console_errors[:] = [e for e in s.console_errors if "/relay" not in e]
            settled(s.page, "the page after the live turns")
        in_step(devices)
        same_game_everywhere(devices)
    finally:
        RELAY.down = False


def test_forged_changed_replayed_and_misdirected_messages_over_live_play_are_refused(open_page) -> None:
    """The cheating cases of the links, over the live channel: each refused as a link would be,
    the host's game unchanged, the sender named."""
    from cambria.remote.link import decode_link, encode_link

    devices, players = two_live_devices(open_page, 40, host_init=TOAST_LOG)
    host, bob = devices[0], devices[1]
    while True:  # until Bob has sent a turn with a roll in it
        play_live(devices, players, "cambria", turns=1)
        in_step(devices)
        data = decode_link(bob.page.evaluate("() => window.__cambria.request('remote_link', {whole: true})")["link"])
        mine = [i for i, m in enumerate(data["messages"]) if m.get("t") == "turn" and m.get("dev") == 1]
        if mine and any(str(step).startswith("roll ") for step in data["messages"][mine[-1]]["steps"]):
            break
    settled(host.page, "the host's page")
    record = host.page.evaluate("() => window.__cambria.request('remote_record', {})")
    last = mine[-1]
    turn = data["messages"][last]

    def variant(**change):
        forged = dict(turn, **change)
        return encode_link({**data, "messages": data["messages"][:last] + [forged]})

    steps = turn["steps"]
    rolled = next(i for i, step in enumerate(steps) if str(step).startswith("roll "))
    other_roll = "roll 6-6" if steps[rolled] != "roll 6-6" else "roll 1-1"
    sig = turn["sig"]
    cheats = {
        "other steps": variant(steps=list(reversed(steps)) if len(steps) > 1 else steps + ["pass"]),
        "a changed roll": variant(steps=steps[:rolled] + [other_roll] + steps[rolled + 1:]),
        "a step for the host's seat": variant(dev=0),
    }
    room = bob.page.evaluate("() => window.__cambria.state().view.remote.live")
    send = """async ({ text, room }) => {
        const lib = await import('./vendor/trystero-nostr/index.js');
        const relay = JSON.parse(localStorage.getItem('cambria.live.config')).relays;
        const r = lib.joinRoom({ appId: 'cambria-live-1', password: room.secret, relayConfig: { urls: relay } }, room.room);
        r.makeAction('link').send(text);
    }"""
    refusals = "() => window.__toastLog.filter((t) => /Bob/.test(t) && /refused/.test(t)).length"
    for n, (cheat, text) in enumerate(cheats.items(), start=1):
        # (the same words twice at once show once: each refusal after the last one's toast has gone)
        until(host.page, "() => !document.querySelector('#toasts .toast')", "the last toast to go", also=LIVE_STATE)
        bob.page.evaluate(send, {"text": text, "room": room})
        until(host.page, f"() => ({refusals})() >= {n}", f"the host's page to refuse {cheat}", also=LIVE_STATE)
        assert host.page.evaluate("() => window.__cambria.request('remote_record', {})") == record, cheat
    # an old message again (a replay), and the message the host holds with another signature:
    # nothing new, nothing changes
    for text in (encode_link({**data, "messages": data["messages"][:last]}),
                 variant(sig=("A" if sig[0] != "A" else "B") + sig[1:])):
        bob.page.evaluate(send, {"text": text, "room": room})
        host.page.wait_for_timeout(1000)
        assert host.page.evaluate("() => window.__cambria.request('remote_record', {})") == record
    assert host.page.evaluate("() => document.querySelector('#app').dataset.livePeers") == "1"  # three refusals: still heard


# every toast a page shows, kept (a toast leaves after a few seconds; a busy machine may look later)
TOAST_LOG = """(() => {
    window.__toastLog = [];
    const seen = new WeakSet();
    new MutationObserver(() => {
        for (const n of document.querySelectorAll('#toasts .toast')) {
            if (!seen.has(n)) {
                seen.add(n);
                window.__toastLog.push(n.textContent);
            }
        }
    }).observe(document, { childList: true, subtree: true });
})();"""


def test_a_messengers_own_browser_is_named_before_joining_and_a_seat_elsewhere_is_explained(open_page, site) -> None:
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    invite = start_remote(host.page, "cambria", ["human", "remote"])
    # Bob taps the invite in Instagram: its own browser, with its own storage
    insta = open_page(live="relay", guide=False, viewport=PHONE, has_touch=True, is_mobile=True, user_agent=(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile "
        "Safari/537.36 Instagram 339.0.0.0 Android"))
    insta.wait_interactive()
    open_link(insta, invite)
    notice = insta.page.get_by_test_id("remote-in-app")
    notice.wait_for()
    text = notice.text_content()
    assert "Instagram" in text and "Open the link in your browser" in text, text
    # he joins there anyway; later he opens a link of the game in his phone's own browser
    insta.page.get_by_test_id("remote-name").fill("Bob")
    insta.page.get_by_test_id("remote-join").click()
    started(host)
    # the host's first turn (it lets Bob in) goes out once the host has played it
    devices = {0: host, 1: insta}
    play_live(devices, {d: player_for("cambria", s, True, 70 + d) for d, s in devices.items()}, "cambria", turns=1)
    started(insta)
    settled(host.page, "the host's page")
    whole = host.page.evaluate("() => window.__cambria.request('remote_link', {whole: true})")["link"]
    phone = open_page(live="relay", guide=False, viewport=PHONE, has_touch=True, is_mobile=True, init=TOAST_LOG)
    phone.wait_interactive()
    phone.page.goto(f"{site.url}#{whole}")
    phone.wait_interactive()
    until(phone.page, "() => (window.__toastLog || []).some((t) => /another browser or app/.test(t))",
          "the page to say the seat is in another browser", also=LIVE_STATE)
    assert phone.page.get_by_test_id("remote-in-app").count() == 0  # the phone's browser: no such notice


def test_a_tab_that_crashed_is_shown_away_within_seconds(open_page) -> None:
    """A crashed page says nothing as it goes (a closed one closes its connections): the others
    learn it from the connection itself, within seconds, not at the next relay announcement
    (measured here: about 10 s; the bound leaves room for a busy machine). A page that is only
    hidden stays connected and keeps getting the moves (docs/remote-play.md)."""
    devices, _players = two_live_devices(open_page, 3)
    host, bob = devices[0], devices[1]
    until(host.page, f"() => ['here', 'choosing'].includes(({MARK})(1))", "the host's strip to show Bob here", also=LIVE_STATE)
    try:
        bob.page.goto("chrome://crash", timeout=5000)  # the renderer dies; the navigation never completes
    except Exception:
        pass
    with pytest.raises(Exception, match="crashed"):
        bob.page.evaluate("1")
    until(host.page, f"() => ({MARK})(1) === 'away'", "the host's strip to show Bob away", timeout=45_000, also=LIVE_STATE)
    # and the connection itself is gone (not only the mark): no peer left in the room
    until(host.page, "() => document.querySelector('#app').dataset.livePeers === '0'", "no live peer left",
          also=LIVE_STATE)
