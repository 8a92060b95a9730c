// The moment of a mistake: the replay opened at a decision the review found (web/review*.js),
// with the move played and the better one drawn on the board, until the replay moves on to
// another step or closes.  What each move touched comes from the engine (the game's
// `web.touched`: Cambria {roads, boats, forts}, Hibernia {counties}); the game's board module
// draws the rings (draw's `marks`), this module only keeps them for their step and words the
// legend in the replay bar.
//
//   import { createMoment } from "./moment.js";
//   const moment = createMoment();
//   moment.open(step, {played, better})   // the marks for replay step `step` (null: none)
//   moment.at(step)        // replay step `step` is shown: its marks, or null (once shown and left: gone)
//   moment.close()         // the replay closed: gone
//   moment.legend(bar, marks)              // the legend "played / better" in the replay bar (or none)
//
// The marks are the engine's; they are checked for shape only (lists of element numbers), so a
// review saved by an older page draws what it can and never breaks the board.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const KINDS = ["roads", "boats", "forts", "counties"];
const SVGNS = "http://www.w3.org/2000/svg";
const MOVE = /^(road|boat|fort|county|eagle|supply):\d{1,4}>(road|boat|fort|county):\d{1,4}$/;

/** TOUCHED as drawn: each known kind a list of whole numbers (anything else left out). */
export function cleanTouched(touched) {
  const out = {};
  for (const kind of KINDS) {
    const list = touched && typeof touched === "object" ? touched[kind] : null;
    out[kind] = Array.isArray(list) ? list.filter((n) => Number.isInteger(n) && n >= 0) : [];
  }
  // from where to where a piece went ("road:3>road:9"); a review from before them has none
  const moves = touched && typeof touched === "object" ? touched.moves : null;
  out.moves = Array.isArray(moves) ? moves.filter((m) => typeof m === "string" && MOVE.test(m)) : [];
  return out;
}

/** {played, better} as drawn, or null when there is nothing to draw. */
export function cleanMarks(marks) {
  if (!marks || typeof marks !== "object") return null;
  const out = { played: cleanTouched(marks.played), better: cleanTouched(marks.better) };
  const any = (m) => KINDS.some((k) => m[k].length) || m.moves.length > 0;
  return any(out.played) || any(out.better) ? out : null;
}

export function createMoment() {
  let kept = null; // {step, marks, seen}

  return {
    open(step, marks) {
      const clean = Number.isInteger(step) && step >= 0 ? cleanMarks(marks) : null;
      kept = clean ? { step, marks: clean, seen: false } : null;
    },
    at(step) {
      if (!kept) return null;
      if (step === kept.step) {
        kept.seen = true;
        return kept.marks;
      }
      // the replay opens at the live step before it reaches the moment: only a step left counts
      if (kept.seen) kept = null;
      return null;
    },
    close() {
      kept = null;
    },
    legend,
  };
}

/** A ring as the board draws it (board.css: .moment-ring), small, for the legend. */
function swatch(kind) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `moment-swatch moment-${kind}`);
  for (const part of kind === "better" ? ["under", "over"] : ["over"]) {
    const c = document.createElementNS(SVGNS, "circle");
    for (const [k, v] of Object.entries({ cx: 12, cy: 12, r: 8, class: part })) c.setAttribute(k, String(v));
    svg.append(c);
  }
  return svg;
}

/** An arrow as the board draws it (board.css: .moment-arrow), small, for the legend. */
function arrowSwatch(kind) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 34 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `moment-swatch moment-arrow-swatch moment-arrow moment-${kind}`);
  for (const part of ["under", "over"]) {
    for (const [d, cls] of [["M3,8 L22,8", "shaft"], ["M22,3 L31,8 L22,13 Z", "tip"]]) {
      const p = document.createElementNS(SVGNS, "path");
      p.setAttribute("d", d);
      p.setAttribute("class", `${part} ${cls}`);
      svg.append(p);
    }
  }
  return svg;
}

/** The legend of the marks in the replay bar: which ring (and arrow, where a piece moved) is
 * the move played, which the better. */
function legend(bar, marks) {
  if (!bar) return;
  let box = bar.querySelector(".moment-legend");
  if (!marks) {
    box?.remove();
    return;
  }
  if (!box) {
    box = el("div", { class: "moment-legend", "data-testid": "moment-legend" });
    bar.querySelector(".replay-title")?.after(box);
    if (!box.isConnected) bar.append(box);
  }
  const key = (kind, words) => el("span", { class: "moment-key", "data-testid": `moment-key-${kind}` },
    swatch(kind), marks[kind]?.moves?.length ? arrowSwatch(kind) : null, el("span", { text: words }));
  box.replaceChildren(key("played", t("moment.played")), key("better", t("moment.better")));
}
