"""The slim standard library holds everything the engine imports.

The site ships only the standard-library modules the build saw the engine and Pyodide import.
These tests fail if the engine imports a module the shipped zips lack: statically (every import
statement of the package, also inside functions) and by running the engine in the very Pyodide
of the site under Node, with nothing but the shipped files, both ways the browser starts it
(normally, and from the memory snapshot with only the modules the snapshot lacks).
"""

from __future__ import annotations

import gzip
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def built():
    dist, manifest = build.private_dist()
    assert manifest["assets"]["snapshot"], "built without its memory snapshot"
    return dist, manifest


def entries(path: Path) -> set[str]:
    return set(zipfile.ZipFile(path).namelist())


def module_file(module: str, names: set[str], suffix: str) -> str | None:
    """The zip entry of a module (a/b.<suffix> or a/b/__init__.<suffix>), if the zip has one."""
    stem = module.replace(".", "/")
    for candidate in (f"{stem}{suffix}", f"{stem}/__init__{suffix}"):
        if candidate in names:
            return candidate
    return None


def test_every_import_statement_of_the_engine_finds_its_module(built):
    dist, manifest = built
    stock = entries(build.fetch_pyodide() / "python_stdlib.zip")
    shipped = entries(dist / manifest["assets"]["stdlib"])
    static, from_names = build.static_imports(build.PACKAGE)
    assert {"json", "random"} <= static  # the scan works at all
    missing = []
    for module in sorted(static | from_names):
        for depth in range(1, module.count(".") + 2):  # the module and the packages above it
            name = ".".join(module.split(".")[:depth])
            source = module_file(name, stock, ".py")
            if source and not module_file(name, shipped, ".pyc"):
                missing.append(name)
    # a name of `from a import b` that is not a module (a function, a class) has no file: fine
    assert missing == [], f"the engine imports standard-library modules the site does not ship: {missing}"


def test_a_start_from_the_snapshot_finds_every_module_it_may_still_import(built):
    dist, manifest = built
    lazy = entries(dist / manifest["assets"]["snapshot_stdlib"])
    stock = entries(build.fetch_pyodide() / "python_stdlib.zip")
    in_snapshot = set(manifest["snapshot_modules"])
    for module in manifest["stdlib_modules"]:
        if module not in in_snapshot and module_file(module, stock, ".py"):
            assert module_file(module, lazy, ".pyc"), f"{module} is neither in the snapshot nor in its zip"


def play_in_pyodide(dist: Path, manifest: dict, tmp_path: Path, stdlib: str, restore: Path | None,
                    engine: str = "engine") -> dict:
    """Run the build's engine exercise (import every module, a request, a refused request, a
    whole game) in the site's Pyodide under Node with only the shipped files."""
    static, from_names = build.static_imports(build.PACKAGE)
    job = {"stdlib": dist / stdlib, "archives": [dist / manifest["assets"][engine]],
           "mount": {"/work": str(tmp_path)}, "script": build.script("record_imports.py"),
           "args": {"package": "cambria", "engine_module": build.ENGINE_MODULE, "static": sorted(static),
                    "from_imports": sorted(from_names), "worker": ["json", "random", "traceback"],
                    "out": "/work/answer.json"}}
    if restore:
        job["restore"] = restore
    build.run_in_pyodide(build.fetch_pyodide(), job, "playing in Pyodide with the shipped stdlib")
    answer: dict = json.loads((tmp_path / "answer.json").read_text())
    return answer


def test_the_engine_plays_a_whole_game_with_only_the_shipped_stdlib(built, tmp_path):
    dist, manifest = built
    answer = play_in_pyodide(dist, manifest, tmp_path, manifest["assets"]["stdlib"], None)
    assert answer["unavailable"] == {}, answer["unavailable"]
    assert "cambria.webapi" in answer["modules"] or build.ENGINE_MODULE in answer["modules"]


def test_the_engine_plays_a_whole_game_started_from_the_snapshot(built, tmp_path):
    """As the browser does: the snapshot restored, the small zip of what it lacks, the engine's
    data files unpacked (its modules are all in the snapshot, cambria.webapi.prepare); then the
    whole exercise."""
    dist, manifest = built
    blob = gzip.decompress((dist / manifest["assets"]["snapshot"]).read_bytes())
    segments = build.data_segments((build.fetch_pyodide() / "pyodide.asm.wasm").read_bytes())
    raw = tmp_path / "snapshot.bin"
    raw.write_bytes(build.sparse_decode(blob, segments))
    answer = play_in_pyodide(dist, manifest, tmp_path, manifest["assets"]["snapshot_stdlib"], raw, "snapshot_engine")
    assert answer["unavailable"] == {}, answer["unavailable"]
    # it really started from the snapshot: the engine was imported before the script ran
    assert build.ENGINE_MODULE in answer["boot"]
    # with the games' rules, pages and computer players (none of their files was unpacked)
    assert {"cambria.games.cambria.lift", "cambria.ai.players", "cambria.games.hibernia.ai"} <= set(answer["boot"])
