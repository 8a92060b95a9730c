"""Hibernia's map of Ireland: the coast and the twenty county regions, read from data/map.json.

The file is made by ``tools/make_ireland.py`` (see there how); coordinates are the board's
drawing units.  Borders are stored once, as chains shared by the two regions they separate, so
that neighbouring polygons meet exactly.  Only the drawing uses this module; the rules need the
border list of board.json, never the shapes.

>>> m = load_map()
>>> len(m.regions), m.width, m.height
(20, 620, 820)
>>> round(sum(polygon_area(p) for p in m.regions.values())) == round(polygon_area(m.coast))
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["Point", "IrelandMap", "load_map", "map_from_dict", "polygon_area", "point_in_polygon",
           "polygon_centroid", "segment_distance"]

Point = tuple[float, float]


class IrelandMap:
    """The drawn geography: board size, the frame's width, the coast and one polygon per county."""

    __slots__ = ("width", "height", "frame", "coast", "regions", "centres")

    def __init__(self, width: float, height: float, frame: float, coast: tuple[Point, ...],
                 regions: dict[str, tuple[Point, ...]], centres: dict[str, Point]) -> None:
        self.width = width
        self.height = height
        self.frame = frame
        self.coast = coast
        self.regions = regions
        self.centres = centres


def _ring(chains: list[list[Point]], refs: list[int]) -> tuple[Point, ...]:
    """Join chains (number k+1 forwards, -(k+1) backwards) into one closed ring."""
    pts: list[Point] = []
    for ref in refs:
        chain = chains[abs(ref) - 1]
        if ref < 0:
            chain = chain[::-1]
        if pts and pts[-1] != chain[0]:
            raise ValueError(f"chain {ref} does not continue the ring")
        pts.extend(chain if not pts else chain[1:])
    if not pts or pts[0] != pts[-1]:
        raise ValueError("a ring of chains does not close")
    return tuple(pts[:-1])


def map_from_dict(data: dict[str, Any]) -> IrelandMap:
    if data.get("format") != "hibernia-map":
        raise ValueError("not a Hibernia map file")
    chains = [[(float(c[k]), float(c[k + 1])) for k in range(0, len(c), 2)] for c in data["chains"]]
    return IrelandMap(
        width=data["width"], height=data["height"], frame=data["frame"],
        coast=_ring(chains, data["coast"]),
        regions={cid: _ring(chains, refs) for cid, refs in data["regions"].items()},
        centres={cid: (float(x), float(y)) for cid, (x, y) in data["centres"].items()},
    )


@lru_cache(maxsize=1)
def load_map() -> IrelandMap:
    """The shipped map (read once)."""
    text = resources.files("cambria.games.hibernia").joinpath("data", "map.json").read_text(encoding="utf-8")
    return map_from_dict(json.loads(text))


def polygon_area(poly: tuple[Point, ...] | list[Point]) -> float:
    """The area (positive whatever the orientation)."""
    n = len(poly)
    return abs(sum(poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1] for k in range(n))) / 2


def polygon_centroid(poly: tuple[Point, ...] | list[Point]) -> Point:
    n = len(poly)
    a = cx = cy = 0.0
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        w = x0 * y1 - x1 * y0
        a += w
        cx += (x0 + x1) * w
        cy += (y0 + y1) * w
    return (cx / (3 * a), cy / (3 * a))


def point_in_polygon(p: Point, poly: tuple[Point, ...] | list[Point]) -> bool:
    """Even-odd rule (a point exactly on the outline may count either way)."""
    x, y = p
    inside = False
    n = len(poly)
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point p to segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return float(((p[0] - a[0] - t * dx) ** 2 + (p[1] - a[1] - t * dy) ** 2) ** 0.5)
