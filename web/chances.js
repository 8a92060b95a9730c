// Who is ahead: each player's chance to win (the engine's `view.chances`, calibrated on
// self-play: cambria/ai/winchance.py) beside the scores.  One setting, "Show win chances", off
// by default and remembered, shows it during the game; the replay and the end of the game show
// it always (the stylesheet decides by #app's mode and the class `chances-on`).
//
//   import { chanceBadge, chancesButtons, readChances } from "./chances.js";
//   chanceBadge(view, seat, name)   // the seat's percent as a small badge, or null (no chances in the view)
//   chancesButtons(cls)             // the menu's On and Off buttons (aria-pressed on the chosen one)
//   readChances(text)               // the setting from what is stored: "on" or "off" (off unless "on")

import { formatPercent, t } from "./i18n.js";
import { el } from "./dom.js";
import { rememberedSetting } from "./setting.js";

const KEY = "cambria:chances";
export const CHANCES = ["on", "off"];

/** The setting from what is stored under its key (any text, or null): "on" or "off" (the default). */
export function readChances(text) {
  return CHANCES.includes(text) ? text : "off";
}

// the page shows the badges during the game only while the setting is on (layout: style.css)
function mark() {
  document.getElementById("app")?.classList.toggle("chances-on", setting.value() === "on");
}

const LABELS = new Map([["on", () => t("chances.on")], ["off", () => t("chances.off")]]);
const setting = rememberedSetting({
  key: KEY, name: "chances", values: CHANCES, read: readChances, label: (s) => LABELS.get(s)(), changed: mark,
});
export const setChances = setting.set;

export function chancesButtons(cls) {
  const out = setting.buttons(cls);
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
