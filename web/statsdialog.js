// The Statistics dialog (menu → Statistics): the games finished at this device counted per game
// and map, per strongest computer opponent and per person, the best scores, the last finished
// games (each opens in replay), and the statistics' own export and import.
//
//   import { createStatsDialog } from "./statsdialog.js";
//   const dialog = createStatsDialog({ stats, onReplay });   // stats: stats.js; onReplay(record) => Promise<boolean>
//   dialog.open(opener)
//
// The saved games export one game per file, so the statistics have their own file: every game
// counted (with the records the history keeps) and the folded counts; importing it merges by the
// games' ids, so a game is never counted twice.  The dialog is drawn again on a language switch.

import { openDialog } from "./a11y.js";
import { el } from "./dom.js";
import { formatNumber, formatPercent, language, onLanguage, t } from "./i18n.js";
import { gameTitle } from "./games/index.js";
import { levelName } from "./words.js";
import { readRecordFile, saveFile } from "./recordfile.js";
import { HISTORY, STATS_FILE_BYTES, opponentLevel, statsFile, totals } from "./stats.js";

const LEVEL_ROWS = ["easy", "normal", "hard", "people"];

function capitalise(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** "Cambria · Cumbria": the game's name, and its map's where the game has more than one. */
function where(game, map) {
  const title = gameTitle(game);
  const mapTitle = capitalise(map);
  return mapTitle && mapTitle !== title ? `${title} · ${mapTitle}` : title;
}

function date(ms) {
  return ms ? new Date(ms).toLocaleDateString(language(), { day: "numeric", month: "short", year: "numeric" }) : "";
}

function levelLabel(level) {
  return level === "people" ? t("stats.people") : t("stats.against", { level: levelName(level) });
}

export function createStatsDialog({ stats, onReplay }) {
  let dialog = null;
  let opener = null;

  function build() {
    const input = el("input", { type: "file", accept: ".json,application/json", hidden: true, "data-testid": "stats-import-file" });
    input.addEventListener("change", () => {
      const file = input.files[0];
      input.value = "";
      importFile(file);
    });
    dialog = el("div", {
      class: "overlay stats", id: "stats", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "stats-title", "data-testid": "stats", hidden: true,
    });
    dialog.append(el("div", { class: "end-card panel-card stats-card" },
      el("div", { class: "panel-head stats-head" },
        el("h2", { id: "stats-title", "data-i18n": "stats.title", text: t("stats.title") }),
        el("button", { type: "button", class: "panel-close stats-close", "data-testid": "stats-close", text: "×", "aria-label": t("stats.close"), "data-i18n-aria-label": "stats.close", onclick: close })),
      el("p", { class: "stats-message", role: "alert", "data-testid": "stats-message", hidden: true }),
      el("div", { class: "panel-body stats-body", "data-testid": "stats-body" }),
      el("div", { class: "stats-actions" },
        el("button", { type: "button", "data-testid": "stats-export", "data-i18n": "stats.export", text: t("stats.export"), onclick: exportFile }),
        el("button", { type: "button", "data-testid": "stats-import", "data-i18n": "stats.import", text: t("stats.import"), onclick: () => input.click() }),
        input)));
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) close();
    });
    (document.getElementById("app") || document.body).append(dialog);
    onLanguage(() => dialog.hidden || render());
  }

  function say(text, kind = "info") {
    const box = dialog.querySelector(".stats-message");
    box.textContent = text;
    box.dataset.kind = kind;
    box.hidden = !text;
  }

  // `best`: a best score means something within one game and map only (the points differ)
  function table(testid, caption, rows, best = false) {
    const head = el("tr", {},
      el("th", { scope: "col", text: caption }),
      el("th", { scope: "col", text: t("stats.played") }),
      el("th", { scope: "col", text: t("stats.won") }),
      best ? el("th", { scope: "col", text: t("stats.best") }) : null);
    const body = rows.map(([key, label, r]) => el("tr", { "data-row": key },
      el("th", { scope: "row", text: label }),
      el("td", { "data-col": "played", text: formatNumber(r.played) }),
      el("td", { "data-col": "won", text: formatNumber(r.won) }),
      best ? el("td", { "data-col": "best" }, ...(r.best ? [el("span", { class: "stats-points", text: formatNumber(r.best.points) }),
        el("span", { class: "stats-best-name", text: r.best.name })] : ["–"])) : null));
    return el("table", { class: "stats-table", "data-testid": testid }, el("thead", {}, head), el("tbody", {}, ...body));
  }

  function historyRow(g) {
    const names = g.players.map((p, i) => {
      const player = p.points === null ? p.name : t("stats.score", { name: p.name, points: formatNumber(p.points) });
      const won = g.winners.includes(i);
      return el(won ? "strong" : "span", { class: `stats-player${p.you ? " you" : ""}`, text: won ? t("stats.winner", { player }) : player });
    });
    const list = [];
    names.forEach((n, i) => list.push(...(i ? [", ", n] : [n])));
    const level = opponentLevel(g.players);
    const button = g.record
      ? el("button", { type: "button", "data-testid": "stats-replay", text: t("stats.replay"), onclick: () => replay(g) })
      : el("span", { class: "stats-norecord", text: t("stats.noRecord") });
    return el("li", { class: "stats-game", "data-testid": "stats-game", "data-id": g.id },
      el("div", { class: "stats-game-main" },
        el("div", { class: "stats-game-title", text: `${where(g.game, g.map)} · ${levelLabel(level)}` }),
        el("div", { class: "stats-game-players" }, ...list),
        el("div", { class: "stats-game-date", text: date(g.at) })),
      button);
  }

  function render() {
    const data = stats.data();
    const rows = totals(data);
    const body = dialog.querySelector(".stats-body");
    body.replaceChildren();
    const all = rows.all;
    if (!all) {
      body.append(el("p", { class: "stats-empty", "data-testid": "stats-empty", text: t("stats.empty") }));
      return;
    }
    body.append(
      el("p", { class: "stats-summary", "data-testid": "stats-summary",
        text: t("stats.summary", { count: all.played, won: formatNumber(all.won), rate: formatPercent(all.won / all.played) }) }),
      el("p", { class: "stats-note", text: t("stats.note") }));
    const pick = (prefix) => Object.keys(rows).filter((k) => k.startsWith(prefix)).sort();
    const maps = pick("map:").map((k) => [k, where(...k.slice(4).split("/")), rows[k]]);
    body.append(el("h3", { text: t("stats.byGame") }), table("stats-by-game", t("stats.game"), maps, true));
    const levels = LEVEL_ROWS.filter((l) => rows[`level:${l}`]).map((l) => [`level:${l}`, levelLabel(l), rows[`level:${l}`]]);
    body.append(el("h3", { text: t("stats.byLevel") }), table("stats-by-level", t("stats.opponent"), levels));
    const people = pick("name:").map((k) => [k, k.slice(5), rows[k]]);
    body.append(el("h3", { text: t("stats.byPerson") }), table("stats-by-person", t("stats.person"), people));
    const recent = data.games.slice(-HISTORY).reverse();
    body.append(el("h3", { text: t("stats.history") }),
      el("ul", { class: "stats-history", "data-testid": "stats-history" }, ...recent.map(historyRow)));
  }

  async function replay(g) {
    const record = g.record;
    close();
    if (!(await onReplay(record))) open(opener);
  }

  function exportFile() {
    const day = new Date().toISOString().slice(0, 10);
    saveFile(statsFile(stats.data()), `cambria-statistics-${day}.json`);
  }

  async function importFile(file) {
    if (!file) return;
    const label = t("lib.fileName", { name: file.name });
    let result;
    try {
      result = stats.merge(await readRecordFile(file, { maxBytes: STATS_FILE_BYTES }));
    } catch (err) {
      result = err;
    }
    if (result instanceof Error) {
      const why = result.message === "storage" ? t("storage.full") : result.message === "not a statistics file" ? t("stats.notStats") : result.message;
      render();
      say(t("stats.importFailed", { file: label, why }), "error");
      return;
    }
    render();
    say(t("stats.imported", { count: result.added, known: formatNumber(result.known) }));
  }

  function open(from = null) {
    if (!dialog) build();
    opener = from;
    say("");
    render();
    // modal: the focus goes in, Tab stays inside, Escape closes, the focus goes back to the opener
    const closeButton = dialog.querySelector(".stats-close");
    openDialog(dialog, { opener: opener || document.activeElement, initial: closeButton, closeButton });
  }

  function close() {
    if (!dialog || dialog.hidden) return;
    dialog.hidden = true; // a11y.openDialog's watch gives the focus back to the opener
  }

  return { open, close };
}
