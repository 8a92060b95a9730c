"""Cambria through the game interface (``cambria.core.interface.GameRules``).

Everything here delegates to ``rules``, ``state`` and ``actions``; the hot functions
are bound directly (no extra call layer for the search).

>>> from cambria.core.interface import CHANCE
>>> s = RULES.new_state("cumbria", 2, {})
>>> RULES.current_player(s) == CHANCE, RULES.phase(s).name, RULES.neutral(s)
(True, 'START', 2)
>>> RULES.action_steps("x4/5 p12<7")
['x4/5', 'p12', '<7']
"""

from __future__ import annotations

from random import Random
from typing import Any, Hashable, Mapping, Sequence

from ...core.errors import NotationError
from ...core.interface import CHANCE, TERMINAL, Effects, GameFacts, Outcome
from . import rules
from .actions import Action
from .board import MAP_IDS, load_board
from .state import CHANCE_PHASES, NEUTRAL_ROLL, OVER, ROLL, SETUP_ROLL, START, Phase, State

__all__ = ["RULES", "CambriaRules", "FACTS", "chance_text", "parse_chance"]

FACTS = GameFacts(
    id="cambria",
    title="Cambria",
    designer="Eric B. Vogel",
    boards=MAP_IDS,
    min_players=2,
    max_players=5,
    neutral_with=frozenset({2}),
    colours=("red", "blue", "yellow", "green", "purple"),
    options={"german_tiebreak": False},
    option_help={"german_tiebreak": "on a full tie the player who moved most recently wins"},
    # A real game takes a few hundred steps; passing forever is legal but no game record
    # needs more than this, and a cap keeps a hostile file from freezing the page.
    max_steps=20_000,
)

_DECIDED = {"points": "points", "tokens": "tokens"}


def chance_text(phase: int, outcome: Any) -> str:
    """The record notation of a chance outcome: ``start 2``, ``die 4`` or ``roll 3-5``."""
    if phase == ROLL:
        return f"roll {outcome[0]}-{outcome[1]}"
    if phase == START:
        return f"start {outcome}"
    return f"die {outcome}"


def parse_chance(phase: int, text: str) -> Any:
    """Read a chance step written by ``chance_text`` for the given phase (canonical spelling only)."""
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
    expected = "roll <a>-<b>" if phase == ROLL else "start <seat>" if phase == START else "die <n>"
    raise NotationError(f"expected a chance step '{expected}' here, not {text!r}")


def action_steps(text: str) -> list[str]:
    """Notation -> the steps a person composes it by: 'x4/5 p12<7' -> ['x4/5', 'p12', '<7']."""
    out: list[str] = []
    for tok in text.split(" "):
        i = tok.find("<")
        if i > 0:
            out.append(tok[:i])
            out.append(tok[i:])
        else:
            out.append(tok)
    return out


def join_steps(steps: Sequence[str]) -> str:
    """The inverse of ``action_steps``."""
    text = ""
    for s in steps:
        if s.startswith("<"):
            text += s
        else:
            text = f"{text} {s}" if text else s
    return text


class CambriaRules:
    """The rules of Cambria as the common game interface."""

    facts = FACTS

    def __init__(self) -> None:
        # bound directly: the search calls these millions of times
        self.legal_actions = rules.legal_actions
        self.is_legal = rules.is_legal
        self.chance_outcomes = rules.chance_outcomes
        self.sample_chance = rules.sample_chance
        self.clone = State.copy

    def new_state(self, board: str, n_players: int, options: Mapping[str, bool]) -> State:
        unknown = set(options) - set(FACTS.options)
        if unknown:
            raise ValueError(f"unknown option {sorted(unknown)[0]!r} (Cambria's options: "
                             f"{', '.join(FACTS.options)})")
        return State(load_board(board), n_players, bool(options.get("german_tiebreak", False)))

    # the interface's other functions; see GameRules for what each promises
    legal_actions: Any
    is_legal: Any
    chance_outcomes: Any
    sample_chance: Any
    clone: Any

    def phase(self, s: State) -> Phase:
        return s.phase

    def current_player(self, s: State) -> int:
        phase = s.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return s.current

    def is_chance(self, s: State) -> bool:
        return s.phase in CHANCE_PHASES

    def is_terminal(self, s: State) -> bool:
        return s.phase == OVER

    def num_players(self, s: State) -> int:
        return s.n_players

    def num_colours(self, s: State) -> int:
        return s.n_colours

    def neutral(self, s: State) -> int | None:
        return s.neutral if s.neutral >= 0 else None

    def apply_chance(self, s: State, outcome: Any, effects: Effects | None = None) -> None:
        rules.apply_chance(s, outcome, effects)

    def apply_action(self, s: State, a: Action, check: bool = True, effects: Effects | None = None) -> None:
        rules.apply(s, a, check, effects)

    def action_to_text(self, a: Action) -> str:
        return str(a)

    def text_to_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_steps(self, text: str) -> list[str]:
        return action_steps(text)

    def chance_to_text(self, s: State, outcome: Any) -> str:
        return chance_text(s.phase, rules.check_chance(s, outcome))

    def text_to_chance(self, s: State, text: str) -> Hashable:
        if not isinstance(text, str):
            raise NotationError(f"a chance step is written as text, not {type(text).__name__}")
        value: Hashable = rules.check_chance(s, parse_chance(s.phase, text))
        return value

    def outcome(self, s: State) -> Outcome:
        res = rules.result(s)
        decided = _DECIDED.get(res["decided_by"], "last_turn")
        return Outcome(over=res["over"], winners=(res["winner"],), ranking=tuple(res["ranking"]),
                       scores=tuple(res["points"]), decided_by=decided, details=res)

    def position(self, s: State) -> dict[str, Any]:
        d = s.to_dict()
        return {"roads": d["roads"], "legion": d["legion"], "boats": d["boats"], "supply": d["supply"],
                "forts": d["forts"]}

    def turns(self, s: State) -> int:
        return s.turns

    def start_player(self, s: State) -> int:
        return s.start_player

    def chance_seat(self, s: State) -> int | None:
        return None if s.phase == START else s.current

    def random_action(self, s: State, rng: Random) -> Action:
        """A legal action drawn without listing them all (playouts only; a shortcut)."""
        return rules.random_action(s, rng)

    def __repr__(self) -> str:
        return "<rules of Cambria>"


RULES = CambriaRules()
