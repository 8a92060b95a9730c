"""Plane geometry of a board drawing: points, straight roads, coast polygons.

The one copy used by the map validation, the board drawing and the map tool
(``tools/make_maps.py``).  Coordinates are SVG units (y grows downwards).
Orientation tests allow a tolerance of 1e-9: map coordinates are rounded to a
tenth, and products of such decimals are not exact in binary, so "exactly on
the line" must not depend on rounding noise.

>>> segments_meet((0, 0), (2, 2), (0, 2), (2, 0)), segments_meet((0, 0), (1, 1), (2, 2), (3, 3))
(True, False)
>>> roads_cross((0, 0), (1, 0), (0, 0), (2, 0)), roads_cross((0, 0), (1, 0), (0, 0), (0, 1))
(True, False)
>>> point_segment_distance((1, 1), (0, 0), (2, 0)), point_in_polygon((1, 1), [(0, 0), (2, 0), (2, 2), (0, 2)])
(1.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = [
    "Point", "Ring", "orientation", "segments_meet", "roads_cross", "point_segment_distance",
    "point_in_polygon", "on_land", "ring_edges", "distance_to_coast", "ring_self_crossing",
    "rings_touch", "angle_between",
]

Point = tuple[float, float]
Ring = Sequence[Point]  # a closed polygon, its first point not repeated at the end

_EPS = 1e-9


def orientation(a: Point, b: Point, c: Point) -> int:
    """+1 if a, b, c turn one way, -1 the other, 0 if they lie on one line."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > _EPS) - (v < -_EPS)


def _in_box(p: Point, q: Point, r: Point) -> bool:
    """q lies in the bounding box of p and r (decides collinear cases)."""
    return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(p[1], r[1])


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if the closed segments ab and cd have a point in common (touching counts)."""
    o1, o2, o3, o4 = orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and _in_box(a, c, b)) or (o2 == 0 and _in_box(a, d, b))
            or (o3 == 0 and _in_box(c, a, d)) or (o4 == 0 and _in_box(c, b, d)))


def roads_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if straight roads ab and cd meet anywhere but at an end they share.

    Roads from one fort leave it in different directions, so two roads sharing
    an end overlap only if they point the same way along one line.
    """
    if {a, b} == {c, d}:
        return True
    shared = {a, b} & {c, d}
    if not shared:
        return segments_meet(a, b, c, d)
    (s,) = shared
    o1 = a if b == s else b
    o2 = c if d == s else d
    if orientation(s, o1, o2) != 0:
        return False
    return (o1[0] - s[0]) * (o2[0] - s[0]) + (o1[1] - s[1]) * (o2[1] - s[1]) > 0


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the closest point of the segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def point_in_polygon(p: Point, ring: Ring) -> bool:
    """True if p lies inside the polygon (even-odd rule, by a ray to the right)."""
    x, y = p
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def on_land(p: Point, coast: Iterable[Ring]) -> bool:
    """True if p lies inside any of the land polygons."""
    return any(point_in_polygon(p, ring) for ring in coast)


def ring_edges(ring: Ring) -> list[tuple[Point, Point]]:
    """The sides of a closed polygon, the last one back to the first point."""
    n = len(ring)
    return [(ring[i], ring[(i + 1) % n]) for i in range(n)]


def distance_to_coast(p: Point, coast: Iterable[Ring]) -> float:
    """Distance from p to the nearest coastline (any side of any polygon)."""
    return min((point_segment_distance(p, a, b) for ring in coast for a, b in ring_edges(ring)), default=math.inf)


def _boxes(edges: list[tuple[Point, Point]]) -> list[tuple[float, float, float, float]]:
    return [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in edges]


def _sides_meet(e: tuple[Point, Point], f: tuple[Point, Point],
                be: tuple[float, float, float, float], bf: tuple[float, float, float, float]) -> bool:
    # Sides whose bounding boxes are apart cannot meet; skipping them makes checking a
    # long coast several times faster (the loader checks every map it reads).
    if be[2] < bf[0] or bf[2] < be[0] or be[3] < bf[1] or bf[3] < be[1]:
        return False
    return segments_meet(e[0], e[1], f[0], f[1])


def ring_self_crossing(ring: Ring) -> tuple[int, int] | None:
    """The first two sides of a polygon that meet although they are not neighbours, or None."""
    edges = ring_edges(ring)
    boxes = _boxes(edges)
    n = len(edges)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # the last side ends where the first begins
            if _sides_meet(edges[i], edges[j], boxes[i], boxes[j]):
                return (i, j)
    return None


def rings_touch(r1: Ring, r2: Ring) -> bool:
    """True if a side of one polygon meets a side of the other."""
    e1, e2 = ring_edges(r1), ring_edges(r2)
    b1, b2 = _boxes(e1), _boxes(e2)
    return any(_sides_meet(e1[i], e2[j], b1[i], b2[j]) for i in range(len(e1)) for j in range(len(e2)))


def angle_between(v: Point, w: Point) -> float:
    """The angle in degrees (0..180) between two non-zero vectors."""
    c = (v[0] * w[0] + v[1] * w[1]) / (math.hypot(*v) * math.hypot(*w))
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))
