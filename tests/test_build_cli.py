"""The command lines of build.py and benchmarks/load.py: help on every option, one-line
messages for wrong arguments and a port in use (no traceback), and the README's commands
working as written."""

from __future__ import annotations

import argparse
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402,F401  (puts tools/ on the path)
from site_build import cli  # noqa: E402

pytestmark = pytest.mark.timeout(300)
# The interpreter a user types `python3` for: outside .venv, so without Playwright.
BASE_PYTHON = getattr(sys, "_base_executable", sys.executable)


def run(*args: str, python: str = sys.executable, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([python, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_every_option_has_a_help_text():
    parser = cli.parser()
    subcommands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)][0]
    assert set(subcommands.choices) == {"build", "serve", "test", "headers"}
    for name, sub in subcommands.choices.items():
        for action in sub._actions:
            assert action.help, f"build.py {name} {action.option_strings}: no help text"
    help_text = run("build.py", "serve", "--help").stdout
    for option in ("--port", "--host", "--no-build", "--compress", "--plain"):
        assert option in help_text
    assert "pytest" in run("build.py", "test", "--help").stdout


@pytest.mark.parametrize("args, message", [
    (["serve", "--port", "eighty"], "'eighty' is not a port number"),
    (["serve", "--port", "70000"], "70000 is not a port number"),
    (["serve", "--colour"], "unrecognized arguments: --colour"),
    (["deploy"], "invalid choice: 'deploy'"),
])
def test_wrong_arguments_get_a_clear_message(args, message):
    proc = run("build.py", *args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_port_in_use_gets_one_line_not_a_traceback():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = run("build.py", "serve", "--no-build", "--port", str(port))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and f"port {port} is already in use" in lines[0] and "--port" in lines[0]


def test_serve_serves_on_the_port_it_was_given():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "build.py", "serve", "--no-build", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://localhost:{port}/" in line
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/build.json", timeout=30) as response:
            assert response.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize("plain", [False, True])
def test_serve_sends_the_precompressed_files_unless_plain(plain):
    """`build.py serve` is a host that serves precompressed files: x.br for x, with
    Content-Encoding: br, to a browser that accepts br, and x itself to one that does not;
    with --plain never the .br."""
    import urllib.request

    manifest = build.ensure_built()
    index_br = (build.DIST / "index.html.br").read_bytes()
    index = (build.DIST / "index.html").read_bytes()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "build.py", "serve", "--no-build", "--port", str(port),
                             *(["--plain"] if plain else [])], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert f"http://localhost:{port}/" in proc.stdout.readline()

        def get(path: str, accept: str):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/{path}", headers={"Accept-Encoding": accept})
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.read(), response.headers  # (case-insensitive)

        for path in ("", "index.html"):
            body, headers = get(path, "gzip, deflate, br, zstd")
            assert headers.get("Content-Type", "").startswith("text/html")
            if plain:
                assert body == index and "Content-Encoding" not in headers
            else:
                assert body == index_br and headers["Content-Encoding"] == "br"
                assert "Accept-Encoding" in headers.get("Vary", "")
        for accept in ("gzip, deflate", "br;q=0, gzip"):
            body, headers = get("index.html", accept)
            assert body == index and "Content-Encoding" not in headers
        wasm = manifest["downloads"]["wasm"]
        body, headers = get(wasm, "br")
        assert body == (build.DIST / (wasm + (".br" if not plain else ""))).read_bytes()
        assert headers["Content-Type"] == "application/gzip"  # the type of the file asked for
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_readme_documents_the_commands_as_they_are():
    readme = (ROOT / "README.md").read_text()
    assert "python3 build.py serve --port" in readme
    commands = re.findall(r"^python3 (build\.py[^\n#]*?)\s*(?:#.*)?$", readme, re.M)
    assert len(commands) >= 3
    for command in commands:
        args = command.split()[1:]
        if args[:1] != ["test"]:  # test's arguments go to pytest
            cli.parser().parse_args(["8001" if a == "N" else a for a in args])  # exits on a wrong one


def test_the_load_benchmark_runs_as_the_readme_writes_it():
    """`python3 benchmarks/load.py` with a Python that has no Playwright runs itself again with
    .venv's Python (which `python3 build.py test` made)."""
    proc = run("benchmarks/load.py", "--help", python=BASE_PYTHON)
    assert proc.returncode == 0, proc.stderr
    for option in ("--runs", "--no-build", "--timeout", "--json", "--check"):
        assert option in proc.stdout
    proc = run("benchmarks/load.py", "--runs", "0", python=BASE_PYTHON)
    assert proc.returncode == 2 and "0 is not a positive number" in proc.stderr
    assert "Traceback" not in proc.stderr
