// The review of a finished game (the end screen's and Saved games' "Review"): the engine goes
// through the game (review.js) with a progress bar, Cancel and Resume; then the chart of each
// player's win chance (reviewchart.js, and its table), a player picker, that player's summary
// and three biggest mistakes, each opening the board at that moment.
//
//   import { createReviewDialog } from "./reviewdialog.js";
//   const review = createReviewDialog({ request, store, onMoment });
//   review.open(record, opener)    // a finished game's record; a saved review shows at once
//   review.close()
//
// `store`: the saved games (saves.js), where the review is kept with its game; `onMoment(record,
// item, back)`: show the board at a reviewed decision, the played and the better move drawn, and
// call `back()` when the player leaves it (the review comes back as it was); false if it could not.

import { openDialog } from "./a11y.js";
import { el } from "./dom.js";
import { formatList, formatNumber, onLanguage, t } from "./i18n.js";
import { errorText, say } from "./words.js";
import { gameModule } from "./games/index.js";
import { createReviewRun } from "./review.js";
import { chartFigure, chartTable, turnOf } from "./reviewchart.js";

// the summary's counts, in the order they are said (literal keys: tests/test_i18n.py finds them)
const COUNTS = [
  ["good", (count) => t("review.good", { count })],
  ["inaccuracy", (count) => t("review.inaccuracy", { count })],
  ["mistake", (count) => t("review.mistake", { count })],
  ["blunder", (count) => t("review.blunder", { count })],
];

export function createReviewDialog({ request, store, onMoment }) {
  let dialog = null;
  let opener = null;
  let run = null;
  let record = null;
  let status = "idle"; // running | stopped | failed | done
  let notice = null; // () => the message above the progress or the result (worded when drawn)
  let focus = null; // the player whose mistakes are shown
  let tableShown = false;
  let everyOpen = false; // "Every decision" unfolded: it stays so when the result is drawn again
  let drawnFor = 0; // the window's width when the result was last drawn
  const $ = (sel) => dialog.querySelector(sel);

  function build() {
    dialog = el("div", {
      class: "overlay review", id: "review", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "review-title", "data-testid": "review", hidden: true,
    });
    dialog.append(el("div", { class: "end-card panel-card review-card" },
      el("div", { class: "panel-head review-head" },
        el("h2", { id: "review-title" }),
        el("button", { type: "button", class: "panel-close review-close", "data-testid": "review-close", text: "×", onclick: close })),
      el("p", { class: "review-message", role: "status", "data-testid": "review-message", hidden: true }),
      el("div", { class: "panel-body review-body", "data-testid": "review-body" })));
    dialog.addEventListener("click", (e) => e.target === dialog && close());
    (document.getElementById("app") || document.body).append(dialog);
    onLanguage(() => dialog.hidden || render());
    let frame = 0;
    window.addEventListener("resize", () => {
      if (dialog.hidden || status !== "done" || frame) return;
      // drawn again only for a new width (a phone's toolbar coming and going changes the height)
      frame = requestAnimationFrame(() => { frame = 0; if (window.innerWidth !== drawnFor) render(); });
    });
  }

  // ---------------------------------------------------------------- running

  function onSlice({ restarted }) {
    if (restarted) notice = () => t("review.badItems");
    if (!dialog.hidden && status !== "done") render();
  }

  async function go() {
    status = "running";
    render();
    const mine = run;
    const outcome = await run.go();
    if (run !== mine) return;
    if (outcome.status === "done") status = "done";
    else if (outcome.status === "failed") {
      status = "failed";
      const { error } = outcome;
      notice = () => t("review.failed", { why: errorText(error) }); // the player's words for it, a sentence
    } else status = "stopped";
    render();
  }

  function cancel() {
    run.stop();
    status = "stopped";
    render();
    $("[data-testid=review-resume]")?.focus();
  }

  function resume() {
    notice = null;
    go();
    $("[data-testid=review-cancel]")?.focus(); // Resume itself is hidden while the review runs
  }

  // ---------------------------------------------------------------- drawing

  /** Draw the dialog again; the focus stays on the control that had it (the same one drawn anew),
   *  else goes to the first control of the body (a finished review replaces the progress). */
  function render() {
    const had = dialog.contains(document.activeElement) ? document.activeElement : null;
    const id = had?.dataset.testid;
    draw();
    if (!had || (had.isConnected && had.offsetParent !== null)) return;
    const same = id ? [...dialog.querySelectorAll(`[data-testid="${id}"]`)].find((n) => n.offsetParent !== null) : null;
    const first = [...$(".review-body").querySelectorAll("button, select, summary, [tabindex='0']")].find((n) => n.offsetParent !== null);
    (same || first || $(".review-close")).focus();
  }

  function draw() {
    dialog.dataset.state = status; // running | stopped | failed | done
    dialog.dataset.asking = String(run.running); // a slice is out (Cancel lets it come back)
    $("#review-title").textContent = t("review.title");
    $(".review-close").setAttribute("aria-label", t("review.close"));
    const box = $(".review-message");
    const text = notice?.() || (run.unsaved ? t("review.notKept") : "")
      || (status === "stopped" && run.items.length ? t("review.stopped", { k: run.items.length, n: run.total }) : "");
    box.textContent = text;
    box.hidden = !text;
    if (status === "done") renderResult();
    else renderProgress();
  }

  function renderProgress() {
    const body = $(".review-body");
    const k = run.items.length;
    const n = run.total;
    const label = n === null ? t("review.starting") : t("review.progress", { k, n });
    let bar = body.querySelector("[role=progressbar]");
    if (!bar) {
      body.replaceChildren(
        el("p", { class: "review-intro" }),
        el("div", { class: "review-progress" },
          bar = el("div", { class: "review-bar", role: "progressbar", "aria-valuemin": 0, "data-testid": "review-progress" },
            el("div", { class: "review-fill" })),
          el("span", { class: "review-count", "data-testid": "review-count" })),
        el("div", { class: "review-actions" },
          el("button", { type: "button", "data-testid": "review-cancel", onclick: cancel }),
          el("button", { type: "button", class: "primary", "data-testid": "review-resume", onclick: resume })));
    }
    body.querySelector(".review-intro").textContent = t("review.intro");
    bar.setAttribute("aria-label", t("review.progressLabel"));
    bar.setAttribute("aria-valuemax", String(n ?? 1));
    bar.setAttribute("aria-valuenow", String(k));
    bar.setAttribute("aria-valuetext", label);
    bar.firstChild.style.width = `${n ? (100 * k) / n : 0}%`;
    body.querySelector(".review-count").textContent = label;
    const cancelButton = body.querySelector("[data-testid=review-cancel]");
    const resumeButton = body.querySelector("[data-testid=review-resume]");
    cancelButton.textContent = t("review.cancel");
    resumeButton.textContent = t("review.resume");
    cancelButton.hidden = status !== "running";
    resumeButton.hidden = status === "running";
  }

  function chip(result) {
    const game = gameModule(result.game);
    const map = record.map || result.game;
    return (colour, shape) => game.chip(map, colour, shape);
  }

  function words(result) {
    const game = gameModule(result.game);
    const drawing = game.drawing(record.map || result.game);
    return { players: result.players, names: game.names(drawing) };
  }

  /** The first person at this device, else the first player. */
  function defaultFocus(result) {
    const people = result.players.filter((p) => record.players?.[p.index]?.kind === "human");
    return (people[0] || result.players[0]).index;
  }

  function renderResult() {
    const result = run.result;
    if (focus === null || !result.players.some((p) => p.index === focus)) focus = defaultFocus(result);
    const body = $(".review-body");
    // the details' own state, read before it is replaced: its "toggle" event comes in a later task,
    // and a draw in between (a resize) would otherwise close what the player just opened
    const shown = body.querySelector(".review-every");
    if (shown) everyOpen = shown.open;
    const width = Math.max(260, Math.min(640, body.clientWidth || 600));
    drawnFor = window.innerWidth;
    const toggle = el("button", {
      type: "button", class: "review-toggle", "data-testid": "review-table-toggle", "aria-expanded": String(tableShown),
      text: tableShown ? t("review.hideTable") : t("review.showTable"),
      onclick: () => { tableShown = !tableShown; renderResult(); body.querySelector(".review-toggle").focus(); },
    });
    // shown, it scrolls: reachable by keyboard (a region named by its caption)
    const table = el("div", tableShown ? { class: "review-table-box", tabindex: 0, role: "region", "aria-label": t("review.tableCaption") }
      : { class: "review-table-box visually-hidden" }, chartTable(result));
    const picker = el("select", { id: "review-player", "data-testid": "review-player" },
      ...result.players.map((p) => el("option", { value: p.index, text: p.name, selected: p.index === focus })));
    picker.addEventListener("change", () => {
      focus = Number(picker.value);
      renderResult();
      $("#review-player").focus();
    });
    body.replaceChildren(
      el("h3", { class: "review-chart-title", text: t("review.chartTitle") }),
      chartFigure(result, { chip: chip(result), width, focus }),
      toggle, table,
      el("div", { class: "review-picker" }, el("label", { for: "review-player", text: t("review.player") }), picker),
      summaryLine(result),
      ...mistakes(result),
      everyDecision(result));
  }

  /** Every decision of the chosen player, in order: its turn, its verdict and the points lost. */
  function everyDecision(result) {
    const mine = result.decisions.filter((d) => d.player === focus);
    const cell = (tag, text) => el(tag, { text: String(text) });
    const box = el("details", { class: "review-every", "data-testid": "review-every", open: everyOpen || null },
      el("summary", { "data-testid": "review-every-summary", text: t("review.everyTitle", { count: mine.length }) }),
      el("table", { class: "review-every-table" },
        el("thead", {}, el("tr", {}, cell("th", t("review.colTurn")), cell("th", t("review.colVerdict")), cell("th", t("review.colLoss")))),
        el("tbody", {}, ...mine.map((d) => el("tr", { class: `verdict-${d.verdict}`, "data-index": d.index },
          cell("td", turnOf(d)), cell("td", verdictName(d.verdict)), cell("td", formatNumber(d.loss)))))));
    box.addEventListener("toggle", () => { everyOpen = box.open; });
    return box;
  }

  function summaryLine(result) {
    const s = result.summary.find((x) => x.player === focus);
    const made = s ? COUNTS.reduce((n, [key]) => n + s[key], 0) : 0;
    const text = made ? formatList(COUNTS.filter(([key]) => key === "good" || s[key] > 0).map(([key, word]) => word(s[key])))
      : t("review.noDecisions");
    return el("p", { class: "review-summary", "data-testid": "review-summary", text });
  }

  function mistakes(result) {
    const list = result.mistakes[String(focus)] || [];
    const head = el("h3", { text: t("review.mistakesTitle") });
    if (!list.length) return [head, el("p", { class: "review-none", "data-testid": "review-no-mistakes", text: t("review.noMistakes") })];
    const ctx = words(result);
    return [head, el("ol", { class: "review-mistakes-list", "data-testid": "review-mistakes" }, ...list.map((i, k) => {
      const item = result.decisions[i];
      const why = item.why.length ? t("review.why", { why: say(item.why, ctx) }) : "";
      return el("li", { class: `review-item verdict-${item.verdict}`, "data-testid": "review-mistake", "data-index": i },
        el("span", { class: "review-n", "aria-hidden": "true", text: String(k + 1) }),
        el("div", { class: "review-item-main" },
          el("strong", { text: t("review.mistakeHead", { turn: turnOf(item), count: item.loss, verdict: verdictName(item.verdict) }) }),
          why ? el("div", { class: "review-why", "data-testid": "review-why", text: why }) : null),
        el("button", { type: "button", "data-testid": "review-moment", text: t("review.showMoment"), onclick: () => moment(item) }));
    }))];
  }

  function verdictName(verdict) {
    if (verdict === "blunder") return t("review.verdictBlunder");
    if (verdict === "mistake") return t("review.verdictMistake");
    if (verdict === "inaccuracy") return t("review.verdictInaccuracy");
    return t("review.verdictGood");
  }

  async function moment(item) {
    const shown = record;
    const from = opener;
    // leaving the board's moment comes back here, as the player left it (app.js: the replay's end)
    const back = { focus, tableShown, everyOpen, index: item.index };
    close({ keepFocus: true });
    if (!(await onMoment?.(shown, item, () => open(shown, from, back)))) open(shown, from);
  }

  // ---------------------------------------------------------------- opening and closing

  /** The review of a finished game's record: shown at once if saved, else run (or resumed).
   *  `back` (a mistake's moment left, moment()): the same review as it was, the player picked,
   *  the table and "Every decision" as they were, the focus on that mistake's button. */
  function open(gameRecord, from = null, back = null) {
    if (!dialog) build();
    const same = back && run && record === gameRecord; // its run kept: a game not saved is not reviewed again
    if (!same) {
      run?.stop();
      run = createReviewRun({ request, store, record: gameRecord, onSlice });
    }
    opener = from;
    record = gameRecord;
    notice = null;
    focus = back ? back.focus : null;
    tableShown = back ? back.tableShown : false;
    everyOpen = back ? back.everyOpen : false;
    if (run.saved.dropped && !same) notice = () => t("review.dropped");
    else if (!run.saves) notice = () => (run.saves ? "" : t("review.notSaved")); // until its autosave is found
    // modal: the focus goes in, Tab stays inside, Escape closes (a11y.js)
    const closeButton = $(".review-close");
    openDialog(dialog, { opener: from || document.activeElement, initial: closeButton, closeButton });
    if (run.result) {
      status = "done";
      render();
      const button = back && dialog.querySelector(`[data-testid=review-mistake][data-index="${back.index}"] [data-testid=review-moment]`);
      if (button) {
        button.focus();
        button.scrollIntoView({ block: "nearest" });
      }
    } else if (run.items.length) {
      status = "stopped"; // reviewed in part before: Resume goes on from there
      render();
    } else go();
  }

  function close({ keepFocus = false } = {}) {
    if (!dialog || dialog.hidden) return;
    run?.stop();
    dialog.hidden = true;
    if (!keepFocus) opener?.focus?.();
  }

  return {
    open, close,
    get shown() {
      return Boolean(dialog && !dialog.hidden);
    },
  };
}
