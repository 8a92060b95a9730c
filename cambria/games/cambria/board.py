"""A map of Cambria: forts, roads, boats and the eagle, loaded from JSON and validated.

The rules a map obeys are checked in ``map_validation`` (the same check the map
tool and the tests run); ``MapError`` is raised from there.

A board is immutable data.  Forts and roads are numbered by their order in the
map file; everything the rules need often (the roads of a fort as a bit mask,
the roads next to forts of a given number) is computed once here, so the rules
never search the map while playing.

>>> board = load_board("cambria")
>>> len(board.forts), sum(f.number for f in board.forts) == 2 * len(board.roads)
(16, True)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .map_validation import MapError, validate_map

__all__ = ["Board", "Fort", "MapError", "load_board", "board_from_dict", "MAP_IDS", "VP_VALUE"]

MAP_IDS = ("cambria", "cumbria")
# Value of the VP token that lies under a fort of the given number (none under 2 and 3).
VP_VALUE = {4: 2, 5: 3, 6: 4}


class Fort:
    """A fort: its id, names, die number and position on the drawing."""

    __slots__ = ("index", "id", "name", "modern", "number", "x", "y")

    def __init__(self, index: int, id: str, name: str, modern: str, number: int, x: float, y: float) -> None:
        self.index = index
        self.id = id
        self.name = name
        self.modern = modern
        self.number = number
        self.x = x
        self.y = y

    def __repr__(self) -> str:
        return f"Fort({self.id!r}, {self.number})"


class Board:
    """A validated map with the precomputed tables the rules use."""

    __slots__ = (
        "id", "title", "region", "width", "height", "coast", "forts", "roads",
        "boats", "eagle", "fort_roads", "fort_mask", "road_forts", "number_mask",
        "all_roads", "fort_numbers", "fort_index", "data",
    )

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id: str = data["id"]
        self.title: str = data["title"]
        self.region: str = data.get("region", "")
        self.width: float = data["width"]
        self.height: float = data["height"]
        self.coast: list[list[tuple[float, float]]] = [[(float(x), float(y)) for x, y in ring] for ring in data["coast"]]
        self.forts: tuple[Fort, ...] = tuple(
            Fort(i, f["id"], f["name"], f.get("modern", ""), f["number"], float(f["x"]), float(f["y"]))
            for i, f in enumerate(data["forts"])
        )
        self.fort_index: dict[str, int] = {f.id: f.index for f in self.forts}
        self.roads: tuple[tuple[int, int], ...] = tuple(
            (self.fort_index[a], self.fort_index[b]) for a, b in data["roads"]
        )
        # boats[k] is the position of the boat numbered k + 2
        self.boats: tuple[tuple[float, float], ...] = tuple(
            (float(b["x"]), float(b["y"])) for b in sorted(data["boats"], key=lambda b: b["number"])
        )
        self.eagle: tuple[float, float] = (float(data["eagle"]["x"]), float(data["eagle"]["y"]))
        self.fort_numbers: tuple[int, ...] = tuple(f.number for f in self.forts)
        fort_roads: list[list[int]] = [[] for _ in self.forts]
        for r, (a, b) in enumerate(self.roads):
            fort_roads[a].append(r)
            fort_roads[b].append(r)
        self.fort_roads: tuple[tuple[int, ...], ...] = tuple(tuple(rs) for rs in fort_roads)
        self.fort_mask: tuple[int, ...] = tuple(sum(1 << r for r in rs) for rs in fort_roads)
        self.road_forts: tuple[tuple[int, int], ...] = self.roads
        # number_mask[n]: the roads leading to a fort numbered n (index 0..6; 0 and 1 empty)
        nm = [0] * 7
        for f in self.forts:
            nm[f.number] |= self.fort_mask[f.index]
        self.number_mask: tuple[int, ...] = tuple(nm)
        self.all_roads: int = (1 << len(self.roads)) - 1

    def road_name(self, road: int) -> str:
        """A readable name for a road, from its two forts."""
        a, b = self.roads[road]
        return f"{self.forts[a].name}–{self.forts[b].name}"

    def road_midpoint(self, road: int) -> tuple[float, float]:
        a, b = self.roads[road]
        fa, fb = self.forts[a], self.forts[b]
        return ((fa.x + fb.x) / 2, (fa.y + fb.y) / 2)

    def __repr__(self) -> str:
        return f"Board({self.id!r})"


def board_from_dict(data: Any) -> Board:
    """Validate map data and build a Board; raises MapError naming what is wrong."""
    validate_map(data)
    return Board(data)


_cache: dict[str, Board] = {}


def load_board(map_id: str) -> Board:
    """Load one of the shipped maps ("cambria" or "cumbria"), validated, cached."""
    board = _cache.get(map_id)
    if board is None:
        if map_id not in MAP_IDS:
            raise MapError(f"unknown map {map_id!r}; the maps are {', '.join(MAP_IDS)}")
        text = resources.files(__package__).joinpath("maps", f"{map_id}.json").read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MapError(f"map {map_id!r} is not valid JSON: {exc}") from None
        board = _cache[map_id] = board_from_dict(data)
    return board
