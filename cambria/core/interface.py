"""The game interface: what every game implements and everything else uses.

The shape follows OpenSpiel's Python games.  A game is a ``GameRules`` object
(its fixed facts plus pure functions of a state); a state is plain data, one per
playthrough, changed only by ``apply_chance`` and ``apply_action`` and copied
with ``clone``.  Chance is an explicit step: at a chance node
``current_player`` is ``CHANCE`` and ``chance_outcomes`` lists the outcomes
with their odds; the rules never draw random numbers, ``sample_chance`` draws
the physical procedure from a generator the caller owns.  Search, the computer
players, ``simulate``, ``tournament``, records, replay and the web session see
games only through this module.

**Effects.**  ``apply_chance`` and ``apply_action`` take an optional list; when
one is given, the rules append to it, in order, what the step did (pieces
placed, lifted, displaced, dice changed, captures, the end), as small JSON
dictionaries with at least ``"type"``.  In an action's effects ``"part"`` is the
index of the step of the action (see ``action_steps``) that caused it, so a
preview of a half-composed action can show what its chosen steps do.  The
preview before Confirm, the events, the log and the animations come from
these lists and from nothing else.

>>> from cambria.core.registry import rules_for
>>> rules = rules_for("cambria")
>>> s = rules.new_state("cambria", 3, {})
>>> rules.current_player(s) == CHANCE, [p for _, p in rules.chance_outcomes(s)]
(True, [0.3333333333333333, 0.3333333333333333, 0.3333333333333333])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from random import Random
from typing import Any, Hashable, Mapping, Protocol, Sequence, TypeVar

__all__ = ["CHANCE", "TERMINAL", "GameFacts", "Outcome", "GameRules", "Effect", "Effects"]

CHANCE = -1    # current_player() at a chance step
TERMINAL = -4  # current_player() once the game is over (OpenSpiel's markers)

Effect = dict[str, Any]
Effects = list[Effect]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class GameFacts:
    """A game's fixed facts: one table for every layer that needs them."""

    id: str                              # "cambria"
    title: str                           # "Cambria"
    boards: tuple[str, ...]              # the boards (maps) it is played on; the first is the default
    min_players: int
    max_players: int
    neutral_with: frozenset[int]         # player counts that add a neutral colour
    colours: tuple[str, ...]             # the colours a player may pick
    options: Mapping[str, bool]          # every option with its default
    max_steps: int                       # the longest game a record may hold (steps)
    designer: str = ""
    option_help: Mapping[str, str] = field(default_factory=dict)

    def has_neutral(self, n_players: int) -> bool:
        return n_players in self.neutral_with


@dataclass(frozen=True)
class Outcome:
    """Who won and how it was decided (a typed value, the same for every game).

    ``scores`` has one entry per colour, the neutral included; ``ranking`` holds
    the regular seats, best first; ``winners`` is one seat, or several when the
    game ends in a shared win.  ``decided_by`` names the tiebreak that separated
    first from second (``"score"`` when the scores did)."""

    over: bool
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    decided_by: str
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner(self) -> int | None:
        """The single winner, or None for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {"over": self.over, "winners": list(self.winners), "winner": self.winner,
                "ranking": list(self.ranking), "scores": list(self.scores), "decided_by": self.decided_by,
                "details": dict(self.details)}


class GameRules(Protocol[StateT, ActionT]):
    """The rules of one game as pure functions of its states (see the module docstring)."""

    facts: GameFacts

    def new_state(self, board: str, n_players: int, options: Mapping[str, bool]) -> StateT:
        """The position before the first chance step."""
        ...

    def phase(self, s: StateT) -> Enum:
        """The named phase of the position (each game has its own enum)."""
        ...

    def current_player(self, s: StateT) -> int:
        """The seat that decides next, CHANCE at a chance step, TERMINAL at the end."""
        ...

    def is_chance(self, s: StateT) -> bool: ...
    def is_terminal(self, s: StateT) -> bool: ...

    def num_players(self, s: StateT) -> int:
        """The regular seats (the neutral colour, if any, is not one)."""
        ...

    def num_colours(self, s: StateT) -> int:
        """Every colour that scores, the neutral included (it is numbered last)."""
        ...

    def neutral(self, s: StateT) -> int | None:
        """The neutral colour's number, or None."""
        ...

    def chance_outcomes(self, s: StateT) -> Sequence[tuple[Hashable, float]]:
        """The outcomes of the pending chance step with their probabilities (summing to 1)."""
        ...

    def sample_chance(self, s: StateT, rng: Random) -> Hashable:
        """Draw the pending chance outcome as players would, from ``rng`` (not applied)."""
        ...

    def apply_chance(self, s: StateT, outcome: Any, effects: Effects | None = None) -> None:
        """Play a chance outcome (IllegalActionError if it is not possible here)."""
        ...

    def legal_actions(self, s: StateT) -> Sequence[ActionT]:
        """Every legal action of the player to decide (empty at chance steps and at the end)."""
        ...

    def is_legal(self, s: StateT, a: ActionT) -> bool: ...

    def apply_action(self, s: StateT, a: ActionT, check: bool = True, effects: Effects | None = None) -> None:
        """Play a decision.  With ``check`` an illegal action raises IllegalActionError saying
        why and leaves ``s`` unchanged; without it the caller guarantees legality (search)."""
        ...

    def clone(self, s: StateT) -> StateT: ...

    def action_to_text(self, a: ActionT) -> str: ...

    def text_to_action(self, text: str) -> ActionT:
        """Parse notation (NotationError with the reason); legality is not checked here."""
        ...

    def action_steps(self, text: str) -> list[str]:
        """An action's text cut into the steps a person composes it by (the turn builder)."""
        ...

    def chance_to_text(self, s: StateT, outcome: Any) -> str:
        """The record notation of a chance outcome at ``s``."""
        ...

    def text_to_chance(self, s: StateT, text: str) -> Any:
        """Parse a chance step written by ``chance_to_text`` (only its canonical spelling)."""
        ...

    def outcome(self, s: StateT) -> Outcome: ...

    def position(self, s: StateT) -> dict[str, Any]:
        """The position as JSON data (the board component draws it)."""
        ...

    def turns(self, s: StateT) -> int:
        """Regular turns played so far."""
        ...

    def start_player(self, s: StateT) -> int:
        """The seat drawn to start (0 before the draw)."""
        ...

    def chance_seat(self, s: StateT) -> int | None:
        """The seat the pending chance step is rolled for (its turn's roll, its setup die), or
        None for a draw that is nobody's (the start player, forts); only at chance steps.
        Remote play asks it: a roll is answered by a device other than the last decider's."""
        ...


def check_probabilities(outcomes: Sequence[tuple[Hashable, float]]) -> None:
    """Assert that chance outcomes are distinct with probabilities summing to 1 (for tests)."""
    total = sum(p for _, p in outcomes)
    keys = [o for o, _ in outcomes]
    if abs(total - 1.0) > 1e-9 or len(set(keys)) != len(keys) or any(p <= 0 for _, p in outcomes):
        raise AssertionError(f"bad chance outcomes: {outcomes!r}")
