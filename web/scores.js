// The scores panel: one row per seat (chip, name, a computer's level) with the game's own
// columns (web/games/<id>/panel.js), the current player marked; and the banner in the top bar.
//
//   import { renderScores, renderBanner } from "./scores.js";
//   renderScores(box, {view, position, game, current})   // current: the seat to move, or null
//   renderBanner(bar, {view, game, ctx})

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { computerLevel, levelName, playerName } from "./words.js";

export function renderScores(box, { view, position, game, current }) {
  const rows = el("div", { class: "player-rows", role: "list" });
  for (const p of view.players) {
    const i = p.index;
    const now = current === i && !p.neutral;
    const level = computerLevel(p.kind);
    const row = el("div", {
      class: `player-row col-${p.colour}${now ? " current" : ""}${p.neutral ? " neutral" : ""}`,
      role: "listitem", "data-testid": `player-${i}`, "data-seat": i, "aria-current": now ? "true" : null,
    });
    row.append(
      game.chip(view.map, p.colour, p.shape),
      el("span", { class: "player-name" },
        el("span", { class: "name-text", text: playerName(view.players, i) }),
        level !== null ? el("span", { class: "badge", text: levelName(level) }) : null),
      ...game.panel.playerCells(view, position, i),
    );
    rows.append(row);
  }
  box.replaceChildren(rows);
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
