"""Hibernia's board drawing: valid SVG with a hook for every county, fort, arrow, track space,
shield and supply slot, and a map whose geometry shows exactly the rules' neighbours.

The geometry checks read the polygons out of the drawing itself (the ``<path>`` outlines in
its ``<defs>``) and redo all geometry here, trusting nothing of the drawing code."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cambria.games.hibernia.svg import COUNTY_FILL, board_svg

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "cambria" / "games" / "hibernia" / "data"
NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


class Board:
    """What the build passes: any object whose ``data`` is board.json's dict."""

    def __init__(self, data: dict) -> None:
        self.data = data


@pytest.fixture(scope="module")
def board() -> dict:
    return json.loads((DATA / "board.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def drawn(board):
    text = board_svg(Board(board))
    return text, ET.fromstring(text)


def classes(el) -> set[str]:
    return set(el.get("class", "").split())


def find_all(root, cls: str) -> list:
    return [el for el in root.iter() if cls in classes(el)]


def href(el) -> str:
    return el.get("href") or el.get(XLINK + "href") or ""


# ------------------------------------------------------------------ geometry helpers


def parse_path(d: str) -> list[tuple[float, float]]:
    """The points of a closed path written as ``M x,y l dx,dy dx,dy ... z`` (as the board is)."""
    m = re.fullmatch(r"M(-?[\d.]+),(-?[\d.]+)l(.*)z", d.strip(), re.S)
    assert m, d[:80]
    x, y = float(m.group(1)), float(m.group(2))
    pts = [(x, y)]
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", m.group(3))]
    assert len(nums) % 2 == 0
    for dx, dy in zip(nums[::2], nums[1::2], strict=True):
        x, y = round(x + dx, 1), round(y + dy, 1)
        pts.append((x, y))
    return pts


def area(poly) -> float:
    n = len(poly)
    return abs(sum(poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1] for k in range(n))) / 2


def point_in(p, poly) -> bool:
    x, y = p
    hit = False
    n = len(poly)
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def seg_dist(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def edges(poly):
    return list(zip(poly, poly[1:] + poly[:1], strict=True))


def boundary_dist(p, poly) -> float:
    return min(seg_dist(p, a, b) for a, b in edges(poly))


def shared_length(p, q) -> float:
    """Total length of boundary that two polygons share: overlapping collinear edges."""
    total = 0.0
    bq = [(a, b, min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in edges(q)]
    for a, b in edges(p):
        length = math.dist(a, b)
        if length == 0:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        x0, x1 = min(a[0], b[0]) - 0.01, max(a[0], b[0]) + 0.01
        y0, y1 = min(a[1], b[1]) - 0.01, max(a[1], b[1]) + 0.01
        for c, d, cx0, cx1, cy0, cy1 in bq:
            if cx1 < x0 or cx0 > x1 or cy1 < y0 or cy0 > y1:
                continue
            # both ends of cd on the line of ab?
            if seg_line(c, a, ux, uy) > 0.02 or seg_line(d, a, ux, uy) > 0.02:
                continue
            t0 = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
            t1 = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
            lo, hi = max(0.0, min(t0, t1)), min(length, max(t0, t1))
            if hi > lo:
                total += hi - lo
    return total


def seg_line(p, a, ux, uy) -> float:
    """Distance from p to the line through a with direction (ux, uy)."""
    return abs((p[0] - a[0]) * uy - (p[1] - a[1]) * ux)


def cross(p, q, r, s) -> bool:
    """Segments pq and rs cross properly (touching at an end does not count)."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 1e-9) - (v < -1e-9)
    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


@pytest.fixture(scope="module")
def shapes(drawn, board):
    """The coast and every county's polygon, read from the drawing's outlines."""
    _, root = drawn
    paths = {el.get("id"): el.get("d") for el in root.iter(NS + "path") if el.get("id")}
    coast = parse_path(paths["hibernia-coast"])
    regions = {c["id"]: parse_path(paths[f"hibernia-region-{c['id']}"]) for c in board["counties"]}
    return coast, regions


# ------------------------------------------------------------------ the drawing's parts


def test_is_one_svg_element(drawn):
    text, root = drawn
    assert root.tag == NS + "svg"
    assert text.startswith("<svg") and text.endswith("</svg>") and text.count("<svg") == 1
    assert root.get("id") == "board-hibernia" and root.get("data-map") == "hibernia"
    assert root.get("viewBox") == "0 0 620 820"
    assert root.get("aria-label")


def test_every_county_with_its_colour_name_and_two_spots(drawn, board, shapes):
    _, root = drawn
    _, regions = shapes
    groups = {g.get("data-county"): g for g in find_all(root, "county")}
    assert sorted(groups) == sorted(c["id"] for c in board["counties"])
    for c in board["counties"]:
        g = groups[c["id"]]
        assert g.get("id") == f"hibernia-county-{c['id']}"
        assert g.get("data-colour") == c["colour"]
        assert g.get("data-fort") == ("true" if c["fort"] else "false")
        assert g.get("role") == "button" and c["name"] in g.get("aria-label")
        areas = find_all(g, "county-area")
        assert len(areas) == 1 and href(areas[0]) == f"#hibernia-region-{c['id']}"
        assert areas[0].get("fill") == COUNTY_FILL[c["colour"]]
        names = find_all(g, "county-name")
        assert len(names) == 1
        assert " ".join(t.text for t in names[0].iter(NS + "tspan")) == c["name"]
        spots = sorted(find_all(g, "troop-spot"), key=lambda s: s.get("data-spot"))
        assert [s.get("data-spot") for s in spots] == ["0", "1"]
        for s in spots:
            assert s.get("id") == f"hibernia-spot-{c['id']}-{s.get('data-spot')}"
            x, y, r = float(s.get("data-x")), float(s.get("data-y")), float(s.get("data-r"))
            assert r >= 14  # a chip that reads at a glance: about 19 px across on a 390 px phone
            assert point_in((x, y), regions[c["id"]]) and boundary_dist((x, y), regions[c["id"]]) >= r, c["id"]


def test_the_four_forts(drawn, board, shapes):
    _, root = drawn
    _, regions = shapes
    forts = find_all(root, "fort")
    assert sorted(f.get("data-county") for f in forts) == sorted(c["id"] for c in board["counties"] if c["fort"])
    for f in forts:
        (use,) = list(f.iter(NS + "use"))
        assert href(use) == "#hibernia-fort"
        x = float(use.get("x")) + float(use.get("width")) / 2
        y = float(use.get("y")) + float(use.get("height")) / 2
        assert point_in((x, y), regions[f.get("data-county")])


def test_the_arrows_join_their_counties_across_the_one_between(drawn, board, shapes):
    _, root = drawn
    _, regions = shapes
    arrows = find_all(root, "arrow")
    assert sorted((a.get("data-from"), a.get("data-to")) for a in arrows) == sorted(map(tuple, board["arrows"]))
    borders = {frozenset(b) for b in board["borders"]}
    for a in arrows:
        src, dst, via = a.get("data-from"), a.get("data-to"), a.get("data-via")
        assert frozenset((src, via)) in borders and frozenset((dst, via)) in borders
        p = (float(a.get("data-x1")), float(a.get("data-y1")))
        q = (float(a.get("data-x2")), float(a.get("data-y2")))
        assert point_in(p, regions[src]) and point_in(q, regions[dst])
        # every point of the shaft lies in one of the three counties, its middle in the one between
        for k in range(1, 20):
            pt = (p[0] + (q[0] - p[0]) * k / 20, p[1] + (q[1] - p[1]) * k / 20)
            assert any(point_in(pt, regions[c]) for c in (src, via, dst)), (src, dst, pt)
        assert point_in(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), regions[via])
        assert len([el for el in a.iter(NS + "path")]) >= 2  # a shaft and heads


def test_the_track_has_forty_spaces_in_order_around_the_edge(drawn, board):
    _, root = drawn
    spaces = sorted(find_all(root, "track-space"), key=lambda s: int(s.get("data-space")))
    assert [int(s.get("data-space")) for s in spaces] == list(range(40))
    assert [s.get("data-colour") for s in spaces] == board["track"]
    rects = []
    for s in spaces:
        i = int(s.get("data-space"))
        assert s.get("id") == f"hibernia-space-{i}"
        (rect,) = find_all(s, "space-area")
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert rect.get("fill") == f"url(#hibernia-tile-{s.get('data-colour')})"
        rects.append((x, y, x + w, y + h))
        # in the frame band, not over the map
        assert x + w <= 50 or x >= 570 or y + h <= 50 or y >= 770, i
        slots = find_all(s, "marker-slot")
        assert sorted(int(m.get("data-slot")) for m in slots) == [0, 1, 2, 3]
        for m in slots:
            mx, my = float(m.get("data-x")), float(m.get("data-y"))
            assert x + 6 <= mx <= x + w - 6 and y + 6 <= my <= y + h - 6
        signs = [href(u) for u in s.iter(NS + "use")]
        if i == 0:
            assert s.get("data-start") is not None and signs == ["#hibernia-sword"] and s.get("data-colour") == "yellow"
        else:
            assert s.get("data-start") is None and signs == [f"#hibernia-emblem-{s.get('data-colour')}"]
    for a, b in itertools.combinations(rects, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # clockwise: the centres turn around the board's middle always the same way
    centres = [((r[0] + r[2]) / 2 - 310, (r[1] + r[3]) / 2 - 410) for r in rects]
    turn = [math.atan2(b[1], b[0]) - math.atan2(a[1], a[0]) for a, b in zip(centres, centres[1:] + centres[:1], strict=True)]
    turn = [(t + math.pi) % (2 * math.pi) - math.pi for t in turn]
    assert all(t > 0 for t in turn) and math.isclose(sum(turn), 2 * math.pi, abs_tol=1e-6)


@pytest.mark.parametrize("kind", ["shield", "supply"])
def test_shield_and_supply_have_a_slot_per_player_in_the_sea(drawn, shapes, kind):
    _, root = drawn
    coast, _ = shapes
    (panel,) = find_all(root, kind)
    assert panel.get("id") == f"hibernia-{kind}"
    slots = sorted(find_all(panel, f"{kind}-slot"), key=lambda s: s.get("data-slot"))
    assert [s.get("data-slot") for s in slots] == ["0", "1", "2", "3"]
    pts = []
    for s in slots:
        x, y, r = float(s.get("data-x")), float(s.get("data-y")), float(s.get("data-r"))
        assert s.get("id") == f"hibernia-{kind}-slot-{s.get('data-slot')}"
        assert not point_in((x, y), coast) and boundary_dist((x, y), coast) > r
        assert 50 + r <= x <= 570 - r and 50 + r <= y <= 770 - r
        pts.append((x, y, r))
    for a, b in itertools.combinations(pts, 2):
        assert math.dist(a[:2], b[:2]) >= a[2] + b[2]


def test_ids_are_unique_and_apart_from_cambrias(drawn):
    from cambria.games.cambria.board import MAP_IDS, load_board
    from cambria.games.cambria.svg import board_svg as cambria_svg

    _, root = drawn
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i.startswith("hibernia") or i == "board-hibernia" for i in ids)
    for map_id in MAP_IDS:
        other = {el.get("id") for el in ET.fromstring(cambria_svg(load_board(map_id))).iter() if el.get("id")}
        assert not other & set(ids)


def test_every_reference_resolves(drawn):
    _, root = drawn
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        ref = href(el)
        if ref:
            assert ref[1:] in ids, ref
        for value in el.attrib.values():
            for target in re.findall(r"url\(#([^)]+)\)", value):
                assert target in ids, target


def test_drawing_is_deterministic(board):
    assert board_svg(Board(board)) == board_svg(Board(board))


def test_a_board_the_map_does_not_know_is_refused(board):
    bad = json.loads(json.dumps(board))
    bad["counties"][0]["id"] = "XYZ"
    with pytest.raises(ValueError, match="XYZ"):
        board_svg(Board(bad))


# ------------------------------------------------------------------ the map's geometry


def test_neighbours_in_the_drawing_are_exactly_the_borders(board, shapes):
    """Two counties share a stretch of outline iff board.json lists them as a border; counties
    that are not neighbours keep apart (not even a corner in common)."""
    _, regions = shapes
    borders = {frozenset(b) for b in board["borders"]}
    ids = sorted(regions)
    for a, b in itertools.combinations(ids, 2):
        shared = shared_length(regions[a], regions[b])
        if frozenset((a, b)) in borders:
            assert shared >= 10, (a, b, shared)  # a border one can see (at least 6 px on a phone)
            assert math.isclose(shared, shared_length(regions[b], regions[a]), rel_tol=1e-6)
        else:
            assert shared == 0, (a, b, shared)
            gap = min(min(boundary_dist(p, regions[b]) for p in regions[a]),
                      min(boundary_dist(p, regions[a]) for p in regions[b]))
            assert gap > 0.5, (a, b, gap)
    # the arrows' pairs are no borders: they meet only by the arrows
    for a, b in board["arrows"]:
        assert frozenset((a, b)) not in borders


def test_every_county_is_one_simple_polygon_and_together_they_tile_the_island(shapes):
    coast, regions = shapes
    for cid, poly in [("coast", coast), *regions.items()]:
        assert len(poly) >= 3 and len(set(poly)) == len(poly), cid
        es = edges(poly)
        for i, j in itertools.combinations(range(len(es)), 2):
            if j == i + 1 or (i == 0 and j == len(es) - 1):
                continue
            (p, q), (r, s) = es[i], es[j]
            if max(p[0], q[0]) < min(r[0], s[0]) or max(r[0], s[0]) < min(p[0], q[0]):
                continue
            assert not cross(p, q, r, s), (cid, es[i], es[j])
    coast_points = set(coast)
    for cid, poly in regions.items():
        for p in poly:
            assert p in coast_points or point_in(p, coast), (cid, p)
    total = sum(area(p) for p in regions.values())
    assert math.isclose(total, area(coast), rel_tol=1e-4)
    assert min(area(p) for p in regions.values()) > 4000  # room for a name and two chips


def test_the_coast_looks_like_ireland(shapes):
    """A sanity check of the outline: the island's proportions and a few far points in place."""
    coast, _ = shapes
    xs, ys = [x for x, _ in coast], [y for _, y in coast]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    assert 0.7 < w / h < 0.8  # Ireland is about three quarters as wide as it is tall
    north = min(coast, key=lambda p: p[1])
    west = min(coast, key=lambda p: p[0])
    east = max(coast, key=lambda p: p[0])
    south = max(coast, key=lambda p: p[1])
    assert north[0] > min(xs) + 0.5 * w  # Malin Head lies right of the middle
    assert west[1] > min(ys) + 0.55 * h  # the far west is Kerry, in the south
    assert east[1] < min(ys) + 0.35 * h  # the far east is the Ards, in the north
    assert south[0] < min(xs) + 0.5 * w  # the far south is Mizen Head, in the west


def test_labels_lie_in_their_county_and_clear_of_each_other(drawn, board, shapes):
    _, root = drawn
    _, regions = shapes
    boxes = {}
    for g in find_all(root, "county"):
        cid = g.get("data-county")
        (text,) = find_all(g, "county-name")
        size = float(text.get("font-size"))
        assert size >= 10
        own = []
        for t in text.iter(NS + "tspan"):
            x, y, w = float(t.get("x")), float(t.get("y")), float(t.get("textLength"))
            box = (x - w / 2, y - 0.8 * size, x + w / 2, y + 0.25 * size)
            own.append(box)
            for px in (box[0], (box[0] + box[2]) / 2, box[2]):
                for py in (box[1], box[3]):
                    assert point_in((px, py), regions[cid]) and boundary_dist((px, py), regions[cid]) > 1, (cid, t.text)
        for s in find_all(g, "troop-spot"):
            c = (float(s.get("data-x")), float(s.get("data-y")), float(s.get("data-r")))
            for b in own:
                nx, ny = min(max(c[0], b[0]), b[2]), min(max(c[1], b[1]), b[3])
                assert math.hypot(nx - c[0], ny - c[1]) >= c[2], (cid, "a chip covers the name")
        boxes[cid] = own
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        for p in ba:
            for q in bb:
                assert p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1], (a, b)


# ------------------------------------------------------------------ colours


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65)."""
    rgb = [int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def test_red_and_yellow_are_far_apart_and_every_colour_has_its_pattern_and_emblem(drawn, board):
    red, yellow = lab(COUNTY_FILL["red"]), lab(COUNTY_FILL["yellow"])
    assert math.dist(red, yellow) > 50  # ΔE*ab; 2.3 is "just noticeable"
    assert abs(red[0] - yellow[0]) > 15  # apart in lightness too, not only in hue
    for a, b in itertools.combinations(COUNTY_FILL.values(), 2):
        assert math.dist(lab(a), lab(b)) > 30
    _, root = drawn
    patterns = {el.get("id"): ET.tostring(el) for el in root.iter(NS + "pattern")}
    motifs = set()
    for colour in COUNTY_FILL:
        body = patterns[f"hibernia-pat-{colour}"]
        motifs.add(re.sub(rb'id="[^"]*"|fill="[^"]*"|stroke="[^"]*"', b"", body))
    assert len(motifs) == 4  # four different textures, not one in four colours
    symbols = {el.get("id") for el in root.iter(NS + "symbol")}
    assert {f"hibernia-emblem-{c}" for c in COUNTY_FILL} <= symbols
    for g in find_all(root, "county"):
        colour = g.get("data-colour")
        (pattern,) = find_all(g, "county-pattern")
        assert pattern.get("fill") == f"url(#hibernia-pat-{colour})"
        for use in find_all(g, "county-emblem"):
            assert href(use) == f"#hibernia-emblem-{colour}"


def test_shapes_for_the_players_chips(drawn):
    _, root = drawn
    symbols = {el.get("id") for el in root.iter(NS + "symbol")}
    for shape in ("circle", "square", "triangle", "diamond", "hexagon", "cross"):
        assert f"hibernia-shape-{shape}" in symbols


# ------------------------------------------------------------------ the map's source


@pytest.mark.slow
def test_the_tool_remakes_the_committed_map():
    """tools/make_ireland.py (no randomness) still makes exactly the committed map.json."""
    path = ROOT / "tools" / "make_ireland.py"
    spec = importlib.util.spec_from_file_location("make_ireland", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.make() == (DATA / "map.json").read_text(encoding="utf-8")
