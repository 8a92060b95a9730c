// Cambria's columns in the scores panel: the warriors in supply, the fort and VP tokens, the
// points; and the note beside the log title (forts still free).  The generic panel
// (web/scores.js) draws the rows with the players' names and calls these for the rest.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";

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
