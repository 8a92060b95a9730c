// The turn card, the controls of the current step (the bar at the bottom of a phone's screen):
// the dice, a short prompt with the dice in it, what confirming would capture, and the buttons
// of the mode the page is in (roll; the choices that are buttons; the other move of a road that
// allows two, "instead"; undo, hint, confirm; "show the result").
//
//   import { createTurnCard } from "./turncard.js";
//   const card = createTurnCard({ onPick: (token) => ..., onInstead: (token) => ... });
//   card.render(model)       // model: see model() in screen.js
//   card.spin(count)         // spinning dice while the engine rolls: {stop(values)}
//
// Buttons for the roll, undo, hint and confirm are wired by the controller (app.js); this
// module shows, hides, labels and enables them.  When the view says a roll follows the decision
// being composed (view.then_roll: Cambria's neutral placement, then the player's dice), Roll
// takes Confirm's place and does both; until that decision is whole it is a quiet "then roll".

import { el, overflows, shrinkToFit } from "./dom.js";
import { t } from "./i18n.js";
import { showDice, spinDice } from "./dice.js";
import { playerName, sayNodes } from "./words.js";
import { waitingText } from "./remote/words.js";
import { tapsIn } from "./partial.js";

const $ = (id) => document.getElementById(id);

/** The prompt under the dice as nodes: whose move it is and what to do, the dice as dice. */
function promptNodes(m) {
  const { mode, view, ctx, game } = m;
  const dice = (key) => game.words.diceArgs(key);
  if (mode === "loading") return [t("engine.restarting")];
  if (mode === "replay") return [m.replayPrompt];
  if (mode === "computer") return [t("prompt.thinking", { name: playerName(view.players, view.actor) })];
  if (mode === "remote") return [waitingText(view)]; // another device's step, or ours to send
  if (mode === "choosing") {
    if (!m.opts) return [];
    // (a decision still offering choices, like another warrior to move, says so itself)
    const said = game.words.parts ? game.words.parts(m.opts.prompt) : m.opts.prompt; // a game's own lists (Hibernia's colours)
    const inner = m.thenRoll && m.opts.complete && !m.opts.choices.length ? t("prompt.rollAfter") : said;
    // whose decision, as a span of its own: a card short of room leaves it out where the top
    // bar names the player (every language's "prompt.named" puts the prompt last)
    const who = sayNodes({ key: "prompt.named", args: { name: { seat: m.opts.player }, prompt: "" } }, ctx, dice);
    return [el("span", { class: "prompt-who" }, ...who), ...(typeof inner === "string" ? [inner] : sayNodes(inner, ctx, dice))];
  }
  return sayNodes(view.prompt, ctx, dice); // awaiting_roll, over
}

function sameText(node, nodes) {
  const probe = el("span");
  probe.append(...nodes);
  return node.textContent === probe.textContent && node.childElementCount === probe.childElementCount;
}

/** The stepper: {title, rows: [{id, name, count, room, plus, minus, plusLabel, minusLabel}]};
 *  plus/minus are the tokens to pick (null: not now, shown disabled). */
function stepperNode({ title, rows }, onPick) {
  const button = (token, sign, label, testid) => el("button", {
    type: "button", class: `choice stepper-${testid}`, "data-testid": `stepper-${testid}`, "data-token": token || "",
    "aria-label": label, title: label, disabled: token ? null : "", onclick: () => token && onPick(token),
  }, el("span", { class: "choice-text", text: sign, "aria-hidden": "true" }));
  // (the prompt above says how many are still needed; the group says it to screen readers too)
  return el("div", { class: "stepper", role: "group", "aria-label": title, "data-testid": "stepper" },
    ...rows.map((r) => el("div", { class: "stepper-row", "data-county": r.id, "data-testid": `stepper-${r.id}` },
      button(r.minus, "−", r.minusLabel, "minus"),
      el("span", { class: "stepper-name", text: r.name }),
      el("output", { class: "stepper-count", "data-testid": "stepper-count", text: `${r.count}/${r.room}` }),
      button(r.plus, "+", r.plusLabel, "plus"))));
}

// Where the card's room is given (a phone, upright or on its side: the board keeps its size all
// turn), a long prompt (Hibernia's preview, an empty supply's move) is set smaller until it is
// whole: what Confirm would do is read before Confirm, never cut to "…".  Elsewhere it always
// fits.  The size goes by the element's own style (CSSOM, which the CSP allows): a data-fit
// attribute with its sizes in CSS was once used, and Chromium now and then kept the old size
// after the attribute changed (a prompt measured at data-fit 7 was still drawn at 14 px, cut).
const FIT_SIZES = [14, 13, 12, 11.5, 11, 10.5, 10]; // px, each with a line height of 1.15

const cut = overflows;

const setSize = (prompt) => shrinkToFit(prompt, FIT_SIZES, "1.15");

// Still cut at the smallest size: the text flows on under the dice (the row's "flow"), then the
// player's name (the top bar has it) and an aside ("tap another to change", words.js) give way,
// so that what Confirm will do stays whole.
function fitPrompt() {
  const prompt = $("prompt");
  const row = prompt.parentElement;
  row.classList.remove("flow");
  prompt.classList.remove("tight");
  setSize(prompt);
  if (cut(prompt)) {
    row.classList.add("flow");
    setSize(prompt);
  }
  if (cut(prompt) && prompt.querySelector(".prompt-tip, .prompt-who")) {
    prompt.classList.add("tight");
    setSize(prompt);
  }
}

function refitIfCut() {
  if (cut($("prompt"))) fitPrompt();
}

export function createTurnCard({ onPick, onInstead }) {
  // the room changes with the screen, with the buttons under the prompt (a stepper's rows) and
  // with the dice beside it
  if (typeof ResizeObserver === "function") {
    const watch = new ResizeObserver(() => fitPrompt());
    for (const box of [$("dice"), $("prompt").parentElement, $("actions"), $("turn-card")]) watch.observe(box);
    // the prompt's own size: its text laid out again later than it was set (it was seen whole,
    // then cut, its box unchanged): fitted again only when cut, so that the fitting, which
    // changes the prompt's height, does not go round
    new ResizeObserver(refitIfCut).observe($("prompt"));
  }
  function renderPrompt(m) {
    const nodes = promptNodes(m);
    const extra = m.capture ? [el("span", { class: "prompt-extra", "data-testid": "capture-preview", text: m.capture })] : [];
    const prompt = $("prompt");
    const all = [...nodes, ...extra];
    if (!sameText(prompt, all)) prompt.replaceChildren(...all);
    fitPrompt();
  }

  function render(m) {
    const { mode, view, opts, game, ctx } = m;
    showDice($("dice"), game.words.dice(view, m.preview), t("dice.last"));
    renderPrompt(m);
    $("turn-card").classList.toggle("computer", mode === "computer");

    const deciding = mode === "choosing" && Boolean(opts);
    const rollNow = mode === "awaiting_roll" && !(view.roll && view.roll.auto);
    const rollAfter = deciding && Boolean(m.thenRoll);
    const roll = $("roll");
    roll.hidden = !(rollNow || rollAfter);
    if (rollNow && view.roll) roll.textContent = game.words.rollLabel(view.roll);
    // before the decision it follows is whole (the grey road not tapped yet) Roll is a quiet
    // "then roll": the prompt and the highlighted places lead, not a button that cannot be used
    const waiting = rollAfter && !opts.complete;
    if (rollAfter) roll.textContent = game.words.rollAfterLabel(m.thenRoll, { waiting });
    roll.disabled = waiting;
    roll.classList.toggle("roll-after", rollAfter);
    roll.classList.toggle("roll-waiting", waiting);
    roll.classList.toggle("primary", !waiting);

    const undo = $("undo");
    const confirm = $("confirm");
    undo.hidden = !deciding;
    confirm.hidden = !deciding || rollAfter;
    // not behind steps nobody chose; a step the engine proposed or took by itself is no tap of the player's
    undo.disabled = tapsIn(m.partial, opts) <= 0;
    $("hint").hidden = !deciding || !m.hintAvailable;
    confirm.disabled = !(opts && opts.complete);
    if (deciding) confirm.textContent = game.words.confirmLabel(opts);
    $("show-result").hidden = !(mode === "over" && m.result === "hidden");

    // choices that are buttons as well as (or instead of) places on the board: pass, boat swaps
    const extra = $("extra-choices");
    const focused = extra.contains(document.activeElement) ? document.activeElement.dataset.token : null;
    extra.replaceChildren();
    if (deciding) {
      // a count to set per place (Hibernia's soldiers from counties): one stepper, − n + a row
      const stepper = game.words.stepper ? game.words.stepper(opts, ctx) : null;
      if (stepper) extra.append(stepperNode(stepper, onPick));
      for (const c of opts.choices) {
        if (!game.words.asButton(c)) continue;
        const full = game.words.choiceLabel(c, ctx);
        const { text, sub } = game.words.choiceButton(c, ctx);
        const more = game.words.choiceClass ? game.words.choiceClass(c) : "";
        extra.append(el("button", {
          type: "button", class: `choice choice-${c.kind} ${more}`.trim(), "data-testid": `choice-${c.kind}`, "data-token": c.token,
          title: full, "aria-label": full, onclick: () => onPick(c.token),
        }, el("span", { class: "choice-text", text }), sub ? el("span", { class: "choice-sub", text: sub }) : null));
      }
      // the other move of the road just tapped
      for (const c of m.alternatives) {
        extra.append(el("button", {
          type: "button", class: `choice choice-instead choice-${c.kind}`, "data-testid": "choice-instead", "data-token": c.token,
          title: game.words.choiceLabel(c, ctx), onclick: () => onInstead(c.token),
        }, el("span", { class: "choice-text", text: game.words.insteadLabel(c, ctx) })));
      }
    }
    // more than two boat swaps: four to a row on a phone, each in two short lines (layout.css)
    $("turn-card").classList.toggle("many-swaps", extra.querySelectorAll(".choice-swap").length > 2);
    // a keyboard player keeps her place (the stepper's + pressed again and again)
    fitPrompt(); // (the buttons just laid out may have left the prompt less room)
    const again = focused ? Array.from(extra.querySelectorAll("button")).find((b) => b.dataset.token === focused && !b.disabled) : null;
    if (again) again.focus({ preventScroll: true });
  }

  return {
    render,
    spin: (count) => spinDice($("dice"), Math.max(1, count)),
  };
}
