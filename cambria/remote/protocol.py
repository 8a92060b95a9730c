"""A remote game as one device sees it: the signed messages, the seats and devices, the game.

docs/remote-play.md is the protocol; this module is its one implementation, used by the worker
(every device checks every message itself) and by the tests and simulations. A device's own
secrets never live here: its chain seed is passed in when it must answer a roll or reveal, and
its messages are signed outside (in the browser by a key WebCrypto will not export) and then
given back to ``accept``, which checks a device's own messages exactly as everybody else's.

Three kinds of message (``t``): ``invite`` (the host: the game, the seats, its key and chain
head), ``join`` (a device asking for free seats: its key and first reveal), ``turn`` (the steps a
device produced, and its next reveal). Every message is signed; every message but the invite
names the one before it (``prev``), so a game's messages form one hash-linked list.

Joins (protocol version 2) name the invite, whatever came since, so joins made at once never
clash: each is held, checked on its own, until the host's first turn lets them in. That turn
names them in the order they reached the host (``admit``), under its one signature, and they go
into the list just before it. Under version 1 (games begun before it) a join names the newest
message and takes its seats at once, and carries its chain's head (version 2 derives it from the
first reveal).

Why this file is long: it is one game's state as every device checks it (the seats and the
joins, who produces each step, the steps, the draft, the links), and every part reads and
restores the same fields (``_snapshot``/``_restore``); split up, the modules would share them.

Who produces each step (``next_actor``): a chance step is *answered* by a device other than the
*passer* (the device of the last free decision); a person's decision by the device holding the
seat; a computer seat's decision by whoever produced the step before it (every device recomputes
it: the levels decide by node budgets). A device sends its message when the next step is
another device's.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalActionError, NotationError
from ..core.game import Game
from ..core.interface import CHANCE, TERMINAL
from ..core.seats import kind_level
from . import p256
from .canonical import b64d, b64e
from .chain import CHAIN_LENGTH, chain_value, follows
from .errors import RemoteError
from .messages import (PROTOCOL, check_invite, check_name, fail, need_bytes, need_field, invite_body, join_body,
                       message_id, outcome_from_digest, roll_digest, signed, unsigned)

__all__ = ["RemoteGame", "Device", "Seat", "COMPUTER_CLOCK_CAP",
           # the messages' module, for the callers' convenience
           "PROTOCOL", "message_id", "signed", "invite_body", "join_body", "roll_digest", "outcome_from_digest"]

JOIN_FIELDS = {1: {"t", "game", "prev", "seats", "names", "key", "head", "reveal", "sig"},
               2: {"t", "game", "prev", "seats", "names", "key", "reveal", "sig"}}
TURN_FIELDS = {"t", "game", "prev", "dev", "from", "steps", "reveal", "sig"}

MAX_STEPS_PER_MESSAGE = 400
# A computer seat's move must be the same on every device: the node budget decides, and the
# clock (a safety cap only) is set far above what any budget takes on a slow phone.
COMPUTER_CLOCK_CAP = 600.0

@dataclass
class Device:
    key: bytes
    head: bytes
    seats: list[int]
    reveals: list[bytes] = field(default_factory=list)  # c[1], c[2], ... in the order revealed

    def last_value(self) -> bytes:
        return self.reveals[-1] if self.reveals else self.head


@dataclass
class Seat:
    kind: str
    colour: str
    name: str | None
    dev: int | None

    @property
    def level(self) -> str | None:
        return kind_level(self.kind)


class RemoteGame:
    """Every message of one remote game that this device holds, checked, and the game they make.

    ``accept`` takes a signed message (or a link's list of them) and applies it or raises
    RemoteError with nothing changed. ``draft_*`` produce this device's own steps, and
    ``turn_body`` the message that sends them.
    """

    def __init__(self, invite: dict[str, Any], *, trusted: bool = False) -> None:
        """``trusted``: the messages come from this device's own storage, where each was checked
        when it came; their signatures and computer moves are not checked again (that costs
        seconds on a phone). Every rule, roll and chain value still is."""
        check_invite(invite, signature=not trusted)
        self.trusted = trusted
        self.invite = invite
        self.version: int = invite["v"]
        self.game_id = message_id(invite)
        # version 2: every join this device has seen, by id, checked on its own (signature, chain,
        # names); those in ``ids`` were let in, the others wait for the host (or never can)
        self.joins: dict[str, dict[str, Any]] = {}
        self.admitting: list[str] = []  # the host's draft: the joins its first turn lets in
        self.messages: list[dict[str, Any]] = [invite]
        self.ids: list[str] = [self.game_id]
        self.devices: list[Device] = [Device(need_bytes(invite, "key", 65), need_bytes(invite, "head", 32),
                                             [i for i, s in enumerate(invite["seats"]) if s.get("dev") == 0])]
        self.seats: list[Seat] = [Seat(s["kind"], s["colour"], s.get("name"), s.get("dev"))
                                  for s in invite["seats"]]
        self.game: Game | None = None
        self.step_dev: list[int] = []   # the device that produced each step
        self.step_msg: list[int] = []   # the message that carried it (len(messages) while drafting)
        self.step_free: list[bool] = []  # whether it was a person's decision
        self.last_free: tuple[int, int] | None = None  # (device, message) of the last free decision
        self.drafted = 0                 # steps of this device not yet in a message

    # ------------------------------------------------------------------ invite and joins
    def free_seats(self) -> list[int]:
        """The person seats no device has taken yet."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.dev is None]

    @property
    def started(self) -> bool:
        return self.game is not None

    def _check_join(self, message: dict[str, Any]) -> tuple[list[int], list[str], bytes, bytes, bytes]:
        """What a join must be on its own, whatever else the game holds: its fields, seats for a
        person on another device, names, its signature and its chain's first value."""
        if set(message) != JOIN_FIELDS[self.version]:
            raise fail("bad_message", "the join's fields are not the protocol's")
        seats = need_field(message, "seats", list)
        names = need_field(message, "names", list)
        open_seats = [i for i, s in enumerate(self.invite["seats"]) if s["kind"] == "human" and "dev" not in s]
        if not seats or len(seats) != len(names) or len(set(map(str, seats))) != len(seats) or \
                any(not isinstance(s, int) or isinstance(s, bool) or s not in open_seats for s in seats):
            raise fail("seat_taken", "the join asks for a seat that is not free")
        cleaned = [check_name(n, seat) for n, seat in zip(names, seats, strict=True)]
        if len({n.casefold() for n in cleaned}) != len(cleaned):
            raise fail("name_taken", "another player of this game has that name")
        key = need_bytes(message, "key", 65)
        reveal = need_bytes(message, "reveal", 32)
        head = need_bytes(message, "head", 32) if self.version == 1 else hashlib.sha256(reveal).digest()
        signature = need_bytes(message, "sig", 64)
        if not self.trusted and not p256.verify(key, unsigned(message), signature):
            raise fail("bad_signature", "the join is not signed by the key it names")
        if not follows(reveal, head):
            raise fail("bad_reveal", "the join's first dice value does not match its chain")
        return seats, cleaned, key, head, reveal

    def _seat_join(self, message: dict[str, Any]) -> None:
        """Give a join its seats: they must still be free, its names not taken, its device not
        in the game yet; the last free seat starts the game."""
        if self.started:
            raise fail("too_late", "every seat was taken already: this join came too late")
        seats, cleaned, key, head, reveal = self._check_join(message)
        free = self.free_seats()
        if any(s not in free for s in seats):
            raise fail("seat_taken", "the join asks for a seat that is not free")
        taken = {s.name.casefold() for s in self.seats if s.name is not None}
        if any(n.casefold() in taken for n in cleaned):
            raise fail("name_taken", "another player of this game has that name")
        if any(d.key == key for d in self.devices):
            raise fail("same_device", "this device is in the game already")
        dev = len(self.devices)
        self.devices.append(Device(key, head, list(seats), [reveal]))
        for seat, name in zip(seats, cleaned, strict=True):
            self.seats[seat].dev = dev
            self.seats[seat].name = name
        if not self.free_seats():
            self._start()

    def _accept_join(self, message: dict[str, Any]) -> None:
        """Version 1: a join names the newest message and takes its seats at once."""
        if self.started:  # (version 1's words for it)
            raise fail("bad_message", "every seat was taken already: this join came too late")
        self._seat_join(message)

    def _hold_join(self, message: dict[str, Any], mid: str) -> bool:
        """Version 2: a join is held, checked on its own, until the host's first turn lets it in."""
        if message.get("prev") != self.game_id:
            raise fail("bad_message", "a join names the invite, not a later message")
        if mid in self.joins:
            return False
        self._check_join(message)
        self.joins[mid] = message
        return True

    def waiting_joins(self) -> list[str]:
        """The joins held and not let in, in the order they reached this device."""
        return [mid for mid in self.joins if mid not in self.ids and mid not in self.admitting]

    def join_problem(self, mid: str) -> str | None:
        """Why a held join could not come in now (the protocol's code), or None if it could."""
        trial = self.replica()
        trial.trusted = True  # checked when it came
        try:
            trial._seat_join(self.joins[mid])
        except RemoteError as exc:
            return exc.code
        return None

    def seating(self, order: list[str]) -> dict[str, tuple[str | None, str | None]]:
        """Each held join of ``order`` given its seats in that order, as the host would: per join,
        None or why it cannot come in (the protocol's code), and the name that holds the seat
        or the name it asked for (``seat_taken``, ``name_taken``)."""
        trial = self.replica()
        trial.trusted = True
        out: dict[str, tuple[str | None, str | None]] = {}
        for mid in order:
            join = self.joins[mid]
            try:
                trial._seat_join(join)
            except RemoteError as exc:
                by = None
                if exc.code == "seat_taken":
                    by = next((trial.seats[s].name for s in join["seats"]
                               if isinstance(s, int) and 0 <= s < len(trial.seats) and trial.seats[s].dev is not None), None)
                elif exc.code == "name_taken":
                    by = next((n for n in join["names"] if isinstance(n, str)), None)
                out[mid] = (exc.code, by)
            else:
                out[mid] = (None, None)
        return out

    def start_order(self) -> list[str] | None:
        """The joins the host lets in, in the order they reached it, when they fill every free
        seat (a join that asks for a seat an earlier one took, or from a device already in, is
        left out); None while seats would stay free (or not version 2, or started)."""
        if self.version < 2 or self.started:
            return None
        trial = self.replica()
        trial.trusted = True
        order = []
        for mid in self.waiting_joins():
            try:
                trial._seat_join(self.joins[mid])
            except RemoteError:
                continue
            order.append(mid)
        return order if trial.started else None

    def draft_admit(self, me: int) -> list[str]:
        """The host starts the game: the joins of ``start_order`` take their seats in this
        device's draft; its first turn names them (``turn_body``). Refused: changes nothing."""
        if me != 0:
            raise fail("not_your_step", "only the host lets players in")
        if self.drafted or self.admitting:
            raise fail("drafting", "this device has steps of its own not sent yet")
        order = self.start_order()
        if order is None:
            raise fail("not_started", "seats are still free: the game waits for more players")
        for mid in order:
            self._seat_join(self.joins[mid])
        self.admitting = order
        return order

    def device_of(self, key: bytes) -> int | None:
        """The device number of a public key, once its join is in."""
        return next((i for i, d in enumerate(self.devices) if d.key == key), None)

    def _start(self) -> None:
        self.game = self.new_game()

    def new_game(self) -> Game:
        """The game at its start, with the seats' names (the steps are the messages')."""
        names = [s.name or "" for s in self.seats]
        info = [{"colour": s.colour, "kind": s.kind} for s in self.seats]
        return Game(self.invite["game"], names, board=self.invite["board"], options=self.invite["options"],
                    player_info=info, dice="drawn", key=self.game_id)

    # ------------------------------------------------------------------ who produces what
    def _passer(self) -> tuple[int, bytes | None]:
        """The device of the last free decision and the reveal of the message that sent it
        (before any decision: the last join); None while that message is this device's draft."""
        if self.last_free is None:  # the last join's device, with the first value it revealed
            return len(self.devices) - 1, self.devices[-1].reveals[0]
        dev, index = self.last_free
        if index >= len(self.messages):
            return dev, None
        return dev, b64d(self.messages[index]["reveal"], 32)

    def _answerer(self, passer: int) -> int:
        assert self.game is not None
        seat = self.game.rules.chance_seat(self.game.state)
        if seat is None:
            order = list(range(len(self.devices)))
        else:
            n = len(self.seats)
            order = [d for i in range(n) if (d := self.seats[(seat + i) % n].dev) is not None]
        for dev in order:
            if dev != passer:
                return dev
        return (passer + 1) % len(self.devices)

    def next_actor(self) -> int | None:
        """The device that produces the next step (None before the start and after the end)."""
        game = self.game
        if game is None:
            return None
        player = game.current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            return self._answerer(self._passer()[0])
        dev = self.seats[player].dev
        if dev is not None:
            return dev
        return self.step_dev[-1]  # a computer seat moves on the device that reached it

    def waiting_for(self) -> dict[str, Any] | None:
        """What the game waits for: a device and, when a roll is pending, that it is a roll."""
        actor = self.next_actor()
        if actor is None or self.game is None:
            return None
        return {"device": actor, "roll": self.game.is_chance(),
                "seat": None if self.game.is_chance() else self.game.current_player()}

    # ------------------------------------------------------------------ steps
    def _chance_outcome(self, answer: bytes) -> str:
        game = self.game
        assert game is not None
        _, p = self._passer()
        assert p is not None  # the answerer is never the passer: the passer's message has come
        digest = roll_digest(self.game_id, len(game.steps), p, answer)
        outcome = outcome_from_digest(list(game.rules.chance_outcomes(game.state)), digest)
        return str(game.rules.chance_to_text(game.state, outcome))

    def _computer_move(self) -> str:
        from ..ai.players import choose, computer_rng

        game = self.game
        assert game is not None
        level = self.seats[game.current_player()].level
        assert level is not None
        choice = choose(game.rules, game.state, level, computer_rng(game.key, len(game.steps), level),
                        clock_cap=COMPUTER_CLOCK_CAP)
        return str(game.rules.action_to_text(choice.action))

    def _check_and_play(self, text: Any, dev: int, answer: bytes, message_index: int,
                        effects: list[dict[str, Any]] | None = None) -> None:
        """Play one step that ``dev`` claims, checked as every device checks it; nothing is
        changed unless every check passes (``Game.replay_step`` refuses without a change)."""
        game = self.game
        assert game is not None
        if not isinstance(text, str) or len(text) > 200:
            raise fail("bad_message", "a step is a short text")
        actor = self.next_actor()
        if actor != dev:
            raise fail("not_your_step", "a step was sent by a device whose step it was not",
                        step=len(game.steps))
        player = game.current_player()
        if player == CHANCE:
            expected = self._chance_outcome(answer)
            if text != expected:
                raise fail("bad_roll", "a roll does not match the dice secrets", step=len(game.steps))
        elif self.seats[player].dev is None and not self.trusted:
            expected = self._computer_move()
            if text != expected:
                raise fail("bad_computer_move", "a computer player's move is not the one it makes",
                            step=len(game.steps))
        try:
            game.replay_step(text, effects)
        except (IllegalActionError, NotationError) as exc:
            raise fail("illegal_step", f"step {len(game.steps)} is not legal: {exc}") from None
        free = player >= 0 and self.seats[player].dev is not None
        self.step_dev.append(dev)
        self.step_msg.append(message_index)
        self.step_free.append(free)
        if free:
            self.last_free = (dev, message_index)

    def _accept_turn(self, message: dict[str, Any]) -> list[str]:
        """Check and apply a turn; returns the joins it let in (the host's first turn)."""
        admit = message.get("admit") if self.version >= 2 else None
        if set(message) != TURN_FIELDS | ({"admit"} if admit is not None else set()):
            raise fail("bad_message", "the turn's fields are not the protocol's")
        if admit is not None:
            self._admit_all(message, admit)
        game = self.game
        if game is None:
            raise fail("not_started", "a turn came before every seat was taken")
        dev = need_field(message, "dev", int)
        if not 0 <= dev < len(self.devices):
            raise fail("bad_message", "the turn names no device of the game")
        device = self.devices[dev]
        signature = need_bytes(message, "sig", 64)
        if not self.trusted and not p256.verify(device.key, unsigned(message), signature):
            raise fail("bad_signature", "the turn is not signed by the device it names", device=dev)
        reveal = need_bytes(message, "reveal", 32)
        if not follows(reveal, device.last_value()):
            raise fail("bad_reveal", "the turn's dice value does not follow the device's chain", device=dev)
        steps = need_field(message, "steps", list)
        if need_field(message, "from", int) != len(game.steps):
            raise fail("bad_message", "the turn does not start at the game's next step")
        if not 0 < len(steps) <= MAX_STEPS_PER_MESSAGE:
            raise fail("bad_message", "a turn sends at least one step")
        index = len(self.messages)
        for text in steps:
            self._check_and_play(text, dev, reveal, index)
        if self.next_actor() == dev:
            raise fail("bad_message", "the turn stops before the device's steps end")
        device.reveals.append(reveal)
        return list(admit or [])

    def _admit_all(self, message: dict[str, Any], admit: Any) -> None:
        """The host's first turn lets the joins it names in, in its order (signed with the turn:
        the signature is checked with the rest of the turn, after the seats are given)."""
        if message.get("dev") != 0 or self.started:
            raise fail("bad_message", "only the host's first turn lets players in")
        if not isinstance(admit, list) or not admit or len(set(map(str, admit))) != len(admit):
            raise fail("bad_message", "a turn lets in a list of joins")
        for mid in admit:
            join = self.joins.get(mid) if isinstance(mid, str) else None
            if join is None:
                raise fail("missing", "a join this link lets in has not reached this device: open the joiner's link first")
            self._seat_join(join)
        if not self.started:
            raise fail("bad_message", "the host's first turn leaves seats free")

    def accept(self, message: Any) -> bool:
        """Check and apply one signed message. False if this device holds it already; raises
        RemoteError (nothing changed) for anything else that is not the next message."""
        if not isinstance(message, dict):
            raise fail("bad_message", "a message is an object")
        mid = message_id(message)
        if mid in self.ids:
            return False
        if message.get("t") == "invite":
            raise fail("other_game", "this link belongs to another game")
        if message.get("game") != self.game_id:
            raise fail("other_game", "this link belongs to another game")
        if self.version >= 2 and message.get("t") == "join":
            return self._hold_join(message, mid)
        prev = message.get("prev")
        if prev != self.ids[-1]:
            if prev in self.ids:
                raise fail("fork", "this step differs from the one this device holds: it keeps its own",
                            after=self.ids.index(prev))
            raise fail("missing", "a link is missing: open the earlier one first")
        if self.drafted:
            raise fail("drafting", "this device has steps of its own not sent yet: send or undo them first")
        before = self._snapshot()
        admitted: list[str] = []
        try:
            if message.get("t") == "join":
                self._accept_join(message)
            elif message.get("t") == "turn":
                admitted = self._accept_turn(message)
            else:
                raise fail("bad_message", "a message is an invite, a join or a turn")
        except Exception:
            self._restore(before)
            raise
        for join in admitted:  # the joins go into the list just before the turn that lets them in
            self.messages.append(self.joins[join])
            self.ids.append(join)
        self.messages.append(message)
        self.ids.append(mid)
        return True

    def replica(self) -> RemoteGame:
        """An independent copy (a trial of a decision, a test's forgery); the game is rebuilt."""
        new = copy.copy(self)
        new.devices = [Device(d.key, d.head, list(d.seats), list(d.reveals)) for d in self.devices]
        new.seats = [Seat(s.kind, s.colour, s.name, s.dev) for s in self.seats]
        new.messages, new.ids = list(self.messages), list(self.ids)
        new.joins = dict(self.joins)
        new.admitting = list(self.admitting)
        new._restore(self._snapshot())
        return new

    def _snapshot(self) -> dict[str, Any]:
        return {"devices": len(self.devices), "seats": [(s.dev, s.name) for s in self.seats],
                "steps": list(self.game.steps) if self.game is not None else [],
                "dev": list(self.step_dev), "msg": list(self.step_msg), "free": list(self.step_free),
                "drafted": self.drafted, "admitting": list(self.admitting)}

    def _restore(self, snap: dict[str, Any], keep_draft: bool = True) -> None:
        """Go back to a snapshot (without its draft unless ``keep_draft``): the game is rebuilt
        from the steps, which were each checked when they came."""
        devices = snap["devices"] - (0 if keep_draft else len(snap["admitting"]))
        del self.devices[devices:]
        for seat, (dev, name) in zip(self.seats, snap["seats"], strict=True):
            seat.dev, seat.name = (dev, name) if dev is None or dev < devices else (None, None)
        self.admitting = list(snap["admitting"]) if keep_draft else []
        keep = len(snap["steps"]) - (0 if keep_draft else snap["drafted"])
        self.step_dev, self.step_msg = snap["dev"][:keep], snap["msg"][:keep]
        self.step_free = snap["free"][:keep]
        self.drafted = snap["drafted"] if keep_draft else 0
        frees = [i for i, free in enumerate(self.step_free) if free]
        self.last_free = (self.step_dev[frees[-1]], self.step_msg[frees[-1]]) if frees else None
        if self.free_seats():
            self.game = None
            return
        self._start()
        assert self.game is not None
        for text in snap["steps"][:keep]:
            self.game.replay_step(text)

    # ------------------------------------------------------------------ links
    def link_messages(self, me: int) -> list[dict[str, Any]]:
        """What a link from device ``me`` carries: before the start every message (a joiner needs
        the invite and the seats taken); then every message since the oldest newest-message of
        the other devices, so that any device at most one round behind can open it."""
        if self.free_seats():
            return list(self.messages)
        newest = {}
        for index, message in enumerate(self.messages):
            dev = 0 if message["t"] in ("invite", "admit") else (message["dev"] if message["t"] == "turn"
                                                                 else self._join_device(index))
            # version 2: a join was made from the invite alone, so until its device sends a turn
            # it is known to hold nothing later than the invite
            newest[dev] = 0 if message["t"] == "join" and self.version >= 2 else index
        others = [i for d, i in newest.items() if d != me]
        return self.messages[min(others) + 1:] if others else list(self.messages)

    def _join_device(self, index: int) -> int:
        return sum(1 for m in self.messages[:index + 1] if m["t"] == "join")

    def link_payload(self, me: int | None, join: str | None = None, whole: bool = False) -> dict[str, Any]:
        """A link from device ``me``. ``me`` None: a joiner not let in yet; its link carries its
        ``join`` and every other join it holds (a link passed from joiner to joiner reaches the
        host with all of them). Before the start the host's link carries the joins it holds, so
        a person whose seat another took first sees who. ``whole``: every message (for a person
        who joined too late, to watch)."""
        messages = list(self.messages) if whole else self.link_messages(me if me is not None else -1)
        extra = [join] if join is not None and join not in self.ids else []
        if me is None or (me == 0 and not self.started):
            extra = self.waiting_joins()
        return {"game": self.game_id, "from": me, "to": self.next_actor(),
                "messages": messages + [self.joins[j] for j in extra]}

    @classmethod
    def from_saved(cls, messages: Any, trusted: bool = True) -> RemoteGame:
        """A saved copy: this device's own from its storage is checked as ``trusted`` (see
        ``__init__``), a file in full; every later message is checked in full."""
        if not isinstance(messages, list) or not messages:
            raise fail("bad_message", "a saved remote game is a list of messages")
        game = cls(messages[0], trusted=trusted)
        for message in messages[1:]:
            if not game.accept(message):
                raise fail("bad_message", "a saved remote game holds a message twice")
        game.trusted = False
        return game

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> RemoteGame:
        """A device's first sight of a game: a link that starts with the invite."""
        messages = payload.get("messages")
        if not isinstance(messages, list) or not messages or not isinstance(messages[0], dict):
            raise fail("bad_message", "a link holds a list of messages")
        if messages[0].get("t") != "invite":
            raise fail("missing", "this device has not seen the game's invite: open the invite link first")
        game = cls(messages[0])
        game.accept_payload(payload)
        return game

    def accept_payload(self, payload: Any) -> int:
        """Accept a link's messages in order; the number of new ones (0: nothing changed). A
        failure keeps every message accepted before it (each was checked) and raises."""
        if not isinstance(payload, dict) or not isinstance(payload.get("messages"), list):
            raise fail("bad_message", "a link holds a list of messages")
        if payload.get("game") != self.game_id:
            raise fail("other_game", "this link belongs to another game")
        new = 0
        for message in payload["messages"]:
            if isinstance(message, dict) and message.get("t") == "invite":
                if message_id(message) != self.game_id:
                    raise fail("other_game", "this link belongs to another game")
                continue
            new += self.accept(message)
        return new

    # ------------------------------------------------------------------ this device's own steps
    def draft_step(self, me: int, seed: bytes, text: str | None = None,
                   effects: list[dict[str, Any]] | None = None) -> str:
        """Produce the next step on device ``me``: a roll it answers (``text`` None), a decision
        of one of its seats, or a computer seat's move (``text`` None). Checked as ``accept``
        checks it (a refusal changes nothing, the game object included); the step waits in the
        draft until ``turn_body`` and ``send`` send it. ``effects`` receives what it did."""
        game = self.game
        if game is None:
            raise fail("not_started", "the game has not started")
        if self.next_actor() != me:
            raise fail("not_your_step", "the next step is another device's")
        answer = self.next_value(me, seed)
        player = game.current_player()
        if text is None:
            if player >= 0 and self.seats[player].dev is not None:
                raise fail("not_your_step", "a person's decision is chosen, not computed")
            text = self._chance_outcome(answer) if player == CHANCE else self._computer_move()
        self._check_and_play(text, me, answer, len(self.messages), effects)
        self.drafted += 1
        return text

    def next_value(self, me: int, seed: bytes) -> bytes:
        """Device ``me``'s next unrevealed chain value (``seed`` must be its own)."""
        device = self.devices[me]
        value = chain_value(seed, len(device.reveals) + 1, CHAIN_LENGTH)
        if not follows(value, device.last_value()):
            raise fail("wrong_seed", "these dice secrets are not this device's")
        return value

    def turn_body(self, me: int, seed: bytes) -> dict[str, Any]:
        """The message sending this device's drafted steps, to be signed and given to ``send``."""
        if not self.drafted:
            raise fail("nothing_to_send", "no step of this device waits to be sent")
        if self.next_actor() == me:
            raise fail("not_done", "the next step is this device's too: play it before sending")
        assert self.game is not None
        start = len(self.game.steps) - self.drafted
        body = {"t": "turn", "game": self.game_id, "prev": self.ids[-1], "dev": me, "from": start,
                "steps": self.game.steps[start:], "reveal": b64e(self.next_value(me, seed))}
        if self.admitting:
            body["admit"] = list(self.admitting)
        return body

    def send(self, message: dict[str, Any]) -> None:
        """Replace the draft by this device's signed message, checked like any other."""
        snapshot = self._snapshot()
        self._restore(snapshot, keep_draft=False)
        try:
            self.accept(message)
        except Exception:
            self._restore(snapshot)  # the draft comes back as it was
            raise

    def undo_draft(self) -> None:
        """Drop every drafted step (before Confirm)."""
        self._restore(self._snapshot(), keep_draft=False)
