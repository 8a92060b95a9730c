"""Cambria's neutral step with two players (issue 28, item 3): while the player picks the grey
warrior's road, Roll is a quiet "then roll" (the prompt and the highlighted roads lead), and a
neutral placement with one legal move is made without a tap, with a notice, recorded as if tapped.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import positions
from cambria.core.record import load_record
from cambria.games.cambria.definition import action_steps
from cambria.games.cambria.state import NEUTRAL
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
STATE = "() => window.__cambria.state()"
# every toast the page shows, in order (they come and go: a MutationObserver keeps their words)
WATCH_TOASTS = """() => {
  window.__toastsSeen = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.textContent) window.__toastsSeen.push(n.textContent);
  }).observe(document.getElementById('toasts'), { childList: true, subtree: true });
}"""
ROLL_LOOK = """(b) => { const cs = getComputedStyle(b);
  return { hidden: b.hidden, disabled: b.disabled, primary: b.classList.contains('primary'), bg: cs.backgroundColor,
           size: parseFloat(cs.fontSize), text: b.textContent.trim() }; }"""


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def targets(game) -> set[str]:
    return {action_steps(str(a))[0] for a in game.legal_actions()}


def at_neutral(wanted) -> dict:
    """A two-player game (with the neutral army) waiting for the grey warrior's placement."""
    return positions.find(lambda g, r: g.state.phase == NEUTRAL and wanted(g), names=("Ann", "Bob"),
                          at_chance=False, min_step=6)


def opened(open_page, tmp_path, record: dict, locale: str = "en-GB"):
    s = open_page(locale=locale, guide=False, **PHONE)
    s.wait_interactive()
    s.page.evaluate(WATCH_TOASTS)
    positions.open_record(s.page, record, tmp_path)
    return s


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("de", "de-DE")])
def test_roll_steps_back_while_the_grey_road_is_chosen(open_page, tmp_path, lang, locale):
    record = at_neutral(lambda g: len(targets(g)) >= 2)
    s = opened(open_page, tmp_path, record, locale)
    page = s.page
    words = catalog(lang)
    state = page.evaluate(STATE)
    assert state["mode"] == "choosing" and state["view"]["phase"] == "neutral"
    assert page.locator("svg.board .slot.legal-neutral").count() >= 2  # the grey roads lead
    roll = page.get_by_test_id("roll-button")
    quiet = roll.evaluate(ROLL_LOOK)
    # not the big red button that cannot be used: a quiet note of what comes after the road
    assert not quiet["hidden"] and quiet["disabled"] and not quiet["primary"], quiet
    assert quiet["bg"] in ("rgba(0, 0, 0, 0)", "transparent"), quiet
    prompt_size = page.locator("#prompt").evaluate("(p) => parseFloat(getComputedStyle(p).fontSize)")
    assert quiet["size"] <= prompt_size and quiet["size"] < 15, (quiet, prompt_size)
    assert quiet["text"] == words["roll.then"]
    box = roll.bounding_box()

    # the player taps a grey road: Roll is the red button now, and does both (confirm, then roll)
    token = state["opts"]["choices"][0]["token"]
    page.evaluate("""(token) => { const c = window.__cambria.state().opts.choices.find((x) => x.token === token);
      const [kind, id] = c.element.split(':');
      document.querySelector(`#board-${document.querySelector('#app').dataset.map} .slot[data-road="${id}"]`)
        .dispatchEvent(new MouseEvent('click', { bubbles: true })); }""", token)
    until(page, "() => { const s = window.__cambria.state(); return !s.busy && s.opts && s.opts.complete; }",
          "the grey road to be taken")
    # (its colour comes back with the buttons' short transition)
    until(page, "() => !['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(document.getElementById('roll')).backgroundColor)",
          "Roll in its own colour again")
    ready = roll.evaluate(ROLL_LOOK)
    assert not ready["disabled"] and ready["primary"] and ready["size"] >= 16, ready
    assert ready["bg"] not in ("rgba(0, 0, 0, 0)", "transparent")
    assert ready["text"] == words["roll.dice"]
    after = roll.bounding_box()
    assert abs(after["height"] - box["height"]) <= 1, (box, after)  # the turn card keeps its height
    s.assert_clean()


def test_a_neutral_placement_with_one_move_is_made_without_a_tap(open_page, tmp_path):
    record = at_neutral(lambda g: len(g.legal_actions()) == 1)
    game = load_record(record)
    only = str(game.legal_actions()[0])
    s = opened(open_page, tmp_path, record)
    page = s.page
    # nobody tapped: the page played the one move and waits for the player's own roll
    until(page, "(n) => { const s = window.__cambria.state(); return !s.busy && s.mode === 'awaiting_roll' && s.view.step === n; }",
          "the neutral's only move to be played by itself", arg=len(record["steps"]) + 1)
    view = page.evaluate(STATE)["view"]
    assert view["phase"] == "roll"
    played = page.evaluate("() => window.__cambria.request('record', {})")
    assert played["steps"] == record["steps"] + [only]  # the record is the one a tap would have made
    # the neutral warrior stands on its road on the board
    road = int(action_steps(only)[0][1:])
    neutral = next(p["index"] for p in view["players"] if p.get("neutral"))
    assert view["position"]["roads"][road] == neutral
    assert page.locator(f'svg.board:visible .warrior[data-loc="r{road}"][data-owner="{neutral}"]').count() == 1
    # the page said what happened: the road by its two forts' names
    forts = page.locator(f'svg.board:visible .slot[data-road="{road}"]').get_attribute("data-forts").split(",")
    names = [page.locator(f'svg.board:visible .fort[data-fort="{f}"]').get_attribute("data-name") for f in forts]
    until(page, "(names) => window.__toastsSeen.some((t) => names.every((n) => t.includes(n)))",
          "a notice naming the grey warrior's road", arg=names)
    # nothing to undo: the move was nobody's choice; the player's own roll is the next tap
    assert page.get_by_test_id("undo-button").is_hidden()
    roll = page.get_by_test_id("roll-button")
    assert roll.is_enabled() and roll.evaluate(ROLL_LOOK)["primary"]
    s.assert_clean()
