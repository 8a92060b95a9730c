// Never lose a game: autosave after every step, resume on reload, the saved-games list
// (continue, delete several at once, export), and importing a record file with validation.
//
//   import { createLibrary } from "./library.js";
//   const library = createLibrary({
//     request,             // (type, payload) => Promise: the engine bridge, errors not shown
//     enter,               // (view, partial) => void: show a game the engine has loaded
//     notify,              // (text) => void: a short message (toast)
//     onGameOnBoard,       // () => view | null: the game on the board, if any
//   });
//   library.started(view)   after new_game          library.saved(view)  after every step
//   library.left()          back to the new-game screen
//   await library.resume()  when the engine is ready: reopens the game of this tab, if any
//   await library.reopen()  after the engine was restarted: the game on the board, from its autosave
//
// The engine validates everything (cambria.record): an import that fails names what is wrong
// and changes nothing, neither the game on the board nor any saved game.

import { createStore, newId, summarize } from "./saves.js";
import { el } from "./dom.js";
import { language, t } from "./i18n.js";

const MAX_FILE = 2 * 1024 * 1024; // a 5-player record of a long game is ~10 KB


/** The storage problem of saves.js ({kind: "full" | "unavailable"}) in the player's language. */
function storageText(kind, message) {
  if (kind === "full") return t("storage.full");
  if (kind === "unavailable") return t("storage.unavailable");
  return message;
}

function capitalise(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function ago(ms) {
  if (!ms) return "";
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 60) return t("lib.justNow");
  if (s < 3600) return t("lib.minutesAgo", { count: Math.floor(s / 60) });
  if (s < 86400) return t("lib.hoursAgo", { count: Math.floor(s / 3600) });
  const d = new Date(ms);
  return d.toLocaleDateString(language(), { day: "numeric", month: "short", year: "numeric" });
}

function names(summary) {
  return summary.players.map((p) => p.name).join(", ");
}

export function describe(summary) {
  const where = summary.title || summary.map;
  if (summary.over) {
    const text = summary.winner_name ? t("lib.finishedWon", { where, name: summary.winner_name }) : t("lib.finished", { where });
    return Array.isArray(summary.points)
      ? t("lib.withPoints", { text, points: summary.points.slice(0, summary.players.length).join("–") }) : text;
  }
  return summary.turn ? t("lib.turn", { where, turn: summary.turn }) : t("lib.steps", { where, count: summary.step });
}

export function fileName(record) {
  const who = (record.players || []).map((p) => String(p.name)).join("-")
    .normalize("NFKD").replace(/[^\w-]+/g, "").slice(0, 40) || "game";
  return `cambria-${record.map || "game"}-${who}-${new Date().toISOString().slice(0, 10)}.json`;
}

export function download(record) {
  const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: fileName(record) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 2000);
}

/** Read a file as UTF-8 text; a clear message for what cannot be a game record. */
export async function readRecordFile(file) {
  if (file.size === 0) throw new Error(t("lib.fileEmpty"));
  if (file.size > MAX_FILE) {
    throw new Error(t("lib.fileTooLarge", { size: Number((file.size / 1e6).toFixed(1)) }));
  }
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(t("lib.fileNotText"));
  }
}

export function createLibrary({ request, enter, notify, onGameOnBoard }) {
  const store = createStore();
  let current = null; // {id, uid} of the game on the board (uid: the engine's id of the game)
  let warned = null; // the storage problem already reported
  let dialog = null;
  let pendingDelete = false;

  // ---------------------------------------------------------------- autosave

  function warnStorage(kind, message) {
    const box = document.getElementById("storage-warning") || makeWarning();
    if (!kind) {
      box.hidden = true;
      warned = null;
      return;
    }
    if (warned === kind && !box.hidden) return;
    warned = kind;
    box.dataset.kind = kind;
    box.querySelector(".storage-text").textContent = storageText(kind, message);
    box.hidden = false;
  }

  function makeWarning() {
    const box = el("div", { id: "storage-warning", class: "storage-warning", role: "alert", "data-testid": "storage-warning", hidden: true },
      el("span", { class: "storage-text" }),
      el("button", { type: "button", "aria-label": t("error.dismiss"), "data-i18n-aria-label": "error.dismiss", text: "×", onclick: () => { box.hidden = true; } }));
    (document.getElementById("app") || document.body).append(box);
    return box;
  }

  async function saved(view, { partial } = {}) {
    const mine = current;
    if (!mine || !view || view.uid !== mine.uid) return;
    let record;
    try {
      record = await request("record", {});
    } catch {
      return; // no game in the engine (or it restarts: the autosave before it stays)
    }
    if (current !== mine) return; // another game was opened meanwhile
    const result = store.put(mine.id, record, { view, partial });
    if (result.ok) {
      if (warned) warnStorage(null);
    } else {
      warnStorage(result.kind, result.message);
    }
  }

  function started(view) {
    current = { id: newId(), uid: view.uid };
    store.setCurrent(current.id); // the controller then saves it, and after every step
  }

  function left() {
    current = null;
    store.setCurrent(null);
    refreshResume();
  }

  function choices(step, partial) {
    if (current) store.putPartial(current.id, step, partial);
  }

  // ---------------------------------------------------------------- opening a saved game

  async function open(id, { quiet = false } = {}) {
    const entry = store.get(id);
    if (!entry) {
      say(t("lib.gone"));
      return false;
    }
    let res;
    try {
      res = await request("load", { record: entry.record });
    } catch (err) {
      if (err.code === "restarted" || err.code === "timeout") return false; // the page says so
      const text = t("lib.openFailed", { why: err.message });
      if (quiet) notify?.(text);
      else say(text);
      return false;
    }
    current = { id, uid: res.uid || res.view.uid };
    store.setCurrent(id);
    closeDialog();
    const partial = entry.partial && entry.partial.step === res.view.step ? entry.partial.partial : null;
    await enter(res.view, partial);
    return true;
  }

  /** After a restart of the engine: the game that was on the board, from its autosave. */
  async function reopen() {
    return current ? open(current.id, { quiet: true }) : false;
  }

  /** On start: reopen the game this tab (or, in a new tab, the browser) had on the board. */
  async function resume() {
    const entry = resumable();
    if (!entry) return false;
    return open(entry.id, { quiet: true });
  }

  /** The saved game a reload would resume (unfinished, on the board when the page was left). */
  function resumable() {
    const id = store.current();
    const entry = id && store.get(id);
    return entry && !entry.summary.over ? entry : null;
  }

  // ---------------------------------------------------------------- import and export

  async function importFile(file) {
    if (!file) return false;
    const label = t("lib.fileName", { name: file.name });
    let text;
    try {
      text = await readRecordFile(file);
    } catch (err) {
      say(t("lib.importFailed", { file: label, why: err.message }), "error");
      return false;
    }
    let res;
    let record;
    try {
      res = await request("load", { record: text }); // validated and replayed by the engine
      record = await request("record", {}); // the record as this version writes it
    } catch (err) {
      const why = err.code === "unavailable" ? t("lib.engineDown", { detail: err.message }) : err.message;
      say(t("lib.importFailed", { file: label, why }), "error");
      return false;
    }
    const twin = store.findRecord(record);
    const id = twin ? twin.id : newId();
    const put = store.put(id, record, { view: res.view });
    if (!put.ok) warnStorage(put.kind, put.message);
    current = { id, uid: res.uid || res.view.uid };
    store.setCurrent(id);
    closeDialog();
    await enter(res.view, null);
    notify?.(twin ? t("lib.alreadySaved") : t("lib.imported", { file: label, names: names(summarize(record)) }));
    return true;
  }

  async function exportCurrent() {
    let record;
    try {
      record = await request("record", {});
    } catch (err) {
      say(t("error.noGame"), "error");
      return;
    }
    download(record);
  }

  // ---------------------------------------------------------------- the saved-games dialog

  function say(text, kind = "error") {
    if (dialog && !dialog.hidden) {
      const box = dialog.querySelector(".library-message");
      box.textContent = text;
      box.dataset.kind = kind;
      box.hidden = false;
    } else {
      const banner = document.getElementById("error");
      const span = document.getElementById("error-text");
      if (banner && span) {
        span.textContent = text;
        banner.hidden = false;
      } else {
        notify?.(text);
      }
    }
  }

  function buildDialog() {
    const input = el("input", { type: "file", accept: ".json,application/json", hidden: true, "data-testid": "import-file" });
    input.addEventListener("change", () => {
      const file = input.files[0];
      input.value = "";
      importFile(file);
    });
    dialog = el("div", {
      class: "overlay library", id: "library", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "library-title", "data-testid": "library", hidden: true,
    });
    const card = el("div", { class: "end-card library-card" },
      el("div", { class: "library-head" },
        el("h2", { id: "library-title", text: t("lib.title"), "data-i18n": "lib.title" }),
        el("button", { type: "button", class: "library-close", "aria-label": t("lib.close"), "data-i18n-aria-label": "lib.close", "data-testid": "library-close", text: "×", onclick: closeDialog })),
      el("p", { class: "library-note", text: t("lib.note"), "data-i18n": "lib.note" }),
      el("p", { class: "library-message", role: "alert", "data-testid": "library-message", hidden: true }),
      el("ul", { class: "saved-list", "data-testid": "saved-list" }),
      el("p", { class: "library-empty", "data-testid": "library-empty", text: t("lib.empty"), "data-i18n": "lib.empty", hidden: true }),
      el("div", { class: "library-actions" },
        el("button", { type: "button", class: "delete-selected", "data-testid": "delete-selected", disabled: true, onclick: askDelete, text: t("lib.deleteSelected") }),
        el("button", { type: "button", class: "primary", "data-testid": "import-button", text: t("lib.import"), "data-i18n": "lib.import", onclick: () => input.click() }),
        input),
      el("div", { class: "library-confirm", "data-testid": "delete-confirm", hidden: true },
        el("span", { class: "confirm-text" }),
        el("button", { type: "button", class: "primary", "data-testid": "delete-yes", text: t("lib.delete"), "data-i18n": "lib.delete", onclick: doDelete }),
        el("button", { type: "button", "data-testid": "delete-no", text: t("lib.keep"), "data-i18n": "lib.keep", onclick: () => showConfirm(false) })));
    dialog.append(card);
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) closeDialog();
    });
    dialog.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        closeDialog();
      }
    });
    (document.getElementById("app") || document.body).append(dialog);
  }

  function openDialog() {
    if (!dialog) buildDialog();
    const box = dialog.querySelector(".library-message");
    box.hidden = true;
    box.textContent = "";
    showConfirm(false);
    renderList();
    dialog.hidden = false;
    if (store.problem) say(storageText(store.problem, store.message), "warning");
    dialog.querySelector(".library-close").focus();
  }

  function closeDialog() {
    if (dialog) dialog.hidden = true;
  }

  function selected() {
    return Array.from(dialog.querySelectorAll(".saved-game input[type=checkbox]:checked"), (c) => c.value);
  }

  function updateSelection() {
    const n = selected().length;
    const button = dialog.querySelector(".delete-selected");
    button.disabled = n === 0;
    button.textContent = n ? t("lib.deleteSelectedN", { n }) : t("lib.deleteSelected");
    if (!n) showConfirm(false);
  }

  function askDelete() {
    const n = selected().length;
    if (!n) return;
    dialog.querySelector(".confirm-text").textContent = n === 1
      ? t("lib.confirmOne") : t("lib.confirmMany", { count: n });
    showConfirm(true);
  }

  function showConfirm(on) {
    pendingDelete = on;
    dialog.querySelector(".library-confirm").hidden = !on;
    dialog.querySelector(".library-actions").hidden = on;
    if (on) dialog.querySelector("[data-testid=delete-no]").focus();
  }

  function doDelete() {
    if (!pendingDelete) return;
    const ids = selected();
    const n = store.remove(ids);
    showConfirm(false);
    renderList();
    refreshResume();
    say(t("lib.deleted", { count: n }), "info");
  }

  function renderList() {
    const list = dialog.querySelector(".saved-list");
    list.replaceChildren();
    const onBoard = onGameOnBoard?.();
    const entries = store.list();
    dialog.querySelector(".library-empty").hidden = entries.length > 0;
    for (const entry of entries) {
      const playing = Boolean(onBoard && current && current.id === entry.id);
      const box = el("input", { type: "checkbox", value: entry.id, "data-testid": "saved-select" });
      box.disabled = playing;
      box.addEventListener("change", updateSelection);
      const li = el("li", {
        class: `saved-game${entry.newer || entry.damaged ? " unreadable" : ""}${playing ? " playing" : ""}`,
        "data-testid": "saved-game", "data-id": entry.id,
        "data-over": entry.summary ? String(entry.summary.over) : null,
      });
      const main = el("div", { class: "saved-main" });
      const buttons = el("div", { class: "saved-buttons" });
      if (entry.summary) {
        box.setAttribute("aria-label", t("lib.selectGame", { names: names(entry.summary) }));
        const chips = el("span", { class: "saved-chips", "aria-hidden": "true" });
        for (const p of entry.summary.players) chips.append(el("span", { class: `saved-chip col-${p.colour || "neutral"}` }));
        main.append(
          el("div", { class: "saved-title" }, chips, el("span", { class: "saved-names", text: names(entry.summary) }),
            playing ? el("span", { class: "badge", text: t("lib.onBoard") }) : null),
          el("div", { class: "saved-detail", "data-testid": "saved-detail", text: t("lib.detail", { what: describe(entry.summary), when: ago(entry.updated) }) }));
        if (!playing) {
          buttons.append(el("button", {
            type: "button", class: "primary", "data-testid": "saved-continue",
            text: entry.summary.over ? t("lib.open") : t("lib.continue"), onclick: () => open(entry.id),
          }));
        } else {
          buttons.append(el("button", { type: "button", "data-testid": "saved-back", text: t("lib.back"), onclick: closeDialog }));
        }
        buttons.append(el("button", { type: "button", "data-testid": "saved-export", text: t("lib.export"), onclick: () => download(entry.record) }));
      } else {
        box.setAttribute("aria-label", t("lib.selectUnreadable"));
        main.append(el("div", { class: "saved-title", text: entry.newer ? t("lib.newer") : t("lib.damaged") }),
          el("div", { class: "saved-detail", text: entry.newer ? t("lib.reasonNewer") : t("lib.reasonDamaged") }));
      }
      li.append(el("label", { class: "saved-select" }, box), main, buttons);
      list.append(li);
    }
    updateSelection();
  }

  // ---------------------------------------------------------------- the new-game screen

  let resumeButton = null;
  let listButton = null;

  /** Fill the new-game screen's "continue" button and add a "Saved games" button after it. */
  function attachResume(button) {
    resumeButton = button;
    if (button && !listButton) {
      listButton = el("button", { type: "button", class: "saved-games-button", "data-testid": "saved-games-button", onclick: openDialog });
      button.after(listButton);
    }
    refreshResume();
  }

  function refreshResume() {
    if (!resumeButton) return;
    const entries = store.list().filter((e) => e.summary);
    const latest = entries.find((e) => !e.summary.over);
    if (latest) {
      resumeButton.textContent = t("lib.resume", { names: names(latest.summary), what: describe(latest.summary) });
      resumeButton.hidden = false;
      resumeButton.onclick = () => open(latest.id);
    } else {
      resumeButton.hidden = true;
    }
    if (listButton) {
      const n = store.list().length;
      listButton.textContent = n ? t("lib.savedGamesN", { n }) : t("lib.savedGames");
    }
  }

  if (store.problem) setTimeout(() => warnStorage(store.problem, store.message), 0);

  return {
    store, started, saved, left, choices, open, reopen, resume, resumable, importFile, exportCurrent,
    openDialog, closeDialog, attachResume, refreshResume,
    get currentId() {
      return current ? current.id : null;
    },
  };
}
