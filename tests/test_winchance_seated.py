"""The win chance that knows who is playing (``winchance.chances(rules, state, levels)``, issue 37):
the shipped seated model, the games and the fit that made it (benchmarks/winchance_games.py,
benchmarks/winchance_levels.py)."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cambria import Game
from cambria.ai import winchance
from cambria.core.registry import rules_for

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("cambria", "hibernia")


@cache
def bench(name: str) -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def seated(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "cambria" / "ai" / winchance.FILE).read_text(encoding="utf-8"))
    out: dict[str, Any] = data["games"][game]["seated"]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_seated_model_covers_every_player_count_and_band(game: str) -> None:
    model = seated(game)
    facts = rules_for(game).facts
    assert model["person"] == winchance.PERSON
    assert set(model["theta"]) == {str(n) for n in range(facts.min_players, facts.max_players + 1)}
    for n, rows in model["theta"].items():
        assert len(rows) == len(model["bands"]) - 1
        assert all(len(row) == 5 + int(n) and row[1] > 0 for row in rows)   # more utility, more chance
        assert winchance.seated_model(game, int(n), 0.5) == rows[winchance.band_of(model["bands"], 0.5)]
    # the held-out figures are written beside it, for every player count and the three rivals
    brier = model["check"]["brier"]
    assert set(brier) == {"seated", "without levels", "softmax of scores", "shipped (issue 37's)"}
    assert all(set(per) == set(model["theta"]) | {"all"} for per in brier.values())
    # on the held-out games it predicts the winner better than the model without levels (fitted on
    # the same games) and than a softmax of the scores, for every player count
    for n, own in brier["seated"].items():
        assert own < brier["without levels"][n] and own < brier["softmax of scores"][n], (n, brier)


@pytest.mark.parametrize("game", GAMES)
def test_a_hard_seat_is_shown_more_than_an_easy_one_from_the_start(game: str) -> None:
    n = 3
    g = Game(game, n, seed=3)
    while g.is_chance():
        g.roll()
    rules, state = g.rules, g.state
    for hard in range(n):
        levels = ["easy"] * n
        levels[hard] = "hard"
        c = winchance.chances(rules, state, levels)
        assert abs(sum(c) - 1.0) < 1e-9
        assert c[hard] == max(c) and c[hard] > 1.5 * min(c), (levels, c)
    # a person's seat counts as PERSON; without levels the model of utility alone
    assert winchance.chances(rules, state, [None, "hard", "easy"]) == \
        winchance.chances(rules, state, [winchance.PERSON, "hard", "easy"])
    assert winchance.chances(rules, state, None) == winchance.chances(rules, state)
    # the order of play counts: the same seats, started by another player, are shown otherwise
    even = winchance.seated_shown(winchance.seated_model(game, n, 0.0) or [], [0.0] * n, ["normal"] * n, 0)
    assert max(even) - min(even) > 0.005, even


def test_the_seated_models_form_is_the_fits() -> None:
    """The page's function and the fit's agree: normalised sigmoids of the seat features."""
    theta = [-0.5, 0.9, 0.2, 0.3, -0.8, 0.9, 0.1, -0.2]
    zs, levels, start, scores, x = [2.0, -1.0, 0.5], ["easy", None, "hard"], 1, [3.0, 0.0, 6.0], 0.4
    fit = bench("winchance_levels")
    fs = [winchance.seat_features(3, z, levels[p], (p - start) % 3, scores[p] - 3.0, x) for p, z in enumerate(zs)]
    assert winchance.seated_shown(theta, zs, levels, start, scores, x) == pytest.approx(fit.normalised(theta, fs))
    record = {"game": "cambria", "levels": levels, "start": start}
    a, b = winchance.model_for("cambria", 3, x, shown=True)
    us = [(z - a) / b for z in zs]
    for p in range(3):
        assert fit.seated_features(record, p, x, us, scores) == pytest.approx(fs[p])


def test_the_fit_recovers_known_level_and_order_weights() -> None:
    """Games drawn from a known seated model (three players): the fit finds its weights."""
    fit = bench("winchance_levels")
    rng = random.Random(5)
    truth = [-0.6, 0.4, 0.0, 0.0, -1.0, 1.0, 0.3, -0.3]
    points = []
    for _ in range(3000):
        us = [rng.uniform(-4, 4) for _ in range(3)]
        levels = [rng.choice(("easy", "normal", "hard")) for _ in range(3)]
        fs = [winchance.seat_features(3, u, levels[p], p) for p, u in enumerate(us)]
        ps = fit.normalised(truth, fs)
        r, acc, winner = rng.random(), 0.0, 2
        for p, q in enumerate(ps):
            acc += q
            if r < acc:
                winner = p
                break
        points.append((fs, [1.0 if p == winner else 0.0 for p in range(3)], 1.0))
    got = fit.fit_points(points, [0.0, 0.1] + [0.0] * 6, [1e-6] + [1e-3] * 7)
    # a is weakly identified in normalised sigmoids (it only bends them): the rest within noise
    for t, g in zip(truth[1:], got[1:], strict=True):
        assert abs(t - g) < 0.25, (truth, got)


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_come_from_the_generator(game: str) -> None:
    """The first games without a Hard seat of the fit, played again, give the digest in the file."""
    gen, fit = bench("winchance_games"), bench("winchance_levels")
    digest = seated(game)["digest"]
    assert len(digest["seeds"]) == 2
    records = [gen.play(game, s) for s in digest["seeds"]]
    assert all(r["points"] and "hard" not in r["levels"] for r in records)
    assert fit.games_digest(records) == digest["sha256"]


def test_the_generator_skips_the_ranges_it_has(tmp_path, monkeypatch) -> None:
    gen = bench("winchance_games")
    played: list[tuple[str, int]] = []

    def fake(game: str, seed: int) -> dict[str, Any]:
        played.append((game, seed))
        return {"game": game, "seed": seed, "cpu": 0.0}

    monkeypatch.setattr(gen, "OUT", tmp_path)
    monkeypatch.setattr(gen, "play", fake)
    gen.generate(1_000_000, 32, 1)
    assert len(played) == 64 and len(list(tmp_path.glob("*.json.gz"))) == 4
    (tmp_path / "hibernia-1000016-1000031.json.gz").unlink()   # as if stopped during that range
    played.clear()
    gen.generate(1_000_000, 48, 1)
    assert played == [("hibernia", s) for s in range(1_000_016, 1_000_032)] + \
        [(g, s) for g in ("cambria", "hibernia") for s in range(1_000_032, 1_000_048)]
    assert [r["seed"] for r in gen.load(("hibernia",))["hibernia"]] == list(range(1_000_000, 1_000_048))


def test_the_mixes_are_those_people_meet() -> None:
    """Every level against every other, and a person (Normal) against one to four Hards."""
    gen = bench("winchance_games")
    seen: dict[tuple[str, int, str], set[tuple[str, ...]]] = {}
    for game in GAMES:
        for seed in range(1_000_000, 1_000_000 + 640):
            _, n, mix, levels = gen.setup(game, seed)
            seen.setdefault((game, n, mix), set()).add(tuple(levels))
    for (game, n, mix), lineups in seen.items():
        if mix == "person":
            assert all(sorted(lv) == ["hard"] * (n - 1) + [winchance.PERSON] for lv in lineups)
            assert len(lineups) == n    # the person in every seat
        else:
            pairs = {(a, b) for lv in lineups for a in lv for b in lv if a != b}
            assert pairs == {(a, b) for a in gen.LEVELS for b in gen.LEVELS if a != b}, (game, n)
    assert {k[1] for k in seen if k[0] == "cambria"} == {2, 3, 4, 5}
    assert math.isclose(sum(1 for k in seen if k[2] == "person"), len(seen) / 2)


@pytest.mark.parametrize(("game", "players"), [("cambria", 2), ("cambria", 4), ("hibernia", 3)])
def test_the_page_shows_what_the_fit_checked(game: str, players: int) -> None:
    """At positions of a game, ``chances(rules, state, levels)`` (what the page shows) is the fit's
    own prediction from the progress, utilities and scores the generator notes."""
    fit = bench("winchance_levels")
    data = json.loads((ROOT / "cambria" / "ai" / winchance.FILE).read_text(encoding="utf-8"))["games"][game]
    model = data["seated"]
    predict = fit.predictors(game, model["theta"], model["bands"], {}, {})["seated"]
    g = Game(game, players, seed=21)
    rng = random.Random(21)
    levels = [("easy", "hard", None, "normal")[p % 4] for p in range(players)]
    checked = 0
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        rules, state = g.rules, g.state
        if checked < 60:
            record = {"levels": [lv or winchance.PERSON for lv in levels], "start": rules.start_player(state)}
            x = winchance.progress(rules, state)
            us = winchance.utilities(rules, state)
            scores = [float(s) for s in rules.outcome(state).scores[:players]]
            assert winchance.chances(rules, state, levels) == pytest.approx(predict(record, x, us, scores))
            checked += 1
        legal = g.legal_actions()
        g.play(legal[int(rng.random() * len(legal))])
    assert checked >= 30
