// Saved games in the browser's storage (localStorage: synchronous, so a save is complete the
// moment the call returns — a reload or a dying battery right after a move keeps the move).
//
// Each game is one key, its storage-schema version in the name:
//
//   cambria:v1:game:<id>  →  {schema: 1, id, created, updated, record, summary, partial?}
//
//   record    the game record (docs/record-format.md): every step, rolls included (the page's
//             games draw each roll when it is made: no seed).  The engine replays it, so a
//             resumed game is exactly where it was, with the same dice (never re-rolled).
//   summary   what the saved-games list shows: {game, title, map, players: [{name, colour, kind}],
//             step, turn, round (Hibernia), over, winner_name, points, current (the seat whose turn it is)}
//   partial   {step, partial}: the unconfirmed choices of the move being composed
//   review    the engine's review of the finished game: {items, total} so far, or {result}
//             (reviewshape.js reads it back; one that cannot be read is dropped, the game kept)
//
// "cambria:current" (in sessionStorage, per tab, and in localStorage for a new tab or a browser
// restart) names the game on the board.  A key of a newer schema is listed as "made by a newer
// version" and left alone; an older schema is migrated when read (schema 0: the bare record
// that the first board page kept under "cambria:autosave").
//
// Anything at all may be stored under these keys (another version's data, a hand edit, damaged
// storage, a script in the console), so each is read in one place here — readEntry (a game),
// readCurrent (the pointer), readLegacy (schema 0) — and what the page gets has the shape it
// expects whatever was stored: a game whose data cannot be a saved game is {damaged: true}
// (listed as damaged; exported as the raw text it is, or deleted), and a summary is rebuilt from
// the record with only well-typed values kept.  The engine checks the record itself when the
// game is opened (request "load").
//
// Failures never throw at the caller: put() returns {ok: false, kind: "full" | "unavailable",
// message} so the page can say so while the game goes on.

import { readReview } from "./reviewshape.js";
import { storageOrNull } from "./tabs.js";

export const SCHEMA = 1;
const GAME_KEY = /^cambria:v(\d+):game:(.+)$/;
const CURRENT = "cambria:current";
const LEGACY_AUTOSAVE = "cambria:autosave"; // schema 0

// Bounds on what is read: the engine's records are under 4,000,000 characters and nest at most
// 16 deep (cambria/core/record.py); an entry adds its own level around one.  Deeper text never
// reaches JSON.parse, nor JSON.stringify or postMessage later (they recurse).
const MAX_ENTRY_CHARS = 4_200_000;
const MAX_ENTRY_DEPTH = 17;
const MAX_ID = 200; // newId() makes 17 characters
const MAX_TEXT = 200; // a name or a title shown in the list (the engine allows 40 characters)
const MAX_PARTIAL = 64; // choices composed in one decision (a few in any real one)

export const MESSAGES = {
  full: "The browser’s storage for this site is full, so this game is not being saved. "
    + "Delete saved games you no longer need (menu → Saved games), or save this one to a file.",
  unavailable: "This browser does not let Cambria keep saved games (private browsing, or site data "
    + "turned off). You can play on; to keep a game, save it to a file from the menu.",
};

const gameKey = (id, schema = SCHEMA) => `cambria:v${schema}:game:${id}`;

export function newId() {
  const random = globalThis.crypto?.randomUUID
    ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${random}`;
}

function classify(err) {
  const name = err && err.name;
  const quota = name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED"
    || (err && (err.code === 22 || err.code === 1014));
  return quota ? "full" : "unavailable";
}

function probe(storage) {
  try {
    const key = "cambria:probe";
    storage.setItem(key, "1");
    storage.removeItem(key);
    return null;
  } catch (err) {
    return classify(err);
  }
}

// ---------------------------------------------------------------- reading stored values

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A stored string, number or boolean as text (at most `max` characters), else `fallback`.
 *  Never String() on an object: a stored {"toString": 1} makes that throw. */
export function plainText(value, fallback = "", max = MAX_TEXT) {
  if (typeof value === "string") return value.slice(0, max);
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return String(value);
  return fallback;
}

/** How deeply JSON text nests, counting no further than just past `limit` (strings skipped):
 *  the engine's nesting_depth (cambria/core/record.py), so that no recursion ever meets it. */
export function nestingDepth(text, limit) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return deepest;
}

/** JSON text parsed, or {problem} for text that cannot be read (too large, too deep, not JSON). */
function parseBounded(text, depth = MAX_ENTRY_DEPTH, chars = MAX_ENTRY_CHARS) {
  if (typeof text !== "string") return { problem: "not text" };
  if (text.length > chars) return { problem: "far too large to be a saved game" };
  if (nestingDepth(text, depth) > depth) return { problem: "nested absurdly deep" };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: "not valid JSON" };
  }
}

/** What the page needs of a stored record to list it and hand it to the engine (null: fine);
 *  the engine checks the rest when the game is opened. */
function recordProblem(record) {
  if (!isObject(record)) return "no game record in it";
  if (record.format !== "cambria-record") return "its record is not a Cambria game record";
  const players = record.players;
  if (!Array.isArray(players) || players.length === 0
      || !players.every((p) => isObject(p) && typeof p.name === "string")) return "its record's players are unreadable";
  if (!Array.isArray(record.steps)) return "its record's steps are unreadable";
  return null;
}

function colourName(value) {
  return typeof value === "string" && /^[a-z][a-z-]{0,23}$/.test(value) ? value : null;
}

/** A summary of a record alone (the engine's view adds the turn and the result's names). */
export function summarize(record, view = null) {
  const players = (Array.isArray(record.players) ? record.players : []).map((p) => ({
    name: plainText(p && p.name, "?"), colour: colourName(p && p.colour), kind: plainText(p && p.kind, "human") || "human",
  }));
  // a finished record: {winners, scores} (version 2) or {winner, points} (version 1)
  const result = isObject(record.result) ? record.result : null;
  const winner = result ? (Array.isArray(result.winners) ? result.winners[0] : result.winner) : null;
  const map = plainText(record.map, "") || null;
  const summary = {
    game: plainText(record.game, "") || "cambria",
    map,
    title: view ? plainText(view.title, map || "") : map === "cumbria" ? "Cumbria" : "Cambria",
    players,
    step: Array.isArray(record.steps) ? record.steps.length : 0,
    turn: view ? view.turn : null,
    // Hibernia counts rounds (its panel and log say "Round 5"): the list says the same
    round: view && view.position && Number.isInteger(view.position.round) && view.position.round > 0 ? view.position.round : null,
    over: view ? Boolean(view.over) : Boolean(result),
    winner_name: null,
    points: view ? scores(view.points) : result ? scores(result.scores || result.points) : null,
    current: view && !view.over ? seatOf(view.current, players) : null,
  };
  if (view && view.over && view.result && Array.isArray(view.players)) {
    const p = view.players.find((q) => q && q.index === view.result.winner);
    summary.winner_name = p ? plainText(p.name, null) : null;
  } else if (Number.isInteger(winner) && players[winner]) {
    summary.winner_name = players[winner].name;
  }
  return summary;
}

const seatOf = (value, players) => (Number.isInteger(value) && value >= 0 && value < players.length ? value : null);

function scores(value) {
  return Array.isArray(value) && value.length <= 8 && value.every(Number.isFinite) ? value.slice() : null;
}

// The summary of a stored game: rebuilt from its record, keeping of the stored one (written from
// the engine's view) only the values of the right type.
function storedSummary(record, stored) {
  const summary = summarize(record);
  if (!isObject(stored)) return summary;
  const title = plainText(stored.title, "", 80);
  if (title) summary.title = title;
  if (Number.isInteger(stored.turn) && stored.turn > 0) summary.turn = stored.turn;
  if (Number.isInteger(stored.round) && stored.round > 0 && stored.round < 1000) summary.round = stored.round;
  if (stored.over === true) summary.over = true;
  summary.points = scores(stored.points) || summary.points;
  if (summary.over) {
    const winner = plainText(stored.winner_name, "");
    if (winner) summary.winner_name = winner;
  } else {
    summary.current = seatOf(stored.current, summary.players);
  }
  return summary;
}

function storedPartial(value) {
  if (!isObject(value) || !Number.isInteger(value.step) || !Array.isArray(value.partial)) return null;
  const partial = value.partial;
  if (partial.length > MAX_PARTIAL || !partial.every((t) => typeof t === "string" && t.length <= MAX_TEXT)) return null;
  return { step: value.step, partial: partial.slice() };
}

const time = (value) => (Number.isFinite(value) && value >= 0 ? value : 0);

function damaged(id, key, why) {
  return { id, key, damaged: true, updated: 0, reason: `the saved data is damaged (${why})` };
}

/** One saved game from its key and stored text: an entry of the shape the page uses, a
 *  {damaged} or {newer} one, or null (not a game key, nothing stored). */
export function readEntry(key, text) {
  const m = typeof key === "string" ? GAME_KEY.exec(key) : null;
  if (!m || text === null || text === undefined) return null;
  const schema = Number(m[1]);
  const id = m[2];
  if (schema > SCHEMA) {
    return { id, key, newer: schema, updated: 0,
      reason: "saved by a newer version of Cambria: update the game to open it" };
  }
  if (key !== gameKey(id, schema)) return damaged(id, key, "not a key this version writes"); // "v01"
  const parsed = parseBounded(text);
  if (parsed.problem) return damaged(id, key, parsed.problem);
  const value = migrateEntry(parsed.value, schema);
  if (!isObject(value)) return damaged(id, key, "not a saved game");
  const problem = recordProblem(value.record);
  if (problem) return damaged(id, key, problem);
  const entry = {
    schema: SCHEMA, id, key,
    created: time(value.created),
    updated: time(value.updated),
    record: value.record,
    summary: storedSummary(value.record, value.summary),
  };
  const partial = storedPartial(value.partial);
  if (partial) entry.partial = partial;
  const review = readReview(value.review, value.record);
  if (review.review) entry.review = review.review;
  else if (review.dropped) entry.reviewDropped = true; // the dialog says so
  return entry;
}

/** The game the pointer "cambria:current" names, or null for anything that cannot be an id. */
export function readCurrent(text) {
  return typeof text === "string" && text.length > 0 && text.length <= MAX_ID ? text : null;
}

/** The record of schema 0 ("cambria:autosave"), or null if the text is not one. */
export function readLegacy(text) {
  const parsed = parseBounded(text, MAX_ENTRY_DEPTH - 1, MAX_ENTRY_CHARS - 100_000); // an entry holds it
  return parsed.problem || recordProblem(parsed.value) ? null : parsed.value;
}

// Storage-schema migrations (entry of schema n → entry of schema n + 1) go here when SCHEMA
// changes; the game record inside has its own versions, migrated by the engine.
function migrateEntry(value, schema) {
  return schema === SCHEMA ? value : null;
}

// A game is its record's header: which game, on which map, with whom, named by its key (a game
// the page started: its dice are drawn when rolled) or its seed (a seeded game's record).
function identity(record) {
  const names = (Array.isArray(record.players) ? record.players : []).map((p) => plainText(p && p.name));
  const name = record.dice === "drawn" ? `key:${plainText(record.key)}` : plainText(record.seed);
  return JSON.stringify([plainText(record.game, "cambria"), plainText(record.map), name, names]);
}

/** The same game (the same record header), whatever its progress. */
export function sameGame(a, b) {
  return Boolean(a && b) && identity(a) === identity(b);
}

function sameRecord(a, b) {
  return sameGame(a, b) && JSON.stringify(a.steps) === JSON.stringify(b.steps);
}

// ---------------------------------------------------------------- the store

export function createStore({ local = storageOrNull("localStorage"), session = storageOrNull("sessionStorage") } = {}) {
  let problem = local ? probe(local) : "unavailable"; // null when saving works
  const store = {
    get problem() {
      return problem;
    },
    get message() {
      return problem ? MESSAGES[problem] : null;
    },

    /** Every saved game, newest first: entries, plus {id, newer: schema} / {id, damaged: reason}. */
    list() {
      if (!local) return [];
      migrateLegacy();
      return stored().sort((a, b) => b.updated - a.updated);
    },

    /** The saved game of this id: an entry, {damaged}, or null when there is none. */
    read(id) {
      return local && id ? readKey(gameKey(id)) : null;
    },

    get(id) {
      const entry = store.read(id);
      return entry && !entry.damaged ? entry : null;
    },

    /** The text stored under a saved game's key, exactly as it is (to export a damaged one). */
    raw(key) {
      try {
        return local && typeof key === "string" && GAME_KEY.test(key) ? local.getItem(key) : null;
      } catch {
        return null;
      }
    },

    /** Save a game's record; returns {ok: true} or {ok: false, kind, message}. */
    put(id, record, { view = null, partial } = {}) {
      if (!local) return fail("unavailable");
      const key = gameKey(id);
      const old = store.get(id);
      const now = Date.now();
      const entry = {
        schema: SCHEMA, id,
        created: old ? old.created : now,
        updated: now,
        record,
        summary: summarize(record, view),
      };
      if (partial !== undefined) {
        if (partial) entry.partial = partial; // null: the move being composed has no choice yet
      } else if (old && old.partial && old.partial.step === entry.summary.step) entry.partial = old.partial;
      if (old && old.review && sameRecord(old.record, record)) entry.review = old.review; // saved again as it was
      try {
        local.setItem(key, JSON.stringify(entry));
      } catch (err) {
        return fail(classify(err));
      }
      problem = null;
      return { ok: true, entry };
    },

    /** Remember the unconfirmed choices of the move being composed (best effort: not worth a
     *  message, the move itself is saved). */
    putPartial(id, step, partial) {
      const entry = id && store.get(id);
      if (entry && entry.summary.step === step) rewrite(entry, { partial: partial && partial.length ? { step, partial } : undefined });
    },

    /** Keep the engine's review (reviewshape.js storedReview) with a saved game: true if stored. */
    putReview(id, review) {
      const entry = id && store.get(id);
      return Boolean(entry) && rewrite(entry, { review });
    },

    remove(ids) {
      let removed = 0;
      for (const id of ids) {
        for (const entry of store.list().filter((e) => e.id === id)) {
          try {
            local.removeItem(entry.key || gameKey(id));
            removed++;
          } catch {
            // nothing to do
          }
        }
        if (store.current() === id) store.setCurrent(null);
      }
      return removed;
    },

    /** The id the pointer names (this tab's, else the browser's); a pointer that cannot be an
     *  id is dropped. */
    current() {
      for (const s of [session, local]) {
        try {
          const text = s && s.getItem(CURRENT);
          const id = readCurrent(text);
          if (id) return id;
          if (text !== null && text !== undefined) s.removeItem(CURRENT);
        } catch {
          // unavailable
        }
      }
      return null;
    },

    /** Drop each pointer (this tab's, the browser's) that cannot be an id or names a saved game
     *  that cannot be read, so that no tab tries it again; true if one named a damaged game. */
    dropDamagedCurrent() {
      let dropped = false;
      for (const s of [session, local]) {
        try {
          const text = s ? s.getItem(CURRENT) : null;
          if (text === null || text === undefined) continue;
          const id = readCurrent(text);
          const damagedGame = Boolean(id && store.read(id)?.damaged);
          if (!id || damagedGame) s.removeItem(CURRENT);
          dropped ||= damagedGame;
        } catch {
          // unavailable: nothing to resume from it either
        }
      }
      return dropped;
    },

    setCurrent(id) {
      for (const s of [session, local]) {
        try {
          if (!s) continue;
          if (id) s.setItem(CURRENT, id);
          else s.removeItem(CURRENT);
        } catch {
          // unavailable: the game just won't resume by itself
        }
      }
    },

    /** An identical record already saved (same game, same steps), if any. */
    findRecord(record) {
      return store.list().find((e) => e.record && sameRecord(e.record, record)) || null;
    },
  };

  function rewrite(entry, change) {
    const { key, reviewDropped, ...kept } = entry; // the flag is the page's, not stored
    try {
      local.setItem(key, JSON.stringify({ ...kept, ...change }));
      return true;
    } catch {
      return false;
    }
  }

  function fail(kind) {
    problem = kind;
    return { ok: false, kind, message: MESSAGES[kind] };
  }

  function readKey(key) {
    try {
      return readEntry(key, local.getItem(key));
    } catch {
      return null; // storage unavailable
    }
  }

  // Every game key's entry (no migration of schema 0: migrateLegacy itself looks here).
  function stored() {
    let keys;
    try {
      keys = Array.from({ length: local.length }, (_, i) => local.key(i));
    } catch {
      return [];
    }
    return keys.filter((key) => key && GAME_KEY.test(key)).map(readKey).filter(Boolean);
  }

  // Schema 0: one bare record under "cambria:autosave".  Becomes a saved game like any other;
  // text that is no record is kept as it was under a game key, so that it is listed as damaged
  // (to export or delete) rather than lost.
  function migrateLegacy() {
    let text = null;
    try {
      text = local.getItem(LEGACY_AUTOSAVE);
    } catch {
      return;
    }
    if (text === null) return;
    try {
      const record = readLegacy(text);
      const id = newId();
      const now = Date.now();
      if (!record) {
        local.setItem(gameKey(id), text);
      } else if (!stored().some((e) => e.record && sameRecord(e.record, record))) {
        local.setItem(gameKey(id), JSON.stringify({ schema: SCHEMA, id, created: now, updated: now,
          record, summary: summarize(record) }));
      }
      local.removeItem(LEGACY_AUTOSAVE);
    } catch {
      // keep it for a later try (storage full?)
    }
  }

  return store;
}
