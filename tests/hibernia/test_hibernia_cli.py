"""``python -m cambria simulate|replay|tournament --game hibernia``."""

from __future__ import annotations

import json
import random

import pytest

from cambria import Game
from cambria.cli import main
from cambria.core.record import make_record


def finished(seed: int = 4) -> Game:
    game = Game("hibernia", ["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            acts = game.legal_actions()
            game.play(acts[int(rng.random() * len(acts))])
    return game


def test_simulate_plays_hibernia_with_four_players_by_default(capsys):
    assert main(["simulate", "--game", "hibernia", "--games", "8", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hibernia, map hibernia, 4 players, 8 games, seed 2")
    assert "seat 4:" in out and "seat 5" not in out


def test_simulate_refuses_a_player_count_hibernia_does_not_have(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--game", "hibernia", "--players", "5", "--games", "1"])
    assert exc.value.code == 2
    assert "Hibernia is for 3 to 4 players" in capsys.readouterr().err


def test_replay_checks_a_hibernia_record_and_refuses_a_damaged_one(tmp_path, capsys):
    game = finished()
    record = make_record(game)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert f"valid record, Hibernia on hibernia, {len(game.steps)} steps" in out
    winner = game.players[game.result().winner]
    assert f"winner: {winner}" in out
    steps = list(record["steps"])
    steps[5] = "extra XYZ"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(record, steps=steps)))
    assert main(["replay", str(bad)]) == 1
    assert "step 6 'extra XYZ'" in capsys.readouterr().err


def test_tournament_plays_hibernia_seats(capsys):
    assert main(["tournament", "--game", "hibernia", "--seats", "normal,easy,random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "maps hibernia" in out and "normal" in out and "random" in out


def test_tournament_refuses_five_seats_for_hibernia(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--game", "hibernia", "--seats", "normal,normal,normal,normal,normal", "--games", "1"])
    assert "3 to 4 of" in capsys.readouterr().err


def test_the_balance_report_counts_every_win_once():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "hibernia_balance.py"
    spec = importlib.util.spec_from_file_location("hibernia_balance", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    balance, format_report = tool.balance, tool.format_report

    r = balance(6, "random", seed=2)
    assert abs(sum(r["seat_wins"]) - 6) < 1e-9 and abs(sum(r["fort_wins"]) - 6) < 1e-9
    assert r["fort_games"] == [6, 6, 6, 6] and r["forts"] == ["MCA", "SLE", "LCK", "TIP"]
    three = balance(4, "random", seed=2, players=3, advanced=True)
    assert sum(three["fort_games"]) == 12                   # one fort each game is the neutral's
    assert "starting fort" in format_report(three) and "advanced" in format_report(three)


def test_the_registry_knows_which_parts_a_game_has():
    from cambria.core import registry

    assert registry.has_part("hibernia", "definition") and registry.has_part("hibernia", "ai")
    assert registry.has_part("cambria", "web") and not registry.has_part("chess", "definition")



def colouring_tool():
    """tools/hibernia_colourings.py as a module (the tools are scripts, not a package)."""
    import importlib.util
    import sys
    from pathlib import Path

    tools = Path(__file__).resolve().parents[2] / "tools"
    sys.path.insert(0, str(tools))
    try:
        spec = importlib.util.spec_from_file_location("hibernia_colourings", tools / "hibernia_colourings.py")
        assert spec is not None and spec.loader is not None
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
    finally:
        sys.path.remove(str(tools))
    return tool


def test_the_colouring_screen_lists_only_valid_colourings_and_the_shipped_one_among_them():
    import json

    tool = colouring_tool()
    from cambria.games.hibernia.board import HiberniaBoardError, validate_board

    data = json.loads(tool.BOARD_FILE.read_text(encoding="utf-8"))
    adj = tool.neighbours(data)
    found = tool.colourings(adj)
    shipped = tuple(tool.COLOURS.index(c["colour"]) for c in data["counties"])
    assert shipped in found and len(found) == len(set(found))
    forts = tuple(i for i, c in enumerate(data["counties"]) if c["fort"])
    ranked = tool.fort_sets(data, tool.distances(adj))
    for colouring in found[::97]:       # a spread of them, each with forts of four colours: a valid board
        fs = next(f for _, f in ranked if len({colouring[i] for i in f}) == 4)
        validate_board(tool.make_board(data, colouring, fs))
    bad = list(shipped)
    bad[0] = bad[1]                                          # two neighbours (Meath, Westmeath) alike
    assert tuple(bad) not in found
    with pytest.raises(HiberniaBoardError):
        validate_board(tool.make_board(data, bad, forts))
    assert len(ranked) == 4 ** 4 and all(len({data["counties"][f]["province"] for f in fs}) == 4 for _, fs in ranked)


def test_the_near_screen_recolours_as_little_as_possible_and_gives_every_fort_all_other_colours():
    import json

    tool = colouring_tool()
    data = json.loads(tool.BOARD_FILE.read_text(encoding="utf-8"))
    adj = tool.neighbours(data)
    ids = [c["id"] for c in data["counties"]]
    forts = [i for i, c in enumerate(data["counties"]) if c["fort"]]
    shipped = tuple(tool.COLOURS.index(c["colour"]) for c in data["counties"])
    fits = tool.near_colourings(data)
    valid = set(tool.colourings(adj))
    assert fits and [k for k, _ in fits] == sorted(k for k, _ in fits)
    # the shipped board is not among them: Laois, Carlow & Kilkenny's only blue neighbour is a fort
    # (Tipperary), as on the first colouring: the rebalancing recoloured none of its neighbours
    assert shipped in valid and all(col != shipped for _, col in fits)
    lck = ids.index("LCK")
    assert tool.COLOURS.index("blue") not in {shipped[v] for v in adj[lck] if v not in forts}
    for changed, col in fits[:40]:
        assert col in valid and changed == sum(a != b for a, b in zip(col, shipped, strict=True))
        assert len({col[f] for f in forts}) == 4
        for f in forts:
            assert {col[v] for v in adj[f] if v not in forts} | {col[f]} == {0, 1, 2, 3}
    # recomputed by running tool.near_colourings on the shipped board.json (as above): the one
    # smallest change is again Wicklow & Wexford blue and Donegal yellow, two counties; the next
    # recolour four
    assert fits[0][0] == 2 and fits[1][0] == 4
    assert "".join("bgry"[k] for k in fits[0][1]) == "bgryyrbygyrbggbryrbg"
