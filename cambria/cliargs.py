"""Argument types and checks shared by the command-line tools (``cli`` and ``ai.cli``)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from .core.errors import clip_message
from .core.registry import boards_of

__all__ = ["Parser", "whole_number", "positive_int", "seed_int", "pick_boards"]


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose refusals are cut to a readable length: argparse quotes the
    value it refuses whole (an unknown choice, an unrecognised argument), however long."""

    def error(self, message: str) -> NoReturn:
        super().error(clip_message(message))


def whole_number(text: str) -> int:
    """An argparse type: a whole number written in decimal digits (no '1e3', no '0x10')."""
    digits = text.strip()
    if not (0 < len(digits) <= 30 and digits.lstrip("+-").isascii() and digits.lstrip("+-").isdigit()
            and len(digits) - len(digits.lstrip("+-")) <= 1):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}")
    return int(digits)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seed_int(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**53 - 1."""
    value = whole_number(text)
    if not 0 <= value <= 2**53 - 1:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 9007199254740991")
    return value


def pick_boards(game: str, board: str | None) -> list[str]:
    """The boards to play: the game's default, one named board, or all of them ("all")."""
    own = list(boards_of(game))
    if board is None:
        return own[:1]
    if board in ("all", "both"):
        return own
    if board not in own:
        raise ValueError(f"--map: {game} has the boards {', '.join(own)} (or all), not {board!r}")
    return [board]
