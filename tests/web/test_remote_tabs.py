"""A link opened in a new tab while another tab of the same browser plays its game (issue 35,
"Tabs and browsers"; web/remote/handoff.js): messengers open every link in a new tab.

Two browser contexts are two devices (the host and Bob); two pages of the host's context are
two tabs of one browser. Bob's turn comes to the host as a link opened in a new tab: the tab
that plays the game applies it (once), the new tab says where the link went, shows the game
read-only and can take it over ("Play here instead"). With no tab holding the game, a link in a
new tab opens there as before.

Before handoff.js, the new tab opened the link itself, found the game held by the other tab
and only showed it read-only: the tab that played the game never got the move."""

from __future__ import annotations

import json

import pytest

from test_live_play import MARK, in_step, join_live, live_device, next_actor, play_live, started
from test_remote_play import HELD, LAPTOP, PHONE, follow_link, play_own_steps, player_for, remote_state, setup_devices, \
    start_remote
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

RECORD = "() => window.__cambria.request('remote_record', {})"
# what the tab says about the game: read-only, which of the "elsewhere" lines shows
TAB = """() => {
  const app = document.querySelector('#app');
  const away = document.querySelector('#elsewhere');
  const shown = (sel) => { const n = document.querySelector(sel); return Boolean(n && n.offsetParent !== null); };
  return {readOnly: app.classList.contains('read-only'), away: !away.hidden,
          handed: shown('[data-testid=handed-off]'), playHere: shown('[data-testid=play-here]'),
          continueHere: shown('[data-testid=continue-here]'), text: away.innerText,
          error: !document.querySelector('#error').hidden,
          toasts: [...document.querySelectorAll('#toasts .toast')].map((n) => n.textContent)};
}"""
# how many messages this browser's saved copy of the game on the board holds
SAVED_MESSAGES = """(() => { const id = window.__cambria.state().view.remote.game_id;
  return JSON.parse(localStorage.getItem('cambria:remote:' + id)).record.messages.length; })()"""


def new_tab(first, url: str):
    """Another tab of the host's browser (same context, same storage), opening ``url``."""
    page = first.context.new_page()
    session = type(first)(context=first.context, page=page, origin=first.origin)
    page.on("pageerror", lambda exc: session.page_errors.append(str(exc)))
    page.goto(url)
    session.wait_interactive()
    return session


def bobs_link(devices: dict, players: dict) -> str:
    """Links pass as usual until it is Bob's turn; his steps, sent: the link he gives."""
    host, bob = devices[0], devices[1]
    while True:
        settled(host.page, "the host's tab")
        settled(bob.page, "Bob's page")
        mine = remote_state(bob) or {}  # (None until a link after the start reached him)
        if mine.get("my_turn") or mine.get("can_send"):
            return play_own_steps(bob, players[1], "cambria")
        url = play_own_steps(host, players[0], "cambria")
        follow_link(bob, url)


def acts_next(session) -> bool:
    """This tab's device has the next step, or steps to send (a roll in the middle of Bob's turn
    is answered by the host's device by itself: then it has a link to send back)."""
    r = remote_state(session)
    return bool(r and (r["my_turn"] or r["can_send"]))


def test_a_link_opened_in_a_new_tab_goes_to_the_tab_that_plays_the_game(open_page) -> None:
    devices = setup_devices(open_page, "cambria", ["human", "remote"], ["Bob"])
    host, bob = devices[0], devices[1]
    players = {0: player_for("cambria", host, True, 1), 1: player_for("cambria", bob, False, 2)}

    url = bobs_link(devices, players)
    before = host.page.evaluate(HELD)
    steps_before = host.page.evaluate("() => window.__cambria.state().view.step")
    # the messenger opens Bob's link in a new tab of the host's browser
    second = new_tab(host, url)
    until(second.page, f"() => ({TAB})().handed", "the new tab to say where the link went")
    until(host.page, f"(n) => ({HELD})() > n", "the tab that plays the game to apply Bob's turn", arg=before)
    settled(host.page, "the host's tab after Bob's turn")
    # applied there, once: the host's copy is Bob's, its board moved on, nothing refused
    assert host.page.evaluate(RECORD)["messages"] == bob.page.evaluate(RECORD)["messages"]
    assert host.page.evaluate("() => window.__cambria.state().view.step") > steps_before
    first_tab = host.page.evaluate(TAB)
    assert not first_tab["readOnly"] and not first_tab["away"] and not first_tab["error"], first_tab
    assert not any("nothing new" in t for t in first_tab["toasts"]), first_tab["toasts"]
    assert acts_next(host), json.dumps(remote_state(host))
    # the new tab: the notice and its button, not "Continue here"; read-only, it saves nothing
    tab = second.page.evaluate(TAB)
    assert tab["readOnly"] and tab["playHere"] and not tab["continueHere"] and not tab["error"], tab
    assert "passed to the tab where this game is open" in tab["text"], tab["text"]
    saved = host.page.evaluate(RECORD)
    second.page.wait_for_function("() => window.__cambria.state().view && window.__cambria.state().view.remote")
    assert second.page.evaluate("() => window.__cambria.state().view.remote.messages") == len(saved["messages"])

    # "Play here instead": this tab takes the game over, the first one lets go
    second.page.get_by_test_id("play-here").click()
    until(host.page, "() => !document.querySelector('#elsewhere').hidden", "the first tab to let go")
    until(second.page, "() => document.querySelector('#elsewhere').hidden", "the new tab to play the game")
    settled(second.page, "the new tab, playing")
    assert second.page.evaluate(RECORD)["messages"] == saved["messages"]
    assert acts_next(second), json.dumps(remote_state(second))
    mine_away = host.page.evaluate(TAB)
    assert mine_away["continueHere"] and not mine_away["handed"], mine_away  # the first tab: the plain offer

    # the host plays on in the new tab, Bob answers; the tab that held the game is closed now,
    # so Bob's next link, in yet another tab, opens there by itself
    players[0].page = second.page
    follow_link(bob, play_own_steps(second, players[0], "cambria"))
    devices[0] = second
    url = bobs_link(devices, players)
    second.page.close()
    third = new_tab(host, url)
    until(third.page, f"() => ({HELD})() > 0", "the link to open in the new tab")
    settled(third.page, "the third tab")
    assert third.page.evaluate(RECORD)["messages"] == bob.page.evaluate(RECORD)["messages"]
    tab = third.page.evaluate(TAB)
    assert not tab["readOnly"] and not tab["away"] and not tab["error"], tab
    assert acts_next(third), json.dumps(remote_state(third))
    for session in (host, second, third, bob):
        session.assert_clean()



# A holder that does not answer a handed link (as a frozen or discarded tab would not): its
# channel of links hears nothing once window.__deaf is set; tabs.js's channel still works
DEAF_TO_LINKS = """
const Native = window.BroadcastChannel;
window.BroadcastChannel = class extends Native {
  addEventListener(type, handler, ...rest) {
    if (this.name !== 'cambria:links') return super.addEventListener(type, handler, ...rest);
    return super.addEventListener(type, (e) => { if (!window.__deaf) handler(e); }, ...rest);
  }
};
"""


def test_a_link_the_holding_tab_does_not_answer_for_opens_in_the_new_tab_and_is_kept_on_takeover(open_page) -> None:
    """The tab that plays the game does not answer (here: deaf to the links' channel). The new
    tab opens the link itself after a moment, as before: read-only, "Continue here". Taking the
    game over keeps the link's message, which the holding tab never got (before, the new tab
    came back from the holder's save without it)."""
    devices = setup_devices(open_page, "cambria", ["human", "remote"], ["Bob"])
    host, bob = devices[0], devices[1]
    players = {0: player_for("cambria", host, True, 1), 1: player_for("cambria", bob, False, 2)}
    url = bobs_link(devices, players)
    before = len(host.page.evaluate(RECORD)["messages"])
    host.context.add_init_script(DEAF_TO_LINKS)
    host.page.reload()  # the game comes back in this tab, which holds it again
    host.wait_interactive()
    until(host.page, f"(n) => ({HELD})() === n", "the game back after the reload", arg=before)
    host.page.evaluate("() => { window.__deaf = true; }")
    second = new_tab(host, url)
    until(second.page, f"() => ({TAB})().continueHere", "the new tab to open the link itself, read-only")
    tab = second.page.evaluate(TAB)
    assert tab["readOnly"] and not tab["handed"] and not tab["error"], tab
    wanted = bob.page.evaluate(RECORD)["messages"]
    assert len(wanted) > before
    assert second.page.evaluate("() => window.__cambria.state().view.remote.messages") == len(wanted)
    assert len(host.page.evaluate(RECORD)["messages"]) == before  # the holder never got it
    second.page.get_by_test_id("continue-here").click()
    until(host.page, "() => !document.querySelector('#elsewhere').hidden", "the holding tab to let go")
    until(second.page, "() => document.querySelector('#elsewhere').hidden", "the new tab to play the game")
    settled(second.page, "the new tab, playing")
    assert second.page.evaluate(RECORD)["messages"] == wanted  # the link's message kept, not the older save
    assert acts_next(second), json.dumps(remote_state(second))
    until(second.page, f"(n) => {SAVED_MESSAGES} === n", "the new tab to save Bob's message", arg=len(wanted))
    for session in (host, second, bob):
        session.assert_clean()


def test_in_live_play_a_link_in_a_new_tab_goes_to_the_live_tab_which_plays_on_live(open_page) -> None:
    """Live play: Bob's turn reached the host's tab by itself; his link, tapped in the messenger
    anyway, opens a new tab. The live tab takes it (and says, as it would itself, that it brings
    nothing new), the new tab says where it went and stays out of the room, and the next turns
    still go live both ways."""
    host = live_device(open_page, viewport=PHONE, has_touch=True, is_mobile=True)
    invite = start_remote(host.page, "cambria", ["human", "remote"])
    bob = live_device(open_page, viewport=LAPTOP)
    join_live(bob, invite, "Bob")
    started(host)
    until(host.page, f"() => ({MARK})(1) === 'here'", "the host's page to show Bob here")
    devices = {0: host, 1: bob}
    players = {0: player_for("cambria", host, True, 5), 1: player_for("cambria", bob, False, 6)}
    for _turn in range(4):  # the host's turns until Bob's
        if next_actor(devices) == 1:
            break
        play_live(devices, players, "cambria", turns=1)
    assert next_actor(devices) == 1
    play_live(devices, players, "cambria", turns=1)  # Bob's turn, by live play
    held = host.page.evaluate(HELD)
    link = bob.page.evaluate("() => window.__cambria.request('remote_link', {})")["link"]
    assert held == len(bob.page.evaluate(RECORD)["messages"])
    second = new_tab(host, f"{host.origin}/#{link}")
    until(second.page, f"() => ({TAB})().handed", "the new tab to say where the link went")
    until(host.page, f"() => ({TAB})().toasts.some((t) => /nothing new/.test(t))",
          "the live tab to say the link brings nothing new")
    assert host.page.evaluate(HELD) == held and not host.page.evaluate(TAB)["error"]
    assert second.page.evaluate("() => document.querySelector('#app').dataset.live") in (None, "", "off"), \
        second.page.evaluate("() => ({...document.querySelector('#app').dataset})")
    # the live tab plays on live: the host's turn reaches Bob with no link
    play_live(devices, players, "cambria", turns=2)
    assert host.page.evaluate(HELD) > held
    in_step(devices)
    assert host.page.evaluate(RECORD)["messages"] == bob.page.evaluate(RECORD)["messages"]
    for session in (host, second, bob):
        session.assert_clean()
