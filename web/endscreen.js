// The end screen: the winner, the tiebreak if one decided, and every seat in ranking order with
// the game's own breakdown of its points (web/games/<id>/words.js: resultDetail, resultNote).
//
//   import { fillEndScreen } from "./endscreen.js";
//   fillEndScreen({view, game, ctx})     // then the controller shows #end-screen

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { playerName, say } from "./words.js";

const $ = (id) => document.getElementById(id);

export function winnerName(view) {
  return view.result ? playerName(view.players, view.result.winner) : "";
}

export function fillEndScreen({ view, game, ctx }) {
  const res = view.result;
  $("end-title").textContent = t("end.wins", { name: winnerName(view) });
  const reason = res.tiebreak ? say(res.tiebreak, ctx) : "";
  $("end-sub").textContent = reason ? t("end.tiebreak", { reason }) : "";
  // a game by link is played again by a new invite (the new-game screen), not from here
  $("end-rematch").hidden = Boolean(view.remote);
  const order = [...res.ranking];
  for (const p of res.players) if (!order.includes(p.index)) order.push(p.index);
  // the one person playing on this device against the computer: her row is marked, and a small
  // screen shows it first (style.css); its place number keeps the ranking readable
  const humans = view.players.filter((q) => q.kind === "human" && !q.neutral);
  const own = humans.length === 1 ? humans[0].index : null;
  const list = $("ranking");
  list.replaceChildren();
  for (const seat of order) {
    const p = res.players.find((q) => q.index === seat);
    const player = view.players.find((q) => q.index === seat);
    if (!p || !player) continue;
    const [detail, forts] = game.words.resultDetail(p, ctx);
    // the neutral (Cambria for two) scores but cannot win: listed after the ranking, unnumbered, saying so
    list.append(el("li", {
      class: `rank-row col-${player.colour}${seat === res.winner ? " winner" : ""}${seat === own ? " own" : ""}${player.neutral ? " neutral" : ""}`,
      "data-testid": `rank-${seat}`, "data-points": p.points,
    },
    game.chip(view.map, player.colour, player.shape),
    el("div", { class: "rank-main" },
      el("div", { class: "rank-head" },
        el("strong", { text: playerName(view.players, seat) }),
        el("span", { class: "rank-points", text: t("end.points", { count: p.points }) })),
      el("div", { class: "rank-detail", text: detail }),
      player.neutral ? el("div", { class: "rank-neutral", "data-testid": "rank-neutral", text: t("end.neutral") }) : null,
      el("div", { class: "rank-forts", text: forts }))));
  }
  $("end-note").textContent = game.words.resultNote(res);
}
