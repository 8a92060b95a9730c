// Hibernia's columns in the scores panel: the soldiers in supply, the counties held and the
// steps on the track (the points); beside the log's title, the round and whether the end
// has begun.  The generic panel (web/scores.js) draws the rows with the players' names.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";

/** The cells of one player's row (`position`: the one shown, maybe a preview). */
export function playerCells(view, position, seat) {
  const supply = position.supply[seat];
  const held = position.owner.filter((o) => o === seat).length;
  const steps = position.track[seat] || 0;
  const neutral = view.players.some((p) => p.index === seat && p.neutral);
  return [
    el("span", { class: "hib-supply", "data-testid": `supply-${seat}`, "data-supply": supply, title: t("hib.panel.supply"), "aria-label": t("hib.panel.supplyLabel", { count: supply }), text: `${supply}⚔` }),
    el("span", { class: "hib-held", title: t("hib.panel.held"), "aria-label": t("hib.panel.heldLabel", { count: held }), text: `${held}▣` }),
    el("span", {
      class: "points", "data-testid": `score-${seat}`, "data-points": steps, title: t("hib.panel.track"),
      "aria-label": neutral ? "" : t("hib.panel.trackLabel", { count: steps, space: position.space[seat], lap: position.lap[seat] + 1 /* the lap one is on, from 1 */ }),
      text: neutral ? "–" : String(steps),
    }),
  ];
}

/** What the columns' symbols mean (the scores panel shows it under the rows). */
export function legend() {
  return t("hib.panel.legend");
}

/** Beside the log's title: the round, and the last round once the end has begun. */
export function panelNote(view) {
  if (view.over) return "";
  const pos = view.position;
  if (pos.tie_rounds) return t("hib.panel.tieRound", { number: pos.tie_rounds });
  return pos.ending ? t("hib.panel.lastRound", { round: pos.round }) : t("hib.panel.round", { round: pos.round });
}

/** The position the panel shows: the preview's supplies, holdings and track while composing. */
export function shownPosition(position, preview) {
  return preview ? { ...position, supply: preview.supply, owner: preview.owner, track: preview.track, space: preview.space, lap: preview.lap } : position;
}
