// The new-game screen: how many players, their names, colours and kinds (a person or a
// computer level), the map and the options.  What may be chosen comes from the engine's
// `info` (its games' colours, boards, player counts and options, the computer levels); the
// engine checks the choice again when the game starts.  Cambria or Hibernia is picked first.
//
//   import { createSetup } from "./setup.js";
//   const setup = createSetup({ onStart: (payload) => ..., onMap: (map) => ... });
//   setup.configure(info)   // once the engine is up
//   setup.render()          // after a language switch
//   setup.map()             // the map chosen
//   setup.game()            // the game chosen

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { colourName, levelName } from "./words.js";

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => Array.from(document.querySelectorAll(sel));

// Until the engine's info arrives (it checks every colour)
const DEFAULT_COLOURS = [
  { id: "red", shape: "circle" }, { id: "blue", shape: "square" }, { id: "yellow", shape: "triangle" },
  { id: "green", shape: "diamond" }, { id: "purple", shape: "hexagon" },
];
const DEFAULT_NAMES = ["Aurelia", "Brennus", "Cartimandua", "Drusus", "Elen"];

export function createSetup({ onStart, onMap }) {
  let gameId = "cambria";
  let games = [];
  let colours = DEFAULT_COLOURS;
  let levels = [];
  let maxName = 40;
  const seats = DEFAULT_NAMES.map((name, i) => ({ name, colour: DEFAULT_COLOURS[i].id, kind: "human" }));

  function count() {
    return Number($('input[name="count"]:checked').value);
  }

  function map() {
    const other = games.find((g) => g.id === gameId && g.id !== "cambria");
    if (other) return other.boards[0].id;
    return $('input[name="map"]:checked')?.value || "cambria";
  }

  // The game picked: its colours, its player counts and its options on the screen
  function pickGame(id) {
    const game = games.find((g) => g.id === id);
    if (!game) return;
    gameId = id;
    colours = game.colours;
    seats.forEach((p, i) => { p.colour = colours[i % colours.length].id; });
    for (const r of $$('input[name="count"]')) {
      const n = Number(r.value);
      r.disabled = n < game.min_players || n > game.max_players;
      r.closest("label").hidden = r.disabled;
    }
    const checked = $('input[name="count"]:checked');
    if (checked.disabled) {
      // the nearest count this game has (read before the old one is unchecked)
      const n = Math.max(game.min_players, Math.min(game.max_players, Number(checked.value)));
      checked.checked = false;
      $(`input[name="count"][value="${n}"]`).checked = true;
    }
    const cambria = id === "cambria";
    $("#map-field").hidden = !cambria;
    $("#german-field").hidden = !cambria;
    $("#advanced-field").hidden = !game.options.some((o) => o.id === "advanced");
    render();
    onMap(map(), gameId);
  }

  function render() {
    const list = $("#player-list");
    const n = count();
    const game = gameModule(gameId);
    list.replaceChildren();
    for (let i = 0; i < n; i++) {
      const p = seats[i];
      const li = el("li", { class: "player-setup", "data-testid": `setup-player-${i}` });
      const name = el("input", {
        type: "text", value: p.name, maxlength: maxName, "aria-label": t("setup.nameOf", { n: i + 1 }),
        "data-testid": `name-${i}`, required: true, spellcheck: "false",
      });
      name.addEventListener("input", () => { p.name = name.value; });
      const swatches = el("div", { class: "swatches", role: "radiogroup", "aria-label": t("setup.colourOf", { n: i + 1 }) });
      for (const c of colours) {
        const input = el("input", {
          type: "radio", name: `colour-${i}`, value: c.id, "aria-label": colourName(c.id), "data-testid": `colour-${i}-${c.id}`,
        });
        input.checked = p.colour === c.id;
        input.addEventListener("change", () => pickColour(i, c.id));
        swatches.append(el("label", { class: `swatch col-${c.id}`, title: colourName(c.id) }, input, game.chip(map(), c.id, c.shape)));
      }
      li.append(el("span", { class: "seat", text: String(i + 1) }), name, swatches);
      if (levels.length) {
        const kind = el("select", { "aria-label": t("setup.kindOf", { n: i + 1 }), "data-testid": `kind-${i}`, class: "kind" });
        kind.append(el("option", { value: "human", text: t("setup.human") }));
        for (const level of levels) {
          kind.append(el("option", { value: `computer:${level}`, text: t("setup.computer", { level: levelName(level) }) }));
        }
        kind.value = p.kind;
        kind.addEventListener("change", () => { p.kind = kind.value; });
        li.append(kind);
      } else {
        p.kind = "human";
      }
      list.append(li);
    }
    const facts = games.find((g) => g.id === gameId);
    const neutral = facts ? facts.neutral_with.includes(n) : n === 2;
    $("#neutral-note").hidden = !(neutral && gameId === "cambria");
    $("#hib-neutral-note").hidden = !(neutral && gameId === "hibernia");
  }

  function pickColour(i, colour) {
    const other = seats.findIndex((p, j) => j !== i && p.colour === colour);
    if (other >= 0) seats[other].colour = seats[i].colour; // swap colours, so that all stay distinct
    seats[i].colour = colour;
    render();
    $(`[data-testid="colour-${i}-${colour}"]`)?.focus();
  }

  function payload() {
    const players = seats.slice(0, count()).map((p, i) => ({
      name: (p.name || "").trim() || t("player.fallback", { n: i + 1 }), colour: p.colour, kind: p.kind || "human",
    }));
    const options = gameId === "cambria" ? { german_tiebreak: $("#german-tiebreak").checked } : {};
    if (gameId === "hibernia") options.advanced = $("#advanced").checked;
    const out = { game: gameId, map: map(), players, options };
    // a fixed seed for a reproducible game (tests, bug reports): ?seed=123
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed !== null && /^\d{1,15}$/.test(seed)) out.seed = Number(seed);
    return out;
  }

  for (const r of $$('input[name="count"]')) r.addEventListener("change", render);
  for (const r of $$('input[name="map"]')) {
    r.addEventListener("change", () => {
      if (r.checked) onMap(r.value, gameId);
    });
  }
  for (const r of $$('input[name="game"]')) {
    r.addEventListener("change", () => {
      if (r.checked) pickGame(r.value);
    });
  }
  $("#setup").addEventListener("submit", (event) => {
    event.preventDefault();
    onStart(payload());
  });

  return {
    render,
    map,
    game: () => gameId,
    configure(info) {
      games = Array.isArray(info.games) ? info.games : [];
      for (const r of $$('input[name="game"]')) r.closest("label").hidden = !games.some((g) => g.id === r.value);
      const game = games.find((g) => g.id === gameId) || games[0];
      if (game) {
        gameId = game.id;
        colours = game.colours;
      }
      levels = Array.isArray(info.computer_levels) ? info.computer_levels.map(String) : [];
      maxName = Number(info.max_name) || maxName;
      render();
      const start = $("#start");
      start.disabled = false;
      start.dataset.i18n = "setup.start";
      start.textContent = t("setup.start");
    },
    unavailable() {
      $("#start").dataset.i18n = "setup.unavailable";
      $("#start").textContent = t("setup.unavailable");
    },
  };
}
