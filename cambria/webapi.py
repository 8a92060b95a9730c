"""The engine's side of the web page: JSON text in, JSON text out.

The worker calls ``handle(type, payload_json) -> str`` for every request and turns a
raised exception into ``{ok: false, error: {name, message}}``; every error raised
here is a ``ValueError`` (``RequestError``, ``IllegalActionError``, ``NotationError``,
``RecordError``, ``MapError``) whose message says what was wrong, and a failed
request changes nothing.  One game lives in this module (one per worker).

Python decides every rule: the page gets the position, the legal choices for the
next click and what changed, and only draws.

Requests (payload → result)
===========================

``ping`` {}
    → ``{"pong": true, "version": "0.1.0"}``
``info`` {}
    → ``{"version", "maps": [{id, title, region}], "colours": [{id, name, shape}],
    "neutral": {colour, name, shape}, "computer_levels": [...], "max_name": 40}``.
    ``computer_levels`` is empty while there is no computer opponent (``cambria.ai``).
``new_game`` {map, players: [{name, colour, kind}], german_tiebreak?, seed?}
    Starts a game and draws the start player.  2–5 players; ``colour`` one of the
    colour ids (all different); ``kind`` ``"human"`` or ``"computer:<level>"``.
    In a two-player game the neutral colour (grey) joins on its own.
    → ``{"view": VIEW, "events": [EVENT...]}``
``roll`` {step?}
    Plays the pending chance step (setup die, neutral die or the two dice) with the
    game's own seeded generator.  → ``{"view", "events", "rolled": {kind, dice}}``
``options`` {partial: [STEP...], step?}
    The turn builder.  A decision is composed step by step; ``partial`` holds the
    steps chosen so far, e.g. ``["x4/5", "p12"]``.  → ``OPTIONS``::

        {"stage": "target" | "source" | "boat" | "boat_source" | "confirm",
         "partial": [...], "complete": bool,          # may it be confirmed now?
         "action": "x4/5 p12<7" | null,                # the notation when complete
         "choices": [{"token", "kind", "element", "road", "boat", "die", "label"}],
         "prompt": "...", "preview": {roads, legion, boats, supply, dice, captures}}

    ``kind`` is swap, place, legion, pass, setup, neutral, source, boat or
    boat_source; ``element`` is ``"road:12"``, ``"boat:3"`` or ``"button"``: the
    thing on the board to tap (two choices may share an element: the page then
    asks which).  Undo is the page dropping its last step and asking again.
    Composing every offered path gives exactly the engine's legal actions.
``play`` {action: "x4/5 L12 b3", step?}
    Plays a decision.  → ``{"view", "events"}``
``computer`` {step?, time_budget?}
    Lets the computer seat whose turn it is roll or move.  → ``{"view", "events"}``
``hint`` {level?}
    → ``{"action", "steps", "label"}``: what the computer would play here.
``view`` {}
    → ``VIEW``
``record`` {}
    → the game record (see docs/record-format.md)
``load`` {record}
    Replays a record (validated; a bad record changes nothing).  → ``{"view", "events": []}``
``view_at`` {upto}
    Replay: the VIEW of the current game as it was after its first ``upto`` steps (0 … the
    number of steps so far), with the log up to there.  The game itself is unchanged.
    → ``{"view", "upto", "total"}``

``step`` (optional everywhere) is the number of steps the page believes the game
has; if the game has moved on, the request is refused instead of played twice.

VIEW::

    {"map", "title", "seed", "step", "turn", "phase", "chance", "over",
     "current": seat, "actor": seat or null, "actor_kind": "human" | "computer:normal" | null,
     "players": [{index, name, colour, shape, kind, neutral}],   # the neutral last, if any
     "dice": [...], "roll": {kind: "start"|"setup"|"neutral"|"dice", label} | null,
     "position": {roads: [owner|-1...], legion: road|null, boats: {"2": owner|null...},
                  supply: [...], forts: [{owner, vp}]},   # vp: "board" | "none" | "removed" | seat
     "points", "tokens", "on_board", "uncaptured", "forts_to_end",
     "prompt", "options": OPTIONS | null, "log": [LOG...], "result": RESULT | null,
     "last_move": {"roads": [...], "boats": [...], "forts": [...]} }

EVENT: ``{"type": "start"|"roll"|"swap"|"place"|"displace"|"legion"|"boat"|"pass"|
"capture"|"game_over", ...}`` with the seat(s), roads, boats and forts involved and a
``text``.  A capture says ``fort``, ``name``, ``number``, ``player`` (the taker),
``vp`` (its value or null), ``vp_to`` (seat or null), ``vp_removed`` and ``final``
(claimed at the game end rather than captured).

LOG: ``{"step", "player", "text", "kind", "event"}``; the texts name forts, not road numbers.
``event`` is the EVENT without its English text (seats, roads, boats, dice, forts; a place or
legion event also says ``displaced``: the seat sent back to its supply, or null, and a place
``legion_home``): the page words every log line from it in the player's language.  The English
``text`` fields, prompts and labels serve tests and the command line.

RESULT: ``{"winner", "winner_name", "ranking", "decided_by", "tiebreak", "players":
[{index, name, colour, points, tokens, fort_points, vp_points, forts: [{fort, name,
number}], vp_tokens: [{fort, name, value}], last_entry}], "neutral_points"}``.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from . import __version__, rules
from .actions import Action, IllegalActionError, NotationError
from .board import MAP_IDS, VP_VALUE, load_board
from .game import MAX_SEED, Game
from .state import (
    EAGLE, EMPTY, NEUTRAL, NEUTRAL_ROLL, NO_TOKEN, ON_BOARD, OVER, REMOVED, ROLL, SETUP, SETUP_ROLL,
    START, TURN, State,
)

__all__ = ["handle", "RequestError", "COLOURS", "NEUTRAL_COLOUR"]


class RequestError(ValueError):
    """A request the page should not have sent (bad payload, wrong moment); says what is wrong."""


# id, name, shape: the colours told apart by shape as well
COLOURS: tuple[tuple[str, str, str], ...] = (
    ("red", "Red", "circle"),
    ("blue", "Blue", "square"),
    ("yellow", "Yellow", "triangle"),
    ("green", "Green", "diamond"),
    ("purple", "Purple", "hexagon"),
)
NEUTRAL_COLOUR = ("neutral", "Neutral", "cross")
_SHAPE = {c: s for c, _, s in COLOURS}
_SHAPE["neutral"] = "cross"
MAX_NAME = 40
_LEVELS_FALLBACK = ("easy", "normal", "hard")

# the one game of this worker, and its readable log
_game: Game | None = None
_log: list[dict[str, Any]] = []
_legal_cache: tuple[int, dict[tuple[str, ...], tuple[list[str], bool]], Game] | None = None


# ---------------------------------------------------------------- entry point

def handle(kind: str, payload_json: str) -> str:
    """Answer one request from the page (see the module docstring)."""
    if not isinstance(kind, str):
        raise RequestError("the request type must be text")
    try:
        payload = json.loads(payload_json) if payload_json not in (None, "") else {}
    except (TypeError, json.JSONDecodeError) as exc:
        raise RequestError(f"the payload of {kind!r} is not valid JSON: {exc}") from None
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise RequestError(f"the payload of {kind!r} must be a JSON object, not {type(payload).__name__}")
    fn = _HANDLERS.get(kind)
    if fn is None:
        raise RequestError(f"unknown request type {kind!r}; known: {', '.join(sorted(_HANDLERS))}")
    return json.dumps(fn(payload), separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- helpers

def _ai() -> Any:
    """The computer opponents' module, or None when it is not there (imported lazily)."""
    try:
        from . import ai  # type: ignore[attr-defined]
    except ImportError:
        return None
    return ai if hasattr(ai, "choose_action") else None


def _levels() -> list[str]:
    ai = _ai()
    if ai is None:
        return []
    return list(getattr(ai, "LEVELS", _LEVELS_FALLBACK))


def _need_game() -> Game:
    if _game is None:
        raise RequestError("no game is in progress: start a new game or load one")
    return _game


def _check_step(game: Game, payload: dict[str, Any]) -> None:
    step = payload.get("step")
    if step is None:
        return
    if not isinstance(step, int) or isinstance(step, bool):
        raise RequestError("'step' must be a whole number")
    if step != len(game.steps):
        raise RequestError(f"the game has moved on (it is at step {len(game.steps)}, not {step}); "
                           "the page shows an old position")


def _only(payload: dict[str, Any], allowed: set[str], kind: str) -> None:
    extra = set(payload) - allowed
    if extra:
        raise RequestError(f"{kind}: unknown field {sorted(extra)[0]!r}"
                           + (f" (expected {', '.join(sorted(allowed))})" if allowed else " (expects none)"))


def _names(game: Game) -> list[str]:
    names = list(game.players)
    if game.state.neutral >= 0:
        names.append("Neutral")
    return names


def _road_name(board: Any, road: int) -> str:
    a, b = board.roads[road]
    return f"{board.forts[a].name}–{board.forts[b].name}"


def _split(action_text: str) -> list[str]:
    """Notation → builder steps: 'x4/5 p12<7' → ['x4/5', 'p12', '<7']."""
    out: list[str] = []
    for tok in action_text.split(" "):
        i = tok.find("<")
        if i > 0:
            out.append(tok[:i])
            out.append(tok[i:])
        else:
            out.append(tok)
    return out


def _join(steps: list[str]) -> str:
    text = ""
    for s in steps:
        if s.startswith("<"):
            text += s
        else:
            text = f"{text} {s}" if text else s
    return text


_STEP_RE = re.compile(r"(x[2-6]/[1-6]|[snpL]\d{1,3}|b[2-6]|<\d{1,3}|<b[2-6]|pass)\Z")


def _legal_tree(game: Game) -> dict[tuple[str, ...], tuple[list[str], bool]]:
    """Every prefix of every legal action's steps → (the next steps, in order; is it a whole action)."""
    global _legal_cache
    key = len(game.steps)
    if _legal_cache is not None and _legal_cache[0] == key and _legal_cache[2] is game:
        return _legal_cache[1]
    tree: dict[tuple[str, ...], tuple[list[str], bool]] = {}
    for a in game.legal_actions():
        steps = _split(str(a))
        for n in range(len(steps) + 1):
            prefix = tuple(steps[:n])
            entry = tree.get(prefix)
            if entry is None:
                entry = tree[prefix] = ([], False)
            if n == len(steps):
                tree[prefix] = (entry[0], True)
            elif steps[n] not in entry[0]:
                entry[0].append(steps[n])
    _legal_cache = (key, tree, game)
    return tree


# ---------------------------------------------------------------- the turn builder

def _options(game: Game, partial: Any) -> dict[str, Any]:
    state = game.state
    if state.phase not in (SETUP, NEUTRAL, TURN):
        if state.phase == OVER:
            raise RequestError("the game is over: there is nothing to choose")
        raise RequestError("no choice is due now: roll first")
    if not isinstance(partial, list) or len(partial) > 6 or not all(isinstance(s, str) for s in partial):
        raise RequestError("'partial' must be a list of up to 6 steps (text), like [\"x4/5\", \"p12\"]")
    for s in partial:
        if not _STEP_RE.match(s):
            raise RequestError(f"{s!r} is not a step of a turn (steps look like x4/5, p12, <7, L12, b3, <b2, pass)")
    entry = _legal_tree(game).get(tuple(partial))
    if entry is None:
        done = " ".join(partial[:-1]) or "nothing"
        raise IllegalActionError(f"{partial[-1]!r} is not a legal choice here (after {done}); "
                                 "ask for the options again")
    nxt, complete = entry
    preview = _preview(state, partial, nxt, complete)
    board = state.board
    p = state.current
    after_owner = preview["roads"]
    choices = [_choice(state, tok, partial, after_owner) for tok in nxt]
    order = {"swap": 0, "setup": 1, "neutral": 1, "place": 1, "legion": 2, "source": 3, "boat": 4,
             "boat_source": 5, "pass": 6}
    choices.sort(key=lambda c: (order[c["kind"]], c["road"] if c["road"] is not None else -1,
                                c["boat"] if c["boat"] is not None else -1, c["token"]))
    if not nxt:
        stage = "confirm"
    elif all(t.startswith("<") for t in nxt):
        stage = "boat_source" if partial and partial[-1].startswith("b") else "source"
    elif all(t.startswith("b") for t in nxt):
        stage = "boat"
    else:
        stage = "target"
    action = _join(partial) if complete else None
    if complete:
        preview["captures"] = _would_capture(state, action)  # type: ignore[arg-type]
    return {
        "stage": stage, "partial": list(partial), "complete": complete, "action": action,
        "choices": choices, "prompt": _stage_prompt(state, stage, preview, nxt, partial, complete),
        "preview": preview, "player": p, "phase": state.phase_name,
        "road_count": len(board.roads),
    }


def _choice(state: State, tok: str, partial: list[str], owner_now: list[int]) -> dict[str, Any]:
    board = state.board
    names_of = _seat_names()
    c: dict[str, Any] = {"token": tok, "road": None, "boat": None, "die": None}
    if tok == "pass":
        c.update(kind="pass", element="button", label="Pass")
    elif tok[0] == "x":
        n, v = int(tok[1]), int(tok[3])
        c.update(kind="swap", element=f"boat:{n}", boat=n, die=v,
                 label=f"Take your warrior off boat {n}: its {n} replaces a die showing {v}")
    elif tok[0] in "snpL":
        r = int(tok[1:])
        rn = _road_name(board, r)
        o = owner_now[r]
        extra = ""
        if o >= 0:
            extra = f", sending {names_of(o)}'s warrior home" if o != state.current or tok[0] == "L" else ""
            if o == state.current and tok[0] == "L":
                extra = ", sending your own warrior back to your supply"
        elif state.legion == r and tok[0] == "p":
            extra = ", sending the legion back to the eagle"
        kind = {"s": "setup", "n": "neutral", "p": "place", "L": "legion"}[tok[0]]
        verb = {"setup": "Place a warrior on", "neutral": "Place a neutral warrior on",
                "place": "Place a warrior on", "legion": "Move the legion to"}[kind]
        c.update(kind=kind, element=f"road:{r}", road=r, label=f"{verb} {rn}{extra}")
    elif tok[0] == "b":
        n = int(tok[1])
        c.update(kind="boat", element=f"boat:{n}", boat=n, label=f"Put a warrior on boat {n}")
    else:  # a source
        kind = "boat_source" if partial and partial[-1].startswith("b") else "source"
        neutral = partial and partial[-1].startswith("n")
        who = "neutral warrior" if neutral else "your warrior"
        if tok.startswith("<b"):
            n = int(tok[2])
            c.update(kind=kind, element=f"boat:{n}", boat=n, label=f"Move {who} from boat {n}")
        else:
            r = int(tok[1:])
            c.update(kind=kind, element=f"road:{r}", road=r, label=f"Move {who} from {_road_name(board, r)}")
    return c


def _seat_names():  # noqa: ANN202 - a tiny closure factory
    game = _game
    names = _names(game) if game is not None else []

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    return name


def _preview(state: State, partial: list[str], nxt: list[str], complete: bool) -> dict[str, Any]:
    """The position after the steps chosen so far (not yet played: no captures, no end of turn)."""
    p = state.neutral if state.phase == NEUTRAL else state.current
    roads = state.owner[:]
    legion = state.legion
    boats = state.boats[:]
    supply = state.supply[:]
    dice = list(state.dice)
    changed_roads: list[int] = []
    changed_boats: list[int] = []
    sources_pending = bool(nxt) and all(t.startswith("<") for t in nxt)
    for i, tok in enumerate(partial):
        last = i == len(partial) - 1
        if tok == "pass":
            continue
        if tok[0] == "x":
            n, v = int(tok[1]), int(tok[3])
            boats[n - 2] = EMPTY
            supply[p] += 1
            k = dice.index(v) if v in dice else 0
            dice[k] = n
            dice.sort()
            changed_boats.append(n)
        elif tok[0] in "snp":
            r = int(tok[1:])
            o = roads[r]
            if o >= 0:
                supply[o] += 1
            if legion == r:
                legion = EAGLE
            roads[r] = p
            changed_roads.append(r)
            if not (last and sources_pending) and not (i + 1 < len(partial) and partial[i + 1].startswith("<")):
                supply[p] -= 1
        elif tok[0] == "L":
            r = int(tok[1:])
            o = roads[r]
            if o >= 0:
                supply[o] += 1
                roads[r] = EMPTY
            legion = r
            changed_roads.append(r)
        elif tok[0] == "b":
            n = int(tok[1])
            boats[n - 2] = p
            changed_boats.append(n)
            if not (last and sources_pending) and not (i + 1 < len(partial) and partial[i + 1].startswith("<")):
                supply[p] -= 1
        elif tok.startswith("<b"):
            n = int(tok[2])
            boats[n - 2] = EMPTY
            changed_boats.append(n)
        elif tok[0] == "<":
            r = int(tok[1:])
            roads[r] = EMPTY
            changed_roads.append(r)
    return {
        "roads": roads, "legion": legion if legion >= 0 else None,
        "boats": {str(k + 2): (o if o >= 0 else None) for k, o in enumerate(boats)},
        "supply": supply, "dice": dice, "changed_roads": changed_roads, "changed_boats": changed_boats,
        "captures": [],
    }


def _would_capture(state: State, action: str) -> list[dict[str, Any]]:
    """The forts a complete action would capture at the end of the turn."""
    if state.phase != TURN:
        return []
    after = state.copy()
    rules.apply(after, Action.parse(action))
    out = []
    forts = state.board.forts
    for f, (o0, o1) in enumerate(zip(state.fort_owner, after.fort_owner)):
        if o0 != o1 and o1 >= 0:
            v = after.vp_owner[f]
            out.append({"fort": f, "name": forts[f].name, "player": o1,
                        "vp_to": v if v >= 0 and state.vp_owner[f] == ON_BOARD else None})
    return out


def _dice_words(x: int, y: int) -> str:
    return f"{x} and {y}"


def _stage_prompt(state: State, stage: str, preview: dict[str, Any], nxt: list[str], partial: list[str],
                  complete: bool) -> str:
    phase = state.phase
    if stage == "confirm":
        return "Confirm your move, or undo."
    if stage == "source":
        if phase == NEUTRAL:
            return "The neutral supply is empty: choose which neutral warrior moves there."
        return "Your supply is empty: choose which of your warriors moves there."
    if stage == "boat":
        return "You may put a warrior on a free boat, or confirm without one."
    if stage == "boat_source":
        return "Your supply is empty: choose which of your warriors goes on the boat."
    if phase == SETUP:
        return f"Setup: place a warrior on an empty road next to a fort numbered {state.dice[0]}."
    if phase == NEUTRAL:
        d = state.dice[0]
        preferred = d >= 2 and state.board.number_mask[d] & state.empty_mask()
        where = f"next to a fort numbered {d}" if preferred else "anywhere (any empty road)"
        return f"Neutral die {d}: place a neutral warrior on an empty road {where}."
    # a regular turn
    dice = preview["dice"]
    x, y = dice[0], dice[1]
    kinds = {t[0] for t in nxt}
    swap = "x" in kinds
    may_pass = "pass" in nxt
    if x == 1 and y == 1:
        text = "Double 1: you must move the legion to any road."
    elif x == 1:
        text = f"1 and {y}: place a warrior next to a {y} fort, or move the legion to a road of a {y} fort."
    elif x == y:
        text = (f"Doubles {x}: place a warrior next to a {x} fort, even on a road held by "
                "another player or the legion.")
    else:
        text = f"{_dice_words(x, y)}: place a warrior on an empty road next to a {x} or {y} fort."
    if not (kinds & {"p", "L"}):
        text = f"{_dice_words(x, y)}: no road is open for this roll."
    if swap:
        text += " You may first trade a boat's number for a die."
    if may_pass:
        text += " Or pass."
    return text


# ---------------------------------------------------------------- playing steps, with events and the log

def _chance_step(game: Game, text: str | None = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Roll (or replay a recorded roll); returns the events and what was rolled."""
    state = game.state
    phase = state.phase
    actor = state.current
    if text is None:
        text = game.roll()
    else:
        game.replay_step(text)
    names = _names(game)
    if phase == START:
        seat = state.start_player
        ev = {"type": "start", "player": seat, "text": f"{names[seat]} is drawn to start."}
        rolled = {"kind": "start", "dice": [], "player": seat}
    elif phase == ROLL:
        a, b = state.dice
        extra = ""
        if a == b == 1:
            extra = ": double 1, the legion must move"
        elif a == 1:
            extra = ": a 1, the legion may move"
        elif a == b:
            extra = ": doubles"
        ev = {"type": "roll", "kind": "dice", "player": actor, "dice": [a, b],
              "text": f"{names[actor]} rolled {a} and {b}{extra}."}
        rolled = {"kind": "dice", "dice": [a, b], "player": actor}
    else:
        d = state.dice[0]
        what = "a setup warrior" if phase == SETUP_ROLL else "the neutral warrior"
        kind = "setup" if phase == SETUP_ROLL else "neutral"
        ev = {"type": "roll", "kind": kind, "player": actor, "dice": [d],
              "text": f"{names[actor]} rolled {d} for {what}."}
        rolled = {"kind": kind, "dice": [d], "player": actor}
    _log.append({"step": len(game.steps), "player": ev["player"], "kind": ev["type"], "text": ev["text"],
                 "event": _log_event(ev)})
    return [ev], rolled


def _log_event(ev: dict[str, Any]) -> dict[str, Any]:
    """A log line's event without its English text: the page words it in the player's language."""
    return {k: v for k, v in ev.items() if k not in ("text", "quiet")}


def _decision_step(game: Game, text: str) -> list[dict[str, Any]]:
    """Play a decision (raises before changing anything if illegal); returns its events."""
    state = game.state
    if state.phase not in (SETUP, NEUTRAL, TURN):
        if state.phase == OVER:
            raise IllegalActionError("the game is over")
        raise IllegalActionError("roll first: no move is due before the dice")
    if not isinstance(text, str):
        raise NotationError("an action is written as text, like 'p12' or 'x4/5 L12 b3'")
    action = Action.parse(text)
    before = state.copy()
    board = state.board
    names = _names(game)
    p = before.current
    game.play(action)  # raises IllegalActionError and changes nothing if illegal
    after = game.state
    events: list[dict[str, Any]] = []

    def rn(r: int) -> str:
        return _road_name(board, r)

    def src_text(fr: int | None, fb: int | None) -> tuple[Any, str]:
        if fr is not None:
            return {"road": fr}, f" from {rn(fr)}"
        if fb is not None:
            return {"boat": fb}, f" from boat {fb}"
        return "supply", ""

    legion = before.legion
    if action.kind == "setup":
        r = action.road
        events.append({"type": "place", "player": p, "by": p, "road": r, "from": "supply", "kind": "setup",
                       "text": f"{names[p]} placed a warrior on {rn(r)}."})
    elif action.kind == "neutral":
        r = action.road
        n = before.neutral
        src, st = src_text(action.from_road, None)
        text = (f"{names[p]} moved a neutral warrior{st} to {rn(r)}." if action.from_road is not None
                else f"{names[p]} placed a neutral warrior on {rn(r)}.")
        events.append({"type": "place", "player": n, "by": p, "road": r, "from": src, "kind": "neutral",
                       "text": text})
    else:
        if action.swap is not None:
            nb, v = action.swap
            dice = list(before.dice)
            dice[dice.index(v) if v in dice else 0] = nb
            dice.sort()
            events.append({"type": "swap", "player": p, "boat": nb, "die": v, "dice": dice,
                           "text": f"{names[p]} took a warrior off boat {nb}: its {nb} replaces the {v} "
                                   f"(now {dice[0]} and {dice[1]})."})
        if action.kind in ("place", "legion"):
            r = action.road
            o = before.owner[r]
            sent = f", sending {names[o]}'s warrior back to the supply" if o >= 0 else ""
            displaced = ({"type": "displace", "player": o, "road": r, "by": p, "quiet": True,
                          "text": f"{names[o]}'s warrior on {rn(r)} went back to the supply."} if o >= 0 else None)
            if action.kind == "place":
                legion_home = legion == r
                if legion_home:
                    sent = ", sending the legion back to the eagle"
                src, st = src_text(action.from_road, action.from_boat)
                moved = src != "supply"
                if displaced:
                    events.append(displaced)
                if legion == r:
                    events.append({"type": "legion", "from": r, "to": None, "player": p, "quiet": True,
                                   "text": f"The legion on {rn(r)} went back to the eagle."})
                    legion = EAGLE
                events.append({"type": "place", "player": p, "by": p, "road": r, "from": src, "kind": "place",
                               "displaced": o if o >= 0 else None, "legion_home": legion_home,
                               "text": f"{names[p]} {'moved' if moved else 'placed'} a warrior{st} "
                                       f"{'to' if moved else 'on'} {rn(r)}{sent}."})
            else:
                if displaced:
                    events.append(displaced)
                events.append({"type": "legion", "from": legion if legion >= 0 else None, "to": r, "player": p,
                               "displaced": o if o >= 0 else None,
                               "text": f"{names[p]} moved the legion to {rn(r)}{sent}."})
                legion = r
                if action.boat is not None:
                    src, st = src_text(action.boat_from_road, action.boat_from_boat)
                    events.append({"type": "boat", "player": p, "boat": action.boat, "from": src,
                                   "text": f"{names[p]} put a warrior{st} on boat {action.boat}."})
        else:
            events.append({"type": "pass", "player": p, "text": f"{names[p]} passed."})
    # captures (and, at the end, claims)
    forts = board.forts
    over = after.phase == OVER
    for f in range(len(forts)):
        if before.fort_owner[f] == after.fort_owner[f] or after.fort_owner[f] < 0:
            continue
        who = after.fort_owner[f]
        fort = forts[f]
        m = board.fort_mask[f]
        legion_bit = 1 << legion if legion >= 0 else 0
        full = (after.occupied & m) == m and not (legion_bit & m)
        vp = VP_VALUE.get(fort.number)
        vo = after.vp_owner[f]
        vp_to = vo if vp and before.vp_owner[f] == ON_BOARD and vo >= 0 else None
        vp_removed = bool(vp) and before.vp_owner[f] == ON_BOARD and vo == REMOVED
        text = (f"{names[who]} captured {fort.name} ({fort.number})." if full else
                f"At the game end, {names[who]} claimed {fort.name} ({fort.number}).")
        if vp_to is not None:
            text += f" {names[vp_to]} took its VP token ({vp})."
        elif vp_removed:
            text += f" Its VP token ({vp}) left the game."
        events.append({"type": "capture", "fort": f, "name": fort.name, "number": fort.number, "player": who,
                       "vp": vp, "vp_to": vp_to, "vp_removed": vp_removed, "final": not full, "text": text})
    if over:
        if legion >= 0:
            events.append({"type": "legion", "from": legion, "to": None, "reason": "end",
                           "text": "The game is over: the legion leaves the board."})
        res = _result(game)
        events.append({"type": "game_over", "winner": res["winner"], "decided_by": res["decided_by"],
                       "text": f"Game over: {res['winner_name']} wins"
                               + (f" ({res['tiebreak']})." if res["tiebreak"] else ".")})
    step = len(game.steps)
    actor = p
    for ev in events:
        if ev.get("quiet"):
            continue
        who = ev.get("player") if ev["type"] in ("capture", "displace") else actor
        _log.append({"step": step, "player": who, "kind": ev["type"], "text": ev["text"], "event": _log_event(ev)})
    return events


# ---------------------------------------------------------------- views

def _result(game: Game) -> dict[str, Any]:
    res = game.result()
    state = game.state
    board = state.board
    names = _names(game)
    info = _player_infos(game)
    players = []
    for b in res["players"]:
        c = b["colour"]
        players.append({
            "index": c, "name": names[c], "colour": info[c]["colour"], "shape": info[c]["shape"],
            "neutral": c == state.neutral, "points": b["points"], "tokens": b["tokens"],
            "fort_points": b["fort_points"], "vp_points": b["vp_points"],
            "forts": [{"fort": f, "name": board.forts[f].name, "number": board.forts[f].number} for f in b["forts"]],
            "vp_tokens": [{"fort": f, "name": board.forts[f].name, "value": VP_VALUE[board.forts[f].number]}
                          for f in b["vp_tokens"]],
            "last_entry": b["last_entry"],
        })
    decided = res["decided_by"]
    tiebreak = None
    if decided == "tokens":
        tiebreak = "tied on points; more tokens decided"
    elif decided.startswith("last turn"):
        tiebreak = ("tied on points and tokens; the player who moved most recently wins (German rule)"
                    if state.german_tiebreak else
                    "tied on points and tokens; the player whose last turn lies furthest back wins")
    neutral_points = res["points"][state.neutral] if state.neutral >= 0 else None
    return {
        "over": res["over"], "winner": res["winner"], "winner_name": names[res["winner"]],
        "ranking": res["ranking"], "decided_by": decided, "tiebreak": tiebreak,
        "points": res["points"], "tokens": res["tokens"], "players": players,
        "neutral_points": neutral_points,
        "neutral_ahead": neutral_points is not None and neutral_points > res["points"][res["winner"]],
    }


def _player_infos(game: Game) -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(game.players):
        info = game.player_info[i] if i < len(game.player_info) else {}
        colour = info.get("colour")
        if colour not in _SHAPE or colour == "neutral":
            colour = COLOURS[i % len(COLOURS)][0]
        kind = info.get("kind", "human")
        if not isinstance(kind, str):
            kind = "human"
        out.append({"index": i, "name": name, "colour": colour, "shape": _SHAPE[colour], "kind": kind,
                    "neutral": False})
    if game.state.neutral >= 0:
        out.append({"index": game.state.neutral, "name": "Neutral", "colour": "neutral", "shape": "cross",
                    "kind": "neutral", "neutral": True})
    return out


def _roll_info(state: State) -> dict[str, Any] | None:
    phase = state.phase
    if phase == ROLL:
        return {"kind": "dice", "label": "Roll the dice", "dice": 2}
    if phase == SETUP_ROLL:
        return {"kind": "setup", "label": "Roll for your setup warrior", "dice": 1}
    if phase == NEUTRAL_ROLL:
        return {"kind": "neutral", "label": "Roll for the neutral warrior", "dice": 1}
    if phase == START:
        return {"kind": "start", "label": "Draw the start player", "dice": 0}
    return None


def _view(game: Game) -> dict[str, Any]:
    state = game.state
    names = _names(game)
    players = _player_infos(game)
    d = state.to_dict()
    over = state.phase == OVER
    p = state.current
    actor = None if over else p
    actor_kind = players[p]["kind"] if actor is not None else None
    options = _options(game, []) if state.phase in (SETUP, NEUTRAL, TURN) else None
    if over:
        prompt = "The game is over."
    elif state.phase == ROLL:
        prompt = f"{names[p]}: roll the dice."
    elif state.phase == SETUP_ROLL:
        prompt = f"{names[p]}: roll one die to place a setup warrior."
    elif state.phase == NEUTRAL_ROLL:
        prompt = f"{names[p]}: roll one die for the neutral warrior."
    elif state.phase == START:
        prompt = "Draw the start player."
    else:
        prompt = f"{names[p]}: {options['prompt']}" if options else ""
    last = _last_move(game)
    return {
        "map": state.board.id, "title": state.board.title, "seed": game.seed, "step": len(game.steps),
        "turn": state.turns, "phase": state.phase_name, "chance": state.is_chance(), "over": over,
        "current": p, "actor": actor, "actor_kind": actor_kind, "start_player": state.start_player,
        "players": players, "dice": list(state.dice), "roll": None if over else _roll_info(state),
        "german_tiebreak": state.german_tiebreak,
        "position": {"roads": d["roads"], "legion": d["legion"], "boats": d["boats"], "supply": d["supply"],
                     "forts": d["forts"]},
        "points": d["points"], "tokens": d["tokens"],
        "on_board": [state.warriors_on_board(c) for c in range(state.n_colours)],
        "uncaptured": d["uncaptured"], "forts_to_end": max(0, d["uncaptured"] - rules.FORTS_LEFT_AT_END),
        "prompt": prompt, "options": options, "log": _log[:],
        "result": _result(game) if over else None, "last_move": last,
    }


def _last_move(game: Game) -> dict[str, Any]:
    """What the latest decision touched (for highlighting): roads, boats and captured forts."""
    roads: list[int] = []
    boats: list[int] = []
    for text in reversed(game.steps):
        if text.startswith(("roll", "die", "start")):
            continue
        try:
            a = Action.parse(text)
        except NotationError:  # pragma: no cover - steps are always valid notation
            break
        for r in (a.road, a.from_road, a.boat_from_road):
            if r is not None:
                roads.append(r)
        for b in (a.boat, a.from_boat, a.boat_from_boat, a.swap[0] if a.swap else None):
            if b is not None:
                boats.append(b)
        break
    forts = [f for f, _, _ in game.state.last_captures]
    return {"roads": roads, "boats": boats, "forts": forts}


# ---------------------------------------------------------------- handlers

def _h_ping(payload: dict[str, Any]) -> dict[str, Any]:
    return {"pong": True, "version": __version__}


def _h_info(payload: dict[str, Any]) -> dict[str, Any]:
    maps = []
    for map_id in MAP_IDS:
        b = load_board(map_id)
        maps.append({"id": b.id, "title": b.title, "region": b.region})
    return {
        "version": __version__, "maps": maps,
        "colours": [{"id": c, "name": n, "shape": s} for c, n, s in COLOURS],
        "neutral": {"colour": NEUTRAL_COLOUR[0], "name": NEUTRAL_COLOUR[1], "shape": NEUTRAL_COLOUR[2]},
        "computer_levels": _levels(), "max_name": MAX_NAME,
    }


def _h_new_game(payload: dict[str, Any]) -> dict[str, Any]:
    global _game, _log
    _only(payload, {"map", "players", "german_tiebreak", "seed"}, "new_game")
    map_id = payload.get("map", "cambria")
    if map_id not in MAP_IDS:
        raise RequestError(f"unknown map {map_id!r}; the maps are {', '.join(MAP_IDS)}")
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise RequestError("'players' must be a list of 2 to 5 players")
    german = payload.get("german_tiebreak", False)
    if not isinstance(german, bool):
        raise RequestError("'german_tiebreak' must be true or false")
    seed = payload.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
        raise RequestError(f"'seed' must be a whole number from 0 to {MAX_SEED}")
    levels = _levels()
    names: list[str] = []
    infos: list[dict[str, Any]] = []
    used: set[str] = set()
    for i, pl in enumerate(players):
        if not isinstance(pl, dict):
            raise RequestError(f"player {i + 1} must be an object with name, colour and kind")
        extra = set(pl) - {"name", "colour", "kind"}
        if extra:
            raise RequestError(f"player {i + 1}: unknown field {sorted(extra)[0]!r}")
        name = pl.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RequestError(f"player {i + 1} needs a name")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise RequestError(f"player {i + 1}'s name is longer than {MAX_NAME} characters")
        if name.lower() == "neutral" and len(players) == 2:
            raise RequestError("'Neutral' is the name of the neutral colour: pick another name")
        colour = pl.get("colour", COLOURS[i][0])
        if colour not in _SHAPE or colour == "neutral":
            raise RequestError(f"player {i + 1}: unknown colour {colour!r}; the colours are "
                               + ", ".join(c for c, _, _ in COLOURS))
        if colour in used:
            raise RequestError(f"player {i + 1}: colour {colour!r} is taken; every player needs their own colour")
        used.add(colour)
        kind = pl.get("kind", "human")
        if kind != "human":
            if not isinstance(kind, str) or not kind.startswith("computer:"):
                raise RequestError(f"player {i + 1}: kind must be 'human' or 'computer:<level>', not {kind!r}")
            level = kind.split(":", 1)[1]
            if not levels:
                raise RequestError("computer players are not available in this version")
            if level not in levels:
                raise RequestError(f"player {i + 1}: unknown computer level {level!r}; the levels are "
                                   + ", ".join(levels))
        names.append(name)
        infos.append({"colour": colour, "kind": kind})
    game = Game(map_id, names, seed=seed, german_tiebreak=german, player_info=infos)
    old_game, old_log = _game, _log
    _game, _log = game, []
    try:
        events, _ = _chance_step(game)
        view = _view(game)
    except Exception:
        _game, _log = old_game, old_log
        raise
    return {"view": view, "events": events}


def _h_roll(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, {"step"}, "roll")
    game = _need_game()
    _check_step(game, payload)
    state = game.state
    if not state.is_chance():
        if state.phase == OVER:
            raise IllegalActionError("the game is over: no more rolls")
        raise IllegalActionError("the dice are already rolled: choose a move")
    events, rolled = _chance_step(game)
    return {"view": _view(game), "events": events, "rolled": rolled}


def _h_options(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, {"partial", "step"}, "options")
    game = _need_game()
    _check_step(game, payload)
    return _options(game, payload.get("partial", []))


def _h_play(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, {"action", "step"}, "play")
    game = _need_game()
    _check_step(game, payload)
    action = payload.get("action")
    if not isinstance(action, str):
        raise RequestError("'action' must be the move in notation, like 'p12' or 'x4/5 L12 b3'")
    n_log = len(_log)
    try:
        events = _decision_step(game, action)
    except Exception:
        del _log[n_log:]
        raise
    return {"view": _view(game), "events": events}


def _h_computer(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, {"step", "time_budget"}, "computer")
    game = _need_game()
    _check_step(game, payload)
    state = game.state
    if state.phase == OVER:
        raise IllegalActionError("the game is over")
    info = _player_infos(game)[state.current]
    kind = info["kind"]
    if not kind.startswith("computer:"):
        raise RequestError(f"it is {info['name']}'s turn, and {info['name']} is not a computer player")
    if state.is_chance():
        events, rolled = _chance_step(game)
        return {"view": _view(game), "events": events, "rolled": rolled}
    budget = payload.get("time_budget")
    if budget is not None and (not isinstance(budget, (int, float)) or isinstance(budget, bool) or budget <= 0):
        raise RequestError("'time_budget' must be a positive number of seconds")
    action = _choose(game, kind.split(":", 1)[1], budget)
    events = _decision_step(game, str(action))
    return {"view": _view(game), "events": events, "action": str(action)}


def _choose(game: Game, level: str, budget: float | None) -> Action:
    ai = _ai()
    if ai is None:
        raise RequestError("computer players are not available in this version")
    rng = random.Random(f"{game.seed}:{len(game.steps)}:{level}")
    if budget is None:
        return ai.choose_action(game.state.copy(), level, rng)
    return ai.choose_action(game.state.copy(), level, rng, time_budget=budget)


def _h_hint(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, {"level", "step", "time_budget"}, "hint")
    game = _need_game()
    _check_step(game, payload)
    if game.state.phase not in (SETUP, NEUTRAL, TURN):
        raise RequestError("a hint is for a move: roll first" if not game.is_over() else "the game is over")
    level = payload.get("level", "normal")
    if not isinstance(level, str):
        raise RequestError("'level' must be text")
    action = _choose(game, level, payload.get("time_budget"))
    text = str(action)
    return {"action": text, "steps": _split(text)}


def _h_view(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, set(), "view")
    return _view(_need_game())


def _h_record(payload: dict[str, Any]) -> dict[str, Any]:
    _only(payload, set(), "record")
    return _need_game().to_record()


def _h_load(payload: dict[str, Any]) -> dict[str, Any]:
    global _game, _log
    _only(payload, {"record"}, "load")
    record = payload.get("record")
    if isinstance(record, str):
        from .record import record_from_json

        full = record_from_json(record)
        record = json.loads(record)
    else:
        full = Game.from_record(record)  # validates everything; RecordError says what is wrong
    fresh = Game.from_record(record, upto=0)
    old_game, old_log = _game, _log
    _game, _log = fresh, []
    try:
        for text in full.steps:
            if fresh.state.is_chance():
                _chance_step(fresh, text)
            else:
                _decision_step(fresh, text)
        view = _view(fresh)
    except Exception:
        _game, _log = old_game, old_log
        raise
    return {"view": view, "events": []}


def _h_view_at(payload: dict[str, Any]) -> dict[str, Any]:
    global _game, _log
    _only(payload, {"upto"}, "view_at")
    game = _need_game()
    total = len(game.steps)
    upto = payload.get("upto")
    if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= total:
        raise RequestError(f"'upto' must be a whole number of steps from 0 to {total}")
    if upto == total:
        return {"view": _view(game), "upto": upto, "total": total}
    past = Game.from_record(game.to_record(), upto=upto)
    live = (_game, _log)
    _game, _log = past, [entry for entry in _log if entry["step"] <= upto]
    try:
        view = _view(past)
    finally:
        _game, _log = live
    return {"view": view, "upto": upto, "total": total}


_HANDLERS = {
    "ping": _h_ping, "info": _h_info, "new_game": _h_new_game, "roll": _h_roll, "options": _h_options,
    "play": _h_play, "computer": _h_computer, "hint": _h_hint, "view": _h_view, "record": _h_record,
    "load": _h_load, "view_at": _h_view_at,
}


def _reset() -> None:
    """Forget the current game (for tests)."""
    global _game, _log, _legal_cache
    _game, _log, _legal_cache = None, [], None
