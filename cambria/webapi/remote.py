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
``remote_accept`` {link} -> ``{new: 0}`` or ``{remote, view|null, events, new}``: a link's
    messages applied to the game open here as it stands (live play: web/remote/live.js)
``remote_join`` {seats, names, key, seed} -> ``{sign}``: the join to sign (protocol version 2: it
    waits for the host's first turn to let it in; ``remote.joining`` says how it stands)
``remote_start`` {} -> ``{remote, view}``: the host lets in the joins that fill every free seat, in
    the order they reached it (``remote.can_start``); its first turn will name them
``remote_link`` {whole?} -> ``{link}``: this device's link again (``whole``: every message, for a
    person who joined too late to watch the game)
``remote_send`` {} -> ``{sign}``: the message sending this device's drafted steps
``remote_signed`` {sig} -> ``{remote, view|null, link}``: the message now signed is applied as
    every device applies it; ``link`` is the fragment to send (without ``#``)
``remote_undo`` {} -> ``{remote, view}``: drop the steps not yet sent
``remote_qr`` {text} -> ``{size, path}``: a QR code of a link (the modules as one SVG path)
``remote_record`` {} -> REMOTE_RECORD ``{format: "cambria-remote", version, game_id, me,
    messages, draft, joins?, join?, admit?}`` (what the page saves; no secret in it): ``joins``
    the joins held and not let in, ``join`` the id of this device's own while it waits, ``admit``
    the joins the host's unsent first turn lets in

A refusal has code ``remote`` and ``details.reason`` (the protocol's code: ``bad_roll``,
``fork``, ``missing``, ``link_damaged`` …), and changes nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Callable

from ..core.registry import rules_for
from ..core.seats import check_seats
from ..remote.canonical import b64d, b64e
from ..remote.chain import chain_value
from ..remote.errors import RemoteError
from ..remote.link import decode_link, encode_link
from ..remote.messages import check_invite, invite_body, join_body, message_id, unsigned
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
    join: str | None = None  # this device's own join while it waits to be let in
    host_order: list[str] | None = None  # the joins in the order of the host's last link before the start

    def found(self) -> None:
        """This device's number, once the host's first turn let its join in."""
        if self.me is None and self.join is not None:  # by the key: another join of this device may be the one let in
            self.me = self.game.device_of(b64d(self.game.joins[self.join]["key"], 65))
            if self.me is not None:
                self.join = None


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
        **_joins_view(remote),
        "game_id": rg.game_id, "me": me, "started": rg.started,
        "over": rg.game is not None and rg.game.is_over(),
        "game": invite["game"], "map": invite["board"], "options": invite["options"],
        "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour, "device": s.dev,
                   "here": me is not None and s.dev == me} for i, s in enumerate(rg.seats)],
        "free_seats": rg.free_seats(), "devices": len(rg.devices),
        "waiting": waiting, "my_turn": me is not None and actor == me,
        "drafted": rg.drafted, "can_send": me is not None and rg.drafted > 0 and actor != me,
        # every message this device holds: the list's, and the joins held (waiting, or let in by
        # the host's unsent first turn); it only grows (the tests wait for it)
        "messages": len(rg.messages) + len(rg.waiting_joins()) + len(rg.admitting),
        "live": live_room(rg.invite),
    }


def live_room(invite: dict[str, Any]) -> dict[str, str]:
    """Where the devices of this game meet for live play (web/remote/live.js): the room is named
    by the game id, and its secret (which encrypts the connection offers a relay passes on, and
    which a peer must know to enter) comes from the invite's signature, which only those who were
    sent a link of the game hold: the relays see neither."""
    digest = hashlib.sha256(b"cambria live play 1\0" + b64d(invite["sig"], 64)).digest()
    return {"room": message_id(invite), "secret": b64e(digest)}


def _joins_view(remote: RemoteSeat) -> dict[str, Any]:
    """How the joins stand (protocol version 2). ``asked``: every seat some held join asks for,
    with the name, in the host's order; ``refused``: the joins that cannot come in and why (the
    host's page tells those people); ``joining``: this device's own join, waiting or refused."""
    rg = remote.game
    if rg.version < 2:
        return {"asked": {}, "refused": [], "joining": None, "can_start": False}
    order = list(remote.host_order or []) if remote.me != 0 else rg.waiting_joins()
    order += [j for j in rg.waiting_joins() if j not in order]
    seating = rg.seating(order)
    asked: dict[str, str] = {}
    refused = []
    # a device that is in, or asks with another join, has nothing more to be told about this one
    keys = {d.key for d in rg.devices} | {b64d(rg.joins[m]["key"], 65) for m in order if seating[m][0] is None}
    for mid in order:
        join = rg.joins[mid]
        problem, by = seating[mid]
        if problem is None:
            asked.update({str(seat): name for seat, name in zip(join["seats"], join["names"], strict=True)})
        elif b64d(join["key"], 65) not in keys:
            refused.append({"id": mid, "names": join["names"], "seats": join["seats"], "reason": problem, "by": by,
                            "mine": mid == remote.join})
    joining = None
    if remote.join is not None and remote.me is None:
        problem, by = seating.get(remote.join, (None, None))
        joining = {"status": "waiting" if problem is None else "refused", "reason": problem, "by": by,
                   "seats": rg.joins[remote.join]["seats"], "names": rg.joins[remote.join]["names"]}
    return {"asked": asked if not rg.started else {}, "refused": refused, "joining": joining,
            "can_start": remote.me == 0 and rg.start_order() is not None and not rg.admitting}


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


def _saved(record: Any, verify: bool = False) -> tuple[RemoteGame, int | None, list[str], str | None]:
    if not isinstance(record, dict) or record.get("format") != REMOTE_FORMAT:
        raise RemoteError("bad_save", "this is not a saved remote game")
    version = record.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > REMOTE_VERSION:
        raise RemoteError("link_newer", "this remote game was saved by a newer version of the site")
    if version != REMOTE_VERSION:
        raise RemoteError("bad_save", "the saved remote game has no version this site knows")
    me = record.get("me")
    draft = record.get("draft", [])
    joins, join, admit = record.get("joins", []), record.get("join"), record.get("admit", [])
    if (me is not None and (not isinstance(me, int) or isinstance(me, bool))) or not isinstance(draft, list) \
            or not isinstance(joins, list) or not isinstance(admit, list) or (join is not None and not isinstance(join, str)):
        raise RemoteError("bad_save", "the saved remote game's fields are damaged")
    rg = RemoteGame.from_saved(record.get("messages"), trusted=not verify)
    for held in joins:  # the joins held and not let in (checked again: they are not in the list)
        rg.accept(held)
    if join is not None and join not in rg.joins:
        raise RemoteError("bad_save", "the saved remote game's own join is missing")
    if rg.game_id != record.get("game_id"):
        raise RemoteError("bad_save", "the saved remote game's id does not match its invite")
    if me is not None and not 0 <= me < len(rg.devices):
        raise RemoteError("bad_save", "the saved remote game names no device of its game")
    if admit:
        if me != 0 or rg.start_order() != admit:
            raise RemoteError("bad_save", "the saved remote game's start does not match its joins")
        rg.draft_admit(0)
    return rg, me, draft, join


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
    join = None
    if saved is not None:
        rg, me, draft, join = _saved(saved, verify=payload.get("verify") is True)
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
        if rg.admitting and me == 0:
            rg.undo_draft()  # a link that comes while the host's first turn is unsent: decided again
            draft = []
        new = rg.accept_payload(data)
    remote = RemoteSeat(rg, me, seed, join=join)
    remote.found()
    if data is not None and data.get("from") == 0 and not rg.started:
        remote.host_order = [message_id(m) for m in data["messages"] if isinstance(m, dict) and m.get("t") == "join"]
    if remote.me != me:
        before = 0  # let in by this link: the whole game is new here
    if draft and not new and me is not None and seed is not None:
        for text in draft:  # the steps played here before a reload, checked again
            rg.draft_step(me, seed, text)
    events = _adopt(session, remote, before if new else None)
    return _result(session, remote, events=events, new=new)


def remote_accept(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    """A link's messages for the game open in this session, as live play brings them: applied to
    the game as it stands here (the page's board, this device's unsent steps), not to the saved
    copy. ``new`` 0: nothing changed and nothing else is returned (a peer's catch-up that
    brought nothing)."""
    only(payload, {"link"}, "remote_accept")
    remote = _need(session)
    link = payload.get("link")
    if not isinstance(link, str):
        raise RequestError("'link' is text")
    data = decode_link(link)
    rg = remote.game
    if data.get("game") != rg.game_id:
        raise RemoteError("other_game", "this link belongs to another game")
    listed = data.get("messages")
    messages: list[Any] = listed if isinstance(listed, list) else []
    fresh_joins = [m for m in messages if isinstance(m, dict) and m.get("t") == "join" and message_id(m) not in rg.joins]
    if rg.admitting and remote.me == 0 and fresh_joins:
        rg.undo_draft()  # the host's unsent first turn is decided again, with the new joins
    before = len(rg.game.steps) if rg.game is not None else 0
    me_before = remote.me
    new = rg.accept_payload(data)
    order = remote.host_order
    if data.get("from") == 0 and not rg.started:
        remote.host_order = [message_id(m) for m in messages if isinstance(m, dict) and m.get("t") == "join"]
    if not new and not fresh_joins and remote.host_order == order:
        return {"new": 0}  # (the host's order of the joins is news: it says whose seat is whose)
    remote.found()
    events = _adopt(session, remote, before if remote.me == me_before else 0)
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
    if rg.version >= 2:
        if remote.join is not None and remote.join in rg.joins:
            problem, _ = rg.seating(_order(remote))[remote.join]
            if problem is None:
                raise RemoteError("same_device", "this device has asked for a seat already: it waits for the host")
        body = join_body(rg.game_id, rg.game_id, seats, names, key, None, chain_value(seed, 1))
    else:
        body = join_body(rg.game_id, rg.ids[-1], seats, names, key, chain_value(seed, 0), chain_value(seed, 1))
    trial = rg.replica()  # every check but the signature, before the page signs anything
    trial.trusted = True
    message = {**body, "sig": b64e(bytes(64))}
    trial.accept(message)
    if rg.version >= 2:  # and the seats as this device knows them (the host's word is final)
        problem, by = trial.seating(_order(remote) + [message_id(message)])[message_id(message)]
        if problem is not None:
            raise RemoteError(problem, "that seat is asked for already" if by else "this join cannot come in", by=by)
    session.pending_remote = ("join", body, seed)
    return {"sign": b64e(unsigned(body))}


def _order(remote: RemoteSeat) -> list[str]:
    """The held joins in the host's order as far as this device knows it."""
    order = list(remote.host_order or [])
    return order + [j for j in remote.game.waiting_joins() if j not in order]


def remote_start(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, set(), "remote_start")
    remote = _need(session)
    if remote.me != 0:
        raise RemoteError("not_your_step", "only the host lets players in")
    remote.game.draft_admit(0)
    _adopt(session, remote)
    return _result(session, remote)


def remote_link(session: WebSession, payload: dict[str, Any]) -> dict[str, Any]:
    only(payload, {"whole"}, "remote_link")
    remote = _need(session)
    rg = remote.game
    return {"link": encode_link(rg.link_payload(remote.me, remote.join, whole=payload.get("whole") is True))}


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
        remote.seed = seed
        if remote.game.version >= 2:
            remote.join = message_id(message)  # it waits for the host's first turn
        else:
            remote.me = len(remote.game.devices) - 1
        _adopt(session, remote)
    else:
        remote = _need(session)
        remote.game.send(message)
        _adopt(session, remote)
    session.pending_remote = None
    return _result(session, remote, link=encode_link(remote.game.link_payload(remote.me, remote.join)))


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
    record = {"format": REMOTE_FORMAT, "version": REMOTE_VERSION, "game_id": rg.game_id, "me": remote.me,
              "messages": rg.messages, "draft": list(draft)}
    if rg.version >= 2:
        held = [j for j in rg.joins if j not in rg.ids]  # (the host's draft's too: let in only when sent)
        if held:
            record["joins"] = [rg.joins[j] for j in held]
        if remote.join is not None:
            record["join"] = remote.join
        if rg.admitting:
            record["admit"] = list(rg.admitting)
    return record


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
    "remote_new": remote_new, "remote_peek": remote_peek, "remote_open": remote_open, "remote_accept": remote_accept,
    "remote_join": remote_join, "remote_start": remote_start, "remote_link": remote_link,
    "remote_send": remote_send, "remote_signed": remote_signed,
    "remote_undo": remote_undo, "remote_record": remote_record, "remote_qr": remote_qr,
}
