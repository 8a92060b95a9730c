#!/usr/bin/env python3
"""Build, serve and test the Cambria static site.

    python3 build.py [--no-snapshot]       build dist/
    python3 build.py serve [--port N]      build, then serve dist/ on localhost (default port 8000)
    python3 build.py test [pytest args]    set up .venv, Chromium and Node if missing, build, run pytest

Standard library only.  What a build does:

1. Takes Pyodide PYODIDE_VERSION from npm (``npm pack``) into .cache/, checks the tarball
   against the sha512 pinned below and refuses it on any mismatch.
2. Runs that same Pyodide under Node to byte-compile its standard library (unchecked
   hash-based .pyc, so the browser never compiles the stdlib from source) and the
   ``cambria`` package, which ships as one zip archive.  Results are cached in .cache/.
3. Runs Pyodide under Node once more with ``cambria.webapi`` imported and saves a memory
   snapshot (gzip); the worker tries it first and falls back to a normal load.
4. Copies web/, draws the starting boards into index.html with ``cambria.svg`` and writes a
   build id (a content hash) into the page and into build.json.
5. Writes into the service worker (sw.js) the build id and every file the site needs with the
   SHA-256 of its content: the worker precaches them in a cache of that build, so the site
   installs and starts with no network, and a new build replaces the old cache.

Every URL the site uses is relative, so dist/ works from any sub-path of any static host.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import hmac
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "cambria"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
# `npm view pyodide@314.0.7 dist.integrity`
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# The files of the npm package that the site needs at run time.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"  # folder inside dist/

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # reproducible archives

# Set CAMBRIA_SNAPSHOT=0 to build without the memory snapshot (the worker then always loads normally).
SNAPSHOT_ENABLED = os.environ.get("CAMBRIA_SNAPSHOT", "1") != "0"


class BuildError(Exception):
    """A build step failed; the message says which and why."""


class IntegrityError(BuildError):
    """A downloaded file does not match its pinned hash."""


QUIET = False


def log(message: str) -> None:
    if not QUIET:
        print(f"build: {message}", flush=True)


class Timer:
    """Collects how long each build step took (printed at the end and written to build.json)."""

    def __init__(self) -> None:
        self.steps: dict[str, float] = {}

    def step(self, name: str):
        timer = self

        class _Step:
            def __enter__(self):
                self.t0 = time.perf_counter()

            def __exit__(self, *exc):
                timer.steps[name] = round(time.perf_counter() - self.t0, 3)

        return _Step()


# ---------------------------------------------------------------------------------------------
# Integrity
# ---------------------------------------------------------------------------------------------

def check_integrity(data: bytes, integrity: str) -> None:
    """Raise IntegrityError unless ``data`` matches a Subresource-Integrity string (``sha512-<base64>``)."""
    algorithm, sep, expected_b64 = integrity.partition("-")
    if not sep or algorithm not in ("sha512", "sha384", "sha256"):
        raise IntegrityError(f"unsupported integrity string {integrity!r}")
    try:
        expected = base64.b64decode(expected_b64, validate=True)
    except ValueError as exc:
        raise IntegrityError(f"malformed integrity string {integrity!r}") from exc
    actual = hashlib.new(algorithm, data).digest()
    if not hmac.compare_digest(actual, expected):
        got = f"{algorithm}-{base64.b64encode(actual).decode()}"
        raise IntegrityError(f"integrity check failed: expected {integrity}, got {got}")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------------------------------------
# Pyodide from npm
# ---------------------------------------------------------------------------------------------

def pyodide_cache() -> Path:
    return CACHE / f"pyodide-{PYODIDE_VERSION}"


def _need_tool(name: str, hint: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BuildError(f"`{name}` is not installed; {hint}")
    return found


def safe_extract(tgz: Path, dest: Path) -> None:
    """Extract a tarball refusing absolute paths, '..', links and devices."""
    with tarfile.open(tgz, "r:gz") as tar:
        for member in tar.getmembers():
            name = Path(member.name)
            if name.is_absolute() or ".." in name.parts:
                raise BuildError(f"refusing unsafe path in {tgz.name}: {member.name}")
            if not (member.isfile() or member.isdir()):
                raise BuildError(f"refusing non-regular entry in {tgz.name}: {member.name}")
        if hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
        else:  # pragma: no cover - Python without PEP 706 backports
            tar.extractall(dest)


def fetch_pyodide() -> Path:
    """Return the folder of the verified, extracted Pyodide npm package (cached in .cache/)."""
    cache = pyodide_cache()
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    package = cache / "package"
    stamp = cache / "package.verified"
    cache.mkdir(parents=True, exist_ok=True)
    if not tgz.exists():
        npm = _need_tool("npm", "install Node.js 18+ with npm (`python3 build.py test` installs Debian's)")
        log(f"fetching pyodide@{PYODIDE_VERSION} with npm pack")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            proc = subprocess.run(
                [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--json", "--pack-destination", tmp],
                cwd=tmp, capture_output=True, text=True,
            )
            if proc.returncode != 0:
                raise BuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed:\n{proc.stderr.strip()}")
            packed = list(Path(tmp).glob("*.tgz"))
            if len(packed) != 1:
                raise BuildError(f"npm pack produced {len(packed)} tarballs, expected one")
            check_integrity(packed[0].read_bytes(), PYODIDE_INTEGRITY)
            os.replace(packed[0], tgz)
    # Checked on every build: cheap, and a corrupted or replaced cache is refused too.
    check_integrity(tgz.read_bytes(), PYODIDE_INTEGRITY)
    if not (stamp.exists() and stamp.read_text() == PYODIDE_INTEGRITY and package.is_dir()):
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            safe_extract(tgz, Path(tmp))
            if package.exists():
                shutil.rmtree(package)
            os.replace(Path(tmp) / "package", package)
        stamp.write_text(PYODIDE_INTEGRITY)
    missing = [f for f in PYODIDE_FILES if not (package / f).is_file()]
    if missing:
        raise BuildError(f"the pyodide package lacks {', '.join(missing)}")
    return package


def lock_info(pyodide_dir: Path) -> dict:
    """The ``info`` of Pyodide's lock file: with no packages it is a complete, minimal lock file."""
    return json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"]


# ---------------------------------------------------------------------------------------------
# Running Pyodide under Node at build time
# ---------------------------------------------------------------------------------------------

NODE_RUNNER = r"""
// Written by build.py: runs Pyodide under Node for build steps.
//   node runner.mjs <pyodide dir> compile <work dir> <script.py> [stdlib zip]
//   node runner.mjs <pyodide dir> snapshot <engine zip> <stdlib zip> <out file> <prelude.py>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [indexDir, mode, ...rest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const info = JSON.parse(readFileSync(path.join(indexDir, "pyodide-lock.json"), "utf8")).info;
const options = {
  indexURL: indexDir + path.sep,
  lockFileContents: JSON.stringify({ info, packages: {} }),
  stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
};
if (mode === "compile") {
  const [workDir, script, stdlib] = rest;
  if (stdlib) options.stdLibURL = stdlib;
  const pyodide = await loadPyodide(options);
  pyodide.mountNodeFS("/work", workDir);
  pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
} else if (mode === "snapshot") {
  const [engineZip, stdlib, outFile, prelude] = rest;
  const pyodide = await loadPyodide({ ...options, stdLibURL: stdlib, _makeSnapshot: true });
  pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip");
  pyodide.runPython(readFileSync(prelude, "utf8"));
  writeFileSync(outFile, pyodide.makeMemorySnapshot());
} else {
  throw new Error("unknown mode " + mode);
}
"""

COMPILE_SCRIPT = r'''
# Runs inside Pyodide (build time, under Node): byte-compiles Python sources with this exact
# interpreter into unchecked hash-based .pyc files.  Jobs come from /work/jobs.json.
import importlib._bootstrap_external as _be
import importlib.util
import json
import sys
import zipfile

STAMP = (1980, 1, 1, 0, 0, 0)

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_be._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def entry(name):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info

for job in json.load(open("/work/jobs.json")):
    with zipfile.ZipFile(job["src"]) as zin, zipfile.ZipFile(job["dst"], "w", compresslevel=9) as zout:
        for item in sorted(zin.infolist(), key=lambda i: i.filename):
            data = zin.read(item)
            name = item.filename
            if item.is_dir():
                continue
            if not name.endswith(".py"):
                zout.writestr(entry(name), data)
                continue
            code = pyc(data, job["filename_prefix"] + name)
            if job["layout"] == "zipimport":
                # zipimport looks for mod.pyc next to where mod.py would be; the source is left out.
                zout.writestr(entry(name[:-3] + ".pyc"), code)
            else:
                # A normal package directory: keep the source, add __pycache__/mod.<tag>.pyc.
                zout.writestr(entry(name), data)
                folder, _, base = name.rpartition("/")
                cached = f"__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
                zout.writestr(entry(f"{folder}/{cached}" if folder else cached), code)
    print(f"compiled {job['src']} -> {job['dst']}")
'''

SNAPSHOT_PRELUDE = r'''
import cambria.webapi
'''

# Bump when the compile or snapshot logic changes: the cache keys include it.
TOOLING_VERSION = "1"


def _tooling_key(*parts: str) -> str:
    h = hashlib.sha256()
    for part in (TOOLING_VERSION, PYODIDE_VERSION, PYODIDE_INTEGRITY, NODE_RUNNER, *parts):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def _node_runner() -> Path:
    runner = CACHE / "node" / f"runner-{_tooling_key()}.mjs"
    if not _cached(runner):
        runner.parent.mkdir(parents=True, exist_ok=True)
        tmp = runner.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(NODE_RUNNER)
        os.replace(tmp, runner)
    return runner


def _run_node(args: list[str], what: str) -> None:
    node = _need_tool("node", "install Node.js 18+ (`python3 build.py test` installs Debian's)")
    proc = subprocess.run([node, str(_node_runner()), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        # Node echoes the (minified, megabyte-long) source line of an error: keep output readable.
        lines = [line if len(line) < 300 else line[:300] + " ..." for line in
                 (proc.stdout + proc.stderr).splitlines() if line.strip()]
        raise BuildError(f"{what} failed (node exit {proc.returncode}):\n" + "\n".join(lines[-30:]))


def compile_zips(pyodide_dir: Path, jobs: list[dict], stdlib: Path | None = None) -> None:
    """Byte-compile the .py files of zip archives with Pyodide's own interpreter (under Node).

    Each job: {"src": zip path, "dst": zip path, "layout": "zipimport" | "package",
    "filename_prefix": path the modules will have at run time}.  Paths must lie in one folder.
    """
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        work = Path(tmp)
        inner = []
        for i, job in enumerate(jobs):
            shutil.copyfile(job["src"], work / f"in-{i}.zip")
            inner.append(dict(job, src=f"/work/in-{i}.zip", dst=f"/work/out-{i}.zip"))
        (work / "jobs.json").write_text(json.dumps(inner))
        script = work / "compile.py"
        script.write_text(COMPILE_SCRIPT)
        _run_node([str(pyodide_dir), "compile", str(work), str(script), *([str(stdlib)] if stdlib else [])],
                  "byte-compiling with Pyodide")
        for i, job in enumerate(jobs):
            tmp_dst = Path(f"{job['dst']}.{os.getpid()}.tmp")
            shutil.copyfile(work / f"out-{i}.zip", tmp_dst)
            os.replace(tmp_dst, job["dst"])


def precompiled_stdlib(pyodide_dir: Path) -> Path:
    """python_stdlib.zip with every module as an unchecked hash-based .pyc (cached per Pyodide version)."""
    key = _tooling_key(COMPILE_SCRIPT)
    out = pyodide_cache() / f"python_stdlib_pyc-{key}.zip"
    if not _cached(out):
        log("byte-compiling the standard library with Pyodide under Node")
        pyver = "python" + "".join(lock_info(pyodide_dir)["python"].split(".")[:2])
        compile_zips(pyodide_dir, [{
            "src": str(pyodide_dir / "python_stdlib.zip"), "dst": str(out),
            "layout": "zipimport", "filename_prefix": f"/lib/{pyver}.zip/",
        }])
    return out


# ---------------------------------------------------------------------------------------------
# The cambria package as one archive
# ---------------------------------------------------------------------------------------------

def package_files(package_dir: Path = PACKAGE) -> list[Path]:
    """Every file of the engine that ships: all modules and the maps."""
    files = [p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts]
    files += [p for p in package_dir.rglob("*.json") if "__pycache__" not in p.parts]
    return sorted(files)


def source_archive(package_dir: Path = PACKAGE) -> bytes:
    """A reproducible zip of the engine's sources, paths starting with ``cambria/``."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in package_files(package_dir):
            info = zipfile.ZipInfo(path.relative_to(package_dir.parent).as_posix(), FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    return buf.getvalue()


def engine_archive(pyodide_dir: Path, stdlib: Path, package_dir: Path = PACKAGE) -> Path:
    """The cambria package, sources plus .pyc made by Pyodide, as one zip (cached by content)."""
    sources = source_archive(package_dir)
    key = hashlib.sha256(sources).hexdigest()[:16] + "-" + _tooling_key(COMPILE_SCRIPT)[:8]
    out = CACHE / "engine" / f"cambria-{key}.zip"
    if not _cached(out):
        out.parent.mkdir(parents=True, exist_ok=True)
        log("byte-compiling the cambria package with Pyodide under Node")
        src = out.with_suffix(f".src.{os.getpid()}.zip")
        src.write_bytes(sources)
        try:
            site = "/lib/python" + ".".join(lock_info(pyodide_dir)["python"].split(".")[:2]) + "/site-packages/"
            compile_zips(pyodide_dir, [{"src": str(src), "dst": str(out), "layout": "package",
                                        "filename_prefix": site}], stdlib=stdlib)
        finally:
            src.unlink(missing_ok=True)
    return out


def memory_snapshot(pyodide_dir: Path, stdlib: Path, engine: Path) -> Path:
    """A gzipped Pyodide memory snapshot taken after ``import cambria.webapi`` (cached by inputs)."""
    key = _tooling_key(SNAPSHOT_PRELUDE, "CSN1-4096", sha256_file(stdlib), sha256_file(engine))
    out = CACHE / "snapshot" / f"snapshot-{key}.bin.gz"
    if not _cached(out):
        out.parent.mkdir(parents=True, exist_ok=True)
        log("taking a Pyodide memory snapshot with cambria.webapi imported")
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            raw = Path(tmp) / "snapshot.bin"
            prelude = Path(tmp) / "prelude.py"
            prelude.write_text(SNAPSHOT_PRELUDE)
            _run_node([str(pyodide_dir), "snapshot", str(engine), str(stdlib), str(raw), str(prelude)],
                      "taking the memory snapshot")
            tmp_out = Path(tmp) / "snapshot.bin.gz"
            with open(tmp_out, "wb") as fout:
                # mtime=0: reproducible.  Level 6: nearly as small as 9, much faster.
                with gzip.GzipFile(filename="", mode="wb", fileobj=fout, compresslevel=6, mtime=0) as gz:
                    gz.write(sparse_encode(raw.read_bytes()))
            os.replace(tmp_out, out)
    return out


SPARSE_MAGIC = b"CSN1"
SPARSE_PAGE = 4096


def sparse_encode(data: bytes, page: int = SPARSE_PAGE) -> bytes:
    """Drop the all-zero pages of a memory snapshot (about 60% of it): the browser then has
    less to decompress.  Layout, little-endian: b"CSN1", u32 size, u32 page size, u32 count,
    count x u32 page index, then the pages kept (the last one may be short).  web/worker.js
    expands it back."""
    import struct

    zero = bytes(page)
    kept = [i for i in range((len(data) + page - 1) // page)
            if data[i * page:(i + 1) * page] != zero[:len(data[i * page:(i + 1) * page])]]
    header = SPARSE_MAGIC + struct.pack(f"<III{len(kept)}I", len(data), page, len(kept), *kept)
    return header + b"".join(data[i * page:(i + 1) * page] for i in kept)


def sparse_decode(blob: bytes) -> bytes:
    """The inverse of sparse_encode (the worker has its own; this one is for tests)."""
    import struct

    if blob[:4] != SPARSE_MAGIC:
        raise ValueError("not a sparse snapshot")
    size, page, count = struct.unpack_from("<III", blob, 4)
    kept = struct.unpack_from(f"<{count}I", blob, 16)
    out = bytearray(size)
    offset = 16 + 4 * count
    for i in kept:
        n = min(page, size - i * page)
        out[i * page:i * page + n] = blob[offset:offset + n]
        offset += n
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------

BOARD_RE = re.compile(r"<!--CAMBRIA:BOARD:([A-Za-z0-9_-]+)-->")
BUILD_MARK = "<!--CAMBRIA:BUILD-->"
CONFIG_RE = re.compile(r"/\*CAMBRIA:CONFIG\*/.*?/\*END\*/", re.S)
JS_BUILD_MARK = "__CAMBRIA_BUILD__"
SW_RE = re.compile(r"/\*CAMBRIA:SW\*/.*?/\*END\*/", re.S)
# Files of the build the site never requests (the game loads the pre-compiled standard library
# and passes Pyodide its lock file's info inline): the service worker does not precache them.
PRECACHE_SKIP = frozenset({f"{PYODIDE_DIR}/python_stdlib.zip", f"{PYODIDE_DIR}/pyodide-lock.json",
                           "sw.js", "build.json"})


def precache_list(staging: Path) -> dict[str, str]:
    """Every file the service worker precaches (path relative to the site) -> the first 16 hex
    digits of the SHA-256 of its content (the worker checks each download against it)."""
    return {
        p.relative_to(staging).as_posix(): sha256_file(p)[:16]
        for p in sorted(staging.rglob("*"))
        if p.is_file() and p.relative_to(staging).as_posix() not in PRECACHE_SKIP
    }


def render_boards(html: str) -> str:
    """Replace each board placeholder with the SVG that cambria.svg draws for that map."""
    ids = BOARD_RE.findall(html)
    if not ids:
        return html
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        from cambria.games.cambria.board import load_board
        from cambria.games.cambria.svg import board_svg
    except ImportError as exc:
        raise BuildError(f"cannot draw the boards for index.html: {exc} "
                         "(cambria.board.load_board and cambria.svg.board_svg are needed)") from exc
    cache: dict[str, str] = {}

    def draw(match: re.Match) -> str:
        map_id = match.group(1)
        if map_id not in cache:
            try:
                cache[map_id] = board_svg(load_board(map_id))
            except Exception as exc:
                raise BuildError(f"drawing board {map_id!r} failed: {type(exc).__name__}: {exc}") from exc
        return cache[map_id]

    return BOARD_RE.sub(draw, html)


def web_files(web_dir: Path = WEB) -> list[Path]:
    return sorted(p for p in web_dir.rglob("*")
                  if p.is_file() and not any(part.startswith(".") for part in p.relative_to(web_dir).parts))


# ---------------------------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------------------------

def build(dist: Path = DIST, snapshot: bool | None = None, quiet: bool = False) -> dict:
    """Build the site into ``dist`` and return the build manifest (also written to build.json)."""
    global QUIET
    saved, QUIET = QUIET, quiet
    try:
        return _build(dist, SNAPSHOT_ENABLED if snapshot is None else snapshot)
    finally:
        QUIET = saved


def _build(dist: Path, snapshot: bool) -> dict:
    timer = Timer()
    t0 = time.perf_counter()
    if not (WEB / "index.html").is_file():
        raise BuildError(f"{WEB / 'index.html'} is missing")
    if not (PACKAGE / "__init__.py").is_file():
        raise BuildError(f"{PACKAGE} is not a package (no __init__.py)")
    CACHE.mkdir(exist_ok=True)

    with timer.step("pyodide (npm pack + sha512 check)"):
        pyodide_dir = fetch_pyodide()
    info = lock_info(pyodide_dir)
    with timer.step("stdlib byte-compile"):
        stdlib = precompiled_stdlib(pyodide_dir)
    with timer.step("engine archive"):
        engine = engine_archive(pyodide_dir, stdlib)
    snap = None
    if snapshot:
        with timer.step("memory snapshot"):
            try:
                snap = memory_snapshot(pyodide_dir, stdlib, engine)
            except BuildError as exc:
                # The snapshot is an optimisation: build without it, loudly.
                print(f"build: WARNING: no memory snapshot: {exc}", file=sys.stderr)

    with timer.step("pages"):
        stdlib_name = f"{PYODIDE_DIR}/python_stdlib_pyc-{sha256_file(stdlib)[:12]}.zip"
        engine_name = f"engine/cambria-{sha256_file(engine)[:12]}.zip"
        snap_name = f"engine/snapshot-{sha256_file(snap)[:12]}.bin.gz" if snap else None

        texts: dict[str, str] = {}
        copies: dict[str, Path] = {}
        for path in web_files(WEB):
            rel = path.relative_to(WEB).as_posix()
            if rel == "index.html":
                texts[rel] = render_boards(path.read_text(encoding="utf-8"))
            elif rel in ("worker.js", "bridge.js", "sw.js"):
                texts[rel] = path.read_text(encoding="utf-8")
            else:
                copies[rel] = path
        if "worker.js" not in texts or "bridge.js" not in texts:
            raise BuildError("web/worker.js and web/bridge.js are needed")

        digest = hashlib.sha256()
        for part in (PYODIDE_INTEGRITY, sha256_file(stdlib), sha256_file(engine), snap_name or ""):
            digest.update(part.encode() + b"\0")
        for rel in sorted(set(texts) | set(copies)):
            digest.update(rel.encode() + b"\0")
            digest.update(texts[rel].encode() if rel in texts else copies[rel].read_bytes())
            digest.update(b"\0")
        build_id = digest.hexdigest()[:12]

        config = {
            "build": build_id,
            "pyodide": f"{PYODIDE_DIR}/",
            "stdlib": stdlib_name,
            "engine": engine_name,
            "snapshot": snap_name,
            "lockInfo": info,
        }
        if not CONFIG_RE.search(texts["worker.js"]):
            raise BuildError("web/worker.js lacks its /*CAMBRIA:CONFIG*/.../*END*/ placeholder")
        texts["worker.js"] = CONFIG_RE.sub(lambda m: json.dumps(config, sort_keys=True), texts["worker.js"], count=1)
        texts["bridge.js"] = texts["bridge.js"].replace(JS_BUILD_MARK, build_id)
        texts["index.html"] = texts["index.html"].replace(BUILD_MARK, build_id)

    with timer.step("write dist"):
        dist.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
        try:
            for rel, text in texts.items():
                out = staging / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(text, encoding="utf-8")
            for rel, src in copies.items():
                out = staging / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, out)
            (staging / PYODIDE_DIR).mkdir()
            for name in PYODIDE_FILES:
                shutil.copyfile(pyodide_dir / name, staging / PYODIDE_DIR / name)
            shutil.copyfile(stdlib, staging / stdlib_name)
            (staging / "engine").mkdir()
            shutil.copyfile(engine, staging / engine_name)
            if snap:
                shutil.copyfile(snap, staging / snap_name)
            precache = {}
            if "sw.js" in texts:  # written last: it lists every other file with its hash
                if not SW_RE.search(texts["sw.js"]):
                    raise BuildError("web/sw.js lacks its /*CAMBRIA:SW*/.../*END*/ placeholder")
                precache = precache_list(staging)
                sw_config = json.dumps({"build": build_id, "files": precache}, sort_keys=True, indent=1)
                (staging / "sw.js").write_text(SW_RE.sub(lambda m: sw_config, texts["sw.js"], count=1),
                                               encoding="utf-8")
            manifest = {
                "build": build_id,
                "pyodide": PYODIDE_VERSION,
                "python": info["python"],
                "cambria": _cambria_version(),
                "assets": {k: v for k, v in config.items() if k not in ("build", "lockInfo")},
                "files": {
                    p.relative_to(staging).as_posix(): p.stat().st_size
                    for p in sorted(staging.rglob("*")) if p.is_file()
                },
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
    prune_cache()
    timer.steps["total"] = round(time.perf_counter() - t0, 3)
    manifest["timings"] = timer.steps
    size = sum(manifest["files"].values())
    log(f"built {dist} (build {build_id}, {len(manifest['files'])} files, {size / 1e6:.1f} MB)")
    log("timings: " + ", ".join(f"{k} {v:.2f}s" for k, v in timer.steps.items()))
    return manifest


_ENSURED: dict | None = None


def ensure_built(dist: Path = DIST) -> dict:
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


_PRIVATE: tuple[Path, dict] | None = None


def private_dist() -> tuple[Path, dict]:
    """A copy of the built dist/ for this process only, and its manifest.

    Tests serve this copy, so a build started meanwhile (another shell, `build.py serve`)
    cannot swap files under a running test session.  Removed when the process exits.
    """
    global _PRIVATE
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
            if present == manifest["files"]:
                _PRIVATE = (copy, manifest)
                break
            global _ENSURED  # dist/ changed while copying: take the new one
            _ENSURED = None
            os.environ.pop("CAMBRIA_DIST_FRESH", None)
        else:
            raise BuildError("dist/ keeps changing while the tests copy it")
    return _PRIVATE


def prune_cache(keep: int = 6) -> None:
    """Keep only the most recently used engine archives, snapshots and compiled stdlibs
    (every change of the sources adds an archive and a snapshot)."""
    for folder, pattern, n in ((CACHE / "engine", "cambria-*.zip", keep),
                               (CACHE / "snapshot", "snapshot-*.bin.gz", keep),
                               (CACHE / "node", "runner-*.mjs", 2),
                               (pyodide_cache(), "python_stdlib_pyc-*.zip", 2)):
        files = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[n:]:
            old.unlink(missing_ok=True)


def _cached(path: Path) -> bool:
    """True if a cached build product exists (and mark it as recently used)."""
    if path.exists():
        os.utime(path)
        return True
    return False


def _cambria_version() -> str:
    init = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", init, re.M)
    return m.group(1) if m else "unknown"


# ---------------------------------------------------------------------------------------------
# Serving
# ---------------------------------------------------------------------------------------------

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder, also under extra URL prefixes (to test sub-path hosting), with the right types."""

    prefixes: tuple[str, ...] = ()
    quiet = False
    extra: dict[str, bytes] = {}
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        candidates = [path] + ["/" + path[len(p):] for p in self.prefixes if path.startswith(p)]
        for path in candidates:
            if path in self.extra:
                import io

                body = self.extra[path]
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()

    def translate_path(self, path: str) -> str:
        for prefix in self.prefixes:
            if path.startswith(prefix):
                path = "/" + path[len(prefix):]
                break
        return super().translate_path(path)

    def guess_type(self, path) -> str:
        suffix = Path(str(path)).suffix.lower()
        return CONTENT_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser went away mid-download (a closed tab; the service worker's precache)
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                prefixes: tuple[str, ...] = (), quiet: bool = False,
                extra: dict[str, bytes] | None = None) -> SiteServer:
    """An HTTP server for ``directory`` (port 0: a free port), also answering under ``prefixes``.

    Each prefix must start and end with '/', e.g. '/some/path/'.  ``extra`` maps URL paths
    (e.g. '/stock.html') to contents served in addition to the folder.  Call serve_forever().
    """
    handler = type("Handler", (SiteHandler,), {"prefixes": tuple(prefixes), "quiet": quiet,
                                               "extra": dict(extra or {})})

    def factory(*args, **kwargs):
        return handler(*args, directory=str(directory), **kwargs)

    return SiteServer((host, port), factory)


def serve(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="build.py serve", description="Build, then serve dist/ on localhost.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build()
    server = make_server(DIST, args.port, args.host)
    host, port = server.server_address[:2]
    print(f"Serving {DIST} at http://{'localhost' if host == '127.0.0.1' else host}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


# ---------------------------------------------------------------------------------------------
# Tests: set everything up on a fresh machine, build, run pytest
# ---------------------------------------------------------------------------------------------

def _test_requirements() -> list[str]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    return list(project.get("optional-dependencies", {}).get("test", []))


class _Apt:
    """Installs Debian packages as root, running `apt-get update` once first."""

    updated = False

    @classmethod
    def install(cls, *packages: str) -> None:
        if not shutil.which("apt-get"):
            raise BuildError(f"cannot install {' '.join(packages)}: no apt-get here; install them by hand")
        prefix = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
        if prefix is None:
            raise BuildError(f"cannot install {' '.join(packages)}: not root and no sudo")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if not cls.updated:
            print("test: apt-get update", flush=True)
            subprocess.run([*prefix, "apt-get", "update"], check=True, env=env)
            cls.updated = True
        print(f"test: apt-get install {' '.join(packages)}", flush=True)
        subprocess.run([*prefix, "apt-get", "install", "-y", "--no-install-recommends", *packages],
                       check=True, env=env)


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """Create .venv if needed and install the pinned test requirements into it."""
    python = venv_python()
    if not python.exists():
        print(f"test: creating {VENV}", flush=True)
        proc = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
        if proc.returncode != 0 or not python.exists():
            shutil.rmtree(VENV, ignore_errors=True)
            _Apt.install("python3-venv")
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    requirements = _test_requirements()
    stamp = VENV / ".cambria-test-requirements"
    wanted = "\n".join(sorted(requirements)) + "\n"
    if not stamp.exists() or stamp.read_text() != wanted:
        print(f"test: installing {' '.join(requirements)}", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", *requirements],
                       check=True)
        stamp.write_text(wanted)
    return python


def ensure_system_tools() -> None:
    missing = []
    if not Path("/usr/bin/chromium").exists():
        missing.append("chromium")
    if not (shutil.which("node") and shutil.which("npm")):
        missing += [p for p, tool in (("nodejs", "node"), ("npm", "npm")) if not shutil.which(tool)]
    if missing:
        _Apt.install(*missing)


def test(argv: list[str]) -> int:
    try:
        ensure_system_tools()
        python = ensure_venv()
        build()
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"test: setup failed: {exc}", file=sys.stderr)
        return 2
    env = dict(os.environ, CAMBRIA_DIST_FRESH="1", PYTHONDONTWRITEBYTECODE="1")
    cmd = [str(python), "-m", "pytest", "-p", "no:cacheprovider", *argv]
    print("test: " + " ".join(cmd[1:]), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


# ---------------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    command = argv[0] if argv else "build"
    try:
        if command in ("build", "--no-snapshot"):
            build(snapshot=False if "--no-snapshot" in argv else None)
            return 0
        if command == "serve":
            return serve(argv[1:])
        if command == "test":
            return test(argv[1:])
        if command in ("-h", "--help", "help"):
            print(__doc__)
            return 0
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    print(f"unknown command {command!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
