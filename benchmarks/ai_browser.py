#!/usr/bin/env python3
"""Computer move time in the browser: Hard and Normal under Pyodide in headless Chromium.

    .venv/bin/python benchmarks/ai_browser.py [--positions 30] [--seed 1] [--no-cpython] [--json FILE]

Serves, on 127.0.0.1, a test page plus the project's self-hosted Pyodide from .cache/
(``python3 build.py`` puts it there) and a zip of the current ``cambria`` package.  The page
loads Pyodide, unpacks the package, plays seeded Normal games to collect positions
(setup, neutral placements and regular turns; two to four players; both maps) and
times ``choose_action`` for Hard and Normal on every one of them, with each level's
default time budget.  The same positions are timed in this CPython too (unless
--no-cpython) for the ratio.

Targets (issue 4): Hard at most 1.0 s per move, Normal at most 0.2 s, in the browser.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import json
import os
import statistics
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TARGETS = {"hard": 1.0, "normal": 0.2}

# Runs inside Pyodide (and in CPython for comparison): returns JSON with per-move seconds.
BENCH_CODE = r'''
import json, random, time
from cambria import Game
from cambria.ai import choose_action

def positions(count, seed):
    out = []
    configs = [("cambria", 3), ("cumbria", 2), ("cumbria", 4), ("cambria", 2), ("cumbria", 3)]
    k = 0
    while len(out) < count:
        board, players = configs[k % len(configs)]
        g = Game(board, players, seed=seed + k)
        rng = random.Random(seed + k)
        step = 0
        while not g.is_over() and len(out) < count:
            if g.is_chance():
                g.roll()
                continue
            if step % 7 == 3:
                out.append(g.state.copy())
            g.play(choose_action(g.state, "normal", rng))
            step += 1
        k += 1
    return out

def run(count, seed):
    pos = positions(count, seed)
    res = {"positions": len(pos), "phases": [p.phase_name for p in pos]}
    for level in ("normal", "hard"):
        times = []
        for i, s in enumerate(pos):
            t0 = time.perf_counter()
            choose_action(s, level, random.Random(i))
            times.append(time.perf_counter() - t0)
        res[level] = times
    return json.dumps(res)
'''

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cambria AI move time</title>
<link rel="icon" href="data:,"></head>
<body><p id="status">loading</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const status = document.getElementById("status");
try {
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  const zip = await (await fetch("./cambria.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/bench" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/bench')");
  py.runPython(await (await fetch("./bench.py")).text());
  status.textContent = "running";
  const params = new URLSearchParams(location.search);
  window.benchResult = py.runPython(`run(${Number(params.get("n"))}, ${Number(params.get("seed"))})`);
  status.textContent = "done";
} catch (err) {
  window.benchError = String(err && err.stack || err);
  status.textContent = "failed";
}
</script></body></html>
"""


def package_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "cambria").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".json"):
                zf.write(path, path.relative_to(ROOT).as_posix())
    return buf.getvalue()


def find_pyodide() -> Path:
    # the build's checked copy of the npm package: dist/ ships only what the game itself loads
    found = sorted((ROOT / ".cache").glob("pyodide-*/package/pyodide.mjs"))
    if not found:
        raise SystemExit("no Pyodide in .cache/: run `python3 build.py` first")
    return found[-1].parent


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.3f} s   worst {max(times):.3f} s   ({len(times)} moves)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cpython", action="store_true", help="skip the CPython comparison")
    ap.add_argument("--timeout", type=float, default=900, help="seconds to wait for the page")
    ap.add_argument("--json", default=None, metavar="FILE")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright  # type: ignore[import-not-found, unused-ignore]

    pyodide_dir = find_pyodide()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        (site / "index.html").write_text(PAGE)
        (site / "bench.py").write_text(BENCH_CODE)
        (site / "cambria.zip").write_bytes(package_zip())
        os.symlink(pyodide_dir, site / "pyodide")

        class Quiet(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".mjs": "text/javascript", ".wasm": "application/wasm"}

            def log_message(self, *a: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=tmp))
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/index.html?n={args.positions}&seed={args.seed}"
            with sync_playwright() as p:
                kw = {"executable_path": CHROMIUM} if Path(CHROMIUM).exists() else {}
                browser = p.chromium.launch(args=CHROMIUM_ARGS, **kw)
                page = browser.new_page()
                page.goto(url)
                page.wait_for_function("window.benchResult !== undefined || window.benchError !== undefined",
                                       timeout=args.timeout * 1000, polling=500)
                err = page.evaluate("window.benchError")
                if err:
                    print(f"the benchmark page failed: {err}", file=sys.stderr)
                    return 1
                browser_res = json.loads(page.evaluate("window.benchResult"))
                browser.close()
        finally:
            server.shutdown()

    print(f"Pyodide ({pyodide_dir.name}) in headless Chromium, {browser_res['positions']} positions "
          f"(seed {args.seed}; phases: " + ", ".join(
              f"{ph} {browser_res['phases'].count(ph)}" for ph in sorted(set(browser_res["phases"]))) + ")")
    ok = True
    for level in ("hard", "normal"):
        t = browser_res[level]
        verdict = "ok" if max(t) <= TARGETS[level] else "OVER TARGET"
        ok = ok and max(t) <= TARGETS[level]
        print(f"  {level:7} {summary(t)}   target <= {TARGETS[level]} s: {verdict}")
    out = {"browser": browser_res}
    if not args.no_cpython:
        ns: dict[str, object] = {}
        exec(BENCH_CODE, ns)
        cpy = json.loads(ns["run"](args.positions, args.seed))  # type: ignore[operator]
        out["cpython"] = cpy
        print("CPython " + sys.version.split()[0] + " on the same positions")
        for level in ("hard", "normal"):
            t = cpy[level]
            ratio = statistics.median(browser_res[level]) / max(1e-9, statistics.median(t))
            print(f"  {level:7} {summary(t)}   browser/CPython median ratio {ratio:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
