// The review's chart: each player's chance to win after every decision (REVIEW.chart), one line
// per player in the player's colour with the player's shape as its markers, a legend, and the
// same numbers as a table for screen readers (the drawing itself is hidden from them).
//
//   import { chartFigure, chartTable } from "./reviewchart.js";
//   chartFigure(result, { chip, width, focus })   // <figure>: the SVG (drawn `width` px wide) and its legend
//   chartTable(result)                           // <table>: a row per point, a column per player
//   turnOf(decision)                             // the turn a decision was made in, from 1
//
// `chip(colour, shape)` is the game's own small drawing of a player (web/games/<id>/index.js):
// the markers are the very shapes the board and the scores use.  `focus`: the player whose line
// is drawn on top, thicker, with their three biggest mistakes numbered on it.

import { el } from "./dom.js";
import { formatNumber, formatPercent, t } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";
const MARGIN = { left: 48, right: 12, top: 14, bottom: 30 }; // left: room for "100 %"
const MARKER = 13; // px: a marker's size
const MAX_MARKERS = 14; // per line: more would hide the line itself
const TICK_GAP = 34; // px: the least room between two turn numbers on the axis
const MISTAKE_R = 8; // px: the radius of a mistake's numbered circle

function svg(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** Where a point of the chart is drawn: x by its place in the game, y by the chance. */
function scales(points, width, height) {
  const w = width - MARGIN.left - MARGIN.right;
  const h = height - MARGIN.top - MARGIN.bottom;
  const last = Math.max(1, points.length - 1);
  return {
    x: (i) => MARGIN.left + (points.length === 1 ? w / 2 : (i / last) * w),
    y: (pct) => MARGIN.top + (1 - pct / 100) * h,
    w, h,
  };
}

/** The turn a decision was made in, counted from 1 (the engine's `turn` counts the turns played
 *  before it): the chart's axis, its table and the dialog's lists all name a decision by it. */
export function turnOf(decision) {
  return decision.turn + 1;
}

/** Each point's turn: the start's is the first decision's; every other point is a decision's. */
function pointTurns(result) {
  const { decisions } = result;
  return result.chart.points.map((p, i) => (i > 0 && decisions[i - 1] ? turnOf(decisions[i - 1]) : decisions[0] ? turnOf(decisions[0]) : p.turn + 1));
}

const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

/** The turn numbers on the axis: [{turn, x}] every `step` turns (1, 2, 5, 10, ...: the least
 *  whose numbers stand TICK_GAP apart), each at the first decision of its turn. */
export function turnTicks(turns, x) {
  const first = new Map(); // turn -> the x of its first decision (the start is no decision)
  turns.forEach((turn, i) => { if (i > 0 && !first.has(turn)) first.set(turn, x(i)); });
  const all = [...first.entries()].sort((a, b) => a[0] - b[0]);
  for (const step of STEPS) {
    const ticks = all.filter(([turn]) => turn % step === 0).map(([turn, at]) => ({ turn, x: at }));
    if (ticks.every((tk, k) => k === 0 || tk.x - ticks[k - 1].x >= TICK_GAP)) return ticks;
  }
  return [];
}

function axes(turns, sx, width) {
  const g = svg("g", { class: "review-axes" });
  for (const pct of [0, 25, 50, 75, 100]) {
    const y = sx.y(pct);
    g.append(svg("line", { x1: MARGIN.left, x2: width - MARGIN.right, y1: y, y2: y, class: pct === 50 ? "review-grid mid" : "review-grid" }),
      svg("text", { x: MARGIN.left - 6, y: y + 4, "text-anchor": "end", class: "review-tick" }, formatPercent(pct / 100)));
  }
  const base = sx.y(0);
  for (const { turn, x } of turnTicks(turns, sx.x)) {
    g.append(svg("line", { x1: x, x2: x, y1: base, y2: base + 4, class: "review-grid" }),
      svg("text", { x, y: base + 17, "text-anchor": "middle", class: "review-tick", "data-turn": turn }, formatNumber(turn)));
  }
  g.append(svg("text", { x: width - MARGIN.right, y: base + 28, "text-anchor": "end", class: "review-tick review-axis-name" }, t("review.axisTurn")));
  return g;
}

function marker(chip, player, x, y, size = MARKER) {
  const m = chip(player.colour, player.shape);
  for (const [k, v] of Object.entries({ x: x - size / 2, y: y - size / 2, width: size, height: size })) m.setAttribute(k, String(v));
  m.classList.add("review-marker");
  return m;
}

function line(points, seat, player, sx, chip, focused) {
  const coords = points.map((p, i) => `${sx.x(i).toFixed(1)},${sx.y(p.chances[seat]).toFixed(1)}`).join(" ");
  const g = svg("g", { class: `review-line col-${player.colour}${focused ? " focus" : ""}`, "data-seat": player.index });
  g.append(svg("polyline", { points: coords, class: "review-halo" }), svg("polyline", { points: coords, class: "review-stroke" }));
  const every = Math.max(1, Math.ceil(points.length / MAX_MARKERS));
  // each line's markers start at its own offset, so that lines running together still show both shapes
  for (let i = seat % every; i < points.length; i += every) g.append(marker(chip, player, sx.x(i), sx.y(points[i].chances[seat])));
  return g;
}

/** The numbered circles of the focused player's biggest mistakes, each on its decision's point
 *  (point d + 1: the chance after decision d), so inside its turn on the axis. */
function mistakeMarks(result, seat, sx) {
  const g = svg("g", { class: "review-mistakes" });
  const player = result.players[seat];
  (result.mistakes[String(player.index)] || []).forEach((d, k) => {
    const i = Math.min(d + 1, result.chart.points.length - 1);
    const x = sx.x(i);
    const y = sx.y(result.chart.points[i].chances[seat]);
    const cy = y - 14 >= MISTAKE_R ? y - 14 : y + 14; // above the line, below it near the top (no room)
    g.append(svg("circle", { cx: x, cy, r: MISTAKE_R, class: "review-mistake", "data-index": d }),
      svg("text", { x, y: cy + 4, "text-anchor": "middle", class: "review-mistake-n" }, String(k + 1)));
  });
  return g;
}

export function chartFigure(result, { chip, width = 600, focus = null }) {
  const points = result.chart.points;
  const height = Math.round(Math.min(320, Math.max(190, width * 0.55)));
  const sx = scales(points, width, height);
  const drawing = svg("svg", { class: "review-svg", viewBox: `0 0 ${width} ${height}`, width, height, "aria-hidden": "true", "data-testid": "review-chart" });
  drawing.append(axes(pointTurns(result), sx, width));
  const seats = result.players.map((_, seat) => seat);
  const focusSeat = result.players.findIndex((p) => p.index === focus);
  for (const seat of seats.filter((s) => s !== focusSeat).concat(focusSeat >= 0 ? [focusSeat] : [])) {
    drawing.append(line(points, seat, result.players[seat], sx, chip, seat === focusSeat));
  }
  if (focusSeat >= 0) drawing.append(mistakeMarks(result, focusSeat, sx));
  const legend = el("ul", { class: "review-legend", "aria-hidden": "true" },
    ...result.players.map((p) => el("li", { class: `col-${p.colour}` }, chip(p.colour, p.shape), el("span", { text: p.name }))));
  return el("figure", { class: "review-figure" }, drawing, legend);
}

export function chartTable(result) {
  const { points } = result.chart;
  const who = (index) => result.players.find((p) => p.index === index)?.name || "";
  const head = el("tr", {}, el("th", { scope: "col", text: t("review.tableWhen") }),
    ...result.players.map((p) => el("th", { scope: "col", "data-seat": p.index, text: p.name })));
  const rows = points.map((p, i) => {
    const d = i > 0 ? result.decisions[i - 1] : null; // always there past the start (reviewshape.js)
    // whose decision each row judges, and in which turn (the dialog's lists name turns alike)
    const when = d ? t("review.tableMove", { turn: turnOf(d), name: who(d.player) }) : t("review.tableStart");
    return el("tr", { "data-point": i },
      el("th", { scope: "row", text: when }),
      ...p.chances.map((pct, seat) => el("td", { "data-seat": result.players[seat].index, "data-value": pct, text: formatNumber(pct) })));
  });
  return el("table", { class: "review-table", "data-testid": "review-table" },
    el("caption", { text: t("review.tableCaption") }), el("thead", {}, head), el("tbody", {}, ...rows));
}
