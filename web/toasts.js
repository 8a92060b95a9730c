// Short messages over the board: who starts, captures, hints, the engine's restart.
//
//   import { toast } from "./toasts.js";
//   toast([node or text, ...], "capture")   // at most three at a time; each goes after a few seconds

import { el } from "./dom.js";

const SHOWN_MS = 4200;

export function toast(content, cls = "") {
  const box = document.getElementById("toasts");
  // captures and the start player are read out with the log (a11y.js): not twice
  const echoed = cls === "capture" || cls === "start";
  const node = el("div", { class: `toast ${cls}`.trim(), role: echoed ? null : "status" });
  node.append(...content);
  box.append(node);
  setTimeout(() => node.classList.add("gone"), SHOWN_MS);
  setTimeout(() => node.remove(), SHOWN_MS + 500);
  while (box.children.length > 3) box.firstChild.remove();
}

/** A toast of plain text. */
export function notify(text) {
  toast([el("span", { text })]);
}
