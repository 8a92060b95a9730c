#!/usr/bin/env python3
"""Screenshots of Hibernia's board (docs/screens/hibernia-board-{phone,desktop}.png).

Draws the board with ``cambria.games.hibernia.svg.board_svg``, puts a few sample pieces into
its hooks (soldier chips with counts, score markers, the shield's and the supplies' counts,
drawn here the way the page is meant to: a player's shape in his colour with a number) and
renders it with headless Chromium at 390 x 844 (a phone, at device pixel ratio 2) and at
1280 x 800 (a desktop).  The pieces are only an illustration: the page draws the real ones.

    python3 tools/hibernia_screens.py [--out docs/screens] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cambria.games.hibernia.svg import board_svg  # noqa: E402

PLAYER = {"red": "#d4463b", "blue": "#2f6fd8", "yellow": "#f2bd2c", "green": "#2f9d58"}
SAMPLE_TROOPS = {  # county: (colour, shape, count) per spot
    "DTF": [("yellow", "diamond", 12)], "LOU": [("green", "triangle", 5)], "SLE": [("green", "triangle", 1)],
    "MCA": [("yellow", "diamond", 1)], "LON": [("yellow", "diamond", 3)], "MEA": [("red", "circle", 3), ("blue", "square", 2)],
    "WME": [("red", "circle", 2)], "TIP": [("blue", "square", 4)], "LCK": [("red", "circle", 1)], "KCO": [("blue", "square", 7)],
}
SAMPLE_MARKERS = {0: [("red", "circle")], 7: [("blue", "square"), ("green", "triangle")], 13: [("yellow", "diamond")]}
SAMPLE_SHIELD = [("red", "circle", 3), ("blue", "square", 2), ("yellow", "diamond", 1), ("green", "triangle", 0)]
SAMPLE_SUPPLY = [("red", "circle", 9), ("blue", "square", 11), ("yellow", "diamond", 12), ("green", "triangle", 13)]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


class Board:
    def __init__(self, data: dict) -> None:
        self.data = data


def chip(colour: str, shape: str, count: int) -> str:
    ink = "#3a2c10" if colour == "yellow" else "#fff"
    return (f'<use href="#hibernia-shape-{shape}" x="-16" y="-16" width="32" height="32" fill="{PLAYER[colour]}" '
            f'stroke="#1b1b1b" stroke-width="1.6"/>'
            f'<text y="6.3" text-anchor="middle" font-size="18" font-weight="800" fill="{ink}">{count}</text>')


def fill(svg: str, element_id: str, content: str) -> str:
    """Put content at the end of the group with this id (a self-closing group is opened)."""
    m = re.search(rf'<g [^>]*id="{re.escape(element_id)}"[^>]*?(/?)>', svg)
    assert m, element_id
    if m.group(1):
        return svg[:m.start()] + m.group(0)[:-2] + ">" + content + "</g>" + svg[m.end():]
    depth, i = 1, m.end()
    while depth:
        nxt = re.compile(r"<g[\s>]|</g>|<g/>").search(svg, i)
        assert nxt
        depth += 1 if nxt.group(0).startswith("<g") and not nxt.group(0).endswith("/>") else -1 if nxt.group(0) == "</g>" else 0
        i = nxt.end()
    end = i - len("</g>")
    return svg[:end] + content + svg[end:]


def with_samples(svg: str) -> str:
    for county, pieces in SAMPLE_TROOPS.items():
        for k, piece in enumerate(pieces):
            svg = fill(svg, f"hibernia-spot-{county}-{k}", chip(*piece))
    for space, markers in SAMPLE_MARKERS.items():
        start = svg.index(f'id="hibernia-space-{space}"')
        for k, (colour, shape) in enumerate(markers):
            m = re.compile(rf'<g class="marker-slot" data-slot="{k}" data-x="([-\d.]+)" data-y="([-\d.]+)"/>').search(svg, start)
            assert m
            x, y = float(m.group(1)), float(m.group(2))
            marker = (f'<use href="#hibernia-shape-{shape}" x="{x - 9:g}" y="{y - 9:g}" width="18" height="18" '
                      f'fill="{PLAYER[colour]}" stroke="#111" stroke-width="2"/>')
            svg = svg[:m.end() - 2] + ">" + marker + "</g>" + svg[m.end():]
    for kind, pieces in (("shield", SAMPLE_SHIELD), ("supply", SAMPLE_SUPPLY)):
        for k, piece in enumerate(pieces):
            svg = fill(svg, f"hibernia-{kind}-slot-{k}", chip(*piece))
    return svg


def shoot(chromium: str, svg: str, out: Path, width: int, height: int, scale: int, phone: bool) -> None:
    styled = svg.replace("<svg ", '<svg style="display:block;width:100%;height:100%" ', 1)
    frame = ("width:100vw;height:calc(100vw*820/620)" if phone
             else "height:100vh;width:calc(100vh*620/820);margin:0 auto")
    html = (f'<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
            f'</head><body style="margin:0;background:#15262f"><div style="{frame}">{styled}</div></body></html>')
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "board.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run([chromium, *FLAGS, f"--force-device-scale-factor={scale}", f"--window-size={width},{height}",
                        f"--screenshot={out}", page.as_uri()], check=True, capture_output=True, timeout=120)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    data = json.loads((ROOT / "cambria" / "games" / "hibernia" / "data" / "board.json").read_text(encoding="utf-8"))
    svg = with_samples(board_svg(Board(data)))
    args.out.mkdir(parents=True, exist_ok=True)
    shoot(args.chromium, svg, args.out / "hibernia-board-phone.png", 390, 844, 2, phone=True)
    shoot(args.chromium, svg, args.out / "hibernia-board-desktop.png", 1280, 800, 1, phone=False)
    print(f"wrote {args.out}/hibernia-board-phone.png and hibernia-board-desktop.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
