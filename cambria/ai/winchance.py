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
           "FILE", "PERSON", "seat_features", "seated_shown", "seated_model"]

FILE = "winchance.json"
# the level a person's seat counts as (the model knows the computer levels only; a person who
# plays the page's way is taken for a Normal, the level that looks at every move once)
PERSON = "normal"

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


def seat_features(n: int, logit: float, level: str | None, order: int, lead: float = 0.0,
                  x: float = 0.0) -> list[float]:
    """What the seated model weighs for one player: 1, the logit the model without levels gives her
    utility (``a + b u``: its bands of progress carry how much a point of utility is worth as the
    game goes on), her score's lead over the
    players' mean score (the points or steps she has now: the evaluation's utility is an
    expectation, the score is certain) and that lead times the progress ``x`` (a lead counts the
    more, the nearer the end), whether her seat is Easy, whether it is Hard (Normal, and
    a person's seat, is the reference), and whether she is the 2nd, 3rd, ... to move from the
    start (the first is the reference).

    >>> seat_features(3, 1.5, "hard", 2, -1.0, 0.5)
    [1.0, 1.5, -1.0, -0.5, 0.0, 1.0, 0.0, 1.0]
    >>> seat_features(2, -2.0, None, 0)
    [1.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    level = level or PERSON
    return ([1.0, float(logit), float(lead), float(lead) * x, 1.0 if level == "easy" else 0.0, 1.0 if level == "hard" else 0.0]
            + [1.0 if order == k else 0.0 for k in range(1, n)])


def seated_shown(theta: Sequence[float], logits: Sequence[float], levels: Sequence[str | None],
                 start: int, scores: Sequence[float] | None = None, x: float = 0.0) -> list[float]:
    """The seated model's chances: each player's ``sigmoid(theta · seat_features)``, normalised
    (``logits``: the model without levels' ``a + b u`` per player).

    >>> [round(c, 3) for c in seated_shown([0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0], ["hard", "normal"], 0)]
    [0.594, 0.406]
    """
    n = len(logits)
    mean = sum(scores) / n if scores else 0.0
    raw = [sigmoid(sum(t * f for t, f in zip(theta, seat_features(n, z, levels[p], (p - start) % n,
                                                                  scores[p] - mean if scores else 0.0, x),
                                             strict=True)))
           for p, z in enumerate(logits)]
    total = sum(raw)
    return [r / total for r in raw]


def seated_model(game: str, n_players: int, x: float) -> list[float] | None:
    """The seated model's weights for ``game`` with ``n_players`` at progress ``x`` (None before
    it is fitted)."""
    fitted = _data().get("games", {}).get(game, {}).get("seated")
    if fitted is None or str(n_players) not in fitted["theta"]:
        return None
    return [float(t) for t in fitted["theta"][str(n_players)][band_of(fitted["bands"], x)]]


def chances(rules: Any, state: Any, levels: Sequence[str | None] | None = None) -> list[float]:
    """Each regular player's chance to win, summing to 1 (at the end: the winners share 1).

    ``levels``: each regular seat's computer level, None (or ``PERSON``) for a person's; with them
    the chance weighs who is playing, the order of play from the start and the scores so far (the
    seated model), without them it is the model of utility and progress alone."""
    n = rules.num_players(state)
    if rules.is_terminal(state):
        winners = [w for w in rules.outcome(state).winners if 0 <= w < n]
        if not winners:  # pragma: no cover - every finished game has a winner
            return [1.0 / n] * n
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    x = progress(rules, state)
    a, b = model_for(rules.facts.id, n, x, shown=True)
    theta = seated_model(rules.facts.id, n, x) if levels is not None else None
    if theta is not None and levels is not None:
        seats = [levels[p] if p < len(levels) else None for p in range(n)]
        scores = [float(v) for v in rules.outcome(state).scores[:n]]
        logits = [a + b * u for u in utilities(rules, state)]
        return seated_shown(theta, logits, seats, rules.start_player(state), scores, x)
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
