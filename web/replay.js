// Replay: step backwards and forwards through the history of the game on the board (finished
// or running), with the board and the log as they were after each step.
//
//   import { createReplay } from "./replay.js";
//   const replay = createReplay({
//     request,                 // "view_at" {upto} -> {view, total, upto}, or null if it failed (and was shown)
//     show,                    // (view, {at, total, jump}) => void: draw a past position, read-only
//     resume,                  // () => void: leave the replay, back to the live game
//     host,                    // the element the replay bar goes into (first child)
//   });
//   replay.start(liveView, at) // the bar appears; the board at step `at` (default: the current one)
//   replay.active              // true while replaying (the page takes no moves then)
//
// Nothing changes in the game: the engine rebuilds the position after N steps from the record.

import { t } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";
// [path, filled?]: bar-and-triangle for the ends, chevrons for one step, a round play button
const ICONS = {
  start: ["M6 5v14M18 5 9 12l9 7z", true],
  back: ["M15 5l-7 7 7 7", false],
  forward: ["M9 5l7 7-7 7", false],
  end: ["M18 5v14M6 5l9 7-9 7z", true],
  play: ["M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 1 0 0-19zM10 8v8l6-4z", true],
  pause: ["M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 1 0 0-19zM9.5 8v8M14.5 8v8", false],
};

function icon(name) {
  const [d, filled] = ICONS[name];
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", filled ? "filled" : "line");
  const path = document.createElementNS(SVGNS, "path");
  path.setAttribute("d", d);
  svg.append(path);
  return svg;
}

function button(name, label, onclick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `replay-${name}`;
  b.dataset.testid = `replay-${name}`;
  b.setAttribute("aria-label", label);
  b.title = label;
  b.append(icon(name));
  b.addEventListener("click", onclick);
  return b;
}

export function createReplay({ request, show, resume, host }) {
  let at = 0;
  let total = 0;
  let active = false;
  let over = false;
  let seq = 0;
  let timer = null;
  let bar = null;

  function build() {
    bar = document.createElement("div");
    bar.className = "card replay-bar";
    bar.dataset.testid = "replay-bar";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", t("replay.label"));
    bar.dataset.i18nAriaLabel = "replay.label";
    bar.hidden = true;
    const title = document.createElement("div");
    title.className = "replay-title";
    const label = document.createElement("strong");
    label.textContent = t("replay.label");
    label.dataset.i18n = "replay.label";
    const position = document.createElement("output");
    position.className = "replay-position";
    position.dataset.testid = "replay-position";
    position.setAttribute("aria-live", "polite");
    title.append(label, position);
    const row = document.createElement("div");
    row.className = "replay-row";
    row.append(
      button("start", t("replay.start"), () => go(0)),
      button("back", t("replay.back"), () => go(at - 1)),
      button("play", t("replay.play"), toggleAutoplay),
      button("forward", t("replay.forward"), () => go(at + 1)),
      button("end", t("replay.end"), () => go(total)),
    );
    const slider = document.createElement("input");
    slider.type = "range";
    slider.min = "0";
    slider.className = "replay-slider";
    slider.dataset.testid = "replay-slider";
    slider.setAttribute("aria-label", t("replay.step"));
    slider.dataset.i18nAriaLabel = "replay.step";
    slider.addEventListener("input", () => go(Number(slider.value), { fromSlider: true }));
    const exit = document.createElement("button");
    exit.type = "button";
    exit.className = "primary replay-exit";
    exit.dataset.testid = "replay-exit";
    exit.addEventListener("click", () => stop());
    bar.append(title, row, slider, exit);
    host.prepend(bar);
    document.addEventListener("keydown", (e) => {
      if (!active || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target.closest && e.target.closest("input, select, textarea, [role=dialog]:not([hidden])") && e.target !== slider) return;
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total };
      if (e.key in moves && e.target !== slider) {
        e.preventDefault();
        go(moves[e.key]);
      }
    });
  }

  function paint() {
    const slider = bar.querySelector(".replay-slider");
    slider.max = String(total);
    slider.value = String(at);
    bar.querySelector(".replay-position").textContent = t("replay.position", { at, total });
    bar.querySelector(".replay-start").disabled = at <= 0;
    bar.querySelector(".replay-back").disabled = at <= 0;
    bar.querySelector(".replay-forward").disabled = at >= total;
    bar.querySelector(".replay-end").disabled = at >= total;
    const play = bar.querySelector(".replay-play");
    play.replaceChildren(icon(timer ? "pause" : "play"));
    play.setAttribute("aria-label", timer ? t("replay.pause") : t("replay.play"));
    play.title = play.getAttribute("aria-label");
    play.disabled = at >= total && !timer;
  }

  async function go(n, { fromSlider = false } = {}) {
    if (!active) return;
    n = Math.max(0, Math.min(total, n));
    if (n === at && !fromSlider) return;
    const jump = Math.abs(n - at) > 1;
    const mine = ++seq;
    const res = await request("view_at", { upto: n });
    if (!res) {
      stopAutoplay(); // the page said what went wrong
      return;
    }
    if (mine !== seq || !active) return; // a later request (slider drag) wins
    at = res.upto;
    total = res.total;
    show(res.view, { at, total, jump });
    paint();
    if (at >= total) stopAutoplay();
  }

  function toggleAutoplay() {
    if (timer) {
      stopAutoplay();
      return;
    }
    if (at >= total) return;
    timer = setInterval(() => {
      if (at >= total) stopAutoplay();
      else go(at + 1).catch(() => stopAutoplay());
    }, 900);
    paint();
  }

  function stopAutoplay() {
    if (timer) clearInterval(timer);
    timer = null;
    if (bar) paint();
  }

  /** Start replaying the game whose live view is `view`, at step `from` (its latest by default). */
  function start(view, from = view.step) {
    if (!bar) build();
    active = true;
    at = total = view.step;
    over = view.over;
    bar.querySelector(".replay-exit").textContent = over ? t("replay.close") : t("replay.backToGame");
    bar.hidden = false;
    document.getElementById("app")?.classList.add("replaying");
    paint();
    const focus = () => {
      // Back is disabled at the start (step 0): the focus goes to Forward then, not to the page
      const back = bar.querySelector(".replay-back");
      (back.disabled ? bar.querySelector(".replay-forward") || back : back).focus();
    };
    focus();
    if (from !== at) go(from).then(() => { if (active && !bar.contains(document.activeElement)) focus(); });
  }

  /** Leave the replay; `silent` when the page leaves the game anyway. */
  function stop({ silent = false } = {}) {
    if (!active) return;
    active = false;
    seq++;
    stopAutoplay();
    bar.hidden = true;
    document.getElementById("app")?.classList.remove("replaying");
    if (!silent) resume();
  }

  /** Words again in the current language (after a language switch). */
  function relabel() {
    if (!bar) return;
    const labels = { start: t("replay.start"), back: t("replay.back"), forward: t("replay.forward"), end: t("replay.end") };
    for (const [name, label] of Object.entries(labels)) {
      const b = bar.querySelector(`.replay-${name}`);
      b.setAttribute("aria-label", label);
      b.title = label;
    }
    bar.querySelector(".replay-exit").textContent = over ? t("replay.close") : t("replay.backToGame");
    paint();
  }

  return {
    start, stop, go, relabel,
    get active() {
      return active;
    },
    get at() {
      return at;
    },
  };
}
