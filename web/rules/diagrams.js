// Small board diagrams for the rules screen.  They show numbers and shapes only, so one drawing
// serves every language; the caption (translated, in web/rules/<lang>.js) is their text
// alternative.  Colours follow the game: red circles, blue squares, yellow triangles, the grey
// neutral cross; the legion is the red-and-gold standard.

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function fort(x, y, n, { owner = null, vp = null } = {}) {
  const pips = PIPS[n].map(([a, b]) => `<circle cx="${x + a * 6}" cy="${y + b * 6}" r="2.3"/>`).join("");
  const flag = owner ? `<g transform="translate(${x - 15} ${y - 15})">${warrior(0, 0, owner, 0.5)}</g>` : "";
  const token = vp ? `<g class="dg-vp"><circle cx="${x + 15}" cy="${y - 15}" r="8"/><text x="${x + 15}" y="${y - 11.5}">${vp}</text></g>` : "";
  return `<g class="dg-fort"><rect x="${x - 15}" y="${y - 15}" width="30" height="30" rx="5"/><g class="dg-pips">${pips}</g>${flag}${token}</g>`;
}

function road(x1, y1, x2, y2, cls = "") {
  return `<line class="dg-road ${cls}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
}

const SHAPES = {
  red: (s) => `<circle r="${11 * s}"/>`,
  blue: (s) => `<rect x="${-10 * s}" y="${-10 * s}" width="${20 * s}" height="${20 * s}" rx="${2 * s}"/>`,
  yellow: (s) => `<path d="M0,${-12.5 * s} L${11.5 * s},${8.5 * s} L${-11.5 * s},${8.5 * s} Z"/>`,
  neutral: (s) => `<circle r="${11 * s}"/><path class="dg-mark" d="M${-5 * s},${-5 * s} L${5 * s},${5 * s} M${5 * s},${-5 * s} L${-5 * s},${5 * s}"/>`,
};

function warrior(x, y, colour, scale = 1, cls = "") {
  return `<g class="dg-warrior col-${colour} ${cls}" transform="translate(${x} ${y})">${SHAPES[colour](scale)}</g>`;
}

function slot(x, y, cls = "") {
  return `<circle class="dg-slot ${cls}" cx="${x}" cy="${y}" r="10"/>`;
}

function die(x, y, n, cls = "") {
  const pips = PIPS[n].map(([a, b]) => `<circle cx="${x + a * 6}" cy="${y + b * 6}" r="2.4"/>`).join("");
  return `<g class="dg-die ${cls}"><rect x="${x - 13}" y="${y - 13}" width="26" height="26" rx="5"/>${pips}</g>`;
}

function legion(x, y) {
  return `<g class="dg-legion" transform="translate(${x} ${y})"><path d="M0,-16 V14" class="dg-pole"/>` +
    `<path d="M-9,-7 H9 V7 L0,12 L-9,7 Z" class="dg-banner"/><path d="M-11,-12 Q0,-18 11,-12" class="dg-wings"/></g>`;
}

function boat(x, y, n, occupant = null) {
  const seat = occupant ? warrior(x - 12, y - 8, occupant, 0.7) : `<circle class="dg-seat" cx="${x - 12}" cy="${y - 8}" r="7"/>`;
  return `<g class="dg-boat"><path class="dg-hull" d="M${x - 20},${y + 3} H${x + 20} L${x + 13},${y + 12} H${x - 13} Z"/>` +
    `<path class="dg-sail" d="M${x - 4},${y - 20} Q${x + 10},${y - 13} ${x + 15},${y} H${x - 4} Z"/>` +
    `<text class="dg-boat-number" x="${x + 5}" y="${y - 4}">${n}</text>${seat}</g>`;
}

function arrow(x1, y1, x2, y2) {
  return `<path class="dg-arrow" d="M${x1},${y1} L${x2},${y2}" marker-end="url(#@HEAD@)"/>`;
}

const DEFS = `<defs><marker id="@HEAD@" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" class="dg-arrowhead"/></marker></defs>`;

// Three roads to a fort numbered 3, all taken: red holds two, blue one: red captures.
function capture() {
  const c = [110, 70];
  const ends = [[30, 25], [190, 25], [110, 150]];
  let s = "";
  for (const [x, y] of ends) s += road(c[0], c[1], x, y);
  for (const [x, y] of ends) s += `<circle class="dg-far" cx="${x}" cy="${y}" r="7"/>`;
  const mids = ends.map(([x, y]) => [(c[0] + x) / 2, (c[1] + y) / 2]);
  s += warrior(...mids[0], "red") + warrior(...mids[1], "blue") + warrior(...mids[2], "red");
  s += fort(...c, 3, { owner: "red" });
  return [220, 160, s];
}

// Rolled 4 and 2: the empty roads at forts numbered 4 or 2 are open.
function dice() {
  let s = die(28, 30, 4) + die(62, 30, 2);
  const f4 = [150, 45];
  const f2 = [165, 135];
  const others4 = [[95, 85], [215, 20], [220, 85]];
  s += road(...f4, ...f2, "open");
  for (const [x, y] of others4) s += road(...f4, x, y, "open");
  s += road(...f2, 60, 140, "open");
  for (const [x, y] of [...others4, [60, 140]]) s += `<circle class="dg-far" cx="${x}" cy="${y}" r="7"/>`;
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  s += slot(...mid(f4, f2), "open") + slot(...mid(f4, others4[0]), "open") + slot(...mid(f2, [60, 140]), "open");
  s += warrior(...mid(f4, others4[1]), "blue") + slot(...mid(f4, others4[2]), "open");
  s += fort(...f4, 4, { vp: 2 }) + fort(...f2, 2);
  return [240, 165, s];
}

// A 1 and a 5: the legion marches onto a road of a fort numbered 5 and sends the warrior there home.
function legionMove() {
  let s = die(28, 30, 1) + die(62, 30, 5);
  const f = [160, 90];
  const ends = [[240, 40], [250, 120], [190, 160], [95, 150], [90, 40]];
  for (const [x, y] of ends) s += road(...f, x, y);
  for (const [x, y] of ends) s += `<circle class="dg-far" cx="${x}" cy="${y}" r="6"/>`;
  const target = [(f[0] + ends[3][0]) / 2, (f[1] + ends[3][1]) / 2];
  s += warrior(target[0], target[1], "blue", 1, "dg-leaving");
  s += arrow(target[0] - 12, target[1] + 8, 40, 150);
  s += `<g class="dg-supply">${warrior(32, 150, "blue", 0.8)}</g>`;
  s += legion(target[0] + 2, target[1] - 4);
  s += arrow(70, 88, target[0] - 10, target[1] - 12);
  s += legion(55, 85);
  s += fort(...f, 5, { vp: 3 });
  return [270, 175, s];
}

// A warrior on boat 6; rolled 2 and 3: taking the warrior back turns the 2 into a 6.
function boatSwap() {
  let s = boat(48, 60, 6, "red");
  s += die(130, 40, 2, "dg-struck") + die(164, 40, 3);
  s += arrow(78, 62, 112, 88);
  s += die(130, 100, 6, "dg-new") + die(164, 100, 3);
  s += `<g class="dg-supply">${warrior(48, 118, "red", 0.8)}</g>` + arrow(42, 78, 46, 104);
  return [200, 140, s];
}

// Two players: the grey neutral army (a cross) also places warriors.
function neutral() {
  let s = die(28, 30, 3);
  const f = [140, 80];
  const ends = [[60, 130], [220, 130], [210, 25]];
  for (const [x, y] of ends) s += road(...f, x, y, "");
  for (const [x, y] of ends) s += `<circle class="dg-far" cx="${x}" cy="${y}" r="7"/>`;
  const mid = (e) => [(f[0] + e[0]) / 2, (f[1] + e[1]) / 2];
  s += warrior(...mid(ends[0]), "neutral") + warrior(...mid(ends[1]), "red") + warrior(...mid(ends[2]), "blue");
  s += fort(...f, 3);
  return [240, 150, s];
}

const DIAGRAMS = { capture, dice, legion: legionMove, boat: boatSwap, neutral };

export const DIAGRAM_IDS = Object.keys(DIAGRAMS);

/** The SVG markup of one diagram, labelled for screen readers by `label`. */
export function diagram(id, label) {
  const [w, h, body] = DIAGRAMS[id]();
  const safe = String(label).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  return `<svg class="rules-diagram" data-diagram="${id}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${safe}" xmlns="http://www.w3.org/2000/svg">${DEFS}${body}</svg>`.replaceAll("@HEAD@", `dg-head-${id}`);
}
