"""The messages of remote play: their names, signatures and shapes, and the dice they make.

docs/remote-play.md is the protocol. A message is a JSON object signed over its canonical form
without ``sig``; ``message_id`` names it (the invite's id is the game id). Rolls are a digest of
two devices' chain values (``roll_digest``) cut into the rules' outcomes (``outcome_from_digest``).
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

from ..core.registry import resolve, rules_for
from ..core.seats import LEVELS, NameProblem, clean_name, kind_level
from . import p256
from .canonical import b64d, b64e, canonical
from .errors import RemoteError

__all__ = ["PROTOCOL", "PROTOCOLS", "message_id", "unsigned", "signed", "roll_digest", "outcome_from_digest",
           "invite_body", "join_body", "check_invite", "check_name", "fail", "need_field", "need_bytes", "Signer"]

# Version 2: joins name the invite and wait for the host's first turn, which lets them in in the
# order they reached it (so joins made at once never clash); a join carries no chain head (it is
# SHA-256 of the first reveal). Games begun under version 1 go on under it (the invite says which).
PROTOCOL = 2
PROTOCOLS = (1, 2)
ROLL_TAG = b"cambria-roll-v1"

Signer = Callable[[bytes], bytes]


def message_id(message: dict[str, Any]) -> str:
    """A message's name: hex of the first 16 bytes of SHA-256 of its canonical form without the
    signature (the invite's is the game id). Not of the signed form: anyone can turn a valid
    ECDSA signature (r, s) into another valid one (r, n - s), and WebCrypto signs with a fresh
    nonce each time, so a signature must not change what a message is called."""
    return hashlib.sha256(unsigned(message)).hexdigest()[:32]


def unsigned(message: dict[str, Any]) -> bytes:
    """The bytes a message's signature covers: its canonical form without ``sig``."""
    return canonical({k: v for k, v in message.items() if k != "sig"})


def signed(body: dict[str, Any], sign: Signer) -> dict[str, Any]:
    """``body`` with its signature (``sign`` gets the canonical bytes, returns 64-byte r‖s)."""
    return {**body, "sig": b64e(sign(unsigned(body)))}


def roll_digest(game_id: str, step: int, passer_reveal: bytes, answer_reveal: bytes) -> bytes:
    """SHA-256 of the tag, the game, the step number and the two reveals (docs/remote-play.md)."""
    return hashlib.sha256(ROLL_TAG + bytes.fromhex(game_id) + step.to_bytes(4, "big")
                          + passer_reveal + answer_reveal).digest()


def outcome_from_digest(outcomes: list[tuple[Any, float]], digest: bytes) -> Any:
    """The first outcome whose cumulative probability exceeds u = digest[0:16] / 2^128.

    >>> outcome_from_digest([("a", 0.5), ("b", 0.5)], bytes(32))
    'a'
    >>> outcome_from_digest([("a", 0.5), ("b", 0.5)], b"\\xff" * 32)
    'b'
    """
    u = int.from_bytes(digest[:16], "big") / 2**128  # exact integers, one correctly rounded division
    total = 0.0
    for outcome, p in outcomes:
        total += p
        if u < total:
            return outcome
    return outcomes[-1][0]  # u within rounding of 1


def invite_body(game: str, seats: list[dict[str, Any]], public_key: bytes, head: bytes, nonce: bytes,
                *, board: str | None = None, options: dict[str, bool] | None = None) -> dict[str, Any]:
    """The host's invite, to be signed. ``seats``: ``{"kind": "human"|"computer:<level>",
    "name": str (the host's own seats, computer seats), "host": True}`` for seats played on the
    host's device; a human seat without ``host`` is free for another device."""
    game_id, board_id = resolve(game, board)
    facts = rules_for(game_id).facts
    out = []
    for i, seat in enumerate(seats):
        colour = seat.get("colour", facts.colours[i % len(facts.colours)])
        entry: dict[str, Any] = {"kind": seat.get("kind", "human"), "colour": colour}
        if seat.get("host") or entry["kind"] != "human":
            entry["name"] = seat["name"]
        if seat.get("host"):
            entry["dev"] = 0
        out.append(entry)
    return {"t": "invite", "v": PROTOCOL, "game": game_id, "board": board_id,
            "options": dict(options or {}), "seats": out, "key": b64e(public_key), "head": b64e(head),
            "nonce": b64e(nonce)}


def join_body(invite_or_game: str, prev: str, seats: list[int], names: list[str], public_key: bytes,
              head: bytes | None, reveal: bytes) -> dict[str, Any]:
    """A device's join, to be signed: the seats it takes with their names, its key and its
    chain's first value (and, under protocol version 1 only, its head: ``head`` None leaves it
    out, version 2's form, where ``prev`` is the game id)."""
    body = {"t": "join", "game": invite_or_game, "prev": prev, "seats": seats, "names": names,
            "key": b64e(public_key), "reveal": b64e(reveal)}
    if head is not None:
        body["head"] = b64e(head)
    return body


def check_name(name: Any, seat: int = 0) -> str:
    try:
        return clean_name(name, seat + 1)
    except NameProblem as exc:
        raise fail("bad_name", str(exc), reason=exc.reason) from None


def fail(code: str, message: str, **details: Any) -> RemoteError:
    return RemoteError(code, message, **details)


def need_field(message: dict[str, Any], name: str, kind: type) -> Any:
    value = message.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise fail("bad_message", f"a {message.get('t', 'message')} needs {name!r} ({kind.__name__})")
    return value


def need_bytes(message: dict[str, Any], name: str, length: int) -> bytes:
    return b64d(need_field(message, name, str), length)


def check_invite(invite: Any, signature: bool = True) -> None:
    """Check an invite (fields, game, seats and, unless told not to, its signature: a body the
    host is about to sign is checked without); RemoteError says what is wrong."""
    if not isinstance(invite, dict) or invite.get("t") != "invite":
        raise fail("bad_message", "a remote game starts with its invite")
    version = invite.get("v")
    if isinstance(version, int) and not isinstance(version, bool) and version > PROTOCOL:
        raise fail("link_newer", "this invite was made by a newer version of the site")
    if version not in PROTOCOLS or isinstance(version, bool):
        raise fail("bad_message", "the invite has no protocol version this site knows")
    allowed = {"t", "v", "game", "board", "options", "seats", "key", "head", "nonce", "sig"}
    if set(invite) | ({"sig"} if not signature else set()) != allowed:
        raise fail("bad_message", "the invite's fields are not the protocol's")
    try:
        game_id, board_id = resolve(need_field(invite, "game", str), need_field(invite, "board", str))
    except ValueError as exc:
        raise fail("bad_message", f"the invite names no game this site has: {exc}") from None
    if game_id != invite["game"] or board_id != invite["board"]:
        raise fail("bad_message", "the invite names its game and map in another spelling")
    facts = rules_for(game_id).facts
    options = need_field(invite, "options", dict)
    if any(k not in facts.options or not isinstance(v, bool) for k, v in options.items()):
        raise fail("bad_message", "the invite has an option the game does not have")
    seats = need_field(invite, "seats", list)
    if not facts.min_players <= len(seats) <= facts.max_players:
        raise fail("bad_message", f"{facts.title} is for {facts.min_players} to {facts.max_players} players")
    colours = []
    for seat in seats:
        if not isinstance(seat, dict) or not set(seat) <= {"kind", "colour", "name", "dev"}:
            raise fail("bad_message", "a seat of the invite is not one")
        kind = seat.get("kind")
        if kind != "human" and (not isinstance(kind, str) or kind_level(kind) not in LEVELS):
            raise fail("bad_message", "a seat's kind is a person or a computer level")
        if seat.get("colour") not in facts.colours:
            raise fail("bad_message", "a seat's colour is not one of the game's")
        colours.append(seat["colour"])
        if seat.get("dev", 0) != 0 or ("dev" in seat and kind != "human"):
            raise fail("bad_message", "only the host's own person seats name a device")
        named = "dev" in seat or kind != "human"
        if named != ("name" in seat):
            raise fail("bad_message", "the host names its own seats and the computer seats, only those")
        if named:
            check_name(seat["name"], len(colours) - 1)
    if len(set(colours)) != len(colours):
        raise fail("bad_message", "two seats have one colour")
    if not any(s.get("kind") == "human" and "dev" not in s for s in seats):
        raise fail("bad_message", "a remote game has a seat for a person on another device")
    key = need_bytes(invite, "key", 65)
    need_bytes(invite, "head", 32)
    need_bytes(invite, "nonce", 16)
    if signature and not p256.verify(key, unsigned(invite), need_bytes(invite, "sig", 64)):
        raise fail("bad_signature", "the invite is not signed by the key it names")
