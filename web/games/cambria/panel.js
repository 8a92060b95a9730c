// Cambria's columns in the scores panel: the warriors in supply, the fort and VP tokens, the
// points; the note beside the log title (forts still free); the card of a tapped fort.  The generic panel
// (web/scores.js) draws the rows with the players' names and calls these for the rest.

import { dieIcon, el } from "../../dom.js";
import { t } from "../../i18n.js";
import { playerName } from "../../words.js";

const WARRIORS = 5; // each player's warriors: the dots of the supply

/** The cells of one player's row: supply, tokens, points (`position`: the one shown, maybe a preview). */
export function playerCells(view, position, seat) {
  const supply = position.supply[seat];
  const dots = el("span", {
    class: "supply", "data-testid": `supply-${seat}`, "data-supply": supply,
    role: "img", "aria-label": t("supply.label", { count: supply }), title: t("supply.title"),
  });
  for (let k = 0; k < WARRIORS; k++) dots.append(el("span", { class: k < supply ? "dot on" : "dot" }));
  const forts = view.position.forts.filter((f) => f.owner === seat).length;
  const vps = view.position.forts.filter((f) => f.vp === seat).length;
  return [
    dots,
    el("span", { class: "tokens", role: "img", title: t("tokens.title"), "aria-label": t("tokens.label", { forts, vps }), text: `${forts}⚑ ${vps ? vps + "★" : ""}`.trim() }),
    el("span", { class: "points", "data-testid": `score-${seat}`, "data-points": view.points[seat], title: t("points.title"), text: String(view.points[seat]) }),
  ];
}

/** Beside the log's title: how many forts are still free (the game ends at six). */
export function panelNote(view) {
  return view.over ? "" : t("fortsLeft", { count: view.uncaptured });
}

/** The position the panel shows: the preview's supply while a decision is composed. */
export function shownPosition(position, preview) {
  return preview ? { ...position, supply: preview.supply } : position;
}

/**
 * The card of a fort the player tapped: its name and number, its VP token, and who holds its
 * roads (view.fort_status: the warriors per player, and the rules' own first and second place).
 * `chip(colour, shape)` draws a player's chip.
 */
export function fortCard({ view, fort, ctx, chip, close }) {
  const s = (view.fort_status || [])[fort];
  const f = view.position.forts[fort];
  const svgFort = document.querySelector(`#board-${view.map} .fort[data-fort="${fort}"]`);
  const number = svgFort ? Number(svgFort.dataset.number) : 0;
  const vpValue = document.querySelector(`#board-${view.map} .vp-token[data-fort="${fort}"]`)?.dataset.vp;
  const name = (seat) => playerName(ctx.players, seat);
  const player = (seat) => view.players.find((p) => p.index === seat);
  const head = el("h3", { id: "board-card-title" }, el("span", { text: ctx.names.fort(fort) }), dieIcon(number));
  if (vpValue && f.vp === "board") head.append(el("span", { class: "badge", text: t("fortCard.vp", { vp: vpValue }) }));
  head.append(el("button", { type: "button", class: "card-close", "data-testid": "board-card-close", "aria-label": t("rules.close"), text: "×", onclick: close }));
  const card = [head];
  if (f.owner !== null && f.owner !== undefined) {
    card.push(el("p", { class: "card-rank", text: t("fortCard.captured", { name: name(f.owner) }) }));
    if (typeof f.vp === "number") card.push(el("p", { class: "card-note", text: t("fortCard.vpWith", { vp: vpValue || "", name: name(f.vp) }) }));
    return card;
  }
  if (!s) return card;
  const list = el("ul", { "data-testid": "fort-roads" });
  const seats = s.counts.map((n, seat) => [seat, n]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [seat, n] of seats) {
    const p = player(seat);
    list.append(el("li", { "data-seat": seat }, p ? chip(p.colour, p.shape) : null, el("span", { text: name(seat) }),
      el("span", { class: "count", text: String(n) })));
  }
  if (seats.length) card.push(list);
  card.push(el("p", { class: "card-note", text: t("fortCard.roads", { taken: s.taken, roads: s.roads }) }));
  if (s.legion) card.push(el("p", { class: "card-note", text: t("fortCard.legion") }));
  let rank;
  if (!seats.length) rank = t("fortCard.nobody");
  else if (s.leader < 0) rank = s.taken === s.roads && !s.legion ? t("fortCard.tiedFull") : t("fortCard.tied");
  else if (s.second >= 0 && f.vp === "board") rank = t("fortCard.leadsVp", { name: name(s.leader), other: name(s.second), vp: vpValue || "" });
  else rank = t("fortCard.leads", { name: name(s.leader) });
  card.push(el("p", { class: "card-rank", "data-testid": "fort-rank", text: rank }));
  return card;
}
