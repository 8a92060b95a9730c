// What Cambria's board shows beyond the pieces, all from the engine's data:
//
//   fortRings(svg, status, players, hidden)   around each free fort one arc per road, in the
//       colours of the warriors on them (the leader's first), the legion's road dashed red,
//       free roads hollow; the leader's shape where the captor's flag goes (view.fort_status:
//       the rules' own first place; -1 when nobody leads alone)
//   recentMarks(svg, recent, players)  what the others did since this player's last decision
//       (view.recent): the roads and boats each touched, ringed in the mover's colour and
//       flashed one decision after the other; each warrior knocked off, shown as a faded ghost
//       beside the road it left
//   knockMarks(svg, choices)   the warriors a legal choice would send home (its `displaces`)
//   fortAt(event) -> index     the fort a tap landed on, or null
//
// Nothing is decided here: who leads, what was knocked off and what a choice would do come
// with the view and the choices.

const SVGNS = "http://www.w3.org/2000/svg";
const RING_R = 26; // around the fort's base (radius 21)
const GAP_DEG = 7;

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function colourOf(players, seat) {
  const p = players.find((q) => q.index === seat);
  return p ? p.colour : "neutral";
}

function shapeOf(players, seat) {
  const p = players.find((q) => q.index === seat);
  return p ? p.shape : "cross";
}

function arc(r, from, to) {
  const rad = (d) => ((d - 90) * Math.PI) / 180;
  const [x1, y1] = [r * Math.cos(rad(from)), r * Math.sin(rad(from))];
  const [x2, y2] = [r * Math.cos(rad(to)), r * Math.sin(rad(to))];
  const large = to - from > 180 ? 1 : 0;
  return `M${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 ${large} 1 ${x2.toFixed(2)},${y2.toFixed(2)}`;
}

/** The group inside a fort that is centred on it (svg.py draws the fort's parts in it). */
function fortCentre(node) {
  return node.querySelector(":scope > g[transform]");
}

function partOf(centre, cls, make) {
  let g = centre.querySelector(`:scope > .${cls}`);
  if (!g) {
    g = make();
    centre.append(g);
  }
  return g;
}

/** The arcs of one fort: [{kind, seat}] in drawing order, one per road. */
function arcsOf(s) {
  const seats = s.counts.map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
  seats.sort((a, b) => (a[0] === s.leader ? -1 : b[0] === s.leader ? 1 : b[1] - a[1] || a[0] - b[0]));
  const out = [];
  for (const [seat, n] of seats) for (let k = 0; k < n; k++) out.push({ kind: "taken", seat });
  if (s.legion) out.push({ kind: "legion", seat: null });
  while (out.length < s.roads) out.push({ kind: "free", seat: null });
  return out.slice(0, s.roads);
}

export function fortRings(svg, status, players, hidden) {
  if (!Array.isArray(status)) return;
  const map = svg.dataset.map;
  status.forEach((s, i) => {
    const node = svg.querySelector(`.fort[data-fort="${i}"]`);
    const centre = node && fortCentre(node);
    if (!centre) return;
    const ring = partOf(centre, "fort-ring", () => svgEl("g", { class: "fort-ring", "aria-hidden": "true" }));
    const flag = partOf(centre, "leader-flag", () => {
      const g = svgEl("g", { class: "leader-flag", transform: "translate(-19 -19)", "aria-hidden": "true" });
      g.append(svgEl("circle", { class: "flag-disc", r: 9.5 }), svgEl("use", { width: 13, height: 13, x: -6.5, y: -6.5 }));
      return g;
    });
    const free = !s.captured || (hidden && hidden.has(i));
    ring.replaceChildren();
    node.dataset.taken = String(s.taken);
    node.dataset.roads = String(s.roads);
    node.dataset.leader = String(s.leader);
    if (!free) {
      flag.style.display = "none";
      return;
    }
    const arcs = arcsOf(s);
    const span = 360 / arcs.length;
    arcs.forEach((a, k) => {
      const from = k * span + GAP_DEG / 2;
      const to = (k + 1) * span - GAP_DEG / 2;
      const d = arc(RING_R, from, to);
      if (a.kind === "taken") {
        ring.append(svgEl("path", { class: "arc-edge", d }));
        ring.append(svgEl("path", { class: `arc-taken col-${colourOf(players, a.seat)}`, d, "data-seat": a.seat }));
      } else {
        ring.append(svgEl("path", { class: `arc-${a.kind}`, d }));
      }
    });
    if (s.leader >= 0) {
      flag.style.display = "";
      flag.setAttribute("class", `leader-flag col-${colourOf(players, s.leader)}`);
      flag.dataset.seat = String(s.leader);
      flag.querySelector("use").setAttribute("href", `#${map}-shape-${shapeOf(players, s.leader)}`);
    } else {
      flag.style.display = "none";
      delete flag.dataset.seat;
    }
  });
}

function marksLayer(svg) {
  let layer = svg.querySelector(".marks");
  if (!layer) {
    layer = svgEl("g", { class: "marks", "aria-hidden": "true" });
    svg.querySelector(".warriors").after(layer);
  }
  return layer;
}

function slotPoint(svg, road) {
  const slot = svg.querySelector(`.slot[data-road="${Number(road)}"]`);
  return slot ? [Number(slot.dataset.x), Number(slot.dataset.y)] : null;
}

function boatPoint(svg, boat) {
  const node = svg.querySelector(`.boat[data-boat="${Number(boat)}"]`);
  return node ? [Number(node.dataset.x) - 16, Number(node.dataset.y) - 11] : null;
}

/** Rings and ghosts for the others' decisions since this player's last one. */
export function recentMarks(svg, recent, players, { flash = false } = {}) {
  const layer = marksLayer(svg);
  for (const n of layer.querySelectorAll(".recent-ring, .ghost")) n.remove();
  if (!Array.isArray(recent)) return;
  const map = svg.dataset.map;
  recent.forEach((d, order) => {
    const colour = colourOf(players, d.seat);
    const touched = d.touched || {};
    const points = [
      ...(touched.roads || []).map((r) => ["road", r, slotPoint(svg, r)]),
      ...(touched.boats || []).map((b) => ["boat", b, boatPoint(svg, b)]),
    ];
    for (const [kind, id, pt] of points) {
      if (!pt) continue;
      const ring = svgEl("circle", {
        class: `recent-ring col-${colour}${flash ? " flash" : ""}`, cx: pt[0], cy: pt[1], r: 18,
        "data-seat": d.seat, [`data-${kind}`]: id,
      });
      ring.style.setProperty("--order", String(order)); // through the CSSOM: the CSP has no inline styles
      layer.append(ring);
    }
    for (const e of d.knocked || []) {
      const pt = slotPoint(svg, e.road);
      if (!pt) continue;
      // beside the road it left: up and to the right, small, with a cross
      const g = svgEl("g", {
        class: `ghost col-${colourOf(players, e.player)}`, transform: `translate(${pt[0] + 15} ${pt[1] - 15})`,
        "data-road": e.road, "data-seat": e.player,
      });
      g.append(
        svgEl("use", { href: `#${map}-shape-${shapeOf(players, e.player)}`, x: -9, y: -9, width: 18, height: 18 }),
        svgEl("circle", { class: "ghost-disc", cx: 8, cy: -8, r: 5.5 }),
        svgEl("path", { class: "ghost-mark", d: "M5.5,-10.5 L10.5,-5.5 M10.5,-10.5 L5.5,-5.5" }),
      );
      layer.append(g);
    }
  });
}

/** A badge on every warrior that a legal choice would send home (the choice's `displaces`). */
export function knockMarks(svg, choices, position) {
  const layer = marksLayer(svg);
  for (const n of layer.querySelectorAll(".knock-mark")) n.remove();
  for (const [, list] of choices || []) {
    for (const c of list) {
      if (c.displaces === null || c.displaces === undefined || c.road === null || c.road === undefined) continue;
      if (position && position.roads[c.road] !== c.displaces) continue;
      const pt = slotPoint(svg, c.road);
      if (!pt || layer.querySelector(`.knock-mark[data-road="${c.road}"]`)) continue;
      const g = svgEl("g", {
        class: `knock-mark${c.own ? " own" : ""}`, transform: `translate(${pt[0] - 13} ${pt[1] - 13})`,
        "data-road": c.road, "data-seat": c.displaces,
      });
      g.append(svgEl("circle", { r: 6.5 }), svgEl("path", { d: "M-4,0 H4 M0,-4 V4" }));
      layer.append(g);
    }
  }
}

/** The fort a tap landed on (its base or token, not its name), or null. */
export function fortAt(event) {
  const node = event.target && event.target.closest ? event.target.closest(".fort") : null;
  if (!node || event.target.closest(".fort-name")) return null;
  return Number(node.dataset.fort);
}
