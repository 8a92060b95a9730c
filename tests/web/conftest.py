"""Fixtures for the browser tests: the built site, a local server, Chromium, and pages that
record what they do.

    site          the server: site.url ("http://127.0.0.1:PORT/"), site.subpath_url (the same
                  site under "/some/path/"), site.origin, site.manifest (dist/build.json)
    browser       headless Chromium (Debian's /usr/bin/chromium, else Playwright's own)
    open_page     open_page(path="", *, subpath=False, viewport=None, **context_options)
                  -> PageSession: a fresh context and page, already navigated (no service worker
                  unless service_workers="allow" is passed); it records
                  console errors, page errors, every request URL and requests to other origins
                  (those are also blocked).  Closed after the test.

PageSession.wait_mark(name) waits for a User Timing mark; wait_interactive() waits for
"cambria:interactive"; assert_clean() checks no console/page errors and no foreign requests.

Every browser context the tests make (through ``browser``) runs tests/web/hooks.js first in each
page: the test-only ``window.__cambria`` (the controller's state, requests through the page's
engine) and ``window.__cambriaAnnounced``.  The site itself exposes no globals.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

SUBPATH = "/some/path/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # live play between two browser contexts of this machine: WebRTC over loopback, with real
    # host addresses (no mDNS names, which nothing here resolves)
    "--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns",
]
# live play (web/remote/live.js) per test: off (a choice the device keeps, until the test changes
# it), or through the tests' relay (the page's own origin, which its policy allows)
LIVE_SETUP = {
    "off": "if (localStorage.getItem('cambria.live') === null) localStorage.setItem('cambria.live', 'off');",
    "relay": ("localStorage.setItem('cambria.live.config', JSON.stringify({relays: "
              "[(location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/relay'], stun: []}));"),
}
# Loading Python can take a few seconds on a slow, busy machine.
LOAD_TIMEOUT_MS = int(os.environ.get("CAMBRIA_LOAD_TIMEOUT_MS", "60000"))
HOOKS = (Path(__file__).with_name("hooks.js")).read_text(encoding="utf-8")
WAIT_MS = 60000  # the bound of Playwright's own waits (elements, clicks) on a busy machine


class HookedBrowser:
    """The browser, whose every new context runs the test hooks (hooks.js) in its pages."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.add_init_script(script=HOOKS)
        context.set_default_timeout(WAIT_MS)  # every wait for an element: a generous bound
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@dataclass
class Site:
    url: str
    subpath_url: str
    origin: str
    dist: Path
    manifest: dict


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """A private copy of the built site (built first if needed): rebuilds elsewhere don't reach it."""
    return build.private_dist()[0]


@pytest.fixture(scope="session")
def site(dist_dir):
    from nostr_relay import RELAY  # live play's relay, on the site's own origin (tests/web/nostr_relay.py)

    server = build.make_server(dist_dir, 0, prefixes=(SUBPATH,), quiet=True, upgrades={"/relay": RELAY.handle})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    manifest = build.private_dist()[1]
    yield Site(url=origin + "/", subpath_url=origin + SUBPATH, origin=origin, dist=dist_dir, manifest=manifest)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright import sync_api  # `python3 build.py test` installs it: missing is a failure
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    if Path(CHROMIUM).exists():
        b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    else:
        try:
            b = playwright_instance.chromium.launch(args=CHROMIUM_ARGS)
        except Exception as exc:  # no browser at all
            # `python3 build.py test` installs Chromium, so there a missing browser is a failure
            pytest.fail(f"no Chromium: install Debian's chromium ({exc})")
    yield HookedBrowser(b)
    b.close()


@dataclass
class PageSession:
    context: object
    page: object
    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def wait_mark(self, name: str, timeout: int = LOAD_TIMEOUT_MS) -> float:
        """Wait for a User Timing mark; return its time in seconds since navigation start."""
        self.page.wait_for_function(
            "(n) => performance.getEntriesByName(n, 'mark').length > 0", arg=name, timeout=timeout)
        return self.page.evaluate("(n) => performance.getEntriesByName(n, 'mark')[0].startTime / 1000", name)

    def wait_interactive(self, timeout: int = LOAD_TIMEOUT_MS) -> float:
        return self.wait_mark("cambria:interactive", timeout)

    def assert_clean(self) -> None:
        assert self.page_errors == [], f"uncaught errors in the page: {self.page_errors}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.foreign_requests == [], f"requests to other origins: {self.foreign_requests}"


@pytest.fixture
def context_for(browser):
    """``context_for(init=None, **options)``: a new browser context (closed after the test);
    ``init`` is a script run first in each of its pages."""
    contexts = []

    def make(init: str | None = None, **options):
        ctx = browser.new_context(**options)
        if init:
            ctx.add_init_script(script=init)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        try:
            ctx.close()
        except Exception:
            pass


# The guide marked done unless the test (or the page) set it otherwise: a reload keeps what is there.
GUIDE_DONE = "try { if (!localStorage.getItem('cambria:tutorial')) localStorage.setItem('cambria:tutorial', 'done'); } catch {}"


@pytest.fixture
def open_page(browser, site):
    sessions: list[PageSession] = []

    def _open(path: str = "", *, subpath: bool = False, viewport: dict | None = None,
              wait_until: str = "load", guide: bool = True, init: str | None = None,
              live: str = "off", **context_options) -> PageSession:
        """``guide=False``: the first-turn guide marked done before the page's first script (a
        player in mid-game has seen it; the guide has its own tests), with no second start of the
        page to get there. ``init``: a script run first in each of the context's pages.
        ``live``: live play as a device that switched it off (the default: remote games by
        links, which most tests play), ``"relay"``: on, through the tests' own relay on the
        site's origin (tests/web/nostr_relay.py), ``"public"``: as shipped (the public relays,
        which nothing here reaches)."""
        if viewport:
            context_options["viewport"] = viewport
        # No service worker unless the test asks for one (service_workers="allow"): its first-visit
        # install downloads, checks and stores every file of the site (~20 MB) beside each test,
        # which only the tests of the offline copy need (test_offline, test_loading, test_remote_play).
        # The page is shown a browser without service workers, as some are (it then plays on
        # without an offline copy); Playwright's own "block" hands register() an undefined
        # registration, which no browser does.
        offline_copy = context_options.pop("service_workers", "block") == "allow"
        context = browser.new_context(**context_options)
        if not offline_copy:
            context.add_init_script(script="delete Navigator.prototype.serviceWorker;")
        if not guide:
            context.add_init_script(script=GUIDE_DONE)
        if live in LIVE_SETUP:
            context.add_init_script(script=LIVE_SETUP[live])
        if init:
            context.add_init_script(script=init)
        page = context.new_page()
        session = PageSession(context=context, page=page, origin=site.origin)
        sessions.append(session)

        def on_request(request):
            session.requests.append(request.url)
            if not _same_origin(request.url, site.origin):
                session.foreign_requests.append(request.url)

        def on_console(message):
            if message.type == "error":
                session.console_errors.append(f"{message.text} ({message.location})")

        context.on("request", on_request)
        context.on("console", on_console)
        page.on("pageerror", lambda exc: session.page_errors.append(str(exc)))
        # Requests to other origins are refused (and recorded by on_request).  The pattern is
        # matched in Playwright's own process: the site's own requests (tens of MB at each start)
        # never wait for this test's thread, which answers only while it is inside a Playwright call.
        context.route(foreign_to(site.origin), lambda route: route.abort())
        base = site.subpath_url if subpath else site.url
        page.goto(base + path.lstrip("/"), wait_until=wait_until)
        return session

    yield _open
    for session in sessions:
        try:
            session.context.close()
        except Exception:
            pass


def foreign_to(origin: str) -> re.Pattern[str]:
    """A URL pattern for every request that is not to ``origin`` (data:, blob: and about: URLs
    are never requests on the network).

    >>> bool(foreign_to("http://127.0.0.1:8000").match("http://127.0.0.1:8000/app.js"))
    False
    >>> bool(foreign_to("http://127.0.0.1:8000").match("http://127.0.0.1:80001/x"))
    True
    """
    return re.compile(rf"^(?!{re.escape(origin)}/|data:|blob:|about:)")


def _same_origin(url: str, origin: str) -> bool:
    if url.startswith(("data:", "blob:", "about:")):
        return True
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == origin
