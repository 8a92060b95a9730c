"""A toy game in a few lines, to prove the frame generic: "Pig race".

Two or three players race along a track of 12 spaces.  On her turn a player rolls
one die (a chance step), then either runs (moves by the roll) or walks (moves by one).
The first to reach the end wins; the others rank by how far they got.
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import Any, Hashable, Mapping

from cambria.core.errors import IllegalActionError, NotationError
from cambria.core.interface import CHANCE, TERMINAL, Effects, GameFacts, Outcome

GOAL = 12


class Phase(IntEnum):
    ROLL = 0
    MOVE = 1
    OVER = 2


class Track:
    title = "Pig race"


class State:
    def __init__(self, n: int) -> None:
        self.board = Track()
        self.pos = [0] * n
        self.current = 0
        self.phase = Phase.ROLL
        self.die = 0
        self.turns = 0

    def copy(self) -> State:
        s = State.__new__(State)
        s.board, s.pos, s.current, s.phase, s.die, s.turns = (
            self.board, self.pos[:], self.current, self.phase, self.die, self.turns)
        return s


class PigRules:
    facts = GameFacts(id="pig", title="Pig race", boards=("track",), min_players=2, max_players=3,
                      neutral_with=frozenset(), colours=("red", "blue", "green"), options={}, max_steps=500)

    def new_state(self, board: str, n_players: int, options: Mapping[str, bool]) -> State:
        return State(n_players)

    def phase(self, s: State) -> Phase:
        return s.phase

    def current_player(self, s: State) -> int:
        return TERMINAL if s.phase == Phase.OVER else CHANCE if s.phase == Phase.ROLL else s.current

    def is_chance(self, s: State) -> bool:
        return s.phase == Phase.ROLL

    def is_terminal(self, s: State) -> bool:
        return s.phase == Phase.OVER

    def num_players(self, s: State) -> int:
        return len(s.pos)

    num_colours = num_players

    def neutral(self, s: State) -> int | None:
        return None

    def chance_outcomes(self, s: State) -> list[tuple[Hashable, float]]:
        return [(d, 1 / 6) for d in range(1, 7)] if s.phase == Phase.ROLL else []

    def sample_chance(self, s: State, rng: random.Random) -> int:
        return rng.randint(1, 6)

    def apply_chance(self, s: State, outcome: Any, effects: Effects | None = None) -> None:
        if s.phase != Phase.ROLL or outcome not in range(1, 7):
            raise IllegalActionError(f"{outcome!r} is not a roll here")
        s.die, s.phase = outcome, Phase.MOVE
        if effects is not None:
            effects.append({"type": "roll", "player": s.current, "dice": [outcome]})

    def legal_actions(self, s: State) -> list[str]:
        return ["run", "walk"] if s.phase == Phase.MOVE else []

    def is_legal(self, s: State, a: str) -> bool:
        return a in self.legal_actions(s)

    def apply_action(self, s: State, a: str, check: bool = True, effects: Effects | None = None) -> None:
        if check and not self.is_legal(s, a):
            raise IllegalActionError(f"illegal action {a!r}: run or walk, after the roll")
        p = s.current
        start = s.pos[p]
        s.pos[p] = min(GOAL, start + (s.die if a == "run" else 1))
        if effects is not None:
            effects.append({"type": "move", "player": p, "from": start, "to": s.pos[p], "part": 0})
        s.turns += 1
        if s.pos[p] >= GOAL:
            s.phase = Phase.OVER
        else:
            s.current, s.phase = (p + 1) % len(s.pos), Phase.ROLL

    def clone(self, s: State) -> State:
        return s.copy()

    def action_to_text(self, a: str) -> str:
        return a

    def text_to_action(self, text: str) -> str:
        if text not in ("run", "walk"):
            raise NotationError(f"{text!r}: an action is 'run' or 'walk'")
        return text

    def action_steps(self, text: str) -> list[str]:
        return [text]

    def chance_to_text(self, s: State, outcome: Any) -> str:
        return f"die {outcome}"

    def text_to_chance(self, s: State, text: str) -> int:
        if text not in {f"die {d}" for d in range(1, 7)}:
            raise NotationError(f"expected 'die <1-6>', not {text!r}")
        return int(text[4:])

    def outcome(self, s: State) -> Outcome:
        ranking = tuple(sorted(range(len(s.pos)), key=lambda p: -s.pos[p]))
        return Outcome(over=s.phase == Phase.OVER, winners=ranking[:1], ranking=ranking,
                       scores=tuple(float(x) for x in s.pos), decided_by="score")

    def position(self, s: State) -> dict[str, Any]:
        return {"pos": s.pos[:]}

    def turns(self, s: State) -> int:
        return s.turns

    def start_player(self, s: State) -> int:
        return 0

    def chance_seat(self, s: State) -> int | None:
        return s.current


class PigWeb:
    def info(self) -> dict[str, Any]:
        return {"id": "pig", "title": "Pig race", "boards": [{"id": "track", "title": "Track", "region": ""}],
                "neutral": {"colour": "neutral", "shape": "cross"}}

    def shape(self, colour: str) -> str:
        return "circle"

    def extra_view(self, s: State) -> dict[str, Any]:
        return {"title": "Pig race", "die": s.die}

    def decider(self, s: State) -> int:
        return s.current

    def roll_info(self, s: State) -> dict[str, Any] | None:
        return {"kind": "die", "dice": 1} if s.phase == Phase.ROLL else None

    def rolled(self, effects: Effects) -> dict[str, Any]:
        return {"kind": "die", "dice": effects[0]["dice"], "player": effects[0]["player"]}

    def wait_prompt(self, s: State) -> list[dict[str, Any]]:
        return [{"key": "pig.roll", "args": {"name": {"seat": s.current}}}]

    def choice(self, s: State, tok: str, partial: Any, position: Any) -> dict[str, Any]:
        return {"token": tok, "kind": tok, "element": "button"}

    def sort_key(self, c: dict[str, Any]) -> str:
        return str(c["token"])

    def stage(self, partial: Any, nxt: Any) -> str:
        return "confirm" if not nxt else "target"

    def prompt(self, s: State, stage: str, nxt: Any, dice: Any) -> list[dict[str, Any]]:
        return [{"key": "pig.move", "args": {"die": s.die}}]

    def preview(self, position: dict[str, Any], dice: Any, effects: Effects) -> dict[str, Any]:
        pos = list(position["pos"])
        for e in effects:
            pos[e["player"]] = e["to"]
        return {"pos": pos}

    def touched(self, effects: Effects) -> dict[str, Any]:
        return {"spaces": [e["to"] for e in effects if e["type"] == "move"]}

    def log_lines(self, effects: Effects, actor: int) -> list[dict[str, Any]]:
        return [{"seat": e["player"], "type": e["type"],
                 "parts": [{"key": f"pig.{e['type']}", "args": {k: v for k, v in e.items() if k != "type"}}]}
                for e in effects]

    def result(self, outcome: Outcome, s: State) -> dict[str, Any]:
        return {"track": s.pos[:]}


class PigSearch:
    def evaluate(self, s: State) -> list[float]:
        return [float(x - max(s.pos)) for x in s.pos]

    def returns(self, s: State) -> list[float]:
        return [10.0 if x >= GOAL else float(x - GOAL) for x in s.pos]


class PigAI:
    class Params:
        def __init__(self, **kw: float) -> None:
            pass

    def search_hooks(self, s: State, params: Any = None) -> PigSearch:
        return PigSearch()

    def easy_evaluator(self, s: State) -> Any:
        class Eval:
            def utilities(self, st: State) -> list[float]:
                return PigSearch().evaluate(st)
        return Eval()

    def easy_oversights(self, s: State, actions: list[str], rng: random.Random) -> list[str]:
        return actions


RULES = PigRules()
WEB = PigWeb()
AI = PigAI()
