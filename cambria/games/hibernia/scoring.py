"""The end of a turn and of the game: the scoring walk, the last round, tie rounds, the result.

After his second action the player walks his marker (``track.walk``, ruling 11).  When
a marker's total first reaches the length of the track (it is back on the start space,
ruling 13) the round is played to its end, the start player's right-hand neighbour
closing it; if that seat triggered the end, the game ends at once.  At the end of a
round with the end triggered, a single leader (most steps in total) wins; a tie for
first place is played out in further rounds by everyone, and after ``MAX_TIE_ROUNDS``
such rounds the tied leaders share the win.
"""

from __future__ import annotations

from typing import Any

from ...core.interface import Effects
from .board import COLOURS, TRACK_LENGTH
from .state import EMPTY, OVER, ROLL, State
from .track import walk

__all__ = ["end_turn", "leaders", "result", "MAX_TIE_ROUNDS"]

MAX_TIE_ROUNDS = 20


def leaders(state: State) -> list[int]:
    """The regular seats with the most steps in total."""
    track = state.track[:state.n_players]
    best = max(track)
    return [p for p, t in enumerate(track) if t == best]


def end_turn(state: State, fx: Effects | None) -> None:
    """The scoring walk of the player to move, then the end checks and the next turn."""
    p = state.current
    board = state.board
    holdings = state.holdings(p)
    start = state.track[p]
    steps = walk(board.track, start, holdings, state.purple)
    total = start + len(steps)
    state.track[p] = total
    if fx is not None:
        for k, (space, paid) in enumerate(steps, 1):
            fx.append({"type": "step", "player": p, "space": space, "colour": COLOURS[board.track[space]],
                       "paid": paid, "total": start + k, "lap": (start + k) // TRACK_LENGTH, "part": None})
        stop = board.track[(total + 1) % TRACK_LENGTH]
        fx.append({"type": "walk", "player": p, "from": start, "to": total, "steps": len(steps),
                   "purple": state.purple, "purple_used": any(paid == "purple" for _, paid in steps),
                   "holdings": holdings, "stopped_on": COLOURS[stop], "part": None})
    if not state.ending and total >= TRACK_LENGTH:
        state.ending = True
        if fx is not None:
            fx.append({"type": "end_triggered", "player": p, "total": total, "part": None})
    state.turns += 1
    if p == state.last_seat():
        if fx is not None:
            fx.append({"type": "round_end", "round": state.round, "part": None})
        if state.ending:
            top = leaders(state)
            if len(top) == 1 or state.tie_rounds >= MAX_TIE_ROUNDS:
                state.phase = OVER
                state.die = EMPTY
                state.purple = 0
                if fx is not None:
                    res = result(state)
                    fx.append({"type": "game_over", "winners": res["winners"], "shared": len(res["winners"]) > 1,
                               "decided_by": res["decided_by"], "scores": res["scores"],
                               "tie_rounds": state.tie_rounds, "part": None})
                return
            state.tie_rounds += 1
            if fx is not None:
                fx.append({"type": "tie_round", "number": state.tie_rounds, "leaders": top, "part": None})
        state.round += 1
    state.current = (p + 1) % state.n_players
    state.phase = ROLL
    state.die = EMPTY
    state.purple = 0
    state.pending = 0


def result(state: State) -> dict[str, Any]:
    """The scores (total steps; the neutral scores nothing), the ranking and the winner(s).

    While the game runs, ``winners`` are the leaders so far."""
    n = state.n_players
    scores = [float(t) for t in state.track[:n]] + [0.0] * (state.n_colours - n)
    ranking = sorted(range(n), key=lambda p: (-state.track[p], (p - state.start_player) % n))
    top = leaders(state)
    if len(top) > 1:
        decided_by = "shared"
    elif state.tie_rounds:
        decided_by = "tie_rounds"
    else:
        decided_by = "score"
    return {
        "over": state.phase == OVER, "winners": top, "ranking": ranking, "scores": scores,
        "decided_by": decided_by, "tie_rounds": state.tie_rounds, "laps": [t // TRACK_LENGTH for t in state.track],
        "spaces": [t % TRACK_LENGTH for t in state.track], "round": state.round,
    }
