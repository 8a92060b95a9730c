#!/usr/bin/env python3
"""Screenshots of the page in each layout, into docs/screens/ (so that a reader sees the game
before installing it, and a change of the layout can be looked at).

    .venv/bin/python tools/screens.py                # every screen
    .venv/bin/python tools/screens.py --only 390x844 # the names that contain this
    .venv/bin/python tools/screens.py --only 390x844-de-pass,844x390  # (any of these)

Needs what ``python3 build.py test`` sets up (.venv with Playwright, Chromium).  It builds the
site, serves it on localhost, makes mid-game positions with the engine (records played by the
Easy computer for every seat, seeded: the same pictures every time) and opens them in the page
through its own "Open a saved game" input, then taps as a player would: Roll, then a road that
captures a fort (the prompt says what Confirm will capture), or the neutral's road in a
two-player game, or nothing (a swap offered).  The first-turn guide is marked as done.

Screens: ``<width>x<height>-<language>-<what>.png``:

    turn    a three-player game on Cambria after the roll, a capturing road tapped
    swap    a three-player game where the roll offers boat swaps (the buttons in the bar)
    neutral a two-player game on Cumbria, the grey warrior placed (Roll confirms it)
    lift    a two-player game, the supply empty: a road tapped, the warrior proposed to move marked
    fort    the card of a tapped fort (who holds its roads)
    setup   the new-game screen
    stats   the Statistics dialog over four games finished by the engine (counted by the page's stats.js)
    review  the engine's review of a finished three-player game (Saved games → Review): the chart, the summary
    log     the log of a four-player Hibernia game, turn by turn (on a phone: opened over the board)
    log-replay  a turn tapped in the log: the board at that turn's start (the replay)
    pass    two people at one device: the screen that hands the device to the one to act

and for Hibernia (``hibernia-`` in the name), on a phone in each language, a phone on its side, a
tablet and a laptop:

    hibernia-turn   a four-player game (a person and an Easy, a Normal and a Hard computer) after
                    the colour die, the first lit county tapped (the preview)
    hibernia-setup  the new-game screen with Hibernia picked and three computers
    hibernia-preview  the same game, the whole turn laid out (by the hint): its preview in words
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from cambria import Game  # noqa: E402
from cambria.ai.players import choose  # noqa: E402
from cambria.core.record import make_record  # noqa: E402
from cambria.webapi.session import WebSession  # noqa: E402

OUT = ROOT / "docs" / "screens"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOCALES = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}
SIZES = [(360, 640), (390, 844), (412, 915), (844, 390), (820, 1180), (1280, 800), (1366, 768)]
PHONE = (390, 844)
WAIT = 120_000

# what each screen shows: (size, language, what)
SHOTS = ([(s, "en", "turn") for s in SIZES]
         + [(PHONE, lang, what) for lang in ("de", "ru") for what in ("turn", "swap")]
         + [((844, 390), lang, "turn") for lang in ("de", "ru")]
         + [(PHONE, "en", "swap"), ((360, 640), "en", "swap"), (PHONE, "en", "neutral"), ((1280, 800), "en", "neutral"),
            (PHONE, "en", "lift"), (PHONE, "ru", "lift"), (PHONE, "en", "fort"), (PHONE, "en", "setup"), ((1280, 800), "en", "setup"), (PHONE, "de", "setup")]
         + [(PHONE, lang, "hibernia-turn") for lang in LOCALES]
         + [((844, 390), "en", "hibernia-turn"), ((844, 390), "ru", "hibernia-turn"), ((820, 1180), "en", "hibernia-turn"),
            ((1366, 768), "en", "hibernia-turn"), ((1366, 768), "ru", "hibernia-turn")]
         + [((360, 640), "de", "stats"), ((360, 640), "ru", "stats"), ((1366, 768), "en", "stats")]
         + [((360, 640), "de", "log"), ((360, 640), "ru", "log"), ((1366, 768), "en", "log"), ((1366, 768), "de", "log-replay")]
         + [(size, lang, what) for what in ("hibernia-preview", "pass") for size in ((360, 640), (1366, 768)) for lang in ("de", "ru")]
         + [((1366, 768), lang, what) for lang in ("de", "ru") for what in ("stats", "log")]
         + [((360, 640), "de", "hibernia-setup"), (PHONE, "ru", "hibernia-setup"), ((1366, 768), "en", "hibernia-setup")]
         + [((360, 640), "en", "review"), (PHONE, "de", "review"), ((1366, 768), "en", "review"), ((1366, 768), "ru", "review")]
         + [(size, lang, what) for size in ((390, 844), (844, 390), (820, 1180)) for lang in ("de", "ru")
            for what in ("hibernia-preview", "pass", "log", "stats", "review")])

SETTLED = """() => {
  const app = document.querySelector('#app');
  return ['awaiting_roll', 'choosing', 'over'].includes(app.dataset.mode) && !app.classList.contains('busy')
    && !document.querySelector('#dice').classList.contains('spinning');
}"""


# ------------------------------------------------------------------ positions, made by the engine

def seats(names, kinds):
    colours = ("red", "blue", "yellow", "green", "purple")
    return [{"colour": c, "kind": k} for c, k in zip(colours[: len(kinds)], kinds, strict=True)]


def after_roll(record: dict) -> WebSession:
    """The session of a record with its pending roll made (the page makes the same one: seeded)."""
    s = WebSession()
    s.load({"record": record})
    s.roll({})
    return s


def capture_road(record: dict) -> int | None:
    """A road whose placement captures a fort right after the pending roll, or None."""
    s = after_roll(record)
    opts = s.options({"partial": []})
    best = None
    for c in opts["choices"]:
        if c["kind"] != "place":
            continue
        o = s.options({"partial": [c["token"]]})
        caps = o["preview"]["captures"] if o["complete"] else []
        if caps and (best is None or any(e.get("vp_to") is not None for e in caps)):
            best = c["road"]
    return best


def lift_road(record: dict) -> int | None:
    """A road that, after the pending roll, is reached by moving one of several warriors."""
    s = after_roll(record)
    for c in s.options({"partial": []})["choices"]:
        if c["kind"] == "place":
            o = s.options({"partial": [c["token"]]})
            if o["proposed"] and len([x for x in o["choices"] if x["road"] is not None]) >= 3:
                return int(c["road"])
    return None


def swaps_offered(record: dict) -> bool:
    opts = after_roll(record).options({"partial": []})
    return sum(1 for c in opts["choices"] if c["kind"] == "swap") >= 2


def find(players, kinds, board, seed, wanted, min_step=40):
    """Play a seeded game with the Easy computer for every seat until ``wanted(game, record)``."""
    game = Game("cambria", players, seed=seed, board=board, player_info=seats(players, kinds))
    rng = random.Random(seed)
    while not game.is_over():
        if game.is_chance():
            record = make_record(game)
            if len(game.steps) >= min_step and wanted(game, record):
                return record
            game.roll()
        else:
            game.play(choose(game.rules, game.state, "easy", rng).action)
    raise SystemExit(f"no position found for seed {seed}")


def hibernia_turn() -> dict:
    """A four-player Hibernia game, mid-way, before the person's (the first seat's) colour die."""
    names = ["Aurelia", "Brennus", "Cartimandua", "Drusus"]
    info = [{"colour": c, "kind": k} for c, k in zip(("white", "orange", "pink", "grey"),
                                                     ("human", "computer:easy", "computer:normal", "computer:hard"), strict=True)]
    game = Game("hibernia", names, seed=7, player_info=info)
    rng = random.Random(7)
    while not game.is_over():
        if game.is_chance():
            s = game.state
            if len(game.steps) >= 60 and s.phase_name == "roll" and s.current == 0:
                return make_record(game)
            game.roll()
        else:
            game.play(choose(game.rules, game.state, "easy", rng).action)
    raise SystemExit("no Hibernia position found")


def finished_games() -> list[dict]:
    """The engine's views of four finished games (a person against computers), with their records."""
    out = []
    for i, (game_id, board, kinds) in enumerate([
            ("cambria", "cambria", ["human", "computer:hard", "computer:normal"]),
            ("cambria", "cumbria", ["human", "computer:easy"]),
            ("hibernia", "hibernia", ["human", "computer:normal", "computer:easy", "computer:easy"]),
            ("cambria", "cambria", ["human", "computer:normal", "computer:easy"])]):
        names = ["Aurelia", "Brennus", "Cartimandua", "Drusus"][:len(kinds)]
        colours = Game(game_id, names, seed=1, board=board).rules.facts.colours[:len(kinds)]
        game = Game(game_id, names, seed=20 + i, board=board,
                    player_info=[{"colour": c, "kind": k} for c, k in zip(colours, kinds, strict=True)])
        rng = random.Random(i)
        while not game.is_over():
            if game.is_chance():
                game.roll()
            else:
                game.play(choose(game.rules, game.state, "easy", rng).action)
        s = WebSession()
        s.load({"record": make_record(game)})
        out.append({"view": s.view(s.game, {}), "record": make_record(game), "at": 1_780_000_000_000 + i * 86_400_000})
    return out


def positions() -> dict:
    names3 = ["Aurelia", "Brennus", "Cartimandua"]
    kinds3 = ["human", "human", "computer:hard"]

    def turn(game, record):
        s = game.state
        return s.phase_name == "roll" and s.current == 0 and len(s.uncaptured) <= 12 and capture_road(record) is not None

    def swap(game, record):
        s = game.state
        return s.phase_name == "roll" and s.current == 0 and swaps_offered(record)

    def neutral(game, record):
        s = game.state
        return s.phase_name == "neutral_roll" and s.current == 0 and len(game.steps) >= 30

    def lift(game, record):
        s = game.state
        return s.phase_name == "roll" and s.current == 0 and s.supply[0] == 0 and lift_road(record) is not None

    turn_record = find(names3, kinds3, "cambria", 11, turn, 60)
    lift_record = find(["Ann", "Bob"], ["human", "human"], "cambria", 4, lift, 40)
    hibernia = hibernia_turn()
    finished = finished_games()
    return {
        "hibernia-turn": (hibernia, None),
        "hibernia-preview": (hibernia, None),
        "pass": (turn_record, None),
        "log": (hibernia, None),
        "log-replay": (hibernia, None),
        "stats": (finished, None),
        "review": (finished[0]["record"], None),
        "turn": (turn_record, capture_road(turn_record)),
        "swap": (find(names3, kinds3, "cambria", 5, swap, 40), None),
        "neutral": (find(["Ann", "Bob"], ["human", "human"], "cumbria", 3, neutral, 30), None),
        "fort": (turn_record, None),
        "lift": (lift_record, lift_road(lift_record)),
    }


# ------------------------------------------------------------------ the page

def shoot(browser, url: str, size, lang: str, what: str, place, path: Path) -> None:
    w, h = size
    phone = min(w, h) < 600
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale=LOCALES[lang], reduced_motion="reduce",
                              has_touch=phone, is_mobile=phone, device_scale_factor=1)
    ctx.add_init_script("try { localStorage.setItem('cambria:tutorial', 'done'); } catch (e) {}")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=WAIT)
    if what == "hibernia-setup":
        page.click("[data-testid=game-hibernia]")
        page.click("[data-testid=count-4]")
        for seat, level in ((1, "easy"), (2, "normal"), (3, "hard")):
            page.select_option(f"[data-testid=kind-{seat}]", f"computer:{level}")
        page.evaluate("document.querySelector('#player-list').scrollIntoView({block: 'start'})")
    elif what == "stats":
        page.evaluate("""async (games) => {
          const script = document.querySelector('script[type="module"][src*="app.js"]');
          const stats = await import(new URL('stats.js', script.src).href);
          const store = stats.createStats();
          for (const g of games) store.add({ ...stats.finishedGame(g.view, g.at), record: g.record });
        }""", place[0])
        page.click("#menu-button")
        page.click("[data-testid=menu-stats]")
        page.wait_for_selector("[data-testid=stats]:not([hidden])", timeout=WAIT)
    elif what != "setup":
        record, road = place
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(record, f)
        page.set_input_files("#open-file", f.name)
        page.wait_for_function("() => document.querySelector('#app').dataset.screen === 'game'", timeout=WAIT)
        page.wait_for_function(SETTLED, timeout=WAIT)
        page.wait_for_function("() => !document.querySelector('#toasts .toast')", timeout=WAIT)  # the import's toast
        passing = "() => document.querySelector('#pass-screen')?.open === true"
        if what == "pass":  # two people at one device: the game comes back with the screen for the one to act
            page.wait_for_function(passing, timeout=WAIT)
        elif page.evaluate(passing):
            page.click("[data-testid=pass-continue]")
        if what == "log" and page.locator("#log-button").is_visible():  # a phone upright: the log is behind it
            page.click("#log-button")
            page.wait_for_function("() => document.querySelector('#log').clientHeight > 0", timeout=WAIT)
        if what == "log-replay":  # a turn some turns back, tapped in the log
            page.locator("#log .log-turn").nth(-4).click()
            page.wait_for_function("() => document.querySelector('#app').dataset.replayStep !== undefined"
                                   " && !document.querySelector('#app').classList.contains('busy')", timeout=WAIT)
        if what in ("turn", "swap", "lift", "hibernia-turn", "hibernia-preview"):
            page.click("#roll")
            page.wait_for_function(f"() => Number(document.querySelector('#app').dataset.step) > {len(record['steps'])} && ({SETTLED})()",
                                   timeout=WAIT)
        if what == "turn" and road is not None:
            page.dispatch_event(f".board-frame:not([hidden]) .slot[data-road='{road}']", "click")
            page.wait_for_function("() => document.querySelector('[data-testid=capture-preview]')", timeout=WAIT)
        if what == "lift":
            page.dispatch_event(f".board-frame:not([hidden]) .slot[data-road='{road}']", "click")
            page.wait_for_function("() => document.querySelector('.board-frame:not([hidden]) .warrior.lift-marked')",
                                   timeout=WAIT)
        if what == "hibernia-turn":
            lit = "() => document.querySelector('#board-hibernia .county.legal') !== null"
            if not page.evaluate(lit):  # which action first: the die's
                page.click("#extra-choices button")
                page.wait_for_function(f"() => ({lit})() && ({SETTLED})()", timeout=WAIT)
            # the first lit county: the preview of its fight or move shows before Confirm
            page.dispatch_event("#board-hibernia .county.legal .county-name", "click")
            page.wait_for_function(SETTLED, timeout=WAIT)
        if what == "hibernia-preview":  # the whole turn laid out (by the hint): its preview in words
            page.click("#hint")
            page.wait_for_function(f"() => !document.querySelector('#confirm').disabled && ({SETTLED})()", timeout=WAIT)
            page.wait_for_function("() => !document.querySelector('#toasts .toast')", timeout=WAIT)  # the hint's why
        if what == "neutral":
            # the grey warrior's road (and, its supply empty, which grey warrior goes there)
            for _ in range(3):
                if page.evaluate("() => !document.querySelector('#roll').disabled"):
                    break
                page.dispatch_event(".board-frame:not([hidden]) .slot.legal", "click")
                page.wait_for_function(SETTLED, timeout=WAIT)
            page.wait_for_function("() => !document.querySelector('#roll').disabled", timeout=WAIT)
        if what == "fort":
            fort = page.evaluate("""() => {
              const v = window.document.querySelector('#app') && [...document.querySelectorAll('.board-frame:not([hidden]) .fort')]
                .filter((f) => !f.classList.contains('captured') && Number(f.dataset.taken) > 1);
              return v.length ? v[0].dataset.fort : '0';
            }""")
            page.dispatch_event(f".board-frame:not([hidden]) .fort[data-fort='{fort}'] .fort-base", "click")
            page.wait_for_selector("#board-card:not([hidden])", timeout=WAIT)
        if what not in ("log-replay", "pass"):  # the replay waits for nobody; the pass screen for its player
            page.wait_for_function(SETTLED, timeout=WAIT)
        if what == "review":  # from its row in Saved games, reviewed to the end
            page.click("#menu-button")
            page.click("[data-testid=menu-library]")
            page.click(".saved-game[data-over='true'] [data-testid=saved-review]")
            page.wait_for_function("() => document.querySelector('[data-testid=review]')?.dataset.state === 'done'", timeout=WAIT)
    page.wait_for_timeout(250)  # fonts and the last paint
    page.screenshot(path=str(path))
    ctx.close()
    if errors:
        raise SystemExit(f"errors in the page for {path.name}: {errors}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="make only the screens whose name contains this (or one of these, comma-separated)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist, _ = build.private_dist()
    server = build.make_server(dist, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    places = positions()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = (p.chromium.launch(executable_path=CHROMIUM, args=ARGS) if Path(CHROMIUM).exists()
                   else p.chromium.launch(args=ARGS))
        for size, lang, what in SHOTS:
            name = f"{size[0]}x{size[1]}-{lang}-{what}.png"
            if args.only and not any(part in name for part in args.only.split(",")):
                continue
            shoot(browser, url, size, lang, what, places.get(what), args.out / name)
            print(f"screens: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}/{name}")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
