"""Where things go on Hibernia's board (the drawing's geometry, computed once per board).

- the scoring track: forty spaces around the edge, space 0 in the top-left corner, clockwise;
- each county's label: its name (one to three lines, as large as fits), led by the fort of a
  fort county or else its colour's emblem, and two spots for soldier chips next to it, all
  inside the county with a margin and clear of the arrows;
- the arrows between central counties, each across the central county between them, chosen
  to leave that county the most room;
- the sea panels for the shield (losses) and the supplies, and the title.

Placement works on a raster of the board (``raster.Raster``).

>>> from cambria.games.hibernia.mapdata import load_map
>>> spaces = track_spaces(load_map())
>>> len(spaces), spaces[0].x == spaces[0].y
(40, True)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .mapdata import IrelandMap, Point, point_in_polygon, segment_distance
from .raster import CELL, SEA, Box, Raster

__all__ = ["CHIP_RADIUS", "Box", "CountyLayout", "Arrow", "TrackSpace", "BoardLayout", "board_layout",
           "track_spaces", "text_width", "name_lines"]

CHIP_RADIUS = 15.0  # a soldier chip (the page draws it); two fit side by side in every county
CHIP_GAP = -6.0  # the two chips of a county overlap a little (two colours meet only in a fight)
FORT_SIZE = 15.0
EMBLEM_SIZE = 13.0
LABEL_SIZES = (13.0, 12.5, 12.0, 11.5, 11.0, 10.5, 10.0)
LINE_GAP = 1.08  # line height in font sizes
MARGIN = 2.5  # a label, chip or fort keeps this far inside its county
ARROW_CLEAR = 3.0  # ... and this far from an arrow
ARROW_WIDTH = 7.0  # the arrow's body with its halo
ARROW_TIP = 9.0  # how far an arrow reaches into the counties it joins
ARROW_APART = 14.0  # two arrows keep this far apart
ARROW_AWAY = 12.0  # an arrow passes this far from the middle of the county it crosses
ARROW_OPTIONS = 24  # the shortest crossings tried per arrow
TRACK_INSET = 5.0  # the track's outer edge from the board's edge
SPACE_GAP = 1.5  # between two track spaces



def text_width(text: str, size: float) -> float:
    """The width given to a name in a bold condensed sans-serif (the drawing pins it with
    ``textLength``, so a wider font is squeezed to it)."""
    narrow = sum(1 for ch in text if ch in "iljtfrI ',.-")
    wide = sum(1 for ch in text if ch in "mwMWGCDOQ&")
    return size * (0.54 * len(text) - 0.24 * narrow + 0.18 * wide)


def name_lines(name: str, most: int = 3) -> list[tuple[str, ...]]:
    """Ways to break a county's name into 1..most lines (never before "&")."""
    words = name.split(" ")
    cuts = [k for k in range(1, len(words)) if words[k] != "&"]
    out: list[tuple[str, ...]] = [(name,)]
    for k in cuts:
        out.append((" ".join(words[:k]), " ".join(words[k:])))
    if most >= 3:
        for a in cuts:
            for b in cuts:
                if a < b:
                    out.append((" ".join(words[:a]), " ".join(words[a:b]), " ".join(words[b:])))
    return out


@dataclass(frozen=True)
class TrackSpace:
    """Space ``index`` of the track: its rectangle and where up to four markers stand."""

    index: int
    x: float
    y: float
    w: float
    h: float
    side: str  # "corner", "top", "right", "bottom", "left"

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def marker_slots(self) -> list[Point]:
        cx, cy = self.centre
        dx, dy = self.w / 4, self.h / 4
        return [(cx - dx, cy - dy), (cx + dx, cy - dy), (cx - dx, cy + dy), (cx + dx, cy + dy)]


def track_spaces(m: IrelandMap, count: int = 40) -> list[TrackSpace]:
    """The track's spaces, clockwise from the top-left corner (space 0)."""
    W, H = float(m.width), float(m.height)
    o = TRACK_INSET
    i = float(m.frame) - 3.0
    top = (count - 4) * (W - 2 * i) / (2 * (W - 2 * i) + 2 * (H - 2 * i))
    n_top = round(top)
    n_side = (count - 4) // 2 - n_top
    if n_top < 1 or n_side < 1 or 2 * (n_top + n_side) + 4 != count:
        raise ValueError(f"a track of {count} spaces does not fit the frame")
    g = SPACE_GAP / 2
    spaces: list[TrackSpace] = []

    def add(x1: float, y1: float, x2: float, y2: float, side: str) -> None:
        spaces.append(TrackSpace(len(spaces), x1 + g, y1 + g, x2 - x1 - 2 * g, y2 - y1 - 2 * g, side))

    sw = (W - 2 * i) / n_top
    sh = (H - 2 * i) / n_side
    add(o, o, i, i, "corner")
    for k in range(n_top):
        add(i + k * sw, o, i + (k + 1) * sw, i, "top")
    add(W - i, o, W - o, i, "corner")
    for k in range(n_side):
        add(W - i, i + k * sh, W - o, i + (k + 1) * sh, "right")
    add(W - i, H - i, W - o, H - o, "corner")
    for k in range(n_top):
        add(W - i - (k + 1) * sw, H - i, W - i - k * sw, H - o, "bottom")
    add(o, H - i, i, H - o, "corner")
    for k in range(n_side):
        add(o, H - i - (k + 1) * sh, i, H - i - k * sh, "left")
    return spaces


# ------------------------------------------------------------------ county labels


@dataclass(frozen=True)
class CountyLayout:
    """Where a county's parts go: the two soldier spots (chips of CHIP_RADIUS), the name (lines
    with their centre x, baseline y and width), before its first line the fort of a fort county
    or else the colour's emblem (if there was room), and what these take (for tests: inside the
    county, clear of each other and of the arrows): circles for the chips, boxes for the rest."""

    county: str
    spots: tuple[Point, Point]
    lines: tuple[tuple[str, float, float, float], ...]  # text, x (centre), y (baseline), width
    size: float
    emblem: Point | None
    fort: Point | None
    circles: tuple[tuple[float, float, float], ...]
    boxes: tuple[Box, ...]

    @property
    def centre(self) -> Point:
        (x0, y0), (x1, y1) = self.spots
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _box_hits_circle(box: Box, c: tuple[float, float, float], gap: float) -> bool:
    nx = min(max(c[0], box[0]), box[2])
    ny = min(max(c[1], box[1]), box[3])
    return (nx - c[0]) ** 2 + (ny - c[1]) ** 2 < (c[2] + gap) ** 2


def _circle_room(raster: Raster, owner: int, x: float, y: float) -> float:
    """How far the point is inside the county's free cells (-1 if it is not)."""
    idx = raster.at(x, y)
    if idx < 0 or raster.owner[idx] != owner or raster.blocked[idx]:
        return -1.0
    return raster.dist[idx] - 1.5


def _cell_points(raster: Raster, owner: int, step: int) -> list[Point]:
    return [((idx % raster.nx + 0.5) * CELL, (idx // raster.nx + 0.5) * CELL)
            for idx, o in enumerate(raster.owner)
            if o == owner and not raster.blocked[idx] and (idx % raster.nx) % step == 0 and (idx // raster.nx) % step == 0]


def _name_boxes(raster: Raster, owner: int, points: Sequence[Point], w: float, h: float, near: Point,
                keep: int) -> list[tuple[float, Box]]:
    """Up to ``keep`` places (w x h boxes centred on points, at least 10 units apart) inside the
    county, best first: near ``near``, with clearance from the county's outline."""
    found = []
    for cx, cy in points:
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        clear = raster.box_fits(box, owner, MARGIN)
        if clear >= 0:
            found.append((0.25 * math.dist((cx, cy), near) - min(clear, 6.0), box))
    found.sort()
    kept: list[tuple[float, Box]] = []
    for score, box in found:
        c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if all(math.dist(c, ((k[0] + k[2]) / 2, (k[1] + k[3]) / 2)) >= 10 for _, k in kept):
            kept.append((score, box))
            if len(kept) == keep:
                break
    return kept


def _chips_by(raster: Raster, owner: int, points: Sequence[Point], box: Box) -> tuple[float, Point, Point] | None:
    """The two soldier chips near the name's box and clear of it: the first as near the name as
    it fits, the second beside it (side by side if it can, overlapping the first a little at
    most, or on the name's other side in a narrow county)."""
    r = CHIP_RADIUS
    need = r + MARGIN
    bc = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    places = []
    for x, y in points:
        room = _circle_room(raster, owner, x, y)
        if room < need or _box_hits_circle(box, (x, y, r), 2.0):
            continue
        places.append((math.dist((x, y), bc) - min(room - need, 4.0), x, y))
    if len(places) < 2:
        return None
    places.sort()
    best: tuple[float, Point, Point] | None = None
    closest = 2 * r + CHIP_GAP
    for d0, x0, y0 in places[:12]:
        for d1, x1, y1 in places:
            apart = math.dist((x0, y0), (x1, y1))
            if apart < closest:
                continue
            # side by side at the closest is best; a slant, a gap or a far side costs
            score = 0.3 * (d0 + d1) + 0.4 * (apart - closest) + 0.25 * abs(y1 - y0)
            if best is None or score < best[0]:
                best = (score, (x0, y0), (x1, y1))
    if best is None:
        return None
    _, s0, s1 = best
    return (best[0], s0, s1) if s0[0] <= s1[0] else (best[0], s1, s0)


def _pole(raster: Raster, owner: int) -> tuple[Point, float]:
    """The cell of the county furthest from its outline (and that distance)."""
    best, where = -1.0, 0
    for idx, o in enumerate(raster.owner):
        if o == owner and raster.dist[idx] > best:
            best, where = raster.dist[idx], idx
    row, col = divmod(where, raster.nx)
    return ((col + 0.5) * CELL, (row + 0.5) * CELL), best


def _place_county(raster: Raster, owner: int, cid: str, name: str, fort: bool, prefer: Point) -> CountyLayout:
    """The name as large as fits near the county's middle, led by the fort (for a fort county)
    or the colour's emblem (if there is room), and the two soldier spots next to it."""
    points = _cell_points(raster, owner, 2)
    r = CHIP_RADIUS
    lead = FORT_SIZE if fort else EMBLEM_SIZE
    lead_w = lead + 3
    for size in LABEL_SIZES:
        best: tuple[float, CountyLayout] | None = None
        line_h = size * LINE_GAP
        for lines in name_lines(name):
            widths = [text_width(t, size) for t in lines]
            for with_lead in ((True,) if fort else (True, False)):
                w = max([widths[0] + (lead_w if with_lead else 0.0), *widths[1:]])
                h = max(line_h * len(lines), lead if with_lead and len(lines) == 1 else 0.0)
                pen = 3.0 * (len(lines) - 1) + (0.0 if with_lead else 4.0)
                for name_score, box in _name_boxes(raster, owner, points, w, h, prefer, 16):
                    chips = _chips_by(raster, owner, points, box)
                    if chips is None:
                        continue
                    chip_score, s0, s1 = chips
                    score = name_score + chip_score + pen
                    if best is not None and score >= best[0]:
                        continue
                    placed = []
                    boxes = []
                    lead_at: Point | None = None
                    top0 = box[1] + (h - line_h * len(lines)) / 2
                    for k, (t, tw) in enumerate(zip(lines, widths, strict=True)):
                        extra = lead_w if (k == 0 and with_lead) else 0.0
                        x0 = (box[0] + box[2]) / 2 - (tw + extra) / 2
                        top = top0 + k * line_h
                        placed.append((t, x0 + extra + tw / 2, top + 0.8 * size, tw))
                        boxes.append((x0, top, x0 + tw + extra, top + line_h))
                        if extra:
                            lead_at = (x0 + lead / 2, top + 0.5 * line_h)
                            boxes.append((x0, lead_at[1] - lead / 2, x0 + lead, lead_at[1] + lead / 2))
                    layout = CountyLayout(cid, (s0, s1), tuple(placed), size,
                                          None if fort else lead_at, lead_at if fort else None,
                                          ((s0[0], s0[1], r), (s1[0], s1[1], r)), tuple(boxes))
                    best = (score, layout)
        if best is not None:
            return best[1]
    raise ValueError(f"no room for the name and soldiers of {name}")


# ------------------------------------------------------------------ arrows


@dataclass(frozen=True)
class Arrow:
    """A double-headed arrow from county ``a`` to county ``b`` across county ``via``."""

    a: str
    b: str
    via: str
    start: Point  # tip inside a
    end: Point  # tip inside b


def _shared_points(p: Sequence[Point], q: Sequence[Point], step: float = 3.0) -> list[Point]:
    """Points every ``step`` units along the outline that two regions share (their common
    chains hold the very same vertices)."""
    qs = set(q)
    out: list[Point] = []
    n = len(p)
    for k in range(n):
        a, b = p[k], p[(k + 1) % n]
        if a in qs and b in qs:
            length = math.dist(a, b)
            pieces = max(1, int(length / step))
            out.extend((a[0] + (b[0] - a[0]) * t / pieces, a[1] + (b[1] - a[1]) * t / pieces) for t in range(pieces))
    return out


def _segment_gap(p: Point, q: Point, r: Point, s: Point) -> float:
    """The distance between two segments (0 if they cross)."""
    def side(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
        return 0.0
    return min(segment_distance(p, r, s), segment_distance(q, r, s), segment_distance(r, p, q), segment_distance(s, p, q))


def _arrow_options(m: IrelandMap, raster: Raster, index: dict[str, int], a: str, b: str,
                   vias: Sequence[str]) -> list[tuple[float, Arrow]]:
    """Straight crossings from a to b through a county of ``vias`` that borders both, clear of
    its other borders and of the middle of its core (where its name goes), with a tip
    ARROW_TIP units into each end; shortest first."""
    options: list[tuple[float, Arrow]] = []
    for via in vias:
        if via in (a, b):
            continue
        vk = index[via]
        pa = _shared_points(m.regions[a], m.regions[via])
        pb = _shared_points(m.regions[b], m.regions[via])
        middle = m.centres.get(via)
        for p in pa:
            for q in pb:
                length = math.dist(p, q)
                if length < 1:
                    continue
                if middle is not None and segment_distance(middle, p, q) < ARROW_AWAY:
                    continue
                ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
                start = (p[0] - ux * ARROW_TIP, p[1] - uy * ARROW_TIP)
                end = (q[0] + ux * ARROW_TIP, q[1] + uy * ARROW_TIP)
                ok, clear = True, math.inf
                steps = max(2, int(length / 3))
                for k in range(1, steps):
                    x, y = p[0] + ux * length * k / steps, p[1] + uy * length * k / steps
                    idx = raster.at(x, y)
                    if idx < 0 or raster.owner[idx] not in (vk, index[a], index[b]):
                        ok = False
                        break
                    if 0.15 < k / steps < 0.85:
                        if raster.owner[idx] != vk:
                            ok = False
                            break
                        clear = min(clear, raster.dist[idx])
                if not ok or clear < 8:
                    continue
                if not (point_in_polygon(start, m.regions[a]) and point_in_polygon(end, m.regions[b])):
                    continue
                if raster.dist[raster.at(*start)] < 4 or raster.dist[raster.at(*end)] < 4:
                    continue
                options.append((length - 0.5 * min(clear, 16.0), Arrow(a, b, via, start, end)))
    options.sort(key=lambda o: (o[0], o[1].start, o[1].end))
    return options


def _place_arrows(m: IrelandMap, raster: Raster, index: dict[str, int], pairs: Sequence[tuple[str, str]],
                  vias: Sequence[str]) -> tuple[Arrow, ...]:
    """The arrows for all pairs, apart from each other, chosen to leave the most room for the
    name and soldiers of the counties they cross (the deepest point clear of outline and
    arrows), and then to be short."""
    options = [_arrow_options(m, raster, index, a, b, vias)[:ARROW_OPTIONS] for a, b in pairs]
    for (a, b), found in zip(pairs, options, strict=True):
        if not found:
            raise ValueError(f"no room for the arrow {a}-{b}")
    # a lattice of each crossed county's cells with their distance to its outline
    cells: dict[str, list[tuple[float, float, float]]] = {}
    for found in options:
        for _, arrow in found:
            if arrow.via not in cells:
                k = index[arrow.via]
                cells[arrow.via] = [((idx % raster.nx + 0.5) * CELL, (idx // raster.nx + 0.5) * CELL, raster.dist[idx])
                                    for idx, o in enumerate(raster.owner)
                                    if o == k and (idx % raster.nx) % 2 == 0 and (idx // raster.nx) % 2 == 0]

    def room(chosen: Sequence[Arrow]) -> float:
        worst = math.inf
        for via, pts in cells.items():
            crossing = [a for a in chosen if a.via == via]
            best = max((min([d] + [segment_distance((x, y), a.start, a.end) - ARROW_WIDTH / 2 for a in crossing])
                        for x, y, d in pts), default=0.0)
            worst = min(worst, best)
        return worst

    best: tuple[float, tuple[Arrow, ...]] | None = None
    for combo in itertools.product(*options):
        arrows = [arrow for _, arrow in combo]
        if any(_segment_gap(p.start, p.end, q.start, q.end) < ARROW_APART for p, q in itertools.combinations(arrows, 2)):
            continue
        score = sum(sc for sc, _ in combo) - 4.0 * min(room(arrows), 40.0)
        if best is None or score < best[0]:
            best = (score, tuple(arrows))
    if best is None:
        raise ValueError("no room for the arrows apart from each other")
    return best[1]


# ------------------------------------------------------------------ sea panels


def _sea_box(raster: Raster, w: float, h: float, corner: Point, taken: Iterable[Box]) -> Box:
    """A w x h box in open sea (8 units from land and frame), its centre as near the corner as goes."""
    taken = list(taken)
    candidates = []
    for idx, o in enumerate(raster.owner):
        if o == SEA:
            row, col = divmod(idx, raster.nx)
            x, y = col * CELL, row * CELL
            candidates.append((math.dist((x + w / 2, y + h / 2), corner), x, y))
    candidates.sort()
    for _, x, y in candidates:
        box = (x, y, x + w, y + h)
        if any(not (box[2] < t[0] - 6 or box[0] > t[2] + 6 or box[3] < t[1] - 6 or box[1] > t[3] + 6) for t in taken):
            continue
        if raster.box_fits(box, SEA, 8.0) >= 0:
            return box
    raise ValueError(f"no room in the sea for a {w:g} x {h:g} panel")


# ------------------------------------------------------------------ everything


@dataclass(frozen=True)
class BoardLayout:
    spaces: tuple[TrackSpace, ...]
    counties: dict[str, CountyLayout]
    arrows: tuple[Arrow, ...]
    shield: Box
    supply: Box
    title: Box


SHIELD_SIZE = (112.0, 128.0)
SUPPLY_SIZE = (124.0, 108.0)
TITLE_SIZE = (150.0, 30.0)


def board_layout(m: IrelandMap, counties: Sequence[tuple[str, str, bool, bool]], arrows: Sequence[tuple[str, str]],
                 track_length: int) -> BoardLayout:
    """Place everything; ``counties`` is (id, name, fort, central) per county in board order;
    an arrow crosses a central county."""
    return _board_layout(m, tuple(counties), tuple(arrows), track_length)


@lru_cache(maxsize=4)
def _board_layout(m: IrelandMap, counties: tuple[tuple[str, str, bool, bool], ...],
                  arrows: tuple[tuple[str, str], ...], track_length: int) -> BoardLayout:
    ids = [c[0] for c in counties]
    central = [c[0] for c in counties if c[3]] or ids
    raster = Raster(m, ids)
    index = {cid: k for k, cid in enumerate(ids)}
    placed_arrows = _place_arrows(m, raster, index, arrows, central)
    raster.block_segments([(arrow.start, arrow.end) for arrow in placed_arrows], ARROW_CLEAR + ARROW_WIDTH / 2)
    layouts = {}
    for cid, name, fort, _ in counties:
        # the middle of the county's core (see tools/make_ireland.py), else its deepest point
        prefer = m.centres.get(cid) or _pole(raster, index[cid])[0]
        layouts[cid] = _place_county(raster, index[cid], cid, name, fort, prefer)
    inner = float(m.frame)
    shield = _sea_box(raster, *SHIELD_SIZE, (inner, inner), [])
    supply = _sea_box(raster, *SUPPLY_SIZE, (m.width - inner, m.height - inner), [shield])
    title = _sea_box(raster, *TITLE_SIZE, (m.width - inner, inner), [shield, supply])
    return BoardLayout(tuple(track_spaces(m, track_length)), layouts, placed_arrows, shield, supply, title)
