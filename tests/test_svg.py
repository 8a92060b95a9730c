"""The board drawing (cambria.svg): valid SVG with an element and a data attribute for every piece of the map."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from cambria.games.cambria.board import load_board
from cambria.games.cambria.board import MAP_IDS, VP_VALUE
from cambria.games.cambria.svg import FORT_RADIUS, SHAPES, SLOT_RADIUS, _place_labels, board_svg

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
        vp = find_all(f, "vp-token")
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


def test_drawing_is_deterministic():
    for map_id in MAP_IDS:
        board = load_board(map_id)
        assert board_svg(board) == board_svg(board)
