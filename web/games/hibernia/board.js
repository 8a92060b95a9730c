// Hibernia's board drawing: soldiers as a count per county, the markers on the track, the
// shield and the supplies, the counties that may be tapped, and the scoring walk animated.
//
// The drawing (the map of Ireland with its hooks: g.county, g.troop-spot, g.track-space with
// g.marker-slot, g.shield-slot, g.supply-slot) comes with the page, made by
// cambria/games/hibernia/svg.py; this module fills the hooks from what the engine sends
// (through web/board.js) and decides nothing.  Elements are "county:MEA".

import { countyLabel } from "./words.js";
import { playerName } from "../../words.js";
import { drawMoment } from "../../dom.js";

const SVGNS = "http://www.w3.org/2000/svg";
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
const CHOICE_CLASSES = ["legal", "legal-county", "legal-source", "selected", "last-move", "changed"];
const STEP_MS = 260;

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** A chip of a player's colour and shape with a number on it (drawn at 0,0 of its hook). */
function chip(svg, player, count, r = 13) {
  // the county's or box's own label says what stands there: the chip is drawing only
  const g = svgEl("g", { class: `hib-chip col-${player ? player.colour : "neutral"}`, "data-count": count, "aria-hidden": "true" });
  const size = r * 2;
  g.append(svgEl("use", { href: `#${svg.dataset.map}-shape-${player ? player.shape : "cross"}`, x: -r, y: -r, width: size, height: size }));
  if (count !== null) {
    const text = svgEl("text", { class: "chip-count", "text-anchor": "middle", "dominant-baseline": "central", y: 0.5 });
    text.textContent = String(count);
    g.append(text);
  }
  return g;
}

function playerOf(players, seat) {
  return players.find((p) => p.index === seat) || null;
}

function countyNode(svg, id) {
  return svg.querySelector(`.county[data-county="${id}"]`);
}

/** The node of an element ("county:MEA" -> its county), or null. */
export function nodeOf(svg, element) {
  const [kind, id] = String(element).split(":");
  return kind === "county" && /^[A-Z]{2,5}$/.test(id) ? countyNode(svg, id) : null;
}

/** The element a node of the drawing stands for, or null. */
export function elementOf(node) {
  const target = node && node.closest ? node.closest(".county[data-county]") : null;
  return target ? `county:${target.dataset.county}` : null;
}

/** The tapped element among `elements` (a tap anywhere in a county is on it). */
export function hit(svg, event, elements) {
  const element = elementOf(event.target);
  return element && elements.includes(element) ? element : null;
}

function troops(svg) {
  let layer = svg.querySelector(".hib-troops");
  if (!layer) {
    layer = svgEl("g", { class: "hib-troops", "aria-hidden": "true" });
    svg.querySelector(".fx").before(layer);
  }
  return layer;
}

// the drawing holds the counties in board order, the order of the position's lists
function drawCounties(svg, pos, players) {
  svg.querySelectorAll(".county").forEach((node, i) => {
    const spot = svg.querySelector(`#${svg.dataset.map}-spot-${node.dataset.county}-0`);
    if (!spot) return;
    const owner = pos.owner[i];
    const count = pos.count[i];
    const key = owner === null || owner === undefined ? "" : `${owner}:${count}`;
    if (spot.dataset.shown !== key) {
      // the chips stand in a layer of their own above the counties: a county's name is all
      // the text inside it (its accessible name holds it), the count is said by the log
      const layer = troops(svg);
      layer.querySelector(`[data-county="${node.dataset.county}"]`)?.remove();
      if (key) {
        const c = chip(svg, playerOf(players, owner), count);
        c.dataset.county = node.dataset.county;
        c.setAttribute("transform", `translate(${spot.dataset.x} ${spot.dataset.y})`);
        layer.append(c);
      }
      spot.dataset.shown = key;
    }
    if (key) node.dataset.owner = String(owner);
    else delete node.dataset.owner;
    node.dataset.count = String(count || 0);
    // a screen reader hears the county, who holds it and with how many soldiers
    const label = countyLabel({
      id: node.dataset.county, colour: node.dataset.colour, fort: node.dataset.fort === "true",
      holder: key ? playerName(players, owner) : null, count: count || 0,
    });
    if (node.getAttribute("aria-label") !== label) node.setAttribute("aria-label", label);
  });
}

function drawTrack(svg, pos, players) {
  const layer = svg.querySelector(".track");
  for (const m of Array.from(layer.querySelectorAll(".hib-marker"))) {
    const seat = Number(m.dataset.seat);
    if (!players.some((p) => p.index === seat && !p.neutral)) m.remove();
  }
  for (const p of players) {
    if (p.neutral) continue;
    const seat = p.index;
    let marker = layer.querySelector(`.hib-marker[data-seat="${seat}"]`);
    if (!marker) {
      marker = chip(svg, p, null, 9);
      marker.classList.add("hib-marker");
      marker.dataset.seat = String(seat);
      layer.append(marker);
    }
    if (marker.dataset.walking) continue; // the walk puts it where it ends
    placeMarker(svg, marker, pos.space[seat], seat);
    marker.dataset.space = String(pos.space[seat]);
    marker.dataset.lap = String(pos.lap[seat]);
  }
}

function placeMarker(svg, marker, space, seat) {
  const slot = svg.querySelector(`#${svg.dataset.map}-space-${space} .marker-slot[data-slot="${seat}"]`);
  if (!slot) return;
  marker.setAttribute("transform", `translate(${slot.dataset.x} ${slot.dataset.y})`);
}

function drawBoxes(svg, pos, players) {
  for (const kind of ["shield", "supply"]) {
    for (let k = 0; k < 4; k++) {
      const slot = svg.querySelector(`#${svg.dataset.map}-${kind}-slot-${k}`);
      if (!slot) continue;
      const p = playerOf(players, k);
      const n = kind === "shield" ? pos.shield[k] : pos.supply[k];
      const key = p ? `${p.colour}:${n}` : "";
      if (slot.dataset.shown === key) continue;
      for (const old of Array.from(slot.querySelectorAll(".hib-chip"))) old.remove();
      if (p) slot.append(chip(svg, p, n));
      slot.dataset.shown = key;
      slot.dataset.count = String(n);
    }
  }
}

function drawChoices(svg, { choices, selected, lastMove, changed, describe }) {
  for (const node of svg.querySelectorAll(CHOICE_CLASSES.map((c) => `.${c}`).join(", "))) node.classList.remove(...CHOICE_CLASSES);
  for (const node of svg.querySelectorAll("[data-choice]")) {
    node.removeAttribute("data-choice");
    node.removeAttribute("tabindex");
    node.removeAttribute("aria-description");
  }
  if (lastMove) for (const i of lastMove.counties || []) svg.querySelectorAll(".county")[i]?.classList.add("last-move");
  for (const i of changed || []) svg.querySelectorAll(".county")[i]?.classList.add("changed");
  for (const [element, list] of choices) {
    const node = nodeOf(svg, element);
    if (!node) continue;
    node.dataset.choice = element;
    node.classList.add("legal", list.some((c) => c.kind === "source") ? "legal-source" : "legal-county");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-description", describe(list));
    if (selected === element) node.classList.add("selected");
  }
  svg.classList.toggle("choosing", choices.size > 0);
}

export function draw(svg, state) {
  const { position, preview, players } = state;
  const pos = preview ? { ...position, ...preview } : position;
  drawCounties(svg, pos, players);
  drawTrack(svg, pos, players);
  drawBoxes(svg, pos, players);
  drawChoices(svg, { ...state, changed: preview ? preview.changed : [] });
  if (state.moves && !state.fresh) walkMarkers(svg, state.moves);
  momentMarks(svg, state.marks);
}

/** A mistake's moment (web/moment.js): the counties each move touched (board order), outlined
 * (dom.js drawMoment: solid for the move played, dashed for the better). */
function momentMarks(svg, marks) {
  const counties = svg.querySelectorAll(".county");
  drawMoment(svg, marks, (kind, touched) => (touched.counties || []).map((i) => [counties[i],
    (part) => svgEl("use", { class: part, href: `#${svg.dataset.map}-region-${counties[i].dataset.county}` })]),
  (element) => { // "county:i": the soldiers' spot of county i (board order); "supply:k": seat k's in the box
    const [kind, i] = element.split(":");
    const node = kind === "county" ? counties[Number(i)] : null;
    const spot = node ? svg.querySelector(`#${svg.dataset.map}-spot-${node.dataset.county}-0`)
      : kind === "supply" ? svg.querySelector(`#${svg.dataset.map}-supply-slot-${Number(i)}`) : null;
    return spot ? [Number(spot.dataset.x), Number(spot.dataset.y)] : null;
  });
}

/** The scoring walk: the marker goes space by space along the track (at once with reduced motion). */
function walkMarkers(svg, effects) {
  const steps = effects.filter((e) => e.type === "step");
  if (!steps.length || reducedMotion.matches) return;
  const seat = steps[0].player;
  const marker = svg.querySelector(`.hib-marker[data-seat="${seat}"]`);
  if (!marker || marker.dataset.walking) return;
  marker.dataset.walking = "1";
  marker.classList.add("walking");
  const from = Number(marker.dataset.space);
  placeMarker(svg, marker, from, seat);
  steps.forEach((e, k) => {
    setTimeout(() => placeMarker(svg, marker, e.space, seat), STEP_MS * (k + 1));
  });
  setTimeout(() => {
    delete marker.dataset.walking;
    marker.classList.remove("walking");
    const last = steps[steps.length - 1];
    marker.dataset.space = String(last.space);
    placeMarker(svg, marker, last.space, seat);
  }, STEP_MS * (steps.length + 1));
}

/** What happened beyond the pieces: a fight flashes its county. */
export function animate(svg, events) {
  for (const e of events || []) {
    if (e.type !== "combat") continue;
    const node = svg.querySelectorAll(".county")[e.county];
    if (!node) continue;
    node.classList.remove("fight");
    void node.getBoundingClientRect();
    node.classList.add("fight");
    setTimeout(() => node.classList.remove("fight"), reducedMotion.matches ? 50 : 1200);
  }
}

export function clear(svg) {
  svg.querySelector(".hib-troops")?.replaceChildren();
  for (const node of svg.querySelectorAll(".troop-spot, .shield-slot, .supply-slot")) {
    for (const c of Array.from(node.querySelectorAll(".hib-chip"))) c.remove();
    delete node.dataset.shown;
  }
  for (const m of Array.from(svg.querySelectorAll(".hib-marker"))) m.remove();
  for (const node of svg.querySelectorAll(".county")) {
    node.classList.remove(...CHOICE_CLASSES, "fight");
    delete node.dataset.owner;
    node.removeAttribute("data-choice");
    node.removeAttribute("tabindex");
  }
  svg.classList.remove("choosing");
  momentMarks(svg, null);
}
