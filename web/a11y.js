// Keyboard play and screen-reader announcements.
//
//   import { initA11y, afterRender, announce, openDialog } from "./a11y.js";
//   initA11y();          // once: the live region, board keys, shortcuts, log/prompt announcements
//   afterRender();       // after each redraw: one tab stop among the legal roads and boats, and
//                        // focus kept on something useful when what had it went away
//   announce(text)       // say something through the polite live region
//   openDialog(node, {opener, initial})   // a modal dialog: focus in, Tab trapped, Escape closes
//
// On the board only one legal road or boat is in the tab order at a time (a roving tab stop);
// the arrow keys move to the nearest legal road or boat in that direction, Home/End to the
// first/last, Enter or Space chooses (board.js reports it as a tap).  While the focus is on the
// board or the turn card: R rolls, C confirms, U undoes, P passes (by physical key, so they
// work on any keyboard layout).  New log lines (rolls, moves, captures) and the prompt saying
// what to do next are read out through one live region.

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

let region = null;
let queue = [];
let flushTimer = null;
let lastPrompt = "";
let roving = null; // the legal board element that holds the tab stop
let lastInput = "keyboard"; // how the player last acted: "keyboard" or "pointer"

// ------------------------------------------------------------------ the live region

function liveRegion() {
  if (region && region.isConnected) return region;
  region = document.getElementById("announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "announcer";
    region.className = "visually-hidden";
    region.dataset.testid = "announcer";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  return region;
}

/** Read `text` out (politely, after what is being read).  Messages in quick succession are joined. */
export function announce(text) {
  text = String(text || "").trim();
  if (!text) return;
  queue.push(text);
  clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, 120);
}

function flush() {
  const node = liveRegion();
  const text = queue.join(" ");
  queue = [];
  // a change is what gets read: clear first so that the same words twice are read twice
  node.textContent = "";
  requestAnimationFrame(() => {
    node.textContent = text;
    node.dataset.count = String(Number(node.dataset.count || 0) + 1);
  });
}

function watchLogAndPrompt() {
  const log = $("#log");
  if (log) {
    new MutationObserver((records) => {
      const added = [];
      let removed = 0;
      for (const r of records) {
        for (const n of r.addedNodes) if (n.nodeType === 1) added.push(n);
        removed += r.removedNodes.length;
      }
      // a whole log redrawn (the language switched) or filled at once (a game loaded) is not news;
      // everything else is, however much happened at once (the end of a game adds many lines)
      const before = log.children.length - added.length;
      if (added.length === 0 || removed > 0 || (before === 0 && added.length > 3)) return;
      for (const n of added) announce(n.textContent);
    }).observe(log, { childList: true });
  }
  const prompt = $("#prompt");
  if (prompt) {
    new MutationObserver(() => {
      const text = prompt.textContent.trim();
      if (text && text !== lastPrompt) announce(text);
      lastPrompt = text;
    }).observe(prompt, { childList: true, characterData: true, subtree: true });
  }
  const end = $("#end-screen");
  if (end) {
    new MutationObserver(() => {
      if (!end.hidden) announce($("#end-title")?.textContent || "");
    }).observe(end, { attributes: true, attributeFilter: ["hidden"] });
  }
}

// ------------------------------------------------------------------ the board: one tab stop, arrows

// The board component marks the elements that can be chosen with data-choice (board.js).
function activeBoard() {
  return $(".board-frame:not([hidden]) svg.board");
}

function legalNodes(b = activeBoard()) {
  return b ? $$("[data-choice]", b) : [];
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/** The nearest legal element from `from` in direction (dx, dy), or null. */
function nearestInDirection(from, nodes, dx, dy) {
  const [x0, y0] = centre(from);
  let best = null;
  for (const n of nodes) {
    if (n === from) continue;
    const [x, y] = centre(n);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (across > along * 2.5) continue; // clearly not in that direction
    const score = along + across * 2;
    if (!best || score < best.score) best = { n, score };
  }
  return best ? best.n : null;
}

function readingOrder(nodes) {
  return nodes
    .map((n) => [n, ...centre(n)])
    .sort((a, b) => (Math.abs(a[2] - b[2]) > 12 ? a[2] - b[2] : a[1] - b[1]))
    .map((a) => a[0]);
}

function setRoving(node, focus = false) {
  for (const n of legalNodes()) n.setAttribute("tabindex", n === node ? "0" : "-1");
  roving = node;
  if (focus && node) node.focus();
}

function onBoardKeydown(event) {
  const b = event.currentTarget;
  const nodes = legalNodes(b);
  if (!nodes.length) return;
  const here = event.target.closest("[data-choice]");
  const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  let next = null;
  if (event.key in dirs) {
    const ordered = readingOrder(nodes);
    if (!here) next = ordered[0];
    else {
      next = nearestInDirection(here, nodes, ...dirs[event.key]);
      if (!next) {
        // nothing that way: step through the reading order instead, so every choice is reachable
        const i = ordered.indexOf(here);
        const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
        next = ordered[(i + step + ordered.length) % ordered.length];
      }
    }
  } else if (event.key === "Home" || event.key === "End") {
    const ordered = readingOrder(nodes);
    next = event.key === "Home" ? ordered[0] : ordered[ordered.length - 1];
  } else {
    return;
  }
  event.preventDefault();
  if (next) setRoving(next, true);
}

// ------------------------------------------------------------------ after each redraw

function visible(node) {
  return Boolean(node && !node.hidden && node.offsetParent !== null && !node.disabled);
}

function focusIsLost() {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return true;
  if (!a.isConnected) return true;
  // a board element that is no longer a choice, or a button that went away
  if (a.closest("svg.board") && !a.hasAttribute("data-choice")) return true;
  if ((a.tagName === "BUTTON" || a.tagName === "INPUT") && !visible(a)) return true;
  return false;
}

function focusInGame() {
  const a = document.activeElement;
  return Boolean(a && (a.closest("svg.board") || a.closest("#play")));
}

/** Keep the board's single tab stop on a legal element and put the focus somewhere useful. */
export function afterRender() {
  const nodes = legalNodes();
  if (nodes.length) {
    const keep = roving && nodes.includes(roving) ? roving : readingOrder(nodes)[0];
    setRoving(keep);
  } else {
    roving = null;
  }
  const app = $("#app");
  if (!app || app.dataset.screen !== "game") return;
  if (!(focusIsLost() || focusInGame())) return; // the player is elsewhere (menu, a dialog)
  if (dialogOpen()) return;
  const current = document.activeElement;
  const target = nextTarget(nodes);
  if (!target || target === current) return;
  // move only if what had the focus is gone, or it is a step that is finished (roll, confirm)
  const stale = focusIsLost() || current?.id === "roll" || current?.id === "confirm" && !visible(current)
    || (current?.closest?.("svg.board") && !nodes.includes(current))
    || current?.closest?.("#extra-choices") && !visible(current);
  // a keyboard player is shown where the focus went; a finger or mouse player's page stays put
  if (stale) target.focus({ preventScroll: lastInput !== "keyboard" });
}

function nextTarget(nodes) {
  const roll = $("#roll");
  if (visible(roll)) return roll;
  if (nodes.length) return roving || nodes[0];
  const confirm = $("#confirm");
  if (visible(confirm)) return confirm;
  const extra = $("#extra-choices button");
  if (visible(extra)) return extra;
  const result = $("#show-result");
  if (visible(result)) return result;
  return null;
}

// ------------------------------------------------------------------ shortcuts

const SHORTCUTS = {
  KeyR: () => $("#roll"),
  KeyC: () => $("#confirm"),
  KeyU: () => $("#undo"),
  KeyP: () => $('#extra-choices [data-testid="choice-pass"]'),
};

function onShortcut(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  if (!target || !target.closest) return;
  if (target.closest("input, select, textarea, [contenteditable]")) return;
  // only while the game has the focus (WCAG 2.1.4: no stray single-key shortcuts)
  if (!target.closest("svg.board, #play, .board-area")) return;
  const get = SHORTCUTS[event.code];
  if (!get) return;
  const button = get();
  if (!visible(button)) return;
  event.preventDefault();
  button.click();
}

// ------------------------------------------------------------------ dialogs

const openDialogs = [];

function dialogOpen() {
  return openDialogs.some((d) => !d.node.hidden);
}

function focusable(root) {
  return $$('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])', root)
    .filter((n) => !n.disabled && n.offsetParent !== null);
}

/** Show a modal dialog: focus goes in, Tab stays inside, Escape closes; the focus returns. */
export function openDialog(node, { opener = document.activeElement, initial = null, closeButton = null } = {}) {
  if (!node) return;
  const entry = { node, opener };
  if (closeButton) node._a11yClose = closeButton;
  for (let i = openDialogs.length - 1; i >= 0; i--) if (openDialogs[i].node === node) openDialogs.splice(i, 1);
  openDialogs.push(entry);
  node.hidden = false;
  const first = initial || focusable(node)[0] || node;
  if (first === node && !node.hasAttribute("tabindex")) node.tabIndex = -1;
  first.focus();
  if (!node._a11yWired) {
    node._a11yWired = true;
    node.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        // the dialog's own close button, so that the page does what it does on a click
        if (node._a11yClose && node._a11yClose.isConnected) node._a11yClose.click();
        else node.hidden = true;
      } else if (e.key === "Tab") {
        const items = focusable(node);
        if (!items.length) return;
        const i = items.indexOf(document.activeElement);
        if (e.shiftKey && (i <= 0)) {
          e.preventDefault();
          items[items.length - 1].focus();
        } else if (!e.shiftKey && (i === items.length - 1 || i === -1)) {
          e.preventDefault();
          items[0].focus();
        }
      }
    });
    new MutationObserver(() => {
      if (!node.hidden) return;
      const k = openDialogs.findIndex((d) => d.node === node);
      if (k < 0) return;
      const [{ opener: back }] = openDialogs.splice(k, 1);
      if (back && back.isConnected && back.offsetParent !== null) back.focus();
      else afterRender();
    }).observe(node, { attributes: true, attributeFilter: ["hidden"] });
  }
}

// ------------------------------------------------------------------ start

export function initA11y() {
  liveRegion();
  document.addEventListener("keydown", () => { lastInput = "keyboard"; }, true);
  document.addEventListener("pointerdown", () => { lastInput = "pointer"; }, true);
  for (const b of $$("svg.board")) b.addEventListener("keydown", onBoardKeydown);
  document.addEventListener("keydown", onShortcut);
  watchLogAndPrompt();
  // the end screen is a dialog too: trap the focus in it while it shows
  const end = $("#end-screen");
  if (end) {
    new MutationObserver(() => {
      if (!end.hidden && !openDialogs.some((d) => d.node === end)) {
        openDialog(end, { opener: $("#show-result"), initial: $("#end-new"), closeButton: $("#end-board") });
      }
    }).observe(end, { attributes: true, attributeFilter: ["hidden"] });
  }
  // Escape closes the menu and gives the focus back to its button
  const menu = $("#menu");
  if (menu) {
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || menu.hidden) return;
      e.preventDefault();
      const button = $("#menu-button");
      if (button) {
        button.click();
        button.focus();
      }
    });
  }
}
