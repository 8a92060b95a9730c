"""What every build step shares: where things are, the pinned Pyodide, errors, logging and
the build cache.

Kept free of any build logic so that every other module of the package can import it
without importing each other (the imports flow one way: common <- steps <- assemble <- cli).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "cambria"
VENV = ROOT / ".venv"
HERE = Path(__file__).resolve().parent
NODE_SCRIPTS = HERE / "node"  # JavaScript the build runs under Node
PYODIDE_SCRIPTS = HERE / "py"  # Python the build runs inside Pyodide (under Node)

PYODIDE_VERSION = "314.0.7"
# `npm view pyodide@314.0.7 dist.integrity`
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
PYODIDE_DIR = f"pyodide-{PYODIDE_VERSION}"  # folder inside dist/

# The module the browser's worker imports and calls `handle` of; the memory snapshot is taken
# with it imported.  One name, so that moving the web API means changing this line only.
ENGINE_MODULE = "cambria.webapi"

# Zip entries get this timestamp, so that archives depend on their content only.
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build step failed; the message says which and why."""


class IntegrityError(BuildError):
    """A downloaded file does not match its pinned hash."""


class _Log:
    quiet = False


def log(message: str) -> None:
    if not _Log.quiet:
        print(f"build: {message}", flush=True)


def set_quiet(quiet: bool) -> bool:
    """Silence (or not) the progress lines; returns the previous setting."""
    old, _Log.quiet = _Log.quiet, quiet
    return old


def warn(message: str) -> None:
    print(f"build: WARNING: {message}", file=sys.stderr, flush=True)


def in_ci() -> bool:
    """CI sets CI=true (or any non-empty value but 0/false): there a missing optimisation is
    a failure, not a warning, so that what the tests check is what users get."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def need_tool(name: str, hint: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BuildError(f"`{name}` is not installed; {hint}")
    return found


def cached(path: Path) -> bool:
    """True if a cached build product exists (and mark it as recently used, for pruning)."""
    if path.exists():
        os.utime(path)
        return True
    return False


def write_atomic(path: Path, data: bytes) -> None:
    """Write a cache file so that a crash or a parallel build never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_stored_zip(out: Path, names: Iterable[str], read: Callable[[str], bytes]) -> None:
    """Write a zip of ``names`` (in that order, each ``read(name)``) to ``out``, atomically and
    the same bytes every time: fixed times and modes, entries stored (the whole zip is shipped
    compressed)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(tmp, "w") as zout:
        for name in names:
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zout.writestr(info, read(name))
    os.replace(tmp, out)


def pyodide_cache(cache: Path) -> Path:
    return cache / f"pyodide-{PYODIDE_VERSION}"


def prune_cache(cache: Path, keep: int = 6) -> None:
    """Keep only the most recently used products: every change of the sources adds an engine
    archive and a snapshot."""
    for folder, pattern, n in ((cache / "engine", "cambria-*.zip", keep),
                               (cache / "snapshot", "snapshot-*.bin.gz", keep),
                               (cache / "snapshot", "snapshot-*.modules.json", keep),
                               (cache / "stdlib", "*.zip", 8),
                               (cache / "stdlib", "*.json", 4),
                               (cache / "gzip", "*.gz", 16),
                               (cache / "brotli", "*.br", 200)):
        files = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[n:]:
            old.unlink(missing_ok=True)
