"""Assembling dist/: the steps in order, the files the site ships, the build id, the service
worker's precache list and build.json.

The site ships only what a visit requests: Pyodide's loader, its runtime and wasm, the slim
pre-compiled standard library, the engine archive and the memory snapshot (with the snapshot,
only the standard library's modules and the engine's data files it has not loaded yet: the
whole of both is fetched only if the snapshot fails).  Each big file is
shipped gzipped (the worker decompresses it), with an uncompressed copy for browsers that
cannot decompress (the snapshot has none: they start Python normally); every file worth it
gets a precompressed brotli sibling for hosts that serve those (compress.py).  The build id
is a hash of the content of everything shipped, so the same commit gives the same id and the
same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from . import page as pagemod
from .bytecode import engine_archive, engine_data, full_stdlib
from .compress import SUFFIX as BROTLI_SUFFIX
from .compress import add_brotli_siblings, content_of, gzipped
from .headers import FILE as HEADERS_FILE
from .headers import write_headers_file
from .common import (CACHE, DIST, ENGINE_MODULE, PACKAGE, PYODIDE_DIR, PYODIDE_INTEGRITY, PYODIDE_VERSION, WEB,
                     BuildError, in_ci, log, prune_cache, set_quiet, sha256_file, warn)
from .pyodide_npm import fetch_pyodide, lock_info
from .snapshot import memory_snapshot
from .stdlib import needed_modules, record_imports, slim_stdlib

# Set CAMBRIA_SNAPSHOT=0 to build without the memory snapshot (the worker then always starts
# Python normally).
SNAPSHOT_ENABLED = os.environ.get("CAMBRIA_SNAPSHOT", "1") != "0"
# Files of dist/ the service worker does not precache: itself, the build's description and the
# host's headers file (and the brotli siblings, which are another encoding of a file, not a URL
# the site asks for).
PRECACHE_SKIP = frozenset({"sw.js", "build.json", HEADERS_FILE})
# Pyodide's files the page loads compressed, with their uncompressed copies for browsers
# without DecompressionStream (the service worker precaches one of each pair).  The standard
# library and engine zips come in such pairs too (their entries are stored uncompressed: the
# whole zip compresses better than each entry on its own, most of all with brotli).
COMPRESSED = ("pyodide.asm.mjs", "pyodide.asm.wasm")
# What the service worker says, in the player's language, when neither its cache nor the
# network can give the page (web/i18n/*.js).
SW_MESSAGES = ("app.title", "loading.brokenOffline", "loading.reload")
VERSIONED_RE = re.compile(r"""["']([\w./-]+)\?v=([0-9a-f]{12})["']""")


class Timer:
    """How long each build step took (printed at the end and written to build.json)."""

    def __init__(self) -> None:
        self.steps: dict[str, float] = {}

    def step(self, name: str) -> "_Step":
        return _Step(self, name)


class _Step:
    def __init__(self, timer: Timer, name: str) -> None:
        self.timer, self.name = timer, name

    def __enter__(self) -> None:
        self.t0 = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        self.timer.steps[self.name] = round(time.perf_counter() - self.t0, 3)


def web_files(web: Path = WEB) -> list[Path]:
    return sorted(p for p in web.rglob("*")
                  if p.is_file() and not any(part.startswith(".") for part in p.relative_to(web).parts))


def precache_list(staging: Path) -> dict[str, str]:
    """Every file the service worker may precache (path relative to the site) -> the first 16
    hex digits of the SHA-256 of its content (the worker checks each file against it)."""
    return {
        p.relative_to(staging).as_posix(): sha256_file(p)[:16]
        for p in sorted(staging.rglob("*"))
        if p.is_file() and p.relative_to(staging).as_posix() not in PRECACHE_SKIP and p.suffix != BROTLI_SUFFIX
    }


def _asset(staging: Path, url: str, plain: str | None = None, raw: bytes | None = None) -> dict[str, Any]:
    """What the worker needs to fetch and check one file: its URL, the size and SHA-256 of the
    stored file and of its content (``raw``: the decompressed content when ``url`` is gzip)."""
    stored = (staging / url).read_bytes()
    content = raw if raw is not None else stored
    asset: dict[str, Any] = {"url": url, "size": len(stored), "sha256": hashlib.sha256(stored).hexdigest(),
                             "rawSize": len(content), "rawSha256": hashlib.sha256(content).hexdigest(),
                             "gzip": raw is not None}
    if plain:
        asset["plain"] = plain
    return asset


def build(dist: Path = DIST, snapshot: bool | None = None, quiet: bool = False, *, web: Path = WEB,
          package: Path = PACKAGE, cache: Path = CACHE, fresh_snapshot: bool = False) -> dict[str, Any]:
    """Build the site into ``dist`` and return the build manifest (also written to build.json).

    ``fresh_snapshot`` takes the memory snapshot again even if the cache has one for these
    inputs (the reproducibility test does, to compare).
    """
    saved = set_quiet(quiet)
    try:
        return _build(dist, SNAPSHOT_ENABLED if snapshot is None else snapshot, web, package, cache, fresh_snapshot)
    finally:
        set_quiet(saved)


def _build(dist: Path, want_snapshot: bool, web: Path, package: Path, cache: Path, fresh: bool) -> dict[str, Any]:
    timer = Timer()
    t0 = time.perf_counter()
    if not (web / "index.html").is_file():
        raise BuildError(f"{web / 'index.html'} is missing")
    if not (package / "__init__.py").is_file():
        raise BuildError(f"{package} is not a package (no __init__.py)")
    cache.mkdir(parents=True, exist_ok=True)

    with timer.step("pyodide (npm pack + sha512 check)"):
        pyodide_dir = fetch_pyodide(cache)
    info = lock_info(pyodide_dir)
    with timer.step("stdlib byte-compile"):
        full = full_stdlib(pyodide_dir, cache)
    with timer.step("engine archive"):
        engine = engine_archive(pyodide_dir, full, package, cache)
    with timer.step("slim stdlib"):
        recorded = record_imports(pyodide_dir, full, engine, package, cache)
        needed = needed_modules(recorded, package.name)
        stdlib = slim_stdlib(full, needed, cache)
    snap = lazy = lazy_engine = None
    in_snapshot: list[str] = []
    if want_snapshot:
        with timer.step("memory snapshot"):
            try:
                snap, in_snapshot = memory_snapshot(pyodide_dir, stdlib, engine, cache, reuse=not fresh)
                # what a start from the snapshot may still import
                lazy = slim_stdlib(full, needed - set(in_snapshot), cache)
                lazy_engine = engine_data(engine, cache)
            except BuildError as exc:
                if in_ci():
                    raise BuildError(f"the memory snapshot failed (in CI that fails the build): {exc}") from exc
                warn(f"no memory snapshot (the site will start slower): {exc}")
    with timer.step("compress"):
        packed = {name: gzipped(pyodide_dir / name, cache) for name in COMPRESSED}
        zips = {"stdlib": stdlib, "engine": engine,
                **({"lazy": lazy} if lazy else {}), **({"lazy_engine": lazy_engine} if lazy_engine else {})}
        packed_zips = {what: gzipped(path, cache) for what, path in zips.items()}

    with timer.step("pages"):
        shipped: dict[str, Path] = {f"{PYODIDE_DIR}/pyodide.mjs": pyodide_dir / "pyodide.mjs"}
        for name in COMPRESSED:
            shipped[f"{PYODIDE_DIR}/{name}"] = pyodide_dir / name
            shipped[f"{PYODIDE_DIR}/{name}.gz"] = packed[name]
        stdlib_name = f"{PYODIDE_DIR}/python_stdlib_pyc-{sha256_file(stdlib)[:12]}.zip"
        lazy_name = f"{PYODIDE_DIR}/python_stdlib_pyc-{sha256_file(lazy)[:12]}.zip" if lazy else None
        engine_name = f"engine/cambria-{sha256_file(engine)[:12]}.zip"
        lazy_engine_name = f"engine/cambria-data-{sha256_file(lazy_engine)[:12]}.zip" if lazy_engine else None
        snap_name = f"engine/snapshot-{sha256_file(snap)[:12]}.bin.gz" if snap else None
        shipped[stdlib_name] = stdlib
        shipped[engine_name] = engine
        if snap and snap_name and lazy and lazy_name and lazy_engine and lazy_engine_name:
            shipped[snap_name] = snap
            shipped[lazy_name] = lazy
            shipped[lazy_engine_name] = lazy_engine
        for what, name in (("stdlib", stdlib_name), ("engine", engine_name), ("lazy", lazy_name),
                           ("lazy_engine", lazy_engine_name)):
            if what in packed_zips and name in shipped:
                shipped[f"{name}.gz"] = packed_zips[what]

        texts: dict[str, str] = {}
        for path in web_files(web):
            rel = path.relative_to(web).as_posix()
            if rel == "index.html":
                texts[rel] = pagemod.add_module_preloads(pagemod.render_boards(path.read_text(encoding="utf-8")), web)
            elif rel in ("worker.js", "bridge.js", "sw.js"):
                texts[rel] = path.read_text(encoding="utf-8")
            else:
                shipped[rel] = path
        for name in ("worker.js", "bridge.js", "sw.js"):
            if name not in texts:
                raise BuildError(f"web/{name} is needed")

        # The build id: a hash of everything shipped, before the id is written into it.
        digest = hashlib.sha256(PYODIDE_INTEGRITY.encode() + b"\0" + ENGINE_MODULE.encode() + b"\0")
        for rel in sorted(set(texts) | set(shipped)):
            digest.update(rel.encode() + b"\0")
            digest.update(hashlib.sha256(texts[rel].encode() if rel in texts else shipped[rel].read_bytes()).digest())
        build_id = digest.hexdigest()[:12]

        texts["bridge.js"] = texts["bridge.js"].replace(pagemod.JS_BUILD_MARK, build_id)
        texts["index.html"] = pagemod.add_csp(texts["index.html"].replace(pagemod.BUILD_MARK, build_id))

    with timer.step("write dist"):
        dist.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
        try:
            for rel, src in shipped.items():
                out = staging / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, out)
            config = worker_config(staging, build_id, info, stdlib_name, engine_name, snap_name, lazy_name,
                                   lazy_engine_name, pyodide_dir)
            if not pagemod.CONFIG_RE.search(texts["worker.js"]):
                raise BuildError("web/worker.js lacks its /*CAMBRIA:CONFIG*/.../*END*/ placeholder")
            texts["worker.js"] = pagemod.CONFIG_RE.sub(lambda m: json.dumps(config, sort_keys=True),
                                                       texts["worker.js"], count=1)
            for rel, text in texts.items():
                if rel != "sw.js":
                    (staging / rel).parent.mkdir(parents=True, exist_ok=True)
                    (staging / rel).write_text(text, encoding="utf-8")
            # written last: it lists every other file with its hash
            precache = precache_list(staging)
            assets = config["assets"].values()
            # with a snapshot, the whole standard library and engine are fetched only if the snapshot fails
            on_demand = [config["assets"]["stdlib"]["url"], stdlib_name,
                         config["assets"]["engine"]["url"], engine_name] if snap_name else []
            sw = sw_config(build_id, precache, texts["index.html"], web, on_demand, staging,
                           # (the plain runtime not: Pyodide imports it by URL if importing from memory fails)
                           sorted({a["url"] for a in assets} | {a["plain"] for a in assets if "plain" in a}
                                  - {config["assets"]["runtime"]["plain"]}),
                           {a["url"]: a["plain"] for a in assets if "plain" in a})
            if not pagemod.SW_RE.search(texts["sw.js"]):
                raise BuildError("web/sw.js lacks its /*CAMBRIA:SW*/.../*END*/ placeholder")
            (staging / "sw.js").write_text(pagemod.SW_RE.sub(lambda m: json.dumps(sw, sort_keys=True, indent=1),
                                                             texts["sw.js"], count=1), encoding="utf-8")
            with timer.step("brotli"):
                add_brotli_siblings(staging, cache)
            # for the host, not the browser: no brotli sibling, not precached
            write_headers_file(staging, texts["index.html"])
            manifest = {
                "build": build_id,
                "pyodide": PYODIDE_VERSION,
                "python": info["python"],
                "cambria": _cambria_version(package),
                "module": ENGINE_MODULE,
                "assets": {"stdlib": stdlib_name, "engine": engine_name, "snapshot": snap_name,
                           "snapshot_stdlib": lazy_name, "snapshot_engine": lazy_engine_name,
                           "wasm": config["assets"]["wasm"]["url"], "runtime": config["assets"]["runtime"]["url"]},
                # what the worker downloads (the compressed forms; "assets" names the content)
                "downloads": {k: a["url"] for k, a in sorted(config["assets"].items())},
                "stdlib_modules": sorted(needed),
                "snapshot_modules": in_snapshot if snap else [],
                "files": {p.relative_to(staging).as_posix(): p.stat().st_size
                          for p in sorted(staging.rglob("*")) if p.is_file()},
                "offline": {"cache": f"cambria-{build_id}", "precache": sorted(precache)},
            }
            (staging / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
            staging.chmod(0o755)
            old = None
            if dist.exists():
                old = dist.with_name(f".dist-old-{os.getpid()}")
                os.replace(dist, old)
            os.replace(staging, dist)
            if old:
                shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    prune_cache(cache)
    timer.steps["total"] = round(time.perf_counter() - t0, 3)
    manifest["timings"] = timer.steps  # not in build.json: timings differ between builds
    size = sum(manifest["files"].values())
    log(f"built {dist} (build {build_id}, {len(manifest['files'])} files, {size / 1e6:.1f} MB)")
    log("timings: " + ", ".join(f"{k} {v:.2f}s" for k, v in timer.steps.items()))
    return manifest


def worker_config(staging: Path, build_id: str, info: dict[str, Any], stdlib_name: str, engine_name: str,
                  snap_name: str | None, lazy_name: str | None, lazy_engine_name: str | None,
                  pyodide_dir: Path) -> dict[str, Any]:
    """What web/worker.js and web/engine-load.js need: the module to call and every asset with
    its sizes and hash (the worker checks each download; the progress bar counts the bytes)."""
    assets = {
        "runtime": _asset(staging, f"{PYODIDE_DIR}/pyodide.asm.mjs.gz", f"{PYODIDE_DIR}/pyodide.asm.mjs",
                          raw=(pyodide_dir / "pyodide.asm.mjs").read_bytes()),
        "wasm": _asset(staging, f"{PYODIDE_DIR}/pyodide.asm.wasm.gz", f"{PYODIDE_DIR}/pyodide.asm.wasm",
                       raw=(pyodide_dir / "pyodide.asm.wasm").read_bytes()),
        "stdlib": _asset(staging, f"{stdlib_name}.gz", stdlib_name, raw=(staging / stdlib_name).read_bytes()),
        "engine": _asset(staging, f"{engine_name}.gz", engine_name, raw=(staging / engine_name).read_bytes()),
    }
    if snap_name and lazy_name and lazy_engine_name:
        assets["snapshot"] = _asset(staging, snap_name, raw=gzip.decompress((staging / snap_name).read_bytes()))
        assets["snapshotStdlib"] = _asset(staging, f"{lazy_name}.gz", lazy_name, raw=(staging / lazy_name).read_bytes())
        assets["snapshotEngine"] = _asset(staging, f"{lazy_engine_name}.gz", lazy_engine_name,
                                          raw=(staging / lazy_engine_name).read_bytes())
    return {"build": build_id, "base": "./", "pyodide": f"{PYODIDE_DIR}/", "module": ENGINE_MODULE,
            "lockInfo": info, "assets": assets}


def sw_config(build_id: str, precache: dict[str, str], index_html: str, web: Path, on_demand: list[str],
              staging: Path, checked_by_worker: list[str], pairs: dict[str, str]) -> dict[str, Any]:
    """What web/sw.js needs: the files with their hashes (and, for the gzipped ones, the hash of
    their content: a host may send them with Content-Encoding, gzip or their brotli sibling,
    which holds the content, and the browser decompresses),
    which of them come in pairs (compressed, plain), which are cached only once asked for, which
    the engine's worker checks itself, the URLs under which the page asks for some (with
    ?v=<build>, so that precaching finds them in the browser's HTTP cache) and its few
    sentences."""
    versioned = sorted({m.group(1).lstrip("./") for m in VERSIONED_RE.finditer(index_html)
                        if m.group(2) == build_id and m.group(1).lstrip("./") in precache})
    decoded = {path: hashlib.sha256(content_of(staging / path)).hexdigest()[:16]
               for path in precache if path.endswith(".gz")}
    return {"build": build_id, "files": precache, "decoded": decoded, "pairs": pairs, "versioned": versioned,
            "onDemand": on_demand, "checkedByWorker": checked_by_worker,
            "messages": pagemod.catalog_messages(SW_MESSAGES, web)}


def _cambria_version(package: Path) -> str:
    init = (package / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", init, re.M)
    return m.group(1) if m else "unknown"


# ------------------------------------------------------------------ for the tests

_ENSURED: dict[str, Any] | None = None
_PRIVATE: tuple[Path, dict[str, Any]] | None = None


def ensure_built(dist: Path = DIST) -> dict[str, Any]:
    """Build dist/ once per process (tests call this); trust an existing build when
    CAMBRIA_DIST_FRESH=1, which `build.py test` sets after building."""
    global _ENSURED
    if _ENSURED is None:
        manifest = dist / "build.json"
        if os.environ.get("CAMBRIA_DIST_FRESH") == "1" and manifest.exists():
            _ENSURED = json.loads(manifest.read_text())
        else:
            _ENSURED = build(dist, quiet=True)
    return _ENSURED


def private_dist() -> tuple[Path, dict[str, Any]]:
    """A copy of the built dist/ for this process only, and its manifest.

    Tests serve this copy, so a build started meanwhile (another shell, `build.py serve`)
    cannot swap files under a running test session.  Removed when the process exits.
    """
    global _PRIVATE, _ENSURED
    if _PRIVATE is None:
        import atexit

        for _attempt in range(5):
            ensure_built()
            copy = Path(tempfile.mkdtemp(prefix="cambria-dist-"))
            atexit.register(shutil.rmtree, copy, True)
            shutil.copytree(DIST, copy, dirs_exist_ok=True)
            manifest = json.loads((copy / "build.json").read_text())
            present = {p.relative_to(copy).as_posix(): p.stat().st_size
                       for p in copy.rglob("*") if p.is_file() and p.name != "build.json"}
            if present == {k: v for k, v in manifest["files"].items() if k != "build.json"}:
                _PRIVATE = (copy, manifest)
                break
            _ENSURED = None  # dist/ changed while copying: take the new one
            os.environ.pop("CAMBRIA_DIST_FRESH", None)
        else:
            raise BuildError("dist/ keeps changing while the tests copy it")
    return _PRIVATE
