"""Actions: one decision of a player, as a small immutable value with a text notation.

A turn of Hibernia has two actions, the **die action** (in a county of the rolled
colour, any county on black, none on purple) and the **extra action** (any county),
in the order the player likes.  One decision is one of them: first the player picks
which comes first and plays it, then he plays the other (after purple only the extra
action is left).  An action is a move into a county or a muster.

Notation: the slot, one space, then ``muster`` or the target county's id, followed,
only when the supply is short, by where the rest of the soldiers come from (``<``,
then ``<id><count>`` per county, in alphabetical order of the ids, joined by commas):

==========================  ===============================================================
``die LON``                 the die action: move into Longford (the soldiers from the supply)
``extra MEA<DON2,ROS1``     the extra action: move into Meath, the supply's soldiers first,
                            then two from Donegal and one from Roscommon
``die muster``              the die action used to muster
==========================  ===============================================================

The sources are a multiset (how many from each county), never an ordering: one
spelling per decision, and the parser accepts only that spelling.

>>> a = Action.parse("extra MEA<DON2,ROS1")
>>> a.slot, a.target, a.sources, a.is_muster
('extra', 'MEA', (('DON', 2), ('ROS', 1)), False)
>>> str(a) == "extra MEA<DON2,ROS1", Action.parse("die muster") == Action.muster("die")
(True, True)
"""

from __future__ import annotations

import re
from typing import Iterable

from ...core.errors import IllegalActionError, NotationError

__all__ = ["Action", "IllegalActionError", "NotationError", "SLOTS", "MUSTER", "action_steps", "join_steps"]

SLOTS = ("die", "extra")
MUSTER = "muster"
MAX_COUNT = 99
_ID = r"[A-Z]{2,5}"
_ID_RE = re.compile(_ID + r"\Z")
_SOURCE_RE = re.compile(r"(" + _ID + r")([1-9][0-9]?)\Z")


class Action(tuple):  # type: ignore[type-arg]
    """One action: ``(slot, target, sources)``; immutable, hashable, round-trips through ``str``.

    ``target`` is a county id or ``"muster"``; ``sources`` a tuple of ``(county id, count)``
    sorted by id (empty when the supply gives every soldier)."""

    __slots__ = ()

    def __new__(cls, slot: str, target: str, sources: Iterable[tuple[str, int]] = ()) -> Action:
        if slot not in SLOTS:
            raise NotationError(f"the slot is 'die' or 'extra', not {slot!r}")
        if not isinstance(target, str) or (target != MUSTER and not _ID_RE.match(target)):
            raise NotationError(f"the target is a county id (2-5 capital letters) or 'muster', not {target!r}")
        src = tuple(sources)
        if target == MUSTER and src:
            raise NotationError("a muster takes no soldiers from counties")
        last = ""
        for item in src:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise NotationError(f"a source is (county id, count), not {item!r}")
            cid, k = item
            if not isinstance(cid, str) or not _ID_RE.match(cid):
                raise NotationError(f"a source county is an id of 2-5 capital letters, not {cid!r}")
            if type(k) is not int or not 1 <= k <= MAX_COUNT:
                raise NotationError(f"county {cid} gives 1 to {MAX_COUNT} soldiers, not {k!r}")
            if cid == target:
                raise NotationError(f"soldiers moved into {target} cannot come from {target} itself")
            if cid <= last:
                raise NotationError("source counties are listed once each, in alphabetical order")
            last = cid
        return tuple.__new__(cls, (slot, target, src))

    @classmethod
    def move(cls, slot: str, target: str, sources: Iterable[tuple[str, int]] = ()) -> Action:
        return cls(slot, target, sources)

    @classmethod
    def muster(cls, slot: str) -> Action:
        return cls(slot, MUSTER)

    @property
    def slot(self) -> str:
        """``"die"`` or ``"extra"``."""
        return str(tuple.__getitem__(self, 0))

    @property
    def target(self) -> str:
        """The target county's id, or ``"muster"``."""
        return str(tuple.__getitem__(self, 1))

    @property
    def sources(self) -> tuple[tuple[str, int], ...]:
        """Where the soldiers beyond the supply come from: ``(county id, count)`` by id."""
        src: tuple[tuple[str, int], ...] = tuple.__getitem__(self, 2)
        return src

    @property
    def is_muster(self) -> bool:
        return bool(tuple.__getitem__(self, 1) == MUSTER)

    @property
    def from_board(self) -> int:
        """How many soldiers come from counties (not from the supply)."""
        return sum(k for _, k in self.sources)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __lt__(self, other: tuple) -> bool:  # type: ignore[type-arg]
        return str(self) < str(other)

    def __getnewargs__(self) -> tuple:  # type: ignore[type-arg]
        return tuple(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        slot, target, src = tuple.__iter__(self)
        if not src:
            return f"{slot} {target}"
        return f"{slot} {target}<" + ",".join(f"{cid}{k}" for cid, k in src)

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly description (for the web page)."""
        return {"text": str(self), "slot": self.slot, "kind": "muster" if self.is_muster else "move",
                "county": None if self.is_muster else self.target,
                "sources": {cid: k for cid, k in self.sources}}

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its notation; NotationError says what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        tokens = text.split(" ")
        if len(tokens) != 2 or not all(tokens):
            raise NotationError(f"{text[:60]!r}: an action is '<die|extra> <county|muster>', "
                                "two words separated by one space")
        slot, rest = tokens
        if slot not in SLOTS:
            raise NotationError(f"{text[:60]!r}: the action starts with 'die' or 'extra', not {slot[:20]!r}")
        if rest == MUSTER:
            return cls(slot, MUSTER)
        target, sep, tail = rest.partition("<")
        if not _ID_RE.match(target):
            raise NotationError(f"{text[:60]!r}: expected a county id (2-5 capital letters) or 'muster', "
                                f"not {target[:20]!r}")
        if not sep:
            return cls(slot, target)
        src: list[tuple[str, int]] = []
        for item in tail.split(","):
            m = _SOURCE_RE.match(item)
            if not m:
                raise NotationError(f"{text[:60]!r}: a source is a county id and a count, like DON2, "
                                    f"not {item[:20]!r}")
            src.append((m.group(1), int(m.group(2))))
        return cls(slot, target, src)


def action_steps(text: str) -> list[str]:
    """Notation -> the steps a person composes it by: the slot, the county, then one step per
    source county: ``'extra MEA<DON2,ROS1'`` -> ``['extra', 'MEA', '<DON2', '<ROS1']``."""
    slot, _, rest = text.partition(" ")
    target, sep, tail = rest.partition("<")
    steps = [slot, target]
    if sep:
        steps.extend("<" + s for s in tail.split(","))
    return steps


def join_steps(steps: Iterable[str]) -> str:
    """The inverse of ``action_steps``."""
    steps = list(steps)
    text = " ".join(steps[:2])
    sources = [s[1:] for s in steps[2:]]
    return text + ("<" + ",".join(sources) if sources else "")
