// Live play: while the players' pages are open at the same time, their devices connect directly
// (WebRTC data channels, found through public Nostr relays by trystero, web/vendor/) and every
// message of the game travels by itself. The messages are the links' own (the same signed
// invite, joins and turns, as link fragments), and every page checks what it gets exactly as it
// checks a link: a peer can do nothing over the channel that it cannot do with a link. The
// presence notes ("hello": who is at that page, whether they are choosing) are unsigned and
// decide nothing: they only say who is here. docs/remote-play.md, "Live play".
//
//   import { createLive } from "./live.js";
//   const live = createLive({ onLink: (fragment, peer, peerId) => ..., onChange: ({ status, joined, wants, left }) => ... });
//   live.enter({ room, secret }, hello)   join the game's room (again: only the hello changes)
//   live.send(fragment, peerId?)          a link's fragment to every peer (or one)
//   live.present()                        the hellos of the peers connected now
//   live.ask(peerId)                      ask a peer for the whole game (onChange: {wants})
//   live.status()                         "off" | "connecting" | "on" | "no_relay" | "unavailable"
//   live.refused(peerId)                  the engine refused a message of that peer's (liveguard.js)
//   live.leave()
//
// A peer that floods the page, sends a message of many megabytes or keeps sending what the
// engine refuses is cut off: its connection is closed and this page does not listen to it again
// (onChange: {cut: {names, why}}). One that began a message and never finished it is closed
// and may connect again. Its moves still come by link.

const APP = "cambria-live-1"; // trystero's app id: rooms of other apps never meet ours
const SETTING = "cambria.live"; // "off": this device plays by links only
const CONFIG = "cambria.live.config"; // {relays, stun}: other relays (the page's origin only) and STUN servers
const RELAY_WAIT_MS = 10_000; // no relay open after this long: say so, the game goes on by links
const PART = 16_000; // about the size of trystero's parts of a message (16 KB less its header)
const STATS_MS = 2000; // how often the bytes each connection carried are read

import { createGuard } from "./liveguard.js";

export function liveEnabled() {
  try {
    return localStorage.getItem(SETTING) !== "off";
  } catch {
    return false;
  }
}

export function setLiveEnabled(on) {
  try {
    localStorage.setItem(SETTING, on ? "on" : "off");
  } catch { /* storage refused: live play stays as it was */ }
}

async function liveConfig() {
  let own = null;
  try {
    own = JSON.parse(localStorage.getItem(CONFIG) || "null");
  } catch { /* a damaged setting: the site's own list */ }
  const site = await fetch(new URL("./remote/live.json", document.baseURI)).then((r) => r.json());
  const relays = own && Array.isArray(own.relays) ? own.relays : site.relays;
  const stun = own && Array.isArray(own.stun) ? own.stun : site.stun;
  return { relays: relays.filter((u) => typeof u === "string"), stun: stun.filter((u) => typeof u === "string") };
}

function validHello(h) {
  return h && typeof h === "object" && (h.dev === null || Number.isInteger(h.dev)) && typeof h.choosing === "boolean"
    && Array.isArray(h.names) && h.names.length <= 8 && h.names.every((n) => typeof n === "string" && n.length <= 60);
}

export function createLive({ onLink, onChange }) {
  let lib = null;
  let room = null;
  let key = null; // the room this page is in
  let hello = { dev: null, names: [], choosing: false };
  let state = "off";
  let sendLink = null;
  let sendHello = null;
  let lastHello = null; // the hello last sent to everyone in the room (JSON)
  const peers = new Map(); // peerId -> its hello
  const guard = createGuard(); // kept across rooms: a peer cut off stays cut off

  const changed = (extra = {}) => onChange({ status: state, ...extra });

  /** Close that peer's connection; "half": it may connect again, anything else: never. */
  function cutOff(peerId, why) {
    const who = peers.get(peerId);
    if (why === "half") guard.forget(peerId);
    else guard.cut(peerId);
    peers.delete(peerId);
    try {
      room?.getPeers()[peerId]?.close();
    } catch { /* already closed */ }
    changed({ left: peerId, cut: { peerId, names: who ? who.names : [], why } });
  }

  /** The bytes each connection carried (every message of any kind, the browser's own count). */
  async function meterConnections(here) {
    for (const [peerId, pc] of Object.entries(here.getPeers())) {
      if (guard.isCut(peerId)) continue;
      let total = 0;
      try {
        (await pc.getStats()).forEach((s) => {
          if (s.type === "data-channel") total += s.bytesReceived || 0;
        });
      } catch {
        continue;
      }
      if (room !== here) return;
      const why = guard.received(peerId, total);
      if (why === "flood") cutOff(peerId, why);
    }
    for (const peerId of guard.unfinished()) cutOff(peerId, "half");
  }

  function leave() {
    try {
      room?.leave();
    } catch { /* already gone */ }
    room = null;
    key = null;
    sendLink = sendHello = null;
    lastHello = null;
    peers.clear();
    if (state !== "off") {
      state = "off";
      changed();
    }
  }

  /** A message of that peer's refused (by the engine, or not even a message): cut off when it
   * keeps at it. Whether this refusal cut it off. */
  function refused(peerId) {
    const why = guard.refused(peerId);
    if (why === "garbage") cutOff(peerId, why);
    return Boolean(why);
  }

  async function enter(live, me) {
    hello = { dev: me.dev ?? null, names: (me.names || []).slice(0, 8), choosing: Boolean(me.choosing) };
    if (!live || !liveEnabled() || typeof RTCPeerConnection !== "function") {
      leave();
      return;
    }
    if (key === live.room && ["connecting", "on", "no_relay"].includes(state)) {
      // in the room, or on the way there: only the hello changes, and it goes when it did (the
      // page asks on every redraw: the same hello again would only count against this page)
      const said = JSON.stringify(hello);
      if (said !== lastHello && sendHello) {
        lastHello = said;
        sendHello(hello);
      }
      return;
    }
    leave();
    key = live.room;
    state = "connecting";
    changed();
    let config;
    try {
      lib ??= await import("../vendor/trystero-nostr/index.js");
      config = await liveConfig();
    } catch {
      if (key === live.room) {
        state = "unavailable"; // offline, or the files are missing: links only
        changed();
      }
      return;
    }
    if (key !== live.room || room) return; // left, or entered another room meanwhile
    room = lib.joinRoom({
      appId: APP, password: live.secret,
      relayConfig: { urls: config.relays, warnOnRelayFailure: false },
      rtcConfig: { iceServers: config.stun.map((urls) => ({ urls })) },
    }, live.room, { onJoinError: () => {} });
    const [linkAction, helloAction] = [room.makeAction("link"), room.makeAction("hello")];
    // a peer gone while a message is on its way: the send fails, the message goes by link
    sendLink = (text, target) => linkAction.send(text, target ? { target } : undefined).catch(() => {});
    sendHello = (h, target) => helloAction.send(h, target ? { target } : undefined).catch(() => {});
    const arrived = (peerId, size) => {
      if (guard.isCut(peerId)) return false;
      // trystero carries a message in parts of 16 KB and says how far each one is, not which
      // message it belongs to: a message longer than a part that arrives ends the one begun
      if (size > PART) guard.partial(peerId, true);
      const why = guard.message(peerId, size);
      if (why) cutOff(peerId, why);
      return !why;
    };
    const inPart = (progress, { peerId }) => {
      if (progress < 1) guard.partial(peerId, false);
    };
    linkAction.onReceiveProgress = inPart;
    helloAction.onReceiveProgress = inPart;
    linkAction.onMessage = (text, { peerId }) => {
      if (!arrived(peerId, typeof text === "string" ? text.length : 0)) return;
      if (typeof text === "string") onLink(text, peers.get(peerId) || null, peerId);
      else refused(peerId);
    };
    helloAction.onMessage = (h, { peerId }) => {
      if (!arrived(peerId, JSON.stringify(h ?? null).length)) return;
      if (!validHello(h)) {
        refused(peerId);
        return;
      }
      const first = !peers.has(peerId);
      peers.set(peerId, { dev: h.dev, names: h.names, choosing: h.choosing });
      state = "on"; // a peer here: live play works, whatever the relays do now
      changed({ joined: first ? peerId : null, wants: h.want === true ? peerId : null });
    };
    room.onPeerJoin = (peerId) => {
      if (guard.isCut(peerId)) cutOff(peerId, "again");
      else sendHello?.(hello, peerId);
    };
    room.onPeerLeave = (peerId) => {
      if (peers.delete(peerId)) changed({ left: peerId });
    };
    const here = room;
    // trystero does not report relays that fail: the page watches their sockets itself
    const started = Date.now();
    let metered = 0;
    const poll = () => {
      if (room !== here) return;
      const open = Object.values(lib.getRelaySockets?.() || {}).some((s) => s && s.readyState === 1);
      const next = open || peers.size ? "on" : Date.now() - started < RELAY_WAIT_MS ? "connecting" : "no_relay";
      if (next !== state) {
        state = next;
        changed();
      }
      if (peers.size && Date.now() - metered >= STATS_MS) {
        metered = Date.now();
        meterConnections(here);
      }
      setTimeout(poll, state === "connecting" ? 250 : 1000);
    };
    poll();
  }

  return {
    enter, leave,
    send(text, peerId = null) {
      if (!sendLink) return false;
      sendLink(text, peerId);
      return true;
    },
    present: () => [...peers.values()],
    /** Ask one peer for the whole game (a message arrived that needs one this page missed). */
    ask(peerId) {
      sendHello?.({ ...hello, want: true }, peerId);
    },
    status: () => state,
    room: () => key,
    refused,
  };
}
