// The guided first turn of Hibernia (web/tutorial.js shows the card; this says what it reads
// and what to outline).  It follows the data the engine sends: the roll due, the turn
// builder's stage, whether the decision is whole; nothing here is a rule.
//
//   coach.step({ view, opts, partial })        -> { text, target, keys } or null (nothing to say)
//   coach.endsTurn(phase)                      -> a person's decision in this phase ends her turn
//   coach.done()                               -> the guide's last word, after the first turn

import { t } from "../../i18n.js";

const $ = (id) => document.getElementById(id);

export function step({ view, opts, partial = [] }) {
  const board = $(`board-${view.map}`);
  if (view.chance) {
    const colour = view.roll && view.roll.kind === "colour";
    return { text: colour ? t("hib.tutorial.roll") : t("hib.tutorial.rollSetup"), target: $("roll") };
  }
  if (!opts) return null;
  if (opts.complete && partial.length > (Number(opts.forced) || 0)) {
    return { text: t("hib.tutorial.confirm"), target: $("confirm") };
  }
  const choices = opts.choices || [];
  if (!choices.length) return null;
  if (opts.stage === "source") return { text: t("hib.tutorial.source"), target: $("extra-choices") };
  if (choices.every((c) => c.kind === "muster")) return { text: t("hib.tutorial.muster"), target: $("extra-choices") };
  // keys: a choice the arrow keys make too (web/tutorial.js adds how, where a mouse is the pointer)
  return opts.stage === "second" ? { text: t("hib.tutorial.second"), target: board } : { text: t("hib.tutorial.county"), target: board, keys: true };
}

export function endsTurn(phase) {
  return phase === "last_action" || phase === "first_action"; // one Confirm plays the whole turn
}

export function done() {
  return t("hib.tutorial.done");
}
