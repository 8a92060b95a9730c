"""The engine's review (``review.review``'s REVIEW) as text for a terminal: ``python -m cambria review``.

The page words a review's parts (``{key, args}``) from its catalogs in four languages; the command
line speaks English only.  ``WHY`` holds the English templates of the reasons a review can give,
the very words of ``web/i18n/en.js`` (tests/test_review_cli.py keeps them equal, and checks that
every reason a game's ``explain`` gives has one); the arguments are worded as the page words
them: a seat by the player's name, a fort, road or county by its name on the game's board.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

__all__ = ["WHY", "format_review", "word_part", "summary_line"]

# key -> English template (a dict: by the number ``count``), as in web/i18n/en.js
WHY: dict[str, str | dict[str, str]] = {
    "hint.why.best": "is the strongest the search found",
    "hint.why.capture": "captures {fort} ({number}) now",
    "hint.why.deny": "keeps {name} from taking {fort}",
    "hint.why.break": "breaks {name}’s lead at {fort}",
    "hint.why.lead": "puts you in the lead at {fort} ({number})",
    "hint.why.token": "wins you the VP token of {fort} (+{vp})",
    "hint.why.boat": "puts a warrior on boat {boat}",
    "hint.why.block": "blocks a road of {fort} with the legion",
    "hint.why.hinder": "puts the grey warrior in {name}’s way at {fort}",
    "hint.why.spare": "keeps the grey warrior away from your forts",
    "hint.why.close": "fills {fort} for the grey army, so no rival scores it",
    "hint.why.least": "sets the grey warrior where it hurts you least",
    "hint.why.near": "gives you {count} of the {roads} roads at {fort}",
    "hib.hint.take": "takes {county}",
    "hib.hint.takeFrom": "takes {county} from {name}",
    "hib.hint.clear": "drives {name} out of {county}",
    "hib.hint.deny": "keeps {name} from taking {county}",
    "hib.hint.walk": {"one": "walks your marker {count} step", "other": "walks your marker {count} steps"},
    "hib.hint.pace": {"one": "makes this turn’s walk {count} step",
                      "other": "makes this turn’s walk {count} steps"},
    "hib.hint.muster": {"one": "brings {count} soldier back from the shield",
                        "other": "brings {count} soldiers back from the shield"},
    "hib.hint.hold": {"one": "makes {county} stronger: {count} soldier there",
                      "other": "makes {county} stronger: {count} soldiers there"},
}

_VERDICT_WORDS = {"good": ("good move", "good moves"), "inaccuracy": ("inaccuracy", "inaccuracies"),
                  "mistake": ("mistake", "mistakes"), "blunder": ("blunder", "blunders")}


def _arg(value: Any, names: Sequence[str], board: Any) -> str:
    """One argument of a part in words: a seat, fort, road or county by name, else as it is."""
    if isinstance(value, dict):
        if "seat" in value and isinstance(value["seat"], int) and 0 <= value["seat"] < len(names):
            return names[value["seat"]]
        forts = getattr(board, "forts", None)
        if "fort" in value and forts is not None and 0 <= value["fort"] < len(forts):
            return str(forts[value["fort"]].name)
        if "road" in value and hasattr(board, "road_name"):
            return str(board.road_name(value["road"]))
        counties = getattr(board, "counties", None)
        if "county" in value and counties is not None:
            return next((str(c.name) for c in counties if c.id == value["county"]), str(value["county"]))
        if "key" in value:
            return word_part(value, names, board)
        return str(next(iter(value.values()), ""))
    return str(value)


def word_part(part: dict[str, Any], names: Sequence[str], board: Any = None) -> str:
    """A part ``{key, args}`` in English (the key itself if it has no template here)."""
    args = part.get("args") or {}
    template = WHY.get(part.get("key", ""))
    if template is None:
        return str(part.get("key"))
    if isinstance(template, dict):
        template = template["one" if args.get("count") == 1 else "other"]
    return re.sub(r"\{(\w+)\}", lambda m: _arg(args[m.group(1)], names, board) if m.group(1) in args
                  else m.group(0), template)


def summary_line(counts: dict[str, Any]) -> str:
    """``{good: 4, inaccuracy: 2, mistake: 0, blunder: 1}`` -> "4 good moves, 2 inaccuracies, 1 blunder".

    >>> summary_line({"good": 1, "inaccuracy": 0, "mistake": 2, "blunder": 0})
    '1 good move, 2 mistakes'
    >>> summary_line({"good": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0})
    'no decisions'
    """
    said = [f"{counts[k]} {one if counts[k] == 1 else many}" for k, (one, many) in _VERDICT_WORDS.items()
            if counts.get(k)]
    return ", ".join(said) if said else "no decisions"


def format_review(review: dict[str, Any], board: Any = None, player: int | None = None) -> str:
    """The REVIEW for a terminal: per player (or only ``player``) the summary and the three
    biggest mistakes with their why, then the win chances turn by turn."""
    players = review["players"]
    names = [p["name"] for p in players]
    items = review["decisions"]
    lines = [f"{len(items)} decisions reviewed; loss = points of win chance given away against the "
             "best move the engine found"]
    for p in players:
        seat = p["index"]
        if player is not None and seat != player:
            continue
        counts = review["summary"][seat]
        lines.append("")
        lines.append(f"{p['name']} ({p['colour']}): {summary_line(counts)}")
        worst = review["mistakes"][str(seat)]
        if not worst:
            lines.append("  no move gave any win chance away")
        for index in worst:
            item = items[index]
            lines.append(f"  turn {item['turn']}: played {item['played']}, better {item['best']}, "
                         f"loss {item['loss']:.1f} ({item['verdict']})")
            if item["why"]:
                lines.append(f"    the better move {word_part(item['why'][0], names, board)}")
    lines.append("")
    lines.append("Win chance by turn (percent, at the end of each turn's last decision):")
    width = max(6, *(len(n) + 1 for n in names))
    lines.append("  turn" + "".join(f"{n:>{width}}" for n in names))
    by_turn: dict[int, list[int]] = {}
    for point in review["chart"]["points"]:
        by_turn[point["turn"]] = point["chances"]
    for turn, pct in by_turn.items():
        lines.append(f"  {turn:>4}" + "".join(f"{x:>{width}}" for x in pct))
    return "\n".join(lines)
