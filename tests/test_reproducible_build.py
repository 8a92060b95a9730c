"""The same commit builds to the same bytes: redeploying an unchanged commit must not push an
"update" to every installed copy.  And in CI a build whose snapshot step fails is a failure,
not a warning."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import site_build.assemble  # noqa: E402  (build.py put tools/ on the path)
from site_build.compress import brotli_cache_path  # noqa: E402

pytestmark = pytest.mark.timeout(600)


def contents(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow  # two whole builds, one with an empty cache: two minutes of the default run's twenty
def test_the_same_commit_builds_to_the_same_bytes(tmp_path):
    """Build here, with the shared cache; then build a copy of the sources at another path, as
    a fresh clone would, with an empty cache (only the npm tarball, checked against its pin,
    is copied in): every step runs again there, the Node runs and the memory snapshot
    included, and every byte of dist/ comes out the same."""
    first = build.build(tmp_path / "here", quiet=True)
    assert first["assets"]["snapshot"], "built without its memory snapshot"
    clone = tmp_path / "somewhere" / "else" / "cambria-clone"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("cambria", "web", "tools"):
        shutil.copytree(build.ROOT / name, clone / name, ignore=ignore)
    for name in ("build.py", "pyproject.toml"):
        shutil.copyfile(build.ROOT / name, clone / name)
    tarball = build.fetch_pyodide().parent / f"pyodide-{build.PYODIDE_VERSION}.tgz"
    (clone / ".cache" / tarball.parent.name).mkdir(parents=True)
    shutil.copyfile(tarball, clone / ".cache" / tarball.parent.name / tarball.name)
    # and the brotli of Pyodide's own wasm and runtime: products of the pinned tarball alone, a
    # minute of quality-11 compression (the snapshot's, the zips' and the pages' are made again)
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        made = brotli_cache_path((build.fetch_pyodide() / name).read_bytes(), build.CACHE)
        assert made.exists(), f"the first build made no brotli of {name}"
        (clone / ".cache" / "brotli").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(made, clone / ".cache" / "brotli" / made.name)
    proc = subprocess.run([sys.executable, "build.py"], cwd=clone, capture_output=True, text=True, timeout=540)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert list((clone / ".cache" / "snapshot").glob("snapshot-*.bin.gz")), "the snapshot was not taken again"
    a, b = contents(tmp_path / "here"), contents(clone / "dist")
    assert a.keys() == b.keys()
    differ = sorted(name for name in a if a[name] != b[name])
    assert differ == [], f"files that differ between two builds of one commit: {differ}"


def test_in_ci_a_failed_snapshot_fails_the_build(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise build.BuildError("the snapshot step broke")

    monkeypatch.setattr(site_build.assemble, "memory_snapshot", broken)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(build.BuildError, match="snapshot"):
        build.build(tmp_path / "ci", quiet=True)
    assert not (tmp_path / "ci").exists()
    # elsewhere it is an optimisation: the site builds without it, and says so
    monkeypatch.delenv("CI")
    manifest = build.build(tmp_path / "local", quiet=True)
    assert manifest["assets"]["snapshot"] is None
