"""Joins that never clash, through the worker's requests (cambria.webapi.remote): what each
page is told while joins wait (``joining``, ``refused``, ``can_start``), a seat asked for twice,
another seat asked for from the same device, and reloads of the joiner and of the host while
the game waits or the host's first turn is unsent."""

from __future__ import annotations

import random

import pytest

from cambria.remote.errors import RemoteError
from cambria.webapi.session import WebSession
from test_remote_webapi import Page, host_game, join, play_until_sent, start

THREE = [{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"}, {"kind": "human"}]


def reloaded(page: Page) -> Page:
    """The same device after a reload: a new session from its saved copy and its secret."""
    again = Page.__new__(Page)
    again.__dict__.update(page.__dict__)
    again.session = WebSession()
    again.ask("remote_open", {"saved": page.saved, "seed": page.seed})
    return again


def test_a_joiner_waits_across_a_reload_and_finds_its_seat_in_the_hosts_first_turn() -> None:
    host, invite = host_game(THREE)
    bob, cy = Page("bob"), Page("cy")
    bob_link, cy_link = join(bob, invite, [1], ["Bob"]), join(cy, invite, [2], ["Cy"])
    assert bob.saved is not None and bob.saved["me"] is None and bob.saved["join"]
    bob = reloaded(bob)
    waiting = bob.ask("remote_open", {"saved": bob.saved, "seed": bob.seed})["remote"]
    assert waiting["me"] is None and waiting["joining"]["status"] == "waiting" and not waiting["started"]
    start(host, cy_link, bob_link)  # Cy's link reached the host first: Cy is device 1
    first = play_until_sent(host, random.Random(5))
    for page, device in ((bob, 2), (cy, 1)):
        seen = page.open(first)["remote"]
        assert seen["me"] == device and seen["started"] and seen["joining"] is None
        assert page.saved["me"] == device and "join" not in page.saved
        assert page.session.game.steps == host.session.game.steps


def test_a_seat_asked_for_twice_goes_to_the_first_join_to_reach_the_host_and_the_other_asks_again() -> None:
    host, invite = host_game(THREE)
    bob, cy = Page("bob"), Page("cy")
    bob_link, cy_link = join(bob, invite, [1], ["Bob"]), join(cy, invite, [1], ["Cy"])
    host.open(cy_link)
    told = host.open(bob_link)["remote"]
    assert not told["can_start"] and told["asked"] == {"1": "Cy"}
    assert [{k: v for k, v in j.items() if k != "id"} for j in told["refused"]] == [
        {"names": ["Bob"], "seats": [1], "reason": "seat_taken", "by": "Cy", "mine": False}]
    # the host's link tells Bob's page who was first; Bob cannot ask for seat 1 again
    shown = bob.open(host.ask("remote_link")["link"])["remote"]
    assert shown["joining"] == {"status": "refused", "reason": "seat_taken", "by": "Cy", "seats": [1], "names": ["Bob"]}
    assert shown["asked"] == {"1": "Cy"}
    with pytest.raises(RemoteError) as info:
        bob.ask("remote_join", {"seats": [1], "names": ["Bob"], "key": bob.key, "seed": bob.seed})
    assert info.value.code == "seat_taken" and info.value.details["by"] == "Cy"
    # the free seat, from the same device (its key and dice secret)
    again = bob.sign_and_finish(bob.ask("remote_join", {"seats": [2], "names": ["Bob"], "key": bob.key,
                                                        "seed": bob.seed}))
    assert again["remote"]["joining"]["status"] == "waiting"
    started = start(host, again["link"])
    assert [s["name"] for s in started["remote"]["seats"]] == ["Ann", "Cy", "Bob"]
    assert started["remote"]["refused"] == []  # Bob's first join: his device is in, nobody to tell
    first = play_until_sent(host, random.Random(6))
    assert bob.open(first)["remote"]["me"] == 2


def test_a_device_waiting_to_be_let_in_cannot_ask_twice() -> None:
    host, invite = host_game(THREE)
    bob = Page("bob")
    join(bob, invite, [1], ["Bob"])
    with pytest.raises(RemoteError) as info:
        bob.ask("remote_join", {"seats": [2], "names": ["Bobby"], "key": bob.key, "seed": bob.seed})
    assert info.value.code == "same_device"


def test_the_hosts_unsent_first_turn_survives_a_reload_and_a_late_link_decides_it_again() -> None:
    host, invite = host_game(THREE)
    bob, cy, dee = Page("bob"), Page("cy"), Page("dee")
    links = [join(bob, invite, [1], ["Bob"]), join(cy, invite, [2], ["Cy"])]
    late = join(dee, invite, [2], ["Dee"])
    start(host, *links)
    host.ask("roll")  # the start roll, answered here, not sent yet
    host.save()
    assert host.saved["admit"] and host.saved["draft"]
    again = reloaded(host)
    view = again.ask("view")
    assert view["remote"]["drafted"] == len(host.saved["draft"]) and again.session.game.steps == host.session.game.steps
    # a join that comes now finds every seat asked for: it is told so, the host's turn is decided again
    told = again.open(late)["remote"]
    assert told["refused"] and told["refused"][0]["names"] == ["Dee"]
    assert told["can_start"] and not told["started"]
    restarted = again.ask("remote_start")
    assert restarted["remote"]["started"]
    assert [s["name"] for s in restarted["remote"]["seats"]] == ["Ann", "Bob", "Cy"]
