// Cambria's words on the page beyond the engine's parts: what a choice does (for its button,
// its menu entry and screen readers), the roll and confirm buttons, the banner, the toasts for
// captures, and the end screen's breakdown.  Everything comes from data the engine sends with
// each choice and event (displaces, own, legion_home, neutral, …): nothing is worked out here.
//
// `ctx` is {players, names: {road(n), fort(n)}} as in web/words.js.

import { t } from "../../i18n.js";
import { playerName } from "../../words.js";

/** The full description of a choice (menu entries, tooltips, screen readers). */
export function choiceLabel(c, ctx) {
  const road = c.road !== null && c.road !== undefined ? ctx.names.road(c.road) : "";
  switch (c.kind) {
    case "pass":
      return t("choice.pass");
    case "swap":
      return t("label.swap", { boat: c.boat, die: c.die });
    case "boat":
      return t("label.boat", { boat: c.boat });
    case "source":
    case "boat_source": {
      let label;
      if (c.boat !== null && c.boat !== undefined) label = t("label.fromBoat", { boat: c.boat });
      else label = c.neutral ? t("label.neutralFromRoad", { road }) : t("label.fromRoad", { road });
      return c.chosen ? t("label.marked", { label }) : label; // the one that moves if confirmed
    }
    case "legion":
      if (c.displaces === null || c.displaces === undefined) return t("label.legion", { road });
      return c.own ? t("label.legionOwn", { road }) : t("label.legionDisplace", { road, other: playerName(ctx.players, c.displaces) });
    case "neutral":
      return t("label.neutral", { road });
    default: // setup, place
      if (c.displaces !== null && c.displaces !== undefined) {
        return t("label.placeDisplace", { road, other: playerName(ctx.players, c.displaces) });
      }
      return c.legion_home ? t("label.placeLegion", { road }) : t("label.place", { road });
  }
}

/** Choices shown as buttons in the turn card too (they have no place of their own, or a short one). */
export function asButton(c) {
  return c.kind === "pass" || c.kind === "swap";
}

/** The short text of a choice shown as a button, and a second line under it ("" for none). */
export function choiceButton(c) {
  if (c.kind === "swap") {
    // the warrior on the boat goes back to the supply; a swap that leaves the dice as they were says so
    const sub = c.changes_nothing ? t("choice.swapSame") : t("choice.swapLeaves");
    return { text: t("choice.swap", { boat: c.boat, die: c.die }), sub };
  }
  return { text: t("choice.pass"), sub: "" };
}

/** The button for the other move of a road just tapped (the tap took the first). */
export function insteadLabel(c) {
  if (c.kind === "legion") return t("instead.legion");
  return t("instead.place");
}

/** Classes of a choice's button beyond its kind (a swap that changes no die is marked). */
export function choiceClass(c) {
  return c.kind === "swap" && c.changes_nothing ? "changes-nothing" : "";
}

/** The die values in the engine's prompts, shown as dice: the arguments of each message that are dice. */
const DICE_ARGS = new Map([
  ["prompt.setup", ["die"]], ["prompt.neutralNear", ["die"]], ["prompt.neutralAnywhere", ["die"]],
  ["prompt.oneAnd", ["x"]], ["prompt.doubles", ["x"]], ["prompt.pair", ["a", "b"]], ["prompt.noRoad", ["a", "b"]],
]);

export function diceArgs(key) {
  return DICE_ARGS.get(key) || [];
}

/**
 * What confirming will capture, in one sentence (the rules' own effects: the preview of the
 * whole action), or "" when it captures nothing.
 */
export function capturePreview(opts, ctx) {
  const caps = opts && opts.complete && opts.preview ? opts.preview.captures || [] : [];
  if (!caps.length) return "";
  const items = caps.map((ev) => {
    const fort = t("preview.fort", { fort: ctx.names.fort(ev.fort), number: ev.number, name: playerName(ctx.players, ev.player) });
    if (ev.vp_to !== null && ev.vp_to !== undefined) return t("preview.withVp", { fort, vp: ev.vp, name: playerName(ctx.players, ev.vp_to) });
    if (ev.vp_removed) return t("preview.vpLeaves", { fort, vp: ev.vp });
    return fort;
  });
  // a move that ends the game: the last forts are claimed at once, and the sentence says so
  return caps.some((ev) => ev.final) ? t("preview.ends", { list: items.join("; ") }) : t("preview.captures", { list: items.join("; ") });
}

/** The only thing to do is to pass (no road, no swap, no boat): the page passes by itself. */
export function onlyPass(opts, partial) {
  return Boolean(opts) && !partial.length && opts.choices.length === 1 && opts.choices[0].kind === "pass";
}

/** The notice when the page passed by itself: who, and the dice that opened nothing. */
export function passNotice(view, ctx) {
  const [a, b] = view.dice || [];
  const name = playerName(ctx.players, view.current);
  return a && b ? t("notice.passDice", { name, a, b }) : t("notice.pass", { name });
}

/** The engine took the whole decision by itself (its only legal move: the neutral's one road). */
export function forcedWhole(opts, partial) {
  return Boolean(opts) && opts.complete && !opts.choices.length && opts.forced > 0 && opts.forced === partial.length;
}

/** The notice when the page made such a move by itself: where the grey warrior went. */
export function forcedNotice(opts, ctx) {
  const place = ((opts.preview && opts.preview.effects) || []).find((e) => e.type === "place");
  return place ? t("notice.neutralOnly", { road: ctx.names.road(place.road) }) : "";
}

export function confirmLabel(opts) {
  if (opts.stage === "boat") return t("confirm.noBoat");
  if (opts.action === "pass") return t("confirm.pass");
  return t("confirm");
}

/** The label of the roll button that also confirms the decision before the roll (view.then_roll);
 * `waiting`: that decision is not whole yet (the button says what comes after it). */
export function rollAfterLabel(_thenRoll, { waiting = false } = {}) {
  return waiting ? t("roll.then") : t("roll.dice");
}

export function rollLabel(roll) {
  const kind = roll ? roll.kind : "dice";
  if (kind === "setup") return t("roll.setup");
  if (kind === "neutral") return t("roll.neutral");
  if (kind === "start") return t("roll.start");
  return t("roll.dice");
}

/** The top bar: whose turn, and which kind of turn. */
export function banner(view, name) {
  const phase = view.phase;
  if (phase === "setup_roll" || phase === "setup") return t("banner.setup", { name });
  if (phase === "neutral_roll" || phase === "neutral") return t("banner.neutral", { name });
  return t("banner.turn", { name });
}

/**
 * The dice to show: `count` faces, the `values` rolled, which one came from a boat in the
 * decision being composed (its swap effect), if any, and whether they are the last roll shown
 * before the next one (`previous`).
 */
export function dice(view, preview) {
  if (view.chance) {
    // before a roll: the last roll (the engine keeps it until the next), else blank faces
    const last = view.dice || [];
    if (last.length) return { count: last.length, values: last, from: null, previous: true };
    return { count: view.roll ? view.roll.dice : 0, values: [], from: null, previous: false };
  }
  const values = (preview && preview.dice) || view.dice || [];
  const swap = preview ? (preview.effects || []).find((e) => e.type === "swap") : null;
  const from = swap ? values.indexOf(swap.boat) : -1;
  return { count: values.length, values, from: from >= 0 ? from : null, previous: false };
}

/** The forts claimed at the game's end, in order (the page reveals them one by one). */
export function finalClaims(events) {
  return (events || []).filter((ev) => ev.type === "capture" && ev.final);
}

/** Toasts for what a step did: [{kind, seat, text, sub, testid}] (the end's claims: see finalClaims). */
export function toasts(events, ctx, { claims = false } = {}) {
  const out = [];
  for (const ev of events || []) {
    if (ev.type === "capture" && Boolean(ev.final) === claims) {
      const name = playerName(ctx.players, ev.player);
      const fort = ctx.names.fort(ev.fort);
      const text = ev.final
        ? t("toast.claims", { name, fort, number: ev.number })
        : t("toast.captures", { name, fort, number: ev.number });
      let sub = "";
      if (ev.vp_to !== null && ev.vp_to !== undefined) sub = t("toast.vpTo", { vp: ev.vp, name: playerName(ctx.players, ev.vp_to) });
      else if (ev.vp_removed) sub = t("toast.vpRemoved");
      out.push({ kind: "capture", seat: ev.player, text, sub, testid: "capture-toast" });
    } else if (ev.type === "start") {
      out.push({ kind: "start", seat: ev.player, text: t("toast.starts", { name: playerName(ctx.players, ev.player) }) });
    }
  }
  return out;
}

/** The end screen's lines under a player's name: the points' breakdown and the forts won. */
export function resultDetail(p, ctx) {
  const forts = p.forts.length
    ? p.forts.map((f) => t("end.fort", { name: ctx.names.fort(f.fort), number: f.number })).join(", ")
    : t("end.noForts");
  const vps = p.vp_tokens.map((v) => t("end.vp", { name: ctx.names.fort(v.fort), value: v.value })).join(", ");
  return [
    t("end.detail", { forts: p.fort_points, vp: p.vp_points, count: p.tokens }),
    vps ? t("end.fortsAndVp", { forts, list: vps }) : forts,
  ];
}

/** A note under the end screen's ranking. */
export function resultNote(result) {
  return result.neutral_ahead ? t("end.neutralAhead", { count: result.neutral_points }) : "";
}
