"""The board data: the shipped board is valid and matches the design, and every broken copy is
refused with a message that names the county or border at fault."""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

import pytest

from cambria.core.errors import BoardError
from cambria.games.hibernia.board import (
    COLOURS, Board, HiberniaBoardError, board_from_dict, load_board, validate_board,
)

BOARD = load_board()
DATA = BOARD.data


def test_the_shipped_board_is_the_designed_one():
    assert isinstance(BOARD, Board) and BOARD.id == "hibernia" and BOARD.title == "Hibernia"
    assert len(BOARD.counties) == 20 and len(BOARD.borders) == 43 and len(BOARD.arrows) == 2
    assert [BOARD.counties[i].id for i in BOARD.forts] == ["MCA", "SLE", "LCK", "TIP"]
    assert sorted(BOARD.counties[i].id for i in BOARD.central) == ["LON", "MEA", "OFF", "WME"]
    assert "".join(COLOURS[c][0].upper() for c in BOARD.track) == \
        "YRRGRBYGRBYGBRYGYYGRBRGYBRGGBRBYGRYBYGBB"
    for c in BOARD.counties:
        assert BOARD.index[c.id] == c.index and c.colour in COLOURS
        assert 51 < c.lat < 56 and -11 < c.lon < -5           # on a map of Ireland
    assert BOARD.data is DATA and set(DATA) >= {"counties", "borders", "arrows", "track"}


def test_neighbours_are_the_borders_and_arrows_and_the_central_four_all_touch():
    pairs = {frozenset((a, b)) for a, b in BOARD.borders + BOARD.arrows}
    for i in range(20):
        for j in range(20):
            assert bool(BOARD.adjacent[i] >> j & 1) == (frozenset((i, j)) in pairs)
    for a in BOARD.central:
        for b in BOARD.central:
            assert a == b or BOARD.adjacent[a] >> b & 1
    # two steps: Donegal reaches Monaghan & Cavan through Derry/Tyrone/Fermanagh
    assert BOARD.near2[BOARD.index["DON"]] >> BOARD.index["MCA"] & 1
    assert not BOARD.near2[BOARD.index["DON"]] >> BOARD.index["KCO"] & 1


def test_the_board_loads_without_the_shared_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    import cambria.games.hibernia.board as board_module

    board_module._cache.clear()
    assert load_board("hibernia").counties[0].id == "MEA"


def broken(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(DATA)
    change(data)
    return data


def county_of(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["counties"] if c["id"] == cid)


def set_field(cid: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: county_of(d, cid).__setitem__(key, value)


def swap_colours(a: str, b: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        ca, cb = county_of(d, a), county_of(d, b)
        ca["colour"], cb["colour"] = cb["colour"], ca["colour"]
    return change


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a county fewer", lambda d: d["counties"].pop(), "20 counties, this one has 19"),
    ("an unknown id in a border", lambda d: d["borders"].append(["DON", "XYZ"]), r"border #43 DON-XYZ .*'XYZ'"),
    ("a duplicate border", lambda d: d["borders"].append(["SLE", "DON"]), "border #43 SLE-DON is listed twice"),
    ("a self-border", lambda d: d["borders"].append(["DON", "DON"]), "joins county 'DON' to itself"),
    ("a duplicate id", set_field("WME", "id", "MEA"), "'MEA' appears twice"),
    ("a bad id", set_field("WME", "id", "Wm1"), "county #1 needs an id"),
    ("an unknown colour", set_field("DON", "colour", "purple"), "county 'DON' has colour 'purple'"),
    ("six of one colour", set_field("DON", "colour", "green"), "5 blue counties, this one has 4"),
    ("neighbours sharing a colour", swap_colours("DON", "SLE"), "joins two .* counties"),
    ("a fort too many", set_field("DON", "fort", True), "4 forts, this one has 5"),
    ("two forts of one colour", lambda d: (set_field("TIP", "fort", False)(d), set_field("WAT", "fort", True)(d)),
     "forts 'SLE' and 'WAT' are both green"),
    ("two forts in a province", lambda d: (set_field("TIP", "fort", False)(d), set_field("DON", "fort", True)(d)),
     "province 'Ulster' has 2 forts, not one"),
    ("a fort in the centre", lambda d: (set_field("MCA", "fort", False)(d), set_field("OFF", "fort", True)(d)),
     "fort 'OFF' is a central county"),
    ("a fifth central county", set_field("DON", "central", True), "4 central counties, this one has 5"),
    ("an arrow to an outer county", lambda d: d["arrows"].append(["MEA", "DON"]), "'DON' is not central"),
    ("an arrow beside a border", lambda d: d["arrows"].append(["MEA", "WME"]), "duplicates the border MEA-WME"),
    ("a missing arrow", lambda d: d["arrows"].pop(), "central counties 'LON' and 'OFF' are not neighbours"),
    ("a county cut off", lambda d: d.__setitem__("borders", [b for b in d["borders"] if "DON" not in b]),
     "county 'DON' has no neighbour"),
    ("the board in two pieces", lambda d: d.__setitem__("borders", [
        b for b in d["borders"] if set(b) not in ({"KCO", "TIP"}, {"KCO", "CLI"}, {"WAT", "TIP"}, {"WAT", "LCK"})]),
     "cannot be reached"),
    ("a short track", lambda d: d["track"].pop(), "40 spaces, this one has 39"),
    ("a track colour too often", lambda d: d["track"].__setitem__(1, "blue"), "track has 9 red spaces|11 blue"),
    ("a bad track colour", lambda d: d["track"].__setitem__(3, "black"), "track space 3 has colour 'black'"),
    ("a start that is not yellow", lambda d: d["track"].reverse(), "space 0 .* must be yellow"),
    ("a latitude off the globe", set_field("MAY", "lat", 123.0), "county 'MAY': lat"),
    ("a name missing", set_field("MAY", "name", " "), "county 'MAY' needs a name"),
    ("a flag that is no flag", set_field("MAY", "central", "no"), "county 'MAY': 'central'"),
    ("not an object", lambda d: d.clear(), "counties must be a list"),
]


@pytest.mark.parametrize("what, change, message", CASES, ids=[c[0] for c in CASES])
def test_a_broken_board_is_refused_naming_the_fault(what: str, change: Callable[[dict[str, Any]], None],
                                                    message: str):
    data = broken(change)
    with pytest.raises(HiberniaBoardError, match=message):
        board_from_dict(data)
    with pytest.raises(BoardError):
        validate_board(json.loads(json.dumps(data)))


def test_the_shipped_board_validates_and_a_copy_builds_the_same_tables():
    validate_board(DATA)
    again = board_from_dict(copy.deepcopy(DATA))
    assert again.adjacent == BOARD.adjacent and again.track == BOARD.track and again.near2 == BOARD.near2


def test_an_unknown_board_is_named():
    with pytest.raises(HiberniaBoardError, match="unknown board 'eire'"):
        load_board("eire")
