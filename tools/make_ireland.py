#!/usr/bin/env python3
"""Generate Hibernia's map of Ireland (cambria/games/hibernia/data/map.json).

Standard library only, no randomness: the same sources always give the same file.  The JSON
file is the committed source of truth; this script records how it was made and remakes it
exactly:

    python3 tools/make_ireland.py            # rewrite map.json
    python3 tools/make_ireland.py --check    # only verify that map.json is current

Inputs: ``tools/ireland_sources.json`` (an outline of Ireland as latitude/longitude points
written from general knowledge of the coast, the board's box, and per county a core disc, a
skeleton and an optional head start) and the board data (``cambria/games/hibernia/data/
board.json``: the counties and their borders).

What it does:
1. Projects the outline into the board's box (equirectangular, longitude scaled by the cosine
   of a reference latitude, y growing downwards) and rasterises the island on a grid of
   one-unit cells; inland pockets of sea are filled, stray islets and diagonal pinches removed.
2. Seeds every county with its core, a disc placed by hand near its real centre and large
   enough for its name and soldiers (the map is a gentle cartogram: small counties are drawn
   larger, large ones smaller, the coast stays true), plus its skeleton (lines through the
   centres of the real counties it is made of) where that keeps clear of the other cores.
3. Grows the twenty regions at once from their seeds: a cell goes to the region whose front
   reaches it first, walking over land only (an optional head start lets a region grow
   further).  Connected seeds and connected growth keep every region in one piece.
4. Repairs the grid: no two regions may meet at a single corner, and where two regions that
   are not neighbours on the board touch, the contact cells go to a third region that may
   border both.  Then it checks that the grid's neighbours are exactly the board's borders,
   each border at least MIN_BORDER units long, every region connected and without holes.
5. Traces the region outlines as chains between junctions (each border is one chain shared by
   its two regions, each stretch of coast one chain).  A stretch of coast becomes the piece of
   the source outline between its ends; a border is simplified (Douglas-Peucker, then corner
   cutting, ends fixed).  No two chains may cross, so the polygons keep the grid's topology.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "tools" / "ireland_sources.json"
DATA = ROOT / "cambria" / "games" / "hibernia" / "data"
BOARD = DATA / "board.json"
OUT = DATA / "map.json"

SEA = -1
UNSET = -2
MIN_BORDER = 14  # units: every border of the board is at least this long on the grid
BORDER_TOLERANCE = 1.8  # Douglas-Peucker tolerance for the borders between counties (units)
COAST_SMOOTHING = 2  # corner-cutting rounds
BORDER_SMOOTHING = 2
CORE_RADIUS = 36.0  # units: the disc every county is sure to get (room for its label)
CORE_SLACK = 10.0  # a core may reach this far into the sea

Point = tuple[float, float]


class MapBuildError(Exception):
    """The sources do not give a map with exactly the board's borders (the message says why)."""


# ------------------------------------------------------------------ projection and raster


def projection(coast: list[list], layout: dict) -> dict:
    """Scale and offsets that fit the outline, centred, into the layout's box."""
    c = math.cos(math.radians(layout["lat_ref"]))
    xs = [lon * c for _, lon, *_ in coast]
    ys = [-lat for lat, *_ in coast]
    bx0, by0, bx1, by1 = layout["box"]
    scale = min((bx1 - bx0) / (max(xs) - min(xs)), (by1 - by0) / (max(ys) - min(ys)))
    ox = bx0 + ((bx1 - bx0) - scale * (max(xs) - min(xs))) / 2 - scale * min(xs)
    oy = by0 + ((by1 - by0) - scale * (max(ys) - min(ys))) / 2 - scale * min(ys)
    return {"lat_ref": layout["lat_ref"], "scale": round(scale, 4), "x0": round(ox, 3), "y0": round(oy, 3)}


def project(proj: dict, lat: float, lon: float) -> Point:
    c = math.cos(math.radians(proj["lat_ref"]))
    return (proj["x0"] + proj["scale"] * lon * c, proj["y0"] - proj["scale"] * lat)


class Grid:
    """Cells of ``cell`` units; index i = row * nx + col.  A margin of sea cells surrounds the land."""

    def __init__(self, x0: float, y0: float, nx: int, ny: int, cell: float) -> None:
        self.x0, self.y0, self.nx, self.ny, self.cell = x0, y0, nx, ny, cell
        self.n = nx * ny
        self.n4 = (-nx, 1, nx, -1)  # up, right, down, left

    def cell_of(self, x: float, y: float) -> int:
        return int((y - self.y0) / self.cell) * self.nx + int((x - self.x0) / self.cell)

    def centre(self, i: int) -> Point:
        return (self.x0 + (i % self.nx + 0.5) * self.cell, self.y0 + (i // self.nx + 0.5) * self.cell)


def rasterise(poly: list[Point], g: Grid) -> bytearray:
    """1 for every cell whose centre lies inside the polygon (even-odd rule)."""
    land = bytearray(g.n)
    edges = list(zip(poly, poly[1:] + poly[:1], strict=True))
    for row in range(g.ny):
        yc = g.y0 + (row + 0.5) * g.cell
        xs = sorted(ax + (yc - ay) * (bx - ax) / (by - ay)
                    for (ax, ay), (bx, by) in edges if (ay <= yc) != (by <= yc))
        for a, b in zip(xs[::2], xs[1::2], strict=True):
            c0 = max(0, math.ceil((a - g.x0) / g.cell - 0.5))
            c1 = min(g.nx - 1, math.floor((b - g.x0) / g.cell - 0.5))
            for col in range(c0, c1 + 1):
                land[row * g.nx + col] = 1
    return land


def components(g: Grid, member: list[bool] | bytearray) -> list[list[int]]:
    """4-connected components of the member cells, largest first (ties by first cell)."""
    seen = bytearray(g.n)
    comps = []
    for s in range(g.n):
        if member[s] and not seen[s]:
            seen[s] = 1
            comp, stack = [], [s]
            while stack:
                i = stack.pop()
                comp.append(i)
                for d in g.n4:
                    j = i + d
                    if 0 <= j < g.n and member[j] and not seen[j]:
                        seen[j] = 1
                        stack.append(j)
            comps.append(comp)
    comps.sort(key=lambda c: (-len(c), min(c)))
    return comps


def clean_land(g: Grid, land: bytearray) -> bytearray:
    """One 4-connected island without inland sea and without diagonal pinches of land and sea."""
    while True:
        # sea reachable from the grid's edge; everything else is land
        outside = bytearray(g.n)
        stack = [i for i in range(g.nx)]
        for i in stack:
            outside[i] = 1
        while stack:
            i = stack.pop()
            for d in g.n4:
                j = i + d
                if 0 <= j < g.n and not land[j] and not outside[j] and not (d in (1, -1) and j // g.nx != i // g.nx):
                    outside[j] = 1
                    stack.append(j)
        land = bytearray(0 if outside[i] else 1 for i in range(g.n))
        keep = components(g, land)[0]
        land = bytearray(g.n)
        for i in keep:
            land[i] = 1
        # a diagonal pinch (land on one diagonal of a 2x2 block, sea on the other): fill it
        changed = False
        for row in range(g.ny - 1):
            for col in range(g.nx - 1):
                i = row * g.nx + col
                a, b, c, d = land[i], land[i + 1], land[i + g.nx], land[i + g.nx + 1]
                if a == d and b == c and a != b:
                    land[i] = land[i + 1] = land[i + g.nx] = land[i + g.nx + 1] = 1
                    changed = True
        if not changed:
            return land


# ------------------------------------------------------------------ growing the regions


def sea_distance(g: Grid, land: bytearray) -> list[float]:
    """For every cell, about how far it is from the sea (chamfer distance; 0 at sea)."""
    d = [0.0 if not land[i] else math.inf for i in range(g.n)]
    a, b = g.cell, g.cell * math.sqrt(2)
    fwd = ((-g.nx - 1, b), (-g.nx, a), (-g.nx + 1, b), (-1, a))
    for i in range(g.nx + 1, g.n):
        if land[i]:
            d[i] = min(d[i], *(d[i + o] + w for o, w in fwd))
    for i in range(g.n - g.nx - 2, -1, -1):
        if land[i]:
            d[i] = min(d[i], *(d[i - o] + w for o, w in fwd))
    return d


def read_cores(g: Grid, depth: list[float], proj: dict, board: dict, sources: dict) -> dict[str, tuple[float, float, float]]:
    """Each county's core: a disc (``core.at`` latitude/longitude, ``core.r`` units) that the
    county is sure to get: room for its name and soldiers.  The discs are placed by hand near
    the counties' real centres, spread enough that every county has that room: the map is a
    gentle cartogram (small counties grow, large ones shrink) with the real coast."""
    cores = {}
    for c in board["counties"]:
        core = sources["regions"][c["id"]].get("core", {})
        lat, lon = core.get("at", (c["lat"], c["lon"]))
        x, y = project(proj, lat, lon)
        r = float(core.get("r", CORE_RADIUS))
        i = g.cell_of(x, y)
        if not (0 <= i < g.n) or depth[i] < r - CORE_SLACK:
            raise MapBuildError(f"the core of {c['id']} reaches too far into the sea")
        cores[c["id"]] = (round(x, 1), round(y, 1), r)
    return cores


def line_cells(g: Grid, pts: list[Point]) -> list[int]:
    """The cells under a polyline, 4-connected."""
    cells: list[int] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        steps = max(1, int(math.hypot(bx - ax, by - ay) / (0.25 * g.cell)))
        prev = None
        for k in range(steps + 1):
            i = g.cell_of(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
            if prev is not None and prev // g.nx != i // g.nx and prev % g.nx != i % g.nx:
                cells.append(i // g.nx * g.nx + prev % g.nx)  # keep the line 4-connected
            cells.append(i)
            prev = i
    if len(pts) == 1:
        cells.append(g.cell_of(*pts[0]))
    return cells


def seed_cells(g: Grid, land: bytearray, proj: dict, cores: dict[str, tuple[float, float, float]],
               skeletons: dict[str, list[list[list[float]]]]) -> dict[str, list[int]]:
    """Each county's seed: its core disc, and its skeleton lines (through the centres of the real
    counties it is made of, joined to the core) where they keep clear of the other cores; only
    the part connected to the core is kept, so that every seed is one piece."""
    owner: dict[int, str] = {}
    for cid, (cx, cy, r) in cores.items():
        for row in range(int((cy - r - g.y0) / g.cell), int((cy + r - g.y0) / g.cell) + 1):
            for col in range(int((cx - r - g.x0) / g.cell), int((cx + r - g.x0) / g.cell) + 1):
                i = row * g.nx + col
                x, y = g.centre(i)
                if land[i] and (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    if i in owner:
                        raise MapBuildError(f"the cores of {owner[i]} and {cid} overlap")
                    owner[i] = cid
    seeds: dict[str, set[int]] = {cid: {i for i, o in owner.items() if o == cid} for cid in cores}
    for cid, lines in skeletons.items():
        cx, cy, _ = cores[cid]
        extra: set[int] = set()
        for line in lines:
            pts = [project(proj, lat, lon) for lat, lon in line]
            near = min(pts, key=lambda p: math.dist(p, (cx, cy)))
            for i in line_cells(g, pts) + line_cells(g, [(cx, cy), near]):
                x, y = g.centre(i)
                if land[i] and i not in owner and all(
                        math.dist((x, y), (ox, oy)) > orad + 4 for o, (ox, oy, orad) in cores.items() if o != cid):
                    extra.add(i)
        # keep what is joined to the core
        member = seeds[cid] | extra
        stack = list(seeds[cid])
        joined = set(stack)
        while stack:
            i = stack.pop()
            for d in g.n4:
                j = i + d
                if j in member and j not in joined:
                    joined.add(j)
                    stack.append(j)
        seeds[cid] = joined
        for i in joined:
            owner[i] = cid
    return {cid: sorted(cells) for cid, cells in seeds.items()}


def grow(g: Grid, land: bytearray, seeds: dict[int, list[int]], head: dict[int, float]) -> list[int]:
    """Label every land cell with the region whose front reaches it first.  All fronts move at
    the same speed over land (8-neighbour steps, each costing the cell's cost; a diagonal step
    needs both side cells on land), each region starting ``head`` units early."""
    cost = [1.0] * g.n
    lab = [UNSET if land[i] else SEA for i in range(g.n)]
    dist = [math.inf] * g.n
    heap: list[tuple[float, int, int]] = []
    for r, cells in seeds.items():
        for i in cells:
            if lab[i] != UNSET:
                raise MapBuildError(f"two skeletons cross at cell {i}")
            lab[i] = r  # a region's skeleton is its own, whenever its front starts
            dist[i] = -head[r]
            heap.append((-head[r], i, r))
    heapq.heapify(heap)
    done = bytearray(g.n)
    nx = g.nx
    steps = [(-nx, 1.0, ()), (1, 1.0, ()), (nx, 1.0, ()), (-1, 1.0, ()),
             (-nx - 1, math.sqrt(2), (-nx, -1)), (-nx + 1, math.sqrt(2), (-nx, 1)),
             (nx - 1, math.sqrt(2), (nx, -1)), (nx + 1, math.sqrt(2), (nx, 1))]
    while heap:
        t, i, r = heapq.heappop(heap)
        if done[i] or lab[i] not in (UNSET, r):
            continue
        lab[i] = r
        done[i] = 1
        for d, w, sides in steps:
            j = i + d
            if lab[j] != UNSET or any(not land[i + s] for s in sides):
                continue
            nt = t + w * cost[j]
            if nt < dist[j]:
                dist[j] = nt
                heapq.heappush(heap, (nt, j, r))
    if UNSET in lab:
        raise MapBuildError("some land was reached by no region")
    return lab


def block_ok(a: int, b: int, c: int, d: int) -> bool:
    """A 2x2 block (a b / c d) is fine unless two labels meet only at its centre point."""
    labels = {a, b, c, d}
    if len(labels) <= 1:
        return True
    if len(labels) == 4:
        return False
    if len(labels) == 2:
        return not (a == d and b == c)
    # three labels: the repeated one must fill two cells that share an edge
    return not (a == d or b == c)


def blocks_of(g: Grid, i: int) -> list[int]:
    """Top-left cells of the four 2x2 blocks that contain cell i."""
    return [i, i - 1, i - g.nx, i - g.nx - 1]


def block_at(lab: list[int], g: Grid, t: int) -> tuple[int, int, int, int]:
    return lab[t], lab[t + 1], lab[t + g.nx], lab[t + g.nx + 1]


def stays_connected(lab: list[int], g: Grid, i: int) -> bool:
    """Removing cell i keeps its region locally connected: its same-label 4-neighbours are
    joined through the ring of its eight neighbours (a sufficient test)."""
    r = lab[i]
    nx = g.nx
    ring = [i - nx - 1, i - nx, i - nx + 1, i + 1, i + nx + 1, i + nx, i + nx - 1, i - 1]
    inside = [lab[j] == r for j in ring]
    if not any(inside[k] for k in (1, 3, 5, 7)):
        return False  # the region would lose its last cell here, or the cell is alone
    # count runs of region cells around the ring that contain an edge neighbour
    runs = 0
    for k in range(8):
        if inside[k] and not inside[k - 1]:
            run_has_edge = False
            m = k
            while inside[m % 8]:
                if m % 2 == 1:
                    run_has_edge = True
                m += 1
                if m - k >= 8:
                    break
            runs += run_has_edge
    if all(inside):
        return True
    return runs == 1


def repair(g: Grid, lab: list[int], allowed: set[frozenset[int]]) -> None:
    """Remove single-point contacts and contacts between regions that are not neighbours."""
    for _round in range(200):
        changed = False
        # contacts between regions that may not touch: give the cell to a third region
        for i in range(g.n):
            r = lab[i]
            if r < 0:
                continue
            bad = [lab[i + d] for d in g.n4 if lab[i + d] >= 0 and lab[i + d] != r
                   and frozenset((r, lab[i + d])) not in allowed]
            if not bad:
                continue
            options = sorted({lab[i + d] for d in (*g.n4, -g.nx - 1, -g.nx + 1, g.nx - 1, g.nx + 1)
                              if lab[i + d] >= 0 and lab[i + d] != r})
            for s in options:
                touching = {lab[i + d] for d in g.n4 if lab[i + d] >= 0} - {s}
                if all(frozenset((s, t)) in allowed for t in touching) and stays_connected(lab, g, i):
                    lab[i] = s
                    changed = True
                    break
        # single-point contacts
        for row in range(g.ny - 1):
            for col in range(g.nx - 1):
                t = row * g.nx + col
                if block_ok(*block_at(lab, g, t)):
                    continue
                for i in (t, t + 1, t + g.nx, t + g.nx + 1):
                    if lab[i] < 0:
                        continue
                    for s in sorted({lab[i + d] for d in g.n4 if lab[i + d] >= 0 and lab[i + d] != lab[i]}):
                        if not stays_connected(lab, g, i):
                            continue
                        if any(lab[i + d] >= 0 and lab[i + d] != s and frozenset((s, lab[i + d])) not in allowed
                               for d in g.n4):
                            continue
                        old, lab[i] = lab[i], s
                        if all(block_ok(*block_at(lab, g, b)) for b in blocks_of(g, i)):
                            changed = True
                            break
                        lab[i] = old
                    if block_ok(*block_at(lab, g, t)):
                        break
        if not changed:
            return
    raise MapBuildError("the repair of the grid does not settle")


def trim_coast_slivers(g: Grid, lab: list[int], allowed: set[frozenset[int]]) -> None:
    """A region that reaches the sea along only a cell edge or two there gives those cells to a
    neighbour (such a sliver of coast would be invisible, and its ends would crowd together)."""
    for _round in range(50):
        changed = False
        coastal = [i for i in range(g.n) if lab[i] >= 0 and any(lab[i + d] == SEA for d in g.n4)]
        seen: set[int] = set()
        for start in coastal:
            if start in seen:
                continue
            r = lab[start]
            group, stack = [start], [start]
            seen.add(start)
            while stack:  # the coastal cells of this region next to each other (8 ways)
                i = stack.pop()
                for d in (*g.n4, -g.nx - 1, -g.nx + 1, g.nx - 1, g.nx + 1):
                    j = i + d
                    if j not in seen and lab[j] == r and any(lab[j + e] == SEA for e in g.n4):
                        seen.add(j)
                        group.append(j)
                        stack.append(j)
            if sum(1 for i in group for d in g.n4 if lab[i + d] == SEA) >= 3:
                continue
            for i in group:
                options = sorted({lab[i + d] for d in g.n4 if lab[i + d] >= 0 and lab[i + d] != r})
                for t in options:
                    touching = {lab[i + d] for d in g.n4 if lab[i + d] >= 0} - {t}
                    if all(frozenset((t, u)) in allowed for u in touching) and stays_connected(lab, g, i):
                        lab[i] = t
                        changed = True
                        break
        if not changed:
            return


def contacts(g: Grid, lab: list[int]) -> dict[frozenset[int], int]:
    """Length (in cell edges) of the border between every pair of regions that touch."""
    out: dict[frozenset[int], int] = {}
    for i in range(g.n):
        a = lab[i]
        if a < 0:
            continue
        for d in (1, g.nx):
            b = lab[i + d]
            if b >= 0 and b != a:
                key = frozenset((a, b))
                out[key] = out.get(key, 0) + 1
    return out


# ------------------------------------------------------------------ tracing and simplifying


def trace(g: Grid, lab: list[int], nregions: int) -> tuple[dict[int, list[tuple[int, ...]]], list[tuple[int, ...]]]:
    """Each region's outline as a cycle of chains (vertex tuples, the region on the right going
    along), and the coast as a cycle of chains.  A vertex is (row * (nx + 1) + col)."""
    nx = g.nx
    vx = nx + 1

    def edges_of(inside) -> dict[int, tuple[int, int]]:
        nxt: dict[int, tuple[int, int]] = {}
        for i in range(g.n):
            if not inside(lab[i]):
                continue
            row, col = divmod(i, nx)
            v = row * vx + col  # top-left corner
            sides = ((i - nx, v, v + 1), (i + 1, v + 1, v + vx + 1), (i + nx, v + vx + 1, v + vx), (i - 1, v + vx, v))
            for j, a, b in sides:
                if not inside(lab[j]):
                    if a in nxt:
                        raise MapBuildError(f"two outline edges leave vertex {a}")
                    # the label across the edge, and the label on this side (for coast chains)
                    nxt[a] = (b, lab[j] * 1000 + lab[i] if lab[i] >= 0 else lab[j])
        return nxt

    def loops(nxt: dict[int, tuple[int, int]]) -> list[list[tuple[int, int]]]:
        out, seen = [], set()
        for start in sorted(nxt):
            if start in seen:
                continue
            loop, v = [], start
            while v not in seen:
                seen.add(v)
                w, key = nxt[v]
                loop.append((v, key))
                v = w
            if v != start:
                raise MapBuildError("an outline does not close")
            out.append(loop)
        return out

    def split(loop: list[tuple[int, int]]) -> list[tuple[int, ...]]:
        n = len(loop)
        cuts = [k for k in range(n) if loop[k][1] != loop[k - 1][1]]
        if not cuts:
            k0 = min(range(n), key=lambda k: loop[k][0])
            cuts = [k0]
        chains = []
        for a, b in zip(cuts, cuts[1:] + [cuts[0] + n], strict=True):
            chains.append(tuple(loop[k % n][0] for k in range(a, b + 1)))
        return chains

    regions: dict[int, list[tuple[int, ...]]] = {}
    for r in range(nregions):
        ls = loops(edges_of(lambda x, r=r: x == r))
        if len(ls) != 1:
            raise MapBuildError(f"region {r} has {len(ls)} outlines (a hole or a second piece)")
        regions[r] = split(ls[0])
    coast_loops = loops(edges_of(lambda x: x >= 0))
    if len(coast_loops) != 1:
        raise MapBuildError("the island has more than one outline")
    # split the coast where the region behind it changes: the key there is the land label
    coast = split([(v, key) for v, key in coast_loops[0]])
    return regions, coast


def vertex_point(g: Grid, v: int) -> Point:
    row, col = divmod(v, g.nx + 1)
    return (g.x0 + col * g.cell, g.y0 + row * g.cell)


def douglas_peucker(pts: list[Point], tol: float) -> list[Point]:
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = pts[a], pts[b]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        best, worst = -1.0, -1
        for k in range(a + 1, b):
            px, py = pts[k]
            if length == 0:
                dist = math.hypot(px - ax, py - ay)
            else:
                dist = abs(dx * (py - ay) - dy * (px - ax)) / length
            if dist > best:
                best, worst = dist, k
        if worst >= 0 and best > tol:
            keep[worst] = True
            stack.append((a, worst))
            stack.append((worst, b))
    return [p for p, k in zip(pts, keep, strict=True) if k]


def chaikin(pts: list[Point], rounds: int) -> list[Point]:
    """Corner cutting with the two ends fixed."""
    for _ in range(rounds):
        if len(pts) < 3:
            return pts
        out = [pts[0]]
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            out.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            out.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        out[1] = pts[0]
        out[-1] = pts[-1]
        pts = [out[0]] + out[2:]
    return pts


def signed_area(pts: list[Point]) -> float:
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True)) / 2


def coast_pieces(g: Grid, coast_chains: list[tuple[int, ...]],
                 outline: list[Point]) -> tuple[dict[tuple[int, ...], list[Point]], dict[int, Point]]:
    """Each traced stretch of coast replaced by the piece of the source outline between its two
    ends (each end moved onto the outline), so that the drawn coast is the outline itself; and
    where each end (a vertex where a border meets the sea) has moved to."""
    if (signed_area(outline) > 0) != (signed_area([vertex_point(g, v) for c in coast_chains for v in c[:-1]]) > 0):
        outline = outline[::-1]
    n = len(outline)
    seglen = [math.dist(outline[k], outline[(k + 1) % n]) for k in range(n)]
    start = [0.0]
    for k in range(n - 1):
        start.append(start[-1] + seglen[k])
    total = start[-1] + seglen[-1]

    def nearest(p: Point, lo: float, hi: float, snap: bool = True) -> tuple[float, Point]:
        """The point of the outline nearest to p, among those lo..hi units of arc on (with
        ``snap``, a point within 1.5 units of a corner of the outline is that corner)."""
        best: tuple[float, float, Point] | None = None
        for k in range(n):
            (ax, ay), (bx, by) = outline[k], outline[(k + 1) % n]
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
            if snap and t * seglen[k] < 1.5:  # near a corner of the outline: take the corner itself
                t = 0.0
            elif snap and (1 - t) * seglen[k] < 1.5:
                t = 1.0
            q = (ax + t * dx, ay + t * dy)
            pos = start[k] + t * seglen[k]
            if not lo <= pos % total <= hi and not lo <= pos % total + total <= hi:
                continue
            d = math.dist(p, q)
            if best is None or d < best[0]:
                best = (d, pos, q)
        if best is None or best[0] > 4.0:
            raise MapBuildError(f"the traced coast at {p} is away from the outline")
        return best[1], best[2]

    # follow the traced coast vertex by vertex, each matched to the nearest point of the
    # outline a little further on, so that the two shores of a narrow inlet are never confused
    loop = [v for c in coast_chains for v in c[:-1]]
    at, _ = nearest(vertex_point(g, loop[0]), 0.0, total)
    positions: list[tuple[float, Point]] = []
    node_index = 0
    for v in loop:
        p = vertex_point(g, v)
        if node_index < len(coast_chains) and v == coast_chains[node_index][0]:
            found = nearest(p, at - 3.0, at + 40.0)
            if positions and (found[0] - positions[-1][0]) % total < 0.5:  # two ends on one corner
                found = nearest(p, at - 3.0, at + 40.0, snap=False)
            if positions and (found[0] - positions[-1][0]) % total < 0.5:
                raise MapBuildError(f"two borders meet the coast at {p}")
            positions.append(found)
            at = found[0]
            node_index += 1
        else:
            pos = nearest(p, at - 3.0, at + 40.0)[0]
            if 0 < (pos - at) % total < 40.0:
                at = pos
    pieces = {}
    for k, chain in enumerate(coast_chains):
        (pa, qa), (pb, qb) = positions[k], positions[(k + 1) % len(positions)]
        span = (pb - pa) % total
        inner = sorted(((start[j] - pa) % total, j) for j in range(n) if 0 < (start[j] - pa) % total < span)
        pts = [qa] + [outline[j] for _, j in inner] + [qb]
        if sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)) < 1.0:
            raise MapBuildError(f"a county reaches the sea at {qa} along less than 1 unit")
        pieces[canonical(chain)] = pts if canonical(chain) == chain else pts[::-1]
    moved = {chain[0]: positions[k][1] for k, chain in enumerate(coast_chains)}
    return pieces, moved


def canonical(chain: tuple[int, ...]) -> tuple[int, ...]:
    rev = chain[::-1]
    return chain if chain <= rev else rev


def inside(p: Point, poly: list[Point]) -> bool:
    x, y = p
    result = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


def near_outline(p: Point, poly: list[Point], limit: float) -> bool:
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
        if math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy) < limit:
            return True
    return False


def simplify_chain(g: Grid, chain: tuple[int, ...], factor: float, moved: dict[int, Point],
                   outline: list[Point]) -> list[Point]:
    """A border between two counties: Douglas-Peucker, then corner cutting, ends fixed.  An end
    on the coast is moved onto the outline, and the points next to it that lie off the land
    or hard by the outline (where the grid missed a sliver of an inlet) are dropped."""
    pts = [vertex_point(g, v) for v in chain]
    for end in (0, -1):
        if chain[end] in moved:
            keep = pts[::-1] if end == -1 else pts
            while len(keep) > 2 and (not inside(keep[1], outline) or near_outline(keep[1], outline, 1.5)):
                keep.pop(1)
            keep[0] = moved[chain[end]]
            pts = keep[::-1] if end == -1 else keep
    tol = BORDER_TOLERANCE * factor
    if pts[0] == pts[-1]:  # a closed chain: two halves, so that both ends stay put
        half = len(pts) // 2
        a = chaikin(douglas_peucker(pts[:half + 1], tol), BORDER_SMOOTHING)
        b = chaikin(douglas_peucker(pts[half:], tol), BORDER_SMOOTHING)
        out = a + b[1:]
    else:
        out = chaikin(douglas_peucker(pts, tol), BORDER_SMOOTHING)
    return [(round(x, 1), round(y, 1)) for x, y in out]


def segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Closed segments pq and rs share a point."""
    def orient(a: Point, b: Point, c: Point) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 1e-9) - (v < -1e-9)

    def on(a: Point, b: Point, c: Point) -> bool:
        return min(a[0], c[0]) <= b[0] <= max(a[0], c[0]) and min(a[1], c[1]) <= b[1] <= max(a[1], c[1])

    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and on(p, r, q)) or (o2 == 0 and on(p, s, q))
            or (o3 == 0 and on(r, p, s)) or (o4 == 0 and on(r, q, s)))


def crossing_chains(chains: dict[tuple[int, ...], list[Point]]) -> set[tuple[int, ...]]:
    """Chains that touch another chain (or themselves) anywhere but at shared end points."""
    bucket = 8.0
    grid: dict[tuple[int, int], list[tuple[tuple[int, ...], int]]] = {}
    for key, pts in chains.items():
        for k in range(len(pts) - 1):
            (ax, ay), (bx, by) = pts[k], pts[k + 1]
            for cx in range(int(min(ax, bx) // bucket), int(max(ax, bx) // bucket) + 1):
                for cy in range(int(min(ay, by) // bucket), int(max(ay, by) // bucket) + 1):
                    grid.setdefault((cx, cy), []).append((key, k))
    bad: set[tuple[int, ...]] = set()
    for items in grid.values():
        for a in range(len(items)):
            ka, ia = items[a]
            pa = chains[ka]
            for b in range(a):
                kb, ib = items[b]
                pb = chains[kb]
                if ka == kb and abs(ia - ib) <= 1:
                    continue  # neighbouring segments of one chain share their joint
                p, q, r, s = pa[ia], pa[ia + 1], pb[ib], pb[ib + 1]
                if not segments_cross(p, q, r, s):
                    continue
                shared = {p, q} & {r, s}
                ends_a = {pa[0], pa[-1]}
                ends_b = {pb[0], pb[-1]}
                if ka != kb and shared and shared <= ends_a & ends_b:
                    # chains meeting at a common end point: fine unless they also overlap
                    if not _overlap(p, q, r, s):
                        continue
                if ka == kb and pa[0] == pa[-1] and {ia, ib} == {0, len(pa) - 2} and not _overlap(p, q, r, s):
                    continue  # a closed chain's first and last segments meet at its joint
                bad.add(ka)
                bad.add(kb)
    return bad


def polygons_meet(p: list[Point], q: list[Point], gap: float) -> bool:
    """Two outlines come within ``gap`` of each other."""
    if (min(x for x, _ in p) > max(x for x, _ in q) + gap or min(x for x, _ in q) > max(x for x, _ in p) + gap
            or min(y for _, y in p) > max(y for _, y in q) + gap or min(y for _, y in q) > max(y for _, y in p) + gap):
        return False
    for u, v in ((p, q), (q, p)):
        edges = list(zip(v, v[1:] + v[:1], strict=True))
        for pt in u:
            for (ax, ay), (bx, by) in edges:
                dx, dy = bx - ax, by - ay
                length2 = dx * dx + dy * dy
                t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((pt[0] - ax) * dx + (pt[1] - ay) * dy) / length2))
                if math.hypot(pt[0] - ax - t * dx, pt[1] - ay - t * dy) < gap:
                    return True
    return False


def _overlap(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Two segments that share an end point also overlap along a stretch (are collinear and
    point the same way from the shared point)."""
    for a, b in ((p, q), (q, p)):
        for c, d in ((r, s), (s, r)):
            if a == c:
                v1 = (b[0] - a[0], b[1] - a[1])
                v2 = (d[0] - c[0], d[1] - c[1])
                cross = v1[0] * v2[1] - v1[1] * v2[0]
                dot = v1[0] * v2[0] + v1[1] * v2[1]
                return abs(cross) < 1e-9 and dot > 0
    return False


# ------------------------------------------------------------------ the whole build


def build(sources: dict, board: dict, verbose: bool = False) -> dict:
    layout = sources["layout"]
    proj = projection(sources["coast"], layout)
    coast = [project(proj, lat, lon) for lat, lon, *_ in sources["coast"]]
    cell = layout["cell"]
    xs = [x for x, _ in coast]
    ys = [y for _, y in coast]
    x0, y0 = math.floor(min(xs)) - 3 * cell, math.floor(min(ys)) - 3 * cell
    g = Grid(x0, y0, int((max(xs) - x0) / cell) + 4, int((max(ys) - y0) / cell) + 4, cell)
    land = clean_land(g, rasterise(coast, g))

    ids = [c["id"] for c in board["counties"]]
    index = {cid: k for k, cid in enumerate(ids)}
    if set(sources["regions"]) != set(ids):
        raise MapBuildError(f"the sources' regions {sorted(sources['regions'])} are not the board's counties")
    allowed = {frozenset((index[a], index[b])) for a, b in board["borders"]}
    cores = read_cores(g, sea_distance(g, land), proj, board, sources)
    by_id = seed_cells(g, land, proj, cores, {cid: sources["regions"][cid].get("skeleton", []) for cid in ids})
    seeds = {index[cid]: by_id[cid] for cid in ids}
    for cid in ids:
        if not seeds[index[cid]]:
            raise MapBuildError(f"{cid}: its core lies in the sea")
    head = {index[cid]: float(sources["regions"][cid].get("head", 0.0)) for cid in ids}
    lab = grow(g, land, seeds, head)
    repair(g, lab, allowed)
    trim_coast_slivers(g, lab, allowed)
    repair(g, lab, allowed)

    # the grid's neighbours must be exactly the board's borders
    touch = contacts(g, lab)
    got = set(touch)
    problems = []
    for pair in sorted(got - allowed, key=sorted):
        a, b = sorted(pair)
        problems.append(f"{ids[a]}-{ids[b]} touch ({touch[pair]} units) but are no border")
    for pair in sorted(allowed - got, key=sorted):
        a, b = sorted(pair)
        problems.append(f"{ids[a]}-{ids[b]} are a border but do not touch")
    for pair in sorted(allowed & got, key=sorted):
        if touch[pair] < MIN_BORDER:
            a, b = sorted(pair)
            problems.append(f"{ids[a]}-{ids[b]} share only {touch[pair]} units")
    for r, cid in enumerate(ids):
        comps = components(g, [x == r for x in lab])
        if len(comps) != 1:
            problems.append(f"{cid} is in {len(comps)} pieces")
    if verbose:
        for r, cid in enumerate(ids):
            area = sum(1 for x in lab if x == r) * cell * cell
            print(f"  {cid}: area {area:.0f}")
        for pair in sorted(allowed & got, key=lambda p: touch[p]):
            a, b = sorted(pair)
            print(f"  border {ids[a]}-{ids[b]}: {touch[pair]}")
    if problems:
        raise MapBuildError("; ".join(problems))

    region_chains, coast_chains = trace(g, lab, len(ids))
    keys = sorted({canonical(c) for cs in region_chains.values() for c in cs})
    pieces, moved = coast_pieces(g, coast_chains, coast)
    factor = {c: 1.0 for c in keys}
    rounds = {c: COAST_SMOOTHING for c in pieces}
    for _attempt in range(8):
        simple = {c: [(round(x, 1), round(y, 1)) for x, y in chaikin(pieces[c], rounds[c])] if c in pieces
                  else simplify_chain(g, c, factor[c], moved, coast) for c in keys}
        bad = crossing_chains(simple)
        if not bad:
            break
        for c in bad:
            if c in pieces:
                rounds[c] = max(0, rounds[c] - 1)
            else:
                factor[c] *= 0.5
    else:
        raise MapBuildError("simplified chains still cross")
    number = {c: k + 1 for k, c in enumerate(keys)}
    polygons = {r: [p for c in region_chains[r] for p in (simple[canonical(c)] if canonical(c) == c
                                                          else simple[canonical(c)][::-1])[:-1]]
                for r in range(len(ids))}
    for a in range(len(ids)):
        for b in range(a + 1, len(ids)):
            if frozenset((a, b)) not in allowed and polygons_meet(polygons[a], polygons[b], 0.5):
                raise MapBuildError(f"{ids[a]} and {ids[b]} come closer than 0.5 units but are no border")

    def refs(chains: list[tuple[int, ...]]) -> list[int]:
        return [number[c] if canonical(c) == c else -number[canonical(c)] for c in chains]

    centres = {cid: [x, y] for cid, (x, y, _) in cores.items()}
    return {
        "format": "hibernia-map",
        "version": 1,
        "about": ("Made by tools/make_ireland.py from tools/ireland_sources.json. Units are the board's. "
                  "chains: polylines as flat x,y lists; a region or the coast is a cycle of chains, "
                  "chain k+1 forwards or -(k+1) backwards; centres: board.json's lat/lon projected."),
        "width": layout["width"],
        "height": layout["height"],
        "frame": layout["frame"],
        "projection": proj,
        "coast": refs(coast_chains),
        "regions": {cid: refs(region_chains[index[cid]]) for cid in ids},
        "centres": centres,
        "chains": [[v for x, y in simple[c] for v in (x, y)] for c in keys],
    }


def dumps(data: dict) -> str:
    """Compact JSON with one region and one chain per line."""
    out = ["{"]
    keys = list(data)
    for k in keys:
        comma = "" if k == keys[-1] else ","
        v = data[k]
        if k in ("regions", "chains"):
            items = [f"{json.dumps(r)}: {json.dumps(v[r], separators=(',', ':'))}" for r in v] if k == "regions" \
                else [json.dumps(c, separators=(",", ":")) for c in v]
            out.append(f'"{k}": ' + ("{" if k == "regions" else "["))
            out.append(",\n".join(items))
            out.append(("}" if k == "regions" else "]") + comma)
        else:
            out.append(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}{comma}")
    out.append("}")
    text = "\n".join(out) + "\n"
    assert json.loads(text) == data
    return text


def make(verbose: bool = False) -> str:
    sources = json.loads(SOURCES.read_text(encoding="utf-8"))
    board = json.loads(BOARD.read_text(encoding="utf-8"))
    return dumps(build(sources, board, verbose))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if map.json is not what this script makes")
    ap.add_argument("-v", "--verbose", action="store_true", help="print areas and border lengths")
    args = ap.parse_args(argv)
    try:
        text = make(args.verbose)
    except MapBuildError as exc:
        print(f"make_ireland: {exc}", file=sys.stderr)
        return 1
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date", file=sys.stderr)
            return 1
        print(f"{OUT} is current")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
