// Statistics of the games finished at this device: played and won per game and map, per
// strongest computer opponent and per person, the best scores, and the history of the last
// finished games with their records (each opens in replay).  Kept in the browser under one key.
//
//   import { createStats, readStats, statsFile, tally } from "./stats.js";
//   const stats = createStats({ request });  // over localStorage; request: the engine's (for the record)
//   stats.onView(view, events)            // the controller's listener: a game that ends here counts,
//                                         // with its record (asked of the engine) for its replay
//   stats.data()                          // {games, older}: newest game last
//   stats.merge(text)                     // an exported file's text: {added, known} or an Error
//   statsFile(data)                       // the export: JSON text
//
// "You" are the people at this device: the human seats of a game played here, and in a game by
// link this device's own seats (view.remote.seats[i].here).  A game counts once, when it ends
// here (a view with a game_over event), keyed by the engine's id of the game (view.uid): a
// reload on the end screen, a replay, opening the finished game again, another tab or importing
// the same statistics twice never counts it again.
//
// Stored: cambria:stats → {schema: 1, games: [GAME], older: TALLY}
//   GAME   {id, at, game, map, players: [{name, kind, you, points}], winners: [seat], record?}
//   older  the counts of games past MAX_GAMES, folded (their rows are gone, their numbers stay)
// Only the newest HISTORY games keep their record (about 2 KB each).  Whatever is stored is
// read through readStats: a value of the wrong shape gives empty statistics, a damaged game is
// left out, and nothing here ever throws at the page.

import { nestingDepth, plainText } from "./saves.js";

export const KEY = "cambria:stats";
export const FORMAT = "cambria-statistics";
const SCHEMA = 1;
export const HISTORY = 50; // finished games listed with their records
export const MAX_GAMES = 2000; // games kept one by one (about 200 bytes each); older ones folded
const MAX_CHARS = 3_000_000; // what is read back, stored or imported; a write keeps within it
/** The largest statistics file taken: any text within MAX_CHARS (UTF-8 needs at most 3 bytes a unit). */
export const STATS_FILE_BYTES = 3 * MAX_CHARS;
const MAX_DEPTH = 24; // a record nests 16 deep; a game and the file add a few levels
const MAX_SEATS = 6; // five players and the neutral one
const LEVELS = ["easy", "normal", "hard"]; // weakest first
const ID = /^[0-9a-zA-Z_-]{1,64}$/;
const WORD = /^[a-z][a-z0-9_-]{0,39}$/;

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const count = (n) => (Number.isInteger(n) && n >= 0 && n < 1e9 ? n : 0);
const score = (n) => (typeof n === "number" && Number.isFinite(n) && Math.abs(n) < 1e6 ? n : null);

// ---------------------------------------------------------------- reading what is stored

function readPlayer(p) {
  if (!isObject(p)) return null;
  const name = plainText(p.name, "", 80);
  const kind = typeof p.kind === "string" && /^[a-z][a-z:_-]{0,39}$/.test(p.kind) ? p.kind : "human";
  return name ? { name, kind, you: p.you === true, points: score(p.points) } : null;
}

function readRecord(record) {
  return isObject(record) && record.format === "cambria-record" && Array.isArray(record.players)
    && Array.isArray(record.steps) ? record : null;
}

/** One finished game as stored, or null if it cannot be one. */
export function readGame(g) {
  if (!isObject(g) || typeof g.id !== "string" || !ID.test(g.id)) return null;
  if (typeof g.game !== "string" || !WORD.test(g.game) || typeof g.map !== "string" || !WORD.test(g.map)) return null;
  if (!Array.isArray(g.players) || g.players.length === 0 || g.players.length > MAX_SEATS) return null;
  const players = g.players.map(readPlayer);
  if (players.includes(null)) return null;
  const winners = Array.isArray(g.winners) ? g.winners.filter((w) => Number.isInteger(w) && w >= 0 && w < players.length) : [];
  const at = typeof g.at === "number" && Number.isFinite(g.at) && g.at > 0 ? g.at : 0;
  const out = { id: g.id, at, game: g.game, map: g.map, players, winners: [...new Set(winners)] };
  const record = readRecord(g.record);
  if (record) out.record = record;
  return out;
}

function readBest(b) {
  if (!isObject(b) || score(b.points) === null) return null;
  return { points: b.points, name: plainText(b.name, "", 80), at: typeof b.at === "number" && Number.isFinite(b.at) ? b.at : 0 };
}

/** A tally as stored: {row: {played, won, best}} with only well-typed rows. */
function readTally(value) {
  const out = {};
  if (!isObject(value)) return out;
  for (const [row, v] of Object.entries(value).slice(0, 500)) {
    if (typeof row !== "string" || row.length > 120 || !isObject(v) || row === "__proto__") continue;
    const played = count(v.played);
    if (!played) continue;
    out[row] = { played, won: Math.min(count(v.won), played), best: readBest(v.best) };
  }
  return out;
}

/** Statistics from stored text (or an exported file's): {games, older}, empty when unreadable. */
export function readStats(text, { file = false } = {}) {
  const empty = { games: [], older: {} };
  if (typeof text !== "string" || text.length > MAX_CHARS || nestingDepth(text, MAX_DEPTH) > MAX_DEPTH) return empty;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return empty;
  }
  if (!isObject(value) || (file ? value.format !== FORMAT : value.schema !== SCHEMA)) return empty;
  const seen = new Set();
  const games = [];
  for (const g of (Array.isArray(value.games) ? value.games : []).slice(-MAX_GAMES)) {
    const game = readGame(g);
    if (game && !seen.has(game.id)) {
      seen.add(game.id);
      games.push(game);
    }
  }
  return { games, older: readTally(value.older) };
}

// ---------------------------------------------------------------- a finished game

/** The strongest computer level among a game's seats, or "people" when none is a computer. */
export function opponentLevel(players) {
  let best = -1;
  for (const p of players) {
    const level = typeof p.kind === "string" && p.kind.startsWith("computer:") ? LEVELS.indexOf(p.kind.slice(9)) : -1;
    best = Math.max(best, level);
  }
  return best < 0 ? "people" : LEVELS[best];
}

/** The stored form of a game that has just ended in `view` (null if nobody here played it). */
export function finishedGame(view, at = Date.now()) {
  if (!isObject(view) || !view.over || !isObject(view.result) || !Array.isArray(view.players)) return null;
  const points = Array.isArray(view.result.points) ? view.result.points : view.result.scores || [];
  const here = view.remote && Array.isArray(view.remote.seats) ? view.remote.seats : null;
  const seats = view.players.filter((p) => isObject(p) && !p.neutral && Number.isInteger(p.index));
  const players = seats.map((p) => ({
    name: plainText(p.name, "?", 80), kind: plainText(p.kind, "human", 40),
    // the people at this device: a computer it hosts in a game by link is not "you"
    you: p.kind === "human" && (here ? Boolean(here[p.index] && here[p.index].here) : true),
    points: score(points[p.index]),
  }));
  const winners = (Array.isArray(view.result.winners) ? view.result.winners : [view.result.winner])
    .map((w) => seats.findIndex((p) => p.index === w)).filter((i) => i >= 0);
  return readGame({ id: view.uid, at, game: view.game, map: view.map, players, winners });
}

// ---------------------------------------------------------------- counting

/** The rows a game counts in: all, its game and map, its opponents, each person of this device. */
function rowsOf(g) {
  const you = g.players.filter((p) => p.you);
  return ["all", `map:${g.game}/${g.map}`, `level:${opponentLevel(g.players)}`, ...new Set(you.map((p) => `name:${p.name}`))];
}

function better(a, b) {
  if (!a) return b;
  if (!b) return a;
  return b.points > a.points ? b : a;
}

/** {row: {played, won, best}} of a list of games (won: someone of this device won; a person's
 *  row: that person won; best: the best score of this device's people). */
export function tally(games, into = {}) {
  for (const g of games) {
    const you = g.players.map((p, i) => ({ ...p, seat: i })).filter((p) => p.you);
    if (!you.length) continue;
    const won = you.some((p) => g.winners.includes(p.seat));
    const scored = you.filter((p) => p.points !== null);
    const top = scored.length ? scored.reduce((a, b) => (b.points > a.points ? b : a)) : null;
    for (const row of rowsOf(g)) {
      const r = (into[row] ||= { played: 0, won: 0, best: null });
      const person = row.startsWith("name:") ? you.filter((p) => `name:${p.name}` === row) : null;
      r.played += 1;
      if (person ? person.some((p) => g.winners.includes(p.seat)) : won) r.won += 1;
      const mine = person ? person.filter((p) => p.points !== null).reduce((a, b) => (!a || b.points > a.points ? b : a), null) : top;
      if (mine) r.best = better(r.best, { points: mine.points, name: mine.name, at: g.at });
    }
  }
  return into;
}

/** The counts of every game ever counted here: the games kept one by one and the folded ones. */
export function totals(data) {
  const out = {};
  for (const [row, v] of Object.entries(data.older)) out[row] = { ...v };
  return tally(data.games, out);
}

/** Two folded tallies as one without counting a game twice: the larger count of each row. */
function mergeOlder(a, b) {
  const out = { ...a };
  for (const [row, v] of Object.entries(b)) {
    const w = out[row];
    out[row] = w ? { played: Math.max(w.played, v.played), won: Math.max(w.won, v.won), best: better(w.best, v.best) } : v;
  }
  return out;
}

/** Past MAX_GAMES the oldest games are folded into `older`; only the newest HISTORY keep records. */
function trim(data) {
  const games = data.games.slice().sort((a, b) => a.at - b.at);
  const gone = games.length > MAX_GAMES ? games.splice(0, games.length - MAX_GAMES) : [];
  const older = gone.length ? tally(gone, totalsOf(data.older)) : data.older;
  games.forEach((g, i) => {
    if (i < games.length - HISTORY) delete g.record;
  });
  return { games, older };
}

const totalsOf = (older) => Object.fromEntries(Object.entries(older).map(([row, v]) => [row, { ...v }]));

/** The export: every game kept (with the records the history keeps) and the folded counts. */
export function statsFile(data) {
  // on one line, as stored: indented, the records' deep steps would make the file several times larger
  return JSON.stringify({ format: FORMAT, version: SCHEMA, exported: new Date().toISOString(), games: data.games, older: data.older }) + "\n";
}

// ---------------------------------------------------------------- the store

function storage() {
  try {
    return window.localStorage || null; // reading localStorage itself throws when site data is blocked
  } catch {
    return null;
  }
}

export function createStats({ request = null, local = storage() } = {}) {
  function read() {
    try {
      return readStats(local ? local.getItem(KEY) : null);
    } catch {
      return { games: [], older: {} };
    }
  }

  /** Written whole; when the storage is full, or the text would be longer than what is read
   *  back (MAX_CHARS), the oldest records go first (the counts stay). */
  function write(data) {
    if (!local) return false;
    let kept = trim(data);
    for (;;) {
      const text = JSON.stringify({ schema: SCHEMA, games: kept.games, older: kept.older });
      try {
        if (text.length > MAX_CHARS) throw new RangeError("longer than read back");
        local.setItem(KEY, text);
        return true;
      } catch {
        const withRecord = kept.games.find((g) => g.record);
        if (!withRecord) return false; // not kept: the page goes on
        delete withRecord.record;
      }
    }
  }

  /** Count a game that ended here (once: read afresh, so another tab's count is seen). */
  function add(game) {
    const data = read();
    if (!game || data.games.some((g) => g.id === game.id)) return false;
    data.games.push(game);
    return write(data);
  }

  function attach(id, record) {
    const data = read();
    const game = data.games.find((g) => g.id === id);
    if (!game || game.record || !readRecord(record)) return false;
    game.record = record;
    return write(data);
  }

  /** An exported file merged in: the games it has that are not counted here. */
  function merge(text) {
    const incoming = readStats(text, { file: true });
    let value = null;
    try {
      value = JSON.parse(text);
    } catch {
      // said below
    }
    if (!isObject(value) || value.format !== FORMAT) return new Error("not a statistics file");
    const data = read();
    const known = new Set(data.games.map((g) => g.id));
    const added = incoming.games.filter((g) => !known.has(g.id));
    for (const g of incoming.games) {
      const mine = data.games.find((h) => h.id === g.id);
      if (mine && !mine.record && g.record) mine.record = g.record;
    }
    const ok = write({ games: data.games.concat(added), older: mergeOlder(data.older, incoming.older) });
    return ok ? { added: added.length, known: incoming.games.length - added.length } : new Error("storage");
  }

  return {
    data: read, add, attach, merge,
    /** The controller's listener: a game that ends in this view counts (not a replay, not a reload). */
    onView(view, events) {
      if (!Array.isArray(events) || !events.some((e) => e && e.type === "game_over")) return null;
      const game = finishedGame(view);
      if (!game || !game.players.some((p) => p.you) || !add(game)) return null;
      // the engine still holds this game (its requests are answered in order): its record
      request?.("record", {}).then((record) => attach(game.id, record), () => {});
      return game;
    },
  };
}
