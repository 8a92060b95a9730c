"""Whole games in the browser, by clicks and taps only, on a phone and on a desktop.

The test plays like a person: it looks at what the page highlights (legal roads and boats,
the choice buttons), picks one at random, sometimes takes it back with Undo, and confirms.
At several points it compares what the page shows (pieces on roads and boats, supplies,
scores, whose turn) with the engine's own view, fetched through the same bridge.  On a desktop
it clicks every seat; on a phone it taps one seat through a whole game against computer seats
(which then move without the pause a person needs), so that a phone game costs a third.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

import tapper
from waits import saved_now, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$",
                          (ROOT / "web" / "i18n" / "en.js").read_text(encoding="utf-8"), re.S).group(1))
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})

# What the page shows, read from the DOM only.
READ_PAGE = """() => {
  const app = document.querySelector('#app');
  const b = document.querySelector(`#board-${app.dataset.map}`);
  const roads = {}, boats = {};
  for (const w of b.querySelectorAll('.warrior[data-loc]')) {
    const loc = w.dataset.loc, owner = Number(w.dataset.owner);
    if (loc[0] === 'r') roads[loc.slice(1)] = owner; else boats[loc.slice(1)] = owner;
  }
  const legion = b.querySelector('.legion');
  const seats = [...document.querySelectorAll('.player-row')].map(r => Number(r.dataset.seat));
  const banner = document.querySelector('[data-testid="current-player"]');
  return {
    step: Number(app.dataset.step), map: app.dataset.map, phase: app.dataset.phase,
    roads, boats, legion: legion.dataset.road === undefined ? null : Number(legion.dataset.road),
    supply: seats.map(i => Number(document.querySelector(`[data-testid="supply-${i}"]`).dataset.supply)),
    supplyDots: seats.map(i => document.querySelectorAll(`[data-testid="supply-${i}"] .dot.on`).length),
    points: seats.map(i => Number(document.querySelector(`[data-testid="score-${i}"]`).textContent)),
    current: banner ? Number(banner.dataset.seat) : null,
    currentRow: [...document.querySelectorAll('.player-row.current')].map(r => Number(r.dataset.seat)),
    forts: [...b.querySelectorAll('.fort')].map(f => f.dataset.owner === undefined ? null : Number(f.dataset.owner)),
    shapes: [...b.querySelectorAll('.warrior use')].map(u => u.getAttribute('href')),
    logLines: document.querySelectorAll('#log li').length,
  };
}"""

ENGINE_VIEW = "() => window.__cambria.request('view', {})"
MAX_STEPS = 1500  # far more than any game of Cambria takes (a few hundred steps)


class Player(tapper.Player):
    """Drives the page like a person (tapper.py), and compares what it shows with the engine."""

    def shown(self) -> dict:
        return self.page.evaluate(READ_PAGE)

    # ---------------------------------------------------------------- checks
    def check_against_engine(self) -> dict:
        """The page shows exactly the engine's position, scores, supplies and turn."""
        engine = self.page.evaluate(ENGINE_VIEW)
        shown = self.shown()
        assert shown["step"] == engine["step"]
        pos = engine["position"]
        assert shown["roads"] == {str(r): o for r, o in enumerate(pos["roads"]) if o >= 0}
        assert shown["boats"] == {n: o for n, o in pos["boats"].items() if o is not None}
        assert shown["legion"] == pos["legion"]
        seats = [p["index"] for p in engine["players"]]
        assert shown["supply"] == [pos["supply"][i] for i in seats]
        assert shown["supplyDots"] == shown["supply"]
        assert shown["points"] == [engine["points"][i] for i in seats]
        assert shown["forts"] == [f["owner"] for f in pos["forts"]]
        assert shown["logLines"] == len(engine["log"])
        if not engine["over"]:
            assert shown["current"] == engine["current"]
            assert shown["currentRow"] == [engine["current"]]
        self.checks += 1
        return engine


def new_game(player: Player, n: int, map_id: str, tiebreak: bool, computers: str | None = None) -> None:
    """Start a game from the new-game screen (``computers``: a level for every seat but the first)."""
    page = player.page
    player.s.wait_interactive()
    assert page.get_by_test_id("start-button").is_enabled()
    player.press(page.get_by_test_id(f"count-{n}"))
    assert page.get_by_test_id("neutral-note").is_visible() == (n == 2)
    assert page.locator(".player-setup").count() == n
    # names are typed; everything else is tapped
    page.get_by_test_id("name-0").fill("Ann")
    # give player 2 the green colour (swapping with whoever had it)
    player.press(page.get_by_test_id("colour-1-green"))
    player.press(page.get_by_test_id(f"map-{map_id}"))
    assert page.locator(f".board-frame[data-map='{map_id}']").is_visible()
    if tiebreak:
        player.press(page.get_by_test_id("german-tiebreak"))
    for seat in range(1, n) if computers else ():
        page.get_by_test_id(f"kind-{seat}").select_option(f"computer:{computers}")
    player.press(page.get_by_test_id("start-button"))
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the game to start")
    player.idle()


def play_to_the_end(player: Player, n: int, map_id: str, tiebreak: bool, computers: str | None = None) -> dict:
    new_game(player, n, map_id, tiebreak, computers)
    page = player.page
    engine = player.check_against_engine()
    names = [p["name"] for p in engine["players"]]
    assert names[0] == "Ann"
    assert engine["players"][1]["colour"] == "green"
    assert engine["german_tiebreak"] is tiebreak
    assert engine["map"] == map_id
    if n == 2:
        assert engine["players"][2]["neutral"] and engine["players"][2]["colour"] == "neutral"
    start = time.monotonic()
    steps = 0
    due = False
    shown = player.choices()
    while not shown["over"]:
        shown = player.step(map_id, shown)
        steps += 1
        # every 20 steps mid-game (the step that ends it is checked below, once the last claims
        # have been revealed: until then the board rightly shows those forts as they were), where
        # no decision is laid out (the neutral's one road, taken by the engine with the warrior it
        # proposes, shows as the preview of that move until the player confirms it)
        due = due or steps % 20 == 0
        if due and not shown["over"] and not page.evaluate("() => window.__cambria.state().partial.length"):
            player.check_against_engine()
            due = False
        assert steps < MAX_STEPS, f"the game does not end ({steps} steps)"
    # the end: the last claims revealed one by one, then the end screen
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen")
    engine = player.check_against_engine()
    result = engine["result"]
    winner = next(p["name"] for p in engine["players"] if p["index"] == result["winner"])
    assert page.get_by_test_id("end-title").inner_text().startswith(winner)
    for p in result["players"]:
        row = page.get_by_test_id(f"rank-{p['index']}")
        assert row.is_visible()
        assert int(row.get_attribute("data-points")) == p["points"]
        assert f"{p['points']} points" in row.inner_text()
    tiebreak_text = page.get_by_test_id("end-tiebreak").inner_text()
    if result["tiebreak"]:  # a part, worded by the page
        assert tiebreak_text and EN[result["tiebreak"]["key"]] in tiebreak_text
    else:
        assert tiebreak_text == ""
    if n == 2:
        shapes = player.shown()["shapes"]
        assert any(s.endswith("-shape-cross") for s in shapes), "no neutral warrior on the board"
        assert page.get_by_test_id("rank-2").is_visible()
        # the neutral is not ranked: listed last, with no place number, and the end screen says it cannot win
        neutral = next(p["index"] for p in engine["players"] if p.get("neutral"))
        row = page.get_by_test_id(f"rank-{neutral}")
        assert row.evaluate("(n) => n === n.parentElement.lastElementChild && getComputedStyle(n, '::before').content") in ('""', "none")
        assert neutral not in result["ranking"] and row.get_by_test_id("rank-neutral").inner_text() == EN["end.neutral"]
    # look at the board, then back to the result
    player.press(page.get_by_test_id("end-board"))
    assert page.get_by_test_id("end-screen").is_hidden()
    player.press(page.get_by_test_id("show-result"))
    assert page.get_by_test_id("end-screen").is_visible()
    assert player.decisions >= 15 and player.checks >= 3  # a real game: many turns, checked often
    assert player.reach_checks >= player.decisions  # every tap had its controls and targets on screen
    print(f"{n} players on {map_id}: {steps} steps, {player.decisions} decisions, {player.undos} undos, "
          f"{time.monotonic() - start:.1f} s")
    player.s.assert_clean()
    return engine


# On a phone, the other seats are computers that move at once (the pause a person needs to
# follow them set to 0 through the test hooks): the phone's own seat is tapped through a whole
# game at a third (or half) of the cost, trying every kind of choice; the desktop games click
# every seat as most people play (a road, else a swap, else a pass), and count the taps.
GAMES = [
    pytest.param(PHONE, True, 3, "cambria", False, "easy", id="phone-3-players-cambria-vs-computers"),
    pytest.param(PHONE, True, 2, "cumbria", False, "easy", id="phone-2-players-neutral-cumbria-vs-computer"),
    pytest.param(DESKTOP, False, 3, "cumbria", True, None, id="desktop-3-players-cumbria-german"),
    # (-m slow: the two-player neutral turn is tapped through a whole game on the phone above, and
    # a desktop's clicks go through the three-player game above)
    pytest.param(DESKTOP, False, 2, "cambria", False, None, id="desktop-2-players-neutral-cambria",
                 marks=pytest.mark.slow),
]
# Taps a turn that begins with warriors in supply (the player's, and the neutral army's with two
# players): 3 with three or more players (roll, a road, confirm); 4 with two (the neutral's die
# rolls itself and Roll confirms the grey warrior: a road, Roll, a road, confirm).  Once a
# supply is empty the rules make the player choose which warrior moves: the engine proposes
# one (marked on the board; another can be tapped instead), so the count stays the same.
TAP_TARGET = {2: 4.0, 3: 3.0}
TAP_BOUND = {2: 4.0, 3: 3.0}  # every turn, those included: the targets


@pytest.mark.parametrize("options,touch,n,map_id,tiebreak,computers", GAMES)
def test_a_whole_game_by_taps_and_clicks(open_page, options, touch, n, map_id, tiebreak, computers):
    session = open_page("?seed=%d" % (n * 1000 + len(map_id)), reduced_motion="reduce", **options)
    session.wait_interactive()
    session.page.evaluate("window.__cambria.setPause(0)")
    player = Player(session, touch, random.Random(n * 7 + touch), strategy="explore" if computers else "typical",
                    check_reach=True, label=f"{n} players, {map_id}")
    engine = play_to_the_end(player, n, map_id, tiebreak, computers)
    if computers:  # the computers played their seats to the end, through the same page
        seats = {line["seat"] for line in engine["log"] if line["type"] in ("place", "legion", "pass")}
        assert set(range(1, n)) <= seats
    else:
        taps = player.tap_summary()
        print(f"taps per turn, {n} players: {taps['turns'][0]:.2f} over {taps['turns'][1]} turns; "
              f"with a supply {taps['with_supply'][0]:.2f} ({taps['with_supply'][1]}); "
              f"without {taps['without_supply'][0]:.2f} ({taps['without_supply'][1]}); "
              f"setup {taps['setup'][0]:.2f} ({taps['setup'][1]})")
        print(f"taps by kind: {taps['kinds']}")
        assert taps["with_supply"][1] >= 4 and taps["turns"][1] >= 30
        assert taps["with_supply"][0] <= TAP_TARGET[n], taps
        assert taps["turns"][0] <= TAP_BOUND[n], taps
        assert taps["setup"][0] <= 3, taps


def test_the_phone_layout_fits(open_page):
    """On a 390×844 phone the board takes all the room the controls leave (as wide as the screen,
    or as high as its place), and the turn's controls are on the first screen."""
    s = open_page(**PHONE)
    s.wait_interactive()
    player = Player(s, True, random.Random(1))
    new_game(player, 3, "cambria", False)
    page = s.page
    cell = page.locator("#board-area").bounding_box()
    # the map as drawn: the SVG fills its cell and shows the whole map in it, in its own shape
    box = page.evaluate("""() => {
      const svg = document.querySelector('#board-cambria'), m = svg.getScreenCTM();
      const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
      return { x: m.e, y: m.f, width: w * m.a, height: h * m.d };
    }""")
    assert box["x"] >= -1 and box["x"] + box["width"] <= 391 and box["width"] >= 300
    assert abs(box["width"] - cell["width"]) < 1 or abs(box["height"] - cell["height"]) < 1, (box, cell)
    assert abs(box["height"] / box["width"] - 4 / 3) < 0.01  # the map's own shape
    roll = page.get_by_test_id("roll-button").bounding_box()
    assert roll["y"] + roll["height"] <= 844 and roll["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # a tap near (not on) a highlighted road still chooses it: the tap goes to the nearest one
    player.step("cambria")  # the setup roll
    legal = [r for r, _ in player.choices()["roads"]]
    assert legal
    slot = page.locator(f'#board-cambria .slot[data-road="{legal[0]}"]').bounding_box()
    cx, cy = slot["x"] + slot["width"] / 2, slot["y"] + slot["height"] / 2
    others = [page.locator(f'#board-cambria .slot[data-road="{r}"]').bounding_box() for r in legal[1:]]
    # find an offset of ~16 px that is still closer to this slot than to any other legal slot
    for dx, dy in ((16, 0), (-16, 0), (0, 16), (0, -16), (11, 11), (-11, -11), (11, -11), (-11, 11)):
        x, y = cx + dx, cy + dy
        if all((o["x"] + o["width"] / 2 - x) ** 2 + (o["y"] + o["height"] / 2 - y) ** 2 > 20 ** 2 for o in others):
            page.touchscreen.tap(x, y)
            break
    player.idle()
    state = page.evaluate("window.__cambria.state()")
    assert state["partial"] == [f"s{legal[0]}"]
    s.assert_clean()


def test_undo_takes_back_choices_but_never_the_roll(open_page):
    s = open_page("?seed=5", reduced_motion="reduce", **DESKTOP)
    player = Player(s, False, random.Random(2))
    new_game(player, 3, "cambria", False)
    page = s.page
    player.step("cambria")  # roll the setup die
    before = player.shown()
    dice = page.get_by_test_id("dice").get_attribute("data-values")
    road = player.choices()["roads"][0][0]
    player.press(page.locator(f'#board-cambria .slot[data-road="{road}"]'))
    player.idle()
    shown = player.shown()
    assert shown["roads"].get(str(road)) is not None  # the warrior is shown, not yet played
    assert page.locator(f'#board-cambria .warrior[data-loc="r{road}"]').get_attribute("class").count("pending") == 1
    assert shown["step"] == before["step"]
    assert page.get_by_test_id("confirm-button").is_enabled()
    player.press(page.get_by_test_id("undo-button"))
    player.idle()
    assert player.shown()["roads"] == before["roads"]
    assert page.get_by_test_id("dice").get_attribute("data-values") == dice  # the roll stays
    assert page.get_by_test_id("undo-button").is_disabled()
    assert page.get_by_test_id("confirm-button").is_disabled()
    assert page.get_by_test_id("roll-button").is_hidden()
    engine = page.evaluate(ENGINE_VIEW)
    assert engine["step"] == before["step"]
    s.assert_clean()


def test_engine_errors_reach_the_player(open_page, tmp_path):
    """A damaged saved game gives a clear message, and the page goes on working."""
    s = open_page(reduced_motion="reduce", **DESKTOP)
    player = Player(s, False, random.Random(3))
    new_game(player, 2, "cambria", False)
    for _ in range(6):
        player.step("cambria")
    record = s.page.evaluate("() => window.__cambria.request('record', {})")
    record["steps"][3] = "s999"
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(record))
    before = player.shown()
    s.page.set_input_files("#open-file", str(bad))
    error = s.page.get_by_test_id("error")
    error.wait_for(state="visible")
    assert "step 4" in error.inner_text() and "s999" in error.inner_text()
    assert player.shown() == before  # nothing changed
    player.step("cambria")  # and the game goes on
    assert s.page_errors == []
    # a good file opens
    good = tmp_path / "good.json"
    good.write_text(json.dumps(s.page.evaluate("() => window.__cambria.request('record', {})")))
    s.page.set_input_files("#open-file", str(good))
    player.idle()
    player.check_against_engine()


def test_an_unfinished_game_can_be_continued_after_a_reload(open_page):
    s = open_page("?seed=9", reduced_motion="reduce", **DESKTOP)
    player = Player(s, False, random.Random(4))
    new_game(player, 3, "cumbria", False)
    for _ in range(12):
        player.step("cumbria")
    saved_now(s.page)  # the autosave follows each step
    before = s.page.evaluate(ENGINE_VIEW)
    s.page.reload()
    s.wait_interactive()  # the game on the board comes back by itself (tests/web/test_persistence.py)
    screen(s.page, "game")
    player.idle()
    after = player.check_against_engine()
    assert after["step"] == before["step"] and after["position"] == before["position"]
    # left for the new-game screen, it waits there behind "Continue"
    player.press(s.page.get_by_test_id("menu-button"))
    s.page.once("dialog", lambda d: d.accept())
    player.press(s.page.get_by_test_id("menu-new-game"))
    resume = s.page.get_by_test_id("resume")
    resume.wait_for(state="visible")
    player.press(resume)
    screen(s.page, "game")
    player.idle()
    assert player.check_against_engine()["step"] == before["step"]
    s.assert_clean()


def test_computer_players_move_by_themselves(open_page):
    s = open_page("?seed=3", reduced_motion="reduce", **DESKTOP)
    s.wait_interactive()
    page = s.page
    assert page.get_by_test_id("kind-0").count() == 1, "no computer players to choose"
    player = Player(s, False, random.Random(5))
    player.press(page.get_by_test_id("count-2"))
    page.get_by_test_id("kind-1").select_option("computer:easy")
    player.press(page.get_by_test_id("start-button"))
    screen(page, "game")
    human_steps = 0
    computer_moved = False
    while human_steps < 25:
        settled(page, "the person's turn (the computer moves by itself) or the end")
        if player.choices()["over"]:
            break
        engine = page.evaluate(ENGINE_VIEW)
        assert engine["actor_kind"] == "human", "settled on the computer's turn"
        computer_moved = computer_moved or any(e["seat"] == 1 for e in engine["log"])
        player.step(engine["map"])
        human_steps += 1
    assert computer_moved
    player.check_against_engine()
    s.assert_clean()


def test_a_hint_lays_the_hard_choice_on_the_board(open_page):
    """Hint shows the Hard level's move on the board, pending; Confirm plays exactly that move."""
    s = open_page("?seed=11", reduced_motion="reduce", **DESKTOP)
    player = Player(s, False, random.Random(4))
    new_game(player, 3, "cambria", False)
    page = s.page
    player.step("cambria")  # roll the setup die
    before = player.shown()
    expected = page.evaluate("() => window.__cambria.request('hint', {level: 'hard'})")["action"]
    player.press(page.get_by_test_id("hint-button"))
    player.idle()
    assert page.get_by_test_id("confirm-button").is_enabled()
    road = expected[1:]
    assert "pending" in page.locator(f'#board-cambria .warrior[data-loc="r{road}"]').get_attribute("class")
    assert page.evaluate(ENGINE_VIEW)["step"] == before["step"]  # nothing played yet
    player.press(page.get_by_test_id("confirm-button"))
    player.idle()
    record = page.evaluate("() => window.__cambria.request('record', {})")
    assert record["steps"][-1] == expected
    s.assert_clean()
