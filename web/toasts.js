// Short messages: who starts, captures, hints, a pass, the engine's restart.  They show over the
// scores (layout.css), never over the board, one at a time: each waits its turn, and the same
// words twice at once show once (one toast per event).
//
//   import { toast, notify } from "./toasts.js";
//   toast([node or text, ...], "capture")   // queued; each stays a moment, less when others wait
//   notify(text)                           // a toast of plain text
//   notify(text, { urgent: true })         // first in the queue, the one showing cut short: what
//                                          // the player must hear now (the engine's state)

import { el } from "./dom.js";

const SHOWN_MS = 2600; // alone
const BUSY_MS = 1500; // while others wait
const LEAVE_MS = 300;
const MAX_WAITING = 6; // beyond this the oldest waiting ones are dropped

const waiting = [];
let showing = null; // {node, key, timer}

function box() {
  return document.getElementById("toasts");
}

function next() {
  showing = null;
  const item = waiting.shift();
  if (!item) return;
  const node = item.node;
  box().append(node);
  showing = { node, key: item.key };
  const hold = waiting.length ? BUSY_MS : item.ms;
  const current = showing;
  current.timer = setTimeout(() => leave(current), hold);
}

function leave(current) {
  if (current.leaving) return;
  current.leaving = true;
  clearTimeout(current.timer);
  current.node.classList.add("gone");
  setTimeout(() => {
    current.node.remove();
    next();
  }, LEAVE_MS);
}

export function toast(content, cls = "", { ms = SHOWN_MS, urgent = false } = {}) {
  // captures and the start player are read out with the log (a11y.js): not twice
  const echoed = cls === "capture" || cls === "start";
  const node = el("div", { class: `toast ${cls}`.trim(), role: echoed ? null : "status" });
  node.append(...content);
  const key = `${cls}|${node.textContent}`;
  if ((showing && showing.key === key) || waiting.some((w) => w.key === key)) return; // the same event, once
  if (urgent) waiting.unshift({ node, key, ms });
  else waiting.push({ node, key, ms });
  while (waiting.length > MAX_WAITING) waiting.splice(urgent ? 1 : 0, 1);
  if (!showing) next();
  else if (urgent) leave(showing);
}

/** A toast of plain text. */
export function notify(text, opts) {
  toast([el("span", { text })], "", opts);
}
