// The page's start and the engine's restarts, for the controller: boot once (the engine's
// info, then a game link or the game that was on the board), and after a restart bring the
// game back from its autosave (or the new-game screen, if it cannot come back).
//
//   const startup = createStartup({ engine, ask, go, setup, library, remote, state, toSetup, stopMoves, onBooted });
//   startup.boot()                 // once
//   startup.restarted({ ready })   // engine.js replaced the worker

import { t } from "./i18n.js";
import { clearError, showError } from "./errors.js";
import { notify } from "./toasts.js";
import { loadingFailed, loadingProgress } from "./loading.js";
import { markInteractive } from "./bridge.js";

const $ = (id) => document.getElementById(id);

export function createStartup({ engine, ask, go, setup, library, remote, state, toSetup, stopMoves, onBooted }) {
  let restarts = 0; // which restart is being recovered from
  let recovering = 0;
  let booted = false;

  // The engine did not start, twice (engine.js tries once more by itself): the loading card says
  // why, in the player's words, with "Try again", which starts it afresh and then goes on with
  // `then` (the page's start, or bringing the game back after a restart).  Only the card speaks:
  // the error banner would lie over it saying the same.
  function startFailed(err, then) {
    if (!state.info) setup.unavailable(); // the new-game screen cannot start a game yet
    // a browser that lacks what the engine needs gets no "Try again" (it would fail the same way)
    loadingFailed(err, err?.name === "Unsupported" ? {} : {
      retry: () => {
        clearError();
        then(engine.retry());
      },
    });
  }

  async function boot(ready = engine.ready) {
    try {
      await ready;
    } catch (err) {
      startFailed(err, boot);
      if (!booted) onBooted?.(); // a fixed deploy can still replace a broken one (offline.js)
      booted = true;
      return;
    }
    const info = await ask("info");
    if (!info) return; // a restart (the bound passed) boots again
    state.info = info;
    setup.configure(info);
    $("app").dataset.engine = "ready";
    library.refreshResume();
    // the game that was on the board when the page was left comes back, same position, same dice
    if (!(await remote?.boot())) await library.resume(); // a game link in the address first
    // nothing on the board (or a remote game that waits for its players, shown by its dialog
    // only): the new-game screen, not the loading card
    if (state.mode === "loading") go("setup");
    markInteractive();
    if (!booted) onBooted?.();
    booted = true;
  }

  async function restarted({ ready }) {
    const mine = ++restarts;
    const hadGame = Boolean(state.view);
    const gaveUp = recovering !== 0; // the engine stopped again while the game was coming back
    stopMoves();
    notify(t("engine.restarted"), { urgent: true });
    loadingProgress({ stage: "", fraction: 0 });
    go("loading");
    await comeBack(ready, mine, hadGame, gaveUp);
  }

  async function comeBack(ready, mine, hadGame, gaveUp) {
    try {
      await ready;
    } catch (err) {
      if (mine === restarts) startFailed(err, (again) => comeBack(again, mine, hadGame, gaveUp));
      return;
    }
    if (mine !== restarts) return; // a later restart took over
    if (!state.info) {
      boot();
      return;
    }
    if (!hadGame || gaveUp) {
      if (gaveUp) showError({ i18n: t("engine.gaveUp") });
      toSetup();
      return;
    }
    recovering = mine;
    const reopened = await library.reopen();
    if (recovering === mine) recovering = 0;
    if (mine !== restarts) return;
    if (!reopened) toSetup();
  }

  return { boot, restarted };
}
