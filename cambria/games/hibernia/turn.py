"""Hibernia's turn as the page composes it: both actions of a turn in one decision, one Confirm.

The rules play a turn as two decisions (``actions.py``: the die action and the extra action,
each ``slot county<sources``); the page asks for as few taps as the choice needs:

* **the county tapped decides the action**: a county of the die's colour (any on black) takes
  the die action, any other the extra action.  Where both fit, the die action is taken: it
  leaves the extra action, which may go anywhere the die action could (so nothing is lost);
  a muster likewise takes the die action while it is open;
* **the sources are a stepper**: ``+DON`` takes one more soldier from Donegal, ``-DON`` gives
  one back; the action is whole once the supply's shortfall is covered;
* **forced steps are taken without a tap**: the muster when no county can be entered, the
  sources when only one way to take them is left (one county to give, or every spare needed);
* **one Confirm** plays both actions (``actions``: their notations, in the order played).

The page's steps (``partial``) are county ids, ``muster`` and the stepper's ``+id``/``-id``;
``auto`` lists the indices of the steps taken without a tap (Undo goes back past them to the
player's own last tap).  Every action composed is checked against the rules' own list
(``move_options``, ``spares``) and previewed with the rules' own effects (``apply`` on a copy):
nothing here decides a rule; records keep the rules' notation, two steps per turn as before.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core.errors import IllegalActionError
from .actions import MUSTER, Action
from .rules import apply, move_options, spares
from .state import DIE_SLOT, FIRST_ACTION, LAST_ACTION, State

__all__ = ["muster_slot", "page_steps", "targets", "Turn"]

MAX_TAPS = 60  # more steps than any turn needs (a stepper's taps included)


class _Action:
    """One action being composed: its slot, target, and the soldiers chosen so far per county."""

    __slots__ = ("slot", "target", "need", "room", "counts")

    def __init__(self, slot: str, target: str, need: int, room: dict[str, int]):
        self.slot, self.target, self.need, self.room = slot, target, need, room
        self.counts: dict[str, int] = {}

    @property
    def chosen(self) -> int:
        return sum(self.counts.values())

    @property
    def whole(self) -> bool:
        return self.chosen == self.need

    def action(self) -> Action:
        if self.target == MUSTER:
            return Action.muster(self.slot)
        return Action(self.slot, self.target, sorted((c, k) for c, k in self.counts.items() if k))

    def completion(self) -> Action:
        """A whole action with the sources chosen so far (the rest from the first counties that
        can give them): its effects preview the fight and the soldiers chosen."""
        counts = dict(self.counts)
        left = self.need - self.chosen
        for cid in sorted(self.room):
            more = min(left, self.room[cid] - counts.get(cid, 0))
            if more > 0:
                counts[cid] = counts.get(cid, 0) + more
                left -= more
        return Action(self.slot, self.target, sorted((c, k) for c, k in counts.items() if k))

    def forced(self) -> list[str]:
        """The stepper's taps nobody needs to make: all of them when one way is left."""
        left = self.need - self.chosen
        free = {c: r - self.counts.get(c, 0) for c, r in self.room.items() if r - self.counts.get(c, 0) > 0}
        if left <= 0 or not (len(free) == 1 or sum(free.values()) == left):
            return []
        out: list[str] = []
        for cid in sorted(free):
            k = min(left, free[cid])
            out += ["+" + cid] * k
            left -= k
        return out


def targets(state: State) -> dict[str, tuple[str, int, int, int]]:
    """The counties the player may move into now: id -> (slot, index, n, need); the die action
    where it fits (see the module)."""
    counties = state.board.counties
    out: dict[str, tuple[str, int, int, int]] = {}
    for slot, t, n, need in move_options(state):
        cid = counties[t].id
        if cid not in out or slot == "die":
            out[cid] = (slot, t, n, need)
    return out


def muster_slot(state: State) -> str:
    return "die" if state.pending & DIE_SLOT else "extra"


class Turn:
    """A turn composed from the page's steps on a copy of the position (see the module)."""

    def __init__(self, rules: Any, state: State, partial: Sequence[str]) -> None:
        if state.phase not in (FIRST_ACTION, LAST_ACTION):
            raise IllegalActionError("no action is due now")
        self.rules = rules
        self.start = state
        self.done: list[Action] = []      # the actions composed whole, in order
        self.states: list[State] = [state]  # the position before each action
        self.current: _Action | None = None
        self.steps: list[str] = []
        self.auto: list[int] = []
        if len(partial) > MAX_TAPS:
            raise IllegalActionError(f"a turn has at most {MAX_TAPS} steps")
        for tok in partial:
            due = self._due()
            while due and tok != due[0]:  # forced steps the partial skips (a hint's) come first
                self._take(due[0], auto=True)
                due = self._due()
            self._take(tok, auto=bool(due))
        due = self._due()
        while due:
            self._take(due[0], auto=True)
            due = self._due()

    # ---------------------------------------------------------------- the position now
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def complete(self) -> bool:
        return self.current is None and self.state.phase not in (FIRST_ACTION, LAST_ACTION)

    def offered(self) -> list[str]:
        """The steps the player may take next, in board order (the stepper's after the counties)."""
        if self.complete:
            return []
        cur = self.current
        if cur is None:
            return list(targets(self.state)) + [MUSTER]
        out = []
        free = cur.need - cur.chosen
        for cid in sorted(cur.room):
            if free > 0 and cur.counts.get(cid, 0) < cur.room[cid]:
                out.append("+" + cid)
            if cur.counts.get(cid, 0) > 0:
                out.append("-" + cid)
        return out

    # ---------------------------------------------------------------- composing
    def _take(self, tok: str, auto: bool = False) -> None:
        if tok not in self.offered():
            done = " ".join(self.steps) or "nothing"
            raise IllegalActionError(f"{tok[:24]!r} is not a legal choice here (after {done}); "
                                     "ask for the options again")
        state = self.state
        cur = self.current
        if cur is None:
            if tok == MUSTER:
                cur = _Action(muster_slot(state), MUSTER, 0, {})
            else:
                slot, t, _, need = targets(state)[tok]
                room = dict(spares(state, state.current, t)) if need else {}
                cur = _Action(slot, tok, need, room)
            self.current = cur
        else:
            cid = tok[1:]
            cur.counts[cid] = cur.counts.get(cid, 0) + (1 if tok[0] == "+" else -1)
        if auto:
            self.auto.append(len(self.steps))
        self.steps.append(tok)
        if cur.whole:
            self._finish()

    def _finish(self) -> None:
        cur = self.current
        assert cur is not None
        action = cur.action()
        after = self.rules.clone(self.state)
        apply(after, action)  # checked: the rules have the last word
        self.done.append(action)
        self.states.append(after)
        self.current = None

    def _due(self) -> list[str]:
        """The steps that leave no choice now (see the module): the stepper's when one way to
        take the soldiers is left, the muster when no county can be entered."""
        if len(self.steps) >= MAX_TAPS:
            return []
        cur = self.current
        if cur is not None:
            return cur.forced()
        return [MUSTER] if self.offered() == [MUSTER] else []

    # ---------------------------------------------------------------- what it does
    def effects(self) -> list[dict[str, Any]]:
        """The rules' own effects of the actions composed (the one being composed: its fight and
        the soldiers chosen so far), each action's marked with ``act`` (0, 1)."""
        out: list[dict[str, Any]] = []
        trial = self.rules.clone(self.start)
        for k, action in enumerate(self.done):
            fx: list[dict[str, Any]] = []
            apply(trial, action, check=False, fx=fx)
            out += [dict(e, act=k) for e in fx]
        cur = self.current
        if cur is not None and cur.target != MUSTER:
            fx = []
            apply(trial, cur.completion(), check=False, fx=fx)
            left = dict(cur.counts)
            k = len(self.done)
            for e in fx:
                if e.get("part") is None:
                    continue  # the end of the turn comes with the whole turn only
                if e["type"] == "soldiers" and isinstance(e["from"], int) and e["part"] >= 2:
                    cid = self.state.board.counties[e["from"]].id
                    take = min(e["count"], left.get(cid, 0))
                    if take:
                        out.append(dict(e, count=take, act=k))
                    continue
                out.append(dict(e, act=k))
        return out


def page_steps(rules: Any, text: str) -> list[str]:
    """A decision of the rules (a hint) as the page's steps for the turn being composed: its
    county (or ``muster``) and one ``+id`` per soldier from a county."""
    action = rules.text_to_action(text)
    steps = [action.target]
    for cid, k in action.sources:
        steps += ["+" + cid] * k
    return steps
