"""The two shipped maps obey every rule of the board.

The checks here read the JSON files with plain ``json`` and redo all geometry
themselves, so they do not trust ``cambria.board``'s validator; the last part
checks that the validator rejects broken copies of the maps.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
from pathlib import Path

import pytest

MAP_DIR = Path(__file__).resolve().parent.parent / "cambria" / "games" / "cambria" / "maps"
MAP_IDS = ("cambria", "cumbria")

ROAD_MIN_LEN = 45.0  # a warrior slot sits at the midpoint; forts are ~22-unit circles
ROAD_CLEARANCE = 18.0  # a road keeps this far from every fort it does not join
FORT_EDGE_MARGIN = 20.0
SEA_MARGIN = 25.0  # boats and eagle keep off the coast and the box edge
BOAT_SPACING = 50.0  # boats keep apart from each other and from the eagle


# ------------------------------------------------------------------ geometry


def _orient(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 1e-9) - (v < -1e-9)


def _on_segment(p, q, r):
    """q lies in the bounding box of pr (used for collinear points)."""
    return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(p[1], r[1])


def segments_meet(a, b, c, d):
    """Closed segments ab and cd share at least one point."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(a, c, b))
        or (o2 == 0 and _on_segment(a, d, b))
        or (o3 == 0 and _on_segment(c, a, d))
        or (o4 == 0 and _on_segment(c, b, d))
    )


def point_segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def point_in_ring(p, ring):
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def ring_edges(ring):
    return list(zip(ring, ring[1:] + ring[:1], strict=True))


def on_land(data, p):
    return any(point_in_ring(p, [tuple(q) for q in ring]) for ring in data["coast"])


def distance_to_coast(data, p):
    return min(
        point_segment_distance(p, a, b) for ring in data["coast"] for a, b in ring_edges([tuple(q) for q in ring])
    )


def roads_overlap(pos, r1, r2):
    """Two straight roads meet anywhere but at a fort they share."""
    shared = set(r1) & set(r2)
    if not shared:
        return segments_meet(pos[r1[0]], pos[r1[1]], pos[r2[0]], pos[r2[1]])
    if len(shared) == 2:
        return True
    (s,) = shared
    o1 = r1[0] if r1[1] == s else r1[1]
    o2 = r2[0] if r2[1] == s else r2[1]
    a, b, c = pos[s], pos[o1], pos[o2]
    # Roads from the same fort overlap only if they leave it in the same direction.
    return _orient(a, b, c) == 0 and (b[0] - a[0]) * (c[0] - a[0]) + (b[1] - a[1]) * (c[1] - a[1]) > 0


# ------------------------------------------------------------------ fixtures


def load(map_id):
    with open(MAP_DIR / f"{map_id}.json", encoding="utf-8") as fh:
        return json.load(fh)


@pytest.fixture(params=MAP_IDS)
def data(request):
    return load(request.param)


def positions(data):
    return {f["id"]: (f["x"], f["y"]) for f in data["forts"]}


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


# ------------------------------------------------------------------ header and coast


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_header(map_id):
    d = load(map_id)
    assert d["format"] == "cambria-map"
    assert d["version"] == 1
    assert d["id"] == map_id
    assert isinstance(d["title"], str) and d["title"]
    assert isinstance(d["region"], str) and d["region"]
    assert set(d) == {"format", "version", "id", "title", "region", "width", "height", "coast", "forts", "roads", "boats", "eagle"}
    assert is_number(d["width"]) and is_number(d["height"])
    assert 0 < d["width"] <= d["height"], "the board is portrait"


def test_titles_differ():
    assert load("cambria")["title"] == "Cambria"
    assert load("cumbria")["title"] == "Cumbria"


def test_coast_polygons(data):
    W, H = data["width"], data["height"]
    assert isinstance(data["coast"], list) and data["coast"]
    total = 0
    for ring in data["coast"]:
        assert len(ring) >= 3
        assert ring[0] != ring[-1], "rings do not repeat their first point"
        total += len(ring)
        for pt in ring:
            assert len(pt) == 2 and all(is_number(v) for v in pt)
            assert 0 <= pt[0] <= W and 0 <= pt[1] <= H, pt
        pts = [tuple(p) for p in ring]
        assert len(set(pts)) == len(pts), "no repeated points in a ring"
    assert 30 <= total <= 120, f"{total} coast points"


def test_coast_rings_are_simple_and_disjoint(data):
    rings = [[tuple(p) for p in ring] for ring in data["coast"]]
    for r, ring in enumerate(rings):
        edges = ring_edges(ring)
        n = len(edges)
        for i, j in itertools.combinations(range(n), 2):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue  # neighbouring edges share a point
            assert not segments_meet(*edges[i], *edges[j]), f"ring {r} crosses itself at edges {i} and {j}"
    for r1, r2 in itertools.combinations(range(len(rings)), 2):
        for e in ring_edges(rings[r1]):
            for f in ring_edges(rings[r2]):
                assert not segments_meet(*e, *f), f"rings {r1} and {r2} touch"


# ------------------------------------------------------------------ forts


def test_sixteen_forts_unique(data):
    forts = data["forts"]
    assert len(forts) == 16
    for f in forts:
        assert set(f) == {"id", "name", "modern", "number", "x", "y"}
        assert isinstance(f["id"], str) and f["id"] and f["id"] == f["id"].strip().lower()
        assert isinstance(f["name"], str) and f["name"]
        assert isinstance(f["modern"], str) and f["modern"]
        assert is_number(f["x"]) and is_number(f["y"])
    assert len({f["id"] for f in forts}) == 16
    assert len({f["name"] for f in forts}) == 16


def test_fort_numbers(data):
    numbers = [f["number"] for f in data["forts"]]
    assert all(isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 6 for n in numbers)
    assert sum(1 for n in numbers if n >= 4) == 7, "seven forts carry a VP token"
    assert sum(1 for n in numbers if n <= 3) == 9
    assert set(numbers) == {2, 3, 4, 5, 6}
    assert sum(numbers) % 2 == 0
    assert sum(numbers) == 2 * len(data["roads"])


def test_forts_on_land_and_off_the_edge(data):
    W, H = data["width"], data["height"]
    for f in data["forts"]:
        p = (f["x"], f["y"])
        assert on_land(data, p), f"{f['id']} is in the sea"
        assert FORT_EDGE_MARGIN <= f["x"] <= W - FORT_EDGE_MARGIN, f["id"]
        assert FORT_EDGE_MARGIN <= f["y"] <= H - FORT_EDGE_MARGIN, f["id"]


def test_forts_apart(data):
    pos = positions(data)
    for a, b in itertools.combinations(pos, 2):
        assert math.dist(pos[a], pos[b]) >= ROAD_MIN_LEN, (a, b)


# ------------------------------------------------------------------ roads


def test_roads_well_formed(data):
    ids = {f["id"] for f in data["forts"]}
    seen = set()
    for road in data["roads"]:
        assert isinstance(road, list) and len(road) == 2
        a, b = road
        assert a in ids and b in ids, road
        assert a != b, f"self-loop at {a}"
        key = frozenset(road)
        assert key not in seen, f"duplicate road {a}-{b}"
        seen.add(key)


def test_degree_equals_number(data):
    degree = {f["id"]: 0 for f in data["forts"]}
    for a, b in data["roads"]:
        degree[a] += 1
        degree[b] += 1
    for f in data["forts"]:
        assert degree[f["id"]] == f["number"], f"{f['id']} is numbered {f['number']} but has {degree[f['id']]} roads"


def test_connected(data):
    adj = {f["id"]: set() for f in data["forts"]}
    for a, b in data["roads"]:
        adj[a].add(b)
        adj[b].add(a)
    start = data["forts"][0]["id"]
    seen, todo = {start}, [start]
    while todo:
        for m in adj[todo.pop()] - seen:
            seen.add(m)
            todo.append(m)
    assert seen == set(adj)


def test_roads_long_enough(data):
    pos = positions(data)
    for a, b in data["roads"]:
        assert math.dist(pos[a], pos[b]) >= ROAD_MIN_LEN, f"road {a}-{b} is too short to tap"


def test_no_crossings(data):
    pos = positions(data)
    roads = [tuple(r) for r in data["roads"]]
    for r1, r2 in itertools.combinations(roads, 2):
        assert not roads_overlap(pos, r1, r2), f"road {r1} crosses road {r2}"


def test_roads_clear_of_other_forts(data):
    pos = positions(data)
    for a, b in data["roads"]:
        for f, p in pos.items():
            if f not in (a, b):
                d = point_segment_distance(p, pos[a], pos[b])
                assert d >= ROAD_CLEARANCE, f"road {a}-{b} passes {d:.1f} from {f}"


def test_reading_order_and_sorted_roads(data):
    """Forts run top to bottom; each road lists its earlier fort first; roads are sorted."""
    order = {f["id"]: i for i, f in enumerate(data["forts"])}
    ys = [f["y"] for f in data["forts"]]
    assert ys == sorted(ys)
    keys = [(order[a], order[b]) for a, b in data["roads"]]
    assert all(i < j for i, j in keys)
    assert keys == sorted(keys)


# ------------------------------------------------------------------ boats and eagle


def test_boats(data):
    boats = data["boats"]
    assert len(boats) == 5
    assert sorted(b["number"] for b in boats) == [2, 3, 4, 5, 6]
    for b in boats:
        assert set(b) == {"number", "x", "y"}


def test_boats_and_eagle_at_sea(data):
    W, H = data["width"], data["height"]
    spots = [(f"boat {b['number']}", (b["x"], b["y"])) for b in data["boats"]]
    assert set(data["eagle"]) == {"x", "y"}
    spots.append(("eagle", (data["eagle"]["x"], data["eagle"]["y"])))
    for name, p in spots:
        assert all(is_number(v) for v in p)
        assert not on_land(data, p), f"{name} is on land"
        assert distance_to_coast(data, p) >= SEA_MARGIN, f"{name} is too close to the coast"
        assert SEA_MARGIN <= p[0] <= W - SEA_MARGIN and SEA_MARGIN <= p[1] <= H - SEA_MARGIN, name
    for (n1, p1), (n2, p2) in itertools.combinations(spots, 2):
        assert math.dist(p1, p2) >= BOAT_SPACING, f"{n1} and {n2} are too close"


def test_boats_clear_of_roads_and_forts(data):
    pos = positions(data)
    spots = [(b["x"], b["y"]) for b in data["boats"]] + [(data["eagle"]["x"], data["eagle"]["y"])]
    for p in spots:
        for f in pos.values():
            assert math.dist(p, f) >= 2 * 22, p
        for a, b in data["roads"]:
            assert point_segment_distance(p, pos[a], pos[b]) >= SEA_MARGIN, (p, a, b)


# ------------------------------------------------------------------ the engine's loader

from cambria.games.cambria import board  # noqa: E402


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_loader_agrees(map_id):
    d = load(map_id)
    b = board.load_board(map_id)
    assert [f.id for f in b.forts] == [f["id"] for f in d["forts"]]
    assert [f.number for f in b.forts] == [f["number"] for f in d["forts"]]
    assert len(b.roads) == len(d["roads"])
    assert board.board_from_dict(copy.deepcopy(d)).id == map_id


def _reject(data):
    with pytest.raises(board.MapError) as info:
        board.board_from_dict(data)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_rejects_a_fort_with_one_road_too_many(data):
    d = copy.deepcopy(data)
    pos = positions(d)
    have = {frozenset(r) for r in d["roads"]}
    # A new road between two forts that are not yet joined: each has one road too many.
    a, b = next(
        (a, b)
        for a, b in itertools.combinations(pos, 2)
        if frozenset((a, b)) not in have
    )
    d["roads"].append([a, b])
    msg = _reject(d)
    assert a in msg or b in msg, msg


def test_rejects_a_fort_whose_number_is_off_by_one(data):
    d = copy.deepcopy(data)
    # Move a number by one within its group (2<->3, 4<->5<->6), taking a fort that
    # shares its number with another, so the counts of numbers stay legal and only
    # the rule "roads = number" breaks.
    numbers = [f["number"] for f in d["forts"]]
    moves = {2: 3, 3: 2, 4: 5, 5: 6, 6: 5}
    fort = next(f for f in d["forts"] if numbers.count(f["number"]) > 1)
    fort["number"] = moves[fort["number"]]
    msg = _reject(d)
    assert fort["id"] in msg, msg


def test_rejects_a_road_to_an_unknown_fort(data):
    d = copy.deepcopy(data)
    d["roads"][0][1] = "atlantis"
    msg = _reject(d)
    assert "atlantis" in msg, msg


def test_rejects_a_duplicate_road(data):
    d = copy.deepcopy(data)
    a, b = d["roads"][3]
    d["roads"].append([b, a])
    msg = _reject(d)
    assert a in msg and b in msg, msg


def test_rejects_a_crossing_road(data):
    """Swap the ends of two roads (every fort keeps its number of roads) so that a road crosses."""
    pos = positions(data)
    roads = [tuple(r) for r in data["roads"]]
    have = {frozenset(r) for r in roads}
    for i, j in itertools.combinations(range(len(roads)), 2):
        (a, b), (c, e) = roads[i], roads[j]
        if len({a, b, c, e}) < 4:
            continue
        for new1, new2 in (((a, c), (b, e)), ((a, e), (b, c))):
            if frozenset(new1) in have or frozenset(new2) in have:
                continue
            swapped = [r for k, r in enumerate(roads) if k not in (i, j)] + [new1, new2]
            crossing = [
                (r1, r2)
                for r1, r2 in itertools.combinations(swapped, 2)
                if not (set(r1) & set(r2)) and roads_overlap(pos, r1, r2)
            ]
            if not crossing:
                continue
            d = copy.deepcopy(data)
            d["roads"] = [list(r) for r in swapped]
            # Still connected? (otherwise the loader may complain about that first)
            adj = {f: set() for f in pos}
            for x, y in swapped:
                adj[x].add(y)
                adj[y].add(x)
            seen, todo = {a}, [a]
            while todo:
                for m in adj[todo.pop()] - seen:
                    seen.add(m)
                    todo.append(m)
            if seen != set(pos):
                continue
            msg = _reject(d)
            assert "cross" in msg, msg
            assert any(all(x in msg for x in r1 + r2) for r1, r2 in crossing), msg
            return
    pytest.fail("found no swap that makes roads cross")


@pytest.mark.slow
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_generator_reproduces_the_file(map_id):
    """tools/make_maps.py (seeded) still makes exactly the committed JSON."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "tools" / "make_maps.py"
    spec = importlib.util.spec_from_file_location("make_maps", path)
    make_maps = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_maps)
    (spec_map,) = [m for m in make_maps.MAPS if m["id"] == map_id]
    data, _ = make_maps.build(spec_map, make_maps.ITERATIONS)
    assert make_maps.dumps(data) == (MAP_DIR / f"{map_id}.json").read_text(encoding="utf-8")
