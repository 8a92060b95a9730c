#!/usr/bin/env python3
"""Build, serve and test the Cambria static site.

    python3 build.py [build] [--no-snapshot]      build dist/
    python3 build.py serve [--port N] [--host H]  build, then serve dist/ (default http://localhost:8000/)
    python3 build.py test [pytest arguments]      set up .venv, Chromium and Node if missing, build, run pytest

Standard library only.  What a build does (the steps live in tools/site_build/, one module each):

1. Takes Pyodide from npm (``npm pack``) into .cache/ and checks the tarball against the pinned
   sha512, refusing it on any mismatch.
2. Runs that same Pyodide under Node to byte-compile its standard library and the ``cambria``
   package (unchecked hash-based .pyc: the browser never compiles them from source).
3. Learns which standard-library modules the engine and Pyodide import (a scan of the package's
   imports and a run in Pyodide) and ships only those.
4. Runs Pyodide under Node once more with the engine's web API imported and saves a memory
   snapshot: repeatable (fixed entropy and clocks), XORed with the wasm's own data, gzipped.
   The worker tries it first and falls back to a normal start.
5. Copies web/, draws the starting boards into index.html, adds a Content-Security-Policy, and
   writes a build id (a hash of everything shipped) into the page, the worker's asset list (with
   each file's size and SHA-256) and the service worker's precache list.
6. Writes a brotli sibling ``x.br`` (quality 11, by Node's zlib, cached by content) beside every
   file it makes worth it, for hosts that serve precompressed files; a ``.gz`` file's sibling
   holds the gzip's content, which the worker takes as it is.

Every URL the site uses is relative, so dist/ works from any sub-path of any static host.  The
same commit builds to the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))

# What tests, benchmarks and tools use, under the names they have always had.
from site_build.assemble import (COMPRESSED, PRECACHE_SKIP, build, ensure_built, precache_list,  # noqa: E402,F401
                                 private_dist, web_files)
from site_build.bytecode import engine_archive, full_stdlib, package_files, source_archive  # noqa: E402,F401
from site_build.cli import main  # noqa: E402
from site_build.common import (CACHE, DIST, ENGINE_MODULE, PACKAGE, PYODIDE_DIR, PYODIDE_INTEGRITY,  # noqa: E402,F401
                               PYODIDE_VERSION, ROOT, VENV, WEB, BuildError, IntegrityError, need_tool, sha256_file)
from site_build.node_pyodide import run_in_pyodide, script  # noqa: E402,F401
from site_build.page import (BOARD_RE, BUILD_MARK, CONFIG_RE, CSP_MARK, JS_BUILD_MARK, SW_RE,  # noqa: E402,F401
                             content_security_policy, draw_board, render_boards)
from site_build.pyodide_npm import PYODIDE_FILES, check_integrity, fetch_pyodide, lock_info, safe_extract  # noqa: E402,F401
from site_build.serve import CONTENT_TYPES, make_server  # noqa: E402,F401
from site_build.snapshot import data_segments, memory_snapshot, sparse_decode, sparse_encode  # noqa: E402,F401
from site_build.stdlib import module_entries, static_imports  # noqa: E402,F401
from site_build.testenv import ensure_venv, venv_python  # noqa: E402,F401

_need_tool = need_tool  # the old private name (tests/web/axecore.py)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
