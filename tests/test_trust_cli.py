"""The command line is checked before it runs and never ends in a traceback.

Bad arguments get a one-line message and exit status 2; every option has a help text that
renders; ``replay`` reads at most a cap (``/dev/zero``, huge files), accepts a byte-order
mark, and prints names a terminal cannot show without failing; ``tournament --seed`` plays
the same games twice.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cambria import Game
from cambria.ai.cli import split_seats
from cambria.cli import MAX_FILE, PIPE_CLOSED, build_parser, main
from cambria.core.errors import MAX_MESSAGE
from cambria.core.record import make_record, record_to_json

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "cambria", *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=timeout, errors="replace")


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run the command line in this process; it must stop with exit status 2 and one message."""
    with pytest.raises(SystemExit) as info:
        main(list(args))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err
    message = err.strip().splitlines()[-1]
    assert "error:" in message
    return message


# ------------------------------------------------------------------ arguments

@pytest.mark.parametrize("args, words", [
    (["simulate", "--games", "0"], "--games: must be at least 1, not 0"),
    (["simulate", "--games", "-3"], "--games: must be at least 1, not -3"),
    (["simulate", "--games", "ten"], "--games: expected a whole number, not 'ten'"),
    (["simulate", "--games", "1e3"], "--games: expected a whole number, not '1e3'"),
    (["simulate", "--games", "2.5"], "--games: expected a whole number"),
    (["simulate", "--games", ""], "--games: expected a whole number"),
    (["simulate", "--games", "9" * 5000], "--games: expected a whole number"),
    (["simulate", "--games", "1_000"], "--games: expected a whole number, not '1_000'"),
    (["simulate", "--games", "\u0661\u0662"], "--games: expected a whole number"),
    (["simulate", "--games", "--5"], "expected one argument"),
    (["simulate", "--games", "+-5"], "--games: expected a whole number"),
    (["simulate", "--players", "0"], "--players: Cambria is for 2 to 5 players, not 0"),
    (["simulate", "--players", "1"], "--players: Cambria is for 2 to 5 players, not 1"),
    (["simulate", "--players", "6"], "--players: Cambria is for 2 to 5 players, not 6"),
    (["simulate", "--players", "-2"], "--players: Cambria is for 2 to 5 players"),
    (["simulate", "--players", "three"], "--players: expected a whole number, not 'three'"),
    (["simulate", "--seed", "-1"], "--seed: a seed is a whole number from 0 to 9007199254740991"),
    (["simulate", "--seed", str(2**53)], "--seed: a seed is a whole number"),
    (["simulate", "--seed", "x"], "--seed: expected a whole number"),
    (["simulate", "--map", "atlantis"], "--map: cambria has the boards cambria, cumbria (or all), not 'atlantis'"),
    (["simulate", "--map", ""], "--map: cambria has the boards"),
    (["simulate", "--mode", "fast"], "--mode: invalid choice: 'fast'"),
    (["simulate", "--game", "chess"], "--game: invalid choice: 'chess'"),
    (["simulate", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["replay"], "the following arguments are required: file"),
    (["tournament", "--seats", "godlike,hard"], "--seats: 2 to 5 of random, easy, normal, hard"),
    (["tournament", "--seats", "godlike,hard"], "unknown level 'godlike'"),
    (["tournament", "--seats", "hard"], "1 seats"),
    (["tournament", "--seats", ""], "0 seats"),
    (["tournament", "--seats", "hard,easy,easy,easy,easy,easy"], "6 seats"),
    (["tournament", "--seats", "normal[boat=x],hard"], "--seats/--map:"),
    (["tournament", "--seats", "normal[nosuch=1],hard"], "--seats/--map:"),
    (["tournament", "--seats", "normal[boat],hard"], "--seats/--map:"),
    (["tournament", "--games", "0"], "--games: must be at least 1, not 0"),
    (["tournament", "--jobs", "0"], "--jobs: must be at least 1"),
    (["tournament", "--nodes", "-5"], "--nodes: must be at least 1"),
    (["tournament", "--map", "atlantis"], "not 'atlantis'"),
    (["tournament", "--json", "/nonexistent-dir/out.json"], "--json: cannot write /nonexistent-dir/out.json"),
    (["fly"], "invalid choice: 'fly'"),
    ([], "the following arguments are required: COMMAND"),
])
def test_bad_arguments_get_a_clear_message(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert words in refused(capsys, *args)


def test_bad_arguments_from_a_shell_exit_2_without_a_traceback() -> None:
    for args in (["simulate", "--games", "0"], ["simulate", "--games", "-3"], ["simulate", "--players", "x"]):
        proc = run_cli(*args)
        assert proc.returncode == 2 and proc.stdout == ""
        assert "error:" in proc.stderr and "Traceback" not in proc.stderr


def test_a_seat_with_weights_keeps_its_commas_and_semicolons() -> None:
    assert split_seats("hard,normal,normal") == ["hard", "normal", "normal"]
    assert split_seats("hard;Normal[boat=1.5,narrow=0]; easy") == ["hard", "normal[boat=1.5,narrow=0]", "easy"]
    assert split_seats("normal[boat=1.5;narrow=0],hard") == ["normal[boat=1.5;narrow=0]", "hard"]
    assert split_seats(" , ;") == []


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_of_every_command_has_help_that_renders() -> None:
    parser = build_parser()
    commands = subparsers(parser)
    assert set(commands) == {"simulate", "replay", "tournament", "review"}
    for name, sub in commands.items():
        assert sub.description and len(sub.description) > 60, f"{name} needs a description"
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help and action.help != argparse.SUPPRESS, f"{name} {action.dest}: no help"
            assert len(action.help) > 12, f"{name} {action.dest}: help too short"
        text = sub.format_help()
        assert "%%" not in text and "%(" not in text, f"{name} --help: unformatted '%' in\n{text}"
        for action in sub._actions:
            for flag in action.option_strings:
                assert flag in text


@pytest.mark.parametrize("command, words", [
    ("simulate", ["same seed", "per second", "average", "wins", "seat", "--players", "--games", "--map", "--mode"]),
    ("replay", ["record", "step", "seed", "score", "winner", "Exit status", "1", "refused", "bytes"]),
    ("tournament", ["95 percent", "Wilson", "--seats", "--nodes", "node budget", "--json"]),
    ("review", ["decision", "win chance", "verdict", "Node budgets", "--json", "--player", "Exit status", "bytes"]),
])
def test_help_explains_each_command(capsys: pytest.CaptureFixture[str], command: str, words: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "%%" not in out
    for word in words:
        assert word in out, f"{command} --help should mention {word!r}"


# ------------------------------------------------------------------ replay: the files people have

def small_record(names: list[str] | None = None) -> dict[str, Any]:
    game = Game("cambria", names or ["Ann", "Bob", "Cy"], seed=17)
    while len(game.steps) < 15:
        game.roll() if game.is_chance() else game.play(game.legal_actions()[0])
    return make_record(game)


def test_a_file_with_a_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(small_record()).encode("utf-8"))
    assert main(["replay", str(path)]) == 0
    assert "valid record" in capsys.readouterr().out


@pytest.mark.parametrize("make", ["dev_zero", "sparse", "spaces", "deep"])
def test_huge_and_endless_files_end_with_a_clear_message(tmp_path: Path, make: str) -> None:
    if make == "dev_zero":
        if not Path("/dev/zero").exists():
            pytest.fail("this test needs /dev/zero (Linux)")
        path = "/dev/zero"
        words = "too large"
    elif make == "sparse":
        path = str(tmp_path / "huge.json")
        with open(path, "wb") as fh:
            fh.truncate(MAX_FILE * 50)  # 200 MB that take no disk
        words = "too large"
    elif make == "spaces":
        path = str(tmp_path / "spaces.json")
        Path(path).write_bytes(b" " * (MAX_FILE + 10))
        words = "too large"
    else:
        path = str(tmp_path / "deep.json")
        Path(path).write_text("[" * 100_000 + "]" * 100_000)
        words = "nested"
    # a memory limit far below what reading the whole of /dev/zero would take
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000)); "
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", limit + "from cambria.cli import main; raise SystemExit(main())",
                           "replay", path], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "rejected" in proc.stderr and words in proc.stderr
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr


def test_a_directory_or_a_missing_file_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_lone_surrogate_in_a_name_is_refused_before_valid_record(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(small_record()).replace('"Ann"', '"Ann\\udc80"'), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 1
    assert "valid record" not in proc.stdout
    assert "rejected" in proc.stderr and "player 1" in proc.stderr and "surrogate" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_names_a_terminal_cannot_show_never_end_in_a_traceback(tmp_path: Path) -> None:
    game = small_record(["Zoë", "Ωmega", "🙂 Cy"])
    path = tmp_path / "names.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    proc = run_cli("replay", str(path), env={"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0, proc.stderr
    assert "valid record" in proc.stdout and "Zo\\xeb" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_a_file_name_that_is_not_text(tmp_path: Path) -> None:
    odd = os.fsdecode(bytes(tmp_path) + b"/\xff\xfe.json")
    with open(odd, "w", encoding="utf-8") as fh:
        fh.write("[1]")
    proc = run_cli("replay", odd)
    assert proc.returncode == 1 and "rejected" in proc.stderr and "Traceback" not in proc.stderr


def test_a_record_written_by_the_engine_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game("cambria", ["Ann", "Bob"], seed=3)
    while len(game.steps) < 9:
        game.roll() if game.is_chance() else game.play(game.legal_actions()[0])
    path = tmp_path / "two.json"
    path.write_text(record_to_json(game), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "9 steps" in capsys.readouterr().out


# ------------------------------------------------------------------ tournament --seed

TIMES = {"seconds", "median", "worst", "worst_cpu", "times", "cpu"}


def without_times(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: without_times(v) for k, v in data.items() if k not in TIMES}
    if isinstance(data, list):
        return [without_times(v) for v in data]
    return data


def tournament_json(path: Path, *args: str) -> Any:
    proc = run_cli("tournament", *args, "--json", str(path))
    assert proc.returncode == 0, proc.stderr
    return json.loads(path.read_text(encoding="utf-8"))


def test_tournament_with_a_seed_is_reproducible(tmp_path: Path) -> None:
    """The same seed gives the same games, played in one process or in two."""
    args = ("--seats", "hard,normal,easy", "--games", "2", "--seed", "7", "--nodes", "3000")
    a = tournament_json(tmp_path / "a.json", *args, "--jobs", "1")
    b = tournament_json(tmp_path / "b.json", *args, "--jobs", "2")
    assert "seconds" in a and "median" in a["summary"][0]  # the times are there, and differ run to run
    assert without_times(a) == without_times(b)
    assert [g["seed"] for g in a["games_detail"]] == [7 * 1_000_003 + g for g in range(2)]
    assert all(g["clock_capped"] == [] for g in a["games_detail"])
    # the seed is what decides: another seed plays other games
    cheap = ("--seats", "normal,easy", "--games", "4")
    seven = tournament_json(tmp_path / "c.json", *cheap, "--seed", "7")
    eight = tournament_json(tmp_path / "d.json", *cheap, "--seed", "8")
    assert without_times(seven) == without_times(tournament_json(tmp_path / "e.json", *cheap, "--seed", "7"))
    assert [g["scores"] for g in seven["games_detail"]] != [g["scores"] for g in eight["games_detail"]]


# ------------------------------------------------------------------ long values, closed pipes

def last_line_of_refusal(capsys: pytest.CaptureFixture[str], *args: str, status: int) -> str:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    assert code == status
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("args", [
    ["simulate", "--game", "g" * 100_000],
    ["simulate", "--mode", "m" * 100_000],
    ["simulate", "a" * 100_000],
    ["f" * 100_000],
    ["tournament", "--seats", "normal[" + "w" * 100_000 + "=1],hard"],
])
def test_an_argument_of_any_length_gets_a_message_of_bounded_length(
        capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    line = last_line_of_refusal(capsys, *args, status=2)
    assert "error:" in line and len(line) < MAX_MESSAGE + 200, len(line)
    assert "more characters)" in line


@pytest.mark.parametrize("weight", ["1" * 100_000, "1e999", "-inf", "nan"])
def test_a_weight_that_is_no_finite_number_is_refused(capsys: pytest.CaptureFixture[str], weight: str) -> None:
    line = last_line_of_refusal(capsys, "tournament", "--seats", f"normal[boat={weight}],hard", status=2)
    assert "--seats/--map: weight 'boat' must be a finite number" in line and len(line) < 200


@pytest.mark.parametrize("field", ["step", "level"])
def test_a_record_with_a_huge_value_is_refused_in_a_message_of_bounded_length(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str) -> None:
    record = small_record()
    if field == "step":
        record["steps"][3] = "p" * 70_000
    else:
        record["players"][0]["kind"] = "computer:" + "z" * 1_000_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = last_line_of_refusal(capsys, "replay", str(path), status=1)
    assert "rejected" in line and len(line) < MAX_MESSAGE + 200 + len(str(path)), len(line)


def test_the_page_and_the_command_line_refuse_a_huge_step_in_the_same_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cambria.webapi import call as web_call

    record = small_record()
    record["steps"][3] = "p" * 70_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = last_line_of_refusal(capsys, "replay", str(path), status=1)
    answer = web_call("load", json.dumps({"record": record}))
    assert answer[0] == "0"
    message = json.loads(answer[1:])["message"]
    assert line == f"{path}: rejected: {message}"
    assert message.endswith("more characters)") and len(message) < MAX_MESSAGE + 40


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``python -m cambria replay good.json | head -1``: the reader closing the pipe is not an error."""
    path = tmp_path / "good.json"
    path.write_text(json.dumps(small_record()), encoding="utf-8")
    full = dict(os.environ, PYTHONPATH=str(ROOT))
    # the pipe's reader is gone before the command writes: every write fails, as after head -1
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "cambria", "replay", str(path)], cwd=ROOT, env=full,
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert proc.stderr == "", proc.stderr
    assert proc.returncode == PIPE_CLOSED
    # and as the README's reader would type it
    shell = subprocess.run(["bash", "-c", f"set -o pipefail; {sys.executable} -m cambria replay "
                            f"'{path}' | head -1"], cwd=ROOT, env=full, capture_output=True, text=True,
                           timeout=120)
    assert shell.stdout.startswith(f"{path}: valid record") and shell.stdout.count("\n") == 1
    assert "Traceback" not in shell.stderr and "BrokenPipe" not in shell.stderr
