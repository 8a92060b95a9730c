#!/usr/bin/env python3
"""Load benchmark: the Cambria page against bare stock Pyodide, from the same files.

    .venv/bin/python benchmarks/load.py [--runs 5] [--no-build] [--json]

Serves dist/ (building it first unless --no-build) plus /stock.html, a page that only does
``await loadPyodide()`` with the stock python_stdlib.zip of the same Pyodide files and then
marks ``stock:ready``.  The two pages alternate in one run, each load in a fresh browser
context (empty cache), and the table gives the medians of the User Timing marks (time since
navigation start):

    cambria:board-visible   the starting board is on screen (marked by index.html)
    cambria:engine-ready    the worker answered (marked by bridge.js)
    cambria:interactive     the player can first act (app.js calls bridge.markInteractive())
    stock:ready             bare stock Pyodide finished loadPyodide()

Targets (issue 3): board visible < 0.3 s; interactive <= 0.4 x the stock load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

STOCK_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stock Pyodide {build.PYODIDE_VERSION}</title>
<link rel="icon" href="data:,"></head>
<body><p id="status">loading stock Pyodide</p>
<script type="module">
import {{ loadPyodide }} from "./{build.PYODIDE_DIR}/pyodide.mjs";
await loadPyodide();
performance.mark("stock:ready");
document.getElementById("status").textContent = "ready";
</script></body></html>
""".encode()

CAMBRIA_MARKS = ("cambria:board-visible", "cambria:engine-ready", "cambria:interactive")
STOCK_MARKS = ("stock:ready",)
BOARD_VISIBLE_TARGET = 0.3  # seconds
RATIO_TARGET = 0.4


def launch(playwright):
    if Path(CHROMIUM).exists():
        return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return playwright.chromium.launch(args=CHROMIUM_ARGS)


def measure(browser, url: str, marks: tuple[str, ...], timeout_ms: int) -> dict:
    """Open ``url`` in a fresh context and return {mark: seconds since navigation start}."""
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        wanted = json.dumps(list(marks))
        try:
            page.wait_for_function(
                f"{wanted}.every(n => performance.getEntriesByName(n, 'mark').length > 0)",
                timeout=timeout_ms, polling=20)
        except Exception as exc:
            raise RuntimeError(f"{url}: marks {marks} did not all appear: {exc}; page errors: {errors}") from None
        result = page.evaluate(
            """(names) => Object.fromEntries(names.map(n => {
                   const m = performance.getEntriesByName(n, 'mark')[0];
                   return [n, {t: m.startTime / 1000, detail: m.detail ?? null}];
               }))""", list(marks))
        return result
    finally:
        context.close()


def run(runs: int, timeout_s: float) -> dict:
    from playwright.sync_api import sync_playwright

    server = build.make_server(build.DIST, 0, quiet=True, extra={"/stock.html": STOCK_PAGE})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    samples: dict[str, list[float]] = {m: [] for m in CAMBRIA_MARKS + STOCK_MARKS}
    snapshot_used = 0
    try:
        with sync_playwright() as p:
            browser = launch(p)
            version = browser.version
            # One unmeasured load of each warms the OS file cache and the server.
            measure(browser, base, CAMBRIA_MARKS, int(timeout_s * 1000))
            measure(browser, base + "stock.html", STOCK_MARKS, int(timeout_s * 1000))
            for i in range(runs):
                order = [("cambria", base, CAMBRIA_MARKS), ("stock", base + "stock.html", STOCK_MARKS)]
                if i % 2:
                    order.reverse()
                for kind, url, marks in order:
                    result = measure(browser, url, marks, int(timeout_s * 1000))
                    for name, entry in result.items():
                        samples[name].append(entry["t"])
                    if kind == "cambria" and (result["cambria:engine-ready"]["detail"] or {}).get("snapshot"):
                        snapshot_used += 1
                    print(f"  run {i + 1}/{runs} {kind:7s} " +
                          "  ".join(f"{n.split(':')[1]} {e['t']:.3f}s" for n, e in result.items()),
                          file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    med = {name: statistics.median(values) for name, values in samples.items()}
    return {
        "runs": runs,
        "browser": version,
        "snapshot_used": snapshot_used,
        "samples": samples,
        "median": med,
        "ratio_interactive_to_stock": med["cambria:interactive"] / med["stock:ready"],
    }


def table(report: dict) -> str:
    med, samples = report["median"], report["samples"]
    lines = [
        f"Load benchmark: {report['runs']} runs of each page, alternating, fresh context per load "
        f"(Chromium {report['browser']}, headless; memory snapshot used in "
        f"{report['snapshot_used']}/{report['runs']} Cambria loads)",
        "",
        f"| {'mark':<24} | {'median':>8} | {'min':>8} | {'max':>8} |",
        f"|{'-' * 26}|{'-' * 10}|{'-' * 10}|{'-' * 10}|",
    ]
    for name in CAMBRIA_MARKS + STOCK_MARKS:
        values = samples[name]
        lines.append(f"| {name:<24} | {med[name]:>7.3f}s | {min(values):>7.3f}s | {max(values):>7.3f}s |")
    ratio = report["ratio_interactive_to_stock"]
    visible = med["cambria:board-visible"]
    lines += [
        "",
        f"board visible: {visible:.3f} s (target < {BOARD_VISIBLE_TARGET} s: "
        f"{'met' if visible < BOARD_VISIBLE_TARGET else 'MISSED'})",
        f"interactive / stock: {ratio:.2f}x (target <= {RATIO_TARGET}x: "
        f"{'met' if ratio <= RATIO_TARGET else 'MISSED'})",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds allowed per load")
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON too")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    if not args.no_build or not (build.DIST / "build.json").exists():
        build.build(quiet=True)
    report = run(args.runs, args.timeout)
    print(table(report))
    if args.json:
        print(json.dumps(report, indent=2))
    missed = (report["median"]["cambria:board-visible"] >= BOARD_VISIBLE_TARGET
              or report["ratio_interactive_to_stock"] > RATIO_TARGET)
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
