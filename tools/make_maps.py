#!/usr/bin/env python3
"""Generate the two Cambria board maps (cambria/games/cambria/maps/*.json).

Standard library only.  The generated JSON files are what the game ships; this
script records how they were made from their sources (``tools/mapdata/*.json``:
coastline, fort sites, known Roman roads, boats and eagle) and can regenerate
them exactly:

    python3 tools/make_maps.py            # rewrite both JSON files
    python3 tools/make_maps.py --check    # only verify the files are current

What it does, per map:
1. Projects the source's coastline (latitude/longitude, rough approximations
   of the real coast) and the real positions of 16 Roman forts into an SVG box
   with a simple equirectangular projection (longitude scaled by the cosine of
   a reference latitude, y growing downwards).  A few forts are nudged (by at
   most MAX_NUDGE units) so that the drawing works.
2. Builds candidate roads: pairs of forts a little more than ROAD_MIN_LEN
   apart whose straight segment keeps a clearance from every other fort.
3. Runs a seeded simulated-annealing search (``tools/road_search.py``) for a set of non-crossing roads
   whose degree sequence fits the rules (seven forts with 4-6 roads, nine
   with 2-3, every number 2..6 present, connected), preferring roads that
   follow known Roman roads, stay on land, are long and are well spread.
   Each fort's printed number is then its number of roads.
4. Checks the map with the engine's own validation (``map_validation``, the
   check the board loader and the tests run) and writes the JSON (forts in
   reading order, top to bottom; roads sorted).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
# Run as a script from a clone (or loaded by the tests): the engine's geometry and
# validation, and the road search beside this file.
for _path in (str(TOOLS), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from cambria.games.cambria.geometry import point_segment_distance  # noqa: E402
from cambria.games.cambria.map_validation import MapError, validate_map  # noqa: E402
from road_search import ITERATIONS, search_roads  # noqa: E402

MAP_DIR = ROOT / "cambria" / "games" / "cambria" / "maps"
SOURCE_DIR = TOOLS / "mapdata"

MAX_NUDGE = 25.0  # a fort moves at most this far from its real site


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------


class SourceError(ValueError):
    """A map source file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class FortSite:
    id: str
    name: str
    modern: str
    lat: float
    lon: float
    nudge: tuple[float, float]  # (dx, dy) in SVG units


@dataclass(frozen=True)
class Source:
    """One map's sources, as read from tools/mapdata/<id>.json."""

    id: str
    title: str
    region: str
    width: int
    height: int
    lon_min: float  # the projection: the box's left edge, ...
    lon_max: float  # ... its right edge, ...
    lat_max: float  # ... its top edge, ...
    lat_ref: float  # ... and the latitude where east-west distances are true
    seed: int
    coast: list[list[tuple[float, float]]]  # land polygons of (lat, lon)
    forts: list[FortSite]
    known_roads: list[tuple[str, str]]
    boats: list[tuple[int, float, float]]  # (number, lat, lon)
    eagle: tuple[float, float]


def read_source(path: Path) -> Source:
    """Read and check one source file; raise SourceError naming what is wrong."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SourceError(f"{path}: {exc}") from None

    def need(cond: bool, message: str) -> None:
        if not cond:
            raise SourceError(f"{path}: {message}")

    def number(value: Any, what: str) -> Any:
        need(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value),
             f"{what} must be a number")
        return value

    def text(value: Any, what: str) -> str:
        need(isinstance(value, str) and value != "", f"{what} must be a non-empty string")
        return str(value)

    def entry(value: Any, keys: tuple[str, ...], what: str) -> dict[str, Any]:
        need(isinstance(value, dict) and all(k in value for k in keys), f"{what} needs {', '.join(keys)}")
        return dict(value)

    def site(value: Any, what: str) -> tuple[float, float]:
        need(isinstance(value, list) and len(value) in (2, 3) and (len(value) == 2 or isinstance(value[2], str)),
             f"{what} must be [latitude, longitude] or [latitude, longitude, place]")
        return (number(value[0], f"{what} latitude"), number(value[1], f"{what} longitude"))

    need(isinstance(raw, dict) and raw.get("format") == "cambria-map-source" and raw.get("version") == 1,
         "not a map source (format must be 'cambria-map-source', version 1)")
    proj = entry(raw.get("projection"), ("lon_min", "lon_max", "lat_max", "lat_ref"), "projection")
    need(isinstance(raw.get("seed"), int), "seed must be an integer")
    for key in ("width", "height"):
        need(isinstance(raw.get(key), int) and raw[key] > 0, f"{key} must be a positive integer")
    coast = raw.get("coast")
    need(isinstance(coast, list) and len(coast) > 0, "coast must be a list of land polygons")
    rings = []
    for k, ring in enumerate(coast):
        points = entry(ring, ("points",), f"coast polygon {k}")["points"]
        need(isinstance(points, list) and len(points) >= 3, f"coast polygon {k} needs at least 3 points")
        rings.append([site(p, f"coast polygon {k} point {i}") for i, p in enumerate(points)])
    forts = []
    need(isinstance(raw.get("forts"), list), "forts must be a list")
    for i, f in enumerate(raw["forts"]):
        f = entry(f, ("id", "name", "modern", "lat", "lon", "nudge"), f"fort #{i}")
        fid = text(f["id"], f"fort #{i} id")
        nudge = f["nudge"]
        need(isinstance(nudge, list) and len(nudge) == 2, f"fort {fid!r} nudge must be [dx, dy]")
        dx, dy = number(nudge[0], f"fort {fid!r} nudge"), number(nudge[1], f"fort {fid!r} nudge")
        need(math.hypot(dx, dy) <= MAX_NUDGE, f"fort {fid!r} is nudged further than {MAX_NUDGE:g}")
        forts.append(FortSite(fid, text(f["name"], f"fort {fid!r} name"), text(f["modern"], f"fort {fid!r} modern"),
                              number(f["lat"], f"fort {fid!r} lat"), number(f["lon"], f"fort {fid!r} lon"), (dx, dy)))
    ids = {f.id for f in forts}
    need(len(ids) == len(forts), "two forts share an id")
    known = raw.get("known_roads")
    need(isinstance(known, list), "known_roads must be a list")
    for k, road in enumerate(known):
        need(isinstance(road, list) and len(road) == 2 and all(x in ids for x in road),
             f"known road #{k} {road!r} must join two of the forts")
    boats = []
    need(isinstance(raw.get("boats"), list), "boats must be a list")
    for k, b in enumerate(raw["boats"]):
        b = entry(b, ("number", "lat", "lon"), f"boat #{k}")
        need(isinstance(b["number"], int), f"boat #{k} number must be an integer")
        boats.append((b["number"], number(b["lat"], f"boat {b['number']} lat"),
                      number(b["lon"], f"boat {b['number']} lon")))
    eagle = entry(raw.get("eagle"), ("lat", "lon"), "eagle")
    return Source(
        id=text(raw.get("id"), "id"), title=text(raw.get("title"), "title"), region=text(raw.get("region"), "region"),
        width=raw["width"], height=raw["height"],
        lon_min=number(proj["lon_min"], "lon_min"), lon_max=number(proj["lon_max"], "lon_max"),
        lat_max=number(proj["lat_max"], "lat_max"), lat_ref=number(proj["lat_ref"], "lat_ref"),
        seed=raw["seed"], coast=rings, forts=forts, known_roads=[(a, b) for a, b in known], boats=boats,
        eagle=(number(eagle["lat"], "eagle lat"), number(eagle["lon"], "eagle lon")),
    )


def read_sources(source_dir: Path = SOURCE_DIR) -> list[Source]:
    """Every map source in the directory, in the order of their file names."""
    return [read_source(p) for p in sorted(source_dir.glob("*.json"))]


# ---------------------------------------------------------------------------
# Projection
# ---------------------------------------------------------------------------


def make_projection(src):
    cos_ref = math.cos(math.radians(src.lat_ref))
    scale = src.width / ((src.lon_max - src.lon_min) * cos_ref)

    def project(lat, lon, clamp=False):
        x = (lon - src.lon_min) * cos_ref * scale
        y = (src.lat_max - lat) * scale
        if clamp:
            x = min(max(x, 0.0), float(src.width))
            y = min(max(y, 0.0), float(src.height))
        return (round(x, 1), round(y, 1))

    return project


def stats(data):
    pos = {f["id"]: (f["x"], f["y"]) for f in data["forts"]}
    ids = list(pos)
    min_len = min(math.dist(pos[a], pos[b]) for a, b in data["roads"])
    min_clear = min(
        point_segment_distance(pos[f], pos[a], pos[b]) for a, b in data["roads"] for f in ids if f not in (a, b)
    )
    return min_len, min_clear


# ---------------------------------------------------------------------------
# Building a map
# ---------------------------------------------------------------------------


def place(src):
    """A source drawn in the map's box: the map's data without roads (every fort's number still 0)."""
    project = make_projection(src)
    coast = []
    for ring in src.coast:
        pts = []
        for lat, lon in ring:
            p = project(lat, lon, clamp=True)
            if not pts or pts[-1] != p:
                pts.append(p)
        if pts[0] == pts[-1]:
            pts.pop()
        coast.append([[x, y] for x, y in pts])
    forts = []
    for f in src.forts:
        x, y = project(f.lat, f.lon)
        forts.append({"id": f.id, "name": f.name, "modern": f.modern, "number": 0,
                      "x": round(x + f.nudge[0], 1), "y": round(y + f.nudge[1], 1)})
    forts.sort(key=lambda f: (f["y"], f["x"]))  # reading order: top to bottom, then left to right
    boats = []
    for number, lat, lon in sorted(src.boats):
        x, y = project(lat, lon)
        boats.append({"number": number, "x": x, "y": y})
    ex, ey = project(*src.eagle)
    return {
        "format": "cambria-map",
        "version": 1,
        "id": src.id,
        "title": src.title,
        "region": src.region,
        "width": src.width,
        "height": src.height,
        "coast": coast,
        "forts": forts,
        "roads": [],
        "boats": boats,
        "eagle": {"x": ex, "y": ey},
    }


def build(src, iterations=ITERATIONS):
    """The map made from one source: (its JSON data, checked by map_validation; the search's energy)."""
    data = place(src)
    ids = [f["id"] for f in data["forts"]]
    pos = {f["id"]: (f["x"], f["y"]) for f in data["forts"]}
    coast = [[(x, y) for x, y in ring] for ring in data["coast"]]
    roads, energy = search_roads(ids, pos, coast, src.known_roads, src.seed, iterations)
    order = {f: i for i, f in enumerate(ids)}
    roads = sorted((tuple(sorted(r, key=order.get)) for r in roads), key=lambda r: (order[r[0]], order[r[1]]))
    degree = {f: 0 for f in ids}
    for a, b in roads:
        degree[a] += 1
        degree[b] += 1
    for f in data["forts"]:
        f["number"] = degree[f["id"]]
    data["roads"] = [list(r) for r in roads]
    validate_map(data)
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
    ap.add_argument("--sources", type=Path, default=SOURCE_DIR, help="directory of map sources (<id>.json)")
    ap.add_argument("--out", type=Path, default=MAP_DIR)
    args = ap.parse_args(argv)
    ok = True
    try:
        sources = read_sources(args.sources)
    except SourceError as exc:
        print(f"bad map source: {exc}", file=sys.stderr)
        return 2
    for src in sources:
        try:
            data, energy = build(src, args.iterations)
        except MapError as exc:
            print(f"{src.id}: the map made from the sources breaks a rule: {exc}", file=sys.stderr)
            return 2
        text = dumps(data)
        path = args.out / f"{src.id}.json"
        min_len, min_clear = stats(data)
        print(
            f"{src.id}: {len(data['roads'])} roads, min length {min_len:.1f}, "
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
