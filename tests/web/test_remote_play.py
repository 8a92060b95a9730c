"""Remote games in the browser: separate browser contexts stand for separate devices (their own
storage and keys); links pass between them as a messenger would carry them; every device checks
every step. Played by taps (tests/web/tapper.py) where a person plays."""

from __future__ import annotations

import json
import random

import pytest

from tapper import Player
from waits import settled, until

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}

# how many messages of the remote game on the board this page has shown (0: none)
HELD = "() => Number(document.querySelector('#app').dataset.remoteMessages || 0)"
REMOTE = "() => { const s = window.__cambria.state(); return s.view ? s.view.remote : null; }"


def start_remote(page, game: str, kinds: list[str]) -> str:
    """The host's new-game screen: seats (human, remote, computer:<level>), Start; the invite link."""
    page.get_by_test_id(f"game-{game}").check()
    page.get_by_test_id(f"count-{len(kinds)}").check()
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"kind-{i}").select_option(kind)
    page.get_by_test_id("start-button").click()
    link = page.get_by_test_id("remote-link")
    link.wait_for()
    url = link.input_value()
    assert "#r1." in url
    page.get_by_test_id("remote-close").click()
    return url


def open_link(session, url: str) -> None:
    """A link opened in a device's browser (a new page load: the messenger opens a tab)."""
    session.page.goto(url)
    session.wait_interactive()


def follow_link(session, url: str) -> None:
    """A link opened in the tab that shows the game already (the address's fragment changes)."""
    before = session.page.evaluate(HELD)
    session.page.evaluate("(url) => { location.href = url; }", url)
    until(session.page, f"(n) => ({HELD})() > n", "the link's messages to be shown", arg=before)


def join(session, url: str, name: str) -> str:
    open_link(session, url)
    session.page.get_by_test_id("remote-name").fill(name)
    session.page.get_by_test_id("remote-join").click()
    link = session.page.get_by_test_id("remote-link")
    link.wait_for()
    back = link.input_value()
    session.page.get_by_test_id("remote-close").click()
    return back


def remote_state(session) -> dict:
    return session.page.evaluate(REMOTE)


def play_own_steps(session, player: Player, map_id: str) -> str:
    """Play this device's steps by taps until it must send them; Send; the link it gives."""
    page = session.page
    while True:
        settled(page, "this device's step or its Send")
        remote = remote_state(session)
        if remote["can_send"] or remote["over"]:
            break
        assert remote["my_turn"], remote
        player.step(map_id)
    if remote["over"] and not remote["can_send"]:
        return ""
    page.get_by_test_id("remote-send").click()
    link = page.get_by_test_id("remote-link")
    link.wait_for()
    url = link.input_value()
    page.get_by_test_id("remote-close").click()
    return url


class HiberniaTaps:
    """tests/web/test_hibernia_play.py's player, stepping as tapper.Player does."""

    def __init__(self, session, touch: bool, rng: random.Random) -> None:
        from test_hibernia_play import Player as HiberniaPlayer

        self.player = HiberniaPlayer(session, touch=touch, rng=rng, tag="remote")

    def step(self, map_id: str) -> dict:
        return self.player.step(self.player.idle())


def player_for(game: str, session, touch: bool, seed: int):
    rng = random.Random(seed)
    return HiberniaTaps(session, touch, rng) if game == "hibernia" else Player(session, touch=touch, rng=rng, strategy="typical")


def play_by_links(devices: dict, players: dict, map_id: str, max_links: int | None = None, between=None) -> list:
    """Pass the game between the devices by links until it ends (or ``max_links`` were sent);
    ``between(links, actor)`` runs after each link was opened everywhere. Every device checks
    every link itself; the links sent, as (sender, url)."""
    sent: list = []
    links = 0
    while max_links is None or links < max_links:
        states = {}
        for dev, session in devices.items():
            settled(session.page, f"device {dev}'s page")
            # a device that joined early shows the game once a link after the start reached it
            states[dev] = remote_state(session) or {"over": False, "my_turn": False, "can_send": False}
        if all(r["over"] and not r["can_send"] for r in states.values()):
            break
        acting = [dev for dev, r in states.items() if r["my_turn"] or r["can_send"]]
        assert len(acting) == 1, json.dumps(states)
        actor = acting[0]
        url = play_own_steps(devices[actor], players[actor], map_id)
        sent.append((actor, url))
        links += 1
        for dev, other in devices.items():
            if dev != actor:
                follow_link(other, url)
        if between:
            between(links, actor)
        assert links < 600, "the game did not end"
    return sent


def same_game_everywhere(devices: dict) -> None:
    records = [s.page.evaluate("() => window.__cambria.request('remote_record', {})") for s in devices.values()]
    assert all(r["messages"] == records[0]["messages"] for r in records), (
        "the devices hold different games",
        [[(m.get("t"), m.get("dev"), len(m.get("steps", []))) for m in r["messages"][-4:]] for r in records])
    views = [s.page.evaluate("() => window.__cambria.state().view") for s in devices.values()]
    # the same game up to its last message (a device may have played steps it has not sent)
    assert len({v["step"] - v["remote"]["drafted"] for v in views}) == 1, [(v["step"], v["remote"]["drafted"]) for v in views]
    sent = [v["position"] for v in views if not v["remote"]["drafted"]]
    assert all(p == sent[0] for p in sent)
    for s in devices.values():
        s.assert_clean()


def setup_devices(open_page, game: str, kinds: list[str], names: list[str]) -> dict:
    """The host (a phone) makes the game; one more browser context per remote seat joins."""
    host = open_page(viewport=PHONE, has_touch=True, is_mobile=True)
    host.wait_interactive()
    link = start_remote(host.page, game, kinds)
    devices = {0: host}
    for name in names:
        device = open_page(viewport=LAPTOP, service_workers="allow")  # a device may go offline
        link = join(device, link, name)
        devices[len(devices)] = device
    follow_link(host, link)
    return devices


def test_a_game_by_links_survives_a_reload_and_refuses_bad_links(open_page) -> None:
    devices = setup_devices(open_page, "cambria", ["human", "remote", "computer:easy"], ["Bob"])
    players = {0: player_for("cambria", devices[0], True, 1), 1: player_for("cambria", devices[1], False, 2)}

    def reload_and_tamper(links: int, actor: int) -> None:
        if links == 2:
            # a reload of the device that plays next, in the middle of its step: nothing lost
            for session in devices.values():
                settled(session.page, "each device's page")
            nxt = next(d for d, s in devices.items() if remote_state(s)["my_turn"] or remote_state(s)["can_send"])
            session = devices[nxt]
            before = session.page.evaluate("() => window.__cambria.state().view.step")
            rec0 = session.page.evaluate("() => window.__cambria.request('remote_record', {})")
            mode0 = session.page.evaluate("() => document.querySelector('#app').dataset.mode")
            session.page.reload()
            session.wait_interactive()
            settled(session.page, "the game back after the reload")
            again = remote_state(session)
            rec1 = session.page.evaluate("() => window.__cambria.request('remote_record', {})")
            mode1 = session.page.evaluate("() => document.querySelector('#app').dataset.mode")
            assert (again["my_turn"] or again["can_send"]) and session.page.evaluate("() => window.__cambria.state().view.step") == before, (
                mode0, mode1, rec0["draft"], rec1["draft"], len(rec0["messages"]), len(rec1["messages"]), json.dumps(again))

        if links == 3:
            # Bob's device goes offline and its tab is closed; the site opens again from the
            # installed copy with the game as it was, and the next link is opened offline
            bob = devices[1]
            held = bob.page.evaluate(HELD)
            bob.context.set_offline(True)
            bob.page.close()
            bob.page = bob.context.new_page()
            players[1].page = bob.page  # the player taps in the new tab
            bob.page.goto(bob.origin + "/")
            bob.wait_interactive()
            until(bob.page, f"(n) => ({HELD})() === n", "the game back offline", arg=held)

    sent = play_by_links(devices, players, "cambria", max_links=6, between=reload_and_tamper)
    assert len(sent) == 6
    devices[1].context.set_offline(False)
    # a damaged link: a clear message, the game unchanged
    viewer = devices[0]
    settled(viewer.page, "the host's page after the last link")
    record = viewer.page.evaluate("() => window.__cambria.request('remote_record', {})")
    url = viewer.page.evaluate("() => location.href.split('#')[0]")
    viewer.page.evaluate("(u) => { location.href = u; }", url + "#r1.AAAAbroken")
    until(viewer.page, "() => !document.querySelector('#error').hidden", "the damaged link's message")
    assert "nothing changed" in viewer.page.locator("#error").inner_text()
    assert viewer.page.evaluate("() => window.__cambria.request('remote_record', {})") == record
    # an older link, opened again: nothing changes, and the page says so
    sender, old = next((d, u) for d, u in sent if d != 0)
    viewer.page.evaluate("(u) => { location.href = u; }", old)
    until(viewer.page, "() => [...document.querySelectorAll('#toasts .toast')].some((t) => /nothing new/.test(t.textContent))",
          "the page to say the link brings nothing new")
    assert viewer.page.evaluate("() => window.__cambria.request('remote_record', {})") == record
    # Saved games lists the game, with whom it waits for or that it is this device's turn
    viewer.page.locator("#error-close").click()
    viewer.page.locator("#menu-button").click()
    viewer.page.get_by_test_id("menu-library").click()
    row = viewer.page.get_by_test_id("remote-game")
    assert row.count() == 1
    detail = row.get_by_test_id("remote-detail").inner_text()
    assert detail.startswith("Waiting for") or detail == "Your turn", detail
    # and every player's score, as the board shows it
    view = viewer.page.evaluate("() => window.__cambria.state().view")
    shown = row.get_by_test_id("saved-score").all_inner_texts()
    assert shown == [str(p) for p in view["points"][: len(view["remote"]["seats"])]], (shown, view["points"])
    viewer.page.get_by_test_id("library-close").click()
    same_game_everywhere(devices)


@pytest.mark.slow
@pytest.mark.parametrize("game,kinds,names", [
    ("cambria", ["human", "remote"], ["Bob"]),
    ("hibernia", ["human", "remote", "computer:easy", "remote"], ["Bob", "Cy"]),
    ("cambria", ["human", "remote", "remote", "remote"], ["Bob", "Cy", "Dai"]),
])
def test_whole_games_by_links(open_page, game: str, kinds: list[str], names: list[str]) -> None:
    devices = setup_devices(open_page, game, kinds, names)
    players = {dev: player_for(game, session, dev == 0, dev + 1) for dev, session in devices.items()}
    map_id = "hibernia" if game == "hibernia" else "cambria"
    play_by_links(devices, players, map_id)
    same_game_everywhere(devices)
    assert all(remote_state(s)["over"] for s in devices.values())


def test_a_game_by_link_is_played_in_one_tab_at_a_time(open_page, site) -> None:
    devices = setup_devices(open_page, "hibernia", ["human", "remote", "remote"], ["Bob", "Cy"])
    host = devices[0]
    settled(host.page, "the host's page")
    # the host's device opens the site in a second tab: the game shows there, read-only
    second = host.context.new_page()
    second.goto(site.url)
    second.wait_for_function("() => performance.getEntriesByName('cambria:interactive', 'mark').length > 0")
    until(second, "() => !document.querySelector('#elsewhere').hidden", "the second tab to show the game read-only")
    assert second.evaluate("() => window.__cambria.state().view.remote.game_id") == remote_state(host)["game_id"]
    # "Continue here": the first tab lets go and shows it read-only
    second.get_by_test_id("continue-here").click()
    until(host.page, "() => !document.querySelector('#elsewhere').hidden", "the first tab to let go")
    until(second, "() => document.querySelector('#elsewhere').hidden", "the second tab to play the game")


def test_a_device_that_lost_its_keys_can_still_watch(open_page) -> None:
    devices = setup_devices(open_page, "cambria", ["human", "remote"], ["Bob"])
    # Bob's seat is his once the host's first turn (which lets him in) reached his device
    players = {0: player_for("cambria", devices[0], True, 1), 1: player_for("cambria", devices[1], False, 2)}
    play_by_links(devices, players, "cambria", max_links=1)
    bob = devices[1]
    settled(bob.page, "Bob's page")
    game_id = remote_state(bob)["game_id"]
    # the site's IndexedDB (keys and dice secrets) is cleared, its localStorage (the copy) is not
    bob.page.evaluate("""() => new Promise((resolve, reject) => {
        const r = indexedDB.deleteDatabase('cambria-remote'); r.onsuccess = resolve; r.onerror = reject; r.onblocked = resolve; })""")
    bob.page.reload()
    bob.wait_interactive()
    until(bob.page, "() => [...document.querySelectorAll('#toasts .toast')].some((t) => /no longer has its keys/.test(t.textContent))",
          "the page to say this device lost its keys")
    settled(bob.page, "Bob's page, watching")
    watched = remote_state(bob)
    assert watched["game_id"] == game_id and watched["me"] is None and not watched["my_turn"]
    stored = bob.page.evaluate("(id) => JSON.parse(localStorage.getItem('cambria:remote:' + id)).record.me", game_id)
    assert stored == 1, "the copy keeps the seat the device took"
