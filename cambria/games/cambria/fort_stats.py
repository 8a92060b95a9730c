"""What became of open forts in self-play: the fort values Hard learns from.

The evaluation's fill model (``evaluate.py``) guesses who takes an open fort by
filling its empty roads with random colours.  Real games go otherwise: warriors are
lifted and moved again once the supplies run dry, a leader is attacked, an empty
two-road fort is taken far more often than random colours would take it.
``fort_stats.json`` counts, over thousands of games of Normal players
(``benchmarks/fort_stats.py`` plays them and writes the file), how each open fort
ended from each situation.  A situation is

* the warriors on the fort's roads, colour by colour, sorted from most to fewest
  (who they belong to does not matter, only how they stand);
* the empty roads, and whether the legion stands on one of the roads (1) or not (0);
* the captures left before the game ends (``len(uncaptured) - 6``), at most
  ``LEFT_CAP``;

and for every rank in that order it counts the games in which that colour took the
fort (first) and its VP token (second).  Colours level on warriors are averaged
(they are alike).  Hard's own evaluation (``Params.learned``) blends these
frequencies into the fill model's values, the more the more often the situation
was seen (``PRIOR`` pseudo-games of the fill model's own value); Normal keeps the
fill model, so Hard still predicts the Normals by what they play by.

The file is read on first use only (``import`` stays cheap) and is the same on
every machine: the counts are integers from seeded games.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["LEFT_CAP", "PRIOR", "FortStats", "stats_for", "situation"]

LEFT_CAP = 5      # captures left beyond which situations are not told apart
PRIOR = 200.0     # the fill model's value counts as this many games of a situation
FILE = "fort_stats.json"

Key = tuple[tuple[int, ...], int, int, int]


def situation(counts: tuple[int, ...] | list[int], empty: int, blocked: int,
              left: int) -> tuple[Key, list[int]]:
    """The table's key for a fort, and the colours in the key's rank order.

    >>> situation((0, 2, 1), 1, 0, 9)
    (((2, 1, 0), 1, 0, 5), [1, 2, 0])
    """
    order = sorted(range(len(counts)), key=lambda c: -counts[c])
    return (tuple(counts[c] for c in order), empty, blocked, min(left, LEFT_CAP)), order


class FortStats:
    """The frequencies of one player count: key -> (games, P(first), P(second)) by rank."""

    def __init__(self, rows: list[list[int]], n_colours: int, games: int = 0) -> None:
        self.n_colours = n_colours
        self.games = games
        self.table: dict[Key, tuple[int, tuple[float, ...], tuple[float, ...]]] = {}
        nc = n_colours
        for row in rows:
            if len(row) != 3 * nc + 4:
                raise ValueError(f"a row of {FILE} has {len(row)} numbers, not {3 * nc + 4}")
            counts = tuple(row[:nc])
            empty, blocked, left, n = row[nc:nc + 4]
            first, second = row[nc + 4:2 * nc + 4], row[2 * nc + 4:]
            if n <= 0 or min(first + second) < 0 or sum(first) > n or sum(second) > n:
                raise ValueError(f"a row of {FILE} does not add up: {row}")
            self.table[(counts, empty, blocked, left)] = (n, _level(counts, first, n), _level(counts, second, n))

    def lookup(self, key: Key) -> tuple[int, tuple[float, ...], tuple[float, ...]] | None:
        return self.table.get(key)


def _level(counts: tuple[int, ...], wins: list[int], n: int) -> tuple[float, ...]:
    """Frequencies by rank, averaged over the ranks level on warriors."""
    out = [w / n for w in wins]
    i = 0
    while i < len(counts):
        j = i
        while j + 1 < len(counts) and counts[j + 1] == counts[i]:
            j += 1
        mean = sum(out[i:j + 1]) / (j - i + 1)
        out[i:j + 1] = [mean] * (j - i + 1)
        i = j + 1
    return tuple(out)


_LOADED: dict[int, FortStats | None] = {}
_FILE_DATA: dict[str, Any] = {}


def stats_for(n_players: int, data: dict[str, Any] | None = None) -> FortStats | None:
    """The shipped frequencies for ``n_players`` (None if the file has none for them), or
    those of ``data`` (the file's contents, for a test or a fresh table)."""
    shipped = data is None
    if shipped and n_players in _LOADED:
        return _LOADED[n_players]
    if data is None:
        # the file holds every player count: read and parse it once, not once per count
        if not _FILE_DATA:
            _FILE_DATA.update(json.loads(resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")))
        data = _FILE_DATA
    entry = data.get("players", {}).get(str(n_players))
    stats = None
    if entry is not None:
        n_colours = n_players + (1 if n_players == 2 else 0)
        stats = FortStats(entry["rows"], n_colours, entry.get("games", 0))
    if shipped:
        _LOADED[n_players] = stats
    return stats
