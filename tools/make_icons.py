#!/usr/bin/env python3
"""Draw the app icons into web/icons/ (standard library only, reproducible byte for byte).

    python3 tools/make_icons.py           write them
    python3 tools/make_icons.py --check   exit 1 if the files in web/icons/ differ from a fresh drawing

The motif is the page's favicon: a cream mountain with a red warrior on the dark blue of the
theme colour.  ``icon-*.png`` have rounded corners (purpose "any"); ``maskable-*.png`` fill the
square and keep the motif inside the central safe circle (radius 40%), as Android masks crop.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "web" / "icons"

BLUE = (0x24, 0x48, 0x5F)
CREAM = (0xF3, 0xE7, 0xC4)
RED = (0xB5, 0x38, 0x2F)
SHADE = (0x1A, 0x36, 0x48)

# (file name, size, maskable)
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-192.png", 192, True),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),  # iOS rounds the corners itself
)

# The favicon's geometry, in a 32-unit square.
TRIANGLE = ((6.0, 24.0), (16.0, 7.0), (26.0, 24.0))
CIRCLE = ((16.0, 18.0), 3.2)
GROUND = (4.5, 24.0, 27.5, 25.6)  # x0, y0, x1, y1: a strip under the mountain


def _edge_distances(poly):
    """For a convex polygon: a function giving the signed distance of a point to it (negative
    inside), exact enough for anti-aliasing."""
    edges = []
    n = len(poly)
    mx = sum(x for x, _ in poly) / n
    my = sum(y for _, y in poly) / n
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        nx, ny = y2 - y1, x1 - x2
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        c = nx * x1 + ny * y1
        if nx * mx + ny * my - c > 0:  # make the normal point outwards
            nx, ny, c = -nx, -ny, -c
        edges.append((nx, ny, c))

    def distance(x, y):
        return max(nx * x + ny * y - c for nx, ny, c in edges)

    return distance


def _coverage(d: float) -> float:
    return 0.0 if d >= 0.5 else 1.0 if d <= -0.5 else 0.5 - d


def draw(size: int, maskable: bool) -> bytes:
    """RGBA rows of one icon."""
    scale_motif = 0.78 if maskable else 0.95  # motif units -> fraction of the square
    unit = size * scale_motif / 32.0
    off = (size - 32.0 * unit) / 2.0

    def to_px(x, y):
        return off + x * unit, off + y * unit

    tri = [to_px(*p) for p in TRIANGLE]
    tri_d = _edge_distances(tri)
    (ccx, ccy), cr = CIRCLE
    ccx, ccy = to_px(ccx, ccy)
    cr *= unit
    gx0, gy0 = to_px(GROUND[0], GROUND[1])
    gx1, gy1 = to_px(GROUND[2], GROUND[3])
    radius = 0.0 if maskable else size * 0.2
    half = size / 2.0

    rows = bytearray()
    for y in range(size):
        rows.append(0)  # PNG filter: none
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            # background: a rounded square (or the full square)
            if radius:
                qx = abs(px - half) - (half - radius)
                qy = abs(py - half) - (half - radius)
                d = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius
                alpha = _coverage(d)
            else:
                alpha = 1.0
            if alpha == 0.0:
                rows += b"\0\0\0\0"
                continue
            # a soft vertical gradient on the background
            t = py / size
            r, g, b = (BLUE[i] * (1 - 0.35 * t) + SHADE[i] * 0.35 * t for i in range(3))
            # ground strip, mountain, warrior
            dg = max(gx0 - px, px - gx1, gy0 - py, py - gy1)
            for cover, colour in ((_coverage(dg), RED), (_coverage(tri_d(px, py)), CREAM),
                                  (_coverage(math.hypot(px - ccx, py - ccy) - cr), RED)):
                if cover:
                    r += (colour[0] - r) * cover
                    g += (colour[1] - g) * cover
                    b += (colour[2] - b) * cover
            rows += bytes((round(r), round(g), round(b), round(alpha * 255)))
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6.4" fill="#24485f"/>
<g transform="translate(.8 .8) scale(.95)">
<rect x="4.5" y="24" width="23" height="1.6" fill="#b5382f"/>
<path d="M6 24 L16 7 L26 24 Z" fill="#f3e7c4"/>
<circle cx="16" cy="18" r="3.2" fill="#b5382f"/>
</g>
</svg>
"""


def icons() -> dict[str, bytes]:
    out = {name: png(size, draw(size, maskable)) for name, size, maskable in ICONS}
    out["icon.svg"] = SVG.encode()
    return out


def main(argv: list[str]) -> int:
    drawn = icons()
    if "--check" in argv:
        stale = [n for n, data in drawn.items() if not (OUT / n).exists() or (OUT / n).read_bytes() != data]
        if stale:
            print(f"make_icons: out of date: {', '.join(stale)} (run python3 tools/make_icons.py)")
            return 1
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in drawn.items():
        (OUT / name).write_bytes(data)
        print(f"wrote {OUT / name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
