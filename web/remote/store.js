// This device's copies of its remote games, in localStorage: one entry a game
// ("cambria:remote:<game id>": the engine's remote record — the signed messages, this device's
// number, the steps played here and not sent yet — with a few words for the list), and which one
// was on the board ("cambria:remote:current"). No secret is stored here: the keys and the dice
// seed live in IndexedDB (device.js). Every stored value is read by a validating reader: a
// damaged entry is listed as damaged and never breaks the page; the engine checks the rest.
//
//   import { createRemoteStore } from "./store.js";
//   const store = createRemoteStore();
//   store.get(id) -> {id, record, summary} | {id, damaged: why} | null;  store.list()
//   store.put(id, record, summary) -> {ok} | {ok: false, kind: "full" | "unavailable"}
//   store.remove(id); store.current() / store.setCurrent(id | null)

import { nestingDepth } from "../saves.js";

const PREFIX = "cambria:remote:";
const CURRENT = "cambria:remote:current";
const ID = /^[0-9a-f]{32}$/;
const MAX_CHARS = 3_000_000; // a whole game's messages are a few hundred kilobytes at most
const MAX_DEPTH = 12; // entry > record > messages > message > steps > text

function storage() {
  try {
    return window.localStorage || null; // reading localStorage itself throws when site data is blocked
  } catch {
    return null;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const shortText = (v, max = 80) => (typeof v === "string" ? v.slice(0, max) : "");

/** A stored entry as the page may use it, or {damaged: why}. */
export function readRemoteEntry(id, text) {
  if (typeof text !== "string" || text.length > MAX_CHARS) return { id, damaged: "too large or not text" };
  if (nestingDepth(text, MAX_DEPTH) > MAX_DEPTH) return { id, damaged: "nested too deeply" };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { id, damaged: "not JSON" };
  }
  const record = isObject(value) ? value.record : null;
  if (!isObject(record) || record.format !== "cambria-remote" || record.game_id !== id
      || !Array.isArray(record.messages) || !Array.isArray(record.draft)
      || !(record.me === null || Number.isInteger(record.me))) return { id, damaged: "not a remote game" };
  const s = isObject(value.summary) ? value.summary : {};
  const summary = {
    title: shortText(s.title), names: Array.isArray(s.names) ? s.names.slice(0, 5).map((n) => shortText(n, 40)) : [],
    waiting: shortText(s.waiting, 120), myTurn: s.myTurn === true, over: s.over === true,
    savedAt: Number.isFinite(s.savedAt) ? s.savedAt : 0,
    colours: Array.isArray(s.colours) ? s.colours.slice(0, 8).map((c) => (typeof c === "string" && /^[a-z-]{1,24}$/.test(c) ? c : null)) : [],
    points: Array.isArray(s.points) && s.points.length <= 8 && s.points.every(Number.isFinite) ? s.points.slice() : null,
    current: Number.isInteger(s.current) && s.current >= 0 && s.current < 8 ? s.current : null,
  };
  return { id, record, summary };
}

function classify(err) {
  const name = (err && err.name) || "";
  return { ok: false, kind: /quota/i.test(name) || err?.code === 22 ? "full" : "unavailable" };
}

export function createRemoteStore({ local = storage() } = {}) {
  function get(id) {
    if (!local || typeof id !== "string" || !ID.test(id)) return null;
    let text;
    try {
      text = local.getItem(PREFIX + id);
    } catch {
      return null;
    }
    return text === null ? null : readRemoteEntry(id, text);
  }

  function list() {
    if (!local) return [];
    const ids = [];
    try {
      for (let i = 0; i < local.length; i++) {
        const key = local.key(i);
        if (key && key.startsWith(PREFIX) && ID.test(key.slice(PREFIX.length))) ids.push(key.slice(PREFIX.length));
      }
    } catch {
      return [];
    }
    return ids.map(get).filter(Boolean).sort((a, b) => (b.summary?.savedAt || 0) - (a.summary?.savedAt || 0));
  }

  function put(id, record, summary) {
    if (!local) return { ok: false, kind: "unavailable" };
    try {
      local.setItem(PREFIX + id, JSON.stringify({ record, summary: { ...summary, savedAt: Date.now() } }));
      return { ok: true };
    } catch (err) {
      return classify(err);
    }
  }

  function remove(id) {
    try {
      local?.removeItem(PREFIX + id);
      if (current() === id) setCurrent(null);
    } catch {
      // nothing to remove
    }
  }

  function current() {
    try {
      const id = local?.getItem(CURRENT);
      return typeof id === "string" && ID.test(id) ? id : null;
    } catch {
      return null;
    }
  }

  function setCurrent(id) {
    try {
      if (id) local?.setItem(CURRENT, id);
      else local?.removeItem(CURRENT);
    } catch {
      // the pointer is a convenience: without it the game is still in the list
    }
  }

  return { get, list, put, remove, current, setCurrent };
}
