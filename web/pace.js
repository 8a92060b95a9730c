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

import { t } from "./i18n.js";
import { rememberedSetting } from "./setting.js";

const KEY = "cambria:pace";
export const PACES = ["fast", "normal", "slow"];
/** Milliseconds before a computer seat moves (the test hooks may set them all). */
export const PAUSE = { fast: 120, normal: 650, slow: 1600, reduced: 150 };
const REVEAL = { fast: 250, normal: 700, slow: 1300, reduced: 120 };

const LABELS = new Map([["fast", () => t("pace.fast")], ["normal", () => t("pace.normal")], ["slow", () => t("pace.slow")]]);
const label = (p) => LABELS.get(p)();
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

/** The pace from what is stored under its key (any text, or null): one of PACES. */
export function readPace(text) {
  return PACES.includes(text) ? text : "normal";
}

const setting = rememberedSetting({ key: KEY, name: "pace", values: PACES, read: readPace, label });

export function pace() {
  return setting.value();
}

export const setPace = setting.set;

/** Before a computer seat moves. */
export function computerPause() {
  return reducedMotion.matches ? Math.min(PAUSE.reduced, PAUSE[pace()]) : PAUSE[pace()];
}

/** Between two claims revealed at the end. */
export function revealStep() {
  return reducedMotion.matches ? REVEAL.reduced : REVEAL[pace()];
}

export function paceButtons(cls) {
  return setting.buttons(cls);
}
