// The turn card: the dice, the prompt, and the buttons of the mode the page is in (roll; undo,
// hint, confirm and the choices that are buttons; "which move?" when one tap could mean
// several; "show the result").
//
//   import { createTurnCard } from "./turncard.js";
//   const card = createTurnCard({ onPick: (token) => ..., onCancelMenu: () => ... });
//   card.render(model)       // model: see renderModel() in controller.js
//   card.spin(count)         // spinning dice while the engine rolls: {stop(values)}
//
// Buttons for the roll, undo, hint and confirm are wired by the controller (app.js); this
// module shows, hides, labels and enables them.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { showDice, spinDice } from "./dice.js";
import { playerName, say } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The line under the dice: whose move it is and what to do, in words. */
function promptText(m) {
  const { mode, view, ctx } = m;
  if (mode === "loading") return t("engine.restarting");
  if (mode === "replay") return m.replayPrompt;
  if (mode === "computer") return t("prompt.thinking", { name: playerName(view.players, view.actor) });
  if (mode === "choosing") {
    if (m.menu) return t("prompt.menu");
    if (!m.opts) return "";
    return say({ key: "prompt.named", args: { name: { seat: m.opts.player }, prompt: m.opts.prompt } }, ctx);
  }
  return say(view.prompt, ctx); // awaiting_roll, over
}

export function createTurnCard({ onPick, onCancelMenu }) {
  function render(m) {
    const { mode, view, opts, game, ctx } = m;
    showDice($("dice"), game.words.dice(view, m.preview));
    const prompt = promptText(m);
    if ($("prompt").textContent !== prompt) $("prompt").textContent = prompt;
    $("turn-card").classList.toggle("computer", mode === "computer");

    const roll = $("roll");
    roll.hidden = mode !== "awaiting_roll";
    if (view.roll) roll.textContent = game.words.rollLabel(view.roll);

    const deciding = mode === "choosing" && Boolean(opts);
    const undo = $("undo");
    const confirm = $("confirm");
    undo.hidden = !deciding;
    confirm.hidden = !deciding;
    undo.disabled = !m.partial.length;
    $("hint").hidden = !deciding || !m.hintAvailable;
    confirm.disabled = !(opts && opts.complete);
    if (deciding) confirm.textContent = game.words.confirmLabel(opts);
    $("show-result").hidden = !(mode === "over" && m.result === "hidden");

    // choices that are buttons as well as (or instead of) places on the board: pass, boat swaps
    const extra = $("extra-choices");
    extra.replaceChildren();
    if (deciding && !m.menu) {
      for (const c of opts.choices) {
        if (!game.words.asButton(c)) continue;
        const full = game.words.choiceLabel(c, ctx);
        extra.append(el("button", {
          type: "button", class: `choice choice-${c.kind}`, "data-testid": `choice-${c.kind}`, "data-token": c.token,
          title: full, "aria-label": full, text: game.words.choiceButton(c), onclick: () => onPick(c.token),
        }));
      }
    }
    const menu = $("choice-menu");
    menu.replaceChildren();
    menu.hidden = !(deciding && m.menu);
    if (deciding && m.menu) {
      for (const c of m.menuChoices) {
        menu.append(el("button", {
          type: "button", class: `choice choice-${c.kind}`, "data-testid": "menu-choice", "data-token": c.token,
          text: game.words.choiceLabel(c, ctx), onclick: () => onPick(c.token),
        }));
      }
      menu.append(el("button", { type: "button", class: "choice cancel", text: t("choice.cancel"), onclick: onCancelMenu }));
    }
  }

  return {
    render,
    spin: (count) => spinDice($("dice"), Math.max(1, count)),
  };
}
