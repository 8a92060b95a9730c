// Never lose a game: autosave after every step, resume on reload, the saved-games list
// (continue, delete several at once, export), and importing a record file with validation.
//
//   import { createLibrary } from "./library.js";
//   const library = createLibrary({
//     request,             // (type, payload) => Promise: the engine bridge, errors not shown
//     enter,               // (view, partial) => void: show a game the engine has loaded
//     notify,              // (text) => void: a short message (toast)
//     onGameOnBoard,       // () => view | null: the game on the board, if any
//     readOnly,            // (on) => void: another tab plays the game on the board (tabs.js)
//     onSaved,             // () => void: a game was saved (eviction.js asks to keep storage)
//     evictable,           // () => boolean: the browser may delete saved games (eviction.js)
//     onReview,            // (record, opener) => void: a finished game's review (reviewdialog.js)
//   });
//   library.started(view)   after new_game          library.saved(view)  after every step
//   library.left()          back to the new-game screen        library.takeOver()  "Continue here" (tabs.js)
//   await library.resume()  when the engine is ready: reopens the game of this tab, if any
//   await library.reopen()  after the engine was restarted: the game on the board, from its autosave
//   await library.openRecord(record, label)   a record opened as a saved game, quietly (true: on the board)
//
// The engine validates everything (cambria.record): an import that fails names what is wrong
// and changes nothing, neither the game on the board nor any saved game.

import { createStore, newId, summarize } from "./saves.js";
import { download, downloadRaw, readRecordFile } from "./recordfile.js";
import { createTabs } from "./tabs.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { ago, playersLine } from "./savedrows.js";


/** The storage problem of saves.js ({kind: "full" | "unavailable"}) in the player's language. */
function storageText(kind, message) {
  if (kind === "full") return t("storage.full");
  if (kind === "unavailable") return t("storage.unavailable");
  return message;
}

function capitalise(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function names(summary) {
  return summary.players.map((p) => p.name).join(", ");
}

export function describe(summary, { points = true } = {}) {
  const where = summary.title || summary.map;
  if (summary.over) {
    const text = summary.winner_name ? t("lib.finishedWon", { where, name: summary.winner_name }) : t("lib.finished", { where });
    return points && Array.isArray(summary.points)
      ? t("lib.withPoints", { text, points: summary.points.slice(0, summary.players.length).join("–") }) : text;
  }
  if (summary.round) return t("lib.round", { where, round: summary.round });
  return summary.turn ? t("lib.turn", { where, turn: summary.turn }) : t("lib.steps", { where, count: summary.step });
}


export function createLibrary({ request, enter, notify, onGameOnBoard, readOnly, onSaved, evictable, remote = null, leaveBoard = null, onReview = null }) {
  const store = createStore();
  const tabs = createTabs({ onLost: (id) => current && current.id === id && readOnly?.(true) }); // one game, one tab
  let current = null; // {id, uid} of the game on the board (uid: the engine's id of the game)
  let warned = null; // the storage problem already reported
  let composing = null; // {id, step, partial}: the choices last shown for the game on the board
  let dialog = null;
  let pendingDelete = false;
  let onBanner = null; // the library's message on the page's banner (the dialog takes it over)

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

  const saved = (view, options) => tabs.writing(save(view, options)); // written before the game is let go
  async function save(view, { partial } = {}) {
    const mine = current;
    if (!mine || !view || view.uid !== mine.uid) return;
    let record;
    try {
      record = await request("record", {});
    } catch {
      return; // no game in the engine (or it restarts: the autosave before it stays)
    }
    if (current !== mine || !tabs.mayWrite(mine.id, store.get(mine.id)?.record, record)) return; // or another tab plays it
    // the choices shown for this very step (they may come before this save lands: putPartial
    // then found the entry one step behind and wrote nothing)
    if (partial === undefined && composing && composing.id === mine.id && composing.step === view.step) {
      partial = composing.partial.length ? { step: view.step, partial: composing.partial.slice() } : null;
    }
    const result = store.put(mine.id, record, { view, partial });
    if (result.ok) {
      if (warned) warnStorage(null);
      onSaved?.();
    } else {
      warnStorage(result.kind, result.message);
    }
  }

  function started(view) {
    current = { id: newId(), uid: view.uid };
    tabs.claim(current.id, { fresh: true });
    store.setCurrent(current.id); // the controller then saves it, and after every step
  }

  function left() {
    current = null;
    tabs.release();
    store.setCurrent(null);
    refreshResume();
  }

  function choices(step, partial) {
    composing = current ? { id: current.id, step, partial: (partial || []).slice() } : null;
    if (current && tabs.holds(current.id)) store.putPartial(current.id, step, partial);
  }

  // ---------------------------------------------------------------- opening a saved game

  async function open(id, { quiet = false, resuming = false } = {}) {
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
      // refused by the engine: no tab tries it again by itself (it stays in Saved games)
      if (resuming) store.setCurrent(null);
      const text = t("lib.openFailed", { why: err.message });
      if (quiet) notify?.(text);
      else say(text);
      return false;
    }
    const mine = await tabs.claim(id); // held here, the save is final: played on meanwhile, it is read again
    if (mine && (store.get(id)?.record?.steps?.length || 0) > entry.record.steps.length) return open(id, { quiet, resuming });
    current = { id, uid: res.uid || res.view.uid };
    store.setCurrent(id);
    closeDialog();
    const partial = entry.partial && entry.partial.step === res.view.step ? entry.partial.partial : null;
    await enter(res.view, partial, { readOnly: !mine });
    return true;
  }

  /** "Continue here": the tab that plays the game lets go; it comes back from the latest save. */
  const takeOver = async () => Boolean(current) && (await tabs.takeOver(current.id)) && open(current.id, { quiet: true });

  /** After a restart of the engine: the game that was on the board, from its autosave. */
  async function reopen() {
    return current ? open(current.id, { quiet: true }) : false;
  }

  /** On start: reopen the game this tab (or, in a new tab, the browser) had on the board. */
  async function resume() {
    const entry = resumable();
    if (!entry) return false;
    return open(entry.id, { resuming: true });
  }

  /** The saved game a reload would resume (unfinished, on the board when the page was left). */
  function resumable() {
    // a game on the board that cannot be read: its pointer goes, the game stays in Saved games
    // to export or delete, and the player is told
    if (store.dropDamagedCurrent()) say(t("lib.resumeDamaged"));
    const entry = store.get(store.current());
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
    if (remote?.isRecord(text)) return remote.importRecord(text, closeDialog); // a game by link: checked in full
    return importText(text, label);
  }

  /** A record's text opened as a saved game (its saved twin if it has one); `quiet`: no notice
   *  (the statistics' history opens a finished game's record for its replay). */
  async function importText(text, label, { quiet = false } = {}) {
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
    const mine = await tabs.claim(id, { fresh: !twin }); // the saved twin may be played in another tab
    const put = mine ? store.put(id, record, { view: res.view }) : { ok: true };
    if (!put.ok) warnStorage(put.kind, put.message);
    current = { id, uid: res.uid || res.view.uid };
    store.setCurrent(id);
    closeDialog();
    await enter(res.view, null, { readOnly: !mine });
    if (!quiet) notify?.(twin ? t("lib.alreadySaved") : t("lib.imported", { file: label, names: names(summarize(record)) }));
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
        onBanner = text;
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
      el("p", { class: "library-note library-evict", "data-testid": "eviction-note", text: t("lib.evictable"), "data-i18n": "lib.evictable", hidden: true }),
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
    dialog.querySelector(".library-evict").hidden = !evictable?.();
    dialog.hidden = false;
    // a message of ours on the banner moves into the dialog: the banner would cover its top
    const banner = document.getElementById("error");
    if (onBanner && banner && !banner.hidden && document.getElementById("error-text").textContent === onBanner) {
      banner.hidden = true;
      say(onBanner);
    }
    onBanner = null;
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

  /** The game on the board is among the selected ones (deleting it leaves it). */
  const boardSelected = () => Boolean(current && onGameOnBoard?.() && selected().includes(current.id));

  function askDelete() {
    const n = selected().length;
    if (!n) return;
    const text = n === 1 ? t("lib.confirmOne") : t("lib.confirmMany", { count: n });
    dialog.querySelector(".confirm-text").textContent = boardSelected() ? `${text} ${t("lib.confirmOnBoard")}` : text;
    // "keep it" or "keep them" (Spanish "Conservarla" / "Conservarlas"), kept on a language switch
    const keep = dialog.querySelector("[data-testid=delete-no]");
    if (n === 1) keep.dataset.i18n = "lib.keepOne";
    else keep.dataset.i18n = "lib.keep";
    keep.textContent = n === 1 ? t("lib.keepOne") : t("lib.keep");
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
    if (boardSelected()) leaveBoard?.(); // first: the game left is saved no more
    const n = store.remove(ids);
    showConfirm(false);
    renderList();
    refreshResume();
    say(t("lib.deleted", { count: n }), "info");
  }

  function exportRaw(entry) {
    const text = store.raw(entry.key);
    if (text === null) say(t("lib.gone"));
    else downloadRaw(entry, text);
  }

  function renderList() {
    const list = dialog.querySelector(".saved-list");
    list.replaceChildren();
    const onBoard = onGameOnBoard?.();
    const entries = store.list();
    dialog.querySelector(".library-empty").hidden = entries.length > 0 || Boolean(remote?.list().length);
    dialog.querySelector(".remote-games")?.remove(); // games by link (remote/list.js), after the others
    if (remote) list.after(remote.section(() => { closeDialog(); }, renderList));
    // another tab plays the game on the board (not: this tab's lock on a game just opened is on its way)
    const elsewhere = Boolean(onBoard && current && !tabs.playing(current.id));
    for (const entry of entries) {
      const playing = Boolean(onBoard && current && current.id === entry.id);
      const box = el("input", { type: "checkbox", value: entry.id, "data-testid": "saved-select" });
      box.disabled = playing && elsewhere; // deleted here, the tab that plays it would save it again
      box.addEventListener("change", updateSelection);
      const li = el("li", {
        class: `saved-game${entry.newer || entry.damaged ? " unreadable" : ""}${playing ? " playing" : ""}`,
        "data-testid": "saved-game", "data-id": entry.id,
        "data-over": entry.summary ? String(entry.summary.over) : null,
        "data-unreadable": entry.newer ? "newer" : entry.damaged ? "damaged" : null,
      });
      const main = el("div", { class: "saved-main" });
      const buttons = el("div", { class: "saved-buttons" });
      if (entry.summary) {
        const summary = entry.summary;
        box.setAttribute("aria-label", t("lib.selectGame", { names: names(summary) }));
        main.append(
          el("div", { class: "saved-title" },
            playing ? el("span", { class: "badge saved-badge", "data-testid": "saved-on-board", text: t("lib.onBoard") }) : null,
            el("span", { class: "saved-where", text: describe(summary, { points: false }) })),
          playersLine(summary),
          el("div", { class: "saved-detail", "data-testid": "saved-detail", text: ago(entry.updated) }));
        if (playing && elsewhere) main.append(el("div", { class: "saved-why", "data-testid": "saved-why", text: t("lib.playedElsewhere") }));
        // the game on the board, unfinished: back to it as it is; any other (a finished one too): opened
        const back = playing && !summary.over;
        buttons.append(el("button", {
          type: "button", class: "primary", "data-testid": back ? "saved-back" : "saved-continue",
          text: back ? t("lib.back") : summary.over ? t("lib.open") : t("lib.continue"), onclick: back ? closeDialog : () => open(entry.id),
        }));
        if (summary.over && onReview) {
          buttons.append(el("button", { type: "button", "data-testid": "saved-review", text: t("lib.review"),
            onclick: () => { closeDialog(); onReview(entry.record); } }));
        }
        buttons.append(el("button", { type: "button", "data-testid": "saved-export", text: t("lib.export"), onclick: () => download(entry.record) }));
      } else {
        box.setAttribute("aria-label", t("lib.selectUnreadable"));
        main.append(el("div", { class: "saved-title", text: entry.newer ? t("lib.newer") : t("lib.damaged") }),
          el("div", { class: "saved-detail", text: entry.newer ? t("lib.reasonNewer") : t("lib.reasonDamaged") }));
        // what is stored, exactly as it is: nothing is lost by deleting it here
        buttons.append(el("button", { type: "button", "data-testid": "saved-export-raw", text: t("lib.export"), onclick: () => exportRaw(entry) }));
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
    store, started, saved, left, choices, open, reopen, resume, resumable, importFile, exportCurrent, takeOver,
    openRecord: (record, label) => importText(JSON.stringify(record), label, { quiet: true }), // the statistics' history
    openDialog, closeDialog, attachResume, refreshResume,
    get currentId() {
      return current ? current.id : null;
    },
  };
}
