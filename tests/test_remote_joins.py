"""Joins that never clash (protocol version 2, docs/remote-play.md): any number of people join
from one invite at once and in any order; the host's first turn lets them in in the order their
joins reached it; a seat asked for twice goes to the first join to arrive, and the other person
can ask for another seat with the same device; a device already in, or a join after the start,
changes nothing. Forged admissions are refused and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from cambria.remote.canonical import b64d
from cambria.remote.chain import chain_value
from cambria.remote.errors import RemoteError
from cambria.remote.link import decode_link, encode_link
from cambria.remote.protocol import (PROTOCOL, RemoteGame, invite_body, message_id, outcome_from_digest, roll_digest,
                                     signed)
from cambria.remote.simulate import SimDevice


def state_of(game: RemoteGame) -> tuple[Any, ...]:
    steps = list(game.game.steps) if game.game is not None else []
    return (list(game.ids), steps, [(s.dev, s.name) for s in game.seats], [list(d.reveals) for d in game.devices],
            game.last_free, list(game.admitting), game.drafted)


class Table:
    """A four-seat Hibernia game: Ann hosts (seat 0), seats 1–3 are free; everyone else has
    opened the invite link."""

    def __init__(self, people: str = "BCDE") -> None:
        self.host = SimDevice("joins:A")
        seats = [{"kind": "human", "name": "Ann", "host": True}] + [{"kind": "human"}] * 3
        invite = signed(invite_body("hibernia", seats, self.host.public, chain_value(self.host.seed, 0),
                                    bytes(range(16))), self.host.sign)
        assert invite["v"] == PROTOCOL == 2
        self.host.game, self.host.me = RemoteGame(invite), 0
        self.invite_link = self.host.link()
        self.people = {p: SimDevice(f"joins:{p}") for p in people}
        for device in self.people.values():
            device.open(self.invite_link)

    def join(self, who: str, seat: int, name: str | None = None) -> str:
        """``who`` asks for ``seat``: the link their page makes."""
        device = self.people[who]
        return device.link(device.join([seat], [name or who * 3]))

    def start(self) -> str:
        """The host starts: its first turn (the start roll, answered by it), sent; the link."""
        rg = self.host.game
        rg.draft_admit(0)
        while rg.next_actor() == 0 and rg.game.is_chance():
            rg.draft_step(0, self.host.seed)
        rg.send(signed(rg.turn_body(0, self.host.seed), self.host.sign))
        return self.host.link()


def test_joins_made_at_once_all_get_in_in_the_order_they_reach_the_host() -> None:
    t = Table("BCD")
    links = {who: t.join(who, seat) for who, seat in (("B", 1), ("C", 2), ("D", 3))}  # all from the invite
    for who in "DBC":  # the host opens them in another order than they were made
        assert t.host.open(links[who]) == 1
    host = t.host.game
    assert not host.started and host.start_order() == [message_id(decode_link(links[w])["messages"][-1]) for w in "DBC"]
    first = t.start()
    # the devices are numbered in the order the joins reached the host; the seats are the asked ones
    assert [host.device_of(t.people[w].public) for w in "DBC"] == [1, 2, 3]
    assert [s.name for s in host.seats] == ["Ann", "BBB", "CCC", "DDD"]
    # the first roll: the passer is the last join let in (D's), the answerer the host
    join_d = host.messages[3]
    assert join_d["t"] == "join" and join_d["key"] == host.messages[3]["key"]
    expected = outcome_from_digest(
        list(host.new_game().rules.chance_outcomes(host.new_game().state)),
        roll_digest(host.game_id, 0, b64d(join_d["reveal"], 32), chain_value(t.host.seed, 1)))
    assert host.game.steps[0] == str(host.new_game().rules.chance_to_text(host.new_game().state, expected))
    # every joiner opens the host's first turn and finds itself in, at the same step
    for who in "BCD":
        device = t.people[who]
        assert device.open(first) >= 1
        device.found_seat()
        assert device.me == host.device_of(device.public)
        assert device.game.ids == host.ids and device.game.game.steps == host.game.steps
        assert device.game.next_actor() == host.next_actor()


def test_a_seat_asked_for_twice_goes_to_the_join_that_reached_the_host_first() -> None:
    t = Table("BCD")
    bob, cy = t.join("B", 1), t.join("C", 1)
    t.host.open(cy)
    t.host.open(bob)
    host = t.host.game
    cy_join, bob_join = host.waiting_joins()
    assert host.join_problem(cy_join) is None
    assert host.start_order() is None  # seats 2 and 3 wait
    t.host.open(t.join("D", 3))
    assert host.start_order() is None
    # before the start the host's link carries every join it holds: Bob's page can see who was first
    seen = decode_link(t.host.link())["messages"]
    assert [m["t"] for m in seen] == ["invite", "join", "join", "join"]
    # Bob asks for the free seat from the same device: now every seat is asked for once
    t.host.open(t.join("B", 2, "Bob"))
    order = host.start_order()
    assert order is not None and bob_join not in order and cy_join == order[0]
    first = t.start()
    assert [s.name for s in host.seats] == ["Ann", "CCC", "Bob", "DDD"]
    assert bob_join in host.waiting_joins()  # held, never let in
    bob_device = t.people["B"]
    bob_device.open(first)
    bob_device.found_seat()
    assert bob_device.me == host.device_of(bob_device.public) and host.seats[2].dev == bob_device.me


def test_a_second_join_from_a_device_already_asking_changes_nothing() -> None:
    t = Table("BCD")
    first, again = t.join("B", 1), t.join("B", 2, "Bobby")
    t.host.open(first)
    t.host.open(again)
    host = t.host.game
    assert host.join_problem(host.waiting_joins()[1]) is None  # on its own it could come in…
    t.host.open(t.join("D", 3))
    assert host.start_order() is None  # …but the device is in with its first join: seat 2 still waits
    t.host.open(t.join("C", 2))
    t.start()
    assert [s.name for s in host.seats] == ["Ann", "BBB", "CCC", "DDD"]
    assert len(host.devices) == 4


def test_a_name_taken_by_an_earlier_join_leaves_the_later_join_out() -> None:
    t = Table("BCD")
    t.host.open(t.join("B", 1, "Sam"))
    t.host.open(t.join("C", 2, "sam"))
    t.host.open(t.join("D", 3))
    host = t.host.game
    assert host.start_order() is None
    assert host.join_problem(host.waiting_joins()[1]) is None  # alone it fits; after Sam's it does not
    with pytest.raises(RemoteError) as info:
        host.draft_admit(0)
    assert info.value.code == "not_started"


def test_a_join_after_the_start_is_held_but_never_let_in_and_can_watch() -> None:
    t = Table("BCDE")
    for who, seat in (("B", 1), ("C", 2), ("D", 3)):
        t.host.open(t.join(who, seat))
    late = t.join("E", 2)
    t.start()
    host = t.host.game
    before = state_of(host)
    assert t.host.open(late) == 1  # held: a join is checked on its own
    assert state_of(host) == before
    assert host.join_problem(host.waiting_joins()[0]) == "too_late"
    # the link the host makes for that person holds every message: their page shows the game
    watcher = RemoteGame.from_payload(decode_link(encode_link(host.link_payload(0, whole=True))))
    assert watcher.ids == host.ids and watcher.game.steps == host.game.steps


def _first_turn(t: Table) -> dict[str, Any]:
    for who, seat in (("B", 1), ("C", 2), ("D", 3)):
        t.host.open(t.join(who, seat))
    link = t.start()
    return decode_link(link)


@pytest.mark.parametrize("forgery", ["other_key", "not_the_host", "seat_left_free", "unknown_join", "twice"])
def test_a_forged_admission_is_refused_and_changes_nothing(forgery: str) -> None:
    t = Table("BCD")
    payload = _first_turn(t)
    turn = payload["messages"][-1]
    assert "admit" in turn
    viewer = SimDevice("joins:viewer")
    viewer.open(t.invite_link)
    for message in payload["messages"][:-1]:  # the joins, held
        if message["t"] == "join":
            viewer.game.accept(message)
    body = {k: v for k, v in turn.items() if k != "sig"}
    signer = t.host.sign
    if forgery == "other_key":
        signer = t.people["B"].sign
    elif forgery == "not_the_host":
        body["dev"] = 1
        signer = t.people["B"].sign
    elif forgery == "seat_left_free":
        body["admit"] = body["admit"][:2]
    elif forgery == "unknown_join":
        body["admit"] = body["admit"][:2] + ["0" * 32]
    else:
        body["admit"] = body["admit"][:2] + body["admit"][:1]
    before = state_of(viewer.game)
    with pytest.raises(RemoteError) as info:
        viewer.game.accept(signed(body, signer))
    assert info.value.code in {"other_key": ("bad_signature",), "not_the_host": ("bad_message",),
                               "seat_left_free": ("bad_message",), "unknown_join": ("missing",),
                               "twice": ("bad_message",)}[forgery], info.value.code
    assert state_of(viewer.game) == before
    assert viewer.game.accept(turn)  # the host's own is taken


def test_a_version_2_join_must_name_the_invite_and_carry_no_head() -> None:
    t = Table("B")
    device = t.people["B"]
    good = decode_link(t.join("B", 1))["messages"][-1]
    host = t.host.game
    for change in ({"prev": "0" * 32}, {"head": good["reveal"]}):
        body = {**{k: v for k, v in good.items() if k != "sig"}, **change}
        before = state_of(host)
        with pytest.raises(RemoteError) as info:
            host.accept(signed(body, device.sign))
        assert info.value.code == "bad_message"
        assert state_of(host) == before
        assert host.waiting_joins() == []
