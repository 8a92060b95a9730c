// Hibernia's words on the page beyond the engine's parts: what a choice does (its button, its
// menu entry, screen readers), the roll and confirm buttons, the banner, the colour die, the
// toasts for fights and the end screen's lines.  Everything comes from data the engine sends
// with each choice and event (action, n, defenders, count, ...): nothing is worked out here.
//
// `ctx` is {players, names: {county(id)}} as in web/words.js.

import { t } from "../../i18n.js";
import { playerName, say } from "../../words.js";

const FACES = new Map([
  ["blue", () => t("hib.face.blue")],
  ["green", () => t("hib.face.green")],
  ["red", () => t("hib.face.red")],
  ["yellow", () => t("hib.face.yellow")],
  ["black", () => t("hib.face.black")],
  ["purple", () => t("hib.face.purple")],
]);

// the counties' names in the player's language (a catalog entry per county id: translated or
// transliterated where the maps of that language differ)
const COUNTIES = {
  MEA: () => t("hib.county.MEA"),
  WME: () => t("hib.county.WME"),
  LON: () => t("hib.county.LON"),
  OFF: () => t("hib.county.OFF"),
  DON: () => t("hib.county.DON"),
  DTF: () => t("hib.county.DTF"),
  ADA: () => t("hib.county.ADA"),
  MCA: () => t("hib.county.MCA"),
  SLE: () => t("hib.county.SLE"),
  MAY: () => t("hib.county.MAY"),
  GAL: () => t("hib.county.GAL"),
  ROS: () => t("hib.county.ROS"),
  LOU: () => t("hib.county.LOU"),
  DKI: () => t("hib.county.DKI"),
  WWX: () => t("hib.county.WWX"),
  LCK: () => t("hib.county.LCK"),
  CLI: () => t("hib.county.CLI"),
  KCO: () => t("hib.county.KCO"),
  TIP: () => t("hib.county.TIP"),
  WAT: () => t("hib.county.WAT"),
};

/** A county's name by its id ("MEA"). */
export function countyName(id) {
  return Object.hasOwn(COUNTIES, id) ? COUNTIES[id]() : String(id);
}

/** A county's accessible name: its name, colour and fort, who holds it with how many soldiers. */
export function countyLabel({ id, colour, fort, holder, count }) {
  const county = countyName(id);
  const base = holder === null
    ? t("hib.countyLabel.empty", { county, colour: faceName(colour) })
    : t("hib.countyLabel.held", { county, colour: faceName(colour), name: holder, count });
  return fort ? t("hib.countyLabel.fort", { label: base }) : base;
}

/** The die's face in words. */
export function faceName(face) {
  return FACES.has(face) ? FACES.get(face)() : String(face || "");
}

/** The full description of a choice (menu entries, tooltips, screen readers). */
export function choiceLabel(c, ctx) {
  const county = c.county ? ctx.names.county(c.county) : "";
  switch (c.kind) {
    case "muster":
      return t("hib.choice.muster");
    case "source": // a stepper's + or −
      return c.delta < 0 ? t("hib.stepper.fewer", { county }) : t("hib.stepper.more", { county });
    default:
      if (c.action === "invade") {
        return t("hib.label.invade", { county, n: c.n, other: playerName(ctx.players, c.defender), defenders: c.defenders });
      }
      if (c.action === "reinforce") return t("hib.label.reinforce", { county, n: c.n });
      return t("hib.label.enter", { county, n: c.n });
  }
}

/** Choices shown as buttons in the turn card: the muster (the sources are the stepper's). */
export function asButton(c) {
  return c.kind === "muster";
}

/**
 * Where the soldiers the supply lacks come from, as a stepper (the turn card draws it): per
 * county that can give, − count/room +, and how many are still needed.  null when no source is
 * being chosen.
 */
export function stepper(opts, ctx) {
  const sources = (opts.choices || []).filter((c) => c.kind === "source" && c.delta);
  if (!sources.length) return null;
  const rows = new Map();
  for (const c of sources) {
    const name = ctx.names.county(c.county);
    const row = rows.get(c.county) || { id: c.county, name, count: c.count, room: c.room, plus: null, minus: null,
      plusLabel: t("hib.stepper.more", { county: name }), minusLabel: t("hib.stepper.fewer", { county: name }) };
    if (c.delta === 1) row.plus = c.token;
    else row.minus = c.token;
    rows.set(c.county, row);
  }
  return { title: t("hib.stepper.title", { count: sources[0].need }), rows: [...rows.values()] };
}

/** The short text of a choice shown as a button ({text, sub}, as the turn card takes it): Muster. */
export function choiceButton() {
  return { text: t("hib.choice.musterShort"), sub: "" };
}

// What the turn card asks of every game; Hibernia has no passing, no second move of one tap,
// no claims at the end and no dice inside its prompts, so these say so.

/** The other move of the element just tapped: none in Hibernia (a county has one move). */
export function insteadLabel(c, ctx) {
  return choiceLabel(c, ctx);
}

/** No prompt of Hibernia's names die values to draw as dice. */
export function diceArgs() {
  return [];
}

/**
 * What confirming will do, in words (the engine's parts from the rules' own effects: the fights,
 * the counties taken, the muster, the marker's walk with the colours it pays with).
 */
export function capturePreview(opts, ctx) {
  // (a whole turn's preview is its prompt: the engine says it there)
  return say(parts(opts && opts.preview && !opts.complete ? opts.preview.say || [] : []), ctx);
}

/** The engine's parts with the walk's colours as one list in the page's language (the turn card's
 *  prompt and the preview above). */
export function parts(list) {
  return Array.isArray(list) ? list.map((p) => (Array.isArray(p?.args?.colours) ? withColours(p) : p)) : list;
}

// the walk's colours as one list in the page's language ("blue, blue, yellow …")
function withColours(p) {
  const list = p.args.colours.map(faceName).join(", "); // (the same comma in the four languages)
  return { ...p, args: { ...p.args, colours: p.args.more ? `${list} …` : list } };
}

/** Hibernia has no pass: the page never passes by itself. */
export function onlyPass() {
  return false;
}

export function passNotice() {
  return "";
}

/** Nothing is claimed at the end (the walk scores every turn). */
export function finalClaims() {
  return [];
}

export function rollAfterLabel() {
  return t("hib.roll.die");
}

export function confirmLabel() {
  return t("confirm");
}

export function rollLabel(roll) {
  const kind = roll ? roll.kind : "colour";
  if (kind === "start") return t("roll.start");
  if (kind === "forts") return t("hib.roll.forts");
  return t("hib.roll.die");
}

/** The top bar: whose turn. */
export function banner(view, name) {
  return t("banner.turn", { name });
}

/** The colour die: one face, its colour (none before the roll). */
export function dice(view) {
  const face = view.chance ? null : view.die;
  const count = view.chance && view.roll ? view.roll.dice : face ? 1 : 0;
  return { count, values: face ? [face] : [], from: null, kind: "colour", label: face ? faceName(face) : "" };
}

/** Toasts for what a step did: [{kind, seat, text, sub, testid}]. */
export function toasts(events, ctx) {
  const out = [];
  for (const ev of events || []) {
    if (ev.type === "combat") {
      const county = ctx.names.county(ev.county);
      const text = ev.taken && ev.holder !== null
        ? t("hib.toast.taken", { name: playerName(ctx.players, ev.attacker), county })
        : ev.holder === null
          ? t("hib.toast.emptied", { county })
          : t("hib.toast.held", { name: playerName(ctx.players, ev.defender), county });
      out.push({ kind: "capture", seat: ev.attacker, text, sub: t("hib.toast.losses", { count: ev.losses }), testid: "combat-toast" });
    } else if (ev.type === "start") {
      out.push({ kind: "start", seat: ev.player, text: t("toast.starts", { name: playerName(ctx.players, ev.player) }) });
    } else if (ev.type === "tie_round") {
      out.push({ kind: "start", seat: null, text: t("hib.toast.tieRound", { number: ev.number }) });
    }
  }
  return out;
}

/** The end screen's lines under a player's name: the place on the track and the counties held. */
export function resultDetail(p) {
  // the engine counts laps completed (from 0); players count the lap they are on, from 1
  return [t("hib.end.detail", { lap: p.lap + 1, space: p.space }), t("hib.end.counties", { count: p.counties })];
}

/** A note under the end screen's ranking: the tie rounds, a shared win. */
export function resultNote(result) {
  if (result.shared) return t("hib.end.shared", { count: result.tie_rounds });
  return result.tie_rounds ? t("hib.end.tieRounds", { count: result.tie_rounds }) : "";
}
