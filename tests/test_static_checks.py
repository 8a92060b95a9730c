"""The claims about the code are enforced: ``mypy --strict`` on the engine and ``ruff check``
(rule sets E4, E7, E9, F, B; pyproject.toml) on everything Python in the repository."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.timeout(600)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_mypy_strict_passes_on_the_engine():
    proc = run("mypy", "--strict", "--no-incremental", "cambria")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_passes():
    proc = run("ruff", "check", "--no-cache", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def import_time_of_cambria() -> float:
    """Seconds the interpreter spends importing ``cambria`` (its own measure, ``-X importtime``)."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import cambria"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stderr
    for line in out.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].strip() == "cambria":
            return int(parts[1]) / 1e6  # cumulative microseconds
    raise AssertionError("cambria was not imported:\n" + out[-2000:])


def test_import_cambria_is_light():
    """``import cambria`` stays under 50 ms (best of three) and loads no game, search or session."""
    assert min(import_time_of_cambria() for _ in range(3)) < 0.05
    code = "import sys, cambria; print(sorted(m for m in sys.modules if m.startswith('cambria')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['cambria']"


def test_every_test_module_has_its_own_name():
    """The tests run with rootdir-relative imports (no packages): two test files of one name in
    different folders stop the whole run at collection ("import file mismatch")."""
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(ROOT)} and {path.relative_to(ROOT)}")
        seen.setdefault(path.name, path)
    assert not clashes, clashes
