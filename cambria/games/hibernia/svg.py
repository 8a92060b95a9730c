"""Draw Hibernia's board as one SVG element (used by build.py for the page and by tests).

``board_svg(board)`` takes any object whose ``.data`` is the board's dict (board.json) and
returns a single ``<svg>`` string: the frame with the scoring track around the edge, the sea,
the map of Ireland with its twenty counties, each filled with its colour and that colour's
pattern and emblem, the forts, the two arrows joining central counties, the shield (the
losses) and a panel for the supplies.  The drawing holds no game state: the page puts the
pieces into the hooks below from what the engine sends.  It is drawn with presentation
attributes, so it looks right on its own; CSS may override any of them.

Colours of the players are not known here: the page adds ``col-<colour>`` classes (as on
Cambria's board) to what it fills.  Element ids start with ``hibernia-``.  The hooks:

``<g class="county" data-county="MEA">``
    id ``hibernia-county-MEA``, ``role="button"``; ``data-colour`` (blue, green, red,
    yellow), ``data-name``, ``data-fort`` and ``data-central`` ("true"/"false").  Holds
    ``use.county-area`` (its fill: highlight a legal county there), ``text.county-name``,
    the ``g.fort`` of a fort county, and two
``<g class="troop-spot" data-spot="0">`` (and ``"1"``)
    id ``hibernia-spot-MEA-0``: where a soldier chip goes, a count in the player's colour and
    shape, centred on ``data-x``/``data-y`` with radius ``data-r`` (the group is translated
    there: draw at 0,0).  Spot 0 is for the county's owner, spot 1 for a second colour while
    a fight is shown; the two may overlap a little, never the name.
``<g class="arrow" data-from="MEA" data-to="LON" data-via="WME">``
    an arrow joining two central counties across ``data-via``, tips at ``data-x1``/``-y1``
    and ``data-x2``/``-y2``.
``<g class="track-space" data-space="17">``
    id ``hibernia-space-17``; ``data-colour``; ``data-x``/``data-y`` its centre; space 0, the
    yellow start, has ``data-start`` and the sword.  Holds four
    ``<g class="marker-slot" data-slot="0..3">`` with ``data-x``/``data-y``: room for up to
    four score markers (about 18 units across) on one space.
``<g class="shield" id="hibernia-shield">`` and ``<g class="supply" id="hibernia-supply">``
    the losses box and the supplies, each with four ``<g class="shield-slot">`` /
    ``<g class="supply-slot">`` (ids ``hibernia-shield-slot-0`` ..., ``data-slot`` 0..3 in
    seat order, ``data-x``/``data-y``/``data-r``, translated like the troop spots) for a chip
    with a count.
``<g class="fx" id="hibernia-fx">``
    an empty layer on top, for effects.

Symbols: ``hibernia-emblem-{blue,green,red,yellow}`` (wave, shamrock, flame, sun: each
colour's sign, so that no colour relies on its hue alone), ``hibernia-sword``,
``hibernia-fort``, and ``hibernia-shape-{circle,square,triangle,diamond,hexagon,cross}`` for
the players' chips (the same shapes as on Cambria's board).

>>> class B:
...     data = __import__("json").loads(__import__("importlib.resources").resources.files(
...         "cambria.games.hibernia").joinpath("data", "board.json").read_text())
>>> text = board_svg(B())
>>> text.startswith("<svg") and text.count('class="county"') == 20 and text.count('class="track-space"') == 40
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Protocol

from .layout import CHIP_RADIUS, EMBLEM_SIZE, FORT_SIZE, ARROW_WIDTH, BoardLayout, TrackSpace, board_layout
from .mapdata import IrelandMap, Point, load_map

__all__ = ["board_svg", "COUNTY_FILL", "COUNTY_INK", "SHAPES", "PREFIX"]

PREFIX = "hibernia"
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "cross")

# The four county colours: a light fill (soldier chips in strong player colours stand out on
# it) and a dark ink of the same hue for its pattern and emblem.  Red and yellow are far
# apart in hue and lightness (the printed board's red and yellow were hard to tell apart).
COUNTY_FILL = {"blue": "#8fb6e9", "green": "#97d28f", "red": "#ee8a78", "yellow": "#fbe27a"}
COUNTY_INK = {"blue": "#1f4e96", "green": "#1f6a35", "red": "#9c2418", "yellow": "#8a5d00"}
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif"
SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif"


class BoardLike(Protocol):
    @property
    def data(self) -> dict[str, Any]: ...


def _f(v: float) -> str:
    """A number for an attribute: at most one decimal, no trailing zeros."""
    text = f"{v:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _path(ring: tuple[Point, ...] | list[Point]) -> str:
    """A closed path in relative steps (about half the size of absolute coordinates)."""
    x0, y0 = round(ring[0][0], 1), round(ring[0][1], 1)
    out = [f"M{_f(x0)},{_f(y0)}l"]
    px, py = x0, y0
    steps = []
    for x, y in ring[1:]:
        x, y = round(x, 1), round(y, 1)
        dx, dy = _f(x - px), _f(y - py)
        steps.append(dx + ("," if not dy.startswith("-") else "") + dy)
        px, py = x, y
    out.append(" ".join(steps))
    return "".join(out) + "z"


# ------------------------------------------------------------------ definitions


def _patterns(p: str) -> str:
    """Each colour's texture, drawn in its ink: waves, dots, hatching, sparkles.  ``-pat-`` is
    the texture alone (laid over a county's fill), ``-tile-`` the fill and texture together."""
    ink = COUNTY_INK
    motifs = {  # colour: width, height, extra attributes, body
        "blue": (18, 10, "", f'<path d="M0,6 q4.5,-4 9,0 t9,0" fill="none" stroke="{ink["blue"]}" stroke-width="1.1" '
                             'opacity="0.3"/>'),
        "green": (10, 10, "", f'<circle cx="2.5" cy="2.5" r="1.25" fill="{ink["green"]}" opacity="0.3"/>'
                              f'<circle cx="7.5" cy="7.5" r="1.25" fill="{ink["green"]}" opacity="0.3"/>'),
        "red": (8, 8, ' patternTransform="rotate(45)"', f'<path d="M0,0 V8" stroke="{ink["red"]}" stroke-width="1.5" '
                                                        'opacity="0.24"/>'),
        "yellow": (14, 14, "", f'<path d="M3.5,1.5 V5.5 M1.5,3.5 H5.5 M10.5,8.5 V12.5 M8.5,10.5 H12.5" '
                               f'stroke="{ink["yellow"]}" stroke-width="1.1" opacity="0.35"/>'),
    }
    out = []
    for c, (w, h, extra, body) in motifs.items():
        head = f'width="{w}" height="{h}" patternUnits="userSpaceOnUse"{extra}'
        out.append(f'<pattern id="{p}-pat-{c}" {head}>{body}</pattern>')
        out.append(f'<pattern id="{p}-tile-{c}" {head}><rect x="-1" y="-1" width="{w + 2}" height="{h + 2}" '
                   f'fill="{COUNTY_FILL[c]}"/>{body}</pattern>')
    return "".join(out)


def _emblems(p: str) -> str:
    """One sign per colour in a 24 x 24 box around 0,0 (also used on the track)."""
    ink = COUNTY_INK
    rays = " ".join(
        f"M{_f(7.2 * math.cos(k * math.pi / 4))},{_f(7.2 * math.sin(k * math.pi / 4))} "
        f"L{_f(10.8 * math.cos(k * math.pi / 4))},{_f(10.8 * math.sin(k * math.pi / 4))}"
        for k in range(8))
    bodies = {
        "blue": (f'<path d="M-10,-4 q2.5,-3.5 5,0 t5,0 t5,0 t5,0 M-10,3 q2.5,-3.5 5,0 t5,0 t5,0 t5,0 '
                 f'M-10,10 q2.5,-3.5 5,0 t5,0 t5,0 t5,0" fill="none" stroke="{ink["blue"]}" stroke-width="2.4" '
                 'stroke-linecap="round" transform="translate(0 -3)"/>'),
        "green": (f'<g fill="{ink["green"]}"><circle cx="0" cy="-5.2" r="4.6"/><circle cx="-5" cy="1.6" r="4.6"/>'
                  f'<circle cx="5" cy="1.6" r="4.6"/></g><path d="M0,0 Q1,7 4,11" fill="none" stroke="{ink["green"]}" '
                  'stroke-width="2.2" stroke-linecap="round"/>'),
        "red": (f'<path d="M0,-11 C4,-6 8,-3 7.5,3 C7,8.5 3.5,11 0,11 C-3.5,11 -7,8.5 -7.5,3 C-8,-1.5 -5,-3.5 -3.5,-7 '
                f'C-2,-4 -1,-3 0,-2 C1,-5 1,-8 0,-11 Z" fill="{ink["red"]}"/>'
                '<path d="M0,3 C2,5 2.6,7 1.6,9 C0.8,10 -1.5,10 -2.2,8.6 C-3,7 -1.5,5 0,3 Z" fill="#ffd2c6"/>'),
        "yellow": (f'<circle r="5.4" fill="{ink["yellow"]}"/><path d="{rays}" stroke="{ink["yellow"]}" '
                   'stroke-width="2.4" stroke-linecap="round"/>'),
    }
    return "".join(
        f'<symbol id="{p}-emblem-{c}" viewBox="-12 -12 24 24" overflow="visible"><g class="emblem emblem-{c}">{body}</g>'
        "</symbol>" for c, body in bodies.items())


def _shapes(p: str) -> str:
    """The players' chips: one shape per colour in a 32 x 32 box around 0,0 (as on Cambria's board)."""
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
        f'<symbol id="{p}-shape-{name}" viewBox="-16 -16 32 32" width="32" height="32" overflow="visible">'
        f'<g class="shape shape-{name}">{body}</g></symbol>'
        for name, body in shapes.items())


def _sword(p: str) -> str:
    return (
        f'<symbol id="{p}-sword" viewBox="-12 -20 24 40" overflow="visible"><g class="sword">'
        '<path d="M0,-19 L3.2,-13 V7 H-3.2 V-13 Z" fill="#e9edf2" stroke="#3b3f46" stroke-width="1.2" stroke-linejoin="round"/>'
        '<path d="M0,-15 V5" stroke="#9aa3ad" stroke-width="1"/>'
        '<rect x="-10" y="6.5" width="20" height="4" rx="2" fill="#7a5a1e" stroke="#3b2a0c" stroke-width="1"/>'
        '<rect x="-2" y="10.5" width="4" height="6.5" fill="#5a3c14" stroke="#3b2a0c" stroke-width="1"/>'
        '<circle cy="18.5" r="2.6" fill="#c99a2e" stroke="#3b2a0c" stroke-width="1"/>'
        "</g></symbol>"
    )


def _fort_symbol(p: str) -> str:
    # a round stone tower with battlements and a door
    return (
        f'<symbol id="{p}-fort" viewBox="-12 -12 24 24" overflow="visible"><g class="fort-tower">'
        '<circle r="11.5" fill="#fff4d2" stroke="#9a7420" stroke-width="1.8"/>'
        '<path d="M-6.5,8 V-3 H-8 V-8 H-5 V-5.5 H-1.5 V-8 H1.5 V-5.5 H5 V-8 H8 V-3 H6.5 V8 Z" fill="#8a7558" '
        'stroke="#3a2e1d" stroke-width="1.1" stroke-linejoin="round"/>'
        '<path d="M-2.2,8 V3.5 A2.2,2.2 0 0 1 2.2,3.5 V8 Z" fill="#3a2e1d"/>'
        "</g></symbol>"
    )


# ------------------------------------------------------------------ parts


def _space(p: str, s: TrackSpace, colour: str) -> str:
    cx, cy = s.centre
    start = s.index == 0
    attrs = ' data-start=""' if start else ""
    out = [f'<g class="track-space" id="{p}-space-{s.index}" data-space="{s.index}" data-colour="{colour}" '
           f'data-x="{_f(cx)}" data-y="{_f(cy)}"{attrs} role="img" aria-label="Space {s.index}: {colour}{", the start" if start else ""}">',
           f'<rect class="space-area" x="{_f(s.x)}" y="{_f(s.y)}" width="{_f(s.w)}" height="{_f(s.h)}" rx="4" '
           f'fill="url(#{p}-tile-{colour})" stroke="#20382b" stroke-width="1"/>']
    if start:
        out.append(f'<use href="#{p}-sword" x="{_f(cx - 9)}" y="{_f(cy - 15)}" width="18" height="30"/>')
    else:
        size = 17.0
        out.append(f'<use href="#{p}-emblem-{colour}" x="{_f(cx - size / 2)}" y="{_f(cy - size / 2)}" '
                   f'width="{_f(size)}" height="{_f(size)}" opacity="0.8"/>')
        if s.index % 5 == 0:
            out.append(f'<text class="space-number" x="{_f(s.x + 4)}" y="{_f(s.y + 10)}" font-size="9" '
                       f'font-family="{FONT}" font-weight="700" fill="#20382b" opacity="0.75">{s.index}</text>')
    for k, (x, y) in enumerate(s.marker_slots()):
        out.append(f'<g class="marker-slot" data-slot="{k}" data-x="{_f(x)}" data-y="{_f(y)}"/>')
    out.append("</g>")
    return "".join(out)


def _slots(p: str, kind: str, centres: list[Point]) -> str:
    return "".join(
        f'<g class="{kind}-slot" id="{p}-{kind}-slot-{k}" data-slot="{k}" data-x="{_f(x)}" data-y="{_f(y)}" '
        f'data-r="{_f(CHIP_RADIUS)}" transform="translate({_f(x)} {_f(y)})">'
        f'<circle class="slot-ring" r="{_f(CHIP_RADIUS)}" fill="rgba(255,255,255,0.35)" stroke="#5b4a2f" '
        'stroke-width="1.2" stroke-dasharray="3 2.5"/></g>'
        for k, (x, y) in enumerate(centres))


def _shield(p: str, box: tuple[float, float, float, float]) -> str:
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    cx = (x1 + x2) / 2
    d = (f"M{_f(x1 + 4)},{_f(y1 + 4)} H{_f(x2 - 4)} V{_f(y1 + h * 0.5)} "
         f"C{_f(x2 - 4)},{_f(y1 + h * 0.78)} {_f(cx + w * 0.2)},{_f(y2 - 12)} {_f(cx)},{_f(y2 - 3)} "
         f"C{_f(cx - w * 0.2)},{_f(y2 - 12)} {_f(x1 + 4)},{_f(y1 + h * 0.78)} {_f(x1 + 4)},{_f(y1 + h * 0.5)} Z")
    r = CHIP_RADIUS
    dx = r + 4
    slots = [(cx - dx, y1 + 30), (cx + dx, y1 + 30), (cx - dx, y1 + 30 + 2 * r + 6), (cx + dx, y1 + 30 + 2 * r + 6)]
    return (f'<g class="shield" id="{p}-shield" role="group" aria-label="The shield: soldiers lost in battle">'
            f'<path class="shield-plate" d="{d}" fill="#c9a86a" stroke="#4a3b24" stroke-width="2.2"/>'
            f'<path d="{d}" fill="none" stroke="#f3dfae" stroke-width="1.2" transform="translate({_f(cx)} {_f(y1 + h / 2)}) '
            f'scale(0.9) translate({_f(-cx)} {_f(-(y1 + h / 2))})"/>'
            f'<path d="M{_f(cx)},{_f(y1 + 8)} V{_f(y2 - 8)}" stroke="#8a6b32" stroke-width="1" opacity="0.6"/>'
            + _slots(p, "shield", slots) + "</g>")


def _supply(p: str, box: tuple[float, float, float, float]) -> str:
    x1, y1, x2, y2 = box
    cx = (x1 + x2) / 2
    r = CHIP_RADIUS
    dx = r + 6
    top = y1 + 26 + r
    slots = [(cx - dx, top), (cx + dx, top), (cx - dx, top + 2 * r + 6), (cx + dx, top + 2 * r + 6)]
    # a camp: three tents
    tents = "".join(
        f'<path d="M{_f(tx - 9)},{_f(y1 + 19)} L{_f(tx)},{_f(y1 + 6)} L{_f(tx + 9)},{_f(y1 + 19)} Z" fill="#e8d6a8" '
        f'stroke="#4a3b24" stroke-width="1.1" stroke-linejoin="round"/>'
        f'<path d="M{_f(tx)},{_f(y1 + 19)} L{_f(tx)},{_f(y1 + 12)}" stroke="#4a3b24" stroke-width="1.1"/>'
        for tx in (cx - 20, cx, cx + 20))
    return (f'<g class="supply" id="{p}-supply" role="group" aria-label="The supplies: soldiers not yet on the board">'
            f'<rect class="supply-plate" x="{_f(x1)}" y="{_f(y1)}" width="{_f(x2 - x1)}" height="{_f(y2 - y1)}" rx="10" '
            'fill="#f7efd8" fill-opacity="0.92" stroke="#4a3b24" stroke-width="1.8"/>' + tents
            + _slots(p, "supply", slots) + "</g>")


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    """A double-headed arrow: a shaft with a light halo and a head at each end."""
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, wing = 10.0, 6.0

    def tip(x: float, y: float, sx: float, sy: float) -> str:
        bx, by = x - sx * head, y - sy * head
        return (f"M{_f(x)},{_f(y)} L{_f(bx - sy * wing)},{_f(by + sx * wing)} "
                f"L{_f(bx + sy * wing)},{_f(by - sx * wing)} Z")

    heads = tip(x2, y2, ux, uy) + " " + tip(x1, y1, -ux, -uy)
    sx1, sy1 = x1 + ux * head * 0.8, y1 + uy * head * 0.8
    sx2, sy2 = x2 - ux * head * 0.8, y2 - uy * head * 0.8
    shaft = f"M{_f(sx1)},{_f(sy1)} L{_f(sx2)},{_f(sy2)}"
    return (f'<path d="{shaft}" stroke="#fffbea" stroke-width="{_f(ARROW_WIDTH)}" stroke-linecap="round" opacity="0.85"/>'
            f'<path d="{heads}" fill="none" stroke="#fffbea" stroke-width="3.5" stroke-linejoin="round" opacity="0.85"/>'
            f'<path d="{shaft}" stroke="#3a2b17" stroke-width="3" stroke-linecap="round"/>'
            f'<path d="{heads}" fill="#3a2b17" stroke="#3a2b17" stroke-width="1" stroke-linejoin="round"/>')


# ------------------------------------------------------------------ the board


def layout_of(data: dict[str, Any], m: IrelandMap | None = None) -> BoardLayout:
    """The placement of everything for this board (cached per board)."""
    m = m or load_map()
    counties = [(c["id"], c["name"], bool(c["fort"]), bool(c.get("central"))) for c in data["counties"]]
    arrows = [(str(a), str(b)) for a, b in data["arrows"]]
    return board_layout(m, counties, arrows, len(data["track"]))


def board_svg(board: BoardLike) -> str:
    """The whole board as one ``<svg>`` element (a string), ready to inline into HTML."""
    data = board.data
    m = load_map()
    missing = [c["id"] for c in data["counties"] if c["id"] not in m.regions]
    if missing:
        raise ValueError(f"the map has no region for {', '.join(missing)}")
    lay = layout_of(data, m)
    names = {c["id"]: str(c["name"]) for c in data["counties"]}
    p = PREFIX
    W, H, F = float(m.width), float(m.height), float(m.frame)
    name = escape(str(data.get("name", "Hibernia")))
    out: list[str] = []
    add = out.append
    add(f'<svg xmlns="http://www.w3.org/2000/svg" class="board board-hibernia" id="board-{p}" data-map="{p}" '
        f'viewBox="0 0 {_f(W)} {_f(H)}" data-width="{_f(W)}" data-height="{_f(H)}" role="group" '
        f'aria-label="Map of {name} (Ireland)" font-family="{FONT}">')
    add("<defs>")
    add(f'<radialGradient id="{p}-sea" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#7fb7d4"/>'
        '<stop offset="1" stop-color="#3f7ea6"/></radialGradient>')
    add(f'<pattern id="{p}-waves" width="48" height="24" patternUnits="userSpaceOnUse">'
        '<path d="M2,14 q6,-6 12,0 t12,0" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="1.5" '
        'stroke-linecap="round"/><path d="M26,4 q6,-6 12,0 t12,0" fill="none" stroke="#fff" stroke-opacity="0.16" '
        'stroke-width="1.5" stroke-linecap="round"/></pattern>')
    add(f'<linearGradient id="{p}-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2f5a43"/>'
        '<stop offset="1" stop-color="#1d3a2b"/></linearGradient>')
    add(f'<clipPath id="{p}-inner"><rect x="{_f(F)}" y="{_f(F)}" width="{_f(W - 2 * F)}" height="{_f(H - 2 * F)}"/></clipPath>')
    add(_patterns(p) + _emblems(p) + _shapes(p) + _sword(p) + _fort_symbol(p))
    # every outline once; the drawing uses each of them three times
    add(f'<path id="{p}-coast" d="{_path(m.coast)}"/>')
    for c in data["counties"]:
        add(f'<path id="{p}-region-{c["id"]}" d="{_path(m.regions[c["id"]])}"/>')
    add("</defs>")

    # the frame, the sea and the track
    add(f'<rect class="frame" width="{_f(W)}" height="{_f(H)}" rx="12" fill="url(#{p}-wood)"/>')
    add(f'<g class="sea-area" clip-path="url(#{p}-inner)">'
        f'<rect class="sea" x="{_f(F)}" y="{_f(F)}" width="{_f(W - 2 * F)}" height="{_f(H - 2 * F)}" fill="url(#{p}-sea)"/>'
        f'<rect class="sea-waves" x="{_f(F)}" y="{_f(F)}" width="{_f(W - 2 * F)}" height="{_f(H - 2 * F)}" '
        f'fill="url(#{p}-waves)"/></g>')
    add(f'<rect class="frame-line" x="{_f(F - 1)}" y="{_f(F - 1)}" width="{_f(W - 2 * F + 2)}" height="{_f(H - 2 * F + 2)}" '
        'fill="none" stroke="#d8b563" stroke-width="2"/>')
    add('<g class="track" role="group" aria-label="The scoring track">')
    for s, colour in zip(lay.spaces, data["track"], strict=True):
        add(_space(p, s, colour))
    add("</g>")

    # land: shallows, counties, coast
    coast = f'href="#{p}-coast"'
    add(f'<use class="shallows" {coast} fill="none" stroke="#b9e0ee" stroke-width="12" stroke-linejoin="round" '
        'opacity="0.55"/>')
    add(f'<use class="land" {coast} fill="#efe4c2"/>')
    add('<g class="counties">')
    for c in data["counties"]:
        cid, colour = c["id"], c["colour"]
        cl = lay.counties.get(cid)
        ring = f'href="#{p}-region-{cid}"'
        label = f"{c['name']} ({colour}{', fort' if c['fort'] else ''})"
        add(f'<g class="county" id="{p}-county-{cid}" data-county="{cid}" data-colour="{colour}" '
            f'data-name="{escape(c["name"], quote=True)}" data-fort="{"true" if c["fort"] else "false"}" '
            f'data-central="{"true" if c.get("central") else "false"}" role="button" '
            f'aria-label="{escape(label, quote=True)}">')
        add(f'<use class="county-area" {ring} fill="{COUNTY_FILL[colour]}"/>')
        add(f'<use class="county-pattern" {ring} fill="url(#{p}-pat-{colour})" pointer-events="none"/>')
        add(f'<use class="county-border" {ring} fill="none" stroke="#5a4a30" stroke-width="1.3" '
            'stroke-linejoin="round" pointer-events="none"/>')
        if cl is not None:
            if cl.emblem is not None:
                ex, ey = cl.emblem
                add(f'<use class="county-emblem" href="#{p}-emblem-{colour}" x="{_f(ex - EMBLEM_SIZE / 2)}" '
                    f'y="{_f(ey - EMBLEM_SIZE / 2)}" width="{_f(EMBLEM_SIZE)}" height="{_f(EMBLEM_SIZE)}"/>')
            add(f'<text class="county-name" font-size="{_f(cl.size)}" font-weight="700" fill="#2b2116" '
                'text-anchor="middle" stroke="#fffdf4" stroke-width="2.6" stroke-opacity="0.7" paint-order="stroke" '
                'stroke-linejoin="round" pointer-events="none">')
            for text, x, y, w in cl.lines:
                add(f'<tspan x="{_f(x)}" y="{_f(y)}" textLength="{_f(w)}" lengthAdjust="spacingAndGlyphs">'
                    f"{escape(text)}</tspan>")
            add("</text>")
            if cl.fort is not None:
                fx, fy = cl.fort
                add(f'<g class="fort" data-county="{cid}" role="img" aria-label="Fort"><use href="#{p}-fort" '
                    f'x="{_f(fx - FORT_SIZE / 2)}" y="{_f(fy - FORT_SIZE / 2)}" width="{_f(FORT_SIZE)}" '
                    f'height="{_f(FORT_SIZE)}"/></g>')
            for k, (x, y) in enumerate(cl.spots):
                add(f'<g class="troop-spot" id="{p}-spot-{cid}-{k}" data-county="{cid}" data-spot="{k}" '
                    f'data-x="{_f(x)}" data-y="{_f(y)}" data-r="{_f(CHIP_RADIUS)}" '
                    f'transform="translate({_f(x)} {_f(y)})"></g>')
        add("</g>")
    add("</g>")
    add(f'<use class="coastline" {coast} fill="none" stroke="#2d5366" stroke-width="1.8" stroke-linejoin="round"/>')

    # the arrows between central counties
    add('<g class="arrows">')
    for a in lay.arrows:
        add(f'<g class="arrow" data-from="{a.a}" data-to="{a.b}" data-via="{a.via}" '
            f'data-x1="{_f(a.start[0])}" data-y1="{_f(a.start[1])}" data-x2="{_f(a.end[0])}" data-y2="{_f(a.end[1])}" '
            f'role="img" aria-label="{escape(names[a.a])} and {escape(names[a.b])} count as neighbours">')
        add(_arrow(a.start[0], a.start[1], a.end[0], a.end[1]))
        add("</g>")
    add("</g>")

    # the shield, the supplies and the title
    add(_shield(p, lay.shield))
    add(_supply(p, lay.supply))
    tx1, ty1, tx2, ty2 = lay.title
    add(f'<text class="map-title" x="{_f((tx1 + tx2) / 2)}" y="{_f(ty2 - 7)}" text-anchor="middle" '
        f'font-family="{SERIF}" font-size="24" font-weight="700" letter-spacing="5" fill="#fffdf0" '
        # held to its panel: a wide serif would reach over the shield beside it
        f'textLength="{_f(tx2 - tx1 - 6)}" lengthAdjust="spacingAndGlyphs" '
        f'fill-opacity="0.88">{name.upper()}</text>')
    add(f'<g class="fx" id="{p}-fx"></g>')
    add("</svg>")
    return "".join(out)
