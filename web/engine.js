// The engine as the page uses it: one worker at a time, a bound on every answer, and a new
// worker when the old one hangs or dies.
//
//   import { createEngineHost, LIMITS } from "./engine.js";
//   const engine = createEngineHost({ onProgress, onRestart });
//   await engine.ready;                          // the current worker is up (rejects if it fails to load)
//   await engine.request("play", { action });    // rejects with an EngineError (bridge.js)
//
// A worker answers in order, so one request that never comes back (a hung interpreter, a killed
// worker) would leave every later one waiting for good.  Each request therefore gets a bound
// (LIMITS: generous, since a Hard move on a slow phone takes seconds, and longer for "load",
// which replays a whole record); the clock starts once the worker is ready, because loading
// Python has its own progress and failure.  When a bound passes, or the worker dies after it
// was ready (a crash, or the interpreter reports itself broken: code "unavailable"), the host
// stops that worker, starts a new one and calls onRestart({reason, ready}); the request that
// timed out rejects with code "timeout", every other unanswered one with code "restarted".
// The page then reloads the game from its autosave (controller.js), so nothing is lost: the
// autosave holds every played step and the unconfirmed choices.  A worker known to be dead (an
// error event, or its liveness lock freed: bridge.js) is replaced at once, without waiting for
// the bound; a request still out after SLOW_AFTER calls onSlow({type}), so that the player hears
// within a moment that something takes longer than it should.
//
// A start that fails (a file that did not arrive or arrived damaged, a worker that died while
// starting) is tried once more by itself, after RETRY_AFTER_MS, in a fresh worker that asks for
// every file past the caches (bridge.js `repair`): a failed module import stays failed in its
// worker, and a damaged stored copy would fail again.  Only if that fails too does `ready`
// reject; retry() (the player's "Try again") then starts over the same way.

import { createEngine, EngineError } from "./bridge.js";

/** Milliseconds a request may take once the worker is ready (by request type, else `default`). */
export const LIMITS = {
  default: 30000,
  load: 120000, // a long record is replayed step by step
};

/** Milliseconds after which a request still unanswered is reported to onSlow (the player is
 * told the engine is taking longer than usual): most answers take a few milliseconds; a
 * computer's move and a replayed record take longer by nature. */
export const SLOW_AFTER = {
  default: 1200,
  computer: 10000,
  load: 10000,
  review_run: 10000, // one slice reviews at least one decision, a search as deep as Hard's move
};

/** Milliseconds between a failed start and the second try (a network that dropped a request
 * a moment ago has often come back). */
export const RETRY_AFTER_MS = 500;

/** Whether a failed start is worth a second try: not when the browser lacks what the engine needs. */
function retryable(error) {
  return error?.name !== "Unsupported" && error?.code !== "unsupported";
}

export function createEngineHost({ onProgress, onRestart, onSlow, create = createEngine } = {}) {
  let current = null; // the bridge of the worker in use
  let ready = null; // the current start's promise: its bridge, or the second try's, is up
  let restarts = 0;

  // A start, tried twice: the promise resolves when the first or the second worker is ready.
  function launch({ repair = false } = {}) {
    const first = start({ repair });
    const tried = first.ready.catch((error) => {
      if (first !== current || !retryable(error)) throw error;
      console.warn("Cambria: the game engine did not start; trying once more in a fresh worker.", error);
      return new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(() => {
        if (first !== current) throw error; // replaced meanwhile (retry(), a restart)
        return start({ repair: true }).ready;
      });
    });
    tried.catch(() => {});
    ready = tried;
    return tried;
  }

  function start({ repair = false } = {}) {
    current?.terminate(new EngineError("EngineRestarted", "the game engine was replaced", { code: "restarted" }));
    const bridge = create({
      onProgress,
      repair,
      onDead: (error) => {
        // a worker that had started and then died (not a failed first load: that is shown as such)
        if (bridge === current && bridge.started && error.code !== "restarted") restart("crashed", error);
      },
    });
    bridge.started = false;
    bridge.ready.then(() => { bridge.started = true; }, () => {});
    current = bridge;
    return bridge;
  }

  function restart(reason, cause = null) {
    const old = current;
    restarts += 1;
    old.terminate(new EngineError("EngineRestarted", `the game engine was restarted (${reason})`, { code: "restarted" }));
    launch();
    console.warn(`Cambria: the game engine was restarted (${reason})`, cause || "");
    if (onRestart) onRestart({ reason, ready, count: restarts });
  }

  function request(type, payload = {}) {
    const bridge = current;
    const answer = bridge.request(type, payload);
    let timer = null;
    let slowTimer = null;
    const bound = new Promise((_, reject) => {
      bridge.ready.then(() => {
        const slow = Object.hasOwn(SLOW_AFTER, type) ? SLOW_AFTER[type] : SLOW_AFTER.default;
        slowTimer = setTimeout(() => {
          if (bridge !== current || bridge.dead || !onSlow) return;
          try {
            onSlow({ type });
          } catch (err) {
            console.warn("Cambria: onSlow failed", err);
          }
        }, slow);
        const limit = Object.hasOwn(LIMITS, type) ? LIMITS[type] : LIMITS.default;
        timer = setTimeout(() => {
          if (bridge !== current || bridge.dead) return; // already replaced: its requests were rejected
          reject(new EngineError("EngineTimeout", `the game engine did not answer "${type}" within ${limit / 1000} s`, { code: "timeout" }));
          restart("timeout");
        }, limit);
      }, () => {});
    });
    bound.catch(() => {});
    return Promise.race([answer, bound]).then((result) => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
      return result;
    }, (error) => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
      if (error.code === "timeout" || error.code === "restarted") throw error;
      // the worker was replaced meanwhile (it crashed), or the interpreter says it is broken:
      // this request counts as restarted (the page reloads the game; no other message)
      const broken = error.code === "unavailable" && bridge === current && bridge.started;
      if (broken) restart("broken", error);
      if (broken || bridge !== current) throw new EngineError("EngineRestarted", error.message, { code: "restarted" });
      throw error;
    });
  }

  launch();
  return {
    request,
    /** Start a new worker now (the page's own choice, e.g. after a fatal error). */
    restart: (reason = "requested") => restart(reason),
    /** The player's "Try again" after a start failed twice: a fresh start, past the caches
     * (no onRestart: the caller waits for `ready` itself).  Returns the new `ready`. */
    retry: () => launch({ repair: true }),
    /** Resolves when the current start's worker (or its second try) is ready; rejects if both failed. */
    get ready() {
      return ready;
    },
    /** The bridge of the worker in use (bridge.js). */
    get bridge() {
      return current;
    },
  };
}
