"""Running the site's own Pyodide under Node at build time.

Byte code must come from the very interpreter that runs it in the browser, the memory
snapshot must be made by the very wasm that restores it, and the list of standard-library
modules the engine needs is best learnt by asking that Python: so those steps run Python
scripts (in ``py/``) inside Pyodide under Node, through one small runner (``node/runner.mjs``)
that also makes the run repeatable (fixed entropy and clocks).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from .common import NODE_SCRIPTS, PYODIDE_INTEGRITY, PYODIDE_SCRIPTS, BuildError, need_tool

RUNNER = NODE_SCRIPTS / "runner.mjs"

# Bump when what a cached product means changes without any of its inputs changing.
TOOLING_VERSION = "2"


def script(name: str) -> Path:
    """A Python script that runs inside Pyodide (tools/site_build/py/<name>)."""
    path = PYODIDE_SCRIPTS / name
    if not path.is_file():
        raise BuildError(f"missing build script {path}")
    return path


def tooling_key(*parts: str | bytes) -> str:
    """A cache key for products of these inputs, the runner and the pinned Pyodide."""
    h = hashlib.sha256()
    for part in (TOOLING_VERSION, PYODIDE_INTEGRITY, RUNNER.read_bytes(), *parts):
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()[:16]


def run_in_pyodide(pyodide_dir: Path, job: dict[str, Any], what: str, cwd: Path | None = None) -> str:
    """Run ``job["script"]`` inside Pyodide under Node (see node/runner.mjs for the job's
    fields) and return what it printed.  A failure raises BuildError naming ``what``."""
    node = need_tool("node", "install Node.js 18+ (`python3 build.py test` installs Debian's)")
    with tempfile.TemporaryDirectory(dir=cwd) as tmp:
        job_file = Path(tmp) / "job.json"
        job_file.write_text(json.dumps(job, default=str))  # paths as text
        proc = subprocess.run([node, str(RUNNER), str(pyodide_dir), str(job_file)],
                              capture_output=True, text=True)
    if proc.returncode != 0:
        # Node echoes the (minified, megabyte-long) source line of an error and a caret under it:
        # leave those out to keep the message readable.
        lines = [line for line in (proc.stdout + "\n" + proc.stderr).splitlines()
                 if line.strip() and len(line) < 1000 and line.strip() != "^"]
        raise BuildError(f"{what} failed (node exit {proc.returncode}):\n" + "\n".join(lines[-30:]))
    return proc.stdout
