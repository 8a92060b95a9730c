"""One validation of the players of a game, for new games and for records alike.

A seat is ``{"name", "colour", "kind"}``: a name that shows (not blank, not
invisible, at most ``MAX_NAME`` characters, and never the neutral colour's
name), one of the game's colours (all different), and ``"human"`` or
``"computer:<level>"`` with a level from ``LEVELS``.  Levels are looked up in a
tuple, never in a dict or an object, so no inherited name can pass.

>>> check_seats([{"name": " Ann  Lee "}, {"name": "Bob", "kind": "computer:hard"}],
...             ("red", "blue", "green"))
[{'name': 'Ann Lee', 'colour': 'red', 'kind': 'human'}, {'name': 'Bob', 'colour': 'blue', 'kind': 'computer:hard'}]
>>> check_seats([{"name": "Ann", "kind": "computer:godlike"}, {"name": "Bob"}], ("red", "blue"))
Traceback (most recent call last):
...
ValueError: player 1: unknown computer level 'godlike'; the levels are easy, normal, hard
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable, Sequence

__all__ = ["LEVELS", "MAX_NAME", "NEUTRAL_NAME", "NameProblem", "check_seats", "clean_name", "kind_level"]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
MAX_NAME = 40
NEUTRAL_NAME = "Neutral"
SEAT_FIELDS = ("name", "colour", "kind")


class NameProblem(ValueError):
    """A name the rules do not take: ``seat`` (from 1) and ``reason`` say whose and why, so that
    the page can say it in the player's words: "text" (not text at all), "broken" (a lone
    surrogate), "control" (a control character), "blank" (nothing that shows), "long" (more
    than ``MAX_NAME`` characters), "neutral" (the neutral colour's name)."""

    def __init__(self, message: str, seat: int, reason: str) -> None:
        super().__init__(message)
        self.seat, self.reason = seat, reason


def clean_name(name: Any, seat: int) -> str:
    """A player's name with its spaces tidied, or NameProblem saying what is wrong with it."""
    if not isinstance(name, str):
        raise NameProblem(f"player {seat}: the name must be text", seat, "text")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise NameProblem(f"player {seat}: the name has a broken character (a lone surrogate)", seat,
                          "broken") from None
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Co") for ch in name):
        raise NameProblem(f"player {seat}: the name has a control character", seat, "control")
    tidy = " ".join(name.split())
    if not _visible(tidy):
        raise NameProblem(f"player {seat} needs a name (this one is blank or invisible)", seat, "blank")
    if len(tidy) > MAX_NAME:
        raise NameProblem(f"player {seat}: the name is longer than {MAX_NAME} characters", seat, "long")
    if _skeleton(tidy) == _skeleton(NEUTRAL_NAME):
        raise NameProblem(f"player {seat}: {NEUTRAL_NAME!r} is the name of the neutral colour; pick another",
                          seat, "neutral")
    return tidy


# Letters that draw nothing although Unicode files them as letters or symbols.
_BLANK_LETTERS = frozenset("\u115f\u1160\u2800\u3164\uffa0")


def _visible(text: str) -> str:
    """The characters of ``text`` that draw something (no spaces, format characters, lone marks)."""
    return "".join(ch for ch in text if not ch.isspace() and ch not in _BLANK_LETTERS
                   and unicodedata.category(ch) not in ("Cf", "Mn", "Me"))


def _skeleton(text: str) -> str:
    """What a name looks like, for comparing: compatibility forms folded, invisible characters gone."""
    return _visible(unicodedata.normalize("NFKC", text)).casefold()


def kind_level(kind: str) -> str | None:
    """The computer level of a seat kind (None for a human)."""
    return kind.split(":", 1)[1] if kind.startswith("computer:") else None


def _check_kind(kind: Any, seat: int, levels: Sequence[str]) -> str:
    if kind == "human":
        return "human"
    if not isinstance(kind, str) or not kind.startswith("computer:"):
        raise ValueError(f"player {seat}: kind must be 'human' or 'computer:<level>', not {kind!r}")
    level = kind[len("computer:"):]
    if level not in tuple(levels):
        raise ValueError(f"player {seat}: unknown computer level {level!r}; the levels are {', '.join(levels)}")
    return kind


def check_seats(players: Any, colours: Sequence[str], min_players: int = 2, max_players: int = 5,
                levels: Sequence[str] = LEVELS,
                error: Callable[[str], Exception] = ValueError,
                name_error: Callable[[NameProblem], Exception] | None = None) -> list[dict[str, str]]:
    """Validate and normalise a list of seats; raise ``error(message)`` naming the first problem,
    or ``name_error(problem)`` for a name the rules do not take if given."""
    try:
        return _check(players, colours, min_players, max_players, levels)
    except NameProblem as exc:
        raise (name_error(exc) if name_error is not None else error(str(exc))) from None
    except ValueError as exc:
        raise error(str(exc)) from None


def _check(players: Any, colours: Sequence[str], lo: int, hi: int, levels: Sequence[str]) -> list[dict[str, str]]:
    if not isinstance(players, list):
        raise ValueError(f"players must be a list of {lo} to {hi} players")
    if not lo <= len(players) <= hi:
        raise ValueError(f"players must be a list of {lo} to {hi} players, not {len(players)}")
    out: list[dict[str, str]] = []
    taken: dict[str, int] = {}
    for i, p in enumerate(players):
        seat = i + 1
        if not isinstance(p, dict):
            raise ValueError(f"player {seat} must be an object with a name")
        extra = [k for k in p if k not in SEAT_FIELDS]
        if extra:
            raise ValueError(f"player {seat}: unknown field {str(extra[0])[:40]!r} (a player has "
                             f"{', '.join(SEAT_FIELDS)})")
        name = clean_name(p.get("name"), seat)
        colour = p.get("colour", colours[i] if i < len(colours) else None)
        if not isinstance(colour, str) or colour not in tuple(colours):
            raise ValueError(f"player {seat}: unknown colour {colour!r}; the colours are {', '.join(colours)}")
        if colour in taken:
            raise ValueError(f"player {seat}: colour {colour!r} is taken by player {taken[colour]}; "
                             "every player needs their own colour")
        taken[colour] = seat
        kind = _check_kind(p.get("kind", "human"), seat, levels)
        out.append({"name": name, "colour": colour, "kind": kind})
    return out
