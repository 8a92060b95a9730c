"""Each player's chance to win, from the default evaluation, calibrated on self-play.

The evaluation (``ai_for(id).search_hooks(state).evaluate(state)``) gives every regular
player a utility on the scale of the game's points (Cambria) or steps (Hibernia): her
expected score minus a mix of the best and the mean rival's.  A utility is not a chance:
a two-point lead means little at the start and nearly everything near the end.  So the
chance is a logistic of the utility per number of players and band of the game's
progress (the game's own ``progress(state)`` hook, 0 at the start, 1 at the end):

    P(player wins) = 1 / (1 + exp(-(a + b * utility)))

with ``a`` and ``b`` fitted on thousands of self-play games (``benchmarks/winchance_fit.py``
writes ``winchance.json`` beside this module; ``docs/ai.md``, "Win chance", has the figures).
``chance`` is that logistic for one player alone; ``chances`` normalises the players' values
to sum to 1, with ``a`` and ``b`` fitted for that normalised value (the one the page shows);
at the end of the game the winner has 1 (a shared win is split evenly).  One evaluation per call: the page asks for every view.

>>> percents([0.5, 0.25, 0.25])
[50, 25, 25]
>>> percents([1 / 3, 1 / 3, 1 / 3])
[34, 33, 33]
>>> sum(percents([0.123, 0.456, 0.2, 0.221]))
100
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any, Sequence

from ..core.registry import ai_for

__all__ = ["chances", "chance", "progress", "percents", "utilities", "model_for", "band_of", "sigmoid",
           "FILE"]

FILE = "winchance.json"

# The model until the calibration file is there (or lacks a game): the even chance 1/n at
# utility 0 and a guessed slope per point (Cambria) or step (Hibernia).
_INTERIM: dict[str, Any] = {
    "cambria": {"bands": [0.0, 1.0], "slope": 0.35},
    "hibernia": {"bands": [0.0, 1.0], "slope": 0.15},
}
_DEFAULT_SLOPE = 0.3

_loaded: dict[str, Any] = {}


def _data() -> dict[str, Any]:
    """The calibration file, read on first use (``{}`` if it is not there)."""
    if "data" not in _loaded:
        try:
            text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
            _loaded["data"] = json.loads(text)
        except (FileNotFoundError, OSError):  # pragma: no cover - only before the first fit
            _loaded["data"] = {}
    data: dict[str, Any] = _loaded["data"]
    return data


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments.

    >>> sigmoid(0.0), round(sigmoid(50.0), 6), round(sigmoid(-800.0), 6)
    (0.5, 1.0, 0.0)
    """
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def band_of(edges: Sequence[float], x: float) -> int:
    """The band of progress ``x`` for band edges ``[0, e1, ..., 1]`` (the last band holds 1).

    >>> band_of([0.0, 0.5, 1.0], 0.0), band_of([0.0, 0.5, 1.0], 0.5), band_of([0.0, 0.5, 1.0], 1.0)
    (0, 1, 1)
    """
    k = 0
    while k + 2 < len(edges) and x >= edges[k + 1]:
        k += 1
    return k


def model_for(game: str, n_players: int, x: float, shown: bool = False) -> tuple[float, float]:
    """``(a, b)`` of the logistic for ``game`` with ``n_players`` players at progress ``x``: a
    player's own chance (``chance``), or with ``shown`` the one fitted for the players' values
    normalised (``chances``, what the page shows)."""
    fitted = _data().get("games", {}).get(game)
    if fitted is not None:
        per = fitted["shown" if shown else "models"].get(str(n_players))
        if per is not None:
            a, b = per[band_of(fitted["bands"], x)]
            return float(a), float(b)
    slope = _INTERIM.get(game, {}).get("slope", _DEFAULT_SLOPE)
    return -math.log(max(1, n_players - 1)), float(slope)


def progress(rules: Any, state: Any) -> float:
    """How far the game has come, in [0, 1], by the game's own ``progress`` hook."""
    ai = ai_for(rules.facts.id)
    hook = getattr(ai, "progress", None)
    if hook is None:
        return 0.0
    return min(1.0, max(0.0, float(hook(state))))


def utilities(rules: Any, state: Any) -> list[float]:
    """The default evaluation of ``state``: one utility per regular player."""
    values = ai_for(rules.facts.id).search_hooks(state).evaluate(state)
    return [float(v) for v in values[:rules.num_players(state)]]


def chance(rules: Any, state: Any, player: int, utility: float) -> float:
    """The chance (0..1, not normalised) that ``player`` wins with ``utility`` on the scale of the
    default evaluation, at the progress and the number of players of ``state``."""
    del player  # the model is the same for every seat: the utility already says who is ahead
    a, b = model_for(rules.facts.id, rules.num_players(state), progress(rules, state))
    return sigmoid(a + b * utility)


def chances(rules: Any, state: Any) -> list[float]:
    """Each regular player's chance to win, summing to 1 (at the end: the winners share 1)."""
    n = rules.num_players(state)
    if rules.is_terminal(state):
        winners = [w for w in rules.outcome(state).winners if 0 <= w < n]
        if not winners:  # pragma: no cover - every finished game has a winner
            return [1.0 / n] * n
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    a, b = model_for(rules.facts.id, n, progress(rules, state), shown=True)
    raw = [sigmoid(a + b * u) for u in utilities(rules, state)]
    total = sum(raw)
    if total <= 0.0:  # pragma: no cover - a sigmoid is never 0 for a finite utility
        return [1.0 / n] * n
    return [r / total for r in raw]


def percents(fractions: Sequence[float]) -> list[int]:
    """Whole percents summing to exactly 100 (largest remainder; ties go to the earlier player).

    >>> percents([0.0, 1.0, 0.0])
    [0, 100, 0]
    >>> percents([0.125, 0.125, 0.75])
    [13, 12, 75]
    """
    if not fractions:
        return []
    total = sum(fractions)
    if total <= 0:
        fractions = [1.0] * len(fractions)
        total = float(len(fractions))
    exact = [100.0 * f / total for f in fractions]
    out = [math.floor(e) for e in exact]
    left = 100 - sum(out)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - out[i]), i))
    for i in order[:left]:
        out[i] += 1
    return out
