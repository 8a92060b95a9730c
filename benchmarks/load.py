#!/usr/bin/env python3
"""Load benchmark: what a first visit transfers, how soon a slow phone can play, and how fast a
repeat visit is against bare stock Pyodide.

    python3 benchmarks/load.py [--runs 5] [--no-build] [--json]

(It runs itself again with .venv's Python if this one lacks Playwright: `python3 build.py test`
makes .venv.)  Serves dist/ (building it first unless --no-build) on 127.0.0.1 and drives
Debian's headless Chromium:

1. First visit, each in a fresh browser context, the bytes the server sent (counted at the
   socket: headers and bodies) until the page is interactive and until the service worker has
   the whole site, from three hosts: a plain static server; one that serves the build's
   precompressed brotli files (``x.br`` for ``x``, Content-Encoding: br, as nginx's
   brotli_static or Caddy's ``precompressed`` do, and ``build.py serve``); one that gzips text
   and wasm on the fly, as many hosts do.
2. The slow phone: a first visit with Chromium's network emulation (9 Mbit/s down, 150 ms round
   trip) and CPU throttling (4x, Emulation.setCPUThrottlingRate; note that Chromium applies it
   fully to the page's main thread only, measured: a worker's CPU loop slows ~1.5x), the time
   from navigation to "cambria:interactive", and the loading bar sampled as it goes: from the
   plain server and from the precompressed one.
3. Repeat visits (the service worker serving from its cache) against stock Pyodide's
   ``loadPyodide()`` from the same npm package with its stock standard library and lock file,
   in a fresh context (the target's figure) and a second time in one context (its HTTP cache
   warm): medians of --runs, in rotating order.

Targets (issue 12): first visit <= 12 MB plain, <= 6 MB where the host compresses (the
precompressed host: the smallest the build can make it); playable
within 12 s on the slow phone; repeat visit interactive <= 0.3 x the stock load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _reexec_with_venv() -> None:
    """Playwright lives in .venv: run this script with .venv's Python if ours lacks it."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        venv = ROOT / ".venv"
        python = venv / "bin" / "python"
        # (sys.prefix, not the interpreter's path: .venv's python is a link to this very binary)
        if python.exists() and Path(sys.prefix).resolve() != venv.resolve():
            os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
        sys.exit("benchmarks/load.py needs Playwright: run `python3 build.py test` once (it makes .venv)")


if __name__ == "__main__":
    _reexec_with_venv()

sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
STOCK = "/stock-pyodide/"
STOCK_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stock Pyodide {build.PYODIDE_VERSION}</title>
<link rel="icon" href="data:,"></head>
<body><p id="status">loading stock Pyodide</p>
<script type="module">
import {{ loadPyodide }} from "{STOCK}pyodide.mjs";
await loadPyodide({{ indexURL: new URL("{STOCK}", location.href).href }});
performance.mark("stock:ready");
document.getElementById("status").textContent = "ready";
</script></body></html>
""".encode()
SLOW_PHONE = {"latency": 150, "downloadThroughput": 9e6 / 8, "uploadThroughput": 2e6 / 8, "offline": False}
CPU_SLOWDOWN = 4
TARGETS = {"first_visit_plain_mb": 12.0, "first_visit_compressed_mb": 6.0, "slow_phone_s": 12.0, "repeat_ratio": 0.3}


class CountingSocket:
    """A socket that counts what is sent through it (the server's side of a connection)."""

    def __init__(self, sock, counter):
        self._sock, self._counter = sock, counter

    def sendall(self, data, *args):
        self._counter.add(len(data))
        return self._sock.sendall(data, *args)

    def send(self, data, *args):
        n = self._sock.send(data, *args)
        self._counter.add(n)
        return n

    def __getattr__(self, name):
        return getattr(self._sock, name)


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def add(self, n):
        with self.lock:
            self.bytes += n

    def reset(self):
        with self.lock:
            self.bytes = 0


HOSTS = {"plain": {}, "brotli": {"precompressed": True}, "gzip": {"compress": True}}
HOST_NAMES = {"plain": "plain static server", "brotli": "host serving the precompressed .br files",
              "gzip": "host that gzips on the fly"}


def serve(host: str):
    """A server for dist/ plus the stock page and stock Pyodide, counting the bytes it sends;
    ``host``: one of HOSTS."""
    package = build.fetch_pyodide()
    extra = {"/stock.html": STOCK_PAGE}
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        extra[STOCK + name] = (package / name).read_bytes()
    server = build.make_server(build.DIST, 0, quiet=True, extra=extra, **HOSTS[host])
    counter = Counter()
    handler = server.RequestHandlerClass
    server.finish_request = lambda request, address: handler(CountingSocket(request, counter), address, server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, counter, f"http://127.0.0.1:{server.server_address[1]}/"


def launch(playwright):
    if Path(CHROMIUM).exists():
        return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return playwright.chromium.launch(args=CHROMIUM_ARGS)


def wait_mark(page, name: str, timeout_ms: int) -> float:
    page.wait_for_function("(n) => performance.getEntriesByName(n, 'mark').length > 0", arg=name,
                           timeout=timeout_ms, polling=20)
    return page.evaluate("(n) => performance.getEntriesByName(n, 'mark')[0].startTime / 1000", name)


def wait_offline_ready(page, timeout_ms: int) -> None:
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=timeout_ms)


def first_visit(browser, host: str, timeout_ms: int) -> dict:
    server, counter, base = serve(host)
    try:
        context = browser.new_context()
        page = context.new_page()
        counter.reset()
        page.goto(base)
        interactive = wait_mark(page, "cambria:interactive", timeout_ms)
        at_interactive = counter.bytes
        wait_offline_ready(page, timeout_ms)
        time.sleep(1.0)  # anything still in flight
        total = counter.bytes
        snapshot = page.evaluate("performance.getEntriesByName('cambria:engine-ready')[0].detail.snapshot")
        context.close()
        return {"interactive_s": interactive, "bytes_at_interactive": at_interactive, "bytes_total": total,
                "snapshot": snapshot}
    finally:
        server.shutdown()
        server.server_close()


def slow_phone(browser, host: str, timeout_ms: int) -> dict:
    server, counter, base = serve(host)
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_PHONE)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        samples: list[tuple[float, int, str]] = []
        t0 = time.monotonic()
        page.goto(base, wait_until="commit")
        deadline = t0 + timeout_ms / 1000
        while time.monotonic() < deadline:
            state = page.evaluate("""() => ({
                done: performance.getEntriesByName('cambria:interactive').length > 0,
                pct: Number(document.querySelector('#loading-bar')?.getAttribute('aria-valuenow') || 0),
                text: document.querySelector('#loading-text')?.textContent || ''})""")
            samples.append((round(time.monotonic() - t0, 2), state["pct"], state["text"]))
            if state["done"]:
                break
            time.sleep(0.5)
        interactive = wait_mark(page, "cambria:interactive", 1000)
        visible = wait_mark(page, "cambria:board-visible", 1000)
        bytes_sent = counter.bytes
        context.close()
        return {"interactive_s": interactive, "board_visible_s": visible, "bytes": bytes_sent, "bar": samples}
    finally:
        server.shutdown()
        server.server_close()


def repeat_visits(browser, runs: int, timeout_ms: int) -> dict:
    """Cambria's repeat visit (a context whose service worker has the site) against stock
    Pyodide's load in a fresh context (what any visitor of a stock Pyodide page waits for; the
    figure the target is about) and in a context that loaded it before (its HTTP cache warm)."""
    server, _, base = serve("plain")
    try:
        cambria = browser.new_context()
        page = cambria.new_page()
        page.goto(base)
        wait_mark(page, "cambria:interactive", timeout_ms)
        wait_offline_ready(page, timeout_ms)
        warm = browser.new_context()
        warm_page = warm.new_page()
        warm_page.goto(base + "stock.html")
        wait_mark(warm_page, "stock:ready", timeout_ms)
        samples: dict[str, list[float]] = {"cambria": [], "stock": [], "stock_warm": []}
        snapshot_used = 0

        def stock_fresh() -> float:
            context = browser.new_context()
            try:
                fresh = context.new_page()
                fresh.goto(base + "stock.html")
                return wait_mark(fresh, "stock:ready", timeout_ms)
            finally:
                context.close()

        def stock_warm() -> float:
            warm_page.goto(base + "stock.html")
            return wait_mark(warm_page, "stock:ready", timeout_ms)

        def cambria_repeat() -> float:
            nonlocal snapshot_used
            page.goto(base)
            t = wait_mark(page, "cambria:interactive", timeout_ms)
            assert page.evaluate("!!navigator.serviceWorker.controller"), "not served by the service worker"
            detail = page.evaluate("performance.getEntriesByName('cambria:engine-ready')[0].detail")
            snapshot_used += bool(detail.get("snapshot"))
            return t

        order = [("cambria", cambria_repeat), ("stock", stock_fresh), ("stock_warm", stock_warm)]
        for i in range(runs):
            for kind, measure in order[i % 3:] + order[:i % 3]:  # rotate: no kind always first
                samples[kind].append(measure())
                print(f"  repeat {i + 1}/{runs} {kind:10s} {samples[kind][-1]:.3f}s", file=sys.stderr, flush=True)
        cambria.close()
        warm.close()
        med = {k: statistics.median(v) for k, v in samples.items()}
        return {"samples": samples, "median": med, "ratio": med["cambria"] / med["stock"],
                "ratio_warm": med["cambria"] / med["stock_warm"], "snapshot_used": snapshot_used}
    finally:
        server.shutdown()
        server.server_close()


def report(result: dict) -> str:
    mb = lambda n: n / 1e6  # noqa: E731
    first, phones, repeat = result["first_visit"], result["slow_phone"], result["repeat"]
    verdict = lambda ok: "met" if ok else "MISSED"  # noqa: E731
    lines = [
        f"Load benchmark (Chromium {result['browser']}, headless, served from 127.0.0.1)",
        "",
        "| first visit from | until interactive | whole site cached |",
        "|---|---|---|",
        *(f"| {HOST_NAMES[host]} | {mb(v['bytes_at_interactive']):.2f} MB | {mb(v['bytes_total']):.2f} MB |"
          for host, v in first.items()),
        "",
        f"first visit, plain: {mb(first['plain']['bytes_total']):.2f} MB (target <= "
        f"{TARGETS['first_visit_plain_mb']} MB: {verdict(mb(first['plain']['bytes_total']) <= TARGETS['first_visit_plain_mb'])})",
        f"first visit, compressing host (precompressed brotli): {mb(first['brotli']['bytes_total']):.2f} MB (target <= "
        f"{TARGETS['first_visit_compressed_mb']} MB: "
        f"{verdict(mb(first['brotli']['bytes_total']) <= TARGETS['first_visit_compressed_mb'])})",
    ]
    for host, phone in phones.items():
        bar = ", ".join(f"{t:.1f}s {p}%" for t, p, _ in phone["bar"][:: max(1, len(phone["bar"]) // 12)])
        lines += [
            f"slow phone (9 Mbit/s, 150 ms, CPU 4x), {HOST_NAMES[host]}: board visible {phone['board_visible_s']:.2f} s, "
            f"interactive {phone['interactive_s']:.2f} s (target <= {TARGETS['slow_phone_s']} s: "
            f"{verdict(phone['interactive_s'] <= TARGETS['slow_phone_s'])}), {mb(phone['bytes']):.2f} MB sent by then",
            f"  loading bar: {bar}",
        ]
    lines += [
        f"repeat visit: interactive {repeat['median']['cambria']:.3f} s; stock Pyodide {repeat['median']['stock']:.3f} s "
        f"in a fresh context, {repeat['median']['stock_warm']:.3f} s with its HTTP cache warm "
        f"(medians of {len(repeat['samples']['cambria'])})",
        f"  repeat / stock: {repeat['ratio']:.2f}x (target <= {TARGETS['repeat_ratio']}x: "
        f"{verdict(repeat['ratio'] <= TARGETS['repeat_ratio'])}); repeat / warm stock: {repeat['ratio_warm']:.2f}x; "
        f"snapshot used {repeat['snapshot_used']}/{len(repeat['samples']['cambria'])}",
    ]
    return "\n".join(lines)


def missed(result: dict) -> bool:
    first = result["first_visit"]
    return (first["plain"]["bytes_total"] / 1e6 > TARGETS["first_visit_plain_mb"]
            or first["brotli"]["bytes_total"] / 1e6 > TARGETS["first_visit_compressed_mb"]
            or any(phone["interactive_s"] > TARGETS["slow_phone_s"] for phone in result["slow_phone"].values())
            or result["repeat"]["ratio"] > TARGETS["repeat_ratio"])


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Targets and method: see the top of benchmarks/load.py.")
    parser.add_argument("--runs", type=positive, default=5, help="repeat visits of each page (default 5)")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is, without building first")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per load (default 120)")
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON too")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--bytes-only", action="store_true",
                        help="measure only the first visits' bytes (quick; no slow phone, no repeat visits)")
    args = parser.parse_args(argv)
    if not args.no_build or not (build.DIST / "build.json").exists():
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    timeout_ms = int(args.timeout * 1000)
    with sync_playwright() as p:
        browser = launch(p)
        result: dict = {"browser": browser.version, "first_visit": {}, "slow_phone": {}}
        for host in HOSTS:
            print(f"first visit, {HOST_NAMES[host]}…", file=sys.stderr, flush=True)
            result["first_visit"][host] = first_visit(browser, host, timeout_ms)
        if not args.bytes_only:
            for host in ("plain", "brotli"):
                print(f"slow phone, {HOST_NAMES[host]}…", file=sys.stderr, flush=True)
                result["slow_phone"][host] = slow_phone(browser, host, timeout_ms)
            print("repeat visits…", file=sys.stderr, flush=True)
            result["repeat"] = repeat_visits(browser, args.runs, timeout_ms)
        browser.close()
    if args.bytes_only:
        for host, v in result["first_visit"].items():
            print(f"{HOST_NAMES[host]}: {v['bytes_at_interactive'] / 1e6:.2f} MB until interactive, "
                  f"{v['bytes_total'] / 1e6:.2f} MB until the whole site is cached")
        return 0
    print(report(result))
    if args.json:
        print(json.dumps(result, indent=2))
    return 1 if args.check and missed(result) else 0


if __name__ == "__main__":
    sys.exit(main())
