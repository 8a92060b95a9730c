// Cambria's board drawing: warriors on roads and boats, the legion, forts and their flags, the
// highlighted choices, taps snapped to the nearest choice, and what a step did, animated.
//
// The drawing itself (the SVG with roads, forts, boats and empty layers) comes with the page,
// made by cambria/games/cambria/svg.py; this module only sets classes, data attributes and the
// pieces in it.  It decides nothing: positions, choices and effects come from the engine
// through the board component (web/board.js), which calls
//
//   draw(svg, {position, preview, players, choices, selected, lastMove, recent, status, hidden,
//              inspected, marks, moves, fresh, describe})
//   hit(svg, event, elements) -> element | null      elementOf(node) -> element | null
//   inspect(svg, event) -> {kind: "fort", fort} | null   (a tap on a fort asks about it)
//   animate(svg, events)      clear(svg)
//
// Elements are the engine's names for what can be tapped: "road:12", "boat:3".  Who leads each
// fort, what the others just did and which warriors a roll could knock off are drawn by
// ./overlay.js from the view.

import { fortAt, fortRings, knockMarks, recentMarks } from "./overlay.js";
import { drawMoment } from "../../dom.js";

const SVGNS = "http://www.w3.org/2000/svg";
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
const CHOICE_CLASSES = ["legal", "selected", "last-move", "legal-source", "lift-marked", "legal-place", "legal-legion", "legal-boat",
  "legal-swap", "legal-setup", "legal-neutral"];

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function placeAt(node, x, y) {
  node.style.transform = `translate(${x}px, ${y}px)`;
}

function slotNode(svg, road) {
  return svg.querySelector(`.slot[data-road="${Number(road)}"]`);
}

/** Fort `fort`'s VP token (in a layer above the pieces), or null for a fort without one. */
function vpToken(svg, fort) {
  return svg.querySelector(`.vp-token[data-fort="${Number(fort)}"]`);
}

function boatNode(svg, boat) {
  return svg.querySelector(`.boat[data-boat="${Number(boat)}"]`);
}

/** The node of an element ("road:12" -> its slot, "boat:3" -> the boat), or null. */
export function nodeOf(svg, element) {
  const [kind, id] = String(element).split(":");
  if (kind === "road") return slotNode(svg, id);
  if (kind === "boat") return boatNode(svg, id);
  return null;
}

/** The element a node of the drawing stands for, or null. */
export function elementOf(node) {
  const target = node && node.closest ? node.closest("[data-road], [data-boat]") : null;
  if (!target) return null;
  return target.dataset.road !== undefined ? `road:${target.dataset.road}` : `boat:${target.dataset.boat}`;
}

// "r12" is road 12's slot, "b3" boat 3's seat: where a warrior stands
function locPoint(svg, loc) {
  if (loc[0] === "r") {
    const slot = slotNode(svg, loc.slice(1));
    return [Number(slot.dataset.x), Number(slot.dataset.y)];
  }
  const boat = boatNode(svg, loc.slice(1));
  return [Number(boat.dataset.x) - 16, Number(boat.dataset.y) - 11];
}

function locOf(where) {
  if (!where || typeof where !== "object") return null;
  if (where.road !== undefined) return `r${where.road}`;
  if (where.boat !== undefined) return `b${where.boat}`;
  return null;
}

/** Warriors that went from one place to another in these effects: [[from, to], ...]. */
function movesOf(effects) {
  const out = [];
  for (const e of effects || []) {
    const from = locOf(e.from);
    if (!from) continue;
    if (e.type === "place") out.push([from, `r${e.road}`]);
    else if (e.type === "boat") out.push([from, `b${e.boat}`]);
  }
  return out;
}

function makeWarrior(svg, players, seat) {
  const p = players.find((q) => q.index === seat);
  const colour = p ? p.colour : "neutral";
  const shape = p ? p.shape : "cross";
  const g = svgEl("g", { class: `warrior col-${colour}`, "data-owner": seat, "data-colour": colour });
  g.append(svgEl("use", { href: `#${svg.dataset.map}-shape-${shape}`, x: -16, y: -16, width: 32, height: 32 }));
  return g;
}

/** The position to draw: the engine's, or its preview of the decision being composed. */
function shownPosition(position, preview) {
  if (!preview) return position;
  return { ...position, roads: preview.roads, legion: preview.legion, boats: preview.boats, supply: preview.supply };
}

function drawPieces(svg, pos, players, { moves, fresh, pending }) {
  const layer = svg.querySelector(".warriors");
  const want = new Map();
  pos.roads.forEach((o, r) => {
    if (o !== null && o >= 0) want.set(`r${r}`, o);
  });
  for (const [n, o] of Object.entries(pos.boats)) if (o !== null && o >= 0) want.set(`b${n}`, o);
  const have = new Map();
  for (const node of Array.from(layer.children)) {
    if (!node.classList.contains("leaving")) have.set(node.dataset.loc, node);
  }
  // a warrior the effects moved glides to its new place (nothing is guessed: the effects say so)
  if (!fresh) {
    for (const [from, to] of movesOf(moves)) {
      const node = have.get(from);
      if (!node || want.get(from) === Number(node.dataset.owner) || have.has(to)) continue;
      if (want.get(to) !== Number(node.dataset.owner)) continue;
      have.delete(from);
      have.set(to, node);
      node.dataset.loc = to;
      placeAt(node, ...locPoint(svg, to));
    }
  }
  for (const [loc, node] of have) {
    if (want.get(loc) === Number(node.dataset.owner)) continue;
    if (fresh || reducedMotion.matches) {
      node.remove();
    } else {
      node.classList.add("leaving");
      node.removeAttribute("data-loc");
      setTimeout(() => node.remove(), 420);
    }
    have.delete(loc);
  }
  for (const [loc, owner] of want) {
    if (have.has(loc)) continue;
    const node = makeWarrior(svg, players, owner);
    node.dataset.loc = loc;
    placeAt(node, ...locPoint(svg, loc));
    if (!fresh) {
      node.classList.add("arriving");
      setTimeout(() => node.classList.remove("arriving"), 450);
    }
    layer.append(node);
  }
  // unconfirmed pieces, and the owner of each road and boat for styling and tests
  for (const node of layer.children) node.classList.toggle("pending", pending.has(node.dataset.loc));
  for (const slot of svg.querySelectorAll(".slot")) {
    const o = pos.roads[Number(slot.dataset.road)];
    if (o !== null && o >= 0) slot.dataset.owner = String(o);
    else delete slot.dataset.owner;
    slot.classList.toggle("has-legion", pos.legion === Number(slot.dataset.road));
  }
  for (const boat of svg.querySelectorAll(".boat")) {
    const o = pos.boats[boat.dataset.boat];
    if (o !== null && o !== undefined && o >= 0) boat.dataset.owner = String(o);
    else delete boat.dataset.owner;
  }
  const legion = svg.querySelector(".legion");
  if (pos.legion === null || pos.legion === undefined) {
    resetLegion(svg);
  } else {
    const [x, y] = locPoint(svg, `r${pos.legion}`);
    placeAt(legion, x, y - 4);
    legion.dataset.road = String(pos.legion);
    legion.classList.remove("home");
  }
  legion.classList.toggle("pending", pending.has("legion"));
}

function resetLegion(svg) {
  const legion = svg.querySelector(".legion");
  const eagle = svg.querySelector(".eagle");
  placeAt(legion, Number(eagle.dataset.x), Number(eagle.dataset.y) - 6);
  delete legion.dataset.road;
  legion.classList.add("home");
}

function drawForts(svg, forts, players, lastForts, hidden, inspected) {
  forts.forEach((f, i) => {
    const node = svg.querySelector(`.fort[data-fort="${i}"]`);
    if (!node) return;
    // a claim not revealed yet (the end, fort by fort): the fort as it was, its VP token still on it
    const veiled = hidden && hidden.has(i);
    const owner = veiled ? null : f.owner;
    if (owner !== null && owner !== undefined) {
      const p = players.find((q) => q.index === owner);
      node.dataset.owner = String(owner);
      node.classList.add("captured");
      for (const c of Array.from(node.classList)) if (c.startsWith("col-")) node.classList.remove(c);
      node.classList.add(`col-${p ? p.colour : "neutral"}`);
      node.querySelector(".flag-shape").setAttribute("href", `#${svg.dataset.map}-shape-${p ? p.shape : "cross"}`);
    } else {
      delete node.dataset.owner;
      node.classList.remove("captured");
    }
    if (veiled) node.dataset.vp = vpToken(svg, i) ? "board" : "none";
    else node.dataset.vp = typeof f.vp === "number" ? "taken" : f.vp;
    vpToken(svg, i)?.classList.toggle("gone", node.dataset.vp !== "board");
    node.classList.toggle("last-capture", lastForts.has(i));
    node.classList.toggle("inspected", inspected === i);
  });
}

function clearChoices(svg) {
  for (const node of svg.querySelectorAll(CHOICE_CLASSES.map((c) => `.${c}`).join(", "))) {
    node.classList.remove(...CHOICE_CLASSES);
  }
  for (const node of svg.querySelectorAll("[data-choice]")) {
    node.removeAttribute("data-choice");
    node.removeAttribute("tabindex");
    node.removeAttribute("aria-description");
  }
}

function drawChoices(svg, { choices, selected, lastMove, describe }) {
  clearChoices(svg);
  if (lastMove) {
    for (const r of lastMove.roads || []) slotNode(svg, r)?.classList.add("last-move");
    for (const n of lastMove.boats || []) boatNode(svg, n)?.classList.add("last-move");
  }
  for (const [element, list] of choices) {
    const node = nodeOf(svg, element);
    if (!node) continue;
    node.classList.add("legal");
    node.dataset.choice = element; // the board component's focusable choices (a11y.js)
    for (const c of list) node.classList.add(`legal-${c.kind === "boat_source" ? "source" : c.kind}`);
    if (list.some((c) => c.kind === "source" || c.kind === "boat_source")) {
      node.classList.add("legal-source");
      const loc = node.dataset.road !== undefined ? `r${node.dataset.road}` : `b${node.dataset.boat}`;
      const warrior = svg.querySelector(`.warrior[data-loc="${loc}"]`);
      warrior?.classList.add("legal-source");
      if (list.some((c) => c.chosen)) {
        // the warrior that moves if the player confirms (the engine's proposal, or her pick)
        node.classList.add("lift-marked");
        warrior?.classList.add("lift-marked");
      }
    }
    if (node.dataset.road !== undefined) svg.querySelector(`.road[data-road-line="${node.dataset.road}"]`)?.classList.add("legal");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-description", describe(list));
    if (selected === element) node.classList.add("selected");
  }
  svg.classList.toggle("choosing", choices.size > 0);
}

/** Draw a state of the board component (see the top of this file). */
export function draw(svg, state) {
  const pos = shownPosition(state.position, state.preview);
  const pending = new Set();
  if (state.preview) {
    for (const r of state.preview.changed_roads || []) pending.add(`r${r}`);
    for (const n of state.preview.changed_boats || []) pending.add(`b${n}`);
    if ((state.preview.effects || []).some((e) => e.type === "legion")) pending.add("legion");
  }
  drawPieces(svg, pos, state.players, { moves: state.moves, fresh: state.fresh, pending });
  const lastForts = new Set(state.preview ? [] : (state.lastMove && state.lastMove.forts) || []);
  const inspected = state.inspected && state.inspected.kind === "fort" ? state.inspected.fort : null;
  drawForts(svg, state.position.forts, state.players, lastForts, state.hidden, inspected);
  fortRings(svg, state.status, state.players, state.hidden);
  drawChoices(svg, { ...state, lastMove: state.preview ? null : state.lastMove });
  const recentKey = JSON.stringify(state.recent || []);
  if (svg.dataset.recent !== recentKey) {
    // flashed once when they first show: the others' moves, one after the other
    recentMarks(svg, state.recent, state.players, { flash: !state.fresh });
    svg.dataset.recent = recentKey;
  }
  knockMarks(svg, state.choices, pos);
  momentMarks(svg, state.marks);
}

/** A mistake's moment (web/moment.js): the roads, boats and forts each move touched, ringed
 * (dom.js drawMoment: solid for the move played, dashed for the better; a wider ring for the
 * better, so that a place both touched shows both). */
function momentMarks(svg, marks) {
  drawMoment(svg, marks, (kind, touched) => {
    const wider = kind === "better" ? 6 : 0;
    const ring = (node, r) => [node, (part) => svgEl("circle", { class: part, cx: node.dataset.x, cy: node.dataset.y, r: r + wider })];
    return [
      ...(touched.roads || []).map((r) => ring(slotNode(svg, r), 20)),
      ...(touched.boats || []).map((b) => ring(boatNode(svg, b), 20)),
      ...(touched.forts || []).map((f) => ring(svg.querySelector(`.fort[data-fort="${Number(f)}"]`), 30)),
    ];
  }, (element) => {
    const node = element === "eagle:0" ? svg.querySelector(".eagle") : nodeOf(svg, element);
    return node ? [Number(node.dataset.x), Number(node.dataset.y)] : null;
  });
}

/** A tap on a fort asks about it (its roads by player, who leads): {kind: "fort", fort}. */
export function inspect(svg, event) {
  const f = fortAt(event);
  return f === null || Number.isNaN(f) ? null : { kind: "fort", fort: f };
}

/** An empty board: no pieces, no flags, the legion on the eagle. */
export function clear(svg) {
  svg.querySelector(".warriors").replaceChildren();
  svg.querySelector(".marks")?.replaceChildren();
  momentMarks(svg, null);
  delete svg.dataset.recent;
  for (const n of svg.querySelectorAll(".fort-ring, .leader-flag")) n.remove();
  resetLegion(svg);
  for (const f of svg.querySelectorAll(".fort")) {
    f.classList.remove("captured", "just-captured", "last-capture");
    delete f.dataset.owner;
    const token = vpToken(svg, f.dataset.fort);
    f.dataset.vp = token ? "board" : "none";
    token?.classList.remove("gone");
  }
  for (const node of svg.querySelectorAll(".slot, .boat")) delete node.dataset.owner;
  clearChoices(svg);
  svg.classList.remove("choosing");
}

/** What a step did, shown on the board beyond the pieces: a captured fort flashes. */
export function animate(svg, events) {
  for (const ev of events || []) {
    if (ev.type !== "capture") continue;
    const fort = svg.querySelector(`.fort[data-fort="${Number(ev.fort)}"]`);
    if (!fort) continue;
    fort.classList.remove("just-captured");
    void fort.getBoundingClientRect(); // restart the animation
    fort.classList.add("just-captured");
    setTimeout(() => fort.classList.remove("just-captured"), 1600);
  }
}

// ------------------------------------------------------------------ taps

function boardPoint(svg, event) {
  const ctm = svg.getScreenCTM();
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

/**
 * The choice a tap means: a keyboard press (event.detail 0) on a choice is that choice; a
 * finger goes to the nearest highlighted road or boat, so that every choice can be hit even
 * where roads run close together.
 */
export function hit(svg, event, elements) {
  const direct = elementOf(event.target);
  if (direct && elements.includes(direct) && event.detail === 0) return direct;
  const pt = boardPoint(svg, event);
  if (!pt) return null;
  const [x, y, scale] = pt;
  const limit = Math.max(34, 40 / scale); // at least 40 CSS px (68 units on a phone) across
  let best = null;
  for (const element of elements) {
    const node = nodeOf(svg, element);
    if (!node) continue;
    let d;
    if (node.dataset.road !== undefined) {
      d = Math.hypot(x - Number(node.dataset.x), y - Number(node.dataset.y));
      const line = svg.querySelector(`.road[data-road-line="${node.dataset.road}"]`);
      if (line) {
        const a = ["x1", "y1", "x2", "y2"].map((k) => Number(line.getAttribute(k)));
        d = Math.min(d, distToSegment(x, y, ...a, 0.22, 0.78) + 4);
      }
    } else {
      d = Math.max(0, Math.hypot(x - Number(node.dataset.x), y - Number(node.dataset.y) + 4) - 14);
    }
    if (d <= limit && (!best || d < best.d)) best = { element, d };
  }
  return best ? best.element : null;
}
