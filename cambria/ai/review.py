"""The engine's review of a finished game: for every decision, the win chance it gave away.

A *decision* is a step of the record where a player chose among at least two legal actions
(chance steps and forced moves are not decisions).  For each one the review searches the
position as Hard does, with Hard's own judgement (``review_hooks``; it values positions on the
scale of the default evaluation ``winchance`` is calibrated on, and judged by the default one
the review called Hard's own best moves blunders: docs/ai.md, "The review"): an expectimax two
decisions deep (every roll of the next player and her best answer) over the best candidates,
the move played always among them, so that it is valued exactly as deep as the best.  The two values become win chances
(``winchance.chance``); what the played move gave away is the loss, in points of win chance:

    loss = max(0, chance(best) - chance(played)) x 100, one decimal

and the loss gives the verdict (``VERDICTS``, docs/ai.md "The review").  The search of a
decision has a fixed node budget and a generator seeded from the record and the step: the same
record gives the same review on every machine, under any load (the clock is only a safety cap).

``review_run(record, items, budget_ms)`` reviews in slices (the web worker answers one slice
per request, so the page stays responsive, can cancel and resume): it takes the items reviewed
so far (checked against the record: ``ReviewError``, code ``bad_review``), adds at least one
and goes on while less than ``budget_ms`` has passed; the clock only decides how many per
slice, never a result.  Once every decision is reviewed it gives the REVIEW
(``cambria/webapi/__init__.py`` lists its fields).  ``python -m cambria review FILE`` prints
the same REVIEW from the same function (``review_text`` words it for a terminal).
"""

from __future__ import annotations

import gc
import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..core.errors import IllegalActionError, NotationError, RecordError
from ..core.game import Game
from ..core.interface import GameRules
from ..core.record import check_header, check_result, new_game_from_header, parse_record_text, replay_steps
from ..core.registry import ai_for, web_for
from ..core.seats import kind_level
from .adapter import SearchGame
from .explain import BEST, difference
from .players import HARD, HardSettings
from .search import Budget, Expectimax, SearchAborted
from .winchance import chance, chances, percents

__all__ = ["VERDICTS", "REVIEW_VERSION", "REVIEW_NODES", "REVIEW_DEPTH", "ITEM_FIELDS", "ReviewError",
           "Replayed", "Decision", "replayed", "verdict_of", "review_hooks", "review_decision", "review_run", "review",
           "summarise"]

REVIEW_VERSION = 1
# The verdict of a loss (points of win chance): the first whose bound the loss is below.
# Why these bounds: docs/ai.md, "The review".
VERDICTS: tuple[tuple[str, float], ...] = (("good", 3.0), ("inaccuracy", 8.0), ("mistake", 15.0),
                                           ("blunder", math.inf))
REVIEW_DEPTH = 2         # decisions looked ahead, the root's included (Hard's with 3+ players; 3 head to head)
REVIEW_NODES = 80_000    # per decision: what decides the review (Hard's per move with 3+ players)
# root candidates searched deeper (the played move always among them): half of Hard's 16, which
# keeps a 4-player Hibernia game within the 30 s the page allows (36 s with 16, benchmarks/
# review_browser.py) and changed the losses of a Hibernia game of Hards by 0.04 points on average
REVIEW_WIDTH = 8
CLOCK_CAP = 30.0         # seconds per decision: a safety cap only, far above what one needs
MISTAKES = 3             # the biggest losses listed per player
ITEM_FIELDS = ("index", "step", "turn", "player", "played", "best", "loss", "verdict", "chances", "why",
               "marks")


class ReviewError(ValueError):
    """Items of a review that do not belong to the record (or are not items at all)."""

    code = "bad_review"


@dataclass(frozen=True)
class Decision:
    """One decision of the record: the position before it (never changed) and what was played."""

    index: int
    step: int      # record steps before it
    turn: int      # the game's turn count at the decision (as a view of that position says)
    player: int
    played: str    # notation, as recorded
    state: Any
    turn_after: int
    levels: tuple[str | None, ...] = ()   # each seat's computer level, None for a person's


@dataclass(frozen=True)
class Replayed:
    """A finished game's record replayed once: what a review needs of it."""

    game: Game
    start: Any     # the position before the first step
    decisions: tuple[Decision, ...]
    # what an item given back implies, once worked out (``_check_item``): by (index, best, why or not)
    implied: dict[tuple[int, str, bool], dict[str, Any]] = field(default_factory=dict, compare=False)


def seat_levels(game: Game) -> tuple[str | None, ...]:
    """Each regular seat's computer level, None for a person's (as the page's views weigh them)."""
    infos = [game.player_info[i] if i < len(game.player_info) else {} for i in range(len(game.players))]
    return tuple(kind_level(str(info.get("kind") or "human")) for info in infos)


def verdict_of(loss: float) -> str:
    """The verdict of a loss in points of win chance.

    >>> [verdict_of(x) for x in (0.0, 2.9, 3.0, 7.9, 8.0, 14.9, 15.0, 60.0)]
    ['good', 'good', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    for name, bound in VERDICTS:
        if loss < bound:
            return name
    return VERDICTS[-1][0]


# ---------------------------------------------------------------- the record
_CACHE: list[tuple[str, Replayed]] = []  # the last record replayed: a review asks for it per slice


def replayed(record: Any) -> Replayed:
    """A record (a JSON object or its text) checked and replayed, with its decisions.

    RecordError if it is not a valid record of a finished game."""
    if isinstance(record, (str, bytes)):
        record = parse_record_text(record)
    try:
        key = json.dumps(record, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        raise RecordError("a game record is a JSON object") from None
    for cached_key, cached in _CACHE:
        if cached_key == key:
            return cached
    header = check_header(record)
    game = new_game_from_header(header)
    rules = game.rules
    start = rules.clone(game.state)
    found: list[Decision] = []

    def play(g: Game, text: str) -> None:
        state = g.state
        before = None
        if not g.is_chance() and not g.is_over() and len(rules.legal_actions(state)) >= 2:
            before = rules.clone(state)
        g.replay_step(text)
        if before is not None:
            found.append(Decision(len(found), len(g.steps) - 1, rules.turns(before), rules.current_player(before),
                                  text, before, rules.turns(g.state), levels))

    levels = seat_levels(game)
    replay_steps(game, header["steps"], play)
    check_result(game, header)
    if not game.is_over():
        raise RecordError("the game is not finished: only a finished game can be reviewed")
    out = Replayed(game, start, tuple(found))
    _CACHE[:] = [(key, out)]
    return out


# ---------------------------------------------------------------- one decision
def _settings(rules: GameRules[Any, Any], state: Any) -> HardSettings:
    return HARD.get(rules.num_players(state), HardSettings())


def review_hooks(rules: GameRules[Any, Any], state: Any) -> Any:
    """What the review searches with: Hard's own judgement where the game has one (``hard_hooks``:
    Cambria's learned fort values, Hibernia's Hard weights), else the default evaluation.  Both
    value positions on the same scale (points, steps), the one ``winchance`` converts."""
    ai = ai_for(rules.facts.id)
    hard = getattr(ai, "hard_hooks", None)
    return hard(state) if hard is not None else ai.search_hooks(state)


def _touched(rules: GameRules[Any, Any], state: Any, action: Any) -> tuple[Any, dict[str, Any]]:
    """The position after ``action`` on a copy, and what it touched on the board (the game's web)."""
    after = rules.clone(state)
    fx: list[dict[str, Any]] = []
    rules.apply_action(after, action, False, fx)
    web = web_for(rules.facts.id)
    # what it touched, and what it moved from where to where (the review draws those as arrows)
    return after, {**web.touched(fx), "moves": web.paths(fx)}


def review_decision(game: Game, d: Decision, clock: Callable[[], float] | None = None) -> dict[str, Any]:
    """The ITEM of one decision (see the module docstring): a pure function of the record."""
    rules = game.rules
    state = d.state
    played = rules.text_to_action(d.played)
    actions = list(rules.legal_actions(state))
    hs = _settings(rules, state)
    rng = random.Random(f"review:{game.key}:{d.step}")
    search = Expectimax(SearchGame(rules, review_hooks(rules, state)), max_depth=REVIEW_DEPTH,
                        root_width=min(hs.root_width, REVIEW_WIDTH), beam=hs.beam, opponents=hs.opponents,
                        offset=rng.random())
    if clock is None:
        clock = time.perf_counter
    budget = Budget(REVIEW_NODES, clock() + CLOCK_CAP, clock)
    best, loss = played, 0.0
    try:
        res = search.search(state, budget, actions, keep=[played])
    except SearchAborted:  # not one action valued (only a stalled machine): nothing to say
        res = None
    if res is not None:
        values = [v for a, v in res.scores if a == played]
        if values:  # always, but for a greedy pass the clock cut short
            best, best_value = res.scores[0]
            gain = (chance(rules, state, d.player, best_value)
                    - chance(rules, state, d.player, values[0]))
            loss = round(max(0.0, gain) * 100.0, 1)
            if best_value <= values[0]:
                best = played
    verdict = verdict_of(loss)
    return {"index": d.index, "step": d.step, "turn": d.turn, "player": d.player, "played": d.played,
            "best": rules.action_to_text(best), "loss": loss, "verdict": verdict,
            **_implied(rules, d, played, best, verdict != "good")}


def _implied(rules: GameRules[Any, Any], d: Decision, played: Any, best: Any, explain: bool) -> dict[str, Any]:
    """An item's fields that follow from the decision, its best move and whether its verdict
    asks for a reason: ``chances`` after the move played, ``why`` and ``marks``."""
    after, mark_played = _touched(rules, d.state, played)
    mark_better = mark_played if best == played else _touched(rules, d.state, best)[1]
    why: list[dict[str, Any]] = []
    if explain:
        apart = difference(rules, d.state, best, played)
        why = [(apart[0] if apart else BEST)["part"]]
    # the chances as the page shows them during the game: knowing who is playing
    return {"chances": percents(chances(rules, after, d.levels)), "why": why,
            "marks": {"played": mark_played, "better": mark_better}}


# ---------------------------------------------------------------- items given back
def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_item(rp: Replayed, d: Decision, item: Any) -> dict[str, Any]:
    """An item the page passes back, checked against the decision it claims to be (a copy): its
    shape, and what follows from its best move (``_implied``: the chances, the why, the marks;
    another engine's review differs there).  Its loss needs the search again: taken as it is."""
    where = f"item {d.index}"
    if not isinstance(item, dict) or set(item) != set(ITEM_FIELDS):
        raise ReviewError(f"{where}: not a review item (its fields are {', '.join(ITEM_FIELDS)})")
    for name in ("index", "step", "turn", "player", "played"):
        if item[name] != getattr(d, name) or (name != "played" and not _whole(item[name])):
            raise ReviewError(f"{where}: field {name!r} is {str(item[name])[:40]!r}, but decision {d.index} "
                              f"of this record has {getattr(d, name)!r}: the review is of another game")
    rules = rp.game.rules
    best = item["best"]
    try:
        ok = isinstance(best, str) and len(best) <= 200 and rules.is_legal(d.state, rules.text_to_action(best))
    except (NotationError, IllegalActionError):
        ok = False
    if not ok:
        raise ReviewError(f"{where}: field 'best' is not a legal move there")
    loss = item["loss"]
    if not isinstance(loss, (int, float)) or isinstance(loss, bool) or not 0 <= loss <= 100 \
            or round(loss, 1) != loss:
        raise ReviewError(f"{where}: field 'loss' must be a number from 0 to 100 with one decimal")
    if item["verdict"] != verdict_of(loss):
        raise ReviewError(f"{where}: field 'verdict' does not match its loss")
    pct = item["chances"]
    if not isinstance(pct, list) or len(pct) != rules.num_players(d.state) \
            or not all(_whole(x) and 0 <= x <= 100 for x in pct) or sum(pct) != 100:
        raise ReviewError(f"{where}: field 'chances' must be a whole percent per player, summing to 100")
    why = item["why"]
    if not isinstance(why, list) or len(why) > 1 or (item["verdict"] == "good") != (not why) or not all(
            isinstance(p, dict) and set(p) == {"key", "args"} and isinstance(p["key"], str)
            and isinstance(p["args"], dict) for p in why):
        raise ReviewError(f"{where}: field 'why' must be one part ({{key, args}}), none for a good move")
    marks = item["marks"]
    if not isinstance(marks, dict) or set(marks) != {"played", "better"} or not all(
            isinstance(m, dict) and all(isinstance(v, list) and all(_whole(x) or isinstance(x, str) for x in v)
                                        for v in m.values()) for m in marks.values()):
        raise ReviewError(f"{where}: field 'marks' must be {{played, better}}, what each move touched")
    if best == d.played and loss > 0:
        raise ReviewError(f"{where}: the move played is the best, yet field 'loss' is {loss}")
    key = (d.index, best, item["verdict"] != "good")
    implied = rp.implied.get(key)
    if implied is None:  # as JSON brings it back (a tuple in a part would come back a list)
        implied = rp.implied[key] = json.loads(json.dumps(
            _implied(rules, d, rules.text_to_action(d.played), rules.text_to_action(best), key[2])))
    for name, value in implied.items():
        if item[name] != value:
            raise ReviewError(f"{where}: field {name!r} is not what the engine finds for this move: the review "
                              "is of another game or by another version of the engine")
    out = dict(item)
    out["loss"] = float(loss)  # JSON from a page writes 3.0 as 3
    return out


def _check_items(rp: Replayed, items: Any) -> list[dict[str, Any]]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise ReviewError("'items' must be the list of review items so far")
    total = len(rp.decisions)
    if len(items) > total:
        raise ReviewError(f"{len(items)} review items, but this record has {total} decisions: "
                          "the review is of another game")
    return [_check_item(rp, d, item) for d, item in zip(rp.decisions, items, strict=False)]


# ---------------------------------------------------------------- the whole review
def _players(game: Game) -> list[dict[str, Any]]:
    web = web_for(game.game_id)
    colours = game.rules.facts.colours
    out = []
    for i, name in enumerate(game.players):
        info = game.player_info[i] if i < len(game.player_info) else {}
        colour = info.get("colour") or colours[i]
        out.append({"index": i, "name": name, "colour": colour, "shape": web.shape(colour)})
    return out


def summarise(rp: Replayed, items: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The REVIEW of a record whose every decision has its item."""
    game = rp.game
    rules = game.rules
    n = rules.num_players(game.state)
    points = [{"step": 0, "turn": rules.turns(rp.start),
               "chances": percents(chances(rules, rp.start, seat_levels(game)))}]
    for d, item in zip(rp.decisions, items, strict=True):
        points.append({"step": d.step + 1, "turn": d.turn_after, "chances": list(item["chances"])})
    mistakes: dict[str, list[int]] = {}
    summary = []
    for p in range(n):
        own = [item for item in items if item["player"] == p]
        lost = sorted((item for item in own if item["loss"] > 0), key=lambda it: (-it["loss"], it["index"]))
        mistakes[str(p)] = [item["index"] for item in lost[:MISTAKES]]
        counts = {name: 0 for name, _ in VERDICTS}
        for item in own:
            counts[item["verdict"]] += 1
        summary.append({"player": p, **counts})
    return {"version": REVIEW_VERSION, "game": game.game_id, "total": len(rp.decisions), "decisions": list(items),
            "chart": {"points": points}, "players": _players(game), "mistakes": mistakes, "summary": summary}


def review_run(record: Any, items: Any = None, budget_ms: float = 250.0,
               clock: Callable[[], float] | None = None) -> dict[str, Any]:
    """One slice of a review: ``{total, items, done, result}`` (see the module docstring)."""
    rp = replayed(record)
    out = _check_items(rp, items)
    total = len(rp.decisions)
    if clock is None:
        clock = time.perf_counter
    started = clock()
    enabled = gc.isenabled()
    gc.disable()  # the search makes no cycles; a collection mid-search only costs time (players.py)
    try:
        while len(out) < total:
            out.append(review_decision(rp.game, rp.decisions[len(out)], clock))
            if (clock() - started) * 1000.0 >= budget_ms:
                break
    finally:
        if enabled:
            gc.enable()
    done = len(out) == total
    return {"total": total, "items": out, "done": done, "result": summarise(rp, out) if done else None}


def review(record: Any) -> dict[str, Any]:
    """The whole REVIEW of a record in one go (the command line): ``review_run`` with no clock."""
    result: dict[str, Any] = review_run(record, None, math.inf)["result"]
    return result
