"""The command line: ``python -m cambria simulate`` and ``python -m cambria replay FILE``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.cli import main
from cambria.core.record import record_to_json

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "cambria", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def finished_game(seed: int = 3, players: int = 3, map_id: str = "cambria") -> Game:
    game = Game(map_id, players, seed=seed)
    pick = __import__("random").Random(seed)
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            game.play(rules.random_action(game.state, pick))
    return game


def test_simulate_prints_speed_turns_and_seat_win_rates():
    proc = run_cli("simulate", "--players", "3", "--games", "20", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "20 games" in out and "seed 1" in out
    assert re.search(r"[\d,.]+ games/s", out)
    assert re.search(r"[\d,.]+ turns/s", out)
    m = re.search(r"average ([\d.]+) turns", out)
    assert m and float(m.group(1)) > 10
    rates = re.findall(r"seat (\d): ([\d.]+)%", out)
    assert [int(s) for s, _ in rates] == [1, 2, 3]
    assert abs(sum(float(r) for _, r in rates) - 100) < 0.5


def test_simulate_average_turns_is_reproducible(capsys):
    assert main(["simulate", "--players", "4", "--games", "10", "--seed", "7", "--map", "cumbria"]) == 0
    first = capsys.readouterr().out
    assert main(["simulate", "--players", "4", "--games", "10", "--seed", "7", "--map", "cumbria"]) == 0
    second = capsys.readouterr().out
    pick = lambda text: (re.findall(r"average [\d.]+ turns", text), re.findall(r"seat \d: [\d.]+%", text))  # noqa: E731
    assert pick(first) == pick(second)
    assert "map cumbria, 4 players" in first


def test_simulate_both_maps(capsys):
    assert main(["simulate", "--players", "2", "--games", "3", "--map", "both"]) == 0
    out = capsys.readouterr().out
    assert "map cambria" in out and "map cumbria" in out
    assert len(re.findall(r"seat 2:", out)) == 2


@pytest.mark.parametrize("args", [["simulate", "--players", "6"], ["simulate", "--map", "hibernia"], ["fly"], []])
def test_bad_arguments_exit_with_usage(args):
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert "usage" in proc.stderr


def test_replay_of_a_finished_game_prints_the_final_score(tmp_path):
    game = finished_game()
    path = tmp_path / "game.json"
    path.write_text(record_to_json(game), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "valid record" in out and "final score" in out
    res = game.result()
    for c, name in enumerate(game.players):
        assert re.search(rf"{re.escape(name)}\s+{res.scores[c]} points", out), out
    assert f"winner: {game.players[res.winner]}" in out


def test_replay_of_a_two_player_game_lists_the_neutral(tmp_path):
    game = finished_game(seed=8, players=2, map_id="cumbria")
    path = tmp_path / "two.json"
    path.write_text(record_to_json(game), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "Neutral" in proc.stdout and "final score" in proc.stdout


def test_replay_of_a_game_in_progress(tmp_path, capsys):
    game = Game("cambria", ["Ann", "Bob", "Cy"], seed=4)
    for _ in range(30):
        game.roll() if game.is_chance() else game.play(game.legal_actions()[0])
    path = tmp_path / "partial.json"
    path.write_text(record_to_json(game), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "in progress" in out and "winner" not in out


def test_replay_of_a_bad_record_exits_non_zero_with_the_message(tmp_path):
    game = finished_game(seed=5)
    record = json.loads(record_to_json(game))
    record.pop("result")
    record["steps"][10] = "p999"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode != 0
    assert "rejected" in proc.stderr and "step 11 'p999'" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("content, words", [
    (b'{"format": "cambria-record", "version": 1, "map": "camb', "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b'{"format": "cambria-record", "version": 99}', "newer"),
    (b"[1, 2, 3]", "JSON object"),
])
def test_replay_of_damaged_files(tmp_path, capsys, content, words):
    path = tmp_path / "damaged.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "rejected" in err and words in err


def test_replay_of_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_of_pathological_json_fails_cleanly(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text('{"format": "cambria-record", "version": 1, "seed": ' + "9" * 5000 + "}")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 1
    assert "rejected" in proc.stderr and "Traceback" not in proc.stderr
