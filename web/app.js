// The Cambria game page: puts the modules together and wires the page's buttons and keys.
//
// Python (in a Web Worker, engine.js and bridge.js) decides every rule; the page draws what
// it sends and reports taps.  docs/architecture.md shows the modules and the path of a tap.
//
//   controller.js   the page's state and its one UI mode (mode.js); what each action does
//   board.js        the board component (zoom.js); web/games/<id>/ draws a game's board and words
//   turncard.js, scores.js, log.js, endscreen.js, toasts.js, dice.js   the side panel's parts
//   setup.js, menu.js, library.js (saved games), replay.js, a11y.js (keyboard, announcements),
//   tutorial.js, rules.js, loading.js, errors.js, words.js, i18n.js, pace.js (computer pace)
//   cues.js (the pass screen between people: passscreen.js; the your-turn cue; sound.js)
//   stats.js (the games finished here, counted once), statsdialog.js (menu → Statistics)
//   reviewdialog.js (the engine's review of a finished game: review.js, reviewchart.js)
//
// Where things go on each shape of screen is the stylesheets' business (layout.css).

import { createEngineHost } from "./engine.js";
import { createController } from "./controller.js";
import { createBoard } from "./board.js";
import { drawsMap, gameModule, gameTitle } from "./games/index.js";
import { createTurnCard } from "./turncard.js";
import { createLogPanel } from "./log.js";
import { createSetup } from "./setup.js";
import { createLibrary } from "./library.js";
import { initMenu } from "./menu.js";
import { catchUncaught, showError } from "./errors.js";
import { createLoading, loadingProgress, retranslateLoading, useLoading } from "./loading.js";
import { notify, placeToasts } from "./toasts.js";
import { initOffline } from "./offline.js";
import { formatNumber, formatPercent, onLanguage, t } from "./i18n.js";
import { stageText } from "./words.js";
import { initA11y } from "./a11y.js";
import { initRules, openRules } from "./rules.js";
import { initTutorial } from "./tutorial.js";
import { paceButtons } from "./pace.js";
import { playCue, soundButtons } from "./sound.js";
import { chancesButtons } from "./chances.js";
import { createPassScreen } from "./passscreen.js";
import { createCues, pulse } from "./cues.js";
import { missingFeatures, unsupportedEngine } from "./support.js";
import { createEviction } from "./eviction.js";
import { createRemote } from "./remote/play.js";
import { createStats } from "./stats.js";
import { createStatsDialog } from "./statsdialog.js";
import { createReviewDialog } from "./reviewdialog.js";

const $ = (id) => document.getElementById(id);

catchUncaught();
// the loading card: a bar that moves with the bytes, plain words and Reload if loading fails
useLoading(createLoading({ t, stageText, formatNumber, formatPercent }));

let controller = null; // made below; the modules made first reach it through these closures

// a browser that lacks what the engine needs starts no worker: the loading card says what it lacks
const missing = missingFeatures();
const engine = createEngineHost({
  onProgress: loadingProgress,
  onRestart: (restart) => controller.restarted(restart),
  onSlow: () => notify(t("engine.slow"), { urgent: true }),
  ...(missing.length ? { create: () => unsupportedEngine(missing) } : {}),
});

// The top bar and the window's title name the game on the board (the one played, or picked on
// the new-game screen); the site's own name stays on the new-game screen's picker.
function nameGame(id) {
  const title = gameTitle(id);
  document.querySelector(".brand-name").textContent = title;
  document.title = title;
}

const board = createBoard({
  onTap: (element) => controller.tap(element),
  onMiss: () => controller.miss(),
  onInspect: (what) => controller.inspect(what),
  onShow: (game) => nameGame(game.id),
  onView: () => placeToasts(), // the part of the map in view moved: the toasts' place again
});

// cues.js: the pass screen between people at one device (passscreen.js), the your-turn pulse
// and the sounds (sound.js), following every view the controller applies
const cues = createCues({
  passScreen: createPassScreen({
    chip: (view, p) => gameModule(view.game).chip(view.map, p.colour, p.shape),
    onContinue: () => cues.continued(),
  }),
  play: playCue,
  pulse: () => pulse($("turn-card")),
});
/** Another tab plays this game (tabs.js): it is shown, no tap is taken, nobody is called to it. */
function readOnly(on) {
  controller.readOnly(on);
  if (on) cues.readOnly();
}

// library.js: autosave after every step (the record), resume on reload, the saved-games list,
// export and import (validated by the engine); eviction.js: asks the browser to keep saved
// games, and Saved games says where it may delete them after days without a visit
const eviction = createEviction();
// remote/play.js: games with friends on other devices, played by link (docs/remote-play.md)
const remote = createRemote({
  request: (type, payload) => engine.request(type, payload),
  enter: (view, events, readOnly = false) => controller.enter(view, null, { events, readOnly }),
  leaveToSetup: () => controller.toSetup(),
  readOnly, // another tab plays this game (tabs.js)
  handedOff: () => { $("elsewhere").dataset.handed = ""; }, // … and this tab handed it a link (remote/handoff.js)
  showBoard: (game, map) => board.show(gameModule(game), map),
  notify,
  showError,
});

const library = createLibrary({
  request: (type, payload) => engine.request(type, payload),
  enter: (view, partial, options) => controller.enter(view, partial, options),
  readOnly, // another tab plays this game (tabs.js)
  notify,
  onGameOnBoard: () => (controller.state.view && controller.state.mode !== "setup" ? controller.state.view : null),
  onSaved: () => eviction.saved(),
  evictable: () => eviction.atRisk(),
  remote, // the games by link, listed and imported with the others
  leaveBoard: () => controller.toSetup(), // the game on the board was deleted: the new-game screen
  // a finished game's row: its review (Saved games has closed: the focus comes back to the menu button)
  onReview: (record, opener) => review.open(record, opener || $("menu-button")),
});

// reviewdialog.js: the engine's review of a finished game (the end screen's and Saved games'
// "Review"), kept with the saved game; a mistake opens the board at its moment, that game on the
// board first (its saved twin, opened quietly)
const review = createReviewDialog({
  request: (type, payload) => engine.request(type, payload),
  store: library.store,
  onMoment: async (record, item, back) => {
    const twin = library.store.findRecord(record);
    const onBoard = Boolean(twin && twin.id === library.currentId && controller.state.view);
    if (!onBoard && !(await library.openRecord(record, t("stats.thisGame")))) return false;
    controller.openReplayAt(item.step, item.marks, { onLeave: back }); // "End replay": the review again
    return true;
  },
});

const setup = createSetup({
  onStart: (payload) => controller.startGame(payload),
  onMap: (map, game) => board.show(game ? gameModule(game) : board.game, map),
});
board.show(gameModule(setup.game()), setup.map()); // the last setup's board (a game resumed below replaces it)

// stats.js: the games finished here, counted once each, with the last ones' records; the
// dialog (statsdialog.js) opens one of those in replay through the saved games
const stats = createStats({ request: (type, payload) => engine.request(type, payload) });
const statsDialog = createStatsDialog({
  stats,
  onReplay: async (record) => {
    const opened = await library.openRecord(record, t("stats.thisGame"));
    if (opened) controller.startReplay();
    return opened;
  },
});

controller = createController({
  engine, board, setup, library, remote,
  turnCard: createTurnCard({ onPick: (token) => controller.pick(token), onInstead: (token) => controller.pickInstead(token) }),
  logPanel: createLogPanel($("log"), { onTurn: (step) => controller.showTurn(step) }), // a turn tapped: the replay there
  replayHost: $("turn-card"),
  onBooted: () => initOffline({ notify }),
  onView: (view, events, flags) => {
    cues.onView(view, events, flags);
    stats.onView(view, events); // a game that ends here counts, once
  },
});

// ------------------------------------------------------------------ buttons and keys

initMenu({
  "new-game": () => {
    const v = controller.state.view;
    if (v && !v.over && !window.confirm(t("confirm.leave"))) return;
    controller.toSetup();
  },
  save: () => library.exportCurrent(),
  library: () => library.openDialog(),
  replay: () => controller.startReplay(),
  open: () => $("open-file").click(),
  rules: (opener) => openRules(opener),
  stats: (opener) => statsDialog.open(opener),
});
$("open-file").addEventListener("change", (e) => {
  library.importFile(e.target.files[0]);
  e.target.value = "";
});
$("rules-close").addEventListener("click", () => { $("rules").hidden = true; });
$("roll").addEventListener("click", () => controller.roll());
$("undo").addEventListener("click", () => controller.undo());
$("hint").addEventListener("click", () => controller.hint());
$("confirm").addEventListener("click", () => controller.confirm());
const continueHere = () => (remote.onBoard() ? remote.takeOver() : library.takeOver());
$("continue-here").addEventListener("click", continueHere);
$("play-here").addEventListener("click", continueHere); // a link handed to another tab, played here instead
$("end-new").addEventListener("click", () => controller.toSetup());
$("end-rematch").addEventListener("click", () => controller.rematch());
$("end-board").addEventListener("click", () => controller.hideResult());
$("show-result").addEventListener("click", () => controller.showResult());
$("end-save").addEventListener("click", () => library.exportCurrent());
$("end-replay").addEventListener("click", () => controller.startReplay());
$("end-review").addEventListener("click", async () => {
  const record = await engine.request("record", {}).catch(showError); // the game on the board, as saved
  if (record) review.open(record, $("end-review"));
});
$("log-button").addEventListener("click", () => controller.toggleLog());
$("log-close").addEventListener("click", () => controller.toggleLog(false));
$("board-card").addEventListener("close", () => controller.miss());
$("pace-choices").append(...paceButtons("pace-choice"));
$("sound-choices").append(...soundButtons("sound-choice"));
$("chances-choices").append(...chancesButtons("chances-choice")); // who is ahead, beside the scores (chances.js)
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  if (!$("rules").hidden) $("rules").hidden = true;
  else controller.escape();
});

// Everything drawn from data is drawn again in the new language; static texts follow their
// data-i18n keys (i18n.js).
onLanguage(() => {
  nameGame(board.game?.id); // translatePage set the site's name (app.title)
  board.translate();
  retranslateLoading();
  setup.render();
  library.refreshResume();
  controller.retranslate();
});

board.translate();
initA11y();
initRules({ game: () => board.game?.id || "cambria" }); // the game drawn: on the table or picked on setup
initTutorial();
setup.render();
library.attachResume($("resume"));
const resuming = library.resumable();
if (resuming) {
  // a game was on the board when the page was left: it comes back once the engine is up (which
  // checks its record); its board shows at once only if it is one the page has
  const { game, map } = resuming.summary;
  if (drawsMap(game, map)) board.show(gameModule(game), map);
  $("setup").hidden = true;
}
controller.boot();

// The composed page, for the test suite's own script (tests/web/hooks.js imports this module):
// nothing here is a global.
export { controller, engine, library, remote, review };
