"""The default lift: which warrior the page proposes to move when a placement needs one.

With an empty supply a placement moves a warrior already on the board (the player's own, or
a grey one for the neutral placement), and which one is a real decision.  Asking it every
time costs a tap; so the turn builder proposes one and the player may tap another instead.

The proposal is the one the Normal computer player would make for that placement: of the
actions that differ only in the warrior that moves, the one whose position the default
evaluation likes best for the player composing the decision (for the neutral placement too:
she places the grey warrior, so the grey warrior she lifts is the one that hurts her least).
The children are valued without being built (``children.child_utilities``), so a proposal
costs about as much as one position's evaluation per candidate warrior: a few milliseconds.
Ties go to the first candidate in the page's order (roads by number, then boats), so the
same position always gets the same proposal.
"""

from __future__ import annotations

from typing import Sequence

from .actions import Action
from .children import child_utilities
from .definition import join_steps
from .evaluate import evaluator_for
from .state import State

__all__ = ["default_lift", "source_order"]


def source_order(step: str) -> tuple[int, int]:
    """The page's order of source steps: roads ('<7') by number, then boats ('<b3')."""
    return (1, int(step[2:])) if step.startswith("<b") else (0, int(step[1:]))


def default_lift(state: State, partial: Sequence[str], sources: Sequence[str]) -> str | None:
    """The source step (one of ``sources``, each completing ``partial`` to a legal action) that
    the default evaluation values best for the player to move; None if there is no choice."""
    if len(sources) < 2:
        return None
    ordered = sorted(sources, key=source_order)
    actions = [Action.parse(join_steps([*partial, s])) for s in ordered]
    values = child_utilities(evaluator_for(state), state, actions)
    judge = state.current
    best = 0
    for i in range(1, len(ordered)):
        if values[i][judge] > values[best][judge]:
            best = i
    return ordered[best]
