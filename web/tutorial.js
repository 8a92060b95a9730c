// A short guided first turn: a few lines in the turn card say what to do next (roll,
// choose a highlighted road, confirm) and the thing to press is outlined.  It follows the
// player's setup placement and first regular turn; then it closes by itself and a toast says
// where the rules are (so that it never stays in the way of the next players).  It shows once
// per browser (remembered in localStorage) and can be skipped at any time; the rules screen
// offers it again.
//
//   import { initTutorial, updateTutorial, restartTutorial } from "./tutorial.js";
//   updateTutorial({ view, opts, partial, human, coach })   // after every redraw
//
// The words and targets below are Cambria's; a game with its own guide passes `coach`
// (web/games/hibernia/coach.js: step(info) -> {text, target}, endsTurn(phase), done()).

import { onLanguage, t } from "./i18n.js";
import { notify } from "./toasts.js";
import { overflows, shrinkToFit } from "./dom.js";

const KEY = "cambria:tutorial";
let state = readState(); // "new" | "done"
let turnsDone = 0; // regular turns confirmed while guiding
let prev = null; // the step, phase and actor at the last update
let lastInfo = null;
let card = null;

/** The guide's state from what is stored under its key (any text, or null). */
export function readTutorialState(text) {
  return text === "done" ? "done" : "new";
}

function readState() {
  try {
    return readTutorialState(localStorage.getItem(KEY));
  } catch {
    return "new";
  }
}

function remember() {
  try {
    localStorage.setItem(KEY, "done");
  } catch {
    // not remembered: it shows again next visit
  }
}

// (view: the guide closes itself as a turn starts, which decides that turn's room; none: "skip")
function finish(view = null) {
  state = "done";
  remember();
  coaching(false, view);
  hide();
}

/** Show the guide again from the next human turn. */
export function restartTutorial() {
  state = "new";
  turnsDone = 0;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // fine
  }
  if (lastInfo) updateTutorial(lastInfo);
}

export function tutorialActive() {
  return state !== "done";
}

function ensureCard() {
  if (card && card.isConnected) return card;
  card = document.createElement("section");
  card.className = "card coach";
  card.id = "coach";
  card.dataset.testid = "tutorial";
  card.setAttribute("aria-labelledby", "coach-title");
  card.hidden = true;
  const title = document.createElement("h3");
  title.id = "coach-title";
  title.className = "coach-title";
  const text = document.createElement("p");
  text.className = "coach-text";
  text.id = "coach-text";
  text.dataset.testid = "tutorial-text";
  const buttons = document.createElement("div");
  buttons.className = "coach-actions";
  const skip = document.createElement("button");
  skip.type = "button";
  skip.className = "coach-skip";
  skip.dataset.testid = "tutorial-skip";
  skip.addEventListener("click", () => finish());
  buttons.append(skip);
  card.append(title, text, buttons);
  // the room changes with the screen (a phone turned): fitted again when cut
  if (typeof ResizeObserver === "function") new ResizeObserver(() => { if (clamped(text)) fitText(text); }).observe(text);
  // a line of the turn card, above the dice: never in the board's place (layout.css keeps the
  // card's height the same while the guide runs, so the board does not move between taps)
  const turnCard = document.getElementById("turn-card");
  if (turnCard) turnCard.prepend(card);
  else document.body.append(card);
  return card;
}

// While the guide runs, the turn card keeps the room of its lines (layout.css: .coaching), shown
// or not, so the board's size stays the same through the guided turns.  The room is decided
// when a turn starts and kept to its end (the guide closing itself as a turn ends must not move
// the board under the next player's finger); only "skip" frees it at once.
let roomFor = null; // the seat whose turn's room is decided

function coaching(on, view = null) {
  const turn = view ? String(view.current) : null;
  if (turn !== null && turn === roomFor) return;
  roomFor = turn;
  document.getElementById("app")?.classList.toggle("coaching", on);
}

function hide() {
  if (card) card.hidden = true;
  for (const n of document.querySelectorAll(".coach-target")) n.classList.remove("coach-target");
}

// The guide's words have at most three lines (two in Hibernia's, layout.css) above the prompt:
// a longer text is set smaller until whole there, then given one line more (the prompt under it
// is fitted in turn: turncard.js), never ended in "…"
const FIT_SIZES = [12.5, 12, 11.5, 11, 10.5, 10]; // px
const clamped = overflows;

const setSize = (text) => shrinkToFit(text, FIT_SIZES);

function fitText(text) {
  text.style.removeProperty("-webkit-line-clamp");
  setSize(text);
  const lines = Number(getComputedStyle(text).webkitLineClamp);
  if (clamped(text) && lines > 0) {
    text.style.setProperty("-webkit-line-clamp", String(lines + 1));
    setSize(text);
  }
}

// `keys`: the step is a choice on the board, which the arrow keys also make: the text says so in
// a .keys-hint, which a11y.css shows only where the main pointer is a mouse (not on touch screens)
function show(textKeyText, target, keys = false) {
  const c = ensureCard();
  c.querySelector("#coach-title").textContent = t("tutorial.title");
  const text = c.querySelector("#coach-text");
  const before = text.textContent;
  text.textContent = textKeyText;
  if (keys) text.append(" ", Object.assign(document.createElement("span"), { className: "keys-hint", textContent: t("tutorial.keys") }));
  const skip = c.querySelector(".coach-skip");
  skip.textContent = t("tutorial.skip");
  c.hidden = false;
  // (show() runs after every redraw: the words are fitted again only when new, or cut)
  if (text.textContent !== before || clamped(text)) fitText(text);
  for (const n of document.querySelectorAll(".coach-target")) if (n !== target) n.classList.remove("coach-target");
  if (target) target.classList.add("coach-target");
}

/** Update the guide from the page's state (called after every redraw). */
export function updateTutorial(info) {
  lastInfo = info;
  const { view, opts, partial = [], human } = info || {};
  if (state === "done") {
    coaching(false, view && !view.over ? view : null);
    hide();
    return;
  }
  if (!view || view.over || document.getElementById("app")?.dataset.screen !== "game") {
    coaching(false);
    hide();
    return;
  }
  // count the regular turns the guide has walked through (before the room of this view's turn
  // is decided: a turn that starts as the guide closes gets no room for it)
  const coach = info.coach;
  const endsTurn = coach ? coach.endsTurn(prev?.phase) : prev?.phase === "turn";
  if (prev && view.step > prev.step && endsTurn && prev.human) turnsDone += 1;
  prev = { step: view.step, phase: view.phase, human };
  if (turnsDone >= 1) {
    // walked through: closed, the last word as a toast that goes by itself
    finish(view);
    notify(coach ? coach.done() : t("tutorial.done"), { ms: 4000, keep: true }); // about the guide, not the turn
    return;
  }
  coaching(true, view);
  if (!human) {
    hide();
    return;
  }
  if (coach) {
    const said = coach.step(info);
    if (said) show(said.text, said.target, said.keys);
    else hide();
    return;
  }
  const board = document.getElementById(`board-${view.map}`);
  if (view.chance) {
    const kind = view.roll ? view.roll.kind : "dice";
    const text = kind === "setup" ? t("tutorial.rollSetup") : kind === "neutral" ? t("tutorial.rollNeutral") : t("tutorial.rollDice");
    show(text, document.getElementById("roll"));
    return;
  }
  // a warrior marked to move (the engine's proposal): another can be tapped before going on
  const marked = Boolean(opts && opts.choices && opts.choices.some((c) => c.chosen));
  if (opts && opts.complete && partial.length && view.then_roll) {
    show(marked ? t("tutorial.liftRoll") : t("tutorial.rollAfter"), document.getElementById("roll"));
    return;
  }
  if (opts && opts.complete && partial.length && marked) {
    show(t("tutorial.lift"), document.getElementById("confirm"));
    return;
  }
  if (opts && opts.complete && partial.length) {
    const more = opts.choices && opts.choices.some((c) => c.kind === "boat");
    show(more ? t("tutorial.confirmBoat") : t("tutorial.confirm"), document.getElementById("confirm"));
    return;
  }
  if (opts && opts.choices && opts.choices.length) {
    let text;
    let keys = false; // the first choices of the turn also say how the keyboard makes them
    if (view.phase === "setup") [text, keys] = [t("tutorial.chooseSetup", { die: view.dice[0] }), true];
    else if (view.phase === "neutral") text = t("tutorial.chooseNeutral");
    else if (opts.stage === "source" || opts.stage === "boat_source") text = t("tutorial.chooseSource");
    else if (opts.choices.some((c) => c.kind === "place" || c.kind === "legion")) [text, keys] = [t("tutorial.choose"), true];
    else text = t("tutorial.nothing");
    show(text, board, keys);
    return;
  }
  hide();
}

export function initTutorial() {
  onLanguage(() => {
    if (lastInfo) updateTutorial(lastInfo);
  });
}
