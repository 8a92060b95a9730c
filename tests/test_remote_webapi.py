"""Remote games through the worker's requests (cambria.webapi.remote), with two or three sessions
standing for the pages of separate devices; the test signs where the page's WebCrypto would."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import cambria.webapi as webapi
from cambria.remote import p256
from cambria.remote.canonical import b64d, b64e
from cambria.remote.errors import RemoteError
from cambria.webapi.session import WebSession


class Page:
    """One device's page: a session, its key and its dice secret, its saved copy."""

    def __init__(self, label: str) -> None:
        seed = hashlib.sha256(label.encode()).digest()
        self.private = p256.private_from_seed(seed)
        self.key = b64e(p256.public_key(self.private))
        self.seed = b64e(hashlib.sha256(b"chain" + seed).digest())
        self.session = WebSession()
        self.saved: dict[str, Any] | None = None

    def ask(self, kind: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        # through JSON both ways, as the bridge does
        result = self.session.handle(kind, json.loads(json.dumps(payload or {})))
        return json.loads(json.dumps(result))

    def sign_and_finish(self, answer: dict[str, Any]) -> dict[str, Any]:
        sig = b64e(p256.sign(self.private, b64d(answer["sign"])))
        result = self.ask("remote_signed", {"sig": sig})
        self.save()
        return result

    def save(self) -> None:
        self.saved = self.ask("remote_record")

    def open(self, link: str) -> dict[str, Any]:
        payload: dict[str, Any] = {"link": link}
        if self.saved is not None:
            payload.update(saved=self.saved, seed=self.seed)
        result = self.ask("remote_open", payload)
        self.save()
        return result


def host_game(seats: list[dict[str, Any]], game: str = "hibernia") -> tuple[Page, str]:
    host = Page("host")
    answer = host.ask("remote_new", {"game": game, "seats": seats, "key": host.key, "seed": host.seed})
    done = host.sign_and_finish(answer)
    assert done["remote"]["me"] == 0 and not done["remote"]["started"]
    return host, done["link"]


def join(page: Page, link: str, seats: list[int], names: list[str]) -> str:
    peek = page.ask("remote_peek", {"link": link})
    assert peek["invite"]
    opened = page.open(link)
    assert opened["remote"]["me"] is None and set(seats) <= set(opened["remote"]["free_seats"])
    page.saved = None
    answer = page.ask("remote_join", {"seats": seats, "names": names, "key": page.key, "seed": page.seed})
    return str(page.sign_and_finish(answer)["link"])


def start(host: Page, *links: str) -> dict[str, Any]:
    """The host opens the join links; once every seat is asked for, it lets them in (its page
    does this by itself: the protocol's version 2)."""
    for link in links:
        opened = host.open(link)
        assert not opened["remote"]["started"]
    assert opened["remote"]["can_start"], opened["remote"]
    started = host.ask("remote_start")
    host.save()
    assert started["remote"]["started"] and started["view"] is not None
    return started


def play_until_sent(page: Page, rng: random.Random) -> str:
    """This device plays every step that is its own, as the page would, then sends them."""
    while True:
        view = page.ask("view")
        remote = view["remote"]
        if remote["can_send"]:
            return str(page.sign_and_finish(page.ask("remote_send"))["link"])
        assert remote["my_turn"], remote
        if view["chance"]:
            page.ask("roll")
        elif view["actor_kind"].startswith("computer"):
            page.ask("computer")
        else:
            game = page.session.game
            actions = list(game.legal_actions())
            page.ask("play", {"action": str(game.rules.action_to_text(rng.choice(actions)))})
        page.save()  # the page saves after every step (a reload keeps the draft)


def test_a_remote_game_by_requests_ends_the_same_on_every_page() -> None:
    host, link = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"},
                            {"kind": "computer:easy", "name": "Cyd"}])
    bob = Page("bob")
    start(host, join(bob, link, [1], ["Bob"]))
    pages = [host, bob]
    rng = random.Random(4)
    sent = 0
    while True:
        remote = pages[0].ask("view")["remote"]
        if remote["over"]:
            break
        actor = pages[remote["waiting"]["device"]]
        link = play_until_sent(actor, rng)
        sent += 1
        for other in pages:
            if other is not actor:
                result = other.open(link)
                assert result["new"] >= 1
                assert result["events"], "a link that brought steps brings their effects (the recap)"
    steps = [p.session.game.steps for p in pages]
    assert steps[0] == steps[1] and pages[0].session.game.is_over()
    assert sent > 10
    # the saved copies hold no secret: no seed, no private key
    for page in pages:
        text = json.dumps(page.saved)
        assert page.seed not in text and str(page.private) not in text


def test_a_reload_in_the_middle_of_a_turn_keeps_the_steps_played() -> None:
    host, link = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"},
                            {"kind": "human"}])
    bob, cy = Page("bob"), Page("cy")
    start(host, join(bob, link, [1], ["Bob"]), join(cy, link, [2], ["Cy"]))  # both from the invite, at once
    pages = [host, bob, cy]
    view = host.ask("view")
    actor = pages[view["remote"]["waiting"]["device"]]
    actor.open(link) if actor is not host else None
    view = actor.ask("view")
    if view["chance"]:
        actor.ask("roll")
        actor.save()
    drafted = actor.session.game.steps[:]
    assert actor.saved["draft"], "the roll this device answered waits in its draft"
    # a reload: a new session from the saved copy and the secret
    again = WebSession()
    result = again.handle("remote_open", {"saved": actor.saved, "seed": actor.seed})
    assert again.game.steps == drafted
    assert result["remote"]["drafted"] == len(actor.saved["draft"])


def test_a_tampered_link_is_refused_with_its_reason_and_nothing_changes() -> None:
    host, link = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"}], game="cambria")
    bob = Page("bob")
    start(host, join(bob, link, [1], ["Bob"]))
    actor, other = host, bob  # the host answers the start roll
    turn_link = play_until_sent(actor, random.Random(2))
    before = other.ask("remote_record")
    webapi._reset()
    try:
        webapi.SESSION.handle("remote_open", {"saved": before, "seed": other.seed})
        answer = webapi.call("remote_open", json.dumps({"link": turn_link[:-5] + "AAAAA", "saved": before,
                                                         "seed": other.seed}))
        assert answer[0] == "0"
        error = json.loads(answer[1:])
        assert error["code"] == "remote" and error["details"]["reason"] in (
            "link_damaged", "bad_signature", "bad_message"), error
        answer = webapi.call("remote_open", json.dumps({"link": "https://x/#r9.abc", "saved": before}))
        assert json.loads(answer[1:])["details"]["reason"] == "link_newer"
    finally:
        webapi._reset()
    assert other.ask("remote_record") == before
    assert other.open(turn_link)["new"] == 1


def test_a_device_cannot_play_another_devices_step() -> None:
    host, link = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"}], game="cambria")
    bob = Page("bob")
    start(host, join(bob, link, [1], ["Bob"]))
    bob.open(play_until_sent(host, random.Random(1)))
    idle = bob if host.ask("view")["remote"]["my_turn"] else host
    with pytest.raises(RemoteError) as info:
        idle.ask("roll") if idle.ask("view")["chance"] else idle.ask(
            "play", {"action": str(idle.session.game.rules.action_to_text(idle.session.game.legal_actions()[0]))})
    assert info.value.code == "not_your_step"


def test_a_seed_that_is_not_the_devices_is_refused() -> None:
    host, _ = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"}], game="cambria")
    with pytest.raises(RemoteError) as info:
        WebSession().handle("remote_open", {"saved": host.saved, "seed": Page("other").seed})
    assert info.value.code == "wrong_seed"


def test_an_imported_copy_is_checked_in_full() -> None:
    host, link = host_game([{"kind": "human", "name": "Ann", "here": True}, {"kind": "human"}], game="cambria")
    bob = Page("bob")
    start(host, join(bob, link, [1], ["Bob"]))
    play_until_sent(host, random.Random(3))
    record = host.ask("remote_record")
    # a file: checked in full (the signatures too), watched on a device without its keys
    watched = WebSession().handle("remote_open", {"saved": {**record, "me": None}, "verify": True})
    assert watched["remote"]["me"] is None and watched["remote"]["started"]
    forged = json.loads(json.dumps(record))
    forged["messages"][1]["sig"] = forged["messages"][2]["sig"] if len(forged["messages"]) > 2 else b64e(bytes(64))
    with pytest.raises(RemoteError) as info:
        WebSession().handle("remote_open", {"saved": {**forged, "me": None}, "verify": True})
    assert info.value.code == "bad_signature"
    # this device's own storage is read without the signatures (checked when they came)
    assert WebSession().handle("remote_open", {"saved": forged, "seed": host.seed})["remote"]["me"] == 0
