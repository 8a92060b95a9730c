"""Views: what the page draws, as plain functions of a game and its log.

Nothing here changes a game.  A view never holds the seed or anything else that
tells a roll before it is made; the game is told apart by ``uid``, a hash that
does not reveal the seed (the page's own games have no seed at all: their dice are
drawn when rolled).
"""

from __future__ import annotations

import hashlib
from typing import Any, Sequence

from ..core.game import Game
from ..core.interface import CHANCE, TERMINAL
from ..core.registry import web_for
from ..core.seats import kind_level
from .builder import LegalTree, options

__all__ = ["view", "players_view", "settings_view", "result_view", "game_uid", "log_slice"]


def game_uid(game: Game) -> str:
    """A stable id of a game (the same game has it whatever its progress), not revealing the seed."""
    text = "\0".join([game.game_id, game.board_id, game.key, *game.players])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def players_view(game: Game) -> list[dict[str, Any]]:
    web = web_for(game.game_id)
    out = []
    for i, name in enumerate(game.players):
        info = game.player_info[i] if i < len(game.player_info) else {}
        colour = info.get("colour") or game.rules.facts.colours[i]
        kind = info.get("kind") or "human"
        out.append({"index": i, "name": name, "colour": colour, "shape": web.shape(colour), "kind": kind,
                    "neutral": False})
    neutral = game.rules.neutral(game.state)
    if neutral is not None:
        info = web.info()["neutral"]
        out.append({"index": neutral, "name": "Neutral", "colour": info["colour"], "shape": info["shape"],
                    "kind": "neutral", "neutral": True})
    return out


def settings_view(game: Game, players: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ``new_game`` payload that plays this game again (a rematch): the same game, map, options
    and seats (names, colours, kinds, computer levels) in the same order; no seed, so new dice."""
    seats = [{"name": p["name"], "colour": p["colour"], "kind": p["kind"]}
             for p in (players if players is not None else players_view(game)) if not p["neutral"]]
    return {"game": game.game_id, "map": game.board_id, "players": seats, "options": dict(game.options)}


def result_view(game: Game) -> dict[str, Any]:
    """The outcome with the game's own details (the breakdown the end screen shows)."""
    out = game.result()
    data = {"over": out.over, "winners": list(out.winners), "winner": out.winner, "ranking": list(out.ranking),
            "decided_by": out.decided_by, "scores": list(out.scores)}
    data.update(web_for(game.game_id).result(out, game.state))
    return data


def log_slice(log: Sequence[dict[str, Any]], log_from: int) -> list[dict[str, Any]]:
    return list(log[log_from:]) if 0 <= log_from <= len(log) else list(log)


def seat_levels(players: Sequence[dict[str, Any]]) -> list[str | None]:
    """Each regular seat's computer level, None for a person's (the win chance weighs them)."""
    return [kind_level(p["kind"]) for p in players if not p["neutral"]]


def win_chances(rules: Any, state: Any, levels: Sequence[str | None] | None = None) -> list[int]:
    """Each regular player's chance to win in whole percents (one evaluation of the position),
    knowing who is playing: ``levels`` per seat (``seat_levels``), a person's seat None.
    Imported on first use: ``import cambria.webapi`` stays light (no search, no evaluation)."""
    from ..ai.winchance import chances, percents

    return percents(chances(rules, state, levels))


def view(game: Game, log: Sequence[dict[str, Any]], log_from: int = 0, tree: LegalTree | None = None,
         last: dict[str, Any] | None = None) -> dict[str, Any]:
    """VIEW (see cambria/webapi/__init__.py): the position, the choices and the log from ``log_from``."""
    rules = game.rules
    state = game.state
    web = web_for(game.game_id)
    player = rules.current_player(state)
    over = player == TERMINAL
    chance = player == CHANCE
    players = players_view(game)
    decider = None if over else web.decider(state)
    actor_kind = players[decider]["kind"] if decider is not None and decider < len(players) else None
    opts = None
    if not over and not chance:
        opts = options(game, web, tree if tree is not None else LegalTree(game), [])
        prompt = [{"key": "prompt.named", "args": {"name": {"seat": decider}, "prompt": opts["prompt"]}}]
    elif over:
        prompt = [{"key": "prompt.over", "args": {}}]
    else:
        prompt = web.wait_prompt(state)
    data = {
        "game": game.game_id, "map": game.board_id, "uid": game_uid(game),
        "step": len(game.steps), "turn": rules.turns(state), "phase": rules.phase(state).name.lower(),
        "chance": chance, "over": over, "current": getattr(state, "current", decider),
        "actor": decider, "actor_kind": actor_kind, "start_player": rules.start_player(state),
        "players": players, "roll": None if over else web.roll_info(state),
        "game_options": game.options, "position": rules.position(state), "prompt": prompt, "options": opts,
        "log": log_slice(log, log_from), "log_from": log_from if 0 <= log_from <= len(log) else 0,
        "log_total": len(log), "result": result_view(game) if over else None,
        "settings": settings_view(game, players),
        "last_move": last or {"roads": [], "boats": [], "forts": []},
        # who is ahead: each regular player's win chance in percent (one evaluation; the page
        # decides when to show it)
        "chances": win_chances(rules, state, seat_levels(players)),
    }
    data.update(web.extra_view(state))
    return data
