"""What the generic search needs to know about Hibernia beyond its rules.

The search (``cambria.ai.search``) plays the rules through the game interface; this
module adds the evaluation and the optional hooks:

* ``depth_cost``: the second action of a turn uses no depth (it is part of the turn
  the first one began), so a search two decisions deep sees the player's whole turn
  and the next player's answer;
* ``candidate_actions``: inside the tree, a move with its soldiers taken from the
  board is searched with one choice of sources (the counties with most soldiers give
  first), not every multiset; the root always gets every legal action;
* ``action_group``: moves that differ only in their sources form one group;
* ``handover``: the position with a later opponent about to move next (the second
  action, if still due, is first completed as the evaluation likes best);
* ``evaluate``: a position in the middle of the searching player's own turn is judged
  by its best completion, so that even a one-decision look-ahead (Normal) plans the
  turn's two actions together: the first action is worth what it makes possible with
  the second (take a county now, a neighbour that pays for the next space with it).
  With the weight ``replies`` = k > 0 (3 by default), an opponent's turn is modelled
  too: at his first action only his k best first actions by the evaluation are
  searched, each judged with his turn completed (completing all of them would
  multiply Hard's work by the number of second actions).

Every value is the evaluation's utilities for the searching player (``player``): his own
with his own mix of rivals if the weights give one (``self_mix``), the others' as they
judge themselves.
"""

from __future__ import annotations

from typing import Any

from . import rules
from .actions import MUSTER, Action
from .evaluate import Evaluator, Params, evaluator_for
from .state import FIRST_ACTION, LAST_ACTION, PURPLE, ROLL, State

__all__ = ["HiberniaSearch", "greedy_sources"]

_new_action = tuple.__new__


def greedy_sources(state: State, p: int, county: int, need: int) -> tuple[tuple[str, int], ...]:
    """One multiset of ``need`` soldiers from ``p``'s other counties: one at a time from the
    county with the most soldiers left (the fullest stacks can spare them best)."""
    board = state.board
    left = {i: state.count[i] for i in range(len(board.counties))
            if state.owner[i] == p and i != county and state.count[i] > 1}
    taken: dict[str, int] = {}
    for _ in range(need):
        i = max(left, key=lambda j: (left[j], -j))
        left[i] -= 1
        if left[i] == 1:
            del left[i]
        cid = board.counties[i].id
        taken[cid] = taken.get(cid, 0) + 1
    return tuple(sorted(taken.items()))


class HiberniaSearch:
    """Hibernia's evaluation and search hooks for one game (the search never changes a state)."""

    def __init__(self, state: State, params: Params | None = None) -> None:
        self.evaluator: Evaluator = (evaluator_for(state) if params is None
                                     else evaluator_for(state, params, repr(params)))
        self.player = state.current
        self.replies = int(self.evaluator.params.replies)

    def returns(self, s: State) -> list[float]:
        return self.evaluator.utilities(s, self.player)

    def evaluate(self, s: State) -> list[float]:
        if s.phase == LAST_ACTION and (s.current == self.player or self.replies):
            return self.evaluator.utilities(self._finish_turn(s), self.player)
        return self.evaluator.utilities(s, self.player)

    def depth_cost(self, s: State) -> int:
        """The second action of a turn is free; a turn's first (after purple: only) one costs 1."""
        return 0 if s.phase == LAST_ACTION and s.die != PURPLE else 1

    def action_group(self, a: Action) -> Any:
        return (a[0], a[1])

    def candidate_actions(self, s: State) -> list[Action]:
        """The actions searched at a node inside the tree: one choice of sources per move, and
        for an opponent's first action (with ``replies``) only his best few by the evaluation,
        each then judged with his turn completed."""
        out = self._candidates(s)
        k = self.replies
        if k and s.phase == FIRST_ACTION and s.current != self.player and len(out) > k:
            p = s.current
            utilities = self.evaluator.utilities
            scored: list[tuple[float, int, Action]] = []
            for i, a in enumerate(out):
                c = s.copy()
                rules.apply(c, a, False)
                scored.append((-utilities(c)[p], i, a))
            scored.sort()
            out = [a for _, _, a in scored[:k]]
        return out

    def _candidates(self, s: State) -> list[Action]:
        p = s.current
        counties = s.board.counties
        out: list[Action] = []
        for slot, t, _, need in rules.move_options(s):
            src = greedy_sources(s, p, t, need) if need else ()
            out.append(_new_action(Action, (slot, counties[t].id, src)))
        for slot, bit in rules.SLOT_BITS.items():
            if s.pending & bit:
                out.append(_new_action(Action, (slot, MUSTER, ())))
        return out

    def handover(self, s: State, k: int) -> State | None:
        """The position before a turn with the k-th player from the next one to start instead."""
        if s.phase == LAST_ACTION:
            s = self._finish_turn(s)
        if s.phase != ROLL or k >= s.n_players:
            return None
        c = s.copy()
        c.current = (s.current + k - 1) % s.n_players
        return c

    def _finish_turn(self, s: State) -> State:
        """The turn completed with the remaining action the evaluation likes best."""
        p = s.current
        utilities = self.evaluator.utilities
        me = self.player
        best: State | None = None
        best_v = float("-inf")
        for a in self._candidates(s):
            c = s.copy()
            rules.apply(c, a, False)
            v = utilities(c, me)[p]
            if v > best_v:
                best, best_v = c, v
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "HiberniaSearch()"
