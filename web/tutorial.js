// A short guided first turn: a few lines by the turn card say what to do next (roll,
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

function finish() {
  state = "done";
  remember();
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
  skip.addEventListener("click", finish);
  buttons.append(skip);
  card.append(title, text, buttons);
  // just before the turn card: the layout gives it a place of its own (above the controls on a
  // phone, over the log where there is a side column), so the roll and confirm buttons keep theirs
  const turnCard = document.getElementById("turn-card");
  if (turnCard) turnCard.before(card);
  else document.body.append(card);
  return card;
}

function hide() {
  if (card) card.hidden = true;
  for (const n of document.querySelectorAll(".coach-target")) n.classList.remove("coach-target");
}

function show(textKeyText, target) {
  const c = ensureCard();
  c.querySelector("#coach-title").textContent = t("tutorial.title");
  c.querySelector("#coach-text").textContent = textKeyText;
  const skip = c.querySelector(".coach-skip");
  skip.textContent = t("tutorial.skip");
  c.hidden = false;
  for (const n of document.querySelectorAll(".coach-target")) if (n !== target) n.classList.remove("coach-target");
  if (target) target.classList.add("coach-target");
}

/** Update the guide from the page's state (called after every redraw). */
export function updateTutorial(info) {
  lastInfo = info;
  if (state === "done") {
    hide();
    return;
  }
  const { view, opts, partial = [], human } = info || {};
  if (!view || view.over || document.getElementById("app")?.dataset.screen !== "game") {
    hide();
    return;
  }
  // count the regular turns the guide has walked through
  const coach = info.coach;
  const endsTurn = coach ? coach.endsTurn(prev?.phase) : prev?.phase === "turn";
  if (prev && view.step > prev.step && endsTurn && prev.human) turnsDone += 1;
  prev = { step: view.step, phase: view.phase, human };
  if (turnsDone >= 1) {
    // walked through: closed, the last word as a toast that goes by itself
    finish();
    notify(coach ? coach.done() : t("tutorial.done"), { ms: 7000 });
    return;
  }
  if (!human) {
    hide();
    return;
  }
  if (coach) {
    const said = coach.step(info);
    if (said) show(said.text, said.target);
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
    if (view.phase === "setup") text = t("tutorial.chooseSetup", { die: view.dice[0] });
    else if (view.phase === "neutral") text = t("tutorial.chooseNeutral");
    else if (opts.stage === "source" || opts.stage === "boat_source") text = t("tutorial.chooseSource");
    else if (opts.choices.some((c) => c.kind === "place" || c.kind === "legion")) text = t("tutorial.choose");
    else text = t("tutorial.nothing");
    show(text, board);
    return;
  }
  hide();
}

export function initTutorial() {
  onLanguage(() => {
    if (lastInfo) updateTutorial(lastInfo);
  });
}
