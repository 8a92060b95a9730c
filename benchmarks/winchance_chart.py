"""Draw the win chance's calibration chart (docs/winchance-calibration.png) from winchance.json.

    python benchmarks/winchance_chart.py              # writes docs/winchance-calibration.png
    python benchmarks/winchance_chart.py --seated     # docs/winchance-seated.png (issue 37)

One panel per game: the held-out games' ten bins of the shown chance (``check`` in
``cambria/ai/winchance.json``, written by ``benchmarks/winchance_fit.py``), each a dot at
(mean shown chance, observed win rate) with an area by its number of samples, the diagonal
(perfect calibration), a ±5-point band about it, and under the panel each bin's samples.
The standard library only (a small rasteriser, zlib and struct): no plotting package is
needed, and the same file gives the same bytes.
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import zlib
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "cambria" / "ai" / "winchance.json"
OUT = ROOT / "docs" / "winchance-calibration.png"

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)
INK: Colour = (40, 40, 40)
GRID: Colour = (225, 225, 225)
BAND: Colour = (236, 242, 230)
DIAGONAL: Colour = (150, 150, 150)
BAR: Colour = (170, 190, 210)
DOTS: dict[str, Colour] = {"cambria": (181, 56, 47), "hibernia": (36, 110, 70)}

# a 5x7 pixel font for the labels (rows top to bottom, "#" lit)
FONT: dict[str, tuple[str, ...]] = {
    "0": (" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "),
    "1": ("  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "),
    "2": (" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"),
    "3": ("#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "),
    "4": ("   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "),
    "5": ("#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "),
    "6": ("  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "),
    "7": ("#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "),
    "8": (" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "),
    "9": (" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "),
    "%": ("##   ", "##  #", "   # ", "  #  ", " #   ", "#  ##", "   ##"),
    ".": ("     ", "     ", "     ", "     ", "     ", " ##  ", " ##  "),
    ",": ("     ", "     ", "     ", "     ", " ##  ", "  #  ", " #   "),
    "-": ("     ", "     ", "     ", "#####", "     ", "     ", "     "),
    "=": ("     ", "     ", "#####", "     ", "#####", "     ", "     "),
    ":": ("     ", " ##  ", " ##  ", "     ", " ##  ", " ##  ", "     "),
    "(": ("   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # "),
    ")": (" #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   "),
    "/": ("     ", "    #", "   # ", "  #  ", " #   ", "#    ", "     "),
    " ": ("     ",) * 7,
    "A": (" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"),
    "B": ("#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "),
    "C": (" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "),
    "D": ("#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "),
    "E": ("#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"),
    "F": ("#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "),
    "G": (" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"),
    "H": ("#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"),
    "I": (" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "),
    "K": ("#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"),
    "L": ("#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"),
    "M": ("#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"),
    "N": ("#   #", "##  #", "# # #", "#  ##", "#   #", "#   #", "#   #"),
    "O": (" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "),
    "P": ("#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "),
    "R": ("#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"),
    "S": (" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "),
    "T": ("#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "),
    "U": ("#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "),
    "V": ("#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  "),
    "W": ("#   #", "#   #", "#   #", "# # #", "# # #", "## ##", "#   #"),
    "Y": ("#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "),
}


class Canvas:
    """An RGB raster with the few shapes a chart needs."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.px = bytearray(WHITE * (width * height))

    def dot(self, x: int, y: int, c: Colour) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = 3 * (y * self.width + x)
            self.px[i:i + 3] = bytes(c)

    def rect(self, x0: int, y0: int, x1: int, y1: int, c: Colour) -> None:
        for y in range(max(0, min(y0, y1)), min(self.height, max(y0, y1) + 1)):
            for x in range(max(0, min(x0, x1)), min(self.width, max(x0, x1) + 1)):
                self.dot(x, y, c)

    def line(self, x0: float, y0: float, x1: float, y1: float, c: Colour, width: int = 1) -> None:
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        half = width // 2
        for k in range(steps + 1):
            t = k / steps
            x = round(x0 + (x1 - x0) * t)
            y = round(y0 + (y1 - y0) * t)
            self.rect(x - half, y - half, x - half + width - 1, y - half + width - 1, c)

    def disc(self, cx: float, cy: float, r: float, c: Colour, ring: Colour | None = None) -> None:
        for y in range(int(cy - r) - 1, int(cy + r) + 2):
            for x in range(int(cx - r) - 1, int(cx + r) + 2):
                d = math.hypot(x - cx, y - cy)
                if d <= r:
                    self.dot(x, y, ring if ring is not None and d > r - 1.5 else c)

    def text(self, x: int, y: int, s: str, c: Colour = INK, scale: int = 2, anchor: str = "left") -> None:
        w = len(s) * 6 * scale - scale
        if anchor == "centre":
            x -= w // 2
        elif anchor == "right":
            x -= w
        for k, ch in enumerate(s.upper()):
            glyph = FONT.get(ch, FONT[" "])
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit == "#":
                        gx = x + (6 * k + col) * scale
                        self.rect(gx, y + row * scale, gx + scale - 1, y + row * scale + scale - 1, c)

    def png(self) -> bytes:
        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

        stride = 3 * self.width
        raw = b"".join(b"\0" + bytes(self.px[y * stride:(y + 1) * stride]) for y in range(self.height))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)  # 8-bit RGB
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


PLOT = 400      # the plot's side in pixels
MARGIN = 80     # left of and above each plot
BARS = 90       # the samples' bars under each plot


def panel(cv: Canvas, left: int, top: int, game: str, model: dict[str, Any]) -> None:
    """One game's calibration: the grid, the ±5-point band, the diagonal, the bins, the bars."""
    bins: Sequence[dict[str, Any]] = model["check"]
    held = model["about"]["held_out"]

    def px(v: float) -> float:
        return left + v * PLOT

    def py(v: float) -> float:
        return top + (1.0 - v) * PLOT

    for y in range(PLOT + 1):  # the band where |observed - shown| <= 5 points
        v = 1.0 - y / PLOT
        lo = max(0.0, v - 0.05)
        hi = min(1.0, v + 0.05)
        cv.rect(round(px(lo)), top + y, round(px(hi)), top + y, BAND)
    for k in range(11):
        v = k / 10
        cv.line(px(v), top, px(v), top + PLOT, GRID)
        cv.line(left, py(v), left + PLOT, py(v), GRID)
        if k % 2 == 0:
            cv.text(round(px(v)), top + PLOT + 8, f"{k * 10}", anchor="centre")
            cv.text(left - 8, round(py(v)) - 7, f"{k * 10}", anchor="right")
    cv.line(left, top, left, top + PLOT, INK, 2)
    cv.line(left, top + PLOT, left + PLOT, top + PLOT, INK, 2)
    cv.line(px(0), py(0), px(1), py(1), DIAGONAL, 2)
    most = max(b["samples"] for b in bins)
    colour = DOTS.get(game, INK)
    for b in bins:
        r = 4 + 12 * math.sqrt(b["samples"] / most)
        cv.disc(px(b["predicted"]), py(b["observed"]), r, colour, ring=INK)
    cv.text(left + PLOT // 2, top - 60, f"{game} ({held['games']} held-out games)", scale=2, anchor="centre")
    cv.text(left + PLOT // 2, top + PLOT + 28, "shown win chance %", anchor="centre")
    cv.text(left - 54, top - 26, "observed win rate %", scale=2)
    base = top + PLOT + 50 + BARS  # bars: samples per bin, scaled to the largest
    for b in bins:
        lo, hi = b["bin"]
        h = round(BARS * b["samples"] / most)
        cv.rect(round(px(lo)) + 3, base - h, round(px(hi)) - 3, base, BAR)
        cv.text(round(px((lo + hi) / 2)), base + 6, _short(b["samples"]), scale=1, anchor="centre")
    cv.text(left, base + 20, "samples per bin (dots: area by samples)", scale=1)


def _short(count: int) -> str:
    """3,400 -> "3.4K"; 120 -> "120"."""
    if count >= 10_000:
        return f"{count / 1000:.0f}K"
    if count >= 1000:
        return f"{count / 1000:.1f}K"
    return str(count)


def chart(data: dict[str, Any]) -> bytes:
    games = sorted(data["games"])
    width = len(games) * (PLOT + MARGIN + 40) + 20
    height = MARGIN + PLOT + 50 + BARS + 40
    cv = Canvas(width, height)
    for k, game in enumerate(games):
        panel(cv, MARGIN + 10 + k * (PLOT + MARGIN + 40), MARGIN, game, data["games"][game])
    return cv.png()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--seated", action="store_true",
                    help="the chance that knows who is playing (docs/winchance-seated.png; issue 37)")
    args = ap.parse_args(argv)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    if args.seated:   # the same panels from the seated model's held-out check
        data = {"games": {g: {"check": m["seated"]["check"]["bins"],
                              "about": {"held_out": {"games": m["seated"]["about"]["held_out_games"]}}}
                          for g, m in data["games"].items()}}
    if args.out is None:
        args.out = OUT.with_name("winchance-seated.png") if args.seated else OUT
    args.out.write_bytes(chart(data))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
