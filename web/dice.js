// The dice in the turn card: faces with pips, and the spin while the engine rolls.
//
//   import { showDice, spinDice } from "./dice.js";
//   showDice(box, {count, values, from})   // `count` faces; `values` rolled (blank before the roll);
//                                          // `from`: the index of a die taken from a boat, or null
//   const spin = spinDice(box, count);      // random faces while waiting …
//   await spin.stop(values);                // … then the real ones (null: the roll failed)
//
// The values always come from the engine; the spinning faces are decoration (Math.random).

import { el } from "./dom.js";
import { t } from "./i18n.js";

const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
const PIPS = new Map([[1, [5]], [2, [3, 7]], [3, [3, 5, 7]], [4, [1, 3, 7, 9]], [5, [1, 3, 5, 7, 9]], [6, [1, 3, 4, 6, 7, 9]]]);
const SPIN_MS = 520;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, reducedMotion.matches ? Math.min(ms, 30) : ms));
}

function dieFace(node, value) {
  node.replaceChildren();
  node.dataset.value = value ? String(value) : "";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", value ? t("die.showing", { value }) : t("die.blank"));
  const pips = new Set(PIPS.get(value) || []);
  for (let k = 1; k <= 9; k++) node.append(el("span", { class: pips.has(k) ? "pip on" : "pip" }));
}

export function showDice(box, { count, values, from }) {
  if (box.classList.contains("spinning")) return; // the spin ends by itself with the real values
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const d = el("div", { class: "die", "data-testid": "die" });
    dieFace(d, values[i] || 0);
    if (!values[i]) d.classList.add("blank");
    if (i === from) d.classList.add("from-boat");
    box.append(d);
  }
  box.dataset.values = values.join(",");
}

export function spinDice(box, count) {
  box.replaceChildren();
  const dice = [];
  for (let i = 0; i < count; i++) {
    const d = el("div", { class: "die rolling", "data-testid": "die" });
    dieFace(d, 1 + Math.floor(Math.random() * 6));
    box.append(d);
    dice.push(d);
  }
  box.classList.add("spinning");
  const started = performance.now();
  const timer = reducedMotion.matches ? null : setInterval(() => {
    for (const d of dice) dieFace(d, 1 + Math.floor(Math.random() * 6));
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
