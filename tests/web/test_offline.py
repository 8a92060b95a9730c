"""Offline and installable: after the first visit the service worker has the whole build, so
the site starts and plays with no network at all; the manifest makes it installable; a new
build installs beside the old one, the page says so, and the old cache goes."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

import build
from waits import saved_now

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LOAD_MS = 60000


class Host:
    """A local static host for one test, whose files can be swapped (a deploy) or stopped
    (the network is gone)."""

    def __init__(self, folder: Path, tmp: Path, **kind):
        self.link = tmp / "site"
        self.point(folder)
        self.server = build.make_server(self.link, 0, quiet=True, **kind)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.running = True

    def point(self, folder: Path) -> None:
        tmp_link = self.link.with_name("site.new")
        if tmp_link.is_symlink():
            tmp_link.unlink()
        tmp_link.symlink_to(folder, target_is_directory=True)
        os.replace(tmp_link, self.link)  # atomic: a deploy

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False



def watch(page):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def wait_interactive(page) -> None:
    page.wait_for_function("() => performance.getEntriesByName('cambria:interactive').length > 0", timeout=LOAD_MS)


def wait_offline_ready(page) -> None:
    """The service worker has every file of this build in its cache."""
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=LOAD_MS)


def caches(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def play_a_little(page, steps: int = 3) -> None:
    """Roll or take the first offered choice, as a player would, a few times."""
    for _ in range(steps):
        step = int(page.locator("#app").get_attribute("data-step"))
        if page.get_by_test_id("roll-button").is_visible():
            page.get_by_test_id("roll-button").click()
        else:
            page.evaluate("""() => {
              const c = window.__cambria.state().opts.choices[0];
              const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
              const [kind, id] = c.element.split(':');
              const node = kind === 'road' ? b.querySelector(`.slot[data-road="${id}"]`)
                : kind === 'boat' ? b.querySelector(`.boat[data-boat="${id}"]`)
                : document.querySelector(`#extra-choices [data-token="${c.token}"]`);
              node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            }""")
            page.wait_for_function("() => window.__cambria.state().partial.length > 0 && !window.__cambria.state().busy")
            while not page.get_by_test_id("confirm-button").is_enabled():
                page.evaluate("""() => {
                  const c = window.__cambria.state().opts.choices[0];
                  const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
                  const [kind, id] = c.element.split(':');
                  const node = kind === 'road' ? b.querySelector(`.slot[data-road="${id}"]`) : b.querySelector(`.boat[data-boat="${id}"]`);
                  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
                }""")
                time.sleep(0.1)
            page.get_by_test_id("confirm-button").click()
        page.wait_for_function(
            "(s) => Number(document.querySelector('#app').dataset.step) > s"
            " && !document.querySelector('#app').classList.contains('busy')", arg=step, timeout=30000)


@pytest.mark.parametrize("kind", ["plain", "precompressed"])
def test_after_the_first_visit_it_starts_and_plays_with_no_network(dist_dir, tmp_path, context_for, kind):
    """From a plain static host, and from one that sends the build's precompressed brotli files
    (the service worker then caches what the browser decoded, and checks it against the
    content's hash)."""
    host = Host(dist_dir, tmp_path, **({"precompressed": True} if kind == "precompressed" else {}))
    try:
        ctx = context_for(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        page = ctx.new_page()
        errors = watch(page)
        page.goto(host.url + "?seed=3")
        wait_interactive(page)
        wait_offline_ready(page)
        build_id = page.locator('meta[name="cambria-build"]').get_attribute("content")
        assert caches(page) == [f"cambria-{build_id}"]
        # the engine's big files are kept as their content, whichever form the host sent: a
        # repeat visit does not decompress ~20 MB again (web/sw.js, forCache)
        downloads = json.loads((dist_dir / "build.json").read_text())["downloads"]
        heads = page.evaluate("""async ([cache, paths]) => {
          const store = await caches.open(cache);
          const out = {};
          for (const path of paths) {
            const bytes = new Uint8Array(await (await store.match(new URL(path, document.baseURI).href)).arrayBuffer());
            out[path] = [bytes[0], bytes[1], bytes.length];
          }
          return out;
        }""", [f"cambria-{build_id}", [downloads[k] for k in ("wasm", "snapshot", "runtime", "snapshotEngine")]])
        for path, (b0, b1, _) in heads.items():
            assert (b0, b1) != (0x1F, 0x8B), f"{path} is cached gzipped"
        assert heads[downloads["wasm"]][:2] == [0, 0x61] and heads[downloads["wasm"]][2] > 9_000_000
        page.get_by_test_id("start-button").click()
        page.wait_for_selector('#app[data-screen="game"]')
        play_a_little(page, 2)
        saved_now(page)  # the autosave holds what is on the board
        before = page.evaluate("window.__cambria.state().view")

        # the train goes into a tunnel: no network, no server
        ctx.set_offline(True)
        host.stop()
        t0 = time.monotonic()
        page.reload()
        wait_interactive(page)
        load = time.monotonic() - t0
        page.wait_for_selector('#app[data-screen="game"]')
        assert page.evaluate("window.__cambria.state().view") == before  # the game is back
        assert page.evaluate("!!navigator.serviceWorker.controller")
        play_a_little(page, 3)  # and goes on
        assert page.evaluate("window.__cambria.state().view.step") >= before["step"] + 3

        # a new tab, offline, opening the site from scratch (the home-screen icon)
        fresh = ctx.new_page()
        fresh_errors = watch(fresh)
        fresh.goto(host.url)
        wait_interactive(fresh)
        assert fresh.locator('#app[data-screen="game"]').count() == 1  # the saved game, resumed
        assert errors == [] and fresh_errors == [], errors + fresh_errors
        print(f"offline reload to interactive: {load:.2f}s")
    finally:
        host.stop()


def test_it_works_offline_from_a_sub_path(site, context_for):
    ctx = context_for()
    page = ctx.new_page()
    errors = watch(page)
    page.goto(site.subpath_url)
    wait_interactive(page)
    wait_offline_ready(page)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site.subpath_url
    ctx.set_offline(True)
    page.reload()
    wait_interactive(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert errors == []


def test_the_site_is_installable(site, context_for):
    ctx = context_for()
    page = ctx.new_page()
    page.goto(site.url)
    wait_interactive(page)
    wait_offline_ready(page)
    cdp = ctx.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = json.loads(manifest["data"])
    assert parsed["display"] == "standalone"
    try:
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    except Exception as exc:  # an older Chromium without the call
        pytest.skip(f"no installability check in this Chromium: {exc}")
    errors = [e for e in errors if e["errorId"] != "in-incognito"]  # the test browser's private profile
    assert errors == [], errors
    # the icons it names are served as PNGs
    for icon in parsed["icons"]:
        response = page.request.get(site.url + icon["src"])
        assert response.ok and response.headers["content-type"] == icon["type"]


def two_builds(tmp_path) -> tuple[Path, str, Path, str]:
    """Two builds of the site that differ in one file, as two deploys would."""
    out = []
    for n, extra in enumerate(("", "\n/* the next version */\n")):
        web = tmp_path / f"web{n}"
        shutil.copytree(build.ROOT / "web", web)
        (web / "style.css").write_text((build.ROOT / "web" / "style.css").read_text() + extra)
        dist = tmp_path / f"build{n}"
        out += [dist, build.build(dist, quiet=True, web=web)["build"]]
    # the first deploy was an hour ago (the test host, like many, answers If-Modified-Since
    # by the second, and both builds are made within one)
    hour_ago = time.time() - 3600
    for f in out[0].rglob("*"):
        os.utime(f, (hour_ago, hour_ago))
    return tuple(out)


def test_a_new_build_replaces_the_cached_one(tmp_path, context_for):
    old_dir, old_id, new_dir, new_id = two_builds(tmp_path)
    assert old_id != new_id
    host = Host(old_dir, tmp_path)
    try:
        ctx = context_for(reduced_motion="reduce")
        page = ctx.new_page()
        errors = watch(page)
        page.goto(host.url + "?seed=7")
        wait_interactive(page)
        wait_offline_ready(page)
        assert caches(page) == [f"cambria-{old_id}"]
        page.get_by_test_id("start-button").click()
        page.wait_for_selector('#app[data-screen="game"]')
        play_a_little(page, 2)
        saved_now(page)  # the autosave holds what is on the board
        before = page.evaluate("window.__cambria.state().view")

        host.point(new_dir)  # deploy
        page.reload()  # still the cached old version; the browser finds the new worker
        wait_interactive(page)
        assert page.locator('meta[name="cambria-build"]').get_attribute("content") == old_id
        banner = page.get_by_test_id("update-banner")
        banner.wait_for(timeout=LOAD_MS)
        assert "new version" in banner.inner_text()
        assert sorted(caches(page)) == sorted([f"cambria-{old_id}", f"cambria-{new_id}"])

        page.get_by_test_id("update-reload").click()  # the new worker takes over, the page reloads
        page.wait_for_function("(id) => document.querySelector('meta[name=cambria-build]')?.content === id",
                               arg=new_id, timeout=LOAD_MS)
        wait_interactive(page)
        page.wait_for_selector('#app[data-screen="game"]')
        assert page.evaluate("window.__cambria.state().view") == before  # the game survived the update
        page.wait_for_function("(id) => caches.keys().then(k => k.length === 1 && k[0] === 'cambria-' + id)",
                               arg=new_id, timeout=10000, polling=200)
        assert page.get_by_test_id("update-banner").count() == 0 or page.get_by_test_id("update-banner").is_hidden()
        assert page.locator('html[data-offline="ready"]').count() == 1
        # and the new version works with no network
        ctx.set_offline(True)
        host.stop()
        page.reload()
        wait_interactive(page)
        assert page.locator('meta[name="cambria-build"]').get_attribute("content") == new_id
        assert errors == [], errors
    finally:
        host.stop()


def test_a_deploy_caught_half_way_keeps_the_working_version(tmp_path, context_for):
    """The new worker checks every file against its hash: old files under a new sw.js fail the
    install, and the old version goes on working (no banner, its cache kept)."""
    old_dir, old_id, new_dir, new_id = two_builds(tmp_path)
    half = tmp_path / "half"
    shutil.copytree(old_dir, half)
    shutil.copyfile(new_dir / "sw.js", half / "sw.js")  # the new worker is out, style.css is not
    host = Host(old_dir, tmp_path)
    try:
        ctx = context_for()
        page = ctx.new_page()
        page.goto(host.url)
        wait_interactive(page)
        wait_offline_ready(page)
        host.point(half)
        page.evaluate("""() => navigator.serviceWorker.getRegistration().then((r) => {
            r.addEventListener('updatefound', () => {
              window.__tried = true;
              r.installing.addEventListener('statechange', (e) => { window.__end = e.target.state; });
            });
            return r.update();
        })""")
        page.wait_for_function("() => window.__end === 'redundant'", timeout=LOAD_MS)  # the install failed
        assert page.get_by_test_id("update-banner").count() == 0
        assert f"cambria-{old_id}" in caches(page)
        page.reload()
        wait_interactive(page)
        assert page.locator('meta[name="cambria-build"]').get_attribute("content") == old_id
    finally:
        host.stop()
