"""The board of Hibernia: twenty counties of Ireland, their borders, the arrows and the track.

The board is data (``data/board.json``, designed for this project; docs/hibernia.md),
loaded once and **validated**: a board that breaks a rule of the game is refused with
a message naming the county or border at fault.  Counties are numbered by their order
in the file; everything the rules need often (neighbours as bit masks, the counties
of each colour, counties at most two steps apart) is computed once here.

>>> board = load_board("hibernia")
>>> len(board.counties), len(board.borders), len(board.arrows), len(board.track)
(20, 43, 2, 40)
>>> sorted(board.counties[i].id for i in board.neighbours(board.index["LON"]))
['MCA', 'MEA', 'OFF', 'ROS', 'SLE', 'WME']
"""

from __future__ import annotations

import json
import math
import re
from importlib import resources
from typing import Any

from ...core.errors import BoardError

__all__ = [
    "Board", "County", "HiberniaBoardError", "load_board", "board_from_dict", "validate_board",
    "BOARD_IDS", "COLOURS", "TRACK_LENGTH", "N_COUNTIES", "PER_COLOUR",
]

BOARD_IDS = ("hibernia",)
# The colours of the counties and of the track, numbered as the die's first four faces.
COLOURS = ("blue", "green", "red", "yellow")
N_COUNTIES = 20
PER_COLOUR = 5           # counties of each colour
TRACK_LENGTH = 40        # spaces of the scoring track; space 0 is the start (yellow)
START_COLOUR = "yellow"
CENTRAL = 4              # the central counties, all neighbours of each other
_ID_RE = re.compile(r"[A-Z]{2,5}\Z")  # ids are written in the action notation: letters only


class HiberniaBoardError(BoardError):
    """Board data that breaks a rule of Hibernia; the message names the county or border."""


class County:
    """A county (a region of the board): its id, name, colour, province and flags."""

    __slots__ = ("index", "id", "name", "colour", "colour_index", "province", "fort", "central", "lat", "lon")

    def __init__(self, index: int, data: dict[str, Any]) -> None:
        self.index = index
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.colour: str = data["colour"]
        self.colour_index = COLOURS.index(self.colour)
        self.province: str = data["province"]
        self.fort: bool = data["fort"]
        self.central: bool = data["central"]
        self.lat = float(data["lat"])
        self.lon = float(data["lon"])

    def __repr__(self) -> str:
        return f"County({self.id!r}, {self.colour})"


class Board:
    """A validated board with the tables the rules use.

    ``adjacent[i]`` is a bit mask of county ``i``'s neighbours (borders and arrows);
    ``near2[i]`` also holds the counties two steps away (the advanced setup's first
    round); ``colour_mask[c]`` the counties of colour ``c``; ``track`` the colour
    number of each space (0 is the start); ``forts`` the fort counties in board order.
    """

    __slots__ = (
        "id", "title", "data", "counties", "index", "borders", "arrows", "adjacent", "near2",
        "colour_mask", "track", "forts", "central", "all_counties", "provinces",
    )

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id = "hibernia"
        self.title: str = data.get("name", "Hibernia")
        self.counties: tuple[County, ...] = tuple(County(i, c) for i, c in enumerate(data["counties"]))
        self.index: dict[str, int] = {c.id: c.index for c in self.counties}
        self.borders: tuple[tuple[int, int], ...] = tuple((self.index[a], self.index[b]) for a, b in data["borders"])
        self.arrows: tuple[tuple[int, int], ...] = tuple((self.index[a], self.index[b]) for a, b in data["arrows"])
        adj = [0] * len(self.counties)
        for a, b in self.borders + self.arrows:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        self.adjacent: tuple[int, ...] = tuple(adj)
        near = []
        for i, m in enumerate(adj):
            reach = m
            for j in _bits(m):
                reach |= adj[j]
            near.append(reach & ~(1 << i))
        self.near2: tuple[int, ...] = tuple(near)
        self.colour_mask: tuple[int, ...] = tuple(
            sum(1 << c.index for c in self.counties if c.colour_index == k) for k in range(len(COLOURS)))
        self.track: tuple[int, ...] = tuple(COLOURS.index(t) for t in data["track"])
        self.forts: tuple[int, ...] = tuple(c.index for c in self.counties if c.fort)
        self.central: tuple[int, ...] = tuple(c.index for c in self.counties if c.central)
        self.all_counties = (1 << len(self.counties)) - 1
        self.provinces: tuple[str, ...] = tuple(dict.fromkeys(c.province for c in self.counties))

    def neighbours(self, county: int) -> list[int]:
        """The neighbours of a county (by border or arrow), in board order."""
        return _bits(self.adjacent[county])

    def county_id(self, county: int) -> str:
        return self.counties[county].id

    def __repr__(self) -> str:
        return f"Board({self.id!r})"


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------- validation

def _need(cond: bool, message: str) -> None:
    if not cond:
        raise HiberniaBoardError(message)


def _pairs(data: dict[str, Any], key: str, ids: dict[str, int], what: str) -> list[tuple[str, str]]:
    raw = data.get(key)
    if not isinstance(raw, list):
        raise HiberniaBoardError(f"{key} must be a list of pairs of county ids")
    out: list[tuple[str, str]] = []
    for k, pair in enumerate(raw):
        _need(isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair),
              f"{what} #{k} must be a pair of county ids")
        a, b = pair
        label = f"{what} #{k} {a}-{b}"
        _need(a in ids, f"{label} names an unknown county {a!r}")
        _need(b in ids, f"{label} names an unknown county {b!r}")
        _need(a != b, f"{label} joins county {a!r} to itself")
        out.append((a, b))
    return out


def validate_board(data: Any) -> None:
    """Check every rule of the board; raise HiberniaBoardError naming the first county or border at fault."""
    _need(isinstance(data, dict), "a board must be a JSON object")
    name = data.get("name", "Hibernia")
    _need(isinstance(name, str) and name.strip() != "", "the board's name must be a non-empty text")
    counties = data.get("counties")
    _need(isinstance(counties, list), "counties must be a list")
    _need(len(counties) == N_COUNTIES, f"a board has {N_COUNTIES} counties, this one has {len(counties)}")
    ids: dict[str, int] = {}
    names: set[str] = set()
    colour_of: dict[str, str] = {}
    for i, c in enumerate(counties):
        _need(isinstance(c, dict), f"county #{i} must be an object")
        cid = c.get("id")
        _need(isinstance(cid, str) and _ID_RE.match(cid) is not None,
              f"county #{i} needs an id of 2 to 5 capital letters, not {cid!r}")
        _need(cid not in ids, f"county {cid!r} appears twice")
        ids[cid] = i
        cname = c.get("name")
        _need(isinstance(cname, str) and cname.strip() != "", f"county {cid!r} needs a name")
        _need(cname not in names, f"county {cid!r}: the name {cname!r} is used twice")
        names.add(cname)
        colour = c.get("colour")
        _need(colour in COLOURS, f"county {cid!r} has colour {colour!r}, not one of {', '.join(COLOURS)}")
        colour_of[cid] = colour
        province = c.get("province")
        _need(isinstance(province, str) and province.strip() != "", f"county {cid!r} needs a province")
        for flag in ("fort", "central"):
            _need(isinstance(c.get(flag), bool), f"county {cid!r}: {flag!r} must be true or false")
        for key, lo, hi in (("lat", -90.0, 90.0), ("lon", -180.0, 180.0)):
            v = c.get(key)
            _need(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and lo <= v <= hi,
                  f"county {cid!r}: {key} must be a number from {lo:g} to {hi:g}")
    for colour in COLOURS:
        have = [cid for cid, col in colour_of.items() if col == colour]
        _need(len(have) == PER_COLOUR, f"a board has {PER_COLOUR} {colour} counties, this one has {len(have)}"
              + (f" ({', '.join(have)})" if have else ""))

    borders = _pairs(data, "borders", ids, "border")
    arrows = _pairs(data, "arrows", ids, "arrow")
    seen: dict[frozenset[str], str] = {}
    for k, (a, b) in enumerate(borders):
        pair = frozenset((a, b))
        _need(pair not in seen, f"border #{k} {a}-{b} is listed twice")
        seen[pair] = f"border {a}-{b}"
    central = [cid for cid in ids if counties[ids[cid]]["central"]]
    _need(len(central) == CENTRAL, f"a board has {CENTRAL} central counties, this one has {len(central)}"
          + (f" ({', '.join(central)})" if central else ""))
    for k, (a, b) in enumerate(arrows):
        pair = frozenset((a, b))
        _need(pair not in seen, f"arrow #{k} {a}-{b} duplicates the {seen.get(pair)}")
        seen[pair] = f"arrow {a}-{b}"
        for x in (a, b):
            _need(x in central, f"arrow #{k} {a}-{b}: county {x!r} is not central (arrows join central counties)")
    adj: dict[str, set[str]] = {cid: set() for cid in ids}
    for a, b in borders + arrows:
        adj[a].add(b)
        adj[b].add(a)
        _need(colour_of[a] != colour_of[b],
              f"{seen[frozenset((a, b))]} joins two {colour_of[a]} counties (neighbours never share a colour)")
    for i, a in enumerate(central):
        for b in central[i + 1:]:
            _need(b in adj[a], f"central counties {a!r} and {b!r} are not neighbours (add a border or an arrow)")
    for cid in ids:
        _need(bool(adj[cid]), f"county {cid!r} has no neighbour")
    # connected: every county reachable from the first
    first = next(iter(ids))
    reach = {first}
    todo = [first]
    while todo:
        for m in adj[todo.pop()]:
            if m not in reach:
                reach.add(m)
                todo.append(m)
    cut = [cid for cid in ids if cid not in reach]
    _need(not cut, f"county {cut[0]!r} cannot be reached from {first!r} (the board is in pieces)" if cut else "")

    # provinces and forts: a central province of the four central counties, and four more with a fort each
    provinces: dict[str, list[str]] = {}
    for cid, i in ids.items():
        provinces.setdefault(counties[i]["province"], []).append(cid)
    _need(len(provinces) == 5, f"a board has 5 provinces (4 with a fort and the centre), this one has "
                               f"{len(provinces)}: {', '.join(provinces)}")
    forts = [cid for cid, i in ids.items() if counties[i]["fort"]]
    _need(len(forts) == 4, f"a board has 4 forts, this one has {len(forts)}" + (f" ({', '.join(forts)})" if forts else ""))
    for cid in forts:
        _need(cid not in central, f"fort {cid!r} is a central county (forts lie in the outer provinces)")
    fort_colours: dict[str, str] = {}
    for cid in forts:
        col = colour_of[cid]
        _need(col not in fort_colours, f"forts {fort_colours.get(col)!r} and {cid!r} are both {col} "
                                       "(the four forts have four colours)")
        fort_colours[col] = cid
    for prov, members in provinces.items():
        inner = [m for m in members if m in central]
        if inner:
            _need(len(inner) == len(members), f"province {prov!r} mixes central and outer counties "
                                              f"({', '.join(members)})")
            continue
        held = [m for m in members if m in forts]
        _need(len(held) == 1, f"province {prov!r} has {len(held)} forts, not one"
              + (f" ({', '.join(held)})" if held else ""))

    track = data.get("track")
    _need(isinstance(track, list), "the track must be a list of colours")
    _need(len(track) == TRACK_LENGTH, f"the track has {TRACK_LENGTH} spaces, this one has {len(track)}")
    for k, t in enumerate(track):
        _need(t in COLOURS, f"track space {k} has colour {t!r}, not one of {', '.join(COLOURS)}")
    for colour in COLOURS:
        n = track.count(colour)
        _need(n == TRACK_LENGTH // len(COLOURS), f"the track has {n} {colour} spaces, not "
                                                  f"{TRACK_LENGTH // len(COLOURS)}")
    _need(track[0] == START_COLOUR, f"track space 0 (the start) must be {START_COLOUR}, not {track[0]!r}")


def board_from_dict(data: Any) -> Board:
    """Validate board data and build a Board; raises HiberniaBoardError naming what is wrong."""
    validate_board(data)
    return Board(data)


_cache: dict[str, Board] = {}


def load_board(board_id: str = "hibernia") -> Board:
    """The shipped board, validated once and cached."""
    board = _cache.get(board_id)
    if board is None:
        if board_id not in BOARD_IDS:
            raise HiberniaBoardError(f"unknown board {board_id!r}; Hibernia's board is "
                                     f"{', '.join(BOARD_IDS)}")
        text = resources.files(__package__).joinpath("data", "board.json").read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise HiberniaBoardError(f"board {board_id!r} is not valid JSON: {exc}") from None
        board = _cache[board_id] = board_from_dict(data)
    return board
