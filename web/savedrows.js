// The parts of a row of Saved games (library.js) that say what the game is: every player's
// name whole, with the score the save knows and whose turn it is, and when it was last played.
//
//   import { ago, playersLine } from "./savedrows.js";
//   playersLine(summary)  // a <div>: one chip, name, score and "to play" per player (saves.js summary)
//   ago(ms)               // "just now", "5 min ago", "3 h ago", or the date

import { el } from "./dom.js";
import { language, t } from "./i18n.js";

export function ago(ms) {
  if (!ms) return "";
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 60) return t("lib.justNow");
  if (s < 3600) return t("lib.minutesAgo", { count: Math.floor(s / 60) });
  if (s < 86400) return t("lib.hoursAgo", { count: Math.floor(s / 3600) });
  const d = new Date(ms);
  return d.toLocaleDateString(language(), { day: "numeric", month: "short", year: "numeric" });
}

/** A saved game's players, each with the score the save knows and whose turn it is (the rows of
 *  Saved games: every name whole, wrapped rather than cut). */
export function playersLine(summary) {
  const line = el("div", { class: "saved-players", "data-testid": "saved-players" });
  summary.players.forEach((p, seat) => {
    const points = Array.isArray(summary.points) ? summary.points[seat] : null;
    const toMove = !summary.over && summary.current === seat;
    line.append(el("span", { class: `saved-player${toMove ? " to-move" : ""}`, "data-seat": seat },
      el("span", { class: `saved-chip col-${p.colour || "neutral"}`, "aria-hidden": "true" }),
      el("span", { class: "saved-name", text: p.name }),
      Number.isFinite(points) ? el("span", { class: "saved-score", "data-testid": "saved-score", text: String(points) }) : null,
      toMove ? el("span", { class: "saved-turn", "data-testid": "saved-turn", text: t("lib.toMove") }) : null));
  });
  return line;
}
