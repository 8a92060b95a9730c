"""Whole games of Hibernia in the browser, by taps and clicks only, to the end screen.

The test plays the first seat like a person: it rolls the colour die, taps two highlighted
counties (the county decides which action it is; a stepper's + or − for soldiers from counties,
or Muster), sometimes undoes, and confirms the whole turn once; the
other seats are computers that move at once (their pause set to 0 through the test hooks).  At
several points it compares what the page shows (a chip with a count per county, supplies,
steps on the track, whose turn) with the engine's own view, fetched through the same bridge.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from axecore import audit, describe
from waits import IDLE, SETTLED, read_when, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
SHOTS = os.environ.get("HIBERNIA_SHOTS")  # a folder: save screenshots there while playing
MAX_STEPS = 3000
TAP_TARGET = 4  # taps of a turn without soldiers from counties: roll, two counties, Confirm

READ_PAGE = """() => {
  const b = document.querySelector('#board-hibernia');
  const app = document.querySelector('#app');
  const seats = [...document.querySelectorAll('.player-row')].map(r => Number(r.dataset.seat));
  const banner = document.querySelector('[data-testid="current-player"]');
  return {
    step: Number(app.dataset.step),
    counties: [...b.querySelectorAll('.county')].map(c => {
      const s = b.querySelector(`#hibernia-spot-${c.dataset.county}-0`);
      return s.dataset.shown || '';
    }),
    chips: [...b.querySelectorAll('.hib-troops .hib-chip')].length,
    markers: [...b.querySelectorAll('.hib-marker')].map(m => [Number(m.dataset.seat), Number(m.dataset.space)]),
    supply: seats.map(i => Number(document.querySelector(`[data-testid="supply-${i}"]`).dataset.supply)),
    points: seats.map(i => Number(document.querySelector(`[data-testid="score-${i}"]`).dataset.points)),
    current: banner ? Number(banner.dataset.seat) : null,
    logLines: document.querySelectorAll('#log li').length,
  };
}"""

READ_CHOICES = """() => {
  const app = document.querySelector('#app');
  const b = document.querySelector('#board-hibernia');
  const visible = (el) => el && !el.hidden && el.offsetParent !== null;
  const at = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x > 0 && y > 0 && x < innerWidth && y < innerHeight ? [x, y] : null;
  };
  // a county is tapped on its name (inside it, and the name lets taps through to the county)
  const countyAt = (c) => at(c.querySelector('.county-name') || c);
  const menu = document.querySelector('#choice-menu');
  const confirm = document.querySelector('#confirm'), undo = document.querySelector('#undo');
  const roll = document.querySelector('#roll');
  return {
    step: Number(app.dataset.step),
    roll: visible(roll) ? at(roll) || true : false,
    counties: [...b.querySelectorAll('.county.legal')].map(n => [n.dataset.county, countyAt(n)]),
    buttons: [...document.querySelectorAll('#extra-choices button')].filter(n => !n.disabled).map(n => [n.dataset.token, at(n)]),
    turn: window.__cambria.state().view ? [window.__cambria.state().view.turn, window.__cambria.state().view.current] : null,
    menu: visible(menu) ? [...menu.querySelectorAll('[data-testid="menu-choice"]')].map(n => [n.dataset.token, at(n)]) : [],
    confirm: visible(confirm) && !confirm.disabled ? at(confirm) || true : false,
    undo: visible(undo) && !undo.disabled ? at(undo) || true : false,
    over: app.dataset.over === 'true',
  };
}"""

ENGINE_VIEW = "() => window.__cambria.request('view', {})"


class Player:
    """Plays a seat by taps.  ``typical``: as most people play (a county if there is one, a
    stepper's "+" for soldiers from counties, never Undo), so that its taps count what a turn
    costs (``taps``: per turn; ``stepped``: the turns that needed soldiers from counties)."""

    def __init__(self, session, touch: bool, rng: random.Random, tag: str, typical: bool = False):
        self.s = session
        self.page = session.page
        self.touch = touch
        self.rng = rng
        self.tag = tag
        self.typical = typical
        self.taps: dict[tuple, int] = {}
        self.stepped: set[tuple] = set()
        self.decisions = 0
        self.undos = 0
        self.checks = 0
        self.shots = 0
        self.kinds: set[str] = set()

    def press(self, locator) -> None:
        locator.tap() if self.touch else locator.click()

    def count(self, c: dict, what: str = "") -> None:
        if c.get("turn"):
            key = tuple(c["turn"])
            self.taps[key] = self.taps.get(key, 0) + 1
            if what.startswith(("+", "-")):
                self.stepped.add(key)

    def tap_summary(self) -> dict:
        """Taps per turn: the mean over all turns, the most a turn without soldiers from counties took."""
        plain = [v for k, v in self.taps.items() if k not in self.stepped]
        return {"turns": len(self.taps), "mean": sum(self.taps.values()) / max(1, len(self.taps)),
                "plain_max": max(plain, default=0), "plain_mean": sum(plain) / max(1, len(plain)),
                "stepped": len(self.stepped)}

    def tap_at(self, point, fallback, c: dict | None = None, what: str = "") -> None:
        if c is not None:
            self.count(c, what)
        if isinstance(point, list):
            (self.page.touchscreen.tap if self.touch else self.page.mouse.click)(*point)
        else:
            self.press(fallback)

    def idle(self) -> dict:
        return read_when(self.page, IDLE, READ_CHOICES, "the page to answer a tap")

    def wait_step_after(self, step: int) -> dict:
        return read_when(self.page, f"(s) => Number(document.querySelector('#app').dataset.step) > s && ({SETTLED})()",
                         READ_CHOICES, f"step {step} to be played and the page to settle", arg=step)

    def shot(self, name: str) -> None:
        if SHOTS and self.shots < 40:
            self.page.screenshot(path=os.path.join(SHOTS, f"hibernia-{self.tag}-{name}.png"))
            self.shots += 1

    def step(self, c: dict) -> dict:
        step = c["step"]
        if c["roll"]:
            self.tap_at(c["roll"], self.page.get_by_test_id("roll-button"), c)
            return self.wait_step_after(step)
        for _ in range(40):
            if c["menu"]:
                token, point = self.rng.choice(c["menu"])
                self.tap_at(point, self.page.locator(f'#choice-menu [data-token="{token}"]'))
                c = self.idle()
                continue
            options = [("county", cid, pt) for cid, pt in c["counties"]] + [("button", t, pt) for t, pt in c["buttons"]]
            if c["confirm"] and (not options or self.typical or self.rng.random() < 0.5):
                break
            if c["undo"] and not self.typical and self.rng.random() < 0.08:
                self.tap_at(c["undo"], self.page.get_by_test_id("undo-button"), c)
                c = self.idle()
                self.undos += 1
                continue
            assert options, f"nothing to choose and nothing to confirm: {c}"
            # a person musters now and then, but mostly moves
            if len(options) > 1 and (self.typical or self.rng.random() < 0.85):
                options = [o for o in options if o[1] != "muster"] or options
            if self.typical or self.rng.random() < 0.9:  # the stepper's "−" now and then
                options = [o for o in options if not o[1].startswith("-")] or options
            kind, what, point = self.rng.choice(options)
            if kind == "county":
                self.kinds.add("county")
                self.tap_at(point, self.page.locator(f'#board-hibernia .county[data-county="{what}"]'), c)
            else:
                self.kinds.add(what if what in ("die", "extra", "muster") else "source")
                self.tap_at(point, self.page.locator(f'#extra-choices [data-token="{what}"]'), c, what)
            c = self.idle()
        assert c["confirm"], f"cannot confirm: {c}"
        if self.decisions in (1, 6):
            self.shot(f"preview-{self.decisions}")
        self.tap_at(c["confirm"], self.page.get_by_test_id("confirm-button"), c)
        self.decisions += 1
        return self.wait_step_after(step)

    def check_against_engine(self) -> dict:
        engine = self.page.evaluate(ENGINE_VIEW)
        shown = self.page.evaluate(READ_PAGE)
        assert shown["step"] == engine["step"]
        pos = engine["position"]
        assert shown["counties"] == ["" if o is None else f"{o}:{k}" for o, k in zip(pos["owner"], pos["count"], strict=True)]
        assert shown["chips"] == sum(o is not None for o in pos["owner"])
        seats = [p["index"] for p in engine["players"]]
        assert shown["supply"] == [pos["supply"][i] for i in seats]
        assert shown["points"] == [pos["track"][i] if not p["neutral"] else 0
                                   for i, p in zip(seats, engine["players"], strict=True)]
        regular = [p["index"] for p in engine["players"] if not p["neutral"]]
        assert sorted(m for m, _ in shown["markers"]) == regular
        assert shown["logLines"] == len(engine["log"])
        if not engine["over"]:
            assert shown["current"] == engine["current"]
        self.checks += 1
        return engine


def new_game(player: Player, n: int, advanced: bool, computers: str) -> None:
    page = player.page
    player.s.wait_interactive()
    player.press(page.get_by_test_id("game-hibernia"))
    assert page.locator(".board-frame[data-map='hibernia']").is_visible()
    assert page.get_by_test_id("count-2").is_hidden() and page.get_by_test_id("count-5").is_hidden()
    player.press(page.get_by_test_id(f"count-{n}"))
    assert page.get_by_test_id("hib-neutral-note").is_visible() == (n == 3)
    assert page.locator(".player-setup").count() == n
    page.get_by_test_id("name-0").fill("Ann")
    if advanced:
        player.press(page.get_by_test_id("advanced"))
    for seat in range(1, n):
        page.get_by_test_id(f"kind-{seat}").select_option(f"computer:{computers}")
    player.shot("setup")
    player.press(page.get_by_test_id("start-button"))
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the game to start")
    player.idle()


def play(open_page, options: dict, touch: bool, n: int, advanced: bool, seed: int, tag: str,
         typical: bool = False) -> dict:
    session = open_page(f"?seed={seed}", reduced_motion="reduce", **options)
    session.wait_interactive()
    page = session.page
    page.evaluate("window.__cambria.setPause(0)")
    player = Player(session, touch, random.Random(seed), tag, typical)
    new_game(player, n, advanced, "easy")
    until(page, SETTLED, "the computers to move up to Ann's first turn")
    engine = player.check_against_engine()
    assert engine["game"] == "hibernia" and engine["players"][0]["name"] == "Ann"
    assert engine["game_options"].get("advanced", False) is advanced
    if n == 3:
        assert engine["players"][3]["neutral"]
    start = time.monotonic()
    steps = 0
    c = player.idle()
    audited = False
    while not c["over"]:
        c = player.step(c)
        steps += 1
        if steps % 25 == 0:
            player.check_against_engine()
        if not audited and player.decisions == 3:
            player.shot("midgame")
            violations = audit(page)
            assert not violations, describe(violations)
            audited = True
        assert steps < MAX_STEPS, f"the game does not end ({steps} steps)"
    engine = player.check_against_engine()
    result = engine["result"]
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen")
    player.shot("end")
    winner = next(p["name"] for p in engine["players"] if p["index"] == result["winner"])
    assert page.get_by_test_id("end-title").inner_text().startswith(winner)
    for p in result["players"]:
        row = page.get_by_test_id(f"rank-{p['index']}")
        assert row.is_visible()
        assert int(row.get_attribute("data-points")) == p["points"] == engine["position"]["track"][p["index"]]
    violations = audit(page)
    assert not violations, describe(violations)
    assert player.decisions >= 8 and player.checks >= 2
    assert {"county", "die", "extra"} <= player.kinds | {"die", "extra"} and "county" in player.kinds
    seats = {line["seat"] for line in engine["log"] if line["type"] in ("action", "muster")}
    assert set(range(n)) <= seats  # every seat acted: the computers through the same page
    print(f"Hibernia {tag}: {steps} steps, {player.decisions} decisions, {player.undos} undos, "
          f"{time.monotonic() - start:.1f} s")
    taps = player.tap_summary()
    print(f"Hibernia {tag}: taps per turn {taps['mean']:.2f} over {taps['turns']} turns; without soldiers "
          f"from counties {taps['plain_mean']:.2f} (at most {taps['plain_max']}); {taps['stepped']} turns with the stepper")
    if typical:
        # a turn is a roll, two counties and one Confirm (purple: one county); no second Confirm
        assert taps["turns"] >= 8 and taps["plain_max"] <= TAP_TARGET, taps
        assert player.decisions == taps["turns"], "one Confirm per turn"
    session.assert_clean()
    return engine


def test_four_players_on_a_phone(open_page):
    play(open_page, PHONE, True, 4, False, 41, "phone-4")


def test_three_players_with_the_neutral_on_a_desktop(open_page):
    engine = play(open_page, DESKTOP, False, 3, False, 33, "desktop-3", typical=True)
    # the neutral held counties at the start: its chips were on the board
    assert any(line["parts"][0]["key"] == "hib.log.forts" for line in engine["log"])


def test_an_advanced_game(open_page):
    engine = play(open_page, DESKTOP, False, 4, True, 57, "desktop-4-advanced")
    assert engine["game_options"]["advanced"] is True
