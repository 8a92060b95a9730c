// Cambria as the page plugs it in: the board drawing, its names, its words and its panel.
// Every game module has this shape (web/games/index.js picks one by the view's `game`):
//
//   id                         the engine's game id
//   drawing(map) -> svg        the board drawing of a map (in the page, made at build time)
//   draw, clear, animate, hit, elementOf, inspect   the board (web/board.js calls them; ./board.js)
//   names(svg) -> {road, fort} translate(svg)                               (./names.js)
//   words: choiceLabel, asButton, choiceButton, confirmLabel, rollLabel, banner, dice,
//          toasts, resultDetail, resultNote                                 (./words.js)
//   panel: playerCells, panelNote, shownPosition                           (./panel.js)
//   chip(map, colour, shape) -> svg   a player's colour and shape, small

import { animate, clear, draw, elementOf, hit, inspect } from "./board.js";
import { names, translate } from "./names.js";
import * as words from "./words.js";
import * as panel from "./panel.js";

const SVGNS = "http://www.w3.org/2000/svg";

function drawing(map) {
  return document.getElementById(`board-${map}`);
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
  id: "cambria",
  drawing, draw, clear, animate, hit, elementOf, inspect, names, translate, words, panel, chip,
};
