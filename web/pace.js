// How fast the page lets things happen that nobody taps: a computer seat's move, the end's
// claims revealed one by one.  Fast, normal or slow, chosen in the menu and remembered.
//
//   import { pace, setPace, PAUSE, paceButtons } from "./pace.js";
//   PAUSE[pace()]           // milliseconds before a computer seat moves
//   revealStep()            // milliseconds between two claims revealed at the end
//   paceButtons(cls)        // the menu's three buttons (aria-pressed on the chosen one)
//
// The buttons translate themselves (data-i18n).  A player who asks for less motion gets the
// short pauses whatever the setting.

import { onLanguage, t } from "./i18n.js";
import { markSetting, settingButtons } from "./dom.js";

const KEY = "cambria:pace";
export const PACES = ["fast", "normal", "slow"];
/** Milliseconds before a computer seat moves (the test hooks may set them all). */
export const PAUSE = { fast: 120, normal: 650, slow: 1600, reduced: 150 };
const REVEAL = { fast: 250, normal: 700, slow: 1300, reduced: 120 };

const LABELS = new Map([["fast", () => t("pace.fast")], ["normal", () => t("pace.normal")], ["slow", () => t("pace.slow")]]);
const label = (p) => LABELS.get(p)();
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
let current = read();
const buttons = []; // every pace button made (paceButtons)

/** The pace from what is stored under its key (any text, or null): one of PACES. */
export function readPace(text) {
  return PACES.includes(text) ? text : "normal";
}

function read() {
  try {
    return readPace(localStorage.getItem(KEY));
  } catch {
    return "normal";
  }
}

export function pace() {
  return current;
}

export function setPace(value) {
  if (!PACES.includes(value)) return;
  current = value;
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // not remembered: this visit only
  }
  markSetting(buttons, "pace", current, label);
}

/** Before a computer seat moves. */
export function computerPause() {
  return reducedMotion.matches ? Math.min(PAUSE.reduced, PAUSE[current]) : PAUSE[current];
}

/** Between two claims revealed at the end. */
export function revealStep() {
  return reducedMotion.matches ? REVEAL.reduced : REVEAL[current];
}

export function paceButtons(cls) {
  const out = settingButtons(PACES, { name: "pace", cls, label, chosen: current, choose: setPace });
  buttons.push(...out);
  onLanguage(() => markSetting(out, "pace", current, label));
  return out;
}
