"""A game in progress, for any game: the rules, a position, the players, where its dice come
from and every step so far.

The dice come from one of two places (``dice``):

* ``"seeded"`` (the command line, the tests, tournaments): one ``random.Random(seed)`` draws every
  chance step, so the seed decides the whole game and a record can be checked roll by roll;
* ``"drawn"`` (games made in the web page): each chance step is drawn from the operating system's
  entropy (in the browser: ``crypto.getRandomValues``) at the moment it is rolled. Nothing held
  anywhere tells a roll before it is made; the record keeps the rolls themselves, and replaying it
  accepts any roll the rules allow at that point.

>>> g = Game("cambria", ["Ann", "Bob", "Cy"], seed=7)
>>> g.roll()                  # the start player is drawn
'start 0'
>>> g.roll()                  # she rolls one die for her setup placement
'die 4'
>>> g.play(g.legal_actions()[0]).startswith("s")
True
>>> from cambria.core.record import load_record, make_record
>>> load_record(make_record(g)).position() == g.position()
True
"""

from __future__ import annotations

import random
import re
import secrets
from typing import Any, Sequence

from .errors import IllegalActionError
from .interface import CHANCE, TERMINAL, Effects, GameRules, Outcome
from .registry import resolve, rules_for

__all__ = ["Game", "MAX_SEED", "DICE", "GAME_KEY"]

MAX_SEED = 2**53 - 1  # seeds travel through JSON and JavaScript numbers
DICE = ("seeded", "drawn")
GAME_KEY = re.compile(r"[0-9a-f]{16,64}")  # a drawn-dice game's name: random hex, no secret


class Game:
    """One playthrough: a state of some game, the players' names, options, a seeded generator
    and the steps (chance steps and decisions, as text).

    ``Game("cambria", ...)``, ``Game("cumbria", ...)`` (Cambria on the Cumbria map) or
    ``Game("hibernia", ...)``; options as keywords (``german_tiebreak=True``) or ``options``.
    ``dice="drawn"`` (no seed) draws each roll when it is made; ``key`` names such a game
    (random when not given: a loaded record passes its own).
    """

    def __init__(
        self,
        game: str = "cambria",
        players: Sequence[str] | int = 3,
        seed: int | None = None,
        *,
        board: str | None = None,
        options: dict[str, bool] | None = None,
        player_info: list[dict[str, Any]] | None = None,
        dice: str = "seeded",
        key: str | None = None,
        **option_kw: bool,
    ) -> None:
        self.game_id, self.board_id = resolve(game, board)
        self.rules: GameRules[Any, Any] = rules_for(self.game_id)
        facts = self.rules.facts
        if isinstance(players, int) and not isinstance(players, bool):
            players = [f"Player {i + 1}" for i in range(players)]
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
            raise ValueError("players are a number or a list of names")
        if not facts.min_players <= len(players) <= facts.max_players:
            raise ValueError(f"{facts.title} is for {facts.min_players} to {facts.max_players} players, "
                             f"not {len(players)}")
        self.players = list(players)
        self.player_info = player_info if player_info is not None else [{} for _ in players]
        if dice not in DICE:
            raise ValueError(f"dice are {' or '.join(map(repr, DICE))}, not {str(dice)[:40]!r}")
        self.dice = dice
        self.seed: int | None
        self.rng: random.Random
        if dice == "drawn":
            if seed is not None:
                raise ValueError("a game with drawn dice has no seed")
            if key is None:
                key = secrets.token_hex(8)
            if not isinstance(key, str) or not GAME_KEY.fullmatch(key):
                raise ValueError("a game's key is 16 to 64 lower-case hexadecimal digits")
            self.seed = None
            self.key = key
            self.rng = random.SystemRandom()  # no state to read: each roll is new entropy
        else:
            if key is not None:
                raise ValueError("a seeded game is named by its seed, not a key")
            if seed is None:
                seed = random.SystemRandom().randrange(MAX_SEED)
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
                raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
            self.seed = seed
            self.key = str(seed)  # what names the game (its uid, the computer players' own draws)
            self.rng = random.Random(seed)
        merged = dict(facts.options)
        for k, v in {**(options or {}), **option_kw}.items():
            if k not in facts.options:
                raise ValueError(f"unknown option {k!r} for {facts.title} (options: "
                                 f"{', '.join(facts.options) or 'none'})")
            if not isinstance(v, bool):
                raise ValueError(f"option {k} is true or false, not {v!r}")
            merged[k] = v
        self.options = merged
        self.state: Any = self.rules.new_state(self.board_id, len(players), merged)
        self.steps: list[str] = []

    # ---------------------------------------------------------------- the position
    @property
    def board(self) -> Any:
        """The board (map) of the game."""
        return getattr(self.state, "board", None)

    def phase(self) -> Any:
        return self.rules.phase(self.state)

    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.rules.current_player(self.state)

    def is_chance(self) -> bool:
        return self.rules.current_player(self.state) == CHANCE

    def is_over(self) -> bool:
        return self.rules.current_player(self.state) == TERMINAL

    def names(self) -> list[str]:
        """A name per colour: the players, then "Neutral" for a neutral colour."""
        extra = self.rules.num_colours(self.state) - len(self.players)
        return self.players + ["Neutral"] * extra

    def position(self) -> dict[str, Any]:
        return self.rules.position(self.state)

    def legal_actions(self) -> Sequence[Any]:
        return self.rules.legal_actions(self.state)

    def result(self) -> Outcome:
        """The outcome so far (final once the game is over)."""
        return self.rules.outcome(self.state)

    outcome = result

    # ---------------------------------------------------------------- steps
    def roll(self, effects: Effects | None = None) -> str:
        """Draw the pending chance step from the game's generator, play it, return its notation."""
        rules = self.rules
        state = self.state
        if rules.current_player(state) != CHANCE:
            raise IllegalActionError("nothing to roll: " + ("the game is over" if self.is_over()
                                                            else "a decision is due"))
        outcome = rules.sample_chance(state, self.rng)
        text = rules.chance_to_text(state, outcome)
        rules.apply_chance(state, outcome, effects)
        self.steps.append(text)
        return text

    def play(self, action: Any, effects: Effects | None = None) -> str:
        """Play a decision (an action or its notation); IllegalActionError leaves everything unchanged."""
        rules = self.rules
        if isinstance(action, str):
            action = rules.text_to_action(action)
        if rules.current_player(self.state) < 0:
            raise IllegalActionError("no decision is due: " + ("the game is over" if self.is_over()
                                                               else "roll first"))
        rules.apply_action(self.state, action, True, effects)
        text = rules.action_to_text(action)
        self.steps.append(text)
        return text

    def replay_step(self, text: str, effects: Effects | None = None) -> None:
        """Play one recorded step: a chance step must be what the seeded generator gives, or,
        with drawn dice, any outcome the rules allow here."""
        rules = self.rules
        state = self.state
        player = rules.current_player(state)
        if player == CHANCE and self.dice == "drawn":
            claimed = rules.text_to_chance(state, text)
            canonical = rules.chance_to_text(state, claimed)
            rules.apply_chance(state, claimed, effects)  # IllegalActionError: not possible here
            self.steps.append(canonical)
        elif player == CHANCE:
            claimed = rules.text_to_chance(state, text)
            drawn = rules.sample_chance(state, self.rng)
            if drawn != claimed:
                raise IllegalActionError(
                    f"the game's seed gives {rules.chance_to_text(state, drawn)!r} here, not {text!r}")
            canonical = rules.chance_to_text(state, drawn)
            rules.apply_chance(state, drawn, effects)
            self.steps.append(canonical)
        elif player == TERMINAL:
            raise IllegalActionError("the game is already over")
        else:
            self.play(text, effects)

    def __repr__(self) -> str:
        dice = f"seed={self.seed}" if self.dice == "seeded" else f"drawn dice, key={self.key}"
        return f"<Game {self.game_id}/{self.board_id} {self.players} {dice} steps={len(self.steps)}>"
