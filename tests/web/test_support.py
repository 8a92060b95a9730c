"""What the page does where a browser cannot run the game or may delete saved games
(docs/browsers.md): a browser that lacks what the engine needs is told so plainly instead of an
endless bar, and no worker is started; an engine that dies for lack of memory while loading
says so; persistent storage is asked for once a session, after the first game is saved, never
at first paint; and Saved games warns where the browser may delete saved games after 7 days
without a visit (Safari and every iOS browser, unless the storage is persistent or the site
runs from the Home Screen) and nowhere else.

Safari's own behaviour is stood in for in Chromium: its user agent, and navigator.storage's
persist()/persisted() stubbed by an init script, which counts the requests in sessionStorage so
that a reload keeps the count."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from waits import saved_now, screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]  # the first test may wait for a build

LOAD_MS = 60000
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
MAC_SAFARI = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
              "(KHTML, like Gecko) Version/18.5 Safari/605.1.15")
CATALOGS: dict[str, dict] = {}


def message(key: str, lang: str = "en") -> str:
    """A message of web/i18n/<lang>.js."""
    if lang not in CATALOGS:
        text = (Path(__file__).resolve().parents[2] / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
        CATALOGS[lang] = json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))
    return CATALOGS[lang][key]


def storage_stub(persisted: bool) -> str:
    """An init script: navigator.storage says whether the site's storage is `persisted`, and
    persist() counts its calls (sessionStorage "test:persist-calls") and grants nothing."""
    return """(() => {
  const calls = () => Number(sessionStorage.getItem('test:persist-calls') || 0);
  Object.defineProperty(navigator.storage, 'persisted', { value: async () => %s });
  Object.defineProperty(navigator.storage, 'persist', {
    value: async () => { sessionStorage.setItem('test:persist-calls', String(calls() + 1)); return false; },
  });
})();""" % ("true" if persisted else "false")


@pytest.fixture
def context_for(context_for):
    """conftest's, in English unless a test says otherwise (the tests read the card's words)."""
    return lambda init=None, **options: context_for(init, **{"locale": "en-GB", **options})


def loading_outcome(page) -> str:
    """Wait until loading ends, either way: "failed" (the card's words) or "done"."""
    page.wait_for_function("() => ['failed', 'done'].includes(document.documentElement.dataset.loading)",
                           timeout=LOAD_MS)
    return page.evaluate("() => document.documentElement.dataset.loading")


# ------------------------------------------------------------------ a browser that cannot run it

# (what the init script takes away, the language, the feature's name in the message)
MISSING = [
    ("delete window.WebAssembly;", "en", "support.wasm"),
    # a browser without module workers never reads the option `type`
    ("window.Worker = class extends Worker { constructor(url) { super(url); } };", "de", "support.moduleWorker"),
    # no WebAssembly exception handling: a module with a tag section does not validate
    ("const v = WebAssembly.validate; WebAssembly.validate = (b) => (new Uint8Array(b))[14] === 13 ? false : v(b);",
     "en", "support.wasmExceptions"),
]


@pytest.mark.parametrize("script, lang, feature", MISSING, ids=["no-wasm", "no-module-worker", "no-wasm-exceptions"])
def test_a_browser_that_lacks_what_the_engine_needs_is_told_so(context_for, site, script, lang, feature):
    ctx = context_for(init=script, locale={"en": "en-GB", "de": "de-DE"}[lang])
    workers = []
    ctx.on("request", lambda r: workers.append(r.url) if "worker.js" in r.url else None)
    page = ctx.new_page()
    page.goto(site.url)
    assert loading_outcome(page) == "failed", "the page went on to load the engine"
    card = page.locator("#loading").inner_text()
    expected = message("loading.cannotRun", lang).replace("{missing}", message(feature, lang))
    assert expected in card, card
    assert page.get_by_test_id("loading-reload").is_visible()
    assert workers == [], f"a worker was started: {workers}"


def test_an_engine_that_dies_for_lack_of_memory_says_so(context_for, site):
    ctx = context_for()
    # the worker dies as iOS Safari's does when it cannot have the memory it asks for
    ctx.route("**/worker.js*", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body='throw new RangeError("Out of memory");'))
    page = ctx.new_page()
    page.goto(site.url)
    assert loading_outcome(page) == "failed"
    assert message("loading.memory") in page.locator("#loading").inner_text()


# ------------------------------------------------------------------ keeping saved games

def persist_calls(page) -> int:
    return page.evaluate("() => Number(sessionStorage.getItem('test:persist-calls') || 0)")


def start_game(page) -> None:
    """Start a game of three people from the new-game screen and wait for its autosave."""
    screen(page, "setup")
    page.get_by_test_id("count-3").check(force=True)
    page.get_by_test_id("start-button").click()
    screen(page, "game", "the game to start")
    saved_now(page)


def interactive(page) -> None:
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=LOAD_MS)


def test_persistent_storage_is_asked_for_once_a_session_after_the_first_saved_game(context_for, site):
    ctx = context_for(init=storage_stub(persisted=False))
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "leave this game?"
    page.goto(site.url)
    interactive(page)
    assert persist_calls(page) == 0, "asked before anything was saved"

    start_game(page)
    until(page, "() => Number(sessionStorage.getItem('test:persist-calls') || 0) > 0",
          "persistent storage to be asked for after the first saved game")
    # a second game, and the same tab after a reload: never asked again
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new-game").click()
    start_game(page)
    page.reload()
    interactive(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-new-game").click()
    start_game(page)
    assert persist_calls(page) == 1


# (user agent, whether the storage is persistent, whether Saved games warns)
EVICTION = [
    (IPHONE, False, True),
    (MAC_SAFARI, False, True),
    (IPHONE, True, False),
    (None, False, False),  # Chromium's own
]


@pytest.mark.parametrize("agent, persisted, warns", EVICTION,
                         ids=["iphone", "mac-safari", "iphone-persisted", "chromium"])
def test_saved_games_warn_where_the_browser_may_delete_them(context_for, site, agent, persisted, warns):
    options = {"user_agent": agent} if agent else {}
    ctx = context_for(init=storage_stub(persisted=persisted), **options)
    page = ctx.new_page()
    page.goto(site.url)
    page.get_by_test_id("saved-games-button").click()
    page.get_by_test_id("library").wait_for()
    note = page.get_by_test_id("eviction-note")
    if warns:
        assert note.is_visible()
        assert note.inner_text() == message("lib.evictable")
    else:
        assert note.count() == 1 and not note.is_visible()
