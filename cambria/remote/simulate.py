"""Devices simulated in Python: whole remote games passed as links, for the tests, the link-length
figures (benchmarks/remote_links.py) and the attack cases. A simulated device signs with
``p256.sign`` where a browser's WebCrypto would; everything else is the protocol as the worker
runs it.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from . import p256
from .chain import CHAIN_LENGTH, chain_value
from .link import decode_link, encode_link
from .protocol import RemoteGame, invite_body, join_body, message_id, signed

__all__ = ["SimDevice", "play_remote_game", "RemoteRun"]


class SimDevice:
    """One device: its key, its dice secret, and its copy of the game."""

    def __init__(self, label: str) -> None:
        seed = hashlib.sha256(b"sim-device:" + label.encode()).digest()
        self.private = p256.private_from_seed(seed)
        self.public = p256.public_key(self.private)
        self.seed = hashlib.sha256(b"sim-chain:" + seed).digest()
        self.game: RemoteGame | None = None
        self.me = -1

    def sign(self, data: bytes) -> bytes:
        return p256.sign(self.private, data)

    def open(self, link: str) -> int:
        """Open a link as the page does: the payload decoded, every message checked."""
        payload = decode_link(link)
        if self.game is None:
            self.game = RemoteGame.from_payload(payload)
            return len(self.game.messages)
        return self.game.accept_payload(payload)

    def link(self, join: str | None = None) -> str:
        assert self.game is not None
        return encode_link(self.game.link_payload(self.me if self.me >= 0 else None, join))

    def join(self, seats: list[int], names: list[str]) -> str:
        """Ask for ``seats`` (a game opened from its invite): the join's id; ``link(id)`` sends it."""
        assert self.game is not None
        body = join_body(self.game.game_id, self.game.game_id, seats, names, self.public,
                         None, chain_value(self.seed, 1, CHAIN_LENGTH))
        message = signed(body, self.sign)
        self.game.accept(message)
        return message_id(message)


    def found_seat(self) -> None:
        """A joiner's device number, once a link brought the admit of its join."""
        assert self.game is not None
        if self.me < 0:
            mine = self.game.device_of(self.public)
            self.me = -1 if mine is None else mine


@dataclass
class RemoteRun:
    devices: list[SimDevice]
    links: list[tuple[str, str]] = field(default_factory=list)  # (kind, link) in the order sent

    @property
    def game(self) -> RemoteGame:
        game = self.devices[0].game
        assert game is not None
        return game


Decide = Callable[[RemoteGame, random.Random], str]


def random_decision(game: RemoteGame, rng: random.Random) -> str:
    assert game.game is not None
    actions = list(game.game.legal_actions())
    return str(game.game.rules.action_to_text(rng.choice(actions)))


def play_remote_game(game: str, seats: list[str], seed: int, *, board: str | None = None,
                     options: dict[str, bool] | None = None, decide: Decide = random_decision,
                     max_steps: int | None = None) -> RemoteRun:
    """A whole game between devices. ``seats``: per seat the device label that plays it
    (``"A"`` is the host), or ``"computer:<level>"``. Every link is opened by every other device."""
    rng = random.Random(seed)
    labels = list(dict.fromkeys(s for s in seats if not s.startswith("computer:")))
    devices = [SimDevice(f"{seed}:{label}") for label in labels]
    host = devices[0]
    spec: list[dict[str, Any]] = []
    for i, owner in enumerate(seats):
        if owner.startswith("computer:"):
            spec.append({"kind": owner, "name": f"Computer {i + 1}"})
        elif owner == labels[0]:
            spec.append({"kind": "human", "name": f"Player {i + 1}", "host": True})
        else:
            spec.append({"kind": "human"})
    nonce = hashlib.sha256(f"nonce:{seed}".encode()).digest()[:16]
    invite = signed(invite_body(game, spec, host.public, chain_value(host.seed, 0, CHAIN_LENGTH), nonce,
                                board=board, options=options), host.sign)
    host.game, host.me = RemoteGame(invite), 0
    run = RemoteRun(devices)
    link = host.link()
    run.links.append(("invite", link))
    # everyone opens the invite and joins at once; the host opens the join links as they come
    # and lets each in (protocol version 2: joins made at once never clash)
    joins = []
    for label, device in zip(labels[1:], devices[1:], strict=True):
        device.open(link)
        mine = [i for i, owner in enumerate(seats) if owner == label]
        join_link = device.link(device.join(mine, [f"Player {i + 1}" for i in mine]))
        run.links.append(("join", join_link))
        joins.append(join_link)
    for join_link in joins:
        host.open(join_link)
    host.game.draft_admit(0)  # every seat asked for: the host's first turn lets them in
    # the joiners learn their seats (and the others') from the host's first turn
    steps = 0
    while True:
        actor = host.game.next_actor()
        if actor is None or (max_steps is not None and steps >= max_steps):
            break
        device = devices[actor]
        rg = device.game
        assert rg is not None and rg.game is not None
        while rg.next_actor() == actor:
            player = rg.game.current_player()
            person = player >= 0 and rg.seats[player].dev is not None
            rg.draft_step(actor, device.seed, decide(rg, rng) if person else None)
            steps += 1
        rg.send(signed(rg.turn_body(actor, device.seed), device.sign))
        link = device.link()
        run.links.append(("turn", link))
        for other in devices:
            if other is not device:
                other.open(link)
                other.found_seat()
    return run
