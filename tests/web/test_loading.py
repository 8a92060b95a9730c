"""Loading, and loading going wrong: the bar moves with the bytes; a start that fails is tried
once more by itself in a fresh worker, past the caches; a damaged cache is repaired from the
network or, with no network, the page says so in plain words and offers "Try again"; a
truncated or stalled download never leaves an endless bar; the strict Content-Security-Policy
holds through a whole session; and a first visit says "works offline" exactly once."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# How long a new worker may stay silent before the page gives up on it (bridge.js's own figure).
FIRST_WORD_MS = int(re.search(r"export const FIRST_WORD_MS = (\d+);",
                              (Path(__file__).parents[2] / "web" / "bridge.js").read_text()).group(1))

LOAD_MS = 60000
CATALOG = None


def english(key: str) -> str:
    """A message of web/i18n/en.js (the tests' browser speaks English)."""
    global CATALOG
    if CATALOG is None:
        import json
        from pathlib import Path

        text = (Path(__file__).resolve().parents[2] / "web" / "i18n" / "en.js").read_text(encoding="utf-8")
        CATALOG = json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))
    return CATALOG[key]


@pytest.fixture
def context_for(context_for):
    """conftest's, in English unless a test says otherwise (the tests read the card's words)."""
    return lambda **options: context_for(**{"locale": "en-GB", **options})


def wait_interactive(page, timeout=LOAD_MS) -> None:
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=timeout)


def wait_offline_ready(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=LOAD_MS)


def wait_failed(page, timeout=LOAD_MS) -> str:
    """The loading card reports a failure: its words, with a button (Try again, or Reload where
    the page's own scripts did not arrive) and no bar left."""
    page.wait_for_function("() => document.documentElement.dataset.loading === 'failed'", timeout=timeout)
    assert page.get_by_test_id("loading-reload").is_visible()
    text = page.locator("#loading").inner_text()
    assert "Traceback" not in text and "File \"" not in text
    return text


def first_request_fails(ctx, pattern: str, fail) -> list[str]:
    """The first request matching ``pattern`` gets ``fail(route)``, the rest go through; returns
    the URLs asked for, in order."""
    asked: list[str] = []

    def handle(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            fail(route)
        else:
            route.continue_()

    ctx.route(re.compile(pattern), handle)
    return asked


def retry_button(page):
    """The card's "Try again", after a start that failed twice."""
    button = page.get_by_test_id("loading-reload")
    assert button.inner_text() == english("loading.retry")
    return button


def first_visit(ctx, url: str):
    page = ctx.new_page()
    page.goto(url)
    wait_interactive(page)
    wait_offline_ready(page)
    return page


# ------------------------------------------------------------------ the bar

def test_the_bar_moves_with_the_bytes(open_page, site):
    s = open_page()
    s.wait_mark("cambria:board-visible")
    cdp = s.context.new_cdp_session(s.page)  # 24 Mbit/s: the download takes a few seconds
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 20, "downloadThroughput": 3e6, "uploadThroughput": 1e6})
    progress = s.page.evaluate("""async () => {
      const { createEngine } = await import(new URL("bridge.js", document.baseURI).href);
      const seen = [];
      const engine = createEngine({ onProgress: (p) => seen.push(p) });
      await engine.ready;
      engine.terminate();
      return seen;
    }""")
    counted = [p for p in progress if p.get("total")]
    assert len(counted) >= 10, progress  # many steps, not a bar stuck at one stage
    totals = {p["total"] for p in counted}
    assert len(totals) == 1
    total = totals.pop()
    files = site.manifest["files"]
    downloads = site.manifest["downloads"]
    expected = sum(files[downloads[k]] for k in ("runtime", "wasm", "snapshot", "snapshotStdlib", "snapshotEngine"))
    assert total == expected  # the compressed bytes of every big file of a start from the snapshot
    loaded = [p["loaded"] for p in counted]
    assert loaded == sorted(loaded) and loaded[-1] == total and loaded[0] < total / 4
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    s.assert_clean()


def test_the_card_shows_megabytes_while_downloading(site, context_for):
    ctx = context_for()
    page = ctx.new_page()
    page.add_init_script("""new MutationObserver(() => {
        const t = document.querySelector('#loading-text'); if (t) (window.__texts ||= new Set()).add(t.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });""")
    page.goto(site.url)
    wait_interactive(page)
    texts = page.evaluate("[...(window.__texts || [])]")
    assert any(re.search(r"[\d.]+ of [\d.]+ MB", t) for t in texts), texts


# ------------------------------------------------------------------ damaged downloads

def test_a_truncated_runtime_says_so_and_try_again_recovers(site, context_for):
    wasm = site.manifest["assets"]["wasm"]
    whole = (site.dist / wasm).read_bytes()
    ctx = context_for()
    asked = []
    pattern = re.compile(re.escape(wasm.rsplit("/", 1)[1]) + r"(\?.*)?$")  # also the worker's second try

    def truncated(route):
        asked.append(route.request.url)
        route.fulfill(status=200, body=whole[: len(whole) // 2], headers={"Content-Type": "application/gzip"})

    ctx.route(pattern, truncated)
    page = ctx.new_page()
    page.goto(site.url)
    text = wait_failed(page)
    assert english("loading.damaged") in text
    # the first worker asked for it, then past the caches (its own repair); the second worker
    # asked past the caches at once
    assert [u.endswith("?cambria-repair=1") for u in asked] == [False, True, True], asked
    assert page.get_by_test_id("loading-detail").inner_text() == english("loading.file").replace(
        "{file}", wasm.rsplit("/", 1)[1])
    assert not page.locator("#error").is_visible()  # the card speaks, no banner over it
    ctx.unroute(pattern)  # the network is good again
    retry_button(page).click()
    wait_interactive(page)
    assert page.evaluate("document.documentElement.dataset.loading") == "done"
    assert page.get_by_test_id("start-button").is_enabled()


def test_a_runtime_import_dropped_once_still_starts(site, context_for):
    """The first request for Pyodide's loader fails (a reload on a bad network): a failed module
    import stays failed in its worker, so the page tries once more in a fresh one, by itself."""
    ctx = context_for()
    asked = first_request_fails(ctx, r"/pyodide\.mjs(\?.*)?$", lambda route: route.abort())
    page = ctx.new_page()
    page.goto(site.url)
    wait_interactive(page)
    assert len(asked) == 2  # the second worker's, past the caches
    assert page.evaluate("document.documentElement.dataset.loading") == "done"
    assert not page.locator("#error").is_visible()
    assert page.get_by_test_id("start-button").is_enabled()


def test_a_worker_that_dies_while_starting_is_replaced(site, context_for):
    """The engine's worker throws while its scripts load (as one killed mid-start does): the page
    starts a fresh worker by itself and the game is playable."""
    ctx = context_for()
    served = first_request_fails(ctx, r"/engine-load\.js(\?.*)?$", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body='throw new Error("worker died");'))
    page = ctx.new_page()
    page.goto(site.url)
    wait_interactive(page)
    assert len(served) == 2
    assert page.get_by_test_id("start-button").is_enabled()


def test_a_runtime_that_never_arrives_ends_in_try_again(site, context_for):
    """Pyodide's loader is never answered, in the first worker or the second: within two stalls
    (STALL_MS, 20 s each, engine-load.js) and the pause between, the card says the loading
    stopped and offers Try again, which starts the game once the network answers."""
    held = []
    ctx = context_for()
    pattern = re.compile(r"/pyodide\.mjs(\?.*)?$")
    ctx.route(pattern, lambda route: held.append(route))
    page = ctx.new_page()
    started = time.monotonic()
    page.goto(site.url)
    text = wait_failed(page, timeout=90000)
    took = time.monotonic() - started
    assert english("loading.stalled") in text
    assert len(held) == 2  # one request per worker, the second past the caches
    assert held[1].request.url.endswith("?cambria-repair=1")
    assert took < 75, f"the card said so only after {took:.0f} s"  # 2 x 20 s stalls, slack for a busy machine
    ctx.unroute(pattern)
    retry_button(page).click()
    wait_interactive(page)
    assert page.get_by_test_id("start-button").is_enabled()


@pytest.mark.slow  # the same watch as a runtime that never arrives (engine-load.js's meter), 45 s of waiting
def test_a_stalled_download_says_so(site, context_for):
    """No byte for a while (the snapshot's request never answered): the card says the loading
    has stopped and offers Try again, instead of a bar that waits forever."""
    snapshot = site.manifest["assets"]["snapshot"].rsplit("/", 1)[1]
    held = []
    ctx = context_for()
    ctx.route(re.compile(re.escape(snapshot) + r"(\?.*)?$"), lambda route: held.append(route))
    page = ctx.new_page()
    page.goto(site.url)
    text = wait_failed(page, timeout=90000)
    assert english("loading.stalled") in text
    assert len(held) == 2  # the second worker tried too
    retry_button(page)


def test_a_worker_that_never_arrives_is_named(site, context_for):
    """The engine's own script is never answered: no word from the worker at all, so the
    page notices (bridge.js), tries a fresh worker, then says the loading stopped.  The page's
    clock is moved on over each silence (FIRST_WORD_MS, bridge.js) instead of waiting it out."""
    held = []
    ctx = context_for()
    ctx.route(re.compile(r"/worker\.js(\?.*)?$"), lambda route: held.append(route))
    page = ctx.new_page()
    page.clock.install()  # the page's timers; time still runs as usual unless moved on

    def worker_asked(repair: bool):
        return ctx.expect_event("request", lambda r: "/worker.js" in r.url and ("repair=1" in r.url) == repair)

    with worker_asked(repair=False):
        page.goto(site.url)
    with worker_asked(repair=True):  # the bridge gives up on the first worker, the engine starts a second
        page.clock.fast_forward(FIRST_WORD_MS)
    page.clock.fast_forward(FIRST_WORD_MS)
    text = wait_failed(page)
    assert english("loading.stalled") in text
    assert len(held) == 2 and "repair=1" in held[1].request.url
    retry_button(page)


# ------------------------------------------------------------------ a damaged cache

def corrupt(page, path: str, how: str) -> None:
    """Replace a file in the service worker's cache of this build, as damaged storage would."""
    page.evaluate("""async ([path, how]) => {
      const build = document.querySelector('meta[name="cambria-build"]').content;
      const cache = await caches.open('cambria-' + build);
      const key = new URL(path, document.baseURI).href;
      const good = await cache.match(key);
      if (!good) throw new Error('not cached: ' + key);
      const bytes = new Uint8Array(await good.arrayBuffer());
      const body = how === 'empty' ? new Uint8Array(0)
        : how === 'truncate' ? bytes.slice(0, bytes.length >> 1)
        : Uint8Array.from(bytes, (b, i) => (i % 97 === 13 ? b ^ 0x5a : b));
      await cache.put(key, new Response(body, { headers: good.headers }));
    }""", [path, how])


# The default run damages one file of each kind (the page's script, a zip, the runtime); the
# others, the same checks on other files, run with -m slow.
@pytest.mark.parametrize("what, how, says", [
    ("app.js", "flip", "loading.incomplete"),
    pytest.param("worker.js", "empty", "loading.network", marks=pytest.mark.slow),
    ("snapshot_engine", "flip", "loading.network"),
    pytest.param("snapshot_stdlib", "flip", "loading.network", marks=pytest.mark.slow),
    ("wasm", "truncate", "loading.network"),
    # the snapshot is optional, but a normal start needs the whole standard library, which is
    # fetched only then: with no network that is named too
    pytest.param("snapshot", "truncate", "loading.network", marks=pytest.mark.slow),
])
def test_a_damaged_cached_file_is_repaired_or_named(site, context_for, what, how, says):
    downloads = site.manifest["downloads"]  # what the worker asks for (the zips: gzipped)
    path = {"snapshot_engine": downloads["snapshotEngine"], "snapshot_stdlib": downloads["snapshotStdlib"],
            "wasm": downloads["wasm"], "snapshot": downloads["snapshot"]}.get(what, what)
    ctx = context_for()
    page = first_visit(ctx, site.url)
    corrupt(page, path, how)
    # with no network the damage cannot be repaired (the second worker finds the same): the
    # page says so
    ctx.set_offline(True)
    page.reload()
    text = wait_failed(page)
    assert english(says) in text
    # the network is back: the button (Try again; Reload where the page's own script was
    # damaged) repairs the cache from it and the game starts
    ctx.set_offline(False)
    page.get_by_test_id("loading-reload").click()
    wait_interactive(page)
    # and the repaired cache starts the site with no network again
    ctx.set_offline(True)
    page.reload()
    wait_interactive(page)


def test_a_damaged_file_is_repaired_from_the_network_at_once(site, context_for):
    ctx = context_for()
    page = first_visit(ctx, site.url)
    engine = site.manifest["downloads"]["snapshotEngine"]  # the engine's data files
    corrupt(page, engine, "flip")
    corrupt(page, "app.js", "flip")
    page.reload()
    wait_interactive(page)
    ctx.set_offline(True)
    page.reload()
    wait_interactive(page)


def test_an_empty_cached_page_is_named_offline_and_repaired_online(site, context_for):
    ctx = context_for()
    page = first_visit(ctx, site.url)
    corrupt(page, "index.html", "empty")
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("text=" + english("loading.brokenOffline"), timeout=LOAD_MS)
    reload = page.get_by_role("link", name=english("loading.reload"))
    assert reload.is_visible()
    assert page.locator("script").count() == 0  # a plain page: nothing to run, nothing to break
    ctx.set_offline(False)
    reload.click()
    wait_interactive(page)
    ctx.set_offline(True)
    page.reload()
    wait_interactive(page)


# ------------------------------------------------------------------ the Content-Security-Policy

VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""


def play_some_moves(page, steps: int) -> None:
    """Roll, or take the first offered choice and confirm, as a player would."""
    for _ in range(steps):
        step = int(page.locator("#app").get_attribute("data-step"))
        if page.get_by_test_id("roll-button").is_visible():
            page.get_by_test_id("roll-button").click()
        else:
            for _attempt in range(6):
                if page.get_by_test_id("confirm-button").is_enabled():
                    break
                page.evaluate("""() => {
                  const c = window.__cambria.state().opts.choices[0];
                  const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
                  const [kind, id] = c.element.split(':');
                  const node = kind === 'road' ? b.querySelector(`.slot[data-road="${id}"]`)
                    : kind === 'boat' ? b.querySelector(`.boat[data-boat="${id}"]`)
                    : document.querySelector(`#extra-choices [data-token="${c.token}"]`);
                  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
                }""")
                page.wait_for_function("() => !window.__cambria.state().busy", timeout=30000)
            page.get_by_test_id("confirm-button").click()
        page.wait_for_function(
            "(s) => Number(document.querySelector('#app').dataset.step) > s"
            " && !document.querySelector('#app').classList.contains('busy')", arg=step, timeout=30000)


def test_the_policy_holds_through_loading_and_play(site, context_for):
    ctx = context_for(reduced_motion="reduce")
    ctx.add_init_script(VIOLATIONS)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site.url + "?seed=5")
    header = page.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content")
    assert "default-src 'self'" in header
    wait_interactive(page)
    wait_offline_ready(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-rules").click()  # the rules, with their diagrams
    page.get_by_test_id("rules-close").click()
    page.get_by_test_id("start-button").click()
    page.wait_for_selector('#app[data-screen="game"]')
    play_some_moves(page, 6)
    page.reload()  # served by the service worker now
    wait_interactive(page)
    play_some_moves(page, 2)
    assert page.evaluate("window.__violations") == []
    assert errors == []


def test_an_inline_script_the_policy_does_not_name_is_refused(site, context_for):
    """The policy is in force (not merely present): a script injected into the page is blocked."""
    ctx = context_for()
    ctx.add_init_script(VIOLATIONS)
    page = ctx.new_page()
    page.goto(site.url)
    wait_interactive(page)
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.__ran = true';
                           document.body.append(s); }""")
    page.wait_for_function("() => window.__violations.length > 0", timeout=10000)
    assert page.evaluate("window.__ran") is None
    assert "script-src" in page.evaluate("window.__violations[0]")


# ------------------------------------------------------------------ offline toast

def test_a_first_visit_says_works_offline_once(site, context_for):
    ctx = context_for()
    ctx.add_init_script("""window.__toasts = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes)
          if (n.nodeType === 1 && n.closest && n.closest('#toasts')) window.__toasts.push(n.textContent);
      }).observe(document, { subtree: true, childList: true });""")
    page = ctx.new_page()
    page.goto(site.url)
    wait_interactive(page)
    wait_offline_ready(page)
    installed = english("offline.installed")
    page.wait_for_function("(t) => window.__toasts.some((x) => x.includes(t))", arg=installed, timeout=LOAD_MS)
    time.sleep(2.0)  # a second toast would come right after the first
    toasts = page.evaluate("window.__toasts")
    assert sum(installed in t for t in toasts) == 1, toasts


def test_offline_support_survives_storage_that_throws(site, context_for):
    ctx = context_for()
    ctx.add_init_script("""Object.defineProperty(window, 'sessionStorage', {
        get() { throw new DOMException('blocked', 'SecurityError'); } });""")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site.url)
    wait_interactive(page)
    wait_offline_ready(page)
    assert not [e for e in errors if "sessionStorage" in e or "blocked" in e], errors


# ------------------------------------------------------------------ hosts that compress

@pytest.mark.parametrize("host", ["compress", "gz_as_encoding", "precompressed"])
def test_hosts_that_add_content_encoding_work(dist_dir, context_for, host):
    """A host that gzips what it sends, one that sends the build's .gz files with
    Content-Encoding, or one that sends the build's precompressed brotli siblings (for a .gz
    file: the brotli of its content): the browser hands the worker decompressed bytes, the
    worker's checks still pass, the snapshot is used, and the bar still ends at its total."""
    import json
    import threading

    import build

    server = build.make_server(dist_dir, 0, quiet=True, **{host: True})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        ctx = context_for()
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        encodings = {}
        page.on("response", lambda r: encodings.setdefault(r.url.split("?")[0].rsplit("/", 1)[1],
                                                           r.headers.get("content-encoding")))
        page.add_init_script("""new MutationObserver(() => {
            const bar = document.querySelector('#loading-bar');
            if (bar) (window.__bar ||= []).push(Number(bar.getAttribute('aria-valuenow')));
          }).observe(document, { subtree: true, attributes: true, childList: true });""")
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        wait_interactive(page)
        assert page.evaluate("performance.getEntriesByName('cambria:engine-ready')[0].detail.snapshot") is True
        wait_offline_ready(page)
        downloads = json.loads((dist_dir / "build.json").read_text())["downloads"]
        if host == "precompressed":  # every big file came as brotli, the page's own files too
            for url in (*downloads.values(), "index.html", "app.js"):
                if url.rsplit("/", 1)[-1] in encodings:
                    assert encodings[url.rsplit("/", 1)[-1]] == "br", (url, encodings)
            assert encodings[downloads["wasm"].rsplit("/", 1)[1]] == "br"
            assert encodings[downloads["snapshot"].rsplit("/", 1)[1]] == "br"
        else:
            assert "gzip" in encodings.values()
        bar = page.evaluate("window.__bar || []")
        assert bar == sorted(bar) and bar[-1] == 100, bar
        assert errors == []
    finally:
        server.shutdown()
        server.server_close()
