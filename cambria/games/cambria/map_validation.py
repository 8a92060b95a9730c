"""The rules a Cambria map obeys, checked in one place.

The board loader runs :func:`validate_map` on every map it reads, the map tool
(``tools/make_maps.py``) on every map it writes, and the tests on the shipped
maps and on broken copies of them.  The first broken rule raises
:class:`MapError` with a message that names the fort, road, boat or coast
polygon at fault.

Two kinds of rule: those of the game (16 forts, a fort's number is its number
of roads, the roads connect every fort and never cross, boats lie at sea) and
those of a drawing a player can use (roads long enough to tap and clear of
other forts, boats clear of the coast and of each other); the limits below are
the second kind.

>>> import json
>>> from importlib import resources
>>> data = json.loads(resources.files(__package__).joinpath("maps", "cambria.json").read_text("utf-8"))
>>> validate_map(data)
>>> data["roads"][0][1] = "atlantis"
>>> validate_map(data)
Traceback (most recent call last):
...
cambria.games.cambria.map_validation.MapError: road #0 canovium-atlantis leads to unknown fort 'atlantis'
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ...core.errors import BoardError
from .geometry import (
    Point, distance_to_coast, on_land, point_segment_distance, ring_self_crossing, rings_touch, roads_cross,
)

__all__ = [
    "MapError", "validate_map", "FORTS", "VP_FORTS", "ROAD_MIN_LEN", "ROAD_CLEARANCE", "FORT_EDGE_MARGIN",
    "SEA_MARGIN", "BOAT_SPACING", "BOAT_FORT_GAP",
]

FORTS = 16  # forts on a map
VP_FORTS = 7  # forts numbered 4-6, each with a VP token under it
ROAD_MIN_LEN = 45.0  # forts keep this far apart, so every road is long enough to tap its midpoint
ROAD_CLEARANCE = 18.0  # a road keeps this far from the centre of every fort it does not join
FORT_EDGE_MARGIN = 20.0  # forts keep off the edge of the drawing
SEA_MARGIN = 25.0  # boats and the eagle keep this far from the coast, the roads and the edge
BOAT_SPACING = 50.0  # boats and the eagle keep apart from each other
BOAT_FORT_GAP = 44.0  # boats and the eagle keep two fort circles from every fort centre


class MapError(BoardError):
    """A map breaks a rule of the board; the message names the fort or road at fault."""


def _need(cond: bool, message: str) -> None:
    # The message is built even when the rule holds: loops over many pairs raise directly instead.
    if not cond:
        raise MapError(message)


def _number(value: Any, what: str) -> float:
    _need(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value),
          f"{what} must be a number")
    return float(value)


def _text(value: Any, what: str, *, empty: bool = False) -> str:
    _need(isinstance(value, str) and (empty or value != ""), f"{what} must be a {'' if empty else 'non-empty '}string")
    return str(value)


def validate_map(data: Any) -> None:
    """Check every rule of the board; raise MapError naming the first fort or road at fault."""
    _need(isinstance(data, dict), "a map must be a JSON object")
    width, height = _header(data)
    coast = _coast(data.get("coast"), width, height)
    ids, pos, numbers = _forts(data.get("forts"), width, height, coast)
    roads = _roads(data.get("roads"), ids, numbers)
    _road_drawing(roads, ids, pos)
    _boats_and_eagle(data.get("boats"), data.get("eagle"), width, height, coast, roads, ids, pos)


def _header(data: dict[str, Any]) -> tuple[float, float]:
    _need(data.get("format") == "cambria-map", "not a Cambria map (format must be 'cambria-map')")
    _need(data.get("version") == 1, f"unsupported map version {data.get('version')!r}")
    for key in ("id", "title"):
        _need(isinstance(data.get(key), str) and data[key] != "", f"map needs a non-empty {key!r}")
    if "region" in data:
        _text(data["region"], "region", empty=True)
    width = _number(data.get("width"), "width")
    height = _number(data.get("height"), "height")
    _need(width > 0 and height > 0, "width and height must be positive")
    return width, height


def _coast(coast: Any, width: float, height: float) -> list[list[Point]]:
    """The land polygons: simple, apart from each other, inside the drawing."""
    _need(isinstance(coast, list) and len(coast) > 0, "coast must be a list of land polygons")
    rings: list[list[Point]] = []
    for k, ring in enumerate(coast):
        what = f"coast polygon {k}"
        _need(isinstance(ring, list) and len(ring) >= 3, f"{what} needs at least 3 points")
        pts: list[Point] = []
        for pt in ring:
            _need(isinstance(pt, (list, tuple)) and len(pt) == 2, f"{what} has a malformed point {pt!r}")
            p = (_number(pt[0], what), _number(pt[1], what))
            if not (0 <= p[0] <= width and 0 <= p[1] <= height):
                raise MapError(f"{what} has point {list(p)} outside the map")
            if p in pts:
                raise MapError(f"{what} repeats point {list(p)}")
            pts.append(p)
        sides = ring_self_crossing(pts)
        _need(sides is None, f"{what} crosses itself (sides {sides[0]} and {sides[1]})" if sides else "")
        rings.append(pts)
    for k, j in itertools.combinations(range(len(rings)), 2):
        _need(not rings_touch(rings[k], rings[j]), f"coast polygons {k} and {j} touch")
    return rings


def _forts(forts: Any, width: float, height: float,
           coast: list[list[Point]]) -> tuple[list[str], list[Point], list[int]]:
    """The forts: unique ids and names, numbers 2..6, on land, apart; returns ids, positions and numbers."""
    _need(isinstance(forts, list), "forts must be a list")
    _need(len(forts) == FORTS, f"a map has {FORTS} forts, this one has {len(forts)}")
    ids: list[str] = []
    names: set[str] = set()
    pos: list[Point] = []
    numbers: list[int] = []
    m = FORT_EDGE_MARGIN
    for i, f in enumerate(forts):
        _need(isinstance(f, dict), f"fort #{i} must be an object")
        fid = f.get("id")
        _need(isinstance(fid, str) and fid != "", f"fort #{i} needs an id")
        _need(fid not in ids, f"fort {fid!r} appears twice")
        ids.append(fid)
        name = _text(f.get("name"), f"fort {fid!r} name")
        _need(name not in names, f"fort name {name!r} appears twice")
        names.add(name)
        if "modern" in f:
            _text(f["modern"], f"fort {fid!r} modern name", empty=True)
        n = f.get("number")
        _need(isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 6, f"fort {fid!r} has number {n!r}, not 2..6")
        numbers.append(n)
        p = (_number(f.get("x"), f"fort {fid!r} x"), _number(f.get("y"), f"fort {fid!r} y"))
        _need(0 <= p[0] <= width and 0 <= p[1] <= height, f"fort {fid!r} lies outside the map")
        _need(m <= p[0] <= width - m and m <= p[1] <= height - m, f"fort {fid!r} lies within {m:g} of the map's edge")
        _need(on_land(p, coast), f"fort {fid!r} lies in the sea")
        pos.append(p)
    big = sum(1 for n in numbers if n >= 4)
    _need(big == VP_FORTS, f"a map has {VP_FORTS} forts numbered 4-6 (one VP token each), this one has {big}")
    for n in range(2, 7):
        _need(n in numbers, f"no fort is numbered {n}")
    for i, j in itertools.combinations(range(len(ids)), 2):
        d = math.dist(pos[i], pos[j])
        if d < ROAD_MIN_LEN:
            raise MapError(f"forts {ids[i]!r} and {ids[j]!r} are {d:.1f} apart, closer than {ROAD_MIN_LEN:g}")
    return ids, pos, numbers


def _roads(roads: Any, ids: list[str], numbers: list[int]) -> list[tuple[int, int]]:
    """The roads: pairs of known forts, no duplicates, as many at each fort as its number, connected."""
    _need(isinstance(roads, list), "roads must be a list")
    index = {fid: i for i, fid in enumerate(ids)}
    degree = [0] * len(ids)
    pairs: set[frozenset[str]] = set()
    segs: list[tuple[int, int]] = []
    for k, road in enumerate(roads):
        _need(isinstance(road, list) and len(road) == 2 and all(isinstance(x, str) for x in road),
              f"road #{k} must be a pair of fort ids")
        a, b = road
        label = f"road #{k} {a}-{b}"
        _need(a in index, f"{label} leads to unknown fort {a!r}")
        _need(b in index, f"{label} leads to unknown fort {b!r}")
        _need(a != b, f"{label} joins a fort to itself")
        pair = frozenset((a, b))
        _need(pair not in pairs, f"{label} duplicates another road between the same forts")
        pairs.add(pair)
        degree[index[a]] += 1
        degree[index[b]] += 1
        segs.append((index[a], index[b]))
    for i, fid in enumerate(ids):
        _need(degree[i] == numbers[i], f"fort {fid!r} is numbered {numbers[i]} but has {degree[i]} roads")
    adj: list[list[int]] = [[] for _ in ids]
    for a, b in segs:
        adj[a].append(b)
        adj[b].append(a)
    seen = {0}
    todo = [0]
    while todo:
        for m in adj[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    missing = [ids[i] for i in range(len(ids)) if i not in seen]
    _need(not missing, f"the roads do not connect fort {missing[0]!r} to the rest" if missing else "")
    return segs


def _road_drawing(roads: list[tuple[int, int]], ids: list[str], pos: list[Point]) -> None:
    """Straight roads meet only at the forts they share, and pass clear of every other fort."""
    def label(k: int) -> str:
        return f"road #{k} {ids[roads[k][0]]}-{ids[roads[k][1]]}"

    for k, (a, b) in enumerate(roads):
        for j in range(k):
            c, d = roads[j]
            if roads_cross(pos[a], pos[b], pos[c], pos[d]):
                raise MapError(f"{label(k)} crosses {label(j)}")
    for k, (a, b) in enumerate(roads):
        for i, fid in enumerate(ids):
            if i in (a, b):
                continue
            gap = point_segment_distance(pos[i], pos[a], pos[b])
            if gap < ROAD_CLEARANCE:
                raise MapError(f"{label(k)} runs through fort {fid!r} ({gap:.1f} from it, "
                               f"closer than {ROAD_CLEARANCE:g})")


def _spot(value: Any, what: str) -> Point:
    _need(isinstance(value, dict), f"{what} must be an object with x and y")
    return (_number(value.get("x"), f"{what} x"), _number(value.get("y"), f"{what} y"))


def _boats_and_eagle(boats: Any, eagle: Any, width: float, height: float, coast: list[list[Point]],
                     roads: list[tuple[int, int]], ids: list[str], pos: list[Point]) -> None:
    """Five boats numbered 2..6 and the eagle: at sea, clear of the coast, the roads, the forts and each other."""
    _need(isinstance(boats, list) and len(boats) == 5, "a map has 5 boats")
    spots: list[tuple[str, Point]] = []
    for k, boat in enumerate(boats):
        _need(isinstance(boat, dict), f"boat #{k} must be an object")
        bn = boat.get("number")
        _need(isinstance(bn, int) and not isinstance(bn, bool) and 2 <= bn <= 6, f"boat #{k} has number {bn!r}, not 2..6")
        _need(all(name != f"boat {bn}" for name, _ in spots), f"boat {bn} appears twice")
        spots.append((f"boat {bn}", _spot(boat, f"boat {bn}")))
    spots.append(("the eagle", _spot(eagle, "the eagle")))
    m = SEA_MARGIN
    for name, p in spots:
        _need(not on_land(p, coast), f"{name} lies on land")
        d = distance_to_coast(p, coast)
        _need(d >= m, f"{name} lies {d:.1f} from the coast, closer than {m:g}")
        _need(m <= p[0] <= width - m and m <= p[1] <= height - m, f"{name} lies within {m:g} of the map's edge")
        for i, fid in enumerate(ids):
            d = math.dist(p, pos[i])
            if d < BOAT_FORT_GAP:
                raise MapError(f"{name} lies {d:.1f} from fort {fid!r}, closer than {BOAT_FORT_GAP:g}")
        for a, b in roads:
            d = point_segment_distance(p, pos[a], pos[b])
            if d < m:
                raise MapError(f"{name} lies {d:.1f} from road {ids[a]}-{ids[b]}, closer than {m:g}")
    for (n1, p1), (n2, p2) in itertools.combinations(spots, 2):
        d = math.dist(p1, p2)
        if d < BOAT_SPACING:
            raise MapError(f"{n1} and {n2} are {d:.1f} apart, closer than {BOAT_SPACING:g}")
