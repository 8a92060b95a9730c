"""Cambria's side of the web session: what the page needs to draw and word a game of Cambria.

The generic session (``cambria.webapi``) composes decisions step by step from
the legal actions, keeps the log and answers the page; this module says what
each step of a Cambria action means on the board (a road, a boat, a button),
what the player is asked, and how effects read in the log.  Everything it sends
is data: sentences travel as ``{"key", "args"}`` parts that the page words from
its catalogs, with references to things on the board (``{"seat": 2}``,
``{"road": 12}``, ``{"fort": 3}``) that the page names.
"""

from __future__ import annotations

from typing import Any, Sequence

from .board import MAP_IDS, VP_VALUE, load_board
from .definition import FACTS
from .lift import default_lift
from .state import NEUTRAL, NEUTRAL_ROLL, ROLL, SETUP, SETUP_ROLL, START, TURN, State

__all__ = ["WEB", "CambriaWeb", "COLOURS", "NEUTRAL_COLOUR"]

Part = dict[str, Any]

# id, shape: the colours are told apart by shape as well
COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "circle"), ("blue", "square"), ("yellow", "triangle"), ("green", "diamond"), ("purple", "hexagon"),
)
NEUTRAL_COLOUR = ("neutral", "cross")
SHAPES = dict(COLOURS) | {"neutral": "cross"}
_ORDER = {"swap": 0, "setup": 1, "neutral": 1, "place": 1, "legion": 2, "source": 3, "boat": 4,
          "boat_source": 5, "pass": 6}


def part(key: str, **args: Any) -> Part:
    return {"key": key, "args": args}


def seat(c: int | None) -> dict[str, Any] | None:
    return None if c is None else {"seat": c}


def road(r: int) -> dict[str, int]:
    return {"road": r}


class CambriaWeb:
    """The page's view of Cambria (see the module docstring)."""

    game_id = "cambria"
    facts = FACTS

    # ---------------------------------------------------------------- facts for the page
    def info(self) -> dict[str, Any]:
        boards = []
        for map_id in MAP_IDS:
            b = load_board(map_id)
            boards.append({"id": b.id, "title": b.title, "region": b.region})
        return {
            "id": FACTS.id, "title": FACTS.title, "boards": boards,
            "min_players": FACTS.min_players, "max_players": FACTS.max_players,
            "neutral_with": sorted(FACTS.neutral_with),
            "colours": [{"id": c, "shape": s} for c, s in COLOURS],
            "neutral": {"colour": NEUTRAL_COLOUR[0], "shape": NEUTRAL_COLOUR[1]},
            "options": [{"id": k, "default": v} for k, v in FACTS.options.items()],
        }

    def shape(self, colour: str) -> str:
        return SHAPES.get(colour, "circle")

    # ---------------------------------------------------------------- the position
    def extra_view(self, state: State) -> dict[str, Any]:
        """What the page shows beside the position: warriors on the board, forts left."""
        from .rules import FORTS_LEFT_AT_END

        uncaptured = len(state.uncaptured)
        return {
            "title": state.board.title,
            "points": [state.points(c) for c in range(state.n_colours)],
            "tokens": [state.tokens(c) for c in range(state.n_colours)],
            "on_board": [state.warriors_on_board(c) for c in range(state.n_colours)],
            "uncaptured": uncaptured, "forts_to_end": max(0, uncaptured - FORTS_LEFT_AT_END),
            "dice": list(state.dice), "german_tiebreak": state.german_tiebreak,
            "fort_status": self.fort_status(state),
            "then_roll": self.then_roll(state),
        }

    def then_roll(self, state: State) -> dict[str, Any] | None:
        """The roll that follows the pending decision by the same player, if one does: after the
        neutral placement the player rolls her two dice (the page lets one tap do both)."""
        if state.phase == NEUTRAL:
            return {"kind": "dice", "dice": 2}
        return None

    def fort_status(self, state: State) -> list[dict[str, Any]]:
        """Per fort, who is winning it (the rules' own first and second place): its roads taken of
        its total, the warriors per colour on them, the leader and the runner-up (-1: none/tied),
        and whether the legion blocks it."""
        from .rules import rank_counts

        board = state.board
        out = []
        legion = state.legion
        for f, mask in enumerate(board.fort_mask):
            counts = [(m & mask).bit_count() for m in state.masks]
            first, second = rank_counts(counts)
            out.append({"roads": len(board.fort_roads[f]), "taken": (state.occupied & mask).bit_count(),
                        "counts": counts, "leader": first, "second": second,
                        "legion": legion >= 0 and bool(mask >> legion & 1),
                        "captured": state.fort_owner[f] >= 0})
        return out

    def decider(self, state: State) -> int:
        """The seat that composes the pending decision (the active player, also for the neutral)."""
        return state.current

    def roll_info(self, state: State) -> dict[str, Any] | None:
        phase = state.phase
        if phase == ROLL:
            return {"kind": "dice", "dice": 2}
        if phase == SETUP_ROLL:
            return {"kind": "setup", "dice": 1}
        if phase == NEUTRAL_ROLL:
            # the neutral die asks nothing of anyone: the page rolls it by itself
            return {"kind": "neutral", "dice": 1, "auto": True}
        if phase == START:
            return {"kind": "start", "dice": 0}
        return None

    def rolled(self, effects: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """What a chance step showed, from its effect."""
        e = effects[0]
        if e["type"] == "start":
            return {"kind": "start", "dice": [], "player": e["player"]}
        return {"kind": e["kind"], "dice": e["dice"], "player": e["player"]}

    def wait_prompt(self, state: State) -> list[Part]:
        """The prompt at a chance step."""
        p = seat(state.current)
        phase = state.phase
        if phase == START:
            return [part("prompt.start")]
        if phase == SETUP_ROLL:
            return [part("prompt.setupRoll", name=p)]
        if phase == NEUTRAL_ROLL:
            return [part("prompt.neutralRoll", name=p)]
        return [part("prompt.roll", name=p)]

    # ---------------------------------------------------------------- composing a decision
    def choice(self, state: State, tok: str, partial: Sequence[str], position: dict[str, Any]) -> dict[str, Any]:
        """One next step of the turn builder as the page offers it: what to tap and what it does."""
        c: dict[str, Any] = {"token": tok, "road": None, "boat": None, "die": None}
        roads = position["roads"]
        me = state.current
        if tok == "pass":
            c.update(kind="pass", element="button")
        elif tok[0] == "x":
            n, v = int(tok[1]), int(tok[3])
            dice = list(state.dice)
            dice[dice.index(v) if v in dice else 0] = n
            # a swap that leaves the dice as they were only empties the boat
            c.update(kind="swap", element=f"boat:{n}", boat=n, die=v, dice=sorted(dice),
                     changes_nothing=sorted(dice) == sorted(state.dice))
        elif tok[0] in "snpL":
            r = int(tok[1:])
            kind = {"s": "setup", "n": "neutral", "p": "place", "L": "legion"}[tok[0]]
            o = roads[r]
            displaces = o if o is not None and o >= 0 and (o != me or kind == "legion") else None
            c.update(kind=kind, element=f"road:{r}", road=r, displaces=displaces,
                     own=displaces is not None and displaces == me,
                     legion_home=kind == "place" and position["legion"] == r)
        elif tok[0] == "b":
            n = int(tok[1])
            c.update(kind="boat", element=f"boat:{n}", boat=n)
        else:  # a source: which warrior moves
            kind = "boat_source" if partial and partial[-1].startswith("b") else "source"
            neutral = bool(partial) and partial[-1].startswith("n")
            if tok.startswith("<b"):
                n = int(tok[2])
                c.update(kind=kind, element=f"boat:{n}", boat=n, neutral=neutral)
            else:
                r = int(tok[1:])
                c.update(kind=kind, element=f"road:{r}", road=r, neutral=neutral)
        return c

    def sort_key(self, c: dict[str, Any]) -> tuple[int, int, int, str]:
        return (_ORDER[c["kind"]], c["road"] if c["road"] is not None else -1,
                c["boat"] if c["boat"] is not None else -1, c["token"])

    def propose(self, state: State, partial: Sequence[str], nxt: Sequence[str]) -> str | None:
        """With an empty supply, which warrior moves: the one Normal would move (lift.py); the
        turn builder proposes it and the player may tap another."""
        if not all(t.startswith("<") for t in nxt):
            return None
        return default_lift(state, partial, nxt)

    def proposal_prompt(self, state: State, stage: str, partial: Sequence[str], chosen: str) -> list[Part]:
        """The prompt while a warrior is marked to move (proposed, or tapped): which one, and
        that another can be tapped instead."""
        src: Part = (part("from.boat", boat=int(chosen[2:])) if chosen.startswith("<b")
                     else part("from.road", road=road(int(chosen[1:]))))
        # "tap another to change" is an aside: where a phone's card has no room for it beside
        # what Confirm will do, the page leaves it out (turncard.js); the marked warrior stays
        tip: Part = {**part("prompt.liftTip"), "aside": True}
        if stage == "boat_source":
            return [part("prompt.liftBoat", **{"from": src}), tip]
        # where it goes (the road just tapped): "there" alone named no place once the prompt was read
        placed = next(t for t in reversed(partial) if t[0] in "pn")
        to: Part = part("from.road", road=road(int(placed[1:])))
        if state.phase == NEUTRAL:
            return [part("prompt.liftNeutral", **{"from": src, "to": to}), {**part("prompt.liftNeutralTip"), "aside": True}]
        return [part("prompt.lift", **{"from": src, "to": to}), tip]

    def auto_step(self, state: State, tok: str) -> bool:
        """The neutral's placement asks nobody when it has one road (and, its supply empty, one
        warrior that can move): the turn builder takes such steps by itself (webapi/builder.py),
        and a decision made whole that way is played by the page with a notice."""
        return state.phase == NEUTRAL

    def stage(self, partial: Sequence[str], nxt: Sequence[str]) -> str:
        if not nxt:
            return "confirm"
        if all(t.startswith("<") for t in nxt):
            return "boat_source" if partial and partial[-1].startswith("b") else "source"
        if all(t.startswith("b") for t in nxt):
            return "boat"
        return "target"

    def prompt(self, state: State, stage: str, nxt: Sequence[str], dice: Sequence[int]) -> list[Part]:
        """What the player is asked at this stage of composing a decision (without her name)."""
        phase = state.phase
        if stage == "confirm":
            return [part("prompt.confirm")]
        if stage == "source":
            return [part("prompt.sourceNeutral" if phase == NEUTRAL else "prompt.source")]
        if stage == "boat":
            return [part("prompt.boat")]
        if stage == "boat_source":
            return [part("prompt.boatSource")]
        if phase == SETUP:
            return [part("prompt.setup", die=state.dice[0])]
        if phase == NEUTRAL:
            d = state.dice[0]
            near = d >= 2 and bool(state.board.number_mask[d] & state.empty_mask())
            return [part("prompt.neutralNear" if near else "prompt.neutralAnywhere", die=d)]
        x, y = sorted(dice)[:2]
        kinds = {t[0] for t in nxt}
        out: list[Part]
        if not kinds & {"p", "L"}:
            out = [part("prompt.noRoad", a=x, b=y)]
        elif x == 1 and y == 1:
            out = [part("prompt.double1")]
        elif x == 1:
            out = [part("prompt.oneAnd", x=y)]
        elif x == y:
            out = [part("prompt.doubles", x=x)]
        else:
            out = [part("prompt.pair", a=x, b=y)]
        # the other ways out are asides: their buttons say them too, and a phone's card short of
        # room leaves them out (turncard.js)
        if "x" in kinds:
            out.append({**part("prompt.maySwap"), "aside": True})
        if "pass" in nxt:
            out.append({**part("prompt.orPass"), "aside": True})
        return out

    def preview(self, position: dict[str, Any], dice: Sequence[int], effects: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The position after some effects of a decision, for the board (a drawing of the rules'
        own effects: pieces put where the effects say; nothing is decided here)."""
        roads = list(position["roads"])
        boats = dict(position["boats"])
        supply = list(position["supply"])
        legion = position["legion"]
        dice = list(dice)
        changed_roads: list[int] = []
        changed_boats: list[int] = []
        for e in effects:
            t = e["type"]
            if t == "swap":
                boats[str(e["boat"])] = None
                supply[e["player"]] += 1
                dice = list(e["dice"])
                changed_boats.append(e["boat"])
            elif t == "lift":
                if "road" in e:
                    roads[e["road"]] = -1
                    changed_roads.append(e["road"])
                else:
                    boats[str(e["boat"])] = None
                    changed_boats.append(e["boat"])
            elif t == "displace":
                roads[e["road"]] = -1
                supply[e["player"]] += 1
            elif t == "legion":
                legion = e["to"]
                if e["to"] is not None:
                    changed_roads.append(e["to"])
            elif t == "place":
                roads[e["road"]] = e["player"]
                if e["from"] == "supply":
                    supply[e["player"]] -= 1
                changed_roads.append(e["road"])
            elif t == "boat":
                boats[str(e["boat"])] = e["player"]
                if e["from"] == "supply":
                    supply[e["player"]] -= 1
                changed_boats.append(e["boat"])
        return {"roads": roads, "legion": legion, "boats": boats, "supply": supply, "dice": dice,
                "changed_roads": changed_roads, "changed_boats": changed_boats}

    def touched(self, effects: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
        """The roads, boats and forts a step touched (the board rings them as the last move)."""
        roads: list[int] = []
        boats: list[int] = []
        forts: list[int] = []
        for e in effects:
            if "road" in e and e["type"] in ("place", "lift", "displace"):
                roads.append(e["road"])
            if e["type"] == "legion":
                roads.extend(r for r in (e.get("from"), e.get("to")) if r is not None)
            if e["type"] in ("boat", "swap") or (e["type"] == "lift" and "boat" in e):
                boats.append(e["boat"])
            if e["type"] == "capture":
                forts.append(e["fort"])
        return {"roads": sorted(set(roads)), "boats": sorted(set(boats)), "forts": forts}

    def paths(self, effects: Sequence[dict[str, Any]]) -> list[str]:
        """What a step moved from one place on the board to another, each ``"kind:id>kind:id"``
        (a warrior lifted from a road or boat and set down, the legion from the eagle or a road):
        the review draws them as arrows.  A warrior from the supply (off the board) has none.

        >>> CambriaWeb().paths([{"type": "place", "road": 7, "from": {"road": 3}},
        ...                     {"type": "legion", "from": None, "to": 5},
        ...                     {"type": "boat", "boat": 4, "from": {"boat": 2}}])
        ['road:3>road:7', 'eagle:0>road:5', 'boat:2>boat:4']
        """
        out: list[str] = []
        for e in effects:
            source = e.get("from")
            # a warrior lifted from a road or a boat ({"road": n} / {"boat": n}); "supply": none
            start = next((f"{k}:{source[k]}" for k in ("road", "boat") if k in source), None) \
                if isinstance(source, dict) else None
            if e["type"] == "place" and start:
                out.append(f"{start}>road:{e['road']}")
            elif e["type"] == "boat" and start:
                out.append(f"{start}>boat:{e['boat']}")
            elif e["type"] == "legion" and isinstance(e.get("to"), int):
                # off the eagle (its first move, or back from a displacement) or from its road
                out.append(f"road:{source}>road:{e['to']}" if isinstance(source, int) else f"eagle:0>road:{e['to']}")
        return out

    # ---------------------------------------------------------------- the log
    def log_lines(self, effects: Sequence[dict[str, Any]], actor: int) -> list[dict[str, Any]]:
        """Log lines ({seat, type, parts}) for the effects of one step, in the order they happened."""
        out: list[dict[str, Any]] = []
        for e in effects:
            parts = self._line(e)
            if parts:
                # a capture is the taker's line, the draw the drawn player's; the rest the actor's
                who = e.get("player") if e["type"] in ("capture", "start") else actor
                # the turn a line belongs to (log.js groups by it); the draw before the game is nobody's
                out.append({"seat": who, "actor": None if e["type"] == "start" else actor, "type": e["type"],
                            "parts": parts})
        return out

    def _line(self, e: dict[str, Any]) -> list[Part]:
        t = e["type"]
        name = seat(e.get("player"))
        if t == "start":
            return [part("log.start", name=name)]
        if t == "roll":
            if e["kind"] == "setup":
                return [part("log.rolledSetup", name=name, die=e["dice"][0])]
            if e["kind"] == "neutral":
                return [part("log.rolledNeutral", name=name, die=e["dice"][0])]
            a, b = e["dice"]
            if a == b == 1:
                return [part("log.rolledDouble1", name=name)]
            key = "log.rolledOne" if 1 in (a, b) else "log.rolledDoubles" if a == b else "log.rolled"
            return [part(key, name=name, a=a, b=b)]
        if t == "place":
            r = road(e["road"])
            src = e["from"]
            if e["kind"] == "setup":
                return [part("log.setupPlaced", name=name, road=r)]
            if e["kind"] == "neutral":
                by = seat(e["by"])
                if isinstance(src, dict):
                    return [part("log.neutralMoved", name=by, **{"from": road(src["road"])}, road=r)]
                return [part("log.neutralPlaced", name=by, road=r)]
            if src == "supply":
                out = [part("log.placed", name=name, road=r)]
            elif "road" in src:
                out = [part("log.movedFromRoad", name=name, **{"from": road(src["road"])}, road=r)]
            else:
                out = [part("log.movedFromBoat", name=name, boat=src["boat"], road=r)]
            if e["displaced"] is not None:
                out.append(part("log.sentHome", other=seat(e["displaced"])))
            if e["legion_home"]:
                out.append(part("log.legionHome"))
            return out
        if t == "swap":
            return [part("log.swap", name=name, boat=e["boat"], die=e["die"], a=e["dice"][0], b=e["dice"][1])]
        if t == "legion":
            if e.get("reason") == "end":
                return [part("log.legionLeaves")]
            if e.get("home"):
                return []  # said by the placement that sent it home
            out = [part("log.legion", name=name, road=road(e["to"]))]
            d = e.get("displaced")
            if d is not None:
                out.append(part("log.ownHome", name=name) if d == e["player"] else part("log.sentHome", other=seat(d)))
            return out
        if t == "boat":
            src = e["from"]
            if src == "supply":
                return [part("log.boat", name=name, boat=e["boat"])]
            if "road" in src:
                return [part("log.boatFromRoad", name=name, **{"from": road(src["road"])}, boat=e["boat"])]
            return [part("log.boatFromBoat", name=name, **{"from": src["boat"]}, boat=e["boat"])]
        if t == "pass":
            return [part("log.pass", name=name)]
        if t == "capture":
            fort = {"fort": e["fort"]}
            out = [part("log.claimed" if e["final"] else "log.captured", name=name, fort=fort, number=e["number"])]
            if e["vp_to"] is not None:
                out.append(part("log.vpTo", name=seat(e["vp_to"]), fort=fort, vp=e["vp"]))
            elif e["vp_removed"]:
                out.append(part("log.vpRemoved", fort=fort, vp=e["vp"]))
            return out
        if t == "game_over":
            reason = self.tiebreak(e["decided_by"])
            if reason:
                return [part("log.gameOverTiebreak", name=seat(e["winner"]), reason=reason)]
            return [part("log.gameOver", name=seat(e["winner"]))]
        return []  # lift, displace: told by the placement they belong to

    def tiebreak(self, decided_by: str, german: bool = False) -> Part | None:
        if decided_by == "tokens":
            return part("tiebreak.tokens")
        if decided_by.startswith("last turn"):
            return part("tiebreak.german" if "German" in decided_by or german else "tiebreak.lastTurn")
        return None

    # ---------------------------------------------------------------- the end
    def result(self, outcome: Any, state: State) -> dict[str, Any]:
        res = outcome.details
        board = state.board
        players = []
        for b in res["players"]:
            players.append({
                "index": b["colour"], "neutral": b["colour"] == state.neutral,
                "points": b["points"], "tokens": b["tokens"],
                "fort_points": b["fort_points"], "vp_points": b["vp_points"],
                "forts": [{"fort": f, "number": board.forts[f].number} for f in b["forts"]],
                "vp_tokens": [{"fort": f, "value": VP_VALUE[board.forts[f].number]} for f in b["vp_tokens"]],
                "last_entry": b["last_entry"],
            })
        neutral_points = res["points"][state.neutral] if state.neutral >= 0 else None
        winner = res["winner"]
        return {
            "tiebreak": self.tiebreak(res["decided_by"], state.german_tiebreak),
            "points": res["points"], "tokens": res["tokens"], "players": players,
            "neutral_points": neutral_points,
            "neutral_ahead": neutral_points is not None and neutral_points > res["points"][winner],
        }


WEB = CambriaWeb()

# the turn builder's steps of this game are those of TURN, SETUP and NEUTRAL decisions
DECISION_PHASES = (SETUP, NEUTRAL, TURN)
