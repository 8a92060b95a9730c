// The page's words made from data: the engine's parts, names of players, levels and colours,
// and errors by their code.
//
// The engine sends every sentence as parts, `[{key, args}]` (cambria/webapi/__init__.py): the
// key names a message of the catalogs (web/i18n/<lang>.js) and the args fill it.  An argument
// may be a reference that the page names:
//
//   {"seat": 2}        the player's name (the neutral army's name in this language)
//   {"road": 12}       the road, by the game's board module (Cambria: its two forts)
//   {"fort": 3}        the fort's name, by the game's board module
//   {"county": "MEA"}  a county's name, by the game's board module (Hibernia)
//   {"key", "args"}    a part inside a part; a list of parts is said one after the other
//
// Keys and names from data are never looked up in plain objects (a level named
// "__defineGetter__" must not reach Object.prototype): Maps, and Object.hasOwn in i18n.js.

import { t, translateKey } from "./i18n.js";
import { dieIcon, el } from "./dom.js";

// ------------------------------------------------------------------ names

/** A seat's name as shown: the player's own name, or the neutral army's in this language. */
export function playerName(players, seat) {
  const p = Array.isArray(players) ? players.find((q) => q.index === seat) : null;
  if (!p) return t("player.fallback", { n: Number(seat) + 1 });
  return p.neutral ? t("player.neutral") : String(p.name);
}

const COLOURS = new Map([
  ["red", () => t("colour.red")],
  ["blue", () => t("colour.blue")],
  ["yellow", () => t("colour.yellow")],
  ["green", () => t("colour.green")],
  ["purple", () => t("colour.purple")],
  ["neutral", () => t("colour.neutral")],
]);

export function colourName(id) {
  return COLOURS.has(id) ? COLOURS.get(id)() : String(id);
}

const LEVELS = new Map([
  ["easy", () => t("level.easy")],
  ["normal", () => t("level.normal")],
  ["hard", () => t("level.hard")],
]);

export function levelName(level) {
  return LEVELS.has(level) ? LEVELS.get(level)() : String(level);
}

/** The level of a player kind "computer:<level>", or null for anyone else. */
export function computerLevel(kind) {
  return typeof kind === "string" && kind.startsWith("computer:") ? kind.slice("computer:".length) : null;
}

const REGIONS = new Map([
  ["cambria", () => t("map.region.cambria")],
  ["cumbria", () => t("map.region.cumbria")],
]);

export function mapRegion(mapId) {
  return REGIONS.has(mapId) ? REGIONS.get(mapId)() : "";
}

// ------------------------------------------------------------------ parts

const MAX_DEPTH = 6; // parts inside parts: the engine nests two levels at most

/**
 * The text of a list of parts (or one part).  `ctx`: {players, names: {road(n), fort(n)}}, the
 * players of the view and the naming functions of the current game's board.
 */
export function say(parts, ctx, depth = 0) {
  if (!parts) return "";
  const list = Array.isArray(parts) ? parts : [parts];
  return list.map((p) => sayPart(p, ctx, depth)).filter(Boolean).join(" ");
}

function sayPart(part, ctx, depth) {
  if (!part || typeof part !== "object" || typeof part.key !== "string") return "";
  const args = Object.create(null); // names from data: no inherited ones
  const given = part.args && typeof part.args === "object" ? part.args : {};
  for (const name of Object.keys(given)) args[name] = argText(given[name], ctx, depth);
  const text = translateKey(part.key, args);
  if (text === null) {
    console.warn(`i18n: the engine sent an unknown message ${part.key}`);
    return part.key;
  }
  return text;
}

// ------------------------------------------------------------------ parts as nodes

const MARK = "\u2063"; // an invisible separator: where a node goes in a translated template

/**
 * Like say(), as nodes for the page: the arguments that `dice(key)` names (a game's die values)
 * become small dice; parts inside parts become nodes the same way.  `dice(key)` -> [arg names].
 * A part marked `aside` (a tip the turn can do without) is a span.prompt-tip, which a card short
 * of room may leave out (turncard.js).
 */
export function sayNodes(parts, ctx, dice = () => [], depth = 0) {
  if (!parts) return [];
  const list = Array.isArray(parts) ? parts : [parts];
  const out = [];
  for (const p of list) {
    let nodes = partNodes(p, ctx, dice, depth);
    if (!nodes.length) continue;
    if (p.aside === true) nodes = [el("span", { class: "prompt-tip" }, ...nodes)];
    if (out.length) out.push(" ");
    out.push(...nodes);
  }
  return out;
}

function partNodes(part, ctx, dice, depth) {
  if (!part || typeof part !== "object" || typeof part.key !== "string") return [];
  const given = part.args && typeof part.args === "object" ? part.args : {};
  const icons = new Set(dice(part.key) || []);
  const args = Object.create(null);
  const inserts = [];
  for (const name of Object.keys(given)) {
    const value = given[name];
    let nodes = null;
    if (icons.has(name) && typeof value === "number") nodes = [dieIcon(value)];
    else if (depth < MAX_DEPTH && value && typeof value === "object" && (Array.isArray(value) || typeof value.key === "string")) {
      nodes = sayNodes(value, ctx, dice, depth + 1);
    }
    if (nodes) {
      args[name] = `${MARK}${inserts.length}${MARK}`;
      inserts.push(nodes);
    } else {
      args[name] = argText(value, ctx, depth);
    }
  }
  const text = translateKey(part.key, args);
  if (text === null) return [part.key];
  return text.split(MARK).flatMap((piece, i) => (i % 2 === 1 ? inserts[Number(piece)] || [] : piece ? [piece] : []));
}

function argText(value, ctx, depth) {
  if (typeof value === "number") return value;
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return say(value, ctx, depth + 1);
  if (typeof value !== "object") return String(value);
  if (typeof value.key === "string") return sayPart(value, ctx, depth + 1);
  if (Object.hasOwn(value, "seat")) return playerName(ctx.players, value.seat);
  const names = ctx.names || {};
  if (Object.hasOwn(value, "road")) return names.road ? names.road(value.road) : t("road.numbered", { n: value.road });
  if (Object.hasOwn(value, "fort")) return names.fort ? names.fort(value.fort) : String(value.fort);
  if (Object.hasOwn(value, "county")) return names.county ? names.county(value.county) : String(value.county);
  return "";
}

// ------------------------------------------------------------------ loading and errors

const STAGES = new Map([
  ["Loading Python", () => t("loading.python")],
  ["Starting Python", () => t("loading.startPython")],
  ["Loading the game engine", () => t("loading.engine")],
  ["Starting the game engine", () => t("loading.startEngine")],
  ["Ready", () => t("loading.ready")],
]);

export function stageText(stage) {
  return STAGES.has(stage) ? STAGES.get(stage)() : t("loading.generic");
}

// The player's sentence for each error code (cambria/webapi/errors.py, and the page's own from
// bridge.js and engine.js); the engine's English message goes with it as the detail.
const ERRORS = new Map([
  ["bad_request", () => t("error.request")],
  ["stale_step", () => t("error.request")],
  ["no_game", () => t("error.noGame")],
  ["game_over", () => t("error.gameOver")],
  ["illegal", () => t("error.illegal")],
  ["bad_record", () => t("error.record")],
  ["bad_board", () => t("error.map")],
  ["not_computer", () => t("error.request")],
  ["bad_name", (err) => nameProblemText(err.details)],
  ["timeout", () => t("engine.restarted")],
  ["restarted", () => t("engine.restarted")],
  ["unavailable", () => t("error.unavailable")],
  ["unsupported", () => t("loading.unsupported")],
  ["out_of_memory", () => t("loading.memory")],
  ["remote", (err) => remoteText(err.details)],
  // this device's keys for remote games (web/remote/device.js)
  ["storage_full", () => t("storage.full")],
  ["storage_unavailable", () => t("storage.unavailable")],
  ["crypto_unavailable", () => t("remote.noCrypto")],
  ["device_missing", () => t("remote.keysLost")],
]);

// Why a remote game's link or step was refused (cambria/remote: RemoteError's code)
const REMOTE_REASONS = new Map([
  ["link_damaged", () => t("remote.error.link_damaged")],
  ["link_newer", () => t("remote.error.link_newer")],
  ["not_a_link", () => t("remote.error.not_a_link")],
  ["other_game", () => t("remote.error.other_game")],
  ["missing", () => t("remote.error.missing")],
  ["fork", () => t("remote.error.fork")],
  ["bad_signature", () => t("remote.error.bad_signature")],
  ["bad_roll", () => t("remote.error.bad_roll")],
  ["bad_reveal", () => t("remote.error.bad_reveal")],
  ["bad_computer_move", () => t("remote.error.bad_computer_move")],
  ["not_your_step", () => t("remote.error.not_your_step")],
  ["illegal_step", () => t("remote.error.illegal_step")],
  ["seat_taken", () => t("remote.error.seat_taken")],
  ["name_taken", () => t("remote.error.name_taken")],
  ["same_device", () => t("remote.error.same_device")],
  ["too_late", () => t("remote.error.too_late")],
  ["not_started", () => t("remote.error.not_started")],
  ["wrong_seed", () => t("remote.error.wrong_seed")],
  ["bad_name", () => t("remote.error.bad_name")],
]);

function remoteText(details) {
  const reason = details && typeof details.reason === "string" ? details.reason : "";
  return REMOTE_REASONS.has(reason) ? REMOTE_REASONS.get(reason)() : t("remote.error.other");
}

/** A translated sentence for an error (EngineError with its code, or the page's own). */
export function errorText(err) {
  if (err && err.i18n) return err.i18n;
  const code = err && typeof err.code === "string" ? err.code : "";
  return ERRORS.has(code) ? ERRORS.get(code)(err) : t("error.generic");
}

// Why the engine refused a player's name (cambria/core/seats.py NameProblem: its reason).
const NAME_PROBLEMS = new Map([
  ["long", (n, max) => t("error.nameLong", { n, max })],
  ["blank", (n) => t("error.nameBlank", { n })],
  ["control", (n) => t("error.nameControl", { n })],
  ["neutral", (n) => t("error.nameNeutral", { n })],
]);

function nameProblemText(details) {
  const { seat, reason, max } = details && typeof details === "object" ? details : {};
  const n = Number.isInteger(seat) && seat > 0 ? seat : "?";
  const word = NAME_PROBLEMS.get(reason) || ((who) => t("error.nameOther", { n: who }));
  return word(n, Number.isInteger(max) ? max : "?");
}

/** The engine's own words (English) worth showing beside the sentence, or "". */
export function errorDetail(err) {
  if (!err || err.i18n) return "";
  const message = err.message || String(err);
  const name = err.name && err.name !== "Error" ? err.name : "";
  // a player's mistake reads well as it is; anything else shows its class for a bug report
  const plain = ["bad_request", "illegal", "bad_record", "bad_board", "game_over", "no_game", "bad_name"].includes(err.code);
  return message && name && !plain ? `${name}: ${message}` : message;
}
