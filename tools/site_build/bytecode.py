"""Byte code made by Pyodide itself: the whole standard library once per Pyodide version, and
the engine (the ``cambria`` package) as one zip archive per content.

Python compiling ~200 standard-library modules from source at every start is most of a stock
Pyodide load; unchecked hash-based .pyc files made by the same interpreter skip all of it.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .common import CACHE, FIXED_ZIP_TIME, PACKAGE, cached, log, pyodide_cache, write_stored_zip
from .node_pyodide import run_in_pyodide, script, tooling_key
from .pyodide_npm import python_tag

# Where the worker unpacks the engine (Pyodide's working directory, first on sys.path): the
# byte code names its files there, so that tracebacks point at real files.
ENGINE_HOME = "/home/pyodide/"


def package_files(package_dir: Path = PACKAGE) -> list[Path]:
    """Every file of the engine that ships: all its modules and data files (``*.py`` and
    ``*.json`` anywhere under the package), so that moving modules or maps around needs no
    change here."""
    return sorted(p for p in package_dir.rglob("*")
                  if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts)


def source_archive(package_dir: Path = PACKAGE) -> bytes:
    """A reproducible zip of the engine's sources, paths starting with ``cambria/``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in package_files(package_dir):
            info = zipfile.ZipInfo(path.relative_to(package_dir.parent).as_posix(), FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    return buf.getvalue()


def compile_zips(pyodide_dir: Path, jobs: list[dict[str, Any]], cache: Path, stdlib: Path | None = None) -> None:
    """Byte-compile the .py files of zip archives with Pyodide's own interpreter (under Node).

    Each job: {"src": zip, "dst": zip, "layout": "zipimport" | "package", "prefix": the
    modules' folder at run time, "keep": entry names or None}; see py/compile.py.
    """
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        work = Path(tmp)
        inner = []
        for i, job in enumerate(jobs):
            shutil.copyfile(job["src"], work / f"in-{i}.zip")
            inner.append(dict(job, src=f"/work/in-{i}.zip", dst=f"/work/out-{i}.zip"))
        run_in_pyodide(pyodide_dir, {"stdlib": stdlib, "mount": {"/work": str(work)},
                                     "script": script("compile.py"), "args": {"jobs": inner}},
                       "byte-compiling with Pyodide", cwd=cache)
        for i, job in enumerate(jobs):
            data = (work / f"out-{i}.zip").read_bytes()
            Path(job["dst"]).parent.mkdir(parents=True, exist_ok=True)
            tmp_dst = Path(f"{job['dst']}.{os.getpid()}.tmp")  # parallel builds (the test workers) write their own
            tmp_dst.write_bytes(data)
            tmp_dst.replace(job["dst"])


def full_stdlib(pyodide_dir: Path, cache: Path = CACHE) -> Path:
    """Pyodide's python_stdlib.zip with every module as an unchecked hash-based .pyc (cached
    per Pyodide version).  The site ships a slimmed copy (stdlib.py); this whole one is what
    the build's own Pyodide runs use, and what the slim one is cut from."""
    key = tooling_key(script("compile.py").read_bytes())
    out = pyodide_cache(cache) / f"python_stdlib_pyc-{key}.zip"
    if not cached(out):
        log("byte-compiling the standard library with Pyodide under Node")
        compile_zips(pyodide_dir, [{
            "src": str(pyodide_dir / "python_stdlib.zip"), "dst": str(out), "layout": "zipimport",
            "prefix": f"/lib/python{python_tag(pyodide_dir).replace('.', '')}.zip/", "keep": None,
        }], cache)
    return out


def engine_archive(pyodide_dir: Path, stdlib: Path, package_dir: Path = PACKAGE, cache: Path = CACHE) -> Path:
    """The cambria package, sources plus .pyc made by Pyodide, as one zip (cached by content)."""
    sources = source_archive(package_dir)
    key = hashlib.sha256(sources).hexdigest()[:16] + "-" + tooling_key(script("compile.py").read_bytes())[:8]
    out = cache / "engine" / f"cambria-{key}.zip"
    if not cached(out):
        log("byte-compiling the cambria package with Pyodide under Node")
        out.parent.mkdir(parents=True, exist_ok=True)
        src = out.with_name(out.name + ".src.zip")
        src.write_bytes(sources)
        try:
            compile_zips(pyodide_dir, [{"src": str(src), "dst": str(out), "layout": "package",
                                        "prefix": ENGINE_HOME, "keep": None}], cache, stdlib=stdlib)
        finally:
            src.unlink(missing_ok=True)
    return out


def engine_data(engine: Path, cache: Path = CACHE) -> Path:
    """What a start from the memory snapshot still needs of the engine archive: its data files
    (maps, the fort tables), without any module.  The snapshot has every module the web API
    imports already imported (``cambria.webapi.prepare``; tests/test_webapi.py checks that none
    is left out), so their sources and byte code would only be bytes on the wire: a third of a
    megabyte from a compressing host (375 KB of brotli against 33 KB).  A normal start (the
    snapshot failed) gets the whole archive."""
    with zipfile.ZipFile(engine) as zin:
        keep = sorted(n for n in zin.namelist() if not n.endswith(("/", ".py", ".pyc")))
        key = hashlib.sha256((engine.name + "\n" + "\n".join(keep)).encode()).hexdigest()[:16]
        out = cache / "engine" / f"cambria-data-{key}.zip"
        if not cached(out):
            write_stored_zip(out, keep, zin.read)
    return out
