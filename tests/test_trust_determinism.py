"""Same seed, same game, under any load: the computer players decide by node budgets.

The clock is only a safety cap.  These tests make the machine look slower than it is by
running the search's clock faster than real time (``time.perf_counter`` as the search and the
players see it), and play whole games (``tournament.play_game``: Easy, Normal and Hard seats)
with the real clock, the fast clock and a clock that never moves (pure node budgets): every
decision must be the same, and the cap must never have fired.  A clock fast enough to make the
cap fire proves the patch reaches the search (otherwise the comparisons would prove nothing).

The fast clock counts this process's CPU time, k times over: a machine k times slower.  Were it
to count wall time, the test itself would depend on how busy the machine running it is (a
starved process sees seconds pass without doing any work); the unpatched games use the real
wall clock, as the page does.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from cambria.ai import players, search
from cambria.ai.tournament import play_game

GAMES = [("cambria", ("easy", "normal", "hard"), 2), ("cumbria", ("hard", "easy"), 2)]


def clock(speed: float | None) -> SimpleNamespace:
    """A stand-in for the ``time`` module whose clock advances ``speed`` seconds for every second of
    CPU time this process spends (``None``: a clock that never moves, so only the node budgets can
    end a search)."""
    start = time.perf_counter()
    cpu = time.process_time()

    def perf_counter() -> float:
        return start if speed is None else start + (time.process_time() - cpu) * speed

    return SimpleNamespace(perf_counter=perf_counter, process_time=time.process_time)


def play(monkeypatch: pytest.MonkeyPatch, speed: float | None, board: str, levels: tuple[str, ...],
         seed: int) -> tuple[list[tuple[str, Any, bool]], dict[str, Any]]:
    """Play one game with the search's clock at ``speed``; every decision with its level and
    whether the cap ended it, and the game's result."""
    decisions: list[tuple[str, Any, bool]] = []
    real_choose: Callable[..., players.Choice] = players.choose

    def recording_choose(*args: Any, **kw: Any) -> players.Choice:
        choice = real_choose(*args, **kw)
        decisions.append((choice.level, str(choice.action), choice.clock_capped))
        return choice

    with monkeypatch.context() as m:
        fake = clock(speed)
        m.setattr(search, "time", fake)
        m.setattr(players, "time", fake)
        m.setattr(players, "choose", recording_choose)
        result = play_game(board, levels, seed)
    return decisions, result


def outcome(result: dict[str, Any]) -> tuple[Any, ...]:
    return result["winners"], result["scores"], result["turns"], result["clock_capped"]


@pytest.mark.parametrize("board, levels, seed", GAMES)
def test_a_slow_machine_plays_the_same_game(monkeypatch: pytest.MonkeyPatch, board: str,
                                            levels: tuple[str, ...], seed: int) -> None:
    """Real clock, a clock three times as fast (a machine three times as slow, or as loaded) and
    no clock at all: the same decisions, one by one, and the cap never fires."""
    real, real_result = play(monkeypatch, 1.0, board, levels, seed)
    assert {level for level, _, _ in real} == set(levels)
    assert len(real) > 20
    for speed in (3.0, None):
        other, other_result = play(monkeypatch, speed, board, levels, seed)
        capped = [d for d in other if d[2]]
        assert not capped, f"the clock cap fired at speed {speed}: {capped[:3]}"
        assert other == real, f"speed {speed}: the game went another way"
        assert outcome(other_result) == outcome(real_result)
    assert real_result["clock_capped"] == []


def test_easy_and_normal_on_a_machine_ten_times_as_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    levels = ("normal", "easy", "normal", "easy", "normal")
    real, _ = play(monkeypatch, 1.0, "cambria", levels, 11)
    slow, _ = play(monkeypatch, 10.0, "cambria", levels, 11)
    assert not any(d[2] for d in slow)
    assert slow == real


def test_the_fast_clock_reaches_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock a million times as fast makes the cap fire: so the patch is where the search
    looks, the cap is reported (``clock_capped``), and the game still ends with legal moves."""
    decisions, result = play(monkeypatch, 1e6, "cumbria", ("hard", "easy"), 2)
    capped = [d for d in decisions if d[2]]
    assert capped and {level for level, _, _ in capped} <= {"hard", "easy"}
    assert result["clock_capped"] and result["clock_capped"][0]["level"] in ("hard", "easy")
    assert result["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 6))
@pytest.mark.parametrize("levels", [("hard", "normal", "easy"), ("easy", "hard", "normal", "hard"),
                                    ("hard", "normal", "easy", "normal", "hard"), ("hard", "hard")])
def test_many_games_on_a_machine_three_times_as_slow(monkeypatch: pytest.MonkeyPatch, seed: int,
                                                     levels: tuple[str, ...]) -> None:
    board = "cambria" if seed % 2 else "cumbria"
    real, _ = play(monkeypatch, 1.0, board, levels, seed)
    for speed in (3.0, None):
        other, _ = play(monkeypatch, speed, board, levels, seed)
        assert not any(d[2] for d in other)
        assert other == real
