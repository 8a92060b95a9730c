"""The board drawing (cambria.svg): valid SVG with an element and a data attribute for every piece of the map."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from cambria.games.cambria.board import load_board
from cambria.games.cambria.board import MAP_IDS, VP_VALUE
from cambria.games.cambria.svg import FORT_RADIUS, SHAPES, SLOT_RADIUS, VP_RADIUS, _place_labels, board_svg, piece_boxes

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=MAP_IDS)
def drawn(request):
    board = load_board(request.param)
    text = board_svg(board)
    return board, text, ET.fromstring(text)


def classes(el) -> set[str]:
    return set(el.get("class", "").split())


def find_all(root, cls: str) -> list:
    return [el for el in root.iter() if cls in classes(el)]


def test_is_one_svg_element_with_the_maps_viewbox(drawn):
    board, text, root = drawn
    assert root.tag == NS + "svg"
    assert text.startswith("<svg") and text.endswith("</svg>") and text.count("<svg") == 1
    assert root.get("viewBox") == f"0 0 {board.width:g} {board.height:g}"
    assert root.get("data-map") == board.id
    assert root.get("id") == f"board-{board.id}"
    assert root.get("aria-label")


def test_every_road_has_a_slot_line_and_hit_area(drawn):
    board, _, root = drawn
    slots = find_all(root, "slot")
    assert sorted(int(s.get("data-road")) for s in slots) == list(range(len(board.roads)))
    for s in slots:
        r = int(s.get("data-road"))
        assert s.get("id") == f"{board.id}-road-{r}"
        mx, my = board.road_midpoint(r)
        assert math.isclose(float(s.get("data-x")), mx, abs_tol=0.06)
        assert math.isclose(float(s.get("data-y")), my, abs_tol=0.06)
        a, b = board.roads[r]
        assert board.forts[a].name in s.get("aria-label") and board.forts[b].name in s.get("aria-label")
        assert s.get("role") == "button"
    lines = find_all(root, "road")
    assert sorted(int(x.get("data-road-line")) for x in lines) == list(range(len(board.roads)))
    hits = find_all(root, "road-hit")
    assert sorted(int(x.get("data-road-hit")) for x in hits) == list(range(len(board.roads)))
    # a finger-wide band along every road (40 board units ≈ 26 CSS px on a 390 px phone, plus the
    # page's snapping of a tap to the nearest highlighted road)
    assert all(float(h.get("stroke-width")) >= 40 for h in hits)


def test_slots_do_not_overlap(drawn):
    board, _, _ = drawn
    mids = [board.road_midpoint(r) for r in range(len(board.roads))]
    for i in range(len(mids)):
        for j in range(i):
            assert math.dist(mids[i], mids[j]) > 2 * SLOT_RADIUS, (i, j)


def test_every_fort_boat_and_the_eagle(drawn):
    board, _, root = drawn
    forts = find_all(root, "fort")
    assert sorted(int(f.get("data-fort")) for f in forts) == list(range(len(board.forts)))
    for f in forts:
        i = int(f.get("data-fort"))
        fort = board.forts[i]
        assert f.get("id") == f"{board.id}-fort-{i}"
        assert int(f.get("data-number")) == fort.number
        assert fort.name in f.get("aria-label")
        names = [t for t in f.iter(NS + "text") if "fort-name" in classes(t)]
        assert [t.text for t in names] == [fort.name]
        pips = [c for g in f.iter(NS + "g") if "pips" in classes(g) for c in g.iter(NS + "circle")]
        assert len(pips) == fort.number
        assert len(find_all(f, "fort-token")) == 1
        vp = [t for t in find_all(root, "vp-token") if t.get("data-fort") == str(fort.index)]
        assert find_all(f, "vp-token") == []  # drawn above the pieces, not in the fort
        if fort.number in VP_VALUE:
            assert len(vp) == 1 and vp[0].get("data-vp") == str(VP_VALUE[fort.number])
            assert f.get("data-vp") == "board"  # the starting board shows the VP token
        else:
            assert vp == [] and f.get("data-vp") == "none"
    boats = find_all(root, "boat")
    assert sorted(int(b.get("data-boat")) for b in boats) == [2, 3, 4, 5, 6]
    for b in boats:
        n = int(b.get("data-boat"))
        assert b.get("id") == f"{board.id}-boat-{n}"
        x, y = board.boats[n - 2]
        assert (float(b.get("data-x")), float(b.get("data-y"))) == pytest.approx((x, y), abs=0.06)
    eagles = [el for el in root.iter() if el.get("data-eagle") is not None]
    assert len(eagles) == 1 and eagles[0].get("id") == f"{board.id}-eagle"
    assert root.find(f".//*[@id='{board.id}-legion']") is not None
    assert root.find(f".//*[@id='{board.id}-warriors']") is not None


def test_shapes_for_every_colour_and_the_legion(drawn):
    board, _, root = drawn
    symbols = {s.get("id") for s in root.iter(NS + "symbol")}
    for shape in SHAPES:
        assert f"{board.id}-shape-{shape}" in symbols
    assert f"{board.id}-shape-legion" in symbols
    assert len(SHAPES) == 6  # five colours and the neutral


def test_ids_are_unique_across_both_boards():
    ids: list[str] = []
    for map_id in MAP_IDS:
        root = ET.fromstring(board_svg(load_board(map_id)))
        ids += [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))


def test_labels_stay_on_the_board_and_off_the_forts(drawn):
    board, _, _ = drawn
    for f, (_, _, _, box, _) in zip(board.forts, _place_labels(board), strict=True):
        assert 0 <= box[0] and box[2] <= board.width and 0 <= box[1] and box[3] <= board.height, f.name
        for g in board.forts:
            nx = min(max(g.x, box[0]), box[2])
            ny = min(max(g.y, box[1]), box[3])
            assert math.hypot(nx - g.x, ny - g.y) >= FORT_RADIUS - 1, (f.name, g.name)


# ---------------------------------------------------------------- the names, from the drawing

def label_boxes(root) -> dict[int, tuple[float, float, float, float, float]]:
    """Each fort's name as drawn: the box its text covers (x1, y1, x2, y2) and its font size, read
    from the SVG alone (x, y, text-anchor, the pinned textLength, the size: the stylesheet's 19
    units unless the text says otherwise)."""
    out = {}
    for f in find_all(root, "fort"):
        text = next(t for t in f.iter(NS + "text") if "fort-name" in classes(t))
        style = text.get("style") or ""
        size = float(style.split("font-size:")[1].strip(" px;")) if "font-size" in style else 19.0
        x, y, length = float(text.get("x")), float(text.get("y")), float(text.get("textLength"))
        anchor = text.get("text-anchor")
        x1 = x - length / 2 if anchor == "middle" else x if anchor == "start" else x - length
        # cap height above the baseline, descenders below it
        out[int(f.get("data-fort"))] = (x1, y - 0.74 * size, x1 + length, y + 0.2 * size, size)
    return out


def box_distance(x: float, y: float, box) -> float:
    nx = min(max(x, box[0]), box[2])
    ny = min(max(y, box[1]), box[3])
    return math.hypot(nx - x, ny - y)


def test_no_two_names_collide_and_none_covers_a_fort_slot_or_boat(drawn):
    board, _, root = drawn
    boxes = label_boxes(root)
    assert sorted(boxes) == list(range(len(board.forts)))
    names = {i: board.forts[i].name for i in boxes}
    for i, a in boxes.items():
        for j, b in boxes.items():
            if j <= i:
                continue
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            assert w <= 0 or h <= 0, f"{names[i]} and {names[j]} overlap on {board.id}"
        for g in board.forts:
            assert box_distance(g.x, g.y, a) >= FORT_RADIUS + 2, f"{names[i]} covers the fort {g.name}"
        for r in range(len(board.roads)):
            mx, my = board.road_midpoint(r)
            assert box_distance(mx, my, a) >= SLOT_RADIUS, f"{names[i]} covers the slot of {board.road_name(r)}"
        for bx, by in board.boats:
            assert box_distance(bx, by, a) >= 26, f"{names[i]} covers a boat"
        assert 0 <= a[0] and a[2] <= board.width and 0 <= a[1] and a[3] <= board.height, names[i]


def test_each_name_is_nearer_its_own_fort_than_any_other(drawn):
    """Nearer by its nearest point and by its middle: a reader takes a name for the fort it is closest to."""
    board, _, root = drawn
    for i, box in label_boxes(root).items():
        f = board.forts[i]
        mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        own, own_mid = box_distance(f.x, f.y, box), math.hypot(mx - f.x, my - f.y)
        assert own <= FORT_RADIUS + 24, f"{f.name}'s name is {own:.0f} units away"
        for g in board.forts:
            if g is f:
                continue
            assert box_distance(g.x, g.y, box) > own + 4, f"{f.name}'s name is as near {g.name}"
            assert math.hypot(mx - g.x, my - g.y) > own_mid + 4, f"{f.name}'s name leans to {g.name}"


# the pairs a player read as one another's (the first is the name that sat by the second fort)
CONFUSED = {"cumbria": [("Galava", "Mediobogdum"), ("Mediobogdum", "Galava"), ("Voreda", "Troutbeck"),
                        ("Troutbeck", "Voreda")],
            "cambria": [("Cefn Caer", "Mediomanum"), ("Mediomanum", "Cefn Caer")]}


def test_the_names_once_confused_sit_by_their_own_forts(drawn):
    board, _, root = drawn
    boxes = label_boxes(root)
    by_name = {f.name: f for f in board.forts}
    for name, other in CONFUSED[board.id]:
        box = boxes[by_name[name].index]
        mine, theirs = by_name[name], by_name[other]
        assert box_distance(mine.x, mine.y, box) + 10 < box_distance(theirs.x, theirs.y, box), (name, other)
        # and not on one line with the other's name, as if one name
        o = boxes[theirs.index]
        gap = max(o[0] - box[2], box[0] - o[2], o[1] - box[3], box[1] - o[3])
        assert gap >= 6, f"{name} and {other} read as one name ({gap:.1f} units apart)"


def test_names_and_vp_digits_are_large_enough_for_a_phone(drawn):
    """On a 390 px phone the board is about 0.6 px a unit: names of 19 units (14 where hemmed in)
    and VP digits of 16 units stay readable, and nearly all names have the full size."""
    board, _, root = drawn
    sizes = [b[4] for b in label_boxes(root).values()]
    assert min(sizes) >= 14 and sum(1 for s in sizes if s >= 19) >= len(sizes) - 3, sizes
    for token in find_all(root, "vp-token"):
        assert float(next(token.iter(NS + "circle")).get("r")) >= 12


def test_the_map_title_is_whole_on_the_board(drawn):
    board, _, root = drawn
    title = find_all(root, "map-title")[0]
    half = len(title.text) * 30 * 1.08 / 2
    assert half <= float(title.get("x")) <= board.width - half


def test_drawing_is_deterministic():
    for map_id in MAP_IDS:
        board = load_board(map_id)
        assert board_svg(board) == board_svg(board)


def test_vp_tokens_are_drawn_above_the_pieces_and_beside_them(drawn):
    """No piece covers a VP token (issue 28: Castell Collen's 4): the tokens' layer comes after the
    warriors and the legion, and each token sits where no piece can stand wherever its fort leaves
    such a place (not in a fort's own upper right corner, whatever stands there)."""
    board, _, root = drawn
    layers = [classes(el) for el in root]
    at = {name: next(i for i, c in enumerate(layers) if name in c) for name in ("warriors", "legion", "vp-tokens")}
    assert at["vp-tokens"] > at["warriors"] and at["vp-tokens"] > at["legion"], at
    pieces = piece_boxes(board)

    def stood_on(x: float, y: float) -> bool:
        r = VP_RADIUS + 0.7  # with its stroke
        return any(x - r < b[2] and b[0] < x + r and y - r < b[3] and b[1] < y + r for b in pieces)

    tokens = find_all(root, "vp-token")
    assert sorted(int(t.get("data-fort")) for t in tokens) == [f.index for f in board.forts if f.number in VP_VALUE]
    now = corner = 0
    for t in tokens:
        f = board.forts[int(t.get("data-fort"))]
        x, y = (float(v) for v in t.get("transform")[len("translate("):-1].split())
        assert 20 <= math.hypot(x - f.x, y - f.y) <= 36  # beside its own fort
        now += stood_on(x, y)
        corner += stood_on(f.x + FORT_RADIUS - 1, f.y - FORT_RADIUS + 1)
    assert now <= 1 and (now < corner or corner == 0), (now, corner)
