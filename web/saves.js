// Saved games in the browser's storage (localStorage: synchronous, so a save is complete the
// moment the call returns — a reload or a dying battery right after a move keeps the move).
//
// Each game is one key, its storage-schema version in the name:
//
//   cambria:v1:game:<id>  →  {schema: 1, id, created, updated, record, summary, partial?}
//
//   record    the game record (docs/record-format.md): seed and steps.  The engine replays it,
//             so a resumed game is exactly where it was, with the same dice (never re-rolled).
//   summary   what the saved-games list shows: {game, title, map, players: [{name, colour, kind}],
//             step, turn, over, winner_name, points}
//   partial   {step, partial}: the unconfirmed choices of the move being composed
//
// "cambria:current" (in sessionStorage, per tab, and in localStorage for a new tab or a browser
// restart) names the game on the board.  A key of a newer schema is listed as "made by a newer
// version" and left alone; an older schema is migrated when read (schema 0: the bare record
// that the first board page kept under "cambria:autosave").
//
// Failures never throw at the caller: put() returns {ok: false, kind: "full" | "unavailable",
// message} so the page can say so while the game goes on.

export const SCHEMA = 1;
const GAME_KEY = /^cambria:v(\d+):game:(.+)$/;
const CURRENT = "cambria:current";
const LEGACY_AUTOSAVE = "cambria:autosave"; // schema 0

export const MESSAGES = {
  full: "The browser’s storage for this site is full, so this game is not being saved. "
    + "Delete saved games you no longer need (menu → Saved games), or save this one to a file.",
  unavailable: "This browser does not let Cambria keep saved games (private browsing, or site data "
    + "turned off). You can play on; to keep a game, save it to a file from the menu.",
};

function gameKey(id, schema = SCHEMA) {
  return `cambria:v${schema}:game:${id}`;
}

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

function storageOrNull(name) {
  try {
    return window[name] || null; // reading localStorage itself throws when site data is blocked
  } catch {
    return null;
  }
}

/** A summary of a record alone (the engine's view adds the turn and the result's names). */
export function summarize(record, view = null) {
  const players = (Array.isArray(record.players) ? record.players : []).map((p) => ({
    name: String(p && p.name), colour: (p && p.colour) || null, kind: (p && p.kind) || "human",
  }));
  // a finished record: {winners, scores} (version 2) or {winner, points} (version 1)
  const result = record.result && typeof record.result === "object" ? record.result : null;
  const winner = result ? (Array.isArray(result.winners) ? result.winners[0] : result.winner) : null;
  const summary = {
    game: record.game || "cambria",
    map: record.map,
    title: view ? view.title : record.map === "cumbria" ? "Cumbria" : "Cambria",
    players,
    step: Array.isArray(record.steps) ? record.steps.length : 0,
    turn: view ? view.turn : null,
    over: view ? Boolean(view.over) : Boolean(result),
    winner_name: null,
    points: view ? view.points : result ? result.scores || result.points || null : null,
  };
  if (view && view.over && view.result) {
    const p = view.players.find((q) => q.index === view.result.winner);
    summary.winner_name = p ? String(p.name) : null;
  } else if (Number.isInteger(winner) && players[winner]) {
    summary.winner_name = players[winner].name;
  }
  return summary;
}

// A game is its record's header: which game, on which map, with whom, from which seed (the
// record itself; the views never carry the seed, they name a game by its uid).
function identity(record) {
  const names = (Array.isArray(record.players) ? record.players : []).map((p) => String(p && p.name));
  return JSON.stringify([record.game || "cambria", record.map, record.seed, names]);
}

/** The same game (the same record header), whatever its progress. */
export function sameGame(a, b) {
  return Boolean(a && b) && identity(a) === identity(b);
}

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
      const out = [];
      let keys;
      try {
        keys = Array.from({ length: local.length }, (_, i) => local.key(i));
      } catch {
        return [];
      }
      for (const key of keys) {
        const m = key && GAME_KEY.exec(key);
        if (!m) continue;
        const schema = Number(m[1]);
        const id = m[2];
        if (schema > SCHEMA) {
          out.push({ id, key, newer: schema, updated: 0,
            reason: "saved by a newer version of Cambria: update the game to open it" });
          continue;
        }
        const entry = read(key, schema);
        out.push(entry.damaged ? { id, key, damaged: true, updated: 0, reason: entry.reason } : entry);
      }
      out.sort((a, b) => (b.updated || 0) - (a.updated || 0));
      return out;
    },

    get(id) {
      if (!local || !id) return null;
      const entry = read(gameKey(id), SCHEMA);
      return entry && !entry.damaged ? entry : null;
    },

    /** Save a game's record; returns {ok: true} or {ok: false, kind, message}. */
    put(id, record, { view = null, partial } = {}) {
      if (!local) return fail("unavailable");
      const key = gameKey(id);
      const old = read(key, SCHEMA);
      const now = Date.now();
      const entry = {
        schema: SCHEMA, id,
        created: old && !old.damaged ? old.created : now,
        updated: now,
        record,
        summary: summarize(record, view),
      };
      if (partial !== undefined) entry.partial = partial;
      else if (old && !old.damaged && old.partial && old.partial.step === entry.summary.step) entry.partial = old.partial;
      try {
        local.setItem(key, JSON.stringify(entry));
      } catch (err) {
        return fail(classify(err));
      }
      problem = null;
      return { ok: true, entry };
    },

    /** Remember the unconfirmed choices of the move being composed (best effort). */
    putPartial(id, step, partial) {
      const entry = id && store.get(id);
      if (!entry || entry.summary.step !== step) return;
      entry.partial = partial && partial.length ? { step, partial } : undefined;
      try {
        local.setItem(gameKey(id), JSON.stringify(entry));
      } catch {
        // not worth a message: the move itself is saved
      }
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

    current() {
      for (const s of [session, local]) {
        try {
          const id = s && s.getItem(CURRENT);
          if (id) return id;
        } catch {
          // unavailable
        }
      }
      return null;
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
      return store.list().find((e) => e.record && sameGame(e.record, record)
        && JSON.stringify(e.record.steps) === JSON.stringify(record.steps)) || null;
    },
  };

  function fail(kind) {
    problem = kind;
    return { ok: false, kind, message: MESSAGES[kind] };
  }

  function read(key, schema) {
    let text;
    try {
      text = local.getItem(key);
    } catch {
      return null;
    }
    if (text === null) return null;
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      return { damaged: true, reason: "the saved data is damaged (not valid JSON)" };
    }
    if (schema < SCHEMA) value = migrateEntry(value, schema);
    if (!value || typeof value !== "object" || !value.record || typeof value.record !== "object") {
      return { damaged: true, reason: "the saved data is damaged (no game record in it)" };
    }
    value.key = key;
    if (!value.summary) value.summary = summarize(value.record);
    return value;
  }

  // Storage-schema migrations (entry of schema n → entry of schema n + 1) go here when SCHEMA
  // changes; the game record inside has its own versions, migrated by the engine.
  function migrateEntry(value, schema) {
    return schema === SCHEMA ? value : null;
  }

  // Schema 0: one bare record under "cambria:autosave".  Becomes a saved game like any other.
  function migrateLegacy() {
    let text = null;
    try {
      text = local.getItem(LEGACY_AUTOSAVE);
    } catch {
      return;
    }
    if (text === null) return;
    try {
      const record = JSON.parse(text);
      if (record && record.format === "cambria-record" && !store.findRecordQuick(record)) {
        const id = newId();
        const now = Date.now();
        local.setItem(gameKey(id), JSON.stringify({ schema: SCHEMA, id, created: now, updated: now,
          record, summary: summarize(record) }));
      }
      local.removeItem(LEGACY_AUTOSAVE);
    } catch {
      // keep it for a later try (storage full?)
    }
  }

  store.findRecordQuick = (record) => {
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      if (!GAME_KEY.test(key)) continue;
      try {
        const e = JSON.parse(local.getItem(key));
        if (e && e.record && sameGame(e.record, record)
            && JSON.stringify(e.record.steps) === JSON.stringify(record.steps)) return true;
      } catch {
        // damaged: not the same
      }
    }
    return false;
  };

  return store;
}
