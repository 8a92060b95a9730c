// The game's words in the player's language, built from what the engine sends as data.
//
// The engine (cambria/webapi.py) sends positions, choices and log events with seats, roads,
// boats, dice and forts; every sentence the page shows is made here from a translated
// template (web/i18n.js).  Fort names are proper nouns and stay as they are; a road is named
// by its two forts, read from the board drawing (data-forts on each slot, data-name on forts).

import { formatList, t } from "./i18n.js";

// ------------------------------------------------------------------ names

/** A seat's name as shown: the player's own name, or the neutral army's in this language. */
export function playerName(view, seat) {
  const p = view && view.players ? view.players.find((q) => q.index === seat) : null;
  if (!p) return t("player.fallback", { n: Number(seat) + 1 });
  return p.neutral ? t("player.neutral") : p.name;
}

export function colourName(id) {
  const names = {
    red: () => t("colour.red"),
    blue: () => t("colour.blue"),
    yellow: () => t("colour.yellow"),
    green: () => t("colour.green"),
    purple: () => t("colour.purple"),
    neutral: () => t("colour.neutral"),
  };
  return names[id] ? names[id]() : id;
}

export function levelName(level) {
  const names = { easy: () => t("level.easy"), normal: () => t("level.normal"), hard: () => t("level.hard") };
  return names[level] ? names[level]() : level;
}

export function mapRegion(mapId) {
  const regions = { cambria: () => t("map.region.cambria"), cumbria: () => t("map.region.cumbria") };
  return regions[mapId] ? regions[mapId]() : "";
}

function boardOf(view) {
  const id = view && view.map ? view.map : document.getElementById("app")?.dataset.map || "cambria";
  return document.getElementById(`board-${id}`);
}

function fortName(b, f) {
  const node = b && b.querySelector(`.fort[data-fort="${f}"]`);
  return node ? node.dataset.name || node.querySelector(".fort-name")?.textContent || String(f) : String(f);
}

function roadForts(b, road) {
  const slot = b && b.querySelector(`.slot[data-road="${road}"]`);
  if (!slot || !slot.dataset.forts) return null;
  return slot.dataset.forts.split(",").map(Number);
}

/** "Segontium–Canovium": a road named by its two forts. */
export function roadName(view, road) {
  const b = boardOf(view);
  const forts = roadForts(b, road);
  if (!forts) return t("road.numbered", { n: road });
  return t("road.name", { a: fortName(b, forts[0]), b: fortName(b, forts[1]) });
}

/** Give the board drawings' roads, boats, forts, eagle and region their words in this language. */
export function translateBoards() {
  for (const b of document.querySelectorAll("svg.board")) {
    const map = b.dataset.map;
    const title = b.querySelector(".map-title")?.textContent || map;
    const region = mapRegion(map);
    const niceTitle = title.charAt(0) + title.slice(1).toLowerCase();
    b.setAttribute("aria-label", region ? t("board.mapRegion", { title: niceTitle, region }) : t("board.map", { title: niceTitle }));
    b.setAttribute("aria-description", t("board.keys"));
    const regionText = b.querySelector(".map-region");
    if (regionText && region) regionText.textContent = region;
    for (const slot of b.querySelectorAll(".slot")) {
      const forts = (slot.dataset.forts || "").split(",").map(Number);
      if (forts.length === 2) {
        slot.setAttribute("aria-label", t("road.label", { a: fortName(b, forts[0]), b: fortName(b, forts[1]) }));
      }
    }
    for (const boat of b.querySelectorAll(".boat")) boat.setAttribute("aria-label", t("boat.label", { n: Number(boat.dataset.boat) }));
    for (const fort of b.querySelectorAll(".fort")) {
      const name = fort.dataset.name;
      if (!name) continue;
      const number = Number(fort.dataset.number);
      const label = fort.dataset.modern
        ? t("fort.labelModern", { name, modern: fort.dataset.modern, number })
        : t("fort.label", { name, number });
      fort.setAttribute("aria-label", label);
      const title = fort.querySelector("title");
      if (title) title.textContent = label;
    }
    const eagle = b.querySelector(".eagle");
    if (eagle) eagle.setAttribute("aria-label", t("eagle.label"));
    const eagleText = b.querySelector(".eagle-label");
    if (eagleText) eagleText.textContent = t("eagle.text");
  }
}

// ------------------------------------------------------------------ prompts

function fortNumbersOfRoad(b, road) {
  const forts = roadForts(b, road);
  if (!forts) return [];
  return forts.map((f) => Number(b.querySelector(`.fort[data-fort="${f}"]`)?.dataset.number));
}

/** What the player is asked to do at this stage of composing a decision. */
export function stagePrompt(view, opts) {
  const stage = opts.stage;
  const phase = view.phase;
  if (stage === "confirm") return t("prompt.confirm");
  if (stage === "source") return phase === "neutral" ? t("prompt.sourceNeutral") : t("prompt.source");
  if (stage === "boat") return t("prompt.boat");
  if (stage === "boat_source") return t("prompt.boatSource");
  if (phase === "setup") return t("prompt.setup", { die: view.dice[0] });
  if (phase === "neutral") {
    const d = view.dice[0];
    const b = boardOf(view);
    const roads = opts.choices.filter((c) => c.road !== null && c.road !== undefined).map((c) => c.road);
    const near = d >= 2 && roads.length > 0 && roads.every((r) => fortNumbersOfRoad(b, r).includes(d));
    return near ? t("prompt.neutralNear", { die: d }) : t("prompt.neutralAnywhere", { die: d });
  }
  const dice = (opts.preview && opts.preview.dice) || view.dice;
  const [x, y] = [Math.min(dice[0], dice[1]), Math.max(dice[0], dice[1])];
  const tokens = opts.choices.map((c) => c.token);
  const canPlay = tokens.some((tok) => tok[0] === "p" || tok[0] === "L");
  const swap = tokens.some((tok) => tok[0] === "x");
  const pass = tokens.includes("pass");
  const parts = [];
  if (!canPlay) parts.push(t("prompt.noRoad", { a: x, b: y }));
  else if (x === 1 && y === 1) parts.push(t("prompt.double1"));
  else if (x === 1) parts.push(t("prompt.oneAnd", { x: y }));
  else if (x === y) parts.push(t("prompt.doubles", { x }));
  else parts.push(t("prompt.pair", { a: x, b: y }));
  if (swap) parts.push(t("prompt.maySwap"));
  if (pass) parts.push(t("prompt.orPass"));
  return parts.join(" ");
}

/** The line under the dice: whose move it is and what to do. */
export function promptText(view, opts, { human, menu }) {
  if (view.over) return t("prompt.over");
  const name = playerName(view, view.current);
  if (!human) return t("prompt.thinking", { name });
  if (menu) return t("prompt.menu");
  if (view.chance) {
    if (view.phase === "start") return t("prompt.start");
    if (view.phase === "setup_roll") return t("prompt.setupRoll", { name });
    if (view.phase === "neutral_roll") return t("prompt.neutralRoll", { name });
    return t("prompt.roll", { name });
  }
  if (!opts) return "";
  return t("prompt.named", { name, prompt: stagePrompt(view, opts) });
}

export function rollLabel(roll) {
  const kind = roll ? roll.kind : "dice";
  if (kind === "setup") return t("roll.setup");
  if (kind === "neutral") return t("roll.neutral");
  if (kind === "start") return t("roll.start");
  return t("roll.dice");
}

export function phaseBanner(view) {
  const name = playerName(view, view.current);
  const phase = view.phase;
  if (phase === "setup_roll" || phase === "setup") return t("banner.setup", { name });
  if (phase === "neutral_roll" || phase === "neutral") return t("banner.neutral", { name });
  return t("banner.turn", { name });
}

// ------------------------------------------------------------------ choices

/** The full description of a choice (for screen readers, tooltips and the which-move menu). */
export function choiceLabel(view, opts, c) {
  const tok = c.token;
  if (c.kind === "pass") return t("choice.pass");
  if (c.kind === "swap") return t("label.swap", { boat: c.boat, die: c.die });
  if (c.kind === "boat") return t("label.boat", { boat: c.boat });
  if (c.kind === "source" || c.kind === "boat_source") {
    const partial = opts.partial || [];
    const neutral = partial.length && partial[partial.length - 1].startsWith("n");
    if (c.boat !== null && c.boat !== undefined) return t("label.fromBoat", { boat: c.boat });
    const road = roadName(view, c.road);
    return neutral ? t("label.neutralFromRoad", { road }) : t("label.fromRoad", { road });
  }
  const road = roadName(view, c.road);
  const owners = opts.preview ? opts.preview.roads : view.position.roads;
  const legion = opts.preview ? opts.preview.legion : view.position.legion;
  const o = owners[c.road];
  const me = opts.player ?? view.current;
  if (c.kind === "legion") {
    if (o !== null && o >= 0) {
      return o === me ? t("label.legionOwn", { road }) : t("label.legionDisplace", { road, other: playerName(view, o) });
    }
    return t("label.legion", { road });
  }
  if (c.kind === "neutral") return t("label.neutral", { road });
  if (o !== null && o >= 0 && o !== me) return t("label.placeDisplace", { road, other: playerName(view, o) });
  if (legion === c.road && tok[0] === "p") return t("label.placeLegion", { road });
  return t("label.place", { road });
}

/** The short text of a choice shown as a button (pass, a boat swap). */
export function choiceButton(c) {
  if (c.kind === "pass") return t("choice.pass");
  if (c.kind === "swap") return t("choice.swap", { boat: c.boat, die: c.die });
  return c.token;
}

// ------------------------------------------------------------------ the log

function source(view, from) {
  if (from && typeof from === "object") {
    if (from.road !== undefined) return { road: roadName(view, from.road) };
    if (from.boat !== undefined) return { boat: from.boat };
  }
  return null;
}

/** One log line from the engine's event (falls back to its English text for very old data). */
export function logLine(view, entry) {
  const ev = entry.event;
  if (!ev) return entry.text || "";
  const name = playerName(view, ev.player);
  const road = ev.road !== undefined && ev.road !== null ? roadName(view, ev.road) : "";
  switch (ev.type) {
    case "start":
      return t("log.start", { name });
    case "roll": {
      if (ev.kind === "setup") return t("log.rolledSetup", { name, die: ev.dice[0] });
      if (ev.kind === "neutral") return t("log.rolledNeutral", { name, die: ev.dice[0] });
      const [a, b] = ev.dice;
      if (a === 1 && b === 1) return t("log.rolledDouble1", { name });
      if (a === 1 || b === 1) return t("log.rolledOne", { name, a, b });
      if (a === b) return t("log.rolledDoubles", { name, a, b });
      return t("log.rolled", { name, a, b });
    }
    case "place": {
      if (ev.kind === "setup") return t("log.setupPlaced", { name, road });
      if (ev.kind === "neutral") {
        const by = playerName(view, ev.by);
        const from = source(view, ev.from);
        return from && from.road ? t("log.neutralMoved", { name: by, from: from.road, road }) : t("log.neutralPlaced", { name: by, road });
      }
      const from = source(view, ev.from);
      const parts = [];
      if (!from) parts.push(t("log.placed", { name, road }));
      else if (from.road) parts.push(t("log.movedFromRoad", { name, from: from.road, road }));
      else parts.push(t("log.movedFromBoat", { name, boat: from.boat, road }));
      if (ev.displaced !== null && ev.displaced !== undefined) parts.push(t("log.sentHome", { other: playerName(view, ev.displaced) }));
      if (ev.legion_home) parts.push(t("log.legionHome"));
      return parts.join(" ");
    }
    case "swap":
      return t("log.swap", { name, boat: ev.boat, die: ev.die, a: ev.dice[0], b: ev.dice[1] });
    case "legion": {
      if (ev.reason === "end") return t("log.legionLeaves");
      const to = roadName(view, ev.to);
      const parts = [t("log.legion", { name, road: to })];
      if (ev.displaced !== null && ev.displaced !== undefined) {
        parts.push(ev.displaced === ev.player ? t("log.ownHome") : t("log.sentHome", { other: playerName(view, ev.displaced) }));
      }
      return parts.join(" ");
    }
    case "boat": {
      const from = source(view, ev.from);
      if (!from) return t("log.boat", { name, boat: ev.boat });
      if (from.road) return t("log.boatFromRoad", { name, from: from.road, boat: ev.boat });
      return t("log.boatFromBoat", { name, from: from.boat, boat: ev.boat });
    }
    case "pass":
      return t("log.pass", { name });
    case "capture": {
      const parts = [ev.final
        ? t("log.claimed", { name, fort: ev.name, number: ev.number })
        : t("log.captured", { name, fort: ev.name, number: ev.number })];
      if (ev.vp_to !== null && ev.vp_to !== undefined) parts.push(t("log.vpTo", { name: playerName(view, ev.vp_to), vp: ev.vp }));
      else if (ev.vp_removed) parts.push(t("log.vpRemoved", { vp: ev.vp }));
      return parts.join(" ");
    }
    case "game_over": {
      const name = playerName(view, ev.winner);
      const reason = tiebreakText(ev.decided_by, view.german_tiebreak);
      return reason ? t("log.gameOverTiebreak", { name, reason }) : t("log.gameOver", { name });
    }
    default:
      return entry.text || "";
  }
}

export function tiebreakText(decidedBy, german) {
  if (decidedBy === "tokens") return t("tiebreak.tokens");
  if (typeof decidedBy === "string" && decidedBy.startsWith("last turn")) {
    return german || decidedBy.includes("German") ? t("tiebreak.german") : t("tiebreak.lastTurn");
  }
  return "";
}

// ------------------------------------------------------------------ toasts and the end

export function captureToast(view, ev) {
  const name = playerName(view, ev.player);
  const main = ev.final
    ? t("toast.claims", { name, fort: ev.name, number: ev.number })
    : t("toast.captures", { name, fort: ev.name, number: ev.number });
  let sub = "";
  if (ev.vp_to !== null && ev.vp_to !== undefined) sub = t("toast.vpTo", { vp: ev.vp, name: playerName(view, ev.vp_to) });
  else if (ev.vp_removed) sub = t("toast.vpRemoved");
  return { main, sub };
}

export function fortList(forts) {
  return forts.length ? forts.map((f) => t("end.fort", { name: f.name, number: f.number })).join(", ") : t("end.noForts");
}

export function vpList(tokens) {
  return tokens.map((v) => t("end.vp", { name: v.name, value: v.value })).join(", ");
}

export { formatList };

// ------------------------------------------------------------------ loading and errors

const STAGES = {
  "Loading Python": () => t("loading.python"),
  "Starting Python": () => t("loading.startPython"),
  "Loading the game engine": () => t("loading.engine"),
  "Starting the game engine": () => t("loading.startEngine"),
  Ready: () => t("loading.ready"),
};

export function stageText(stage) {
  return stage && STAGES[stage] ? STAGES[stage]() : t("loading.generic");
}

/** A translated sentence for an error; the engine's own (English) detail goes with it. */
export function errorText(err) {
  const name = err && err.name ? err.name : "";
  if (name === "RecordError") return t("error.record");
  if (name === "IllegalActionError" || name === "NotationError") return t("error.illegal");
  if (name === "RequestError" || name === "ValueError") return t("error.request");
  if (name === "MapError") return t("error.map");
  if (err && err.i18n) return err.i18n;
  return t("error.generic");
}
