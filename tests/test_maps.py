"""The shipped maps, the one validation of a map, and the tool that makes the maps.

Every rule of a map lives in ``map_validation.validate_map``: the board loader,
the map tool (``tools/make_maps.py``) and these tests run that one check.  Here
the shipped maps pass it, and broken copies fail it through the loader, each
with a message that names what is at fault, so a validator that let a rule
slip, or blamed the wrong fort, fails a test.  The geometry under it is checked
on hand-worked figures in test_geometry.py.  Facts about the files that are no
rule of a board (their keys, reading order) and the tool's sources are checked
here too.
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json
import sys
from pathlib import Path

import pytest

from cambria.games.cambria import board
from cambria.games.cambria.geometry import distance_to_coast, on_land, roads_cross
from cambria.games.cambria.map_validation import validate_map

ROOT = Path(__file__).resolve().parent.parent
MAP_DIR = ROOT / "cambria" / "games" / "cambria" / "maps"
SOURCE_DIR = ROOT / "tools" / "mapdata"
MAP_IDS = ("cambria", "cumbria")
GRID_PATH = Path(__file__).resolve().parent / "data" / "testmap.json"


def load(map_id):
    with open(MAP_DIR / f"{map_id}.json", encoding="utf-8") as fh:
        return json.load(fh)


@pytest.fixture(params=MAP_IDS)
def data(request):
    return load(request.param)


@pytest.fixture
def grid():
    """The tests' grid map: forts 150 apart at x, y = 100..550, land 40..660, boats at x = 730."""
    return json.loads(GRID_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def make_maps():
    spec = importlib.util.spec_from_file_location("make_maps", ROOT / "tools" / "make_maps.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_maps"] = module  # its dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def positions(data):
    return {f["id"]: (f["x"], f["y"]) for f in data["forts"]}


def fort(data, fid):
    return next(f for f in data["forts"] if f["id"] == fid)


def reject(data):
    """The loader refuses the map; returns its message."""
    with pytest.raises(board.MapError) as info:
        board.board_from_dict(data)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def unreached(data):
    """Forts the roads do not connect to the first fort (worked out here, not by the validator)."""
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
    return set(adj) - seen


def swaps(data):
    """Every way to trade the ends of two roads so each fort keeps its number of roads."""
    roads = [tuple(r) for r in data["roads"]]
    have = {frozenset(r) for r in roads}
    for i, j in itertools.combinations(range(len(roads)), 2):
        (a, b), (c, e) = roads[i], roads[j]
        if len({a, b, c, e}) < 4:
            continue
        for new1, new2 in (((a, c), (b, e)), ((a, e), (b, c))):
            if frozenset(new1) not in have and frozenset(new2) not in have:
                yield [r for k, r in enumerate(roads) if k not in (i, j)] + [new1, new2]


# ------------------------------------------------------------------ the shipped files


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_shipped_maps_obey_every_rule_and_load(map_id):
    d = load(map_id)
    validate_map(d)
    b = board.load_board(map_id)
    assert [f.id for f in b.forts] == [f["id"] for f in d["forts"]]
    assert [f.number for f in b.forts] == [f["number"] for f in d["forts"]]
    assert len(b.roads) == len(d["roads"]) == sum(f["number"] for f in d["forts"]) // 2
    assert board.board_from_dict(copy.deepcopy(d)).id == map_id


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_header(map_id):
    d = load(map_id)
    assert d["id"] == map_id
    assert d["title"] == map_id.capitalize()
    assert isinstance(d["region"], str) and d["region"]
    assert set(d) == {"format", "version", "id", "title", "region", "width", "height", "coast", "forts", "roads",
                      "boats", "eagle"}
    assert 0 < d["width"] <= d["height"], "the board is portrait"


def test_entries(data):
    assert 30 <= sum(len(ring) for ring in data["coast"]) <= 120, "a coast drawn in some detail, not too much"
    for f in data["forts"]:
        assert set(f) == {"id", "name", "modern", "number", "x", "y"}
        assert f["id"] == f["id"].strip().lower()
        assert isinstance(f["modern"], str) and f["modern"], "every fort names the place it lies under"
    for b in data["boats"]:
        assert set(b) == {"number", "x", "y"}
    assert set(data["eagle"]) == {"x", "y"}


def test_reading_order_and_sorted_roads(data):
    """Forts run top to bottom; each road lists its earlier fort first; roads are sorted."""
    order = {f["id"]: i for i, f in enumerate(data["forts"])}
    ys = [f["y"] for f in data["forts"]]
    assert ys == sorted(ys)
    keys = [(order[a], order[b]) for a, b in data["roads"]]
    assert all(i < j for i, j in keys)
    assert keys == sorted(keys)


# ------------------------------------------------------------------ broken copies: header and coast


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="hibernia-map"), "not a Cambria map"),
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d.update(title=""), "'title'"),
    (lambda d: d.update(width=-600), "positive"),
    (lambda d: d.update(height=float("nan")), "height must be a number"),
    (lambda d: d.update(coast=[]), "coast must be a list"),
    (lambda d: d["coast"][0].__setitem__(1, [-5, 10]), "coast polygon 0 has point [-5.0, 10.0] outside the map"),
    (lambda d: d["coast"][0].insert(4, list(d["coast"][0][2])), "coast polygon 0 repeats point"),
])
def test_rejects_a_bad_header_or_coast(data, change, words):
    change(data)
    assert words in reject(data)


def test_rejects_a_coast_that_crosses_itself(data):
    data["coast"].append([[10, 10], [50, 50], [50, 10], [10, 50]])  # a bow tie
    assert f"coast polygon {len(data['coast']) - 1} crosses itself" in reject(data)


def test_rejects_coast_polygons_that_touch(data):
    ring = data["coast"][0]
    x, y = next(p for p in ring if 10 < p[0] < data["width"] - 10 and 10 < p[1] < data["height"] - 10)
    data["coast"].append([[x - 3, y - 3], [x + 3, y - 3], [x, y + 4]])  # a small island over a cape
    assert f"coast polygons 0 and {len(data['coast']) - 1} touch" in reject(data)


# ------------------------------------------------------------------ broken copies: forts


def test_rejects_malformed_forts(data):
    first, second = data["forts"][0]["id"], data["forts"][1]["id"]
    d = copy.deepcopy(data)
    d["forts"].pop()
    assert "16 forts, this one has 15" in reject(d)
    d = copy.deepcopy(data)
    d["forts"][1]["id"] = first
    assert f"fort {first!r} appears twice" in reject(d)
    d = copy.deepcopy(data)
    d["forts"][1]["name"] = d["forts"][0]["name"]
    assert f"fort name {d['forts'][0]['name']!r} appears twice" in reject(d)
    d = copy.deepcopy(data)
    d["forts"][1]["number"] = 7
    assert f"fort {second!r} has number 7" in reject(d)
    d = copy.deepcopy(data)
    d["forts"][1]["x"] = str(d["forts"][1]["x"])
    assert f"fort {second!r} x must be a number" in reject(d)
    d = copy.deepcopy(data)
    d["forts"][1]["y"] = True
    assert f"fort {second!r} y must be a number" in reject(d)


def test_rejects_a_fort_in_the_sea(data):
    victim = data["forts"][3]
    victim["x"], victim["y"] = data["eagle"]["x"], data["eagle"]["y"]  # the eagle is at sea, clear of the edge
    assert f"fort {victim['id']!r} lies in the sea" in reject(data)


def test_rejects_a_fort_at_the_edge(grid):
    fort(grid, "a")["x"] = 10
    assert "fort 'a' lies within 20 of the map's edge" in reject(grid)


def test_rejects_forts_too_close_together(grid):
    fort(grid, "a")["x"] = 210  # 40 from b
    assert "forts 'a' and 'b' are 40.0 apart" in reject(grid)


def test_rejects_eight_vp_forts(data):
    small = next(f for f in data["forts"] if f["number"] <= 3)
    small["number"] = 4
    assert "7 forts numbered 4-6 (one VP token each), this one has 8" in reject(data)


def test_rejects_a_missing_number(data):
    numbers = [f["number"] for f in data["forts"]]
    n = next(n for n in (6, 5, 4) if numbers.count(n) == 1)  # both maps have one fort numbered 6
    fort_n = next(f for f in data["forts"] if f["number"] == n)
    fort_n["number"] = 4 if n != 4 else 5
    assert f"no fort is numbered {n}" in reject(data)


# ------------------------------------------------------------------ broken copies: roads


def test_rejects_a_fort_with_one_road_too_many(data):
    pos = positions(data)
    have = {frozenset(r) for r in data["roads"]}
    # A new road between two forts that are not yet joined: each has one road too many.
    a, b = next((a, b) for a, b in itertools.combinations(pos, 2) if frozenset((a, b)) not in have)
    data["roads"].append([a, b])
    msg = reject(data)
    assert f"fort {a!r} is numbered" in msg or f"fort {b!r} is numbered" in msg, msg


def test_rejects_a_fort_whose_number_is_off_by_one(data):
    # Move a number by one within its group (2<->3, 4<->5<->6), taking a fort that
    # shares its number with another, so the counts of numbers stay legal and only
    # the rule "roads = number" breaks.
    numbers = [f["number"] for f in data["forts"]]
    moves = {2: 3, 3: 2, 4: 5, 5: 6, 6: 5}
    victim = next(f for f in data["forts"] if numbers.count(f["number"]) > 1)
    victim["number"] = moves[victim["number"]]
    assert f"fort {victim['id']!r} is numbered {victim['number']} but has" in reject(data)


def test_rejects_a_malformed_road(data):
    a, (c, e) = data["roads"][2][0], data["roads"][3]
    d = copy.deepcopy(data)
    d["roads"][0][1] = "atlantis"
    assert f"road #0 {d['roads'][0][0]}-atlantis leads to unknown fort 'atlantis'" in reject(d)
    d = copy.deepcopy(data)
    d["roads"][2] = [a, a]
    assert f"road #2 {a}-{a} joins a fort to itself" in reject(d)
    d = copy.deepcopy(data)
    d["roads"].append([e, c])
    assert f"{e}-{c} duplicates another road" in reject(d)
    d = copy.deepcopy(data)
    d["roads"].append(["x"])
    assert "must be a pair of fort ids" in reject(d)


def test_rejects_roads_that_leave_forts_unreachable(grid):
    """The grid's top half (a-h) and bottom half (i-p) with no road between them, every fort
    numbered by its roads, the numbers still legal (seven of 4-6, each of 2..6 present)."""
    top = ["ab", "bc", "cd", "ef", "fg", "gh", "ae", "bf", "cg", "dh", "cf", "af", "bg", "dg", "be", "ag", "fh"]
    bottom = ["ij", "jk", "kl", "mn", "no", "op", "im", "jn", "ko", "lp", "in", "kn"]
    grid["roads"] = [list(r) for r in top + bottom]
    for f in grid["forts"]:
        f["number"] = sum(f["id"] in r for r in grid["roads"])
    numbers = sorted(f["number"] for f in grid["forts"])
    assert sum(n >= 4 for n in numbers) == 7 and set(numbers) == {2, 3, 4, 5, 6}
    assert "the roads do not connect fort 'i' to the rest" in reject(grid)


def test_rejects_a_crossing_road(data):
    """Trade the ends of two roads (every fort keeps its number) so that a road crosses another."""
    pos = positions(data)
    for roads in swaps(data):
        crossing = [(r1, r2) for r1, r2 in itertools.combinations(roads, 2)
                    if roads_cross(pos[r1[0]], pos[r1[1]], pos[r2[0]], pos[r2[1]])]
        d = copy.deepcopy(data)
        d["roads"] = [list(r) for r in roads]
        if not crossing or unreached(d):
            continue
        msg = reject(d)
        assert "cross" in msg, msg
        assert any(f"{r1[0]}-{r1[1]} crosses" in msg and f"{r2[0]}-{r2[1]}" in msg
                   or f"{r2[0]}-{r2[1]} crosses" in msg and f"{r1[0]}-{r1[1]}" in msg for r1, r2 in crossing), msg
        return
    pytest.fail("found no swap that makes roads cross")


def test_rejects_a_road_through_a_fort(grid):
    """Fort h moves to 10 from road g-k (x = 400, y 250..400); its own roads cross nothing."""
    h = fort(grid, "h")
    h["x"], h["y"] = 410, 325
    msg = reject(grid)
    assert "g-k runs through fort 'h' (10.0 from it" in msg, msg


# ------------------------------------------------------------------ broken copies: boats and the eagle


def test_rejects_bad_boats(data):
    d = copy.deepcopy(data)
    d["boats"].pop()
    assert "a map has 5 boats" in reject(d)
    d = copy.deepcopy(data)
    d["boats"][1]["number"] = d["boats"][0]["number"]
    assert f"boat {d['boats'][0]['number']} appears twice" in reject(d)
    d = copy.deepcopy(data)
    d["boats"][4]["number"] = 7
    assert "boat #4 has number 7, not 2..6" in reject(d)
    d = copy.deepcopy(data)
    del d["eagle"]
    assert "the eagle must be an object" in reject(d)


def test_rejects_a_boat_or_the_eagle_on_land(data):
    d = copy.deepcopy(data)
    d["boats"][2]["x"], d["boats"][2]["y"] = d["forts"][5]["x"] + 3, d["forts"][5]["y"]
    assert f"boat {d['boats'][2]['number']} lies on land" in reject(d)
    d = copy.deepcopy(data)
    d["eagle"] = {"x": d["forts"][5]["x"], "y": d["forts"][5]["y"] + 3}
    assert "the eagle lies on land" in reject(d)


def test_rejects_a_boat_near_the_coast(data):
    coast = [[tuple(p) for p in ring] for ring in data["coast"]]
    spot = next(p for ring in coast for x, y in ring for p in ((x + 8, y), (x - 8, y), (x, y + 8), (x, y - 8))
                if not on_land(p, coast))
    assert distance_to_coast(spot, coast) <= 8
    data["boats"][0]["x"], data["boats"][0]["y"] = spot
    assert "boat 2 lies" in (msg := reject(data)) and "from the coast, closer than 25" in msg, msg


def test_rejects_a_boat_near_a_fort(grid):
    fort(grid, "d")["x"] = 655  # on land, 5 from the coast at x = 660
    grid["boats"][0]["x"] = 686  # at sea, 26 from the coast, 31 from fort d
    assert "boat 2 lies 31.0 from fort 'd', closer than 44" in reject(grid)


def test_rejects_a_boat_near_a_road(grid):
    """A bay (x 480..660, y 150..210) cuts under road d-h (x = 550, y 100..250); boat 2 sits in it."""
    grid["coast"] = [[[40, 40], [660, 40], [660, 150], [480, 150], [480, 210], [660, 210], [660, 660], [40, 660]]]
    grid["boats"][0]["x"], grid["boats"][0]["y"] = 570, 180  # 30 from the bay's shores, 20 from the road
    assert "boat 2 lies 20.0 from road d-h, closer than 25" in reject(grid)


def test_rejects_boats_too_close_together(grid):
    grid["boats"][1]["y"] = 140  # 40 below boat 2
    assert "boat 2 and boat 3 are 40.0 apart" in reject(grid)


def test_rejects_a_boat_near_the_edge(grid):
    grid["eagle"]["x"] = 790
    assert "the eagle lies within 25 of the map's edge" in reject(grid)


# ------------------------------------------------------------------ the map tool and its sources


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_sources_draw_the_shipped_maps(make_maps, map_id):
    """Everything in a shipped map but its roads comes from tools/mapdata (no search needed to see it)."""
    placed = make_maps.place(make_maps.read_source(SOURCE_DIR / f"{map_id}.json"))
    shipped = load(map_id)
    for f in shipped["forts"]:
        f["number"] = 0
    shipped["roads"] = []
    assert placed == shipped


def test_every_source_is_a_shipped_map(make_maps):
    assert [src.id for src in make_maps.read_sources()] == sorted(MAP_IDS)


@pytest.mark.parametrize("change, words", [
    (lambda s: s["forts"][2].update(nudge=[20, 20]), "fort 'deva' is nudged further than 25"),
    (lambda s: s["known_roads"].insert(0, ["deva", "londinium"]), "known road #0 ['deva', 'londinium'] must join"),
    (lambda s: s["coast"][1]["points"][4].__setitem__(0, "north"), "coast polygon 1 point 4 latitude must be a number"),
    (lambda s: s["boats"][0].pop("lat"), "boat #0 needs number, lat, lon"),
    (lambda s: s.update(format="cambria-map"), "not a map source"),
])
def test_a_bad_source_is_named(make_maps, tmp_path, change, words, capsys):
    source = json.loads((SOURCE_DIR / "cambria.json").read_text(encoding="utf-8"))
    change(source)
    path = tmp_path / "cambria.json"
    path.write_text(json.dumps(source), encoding="utf-8")
    with pytest.raises(make_maps.SourceError, match="cambria.json") as info:
        make_maps.read_source(path)
    assert words in str(info.value)
    assert make_maps.main(["--check", "--sources", str(tmp_path), "--out", str(tmp_path)]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_generator_reproduces_the_file(make_maps, map_id):
    """tools/make_maps.py (seeded) still makes exactly the committed JSON from tools/mapdata."""
    data, _ = make_maps.build(make_maps.read_source(SOURCE_DIR / f"{map_id}.json"), make_maps.ITERATIONS)
    assert make_maps.dumps(data) == (MAP_DIR / f"{map_id}.json").read_text(encoding="utf-8")
