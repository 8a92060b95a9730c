"""The board geometry (one copy for the loader's validation, the drawing and the map tool),
checked on small figures whose answers are worked out by hand."""

from __future__ import annotations

import math

import pytest

from cambria.games.cambria.geometry import (
    angle_between, distance_to_coast, on_land, orientation, point_in_polygon, point_segment_distance,
    ring_self_crossing, rings_touch, roads_cross, segments_meet,
)

SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
# A "C" shape open to the right: the notch (4..10 x 3..7) is sea.
NOTCHED = [(0.0, 0.0), (10.0, 0.0), (10.0, 3.0), (4.0, 3.0), (4.0, 7.0), (10.0, 7.0), (10.0, 10.0), (0.0, 10.0)]


def test_orientation_sides_and_tolerance():
    assert orientation((0, 0), (10, 0), (5, 1)) == 1
    assert orientation((0, 0), (10, 0), (5, -1)) == -1
    assert orientation((0, 0), (10, 0), (20, 0)) == 0
    # Decimals rounded to a tenth are not exact in binary; a point on the line stays on it.
    assert orientation((0.1, 0.2), (0.3, 0.6), (0.7, 1.4)) == 0


@pytest.mark.parametrize("a, b, c, d, meet", [
    ((0, 0), (10, 10), (0, 10), (10, 0), True),  # an X
    ((0, 0), (10, 0), (5, 0), (5, 5), True),  # a T: touching counts
    ((0, 0), (10, 0), (10, 0), (10, 5), True),  # an L: a shared end counts
    ((0, 0), (10, 0), (5, 1), (5, 5), False),  # short of the line
    ((0, 0), (4, 0), (6, 0), (10, 0), False),  # collinear with a gap
    ((0, 0), (6, 0), (4, 0), (10, 0), True),  # collinear, overlapping
    ((0, 0), (10, 0), (0, 1), (10, 1), False),  # parallel
])
def test_segments_meet(a, b, c, d, meet):
    assert segments_meet(a, b, c, d) is meet
    assert segments_meet(c, d, a, b) is meet
    assert segments_meet(b, a, d, c) is meet


@pytest.mark.parametrize("a, b, c, d, cross", [
    ((0, 0), (10, 0), (0, 0), (0, 10), False),  # two roads leaving one fort at a right angle
    ((0, 0), (10, 0), (10, 0), (20, 1), False),  # a road continuing from the other's end
    ((0, 0), (10, 0), (0, 0), (20, 0), True),  # from one fort along the same line: they overlap
    ((0, 0), (10, 0), (0, 0), (-10, 0), False),  # from one fort in opposite directions
    ((0, 0), (10, 0), (10, 0), (0, 0), True),  # the same road twice
    ((0, 0), (10, 10), (0, 10), (10, 0), True),  # no shared fort, an X
])
def test_roads_cross_only_beyond_a_shared_fort(a, b, c, d, cross):
    assert roads_cross(a, b, c, d) is cross
    assert roads_cross(c, d, a, b) is cross


def test_point_segment_distance():
    assert point_segment_distance((5, 3), (0, 0), (10, 0)) == 3.0  # above the middle
    assert point_segment_distance((13, 4), (0, 0), (10, 0)) == 5.0  # beyond an end: to the end
    assert point_segment_distance((-3, -4), (0, 0), (10, 0)) == 5.0
    assert point_segment_distance((3, 4), (0, 0), (0, 0)) == 5.0  # a segment of no length


def test_point_in_polygon_and_on_land():
    assert point_in_polygon((5, 5), SQUARE)
    assert not point_in_polygon((15, 5), SQUARE)
    assert not point_in_polygon((5, -1), SQUARE)
    assert point_in_polygon((2, 5), NOTCHED)
    assert not point_in_polygon((7, 5), NOTCHED), "the notch is sea"
    assert point_in_polygon((7, 1.5), NOTCHED)
    far = [(x + 100, y) for x, y in SQUARE]
    assert on_land((105, 5), [SQUARE, far]) and on_land((5, 5), [SQUARE, far])
    assert not on_land((50, 5), [SQUARE, far])


def test_distance_to_coast():
    assert distance_to_coast((7, 5), [NOTCHED]) == 2.0  # from the notch to its inner wall
    assert distance_to_coast((15, 5), [SQUARE]) == 5.0
    assert distance_to_coast((13, 14), [SQUARE]) == 5.0  # to the corner
    assert distance_to_coast((5, 5), []) == math.inf


def test_ring_self_crossing():
    assert ring_self_crossing(SQUARE) is None
    assert ring_self_crossing(NOTCHED) is None
    bow_tie = [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]
    assert ring_self_crossing(bow_tie) == (0, 2)
    # A side that doubles back along its neighbour's neighbour.
    spike = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (5.0, 0.0)]
    assert ring_self_crossing(spike) is not None


def test_rings_touch():
    assert not rings_touch(SQUARE, [(x + 20, y) for x, y in SQUARE])
    assert rings_touch(SQUARE, [(x + 5, y + 5) for x, y in SQUARE])  # overlapping
    assert rings_touch(SQUARE, [(x + 10, y) for x, y in SQUARE])  # sharing a side
    # One inside the other does not touch: sides never meet (the validator's rule is about sides).
    assert not rings_touch(SQUARE, [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0)])


def test_angle_between():
    assert angle_between((1, 0), (0, 1)) == pytest.approx(90)
    assert angle_between((1, 0), (-1, 0)) == pytest.approx(180)
    assert angle_between((2, 2), (1, 1)) == pytest.approx(0, abs=1e-4)  # acos is coarse near 1
