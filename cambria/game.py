"""A game in progress: the position, the players, one seeded generator and every step so far.

>>> g = Game("cambria", ["Ann", "Bob", "Cy"], seed=7)
>>> g.roll()                  # the start player is drawn
'start 0'
>>> g.roll()                  # she rolls one die for her setup placement
'die 4'
>>> g.play(g.legal_actions()[0]).startswith("s")
True
>>> Game.from_record(g.to_record()).state.to_dict() == g.state.to_dict()
True
"""

from __future__ import annotations

import random
from typing import Any

from . import rules
from .actions import Action, IllegalActionError, NotationError
from .board import Board, load_board
from .state import NEUTRAL_ROLL, ROLL, SETUP_ROLL, START, State

__all__ = ["Game", "chance_text", "parse_chance", "MAX_SEED"]

MAX_SEED = 2**53 - 1  # seeds travel through JSON and JavaScript numbers


def chance_text(phase: int, outcome: Any) -> str:
    """The record notation of a chance outcome: ``start 2``, ``die 4`` or ``roll 3-5``."""
    if phase == ROLL:
        return f"roll {outcome[0]}-{outcome[1]}"
    if phase == START:
        return f"start {outcome}"
    return f"die {outcome}"


def parse_chance(phase: int, text: str) -> Any:
    """Read a chance step written by ``chance_text`` for the given phase."""
    value: Any = None
    try:
        word, rest = text.split(" ")
        if phase == ROLL and word == "roll":
            a, b = rest.split("-")
            value = (int(a), int(b))
        elif phase == START and word == "start":
            value = int(rest)
        elif phase in (SETUP_ROLL, NEUTRAL_ROLL) and word == "die":
            value = int(rest)
    except (ValueError, AttributeError):
        value = None
    # only the one canonical spelling: ASCII digits, no signs or leading zeros, smaller die first
    if value is not None and chance_text(phase, value) == text:
        return value
    expected = {ROLL: "roll <a>-<b>", START: "start <seat>"}.get(phase, "die <n>")
    raise NotationError(f"expected a chance step '{expected}' here, not {text!r}")


class Game:
    """One playthrough: a State, the players' names, options, a seeded generator and the steps."""

    def __init__(
        self,
        board: str | Board = "cambria",
        players: list[str] | int = 3,
        seed: int | None = None,
        german_tiebreak: bool = False,
        player_info: list[dict[str, Any]] | None = None,
    ) -> None:
        self.board = load_board(board) if isinstance(board, str) else board
        if isinstance(players, int):
            players = [f"Player {i + 1}" for i in range(players)]
        if not 2 <= len(players) <= 5:
            raise ValueError(f"Cambria is for 2 to 5 players, not {len(players)}")
        self.players = list(players)
        self.player_info = player_info if player_info is not None else [{} for _ in players]
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
        self.seed = seed
        self.german_tiebreak = german_tiebreak
        self.rng = random.Random(seed)
        self.state = State(self.board, len(players), german_tiebreak)
        self.steps: list[str] = []

    # ---------------------------------------------------------------- steps
    def is_chance(self) -> bool:
        return self.state.is_chance()

    def is_over(self) -> bool:
        return self.state.is_over()

    def roll(self) -> str:
        """Draw the pending chance step from the game's generator, play it, return its notation."""
        state = self.state
        if not state.is_chance():
            raise IllegalActionError(f"nothing to roll in phase {state.phase_name!r}")
        phase = state.phase
        outcome = rules.sample_chance(state, self.rng)
        rules.apply_chance(state, outcome)
        text = chance_text(phase, outcome)
        self.steps.append(text)
        return text

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self.state)

    def play(self, action: Action | str) -> str:
        """Play a decision (an Action or its notation); IllegalActionError leaves everything unchanged."""
        if isinstance(action, str):
            action = Action.parse(action)
        rules.apply(self.state, action)
        text = str(action)
        self.steps.append(text)
        return text

    def result(self) -> dict[str, Any]:
        return rules.result(self.state)

    # ---------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        from .record import make_record

        return make_record(self)

    @classmethod
    def from_record(cls, data: Any, upto: int | None = None) -> Game:
        """Rebuild a game from its record (validated; RecordError names the first bad step)."""
        from .record import load_record

        return load_record(data, upto=upto)

    def replay_step(self, text: str) -> None:
        """Play one recorded step: a chance step must be what the seeded generator gives."""
        state = self.state
        if state.is_chance():
            phase = state.phase
            claimed = rules.check_chance(state, parse_chance(phase, text))
            drawn = rules.sample_chance(state, self.rng)
            if drawn != claimed:
                raise IllegalActionError(
                    f"the game's seed gives {chance_text(phase, drawn)!r} here, not {text!r}")
            rules.apply_chance(state, drawn)
            self.steps.append(chance_text(phase, drawn))
        elif state.is_over():
            raise IllegalActionError("the game is already over")
        else:
            self.play(text)

    def __repr__(self) -> str:
        return f"<Game {self.board.id} {self.players} seed={self.seed} steps={len(self.steps)}>"
