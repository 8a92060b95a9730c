// The engine's review of a finished game as the page keeps it with the saved game (saves.js),
// read back whatever storage holds: the decisions reviewed so far (ITEMs, to resume) or the
// finished REVIEW (shown without asking the engine).  cambria/ai/review.py makes both; the
// worker request `review_run` sends them (docs/ai.md, "The review").
//
//   import { readReview, storedReview, VERDICTS } from "./reviewshape.js";
//   readReview(value, record)   // {review: {items, total} | {result}} | {dropped: true} | {} (none stored)
//   storedReview({items, total, result})   // what saves.js writes: the result alone once it is there
//
// A leaf: the page draws a stored review as it is, so everything it reads is checked here (types,
// ranges, indices that point inside their lists); a review that fails is dropped, never the game.

export const VERDICTS = ["good", "inaccuracy", "mistake", "blunder"];
const MAX_PLAYERS = 8;
const MAX_TEXT = 200;
const MAX_PARTS = 24;
const MAX_TOUCHED = 400;

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const count = (v, max = Infinity) => Number.isInteger(v) && v >= 0 && v <= max;
const text = (v) => typeof v === "string" && v.length <= MAX_TEXT;
const percent = (v) => Number.isFinite(v) && v >= 0 && v <= 100;
const chances = (v, n) => Array.isArray(v) && v.length >= 1 && v.length <= MAX_PLAYERS
  && (n === undefined || v.length === n) && v.every(percent);

/** One part ({key, args}) or a list of them: what words.js says; nested parts are bounded by it. */
function parts(v) {
  return Array.isArray(v) && v.length <= MAX_PARTS
    && v.every((p) => isObject(p) && text(p.key) && (p.args === undefined || isObject(p.args)));
}

/** What an action touches on the board (the game's web.touched): lists of ids by kind. */
function touched(v) {
  return isObject(v) && Object.values(v).every((list) => Array.isArray(list) && list.length <= MAX_TOUCHED
    && list.every((x) => count(x, 1e6) || text(x)));
}

/** One reviewed decision (ITEM) at position `index` of a record of `steps` steps. */
export function validItem(item, index, steps) {
  return isObject(item) && item.index === index && count(item.step, steps) && count(item.turn, 1e5)
    && count(item.player, MAX_PLAYERS - 1) && text(item.played) && text(item.best)
    && percent(item.loss) && VERDICTS.includes(item.verdict) && chances(item.chances) && parts(item.why)
    && isObject(item.marks) && touched(item.marks.played) && touched(item.marks.better);
}

function validItems(items, steps) {
  return Array.isArray(items) && items.length <= steps && items.every((item, i) => validItem(item, i, steps));
}

/** A finished REVIEW of a record of `steps` steps, every index in range. */
export function validResult(r, steps) {
  if (!isObject(r) || r.version !== 1 || !text(r.game) || !count(r.total, steps)) return false;
  const { decisions, chart, players, mistakes, summary } = r;
  if (!validItems(decisions, steps) || decisions.length !== r.total) return false;
  if (!Array.isArray(players) || players.length < 1 || players.length > MAX_PLAYERS) return false;
  const n = players.length;
  const seats = players.map((p) => (isObject(p) ? p.index : null));
  if (!players.every((p) => isObject(p) && count(p.index, MAX_PLAYERS - 1) && text(p.name)
      && typeof p.colour === "string" && /^[a-z][a-z-]{0,23}$/.test(p.colour)
      && typeof p.shape === "string" && /^[a-z][a-z-]{0,23}$/.test(p.shape))) return false;
  if (new Set(seats).size !== n) return false;
  if (!decisions.every((d) => seats.includes(d.player) && d.chances.length === n)) return false;
  if (!isObject(chart) || !Array.isArray(chart.points) || chart.points.length < 1
      || chart.points.length > decisions.length + 1) return false;
  if (!chart.points.every((p) => isObject(p) && count(p.step, steps) && count(p.turn, 1e5) && chances(p.chances, n))) return false;
  if (!isObject(mistakes) || !Object.entries(mistakes).every(([seat, list]) => seats.includes(Number(seat))
      && Array.isArray(list) && list.length <= 3 && list.every((i) => count(i, decisions.length - 1)))) return false;
  return Array.isArray(summary) && summary.every((s) => isObject(s) && seats.includes(s.player)
    && VERDICTS.every((v) => count(s[v], decisions.length)));
}

/** A stored review of a game whose record is `record`: {review}, {dropped: true}, or {}. */
export function readReview(value, record) {
  if (value === undefined) return {};
  const steps = Array.isArray(record?.steps) ? record.steps.length : 0;
  if (isObject(value) && value.result !== undefined) {
    return validResult(value.result, steps) ? { review: { result: value.result } } : { dropped: true };
  }
  if (isObject(value) && validItems(value.items, steps) && count(value.total, steps) && value.items.length <= value.total) {
    return { review: { items: value.items, total: value.total } };
  }
  return { dropped: true };
}

/** The review as saves.js stores it: the finished result alone (its decisions are the items). */
export function storedReview({ items = [], total = 0, result = null }) {
  return result ? { result } : { items, total };
}
