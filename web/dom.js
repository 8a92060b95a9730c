// Small DOM helper shared by the page's modules.

/** el("button", {class: "x", text: "Hi", onclick: f}, ...children): a new element. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** Whether a box's text runs past its bottom (a pixel of rounding allowed). */
export const overflows = (node) => node.scrollHeight > node.clientHeight + 1;

/** A text set smaller, size by size (px), until its box holds it (its own style, which the CSP
 *  allows); `lineHeight` goes with every smaller size.  The first size that fits is kept, else
 *  the last.  The guide's words (tutorial.js) and the turn card's prompt (turncard.js) use it. */
export function shrinkToFit(node, sizes, lineHeight = null) {
  const cut = () => overflows(node);
  node.style.removeProperty("font-size");
  if (lineHeight) node.style.removeProperty("line-height");
  for (const size of sizes) {
    if (!cut()) return;
    node.style.fontSize = `${size}px`;
    if (lineHeight) node.style.lineHeight = lineHeight;
  }
}

// pip centres on a 12 × 12 face, by value
const PIPS = new Map([
  [1, [[6, 6]]], [2, [[3.2, 3.2], [8.8, 8.8]]], [3, [[3.2, 3.2], [6, 6], [8.8, 8.8]]],
  [4, [[3.2, 3.2], [8.8, 3.2], [3.2, 8.8], [8.8, 8.8]]], [5, [[3.2, 3.2], [8.8, 3.2], [6, 6], [3.2, 8.8], [8.8, 8.8]]],
  [6, [[3.2, 3], [8.8, 3], [3.2, 6], [8.8, 6], [3.2, 9], [8.8, 9]]],
]);
const SVGNS = "http://www.w3.org/2000/svg";

/**
 * A small die showing `value`, to sit inside a sentence.  Its number is there as text too (of no
 * size on screen), so that the sentence reads, copies and is announced with it.
 */
export function dieIcon(value) {
  const n = Number(value);
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 12 12");
  svg.setAttribute("aria-hidden", "true");
  const face = document.createElementNS(SVGNS, "rect");
  for (const [k, v] of Object.entries({ x: 0.5, y: 0.5, width: 11, height: 11, rx: 2.2, class: "die-face" })) face.setAttribute(k, String(v));
  svg.append(face);
  for (const [cx, cy] of PIPS.get(n) || []) {
    const pip = document.createElementNS(SVGNS, "circle");
    for (const [k, v] of Object.entries({ cx, cy, r: 1.25, class: "die-pip" })) pip.setAttribute(k, String(v));
    svg.append(pip);
  }
  return el("span", { class: "die-icon", "data-value": n }, svg, el("span", { class: "die-num", text: String(n) }));
}

/**
 * A mistake's moment on a board drawing (web/moment.js; each game's board.js draws it): every
 * mark of the last one removed, then for `marks` {played, better} calls `ring(kind, touched)`,
 * which returns [[element, shape], ...]: each element gets the class moment-<kind>, and a ring
 * of `shape(part)` (an SVG node per part) goes in a layer above everything.  The move played is
 * one solid ring ("over"); the better one a dashed ring on a dark one ("under", "over").
 * Each of a move's `moves` ("road:3>road:9": a piece taken from one place to another) is an
 * arrow from where to where, in the same two styles, when `at(element)` gives both ends' points.
 */
export function drawMoment(svg, marks, ring, at = null) {
  for (const n of svg.querySelectorAll(".moment-mark")) n.remove();
  for (const n of svg.querySelectorAll(".moment-played, .moment-better")) n.classList.remove("moment-played", "moment-better");
  if (!marks) return;
  let layer = svg.querySelector(".moment-marks");
  if (!layer) {
    layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "moment-marks");
    layer.setAttribute("aria-hidden", "true");
    svg.append(layer); // above everything: the moment is what the board is opened for
  }
  for (const kind of ["played", "better"]) {
    for (const [node, shape] of ring(kind, marks[kind] || {})) {
      if (!node) continue;
      node.classList.add(`moment-${kind}`);
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", `moment-mark moment-ring moment-${kind}`);
      for (const part of kind === "better" ? ["under", "over"] : ["over"]) g.append(shape(part));
      layer.append(g);
    }
    for (const move of at ? marks[kind]?.moves || [] : []) {
      const [from, to] = move.split(">");
      const a = at(from);
      const b = at(to);
      if (a && b) layer.append(arrow(kind, from, to, a, b));
    }
  }
}

/** An arrow from point `a` to point `b` ([x, y] in the drawing), each end kept clear of the ring
 * drawn there, with its head at `b`: the shaft and head as one path in two parts (dom.js above). */
function arrow(kind, from, to, [x1, y1], [x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const clear = Math.min(22, len / 4); // outside a ring (radius 20), short arrows keep a shaft
  const sx = x1 + ux * clear;
  const sy = y1 + uy * clear;
  const tx = x2 - ux * clear;
  const ty = y2 - uy * clear;
  const head = Math.min(18, len / 3);
  const bx = tx - ux * head;
  const by = ty - uy * head;
  const nx = -uy * head * 0.55;
  const ny = ux * head * 0.55;
  const r = (v) => Math.round(v * 10) / 10;
  const shaft = `M${r(sx)},${r(sy)} L${r(bx)},${r(by)}`;
  const tip = `M${r(bx + nx)},${r(by + ny)} L${r(tx)},${r(ty)} L${r(bx - nx)},${r(by - ny)} Z`;
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", `moment-mark moment-arrow moment-${kind}`);
  g.setAttribute("data-testid", `moment-arrow-${kind}`);
  g.setAttribute("data-from", from);
  g.setAttribute("data-to", to);
  for (const part of ["under", "over"]) {
    for (const [d, cls] of [[shaft, "shaft"], [tip, "tip"]]) {
      const p = document.createElementNS(SVGNS, "path");
      p.setAttribute("d", d);
      p.setAttribute("class", `${part} ${cls}`);
      g.append(p);
    }
  }
  return g;
}
