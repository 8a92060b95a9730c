// Small diagrams for the rules of Hibernia.  Like web/rules/diagrams.js they show colours,
// shapes and numbers only, so one drawing serves every language; the caption (translated, in
// web/games/hibernia/rules/<lang>.js) is their text alternative.
//
// A county is a rounded patch in its colour with the colour's texture (waves for blue, dots for
// green, hatching for red, small crosses for yellow, as on the board), so that no colour relies
// on hue alone.  Soldiers are chips with their number: "yours" a dark circle, "theirs" a light
// square.  Everything is drawn with presentation attributes (no style sheet, no inline style).

const FILL = { blue: "#8fb6e9", green: "#97d28f", red: "#ee8a78", yellow: "#fbe27a", black: "#2b2b2b", purple: "#8e5bb5" };
const INK = { blue: "#1f4e96", green: "#1f6a35", red: "#9c2418", yellow: "#8a5d00", black: "#f2f2f2", purple: "#f4ecfb" };
const LINE = "#3a3226";

// each colour's texture: a few strokes around (x, y), in its ink
function motif(colour, x, y, s = 1) {
  const ink = INK[colour];
  const at = (dx, dy) => `${x + dx * s},${y + dy * s}`;
  switch (colour) {
    case "blue":
      return `<path d="M${at(-9, 0)} q${4.5 * s},${-4 * s} ${9 * s},0 t${9 * s},0" fill="none" stroke="${ink}" stroke-width="1.6"/>`;
    case "green":
      return [[-6, -3], [0, 3], [6, -3]].map(([a, b]) => `<circle cx="${x + a * s}" cy="${y + b * s}" r="${1.8 * s}" fill="${ink}"/>`).join("");
    case "red":
      return `<path d="M${at(-7, 5)} L${at(-1, -5)} M${at(-1, 5)} L${at(5, -5)} M${at(5, 5)} L${at(9, -2)}" stroke="${ink}" stroke-width="1.6"/>`;
    case "yellow":
      return `<path d="M${at(-5, -4)} V${y + 2 * s} M${at(-8, -1)} H${x - 2 * s} M${at(5, -2)} V${y + 4 * s} M${at(2, 1)} H${x + 8 * s}" stroke="${ink}" stroke-width="1.6"/>`;
    case "black": // any county: a star
      return `<path d="M${at(0, -8)} L${at(2.4, -2.4)} L${at(8, -2)} L${at(3.6, 2)} L${at(5, 8)} L${at(0, 4.6)} L${at(-5, 8)} L${at(-3.6, 2)} L${at(-8, -2)} L${at(-2.4, -2.4)} Z" fill="${ink}"/>`;
    default: // purple: a step forward
      return `<path d="M${at(-7, 0)} H${x + 4 * s} M${at(0, -5)} L${at(6, 0)} L${at(0, 5)}" fill="none" stroke="${ink}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
}

function county(x, y, colour, { w = 64, h = 46, mark = "", dim = false } = {}) {
  const extra = dim ? ' opacity="0.45"' : "";
  const ring = mark === "target" ? `<rect x="${x - w / 2 - 4}" y="${y - h / 2 - 4}" width="${w + 8}" height="${h + 8}" rx="14" fill="none" stroke="${LINE}" stroke-width="2.5" stroke-dasharray="5 3"/>` : "";
  const under = dim ? `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="11" fill="#ffffff"/>` : "";
  return `${under}<g${extra}>${ring}<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="11" fill="${FILL[colour]}" stroke="${LINE}" stroke-width="1.5"/>` +
    motif(colour, x - w / 2 + 14, y - h / 2 + 11, 0.8) + "</g>";
}

function chip(x, y, n, side = "you") {
  const wide = String(n).length > 1 ? 9 : 0; // "+3": a pill instead of a circle
  if (side === "you" && wide) {
    return `<g><rect x="${x - 11 - wide}" y="${y - 11}" width="${22 + 2 * wide}" height="22" rx="11" fill="#263238" stroke="#ffffff" stroke-width="1.5"/>` +
      `<text x="${x}" y="${y + 4.5}" font-size="13" font-weight="700" text-anchor="middle" fill="#ffffff">${n}</text></g>`;
  }
  if (side === "you") {
    return `<g><circle cx="${x}" cy="${y}" r="11" fill="#263238" stroke="#ffffff" stroke-width="1.5"/>` +
      `<text x="${x}" y="${y + 4.5}" font-size="13" font-weight="700" text-anchor="middle" fill="#ffffff">${n}</text></g>`;
  }
  return `<g><rect x="${x - 10.5 - wide}" y="${y - 10.5}" width="${21 + 2 * wide}" height="21" rx="3" fill="#fafafa" stroke="#263238" stroke-width="1.8"/>` +
    `<text x="${x}" y="${y + 4.5}" font-size="13" font-weight="700" text-anchor="middle" fill="#263238">${n}</text></g>`;
}

function link(x1, y1, x2, y2) {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${LINE}" stroke-width="2" opacity="0.5"/>`;
}

function arrow(x1, y1, x2, y2) {
  return `<path d="M${x1},${y1} L${x2},${y2}" stroke="${LINE}" stroke-width="2" fill="none" marker-end="url(#@HEAD@)"/>`;
}

function face(x, y, colour, size = 30) {
  return `<g><rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="6" fill="${FILL[colour]}" stroke="${LINE}" stroke-width="1.5"/>${motif(colour, x, y, 0.9)}</g>`;
}

function shield(x, y, w = 70, h = 58) {
  return `<path d="M${x - w / 2},${y - h / 2} H${x + w / 2} V${y} Q${x + w / 2},${y + h / 2 - 6} ${x},${y + h / 2} Q${x - w / 2},${y + h / 2 - 6} ${x - w / 2},${y} Z" fill="#e5d2a4" stroke="#4a3b24" stroke-width="2"/>`;
}

function lock(x, y) {
  return `<g><rect x="${x - 8}" y="${y - 2}" width="16" height="13" rx="2" fill="#4a3b24"/>` +
    `<path d="M${x - 5},${y - 2} V${y - 6} A5,5 0 0 1 ${x + 5},${y - 6} V${y - 2}" fill="none" stroke="#4a3b24" stroke-width="2.4"/></g>`;
}

function text(x, y, s, size = 14) {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="700" text-anchor="middle" fill="${LINE}">${s}</text>`;
}

const DEFS = `<defs><marker id="@HEAD@" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="${LINE}"/></marker></defs>`;

// The six faces of the colour die.
function die() {
  const faces = ["blue", "green", "red", "yellow", "black", "purple"];
  const s = faces.map((c, i) => face(24 + i * 42, 26, c)).join("");
  return [264, 52, s];
}

// An empty county with five neighbours, three of them yours: three soldiers go in.
function move() {
  const t = [150, 95];
  const around = [[50, 40, "red", 2], [250, 40, "green", 1], [50, 150, "green", 0], [250, 150, "yellow", 3], [150, 180, "red", 0]];
  let s = around.map(([x, y]) => link(t[0], t[1], x, y)).join("");
  for (const [x, y, c, n] of around) s += county(x, y, c, { dim: n === 0 }) + (n ? chip(x + 14, y + 4, n) : "");
  s += county(t[0], t[1], "blue", { mark: "target" }) + chip(t[0] + 12, t[1] + 4, 3);
  s += `<g>${chip(150, 22, "+3")}</g>` + arrow(150, 36, 150, 62);
  return [300, 210, s];
}

// Five of yours go into a county held by three of theirs: two of yours remain, six soldiers go
// to the shield (three of each colour).
function combat() {
  let s = county(60, 60, "green") + chip(48, 64, 5) + chip(76, 64, 3, "them");
  s += arrow(104, 60, 146, 60);
  s += county(190, 60, "green") + chip(198, 64, 2);
  s += shield(300, 60) + chip(286, 52, 3) + chip(314, 52, 3, "them");
  s += arrow(224, 52, 262, 52);
  return [340, 110, s];
}

// They hold only two neighbouring counties: neither may be taken from them.
function protect() {
  let s = link(70, 60, 160, 60) + link(160, 60, 250, 60);
  s += county(70, 60, "yellow") + chip(82, 64, 2, "them") + lock(96, 30);
  s += county(160, 60, "red") + chip(172, 64, 1, "them") + lock(186, 30);
  s += county(250, 60, "blue") + chip(262, 64, 4);
  return [320, 100, s];
}

// The shield holds 4 of yours and 5 of theirs: you take back all 4, they take back 2.
function muster() {
  let s = shield(70, 60) + chip(56, 52, 4) + chip(84, 52, 5, "them");
  s += arrow(110, 44, 170, 30) + arrow(110, 76, 170, 92);
  s += chip(196, 30, "+4") + chip(196, 92, "+2", "them");
  s += `<g>${shield(270, 60, 54, 46)}${chip(270, 54, 3, "them")}</g>`;
  return [310, 120, s];
}

// Your counties: one green, one red, one blue, and a purple roll.  The track ahead is green,
// red, red, blue, yellow: green, red and blue are paid by a county, the second red by purple,
// and the walk stops before yellow.  Four steps.
function walk() {
  const spaces = ["green", "red", "red", "blue", "yellow"];
  let s = chip(22, 37, "");
  spaces.forEach((c, i) => {
    const x = 70 + i * 52;
    s += `<rect x="${x - 22}" y="20" width="44" height="34" rx="4" fill="${FILL[c]}" stroke="${LINE}" stroke-width="1.5"/>` + motif(c, x, 37, 0.9);
    s += text(x, 72, i === 4 ? "\u2715" : String(i + 1), 13);
  });
  // what paid for each step: a county of that colour, or the purple roll
  const paid = [["green", 70], ["red", 122], ["purple", 174], ["blue", 226]];
  for (const [c, x] of paid) s += c === "purple" ? face(x, 102, "purple", 26) : county(x, 102, c, { w: 40, h: 26 });
  s += `<rect x="258" y="89" width="40" height="26" rx="8" fill="none" stroke="${LINE}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
  return [330, 126, s];
}

const DIAGRAMS = { die, move, combat, protect, muster, walk };

export const DIAGRAM_IDS = Object.keys(DIAGRAMS);

/** The SVG markup of one diagram, labelled for screen readers by `label`. */
export function diagram(id, label) {
  const [w, h, body] = DIAGRAMS[id]();
  const safe = String(label).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  return `<svg class="rules-diagram" data-diagram="${id}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${safe}" xmlns="http://www.w3.org/2000/svg">${DEFS}${body}</svg>`.replaceAll("@HEAD@", `hib-dg-head-${id}`);
}
