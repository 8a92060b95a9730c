"""Hard's learned fort values: the self-play table, its blend into Hard's own evaluation, and
the script that writes it (benchmarks/fort_stats.py)."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.games.cambria.ai import AI, HARD_PARAMS
from cambria.games.cambria.evaluate import Params, evaluator_for
from cambria.games.cambria.fort_stats import PRIOR, FortStats, situation, stats_for
from cambria.games.cambria.state import TURN

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fort_stats_script", ROOT / "benchmarks" / "fort_stats.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def three_player_positions(count: int = 6) -> list:
    g = Game("cambria", 3, seed=5)
    pick = random.Random(5)
    s = g.state
    out = []
    while not s.is_over() and len(out) < count:
        if s.is_chance():
            rules.apply_chance(s, rules.sample_chance(s, pick))
            continue
        if s.phase == TURN and s.turns % 4 == 0:
            out.append(s.copy())
        rules.apply(s, rules.random_action(s, pick), False)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_shipped_tables_are_whole_and_add_up(players: int) -> None:
    stats = stats_for(players)
    assert stats is not None and stats.games >= 10_000
    colours = players + (players == 2)   # the neutral colour of a two-player game counts too
    assert stats.n_colours == colours and len(stats.table) > 300
    for (counts, empty, blocked, left), (n, first, second) in stats.table.items():
        assert len(counts) == colours and list(counts) == sorted(counts, reverse=True)
        assert 2 <= sum(counts) + empty + blocked <= 6 and blocked in (0, 1) and 1 <= left <= 5
        assert n > 0 and sum(first) <= 1 + 1e-9 and sum(second) <= 1 + 1e-9
        # colours level on warriors are alike: the table does not tell them apart
        for i in range(colours - 1):
            if counts[i] == counts[i + 1]:
                assert first[i] == first[i + 1] and second[i] == second[i + 1]


def test_the_three_player_table_says_what_the_fill_model_gets_wrong() -> None:
    stats = stats_for(3)
    assert stats is not None
    # what the fill model gets most wrong, in the table's own words: an empty fort of two
    # roads early on is taken most of the time (80%), not one time in three
    n, first, _ = stats.table[((0, 0, 0), 2, 0, 5)]
    assert n > 1_000_000 and 0.7 < sum(first) < 0.9
    # the leader of a five-road fort at 2-1-1 with a road to go takes it far more often than
    # random colours filling that road would let her (one time in three)
    n, first, _ = stats.table[((2, 1, 1), 1, 0, 5)]
    assert first[0] > 0.6


def test_a_bad_table_is_refused() -> None:
    with pytest.raises(ValueError, match="does not add up"):
        FortStats([[1, 0, 0, 1, 0, 5, 10, 11, 0, 0, 0, 0, 0]], 3)
    with pytest.raises(ValueError, match="numbers"):
        FortStats([[1, 0, 0, 1, 0, 5, 10]], 3)


def test_hard_blends_the_table_into_its_own_values_and_normal_does_not() -> None:
    assert all(p is not None and p.learned == 1.0 for p in HARD_PARAMS.values())
    s = three_player_positions(1)[0]
    hard = AI.hard_hooks(s).own_evaluator
    normal = AI.search_hooks(s).evaluator
    assert hard.stats is not None and normal.stats is None
    stats = stats_for(3)
    assert stats is not None
    checked = 0
    for f in range(len(s.board.forts)):
        n_roads = s.board.fort_numbers[f]
        for counts in ((2, 1, 0), (0, 1, 2), (1, 0, 0), (1, 1, 1)):
            for empty in range(n_roads - sum(counts) + 1):
                blocked = n_roads - sum(counts) - empty
                if blocked > 1:
                    continue
                fill = normal.fort_value(f, counts, empty, -1, 5)
                assert hard.fill_value(f, counts, empty, -1, 5) == fill
                key, order = situation(counts, empty, blocked, 5)
                hit = stats.lookup(key)
                got = hard.fort_value(f, counts, empty, -1, 5)
                if hit is None:
                    assert got == fill
                    continue
                n, first, second = hit
                w = n / (n + PRIOR)
                vp = hard.vp[f]
                for rank, c in enumerate(order):
                    seen = (n_roads + 0.05) * first[rank] + ((vp + 0.05) * second[rank] if vp else 0.0)
                    assert got[c] == pytest.approx(w * seen + (1 - w) * fill[c], abs=1e-12)
                checked += 1
    assert checked > 20
    # tuning weights given explicitly replace Hard's own, as in `--seats "hard[learned=0]"`
    assert AI.hard_hooks(s, Params()).own_evaluator.stats is None
    # a file without a table for a player count gives none
    assert stats_for(4, {"players": {}}) is None


def test_the_learned_values_change_hards_judgement_not_the_rules() -> None:
    # the same positions, judged with and without the table: different utilities (so the
    # table is really used), and both searches pick legal actions
    from cambria.ai.players import choose

    changed = 0
    for s in three_player_positions(4):
        base = evaluator_for(s, Params(), "test-plain").utilities(s)
        learned = evaluator_for(s, Params(learned=1.0), "test-learned").utilities(s)
        changed += base != learned
        legal = rules.legal_actions(s)
        for params in (None, Params()):
            assert choose(Game("cambria", 3, seed=0).rules, s, "hard", random.Random(1), nodes=3000, params=params).action in legal
    assert changed == 4


def test_the_script_counts_the_same_table_the_evaluation_reads(tmp_path: Path) -> None:
    fs = script()
    counts = fs.collect(3, 3, 777)
    assert counts == fs.collect(3, 3, 777)           # seeded: the same games, the same counts
    out = tmp_path / "stats.json"
    out.write_text(json.dumps({"players": {"4": {"level": "normal", "games": 1, "first_seed": 1,
                                                 "rows": [[1, 0, 0, 0, 1, 0, 5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]]}}}))
    fs.write(out, 3, 3, 777, counts)
    data = json.loads(out.read_text())
    assert set(data["players"]) == {"3", "4"}           # other player counts are kept
    stats = stats_for(3, data)
    assert stats is not None and stats.games == 3
    total = sum(row[0] for row in counts.values())
    assert sum(n for n, _, _ in stats.table.values()) == total
    # every position before a regular turn noted each open fort once: at most 16 forts
    assert total > 16 * 10
    for row in counts.values():
        assert sum(row[1:4]) <= row[0] and sum(row[4:7]) <= row[0]
