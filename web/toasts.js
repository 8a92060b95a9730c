// Short messages: who starts, captures, hints, a pass, the engine's restart.  They show over an
// edge of the board (layout.css), never over the scores or the controls, one at a time: each
// waits its turn, and the same words twice at once show once (one toast per event).  They are
// short-lived and belong to the turn they were shown in: a new turn drops them (the log keeps
// the story).  The edge is the bottom one unless something the player may tap lies under the
// toast there; then the top; where both edges are taken, the toast goes (the log has it).
//
//   import { toast, notify, dropToasts, placeToasts, keepToastsOff, keepToastsWithin } from "./toasts.js";
//   toast([node or text, ...], "capture")   // queued; each stays a moment, less when others wait
//   notify(text)                           // a toast of plain text
//   notify(text, { urgent: true })         // first in the queue, the one showing cut short: what
//                                          // the player must hear now (the engine's state)
//   notify(text, { keep: true })           // not about a turn (the guide's last word): a new turn keeps it
//   notify(text, { now: true })            // the answer to a tap (the hint's reason): first, the one
//                                          // showing cut short, and gone with its turn
//   dropToasts()                           // the turn changed: its toasts go, showing or waiting
//   keepToastsOff(() => [DOMRect, ...])    // what a toast may not cover (the legal targets)
//   keepToastsWithin(() => DOMRect | null) // where toasts stand (inside a track round the board's edge)
//   placeToasts()                          // after a redraw: the edge again (the targets moved)

import { el } from "./dom.js";

const SHOWN_MS = 2300; // alone
const BUSY_MS = 1300; // while others wait
const LEAVE_MS = 300;
const MAX_WAITING = 6; // beyond this the oldest waiting ones are dropped

const waiting = [];
let showing = null; // {node, key, timer}
let guard = () => []; // the boxes a toast may not cover
let within = () => null; // the box toasts stand in (null: the board's)

function box() {
  return document.getElementById("toasts");
}

function next() {
  showing = null;
  const item = waiting.shift();
  if (!item) return;
  const node = item.node;
  box().append(node);
  showing = { node, key: item.key, keep: item.keep };
  const current = showing;
  placeToasts();
  if (showing !== current) return; // it would have covered a target: gone, the next one placed
  const hold = waiting.length ? BUSY_MS : item.ms;
  current.timer = setTimeout(() => leave(current), hold);
}

function leave(current) {
  if (current.leaving) return;
  current.leaving = true;
  clearTimeout(current.timer);
  current.node.classList.add("gone");
  setTimeout(() => {
    current.node.remove();
    if (showing === current) next(); // (not dropped meanwhile)
  }, LEAVE_MS);
}

export function toast(content, cls = "", { ms = SHOWN_MS, urgent = false, keep = false, now = false } = {}) {
  // captures and the start player are read out with the log (a11y.js): not twice
  const echoed = cls === "capture" || cls === "start";
  const node = el("div", { class: `toast ${cls}`.trim(), role: echoed ? null : "status" });
  node.append(...content);
  const key = `${cls}|${node.textContent}`;
  keep = keep || urgent; // the engine's state is no turn's
  if ((showing && showing.key === key) || waiting.some((w) => w.key === key)) return; // the same event, once
  const first = urgent || now;
  if (first) waiting.unshift({ node, key, ms, keep });
  else waiting.push({ node, key, ms, keep });
  while (waiting.length > MAX_WAITING) waiting.splice(first ? 1 : 0, 1);
  if (!showing) next();
  else if (first) leave(showing);
}

/** The turn changed: what was said belongs to the turn before (the log keeps it). */
export function dropToasts() {
  const kept = waiting.filter((w) => w.keep);
  waiting.splice(0, waiting.length, ...kept);
  if (!showing || showing.keep) return;
  clearTimeout(showing.timer);
  showing.node.remove();
  next();
}

/** What a toast may not cover: a function giving the boxes (DOMRects) of the legal targets. */
export function keepToastsOff(fn) {
  guard = fn;
}

const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where toasts stand: a function giving a box of the screen inside the board (Hibernia's: inside
 * its track, which runs round the board's edge), or null for the whole board. */
export function keepToastsWithin(fn) {
  within = fn;
}

// The box's place inside the board (its containing block: the board's cell), by CSS variables.
function fitWithin(b) {
  const area = within();
  const cell = b.parentElement?.querySelector(".board-area")?.getBoundingClientRect();
  const inset = (name, px) => b.style.setProperty(name, `${Math.max(0, Math.round(px))}px`);
  if (!area || !cell) {
    for (const name of ["--toast-left", "--toast-right", "--toast-top", "--toast-bottom"]) b.style.removeProperty(name);
    return;
  }
  inset("--toast-left", area.left - cell.left);
  inset("--toast-right", cell.right - area.right);
  inset("--toast-top", area.top - cell.top);
  inset("--toast-bottom", cell.bottom - area.bottom);
}

/** The showing toast at the board's edge that covers no target; gone if both edges would. */
export function placeToasts() {
  const b = box();
  if (!b || !showing) return;
  fitWithin(b);
  const targets = guard();
  const covers = () => targets.some((r) => meets(showing.node.getBoundingClientRect(), r));
  if (showing.leaving) {
    if (!covers()) return; // fading where it stands
  } else {
    for (const edge of ["bottom", "top"]) {
      b.dataset.edge = edge;
      if (!covers()) return;
    }
    b.dataset.edge = "bottom";
  }
  const current = showing;
  current.leaving = true;
  clearTimeout(current.timer);
  current.node.remove();
  next();
}

/** A toast of plain text. */
export function notify(text, opts) {
  toast([el("span", { text })], "", opts);
}
