"""Hibernia's side of the web session: what the page needs to draw and word a game of Hibernia.

The page composes a whole turn (both actions, one Confirm) by its own steps (``turn.py``:
a county or ``muster`` per action, the county deciding which action it is, and a stepper's
``+id``/``-id`` for soldiers from counties); ``compose`` answers the turn builder with what
each step means on the page (a county to tap, the muster's button, a stepper's row), what the
player is asked, and the preview (the rules' own effects, drawn and said in words by
``saying.py``).  This module also words the log.  It decides no rule: every fact comes from
the rules (``rules``, ``scoring``) or their effects.

Sentences travel as ``{"key", "args"}`` parts worded by the page's catalogs; a county is
referred to as ``{"county": "MEA"}`` (its id; the page names it), a player as
``{"seat": 2}``, a face of the die as a part ``{"key": "hib.face.red"}``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .board import COLOURS, TRACK_LENGTH
from .definition import FACTS, PLAYER_COLOURS
from .rules import neighbours_held
from .saying import preview_parts
from .turn import Turn, muster_slot, page_steps, targets
from .state import BLACK, DIE_SLOT, FACES, FIRST_ACTION, FORTS, LAST_ACTION, PURPLE, ROLL, START, State

__all__ = ["WEB", "HiberniaWeb", "SHAPES", "NEUTRAL_COLOUR", "DECISION_PHASES"]

Part = dict[str, Any]

# each player's colour has its own shape, so that no colour relies on its hue alone
SHAPES: dict[str, str] = {"white": "circle", "orange": "square", "pink": "triangle", "grey": "diamond",
                          "neutral": "cross"}
NEUTRAL_COLOUR = "neutral"
_ORDER = {"county": 0, "source": 1, "muster": 2}

# the turn builder's steps of this game are those of the two action phases
DECISION_PHASES = (FIRST_ACTION, LAST_ACTION)


def part(key: str, **args: Any) -> Part:
    return {"key": key, "args": args}


def seat(c: int | None) -> dict[str, Any] | None:
    return None if c is None or c < 0 else {"seat": c}


# the faces of the die as parts (literal keys: the catalogs' check finds them)
FACE_PARTS: dict[str, Part] = {
    "blue": {"key": "hib.face.blue", "args": {}}, "green": {"key": "hib.face.green", "args": {}},
    "red": {"key": "hib.face.red", "args": {}}, "yellow": {"key": "hib.face.yellow", "args": {}},
    "black": {"key": "hib.face.black", "args": {}}, "purple": {"key": "hib.face.purple", "args": {}},
}


def face(name: str) -> Part:
    return dict(FACE_PARTS[name])


def county_ref(state_or_board: Any, index: int) -> dict[str, str]:
    board = getattr(state_or_board, "board", state_or_board)
    return {"county": board.counties[index].id}


class HiberniaWeb:
    """The page's view of Hibernia (see the module docstring)."""

    game_id = "hibernia"
    facts = FACTS

    # ---------------------------------------------------------------- facts for the page
    def info(self) -> dict[str, Any]:
        from .board import load_board

        b = load_board(FACTS.boards[0])
        return {
            "id": FACTS.id, "title": FACTS.title,
            "boards": [{"id": b.id, "title": b.title, "region": "ireland"}],
            "min_players": FACTS.min_players, "max_players": FACTS.max_players,
            "neutral_with": sorted(FACTS.neutral_with),
            "colours": [{"id": c, "shape": SHAPES[c]} for c in PLAYER_COLOURS],
            "neutral": {"colour": NEUTRAL_COLOUR, "shape": SHAPES[NEUTRAL_COLOUR]},
            "options": [{"id": k, "default": v} for k, v in FACTS.options.items()],
        }

    def shape(self, colour: str) -> str:
        return SHAPES.get(colour, "circle")

    # ---------------------------------------------------------------- the position
    def extra_view(self, state: State) -> dict[str, Any]:
        """Beside the position: the counties (id, colour) in board order, the track's colours,
        each colour's points (total steps), counties held and soldiers on the board."""
        board = state.board
        n = state.n_colours
        return {
            "title": board.title,
            "counties": [{"id": c.id, "colour": c.colour, "fort": c.fort} for c in board.counties],
            "track_colours": [COLOURS[t] for t in board.track],
            "track_length": TRACK_LENGTH,
            "points": [state.track[c] if c < state.n_players else 0 for c in range(n)],
            "held": [len(state.counties_of(c)) for c in range(n)],
            "holdings": [state.holdings(c) for c in range(n)],
            "on_board": [state.on_board(c) for c in range(n)],
            "die": FACES[state.die] if state.die >= 0 else None,
        }

    def decider(self, state: State) -> int:
        return state.current

    def roll_info(self, state: State) -> dict[str, Any] | None:
        phase = state.phase
        if phase == ROLL:
            return {"kind": "colour", "dice": 1}
        if phase == FORTS:
            return {"kind": "forts", "dice": 0}
        if phase == START:
            return {"kind": "start", "dice": 0}
        return None

    def rolled(self, effects: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """What a chance step showed, from its effects."""
        e = effects[0]
        if e["type"] == "roll":
            return {"kind": "colour", "dice": [e["face"]], "player": e["player"]}
        if e["type"] == "start":
            return {"kind": "start", "dice": [], "player": e["player"]}
        return {"kind": "forts", "dice": [], "player": None}

    def wait_prompt(self, state: State) -> list[Part]:
        phase = state.phase
        if phase == START:
            return [part("prompt.start")]
        if phase == FORTS:
            return [part("hib.prompt.forts")]
        return [part("hib.prompt.roll", name=seat(state.current))]

    # ---------------------------------------------------------------- composing a decision
    def choice(self, state: State, tok: str, slot: str) -> dict[str, Any]:
        """A county to move into, or the muster, as the page offers it: what it does."""
        c: dict[str, Any] = {"token": tok, "county": None, "count": None, "slot": slot}
        if tok == "muster":
            c.update(kind="muster", element="button")
            return c
        i = state.board.index[tok]
        p = state.current
        q = state.owner[i]
        n = neighbours_held(state, p, i)
        kind = "enter" if q < 0 else "reinforce" if q == p else "invade"
        c.update(kind="county", element=f"county:{tok}", county=tok, index=i, action=kind, n=n,
                 defender=q if kind == "invade" else None,
                 defenders=state.count[i] if kind == "invade" else None)
        return c

    def compose(self, game: Any, partial: Sequence[str]) -> dict[str, Any]:
        """The turn builder's answer for Hibernia (``cambria.webapi.builder.options``): both actions
        of the turn composed as one decision, by the page's steps (``turn.py``)."""
        rules, state = game.rules, game.state
        turn = Turn(rules, state, partial)
        effects = turn.effects()
        preview = self.preview(rules.position(state), [], effects)
        preview["captures"] = []
        preview["effects"] = effects
        preview["say"] = preview_parts(state, effects)
        nxt = turn.offered()
        choices = [self._page_choice(turn, tok) for tok in nxt]
        choices.sort(key=self.sort_key)
        cur = turn.current
        if turn.complete:  # what confirming does, in words, is all there is to say (Confirm is lit)
            stage, prompt = "confirm", preview["say"] or [part("prompt.confirm")]
        elif cur is not None:
            stage, prompt = "source", [part("hib.prompt.stepper", count=cur.need - cur.chosen)]
        else:
            stage, prompt = self._target_prompt(turn, nxt)
        steps = turn.steps
        lead = 0
        while lead < len(steps) and lead in turn.auto:
            lead += 1
        actions = [str(a) for a in turn.done] if turn.complete else None
        return {
            "stage": stage, "partial": list(steps), "forced": lead, "auto": list(turn.auto),
            "complete": turn.complete, "action": actions[0] if actions else None, "actions": actions,
            "choices": choices, "choices_at": len(steps), "proposed": False, "prompt": prompt,
            "preview": preview, "player": state.current, "phase": rules.phase(state).name.lower(),
        }

    def page_steps(self, rules: Any, text: str) -> list[str]:
        """A decision of the rules (a hint) as the page's steps (``turn.page_steps``)."""
        return page_steps(rules, text)

    def _target_prompt(self, turn: Turn, nxt: Sequence[str]) -> tuple[str, list[Part]]:
        state = turn.state
        die = FACES[state.die] if state.die >= 0 else "black"
        both = state.phase == FIRST_ACTION
        moves = [t for t in nxt if t != "muster"]
        out: list[Part] = [part("hib.prompt.last")] if turn.done else []
        if both:
            out.append(part("hib.prompt.firstBlack") if state.die == BLACK
                       else part("hib.prompt.first", face=face(die)))
            return "target", out
        if not moves:
            out.append(part("hib.prompt.onlyMuster"))
        elif state.pending & DIE_SLOT and state.die < BLACK:
            out.append(part("hib.prompt.dieTarget", face=face(die)))
        else:
            out.append(part("hib.prompt.anyTarget"))
        if moves:
            out.append(part("hib.prompt.orMuster"))
        return ("second" if turn.done else "target"), out

    def _page_choice(self, turn: Turn, tok: str) -> dict[str, Any]:
        state = turn.state
        cur = turn.current
        if cur is None:  # the action the county (or the muster) takes
            return self.choice(state, tok, targets(state)[tok][0] if tok != "muster" else muster_slot(state))
        cid = tok[1:]
        i = state.board.index[cid]
        more = tok[0] == "+"
        return {"token": tok, "kind": "source", "element": f"county:{cid}" if more else "button",
                "county": cid, "index": i, "count": cur.counts.get(cid, 0), "delta": 1 if more else -1,
                "room": cur.room[cid], "has": state.count[i], "need": cur.need - cur.chosen}

    def sort_key(self, c: dict[str, Any]) -> tuple[int, int, int, str]:
        return (_ORDER[c["kind"]], c.get("index", -1) if c.get("index") is not None else -1,
                c["count"] if c["count"] is not None else -1, c["token"])

    def preview(self, position: dict[str, Any], dice: Sequence[Any], effects: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The position after some effects of a decision (the rules' own effects drawn: soldiers
        put where they say, the marker walked as they say; nothing is decided here)."""
        owner = list(position["owner"])
        count = list(position["count"])
        supply = list(position["supply"])
        shield = list(position["shield"])
        track = list(position["track"])
        removed = position["removed"]
        changed: list[int] = []
        combat = None
        walk = None
        steps: list[dict[str, Any]] = []
        action = None
        chosen = 0
        supplied = 0
        for e in effects:
            t = e["type"]
            if t == "action":
                action = e
                combat = None  # a turn's second action has its own fight
                if e["county"] is not None:
                    changed.append(e["county"])
            elif t == "soldiers":
                src, dst, k, p = e["from"], e["to"], e["count"], e["player"]
                if src == "supply":
                    supply[p] -= k
                    if isinstance(dst, int):
                        supplied += k
                elif src == "shield":
                    shield[p] -= k
                elif isinstance(src, int) and combat is not None and src == combat["county"]:
                    pass  # the losses of a fight: the combat effect has settled the county
                elif isinstance(src, int):
                    count[src] -= k
                    if isinstance(dst, int):
                        chosen += k
                        changed.append(src)
                if dst == "supply":
                    supply[p] += k
                elif dst == "shield":
                    shield[p] += k
                elif dst == "out":
                    removed += k
                elif isinstance(dst, int) and (owner[dst] is None or owner[dst] == p):
                    owner[dst] = p
                    count[dst] += k
                elif isinstance(dst, int):
                    # the attackers arrive; the combat effect settles the county
                    pass
            elif t == "combat":
                combat = e
                i = e["county"]
                owner[i] = e["holder"]
                count[i] = e["left"]
            elif t == "step":
                steps.append(e)
                track[e["player"]] = e["total"]
            elif t == "walk":
                walk = e
                track[e["player"]] = e["to"]
        need = None
        if action is not None and action["kind"] != "muster":
            n = action["n"]
            need = {"n": n, "supply": supplied, "chosen": chosen, "left": n - supplied - chosen}
        return {
            "owner": owner, "count": count, "supply": supply, "shield": shield, "removed": removed,
            "track": track, "space": [x % TRACK_LENGTH for x in track], "lap": [x // TRACK_LENGTH for x in track],
            "changed": sorted(set(changed)), "combat": combat, "walk": walk, "steps": steps, "need": need,
            "action": action, "dice": list(dice),
        }

    def touched(self, effects: Sequence[dict[str, Any]]) -> dict[str, list[Any]]:
        """The counties a step touched (the board rings them as the last move)."""
        counties: list[int] = []
        for e in effects:
            if e["type"] == "action" and e["county"] is not None:
                counties.append(e["county"])
            elif e["type"] == "soldiers" and isinstance(e["from"], int) and isinstance(e["to"], int):
                counties.append(e["from"])
        return {"counties": sorted(set(counties)), "roads": [], "boats": [], "forts": []}

    def paths(self, effects: Sequence[dict[str, Any]]) -> list[str]:
        """The soldiers a step sent into a county, from the player's supply box or another county,
        each ``"supply:p>county:j"`` / ``"county:i>county:j"`` once (board order): the review
        draws them as arrows.

        >>> HiberniaWeb().paths([{"type": "soldiers", "player": 1, "from": "supply", "to": 4},
        ...                      {"type": "soldiers", "player": 1, "from": 2, "to": 4},
        ...                      {"type": "soldiers", "player": 1, "from": 2, "to": 4}])
        ['supply:1>county:4', 'county:2>county:4']
        """
        out: list[str] = []
        for e in effects:
            if e["type"] == "soldiers" and isinstance(e["to"], int) and (isinstance(e["from"], int) or e["from"] == "supply"):
                start = f"county:{e['from']}" if isinstance(e["from"], int) else f"supply:{e['player']}"
                path = f"{start}>county:{e['to']}"
                if path not in out:
                    out.append(path)
        return out

    # ---------------------------------------------------------------- the log
    def log_lines(self, effects: Sequence[dict[str, Any]], actor: int) -> list[dict[str, Any]]:
        """Log lines ({seat, type, parts}) for the effects of one step, in order."""
        out: list[dict[str, Any]] = []
        pending: dict[str, Any] | None = None  # an action's line gathers its sources
        for e in effects:
            t = e["type"]
            if t == "action" and e["kind"] != "muster":
                pending = {"seat": actor, "actor": actor, "type": "action", "parts": [], "e": e, "from": {}}
                out.append(pending)
                continue
            if t == "soldiers" and pending is not None and isinstance(e["from"], int) and isinstance(e["to"], int):
                sources = pending["from"]
                sources[e["from"]] = sources.get(e["from"], 0) + e["count"]
                continue
            parts = self._line(e)
            if parts:
                who = e.get("player") if t in ("start", "end_triggered") else actor
                # the turn a line belongs to (log.js groups by it); the draws before the game are nobody's
                out.append({"seat": who, "actor": None if t in ("start", "forts") else actor, "type": t, "parts": parts})
        for line in out:
            if "e" in line:
                e = line.pop("e")
                sources = line.pop("from")
                kind = e["kind"]
                move_key = ("hib.log.enter" if kind == "enter" else "hib.log.reinforce" if kind == "reinforce"
                            else "hib.log.invade")
                line["parts"] = [part(move_key, name=seat(e["player"]), county={"county": _cid(e)}, n=e["n"])]
                # the soldiers that came from the mover's own counties, by name (not "from a county")
                line["parts"].extend(part("hib.log.fromCounty", count=k,
                                          county=_county_id(c)) for c, k in sources.items())
        return out

    def _line(self, e: dict[str, Any]) -> list[Part]:
        t = e["type"]
        name = seat(e.get("player"))
        if t == "start":
            return [part("log.start", name=name)]
        if t == "forts":
            return [part("hib.log.forts")]
        if t == "roll":
            if e["die"] == PURPLE:
                return [part("hib.log.rolledPurple", name=name)]
            return [part("hib.log.rolled", name=name, face=face(e["face"]))]
        if t == "combat":
            if e["holder"] is None:
                key = "hib.log.combatEmpty"
            elif e["taken"]:
                key = "hib.log.combatTaken"
            else:
                key = "hib.log.combatHeld"
            # both sides by name, the county by name: who lost what and who holds it now
            return [part(key, name=seat(e["attacker"]), other=seat(e["defender"]), county=_county_id(e["county"]),
                         count=e["losses"], left=e["left"])]
        if t == "muster":
            got = e["returned"][e["player"]]
            others = sum(e["returned"]) - got
            if not others:
                return [part("hib.log.musterOwn", name=name, count=got)]
            return [part("hib.log.muster", name=name, count=got, others=others)]
        if t == "walk":
            if e["steps"] == 0:
                return [part("hib.log.walkNone", name=name)]
            out = [part("hib.log.walk", name=name, count=e["steps"], total=e["to"])]
            if e["purple_used"]:
                out.append(part("hib.log.purpleUsed"))
            return out
        if t == "end_triggered":
            return [part("hib.log.endTriggered", name=name)]
        if t == "tie_round":
            return [part("hib.log.tieRound", number=e["number"])]
        if t == "game_over":
            if e["shared"]:
                return [part("hib.log.shared", names=_names(e["winners"]))]
            return [part("log.gameOver", name=seat(e["winners"][0]))]
        return []  # soldiers (told with their action), step, round_end

    # ---------------------------------------------------------------- the end
    def result(self, outcome: Any, state: State) -> dict[str, Any]:
        res = outcome.details
        players = []
        for p in range(state.n_players):
            players.append({"index": p, "neutral": False, "points": state.track[p], "space": res["spaces"][p],
                            "lap": res["laps"][p], "counties": len(state.counties_of(p))})
        return {"tiebreak": None, "tie_rounds": res["tie_rounds"], "shared": len(res["winners"]) > 1,
                "points": [state.track[p] for p in range(state.n_players)], "players": players}


def _cid(e: dict[str, Any]) -> str:
    from .board import load_board

    return str(load_board().counties[e["county"]].id)


def _names(seats: Sequence[int]) -> list[Part]:
    """Players as one list in words ("A, B and C"): the page says parts one after the other."""
    last = len(seats) - 1
    return [part("hib.name" if i == last - 1 or not last else "hib.nameComma" if i < last else "hib.nameAnd",
                 name=seat(s)) for i, s in enumerate(seats)]


def _county_id(index: int) -> dict[str, str]:
    """A county of the log by its index: a reference the page names."""
    return {"county": _cid({"county": index})}


WEB = HiberniaWeb()
