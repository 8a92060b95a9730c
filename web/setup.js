// The new-game screen: how many players, their names, colours and kinds (a person or a
// computer level), the map and the options.  What may be chosen comes from the engine's
// `info` (its games' colours, boards, player counts and options, the computer levels); the
// engine checks the choice again when the game starts.  Cambria or Hibernia is picked first.
// The screen opens as it was when a game was last started from it (lastsetup.js), keeping only
// what the engine's info allows.
//
//   import { createSetup } from "./setup.js";
//   const setup = createSetup({ onStart: (payload) => ..., onMap: (map) => ... });
//   setup.configure(info)   // once the engine is up
//   setup.render()          // after a language switch
//   setup.map()             // the map chosen
//   setup.game()            // the game chosen

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { drawsMap, gameModule } from "./games/index.js";
import { colourName, levelName } from "./words.js";
import { recallSetup, rememberSetup } from "./lastsetup.js";

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
  let last = recallSetup();
  if (last && drawsMap(last.game, last.map)) restore(last);
  else last = null; // a game or map this page does not have: the default setup

  // The last setup on the screen (before the engine's info: configure() then drops what it refuses)
  function restore(choice) {
    const check = (name, value) => {
      const input = $$(`input[name="${name}"]`).find((r) => r.value === String(value));
      if (input) input.checked = true;
      return Boolean(input);
    };
    if (check("game", choice.game)) gameId = choice.game;
    check("count", choice.count);
    check("map", choice.map);
    $("#german-tiebreak").checked = choice.options.german_tiebreak === true;
    $("#advanced").checked = choice.options.advanced === true;
    choice.seats.forEach((p, i) => Object.assign(seats[i], p));
    showFields(null);
  }

  /** What is on the screen, as it is remembered for next time. */
  function choice() {
    const options = { german_tiebreak: $("#german-tiebreak").checked, advanced: $("#advanced").checked };
    return { game: gameId, map: map(), count: count(), options, seats: seats.map((p) => ({ ...p })) };
  }

  function count() {
    return Number($('input[name="count"]:checked').value);
  }

  function map() {
    const other = games.find((g) => g.id === gameId && g.id !== "cambria");
    if (other) return other.boards[0].id;
    if (gameId !== "cambria" && !games.length && last) return last.map; // before the engine's info
    return $('input[name="map"]:checked')?.value || "cambria";
  }

  function showFields(game) {
    const cambria = gameId === "cambria";
    $("#map-field").hidden = !cambria;
    $("#german-field").hidden = !cambria;
    $("#advanced-field").hidden = game ? !game.options.some((o) => o.id === "advanced") : gameId !== "hibernia";
  }

  // The game picked: its colours, its player counts and its options on the screen (`keep`: a
  // remembered setup keeps its seats' colours where they fit)
  function pickGame(id, { keep = false, quiet = false } = {}) {
    const game = games.find((g) => g.id === id);
    if (!game) return;
    gameId = id;
    colours = game.colours;
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
    // the seats in play keep their colours if this game has them, each once; the others take the rest
    const own = seats.slice(0, count()).map((p) => p.colour);
    const fits = keep && own.every((c, i) => colours.some((g) => g.id === c) && own.indexOf(c) === i);
    const rest = colours.map((c) => c.id).filter((c) => !fits || !own.includes(c));
    seats.forEach((p, i) => {
      if (!fits || i >= own.length) p.colour = rest[(fits ? i - own.length : i) % rest.length];
    });
    showFields(game);
    render();
    if (!quiet) onMap(map(), gameId);
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
        // a person on another device: the game then travels by link (web/remote/), named when they join
        if (i > 0) kind.append(el("option", { value: "remote", text: t("setup.remote") }));
        for (const level of levels) {
          kind.append(el("option", { value: `computer:${level}`, text: t("setup.computer", { level: levelName(level) }) }));
        }
        kind.value = p.kind === "remote" && i === 0 ? "human" : p.kind;
        const remoteName = () => {
          name.disabled = kind.value === "remote";
          name.placeholder = name.disabled ? t("setup.remoteName") : "";
          if (name.disabled) name.value = "";
          else if (!name.value) name.value = p.name;
        };
        remoteName();
        kind.addEventListener("change", () => {
          p.kind = kind.value;
          remoteName();
        });
        li.append(kind);
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
    rememberSetup(choice());
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
      levels = Array.isArray(info.computer_levels) ? info.computer_levels.map(String) : [];
      maxName = Number(info.max_name) || maxName;
      const kinds = ["human", "remote", ...levels.map((level) => `computer:${level}`)]; // as render() offers them
      for (const p of seats) if (!kinds.includes(p.kind)) p.kind = "human"; // a level this version has not
      if (game) {
        const changed = game.id !== gameId;
        for (const r of $$('input[name="game"]')) r.checked = r.value === game.id;
        pickGame(game.id, { keep: true, quiet: !changed }); // the board shows this game already
      } else {
        render();
      }
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
