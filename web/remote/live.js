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
//   live.leave()

const APP = "cambria-live-1"; // trystero's app id: rooms of other apps never meet ours
const SETTING = "cambria.live"; // "off": this device plays by links only
const CONFIG = "cambria.live.config"; // {relays, stun}: other relays (the page's origin only) and STUN servers
const RELAY_WAIT_MS = 10_000; // no relay open after this long: say so, the game goes on by links
const MAX_TEXT = 3_000_000;

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
  const peers = new Map(); // peerId -> its hello

  const changed = (extra = {}) => onChange({ status: state, ...extra });

  function leave() {
    try {
      room?.leave();
    } catch { /* already gone */ }
    room = null;
    key = null;
    sendLink = sendHello = null;
    peers.clear();
    if (state !== "off") {
      state = "off";
      changed();
    }
  }

  async function enter(live, me) {
    hello = { dev: me.dev ?? null, names: (me.names || []).slice(0, 8), choosing: Boolean(me.choosing) };
    if (!live || !liveEnabled() || typeof RTCPeerConnection !== "function") {
      leave();
      return;
    }
    if (key === live.room && ["connecting", "on", "no_relay"].includes(state)) {
      sendHello?.(hello); // in the room, or on the way there: only the hello changes
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
    sendLink = (text, target) => linkAction.send(text, target ? { target } : undefined);
    sendHello = (h, target) => helloAction.send(h, target ? { target } : undefined);
    linkAction.onMessage = (text, { peerId }) => {
      if (typeof text === "string" && text.length < MAX_TEXT) onLink(text, peers.get(peerId) || null, peerId);
    };
    helloAction.onMessage = (h, { peerId }) => {
      if (!validHello(h)) return;
      const first = !peers.has(peerId);
      peers.set(peerId, { dev: h.dev, names: h.names, choosing: h.choosing });
      changed({ joined: first ? peerId : null, wants: h.want === true ? peerId : null });
    };
    room.onPeerJoin = (peerId) => sendHello?.(hello, peerId);
    room.onPeerLeave = (peerId) => {
      if (peers.delete(peerId)) changed({ left: peerId });
    };
    const here = room;
    // trystero does not report relays that fail: the page watches their sockets itself
    const started = Date.now();
    const poll = () => {
      if (room !== here) return;
      const open = Object.values(lib.getRelaySockets?.() || {}).some((s) => s && s.readyState === 1);
      const next = open || peers.size ? "on" : Date.now() - started < RELAY_WAIT_MS ? "connecting" : "no_relay";
      if (next !== state) {
        state = next;
        changed();
      }
      setTimeout(poll, state === "connecting" ? 250 : 2000);
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
  };
}
