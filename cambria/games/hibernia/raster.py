"""A raster of Hibernia's board for placing things: which county (or the sea, or the frame)
owns each 2-unit cell, and how far each cell is from the nearest cell of another owner (or one
taken by an arrow), so that "does this box or circle fit in that county" is a few lookups.

>>> from cambria.games.hibernia.mapdata import load_map
>>> m = load_map()
>>> r = Raster(m, list(m.regions))
>>> r.owner[r.at(10, 10)] == FRAME, r.owner[r.at(*m.centres["MEA"])] == list(m.regions).index("MEA")
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .mapdata import IrelandMap, Point, segment_distance

__all__ = ["CELL", "SEA", "FRAME", "Box", "Raster"]

CELL = 2.0
SEA = -1
FRAME = -2

Box = tuple[float, float, float, float]  # x1, y1, x2, y2


class Raster:
    """Cells of CELL units: owner (county index, SEA or FRAME) and distance to the nearest cell
    of another owner (in units, a chamfer approximation)."""

    def __init__(self, m: IrelandMap, ids: Sequence[str]) -> None:
        self.nx = int(math.ceil(m.width / CELL))
        self.ny = int(math.ceil(m.height / CELL))
        nx, ny = self.nx, self.ny
        inner = float(m.frame)
        owner = [SEA] * (nx * ny)
        for row in range(ny):
            for col in range(nx):
                x, y = (col + 0.5) * CELL, (row + 0.5) * CELL
                if x < inner or y < inner or x > m.width - inner or y > m.height - inner:
                    owner[row * nx + col] = FRAME
        for k, cid in enumerate(ids):
            poly = m.regions[cid]
            edges = list(zip(poly, poly[1:] + poly[:1], strict=True))
            for row in range(ny):
                yc = (row + 0.5) * CELL
                xs = sorted(ax + (yc - ay) * (bx - ax) / (by - ay)
                            for (ax, ay), (bx, by) in edges if (ay <= yc) != (by <= yc))
                for a, b in zip(xs[::2], xs[1::2], strict=True):
                    for col in range(max(0, math.ceil(a / CELL - 0.5)), min(nx - 1, math.floor(b / CELL - 0.5)) + 1):
                        owner[row * nx + col] = k
        self.owner = owner
        self.blocked = bytearray(nx * ny)
        self.dist = self._distances()

    def _distances(self) -> list[float]:
        """Chamfer distance from every cell to the nearest cell of another owner or blocked."""
        nx, ny, owner, blocked = self.nx, self.ny, self.owner, self.blocked
        big = 1e9
        d = [big] * (nx * ny)
        for idx in range(nx * ny):
            row, col = divmod(idx, nx)
            o = owner[idx]
            if blocked[idx]:
                d[idx] = 0.0
                continue
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r2, c2 = row + dr, col + dc
                if 0 <= r2 < ny and 0 <= c2 < nx and (owner[r2 * nx + c2] != o or blocked[r2 * nx + c2]):
                    d[idx] = 0.5 * CELL
                    break
        a, b = CELL, CELL * math.sqrt(2)
        fwd = ((-1, -1, b), (-1, 0, a), (-1, 1, b), (0, -1, a))
        for row in range(ny):
            for col in range(nx):
                idx = row * nx + col
                best = d[idx]
                for dr, dc, w in fwd:
                    r2, c2 = row + dr, col + dc
                    if 0 <= r2 < ny and 0 <= c2 < nx and d[r2 * nx + c2] + w < best:
                        best = d[r2 * nx + c2] + w
                d[idx] = best
        for row in range(ny - 1, -1, -1):
            for col in range(nx - 1, -1, -1):
                idx = row * nx + col
                best = d[idx]
                for dr, dc, w in fwd:
                    r2, c2 = row - dr, col - dc
                    if 0 <= r2 < ny and 0 <= c2 < nx and d[r2 * nx + c2] + w < best:
                        best = d[r2 * nx + c2] + w
                d[idx] = best
        return d

    def at(self, x: float, y: float) -> int:
        col, row = int(x / CELL), int(y / CELL)
        if 0 <= col < self.nx and 0 <= row < self.ny:
            return row * self.nx + col
        return -1

    def block_segments(self, segments: Sequence[tuple[Point, Point]], radius: float) -> None:
        """Mark the cells within ``radius`` of the segments as taken (labels keep clear of them)."""
        for a, b in segments:
            self._block(a, b, radius)
        self.dist = self._distances()

    def _block(self, a: Point, b: Point, radius: float) -> None:
        x1, x2 = min(a[0], b[0]) - radius, max(a[0], b[0]) + radius
        y1, y2 = min(a[1], b[1]) - radius, max(a[1], b[1]) + radius
        for row in range(max(0, int(y1 / CELL)), min(self.ny, int(y2 / CELL) + 1)):
            for col in range(max(0, int(x1 / CELL)), min(self.nx, int(x2 / CELL) + 1)):
                if segment_distance(((col + 0.5) * CELL, (row + 0.5) * CELL), a, b) <= radius:
                    self.blocked[row * self.nx + col] = 1

    def box_fits(self, box: Box, owner: int, margin: float) -> float:
        """The smallest clearance along the box's outline if it lies in ``owner``'s cells at
        least ``margin`` from any other owner and off blocked cells; -1 if it does not."""
        x1, y1, x2, y2 = box
        nx_, ny_ = max(1, int((x2 - x1) / 4)), max(1, int((y2 - y1) / 4))
        worst = math.inf
        pts = [(x1, y1), (x2, y2), (x1, y2), (x2, y1)]  # corners first: most misses end there
        pts += [(x1 + (x2 - x1) * k / nx_, y) for k in range(1, nx_) for y in (y1, y2)]
        pts += [(x, y1 + (y2 - y1) * k / ny_) for k in range(1, ny_) for x in (x1, x2)]
        owners, dists, blocked, nx, ny = self.owner, self.dist, self.blocked, self.nx, self.ny
        for x, y in pts:
            col, row = int(x / CELL), int(y / CELL)
            if not (0 <= col < nx and 0 <= row < ny):
                return -1.0
            idx = row * nx + col
            if owners[idx] != owner or blocked[idx]:
                return -1.0
            dist = dists[idx] - 1.0  # the point may lie anywhere in its cell
            if dist < margin:
                return -1.0
            if dist < worst:
                worst = dist
        return worst
