"""Setting up a machine for the tests: a .venv with the pinned test packages, Debian's Chromium,
Firefox ESR, WebKitGTK's WebDriver, Xvfb and Node (with puppeteer-core for Firefox), then a build
and pytest.  So `python3 build.py test` works on a fresh clone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .assemble import build
from .common import CACHE, ROOT, VENV, BuildError


def test_requirements() -> list[str]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    return list(project.get("optional-dependencies", {}).get("test", []))


class Apt:
    """Installs Debian packages as root, running `apt-get update` once first."""

    updated = False

    @classmethod
    def install(cls, *packages: str) -> None:
        if not shutil.which("apt-get"):
            raise BuildError(f"cannot install {' '.join(packages)}: no apt-get here; install them by hand")
        prefix = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
        if prefix is None:
            raise BuildError(f"cannot install {' '.join(packages)}: not root and no sudo")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if not cls.updated:
            print("test: apt-get update", flush=True)
            subprocess.run([*prefix, "apt-get", "update"], check=True, env=env)
            cls.updated = True
        print(f"test: apt-get install {' '.join(packages)}", flush=True)
        done = subprocess.run([*prefix, "apt-get", "install", "-y", "--no-install-recommends", *packages], env=env)
        if done.returncode != 0:
            raise BuildError(f"apt-get install {' '.join(packages)} failed (exit {done.returncode}); install them by hand")


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """Create .venv if needed and install the pinned test requirements into it."""
    python = venv_python()
    if not python.exists():
        print(f"test: creating {VENV}", flush=True)
        proc = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
        if proc.returncode != 0 or not python.exists():
            shutil.rmtree(VENV, ignore_errors=True)
            Apt.install("python3-venv")
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    requirements = test_requirements()
    stamp = VENV / ".cambria-test-requirements"
    wanted = "\n".join(sorted(requirements)) + "\n"
    if not stamp.exists() or stamp.read_text() != wanted:
        print(f"test: installing {' '.join(requirements)}", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", *requirements],
                       check=True)
        stamp.write_text(wanted)
    return python


def ensure_node() -> None:
    """Node.js and npm, which the build needs (npm fetches Pyodide; node takes the snapshot)."""
    missing = [p for p, tool in (("nodejs", "node"), ("npm", "npm")) if not shutil.which(tool)]
    if missing:
        Apt.install(*missing)


# The other browser engines the tests drive (tests/web/test_engines.py): Firefox ESR, and WebKitGTK's
# WebDriver with its MiniBrowser, which needs an X display (Xvfb).
ENGINE_PACKAGES = {"firefox-esr": "/usr/bin/firefox-esr", "webkit2gtk-driver": "/usr/bin/WebKitWebDriver",
                   "xvfb": "/usr/bin/Xvfb"}
ENGINE_NODE = ROOT / "tests" / "web" / "engines"  # package.json + package-lock.json: puppeteer-core, pinned
ENGINE_NODE_CACHE = CACHE / "engines-node"


def ensure_engine_node() -> Path:
    """puppeteer-core (which drives Firefox) at the locked version, by `npm ci` into .cache/engines-node;
    again only when the lock file changes.  puppeteer-core downloads no browser."""
    lock = (ENGINE_NODE / "package-lock.json").read_text()
    stamp = ENGINE_NODE_CACHE / ".cambria-lock"
    modules = ENGINE_NODE_CACHE / "node_modules"
    if not (stamp.exists() and stamp.read_text() == lock and (modules / "puppeteer-core").is_dir()):
        ensure_node()
        ENGINE_NODE_CACHE.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(ENGINE_NODE / name, ENGINE_NODE_CACHE / name)
        print("test: npm ci (puppeteer-core, for Firefox)", flush=True)
        done = subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ENGINE_NODE_CACHE)
        if done.returncode != 0:
            raise BuildError(f"npm ci in {ENGINE_NODE_CACHE} failed (exit {done.returncode})")
        stamp.write_text(lock)
    return modules


def ensure_system_tools() -> None:
    if not Path("/usr/bin/chromium").exists():
        Apt.install("chromium")
    missing = [package for package, path in ENGINE_PACKAGES.items() if not Path(path).exists()]
    if missing:
        Apt.install(*missing)
    ensure_node()
    ensure_engine_node()


def parallel(argv: list[str]) -> list[str]:
    """pytest-xdist's arguments for a run on every core, unless the arguments choose themselves
    (``-n``, ``--dist``, ``-p no:xdist``) or ask for one process (``--pdb``, ``-x``: a first failure
    stops the whole run only in one process).  Each worker gets a test as it frees up (worksteal:
    the browser tests' times differ a hundredfold, so a fixed share would leave one core idle at the end).

    >>> parallel([]) == ["-n", str(min(4, os.cpu_count() or 1)), "--dist", "worksteal"] or os.cpu_count() == 1
    True
    >>> parallel(["-n", "0"]), parallel(["-p", "no:xdist"]), parallel(["--pdb"])
    ([], [], [])
    """
    chosen = any(a in ("-n", "--numprocesses", "--dist", "--pdb", "-x", "--exitfirst", "no:xdist")
                 or a.startswith(("-n", "--numprocesses=", "--dist=", "--maxfail")) for a in argv)
    cores = min(4, os.cpu_count() or 1)
    return [] if chosen or cores < 2 else ["-n", str(cores), "--dist", "worksteal"]


def run_tests(argv: list[str]) -> int:
    try:
        ensure_system_tools()
        python = ensure_venv()
        build()
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"test: setup failed: {exc}", file=sys.stderr)
        return 2
    env = dict(os.environ, CAMBRIA_DIST_FRESH="1", PYTHONDONTWRITEBYTECODE="1")
    cmd = [str(python), "-m", "pytest", "-p", "no:cacheprovider", *parallel(argv), *argv]
    print("test: " + " ".join(cmd[1:]), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode
