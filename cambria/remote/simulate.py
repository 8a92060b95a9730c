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
from .protocol import RemoteGame, invite_body, join_body, signed

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

    def link(self) -> str:
        assert self.game is not None
        return encode_link(self.game.link_payload(self.me))


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
    for dev, (label, device) in enumerate(zip(labels[1:], devices[1:], strict=True), start=1):
        device.open(link)
        assert device.game is not None
        mine = [i for i, owner in enumerate(seats) if owner == label]
        body = join_body(device.game.game_id, device.game.ids[-1], mine, [f"Player {i + 1}" for i in mine],
                         device.public, chain_value(device.seed, 0, CHAIN_LENGTH),
                         chain_value(device.seed, 1, CHAIN_LENGTH))
        device.game.accept(signed(body, device.sign))
        device.me = dev
        link = device.link()
        run.links.append(("join", link))
    host.open(link)
    # every device has the invite; the early joiners learn the later joins from the first turn
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
    return run
