// The scores panel: one row per seat (chip, name, a computer's level) with the game's own
// columns (web/games/<id>/panel.js), the current player marked, each seat's chance to win
// (chances.js: shown by the setting, the replay and the end); and the banner in the top bar.
//
//   import { renderScores, renderBanner } from "./scores.js";
//   renderScores(box, {view, position, game, current})   // current: the seat to move, or null
//   renderBanner(bar, {view, game, ctx})
//   foldScores(box)      // on a phone the panel is one short strip; a tap opens it over the board

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { computerLevel, levelName, playerName } from "./words.js";
import { chanceBadge } from "./chances.js";

export function renderScores(box, { view, position, game, current }) {
  const rows = el("div", { class: "player-rows", role: "list" });
  for (const p of view.players) {
    const i = p.index;
    const now = current === i && !p.neutral;
    const level = computerLevel(p.kind);
    const name = playerName(view.players, i);
    // a long name is cut with an ellipsis; the row takes the focus (or a hover) to show it whole
    const row = el("div", {
      class: `player-row col-${p.colour}${now ? " current" : ""}${p.neutral ? " neutral" : ""}`,
      role: "listitem", "data-testid": `player-${i}`, "data-seat": i, "aria-current": now ? "true" : null,
      tabindex: "0", title: level !== null ? `${name} · ${t("setup.computer", { level: levelName(level) })}` : name,
    });
    row.append(
      game.chip(view.map, p.colour, p.shape),
      el("span", { class: "player-name" },
        el("span", { class: "name-text", text: name }),
        level !== null ? levelBadge(level) : null,
        p.neutral ? null : chanceBadge(view, i, name)),
      ...game.panel.playerCells(view, position, i),
    );
    rows.append(row);
  }
  // a game whose columns are symbols says what they mean, under the rows (not in the folded strip)
  const legend = game.panel.legend ? game.panel.legend() : null;
  box.replaceChildren(rows, ...(legend ? [el("p", { class: "score-legend", "data-testid": "score-legend", text: legend })] : []));
  fitStrip(box);
}

/** The folded strip (a phone's): chip, name and points on one line while every name is whole
 * there; else (many players, long names, or a chance to win beside them) each seat in two lines,
 * its name over its points and chance, so that at least a name's first letters are read at a
 * glance and the chance never crowds the score.  (The class changes nothing on a wide screen.) */
function fitStrip(box) {
  if (box.classList.contains("open")) return; // measured folded only
  box.classList.remove("stacked");
  const shown = (e) => e.getClientRects().length > 0;
  const cut = [...box.querySelectorAll(".name-text")].some((n) => shown(n) && n.scrollWidth > n.clientWidth + 1);
  const chance = [...box.querySelectorAll(".chance")].some(shown);
  box.classList.toggle("stacked", cut || chance);
}

/** On small screens the scores are one strip of chips, names and points (layout.css); a tap on
 * it shows the whole rows over the board's top edge, the next tap folds it again.  The board
 * keeps its size either way.  (Where the side column is wide the class changes nothing.) */
export function foldScores(box) {
  box.addEventListener("click", () => {
    box.classList.toggle("open");
    fitStrip(box);
  });
  // a turned phone, or a setting that shows the chances: measured again
  if (typeof ResizeObserver === "function") new ResizeObserver(() => fitStrip(box)).observe(box);
}

const SVGNS = "http://www.w3.org/2000/svg";

/** A computer's level: a small chip icon and the level's name (the name only where there is room). */
function levelBadge(level) {
  const icon = document.createElementNS(SVGNS, "svg");
  icon.setAttribute("viewBox", "0 0 16 16");
  icon.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVGNS, "path");
  path.setAttribute("d", "M4 5h8v7H4zM8 2v3M6 8h0.01M10 8h0.01M2 8v2M14 8v2");
  icon.append(path);
  // role img: the icon and the short word read as one label ("Computer: easy"); a span may not
  // carry aria-label without a role
  return el("span", { class: "badge", role: "img", "data-level": level, "aria-label": t("setup.computer", { level: levelName(level) }) },
    icon, el("span", { class: "badge-text", text: levelName(level) }));
}

export function renderBanner(bar, { view, game, winner }) {
  bar.replaceChildren();
  if (!view) return;
  if (view.over) {
    bar.append(el("span", { class: "banner-text", text: t("banner.wins", { name: winner }) }));
    return;
  }
  const p = view.players.find((q) => q.index === view.current);
  if (!p) return;
  bar.append(game.chip(view.map, p.colour, p.shape), el("span", {
    class: "banner-text", "data-testid": "current-player", "data-seat": view.current,
    text: game.words.banner(view, playerName(view.players, view.current)),
  }));
}
