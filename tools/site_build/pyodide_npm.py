"""Pyodide from npm, pinned and checked.

The site hosts its own copy of Pyodide (no CDN at run time).  ``npm pack`` fetches the
tarball of the pinned version once into the cache; every build checks it against the pinned
sha512 (cheap, and a corrupted or replaced cache is refused as surely as a bad download) and
extracts it without trusting its paths.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from .common import (CACHE, PYODIDE_INTEGRITY, PYODIDE_VERSION, BuildError, IntegrityError, log, need_tool,
                     pyodide_cache)

# The files of the npm package that the build uses (the site ships fewer: see assemble.py).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


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


def npm_pack(spec: str, integrity: str, tgz: Path) -> None:
    """``npm pack spec`` into the file ``tgz``, refused (IntegrityError) unless it matches
    ``integrity``; nothing is written on a failure."""
    npm = need_tool("npm", "install Node.js 18+ with npm (`python3 build.py test` installs Debian's)")
    with tempfile.TemporaryDirectory(dir=tgz.parent) as tmp:
        proc = subprocess.run([npm, "pack", spec, "--json", "--pack-destination", tmp],
                              cwd=tmp, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"npm pack {spec} failed:\n{proc.stderr.strip()}")
        packed = list(Path(tmp).glob("*.tgz"))
        if len(packed) != 1:
            raise BuildError(f"npm pack produced {len(packed)} tarballs, expected one")
        check_integrity(packed[0].read_bytes(), integrity)
        os.replace(packed[0], tgz)


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """Return the folder of the verified, extracted Pyodide npm package (kept in ``cache``)."""
    folder = pyodide_cache(cache)
    tgz = folder / f"pyodide-{PYODIDE_VERSION}.tgz"
    package = folder / "package"
    stamp = folder / "package.verified"
    folder.mkdir(parents=True, exist_ok=True)
    if not tgz.exists():
        log(f"fetching pyodide@{PYODIDE_VERSION} with npm pack")
        npm_pack(f"pyodide@{PYODIDE_VERSION}", PYODIDE_INTEGRITY, tgz)
    # Checked on every build: cheap, and a corrupted or replaced cache is refused too.
    check_integrity(tgz.read_bytes(), PYODIDE_INTEGRITY)
    if not (stamp.exists() and stamp.read_text() == PYODIDE_INTEGRITY and package.is_dir()):
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            safe_extract(tgz, Path(tmp))
            if package.exists():
                shutil.rmtree(package)
            os.replace(Path(tmp) / "package", package)
        stamp.write_text(PYODIDE_INTEGRITY)
    missing = [f for f in PYODIDE_FILES if not (package / f).is_file()]
    if missing:
        raise BuildError(f"the pyodide package lacks {', '.join(missing)}")
    return package


def lock_info(pyodide_dir: Path) -> dict[str, Any]:
    """The ``info`` of Pyodide's lock file: with no packages it is a complete, minimal lock
    file, which the worker passes inline (so the 119 KB file is never requested)."""
    info: dict[str, Any] = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"]
    return info


def python_tag(pyodide_dir: Path) -> str:
    """"3.14" for Pyodide's Python 3.14.x."""
    return ".".join(lock_info(pyodide_dir)["python"].split(".")[:2])
