"""A map of Cambria: forts, roads, boats and the eagle, loaded from JSON and validated.

A board is immutable data.  Forts and roads are numbered by their order in the
map file; everything the rules need often (the roads of a fort as a bit mask,
the roads next to forts of a given number) is computed once here, so the rules
never search the map while playing.

>>> board = load_board("cambria")
>>> len(board.forts), sum(f.number for f in board.forts) == 2 * len(board.roads)
(16, True)
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any

from ...core.errors import BoardError

__all__ = ["Board", "Fort", "MapError", "load_board", "board_from_dict", "MAP_IDS", "VP_VALUE"]

MAP_IDS = ("cambria", "cumbria")
# Value of the VP token that lies under a fort of the given number (none under 2 and 3).
VP_VALUE = {4: 2, 5: 3, 6: 4}


class MapError(BoardError):
    """A map file breaks a rule of the board; the message names the fort or road."""


class Fort:
    """A fort: its id, names, die number and position on the drawing."""

    __slots__ = ("index", "id", "name", "modern", "number", "x", "y")

    def __init__(self, index: int, id: str, name: str, modern: str, number: int, x: float, y: float) -> None:
        self.index = index
        self.id = id
        self.name = name
        self.modern = modern
        self.number = number
        self.x = x
        self.y = y

    def __repr__(self) -> str:
        return f"Fort({self.id!r}, {self.number})"


class Board:
    """A validated map with the precomputed tables the rules use."""

    __slots__ = (
        "id", "title", "region", "width", "height", "coast", "forts", "roads",
        "boats", "eagle", "fort_roads", "fort_mask", "road_forts", "number_mask",
        "all_roads", "fort_numbers", "fort_index", "data",
    )

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id: str = data["id"]
        self.title: str = data["title"]
        self.region: str = data.get("region", "")
        self.width: float = data["width"]
        self.height: float = data["height"]
        self.coast: list[list[tuple[float, float]]] = [[(float(x), float(y)) for x, y in ring] for ring in data["coast"]]
        self.forts: tuple[Fort, ...] = tuple(
            Fort(i, f["id"], f["name"], f.get("modern", ""), f["number"], float(f["x"]), float(f["y"]))
            for i, f in enumerate(data["forts"])
        )
        self.fort_index: dict[str, int] = {f.id: f.index for f in self.forts}
        self.roads: tuple[tuple[int, int], ...] = tuple(
            (self.fort_index[a], self.fort_index[b]) for a, b in data["roads"]
        )
        # boats[k] is the position of the boat numbered k + 2
        self.boats: tuple[tuple[float, float], ...] = tuple(
            (float(b["x"]), float(b["y"])) for b in sorted(data["boats"], key=lambda b: b["number"])
        )
        self.eagle: tuple[float, float] = (float(data["eagle"]["x"]), float(data["eagle"]["y"]))
        self.fort_numbers: tuple[int, ...] = tuple(f.number for f in self.forts)
        fort_roads: list[list[int]] = [[] for _ in self.forts]
        for r, (a, b) in enumerate(self.roads):
            fort_roads[a].append(r)
            fort_roads[b].append(r)
        self.fort_roads: tuple[tuple[int, ...], ...] = tuple(tuple(rs) for rs in fort_roads)
        self.fort_mask: tuple[int, ...] = tuple(sum(1 << r for r in rs) for rs in fort_roads)
        self.road_forts: tuple[tuple[int, int], ...] = self.roads
        # number_mask[n]: the roads leading to a fort numbered n (index 0..6; 0 and 1 empty)
        nm = [0] * 7
        for f in self.forts:
            nm[f.number] |= self.fort_mask[f.index]
        self.number_mask: tuple[int, ...] = tuple(nm)
        self.all_roads: int = (1 << len(self.roads)) - 1

    def road_name(self, road: int) -> str:
        """A readable name for a road, from its two forts."""
        a, b = self.roads[road]
        return f"{self.forts[a].name}–{self.forts[b].name}"

    def road_midpoint(self, road: int) -> tuple[float, float]:
        a, b = self.roads[road]
        fa, fb = self.forts[a], self.forts[b]
        return ((fa.x + fb.x) / 2, (fa.y + fb.y) / 2)

    def __repr__(self) -> str:
        return f"Board({self.id!r})"


# ---------------------------------------------------------------- validation

def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float], q2: tuple[float, float]) -> bool:
    """True if the closed segments p1p2 and q1q2 meet (touching counts)."""
    d1 = _cross(q1, q2, p1)
    d2 = _cross(q1, q2, p2)
    d3 = _cross(p1, p2, q1)
    d4 = _cross(p1, p2, q2)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True

    def on(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: float) -> bool:
        return d == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    return on(q1, q2, p1, d1) or on(q1, q2, p2, d2) or on(p1, p2, q1, d3) or on(p1, p2, q2, d4)


def point_segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def point_in_polygon(p: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise MapError(message)


def _number(value: Any, what: str) -> float:
    _need(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value), f"{what} must be a number")
    return float(value)


def validate_map(data: Any) -> None:
    """Check every rule of the board; raise MapError naming the first fort or road at fault."""
    _need(isinstance(data, dict), "a map must be a JSON object")
    _need(data.get("format") == "cambria-map", "not a Cambria map (format must be 'cambria-map')")
    _need(data.get("version") == 1, f"unsupported map version {data.get('version')!r}")
    for key in ("id", "title"):
        _need(isinstance(data.get(key), str) and data[key] != "", f"map needs a non-empty {key!r}")
    width = _number(data.get("width"), "width")
    height = _number(data.get("height"), "height")
    _need(width > 0 and height > 0, "width and height must be positive")

    coast = data.get("coast")
    _need(isinstance(coast, list) and len(coast) > 0, "coast must be a list of land polygons")
    rings: list[list[tuple[float, float]]] = []
    for k, ring in enumerate(coast):
        _need(isinstance(ring, list) and len(ring) >= 3, f"coast polygon {k} needs at least 3 points")
        pts = []
        for pt in ring:
            _need(isinstance(pt, list) and len(pt) == 2, f"coast polygon {k} has a malformed point")
            pts.append((_number(pt[0], f"coast polygon {k}"), _number(pt[1], f"coast polygon {k}")))
        rings.append(pts)

    def on_land(p: tuple[float, float]) -> bool:
        return any(point_in_polygon(p, ring) for ring in rings)

    forts = data.get("forts")
    _need(isinstance(forts, list), "forts must be a list")
    _need(len(forts) == 16, f"a map has 16 forts, this one has {len(forts)}")
    ids: dict[str, int] = {}
    names: set[str] = set()
    pos: list[tuple[float, float]] = []
    numbers: list[int] = []
    for i, f in enumerate(forts):
        _need(isinstance(f, dict), f"fort #{i} must be an object")
        fid = f.get("id")
        _need(isinstance(fid, str) and fid != "", f"fort #{i} needs an id")
        _need(fid not in ids, f"fort {fid!r} appears twice")
        ids[fid] = i
        name = f.get("name")
        _need(isinstance(name, str) and name != "", f"fort {fid!r} needs a name")
        _need(name not in names, f"fort name {name!r} appears twice")
        names.add(name)
        n = f.get("number")
        _need(isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 6, f"fort {fid!r} has number {n!r}, not 2..6")
        numbers.append(n)
        p = (_number(f.get("x"), f"fort {fid!r} x"), _number(f.get("y"), f"fort {fid!r} y"))
        _need(0 <= p[0] <= width and 0 <= p[1] <= height, f"fort {fid!r} lies outside the map")
        _need(on_land(p), f"fort {fid!r} lies in the sea")
        pos.append(p)
    big = sum(1 for n in numbers if n >= 4)
    _need(big == 7, f"a map has 7 forts numbered 4-6 (one VP token each), this one has {big}")
    for n in range(2, 7):
        _need(n in numbers, f"no fort is numbered {n}")

    roads = data.get("roads")
    _need(isinstance(roads, list), "roads must be a list")
    degree = [0] * len(forts)
    pairs: set[frozenset[str]] = set()
    segs: list[tuple[int, int]] = []
    for k, road in enumerate(roads):
        _need(isinstance(road, list) and len(road) == 2 and all(isinstance(x, str) for x in road),
              f"road #{k} must be a pair of fort ids")
        a, b = road
        label = f"road #{k} {a}-{b}"
        _need(a in ids, f"{label} leads to unknown fort {a!r}")
        _need(b in ids, f"{label} leads to unknown fort {b!r}")
        _need(a != b, f"{label} joins a fort to itself")
        pair = frozenset((a, b))
        _need(pair not in pairs, f"{label} duplicates another road between the same forts")
        pairs.add(pair)
        degree[ids[a]] += 1
        degree[ids[b]] += 1
        segs.append((ids[a], ids[b]))
    for i, f in enumerate(forts):
        _need(degree[i] == numbers[i], f"fort {f['id']!r} is numbered {numbers[i]} but has {degree[i]} roads")
    # connected
    adj: list[list[int]] = [[] for _ in forts]
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
    missing = [forts[i]["id"] for i in range(len(forts)) if i not in seen]
    _need(not missing, f"the roads do not connect fort {missing[0]!r} to the rest" if missing else "")
    # a drawing without crossings: straight roads meet only at shared forts, and pass clear of other forts
    for k, (a, b) in enumerate(segs):
        for j in range(k):
            c, d = segs[j]
            if len({a, b, c, d}) < 4:
                continue
            _need(not segments_cross(pos[a], pos[b], pos[c], pos[d]),
                  f"road #{k} {forts[a]['id']}-{forts[b]['id']} crosses road #{j} {forts[c]['id']}-{forts[d]['id']}")
        for i in range(len(forts)):
            if i in (a, b):
                continue
            _need(point_segment_distance(pos[i], pos[a], pos[b]) >= 8,
                  f"road #{k} {forts[a]['id']}-{forts[b]['id']} runs through fort {forts[i]['id']!r}")

    boats = data.get("boats")
    _need(isinstance(boats, list) and len(boats) == 5, "a map has 5 boats")
    boat_numbers = []
    for k, boat in enumerate(boats):
        _need(isinstance(boat, dict), f"boat #{k} must be an object")
        bn = boat.get("number")
        boat_numbers.append(bn)
        p = (_number(boat.get("x"), f"boat {bn} x"), _number(boat.get("y"), f"boat {bn} y"))
        _need(not on_land(p), f"boat {bn} lies on land")
    _need(sorted(boat_numbers, key=str) == [2, 3, 4, 5, 6], f"boats must be numbered 2..6, got {boat_numbers}")
    eagle = data.get("eagle")
    _need(isinstance(eagle, dict), "the map needs an eagle position")
    ep = (_number(eagle.get("x"), "eagle x"), _number(eagle.get("y"), "eagle y"))
    _need(not on_land(ep), "the eagle lies on land")


def board_from_dict(data: Any) -> Board:
    """Validate map data and build a Board; raises MapError naming what is wrong."""
    validate_map(data)
    return Board(data)


_cache: dict[str, Board] = {}


def load_board(map_id: str) -> Board:
    """Load one of the shipped maps ("cambria" or "cumbria"), validated, cached."""
    board = _cache.get(map_id)
    if board is None:
        if map_id not in MAP_IDS:
            raise MapError(f"unknown map {map_id!r}; the maps are {', '.join(MAP_IDS)}")
        text = resources.files(__package__).joinpath("maps", f"{map_id}.json").read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MapError(f"map {map_id!r} is not valid JSON: {exc}") from None
        board = _cache[map_id] = board_from_dict(data)
    return board
