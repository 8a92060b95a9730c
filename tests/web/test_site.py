"""The built site: it loads, the engine worker answers through the bridge, nothing but the local
server is contacted, it works from a sub-path, and files are served with the right types."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import urllib.request
from urllib.parse import urlsplit

import pytest

import cambria

pytestmark = pytest.mark.timeout(180)

# Runs in the page: a fresh engine through bridge.js (the module app.js uses).
PING_THROUGH_BRIDGE = """async () => {
  const { createEngine } = await import(new URL("bridge.js", document.baseURI).href);
  const progress = [];
  const engine = createEngine({ onProgress: (p) => progress.push(p) });
  const early = engine.request("ping", {});          // sent before the worker is ready
  const ready = await engine.ready;
  const pong = await engine.request("ping", {});
  let error = null;
  try {
    await engine.request("no such request", { x: 1 });
  } catch (err) {
    error = { name: err.name, message: err.message, isError: err instanceof Error };
  }
  const result = { ready, early: await early, pong, error, progress };
  engine.terminate();
  return result;
}"""


def no_snapshot():
    """In CI the build fails without its snapshot, so a test that needs it fails too."""
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail("the build has no memory snapshot")
    pytest.skip("built without a memory snapshot (CAMBRIA_SNAPSHOT=0, or the snapshot step failed)")


def engine_ready_detail(session):
    session.wait_mark("cambria:engine-ready")
    return session.page.evaluate("performance.getEntriesByName('cambria:engine-ready')[0].detail")


@pytest.mark.browser
def test_page_loads_board_first_then_engine(open_page, site):
    s = open_page()
    visible = s.wait_mark("cambria:board-visible")
    assert s.page.locator("svg.board").first.is_visible()  # the map, before the engine is up
    assert s.page.title()
    interactive = s.wait_interactive()
    assert visible < interactive
    detail = engine_ready_detail(s)
    assert detail["version"] == cambria.__version__
    build_id = site.manifest["build"]
    assert build_id in s.page.content()
    s.assert_clean()


@pytest.mark.browser
def test_ping_through_the_bridge(open_page):
    s = open_page()
    s.wait_mark("cambria:board-visible")
    result = s.page.evaluate(PING_THROUGH_BRIDGE)
    assert result["pong"]["pong"] is True
    assert result["pong"]["version"] == cambria.__version__
    assert result["early"] == result["pong"]
    assert result["ready"]["version"] == cambria.__version__
    # A Python exception reaches JavaScript as an Error named after its class.
    error = result["error"]
    assert error["isError"]
    assert re.fullmatch(r"[A-Z]\w*", error["name"]) and error["name"] not in ("Error", "EngineUnavailable")
    assert error["message"] and "Traceback" not in error["message"]
    # Progress goes forward and ends at 1.
    fractions = [p["fraction"] for p in result["progress"]]
    assert fractions and fractions == sorted(fractions) and fractions[-1] == 1
    assert all(isinstance(p["stage"], str) and p["stage"] for p in result["progress"])
    s.assert_clean()


@pytest.mark.browser
def test_no_request_leaves_the_local_server(open_page, site):
    s = open_page()
    s.wait_interactive()
    s.page.evaluate(PING_THROUGH_BRIDGE)
    s.assert_clean()
    paths = {urlsplit(u).path for u in s.requests if u.startswith(site.origin)}
    assert any(p.endswith(("pyodide.asm.wasm", "pyodide.asm.wasm.gz")) for p in paths)
    # The game loads the pre-compiled standard library, never the stock one (nor the 119 KB lock file).
    assert any(re.search(r"python_stdlib_pyc-\w+\.zip(\.gz)?$", p) for p in paths)
    assert not any(p.endswith(("/python_stdlib.zip", "/pyodide-lock.json")) for p in paths)


@pytest.mark.browser
def test_works_from_a_sub_path(open_page, site):
    s = open_page(subpath=True)
    s.wait_mark("cambria:board-visible")
    s.wait_interactive()
    result = s.page.evaluate(PING_THROUGH_BRIDGE)
    assert result["pong"]["pong"] is True
    s.assert_clean()
    outside = [u for u in s.requests
               if u.startswith(site.origin) and not urlsplit(u).path.startswith("/some/path/")]
    assert outside == [], f"requests outside the sub-path (absolute URLs?): {outside}"


@pytest.mark.browser
def test_memory_snapshot_is_used(open_page, site):
    if not site.manifest["assets"].get("snapshot"):
        no_snapshot()
    s = open_page()
    assert engine_ready_detail(s)["snapshot"] is True
    s.assert_clean()


@pytest.mark.browser
@pytest.mark.parametrize("damage", ["missing", "not gzip", "not a snapshot"])
def test_a_bad_snapshot_falls_back_to_a_normal_load(browser, site, damage):
    snapshot = site.manifest["assets"].get("snapshot")
    if not snapshot:
        no_snapshot()
    context = browser.new_context()
    try:
        def spoil(route):
            if damage == "missing":
                route.fulfill(status=404, body="not found")
            elif damage == "not gzip":
                route.fulfill(status=200, body=b"\x1f\x8b" + bytes(range(256)) * 64,
                              headers={"Content-Type": "application/gzip"})
            else:  # decompresses fine, then Pyodide refuses it (or it is not even sparse-encoded)
                route.fulfill(status=200, body=gzip.compress(random.Random(1).randbytes(1 << 20)),
                              headers={"Content-Type": "application/gzip"})

        context.route(re.compile(re.escape(snapshot.rsplit("/", 1)[1])), spoil)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site.url)
        page.wait_for_function("() => performance.getEntriesByName('cambria:engine-ready').length > 0",
                               timeout=60000)
        detail = page.evaluate("performance.getEntriesByName('cambria:engine-ready')[0].detail")
        assert detail["snapshot"] is False
        assert detail["version"] == cambria.__version__
        assert errors == []
    finally:
        context.close()


# ------------------------------------------------------------------------------ no browser needed

EXPECTED_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


def content_type(url: str) -> str:
    with urllib.request.urlopen(url) as response:
        assert response.status == 200
        return response.headers["Content-Type"].split(";")[0].strip()


@pytest.mark.parametrize("prefix", ["", "some/path/"])
def test_content_types(site, prefix):
    checked = set()
    for name in site.manifest["files"]:
        suffix = "." + name.rsplit(".", 1)[-1]
        if suffix in EXPECTED_TYPES:
            assert content_type(site.url + prefix + name) == EXPECTED_TYPES[suffix], name
            checked.add(suffix)
    assert {".html", ".js", ".mjs", ".wasm", ".zip"} <= checked
    assert content_type(site.url + prefix) == "text/html"
    assert content_type(site.url + prefix + "build.json") == "application/json"


def test_build_json_describes_the_site(site):
    manifest = json.loads((site.dist / "build.json").read_text())
    assert re.fullmatch(r"[0-9a-f]{12}", manifest["build"])
    assert manifest["pyodide"] == "314.0.7"
    assert manifest["python"].startswith("3.14")
    assert manifest["cambria"] == cambria.__version__
    for name in manifest["assets"].values():
        if name:
            assert (site.dist / name).exists(), name
    for name in manifest["files"]:
        assert (site.dist / name).is_file(), name


@pytest.mark.browser
def test_a_failed_load_rejects_ready_and_requests(browser, site):
    """If Python cannot start, the bridge says so (the page shows it) instead of hanging."""
    context = browser.new_context()
    try:
        # Both archives of the engine: the whole one (a normal start) and its data files (the
        # start from the memory snapshot), so that neither way can succeed.
        assets = site.manifest["assets"]
        # (a build without a snapshot lists "snapshot_engine" as null)
        names = [assets[key].rsplit("/", 1)[1] for key in ("engine", "snapshot_engine") if assets.get(key)]
        assert names, assets
        gone = re.compile("|".join(re.escape(name) for name in names))
        context.route(gone, lambda route: route.fulfill(status=404, body="gone"))
        page = context.new_page()
        page.goto(site.url)
        result = page.evaluate("""async () => {
          const { createEngine } = await import(new URL("bridge.js", document.baseURI).href);
          const engine = createEngine();
          const early = engine.request("ping", {}).then(() => null, (e) => ({ name: e.name, message: e.message }));
          const ready = await engine.ready.then(() => null, (e) => ({ name: e.name, message: e.message }));
          const late = await engine.request("ping", {}).then(() => null, (e) => ({ name: e.name }));
          engine.terminate();
          return { ready, early: await early, late };
        }""")
        assert result["ready"] and "404" in result["ready"]["message"]
        assert result["early"] is not None and result["late"] is not None
    finally:
        context.close()
