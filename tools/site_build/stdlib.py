"""A standard library of just what the site imports.

Pyodide's standard library has ~600 modules; the page's engine and Pyodide's own start-up
import ~230.  Shipping only those makes the download several times smaller.  Which ones is
learnt, not listed by hand (a list by hand goes stale the day someone adds an import):

1. a static scan of every ``import`` statement in the package (also those inside functions);
2. a run of the real Pyodide under Node (py/record_imports.py) that imports every module of
   the package and every name of the scan, answers a request and plays a whole game, then
   reports ``sys.modules``;
3. everything Pyodide imported while starting (it needs those again after a normal start).

A module kept brings its package's ``__init__`` along.  tests/test_stdlib_slim.py checks the
result against the engine again, statically and by playing in Pyodide with only this zip.
"""

from __future__ import annotations

import ast
import hashlib
import json
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .common import CACHE, ENGINE_MODULE, PACKAGE, BuildError, cached, log, write_atomic, write_stored_zip
from .node_pyodide import run_in_pyodide, script, tooling_key

# What the worker asks of Python beyond the engine module (cambria.webapi.call and start, which
# import what they need themselves): nothing, but the list stays for a worker that grows.
WORKER_IMPORTS: tuple[str, ...] = ()


def static_imports(package_dir: Path = PACKAGE) -> tuple[set[str], set[str]]:
    """(modules named by ``import`` statements anywhere in the package, the ``a.b`` of each
    ``from a import b``), both without the package's own modules and relative imports."""
    own = package_dir.name
    names: set[str] = set()
    from_names: set[str] = set()
    for path in sorted(package_dir.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        try:
            tree = ast.parse(path.read_bytes(), filename=str(path))
        except SyntaxError as exc:
            raise BuildError(f"{path}: {exc}") from exc
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                from_names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return ({n for n in names if n.split(".")[0] != own},
            {n for n in from_names if n.split(".")[0] != own})


def module_entries(modules: set[str], available: set[str]) -> set[str]:
    """The entries of a zipimport-layout stdlib zip (``a/b.pyc``, ``a/__init__.pyc``) that hold
    ``modules`` and the packages above them; modules not in the zip (built in, frozen, or the
    engine's own) are skipped."""
    keep: set[str] = set()
    for module in modules:
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            stem = "/".join(parts[:depth])
            for candidate in (f"{stem}.pyc", f"{stem}/__init__.pyc"):
                if candidate in available:
                    keep.add(candidate)
    # data files that sit in a kept package's folder (e.g. py.typed) come along
    folders = {name.rpartition("/")[0] for name in keep if name.endswith("/__init__.pyc")}
    keep |= {name for name in available
             if not name.endswith((".pyc", "/")) and name.rpartition("/")[0] in folders}
    return keep


def record_imports(pyodide_dir: Path, full: Path, engine: Path, package_dir: Path = PACKAGE,
                   cache: Path = CACHE) -> dict[str, Any]:
    """Ask Pyodide which modules the engine loads (see py/record_imports.py); cached per input."""
    static, from_names = static_imports(package_dir)
    args = {"package": package_dir.name, "engine_module": ENGINE_MODULE, "static": sorted(static),
            "from_imports": sorted(from_names), "worker": list(WORKER_IMPORTS)}
    key = tooling_key(script("record_imports.py").read_bytes(), json.dumps(args, sort_keys=True),
                      full.name, engine.name)
    out = cache / "stdlib" / f"imports-{key}.json"
    if not cached(out):
        log("recording the modules the engine imports, in Pyodide under Node")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            run_in_pyodide(pyodide_dir, {"stdlib": full, "archives": [engine], "mount": {"/work": tmp},
                                         "script": script("record_imports.py"),
                                         "args": dict(args, out="/work/imports.json")},
                           "recording the engine's imports (tools/site_build/py/record_imports.py)", cwd=cache)
            write_atomic(out, (Path(tmp) / "imports.json").read_bytes())
    answer: dict[str, Any] = json.loads(out.read_text())
    return answer


def slim_stdlib(full: Path, modules: set[str], cache: Path = CACHE) -> Path:
    """A copy of the pre-compiled stdlib zip with only the entries that hold ``modules``.

    Used twice: with every module the site needs (for a normal start of Python), and with only
    those a memory snapshot has not imported yet (all a start from the snapshot needs).
    """
    with zipfile.ZipFile(full) as zin:
        available = set(zin.namelist())
        keep = sorted(module_entries(modules, available))
        key = hashlib.sha256((full.name + "\n" + "\n".join(keep)).encode()).hexdigest()[:16]
        out = cache / "stdlib" / f"python_stdlib_slim-{key}.zip"
        if not cached(out):
            write_stored_zip(out, keep, zin.read)
    return out


def needed_modules(recorded: dict[str, Any], package: str) -> set[str]:
    """Every module to ship: what Pyodide's start-up and the engine loaded, minus the engine."""
    return {m for m in set(recorded["boot"]) | set(recorded["modules"])
            if m.split(".")[0] != package}
