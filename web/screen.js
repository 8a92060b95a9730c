// Drawing the page from the controller's state (controller.js): the #app attributes that CSS
// and the tests read, the board (board.js), the turn card, the scores, the log, the end screen,
// then the keyboard's tab stop (a11y.js) and the guide (tutorial.js).  Nothing here changes the
// state; the controller calls render(state, drawing) after every change.
//
//   import { createScreen, choicesByElement } from "./screen.js";
//   const screen = createScreen({ board, turnCard, logPanel, library, hidden });   // hidden(): forts not revealed yet
//   screen.render(state, {fresh, moves})   // fresh: no animation; moves: effects to animate
//   screen.toast(item, view)               // a toast of the game's words ({kind, seat, text, sub, testid})
//   screen.reflect(state)                  // only the #app attributes (busy, mode)
//   screen.context(state)                  // {players, names} for the words (words.js)
//   screen.logKept(n) / screen.resetLog()  // the first n log lines on screen are still right / none is
//   screen.openMoment(step, marks)         // the replay's step `step` with the moves played and better drawn (moment.js)

import { formatList, t } from "./i18n.js";
import { el } from "./dom.js";
import { dropToasts, keepToastsOff, keepToastsWithin, placeToasts, toast } from "./toasts.js";
import { showsGame } from "./mode.js";
import { say } from "./words.js";
import { foldScores, renderBanner, renderScores } from "./scores.js";
import { winnerName } from "./endscreen.js";
import { loadingDone } from "./loading.js";
import { afterRender } from "./a11y.js";
import { updateTutorial } from "./tutorial.js";
import { createMoment } from "./moment.js";

const $ = (id) => document.getElementById(id);

/** The choices of the decision being composed, by the element of the board they are tapped on. */
export function choicesByElement(state) {
  const map = new Map();
  if (state.mode !== "choosing" || !state.opts) return map;
  for (const c of state.opts.choices) {
    if (!map.has(c.element)) map.set(c.element, []);
    map.get(c.element).push(c);
  }
  return map;
}

/** The boxes of the board's legal targets, as a toast must leave them free: a small target
 * whole, a large one (a county) at its middle, where a finger taps it. */
function targetBoxes(svg) {
  // on the new-game screen the board is a picture: nothing on it to keep clear
  if (!svg || document.getElementById("app")?.dataset.screen !== "game") return [];
  // what the player may tap, and what the move being composed (or the hint) has put on the board:
  // the pieces it placed, the element chosen, the counties it changes
  const marked = ".legal:not(.road), .pending, .selected, .county.changed";
  const boxes = [...svg.querySelectorAll(marked)].map((n) => {
    const r = n.getBoundingClientRect();
    if (r.width < 60 && r.height < 60) return r;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return { left: x - 15, right: x + 15, top: y - 15, bottom: y + 15 };
  });
  // a game's supply on the board (Hibernia's box): whole, it says what the move leaves
  for (const n of svg.querySelectorAll("g.supply")) boxes.push(n.getBoundingClientRect());
  return boxes;
}

/** Inside a track that runs round the board's edge (Hibernia's spaces, .track-space), as far as
 * the board shows it: where toasts stand, so that they never cover the track; null without one. */
function insideTrack(svg) {
  if (!svg || document.getElementById("app")?.dataset.screen !== "game") return null;
  const spaces = [...svg.querySelectorAll(".track-space")].map((n) => n.getBoundingClientRect()).filter((r) => r.width);
  if (!spaces.length) return null;
  const outer = {
    left: Math.min(...spaces.map((r) => r.left)), right: Math.max(...spaces.map((r) => r.right)),
    top: Math.min(...spaces.map((r) => r.top)), bottom: Math.max(...spaces.map((r) => r.bottom)),
  };
  // each side's band: the spaces along that edge of the track
  const band = (near, far) => { const row = spaces.filter(near); return row.length ? far(row) : null; };
  const board = svg.getBoundingClientRect();
  const left = band((r) => r.left < outer.left + 2, (row) => Math.max(...row.map((r) => r.right))) ?? outer.left;
  const right = band((r) => r.right > outer.right - 2, (row) => Math.min(...row.map((r) => r.left))) ?? outer.right;
  const top = band((r) => r.top < outer.top + 2, (row) => Math.max(...row.map((r) => r.bottom))) ?? outer.top;
  const bottom = band((r) => r.bottom > outer.bottom - 2, (row) => Math.min(...row.map((r) => r.top))) ?? outer.bottom;
  return {
    left: Math.max(left, board.left), right: Math.min(right, board.right),
    top: Math.max(top, board.top), bottom: Math.min(bottom, board.bottom),
  };
}

/** The view on the board: the live game's, or the replay's past one. */
export function shownView(state) {
  return state.mode === "replay" ? state.replay.view : state.view;
}

export function createScreen({ board, turnCard, logPanel, library, hidden = () => null }) {
  let logSame = 0; // how many log lines on screen are still right
  let wasGame = false;
  let turnOf = null; // whose turn the toasts on screen belong to
  const moment = createMoment(); // a mistake's moment: its marks while the replay shows its step
  keepToastsOff(() => targetBoxes(board.svg));
  keepToastsWithin(() => insideTrack(board.svg));
  foldScores($("players"));

  function reflect(state) {
    const app = $("app");
    const v = state.view;
    app.dataset.mode = state.mode;
    app.dataset.screen = state.mode === "setup" || (state.mode === "loading" && !v) ? "setup" : "game";
    app.classList.toggle("busy", Boolean(state.busy));
    // another tab plays this game (tabs.js): the position is shown, with the offer to continue here
    const away = Boolean(state.readOnly && v);
    app.classList.toggle("read-only", away);
    $("elsewhere").hidden = !away;
    if (!away) delete $("elsewhere").dataset.handed; // a link handed to another tab: said while read-only only
    $("hint").disabled = Boolean(state.busy) || away;
    for (const b of document.querySelectorAll("#actions button")) b.toggleAttribute("aria-busy", Boolean(state.busy));
    app.classList.toggle("replaying", state.mode === "replay");
    app.classList.toggle("log-open", Boolean(state.logOpen));
    const logButton = $("log-button");
    if (logButton) logButton.setAttribute("aria-expanded", String(Boolean(state.logOpen)));
    if (v) {
      app.dataset.step = String(v.step);
      app.dataset.phase = v.phase;
      app.dataset.current = String(v.current);
      app.dataset.over = String(v.over);
    }
    if (state.mode === "replay") app.dataset.replayStep = String(state.replay.at);
    else delete app.dataset.replayStep;
  }

  function context(state, view = shownView(state)) {
    return { players: view ? view.players : [], names: board.names() };
  }

  // What the turn card shows (turncard.js)
  function model(state) {
    const view = shownView(state);
    const choosing = state.mode === "choosing";
    const ctx = context(state, view);
    const last = view && view.log.length ? view.log[view.log.length - 1] : null;
    return {
      mode: state.mode, view, game: board.game, ctx, busy: state.busy, result: state.result,
      opts: choosing ? state.opts : null, partial: choosing ? state.partial : [],
      alternatives: choosing && state.alt ? state.alt.choices : [],
      preview: choosing && state.partial.length && state.opts ? state.opts.preview : null,
      thenRoll: choosing ? view.then_roll || null : null,
      capture: choosing && state.opts ? board.game.words.capturePreview(state.opts, ctx) : "",
      hintAvailable: Boolean(state.info && state.info.computer_levels.includes("hard")),
      replayPrompt: state.mode !== "replay" ? "" : state.replay.at === 0 ? t("replay.atStart")
        : last ? say(last.parts, ctx) : t("replay.position", { at: state.replay.at, total: state.replay.total }),
    };
  }

  function render(state, { fresh = false, moves = null } = {}) {
    reflect(state);
    const mode = state.mode;
    const view = shownView(state);
    const gameOn = showsGame(mode) || (mode === "loading" && Boolean(view));
    $("setup").hidden = gameOn || (mode === "loading" && library.resumable() !== null);
    $("play").hidden = !gameOn;
    if (mode !== "loading") loadingDone();
    const endShown = mode === "over" && state.result === "shown";
    if ($("end-screen").hidden === endShown) $("end-screen").hidden = !endShown;
    const isGame = $("app").dataset.screen === "game";
    if (isGame !== wasGame) board.zoom.home(); // the game's first view of its board, or the picture whole
    if (isGame && !wasGame) window.scrollTo(0, 0); // the turn banner in sight, whatever the new-game screen scrolled
    wasGame = isGame;
    if (!view) {
      $("turn-banner").replaceChildren();
      updateTutorial({ view: null });
      return;
    }
    // a new turn: the toasts of the one before go (the hint's words, the others' captures: the
    // log keeps them); the toasts of what just happened come after this drawing
    const turn = view.over ? "over" : view.current;
    if (turn !== turnOf) dropToasts();
    turnOf = turn;
    const m = model(state);
    const game = board.game;
    const human = (mode === "choosing" || mode === "awaiting_roll") && !state.readOnly; // someone to play here
    if (mode !== "replay") moment.close(); // the replay closed: a moment's marks go with it
    const marks = mode === "replay" ? moment.at(state.replay.at) : null;
    moment.legend(document.querySelector("[data-testid=replay-bar]"), marks);
    board.set({
      position: view.position, players: view.players, preview: m.preview, choices: state.readOnly ? new Map() : choicesByElement(state),
      selected: null, lastMove: view.last_move, moves, fresh, viewOnly: mode !== "choosing" || state.readOnly,
      recent: human ? state.recent.list : [], status: view.fort_status || null,
      hidden: mode === "over" ? hidden() : null, inspected: state.inspect, marks,
      describe: (list) => formatList(list.map((c) => game.words.choiceLabel(c, m.ctx)), "disjunction"),
    });
    renderCard(state, view, m.ctx);
    renderBanner($("turn-banner"), { view, game, winner: winnerName(view) });
    turnCard.render(m);
    if (state.readOnly) for (const b of $("actions").querySelectorAll("button:not(#show-result)")) b.disabled = true;
    renderScores($("players"), {
      view, game, position: game.panel.shownPosition(view.position, m.preview), current: view.over ? null : view.current,
    });
    $("forts-left").textContent = game.panel.panelNote(view);
    // the replay shows the whole log, the lines after its step dimmed (a move list: any turn can be tapped)
    const lines = mode === "replay" ? state.log : view.log;
    logPanel.show(lines, logSame, m.ctx, {
      at: mode === "replay" ? state.replay.at : null, chip: (p) => game.chip(view.map, p.colour, p.shape),
    });
    logSame = lines.length;
    afterRender();
    placeToasts(); // off the targets as they are now
    updateTutorial({
      view, opts: m.opts, partial: m.partial, human,
      coach: game.coach || null, // a game's own guide (web/games/<id>/coach.js); else Cambria's below
    });
  }

  // the card of what the player tapped on the board (a fort): at the edge away from it
  function renderCard(state, view, ctx) {
    const card = $("board-card");
    const what = state.inspect;
    const game = board.game;
    if (!what || !game.panel.fortCard || what.kind !== "fort") {
      card.hidden = true;
      card.replaceChildren();
      return;
    }
    const node = board.svg.querySelector(`.fort[data-fort="${what.fort}"]`);
    const top = node ? node.getBoundingClientRect().top : 0;
    const area = $("board-area").getBoundingClientRect();
    card.dataset.edge = top < area.top + area.height / 2 ? "bottom" : "top";
    card.dataset.fort = String(what.fort);
    card.replaceChildren(...game.panel.fortCard({
      view, fort: what.fort, ctx, chip: (colour, shape) => game.chip(view.map, colour, shape),
      close: () => $("board-card").dispatchEvent(new CustomEvent("close", { bubbles: true })),
    }));
    card.hidden = false;
  }

  function showToast(item, view) {
    const p = view.players.find((q) => q.index === item.seat);
    toast([
      p ? board.game.chip(view.map, p.colour, p.shape) : null,
      el("span", { "data-testid": item.testid || null, text: item.text }),
      ...(item.sub ? [" ", el("span", { class: "toast-sub", text: item.sub })] : []),
    ].filter(Boolean), item.kind);
  }

  return {
    render, reflect, context, toast: showToast, openMoment: moment.open,
    logKept(n) {
      logSame = Math.min(logSame, n);
    },
    resetLog() {
      logPanel.reset();
      logSame = 0;
    },
  };
}
