#!/usr/bin/env python3
"""Generate the two Cambria board maps (cambria/games/cambria/maps/*.json).

Standard library only.  The JSON files are the committed source of truth;
this script records how they were made and can regenerate them exactly:

    python3 tools/make_maps.py            # rewrite both JSON files
    python3 tools/make_maps.py --check    # only verify the files are current

What it does, per map:
1. Projects a hand-written coastline (latitude/longitude, rough
   approximations of the real coast) and the real positions of 16 Roman forts
   into an SVG box with a simple equirectangular projection (longitude scaled
   by the cosine of a reference latitude, y growing downwards).  A few forts
   are nudged (by at most 25 units) so that the drawing works.
2. Builds candidate roads: pairs of forts at least ROAD_MIN_LEN apart whose
   straight segment keeps a clearance from every other fort.
3. Runs a seeded simulated-annealing search for a set of non-crossing roads
   whose degree sequence fits the rules (seven forts with 4-6 roads, nine
   with 2-3, every number 2..6 present, connected), preferring roads that
   follow known Roman roads, stay on land, are long and are well spread.
   Each fort's printed number is then its number of roads.
4. Checks every rule again and writes the JSON (forts in reading order,
   top to bottom; roads sorted).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_DIR = ROOT / "cambria" / "games" / "cambria" / "maps"

# Hard limits (the tests check the same numbers).
ROAD_MIN_LEN = 45.0  # shortest road allowed
ROAD_CLEARANCE = 18.0  # a road must stay this far from every other fort
FORT_EDGE_MARGIN = 20.0  # forts keep off the box edge
SEA_MARGIN = 25.0  # boats and eagle keep off the coast
BOAT_SPACING = 50.0  # boats (and eagle) keep apart
MAX_NUDGE = 25.0
ITERATIONS = 150000  # annealing steps per restart (the default; the JSON was made with it)

# Soft targets used by the search (the search tries to reach these).
GOOD_LEN = 80.0
GOOD_CLEARANCE = 40.0
GOOD_SLOT_GAP = 44.0  # midpoint (warrior slot) to any fort centre
GOOD_SLOT_SPACING = 34.0  # midpoint to midpoint
GOOD_ANGLE = 30.0  # degrees between two roads leaving the same fort

# ---------------------------------------------------------------------------
# Map data.  Coast points are (lat, lon); points outside the box are clamped
# onto its edge, so land running off the map is written as far-away points.
# Forts: (id, name, modern place, lat, lon, (dx, dy) nudge in SVG units).
# ---------------------------------------------------------------------------

CAMBRIA = {
    "id": "cambria",
    "title": "Cambria",
    "region": "Wales",
    "width": 600,
    "height": 800,
    "lon_min": -5.40,
    "lon_max": -2.60,
    "lat_max": 53.52,
    "lat_ref": 52.4,
    "seed": 2008,
    "coast": [
        # Wales with the English border country, the Wirral and Somerset's
        # far shore kept separate by the Severn estuary.
        [
            (60.0, -2.0),  # top-right corner (clamped)
            (51.62, -2.0),  # down the land edge to the Severn
            (51.640, -2.64),  # Beachley / Chepstow
            (51.535, -2.90),  # Goldcliff
            (51.545, -2.98),  # mouth of the Usk
            (51.505, -3.07),  # Wentloog levels
            (51.460, -3.16),  # Cardiff
            (51.405, -3.17),  # Lavernock Point
            (51.385, -3.27),  # Barry
            (51.400, -3.56),  # Nash Point
            (51.475, -3.70),  # Porthcawl
            (51.565, -3.80),  # Port Talbot
            (51.615, -3.92),  # Swansea
            (51.565, -3.985),  # Mumbles
            (51.540, -4.21),  # Port Eynon
            (51.565, -4.33),  # Worm's Head
            (51.645, -4.25),  # Whiteford
            (51.665, -4.09),  # Loughor estuary
            (51.690, -4.38),  # Pembrey Burrows
            (51.745, -4.36),  # Ferryside
            (51.790, -4.355),  # Tywi estuary
            (51.765, -4.40),  # Llansteffan
            (51.745, -4.56),  # Pendine
            (51.670, -4.70),  # Tenby
            (51.597, -4.93),  # St Govan's Head
            (51.655, -5.07),  # Freshwater West
            (51.685, -5.11),  # Angle
            (51.700, -5.00),  # Milford Haven, south shore
            (51.725, -4.93),  # head of the Haven
            (51.705, -5.16),  # Dale
            (51.680, -5.175),  # St Ann's Head
            (51.740, -5.25),  # Wooltack Point
            (51.775, -5.11),  # Little Haven
            (51.855, -5.12),  # Newgale
            (51.905, -5.31),  # St David's Head
            (52.030, -5.07),  # Strumble Head
            (52.010, -4.98),  # Fishguard
            (52.120, -4.73),  # Cemaes Head
            (52.135, -4.54),  # Aberporth
            (52.215, -4.36),  # New Quay
            (52.415, -4.09),  # Aberystwyth
            (52.530, -4.05),  # Ynyslas
            (52.565, -3.93),  # Dyfi estuary
            (52.550, -4.05),  # Aberdyfi
            (52.690, -4.06),  # Fairbourne
            (52.720, -4.055),  # Barmouth
            (52.860, -4.11),  # Harlech
            (52.915, -4.12),  # Porthmadog
            (52.915, -4.235),  # Criccieth
            (52.885, -4.41),  # Pwllheli
            (52.820, -4.50),  # Abersoch
            (52.800, -4.71),  # Aberdaron
            (52.795, -4.77),  # Braich y Pwll
            (52.945, -4.57),  # Porth Dinllaen
            (53.080, -4.34),  # Dinas Dinlle
            (53.115, -4.34),  # Belan
            (53.140, -4.28),  # Caernarfon
            (53.235, -4.13),  # Bangor
            (53.285, -3.87),  # Conwy Morfa
            (53.335, -3.86),  # Great Orme
            (53.295, -3.72),  # Colwyn Bay
            (53.320, -3.49),  # Rhyl
            (53.355, -3.32),  # Point of Ayr
            (53.250, -3.13),  # Flint
            (53.220, -3.05),  # head of the Dee estuary
            (53.375, -3.19),  # West Kirby
            (53.440, -3.04),  # New Brighton
            (53.390, -3.00),  # Birkenhead
            (53.330, -2.78),  # head of the Mersey
            (53.410, -3.00),  # Liverpool
            (53.480, -3.06),  # Crosby
            (60.0, -3.07),  # off the top edge
        ],
        # Anglesey (with Holy Island), across the Menai Strait.
        [
            (53.140, -4.41),  # Llanddwyn
            (53.152, -4.345),  # Abermenai
            (53.190, -4.27),  # Llanfairpwll side of the Strait
            (53.230, -4.19),  # Menai Bridge
            (53.258, -4.115),  # Beaumaris
            (53.310, -4.04),  # Penmon
            (53.355, -4.235),  # Moelfre
            (53.415, -4.34),  # Amlwch
            (53.405, -4.565),  # Carmel Head
            (53.320, -4.65),  # Holyhead
            (53.305, -4.70),  # South Stack
            (53.245, -4.60),  # Rhoscolyn
            (53.185, -4.47),  # Aberffraw
        ],
        # Somerset and Exmoor, the far shore of the Severn and Bristol Channel.
        [
            (51.585, -2.0),  # right edge
            (51.600, -2.63),  # Aust
            (51.510, -2.71),  # Avonmouth
            (51.440, -2.86),  # Clevedon
            (51.350, -2.98),  # Weston-super-Mare
            (50.0, -3.00),  # Burnham-on-Sea, on the bottom edge
            (50.0, -2.0),  # bottom-right corner
        ],
    ],
    "forts": [
        ("segontium", "Segontium", "Caernarfon", 53.1375, -4.265, (6, 12)),
        ("canovium", "Canovium", "Caerhun", 53.2170, -3.834, (0, 8)),
        ("deva", "Deva Victrix", "Chester", 53.1900, -2.891, (0, 0)),
        ("tomen-y-mur", "Tomen y Mur", "Trawsfynydd", 52.9330, -3.924, (-4, -12)),
        ("caer-gai", "Caer Gai", "Llanuwchllyn", 52.8660, -3.671, (12, 6)),
        ("cefn-caer", "Cefn Caer", "Pennal", 52.5850, -3.920, (0, 0)),
        ("mediomanum", "Mediomanum", "Caersws", 52.5160, -3.431, (0, 0)),
        ("lavobrinta", "Lavobrinta", "Forden Gaer", 52.5860, -3.139, (18, -10)),
        ("bremia", "Bremia", "Llanio", 52.1960, -3.985, (0, 0)),
        ("castell-collen", "Castell Collen", "Llandrindod Wells", 52.2500, -3.395, (0, 0)),
        ("moridunum", "Moridunum", "Carmarthen", 51.8570, -4.305, (0, 0)),
        ("alabum", "Alabum", "Llandovery", 51.9950, -3.800, (0, 0)),
        ("cicucium", "Cicucium", "Brecon Gaer", 51.9580, -3.443, (0, 0)),
        ("gobannium", "Gobannium", "Abergavenny", 51.8210, -3.018, (-4, -16)),
        ("isca", "Isca Augusta", "Caerleon", 51.6100, -2.959, (0, 0)),
        ("nidum", "Nidum", "Neath", 51.6630, -3.806, (0, 0)),
    ],
    # Roads the Romans (probably) built between these forts; preferred.
    "known_roads": [
        ("deva", "canovium"),
        ("canovium", "segontium"),
        ("segontium", "tomen-y-mur"),
        ("canovium", "tomen-y-mur"),
        ("tomen-y-mur", "caer-gai"),
        ("caer-gai", "deva"),
        ("tomen-y-mur", "cefn-caer"),
        ("caer-gai", "mediomanum"),
        ("cefn-caer", "mediomanum"),
        ("mediomanum", "lavobrinta"),
        ("lavobrinta", "deva"),
        ("cefn-caer", "bremia"),
        ("mediomanum", "castell-collen"),
        ("castell-collen", "bremia"),
        ("castell-collen", "cicucium"),
        ("castell-collen", "alabum"),
        ("lavobrinta", "castell-collen"),
        ("bremia", "alabum"),
        ("alabum", "moridunum"),
        ("alabum", "cicucium"),
        ("cicucium", "gobannium"),
        ("cicucium", "nidum"),
        ("gobannium", "isca"),
        ("isca", "nidum"),
        ("nidum", "moridunum"),
        ("bremia", "moridunum"),
        ("alabum", "nidum"),
        ("cicucium", "isca"),
    ],
    # Boats 2..6 and the eagle, in the sea.
    "boats": [
        (2, 53.300, -5.050),  # Irish Sea, off Holy Island
        (3, 52.690, -4.560),  # Cardigan Bay, off Llŷn
        (4, 52.330, -4.780),  # Cardigan Bay, open water
        (5, 51.560, -5.250),  # St George's Channel
        (6, 51.380, -3.960),  # Bristol Channel
    ],
    "eagle": (52.370, -4.440),  # Cardigan Bay, off Aberystwyth
}

CUMBRIA = {
    "id": "cumbria",
    "title": "Cumbria",
    "region": "North-west England",
    "width": 600,
    "height": 800,
    "lon_min": -3.85,
    "lon_max": -2.236,
    "lat_max": 55.15,
    "lat_ref": 54.5,
    "seed": 2008,
    "coast": [
        # One mainland: Galloway and Dumfriesshire above the Solway Firth,
        # Cumberland, Furness and Lancashire below it.
        [
            (60.0, -4.5),  # top-left corner (clamped)
            (60.0, -2.0),  # top-right corner
            (50.0, -2.0),  # bottom-right corner
            (50.0, -3.03),  # bottom edge, south of Fleetwood
            (53.925, -3.01),  # Fleetwood
            (53.955, -2.93),  # Knott End / Pilling
            (54.000, -2.89),  # Sunderland Point, mouth of the Lune
            (54.030, -2.92),  # Heysham
            (54.070, -2.87),  # Morecambe
            (54.095, -2.81),  # Hest Bank
            (54.170, -2.83),  # Silverdale
            (54.205, -2.83),  # Arnside
            (54.235, -2.80),  # head of the Kent estuary
            (54.190, -2.91),  # Grange-over-Sands
            (54.148, -2.93),  # Humphrey Head
            (54.170, -2.98),  # Flookburgh
            (54.225, -3.05),  # head of the Leven estuary
            (54.160, -3.07),  # Bardsea
            (54.090, -3.16),  # Rampside
            (54.110, -3.245),  # Barrow-in-Furness
            (54.190, -3.21),  # Askam
            (54.265, -3.215),  # head of the Duddon
            (54.210, -3.275),  # Millom
            (54.200, -3.30),  # Haverigg
            (54.225, -3.345),  # Silecroft
            (54.290, -3.40),  # Bootle
            (54.350, -3.415),  # Ravenglass
            (54.400, -3.485),  # Seascale
            (54.490, -3.61),  # St Bees
            (54.515, -3.64),  # St Bees Head
            (54.550, -3.60),  # Whitehaven
            (54.645, -3.57),  # Workington
            (54.715, -3.505),  # Maryport
            (54.770, -3.44),  # Allonby
            (54.830, -3.43),  # Beckfoot
            (54.870, -3.40),  # Silloth
            (54.900, -3.345),  # Grune Point
            (54.880, -3.27),  # Moricambe inlet
            (54.925, -3.30),  # Cardurnock
            (54.962, -3.225),  # Bowness-on-Solway
            (54.950, -3.17),  # Port Carlisle
            (54.940, -3.12),  # Drumburgh
            (54.948, -3.07),  # Burgh Marsh
            (54.962, -3.01),  # Rockcliffe
            (54.995, -3.03),  # head of the Solway (Esk and Sark)
            (54.992, -3.08),  # Gretna
            (54.978, -3.19),  # Browhouses
            (54.985, -3.27),  # Annan
            (54.975, -3.34),  # Powfoot
            (54.968, -3.48),  # Caerlaverock
            (55.005, -3.56),  # Nith estuary
            (54.935, -3.565),  # Carsethorn
            (54.870, -3.60),  # Southerness Point
            (54.880, -3.73),  # Sandyhills
            (54.865, -3.80),  # Rough Firth
            (54.840, -4.50),  # off the left edge
        ],
    ],
    "forts": [
        ("maia", "Maia", "Bowness-on-Solway", 54.9530, -3.213, (-20, 12)),
        ("luguvalium", "Luguvalium", "Carlisle", 54.8950, -2.935, (15, 5)),
        ("banna", "Banna", "Birdoswald", 54.9890, -2.602, (0, 0)),
        ("alauna", "Alauna", "Maryport", 54.7180, -3.494, (14, -12)),
        ("derventio", "Derventio", "Papcastle", 54.6700, -3.386, (20, 14)),
        ("gabrosentum", "Gabrosentum", "Moresby", 54.5760, -3.579, (10, 0)),
        ("glannoventa", "Glannoventa", "Ravenglass", 54.3500, -3.405, (10, 0)),
        ("mediobogdum", "Mediobogdum", "Hardknott", 54.4020, -3.205, (0, 0)),
        ("troutbeck", "Troutbeck", "Penruddock", 54.6370, -3.031, (0, 0)),
        ("galava", "Galava", "Ambleside", 54.4200, -2.963, (0, 0)),
        ("voreda", "Voreda", "Old Penrith", 54.7570, -2.836, (0, 0)),
        ("brocavum", "Brocavum", "Brougham", 54.6560, -2.721, (0, 0)),
        ("verteris", "Verteris", "Brough", 54.5270, -2.317, (-10, 0)),
        ("watercrook", "Watercrook", "Kendal", 54.3180, -2.739, (0, 0)),
        ("calacum", "Calacum", "Burrow in Lonsdale", 54.1890, -2.601, (0, 0)),
        ("lancaster", "Lancaster", "Lancaster", 54.0500, -2.803, (0, 0)),
    ],
    "known_roads": [
        ("maia", "luguvalium"),
        ("luguvalium", "banna"),
        ("maia", "alauna"),
        ("alauna", "derventio"),
        ("derventio", "luguvalium"),
        ("derventio", "gabrosentum"),
        ("gabrosentum", "glannoventa"),
        ("glannoventa", "mediobogdum"),
        ("mediobogdum", "galava"),
        ("derventio", "voreda"),
        ("luguvalium", "voreda"),
        ("voreda", "brocavum"),
        ("brocavum", "verteris"),
        ("banna", "verteris"),
        ("banna", "brocavum"),
        ("brocavum", "galava"),
        ("galava", "watercrook"),
        ("watercrook", "lancaster"),
        ("watercrook", "calacum"),
        ("lancaster", "calacum"),
        ("calacum", "verteris"),
        ("calacum", "brocavum"),
        ("voreda", "derventio"),
        ("derventio", "troutbeck"),
        ("troutbeck", "brocavum"),
        ("troutbeck", "galava"),
        ("troutbeck", "voreda"),
    ],
    "boats": [
        (2, 54.790, -3.700),  # Solway Firth mouth
        (3, 54.470, -3.730),  # off St Bees Head
        (4, 54.170, -3.560),  # off Walney and the Duddon
        (5, 54.085, -3.020),  # Morecambe Bay
        (6, 53.994, -3.205),  # Irish Sea, off Walney and Fleetwood
    ],
    "eagle": (54.300, -3.700),  # off Seascale
}

MAPS = [CAMBRIA, CUMBRIA]

# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------


def make_projection(m):
    cos_ref = math.cos(math.radians(m["lat_ref"]))
    scale = m["width"] / ((m["lon_max"] - m["lon_min"]) * cos_ref)

    def project(lat, lon, clamp=False):
        x = (lon - m["lon_min"]) * cos_ref * scale
        y = (m["lat_max"] - lat) * scale
        if clamp:
            x = min(max(x, 0.0), float(m["width"]))
            y = min(max(y, 0.0), float(m["height"]))
        return (round(x, 1), round(y, 1))

    return project, scale


def point_in_polygon(p, poly):
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside


def on_land(p, coast):
    return any(point_in_polygon(p, poly) for poly in coast)


def seg_point_dist(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)


def dist_to_coast(p, coast):
    best = math.inf
    for poly in coast:
        n = len(poly)
        for i in range(n):
            best = min(best, seg_point_dist(p, poly[i], poly[(i + 1) % n]))
    return best


def _orient(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 1e-9) - (v < -1e-9)


def segments_cross(a, b, c, d):
    """True if segments ab and cd intersect (touching counts)."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True

    def on_seg(p, q, r):
        return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(p[1], r[1])

    if o1 == 0 and on_seg(a, c, b):
        return True
    if o2 == 0 and on_seg(a, d, b):
        return True
    if o3 == 0 and on_seg(c, a, d):
        return True
    if o4 == 0 and on_seg(c, b, d):
        return True
    return False


def roads_cross(pos, r1, r2):
    """Two roads cross unless they only share an endpoint fort."""
    shared = set(r1) & set(r2)
    if shared:
        # Sharing a fort: they overlap only if collinear and pointing the same way.
        (s,) = shared
        o1 = r1[0] if r1[1] == s else r1[1]
        o2 = r2[0] if r2[1] == s else r2[1]
        a, b, c = pos[s], pos[o1], pos[o2]
        if _orient(a, b, c) != 0:
            return False
        return (b[0] - a[0]) * (c[0] - a[0]) + (b[1] - a[1]) * (c[1] - a[1]) > 0
    return segments_cross(pos[r1[0]], pos[r1[1]], pos[r2[0]], pos[r2[1]])


def sea_fraction(a, b, coast, samples=40):
    wet = 0
    for k in range(1, samples):
        t = k / samples
        p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        if not on_land(p, coast):
            wet += 1
    return wet / (samples - 1)


def angle_between(v, w):
    c = (v[0] * w[0] + v[1] * w[1]) / (math.hypot(*v) * math.hypot(*w))
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


# ---------------------------------------------------------------------------
# Road search
# ---------------------------------------------------------------------------

BIG = 1000.0  # weight of a rule violation in the energy


def degree_violation(deg):
    bad = 0
    for d in deg:
        if d < 2:
            bad += 2 - d
        elif d > 6:
            bad += d - 6
    big = sum(1 for d in deg if 4 <= d <= 6)
    bad += abs(big - 7)
    present = set(deg)
    bad += sum(1 for v in range(2, 7) if v not in present)
    return bad


def components(n, edges):
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a, b in edges:
        parent[find(a)] = find(b)
    return len({find(i) for i in range(n)})


def search_roads(ids, pos, coast, known, seed, iterations=ITERATIONS, restarts=8):
    n = len(ids)
    idx = {f: i for i, f in enumerate(ids)}
    P = [pos[f] for f in ids]
    known_set = {frozenset((idx[a], idx[b])) for a, b in known}

    cands = []  # (i, j)
    cost = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = P[i], P[j]
            L = math.dist(a, b)
            if L < ROAD_MIN_LEN + 5:
                continue
            clear = min(
                (seg_point_dist(P[k], a, b) for k in range(n) if k not in (i, j)),
                default=math.inf,
            )
            if clear < ROAD_CLEARANCE + 4:
                continue
            wet = sea_fraction(a, b, coast)
            if wet > 0.35:
                continue
            c = 0.0
            c += 3.0 * max(0.0, GOOD_LEN - L)  # short roads are hard to tap
            c += 1.0 * max(0.0, L - 160.0)  # very long roads look odd
            c += 6.0 * max(0.0, GOOD_CLEARANCE - clear)
            c += 400.0 * wet
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            gap = min(math.dist(mid, P[k]) for k in range(n) if k not in (i, j))
            c += 5.0 * max(0.0, GOOD_SLOT_GAP - gap)
            if frozenset((i, j)) not in known_set:
                c += 120.0
            cands.append((i, j))
            cost[(i, j)] = c
    m = len(cands)
    crosses = [set() for _ in range(m)]
    for e in range(m):
        for f in range(e + 1, m):
            ri, rj = cands[e], cands[f]
            if roads_cross(P, ri, rj):
                crosses[e].add(f)
                crosses[f].add(e)
    mids = [((P[i][0] + P[j][0]) / 2, (P[i][1] + P[j][1]) / 2) for i, j in cands]

    def pair_penalty(e, f):
        """Soft penalty between two chosen roads (slot spacing, angles)."""
        c = 0.0
        dm = math.dist(mids[e], mids[f])
        if dm < GOOD_SLOT_SPACING:
            c += 6.0 * (GOOD_SLOT_SPACING - dm)
        shared = set(cands[e]) & set(cands[f])
        if shared:
            (s,) = shared
            o1 = cands[e][0] if cands[e][1] == s else cands[e][1]
            o2 = cands[f][0] if cands[f][1] == s else cands[f][1]
            v = (P[o1][0] - P[s][0], P[o1][1] - P[s][1])
            w = (P[o2][0] - P[s][0], P[o2][1] - P[s][1])
            ang = angle_between(v, w)
            if ang < GOOD_ANGLE:
                c += 20.0 * (GOOD_ANGLE - ang)
        return c

    pen = [[0.0] * m for _ in range(m)]
    for e in range(m):
        for f in range(e + 1, m):
            pen[e][f] = pen[f][e] = pair_penalty(e, f)

    def hard_of(chosen, deg):
        return degree_violation(deg) + (components(n, [cands[e] for e in chosen]) - 1)

    def anneal(rng, iterations):
        chosen = set()
        deg = [0] * n
        soft = 0.0

        def remove(ch, dg, e):
            i, j = cands[e]
            dg[i] -= 1
            dg[j] -= 1
            ch.remove(e)
            return -cost[cands[e]] - sum(pen[e][f] for f in ch)

        def add(ch, dg, e):
            i, j = cands[e]
            dg[i] += 1
            dg[j] += 1
            d = cost[cands[e]] + sum(pen[e][f] for f in ch)
            ch.add(e)
            return d

        # Random greedy start: shuffled candidates, no crossings, degree <= 6.
        order = list(range(m))
        rng.shuffle(order)
        for e in order:
            i, j = cands[e]
            if not (crosses[e] & chosen) and deg[i] < 6 and deg[j] < 6:
                soft += add(chosen, deg, e)
        hard = hard_of(chosen, deg)
        cur = BIG * hard + soft
        best = (hard, cur, set(chosen))
        T0, T1 = 300.0, 0.5
        for it in range(iterations):
            T = T0 * (T1 / T0) ** (it / iterations)
            ch, dg, s2 = set(chosen), list(deg), soft
            r = rng.random()
            if r < 0.4 or not ch:
                e = rng.randrange(m)
                if e in ch:
                    continue
                for f in sorted(crosses[e] & ch):
                    s2 += remove(ch, dg, f)
                s2 += add(ch, dg, e)
            elif r < 0.7:
                s2 += remove(ch, dg, rng.choice(sorted(ch)))
            else:  # swap one road for another
                s2 += remove(ch, dg, rng.choice(sorted(ch)))
                e = rng.randrange(m)
                if e in ch:
                    continue
                for f in sorted(crosses[e] & ch):
                    s2 += remove(ch, dg, f)
                s2 += add(ch, dg, e)
            h2 = hard_of(ch, dg)
            e2 = BIG * h2 + s2
            if e2 <= cur or rng.random() < math.exp((cur - e2) / T):
                chosen, deg, soft, hard, cur = ch, dg, s2, h2, e2
                if (hard, cur) < best[:2]:
                    best = (hard, cur, set(chosen))
        return best

    rng = random.Random(seed)
    results = [anneal(rng, iterations) for _ in range(restarts)]
    print("  restarts:", " ".join(f"{r[1]:.0f}" if not r[0] else "x" for r in results))
    h_best, e_best, ch = min(results, key=lambda r: (r[0], r[1], sorted(r[2])))
    if h_best:
        raise SystemExit(f"search failed: {h_best} rule violations left")
    return [(ids[cands[e][0]], ids[cands[e][1]]) for e in sorted(ch)], e_best


# ---------------------------------------------------------------------------
# Validation (the same rules the tests check)
# ---------------------------------------------------------------------------


def validate(data):
    W, H = data["width"], data["height"]
    coast = [[tuple(p) for p in poly] for poly in data["coast"]]
    forts = data["forts"]
    assert len(forts) == 16
    ids = [f["id"] for f in forts]
    assert len(set(ids)) == 16 and len({f["name"] for f in forts}) == 16
    pos = {f["id"]: (f["x"], f["y"]) for f in forts}
    num = {f["id"]: f["number"] for f in forts}
    assert sum(1 for v in num.values() if v >= 4) == 7
    assert sum(1 for v in num.values() if v <= 3) == 9
    assert set(num.values()) == {2, 3, 4, 5, 6}
    deg = {f: 0 for f in ids}
    seen = set()
    for a, b in data["roads"]:
        assert a != b and a in pos and b in pos, (a, b)
        key = frozenset((a, b))
        assert key not in seen, (a, b)
        seen.add(key)
        deg[a] += 1
        deg[b] += 1
        L = math.dist(pos[a], pos[b])
        assert L >= ROAD_MIN_LEN, (a, b, L)
        for f in ids:
            if f not in (a, b):
                d = seg_point_dist(pos[f], pos[a], pos[b])
                assert d >= ROAD_CLEARANCE, (a, b, f, d)
    assert deg == num, (deg, num)
    roads = [tuple(r) for r in data["roads"]]
    for i in range(len(roads)):
        for j in range(i + 1, len(roads)):
            assert not roads_cross(pos, roads[i], roads[j]), (roads[i], roads[j])
    assert components(16, [(ids.index(a), ids.index(b)) for a, b in roads]) == 1
    for f in forts:
        p = (f["x"], f["y"])
        assert on_land(p, coast), f["id"]
        m = FORT_EDGE_MARGIN
        assert m <= f["x"] <= W - m and m <= f["y"] <= H - m, f["id"]
    for r, ring in enumerate(coast):
        edges = [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))]
        for i in range(len(edges)):
            for j in range(i + 2, len(edges)):
                if i == 0 and j == len(edges) - 1:
                    continue
                assert not segments_cross(*edges[i], *edges[j]), f"coast ring {r} crosses itself"
    spots = [(b["x"], b["y"]) for b in data["boats"]] + [(data["eagle"]["x"], data["eagle"]["y"])]
    for p in spots:
        for a, b in data["roads"]:
            assert seg_point_dist(p, pos[a], pos[b]) >= SEA_MARGIN, (p, a, b)
    assert sorted(b["number"] for b in data["boats"]) == [2, 3, 4, 5, 6]
    for p in spots:
        assert not on_land(p, coast), p
        assert dist_to_coast(p, coast) >= SEA_MARGIN, (p, dist_to_coast(p, coast))
        assert SEA_MARGIN <= p[0] <= W - SEA_MARGIN and SEA_MARGIN <= p[1] <= H - SEA_MARGIN, p
    for i in range(len(spots)):
        for j in range(i + 1, len(spots)):
            assert math.dist(spots[i], spots[j]) >= BOAT_SPACING, (spots[i], spots[j])


def stats(data):
    pos = {f["id"]: (f["x"], f["y"]) for f in data["forts"]}
    ids = list(pos)
    min_len = min(math.dist(pos[a], pos[b]) for a, b in data["roads"])
    min_clear = min(
        seg_point_dist(pos[f], pos[a], pos[b]) for a, b in data["roads"] for f in ids if f not in (a, b)
    )
    return min_len, min_clear


# ---------------------------------------------------------------------------
# Building a map
# ---------------------------------------------------------------------------


def build(m, iterations):
    project, scale = make_projection(m)
    coast = []
    for ring in m["coast"]:
        pts = []
        for lat, lon in ring:
            p = project(lat, lon, clamp=True)
            if not pts or pts[-1] != p:
                pts.append(p)
        if pts[0] == pts[-1]:
            pts.pop()
        coast.append(pts)
    pos = {}
    info = {}
    for fid, name, modern, lat, lon, (dx, dy) in m["forts"]:
        assert math.hypot(dx, dy) <= MAX_NUDGE, fid
        x, y = project(lat, lon)
        pos[fid] = (round(x + dx, 1), round(y + dy, 1))
        info[fid] = (name, modern)
    # Reading order: top to bottom, then left to right.
    ids = sorted(pos, key=lambda f: (pos[f][1], pos[f][0]))
    roads, energy = search_roads(ids, pos, coast, m["known_roads"], m["seed"], iterations)
    order = {f: i for i, f in enumerate(ids)}
    roads = sorted((tuple(sorted(r, key=order.get)) for r in roads), key=lambda r: (order[r[0]], order[r[1]]))
    deg = {f: 0 for f in ids}
    for a, b in roads:
        deg[a] += 1
        deg[b] += 1
    boats = []
    for number, lat, lon in sorted(m["boats"]):
        x, y = project(lat, lon)
        boats.append({"number": number, "x": x, "y": y})
    ex, ey = project(*m["eagle"])
    data = {
        "format": "cambria-map",
        "version": 1,
        "id": m["id"],
        "title": m["title"],
        "region": m["region"],
        "width": m["width"],
        "height": m["height"],
        "coast": [[[x, y] for x, y in ring] for ring in coast],
        "forts": [
            {
                "id": f,
                "name": info[f][0],
                "modern": info[f][1],
                "number": deg[f],
                "x": pos[f][0],
                "y": pos[f][1],
            }
            for f in ids
        ],
        "roads": [list(r) for r in roads],
        "boats": boats,
        "eagle": {"x": ex, "y": ey},
    }
    validate(data)
    return data, energy


def dumps(data):
    """Pretty JSON with one point / road / fort per line."""
    out = ["{"]
    keys = list(data)
    for k in keys:
        v = data[k]
        last = k == keys[-1]
        comma = "" if last else ","
        if k == "coast":
            out.append('  "coast": [')
            for ri, ring in enumerate(v):
                out.append("    [")
                for pi, (x, y) in enumerate(ring):
                    sep = "," if pi < len(ring) - 1 else ""
                    out.append(f"      [{json.dumps(x)}, {json.dumps(y)}]{sep}")
                out.append("    ]" + ("," if ri < len(v) - 1 else ""))
            out.append("  ]" + comma)
        elif k in ("forts", "roads", "boats"):
            out.append(f'  "{k}": [')
            for i, item in enumerate(v):
                sep = "," if i < len(v) - 1 else ""
                out.append("    " + json.dumps(item, ensure_ascii=False) + sep)
            out.append("  ]" + comma)
        else:
            out.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
    out.append("}")
    text = "\n".join(out) + "\n"
    assert json.loads(text) == data
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the JSON files are not what this script makes")
    ap.add_argument("--iterations", type=int, default=ITERATIONS)
    ap.add_argument("--out", type=Path, default=MAP_DIR)
    args = ap.parse_args(argv)
    ok = True
    for m in MAPS:
        data, energy = build(m, args.iterations)
        text = dumps(data)
        path = args.out / f"{m['id']}.json"
        min_len, min_clear = stats(data)
        print(
            f"{m['id']}: {len(data['roads'])} roads, min length {min_len:.1f}, "
            f"min clearance {min_clear:.1f}, energy {energy:.0f}"
        )
        for f in data["forts"]:
            print(f"  {f['number']} {f['name']} ({f['modern']}) at {f['x']}, {f['y']}")
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path} is out of date", file=sys.stderr)
                ok = False
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
