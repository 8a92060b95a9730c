"""Why a decision is good, in one line: from the rules' own effects and the search's ranking.

The search says *which* action is best; this module says *why*, for the hint now and for the
review of a finished game later (issue 29: the fort a move lost, the capture it missed).  It
plays the action on a copy with the rules' effects and asks the game which reasons the step
gives (``reasons``); it does the same for the runner-up the search ranked next and prefers a
reason the runner-up lacks (or has less of): what sets the choice apart is the most telling.

A game gives its reasons through its AI object's ``explain`` hooks (``cambria.games.<id>.
explain``), an object with

* ``KINDS``: the reason kinds, the most telling first (``("capture", "deny", ...)``);
* ``reasons(before, after, effects, player)``: a list of REASON dictionaries, what the
  decision of ``player`` that turned ``before`` into ``after`` (with ``effects``) achieves.

REASON: ``{kind, about, value, part}``: ``kind`` one of ``KINDS``; ``about`` what it is about
(a fort, a county, a player and a fort), so that two actions' reasons can be compared;
``value`` how much (points, steps: a larger value is more telling within its kind); ``part``
the words as a PART ``{key, args}`` (worded by the page, as the prompts are).

Everything here is a pure function of the position and the actions: no clock, no random
numbers, a handful of rule steps (no search of its own), so a hint costs what the search costs.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from ..core.interface import Effects, GameRules
from ..core.registry import ai_for

__all__ = ["Reason", "BEST", "reasons", "why", "difference", "runner_up", "explainer_for"]

Reason = dict[str, Any]

# said when the game finds no reason: the search's judgement is the only one
BEST: Reason = {"kind": "best", "about": None, "value": 0.0, "part": {"key": "hint.why.best", "args": {}}}


def explainer_for(rules: GameRules[Any, Any]) -> Any:
    """The game's explain hooks, or None if it has none (the toy games of the tests)."""
    try:
        ai = ai_for(rules.facts.id)
    except (ValueError, ImportError):
        return None
    return getattr(ai, "explain", None)


def reasons(rules: GameRules[Any, Any], state: Any, action: Hashable) -> list[Reason]:
    """What ``action`` (legal in ``state``, which is not changed) achieves, by the game."""
    hooks = explainer_for(rules)
    if hooks is None:
        return []
    player = rules.current_player(state)
    after = rules.clone(state)
    fx: Effects = []
    rules.apply_action(after, action, False, fx)
    return list(hooks.reasons(state, after, fx, player))


def _outdoes(r: Reason, others: Sequence[Reason]) -> bool:
    """Whether ``r`` is not matched by any of ``others`` (same kind and subject, as much)."""
    return not any(o["kind"] == r["kind"] and o["about"] == r["about"] and o["value"] >= r["value"]
                   for o in others)


def difference(rules: GameRules[Any, Any], state: Any, action: Hashable, other: Hashable | None) -> list[Reason]:
    """The reasons of ``action`` that ``other`` does not match, most telling first (all of
    them, ranked, when ``other`` is None).  For the review: ``difference(best, played)`` is
    what the played move missed."""
    mine = reasons(rules, state, action)
    if other is not None:
        theirs = reasons(rules, state, other)
        mine = [r for r in mine if _outdoes(r, theirs)]
    return rank(rules, mine)


def rank(rules: GameRules[Any, Any], found: Sequence[Reason]) -> list[Reason]:
    """Reasons by the game's order of kinds, then by value (larger first); stable."""
    hooks = explainer_for(rules)
    kinds = tuple(getattr(hooks, "KINDS", ())) if hooks is not None else ()
    order = {k: i for i, k in enumerate(kinds)}
    return sorted(found, key=lambda r: (order.get(r["kind"], len(kinds)), -r["value"]))


def runner_up(action: Hashable, scores: Sequence[tuple[Any, float]] | None) -> Hashable | None:
    """The action the search ranked next after ``action`` (``scores``: best first), or None."""
    for a, _ in scores or ():
        if a != action:
            other: Hashable = a
            return other
    return None


def why(rules: GameRules[Any, Any], state: Any, action: Hashable,
        scores: Sequence[tuple[Any, float]] | None = None) -> Reason:
    """The one most telling reason for ``action``: what it does that the search's runner-up
    (from ``scores``, the search's ranking) does not, else the best of what it does, else
    that the search rates it best (``BEST``)."""
    apart = difference(rules, state, action, runner_up(action, scores))
    if apart:
        return apart[0]
    found = difference(rules, state, action, None)
    return found[0] if found else BEST
