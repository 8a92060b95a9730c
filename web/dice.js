// The dice in the turn card: faces with pips, and the spin while the engine rolls.
//
//   import { showDice, spinDice } from "./dice.js";
//   showDice(box, {count, values, from, previous, kind, label}, caption)   // `count` faces;
//                                          // `values` rolled; `from`: the index of a die taken
//                                          // from a boat, or null; `previous`: the last roll, shown
//                                          // faded before a new one; kind "colour": a colour die
//                                          // (Hibernia) whose values are colour names, `label` the face in words
//   const spin = spinDice(box, count);      // random faces while waiting …
//   await spin.stop(values);                // … then the real ones (null: the roll failed)
//
// The values always come from the engine; the spinning faces are decoration (Math.random).

import { el } from "./dom.js";
import { t } from "./i18n.js";

const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
const PIPS = new Map([[1, [5]], [2, [3, 7]], [3, [3, 5, 7]], [4, [1, 3, 7, 9]], [5, [1, 3, 5, 7, 9]], [6, [1, 3, 4, 6, 7, 9]]]);
const SPIN_MS = 520;
const COLOUR_FACES = ["blue", "green", "red", "yellow", "black", "purple"];

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, reducedMotion.matches ? Math.min(ms, 30) : ms));
}

function dieFace(node, value, label = "") {
  node.replaceChildren();
  if (typeof value === "string") { // a colour die: the face is its colour (with a mark, not hue alone)
    node.dataset.value = value;
    for (const c of Array.from(node.classList)) if (c.startsWith("face-")) node.classList.remove(c);
    node.classList.add("colour-die", `face-${value}`);
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", t("die.showing", { value: label || value }));
    node.append(el("span", { class: "face-mark" }));
    return;
  }
  node.dataset.value = value ? String(value) : "";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", value ? t("die.showing", { value }) : t("die.blank"));
  const pips = new Set(PIPS.get(value) || []);
  for (let k = 1; k <= 9; k++) node.append(el("span", { class: pips.has(k) ? "pip on" : "pip" }));
}

export function showDice(box, { count, values, from, previous = false, kind = "", label = "" }, caption = "") {
  if (box.classList.contains("spinning")) return; // the spin ends by itself with the real values
  box.replaceChildren();
  box.dataset.kind = kind;
  // before a roll, the last roll stays in sight, faded, until the new one lands
  box.classList.toggle("previous", previous);
  for (let i = 0; i < count; i++) {
    const d = el("div", { class: kind === "colour" ? "die colour-die" : "die", "data-testid": "die" });
    dieFace(d, values[i] || 0, label);
    if (!values[i]) d.classList.add("blank");
    if (i === from) d.classList.add("from-boat");
    box.append(d);
  }
  if (previous && caption) box.append(el("span", { class: "dice-caption", text: caption }));
  box.dataset.values = previous ? "" : values.join(",");
  box.dataset.previous = previous ? values.join(",") : "";
}

export function spinDice(box, count) {
  box.replaceChildren();
  box.classList.remove("previous");
  const dice = [];
  const colour = box.dataset.kind === "colour";
  const random = () => (colour ? COLOUR_FACES[Math.floor(Math.random() * 6)] : 1 + Math.floor(Math.random() * 6));
  for (let i = 0; i < count; i++) {
    const d = el("div", { class: "die rolling", "data-testid": "die" });
    dieFace(d, random());
    box.append(d);
    dice.push(d);
  }
  box.classList.add("spinning");
  const started = performance.now();
  const timer = reducedMotion.matches ? null : setInterval(() => {
    for (const d of dice) dieFace(d, random());
  }, 70);
  return {
    async stop(values) {
      const left = SPIN_MS - (performance.now() - started);
      if (values && left > 0 && !reducedMotion.matches) await sleep(left);
      if (timer) clearInterval(timer);
      box.classList.remove("spinning");
      dice.forEach((d, i) => {
        d.classList.remove("rolling");
        if (values && values[i]) dieFace(d, values[i]);
        d.classList.add("landed");
      });
    },
  };
}
