"""The same commit builds to the same bytes: redeploying an unchanged commit must not push an
"update" to every installed copy.  And in CI a build whose snapshot step fails is a failure,
not a warning."""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import site_build.assemble  # noqa: E402  (build.py put tools/ on the path)

pytestmark = pytest.mark.timeout(600)


def contents(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_commit_builds_to_the_same_bytes(tmp_path):
    """Build once with the shared cache, once with an empty one (as a fresh clone would; only
    the npm tarball, checked against its pin, is reused): every step runs again, the Node runs
    and the memory snapshot included, and every byte of dist/ comes out the same."""
    first = build.build(tmp_path / "a", quiet=True)
    fresh_cache = tmp_path / "cache"
    tarball = build.fetch_pyodide().parent / f"pyodide-{build.PYODIDE_VERSION}.tgz"
    (fresh_cache / tarball.parent.name).mkdir(parents=True)
    shutil.copyfile(tarball, fresh_cache / tarball.parent.name / tarball.name)
    second = build.build(tmp_path / "b", quiet=True, cache=fresh_cache, fresh_snapshot=True)
    assert first["assets"]["snapshot"], "built without its memory snapshot"
    assert list((fresh_cache / "snapshot").glob("snapshot-*.bin.gz")), "the snapshot was not taken again"
    a, b = contents(tmp_path / "a"), contents(tmp_path / "b")
    assert a.keys() == b.keys()
    differ = sorted(name for name in a if a[name] != b[name])
    assert differ == [], f"files that differ between two builds of one commit: {differ}"
    assert first["build"] == second["build"]


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
