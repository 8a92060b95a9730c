"""The worker's side of remote games: the requests the page sends to create, join, open and send
a game played by link (docs/remote-play.md). Every check is ``cambria.remote``'s; this module
turns requests into its calls and its answers into what the page draws.

What stays on the device and never reaches Python except when needed: the private key (the page
signs the bytes this module gives it: ``{"sign": ...}``, then ``remote_signed``), and the chain
seed, which the page passes with ``remote_new``, ``remote_join`` and ``remote_open`` (this
device's own dice secret: without another device's value it tells no roll).

Requests (payload -> result):

``remote_new`` {game, map?, options?, seats: [{kind, name?, colour?, here?}], key, seed}
    -> ``{sign}``: the invite to sign (``here``: a person at this device; a person seat without
    it is free for another device; computer seats have a name)
``remote_peek`` {link} -> ``{game_id, invite: bool, messages}`` (what the page needs to find its copy)
``remote_open`` {link?, saved?: REMOTE_RECORD, seed?, verify?} -> ``{remote, view|null, events, new}``:
    this device's saved copy (if it has one) brought up to the link; a first sight of a game is
    only watched until ``remote_join``. ``verify``: the saved copy came from a file, not from
    this device's storage: every signature and computer move is checked again. ``events`` are the effects of the steps the link brought.
``remote_join`` {seats, names, key, seed} -> ``{sign}``: the join to sign
``remote_send`` {} -> ``{sign}``: the message sending this device's drafted steps
``remote_signed`` {sig} -> ``{remote, view|null, link}``: the message now signed is applied as
    every device applies it; ``link`` is the fragment to send (without ``#``)
``remote_undo`` {} -> ``{remote, view}``: drop the steps not yet sent
``remote_qr`` {text} -> ``{size, path}``: a QR code of a link (the modules as one SVG path)
``remote_record`` {} -> REMOTE_RECORD ``{format: "cambria-remote", version, game_id, me,
    messages, draft}`` (what the page saves; no secret in it)

A refusal has code ``remote`` and ``details.reason`` (the protocol's code: ``bad_roll``,
``fork``, ``missing``, ``link_damaged`` …), and changes nothing.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable

from ..core.registry import rules_for
from ..core.seats import check_seats
from ..remote.canonical import b64d, b64e
from ..remote.chain import chain_value
from ..remote.errors import RemoteError
from ..remote.link import decode_link, encode_link
from ..remote.messages import check_invite, invite_body, join_body, unsigned
from ..remote.protocol import RemoteGame
from ..remote.qr import qr_matrix, qr_svg_path
from .errors import RequestError
from .fields import game_and_board, only

# The session (session.py) imports this module for its handlers; these functions take it as
# ``Any`` rather than import it back (imports flow one way: tests/test_architecture.py).
WebSession = Any

__all__ = ["RemoteSeat", "REMOTE_HANDLERS", "REMOTE_FORMAT", "REMOTE_VERSION", "remote_view"]

REMOTE_FORMAT = "cambria-remote"
REMOTE_VERSION = 1


@dataclass
class RemoteSeat:
    """This device's part in a remote game: the game, its device number (None while it only
    watches), its dice secret, and a message waiting for the page's signature."""

    game: RemoteGame
    me: int | None
    seed: bytes | None
    pending: tuple[str, dict[str, Any]] | None = None


def _b64(payload: dict[str, Any], name: str, length: int) -> bytes:
    value = payload.get(name)
    if not isinstance(value, str):
        raise RequestError(f"{name!r} is base64url text")
    return b64d(value, length)


def _need(session: WebSession) -> RemoteSeat:
    remote: RemoteSeat | None = session.remote
    if remote is None:
        raise RequestError("no remote game is open")
    return remote


def remote_view(remote: RemoteSeat) -> dict[str, Any]:
    """What the page shows of a remote game besides the board: who sits where, whose step is next."""
    rg = remote.game
    me = remote.me
    actor = rg.next_actor()
    waiting = None
    if actor is not None and rg.game is not None:
        seats = [i for i, s in enumerate(rg.seats) if s.dev == actor]
        chance = rg.game.is_chance()
        waiting = {"device": actor, "seats": seats, "roll": chance,
                   "seat": None if chance else rg.game.current_player(),
                   "for_seat": rg.game.rules.chance_seat(rg.game.state) if chance else None}
    invite = rg.invite
    return {
        "game_id": rg.game_id, "me": me, "started": rg.started,
        "over": rg.game is not None and rg.game.is_over(),
        "game": invite["game"], "map": invite["board"], "options": invite["options"],
        "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour, "device": s.dev,
                   "here": me is not None and s.dev == me} for i, s in enumerate(rg.seats)],
        "free_seats": rg.free_seats(), "devices": len(rg.devices),
        "waiting": waiting, "my_turn": me is not None and actor == me,
        "drafted": rg.drafted, "can_send": me is not None and rg.drafted > 0 and actor != me,
        "messages": len(rg.messages),
    }


def _result(session: WebSession, remote: RemoteSeat, **extra: Any) -> dict[str, Any]:
    game = session.game
    out = {"remote": remote_view(remote), "view": session.view(game, {}) if game is not None else None}
    out.update(extra)
    return out


def _adopt(session: WebSession, remote: RemoteSeat, events_from: int | None = None) -> list[dict[str, Any]]:
    """Make the session show the remote game: its steps replayed with their log lines. Returns
    the effects of the steps from ``events_from`` on (the recap of what a link brought)."""
    rg = remote.game
    if not rg.started:
        session._swap_in(None, [], None)
        session.remote = remote
        return []
    fresh = rg.new_game()
    trial = type(session)()  # a scratch session replays the steps for their log lines
    trial._swap_in(fresh, [], None)
    events: list[dict[str, Any]] = []
    assert rg.game is not None
    for index, text in enumerate(rg.game.steps):
        effects, _ = trial._play_step(fresh, text)
        if events_from is not None and index >= events_from:
            events.extend(effects)
    rg.game = fresh
    session._swap_in(fresh, trial.log, trial.last, trial.decisions)
    session.remote = remote
    return events


def _saved(record: Any, verify: bool = False) -> tuple[RemoteGame, int | None, list[str]]:
    if not isinstance(record, dict) or record.get("format") != REMOTE_FORMAT:
        raise RemoteError("bad_save", "this is not a saved remote game")
    version = record.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > REMOTE_VERSION:
        raise RemoteError("link_newer", "this remote game was saved by a newer version of the site")
    if version != REMOTE_VERSION:
        raise RemoteError("bad_save", "the saved remote game has no version this site knows")
    me = record.get("me")
    draft = record.get("draft", [])
    if (me is not None and (not isinstance(me, int) or isinstance(me, bool))) or not isinstance(draft, list):
        raise RemoteError("bad_save", "the saved remote game's fields are damaged")
    rg = RemoteGame.from_saved(record.get("messages"), trusted=not verify)
    if rg.game_id != record.get("game_id"):
        raise RemoteError("bad_save", "the saved remote game's id does not match its invite")
    if me is not None and not 0 <= me < len(rg.devices):
        raise RemoteError("bad_save", "the saved remote game names no device of its game")
    return rg, me, draft


# ---------------------------------------------------------------------- handlers
def remote_new(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"game", "map", "options", "seats", "key", "seed"}, "remote_new")
    game_id, board_id = game_and_board(payload.get("game", "cambria"), payload.get("map"))
    facts = rules_for(game_id).facts
    seats = payload.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RequestError("'seats' is a list of seats")
    # names and colours checked as a local game's are (free seats get a placeholder name here)
    checked = check_seats([{"name": s.get("name") or f"Player {i + 1}", "kind": s.get("kind", "human"),
                            **({"colour": s["colour"]} if "colour" in s else {})} for i, s in enumerate(seats)],
                          facts.colours, facts.min_players, facts.max_players, error=RequestError)
    spec = []
    for seat, ok in zip(seats, checked, strict=True):
        here = seat.get("here") is True
        entry: dict[str, Any] = {"kind": ok["kind"], "colour": ok["colour"]}
        if here or ok["kind"] != "human":
            entry["name"], entry["host"] = ok["name"], here
        spec.append(entry)
    options = payload.get("options", {})
    if not isinstance(options, dict):
        raise RequestError("'options' must be an object")
    key, seed = _b64(payload, "key", 65), _b64(payload, "seed", 32)
    body = invite_body(game_id, spec, key, chain_value(seed, 0), secrets.token_bytes(16),
                       board=board_id, options=options)
    check_invite(body, signature=False)
    session.remote = None
    session._swap_in(None, [], None)
    session.pending_remote = ("invite", body, seed)
    return {"sign": b64e(unsigned(body))}


def remote_peek(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"link"}, "remote_peek")
    link = payload.get("link")
    if not isinstance(link, str):
        raise RequestError("'link' is text")
    data = decode_link(link)
    messages = data.get("messages")
    if not isinstance(data.get("game"), str) or not isinstance(messages, list):
        raise RemoteError("link_damaged", "the link holds no game")
    first = messages[0] if messages and isinstance(messages[0], dict) else {}
    return {"game_id": data["game"], "invite": first.get("t") == "invite", "messages": len(messages)}


def remote_open(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"link", "saved", "seed", "verify"}, "remote_open")
    link, saved = payload.get("link"), payload.get("saved")
    if link is not None and not isinstance(link, str):
        raise RequestError("'link' is text")
    data = decode_link(link) if link is not None else None
    seed = _b64(payload, "seed", 32) if payload.get("seed") is not None else None
    if saved is not None:
        rg, me, draft = _saved(saved, verify=payload.get("verify") is True)
        if data is not None and data.get("game") != rg.game_id:
            raise RemoteError("other_game", "this link belongs to another game")
        if me is not None and seed is not None:
            rg.next_value(me, seed)  # the seed must be this device's (wrong_seed otherwise)
    elif data is not None:
        rg, me, draft = RemoteGame.from_payload(data), None, []
    else:
        raise RequestError("remote_open needs a link or a saved game")
    before = len(rg.game.steps) if rg.game is not None else 0
    new = 0
    if data is not None and saved is not None:
        new = rg.accept_payload(data)
    remote = RemoteSeat(rg, me, seed)
    if draft and not new and me is not None and seed is not None:
        for text in draft:  # the steps played here before a reload, checked again
            rg.draft_step(me, seed, text)
    events = _adopt(session, remote, before if new else None)
    return _result(session, remote, events=events, new=new)


def remote_join(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"seats", "names", "key", "seed"}, "remote_join")
    remote = _need(session)
    if remote.me is not None:
        raise RemoteError("same_device", "this device plays in this game already")
    seats, names = payload.get("seats"), payload.get("names")
    if not isinstance(seats, list) or not isinstance(names, list):
        raise RequestError("'seats' and 'names' are lists")
    key, seed = _b64(payload, "key", 65), _b64(payload, "seed", 32)
    rg = remote.game
    body = join_body(rg.game_id, rg.ids[-1], seats, names, key, chain_value(seed, 0), chain_value(seed, 1))
    trial = rg.replica()  # every check but the signature, before the page signs anything
    trial.trusted = True
    trial.accept({**body, "sig": b64e(bytes(64))})
    session.pending_remote = ("join", body, seed)
    return {"sign": b64e(unsigned(body))}


def remote_send(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, set(), "remote_send")
    remote = _need(session)
    if remote.me is None or remote.seed is None:
        raise RemoteError("not_your_step", "this device watches this game: it has no seat")
    body = remote.game.turn_body(remote.me, remote.seed)
    session.pending_remote = ("turn", body, remote.seed)
    return {"sign": b64e(unsigned(body))}


def remote_signed(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"sig"}, "remote_signed")
    pending = session.pending_remote
    if pending is None:
        raise RequestError("no message waits for a signature")
    kind, body, seed = pending
    message = {**body, "sig": b64e(_b64(payload, "sig", 64))}
    if kind == "invite":
        remote = RemoteSeat(RemoteGame(message), 0, seed)
        _adopt(session, remote)
    elif kind == "join":
        remote = _need(session)
        remote.game.accept(message)
        remote.me, remote.seed = len(remote.game.devices) - 1, seed
        _adopt(session, remote)
    else:
        remote = _need(session)
        remote.game.send(message)
        _adopt(session, remote)
    session.pending_remote = None
    assert remote.me is not None
    return _result(session, remote, link=encode_link(remote.game.link_payload(remote.me)))


def remote_undo(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, set(), "remote_undo")
    remote = _need(session)
    remote.game.undo_draft()
    _adopt(session, remote)
    return _result(session, remote)


def remote_record(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, set(), "remote_record")
    remote = _need(session)
    rg = remote.game
    draft = rg.game.steps[len(rg.game.steps) - rg.drafted:] if rg.game is not None and rg.drafted else []
    return {"format": REMOTE_FORMAT, "version": REMOTE_VERSION, "game_id": rg.game_id, "me": remote.me,
            "messages": rg.messages, "draft": list(draft)}


def remote_qr(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"text"}, "remote_qr")
    text = payload.get("text")
    if not isinstance(text, str) or not 0 < len(text) <= 2900:
        raise RequestError("'text' is the link to draw, at most 2,900 characters")
    try:
        matrix = qr_matrix(text, ecc="L")
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    return {"size": len(matrix), "path": qr_svg_path(matrix)}


Handler = Callable[[Any, dict[str, Any]], dict[str, Any]]
REMOTE_HANDLERS: dict[str, Handler] = {
    "remote_new": remote_new, "remote_peek": remote_peek, "remote_open": remote_open,
    "remote_join": remote_join, "remote_send": remote_send, "remote_signed": remote_signed,
    "remote_undo": remote_undo, "remote_record": remote_record, "remote_qr": remote_qr,
}
