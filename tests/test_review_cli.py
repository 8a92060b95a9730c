"""``python -m cambria review FILE``: the same REVIEW as the worker's ``review_run`` (JSON), a text
form with each player's summary, biggest mistakes and why in English, the win chances by turn;
a file that is not a finished game's record gets one clear line and the replay command's codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cambria.ai import review as review_module
from cambria.ai.review_text import WHY, summary_line, word_part
from cambria.cli import main
from cambria.webapi import call, handle
from reviewgames import play_record
from test_i18n import load_catalog

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> tuple[Path, dict]:
    record, _ = play_record("cambria", ["normal", "normal"], 11)
    path = tmp_path_factory.mktemp("review") / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, record


@pytest.fixture(scope="module")
def cli_json(record_file) -> dict:
    path, _ = record_file
    import contextlib
    import io

    out = io.StringIO()
    review_module._CACHE.clear()
    with contextlib.redirect_stdout(out):
        assert main(["review", str(path), "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_json_is_the_workers_review(record_file, cli_json):
    _, record = record_file
    review_module._CACHE.clear()
    items: list = []
    while True:
        out = json.loads(handle("review_run", json.dumps({"record": record, "items": items, "budget_ms": 2000})))
        items = out["items"]
        if out["done"]:
            break
    assert out["result"] == cli_json
    assert cli_json["total"] == len(cli_json["decisions"]) > 10 and cli_json["game"] == "cambria"


def test_the_text_form_has_summaries_mistakes_and_the_chances(record_file, cli_json, capsys):
    path, record = record_file
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out
    names = [p["name"] for p in record["players"]]
    board = review_module.replayed(record).game.board
    for p, summary in enumerate(cli_json["summary"]):
        assert f"{names[p]} ({cli_json['players'][p]['colour']}): {summary_line(summary)}\n" in text
        for index in cli_json["mistakes"][str(p)]:
            item = cli_json["decisions"][index]
            assert (f"turn {item['turn']}: played {item['played']}, better {item['best']}, "
                    f"loss {item['loss']:.1f} ({item['verdict']})") in text
            if item["why"]:
                assert f"    the better move {word_part(item['why'][0], names, board)}\n" in text
    assert re.search(r"^\s+turn" + "".join(rf"\s+{re.escape(n)}" for n in names) + r"\s*$", text, re.M)
    last = cli_json["chart"]["points"][-1]
    assert re.search(rf"^\s+{last['turn']}" + "".join(rf"\s+{x}" for x in last["chances"]) + r"\s*$", text, re.M)
    # one player only
    assert main(["review", str(path), "--player", "2"]) == 0
    one = capsys.readouterr().out
    assert summary_line(cli_json["summary"][1]) in one and f"{names[0]} (" not in one


def test_a_why_line_names_forts_and_players_as_the_page_does():
    from cambria import Game

    board = Game("cambria", 3, seed=1).board
    part = {"key": "hint.why.deny", "args": {"name": {"seat": 1}, "fort": {"fort": 3}}}
    assert word_part(part, ["Ann", "Bob", "Cy"], board) == f"keeps Bob from taking {board.forts[3].name}"
    walk = {"key": "hib.hint.walk", "args": {"count": 1}}
    assert word_part(walk, [], None) == "walks your marker 1 step"
    assert word_part(dict(walk, args={"count": 3}), [], None) == "walks your marker 3 steps"
    hib = Game("hibernia", 4, seed=1).board
    assert word_part({"key": "hib.hint.take", "args": {"county": {"county": "MEA"}}}, [], hib) == "takes Meath"


def test_the_english_words_are_the_pages():
    """WHY mirrors web/i18n/en.js (the command line must not read the site's files), and every
    reason a game's explain module gives has its words there."""
    en = load_catalog("en")
    assert {k: en.get(k) for k in WHY} == WHY
    keys = set()
    for path in (ROOT / "cambria" / "games").glob("*/explain.py"):
        keys |= set(re.findall(r'part\("([\w.]+)"', path.read_text(encoding="utf-8")))
    keys.add("hint.why.best")
    assert keys and keys <= set(WHY), keys - set(WHY)


def test_a_bad_file_gets_one_clear_line(tmp_path, capsys):
    cases = {
        "notjson.json": ("{not json", 1, "not valid JSON"),
        "other.json": (json.dumps({"format": "something"}), 1, "not a Cambria game record"),
        "illegal.json": (None, 1, "step"),
        "unfinished.json": (None, 1, "not finished"),
    }
    record, _ = play_record("cambria", ["normal", "normal"], 4)
    cases["illegal.json"] = (json.dumps(dict(record, steps=record["steps"][:5] + ["p99"])), 1, "step 6")
    unfinished = {k: v for k, v in record.items() if k != "result"}
    cases["unfinished.json"] = (json.dumps(dict(unfinished, steps=record["steps"][:30])), 1, "not finished")
    for name, (text, code, words) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert main(["review", str(path)]) == code
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and words in captured.err, captured.err
        assert captured.err.startswith(f"{path}: rejected: ")
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read" in err
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["review", str(good), "--player", "3"])
    assert exc.value.code == 2 and "players 1 to 2" in capsys.readouterr().err


def test_another_process_prints_the_same_review(record_file, cli_json):
    """Nothing in the review depends on the process (hash seeds, the order sets iterate in): a
    fresh interpreter with another hash seed prints the very same JSON."""
    import os
    import subprocess
    import sys

    path, _ = record_file
    env = dict(os.environ, PYTHONHASHSEED="12345",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "cambria", "review", str(path), "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == cli_json


def test_a_record_encoded_twice_is_refused_as_replay_refuses_it(record_file, tmp_path, capsys):
    """A record's text saved as a JSON string (``json.dumps`` of the text) is not a record: review
    says so in replay's words instead of reading the string's contents as a record."""
    _, record = record_file
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(json.dumps(record)), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    replay_err = capsys.readouterr().err
    assert main(["review", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == replay_err
    assert captured.err == f"{path}: rejected: a game record is a JSON object\n"
    # the worker's review refuses the same text sent as the record
    answer = call("review_run", json.dumps({"record": json.dumps(json.dumps(record))}))
    assert answer[0] == "0" and json.loads(answer[1:])["code"] == "bad_record", answer
    assert "a game record is a JSON object" in answer


@pytest.mark.parametrize("size", [4_000_001, 5_000_000, 12_345_678])
def test_a_file_too_large_is_refused_with_its_real_size(tmp_path, capsys, size):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:  # sparse where the file system allows: no 12 MB written
        fh.truncate(size)
    for command in ("review", "replay"):
        assert main([command, str(path)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"({size:,} bytes;" in err, err
        assert "4,000,001" not in err or size == 4_000_001
