// The game log in the side panel (or over the board on phones): one line per log entry of the
// engine, worded from its parts, grouped by turn.  A turn's first line carries a button with the
// player's shape in their colour and their name: it opens the replay at the start of that turn.
//
//   import { createLogPanel, lastTurnStart, turnsOf } from "./log.js";
//   const log = createLogPanel(document.getElementById("log"), { onTurn: (step) => ... });
//   log.show(lines, same, ctx, { at, chip })
//                                // `lines`: the log to show; `same`: how many of the lines on
//                                // screen are still right (the rest is removed, the new ones added);
//                                // `at`: the replay's step (later lines dimmed, its turn marked) or
//                                // null; `chip(player)`: the player's shape, small (the game's chip)
//   log.reset()                  // empty (another game; every line again in a new language)
//   turnsOf(lines)               // [{actor, start, first}]: the turns (start: the step before the first line)
//   lastTurnStart(view, lines)   // the step the replay opens at: the start of the person's last turn
//
// The log travels as deltas (view.log from view.log_from): the controller keeps the lines and
// the list only grows, or shrinks when another game comes, so a long game costs little per move.
// The list stays flat (one <li> per line: the screen reader's announcer watches its children); a
// turn is the run of lines of one actor (each line says whose turn it was in: "actor"; a line
// without one belongs to the turn before it).  The player's name on the button is drawn by the
// stylesheet from data-name: the line's text stays the sentence alone.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { playerName, say } from "./words.js";

/** The turn a line belongs to: its actor (a line without one: the actor of the line before) and
 * whether it starts a new turn (the first line, or one whose actor differs from the line before's). */
function turnOfLine(line, before) {
  if (line.actor === undefined) return before ? { actor: before.actor, first: false } : { actor: null, first: true };
  const actor = line.actor ?? null;
  return { actor, first: !before || actor !== before.actor };
}

/** The turns of a log: {actor, start, first} with start the step the board stood at before the
 * turn's first line (the replay's position for it) and first the index of that line. */
export function turnsOf(lines) {
  const turns = [];
  let before = null;
  lines.forEach((line, i) => {
    const { actor, first } = turnOfLine(line, before);
    if (first) turns.push({ actor, start: Math.max(0, Number(line.step) - 1), first: i });
    before = { actor };
  });
  return turns;
}

/** Where the replay opens: the start of the last turn of the person at the screen (the seat whose
 * turn it is, if a person's, else the last person who played; nobody's: the last turn), not
 * counting the turn in progress; with no such turn, the current step.  In a game by link the
 * persons at this screen are the seats of this device. */
export function lastTurnStart(view, lines) {
  const seats = view.remote && Array.isArray(view.remote.seats) ? view.remote.seats : null;
  const human = seats
    ? (seat) => Boolean(seats[seat] && seats[seat].here && seats[seat].kind === "human")
    : (seat) => view.players.some((p) => p.index === seat && p.kind === "human" && !p.neutral);
  const turns = turnsOf(lines);
  const last = turns[turns.length - 1];
  const done = !view.over && last && last.actor === view.actor ? turns.slice(0, -1) : turns;
  const back = [...done].reverse();
  const seat = human(view.actor) ? view.actor : back.find((x) => human(x.actor))?.actor ?? null;
  const mine = back.find((x) => (seat === null ? x.actor !== null : x.actor === seat));
  return mine ? mine.start : view.step;
}

const playerOf = (ctx, seat) => (Array.isArray(ctx.players) ? ctx.players.find((q) => q.index === seat) : null);

function turnButton(actor, start, ctx, chip, onTurn) {
  const p = actor === null ? null : playerOf(ctx, actor);
  const name = p ? playerName(ctx.players, actor) : t("log.beforeGame");
  const label = p ? t("log.turnShow", { name }) : t("log.beforeGameShow");
  const b = el("button", {
    type: "button", class: "log-turn", "data-testid": "log-turn", "data-start": start, "data-name": name,
    tabindex: -1, "aria-label": label, title: label, onclick: () => onTurn(start),
  });
  if (p && chip) b.append(chip(p));
  return b;
}

export function createLogPanel(list, { onTurn = () => {} } = {}) {
  let shown = []; // per line on screen: {actor, start, step} (a line without an actor: the one before's)
  let at = null; // the replay's step the marks are for
  let follow = true; // the newest line kept in sight, until the player scrolls up to read
  // only the player's own scrolling counts (the page's own, and the list's resizing, scroll it too):
  // a wheel, a finger, a key, or the scroll bar (a press on the list itself, not on a line)
  let touched = 0;
  const touch = (e) => {
    if (e.type !== "pointerdown" || e.target === list) touched = Date.now();
  };
  for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) list.addEventListener(type, touch, { passive: true });
  let ours = null; // where the page itself scrolled the list to (its scroll event is not the player's)
  list.addEventListener("scroll", () => {
    if (list.scrollTop === ours) return;
    if (Date.now() - touched < 1000) follow = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  });
  // the turns are one tab stop (the current turn's, else the newest); the arrows go through them
  list.addEventListener("keydown", (e) => {
    const from = e.target.closest ? e.target.closest(".log-turn") : null;
    if (!from || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = [...list.querySelectorAll(".log-turn")];
    const i = all.indexOf(from);
    const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: all.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault(); // not the replay's own Home and End
    const next = all[Math.max(0, Math.min(all.length - 1, to))];
    tabStop(next);
    next.focus();
  });
  // the list can only scroll once it has a size (the log over the board on phones opens later)
  if (typeof ResizeObserver === "function") new ResizeObserver(() => keepInSight()).observe(list);

  let stop = null; // the turn button in the tab order
  function tabStop(button) {
    if (stop === button) return;
    if (stop) stop.tabIndex = -1;
    stop = button;
    if (stop) stop.tabIndex = 0;
  }

  function keepInSight() {
    if (!list.clientHeight) return;
    const now = at === null ? null : list.querySelector('.log-turn[aria-current="step"]');
    if (now) {
      const box = list.getBoundingClientRect();
      const mine = now.closest("li").getBoundingClientRect();
      if (mine.top < box.top || mine.bottom > box.bottom) list.scrollTop += mine.top - box.top - 4;
      ours = list.scrollTop;
    } else if (follow) {
      list.scrollTop = list.scrollHeight;
      ours = list.scrollTop;
    }
  }

  function item(line, i, ctx, chip) {
    const before = i > 0 ? shown[i - 1] : null;
    const { actor, first } = turnOfLine(line, before);
    const start = first ? Math.max(0, Number(line.step) - 1) : before.start;
    shown[i] = { actor, start, step: Number(line.step) };
    const turnOf = playerOf(ctx, actor);
    const seat = playerOf(ctx, line.seat);
    const type = typeof line.type === "string" ? line.type.replace(/[^\w-]/g, "") : "";
    const li = el("li", {
      class: `log-line log-${type}${turnOf ? ` col-${turnOf.colour}` : ""}${first ? " turn-start" : ""}`,
      "data-step": line.step, "data-start": start,
    });
    if (first) li.append(turnButton(actor, start, ctx, chip, onTurn));
    // a line about another player than the one whose turn it is (a capture, the draw) shows theirs
    else if (seat && seat !== turnOf && chip) li.append(chip(seat));
    li.append(el("span", { class: "log-text", text: say(line.parts, ctx) }));
    return li;
  }

  /** The replay's marks: the lines after its step dimmed, its turn's button current. */
  function mark(step) {
    if (step === null) follow = true; // back to the live game: its newest line
    at = step;
    let current = null;
    for (const li of list.children) {
      const s = Number(li.dataset.step);
      li.classList.toggle("log-future", step !== null && s > step);
      if (step !== null && Number(li.dataset.start) <= step && li.classList.contains("turn-start")) current = li;
    }
    for (const b of list.querySelectorAll('.log-turn[aria-current]')) b.removeAttribute("aria-current");
    current?.querySelector(".log-turn")?.setAttribute("aria-current", "step");
  }

  /** The tab stop: the replay's turn, else the newest (unless the focus is on a turn already). */
  function placeTabStop() {
    if (stop && stop.isConnected && document.activeElement === stop) return;
    const buttons = list.getElementsByClassName("log-turn");
    tabStop(list.querySelector('.log-turn[aria-current="step"]') || buttons[buttons.length - 1] || null);
  }

  return {
    show(lines, same, ctx, { at: step = null, chip = null } = {}) {
      const keep = Math.max(0, Math.min(same, list.children.length, lines.length));
      while (list.children.length > keep) list.lastChild.remove();
      shown.length = keep;
      if (lines.length > keep) {
        const items = document.createDocumentFragment();
        for (let i = keep; i < lines.length; i++) items.append(item(lines[i], i, ctx, chip));
        list.append(items);
      }
      if (step !== at || step !== null) mark(step);
      placeTabStop();
      keepInSight();
    },
    reset() {
      list.replaceChildren();
      shown = [];
      stop = null;
      follow = true;
    },
    get length() {
      return list.children.length;
    },
  };
}
