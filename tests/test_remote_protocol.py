"""The remote-play protocol (docs/remote-play.md) between devices simulated in Python: whole
games, the three dice properties attacked, signatures, forks, replays, reordered and bad links.
Every refusal must leave the device's copy of the game exactly as it was."""

from __future__ import annotations

import copy
import hashlib
import random
from collections import Counter
from typing import Any

import pytest

from cambria.remote import p256
from cambria.remote.canonical import b64e
from cambria.remote.chain import CHAIN_LENGTH, chain_value
from cambria.remote.errors import RemoteError
from cambria.remote.link import decode_link, encode_link
from cambria.remote.protocol import (PROTOCOL, RemoteGame, invite_body, join_body, message_id,
                                     outcome_from_digest, roll_digest, signed)
from cambria.remote.simulate import SimDevice, play_remote_game


def state_of(game: RemoteGame) -> tuple[Any, ...]:
    steps = list(game.game.steps) if game.game is not None else []
    return (list(game.ids), steps, [(s.dev, s.name) for s in game.seats],
            [list(d.reveals) for d in game.devices], game.last_free)


def refused(device: SimDevice, link: str, code: str) -> RemoteError:
    before = state_of(device.game)
    with pytest.raises(RemoteError) as info:
        device.open(link)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert state_of(device.game) == before, "a refused link changed the device's game"
    return info.value


def relink(device: SimDevice, messages: list[dict[str, Any]]) -> str:
    return encode_link({"game": device.game.game_id, "from": device.me, "to": None, "messages": messages})


@pytest.mark.parametrize("game,seats", [
    ("cambria", ["A", "B"]), ("cambria", ["A", "B", "C"]), ("cambria", ["A", "B", "A", "C"]),
    ("cambria", list("ABCDE")), ("cumbria", ["A", "B", "C"]),
    ("hibernia", ["A", "B", "C"]), ("hibernia", list("ABCD")),
])
def test_a_whole_game_by_links_ends_the_same_on_every_device(game: str, seats: list[str]) -> None:
    run = play_remote_game(game, seats, seed=11)
    final = run.game.game
    assert final is not None and final.is_over()
    for device in run.devices:
        assert device.game is not None and device.game.game is not None
        assert device.game.game.steps == final.steps
        assert device.game.ids == run.game.ids
        assert device.game.game.position() == final.position()
    # every step was produced by a device allowed to: each device's turn messages are its own
    for message in run.game.messages[1:]:
        if message["t"] == "turn":
            assert p256.verify(run.game.devices[message["dev"]].key, *_signed_parts(message))


def _signed_parts(message: dict[str, Any]) -> tuple[bytes, bytes]:
    from cambria.remote.canonical import b64d
    from cambria.remote.protocol import unsigned
    return unsigned(message), b64d(message["sig"], 64)


def test_a_computer_seat_moves_the_same_on_every_device() -> None:
    run = play_remote_game("hibernia", ["A", "computer:easy", "B"], seed=5)
    assert run.game.game is not None and run.game.game.is_over()
    assert all(d.game.game.steps == run.game.game.steps for d in run.devices)


def test_the_same_seed_and_choices_give_the_same_links() -> None:
    one = play_remote_game("cambria", ["A", "B", "C"], seed=3, max_steps=40)
    two = play_remote_game("cambria", ["A", "B", "C"], seed=3, max_steps=40)
    assert one.links == two.links


def test_rolls_are_spread_as_the_dice_are() -> None:
    outcomes = [(face, 1 / 6) for face in range(1, 7)]
    counts = Counter(outcome_from_digest(outcomes, hashlib.sha256(str(i).encode()).digest()) for i in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(880 < n < 1120 for n in counts.values()), counts


# ---------------------------------------------------------------- a game in the middle
class Table:
    """Three devices in a Cambria game, stopped where device ``actor`` has drafted its steps."""

    def __init__(self, seats: list[str] | None = None, game: str = "cambria", steps: int = 30) -> None:
        self.run = play_remote_game(game, seats or ["A", "B", "C"], seed=7, max_steps=steps)
        self.devices = self.run.devices
        self.rng = random.Random(1)

    def actor(self) -> SimDevice:
        return self.devices[self.run.game.next_actor()]

    def draft_turn(self) -> SimDevice:
        device = self.actor()
        rg = device.game
        while rg.next_actor() == device.me:
            player = rg.game.current_player()
            person = player >= 0 and rg.seats[player].dev is not None
            text = None
            if person:
                actions = list(rg.game.legal_actions())
                text = str(rg.game.rules.action_to_text(self.rng.choice(actions)))
            rg.draft_step(device.me, device.seed, text)
        return device

    def sent_turn(self) -> tuple[SimDevice, str, SimDevice]:
        """The next device's turn played and sent: the device, its link, a device to open it."""
        device = self.draft_turn()
        device.game.send(signed(device.game.turn_body(device.me, device.seed), device.sign))
        return device, device.link(), self.others(device)[0]

    def others(self, device: SimDevice) -> list[SimDevice]:
        return [d for d in self.devices if d is not device]


def forge_turn(device: SimDevice, edit: Any, sign_with: SimDevice | None = None) -> str:
    """The device's drafted turn, edited before signing (by the device, or another key)."""
    body = device.game.turn_body(device.me, device.seed)
    edit(body)
    message = signed(body, (sign_with or device).sign)
    return relink(device, [message])


def test_a_changed_roll_is_refused_by_every_other_device() -> None:
    table = Table()
    device = table.draft_turn()
    rg = device.game
    start = len(rg.game.steps) - rg.drafted
    chances = [i for i in range(start, len(rg.game.steps)) if not rg.step_free[i] and rg.step_dev[i] == device.me]
    assert chances, "the turn starts with a roll its device answered"
    first = chances[0]
    honest = rg.game.steps[first]
    # every other outcome the rules allow at that step is refused
    probe = RemoteGame(rg.invite)
    for message in rg.messages[1:]:
        probe.accept(message)
    for text in rg.game.steps[len(probe.game.steps):first]:
        probe.game.replay_step(text)
    outcomes = [str(probe.game.rules.chance_to_text(probe.game.state, o))
                for o, _ in probe.game.rules.chance_outcomes(probe.game.state)]
    assert honest in outcomes and len(outcomes) > 1
    for other_roll in outcomes:
        if other_roll == honest:
            continue
        link = forge_turn(device, lambda body, roll=other_roll: body["steps"].__setitem__(first - start, roll))
        for other in table.others(device):
            refused(other, link, "bad_roll")


def test_the_roller_cannot_compute_a_roll_it_must_wait_for() -> None:
    # Cambria with two players: after the neutral placement the regular roll is answered by the
    # other device, so the player's own device cannot draft it
    table = Table(["A", "B"], steps=12)
    device = table.draft_turn()
    rg = device.game
    assert rg.game.is_chance() and rg.next_actor() != device.me
    with pytest.raises(RemoteError) as info:
        rg.draft_step(device.me, device.seed)
    assert info.value.code == "not_your_step"


def test_no_decision_of_the_passer_changes_the_answer_it_cannot_know() -> None:
    # the roll after a decision is a function of the passer's reveal and the answerer's secret
    # only: every decision the passer could send leads to the same digest, which it cannot compute
    table = Table(["A", "B"], steps=12)
    device = table.actor()
    rg = device.game
    while rg.next_actor() == device.me and (rg.game.is_chance() or rg.seats[rg.game.current_player()].dev is None):
        rg.draft_step(device.me, device.seed)
    assert not rg.game.is_chance()
    answerer = [d for d in table.devices if d is not device][0]
    reveal = rg.next_value(device.me, device.seed)
    digests = set()
    for action in list(rg.game.legal_actions())[:20]:
        trial = rg.replica()
        trial.draft_step(device.me, device.seed, str(trial.game.rules.action_to_text(action)))
        if not trial.game.is_chance():
            continue
        secret = chain_value(answerer.seed, len(trial.devices[answerer.me].reveals) + 1, CHAIN_LENGTH)
        digests.add(roll_digest(trial.game_id, len(trial.game.steps), reveal, secret))
        # the passer's own values give nothing: its next one is not the answerer's
        assert secret != reveal and secret not in [chain_value(device.seed, i) for i in range(1, 8)]
    assert len(digests) == 1


def test_a_reveal_that_does_not_follow_the_chain_is_refused() -> None:
    table = Table()
    device = table.draft_turn()
    link = forge_turn(device, lambda body: body.__setitem__("reveal", b64e(hashlib.sha256(b"x").digest())))
    for other in table.others(device):
        refused(other, link, "bad_reveal")


def test_an_old_reveal_replayed_in_a_new_message_is_refused() -> None:
    table = Table()
    device = table.draft_turn()
    old = b64e(device.game.devices[device.me].last_value())
    link = forge_turn(device, lambda body: body.__setitem__("reveal", old))
    for other in table.others(device):
        refused(other, link, "bad_reveal")


def test_a_step_signed_by_another_device_is_refused() -> None:
    table = Table()
    device = table.draft_turn()
    thief = table.others(device)[0]
    link = forge_turn(device, lambda body: None, sign_with=thief)
    for other in table.others(device):
        refused(other, link, "bad_signature")


def test_a_device_cannot_play_for_another_seat() -> None:
    table = Table()
    device = table.draft_turn()
    intruder = [d for d in table.others(device)][0]
    body = device.game.turn_body(device.me, device.seed)
    body["dev"] = intruder.me  # claims to be the intruder's step
    body["reveal"] = b64e(chain_value(intruder.seed, len(intruder.game.devices[intruder.me].reveals) + 1))
    link = relink(device, [signed(body, intruder.sign)])
    refused(table.others(intruder)[0] if table.others(intruder)[0] is not device else table.others(intruder)[1],
            link, "not_your_step")


def test_two_versions_of_one_turn_are_a_fork_and_the_device_keeps_its_own() -> None:
    table = Table()
    device = table.draft_turn()
    first = device.game.turn_body(device.me, device.seed)
    device.game.send(signed(first, device.sign))
    first_link = device.link()
    viewer = table.others(device)[0]
    viewer.open(first_link)
    # the same device signs another version of the same turn (a different last decision)
    second = copy.deepcopy(first)
    second["steps"] = second["steps"][:-1] + ["p99"]
    refused(viewer, relink(device, [signed(second, device.sign)]), "fork")


def test_a_link_seen_already_changes_nothing() -> None:
    device, link, viewer = Table().sent_turn()
    assert viewer.open(link) == 1
    before = state_of(viewer.game)
    assert viewer.open(link) == 0
    assert state_of(viewer.game) == before


def test_a_later_link_opened_first_asks_for_the_missing_one() -> None:
    table = Table(["A", "B", "C"])
    first = table.draft_turn()
    first.game.send(signed(first.game.turn_body(first.me, first.seed), first.sign))
    first_link = first.link()
    nxt = table.devices[first.game.next_actor()]
    assert nxt is not first
    late = next(d for d in table.devices if d is not first and d is not nxt)
    nxt.open(first_link)
    second = table.draft_turn()
    assert second is nxt
    second.game.send(signed(second.game.turn_body(second.me, second.seed), second.sign))
    only_newest = relink(second, [second.game.messages[-1]])
    refused(late, only_newest, "missing")
    assert late.open(first_link) == 1
    assert late.open(only_newest) == 1
    assert late.game.ids == second.game.ids


def test_a_computer_move_that_differs_is_refused() -> None:
    run = play_remote_game("hibernia", ["A", "computer:easy", "B"], seed=5, max_steps=60)
    game = run.game
    # find a turn message holding a computer move, and replay the game up to it on a fresh device
    for index, message in enumerate(game.messages):
        if message["t"] != "turn" or "admit" in message:  # (the first turn lets the joins in)
            continue
        probe = RemoteGame(game.messages[0])
        for earlier in game.messages[1:index]:
            probe.accept(earlier)
        seats = []
        for offset, text in enumerate(message["steps"]):
            player = probe.game.current_player()
            if player >= 0 and probe.seats[player].dev is None:
                seats.append(offset)
            probe.game.replay_step(text)
        if seats:
            break
    else:
        pytest.fail("no computer move in the game")
    fresh = RemoteGame(game.messages[0])
    for earlier in game.messages[1:index]:
        fresh.accept(earlier)
    dev = message["dev"]
    device = run.devices[dev]
    probe_actions = RemoteGame(game.messages[0])
    for earlier in game.messages[1:index]:
        probe_actions.accept(earlier)
    for text in message["steps"][:seats[0]]:
        probe_actions.game.replay_step(text)
    legal = [str(probe_actions.game.rules.action_to_text(a)) for a in probe_actions.game.legal_actions()]
    other_move = next(t for t in legal if t != message["steps"][seats[0]])
    forged = {k: v for k, v in message.items() if k != "sig"}
    forged["steps"] = message["steps"][:seats[0]] + [other_move]
    before = state_of(fresh)
    with pytest.raises(RemoteError) as info:
        fresh.accept(signed(forged, device.sign))
    assert info.value.code == "bad_computer_move"
    assert state_of(fresh) == before


def test_damaged_links_are_refused_and_change_nothing() -> None:
    device, link, viewer = Table().sent_turn()
    for cut in (len(link) - 1, len(link) // 2, 10, 4):
        before = state_of(viewer.game)
        with pytest.raises(RemoteError) as info:
            viewer.open(link[:cut])
        assert info.value.code == "link_damaged"
        assert state_of(viewer.game) == before
    with pytest.raises(RemoteError) as info:
        viewer.open("r2." + link[3:])
    assert info.value.code == "link_newer"
    assert viewer.open(link) == 1


def test_a_link_of_another_game_is_refused() -> None:
    one = Table()
    two = play_remote_game("cambria", ["A", "B", "C"], seed=99, max_steps=30)
    device = two.devices[two.game.next_actor()]
    refused(one.devices[0], device.link(), "other_game")


def test_a_newer_invite_is_refused() -> None:
    host = SimDevice("newer")
    body = invite_body("cambria", [{"kind": "human", "name": "Ann", "host": True}, {"kind": "human"}],
                       host.public, chain_value(host.seed, 0), bytes(16))
    body["v"] = PROTOCOL + 1
    with pytest.raises(RemoteError) as info:
        RemoteGame(signed(body, host.sign))
    assert info.value.code == "link_newer"


def test_version_1_joins_take_only_free_seats_once_per_device() -> None:
    """A game begun under protocol version 1 goes on under it: a join names the newest message
    and takes its seats at once (test_remote_joins.py has version 2's)."""
    host, bob = SimDevice("h"), SimDevice("b")
    body = invite_body("hibernia", [{"kind": "human", "name": "Ann", "host": True}, {"kind": "human"},
                                    {"kind": "human"}], host.public, chain_value(host.seed, 0), bytes(16))
    body["v"] = 1
    invite = signed(body, host.sign)
    game = RemoteGame(invite)

    def join(device: SimDevice, seats: list[int], names: list[str]) -> dict[str, Any]:
        return signed(join_body(game.game_id, game.ids[-1], seats, names, device.public,
                                chain_value(device.seed, 0), chain_value(device.seed, 1)), device.sign)

    for seats, names, code in (([0], ["Bob"], "seat_taken"), ([1], ["Ann"], "name_taken"),
                               ([1], ["Neutral"], "bad_name"), ([5], ["Bob"], "seat_taken")):
        before = state_of(game)
        with pytest.raises(RemoteError) as info:
            game.accept(join(bob, seats, names))
        assert info.value.code == code
        assert state_of(game) == before
    assert game.accept(join(bob, [1], ["Bob"]))
    with pytest.raises(RemoteError) as info:
        game.accept(join(bob, [2], ["Bobby"]))
    assert info.value.code == "same_device"
    bad_reveal = join_body(game.game_id, game.ids[-1], [2], ["Cy"], host.public, chain_value(bob.seed, 0),
                           chain_value(bob.seed, 5))
    with pytest.raises(RemoteError) as info:
        game.accept(signed(bad_reveal, host.sign))
    assert info.value.code in ("same_device", "bad_reveal")
    assert not game.started


def test_a_refused_own_turn_keeps_the_draft() -> None:
    table = Table()
    device = table.draft_turn()
    rg = device.game
    drafted = list(rg.game.steps)
    body = rg.turn_body(device.me, device.seed)
    with pytest.raises(RemoteError):
        rg.send(signed(body, table.others(device)[0].sign))  # the wrong key signed it
    assert rg.game.steps == drafted and rg.drafted > 0
    rg.send(signed(body, device.sign))
    assert rg.drafted == 0 and rg.ids[-1] == message_id(rg.messages[-1])


def test_link_lengths_of_four_player_hibernia_stay_under_2000() -> None:
    worst = 0
    for seed in range(3):
        run = play_remote_game("hibernia", list("ABCD"), seed=seed)
        worst = max(worst, max(len(link) for kind, link in run.links if kind == "turn"))
        decode_link(run.links[-1][1])
    assert worst <= 2000, worst
