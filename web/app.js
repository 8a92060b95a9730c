// The Cambria game page: draws what the engine (Python, in a Web Worker) sends and reports clicks.
//
// JavaScript decides no rule.  Every legal choice comes from the engine's turn builder
// (`options`), every position from its views; this file only places pieces, highlights
// the choices, animates, and keeps the player's unconfirmed choices (`partial`) until
// Confirm.  Undo drops the last choice and asks the engine again; a roll is never undone.

import { createEngine, markInteractive } from "./bridge.js";
import { el } from "./dom.js";
import { createLibrary } from "./library.js";
import { createReplay } from "./replay.js";
import { initOffline } from "./offline.js";
import { formatNumber, formatPercent, languageButtons, onLanguage, t } from "./i18n.js";
import { createLoading } from "./loading.js";
import * as words from "./words.js";
import { afterRender, initA11y } from "./a11y.js";
import { initRules, openRules } from "./rules.js";
import { initTutorial, updateTutorial } from "./tutorial.js";

const SVGNS = "http://www.w3.org/2000/svg";
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

// Presentation defaults until the engine's `info` arrives (the engine checks every colour).
const DEFAULT_COLOURS = [
  { id: "red", name: "Red", shape: "circle" },
  { id: "blue", name: "Blue", shape: "square" },
  { id: "yellow", name: "Yellow", shape: "triangle" },
  { id: "green", name: "Green", shape: "diamond" },
  { id: "purple", name: "Purple", shape: "hexagon" },
];
const DEFAULT_NAMES = ["Aurelia", "Brennus", "Cartimandua", "Drusus", "Elen"];

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

const ui = {
  engine: null,
  ready: false,
  info: null,
  colours: DEFAULT_COLOURS,
  levels: [],
  view: null, // the engine's last view
  opts: null, // the turn builder's answer for `partial`
  partial: [], // the choices of this decision so far (not played yet)
  menu: null, // {element, choices} when one tap could mean several things
  busy: false,
  mapId: "cambria",
  logShown: 0,
  computerTimer: null,
  endShown: false,
  setupPlayers: [],
};

// ------------------------------------------------------------------ small helpers


function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, reducedMotion.matches ? Math.min(ms, 30) : ms));
}

function board() {
  return document.getElementById(`board-${ui.mapId}`);
}

function shapeChip(colour, shape, extra = "") {
  const s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", "-16 -16 32 32");
  s.setAttribute("class", `chip-shape col-${colour} ${extra}`);
  s.setAttribute("aria-hidden", "true");
  const use = svgEl("use", { href: `#${ui.mapId}-shape-${shape}`, x: -16, y: -16, width: 32, height: 32 });
  s.append(use);
  return s;
}

function playerOf(seat) {
  return ui.view?.players.find((p) => p.index === seat) || null;
}

// ------------------------------------------------------------------ errors

function showError(err) {
  const box = $("#error");
  // a sentence in the player's language; the engine's own words (English) follow as the detail
  const name = err && err.name && err.name !== "Error" ? err.name : "";
  const message = err && !err.i18n ? err.message || String(err) : "";
  const detail = message && name && !/^(ValueError|RequestError|IllegalActionError|NotationError|RecordError)$/.test(name)
    ? `${name}: ${message}` : message;
  $("#error-text").replaceChildren(
    document.createTextNode(words.errorText(err)),
    ...(detail ? [" ", el("span", { class: "error-detail", lang: "en", text: `(${detail})` })] : []),
  );
  box.hidden = false;
}

function clearError() {
  $("#error").hidden = true;
}

window.addEventListener("error", (event) => showError(event.error || { message: event.message }));
window.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  showError(event.reason);
});

// ------------------------------------------------------------------ the engine

async function call(type, payload = {}) {
  ui.busy = true;
  updateBusy();
  try {
    return await ui.engine.request(type, payload);
  } catch (err) {
    showError(err);
    throw err;
  } finally {
    ui.busy = false;
    updateBusy();
  }
}

function updateBusy() {
  $("#app").classList.toggle("busy", ui.busy);
  for (const b of $$("#actions button, #choice-menu button")) b.toggleAttribute("aria-busy", ui.busy);
}

function startEngine() {
  ui.loading = createLoading({ t, stageText: words.stageText, formatNumber, formatPercent });
  const onProgress = ui.loading.progress;
  ui.engine = createEngine({ onProgress });
  // exposed for tests and the curious: the same bridge the page uses
  window.__cambria = {
    request: (type, payload) => ui.engine.request(type, payload),
    state: () => ({ view: ui.view, partial: ui.partial.slice(), opts: ui.opts, busy: ui.busy }),
  };
  ui.engine.ready.then(async () => {
    const info = await ui.engine.request("info", {});
    ui.info = info;
    ui.colours = info.colours;
    ui.levels = info.computer_levels || [];
    ui.ready = true;
    ui.loading.done();
    renderSetupPlayers();
    library.refreshResume();
    const start = $("#start");
    start.disabled = false;
    start.dataset.i18n = "setup.start";
    start.textContent = t("setup.start");
    $("#app").dataset.engine = "ready";
    // the game that was on the board when the page was left comes back, same position, same dice
    const resumed = await library.resume();
    if (!resumed && $("#app").dataset.screen !== "game") $("#setup").hidden = false;
    markInteractive();
    initOffline({ notify });
  }).catch((err) => {
    ui.loading.failed(err); // in plain words, with Reload (loading.js)
    initOffline({ notify }); // a fixed deploy can still replace a broken one
    $("#start").dataset.i18n = "setup.unavailable";
    $("#start").textContent = t("setup.unavailable");
  });
}

// ------------------------------------------------------------------ the new-game screen

function initSetup() {
  for (let i = 0; i < 5; i++) {
    ui.setupPlayers.push({ name: DEFAULT_NAMES[i], colour: DEFAULT_COLOURS[i].id, kind: "human" });
  }
  for (const r of $$('input[name="count"]')) r.addEventListener("change", renderSetupPlayers);
  for (const r of $$('input[name="map"]')) {
    r.addEventListener("change", () => {
      if (r.checked) showMap(r.value);
    });
  }
  $("#setup").addEventListener("submit", (event) => {
    event.preventDefault();
    startGame();
  });
  renderSetupPlayers();
}

function playerCount() {
  return Number($('input[name="count"]:checked').value);
}

function renderSetupPlayers() {
  const list = $("#player-list");
  const n = playerCount();
  list.replaceChildren();
  for (let i = 0; i < n; i++) {
    const p = ui.setupPlayers[i];
    const li = el("li", { class: "player-setup", "data-testid": `setup-player-${i}` });
    const name = el("input", {
      type: "text", value: p.name, maxlength: 40, "aria-label": t("setup.nameOf", { n: i + 1 }),
      "data-testid": `name-${i}`, required: true, spellcheck: "false",
    });
    name.addEventListener("input", () => { p.name = name.value; });
    const swatches = el("div", { class: "swatches", role: "radiogroup", "aria-label": t("setup.colourOf", { n: i + 1 }) });
    for (const c of ui.colours) {
      const input = el("input", {
        type: "radio", name: `colour-${i}`, value: c.id, "aria-label": words.colourName(c.id),
        "data-testid": `colour-${i}-${c.id}`,
      });
      input.checked = p.colour === c.id;
      input.addEventListener("change", () => pickColour(i, c.id));
      const label = el("label", { class: `swatch col-${c.id}`, title: words.colourName(c.id) }, input, shapeChip(c.id, c.shape));
      swatches.append(label);
    }
    li.append(el("span", { class: "seat", text: String(i + 1) }), name, swatches);
    if (ui.levels.length) {
      const kind = el("select", { "aria-label": t("setup.kindOf", { n: i + 1 }), "data-testid": `kind-${i}`, class: "kind" });
      kind.append(el("option", { value: "human", text: t("setup.human") }));
      for (const level of ui.levels) {
        kind.append(el("option", { value: `computer:${level}`, text: t("setup.computer", { level: words.levelName(level) }) }));
      }
      kind.value = p.kind;
      kind.addEventListener("change", () => { p.kind = kind.value; });
      li.append(kind);
    } else {
      p.kind = "human";
    }
    list.append(li);
  }
  $("#neutral-note").hidden = n !== 2;
}

function pickColour(i, colour) {
  const n = playerCount();
  const other = ui.setupPlayers.findIndex((p, j) => j !== i && p.colour === colour);
  if (other >= 0) ui.setupPlayers[other].colour = ui.setupPlayers[i].colour; // swap colours
  ui.setupPlayers[i].colour = colour;
  if (other >= n) {
    // keep the hidden seats' colours distinct too (nothing to redraw)
  }
  renderSetupPlayers();
  const focus = $(`[data-testid="colour-${i}-${colour}"]`);
  if (focus) focus.focus();
}

function showMap(mapId) {
  ui.mapId = mapId;
  for (const frame of $$(".board-frame")) frame.hidden = frame.dataset.map !== mapId;
  $("#app").dataset.map = mapId;
}

async function startGame() {
  if (!ui.ready || ui.busy) return;
  clearError();
  const n = playerCount();
  const players = ui.setupPlayers.slice(0, n).map((p, i) => ({
    name: (p.name || "").trim() || t("player.fallback", { n: i + 1 }), colour: p.colour, kind: p.kind || "human",
  }));
  const payload = {
    map: $('input[name="map"]:checked').value,
    players,
    german_tiebreak: $("#german-tiebreak").checked,
  };
  const params = new URLSearchParams(location.search);
  if (params.has("seed") && /^\d+$/.test(params.get("seed"))) payload.seed = Number(params.get("seed"));
  let res;
  try {
    res = await call("new_game", payload);
  } catch {
    return;
  }
  library.started(res.view);
  enterGame(res.view, res.events);
}

// ------------------------------------------------------------------ entering and leaving a game

function enterGame(view, events) {
  ui.endShown = false;
  ui.logShown = 0;
  $("#log").replaceChildren();
  $("#setup").hidden = true;
  $("#play").hidden = false;
  $("#end-screen").hidden = true;
  $("#app").dataset.screen = "game";
  for (const e of $$(".warriors")) e.replaceChildren();
  showMap(view.map);
  applyView(view, events, { fresh: true });
}

function toSetup() {
  clearTimeout(ui.computerTimer);
  ui.view = null;
  ui.opts = null;
  ui.partial = [];
  ui.menu = null;
  $("#end-screen").hidden = true;
  $("#play").hidden = true;
  $("#setup").hidden = false;
  $("#app").dataset.screen = "setup";
  $("#turn-banner").replaceChildren();
  for (const e of $$(".warriors")) e.replaceChildren();
  for (const b of $$("svg.board")) {
    resetLegion(b);
    for (const f of $$(".fort", b)) {
      f.classList.remove("captured", "just-captured", "last-move");
      delete f.dataset.owner;
      f.dataset.vp = f.querySelector(".vp-token") ? "board" : "none";
    }
    clearHighlights(b);
  }
  const m = $('input[name="map"]:checked');
  showMap(m ? m.value : "cambria");
  replay.stop({ silent: true });
  library.left();
}

// ------------------------------------------------------------------ applying what the engine sends

function applyView(view, events = [], { fresh = false } = {}) {
  ui.view = view;
  ui.partial = [];
  ui.opts = view.options;
  ui.menu = null;
  const app = $("#app");
  app.dataset.step = String(view.step);
  app.dataset.phase = view.phase;
  app.dataset.current = String(view.current);
  app.dataset.over = String(view.over);
  render({ fresh });
  playEvents(events);
  library.saved(view);
  scheduleComputer();
}

function render({ fresh = false } = {}) {
  const view = ui.view;
  if (!view) return;
  const preview = ui.opts && ui.partial.length ? ui.opts.preview : null;
  const pos = preview
    ? { roads: preview.roads, legion: preview.legion, boats: preview.boats, supply: preview.supply }
    : view.position;
  const b = board();
  renderPieces(b, pos, preview, fresh);
  renderForts(b, view.position.forts);
  renderHighlights(b);
  renderBanner();
  renderTurnCard(preview);
  renderPlayers(pos.supply);
  renderLog();
  afterRender();
  updateTutorial({ view, opts: ui.opts, partial: ui.partial, human: isHumanTurn(), menu: ui.menu });
}

function slotPoint(b, loc) {
  if (loc.startsWith("r")) {
    const slot = b.querySelector(`.slot[data-road="${loc.slice(1)}"]`);
    return [Number(slot.dataset.x), Number(slot.dataset.y)];
  }
  const boat = b.querySelector(`.boat[data-boat="${loc.slice(1)}"]`);
  return [Number(boat.dataset.x) - 16, Number(boat.dataset.y) - 11];
}

function placeAt(node, x, y) {
  node.style.transform = `translate(${x}px, ${y}px)`;
}

function makeWarrior(b, seat) {
  const p = playerOf(seat);
  const colour = p ? p.colour : "neutral";
  const shape = p ? p.shape : "cross";
  const g = svgEl("g", { class: `warrior col-${colour}`, "data-owner": seat, "data-colour": colour });
  const use = svgEl("use", { href: `#${b.dataset.map}-shape-${shape}`, x: -16, y: -16, width: 32, height: 32 });
  g.append(use);
  return g;
}

function renderPieces(b, pos, preview, fresh) {
  const layer = b.querySelector(".warriors");
  const want = new Map();
  pos.roads.forEach((o, r) => {
    if (o !== null && o >= 0) want.set(`r${r}`, o);
  });
  for (const [n, o] of Object.entries(pos.boats)) if (o !== null && o >= 0) want.set(`b${n}`, o);
  const have = new Map();
  for (const node of Array.from(layer.children)) {
    if (node.classList.contains("leaving")) continue;
    have.set(node.dataset.loc, node);
  }
  const vanished = [];
  const appeared = [];
  for (const [loc, node] of have) {
    if (want.get(loc) !== Number(node.dataset.owner)) vanished.push([loc, node]);
  }
  for (const [loc, owner] of want) {
    const node = have.get(loc);
    if (!node || Number(node.dataset.owner) !== owner) appeared.push([loc, owner]);
  }
  // a warrior that left one place and arrived at another, alone of its colour: it moved
  const moved = new Set();
  for (const [loc, owner] of appeared) {
    const from = vanished.filter(([, n]) => Number(n.dataset.owner) === owner && !moved.has(n));
    const to = appeared.filter(([, o]) => o === owner);
    if (from.length === 1 && to.length === 1 && !fresh) {
      const node = from[0][1];
      moved.add(node);
      node.dataset.loc = loc;
      const [x, y] = slotPoint(b, loc);
      placeAt(node, x, y);
    }
  }
  for (const [, node] of vanished) {
    if (moved.has(node)) continue;
    if (fresh || reducedMotion.matches) {
      node.remove();
    } else {
      node.classList.add("leaving");
      node.removeAttribute("data-loc");
      setTimeout(() => node.remove(), 420);
    }
  }
  for (const [loc, owner] of appeared) {
    if ([...moved].some((n) => n.dataset.loc === loc)) continue;
    const node = makeWarrior(b, owner);
    node.dataset.loc = loc;
    const [x, y] = slotPoint(b, loc);
    placeAt(node, x, y);
    if (!fresh) node.classList.add("arriving");
    layer.append(node);
    if (!fresh) setTimeout(() => node.classList.remove("arriving"), 450);
  }
  // pending (unconfirmed) pieces and road/boat markers for tests and styling
  const changed = new Set();
  if (preview) {
    for (const r of preview.changed_roads) changed.add(`r${r}`);
    for (const n of preview.changed_boats) changed.add(`b${n}`);
  }
  for (const node of layer.children) node.classList.toggle("pending", changed.has(node.dataset.loc));
  for (const slot of b.querySelectorAll(".slot")) {
    const o = pos.roads[Number(slot.dataset.road)];
    if (o !== null && o >= 0) slot.dataset.owner = String(o);
    else delete slot.dataset.owner;
    slot.classList.toggle("has-legion", pos.legion === Number(slot.dataset.road));
  }
  for (const boat of b.querySelectorAll(".boat")) {
    const o = pos.boats[boat.dataset.boat];
    if (o !== null && o !== undefined && o >= 0) boat.dataset.owner = String(o);
    else delete boat.dataset.owner;
  }
  // the legion
  const legion = b.querySelector(".legion");
  if (pos.legion === null || pos.legion === undefined) {
    resetLegion(b);
  } else {
    const [x, y] = slotPoint(b, `r${pos.legion}`);
    placeAt(legion, x, y - 4);
    legion.dataset.road = String(pos.legion);
    legion.classList.remove("home");
  }
  legion.classList.toggle("pending", Boolean(preview && pos.legion !== ui.view.position.legion));
}

function resetLegion(b) {
  const legion = b.querySelector(".legion");
  const eagle = b.querySelector(".eagle");
  placeAt(legion, Number(eagle.dataset.x), Number(eagle.dataset.y) - 6);
  delete legion.dataset.road;
  legion.classList.add("home");
}

function renderForts(b, forts) {
  const last = new Set(ui.view.last_move.forts);
  forts.forEach((f, i) => {
    const node = b.querySelector(`.fort[data-fort="${i}"]`);
    if (!node) return;
    const owner = f.owner;
    if (owner !== null && owner !== undefined) {
      const p = playerOf(owner);
      node.dataset.owner = String(owner);
      node.classList.add("captured");
      for (const c of Array.from(node.classList)) if (c.startsWith("col-")) node.classList.remove(c);
      node.classList.add(`col-${p ? p.colour : "neutral"}`);
      const use = node.querySelector(".flag-shape");
      use.setAttribute("href", `#${b.dataset.map}-shape-${p ? p.shape : "cross"}`);
    } else {
      delete node.dataset.owner;
      node.classList.remove("captured");
    }
    node.dataset.vp = typeof f.vp === "number" ? "taken" : f.vp;
    node.classList.toggle("last-capture", last.has(i) && !ui.partial.length);
  });
}

// ------------------------------------------------------------------ highlights and taps

function choicesByElement() {
  const map = new Map();
  if (!ui.opts || !isHumanTurn()) return map;
  for (const c of ui.opts.choices) {
    if (!map.has(c.element)) map.set(c.element, []);
    map.get(c.element).push(c);
  }
  return map;
}

function clearHighlights(b) {
  for (const node of b.querySelectorAll(".legal, .selected, .last-move, .legal-source")) {
    node.classList.remove("legal", "selected", "last-move", "legal-source", "legal-place", "legal-legion", "legal-boat",
      "legal-swap", "legal-setup", "legal-neutral");
  }
  for (const node of b.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
  for (const node of b.querySelectorAll(".slot, .boat")) node.removeAttribute("aria-description");
}

function renderHighlights(b) {
  clearHighlights(b);
  const view = ui.view;
  if (!ui.partial.length && view.last_move) {
    for (const r of view.last_move.roads) b.querySelector(`.slot[data-road="${r}"]`)?.classList.add("last-move");
    for (const n of view.last_move.boats) b.querySelector(`.boat[data-boat="${n}"]`)?.classList.add("last-move");
  }
  for (const [element, choices] of choicesByElement()) {
    const [kind, id] = element.split(":");
    let node = null;
    if (kind === "road") node = b.querySelector(`.slot[data-road="${id}"]`);
    else if (kind === "boat") node = b.querySelector(`.boat[data-boat="${id}"]`);
    if (!node) continue;
    node.classList.add("legal");
    for (const c of choices) node.classList.add(`legal-${c.kind === "boat_source" ? "source" : c.kind}`);
    if (choices.some((c) => c.kind === "source" || c.kind === "boat_source")) {
      node.classList.add("legal-source");
      const loc = kind === "road" ? `r${id}` : `b${id}`;
      b.querySelector(`.warrior[data-loc="${loc}"]`)?.classList.add("legal-source");
    }
    if (kind === "road") b.querySelector(`.road[data-road-line="${id}"]`)?.classList.add("legal");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-description", words.formatList(choices.map((c) => words.choiceLabel(ui.view, ui.opts, c)), "disjunction"));
    if (ui.menu && ui.menu.element === element) node.classList.add("selected");
  }
  b.classList.toggle("choosing", choicesByElement().size > 0);
}

function isHumanTurn() {
  const v = ui.view;
  return Boolean(v && !v.over && v.actor_kind === "human" && !replay.active);
}

function chooseElement(element) {
  if (ui.busy) return;
  const choices = choicesByElement().get(element);
  if (!choices) return;
  if (choices.length === 1) {
    ui.menu = null;
    pick(choices[0].token);
  } else {
    ui.menu = { element, choices };
    render();
  }
}

// Ask Python for the choices that follow `partial` and show them; false if the engine refused.
async function showChoices(partial) {
  const step = ui.view.step;
  let opts;
  try {
    opts = await call("options", { partial, step });
  } catch {
    return false;
  }
  if (!ui.view || ui.view.step !== step) return false;
  ui.partial = partial.slice();
  ui.opts = opts;
  ui.menu = null;
  library.choices(step, ui.partial);
  render();
  return true;
}

async function pick(token) {
  if (ui.busy || !ui.view) return;
  clearError();
  await showChoices([...ui.partial, token]);
}

async function undo() {
  if (ui.busy || !ui.partial.length) return;
  if (ui.menu) {
    ui.menu = null;
    render();
    return;
  }
  await showChoices(ui.partial.slice(0, -1));
}

// A hint is the Hard level's choice, laid out on the board as if the player had chosen it.
async function hint() {
  if (ui.busy || !ui.view || ui.view.chance || !isHumanTurn()) return;
  clearError();
  let res;
  try {
    res = await call("hint", { level: "hard", step: ui.view.step });
  } catch {
    return;
  }
  if (await showChoices(res.steps)) notify(t("hint.shown"));
}

async function confirmMove() {
  if (ui.busy || !ui.opts || !ui.opts.complete) return;
  clearError();
  let res;
  try {
    res = await call("play", { action: ui.opts.action, step: ui.view.step });
  } catch {
    return;
  }
  applyView(res.view, res.events);
}

async function roll() {
  if (ui.busy || !ui.view || !ui.view.chance || !isHumanTurn()) return;
  clearError();
  const kind = ui.view.roll ? ui.view.roll.dice : 2;
  const spin = spinDice(Math.max(1, kind));
  let res;
  try {
    res = await call("roll", { step: ui.view.step });
  } catch {
    spin.stop(null);
    return;
  }
  await spin.stop(res.rolled.dice);
  applyView(res.view, res.events);
}

function boardPoint(b, event) {
  const ctm = b.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  return [p.x, p.y, Math.hypot(ctm.a, ctm.b) || 1];
}

function distToSegment(px, py, x1, y1, x2, y2, t0 = 0, t1 = 1) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(t0, Math.min(t1, ((px - x1) * dx + (py - y1) * dy) / len2));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

// A tap goes to the nearest highlighted road or boat, so that every legal road can be hit
// with a finger even where roads run close together.
function nearestElement(b, x, y, scale) {
  let best = null;
  const limit = Math.max(34, 40 / scale); // at least 40 CSS px (68 units on a phone) across
  for (const element of choicesByElement().keys()) {
    const [kind, id] = element.split(":");
    let d = Infinity;
    if (kind === "road") {
      const slot = b.querySelector(`.slot[data-road="${id}"]`);
      const line = b.querySelector(`.road[data-road-line="${id}"]`);
      const sx = Number(slot.dataset.x);
      const sy = Number(slot.dataset.y);
      d = Math.hypot(x - sx, y - sy);
      if (line) {
        const a = ["x1", "y1", "x2", "y2"].map((k) => Number(line.getAttribute(k)));
        d = Math.min(d, distToSegment(x, y, ...a, 0.22, 0.78) + 4);
      }
    } else if (kind === "boat") {
      const boat = b.querySelector(`.boat[data-boat="${id}"]`);
      d = Math.max(0, Math.hypot(x - Number(boat.dataset.x), y - Number(boat.dataset.y) + 4) - 14);
    }
    if (d <= limit && (!best || d < best.d)) best = { element, d };
  }
  return best ? best.element : null;
}

function onBoardClick(event) {
  const b = event.currentTarget;
  if (!isHumanTurn() || ui.busy) return;
  const direct = event.target.closest("[data-road], [data-boat]");
  if (direct && direct.classList.contains("legal") && event.detail === 0) {
    chooseElement(direct.dataset.road !== undefined ? `road:${direct.dataset.road}` : `boat:${direct.dataset.boat}`);
    return;
  }
  const pt = boardPoint(b, event);
  if (!pt) return;
  const element = nearestElement(b, ...pt);
  if (element) chooseElement(element);
  else if (ui.menu) {
    ui.menu = null;
    render();
  }
}

function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest("[data-road], [data-boat]");
  if (!target || !target.classList.contains("legal")) return;
  event.preventDefault();
  chooseElement(target.dataset.road !== undefined ? `road:${target.dataset.road}` : `boat:${target.dataset.boat}`);
}

// ------------------------------------------------------------------ the side panel

function renderBanner() {
  const view = ui.view;
  const banner = $("#turn-banner");
  banner.replaceChildren();
  if (!view) return;
  if (view.over) {
    banner.append(el("span", { class: "banner-text", text: t("banner.wins", { name: view.result.winner_name }) }));
    return;
  }
  const p = playerOf(view.current);
  banner.append(shapeChip(p.colour, p.shape), el("span", {
    class: "banner-text", "data-testid": "current-player", "data-seat": view.current,
    text: words.phaseBanner(view),
  }));
}

function renderTurnCard(preview) {
  const view = ui.view;
  const opts = ui.opts;
  const human = isHumanTurn();
  const dice = preview ? preview.dice : view.dice;
  renderDice(dice, view);
  const prompt = words.promptText(view, opts, { human, menu: ui.menu });
  if ($("#prompt").textContent !== prompt) $("#prompt").textContent = prompt;
  $("#turn-card").classList.toggle("computer", !human && !view.over);

  const rollButton = $("#roll");
  rollButton.hidden = !(human && view.chance);
  if (view.roll) rollButton.textContent = words.rollLabel(view.roll);

  const deciding = human && !view.chance && opts;
  const undoButton = $("#undo");
  const confirmButton = $("#confirm");
  undoButton.hidden = !deciding;
  confirmButton.hidden = !deciding;
  undoButton.disabled = !ui.partial.length;
  // a hint is the Hard level's choice, laid out on the board as if the player had chosen it
  $("#hint").hidden = !deciding || !(ui.levels || []).includes("hard");
  $("#hint").disabled = !!ui.busy;
  confirmButton.disabled = !(opts && opts.complete);
  if (deciding) {
    const stage = opts.stage;
    confirmButton.textContent = stage === "boat" ? t("confirm.noBoat") : opts.action === "pass" ? t("confirm.pass") : t("confirm");
    if (stage === "boat" && ui.partial.length && ui.partial[ui.partial.length - 1].startsWith("b")) {
      confirmButton.textContent = t("confirm");
    }
  }
  $("#show-result").hidden = !(view.over && ui.endShown && $("#end-screen").hidden);

  // choices that are buttons rather than places on the board: pass and boat swaps
  const extra = $("#extra-choices");
  extra.replaceChildren();
  if (deciding && !ui.menu) {
    for (const c of opts.choices) {
      if (c.kind !== "pass" && c.kind !== "swap") continue;
      const label = words.choiceButton(c);
      const full = words.choiceLabel(view, opts, c);
      extra.append(el("button", {
        type: "button", class: `choice choice-${c.kind}`, "data-testid": `choice-${c.kind}`, "data-token": c.token,
        title: full, "aria-label": full, text: label, onclick: () => pick(c.token),
      }));
    }
  }
  const menu = $("#choice-menu");
  menu.replaceChildren();
  menu.hidden = !ui.menu;
  if (ui.menu) {
    for (const c of ui.menu.choices) {
      menu.append(el("button", {
        type: "button", class: `choice choice-${c.kind}`, "data-testid": "menu-choice", "data-token": c.token,
        text: words.choiceLabel(ui.view, ui.opts, c), onclick: () => {
          ui.menu = null;
          pick(c.token);
        },
      }));
    }
    menu.append(el("button", {
      type: "button", class: "choice cancel", text: t("choice.cancel"), onclick: () => {
        ui.menu = null;
        render();
      },
    }));
  }
  updateBusy();
}

function pipLayout(n) {
  return {
    1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9],
  }[n] || [];
}

function dieFace(node, value) {
  node.replaceChildren();
  node.dataset.value = value ? String(value) : "";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", value ? t("die.showing", { value }) : t("die.blank"));
  const pips = new Set(pipLayout(value));
  for (let k = 1; k <= 9; k++) node.append(el("span", { class: pips.has(k) ? "pip on" : "pip" }));
}

function renderDice(dice, view) {
  const box = $("#dice");
  const count = view.chance && view.roll ? view.roll.dice : dice.length;
  const show = view.chance ? [] : dice;
  if (box.classList.contains("spinning")) return;
  box.replaceChildren();
  const n = Math.max(count, show.length);
  const swapped = ui.opts && ui.partial.length && ui.partial[0].startsWith("x") ? Number(ui.partial[0][1]) : null;
  let swapMarked = false;
  for (let i = 0; i < n; i++) {
    const d = el("div", { class: "die", "data-testid": "die" });
    dieFace(d, show[i] || 0);
    if (!show[i]) d.classList.add("blank");
    if (swapped && show[i] === swapped && !swapMarked) {
      d.classList.add("from-boat");
      swapMarked = true;
    }
    box.append(d);
  }
  box.dataset.values = show.join(",");
}

function spinDice(count) {
  const box = $("#dice");
  box.replaceChildren();
  const dice = [];
  for (let i = 0; i < count; i++) {
    const d = el("div", { class: "die rolling", "data-testid": "die" });
    dieFace(d, 1 + Math.floor(Math.random() * 6));
    box.append(d);
    dice.push(d);
  }
  box.classList.add("spinning");
  const started = performance.now();
  const timer = reducedMotion.matches ? null : setInterval(() => {
    for (const d of dice) dieFace(d, 1 + Math.floor(Math.random() * 6));
  }, 70);
  return {
    async stop(values) {
      const left = 520 - (performance.now() - started);
      if (values && left > 0 && !reducedMotion.matches) await sleep(left);
      if (timer) clearInterval(timer);
      box.classList.remove("spinning");
      dice.forEach((d, i) => {
        d.classList.remove("rolling");
        if (values) dieFace(d, values[i]);
        d.classList.add("landed");
      });
    },
  };
}

function renderPlayers(supply) {
  const view = ui.view;
  const box = $("#players");
  box.replaceChildren();
  const table = el("div", { class: "player-rows", role: "list" });
  for (const p of view.players) {
    const i = p.index;
    const current = !view.over && view.current === i && !p.neutral;
    const row = el("div", {
      class: `player-row col-${p.colour}${current ? " current" : ""}${p.neutral ? " neutral" : ""}`,
      role: "listitem", "data-testid": `player-${i}`, "data-seat": i,
      "aria-current": current ? "true" : null,
    });
    const supplyDots = el("span", {
      class: "supply", "data-testid": `supply-${i}`, "data-supply": supply[i],
      role: "img", "aria-label": t("supply.label", { count: supply[i] }), title: t("supply.title"),
    });
    for (let k = 0; k < 5; k++) supplyDots.append(el("span", { class: k < supply[i] ? "dot on" : "dot" }));
    const forts = view.position.forts.filter((f) => f.owner === i).length;
    const vps = view.position.forts.filter((f) => f.vp === i).length;
    row.append(
      shapeChip(p.colour, p.shape),
      el("span", { class: "player-name" },
        el("span", { class: "name-text", text: words.playerName(view, p.index) }),
        p.kind.startsWith("computer:") ? el("span", { class: "badge", text: words.levelName(p.kind.split(":")[1]) }) : null),
      supplyDots,
      el("span", { class: "tokens", role: "img", title: t("tokens.title"), "aria-label": t("tokens.label", { forts, vps }), text: `${forts}⚑ ${vps ? vps + "★" : ""}`.trim() }),
      el("span", { class: "points", "data-testid": `score-${i}`, "data-points": view.points[i], title: t("points.title"), text: String(view.points[i]) }),
    );
    table.append(row);
  }
  box.append(table);
  $("#forts-left").textContent = view.over ? "" : t("fortsLeft", { count: view.uncaptured });
}

function renderLog() {
  const view = ui.view;
  const list = $("#log");
  if (view.log.length < ui.logShown) {
    list.replaceChildren();
    ui.logShown = 0;
  }
  for (let i = ui.logShown; i < view.log.length; i++) {
    const entry = view.log[i];
    const p = entry.player !== null && entry.player !== undefined ? playerOf(entry.player) : null;
    const li = el("li", { class: `log-${entry.kind}${p ? ` col-${p.colour}` : ""}` });
    if (p) li.append(el("span", { class: "log-chip", "aria-hidden": "true" }));
    li.append(el("span", { text: words.logLine(view, entry) }));
    list.append(li);
  }
  if (view.log.length !== ui.logShown) {
    ui.logShown = view.log.length;
    list.scrollTop = list.scrollHeight;
  }
}

// ------------------------------------------------------------------ events: captures and the end

function toast(html, cls = "") {
  const box = $("#toasts");
  // captures and the start player are read out with the log (a11y.js): not twice
  const echoed = cls === "capture" || cls === "start";
  const t = el("div", { class: `toast ${cls}`, role: echoed ? null : "status" });
  t.append(...html);
  box.append(t);
  setTimeout(() => t.classList.add("gone"), 4200);
  setTimeout(() => t.remove(), 4700);
  while (box.children.length > 3) box.firstChild.remove();
}

function playEvents(events) {
  const b = board();
  for (const ev of events || []) {
    if (ev.type === "capture") {
      const p = playerOf(ev.player);
      const words_ = words.captureToast(ui.view, ev);
      const parts = [shapeChip(p.colour, p.shape), el("span", { "data-testid": "capture-toast", text: words_.main })];
      if (words_.sub) parts.push(" ", el("span", { class: "toast-sub", text: words_.sub }));
      toast(parts, "capture");
      const fort = b.querySelector(`.fort[data-fort="${ev.fort}"]`);
      if (fort) {
        fort.classList.remove("just-captured");
        void fort.getBoundingClientRect();
        fort.classList.add("just-captured");
        setTimeout(() => fort.classList.remove("just-captured"), 1600);
      }
    } else if (ev.type === "start") {
      const p = playerOf(ev.player);
      toast([shapeChip(p.colour, p.shape), el("span", { text: t("toast.starts", { name: words.playerName(ui.view, ev.player) }) })], "start");
    } else if (ev.type === "game_over") {
      setTimeout(showEnd, reducedMotion.matches ? 50 : 1100);
    }
  }
}

function showEnd() {
  const view = ui.view;
  if (!view || !view.over) return;
  const res = view.result;
  ui.endShown = true;
  $("#end-title").textContent = t("end.wins", { name: res.winner_name });
  const reason = words.tiebreakText(res.decided_by, view.german_tiebreak);
  $("#end-sub").textContent = reason ? t("end.tiebreak", { reason }) : "";
  const list = $("#ranking");
  list.replaceChildren();
  const order = [...res.ranking];
  for (const p of res.players) if (!order.includes(p.index)) order.push(p.index);
  for (const seat of order) {
    const p = res.players.find((q) => q.index === seat);
    const forts = words.fortList(p.forts);
    const vps = words.vpList(p.vp_tokens);
    list.append(el("li", { class: `rank-row col-${p.colour}${seat === res.winner ? " winner" : ""}`, "data-testid": `rank-${seat}`, "data-points": p.points },
      shapeChip(p.colour, p.shape),
      el("div", { class: "rank-main" },
        el("div", { class: "rank-head" },
          el("strong", { text: words.playerName(view, p.index) }),
          el("span", { class: "rank-points", text: t("end.points", { count: p.points }) })),
        el("div", { class: "rank-detail", text: t("end.detail", { forts: p.fort_points, vp: p.vp_points, count: p.tokens }) }),
        el("div", { class: "rank-forts", text: vps ? t("end.fortsAndVp", { forts, list: vps }) : forts }))));
  }
  $("#end-note").textContent = res.neutral_ahead
    ? t("end.neutralAhead", { count: res.neutral_points })
    : "";
  $("#end-screen").hidden = false;
  $("#end-new").focus();
  renderTurnCard(null);
}

// ------------------------------------------------------------------ computer players

function scheduleComputer() {
  clearTimeout(ui.computerTimer);
  const view = ui.view;
  if (!view || view.over || !view.actor_kind || !view.actor_kind.startsWith("computer:")) return;
  const step = view.step;
  ui.computerTimer = setTimeout(async () => {
    if (!ui.view || ui.view.step !== step || replay.active) return;
    let spin = null;
    if (view.chance) spin = spinDice(view.roll ? Math.max(1, view.roll.dice) : 2);
    let res;
    try {
      res = await call("computer", { step });
    } catch {
      if (spin) spin.stop(null);
      return;
    }
    if (spin) await spin.stop(res.rolled ? res.rolled.dice : null);
    if (!ui.view || ui.view.step !== step || replay.active) return;
    applyView(res.view, res.events);
  }, reducedMotion.matches ? 150 : 650);
}

// ------------------------------------------------------------------ saved games and replay

function notify(text) {
  toast([el("span", { text })]);
}

// library.js: autosave after every step (the record: seed and steps), resume on reload, the
// saved-games list, export and import (validated by the engine).
const library = createLibrary({
  request: (type, payload) => ui.engine.request(type, payload),
  enter: async (view, partial) => {
    replay.stop({ silent: true });
    enterGame(view, []);
    await restoreChoices(partial);
  },
  notify,
  onGameOnBoard: () => ($("#app").dataset.screen === "game" ? ui.view : null),
});

// The move that was being composed when the page was left: the same choices again.
async function restoreChoices(partial) {
  if (!partial || !partial.length || !isHumanTurn() || ui.view.chance) return;
  try {
    const opts = await ui.engine.request("options", { partial, step: ui.view.step });
    ui.partial = partial.slice();
    ui.opts = opts;
    render();
  } catch {
    // they no longer fit: the move starts afresh
  }
}

// replay.js: step through the history of the game on the board; the board and the log show
// the past position, read-only (isHumanTurn() is false, the computer waits).
const replay = createReplay({
  request: (type, payload) => call(type, payload),
  show: (view, { at, total, jump }) => {
    ui.view = view;
    ui.opts = null;
    ui.partial = [];
    ui.menu = null;
    $("#app").dataset.replayStep = String(at);
    render({ fresh: jump });
    replayPrompt(at, total);
  },
  resume: async () => {
    delete $("#app").dataset.replayStep;
    let view;
    try {
      view = await call("view", {});
    } catch {
      return;
    }
    applyView(view, [], { fresh: true });
  },
  host: $("#play"),
});

function replayPrompt(at, total) {
  const last = $("#log li:last-child");
  $("#prompt").textContent = at === 0 ? t("replay.atStart") : last ? last.textContent : t("replay.position", { at, total });
}

function startReplay() {
  if (!ui.view || $("#app").dataset.screen !== "game") {
    showError({ i18n: t("replay.noGame") });
    return;
  }
  if (replay.active) return;
  clearTimeout(ui.computerTimer);
  $("#end-screen").hidden = true;
  replay.start(ui.view);
  $("#app").dataset.replayStep = String(ui.view.step);
  render();
  replayPrompt(ui.view.step, ui.view.step);
}

// ------------------------------------------------------------------ wiring

function initMenu() {
  const button = $("#menu-button");
  const menu = $("#menu");
  const close = () => {
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
  };
  button.addEventListener("click", (e) => {
    e.stopPropagation();
    menu.hidden = !menu.hidden;
    button.setAttribute("aria-expanded", String(!menu.hidden));
  });
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target)) close();
  });
  menu.addEventListener("click", (e) => {
    const action = e.target.closest("[data-action]")?.dataset.action;
    close();
    if (action === "new-game") {
      if (ui.view && !ui.view.over && !window.confirm(t("confirm.leave"))) return;
      toSetup();
    } else if (action === "save") library.exportCurrent();
    else if (action === "library") library.openDialog();
    else if (action === "replay") startReplay();
    else if (action === "open") $("#open-file").click();
    else if (action === "rules") openRules(button);
  });
  $("#open-file").addEventListener("change", (e) => {
    library.importFile(e.target.files[0]);
    e.target.value = "";
  });
  $("#rules-close").addEventListener("click", () => { $("#rules").hidden = true; });
}

// Everything drawn from data is drawn again in the new language; static texts follow their
// data-i18n keys (i18n.js).
function retranslate() {
  words.translateBoards();
  ui.loading?.retranslate();
  renderSetupPlayers();
  library.refreshResume();
  replay.relabel?.();
  if (ui.view) {
    $("#log").replaceChildren();
    ui.logShown = 0;
    render();
    if (ui.endShown && !$("#end-screen").hidden) showEnd();
  }
}

function initLanguage() {
  const box = $("#menu-languages");
  if (box) box.append(...languageButtons("lang-choice"));
  words.translateBoards();
  onLanguage(retranslate);
}

function init() {
  showMap("cambria");
  initLanguage();
  initA11y();
  initRules();
  initTutorial();
  initSetup();
  initMenu();
  for (const b of $$("svg.board")) {
    b.addEventListener("click", onBoardClick);
    b.addEventListener("keydown", onBoardKey);
    resetLegion(b);
  }
  $("#roll").addEventListener("click", roll);
  $("#undo").addEventListener("click", undo);
  $("#hint").addEventListener("click", hint);
  $("#confirm").addEventListener("click", confirmMove);
  $("#error-close").addEventListener("click", clearError);
  $("#end-new").addEventListener("click", toSetup);
  $("#end-board").addEventListener("click", () => {
    $("#end-screen").hidden = true;
    renderTurnCard(null);
  });
  $("#show-result").addEventListener("click", showEnd);
  $("#end-save").addEventListener("click", () => library.exportCurrent());
  $("#end-replay")?.addEventListener("click", startReplay);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      if (!$("#rules").hidden) $("#rules").hidden = true;
      else if (ui.menu) {
        ui.menu = null;
        render();
      }
    }
  });
  library.attachResume($("#resume"));
  const resuming = library.resumable();
  if (resuming) {
    // a game was on the board when the page was left: it comes back once the engine is up
    showMap(resuming.record.map);
    $("#setup").hidden = true;
  }
  startEngine();
}

init();
