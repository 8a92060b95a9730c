"""The preview of a Hibernia turn in words, from the rules' own effects (as Cambria's capture
sentence): what confirming will do, one sentence per thing that happens.

    preview_parts(state, effects)  -> [{"key", "args"}]   (web/games/hibernia/words.js words them)

``state`` is the position before the turn's first action (the player ``state.current``);
``effects`` are those of the actions composed so far (``turn.Turn.effects``: the end of the
turn's walk only once the turn is whole).  The sentences, in the order of the effects:

* ``hib.say.enter`` / ``hib.say.reinforce``: soldiers go into a county (how many, how many of
  them from the player's counties); ``hib.say.invade*``: "{attackers} against {defenders}: you
  lose …, {other} keeps {county} with {left}" (kept, taken, left empty);
* ``hib.say.muster``: the soldiers that come back from the shield;
* ``hib.say.walk``: the marker's steps, the space it ends on and the colours it pays with.
"""

from __future__ import annotations

from typing import Any, Sequence

from .board import TRACK_LENGTH
from .state import State

__all__ = ["preview_parts", "MAX_COLOURS"]

MAX_COLOURS = 6  # the walk's colours named at most (then "…")


def part(key: str, **args: Any) -> dict[str, Any]:
    return {"key": key, "args": args}  # (named as web.py's: the catalogs' check reads the calls)


def preview_parts(state: State, effects: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    board = state.board
    out: list[dict[str, Any]] = []
    action: dict[str, Any] | None = None
    from_counties = 0

    def close_move() -> None:
        # an enter or reinforce is said once its soldiers are counted (a fight says itself)
        nonlocal action
        if action is None or action["kind"] not in ("enter", "reinforce"):
            action = None
            return
        county = {"county": board.counties[action["county"]].id}
        move_key = "hib.say.enter" if action["kind"] == "enter" else "hib.say.reinforce"
        out.append(part(move_key, count=action["n"], county=county))
        if from_counties:
            out.append(part("hib.say.fromCounties", count=from_counties))
        action = None

    for e in effects:
        t = e["type"]
        if t == "action":
            close_move()
            action, from_counties = (e if e["kind"] != "muster" else None), 0
        elif t == "soldiers" and action is not None and isinstance(e["from"], int) and e["to"] == action["county"]:
            from_counties += e["count"]
        elif t == "combat":
            county = {"county": board.counties[e["county"]].id}
            fight_key = ("hib.say.invadeEmpty" if e["holder"] is None else "hib.say.invadeTaken" if e["taken"]
                   else "hib.say.invadeHeld")
            out.append(part(fight_key, attackers=e["attackers"], defenders=e["defenders"], count=e["losses"],
                            county=county, other={"seat": e["defender"]}, left=e["left"]))
            if from_counties:
                out.append(part("hib.say.fromCounties", count=from_counties))
            action = None
        elif t == "muster":
            close_move()
            got = e["returned"][e["player"]]
            out.append(part("hib.say.muster", count=got, others=sum(e["returned"]) - got))
        elif t == "walk":
            close_move()
            if e["steps"] == 0:
                out.append(part("hib.say.walkNone"))
                continue
            colours = [s["colour"] for s in effects if s["type"] == "step" and s["player"] == e["player"]]
            more = len(colours) > MAX_COLOURS
            out.append(part("hib.say.walk", count=e["steps"], space=e["to"] % TRACK_LENGTH,
                             colours=colours[:MAX_COLOURS], more=more))
    close_move()
    return out
