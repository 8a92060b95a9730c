// Who is ahead: each player's chance to win (the engine's `view.chances`, calibrated on
// self-play: cambria/ai/winchance.py) beside the scores.  One setting, "Show win chances", off
// by default and remembered, shows it during the game; the replay and the end of the game show
// it always (the stylesheet decides by #app's mode and the class `chances-on`).
//
//   import { chanceBadge, chancesButtons, readChances } from "./chances.js";
//   chanceBadge(view, seat, name)   // the seat's percent as a small badge, or null (no chances in the view)
//   chancesButtons(cls)             // the menu's On and Off buttons (aria-pressed on the chosen one)
//   readChances(text)               // the setting from what is stored: "on" or "off" (off unless "on")

import { formatPercent, onLanguage, t } from "./i18n.js";
import { el, markSetting, settingButtons } from "./dom.js";

const KEY = "cambria:chances";
export const CHANCES = ["on", "off"];

/** The setting from what is stored under its key (any text, or null): "on" or "off" (the default). */
export function readChances(text) {
  return CHANCES.includes(text) ? text : "off";
}

function read() {
  try {
    return readChances(localStorage.getItem(KEY));
  } catch {
    return readChances(null); // storage blocked: off, this visit only
  }
}

let current = read();
const buttons = []; // every On and Off button made (chancesButtons)

// the page shows the badges during the game only while the setting is on (layout: style.css)
function mark() {
  document.getElementById("app")?.classList.toggle("chances-on", current === "on");
}

export function setChances(value) {
  if (!CHANCES.includes(value)) return;
  current = value;
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // not remembered: this visit only
  }
  markSetting(buttons, "chances", current, label);
  mark();
}

const LABELS = new Map([["on", () => t("chances.on")], ["off", () => t("chances.off")]]);
const label = (s) => LABELS.get(s)();

export function chancesButtons(cls) {
  const out = settingButtons(CHANCES, { name: "chances", cls, label, chosen: current, choose: setChances });
  buttons.push(...out);
  onLanguage(() => markSetting(out, "chances", current, label));
  mark();
  return out;
}

/** The seat's chance to win as a small badge (its number, and a bar as long as the chance). */
export function chanceBadge(view, seat, name) {
  const list = Array.isArray(view.chances) ? view.chances : null;
  const value = list ? list[seat] : undefined;
  if (!Number.isInteger(value) || value < 0 || value > 100) return null;
  const percent = formatPercent(value / 100);
  const words = t("chances.label", { name, percent });
  const bar = el("span", { class: "chance-bar", "aria-hidden": "true" });
  bar.style.setProperty("--chance", `${value}%`); // through the CSSOM: the CSP has no inline styles
  return el("span", {
    class: "chance", role: "img", "data-testid": `chance-${seat}`, "data-chance": value, "aria-label": words, title: words,
  }, el("span", { class: "chance-text", "aria-hidden": "true", text: percent.replace(/\s/gu, "") }), bar); // "17%": room is short on a phone
}
