// Hibernia as the page plugs it in (the shape of a game module: web/games/cambria/index.js):
// the map of Ireland drawn at build time, its names, its words and its panel.

import { animate, clear, draw, elementOf, hit } from "./board.js";
import * as words from "./words.js";
import * as panel from "./panel.js";
import * as coach from "./coach.js";

const SVGNS = "http://www.w3.org/2000/svg";

function drawing(map) {
  return document.getElementById(`board-${map}`);
}

/** {county(id)}: the counties' names in the page's language (words.js), by id or board index. */
function names(svg) {
  const county = (id) => {
    const node = typeof id === "number" ? svg?.querySelectorAll(".county")[id] : null;
    return words.countyName(node ? node.dataset.county : String(id));
  };
  return { county, road: (n) => String(n), fort: (n) => county(n) };
}

/** The map's county labels in the page's language, on the lines the drawing laid out. */
function translate(svg) {
  for (const node of svg.querySelectorAll(".county[data-county]")) {
    const spans = Array.from(node.querySelectorAll(".county-name tspan"));
    if (!spans.length) continue;
    for (const s of spans) if (!s.dataset.len) s.dataset.len = s.getAttribute("textLength") || "";
    const lines = splitLines(words.countyName(node.dataset.county), spans.map((t) => Number(t.dataset.len) || 1));
    spans.forEach((s, i) => {
      s.textContent = lines[i] || "";
      // as wide as it is, but never wider than the drawing's room for that line
      s.removeAttribute("textLength");
      s.removeAttribute("lengthAdjust");
      const room = Number(s.dataset.len);
      let natural = 0;
      try {
        natural = s.getComputedTextLength();
      } catch {
        natural = 0; // not laid out (hidden): keep the drawing's width
      }
      if (room && (!natural || natural > room)) {
        s.setAttribute("textLength", String(room));
        s.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    });
  }
}

// a name cut at spaces into the drawing's lines, so that the most crowded line (its letters
// for its room) is as roomy as it can be
function splitLines(name, rooms) {
  const parts = name.split(" ");
  const n = Math.min(rooms.length, parts.length);
  if (n <= 1) return [name];
  let best = null;
  const walk = (from, k, lines) => {
    if (k === 1) {
      const all = [...lines, parts.slice(from).join(" ")];
      const cost = Math.max(...all.map((l, i) => l.length / (rooms[i] || 1)));
      if (!best || cost < best.cost) best = { cost, all };
      return;
    }
    for (let end = from + 1; end <= parts.length - (k - 1); end++) walk(end, k - 1, [...lines, parts.slice(from, end).join(" ")]);
  };
  walk(0, n, []);
  return best.all;
}

function chip(map, colour, shape, extra = "") {
  const s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", "-16 -16 32 32");
  s.setAttribute("class", `chip-shape col-${colour} ${extra}`.trim());
  s.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVGNS, "use");
  for (const [k, v] of Object.entries({ href: `#${map}-shape-${shape}`, x: -16, y: -16, width: 32, height: 32 })) {
    use.setAttribute(k, String(v));
  }
  s.append(use);
  return s;
}

export default {
  id: "hibernia",
  drawing, draw, clear, animate, hit, elementOf, names, translate, words, panel, chip, coach,
};
