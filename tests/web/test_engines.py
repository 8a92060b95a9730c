"""Every browser engine: whole games by taps, a reload mid-turn, the saved games and the offline
start, in Firefox (Debian's firefox-esr, through puppeteer-core over WebDriver BiDi) and in WebKit
(WebKitGTK's MiniBrowser, through Selenium and WebKitWebDriver, on Xvfb), at a phone's size and a
desktop's.  The Chromium tests' own players (test_play.py, test_hibernia_play.py, tapper.py)
play here unchanged: enginepage.py gives each engine the part of Playwright's Page they use.

    python3 build.py test tests/web/test_engines.py -k firefox           # one engine alone
    python3 build.py test tests/web/test_engines.py -k firefox -m slow   # the rest of its set

The default run, per engine: one whole game of Cambria (Firefox at a phone's size, WebKit at a
desktop's), a reload mid-turn with the saved games, the offline start, and a check that console
errors are seen at all; every other game, size and check is marked slow.  What a driver cannot
do as a person's browser does: WebKitGTK's WebDriver has no touch input (a tap is a click there;
the phone is a 390×844 viewport at a device pixel ratio of 2, through GDK_SCALE) and no console
log (errors are kept in the page from the load event on: engines/capture.js).  Both engines run the service worker under
automation, so the offline start is tested in both.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import test_hibernia_play
import test_hibernia_saves
import test_persistence
import test_play
from enginepage import EngineSession, FirefoxPage, WebKitPage, Xvfb
from test_offline import Host
from waits import SETTLED, saved_now, screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900),
              # said by Selenium's own WebKitGTK class, not by anything here
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
SIZES = {"phone": PHONE, "desktop": DESKTOP}
STATE = "() => window.__cambria.state()"


@pytest.fixture(scope="session")
def engine_node():
    from site_build.testenv import ensure_engine_node  # what `python3 build.py test` installs

    return ensure_engine_node()


@pytest.fixture(scope="session")
def xvfb():
    display = Xvfb()
    yield display
    display.stop()


@pytest.fixture
def engine_open(request, site, tmp_path):
    """engine_open(engine, path="", *, viewport, has_touch, ...) -> EngineSession: a fresh browser
    of that engine (a fresh profile: nothing stored) at ``site.url + path``; closed after the test."""
    pages = []

    def _open(engine: str, path: str = "", *, viewport: dict, has_touch: bool = False, is_mobile: bool = False,
              device_scale_factor: float = 1, reduced_motion: str = "reduce", base: str | None = None):
        reduce = reduced_motion == "reduce"
        if engine == "firefox":
            request.getfixturevalue("engine_node")
            page = FirefoxPage(viewport["width"], viewport["height"], touch=has_touch, mobile=is_mobile,
                               scale=device_scale_factor, reduced_motion=reduce)
        else:
            display = request.getfixturevalue("xvfb").display
            page = WebKitPage(viewport["width"], viewport["height"], display, tmp_path / f"xdg-{len(pages)}",
                              scale=int(device_scale_factor), reduced_motion=reduce)
        pages.append(page)
        base = base or site.url
        page.goto(base + path.lstrip("/"))
        parts = urlsplit(base)
        return EngineSession(page, f"{parts.scheme}://{parts.netloc}")

    yield _open
    for page in pages:
        page.close()


def timed(label: str):
    """Print what the test took (seen with -s), named by ``label`` filled with its arguments."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            start = time.monotonic()
            fn(*args, **kwargs)
            print(f"{label.format(**kwargs)}: {time.monotonic() - start:.0f} s")
        return run
    return wrap


def opener(engine_open, engine: str):
    """engine_open for one engine, with conftest's open_page(path, **options) signature."""
    return functools.partial(engine_open, engine)


def engine_size(default: set[tuple[str, str]]):
    """Every engine at every size: the (engine, size) pairs in ``default`` in the default run, the others slow."""
    return [pytest.param(engine, size, id=f"{engine}-{size}",
                         marks=() if (engine, size) in default else pytest.mark.slow)
            for engine in ("firefox", "webkit") for size in ("phone", "desktop")]


# ------------------------------------------------------------------------------ the checks themselves

THROW = """() => {
  console.error('logged on purpose');
  setTimeout(() => { window.__thrown = true; throw new Error('thrown on purpose'); });
  Promise.reject(new Error('rejected on purpose'));
}"""


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_console_errors_and_uncaught_errors_are_seen(engine_open, engine):
    """"No console error" means something in each engine: an error logged, one thrown and a
    rejected promise in the page are all reported, and a reload does not lose them."""
    s = engine_open(engine, viewport=DESKTOP["viewport"])
    s.wait_interactive()
    s.page.evaluate(THROW)
    until(s.page, "() => window.__thrown === true", "the timer to fire")
    s.page.reload()
    s.wait_interactive()
    errors = "\n".join(reported(s.page, PURPOSE))
    for what in PURPOSE:
        assert what in errors, f"{engine} did not report {what!r}: {errors}"
    assert s.page.errors() == []  # each error once
    s.page.evaluate(THROW)
    until(s.page, "() => window.__thrown === true", "the timer to fire")
    s.console_errors += reported(s.page, PURPOSE)
    with pytest.raises(AssertionError, match="thrown on purpose"):
        s.assert_clean()


PURPOSE = ("logged on purpose", "thrown on purpose", "rejected on purpose")


def reported(page, words, timeout_s: float = 30) -> list[str]:
    """The errors the page reports until each of ``words`` is among them (or the time is up): the
    drivers pass an uncaught error on as an event, which may come a moment after the page threw."""
    out: list[str] = []
    end = time.monotonic() + timeout_s
    while True:
        out += page.errors()
        if all(any(w in e for e in out) for w in words) or time.monotonic() > end:
            return out
        time.sleep(0.1)


# ------------------------------------------------------------------------------ whole games

# WebKit's whole game (80 s) with -m slow: in the default run WebKit reloads mid-turn and starts offline
@pytest.mark.parametrize("engine,size", engine_size({("firefox", "phone")}))
@timed("Cambria, {engine}, {size}")
def test_a_whole_game_of_cambria_by_taps(engine_open, engine, size):
    """One seat tapped through a whole game against two Easy computers (test_play.py's phone game):
    every control and legal road on the screen and uncovered before each tap, the page compared
    with the engine every 20 steps, the end screen, no console error."""
    options = SIZES[size]
    s = engine_open(engine, "?seed=3007", reduced_motion="reduce", **options)
    s.wait_interactive()
    s.page.evaluate("window.__cambria.setPause(0)")
    touch = s.page.touch
    player = test_play.Player(s, touch, random.Random(23), strategy="explore", check_reach=True,
                              label=f"{engine} 3 players, cambria")
    engine_view = test_play.play_to_the_end(player, 3, "cambria", False, "easy")
    seats = {line["seat"] for line in engine_view["log"] if line["type"] in ("place", "legion", "pass")}
    assert {0, 1, 2} <= seats


@pytest.mark.parametrize("engine,size", engine_size(set()))
@timed("Hibernia, {engine}, {size}")
def test_a_whole_game_of_hibernia_by_taps(engine_open, engine, size):
    """test_hibernia_play.py's game: the first of four seats tapped to the end against Easy
    computers, the page compared with the engine, axe-core's audit, no console error."""
    test_hibernia_play.play(opener(engine_open, engine), SIZES[size], engine == "firefox" and size == "phone",
                            4, False, 41, f"{engine}-{size}")


# ------------------------------------------------------------------------------ saves, reload, offline

def start_by_taps(s, engine: str, seed: int):
    """A game of three on Cambria, the first seat the person's, against Easy computers; the person's
    first decision of a regular turn on the screen, after the roll, by taps."""
    s.wait_interactive()
    s.page.evaluate("window.__cambria.setPause(0)")
    player = test_play.Player(s, s.page.touch, random.Random(seed), strategy="typical", label=f"{engine} saves")
    test_play.new_game(player, 3, "cambria", False, "easy")
    c = player.idle()
    for _ in range(60):
        if c["phase"] == "turn" and not c["roll"] and c["roads"] and not c["over"]:
            return player, c
        c = player.step("cambria", c)
    raise AssertionError(f"no regular turn with a road to tap after 60 steps: {c}")


def tap_a_road(player, c: dict) -> dict:
    """Tap the first highlighted road, as a finger would (not confirmed): the turn half composed."""
    road, thing = c["roads"][0]
    player.tap_at(c, thing, player.board("cambria").locator(f'.slot[data-road="{road}"]'))
    return player.idle()


def assert_listed_in_saved_games(player, view: dict) -> None:
    """Saved games, opened by taps from the menu, lists the game on the board; closed again."""
    page = player.page
    player.press(page.get_by_test_id("menu-button"))
    player.press(page.get_by_test_id("menu-library"))
    page.get_by_test_id("library").wait_for()
    rows = page.locator('[data-testid="saved-game"]')
    assert rows.count() == 1
    assert page.locator(".saved-game.playing").count() == 1
    assert "Ann" in page.locator(".saved-game.playing").inner_text()
    player.press(page.get_by_test_id("library-close"))
    page.get_by_test_id("library").wait_for("hidden")
    record = page.evaluate("() => window.__cambria.request('record', {})")
    saved = page.evaluate(test_persistence.SAVED)
    assert [entry["record"]["steps"] for entry in saved.values()] == [record["steps"]]  # every step saved
    assert len(record["steps"]) == view["step"]


@pytest.mark.parametrize("engine,size", engine_size({("firefox", "phone"), ("webkit", "desktop")}))
@timed("reload mid-turn, {engine}, {size}")
def test_a_reload_mid_turn_brings_back_the_same_position(engine_open, engine, size):
    """A turn half composed by taps, a reload: the same position, dice, log and the choice made;
    Saved games lists the game with every step; the game goes on by taps."""
    s = engine_open(engine, "?seed=4242", reduced_motion="reduce", **SIZES[size])
    player, c = start_by_taps(s, engine, 5)
    c = tap_a_road(player, c)
    table = test_persistence.Table(s)
    assert table.state()["partial"], "the tap chose nothing"
    table.saved_now()
    before = table.snapshot()
    table.reload()
    test_persistence.assert_same(table.snapshot(), before)
    assert_listed_in_saved_games(player, table.view())
    c = player.idle()
    for _ in range(4):  # the half-composed turn confirmed by a tap, and on
        c = player.step("cambria", c)
    assert table.view()["step"] > before["view"]["step"]
    s.assert_clean()


@pytest.mark.parametrize("engine,size", engine_size(set()))
@timed("Hibernia reload mid-turn, {engine}, {size}")
def test_a_reload_mid_turn_of_hibernia_brings_back_the_same_position(engine_open, engine, size):
    """The same in Hibernia: two turns by taps, then the colour die rolled and a first choice tapped,
    a reload: the same counties, track, die and choice; Saved games lists it; it goes on by taps."""
    s = engine_open(engine, "?seed=61", reduced_motion="reduce", **SIZES[size])
    s.wait_interactive()
    page = s.page
    page.evaluate("window.__cambria.setPause(0)")
    player = test_hibernia_play.Player(s, page.touch, random.Random(61), f"{engine}-{size}-reload")
    test_hibernia_play.new_game(player, 4, False, "easy")
    until(page, SETTLED, "the computers to move up to Ann's first turn")
    c = player.idle()
    for _ in range(80):  # two decisions of Ann's, then her next roll
        if c["roll"] and player.decisions >= 2 and (page.evaluate(STATE)["view"].get("roll") or {}).get("kind") == "colour":
            break
        c = player.step(c)
    else:
        raise AssertionError(f"Ann never rolled again: {c}")
    c = player.step(c)  # the roll, by a tap
    for _ in range(3):  # a choice by a tap: which action first, a county, a source
        if page.evaluate(STATE)["partial"]:
            break
        if c["menu"]:
            token, point = c["menu"][0]
            player.tap_at(point, page.locator(f'#choice-menu [data-token="{token}"]'))
        elif c["counties"]:
            county, point = c["counties"][0]
            player.tap_at(point, page.locator(f'#board-hibernia .county[data-county="{county}"]'))
        else:
            token, point = c["buttons"][0]
            player.tap_at(point, page.locator(f'#extra-choices [data-token="{token}"]'))
        c = player.idle()
    before = page.evaluate(STATE)
    assert before["partial"], "the taps chose nothing"
    saved_now(page)
    shown = test_hibernia_saves.shown(page)
    page.reload()
    s.wait_interactive()
    screen(page, "game", "the saved game to come back")
    until(page, SETTLED, "Ann's choice again")
    after = page.evaluate(STATE)
    assert (after["view"], after["partial"]) == (before["view"], before["partial"])
    assert test_hibernia_saves.shown(page) == shown
    assert_listed_in_saved_games(player, after["view"])
    page.evaluate("window.__cambria.setPause(0)")
    c = player.idle()
    for _ in range(3):
        c = player.step(c)
    assert page.evaluate(STATE)["view"]["step"] > before["view"]["step"]
    s.assert_clean()


@pytest.mark.parametrize("engine,size", engine_size({("firefox", "phone"), ("webkit", "desktop")}))
@timed("offline start, {engine}, {size}")
def test_after_a_first_visit_it_starts_with_no_network(engine_open, dist_dir, tmp_path, engine, size):
    """The service worker keeps the build: with the host gone, a reload starts the site and brings
    back the game, which goes on by taps.  (Both engines run service workers under automation.)"""
    host = Host(dist_dir, tmp_path)
    try:
        s = engine_open(engine, "?seed=77", reduced_motion="reduce", base=host.url, **SIZES[size])
        s.wait_interactive()
        until(s.page, "() => document.documentElement.dataset.offline === 'ready'",
              "the service worker to hold every file of the build", timeout=180000)
        player, c = start_by_taps(s, engine, 9)
        table = test_persistence.Table(s)
        table.saved_now()
        before = table.snapshot()
        host.stop()  # no server, no network
        table.reload()
        assert s.page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        test_persistence.assert_same(table.snapshot(), before)
        c = player.idle()
        for _ in range(3):
            c = player.step("cambria", c)
        assert table.view()["step"] > before["view"]["step"]
        s.assert_clean()
    finally:
        host.stop()
