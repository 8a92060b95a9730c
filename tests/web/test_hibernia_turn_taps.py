"""Hibernia's turn on the page: roll, two counties, one Confirm (the county tapped decides which
action it is), the preview in words before Confirm, and the stepper that says where the soldiers
a short supply lacks come from.  Positions are seeded games played by the Easy computer, opened
through the page's own "Open a saved game" (positions.open_record); what the page should show is
read from the engine's own answers."""

from __future__ import annotations

import os
import random

import pytest

from cambria import Game
from cambria.ai.players import choose
from cambria.core.record import make_record
from cambria.games.hibernia.rules import move_options, spares
from cambria.games.hibernia.state import FIRST_ACTION

from positions import open_record
from waits import IDLE, SETTLED, read_when, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PHONE = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, reduced_motion="reduce")
SHOTS = os.environ.get("HIBERNIA_SHOTS")  # a folder: screenshots of the preview and the stepper


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"hibernia-turn-{name}.png"))
COLOURS = ("white", "orange", "pink", "grey")

READ = """() => {
  const app = document.querySelector('#app');
  const b = document.querySelector('#board-hibernia');
  const shown = (el) => el && !el.hidden && el.offsetParent !== null;
  const mid = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const opts = window.__cambria.state().opts;
  return {
    step: Number(app.dataset.step), mode: app.dataset.mode,
    roll: shown(document.querySelector('#roll')) && !document.querySelector('#roll').disabled,
    counties: [...b.querySelectorAll('.county.legal')].map((n) => [n.dataset.county, mid(n.querySelector('.county-name') || n)]),
    confirm: shown(document.querySelector('#confirm')) && !document.querySelector('#confirm').disabled,
    undo: shown(document.querySelector('#undo')) && !document.querySelector('#undo').disabled,
    preview: (document.querySelector('[data-testid="capture-preview"]') || { textContent: '' }).textContent,
    prompt: document.querySelector('#prompt').textContent,
    stepper: shown(document.querySelector('[data-testid="stepper"]')) ? {
      title: document.querySelector('[data-testid="stepper"]').getAttribute('aria-label'),
      rows: [...document.querySelectorAll('.stepper-row')].map((r) => ({
        county: r.dataset.county, count: r.querySelector('output').textContent,
        plus: !r.querySelector('[data-testid="stepper-plus"]').disabled,
        minus: !r.querySelector('[data-testid="stepper-minus"]').disabled })),
    } : null,
    partial: opts ? opts.partial : [], actions: opts ? opts.actions : null,
    focus: focused(),
    stop: (b.querySelector('[data-choice][tabindex="0"]') || { id: null }).id,  // the board's one tab stop (a11y.js)
  };
  // the element with the focus, exactly: "body" (none), a stepper's button by its row and sign
  // ("stepper-GAL stepper-plus": one row per county, one button of each sign per row), else its id
  function focused() {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    const row = a.closest('.stepper-row');
    return row ? `${row.dataset.testid} ${a.dataset.testid}` : a.id || a.tagName;
  }
}"""


def read(page) -> dict:
    return read_when(page, IDLE, READ, "the page to answer a tap")


CHANGED = f"""(before) => {{
  const s = window.__cambria.state();
  return JSON.stringify([s.partial, s.view && s.view.step]) !== before && ({IDLE})();
}}"""


def answered(page, tap) -> dict:
    """Tap (a function), then wait until the page has answered: its steps changed, nothing pending."""
    before = page.evaluate("() => { const s = window.__cambria.state(); return JSON.stringify([s.partial, s.view && s.view.step]); }")
    tap()
    return read_when(page, CHANGED, READ, "the page to answer the tap", arg=before)


def find(wanted, seeds=range(1, 30), at_chance: bool = False) -> dict:
    """The record of the first position of seeded Easy games (four people at one device) where
    ``wanted(game)`` holds: before a roll (``at_chance``) or after one."""
    for seed in seeds:
        game = Game("hibernia", ["Ann", "Bob", "Cy", "Di"], seed=seed,
                    player_info=[{"colour": c, "kind": "human"} for c in COLOURS])
        rng = random.Random(seed)
        while not game.is_over():
            if game.is_chance() == at_chance and len(game.steps) > 3 and wanted(game):
                return make_record(game)
            if game.is_chance():
                game.roll()
            else:
                game.play(choose(game.rules, game.state, "easy", rng).action)
    raise AssertionError("no seeded game reaches the position the test needs")


def open_position(open_page, record, tmp_path, **options):
    s = open_page(**{**PHONE, **options})
    s.wait_interactive()
    page = s.page
    page.evaluate("localStorage.setItem('cambria:tutorial', 'done')")  # (the guide is test_hibernia_page's)
    page.evaluate("window.__cambria.setPause(0)")
    open_record(page, record, tmp_path)
    until(page, SETTLED, "the opened game to settle")
    return s, page


def tap_county(page, c: dict, county: str) -> dict:
    """A tap on a lit county (on its name, which lets taps through to the county)."""
    assert county in dict(c["counties"]), (county, c["counties"])
    name = page.locator(f'#board-hibernia .county[data-county="{county}"] .county-name')
    return answered(page, lambda: name.dispatch_event("click", {"bubbles": True}))


def not_purple(game) -> bool:
    return game.state.phase != FIRST_ACTION or game.state.die != 5


def test_a_turn_is_a_roll_two_counties_and_one_confirm(open_page, tmp_path):
    # Ann to roll, with soldiers in her supply (no source to choose)
    record = find(lambda g: g.state.current == 0 and g.state.supply[0] >= 6, at_chance=True)
    s, page = open_position(open_page, record, tmp_path, locale="de-DE")
    c = read(page)
    start, taps = c["step"], 0
    assert c["roll"]
    page.get_by_test_id("roll-button").tap()
    taps += 1
    c = read_when(page, f"() => Number(document.querySelector('#app').dataset.step) > {start} && ({SETTLED})()", READ,
                  "the roll")
    assert c["mode"] == "choosing" and c["counties"], c
    purple = "purple" in page.evaluate("() => window.__cambria.state().view.position.die")
    first = c["counties"][0][0]
    c = tap_county(page, c, first)
    taps += 1
    assert c["partial"] == [first]
    if not purple:
        assert not c["confirm"] and c["counties"]  # the other action is still to choose
        assert c["preview"].strip(), "no preview of the first action"
        second = c["counties"][-1][0]
        c = tap_county(page, c, second)
        taps += 1
        # Undo takes back exactly the last tap, and the same tap brings it again
        c = answered(page, lambda: page.get_by_test_id("undo-button").tap())
        assert c["partial"] == [first] and not c["confirm"]
        c = tap_county(page, c, second)
        taps += 0  # (the Undo and the tap again are not part of a typical turn)
    assert c["confirm"] and c["actions"], c
    # the preview in words: the rules' own effects (what happens in each county, the walk)
    view = page.evaluate("() => window.__cambria.request('options', {partial: window.__cambria.state().partial})")
    assert view["preview"]["say"], "the engine said nothing to preview"
    # (a whole turn's preview is the prompt itself: Confirm is lit, what it does is said)
    assert "hib." not in c["prompt"] and "[object" not in c["prompt"]
    assert any(k in c["prompt"] for k in ("Schritt", "Stein")), c["prompt"]  # the walk, in German
    walk = view["preview"]["say"][-1]
    if walk["key"] == "hib.say.walk":  # with the colours it pays with, as a list in German
        german = {"blue": "Blau", "green": "Grün", "red": "Rot", "yellow": "Gelb"}
        listed = ", ".join(german[x] for x in walk["args"]["colours"]).lower()
        assert f"({listed}" in c["prompt"].lower(), (listed, c["prompt"])
    shot(page, "preview")
    actions = list(c["actions"])
    page.get_by_test_id("confirm-button").tap()
    taps += 1
    c = read_when(page, f"() => Number(document.querySelector('#app').dataset.step) >= {start + 1 + len(actions)} && ({SETTLED})()",
                  READ, "the turn to be played")
    assert taps <= (3 if purple else 4)
    engine = page.evaluate("() => window.__cambria.request('record', {})")
    assert engine["steps"][start + 1:start + 1 + len(actions)] == actions
    s.assert_clean()


def short_supply(game) -> bool:
    """A move whose soldiers must partly come from at least two counties, more than needed."""
    s = game.state
    if s.phase != FIRST_ACTION or s.current != 0:
        return False
    for _slot, t, _n, need in move_options(s):
        room = spares(s, 0, t)
        # (and after one from the county that can give most, still a choice: no forced rest)
        if need >= 2 and len(room) >= 2 and sum(k for _, k in room) > need and max(k for _, k in room) >= 2:
            return True
    return False


def test_the_stepper_says_how_many_and_from_where(open_page, tmp_path):
    record = find(short_supply, seeds=range(1, 60))
    s, page = open_position(open_page, record, tmp_path, locale="en-GB")
    c = read(page)
    assert c["mode"] == "choosing"
    # the county that needs soldiers from counties (the engine's own list)
    state = page.evaluate("() => window.__cambria.request('options', {partial: []})")
    targets = [x["token"] for x in state["choices"] if x["kind"] == "county"]
    wanted = None
    for cid in targets:
        o = page.evaluate("(p) => window.__cambria.request('options', {partial: p})", [cid])
        rooms = {x["county"]: x["room"] for x in o["choices"]} if o["stage"] == "source" else {}
        if rooms and len(rooms) >= 2 and max(rooms.values()) >= 2 and sum(rooms.values()) > o["prompt"][0]["args"]["count"] >= 2:
            wanted, need = cid, o["prompt"][0]["args"]["count"]
            biggest = max(sorted(rooms), key=lambda k: rooms[k])
            break
    assert wanted, "no county needs a choice of sources"
    c = tap_county(page, c, wanted)
    st = c["stepper"]
    assert st and len(st["rows"]) >= 2, (wanted, c["partial"], c["prompt"], c["stepper"])
    assert str(need) in st["title"] and str(need) in c["prompt"]
    assert all(r["count"].startswith("0/") and r["plus"] and not r["minus"] for r in st["rows"])
    row = biggest  # one from it still leaves a choice
    plus = page.locator(f'[data-testid="stepper-{row}"] [data-testid="stepper-plus"]')
    minus = page.locator(f'[data-testid="stepper-{row}"] [data-testid="stepper-minus"]')
    c = answered(page, plus.tap)
    shot(page, "stepper")
    got = next(r for r in c["stepper"]["rows"] if r["county"] == row)
    assert got["count"].startswith("1/") and got["minus"]
    assert str(need - 1) in c["stepper"]["title"]
    c = answered(page, minus.tap)
    assert next(r for r in c["stepper"]["rows"] if r["county"] == row)["count"].startswith("0/")
    # Undo takes back the "−" alone
    c = answered(page, lambda: page.get_by_test_id("undo-button").tap())
    assert c["partial"][-1] == f"+{row}"
    assert next(r for r in c["stepper"]["rows"] if r["county"] == row)["count"].startswith("1/")
    # the keyboard: Enter on a stepper's button takes its step, and the focus stays on that very
    # button while it can be pressed again; once it cannot (disabled, or the stepper gone) the focus
    # goes where a keyboard player goes on (a11y.js): the board's one tab stop, else Confirm
    def key(c: dict, county: str, sign: str) -> dict:
        name = f"stepper-{county} stepper-{sign}"
        page.locator(f'[data-testid="stepper-{county}"] [data-testid="stepper-{sign}"]').focus()
        assert read(page)["focus"] == name
        before = len(c["partial"])
        c = answered(page, lambda: page.keyboard.press("Enter"))
        assert c["partial"][before] == ("+" if sign == "plus" else "-") + county, c["partial"]
        again = any(r["county"] == county and r[sign] for r in (c["stepper"] or {"rows": []})["rows"])
        assert c["focus"] == (name if again else c["stop"] or "confirm"), (name, c["focus"], c["stop"], c["stepper"])
        return c

    c = key(c, row, "minus")  # 1 -> 0: its "−" is off, the focus goes to the board's tab stop
    assert c["stop"] and c["focus"] == c["stop"]
    c = key(c, row, "plus")  # 0 -> 1 of a room of 2 or more, more still needed: the very "+" keeps it
    assert c["focus"] == f"stepper-{row} stepper-plus"
    # the rest by "+" until the action is whole: the stepper goes, the other action is asked (the
    # focus on the board's tab stop, or on Confirm)
    for _ in range(20):
        if not c["stepper"]:
            break
        c = key(c, next(r for r in c["stepper"]["rows"] if r["plus"])["county"], "plus")
    assert not c["stepper"] and (c["counties"] or c["confirm"]) and c["focus"] in (c["stop"], "confirm")
    s.assert_clean()
