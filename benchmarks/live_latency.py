#!/usr/bin/env python3
"""Live play: from Confirm on the mover's page to the move shown on every other page, and the
links a live game needs.

    .venv/bin/python benchmarks/live_latency.py [--turns 40] [--seeds 1,2] [--games cambria,hibernia] [--json FILE]
    .venv/bin/python benchmarks/live_latency.py --half [--seeds 1,2]   (no browser)

Plays live games (web/remote/liveglue.js over trystero, real WebRTC data channels between
separate Chromium contexts on this machine, found through the tests' Nostr relay,
tests/web/nostr_relay.py) with the live tests' own fixtures and helpers
(tests/web/conftest.py, test_live_play.py): per seed a 2-player and a 3-player Cambria game
(``--games hibernia``: a 3-player and a 4-player Hibernia game, every seat on its own device),
every decision tapped through the page (tests/web/tapper.py).  A "turn" here is one
message (a device's finished steps: its turn, or its answer to another device's roll).
``--turns`` caps them per game (0: to the end; a whole 2-player Cambria game is ~230 messages,
~15 min on this busy 2-core machine); the default (40 turns, 2 seeds, 4 games) runs ~7 min.

Timestamps are taken in the pages: a capture-phase click listener on the mover's page stamps
Date.now() on every tap of Confirm or Roll (Roll confirms a decision too); a MutationObserver on
each page stamps Date.now() whenever #app's data-remote-messages (the messages the page holds)
changes.  A turn's latency on a receiver is its first stamp with more messages than before the
turn, less the mover's last Confirm/Roll stamp of that turn (a message no tap made, such as a roll answered by itself, counts no sample).  All contexts run on this one
machine, so their Date.now() read one clock; the result includes the mover's own page signing
and sending the message and the receiver's worker checking it before the page shows it.

Links: a live game needs one invite (the host to each player, once, as by link); the joins and
every turn travel live.  The script counts the links the pages asked anyone to send (the
remote dialog opened with a link in it) after the invite.  ``--half``: a player away
for half the game, playing by link (whole games between devices of cambria/remote/simulate.py):
while someone is away every message is one link (the page offers each finished message's link
for the one away, web/remote/play.js; the away player's own messages go by link too), and none
while all are here; counted per game, the second half of its messages by link.
Not in the test run: it is a benchmark (pytest runs it here only to reuse the fixtures).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB_TESTS = ROOT / "tests" / "web"

PROBE = """(() => {
  const probe = { taps: [], seen: [] };
  window.__lat = probe;
  document.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('#confirm, #roll');
    if (b) probe.taps.push(Date.now());
  }, true);
  const watch = () => {
    const app = document.querySelector('#app');
    if (!app) { requestAnimationFrame(watch); return; }
    let last = app.dataset.remoteMessages;
    new MutationObserver(() => {
      const n = app.dataset.remoteMessages;
      if (n !== last) { last = n; probe.seen.push([Number(n || 0), Date.now()]); }
    }).observe(app, { attributes: true, attributeFilter: ['data-remote-messages'] });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();"""

TURNS = int(os.environ.get("LIVE_LAT_TURNS", "40"))
SEEDS = [int(s) for s in os.environ.get("LIVE_LAT_SEEDS", "1,2").split(",")]
OUT = os.environ.get("LIVE_LAT_JSON", "")
RESULTS: dict = {"games": []}


def _links_asked(session) -> int:
    return session.page.evaluate("() => window.__lat.links || 0")


def _play(open_page, game: str, kinds: list[str], seed: int) -> dict:
    from test_live_play import LIVE_STATE, all_in, join_live, live_device, messages, next_actor, play_turn
    from test_remote_play import LAPTOP, player_for, start_remote
    from waits import until
    host = live_device(open_page, viewport=LAPTOP, init=PROBE)
    invite = start_remote(host.page, game, kinds)
    joiners = {}
    for i in range(1, len(kinds)):
        name = ["Bob", "Cy", "Dai"][i - 1]
        joiners[name] = live_device(open_page, viewport=LAPTOP, init=PROBE)
        join_live(joiners[name], invite, name, seat=i)
    all_in(host, joiners)
    devices = {0: host, **{i + 1: s for i, s in enumerate(joiners.values())}}
    joins = {d: messages(s) for d, s in devices.items()}
    players = {d: player_for(game, s, False, 100 * seed + d) for d, s in devices.items()}
    lat: list[float] = []
    links = 0
    turns = 0
    while not TURNS or turns < TURNS:
        acting = next_actor(devices)
        if acting is None:
            break
        before = max(messages(s) for s in devices.values())
        mover = devices[acting].page
        ntaps = mover.evaluate("() => window.__lat.taps.length")
        play_turn(devices, players, game, acting)
        for dev, other in devices.items():
            until(other.page, f"() => Number(document.querySelector('#app').dataset.remoteMessages || 0) > {before}",
                  f"device {dev} to hold the turn", also=LIVE_STATE)
        taps = mover.evaluate("() => window.__lat.taps")[ntaps:]
        if taps:
            for dev, other in devices.items():
                if dev == acting:
                    continue
                seen = other.page.evaluate(f"() => window.__lat.seen.filter(([n]) => n > {before}).map(([, t]) => t)")
                lat.append(seen[0] - taps[-1])
        for s in devices.values():  # a link the page asks its person to send (nobody live to take it)
            if not s.page.get_by_test_id("remote-dialog").is_hidden():
                links += 1
                s.page.get_by_test_id("remote-close").click()
        turns += 1
    return {"game": game, "players": len(kinds), "seed": seed, "turns": turns, "samples_ms": lat,
            "messages_after_joins": joins, "messages": max(messages(s) for s in devices.values()),
            "links_after_invite": links}


GAMES = {"cambria": (["human", "remote"], ["human", "remote", "remote"]),
         "hibernia": (["human", "remote", "remote"], ["human", "remote", "remote", "remote"])}
PLAYED = os.environ.get("LIVE_LAT_GAMES", "cambria").split(",")


def test_live_latency(open_page) -> None:
    for seed in SEEDS:
        for game in PLAYED:
            for kinds in GAMES[game]:
                played = _play(open_page, game, kinds, seed)
                RESULTS["games"].append(played)
                print(json.dumps({k: v for k, v in played.items() if k != "samples_ms"}), flush=True)


def summary(games: list[dict]) -> dict:
    out = {}
    kinds = sorted({(g.get("game", "cambria"), g["players"]) for g in games}) + [("", 0)]
    for game, n in kinds:
        these = [g for g in games if not n or (g.get("game", "cambria"), g["players"]) == (game, n)]
        xs = sorted(x for g in these for x in g["samples_ms"])
        if xs:
            out["all" if not n else f"{game} {n}p"] = {
                "turns": sum(g["turns"] for g in these), "samples": len(xs),
                "median_ms": statistics.median(xs), "p95_ms": xs[min(len(xs) - 1, int(0.95 * len(xs)))],
                "max_ms": xs[-1]}
    return out


def half_by_link(seeds: list[int]) -> dict:
    from cambria.remote.simulate import play_remote_game
    out = {}
    for game, n in (("cambria", 2), ("cambria", 3), ("hibernia", 4)):
        per = []
        for seed in seeds:
            run = play_remote_game(game, list("ABCD"[:n]), seed=seed)
            turns = sum(1 for kind, _ in run.links if kind == "turn")
            per.append((turns, turns - turns // 2))
        out[f"{game} {n}p"] = {"games": len(per), "messages": statistics.mean(t for t, _ in per),
                               "links_half_by_link": statistics.mean(h for _, h in per), "links_all_by_link":
                               statistics.mean(t for t, _ in per) + n - 1, "links_live": 0}
    return out


def main() -> int:
    import argparse
    import platform

    import pytest
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=TURNS, help="turns per game (0: to the end)")
    ap.add_argument("--seeds", default=",".join(map(str, SEEDS)))
    ap.add_argument("--games", default="cambria", help="cambria, hibernia or both (cambria,hibernia)")
    ap.add_argument("--json", default="")
    ap.add_argument("--half", action="store_true", help="the links of games half live, half by link")
    a = ap.parse_args()
    if a.half:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(half_by_link([int(s) for s in a.seeds.split(",")]), indent=1))
        return 0
    os.environ["LIVE_LAT_TURNS"], os.environ["LIVE_LAT_SEEDS"] = str(a.turns), a.seeds
    os.environ["LIVE_LAT_GAMES"] = a.games
    sys.path[:0] = [str(WEB_TESTS), str(ROOT)]
    import live_latency as me  # this file as the module pytest loads (the env read above)
    rc = pytest.main([str(Path(__file__).resolve()), "-p", "no:cacheprovider", "-p", "conftest", "-q", "-s",
                      "-o", "addopts=", "--timeout=3600", "-c", os.devnull, "--rootdir", str(ROOT)])
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())
    report = {"machine": {"cores": os.cpu_count(), "cpu": cpu}, "summary": summary(me.RESULTS["games"]),
              "games": me.RESULTS["games"]}
    print(json.dumps({k: v for k, v in report.items() if k != "games"}, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return int(rc)


if __name__ == "__main__":
    sys.exit(main())
