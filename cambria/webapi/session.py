"""A web session: one game, its log and the answers to the page's requests.

One session lives in a worker (``cambria.webapi`` holds it); tests make their
own.  A request either succeeds or changes nothing: every handler works on a
new game or on a copy until it is sure, then swaps it in.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .. import __version__
from ..core.errors import IllegalActionError
from ..core.game import MAX_SEED, Game
from ..core.interface import CHANCE, TERMINAL, Effects
from ..core.record import (
    check_header, check_result, load_record, make_record, new_game_from_header, parse_record_text, replay_steps,
)
from ..core.registry import game_ids, has_part, rules_for, web_for
from ..core.seats import LEVELS, MAX_NAME, check_seats, kind_level
from .builder import LegalTree, check_partial, options
from .errors import BadNameError, GameOverError, NoGameError, NotYourTurnError, RequestError, StaleStepError
from .fields import game_and_board, only
from .remote import REMOTE_HANDLERS, RemoteSeat, remote_view
from .review import REVIEW_HANDLERS
from .views import game_uid, view
from ..remote.errors import RemoteError

__all__ = ["WebSession"]

Handler = Callable[["WebSession", dict[str, Any]], dict[str, Any]]


def _only(payload: dict[str, Any], allowed: set[str], kind: str) -> None:
    only(payload, allowed, kind, frozenset({"step", "log_from"}))


def _int_field(payload: dict[str, Any], name: str, lo: int, hi: int) -> int | None:
    value = payload.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise RequestError(f"{name!r} must be a whole number from {lo} to {hi}")
    return value


class WebSession:
    """The game of one page (see ``cambria.webapi`` for the requests and their answers)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.log: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None   # what the latest decision touched
        self.decisions: list[dict[str, Any]] = []  # {step, seat, touched, knocked} of every decision
        self._tree: LegalTree | None = None
        self.remote: RemoteSeat | None = None      # the game is remote: this device's part in it
        self.pending_remote: tuple[str, dict[str, Any], bytes] | None = None  # a message to sign

    # ---------------------------------------------------------------- dispatch
    def handle(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        fn = HANDLERS.get(kind) if isinstance(kind, str) else None
        if fn is None:
            raise RequestError(f"unknown request type {str(kind)[:40]!r}; known: {', '.join(sorted(HANDLERS))}")
        return fn(self, payload)

    # ---------------------------------------------------------------- helpers
    def need_game(self, payload: dict[str, Any]) -> Game:
        game = self.game
        if game is None:
            raise NoGameError("no game is in progress: start a new game or load one")
        step = _int_field(payload, "step", 0, 10**9)
        if step is not None and step != len(game.steps):
            raise StaleStepError(f"the game has moved on (it is at step {len(game.steps)}, not {step}); "
                                 "the page shows an old position")
        return game

    def tree(self, game: Game) -> LegalTree:
        key = (id(game.state), len(game.steps))
        if self._tree is None or self._tree.key != key:
            self._tree = LegalTree(game)
        return self._tree

    def view(self, game: Game, payload: dict[str, Any]) -> dict[str, Any]:
        log_from = _int_field(payload, "log_from", 0, 10**9) or 0
        tree = self.tree(game) if game is self.game else None
        data = view(game, self.log, log_from, tree, self.last)
        data["recent"] = self.recent(data["actor"])
        if self.remote is not None and game is self.game:
            data["remote"] = remote_view(self.remote)
        return data

    def recent(self, seat: int | None) -> list[dict[str, Any]]:
        """The decisions since ``seat``'s previous one (what the others did since her last turn)."""
        out: list[dict[str, Any]] = []
        for d in reversed(self.decisions):
            if d["seat"] == seat:
                break
            out.append(d)
            if len(out) >= 12:
                break
        return out[::-1]

    def _record_step(self, game: Game, effects: Effects, actor: int | None, log: list[dict[str, Any]]) -> None:
        """Add the log lines of a step just played; remember what a decision touched."""
        web = web_for(game.game_id)
        step = len(game.steps)
        for line in web.log_lines(effects, actor if actor is not None else -1):
            line["step"] = step
            log.append(line)

    def _touched(self, game: Game, effects: Effects, chance: bool, actor: int | None) -> None:
        if not chance:
            self.last = web_for(game.game_id).touched(effects)
            knocked = [e for e in effects if e["type"] == "displace"]
            self.decisions.append({"step": len(game.steps), "seat": actor, "touched": self.last,
                                   "knocked": knocked})

    def _play_step(self, game: Game, text: str | None) -> tuple[Effects, bool]:
        """Roll (text None) or play/replay one step on the live game, logging it."""
        rules = game.rules
        player = rules.current_player(game.state)
        actor = web_for(game.game_id).decider(game.state) if player != TERMINAL else None
        effects: Effects = []
        chance = player == CHANCE
        remote = self.remote
        if remote is not None and game is remote.game.game:
            # a remote game: this device's steps are drafted and checked as every device checks them
            if remote.me is None or remote.seed is None:
                raise RemoteError("not_your_step", "this device watches this game: it has no seat")
            remote.game.draft_step(remote.me, remote.seed, text, effects)
        elif text is None:
            game.roll(effects)
        elif chance:
            game.replay_step(text, effects)  # a recorded roll: checked against the seed or the rules
        else:
            game.play(text, effects)
        self._record_step(game, effects, actor, self.log)
        self._touched(game, effects, chance, actor)
        return effects, chance

    def _swap_in(self, game: Game | None, log: list[dict[str, Any]], last: dict[str, Any] | None,
                 decisions: list[dict[str, Any]] | None = None) -> None:
        """Show ``game`` (a local one: a remote game's handlers set ``remote`` after this)."""
        self.game, self.log, self.last, self._tree = game, log, last, None
        self.decisions = decisions if decisions is not None else []
        self.remote = None

    # ---------------------------------------------------------------- handlers
    def ping(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {"pong": True, "version": __version__}

    def info(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, set(), "info")
        games = [web_for(g).info() for g in game_ids() if has_part(g, "web")]
        cambria = games[0]
        return {
            "version": __version__, "games": games, "computer_levels": list(LEVELS), "max_name": MAX_NAME,
            # Cambria's, at the top level for pages of version 1 (the maps and colours of the first game)
            "maps": cambria["boards"], "colours": cambria["colours"], "neutral": cambria["neutral"],
        }

    def new_game(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"game", "map", "players", "options", "german_tiebreak", "seed"}, "new_game")
        name = payload.get("game", payload.get("map", "cambria"))
        board = payload.get("map") if "game" in payload else None
        game_id, board_id = game_and_board(name, board)
        facts = rules_for(game_id).facts
        seats = check_seats(payload.get("players"), facts.colours, facts.min_players, facts.max_players,
                            error=RequestError, name_error=BadNameError)
        opts = payload.get("options", {})
        if not isinstance(opts, dict):
            raise RequestError("'options' must be an object")
        opts = dict(opts)
        if "german_tiebreak" in payload:
            opts["german_tiebreak"] = payload["german_tiebreak"]
        for k, v in opts.items():
            if k not in facts.options:
                raise RequestError(f"unknown option {str(k)[:40]!r} for {facts.title}")
            if not isinstance(v, bool):
                raise RequestError(f"option {k!r} must be true or false")
        # The page's games draw each roll when it is made (nothing here or in the page could tell
        # one sooner); a seed is for reproducible games only: tests, bug reports (?seed=N).
        seed = _int_field(payload, "seed", 0, MAX_SEED)
        game = Game(game_id, [s["name"] for s in seats], seed=seed, board=board_id, options=opts,
                    player_info=[{"colour": s["colour"], "kind": s["kind"]} for s in seats],
                    dice="drawn" if seed is None else "seeded")
        trial = WebSession()
        trial._swap_in(game, [], None)
        effects, _ = trial._play_step(game, None)  # the start player is drawn at once
        self._swap_in(game, trial.log, trial.last, trial.decisions)
        return {"view": self.view(game, {}), "events": effects}

    def roll(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, set(), "roll")
        game = self.need_game(payload)
        player = game.current_player()
        if player == TERMINAL:
            raise GameOverError("the game is over: no more rolls")
        if player != CHANCE:
            raise IllegalActionError("the dice are already rolled: choose a move")
        effects, _ = self._play_step(game, None)
        return {"view": self.view(game, payload), "events": effects,
                "rolled": web_for(game.game_id).rolled(effects)}

    def options(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"partial"}, "options")
        game = self.need_game(payload)
        player = game.current_player()
        if player == TERMINAL:
            raise GameOverError("the game is over: there is nothing to choose")
        if player == CHANCE:
            raise IllegalActionError("no choice is due now: roll first")
        partial = check_partial(payload.get("partial", []))
        return options(game, web_for(game.game_id), self.tree(game), partial)

    def play(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"action", "then"}, "play")
        game = self.need_game(payload)
        action = payload.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise RequestError("'action' must be the move in notation, like 'p12' or 'x4/5 L12 b3'")
        then = payload.get("then")  # the decision that follows at once (Hibernia's second action)
        if then is not None and (not isinstance(then, str) or len(then) > 200):
            raise RequestError("'then' must be the next move in notation")
        player = game.current_player()
        if player == TERMINAL:
            raise GameOverError("the game is over")
        if player == CHANCE:
            raise IllegalActionError("roll first: no move is due before the dice")
        if then is not None:
            self._check_pair(game, action, then)  # both or neither
        effects, _ = self._play_step(game, action)  # IllegalActionError changes nothing
        if then is not None:
            more, _ = self._play_step(game, then)
            effects = effects + more
        return {"view": self.view(game, payload), "events": effects}

    @staticmethod
    def _check_pair(game: Game, action: str, then: str) -> None:
        """Two decisions played as one (one Confirm): both legal in turn, by the same player with
        no chance step between, checked on a copy before either is played."""
        rules = game.rules
        trial = rules.clone(game.state)
        seat = rules.current_player(trial)
        rules.apply_action(trial, rules.text_to_action(action), True, None)
        if rules.current_player(trial) != seat:
            raise IllegalActionError(f"{then[:60]!r} cannot follow {action[:60]!r}: the turn has moved on")
        rules.apply_action(trial, rules.text_to_action(then), True, None)

    def _computer_level(self, game: Game) -> str:
        seat = web_for(game.game_id).decider(game.state)
        info = game.player_info[seat] if seat < len(game.player_info) else {}
        kind = info.get("kind", "human")
        level = kind_level(kind) if isinstance(kind, str) else None
        if level is None:
            raise NotYourTurnError(f"it is {game.players[seat]}'s turn, and {game.players[seat]} "
                                   "is not a computer player")
        if level not in LEVELS:  # records are checked; this guards a game built by hand
            raise RequestError(f"unknown computer level {level!r}")
        return level

    def _rng(self, game: Game, level: str) -> random.Random:
        from ..ai.players import computer_rng

        return computer_rng(game.key, len(game.steps), level)

    def computer(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"time_budget"}, "computer")
        game = self.need_game(payload)
        if game.is_over():
            raise GameOverError("the game is over")
        cap = payload.get("time_budget")  # checked first: a bad request never rolls either
        if cap is not None and (not isinstance(cap, (int, float)) or isinstance(cap, bool) or not 0 < cap <= 60):
            raise RequestError("'time_budget' (the clock's safety cap) must be a number of seconds, 0 to 60")
        level = self._computer_level(game)
        if game.is_chance():
            effects, _ = self._play_step(game, None)
            return {"view": self.view(game, payload), "events": effects,
                    "rolled": web_for(game.game_id).rolled(effects)}
        if self.remote is not None:  # the protocol computes it: the same move on every device
            effects, _ = self._play_step(game, None)
            return {"view": self.view(game, payload), "events": effects, "action": game.steps[-1]}
        from ..ai.players import choose

        choice = choose(game.rules, game.state, level, self._rng(game, level), clock_cap=cap)
        text = game.rules.action_to_text(choice.action)
        effects, _ = self._play_step(game, text)
        if choice.clock_capped:
            seat = web_for(game.game_id).decider(game.state)
            self.log.append({"step": len(game.steps), "seat": seat, "type": "clock",
                             "parts": [{"key": "log.clockCap", "args": {"name": {"seat": seat}}}]})
        return {"view": self.view(game, payload), "events": effects, "action": text}

    def hint(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"level", "time_budget"}, "hint")
        game = self.need_game(payload)
        if game.is_over():
            raise GameOverError("the game is over")
        if game.is_chance():
            raise RequestError("a hint is for a move: roll first")
        level = payload.get("level", "hard")
        if not isinstance(level, str) or level not in LEVELS:
            raise RequestError(f"'level' is one of {', '.join(LEVELS)}")
        cap = payload.get("time_budget")
        if cap is not None and (not isinstance(cap, (int, float)) or isinstance(cap, bool) or not 0 < cap <= 60):
            raise RequestError("'time_budget' (the clock's safety cap) must be a number of seconds, 0 to 60")
        from ..ai.explain import why
        from ..ai.players import choose

        choice = choose(game.rules, game.state, level, self._rng(game, level), clock_cap=cap)
        text = game.rules.action_to_text(choice.action)
        reason = why(game.rules, game.state, choice.action, choice.scores)  # from what the search found
        page_steps = getattr(web_for(game.game_id), "page_steps", None)  # a game whose page composes otherwise
        if page_steps is None:
            steps = game.rules.action_steps(text)
        else:  # (Hibernia) the page composes the whole turn: the hint lays out its other decision too
            steps = page_steps(game.rules, text)
            trial = game.rules.clone(game.state)
            seat = game.rules.current_player(trial)
            game.rules.apply_action(trial, choice.action, False, None)
            if game.rules.current_player(trial) == seat:
                more = choose(game.rules, trial, level, self._rng(game, level), clock_cap=cap)
                steps = steps + page_steps(game.rules, game.rules.action_to_text(more.action))
        return {"action": text, "steps": steps, "why": [reason["part"]], "why_kind": reason["kind"]}

    def view_request(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, set(), "view")
        return self.view(self.need_game(payload), payload)

    def record(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, set(), "record")
        return make_record(self.need_game(payload))

    def load(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"record"}, "load")
        record = payload.get("record")
        if isinstance(record, str):
            record = parse_record_text(record)
        header = check_header(record)  # cheap checks first: a bad header costs no replay
        game = new_game_from_header(header)
        trial = WebSession()
        trial._swap_in(game, [], None)
        replay_steps(game, header["steps"], lambda g, text: trial._play_step(g, text))
        check_result(game, header)
        self._swap_in(game, trial.log, trial.last, trial.decisions)
        return {"view": self.view(game, payload), "events": [], "uid": game_uid(game)}

    def view_at(self, payload: dict[str, Any]) -> dict[str, Any]:
        _only(payload, {"upto"}, "view_at")
        game = self.need_game({})
        total = len(game.steps)
        upto = _int_field(payload, "upto", 0, total)
        if upto is None:
            raise RequestError(f"'upto' must be a whole number of steps from 0 to {total}")
        if upto == total:
            return {"view": self.view(game, payload), "upto": upto, "total": total}
        past = load_record(make_record(game), upto=upto)
        log = [entry for entry in self.log if entry["step"] <= upto]
        log_from = _int_field(payload, "log_from", 0, 10**9) or 0
        return {"view": view(past, log, log_from), "upto": upto, "total": total}


HANDLERS: dict[str, Handler] = {**REMOTE_HANDLERS, **REVIEW_HANDLERS,
    "ping": WebSession.ping, "info": WebSession.info, "new_game": WebSession.new_game,
    "roll": WebSession.roll, "options": WebSession.options, "play": WebSession.play,
    "computer": WebSession.computer, "hint": WebSession.hint, "view": WebSession.view_request,
    "record": WebSession.record, "load": WebSession.load, "view_at": WebSession.view_at,
}
