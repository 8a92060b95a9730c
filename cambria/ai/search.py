"""Game-independent search: a small game interface and expectimax with chance nodes.

Any game with chance steps can be searched by providing an object with the
methods of :class:`GameInterface`: ``cambria.ai.adapter.SearchGame`` builds one
from a game's rules (the game interface) and its evaluation hooks; the tests
drive a toy game through the same code.

Conventions
-----------
* States are never changed by the search: ``apply`` returns a new state.
* ``evaluate(s)`` and ``returns(s)`` give one number per player (higher is
  better for that player) on the same scale, so a leaf that happens to be the
  end of the game compares fairly with one that is not.
* A decision node belongs to ``current_player(s)``, who maximises her own
  entry (max^n); a chance node averages over ``chance_outcomes(s)``.

Optional hooks (looked up with ``getattr``):

* ``candidate_actions(s)`` - a pruned list of actions used inside the tree
  (the root always considers every legal action).
* ``depth_cost(s)`` - 0 for a minor decision that should not use up search
  depth (it is then decided greedily by the static evaluation); default 1.
* ``handover(s, k)`` - the position ``s`` (where a player is about to start her
  turn) with the turn given to the k-th player from her instead, or None.  With
  ``opponents > 1`` the root adds, for each later opponent, how much her best
  answer to every roll would change the value, as if she moved next (the
  threats of the opponents are treated as independent; this costs one more
  search per opponent instead of a search that is exponentially deeper).
* ``action_group(a)`` - a key; the root searches only the best action of each
  group deeper (variants that differ in a detail do not crowd out real
  alternatives).
* ``search_chance_outcomes(s)`` - the outcomes (with probabilities summing to
  1) the tree expands at a chance node, when a game wants to merge or
  approximate some; default ``chance_outcomes``.
* ``evaluate_children(s, actions)`` - the value vector after each action (as
  ``evaluate``/``returns`` would give for the applied child), when a game can
  value children faster than building them.
* ``own_evaluate(s)`` and ``own_evaluate_children(s, actions)`` - the searching
  player's own judgement, when it differs from ``evaluate``.  ``evaluate`` is
  then the *model* of how the others choose (for instance the evaluation the
  opponents are known to play by): the opponents' decisions follow the model,
  the searching player's decisions and the values she compares follow her own
  judgement.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Hashable, Protocol, Sequence

__all__ = ["GameInterface", "SearchAborted", "Budget", "Expectimax", "SearchResult", "greedy_order",
           "systematic_sample", "child_values"]

class GameInterface(Protocol):
    """What the search needs to know about a game."""

    def num_players(self, s: Any) -> int: ...
    def current_player(self, s: Any) -> int: ...
    def is_terminal(self, s: Any) -> bool: ...
    def is_chance(self, s: Any) -> bool: ...
    def chance_outcomes(self, s: Any) -> Sequence[tuple[Hashable, float]]: ...
    def legal_actions(self, s: Any) -> Sequence[Any]: ...
    def apply(self, s: Any, a: Any) -> Any:
        """The state after a decision or a chance outcome (a new state; ``s`` is unchanged)."""
        ...
    def returns(self, s: Any) -> Sequence[float]: ...
    def evaluate(self, s: Any) -> Sequence[float]: ...


class SearchAborted(Exception):
    """The node budget or the clock ran out."""


class Budget:
    """A node budget (deterministic) with the clock as a safety cap.

    ``clock_fired`` tells afterwards whether the cap, not the budget, ended a search
    (then the result may differ from machine to machine)."""

    __slots__ = ("nodes", "max_nodes", "deadline", "_check", "clock_fired", "clock")

    def __init__(self, max_nodes: int, deadline: float | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline  # in ``clock``'s seconds
        self._check = 0
        self.clock_fired = False
        # injectable, so that tests of the cap need no real time; looked up at each budget's
        # start, so a test may also replace this module's ``time``
        self.clock = clock if clock is not None else time.perf_counter

    def spend(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > self.max_nodes:
            raise SearchAborted("node budget")
        if self.deadline is not None:
            self._check += n
            if self._check >= 64:
                self._check = 0
                if self.clock() > self.deadline:
                    self.clock_fired = True
                    raise SearchAborted("time")

    def allow(self, n: int) -> int:
        """Spend up to ``n`` nodes at once: how many the budget allows (0 once it is spent).
        The clock is checked as ``spend`` checks it; if it has fired, nothing is allowed."""
        room = self.max_nodes - self.nodes
        k = n if n <= room else max(room, 0)
        if k == 0:
            return 0
        try:
            self.spend(k)
        except SearchAborted:
            if self.clock_fired:
                return 0
        return k

    def time_left(self) -> float:
        return float("inf") if self.deadline is None else self.deadline - self.clock()


class SearchResult:
    __slots__ = ("action", "value", "depth", "nodes", "aborted", "scores")

    def __init__(self, action: Any, value: float, depth: int, nodes: int, aborted: bool,
                 scores: list[tuple[Any, float]]) -> None:
        self.action = action
        self.value = value
        self.depth = depth          # the deepest search that was completed
        self.nodes = nodes
        self.aborted = aborted      # True if the budget or the clock cut the search short
        self.scores = scores        # (action, value) of the root candidates at that depth

    def __repr__(self) -> str:
        return f"<SearchResult {self.action} value={self.value:.3f} depth={self.depth} nodes={self.nodes}>"


def greedy_order(game: GameInterface, s: Any, actions: Sequence[Any], player: int,
                 budget: Budget | None = None,
                 out: list[tuple[float, int, Any, Any]] | None = None,
                 own: bool = False) -> list[tuple[float, int, Any, Any]]:
    """(static value for ``player``, index, action, child) for every action, best first.

    The child is None when the game's ``evaluate_children`` hook valued the actions without
    building their states (``child_state`` builds one when it is needed).  Pass ``out`` to
    keep what was evaluated if the budget runs out (SearchAborted).  ``own``: by the game's
    ``own_evaluate`` judgement (if it has one) instead of ``evaluate``."""
    if out is None:
        out = []
    values = child_values(game, s, actions, budget, own)
    for i in range(len(values)):
        out.append((values[i][player], i, actions[i], None))
    if len(values) < len(actions):
        raise SearchAborted("node budget")
    out.sort(key=lambda t: (-t[0], t[1]))
    return out


def child_values(game: GameInterface, s: Any, actions: Sequence[Any],
                 budget: Budget | None = None, own: bool = False) -> list[Sequence[float]]:
    """The value vector (``returns`` at the end, else ``evaluate``, or with ``own`` the game's
    own judgement if it has one) of the state after each action, one node each.  If the
    budget runs out, the values of the first actions it allowed."""
    n = len(actions)
    if budget is not None:
        n = budget.allow(n)
    if own and getattr(game, "own_evaluate", None) is not None:
        hook = getattr(game, "own_evaluate_children", None)
        evaluate = game.own_evaluate  # type: ignore[attr-defined]
    else:
        hook = getattr(game, "evaluate_children", None)
        evaluate = game.evaluate
    if hook is not None:
        return list(hook(s, actions if n == len(actions) else actions[:n]))
    out = []
    apply = game.apply
    is_terminal = game.is_terminal
    for a in actions[:n]:
        child = apply(s, a)
        out.append(game.returns(child) if is_terminal(child) else evaluate(child))
    return out


def systematic_sample(outcomes: Sequence[tuple[Any, float]], k: int, offset: float) -> list[tuple[Any, float]]:
    """k outcomes drawn by systematic sampling (points ``(offset + i) / k`` on the cumulative
    odds), each worth 1/k; an outcome met by several points is listed once with their sum.
    Unbiased, and with a fixed offset the same outcomes for every node with the same odds.

    >>> systematic_sample([("a", 0.5), ("b", 0.25), ("c", 0.25)], 2, 0.5)
    [('a', 0.5), ('c', 0.5)]
    """
    picked: dict[Any, float] = {}
    cum = 0.0
    j = 0
    last = len(outcomes) - 1
    for i in range(k):
        u = (offset + i) / k
        while j < last and cum + outcomes[j][1] <= u:
            cum += outcomes[j][1]
            j += 1
        o = outcomes[j][0]
        picked[o] = picked.get(o, 0.0) + 1.0 / k
    return list(picked.items())


class Expectimax:
    """Depth-limited expectimax over decisions, exact (or sampled) over chance outcomes.

    ``depth`` counts decisions: 1 is a greedy choice by the static evaluation,
    2 also lets the next player answer every chance outcome greedily, and so on.
    Inside the tree, decision nodes above the last level keep only their
    ``beam`` best children by the static evaluation; the root keeps
    ``root_width`` candidates for the deeper searches (iterative deepening:
    each completed depth reorders them), and from depth 3 on only the
    ``deep_width`` best of the previous depth (None: all of them), since a level
    deeper costs each candidate many times more nodes.

    ``samples[i]`` (None: every outcome) is how many outcomes the i-th chance level
    below the root expands, by systematic sampling (the last entry holds for deeper
    levels); ``offset`` places the sampling points (take it from the player's seeded
    generator: the same seed, the same sample).  The same outcomes are then used for
    every candidate, so candidates are compared on the same rolls.

    With the game's ``own_evaluate`` hooks, the searching player (the one to move at
    the root) judges by them and the others are predicted by ``evaluate``."""

    def __init__(self, game: GameInterface, max_depth: int = 2, root_width: int = 8, beam: int = 2,
                 chance_limit: int | None = None, opponents: int = 1,
                 samples: Sequence[int | None] = (None,), offset: float = 0.5,
                 deep_width: int | None = None) -> None:
        self.game = game
        self.deep_width = deep_width
        # with opponents > 1 (and the game's ``handover`` hook) the root also asks how each of
        # the later opponents could answer the candidate, as if she were next (see search())
        self.opponents = opponents
        self._handover = getattr(game, "handover", None)
        self.max_depth = max_depth
        self.root_width = root_width
        self.beam = beam
        self.chance_limit = chance_limit  # at most this many outcomes below the first chance level
        self.samples = tuple(samples) or (None,)
        self.offset = offset
        cand = getattr(game, "candidate_actions", None)
        self._candidates: Callable[[Any], Sequence[Any]] = cand if cand is not None else game.legal_actions
        chance = getattr(game, "search_chance_outcomes", None)
        self._chance: Callable[[Any], Sequence[tuple[Any, float]]] = (
            chance if chance is not None else game.chance_outcomes)
        cost = getattr(game, "depth_cost", None)
        self._cost: Callable[[Any], int] = cost if cost is not None else (lambda s: 1)
        self._own: Callable[[Any], Sequence[float]] | None = getattr(game, "own_evaluate", None)
        self.root = -1  # the searching player (set by search)

    # ---------------------------------------------------------------- values
    def _leaf(self, s: Any) -> Sequence[float]:
        """The value of a position where the search stops: the model's vector, with the
        searching player's entry by her own judgement."""
        game = self.game
        if game.is_terminal(s):
            return game.returns(s)
        v = game.evaluate(s)
        if self._own is not None and self.root >= 0:
            v = list(v)
            v[self.root] = self._own(s)[self.root]
        return v

    def _best_child(self, s: Any, actions: Sequence[Any], player: int, budget: Budget) -> Sequence[float]:
        """The vector of the greedy choice of ``player`` among ``actions`` (a node each)."""
        game = self.game
        mine = player == self.root
        values = child_values(game, s, actions, budget, own=mine)
        if len(values) < len(actions):
            raise SearchAborted("node budget")
        best = 0
        best_x = values[0][player]
        for i in range(1, len(values)):
            x = values[i][player]
            if x > best_x:
                best, best_x = i, x
        v = values[best]
        if self._own is not None and not mine and self.root >= 0:
            # she chose by the model; what her choice is worth is judged by the searcher
            v = self._leaf(game.apply(s, actions[best]))
        return v

    # ---------------------------------------------------------------- tree
    def value(self, s: Any, depth: int, budget: Budget, chance_level: int = 0) -> Sequence[float]:
        game = self.game
        if game.is_terminal(s):
            return game.returns(s)
        if depth <= 0:
            return self._leaf(s)
        if game.is_chance(s):
            outcomes = self._chance(s)
            lim = self.chance_limit
            if lim is not None and chance_level >= 1 and len(outcomes) > lim:
                outcomes = sorted(outcomes, key=lambda o: -o[1])[:lim]
                total_p = sum(p for _, p in outcomes)
                outcomes = [(o, p / total_p) for o, p in outcomes]
            k = self.samples[min(chance_level, len(self.samples) - 1)]
            if k is not None and len(outcomes) > k:
                # a different offset per level, so that levels do not sample alike
                outcomes = systematic_sample(outcomes, k, (self.offset + 0.6180339887 * chance_level) % 1.0)
            acc: list[float] | None = None
            level = chance_level + 1 if len(outcomes) > 1 else chance_level  # forced outcomes do not count
            for o, p in outcomes:
                budget.spend()
                v = self.value(game.apply(s, o), depth, budget, level)
                if acc is None:
                    acc = [p * x for x in v]
                else:
                    for i, x in enumerate(v):
                        acc[i] += p * x
            assert acc is not None
            return acc
        player = game.current_player(s)
        actions = self._candidates(s)
        cost = self._cost(s)
        if depth - cost <= 0:
            return self._best_child(s, actions, player, budget)
        ordered = greedy_order(game, s, actions, player, budget, own=player == self.root)
        width = 1 if cost == 0 else self.beam
        best_v: Sequence[float] | None = None
        for _, _, a, child in ordered[:width]:
            v = self.value(child if child is not None else game.apply(s, a), depth - cost, budget, chance_level)
            if best_v is None or v[player] > best_v[player]:
                best_v = v
        assert best_v is not None
        return best_v

    # ---------------------------------------------------------------- root
    def search(self, s: Any, budget: Budget, actions: Sequence[Any] | None = None,
               keep: Sequence[Any] = ()) -> SearchResult:
        """The best action at the root: greedy first, then deeper while the budget lasts.

        If the budget runs out during the greedy pass, the best action evaluated so far
        is returned; SearchAborted is raised only if not a single one was.

        ``keep``: actions (among ``actions``) searched at every depth whatever their rank, first,
        so that each is valued exactly as deep as the best (the review of a game compares the
        move played with the best one).  Without it the candidates are the best by rank alone."""
        game = self.game
        player = game.current_player(s)
        self.root = player
        if actions is None:
            actions = game.legal_actions(s)
        ordered: list[tuple[float, int, Any, Any]] = []
        try:
            greedy_order(game, s, actions, player, budget, ordered, own=True)
        except SearchAborted:
            if not ordered:
                raise
            ordered.sort(key=lambda t: (-t[0], t[1]))
            best = ordered[0]
            return SearchResult(best[2], best[0], 1, budget.nodes, True, [(a, v) for v, _, a, _ in ordered])
        scores = [(a, v) for v, _, a, _ in ordered]
        best = ordered[0]
        result = SearchResult(best[2], best[0], 1, budget.nodes, False, scores)
        if len(ordered) == 1 or self.max_depth <= 1:
            return result
        group = getattr(game, "action_group", None)
        if group is None:
            cands = ordered[: self.root_width]
        else:
            cands = []
            seen = set()
            for item in ordered:
                key = group(item[2])
                if key in seen:
                    continue
                seen.add(key)
                cands.append(item)
                if len(cands) >= self.root_width:
                    break
        if keep:
            cands = _kept_first(cands, ordered, keep)
        for depth in range(2, self.max_depth + 1):
            if depth >= 3 and self.deep_width is not None:
                cut = cands[: max(2, self.deep_width)]
                cands = _kept_first(cut, cands, keep) if keep else cut
            deep: list[tuple[float, int, Any, Any]] = []
            try:
                for n, (_, i, a, child) in enumerate(cands):
                    if child is None:
                        child = game.apply(s, a)
                        cands[n] = (cands[n][0], i, a, child)
                    v = self.value(child, depth - 1, budget)[player]
                    if self._handover is not None:
                        for k in range(2, self.opponents + 1):
                            other = self._handover(child, k)
                            if other is None:
                                break
                            # what this opponent's best answer would change, were she next
                            v += (self.value(other, depth - 1, budget)[player]
                                  - self._leaf(other)[player])
                    deep.append((v, i, a, child))
            except SearchAborted:
                # the candidates finished at this depth compare fairly with each other;
                # they were taken best first, so use them once at least two are done
                if len(deep) >= 2:
                    deep.sort(key=lambda t: (-t[0], t[1]))
                    result = SearchResult(deep[0][2], deep[0][0], depth, budget.nodes, True,
                                          [(a, v) for v, _, a, _ in deep])
                result.aborted = True
                result.nodes = budget.nodes
                return result
            deep.sort(key=lambda t: (-t[0], t[1]))
            cands = deep
            result = SearchResult(deep[0][2], deep[0][0], depth, budget.nodes, False,
                                  [(a, v) for v, _, a, _ in deep])
        return result


def _kept_first(cands: list[tuple[float, int, Any, Any]], pool: Sequence[tuple[float, int, Any, Any]],
                keep: Sequence[Any]) -> list[tuple[float, int, Any, Any]]:
    """``cands`` with the entries of ``pool`` whose action is in ``keep`` moved (or added) to the
    front, in ``pool``'s order: a budget that runs out mid-depth has searched them."""
    kept = [item for item in pool if item[2] in keep]
    return kept + [item for item in cands if item[2] not in keep]
