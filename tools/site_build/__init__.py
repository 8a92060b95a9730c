"""Building the Cambria site (``python3 build.py``): one module per step, imports flowing one way.

    common        paths, the pinned Pyodide, errors, the cache             (imports nothing here)
    pyodide_npm   Pyodide from npm, checked against its pinned sha512
    node_pyodide  running Pyodide under Node (node/runner.mjs, scripts in py/)
    bytecode      the standard library and the engine byte-compiled by Pyodide itself
    stdlib        a standard library of just the modules the engine and Pyodide import
    snapshot      the memory snapshot, made repeatable and stored compactly
    page          boards drawn into index.html, placeholders, the Content-Security-Policy
    assemble      the steps in order, dist/, the build id, the service worker's list
    serve         an HTTP server for dist/ (also gzipping, like many hosts)
    testenv       .venv, Chromium and Node for the tests, then pytest
    cli           the command line of build.py

build.py at the top of the repository is the entry point and re-exports what the tests and
benchmarks use.
"""
