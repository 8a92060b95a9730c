"""Sound and vibration (web/sound.js, web/cues.js): a roll, a capture, your turn and the end are
heard (synthesized with the Web Audio API) and your turn and a capture felt on a phone; the menu's
setting turns both off, and is remembered; a device that asks for reduced motion starts with
them off.

An init script replaces the browser's AudioContext and navigator.vibrate with recorders: every
note started (its frequency, in order) and every vibration.  The notes are read back as cues
against the page's own table (sound.js CUES); the positions come from the engine (positions.py),
which also says what the computers will do from them."""

from __future__ import annotations

import pytest

import positions
from test_pass_screen import open_game_page
from test_rematch import one_decision_before_the_end
from waits import settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

FAKE_AUDIO = """
(() => {
  const notes = [], vibrations = [];
  Object.defineProperty(window, '__notes', { value: notes });
  Object.defineProperty(window, '__vibrations', { value: vibrations });
  window.__contexts = 0;
  class Param { constructor() { this.value = 0; } setValueAtTime(v) { this.value = v; return this; }
    exponentialRampToValueAtTime() { return this; } linearRampToValueAtTime() { return this; } }
  class Node { connect(n) { return n; } disconnect() {} }
  class Oscillator extends Node { constructor() { super(); this.type = 'sine'; this.frequency = new Param(); }
    start() { notes.push(this.frequency.value); } stop() {} }
  class Gain extends Node { constructor() { super(); this.gain = new Param(); } }
  class FakeAudioContext {
    constructor() { this.state = 'running'; this.destination = new Node(); window.__contexts++; }
    get currentTime() { return performance.now() / 1000; }
    createOscillator() { return new Oscillator(); }
    createGain() { return new Gain(); }
    resume() { this.state = 'running'; return Promise.resolve(); }
    suspend() { this.state = 'suspended'; return Promise.resolve(); }
    close() { this.state = 'closed'; return Promise.resolve(); }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = FakeAudioContext;
  Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true,
    value(pattern) { vibrations.push(pattern); return true; } });
  try { if (!localStorage.getItem('cambria:tutorial')) localStorage.setItem('cambria:tutorial', 'done'); } catch {}
})();
"""

CUES = """async () => {
  const script = document.querySelector('script[type="module"][src*="app.js"]');
  const { CUES } = await import(new URL('sound.js', script.src).href);
  return Object.fromEntries(Object.entries(CUES).map(([k, c]) => [k, { notes: c.notes.map((n) => n.f), vibrate: c.vibrate }]));
}"""

HEARD = "() => ({ notes: window.__notes.slice(), vibrations: window.__vibrations.slice(), contexts: window.__contexts })"


def cues_heard(notes: list[float], table: dict) -> list[str]:
    """The notes started, read back as the cues they make up (each cue's notes in a row)."""
    out, i = [], 0
    while i < len(notes):
        name = next((k for k, c in table.items() if notes[i:i + len(c["notes"])] == c["notes"]), None)
        assert name, f"notes that make no cue at {i}: {notes[i:i + 6]} (all: {notes})"
        out.append(name)
        i += len(table[name]["notes"])
    return out


def computer_turns(record: dict) -> tuple[dict, list[dict]]:
    """What the page will do from a record: the computers' steps (the engine's own answers) up to
    the next person's turn; that view and their events."""
    s = positions.session_of(record)
    view, events = s.handle("view", {}), []
    while not view["over"] and str(view["actor_kind"]).startswith("computer:"):
        answer = s.handle("computer", {})
        events += answer["events"]
        view = answer["view"]
    return view, events


def computers_capture_then_ann_plays() -> dict:
    """A position where the two computers roll and capture a fort before Ann's turn comes."""
    def wanted(game, record):
        if game.player_info[game.state.current].get("kind") == "human":
            return False
        view, events = computer_turns(record)
        return view["actor"] == 0 and any(e["type"] == "capture" and not e["final"] for e in events)
    return positions.find(wanted, names=("Ann", "Bob", "Cy"), kinds=["human", "computer:easy", "computer:easy"])


def open_page_with_fake_audio(context_for, site, **options):
    return open_game_page(context_for, site, init=FAKE_AUDIO, viewport={"width": 1280, "height": 800}, locale="en-GB", **options)


def touch_the_page(page) -> None:
    """A first tap (browsers start audio only after one): the menu, opened and closed."""
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-button").click()


def ann_to_play(page, at_least: int) -> None:
    settled(page, "Ann's turn after the computers'", at_least=at_least)
    until(page, "() => window.__cambria.state().view.actor === 0", "Ann's turn")


def test_a_roll_a_capture_your_turn_and_the_end_are_heard(context_for, site, tmp_path):
    record = computers_capture_then_ann_plays()
    view, _ = computer_turns(record)
    page = open_page_with_fake_audio(context_for, site)
    table = page.evaluate(CUES)
    touch_the_page(page)
    positions.open_record(page, record, tmp_path)
    ann_to_play(page, view["step"])
    until(page, "() => window.__notes.length > 0 && window.__vibrations.length >= 2", "the cues")
    heard = page.evaluate(HEARD)
    cues = cues_heard(heard["notes"], table)
    # the computers' rolls and their capture, then Ann's turn (the last thing heard)
    assert cues[-1] == "turn" and "roll" in cues and "capture" in cues, cues
    assert cues.count("turn") == 1 and "end" not in cues, cues
    assert table["capture"]["vibrate"] in heard["vibrations"] and table["turn"]["vibrate"] == heard["vibrations"][-1], heard
    assert heard["contexts"] == 1  # one AudioContext, made on the first tap
    # the end: a game one computer decision before it
    positions.open_record(page, one_decision_before_the_end(), tmp_path, name="end.json")
    until(page, "() => window.__cambria.state().view.over", "the end of the game")
    until(page, "(n) => window.__notes.length > n", "the end's cue", arg=len(heard["notes"]))
    later = cues_heard(page.evaluate(HEARD)["notes"], table)[len(cues):]
    assert later[-1] == "end" and later.count("end") == 1, later


def test_sound_off_plays_nothing_and_is_remembered(context_for, site, tmp_path):
    record = computers_capture_then_ann_plays()
    view, _ = computer_turns(record)
    page = open_page_with_fake_audio(context_for, site)
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("sound-on").get_attribute("aria-pressed") == "true"  # on by default
    page.get_by_test_id("sound-off").click()
    page.reload()
    until(page, "() => window.__cambria && window.__cambria.loaded", "the page's modules")
    until(page, "() => !document.querySelector('[data-testid=\"start-button\"]').disabled", "the engine to start")
    page.evaluate("window.__cambria.setPause(0)")
    assert page.evaluate("localStorage.getItem('cambria:sound')") == "off"
    assert page.get_by_test_id("sound-off").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("sound-on").get_attribute("aria-pressed") == "false"
    touch_the_page(page)
    positions.open_record(page, record, tmp_path)
    ann_to_play(page, view["step"])
    heard = page.evaluate(HEARD)
    assert heard == {"notes": [], "vibrations": [], "contexts": 0}, heard
    # and on again from the menu: the tap that turns it on starts the audio
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("sound-on").click()
    assert page.evaluate("localStorage.getItem('cambria:sound')") == "on"
    assert page.evaluate(HEARD)["contexts"] == 1


def test_reduced_motion_starts_with_sound_off(context_for, site):
    page = open_page_with_fake_audio(context_for, site, reduced_motion="reduce")
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("sound-off").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('cambria:sound')") is None  # a default, not a choice
    # a stored choice wins over the default; nonsense stored gives the default again
    for stored, pressed in (("on", "sound-on"), ("loud", "sound-off"), ("off", "sound-off")):
        page.evaluate("(v) => localStorage.setItem('cambria:sound', v)", stored)
        page.reload()
        until(page, "() => window.__cambria && window.__cambria.loaded", "the page's modules")
        page.get_by_test_id("menu-button").click()
        assert page.get_by_test_id(pressed).get_attribute("aria-pressed") == "true", stored
