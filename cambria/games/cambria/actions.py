"""Actions: the choices a player makes, as small values with a short text notation.

One action is one whole decision.  A regular turn is a single action that
combines the optional boat swap, the placement / legion move / pass, and the
optional boat placement after a legion move.

Notation (tokens separated by one space; roads and boats are numbers):

=========================  ====================================================
``s12``                    setup: place a warrior on road 12
``n12``, ``n12<7``         neutral placement on road 12 (from the neutral
                           supply, or moving the neutral warrior on road 7)
``x4/5``                   swap: take the warrior off boat 4, its 4 replaces a
                           die showing 5 (comes first in a turn)
``p12``, ``p12<7``,        place on road 12 from the supply, from road 7, or
``p12<b3``                 from boat 3
``L12``                    move the legion to road 12
``b3``, ``b3<7``, ``b3<b2``  after a legion move: put a warrior on boat 3 (from
                           the supply, road 7 or boat 2)
``pass``                   pass
=========================  ====================================================

>>> a = Action.parse("x4/5 L12 b3<b2")
>>> a.kind, a.road, a.swap, a.boat, a.boat_from_boat
('legion', 12, (4, 5), 3, 2)
>>> str(a)
'x4/5 L12 b3<b2'
>>> Action.parse(str(Action.place(3, from_road=7))) == Action.place(3, from_road=7)
True
"""

from __future__ import annotations

import re
from operator import itemgetter

from ...core.errors import IllegalActionError, NotationError

__all__ = ["Action", "IllegalActionError", "NotationError", "KINDS"]

KINDS = ("setup", "neutral", "place", "legion", "pass")




_SOURCE = r"(?:<(?:([0-9]+)|b([0-9])))?"
_SWAP_RE = re.compile(r"x([2-6])/([1-6])\Z")
_MAIN_RE = re.compile(r"([snpL])([0-9]+)" + _SOURCE + r"\Z")
_BOAT_RE = re.compile(r"b([2-6])" + _SOURCE + r"\Z")


class Action(tuple):  # type: ignore[type-arg]
    """One decision of a player.  Immutable, hashable, round-trips through ``str``.

    A tuple underneath (cheap to create and compare in search and playouts):
    ``(kind, road, from_road, from_boat, swap, boat, boat_from_road, boat_from_boat)``.
    """

    __slots__ = ()

    kind: str
    road: int | None
    from_road: int | None
    from_boat: int | None
    swap: tuple[int, int] | None
    boat: int | None
    boat_from_road: int | None
    boat_from_boat: int | None

    def __new__(
        cls,
        kind: str,
        road: int | None = None,
        from_road: int | None = None,
        from_boat: int | None = None,
        swap: tuple[int, int] | None = None,
        boat: int | None = None,
        boat_from_road: int | None = None,
        boat_from_boat: int | None = None,
    ) -> Action:
        if kind not in KINDS:
            raise NotationError(f"unknown action kind {kind!r}")
        if from_road is not None and from_boat is not None:
            raise NotationError("a warrior comes from one place: a road or a boat, not both")
        if boat_from_road is not None and boat_from_boat is not None:
            raise NotationError("the boat warrior comes from one place: a road or a boat, not both")
        if boat is None and (boat_from_road is not None or boat_from_boat is not None):
            raise NotationError("a boat source needs a boat")
        if boat is not None and kind != "legion":
            raise NotationError("only a legion move may be followed by a boat placement")
        if (kind == "pass") != (road is None):
            raise NotationError("every action but pass names a road")
        for name, value in (("road", road), ("from_road", from_road), ("boat_from_road", boat_from_road)):
            if value is not None and (type(value) is not int or value < 0):
                raise NotationError(f"{name} must be a road number (0 or more), not {value!r}")
        for name, value in (("from_boat", from_boat), ("boat", boat), ("boat_from_boat", boat_from_boat)):
            if value is not None and (type(value) is not int or not 2 <= value <= 6):
                raise NotationError(f"{name} must be a boat number 2-6, not {value!r}")
        if swap is not None:
            if (not isinstance(swap, tuple) or len(swap) != 2 or any(type(v) is not int for v in swap)
                    or not 2 <= swap[0] <= 6 or not 1 <= swap[1] <= 6):
                raise NotationError(f"a swap is (boat 2-6, die 1-6), not {swap!r}")
            if kind in ("setup", "neutral"):
                raise NotationError("a swap belongs to a regular turn")
        if kind == "neutral" and from_boat is not None:
            raise NotationError("neutral warriors never sit on boats")
        if kind in ("setup", "legion", "pass") and (from_road is not None or from_boat is not None):
            raise NotationError(f"{kind} takes no source")
        return tuple.__new__(cls, (kind, road, from_road, from_boat, swap, boat, boat_from_road, boat_from_boat))

    # -- convenient constructors
    @classmethod
    def setup(cls, road: int) -> Action:
        return cls("setup", road)

    @classmethod
    def neutral(cls, road: int, from_road: int | None = None) -> Action:
        return cls("neutral", road, from_road)

    @classmethod
    def place(cls, road: int, from_road: int | None = None, from_boat: int | None = None,
              swap: tuple[int, int] | None = None) -> Action:
        return cls("place", road, from_road, from_boat, swap)

    @classmethod
    def legion(cls, road: int, swap: tuple[int, int] | None = None, boat: int | None = None,
               boat_from_road: int | None = None, boat_from_boat: int | None = None) -> Action:
        return cls("legion", road, None, None, swap, boat, boat_from_road, boat_from_boat)

    @classmethod
    def pass_(cls, swap: tuple[int, int] | None = None) -> Action:
        return cls("pass", swap=swap)

    # Order by notation (tuple order would compare None with numbers).
    def __lt__(self, other: tuple) -> bool:  # type: ignore[type-arg]
        return str(self) < str(other)

    def __gt__(self, other: tuple) -> bool:  # type: ignore[type-arg]
        return str(self) > str(other)

    def __le__(self, other: tuple) -> bool:  # type: ignore[type-arg]
        return str(self) <= str(other)

    def __ge__(self, other: tuple) -> bool:  # type: ignore[type-arg]
        return str(self) >= str(other)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __getnewargs__(self) -> tuple:  # type: ignore[type-arg]
        return tuple(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        parts = []
        if self.swap is not None:
            parts.append(f"x{self.swap[0]}/{self.swap[1]}")
        kind = self.kind
        if kind == "pass":
            parts.append("pass")
        else:
            letter = {"setup": "s", "neutral": "n", "place": "p", "legion": "L"}[kind]
            parts.append(f"{letter}{self.road}{_src(self.from_road, self.from_boat)}")
            if self.boat is not None:
                parts.append(f"b{self.boat}{_src(self.boat_from_road, self.boat_from_boat)}")
        return " ".join(parts)

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly description (for the web page)."""
        return {
            "text": str(self), "kind": self.kind, "road": self.road,
            "from_road": self.from_road, "from_boat": self.from_boat,
            "swap": list(self.swap) if self.swap else None, "boat": self.boat,
            "boat_from_road": self.boat_from_road, "boat_from_boat": self.boat_from_boat,
        }

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its notation; raises NotationError with the reason."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        tokens = text.split(" ")
        if not text or any(t == "" for t in tokens):
            raise NotationError(f"{text!r}: tokens are separated by single spaces")
        swap = None
        if tokens[0].startswith("x"):
            m = _SWAP_RE.match(tokens[0])
            if not m:
                raise NotationError(f"{text!r}: a swap is written x<boat 2-6>/<die 1-6>, like x4/5")
            swap = (int(m.group(1)), int(m.group(2)))
            tokens = tokens[1:]
            if not tokens:
                raise NotationError(f"{text!r}: a swap must be followed by the turn's move")
        head = tokens[0]
        if head == "pass":
            if len(tokens) != 1:
                raise NotationError(f"{text!r}: nothing may follow 'pass'")
            return cls("pass", swap=swap)
        m = _MAIN_RE.match(head)
        if not m:
            raise NotationError(f"{text!r}: expected s<road>, n<road>, p<road>, L<road> or pass")
        letter = m.group(1)
        kind = {"s": "setup", "n": "neutral", "p": "place", "L": "legion"}[letter]
        road = _int(m.group(2), text)
        from_road = _int(m.group(3), text) if m.group(3) is not None else None
        from_boat = int(m.group(4)) if m.group(4) is not None else None
        if swap is not None and kind in ("setup", "neutral"):
            raise NotationError(f"{text!r}: a swap belongs to a regular turn")
        if from_boat is not None and not 2 <= from_boat <= 6:
            raise NotationError(f"{text!r}: boats are numbered 2 to 6")
        if kind in ("setup", "legion") and (from_road is not None or from_boat is not None):
            raise NotationError(f"{text!r}: {kind} takes no source")
        if kind == "neutral" and from_boat is not None:
            raise NotationError(f"{text!r}: neutral warriors never sit on boats")
        boat = boat_from_road = boat_from_boat = None
        rest = tokens[1:]
        if rest:
            if kind != "legion" or len(rest) != 1:
                raise NotationError(f"{text!r}: only a legion move may be followed by a boat placement")
            mb = _BOAT_RE.match(rest[0])
            if not mb:
                raise NotationError(f"{text!r}: a boat placement is written b<2-6>, b<2-6><road or b<2-6><b<2-6>")
            boat = int(mb.group(1))
            boat_from_road = _int(mb.group(2), text) if mb.group(2) is not None else None
            boat_from_boat = int(mb.group(3)) if mb.group(3) is not None else None
            if boat_from_boat is not None and not 2 <= boat_from_boat <= 6:
                raise NotationError(f"{text!r}: boats are numbered 2 to 6")
        return cls(kind, road, from_road, from_boat, swap, boat, boat_from_road, boat_from_boat)


for _i, _name in enumerate(("kind", "road", "from_road", "from_boat", "swap", "boat", "boat_from_road",
                             "boat_from_boat")):
    setattr(Action, _name, property(itemgetter(_i), doc=f"the action's {_name.replace('_', ' ')}"))
del _i, _name

# Unchecked constructor for the rules' own hot paths (the arguments are known to be consistent).
_new_action = tuple.__new__


def _int(digits: str, text: str) -> int:
    if len(digits) > 1 and digits[0] == "0" or len(digits) > 3:
        raise NotationError(f"{text!r}: road numbers are written plainly, like 7 or 12")
    return int(digits)


def _src(road: int | None, boat: int | None) -> str:
    if road is not None:
        return f"<{road}"
    if boat is not None:
        return f"<b{boat}"
    return ""
