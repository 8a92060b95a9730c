"""Why a Cambria decision is good: the reasons ``cambria.ai.explain`` ranks and words.

From the rules' own effects and the positions before and after the decision:

* ``capture``: a fort captured now (its number in points);
* ``deny``: a fort an opponent could capture with one warrior on its last open road, and can
  no longer (the road filled to a tie, the legion on it, his lead broken) - not by the fort
  being captured by him;
* ``close``: a fort's last road filled so that the grey (neutral) army takes it: no rival
  scores it;
* ``break``: an opponent's strict lead at an open fort ended;
* ``lead``: the player's own strict lead at an open fort begun;
* ``token``: a fort's VP token won as second;
* ``boat``: a warrior on a boat (its number changes a die later);
* ``block``: the legion moved onto a road of an open fort (nobody can take that road);
* ``hinder``: the grey (neutral) warrior set on a road of an open fort where an opponent
  has warriors (the one with most there is named);
* ``spare``: the grey warrior set where none of the player's own open forts is;
* ``least``: the grey warrior set where the search finds it hurts the player least (what is
  said of a grey warrior when nothing else is);
* ``near``: more of an open fort's roads the player's own (how many of how many), the least
  telling: nearly every placement has it, so a hint never falls back to "the search's best"
  for a plain move forward.
"""

from __future__ import annotations

from typing import Any

from ...core.interface import Effects
from .rules import rank_counts
from .state import State
from .web import part, seat

__all__ = ["CambriaExplain", "threats"]


def _counts(state: State, mask: int) -> list[int]:
    return [(m & mask).bit_count() for m in state.masks]


def threats(state: State, player: int) -> dict[tuple[int, int], int]:
    """(opponent, fort) -> the fort's number, for every open fort with one open road left (no
    legion on it) where an opponent's warrior there would make him strictly first."""
    out: dict[tuple[int, int], int] = {}
    board = state.board
    legion = state.legion
    for f in state.uncaptured:
        m = board.fort_mask[f]
        if legion >= 0 and m >> legion & 1:
            continue
        if (m & ~state.occupied).bit_count() != 1:
            continue
        counts = _counts(state, m)
        for o in range(state.n_players):
            if o == player:
                continue
            counts[o] += 1
            if rank_counts(counts)[0] == o:
                out[(o, f)] = board.fort_numbers[f]
            counts[o] -= 1
    return out


def _leaders(state: State) -> dict[int, int]:
    """Open fort -> its strict first colour (only forts that have one)."""
    out = {}
    for f in state.uncaptured:
        first = rank_counts(_counts(state, state.board.fort_mask[f]))[0]
        if first >= 0:
            out[f] = first
    return out


class CambriaExplain:
    """The explain hooks of Cambria (see ``cambria.ai.explain``)."""

    KINDS = ("capture", "deny", "close", "break", "lead", "token", "boat", "block", "hinder", "spare", "near",
             "least")

    def reasons(self, before: State, after: State, effects: Effects, player: int) -> list[dict[str, Any]]:
        numbers = before.board.fort_numbers
        out: list[dict[str, Any]] = []
        captured = set()
        for e in effects:
            if e["type"] == "capture":
                f = e["fort"]
                captured.add(f)
                if e["player"] == player:
                    out.append({"kind": "capture", "about": f, "value": e["number"],
                                "part": part("hint.why.capture", fort={"fort": f}, number=e["number"])})
                elif e["player"] == before.neutral and e["player"] >= 0:
                    out.append({"kind": "close", "about": f, "value": e["number"],
                                "part": part("hint.why.close", fort={"fort": f})})
                if e.get("vp_to") == player:
                    out.append({"kind": "token", "about": f, "value": e["vp"],
                                "part": part("hint.why.token", fort={"fort": f}, vp=e["vp"])})
            elif e["type"] == "boat" and e["player"] == player:
                out.append({"kind": "boat", "about": e["boat"], "value": e["boat"],
                            "part": part("hint.why.boat", boat=e["boat"])})
        now = threats(after, player)
        for (o, f), n in threats(before, player).items():
            if (o, f) not in now and f not in captured:
                out.append({"kind": "deny", "about": (o, f), "value": n,
                            "part": part("hint.why.deny", name=seat(o), fort={"fort": f})})
        was, led = _leaders(before), _leaders(after)
        for f, first in was.items():
            if f in captured or f not in after.uncaptured:
                continue
            if first != player and first < before.n_players and led.get(f) != first:
                out.append({"kind": "break", "about": (first, f), "value": numbers[f],
                            "part": part("hint.why.break", name=seat(first), fort={"fort": f})})
        for f, first in led.items():
            if first == player and was.get(f) != player:
                out.append({"kind": "lead", "about": f, "value": numbers[f],
                            "part": part("hint.why.lead", fort={"fort": f}, number=numbers[f])})
        board = before.board
        if after.legion != before.legion and after.legion >= 0:
            for f in board.road_forts[after.legion]:
                if f in after.uncaptured:
                    out.append({"kind": "block", "about": f, "value": numbers[f],
                                "part": part("hint.why.block", fort={"fort": f})})
        for e in effects:  # the grey warrior the player set: whom it gets in the way of
            if e["type"] == "place" and e.get("kind") == "neutral":
                out.extend(self._grey(before, e["road"], player))
        if player < len(after.masks):
            for f in after.uncaptured:
                m = board.fort_mask[f]
                mine = (after.masks[player] & m).bit_count()
                if mine > (before.masks[player] & m).bit_count():
                    out.append({"kind": "near", "about": f, "value": numbers[f],
                                "part": part("hint.why.near", fort={"fort": f}, count=mine,
                                             roads=len(board.fort_roads[f]))})
        return out

    @staticmethod
    def _grey(before: State, road: int, player: int) -> list[dict[str, Any]]:
        board = before.board
        numbers = board.fort_numbers
        out: list[dict[str, Any]] = []
        own = False
        for f in board.road_forts[road]:
            if f not in before.uncaptured:
                continue
            counts = _counts(before, board.fort_mask[f])
            own = own or counts[player] > 0
            rivals = [(counts[o], -o) for o in range(before.n_players) if o not in (player, before.neutral) and counts[o]]
            if rivals:
                o = -max(rivals)[1]
                out.append({"kind": "hinder", "about": (o, f), "value": numbers[f],
                            "part": part("hint.why.hinder", name=seat(o), fort={"fort": f})})
        if not own:
            out.append({"kind": "spare", "about": road, "value": 0.0, "part": part("hint.why.spare")})
        out.append({"kind": "least", "about": None, "value": 0.0, "part": part("hint.why.least")})
        return out


EXPLAIN = CambriaExplain()
