"""Why a Hibernia decision is good: the reasons ``cambria.ai.explain`` ranks and words.

From the rules' own effects and the positions before and after the decision:

* ``take``: a county entered or won in combat;
* ``deny``: one of the player's counties an opponent could take on his next turn (more
  neighbours there than it has soldiers, and the soldiers to send), and can no longer;
* ``clear``: an opponent's county emptied in combat (a tie: nobody holds it);
* ``walk``: the walk that ends the turn (its steps);
* ``pace``: after the first action, the walk the turn would end with now grew (its steps);
* ``muster``: soldiers back from the shield.
"""

from __future__ import annotations

from typing import Any

from ...core.interface import Effects
from .rules import _bits, protected  # the rules' own: the counties of a mask, rulings 8 and 9
from .state import LAST_ACTION, State
from .track import walk_length
from .web import county_ref, part, seat

__all__ = ["HiberniaExplain", "threats"]


def threats(state: State, player: int) -> set[tuple[int, int]]:
    """(opponent, county) for every county of ``player`` that an opponent could take on his
    turn: more neighbours held there than it has soldiers, as many soldiers to send (his supply
    and the spares on the board), and the player not protected there (rulings 8 and 9)."""
    out: set[tuple[int, int]] = set()
    adjacent = state.board.adjacent
    count = state.count
    masks = state.masks
    avail = []
    for q in range(state.n_players):
        held = _bits(masks[q])
        avail.append(state.supply[q] + sum(count[j] for j in held) - len(held))
    for i in _bits(masks[player]):
        for q in range(state.n_players):
            if q == player:
                continue
            n = (adjacent[i] & masks[q]).bit_count()
            if n > count[i] and avail[q] >= n and not protected(state, player, i):
                out.add((q, i))
    return out


def _walk_now(state: State, player: int) -> int:
    """The steps the player's walk would take if his turn ended now."""
    return walk_length(state.board.track, state.track[player], state.holdings(player), state.purple)


class HiberniaExplain:
    """The explain hooks of Hibernia (see ``cambria.ai.explain``)."""

    KINDS = ("take", "deny", "clear", "walk", "pace", "muster", "hold")

    def reasons(self, before: State, after: State, effects: Effects, player: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        walked = False
        for e in effects:
            t = e["type"]
            if t == "action" and e["kind"] == "enter" and e["player"] == player:
                out.append({"kind": "take", "about": e["county"], "value": 1,
                            "part": part("hib.hint.take", county=county_ref(before, e["county"]))})
            elif t == "combat" and e["attacker"] == player:
                where = county_ref(before, e["county"])
                if e["holder"] == player:
                    out.append({"kind": "take", "about": e["county"], "value": 2,
                                "part": part("hib.hint.takeFrom", county=where, name=seat(e["defender"]))})
                elif e["holder"] is None:
                    out.append({"kind": "clear", "about": e["county"], "value": 1,
                                "part": part("hib.hint.clear", county=where, name=seat(e["defender"]))})
            elif t == "action" and e["kind"] == "reinforce" and e["player"] == player:
                # the least telling: a county of one's own made stronger (how many stand there now)
                n = after.count[e["county"]]
                out.append({"kind": "hold", "about": e["county"], "value": n,
                            "part": part("hib.hint.hold", county=county_ref(before, e["county"]), count=n)})
            elif t == "walk" and e["player"] == player and e["steps"]:
                walked = True
                out.append({"kind": "walk", "about": None, "value": e["steps"],
                            "part": part("hib.hint.walk", count=e["steps"])})
            elif t == "muster" and e["player"] == player and e["returned"][player]:
                n = e["returned"][player]
                out.append({"kind": "muster", "about": None, "value": n, "part": part("hib.hint.muster", count=n)})
        now = threats(after, player)
        for q, i in sorted(threats(before, player) - now):
            if after.owner[i] == player:
                out.append({"kind": "deny", "about": (q, i), "value": 1,
                            "part": part("hib.hint.deny", name=seat(q), county=county_ref(before, i))})
        if not walked and after.phase == LAST_ACTION and after.current == player:
            n, was = _walk_now(after, player), _walk_now(before, player)
            if n > was:
                out.append({"kind": "pace", "about": None, "value": n, "part": part("hib.hint.pace", count=n)})
        return out


EXPLAIN = HiberniaExplain()
