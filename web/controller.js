// The controller: the page's state in one object, the one UI mode (mode.js), and what each
// tap, key and answer of the engine does to it.  It decides no rule: every choice comes from
// the engine's turn builder, every position from its views; it keeps the player's unconfirmed
// choices (`partial`) until Confirm, the log the engine sends as deltas, and asks the engine.
//
//   const controller = createController({ engine, board, turnCard, logPanel, setup, library, replayHost, remote, onView });
//   controller.boot()                 // once: the engine's info, then a game link or the game that was on the board
//   controller.tap(element) / pick(token) / undo() / hint() / confirm() / roll() / escape()
//   controller.inspect(what) / toggleLog()    // a fort's card on the board; the log over the board
//   controller.startGame(payload) / rematch() / enter(view, partial, {readOnly}) / toSetup() / startReplay(at?) / showTurn(at)
//   controller.openReplayAt(step, {played, better}, {onLeave})   // a mistake's moment: the replay there, both moves drawn (moment.js); onLeave: the replay left
//   controller.showResult() / hideResult() / retranslate() / restarted({ready}) / readOnly(true)
//   controller.state                  // read-only: {mode, view, log, opts, partial, alt, result, replay, busy, ...}
//
// What nobody needs to tap happens by itself: a roll that asks nothing of anyone (view.roll.auto:
// Cambria's neutral die; a remote game's roll this device answers for another), a turn whose only
// choice is to pass (with a notice), a decision the engine took whole by itself (Cambria's neutral
// with one road; with a notice), and Roll confirms the decision it follows (view.then_roll).
// A game played by link (remote/play.js) is saved there, and waits in mode "remote" for others.
// A request returns null when it failed; the failure was shown (by code, web/words.js) or, for a
// step the page was behind on (stale_step), the view is fetched again quietly.  When the engine
// had to be restarted (engine.js) the game comes back from its autosave (startup.js).  The end's claims are
// revealed one by one (reveal.js).

import { t } from "./i18n.js";
import { say } from "./words.js";
import { checkTransition, modeOf, showsGame } from "./mode.js";
import { gameModule } from "./games/index.js";
import { clearError, showError } from "./errors.js";
import { notify } from "./toasts.js";
import { fillEndScreen } from "./endscreen.js";
import { createScheduler } from "./computer.js";
import { computerPause, revealStep } from "./pace.js";
import { createReveal } from "./reveal.js";
import { createReplay } from "./replay.js";
import { createStartup } from "./startup.js";
import { choicesByElement, createScreen, shownView } from "./screen.js";
import { choiceBase, undoTo } from "./partial.js";
import { lastTurnStart } from "./log.js";

const $ = (id) => document.getElementById(id);
const HINT_MS = 4500; // the hint's reason is a sentence: a toast's usual moment is too short to read it
export function createController({ engine, board, turnCard, logPanel, setup, library, replayHost, onBooted, remote = null, onView = null }) {
  const state = {
    mode: "loading",
    info: null, // the engine's info, once it is up
    view: null, // the live game's latest view, with the whole log in `log`
    log: [], // the live game's log lines (the engine sends the new ones with each view)
    opts: null, // choosing: the turn builder's answer for `partial`
    partial: [], // choosing: the steps of the decision chosen so far (not played yet)
    alt: null, // choosing: one tap meant the first of an element's choices; {base, choices}: the others
    result: null, // over: "pending" (shown after the last animation), "shown", "hidden", or null
    replay: null, // replay: {view, at, total}
    busy: null, // the request the page waits for, or null
    readOnly: false, // another tab plays this game: the board shows it, no tap is taken, no computer moves
    recent: { seat: null, list: [] }, // the others' decisions since this seat's last one, kept through its turn
    inspect: null, // the thing on the board the player asked about ({kind: "fort", fort}), or null
    logOpen: false, // the log shown over the board (phones)
  };
  let returnTo = null; // while replaying: {result: the end screen was shown, onLeave} (startReplay)

  const screen = createScreen({ board, turnCard, logPanel, library, hidden: () => reveal.hidden });
  const scheduler = createScheduler({ run: computerMove, delay: computerPause });
  const reveal = createReveal({ step: revealStep, show: revealClaim, done: revealed });
  const startup = createStartup({
    engine, ask, go, setup, library, remote, state, toSetup, onBooted,
    stopMoves: () => { scheduler.cancel(); replay.stop({ silent: true }); },
  });
  const replay = createReplay({
    request: (type, payload) => ask(type, { ...payload, log_from: linesUpTo(payload.upto) }),
    show: showPast, resume: leaveReplay, host: replayHost,
  });

  // ---------------------------------------------------------------- the engine

  async function ask(type, payload = {}) {
    state.busy = type;
    reflect();
    let result;
    try {
      result = await engine.request(type, payload);
    } catch (err) {
      state.busy = null;
      if (shown() && state.mode !== "loading") render(); // the controls come back as they were
      failed(err);
      return null;
    }
    state.busy = null;
    reflect();
    return result;
  }

  function failed(err) {
    const code = err && err.code;
    if (code === "restarted" || code === "timeout") return; // restarted() tells the player
    if (code === "stale_step") {
      refresh(); // the page was behind: the engine's view, no message
      return;
    }
    showError(err);
  }

  /** A payload for a request about the live game: the step the page shows, the log lines it has. */
  function live(payload = {}) {
    return { ...payload, step: state.view.step, log_from: state.log.length };
  }

  const linesUpTo = (step) => state.log.filter((line) => line.step <= step).length; // lines come in step order

  async function refresh() {
    if (!state.view) return;
    try {
      applyView(await engine.request("view", { log_from: state.log.length }), [], { fresh: true });
    } catch (err) {
      failed(err);
    }
  }

  // ---------------------------------------------------------------- modes and drawing

  function go(mode, drawing = {}) {
    checkTransition(state.mode, mode);
    state.mode = mode;
    render(drawing);
  }

  const blocked = () => Boolean(state.busy) || state.readOnly; // no tap taken now
  const render = (drawing) => screen.render(state, drawing);
  const reflect = () => screen.reflect(state);
  const shown = () => shownView(state);
  const context = (view) => screen.context(state, view);

  // ---------------------------------------------------------------- views from the engine

  function applyView(view, events = [], { fresh = false } = {}) {
    const from = Math.max(0, Math.min(Number(view.log_from) || 0, state.log.length));
    state.log = state.log.slice(0, from).concat(view.log);
    screen.logKept(from);
    const { log_from: _from, ...rest } = view; // the whole log is here now
    state.view = { ...rest, log: state.log };
    state.opts = view.options;
    state.partial = view.options && view.options.partial ? view.options.partial.slice() : [];
    state.alt = null;
    keepRecent(state.view);
    const mode = modeOf(view);
    const game = board.game;
    const claims = mode === "over" && events.some((e) => e.type === "game_over") ? game.words.finalClaims(events) : [];
    if (mode !== "over") state.result = null;
    else if (events.some((e) => e.type === "game_over")) state.result = "pending";
    reveal.stop();
    if (claims.length) reveal.start(claims); // before drawing: the claims show one by one
    go(mode, { fresh, moves: events });
    board.play(events.filter((e) => !(e.type === "capture" && e.final)));
    for (const item of game.words.toasts(events, context(state.view))) showToast(item);
    if (state.result === "pending" && !claims.length) revealed();
    if (mode === "choosing") library.choices(view.step, state.partial); // the steps the engine took by itself are saved with it
    (view.remote && remote ? remote : library).saved(state.view); // a game played by link: this device's copy
    remote?.update(["remote", "over"].includes(mode) ? state.view : null);
    onView?.(state.view, events, { readOnly: state.readOnly, fresh }); // the page's other listeners (sound, the pass screen, statistics)
    if (state.readOnly) return; // the tab that plays the game moves on, not this one
    if (mode === "computer") scheduler.schedule(view.step);
    else if (mode === "awaiting_roll" && ((view.roll && view.roll.auto) || remote?.answersRoll(view))) roll(); // nobody needs to tap for it
    else if (mode === "choosing" && game.words.onlyPass(state.opts, state.partial)) passAlone();
    else if (mode === "choosing" && game.words.forcedWhole?.(state.opts, state.partial)) playForced();
  }

  const showToast = (item) => screen.toast(item, state.view);

  // The others' moves since this seat's last decision stay marked through its whole turn (the
  // engine counts from the seat's latest decision, which the turn's first step already is).
  function keepRecent(view) {
    const seat = view.actor;
    if (seat === null || seat === undefined || view.over) state.recent = { seat: null, list: [] };
    else if (seat !== state.recent.seat || (view.recent || []).length) state.recent = { seat, list: view.recent || [] };
  }

  // ---------------------------------------------------------------- the end, fort by fort

  function revealClaim(claim) {
    if (state.mode !== "over") return;
    render();
    board.play([claim]);
    for (const item of board.game.words.toasts([claim], context(state.view), { claims: true })) showToast(item);
  }

  function revealed() {
    setTimeout(() => state.mode === "over" && state.result === "pending" && showResult(), revealStep() + 300);
  }

  /** The table cleared of the game that was on it (its moves, replay, log, result, card). */
  function clearTable() {
    scheduler.cancel();
    reveal.stop();
    replay.stop({ silent: true });
    returnTo = null;
    Object.assign(state, { recent: { seat: null, list: [] }, inspect: null, log: [], result: null });
    screen.resetLog();
  }

  function enter(view, events = [], { readOnly = false } = {}) {
    state.readOnly = readOnly;
    clearTable();
    board.show(gameModule(view.game), view.map);
    board.clear();
    // a game by link enters again with each friend's steps: those are news (sounds, the cue)
    applyView(view, events, { fresh: !events.length });
  }

  // ---------------------------------------------------------------- a person's turn

  // One tap, one choice: where a road allows two moves (a warrior, or the legion), the tap takes
  // the engine's first and the turn card offers the other as a button ("instead").
  async function tap(element) {
    state.inspect = null;
    if (state.mode !== "choosing" || blocked()) return;
    const list = choicesByElement(state).get(element);
    if (!list) return;
    const base = choiceBase(state.partial, state.opts);
    if (!(await showChoices([...base, list[0].token])) || list.length < 2) return;
    state.alt = { base, choices: list.slice(1) };
    render();
  }

  async function pickInstead(token) {
    if (state.mode !== "choosing" || blocked() || !state.alt) return;
    await showChoices([...state.alt.base, token]);
  }

  function miss() {
    if (state.inspect) {
      state.inspect = null;
      render();
    }
  }

  /** A tap on a fort (or the like): its card on the board; the same again closes it. */
  function inspect(what) {
    const same = state.inspect && JSON.stringify(state.inspect) === JSON.stringify(what);
    state.inspect = same || !shown() ? null : what;
    render();
  }

  function toggleLog(open = !state.logOpen) {
    state.logOpen = Boolean(open);
    render();
  }

  // Ask the engine for the choices that follow `partial` and show them; false if it refused.
  async function showChoices(partial) {
    const view = state.view;
    const step = view.step;
    const opts = await ask("options", { partial, step });
    if (!opts || !still("choosing", view)) return false;
    state.partial = (opts.partial || partial).slice(); // with any steps the engine took by itself
    state.opts = opts;
    state.alt = null;
    library.choices(step, state.partial);
    go("choosing", { moves: opts.preview ? opts.preview.effects : null });
    return true;
  }

  async function pick(token) {
    if (state.mode !== "choosing" || blocked()) return;
    clearError();
    await showChoices([...choiceBase(state.partial, state.opts), token]);
  }

  // Undo takes back the player's last tap (partial.js: a proposed step goes with it)
  async function undo() {
    if (state.mode !== "choosing" || blocked()) return;
    const left = undoTo(state.partial, state.opts);
    if (left) await showChoices(left);
  }

  // A hint is the Hard level's choice, laid out on the board as if the player had chosen it.
  async function hint() {
    if (state.mode !== "choosing" || blocked()) return;
    clearError();
    const view = state.view;
    const res = await ask("hint", { level: "hard", step: view.step });
    // with the one reason the engine found for it (cambria/ai/explain.py), long enough to read
    const words = res && res.why ? t("hint.why", { why: say(res.why, context(view)) }) : t("hint.shown");
    // the answer to the tap: before any toast still waiting from the turn (a capture's)
    if (res && (await showChoices(res.steps))) notify(words, { ms: HINT_MS, now: true });
  }

  /** Still in `mode` with the same view (no other answer, game or screen came in meanwhile). */
  function still(mode, view) {
    return state.mode === mode && state.view === view;
  }

  async function confirm() {
    if (state.mode !== "choosing" || blocked() || !state.opts || !state.opts.complete) return;
    clearError();
    const view = state.view;
    const [action, then] = state.opts.actions || [state.opts.action]; // a turn of two decisions: one Confirm
    const res = await ask("play", live(then ? { action, then } : { action }));
    if (res && still("choosing", view)) applyView(res.view, res.events);
  }

  // The only choice is to pass: the page passes, and says so.
  async function passAlone() {
    const view = state.view;
    notify(board.game.words.passNotice(view, context(view)));
    await pick(state.opts.choices[0].token);
    if (still("choosing", view)) await confirm();
  }

  // The engine took the whole decision by itself (one legal move): the page plays it, and says so.
  async function playForced() {
    const notice = board.game.words.forcedNotice(state.opts, context(state.view));
    if (notice) notify(notice);
    await confirm();
  }

  async function roll() {
    if (state.mode === "choosing" && state.view.then_roll) {
      // Roll also confirms the decision it follows (Undo took it back until now)
      if (blocked() || !state.opts || !state.opts.complete) return;
      const view = state.view;
      await confirm();
      if (state.view === view || state.mode !== "awaiting_roll") return;
    }
    if (state.mode !== "awaiting_roll" || blocked()) return;
    clearError();
    const view = state.view;
    const spin = turnCard.spin(view.roll ? view.roll.dice : 2);
    const res = await ask("roll", live());
    await spin.stop(res ? res.rolled.dice : null);
    if (!still("awaiting_roll", view)) return;
    if (res) applyView(res.view, res.events);
    else render();
  }

  // The choices of a move that was being composed when the page was left: the same again.
  async function restoreChoices(partial) {
    if (!partial || !partial.length || state.mode !== "choosing") return;
    try {
      const opts = await engine.request("options", { partial, step: state.view.step });
      state.partial = (opts.partial || partial).slice();
      state.opts = opts;
      render({ fresh: true });
    } catch {
      // they no longer fit: the move starts afresh
    }
  }

  // ---------------------------------------------------------------- computer seats

  async function computerMove(step) {
    if (state.mode !== "computer" || state.view.step !== step || state.readOnly) return;
    if (state.busy) {
      scheduler.schedule(step); // after the answer the page waits for
      return;
    }
    const view = state.view;
    const spin = view.chance ? turnCard.spin(view.roll ? view.roll.dice : 2) : null;
    const res = await ask("computer", live());
    if (spin) await spin.stop(res && res.rolled ? res.rolled.dice : null);
    if (!still("computer", view)) return;
    if (!res) {
      render(); // the error is shown; the dice as they were
      return;
    }
    applyView(res.view, res.events);
  }

  // ---------------------------------------------------------------- games on and off the board

  async function startGame(payload, from = "setup") { // or from the end: a rematch, the view's `settings` as they are
    if (state.mode !== from || state.busy || !payload) return;
    clearError();
    if (remote?.isRemote(payload)) return remote.create(payload, (busy) => { state.busy = busy; reflect(); }); // by link
    remote?.left();
    const res = await ask("new_game", payload);
    if (!res || state.mode !== from) return;
    library.started(res.view);
    enter(res.view, res.events);
  }

  function toSetup() {
    clearTable();
    state.logOpen = false;
    state.view = null;
    board.clear();
    board.show(gameModule(setup.game ? setup.game() : "cambria"), setup.map());
    go("setup");
    library.left();
  }

  function showResult() {
    if (state.mode !== "over" || !state.view.result) return;
    fillEndScreen({ view: state.view, game: board.game, ctx: context(state.view) });
    state.result = "shown";
    render();
    $("end-new").focus();
  }

  function hideResult() {
    if (state.mode !== "over" || state.result !== "shown") return;
    state.result = "hidden";
    render();
  }

  // ---------------------------------------------------------------- replay

  // The replay opens at `from`, or at the start of the last turn of the person at the screen (the
  // seat whose turn it is, else the last person who played: log.js lastTurnStart). Leaving it
  // returns where the player came from: the end screen if it was shown, and `onLeave` (a
  // mistake's moment opened from the review: the review again).
  function startReplay(from = null, { onLeave = null } = {}) {
    if (!state.view || !showsGame(state.mode) || state.mode === "replay") {
      if (state.mode !== "replay") showError({ i18n: t("replay.noGame") });
      return;
    }
    if (state.busy) return; // a request is out (a computer thinking): its answer comes first
    scheduler.cancel();
    reveal.stop();
    returnTo = { result: state.result === "shown", onLeave };
    if (state.result) state.result = "hidden"; // "Show the result" brings it back afterwards
    state.replay = { view: state.view, at: state.view.step, total: state.view.step };
    replay.start(state.view, Number.isInteger(from) ? from : lastTurnStart(state.view, state.log));
    go("replay");
  }

  /** A turn tapped in the log: the board at its start (the log over the board on a phone closes). */
  function showTurn(step, { onLeave = null } = {}) {
    state.logOpen = false;
    if (state.mode === "replay") {
      if (onLeave && returnTo) returnTo.onLeave = onLeave;
      render();
      replay.go(step);
    } else startReplay(step, { onLeave });
  }

  function showPast(view, { at, total, jump }) {
    if (state.mode !== "replay") return;
    const from = Math.max(0, Math.min(Number(view.log_from) || 0, state.log.length));
    const { log_from: _from, ...rest } = view;
    state.replay = { view: { ...rest, log: state.log.slice(0, from).concat(view.log) }, at, total };
    go("replay", { fresh: jump });
  }

  async function leaveReplay() {
    const back = returnTo;
    returnTo = null;
    const view = await ask("view", live());
    if (!view) return;
    applyView(view, [], { fresh: true });
    if (back?.result) showResult();
    if (!back?.onLeave) return;
    // after the end screen's own dialog opens (a11y.js: a mutation observer, a microtask queued
    // by showResult), so that what onLeave opens over it is the dialog on top, with the focus
    await null;
    back.onLeave();
  }

  return {
    boot: startup.boot, restarted: startup.restarted, tap, miss, pick, pickInstead, undo, hint, confirm, roll, startGame, toSetup, startReplay, showTurn, showResult, hideResult,
    inspect, toggleLog, rematch: () => startGame(state.view?.settings, "over"),
    openReplayAt(step, marks, { onLeave = null } = {}) { // the marks go when the replay moves on or closes, or if it could not open
      screen.openMoment(step, marks);
      showTurn(step, { onLeave });
      if (state.mode !== "replay") screen.openMoment(null);
    },
    async enter(view, partial, { readOnly = false, events = [] } = {}) {
      if (!view.remote) remote?.left(); // a local game: the remote one is no longer on the board
      enter(view, events, { readOnly });
      await restoreChoices(partial);
    },
    readOnly(on) { // another tab plays the game (tabs.js): it is shown, no tap is taken, nobody moves
      state.readOnly = Boolean(on);
      if (on) scheduler.cancel();
      if (shown()) render();
    },
    escape() {
      if (state.logOpen) toggleLog(false);
      miss();
    },
    retranslate() {
      replay.relabel();
      if (!shown()) return;
      screen.resetLog();
      if (state.mode === "over" && state.result === "shown") fillEndScreen({ view: state.view, game: board.game, ctx: context(state.view) });
      render();
    },
    /** Ask the engine on the side (tests, the console): no busy state, no error shown. */
    request: (type, payload) => engine.request(type, payload),
    get state() {
      return state;
    },
    get hidden() {
      return reveal.hidden; // the end's claims not revealed yet
    },
  };
}
