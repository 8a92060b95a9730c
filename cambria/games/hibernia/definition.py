"""Hibernia through the game interface (``cambria.core.interface.GameRules``).

Everything here delegates to ``rules``, ``scoring``, ``state`` and ``actions``; the hot
functions are bound directly (no extra call layer for the search).

Chance steps are written ``start <seat>``, ``forts <c>-<c>-<c>-<c>`` (the colour drawn
onto each fort, forts in board order) and ``roll <face>`` (blue, green, red, yellow,
black or purple).

>>> from cambria.core.interface import CHANCE
>>> s = RULES.new_state("hibernia", 3, {})
>>> RULES.current_player(s) == CHANCE, RULES.phase(s).name, RULES.neutral(s)
(True, 'START', 3)
>>> RULES.chance_to_text(s, 1), RULES.action_steps("extra MEA<DON2,ROS1")
('start 1', ['extra', 'MEA', '<DON2', '<ROS1'])
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping

from ...core.errors import NotationError
from ...core.interface import CHANCE, TERMINAL, GameFacts, Outcome
from . import rules, scoring
from .actions import Action, action_steps
from .board import BOARD_IDS, load_board
from .state import CHANCE_PHASES, FACES, FORTS, OVER, ROLL, START, Phase, State

__all__ = ["RULES", "HiberniaRules", "FACTS", "PLAYER_COLOURS", "chance_text", "parse_chance"]

# The players' colours.  The counties are blue, green, red and yellow and the die adds
# black and purple, so the soldiers take four names that are none of these: a log line
# such as "Orange takes the red county after rolling black" can never be misread.
PLAYER_COLOURS = ("white", "orange", "pink", "grey")

FACTS = GameFacts(
    id="hibernia",
    title="Hibernia",
    designer="Eric B. Vogel",
    boards=BOARD_IDS,
    min_players=3,
    max_players=4,
    neutral_with=frozenset({3}),
    colours=PLAYER_COLOURS,
    options={"advanced": False},
    option_help={"advanced": "each player starts with a soldier on every county of his fort's colour; "
                             "in the first round a pair two steps apart also protects"},
    # A game takes some 40 turns of 3 steps, tie rounds 240 steps more; a walk can stall on
    # a colour nobody holds for a while, but no real game comes near this cap, which keeps a
    # hostile record from freezing the page.
    max_steps=20_000,
)

_DECIDED = {"score": "score", "tie_rounds": "tie_rounds", "shared": "shared"}


def chance_text(phase: int, outcome: Any) -> str:
    """The record notation of a chance outcome."""
    if phase == ROLL:
        return f"roll {FACES[outcome]}"
    if phase == FORTS:
        return "forts " + "-".join(str(c) for c in outcome)
    return f"start {outcome}"


def parse_chance(phase: int, text: str) -> Any:
    """Read a chance step written by ``chance_text`` for the given phase (canonical spelling only)."""
    value: Any = None
    word, _, rest = text.partition(" ")
    try:
        if phase == ROLL and word == "roll" and rest in FACES:
            value = FACES.index(rest)
        elif phase == FORTS and word == "forts":
            value = tuple(int(x) for x in rest.split("-"))
        elif phase == START and word == "start":
            value = int(rest)
    except ValueError:
        value = None
    if value is not None and chance_text(phase, value) == text:
        return value
    expected = {int(ROLL): "roll <face>", int(FORTS): "forts <c>-<c>-<c>-<c>", int(START): "start <seat>"}.get(
        int(phase), "nothing")
    raise NotationError(f"expected a chance step '{expected}' here, not {text[:60]!r}")


class HiberniaRules:
    """The rules of Hibernia as the common game interface."""

    facts = FACTS

    def __init__(self) -> None:
        # bound directly: the search calls these many times
        self.legal_actions = rules.legal_actions
        self.is_legal = rules.is_legal
        self.chance_outcomes = rules.chance_outcomes
        self.sample_chance = rules.sample_chance
        self.apply_chance = rules.apply_chance
        self.apply_action = rules.apply
        self.clone = State.copy

    legal_actions: Any
    is_legal: Any
    chance_outcomes: Any
    sample_chance: Any
    apply_chance: Any
    apply_action: Any
    clone: Any

    def new_state(self, board: str, n_players: int, options: Mapping[str, bool]) -> State:
        unknown = set(options) - set(FACTS.options)
        if unknown:
            raise ValueError(f"unknown option {sorted(unknown)[0]!r} (Hibernia's options: "
                             f"{', '.join(FACTS.options)})")
        return State(load_board(board), n_players, bool(options.get("advanced", False)))

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
        if s.phase not in CHANCE_PHASES:
            raise NotationError(f"{text[:60]!r}: no chance step is due here")
        value: Hashable = rules.check_chance(s, parse_chance(s.phase, text))
        return value

    def outcome(self, s: State) -> Outcome:
        res = scoring.result(s)
        return Outcome(over=res["over"], winners=tuple(res["winners"]), ranking=tuple(res["ranking"]),
                       scores=tuple(res["scores"]), decided_by=_DECIDED[res["decided_by"]], details=res)

    def position(self, s: State) -> dict[str, Any]:
        """The position as JSON data for the board: ``owner`` and ``count`` per county (board
        order), ``soldiers`` per county per colour, ``track`` (total steps), ``space`` and
        ``lap`` per colour, ``shield``, ``supply``, ``removed`` (neutral soldiers out of the
        game), ``die`` (a face name or None), ``purple``, ``pending`` (the actions left this
        turn), ``round``, ``turns``, ``tie_rounds``, ``ending``, ``current``, ``start_player``,
        ``neutral``, ``forts`` ({county, colour} per fort once drawn) and ``phase``."""
        return s.to_dict()

    def turns(self, s: State) -> int:
        return s.turns

    def start_player(self, s: State) -> int:
        return s.start_player

    def chance_seat(self, s: State) -> int | None:
        return None if s.phase in (START, FORTS) else s.current

    def __repr__(self) -> str:
        return "<rules of Hibernia>"


RULES = HiberniaRules()
