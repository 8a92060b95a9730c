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
                                          ``.fort-token`` and ``.vp-token`` while those tokens
                                          are still on the fort, and ``.fort-flag`` for the
                                          captor's colour
``<g class="boat" data-boat="4">``        id ``{map}-boat-4``: boat number 4 and its seat
``<g class="eagle" data-eagle>``          id ``{map}-eagle``: where the legion starts
``<g class="warriors">``, ``.legion``     layers the page fills
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

__all__ = ["board_svg", "SHAPES", "FORT_RADIUS", "SLOT_RADIUS"]

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "cross")
FORT_RADIUS = 19.0
SLOT_RADIUS = 12.5
LABEL_SIZE = 15.5
SMALL_LABEL_SIZE = 13.0  # for a name that fits nowhere at the full size
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


_label_scores: dict[str, float] = {}  # the last placement's cost per fort (for tuning)


def _place_labels(board: Board) -> list[tuple[float, float, str, tuple[float, float, float, float], bool]]:
    """Put each fort's name where it covers the fewest roads, slots, forts and other names.

    Returns (x, y, text-anchor, box, small) per fort; x, y is the text's baseline anchor and the
    box's width (less 4 units of margin) is the text's length."""
    size = LABEL_SIZE
    forts = board.forts
    segs = [(forts[a].x, forts[a].y, forts[b].x, forts[b].y) for a, b in board.roads]
    mids = [board.road_midpoint(r) for r in range(len(board.roads))]
    obstacles = [(bx, by, 24.0) for bx, by in board.boats] + [(board.eagle[0], board.eagle[1], 30.0)]
    # the VP token (upper right) and the captor's flag (upper left) of every fort
    for f in forts:
        if f.number in VP_VALUE:
            obstacles.append((f.x + FORT_RADIUS - 1, f.y - FORT_RADIUS + 1, 10.5))
        obstacles.append((f.x - FORT_RADIUS, f.y - FORT_RADIUS, 9.0))
    # candidate positions (dx, dy, anchor, preference penalty): 16 directions, three distances
    candidates = []
    for ring, r0 in enumerate((FORT_RADIUS + 3, FORT_RADIUS + 9, FORT_RADIUS + 16)):
        for k in range(16):
            a = k * math.pi / 8
            c, sn = math.cos(a), math.sin(a)
            anchor = "start" if c > 0.35 else "end" if c < -0.35 else "middle"
            dx = r0 * c
            # baseline: below the point when going down, above it when going up
            dy = r0 * sn + (size * 0.72 if sn > 0.35 else -size * 0.05 if sn < -0.35 else size * 0.35)
            pref = ring * 3.0 + (0.0 if k == 4 else 0.5 if k == 12 else 1.0 if k in (0, 8) else 1.5)
            for jitter in (0.0, -6.0, 6.0):
                candidates.append((dx, dy + jitter, anchor, pref + abs(jitter) / 12))
    # place the most constrained forts (most roads) first
    order = sorted(range(len(forts)), key=lambda i: -forts[i].number)
    placed: dict[int, tuple[float, float, str, tuple[float, float, float, float], bool]] = {}
    for i in order:
        f = forts[i]
        best = None
        reach = 190.0  # nothing further away can touch a label of this fort

        def near(x: float, y: float, f: Fort = f, reach: float = reach) -> bool:
            return abs(x - f.x) < reach and abs(y - f.y) < reach

        f_segs = [sg for sg in segs if near(sg[0], sg[1]) or near(sg[2], sg[3]) or near((sg[0] + sg[2]) / 2, (sg[1] + sg[3]) / 2)]
        f_mids = [m for m in mids if near(*m)]
        f_forts = [(g.x, g.y) for g in forts if near(g.x, g.y)]
        f_obst = [o for o in obstacles if near(o[0], o[1])]
        for fs, small_pen in ((size, 0.0), (SMALL_LABEL_SIZE, 8.0)):
            if best is not None and best[0] < 20:
                break  # the full size fits well enough
            w = _text_width(f.name, fs)
            for dx, dy, anchor, pref in candidates:
                x, y = f.x + dx, f.y + dy
                x1 = x - w / 2 if anchor == "middle" else (x if anchor == "start" else x - w)
                box = (x1 - 2, y - fs * 0.78, x1 + w + 2, y + fs * 0.22)
                score = pref + small_pen
                for sg in f_segs:
                    score += 0.5 * _seg_box_len(*sg, box)
                for mx, my in f_mids:
                    if _circle_box_overlap(mx, my, SLOT_RADIUS + 3, box):
                        score += 40
                for gx, gy in f_forts:
                    if _circle_box_overlap(gx, gy, FORT_RADIUS + 2, box):
                        score += 40
                for ox, oy, orad in f_obst:
                    if _circle_box_overlap(ox, oy, orad, box):
                        score += 30
                for other in placed.values():
                    score += _box_overlap(box, other[3]) * 0.5
                if box[0] < 4 or box[2] > board.width - 4 or box[1] < 4 or box[3] > board.height - 4:
                    score += 60
                if best is None or score < best[0]:
                    best = (score, x, y, anchor, box, fs != size)
        assert best is not None
        placed[i] = best[1:]
        _label_scores[f.name] = best[0]
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
    labels = _place_labels(board)
    add('<g class="forts">')
    for f in forts:
        lx, ly, anchor, box, small = labels[f.index]
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
        if vp:
            add(f'<g class="vp-token" data-vp="{vp}" transform="translate({_f(FORT_RADIUS - 1)} {_f(-FORT_RADIUS + 1)})">'
                f'<circle r="9.5"/><text y="3.6">{vp}</text></g>')
        add("</g>")
        # the name's length is pinned, so that it fits where it was placed whatever the font
        add(f'<text class="fort-name{" small" if small else ""}" x="{_f(lx)}" y="{_f(ly)}" text-anchor="{anchor}" '
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
    add(f'<g class="fx" id="{p}-fx"></g>')
    add("</svg>")
    return "".join(out)


def _title(board: Board) -> str:
    """The map's name in a cartouche, in the corner of the sea furthest from forts and boats."""
    W, H = board.width, board.height
    points = [(f.x, f.y) for f in board.forts] + list(board.boats) + [board.eagle]
    from .geometry import point_in_polygon

    best = None
    for cx, cy in ((W - 110, 46), (110, 46), (W - 110, H - 34), (110, H - 34)):
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
