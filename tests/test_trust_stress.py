"""The stress command (tools/stress.sh): the test command beside CPU burners, N rounds.

Run in a copy of the repository whose build.py is a stand-in: it reports the burners it sees
beside it (processes of the same parent running the burner loop) and passes or fails as told,
so the script's rounds, its report, its exit status and the stopping of the burners are checked
in a second, without running the suite itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

STAND_IN = r'''
import os, sys
mine = os.getppid()
burners = []
for pid in os.listdir("/proc"):
    if not pid.isdigit():
        continue
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode()
        ppid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except OSError:
        continue
    if "while True: pass" in cmd and ppid == mine:
        burners.append(pid)
with open("burners.txt", "a") as fh:
    fh.write(" ".join(burners) + "\n")
print("args", sys.argv[1:])
fail = os.path.exists("fail-next")
if fail:
    os.remove("fail-next")
print("FAILED tests/test_x.py::test_y - boom" if fail else "", flush=True)
print(("1 failed, 3 passed" if fail else "4 passed") + " in 0.01s")
sys.exit(1 if fail else 0)
'''


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if not Path("/proc/self/stat").exists():
        pytest.fail("this test reads /proc (Linux)")
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "stress.sh", tmp_path / "tools" / "stress.sh")
    (tmp_path / "build.py").write_text(STAND_IN)
    return tmp_path


def stress(repo: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(repo / "tools" / "stress.sh"), *args], cwd=repo, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, **(env or {})))


def alive(pid: str) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_three_rounds_beside_two_burners(repo: Path) -> None:
    proc = stress(repo, "--", "tests", "-q")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rounds = (repo / "burners.txt").read_text().splitlines()
    assert len(rounds) == 3 and all(len(line.split()) == 2 for line in rounds), rounds
    for line in rounds:
        for pid in line.split():
            assert not alive(pid), f"burner {pid} still runs"
    out = proc.stdout
    assert "3 of 3 rounds passed" in out
    assert out.count(": passed in") >= 3 and "4 passed in 0.01s" in out
    assert "python3 build.py test tests -q" in out
    assert (repo / ".cache" / "stress" / "round-3.log").read_text().startswith("args ['test', 'tests', '-q']")


def test_a_failed_round_is_reported_and_fails_the_command(repo: Path) -> None:
    (repo / "fail-next").write_text("")
    proc = stress(repo, "-n", "2", env={"STRESS_BURNERS": "3"})
    assert proc.returncode == 1
    assert "round 1: FAILED (exit status 1)" in proc.stdout and "1 failed, 3 passed" in proc.stdout
    assert "FAILED tests/test_x.py::test_y" in proc.stdout
    assert "round 2: passed" in proc.stdout and "1 of 2 rounds passed" in proc.stdout
    rounds = (repo / "burners.txt").read_text().splitlines()
    assert [len(line.split()) for line in rounds] == [3, 3]


@pytest.mark.parametrize("args, words", [(["-n", "0"], "at least 1"), (["-n", "x"], "at least 1"),
                                          (["--frob"], "unknown argument"), (["-n"], "needs a number")])
def test_bad_arguments(repo: Path, args: list[str], words: str) -> None:
    proc = stress(repo, *args)
    assert proc.returncode == 2 and words in proc.stderr
    assert not (repo / "burners.txt").exists()


def test_help_and_the_readme(repo: Path) -> None:
    proc = stress(repo, "--help")
    assert proc.returncode == 0 and "two CPU-burning processes" in proc.stdout and "-n" in proc.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "tools/stress.sh" in readme
