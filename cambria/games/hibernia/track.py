"""The scoring walk (ruling 11): how far a marker goes after its player's turn.

Each county the player holds pays for one step onto a space of its colour, no county
pays twice, and a purple roll of this turn adds one free step, used where the walk
would otherwise stop.  The walk is compulsory and goes as far as it can: the marker
reaches distance ``d`` exactly when, over the first ``d`` spaces ahead, the demand his
counties cannot cover totals at most his purple steps.  Paying greedily, space by
space, with a county while one of that colour is left and with the purple step
otherwise, reaches the same distance (the spaces left unpaid of a colour are the
demand beyond the counties of that colour, whatever the order).

The sheet's example: the five spaces ahead are red, blue, blue, yellow, red; Alison
holds one blue, two green, one red and one yellow county and rolled purple:

>>> from cambria.games.hibernia.board import COLOURS
>>> track = tuple(COLOURS.index(c) for c in ["yellow", "red", "blue", "blue", "yellow", "red"] + ["green"] * 34)
>>> [(COLOURS[track[space]], paid) for space, paid in walk(track, 0, [1, 2, 1, 1], 1)]
[('red', 'county'), ('blue', 'county'), ('blue', 'purple'), ('yellow', 'county')]
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["walk", "walk_length"]


def walk(track: Sequence[int], total: int, holdings: Sequence[int], purple: int) -> list[tuple[int, str]]:
    """The steps of a walk from ``total`` steps taken so far: ``(space, "county" | "purple")`` each.

    ``holdings[c]`` is the number of counties of colour ``c`` held; ``purple`` the free steps."""
    left = list(holdings)
    free = purple
    n = len(track)
    steps: list[tuple[int, str]] = []
    # a walk cannot be longer than the counties plus the free steps
    for k in range(1, sum(left) + free + 1):
        space = (total + k) % n
        c = track[space]
        if left[c] > 0:
            left[c] -= 1
            steps.append((space, "county"))
        elif free > 0:
            free -= 1
            steps.append((space, "purple"))
        else:
            break
    return steps


def walk_length(track: Sequence[int], total: int, holdings: Sequence[int], purple: int) -> int:
    """How many steps the walk takes (``len(walk(...))``, without building the steps)."""
    h0, h1, h2, h3 = holdings
    left = [h0, h1, h2, h3]
    free = purple
    n = len(track)
    k = 0
    space = total % n
    while True:
        space += 1
        if space == n:
            space = 0
        c = track[space]
        if left[c] > 0:
            left[c] -= 1
        elif free > 0:
            free -= 1
        else:
            return k
        k += 1
