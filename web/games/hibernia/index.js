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

/** {county(id)}: the counties' names from the drawing (proper nouns), by id or board index. */
function names(svg) {
  const county = (id) => {
    const node = typeof id === "number" ? svg?.querySelectorAll(".county")[id]
      : svg?.querySelector(`.county[data-county="${String(id).replace(/[^A-Z]/g, "")}"]`);
    return node ? node.dataset.name : String(id);
  };
  return { county, road: (n) => String(n), fort: (n) => county(n) };
}

function translate() {
  // the counties are proper nouns; the drawing's labels stay as they are
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
