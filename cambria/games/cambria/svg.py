"""Draw a Cambria board as one SVG element (used by build.py for the page and by tests).

``board_svg(board)`` returns a single ``<svg>`` string: sea, land, roads, forts with
their die pips and tokens, a slot for one warrior on every road, the boats, the
eagle, and empty layers into which the page puts the warriors and the legion.
The drawing holds no game state: the page (web/app.js) places pieces and sets
classes on these elements from what the engine sends; the looks live in CSS
(web/style.css).

Element ids are prefixed with the map id (two boards share one page), and every
interactive element carries a data attribute:

========================================  ===================================================
``<g class="slot" data-road="12">``       id ``{map}-road-12``: the place of the one warrior
                                          (or the legion) on road 12, at the road's middle;
                                          ``data-x``/``data-y`` give that point, ``data-forts``
                                          the two forts ("3,7")
``<line class="road" data-road-line>``    the road itself (highlighted when legal)
``<line class="road-hit" data-road-hit>`` a wide transparent stroke along the road's middle
``<g class="fort" data-fort="3">``        id ``{map}-fort-3``, with ``data-number``,
                                          ``data-name`` and ``data-modern``; holds
                                          ``.fort-token``, and ``.fort-flag`` for the captor's
                                          colour; ``data-vp`` is "board" while its VP token is
                                          on the board, else "none"
``<g class="boat" data-boat="4">``        id ``{map}-boat-4``: boat number 4 and its seat
``<g class="eagle" data-eagle>``          id ``{map}-eagle``: where the legion starts
``<g class="warriors">``, ``.legion``     layers the page fills
``<g class="vp-token" data-fort="3">``    id ``{map}-vp-3``, in the layer ``.vp-tokens`` above
                                          the pieces: fort 3's VP token, ``data-vp`` its value
========================================  ===================================================

Shapes of the warriors are symbols ``{map}-shape-{circle,square,triangle,diamond,hexagon,cross}``.

>>> from cambria.games.cambria.board import load_board
>>> text = board_svg(load_board("cambria"))
>>> text.startswith("<svg") and text.count('class="slot"') == len(load_board("cambria").roads)
True
"""

from __future__ import annotations

import math

from html import escape

from .board import VP_VALUE, Board, Fort

__all__ = ["board_svg", "SHAPES", "FORT_RADIUS", "SLOT_RADIUS", "piece_boxes", "vp_offsets"]

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "cross")
FORT_RADIUS = 19.0
SLOT_RADIUS = 12.5
LABEL_SIZE = 19.0  # board units: about 12 px on a phone, 17 px on a laptop
MIN_LABEL_SIZE = 14.0  # for a name hemmed in at the full size: as large as fits
VP_RADIUS = 12.0  # the VP token on a fort, its digit 16 units
PIP_OFFSET = 7.6
PIP_RADIUS = 2.7
_HIT_WIDTH = 40  # board units; the page also snaps a tap to the nearest highlighted road


def _f(v: float) -> str:
    """A number for an attribute: at most one decimal, no trailing zeros."""
    text = f"{v:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _shape_paths(prefix: str) -> str:
    """Symbols for the warriors: one shape per colour, drawn in a 32×32 box around 0,0."""
    hexagon = " ".join(f"{_f(14 * math.cos(math.pi / 6 + k * math.pi / 3))},{_f(14 * math.sin(math.pi / 6 + k * math.pi / 3))}"
                       for k in range(6))
    shapes = {
        "circle": '<circle r="12.5"/>',
        "square": '<rect x="-11" y="-11" width="22" height="22" rx="2.5"/>',
        "triangle": '<path d="M0,-14.5 L13.5,10 L-13.5,10 Z" stroke-linejoin="round"/>',
        "diamond": '<path d="M0,-15 L14,0 L0,15 L-14,0 Z" stroke-linejoin="round"/>',
        "hexagon": f'<polygon points="{hexagon}" stroke-linejoin="round"/>',
        "cross": ('<circle r="12.5"/><path class="mark" d="M-6,-6 L6,6 M6,-6 L-6,6" stroke="#fff" '
                  'stroke-width="3.2" stroke-linecap="round" fill="none"/>'),
    }
    return "".join(
        f'<symbol id="{prefix}-shape-{name}" viewBox="-16 -16 32 32" width="32" height="32" overflow="visible">'
        f'<g class="shape shape-{name}">{body}</g></symbol>'
        for name, body in shapes.items()
    )


def _legion_symbol(prefix: str) -> str:
    # a Roman standard: a crimson banner with a gold eagle-wing bar and a pole
    return (
        f'<symbol id="{prefix}-shape-legion" viewBox="-18 -22 36 44" width="36" height="44" overflow="visible">'
        '<g class="legion-shape">'
        '<path d="M0,-21 V20" stroke="#4a3018" stroke-width="3.2" stroke-linecap="round" fill="none"/>'
        '<path d="M-14,-14 Q-6,-21 0,-15 Q6,-21 14,-14 Q6,-14.5 0,-10.5 Q-6,-14.5 -14,-14 Z" '
        'fill="#e7b93e" stroke="#6b4a0c" stroke-width="1.2" stroke-linejoin="round"/>'
        '<path d="M-10.5,-8.5 H10.5 V9 L0,14.5 L-10.5,9 Z" fill="#a8262b" stroke="#e7b93e" stroke-width="2" '
        'stroke-linejoin="round"/>'
        '<path d="M-5,-3 H5 M-5,2.5 H5" stroke="#f6dc8a" stroke-width="1.8" stroke-linecap="round"/>'
        "</g></symbol>"
    )


def _pips(n: int) -> str:
    d = PIP_OFFSET
    layouts: dict[int, list[tuple[float, float]]] = {
        1: [(0, 0)],
        2: [(-d, -d), (d, d)],
        3: [(-d, -d), (0, 0), (d, d)],
        4: [(-d, -d), (d, -d), (-d, d), (d, d)],
        5: [(-d, -d), (d, -d), (0, 0), (-d, d), (d, d)],
        6: [(-d, -d), (d, -d), (-d, 0), (d, 0), (-d, d), (d, d)],
    }
    layout = layouts[n]
    return "".join(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{PIP_RADIUS}"/>' for x, y in layout)


def _text_width(text: str, size: float) -> float:
    """About the width of a bold sans-serif name (the drawing pins it with ``textLength``)."""
    narrow = sum(1 for ch in text if ch in "iljtfrI ')(.-")
    wide = sum(1 for ch in text if ch in "mwMWGCDOQ")
    return 1.1 * size * (0.56 * len(text) - 0.24 * narrow + 0.2 * wide)


def _seg_box_len(x1: float, y1: float, x2: float, y2: float, box: tuple[float, float, float, float]) -> float:
    """The length of the part of a segment inside a box (Liang–Barsky clipping)."""
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return 0.0
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return 0.0
            t0 = max(t0, t)
        else:
            if t < t0:
                return 0.0
            t1 = min(t1, t)
    return (t1 - t0) * math.hypot(dx, dy) if t1 > t0 else 0.0


def _circle_box_overlap(cx: float, cy: float, r: float, box: tuple[float, float, float, float]) -> bool:
    bx1, by1, bx2, by2 = box
    nx = min(max(cx, bx1), bx2)
    ny = min(max(cy, by1), by2)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _box_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


Box = tuple[float, float, float, float]
Label = tuple[float, float, str, Box, float]
LABEL_GAP = 3.0          # board units between a label and another label, a fort, a slot or a boat
NEAREST_MARGIN = 8.0     # a label is this much nearer its own fort than any other fort


def _box_dist(x: float, y: float, box: Box) -> float:
    """The distance from a point to the nearest point of a box (0 inside it)."""
    nx = min(max(x, box[0]), box[2])
    ny = min(max(y, box[1]), box[3])
    return math.hypot(nx - x, ny - y)


def _label_box(x: float, y: float, anchor: str, w: float, size: float) -> Box:
    """The box of a name of width ``w`` at baseline point x, y (as ``text-anchor`` says)."""
    x1 = x - w / 2 if anchor == "middle" else (x if anchor == "start" else x - w)
    return (x1 - 2, y - size * 0.78, x1 + w + 2, y + size * 0.22)


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


# Where pieces stand (board units, around a road's slot or a boat's seat), for keeping the VP
# tokens clear of them: a warrior's shapes with their stroke (web/games/cambria/board.js puts
# the symbol's 32×32 box on the slot), the legion's standard (drawn 8 units above the slot).
WARRIOR_HALF = 16.0
LEGION_BOX = (-15.0, -31.0, 15.0, 14.0)
BOAT_SEAT = (-16.0, -11.0)  # a boat's seat, from the boat's point
# the token's centre from its fort's: on the corner of the fort's square, else a little further out
VP_DISTANCES = (25.5, 29.0, 33.0)
VP_CORNER = (FORT_RADIUS - 1, -FORT_RADIUS + 1)  # the upper right corner: where no other place fits
_VP_HALF = VP_RADIUS + 1.0  # the token's box, with its stroke and a hair
_FLAG = (-FORT_RADIUS, -FORT_RADIUS, 10.0)  # the captor's flag, upper left of the fort


def piece_boxes(board: Board) -> list[Box]:
    """The box of every piece in every place it can stand: a warrior or the legion on each road,
    a warrior on each boat."""
    out: list[Box] = []
    h = WARRIOR_HALF
    for r in range(len(board.roads)):
        x, y = board.road_midpoint(r)
        out.append((x - h, y - h, x + h, y + h))
        out.append((x + LEGION_BOX[0], y + LEGION_BOX[1], x + LEGION_BOX[2], y + LEGION_BOX[3]))
    for bx, by in board.boats:
        x, y = bx + BOAT_SEAT[0], by + BOAT_SEAT[1]
        out.append((x - h, y - h, x + h, y + h))
    return out


def vp_places(board: Board, f: Fort, pieces: list[Box] | None = None) -> list[tuple[float, float]]:
    """The places for fort ``f``'s VP token, from the fort's centre, best first: on the ring
    around the fort (or a little further out), clear of every box a piece can take (so that no
    warrior or legion ever stands on it), of the captor's flag and of the other forts; nearest
    the upper right first.  Possibly none (a fort hemmed in by its roads)."""
    pieces = piece_boxes(board) if pieces is None else pieces
    near = [b for b in pieces if abs((b[0] + b[2]) / 2 - f.x) < 90 and abs((b[1] + b[3]) / 2 - f.y) < 90]
    others = [g for g in board.forts if g is not f]
    out: list[tuple[float, float]] = []
    for dist, step in ((d, k) for d in VP_DISTANCES for k in range(48)):
        deg = 45 + 7.5 * ((step + 1) // 2) * (1 if step % 2 else -1)  # 45, 52.5, 37.5, 60, 30, ...
        a = math.radians(deg)
        dx, dy = dist * math.cos(a), -dist * math.sin(a)
        x, y = f.x + dx, f.y + dy
        box = (x - _VP_HALF, y - _VP_HALF, x + _VP_HALF, y + _VP_HALF)
        if (any(_box_overlap(box, b) > 0 for b in near)
                or math.hypot(dx - _FLAG[0], dy - _FLAG[1]) < _FLAG[2] + _VP_HALF
                or any(math.hypot(x - g.x, y - g.y) < FORT_RADIUS + 2 + _VP_HALF for g in others)):
            continue
        out.append((dx, dy))
    return out


_LABEL_TRIES = ((LABEL_SIZE, LABEL_GAP), (17.0, LABEL_GAP), (16.0, 1.0), (15.0, 1.0), (MIN_LABEL_SIZE, 1.0))


def vp_offsets(board: Board) -> dict[int, tuple[float, float]]:
    """The VP token's place of every fort that has one, by fort index: the first of its places
    (``vp_places``) that leaves the names nearby a place at full size, else at any size, else
    the upper right corner (a piece may stand there; the tokens are drawn above the pieces)."""
    pieces = piece_boxes(board)
    places = {f.index: vp_places(board, f, pieces) for f in board.forts if f.number in VP_VALUE}
    chosen: dict[int, tuple[float, float]] = {}  # the tokens placed so far
    names: dict[tuple[int, tuple[float, float]], list[Box]] = {}  # places of a name, no token counted

    def name_fits(g: Fort, tries: tuple[tuple[float, float], ...], tokens: list[tuple[float, float]]) -> bool:
        for t in tries:
            if (g.index, t) not in names:
                names[(g.index, t)] = [c[1][3] for c in _label_candidates(board, g, *t, {})]
            if any(not any(_circle_box_overlap(x, y, VP_RADIUS + t[1], box) for x, y in tokens)
                   for box in names[(g.index, t)]):
                return True
        return False

    for i, options in places.items():
        f = board.forts[i]
        nearby = [g for g in board.forts if math.hypot(g.x - f.x, g.y - f.y) < 160]
        placed = [(board.forts[j].x + dx, board.forts[j].y + dy) for j, (dx, dy) in chosen.items()]

        chosen[i] = VP_CORNER
        for tries, o in ((tries, o) for tries in (_LABEL_TRIES[:1], _LABEL_TRIES) for o in options):
            if all(name_fits(g, tries, [*placed, (f.x + o[0], f.y + o[1])]) for g in nearby):
                chosen[i] = o
                break
    return chosen


def _label_candidates(board: Board, f: Fort, size: float, gap: float,
                      vp_at: dict[int, tuple[float, float]]) -> list[tuple[float, Label]]:
    """Every place for fort ``f``'s name that breaks no hard rule on its own, with its cost.

    Hard rules: on the board; ``gap`` units clear of every fort (and its flag and VP token), boat
    and the eagle, and clear of every slot; nearer its own fort than any other (both the name's
    nearest point and its middle, by ``NEAREST_MARGIN``).  The cost: the distance from the fort,
    the name above the fort rather than beside or below it, roads under the name, a smaller
    size, a narrower gap.  The places: a grid of the name's left end around the fort."""
    forts = board.forts
    w = _text_width(f.name, size)
    reach = FORT_RADIUS + 22  # no further from its fort than this
    round_things = ([(g.x, g.y, FORT_RADIUS + 2 + gap) for g in forts]
                    + [(*board.road_midpoint(r), SLOT_RADIUS + gap / 3) for r in range(len(board.roads))]
                    + [(bx, by, 27.0 + gap) for bx, by in board.boats]
                    + [(board.eagle[0], board.eagle[1], 31.0 + gap)])
    # the captor's flag (upper left) and the VP token (upper right) of every fort
    for g in forts:
        round_things.append((g.x - FORT_RADIUS, g.y - FORT_RADIUS, 10.0 + gap))
        if g.index in vp_at:
            dx, dy = vp_at[g.index]
            round_things.append((g.x + dx, g.y + dy, VP_RADIUS + gap))
    span = w + reach + size + 40
    near_things = [t for t in round_things if abs(t[0] - f.x) < span and abs(t[1] - f.y) < span]
    segs = [(forts[a].x, forts[a].y, forts[b].x, forts[b].y) for a, b in board.roads]
    near_segs = [sg for sg in segs if min(sg[0], sg[2]) < f.x + span and max(sg[0], sg[2]) > f.x - span
                 and min(sg[1], sg[3]) < f.y + span and max(sg[1], sg[3]) > f.y - span]
    others = [g for g in forts if g is not f]
    out: list[tuple[float, Label]] = []
    for iy in range(-int((reach + size) // 3), int((reach + size) // 3) + 1):
        y = f.y + 3 * iy + size * 0.35
        for ix in range(-int((w + reach) // 4) - 1, int(reach // 4) + 1):
            x = f.x + 4 * ix + 2
            box = _label_box(x, y, "start", w, size)
            own = _box_dist(f.x, f.y, box)
            if own > reach or box[0] < 3 or box[1] < 3 or box[2] > board.width - 3 or box[3] > board.height - 3:
                continue
            if any(_circle_box_overlap(cx, cy, r, box) for cx, cy, r in near_things):
                continue
            mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            mid = math.hypot(mx - f.x, my - f.y)
            if any(_box_dist(g.x, g.y, box) < own + NEAREST_MARGIN
                   or math.hypot(mx - g.x, my - g.y) < mid + NEAREST_MARGIN for g in others):
                continue
            cost = own / 2 + mid / 8 + (0.0 if box[1] > f.y - size else 3.0)
            cost += (LABEL_SIZE - size) * 4 + (LABEL_GAP - gap) * 3
            cost += sum(0.4 * _seg_box_len(*sg, box) for sg in near_segs)
            out.append((cost, (x, y, "start", box, size)))
    out.sort(key=lambda item: item[0])
    return out


def _place_labels(board: Board, vp_at: dict[int, tuple[float, float]] | None = None) -> list[Label]:
    """Put each fort's name where no two names, forts, slots or boats collide and the name is
    nearer its own fort than any other; among those places, the cheapest in all (see
    ``_label_candidates``).  A search: the forts with the fewest places choose first, each takes
    its cheapest place clear of the names already placed, and a few rounds of moving one name
    at a time lower the total.  Deterministic.

    Returns (x, y, text-anchor, box, font size) per fort; x, y is the text's baseline anchor and the
    box's width (less 4 units of margin) is the text's length."""
    forts = board.forts
    vp_at = vp_offsets(board) if vp_at is None else vp_at
    cands: list[list[tuple[float, Label]]] = []
    for f in forts:
        found: list[tuple[float, Label]] = []
        # hemmed in: the small size as well, then a narrower gap
        for size, gap in _LABEL_TRIES:
            if len(found) >= 12:
                break
            found = sorted(found + _label_candidates(board, f, size, gap, vp_at), key=lambda c: c[0])
        if not found:
            raise ValueError(f"no place for the name of {f.name} on {board.id}")
        cands.append(found)

    def clash(a: Box, b: Box) -> bool:
        return _box_overlap(_grow(a, LABEL_GAP / 2), _grow(b, LABEL_GAP / 2)) > 0

    def free(i: int, placed: dict[int, Label]) -> list[tuple[float, Label]]:
        return [c for c in cands[i] if not any(clash(c[1][3], lab[3]) for j, lab in placed.items() if j != i)]

    placed: dict[int, Label] = {}
    for i in sorted(range(len(forts)), key=lambda i: (len(cands[i]), i)):
        options = free(i, placed)
        if not options:  # make room: a name in the way moves to its next free place
            for j in sorted(placed):
                rest = {k: v for k, v in placed.items() if k != j}
                mine = free(i, rest)
                theirs = free(j, {**rest, i: mine[0][1]}) if mine else []
                if theirs:
                    placed = {**rest, i: mine[0][1], j: theirs[0][1]}
                    break
            else:
                raise ValueError(f"the name of {forts[i].name} collides wherever it goes on {board.id}")
            continue
        placed[i] = options[0][1]
    for _ in range(4):  # a few rounds of improvement, one name at a time
        moved = False
        for i in range(len(forts)):
            best = free(i, placed)[0][1]  # its own place is always among the free ones
            if best != placed[i]:
                placed[i] = best
                moved = True
        if not moved:
            break
    return [placed[i] for i in range(len(forts))]


def _coast_path(ring: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in ring) + " Z"


def _boat(prefix: str, number: int, x: float, y: float) -> str:
    return (
        f'<g class="boat" id="{prefix}-boat-{number}" data-boat="{number}" data-x="{_f(x)}" data-y="{_f(y)}" '
        f'transform="translate({_f(x)} {_f(y)})" role="button" aria-label="Boat {number}">'
        '<circle class="boat-hit" r="26"/>'
        '<path class="hull" d="M-24,4 H24 L16,15 H-16 Z"/>'
        '<path class="mast" d="M-9,4 V-25"/>'
        '<path class="sail" d="M-7,-24 Q12,-16 19,-1 H-7 Z"/>'
        f'<text class="boat-number" x="5" y="-6">{number}</text>'
        '<circle class="boat-seat" cx="-16" cy="-11" r="9"/>'
        "</g>"
    )


def _eagle(prefix: str, x: float, y: float) -> str:
    # a stylised aquila: spread wings and a head, on a round plate
    return (
        f'<g class="eagle" id="{prefix}-eagle" data-eagle="" data-x="{_f(x)}" data-y="{_f(y)}" '
        f'transform="translate({_f(x)} {_f(y)})" aria-label="The eagle: the legion\'s home">'
        '<circle class="eagle-plate" r="27"/>'
        '<path class="eagle-bird" d="M0,-6 C-6,-14 -16,-16 -24,-12 C-18,-9 -15,-5 -13,0 C-9,-3 -5,-3 -3,-1 '
        'L-5,10 L0,7 L5,10 L3,-1 C5,-3 9,-3 13,0 C15,-5 18,-9 24,-12 C16,-16 6,-14 0,-6 Z"/>'
        '<circle class="eagle-head" cx="0" cy="-9" r="3.6"/>'
        '<text class="eagle-label" y="42">Eagle</text>'
        "</g>"
    )


def board_svg(board: Board) -> str:
    """The whole board as one ``<svg>`` element (a string), ready to inline into HTML."""
    p = escape(board.id, quote=True)
    W, H = board.width, board.height
    forts = board.forts
    out: list[str] = []
    add = out.append
    add(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'class="board" id="board-{p}" data-map="{p}" viewBox="0 0 {_f(W)} {_f(H)}" '
        f'data-width="{_f(W)}" data-height="{_f(H)}" role="group" '
        f'aria-label="Map of {escape(board.title)}{(" (" + escape(board.region) + ")") if board.region else ""}">')
    add("<defs>")
    add(f'<radialGradient id="{p}-sea" cx="50%" cy="45%" r="75%">'
        '<stop offset="0" class="sea-light"/><stop offset="1" class="sea-deep"/></radialGradient>')
    add(f'<linearGradient id="{p}-land" x1="0" y1="0" x2="0.4" y2="1">'
        '<stop offset="0" class="land-light"/><stop offset="1" class="land-dark"/></linearGradient>')
    add(f'<pattern id="{p}-waves" width="48" height="24" patternUnits="userSpaceOnUse">'
        '<path class="wave" d="M2,14 q6,-6 12,0 t12,0"/><path class="wave" d="M26,4 q6,-6 12,0 t12,0"/></pattern>')
    add(_shape_paths(p))
    add(_legion_symbol(p))
    add("</defs>")

    # sea, shallows and land
    add(f'<rect class="sea" width="{_f(W)}" height="{_f(H)}" fill="url(#{p}-sea)"/>')
    add(f'<rect class="sea-waves" width="{_f(W)}" height="{_f(H)}" fill="url(#{p}-waves)"/>')
    coast = "".join(_coast_path(ring) for ring in board.coast)
    add(f'<path class="shallows" d="{coast}"/>')
    add(f'<path class="land" d="{coast}" fill="url(#{p}-land)"/>')
    add(f'<path class="coastline" d="{coast}"/>')

    # the map's title in the quietest corner of the sea
    add(_title(board))

    # roads
    add('<g class="roads">')
    for r, (a, b) in enumerate(board.roads):
        fa, fb = forts[a], forts[b]
        add(f'<line class="road" id="{p}-road-line-{r}" data-road-line="{r}" x1="{_f(fa.x)}" y1="{_f(fa.y)}" '
            f'x2="{_f(fb.x)}" y2="{_f(fb.y)}"/>')
    add("</g>")
    add('<g class="road-hits">')
    for r, (a, b) in enumerate(board.roads):
        fa, fb = forts[a], forts[b]
        # the middle of the road, clear of both forts
        length = math.hypot(fb.x - fa.x, fb.y - fa.y) or 1.0
        cut = min(0.45, (FORT_RADIUS + 6) / length)
        x1, y1 = fa.x + (fb.x - fa.x) * cut, fa.y + (fb.y - fa.y) * cut
        x2, y2 = fb.x - (fb.x - fa.x) * cut, fb.y - (fb.y - fa.y) * cut
        add(f'<line class="road-hit" data-road-hit="{r}" x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
            f'stroke-width="{_HIT_WIDTH}"/>')
    add("</g>")

    # forts
    vp_at = vp_offsets(board)
    labels = _place_labels(board, vp_at)
    add('<g class="forts">')
    for f in forts:
        lx, ly, anchor, box, size = labels[f.index]
        vp = VP_VALUE.get(f.number)
        title = f"{f.name} ({f.modern}), fort {f.number}" if f.modern else f"{f.name}, fort {f.number}"
        add(f'<g class="fort" id="{p}-fort-{f.index}" data-fort="{f.index}" data-number="{f.number}" '
            f'data-x="{_f(f.x)}" data-y="{_f(f.y)}" data-vp="{"board" if vp else "none"}" '
            f'data-name="{escape(f.name, quote=True)}" data-modern="{escape(f.modern or "", quote=True)}" '
            f'aria-label="{escape(title, quote=True)}">')
        add(f"<title>{escape(title)}</title>")
        add(f'<g transform="translate({_f(f.x)} {_f(f.y)})">')
        add(f'<circle class="fort-base" r="{_f(FORT_RADIUS + 2)}"/>')
        add(f'<rect class="fort-token" x="{_f(-FORT_RADIUS + 1)}" y="{_f(-FORT_RADIUS + 1)}" '
            f'width="{_f(2 * FORT_RADIUS - 2)}" height="{_f(2 * FORT_RADIUS - 2)}" rx="6"/>')
        add(f'<g class="pips">{_pips(f.number)}</g>')
        add(f'<g class="fort-flag" transform="translate({_f(-FORT_RADIUS)} {_f(-FORT_RADIUS)})">'
            '<circle class="flag-disc" r="10"/><use class="flag-shape" width="14" height="14" x="-7" y="-7"/></g>')
        add("</g>")
        # the name's length is pinned, so that it fits where it was placed whatever the font
        style = "" if size == LABEL_SIZE else f' style="font-size: {_f(size)}px"'
        add(f'<text class="fort-name"{style} x="{_f(lx)}" y="{_f(ly)}" text-anchor="{anchor}" '
            f'textLength="{_f(box[2] - box[0] - 4)}" lengthAdjust="spacingAndGlyphs">{escape(f.name)}</text>')
        add("</g>")
    add("</g>")

    # the warrior slot on every road, above forts so that nothing covers its middle
    add('<g class="slots">')
    for r, (a, b) in enumerate(board.roads):
        mx, my = board.road_midpoint(r)
        name = f"Road {forts[a].name} – {forts[b].name}"
        add(f'<g class="slot" id="{p}-road-{r}" data-road="{r}" data-forts="{a},{b}" data-x="{_f(mx)}" data-y="{_f(my)}" '
            f'transform="translate({_f(mx)} {_f(my)})" role="button" aria-label="{escape(name, quote=True)}">'
            f'<circle class="slot-ring" r="{SLOT_RADIUS}"/></g>')
    add("</g>")

    # sea: boats and the eagle
    add('<g class="boats">')
    for k, (x, y) in enumerate(board.boats):
        add(_boat(p, k + 2, x, y))
    add("</g>")
    ex, ey = board.eagle
    add(_eagle(p, ex, ey))

    # layers the page fills: warriors, then the legion on top, then effects
    add(f'<g class="warriors" id="{p}-warriors"></g>')
    add(f'<g class="legion" id="{p}-legion" data-x="{_f(ex)}" data-y="{_f(ey)}" '
        f'style="transform: translate({_f(ex)}px, {_f(ey)}px)">'
        f'<use href="#{p}-shape-legion" x="-18" y="-26" width="36" height="44"/></g>')
    # the VP tokens above the pieces (a piece never covers one), each beside its fort, where
    # no piece stands if such a place exists (vp_offsets); the page hides a token once taken
    add('<g class="vp-tokens">')
    for f in forts:
        vp = VP_VALUE.get(f.number)
        if vp:
            vx, vy = vp_at[f.index]
            add(f'<g class="vp-token" id="{p}-vp-{f.index}" data-fort="{f.index}" data-vp="{vp}" '
                f'transform="translate({_f(f.x + vx)} {_f(f.y + vy)})" aria-hidden="true">'
                f'<circle r="{_f(VP_RADIUS)}"/><text y="5.6">{vp}</text></g>')
    add("</g>")
    add(f'<g class="fx" id="{p}-fx"></g>')
    add("</svg>")
    return "".join(out)


def _title(board: Board) -> str:
    """The map's name in a cartouche, in the corner of the sea furthest from forts and boats."""
    W, H = board.width, board.height
    points = [(f.x, f.y) for f in board.forts] + list(board.boats) + [board.eagle]
    from .geometry import point_in_polygon

    # Georgia capitals at 30 units with 0.28 em between them, and a margin: the whole title shows
    half = len(board.title) * 30 * 1.08 / 2 + 12
    best = None
    for cx, cy in ((W - half, 46), (half, 46), (W - half, H - 34), (half, H - 34)):
        land = sum(1 for dx in (-80, 0, 80) for dy in (-16, 0, 16)
                   if any(point_in_polygon((cx + dx, cy + dy), ring) for ring in board.coast))
        near = min(math.hypot(cx - x, cy - y) for x, y in points)
        score = land * 40 - min(near, 150)
        if best is None or score < best[0]:
            best = (score, cx, cy)
    assert best is not None
    _, cx, cy = best
    region = f'<text class="map-region" x="{_f(cx)}" y="{_f(cy + 17)}">{escape(board.region)}</text>' if board.region else ""
    return (f'<g class="cartouche"><text class="map-title" x="{_f(cx)}" y="{_f(cy)}">'
            f"{escape(board.title.upper())}</text>{region}</g>")
