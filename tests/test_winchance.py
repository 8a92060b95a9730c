"""The win chance (cambria/ai/winchance.py): its API, the shipped calibration and the script
that fitted it (benchmarks/winchance_fit.py).

"Enough" samples for a bin of the ten-bin check is ``ENOUGH`` (200 samples, i.e. player
positions at decision points, from at least ``ENOUGH_GAMES`` different games): such a bin must
be within 5 points; a bin with fewer is still listed in the table, and the tests say which.
"""

from __future__ import annotations

import importlib.util
import json
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
ENOUGH = 200          # samples in a bin for the 5-point bound
ENOUGH_GAMES = 30     # ... from at least this many games (samples of one game go together)
BOUND = 0.05
FRESH_SEED = 5_000_000   # the slow check's games: far from the fit's seeds (0 .. 1,999)


@cache
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("winchance_fit", ROOT / "benchmarks" / "winchance_fit.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["winchance_fit"] = mod   # so that its worker processes find its functions by name
    spec.loader.exec_module(mod)
    return mod


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "cambria" / "ai" / winchance.FILE).read_text(encoding="utf-8"))
    return data


def out_of_bound(bins: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The bins with enough samples that miss the bound, and the bins with too few (for the message)."""
    bad, thin = [], []
    for b in bins:
        line = (f"{b['bin'][0]:.0%}-{b['bin'][1]:.0%}: shown {b['predicted']:.3f}, observed {b['observed']:.3f}, "
                f"{b['samples']} samples from {b['games']} games")
        if b["samples"] >= ENOUGH and b["games"] >= ENOUGH_GAMES:
            if abs(b["predicted"] - b["observed"]) > BOUND:
                bad.append(line)
        else:
            thin.append(line)
    return bad, thin


# ------------------------------------------------------------------- the shipped calibration

@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_calibration_is_within_5_points_in_every_bin_with_enough_samples(game: str) -> None:
    model = shipped()["games"][game]
    about = model["about"]
    facts = rules_for(game).facts
    # the fit's games: at least 2,000, every player count, every level
    assert about["fit"]["games"] + about["held_out"]["games"] >= 2000
    counts = {str(n) for n in range(facts.min_players, facts.max_players + 1)}
    assert set(about["fit"]["games_by_players"]) == counts == set(about["held_out"]["games_by_players"])
    assert set(about["fit"]["seats_by_level"]) == {"easy", "normal", "hard"}
    assert set(model["models"]) == counts
    bins = model["check"]
    # every bin the held-out games have is in the table, in order, none left out
    assert [b["bin"][0] for b in bins] == sorted(b["bin"][0] for b in bins)
    assert sum(b["samples"] for b in bins) == about["held_out"]["samples"]
    bad, thin = out_of_bound(bins)
    assert not bad, "bins off by more than 5 points:\n" + "\n".join(bad)
    # the bound is not passed by having no data: most bins have enough
    assert len(bins) - len(thin) >= 8, "bins with too few samples:\n" + "\n".join(thin)


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_figures_come_from_the_fit_script(game: str) -> None:
    """The first games of the fit, played again by the script's own functions, give the very
    samples whose digest the file holds (the games are functions of their seeds)."""
    fit = script()
    digest = shipped()["games"][game]["digest"]
    assert len(digest["seeds"]) >= 3
    records = [fit.play(game, seed) for seed in digest["seeds"]]
    assert all(r["points"] for r in records)
    assert fit.samples_digest(records) == digest["sha256"]


def test_the_fits_cache_is_not_taken_for_more_games_than_it_holds(tmp_path, monkeypatch) -> None:
    """A run of 150 games caches a short last chunk (100..149); a later run of 200 must play the
    missing 150..199, not fit on 150 games (and a run of 120 reads the games it needs from it)."""
    fit = script()
    played: list[int] = []

    def fake_play_many(tasks, jobs, progress=True):
        played.extend(s for _, s in tasks)
        return [{"game": g, "seed": s} for g, s in tasks]

    monkeypatch.setattr(fit, "CACHE", tmp_path)
    monkeypatch.setattr(fit, "play_many", fake_play_many)
    seeds = lambda out: [r["seed"] for r in out["cambria"][0]]  # noqa: E731
    assert seeds(fit.load_or_play(["cambria"], 0, 150, 1, False)) == list(range(150))
    assert seeds(fit.load_or_play(["cambria"], 0, 200, 1, False)) == list(range(200))
    assert played == list(range(150)) + list(range(100, 200))
    assert seeds(fit.load_or_play(["cambria"], 0, 120, 1, False)) == list(range(120))
    assert len(played) == 250  # all from the cache
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cambria-0-100.json.gz", "cambria-100-100.json.gz"]


def test_the_fit_recovers_a_known_logistic() -> None:
    fit = script()
    rng = random.Random(3)
    xs = [rng.uniform(-8, 8) for _ in range(4000)]
    ys = [1.0 if rng.random() < winchance.sigmoid(-0.7 + 0.5 * x) else 0.0 for x in xs]
    a, b = fit.fit_logistic(xs, ys)
    assert abs(a + 0.7) < 0.15 and abs(b - 0.5) < 0.08


# ------------------------------------------------------------------------------- the API

def play_to(game: str, players: int, seed: int, decisions: int) -> Game:
    g = Game(game, players, seed=seed)
    rng = random.Random(seed)
    done = 0
    while not g.is_over() and done < decisions:
        if g.is_chance():
            g.roll()
            continue
        legal = g.legal_actions()
        g.play(legal[int(rng.random() * len(legal))])
        done += 1
    return g


@pytest.mark.parametrize(("game", "players"), [("cambria", 2), ("cambria", 3), ("cambria", 5),
                                               ("hibernia", 3), ("hibernia", 4)])
def test_chances_sum_to_one_and_percents_to_100_all_through_a_game(game: str, players: int) -> None:
    g = Game(game, players, seed=11)
    rng = random.Random(11)
    seen = 0
    while True:
        c = winchance.chances(g.rules, g.state)
        assert len(c) == players and abs(sum(c) - 1.0) < 1e-9 and all(0.0 <= x <= 1.0 for x in c)
        pct = winchance.percents(c)
        assert sum(pct) == 100 and all(abs(p - 100 * x) < 1 for p, x in zip(pct, c, strict=True))
        assert 0.0 <= winchance.progress(g.rules, g.state) <= 1.0
        seen += 1
        if g.is_over():
            break
        if g.is_chance():
            g.roll()
        else:
            legal = g.legal_actions()
            g.play(legal[int(rng.random() * len(legal))])
    assert seen > 20


@pytest.mark.parametrize(("game", "players"), [("cambria", 3), ("cambria", 2), ("hibernia", 4)])
def test_a_finished_game_gives_its_winner_everything(game: str, players: int) -> None:
    g = play_to(game, players, 4, 10**6)
    assert g.is_over()
    winners = g.result().winners
    c = winchance.chances(g.rules, g.state)
    assert c == [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    assert winchance.progress(g.rules, g.state) == 1.0


def test_a_shared_win_is_split() -> None:
    class Shared:
        winners = (0, 2)

    class Rules:
        facts = rules_for("hibernia").facts

        def num_players(self, s: Any) -> int:
            return 4

        def is_terminal(self, s: Any) -> bool:
            return True

        def outcome(self, s: Any) -> Shared:
            return Shared()

    assert winchance.chances(Rules(), None) == [0.5, 0.0, 0.5, 0.0]


def test_a_clearly_winning_cambria_position_gives_its_leader_the_best_chance() -> None:
    g = play_to("cambria", 3, 8, 40)
    s = g.state.copy()
    # player 1 has taken the first seven forts (and their tokens): far ahead on points
    for f in list(s.uncaptured)[:7]:
        s.fort_owner[f] = 1
        if s.vp_owner[f] == -1:
            s.vp_owner[f] = 1
        s.uncaptured.remove(f)
    c = winchance.chances(g.rules, s)
    assert c[1] > 0.8 and c[1] > 4 * max(c[0], c[2])
    assert winchance.progress(g.rules, s) > winchance.progress(g.rules, g.state)


def test_a_clearly_winning_hibernia_position_gives_its_leader_the_best_chance() -> None:
    g = play_to("hibernia", 4, 8, 12)
    s = g.state.copy()
    s.track[:4] = [12, 33, 14, 10]   # player 1 nearly round the track, the others far behind
    c = winchance.chances(g.rules, s)
    assert c[1] > 0.7 and c[1] > 4 * max(c[0], c[2], c[3])
    assert winchance.progress(g.rules, s) == pytest.approx(33 / 40)


@pytest.mark.parametrize("game", GAMES)
def test_chance_increases_with_the_utility(game: str) -> None:
    g = play_to(game, 3, 2, 30)
    rules, s = g.rules, g.state
    values = [winchance.chance(rules, s, 0, u) for u in (-20, -5, -1, 0, 1, 5, 20)]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert all(0.0 < v < 1.0 for v in values)
    # at utility 0 a player's raw chance is near the fair share (the model is fitted, not set)
    assert 0.15 < winchance.chance(rules, s, 0, 0.0) < 0.6


def test_percents_round_by_the_largest_remainder() -> None:
    assert winchance.percents([0.5, 0.5]) == [50, 50]
    assert winchance.percents([1 / 3] * 3) == [34, 33, 33]
    assert winchance.percents([0.2] * 5) == [20] * 5
    assert winchance.percents([0.004, 0.006, 0.99]) == [0, 1, 99]
    assert winchance.percents([0.0, 0.0]) == [50, 50]   # no information: even
    for seed in range(200):
        rng = random.Random(seed)
        xs = [rng.random() for _ in range(rng.randint(2, 5))]
        pct = winchance.percents([x / sum(xs) for x in xs])
        assert sum(pct) == 100 and all(p >= 0 for p in pct)


def test_the_model_is_shipped_under_the_package() -> None:
    """The browser's engine gets every *.json under the package; the module reads its file
    beside itself (importlib.resources), so a fitted model is in force, not the interim one."""
    data = shipped()
    for game in GAMES:
        bands = data["games"][game]["bands"]
        for key, shown in (("models", False), ("shown", True)):
            for n, rows in data["games"][game][key].items():
                assert len(rows) == len(bands) - 1
                a, b = winchance.model_for(game, int(n), 0.5, shown=shown)
                assert [a, b] == rows[winchance.band_of(bands, 0.5)]
                assert all(row[1] > 0 for row in rows)
        # a player's own chance is a chance: near the fair share at utility 0, in every band
        for n, rows in data["games"][game]["models"].items():
            assert all(0.5 / int(n) < winchance.sigmoid(a) < 2.0 / int(n) for a, _ in rows)


# ------------------------------------------------------------------ fresh games, never fitted

def fresh_records(game: str, count: int, without_hard: bool) -> list[dict[str, Any]]:
    fit = script()
    seeds = []
    seed = FRESH_SEED
    while len(seeds) < count:
        if not without_hard or "hard" not in fit.setup(game, seed)[2]:
            seeds.append(seed)
        seed += 1
    return [fit.play(game, s) for s in seeds]


@pytest.mark.parametrize("game", GAMES)
def test_fresh_games_agree_with_the_model_roughly(game: str) -> None:
    """A quick sample of the slow check below: a few dozen new games (no Hard seat, to keep the
    default run short).  Too few games for the 5-point bound per bin, so: the shown chance
    beats the fair share at predicting the winner (Brier score; on the fit's held-out games it
    scores 0.84 of the fair share's in Cambria, 0.74 in Hibernia, and sets of 30 games range up
    to 0.98 and 0.84), and the bins with enough samples are within 10 points."""
    fit = script()
    data = shipped()["games"][game]
    records = fresh_records(game, 40, without_hard=True)
    brier = fair = 0.0
    for r in records:
        n = len(r["levels"])
        for x, us in r["points"]:
            for p, c in enumerate(fit.predicted(data, game, n, x, us)):
                y = fit.won(r, p)
                brier += (c - y) ** 2
                fair += (1.0 / n - y) ** 2
    assert brier < fair
    for b in fit.check(records, data):
        if b["samples"] >= ENOUGH and b["games"] >= 15:
            assert abs(b["predicted"] - b["observed"]) <= 0.10, b


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_fresh_games_are_within_5_points_in_every_bin_with_enough_samples(game: str) -> None:
    """400 games per game with seeds the fit never used, levels and player counts drawn as in
    the fit (Hard included): the shipped model within 5 points in every bin with enough samples."""
    fit = script()
    data = shipped()["games"][game]
    records = fit.play_all(game, range(FRESH_SEED, FRESH_SEED + 400), jobs=2, progress=False)
    bins = fit.check(records, data)
    bad, thin = out_of_bound(bins)
    print(fit.format_bins(bins))
    assert not bad, "bins off by more than 5 points:\n" + "\n".join(bad)
    assert len(bins) - len(thin) >= 6, "bins with too few samples:\n" + "\n".join(thin)
