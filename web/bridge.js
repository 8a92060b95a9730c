// The page's side of the engine bridge: starts worker.js and speaks its JSON protocol.
//
//   import { createEngine, markInteractive } from "./bridge.js";
//   const engine = createEngine({ onProgress: ({ stage, fraction }) => ... });
//   await engine.ready;                       // {version, snapshot}; rejects if Python fails to load
//   const result = await engine.request("ping", {});
//   // a rejection is an EngineError whose .name is the Python exception class (e.g. "ValueError")
//   // and whose .code is what the page acts on (cambria/webapi/errors.py: "illegal", "stale_step", …)
//   markInteractive();                        // call once, when the player can first act
//
// User Timing marks: the page marks "cambria:board-visible" itself; this module marks
// "cambria:engine-ready" when the worker is ready, and markInteractive() marks
// "cambria:interactive" (the load benchmark reads all three).

import { outOfMemory } from "./support.js";

const BUILD = "__CAMBRIA_BUILD__"; // replaced by build.py

export class EngineError extends Error {
  constructor(name, message, { code = null, traceback = null, details = null } = {}) {
    super(message);
    this.name = name || "Error";
    // the engine's error code (cambria/webapi/errors.py), or the page's own: "unavailable" when
    // the worker cannot answer, "timeout" when it did not answer in time (engine.js),
    // "out_of_memory" when the browser gave it too little memory (support.js, engine-load.js)
    this.code = code || ({ EngineUnavailable: "unavailable", OutOfMemory: "out_of_memory" }[this.name] ?? "internal");
    if (traceback) this.traceback = traceback; // the Python traceback, for debugging
    // what the page words the refusal from (bad_name: {seat, reason, max})
    if (details && typeof details === "object") this.details = details;
  }
}

function mark(name, detail) {
  try {
    if (performance.getEntriesByName(name, "mark").length === 0) performance.mark(name, { detail });
  } catch {
    // User Timing is a nicety; never let it break the game.
  }
}

/** Marks "cambria:interactive" (once): call it when the player can first act. */
export function markInteractive() {
  mark("cambria:interactive");
}

/**
 * Start the engine worker.
 * @param {{onProgress?: (p: {stage: string, fraction: number, loaded?: number, total?: number}) => void,
 *          workerURL?: string|URL, onDead?: (error: EngineError) => void, repair?: boolean}} options
 *          onDead: the engine stopped for good; repair: a second try after a failed start, whose
 *          worker asks for every file past the caches (engine-load.js)
 * @returns {{ready: Promise<{version: string, snapshot: boolean}>,
 *            request: (type: string, payload?: any) => Promise<any>,
 *            terminate: (error?: EngineError) => void, worker: Worker, dead: EngineError|null}}
 */
/** Milliseconds the worker may take to say its first word (a progress message, sent as soon as
 * its scripts have arrived): past that its script is taken to be stuck on the way. */
export const FIRST_WORD_MS = 20000;

export function createEngine({ onProgress, workerURL, onDead, repair = false } = {}) {
  const url = new URL(workerURL || `./worker.js?v=${BUILD}`, import.meta.url);
  if (repair) url.searchParams.set("repair", "1");
  const worker = new Worker(url, { type: "module", name: "cambria-engine" });
  const pending = new Map();
  let nextId = 1;
  let dead = null; // EngineError once the worker cannot answer any more

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // callers who never await `ready` still get errors from request()

  function die(error) {
    if (dead) return;
    clearTimeout(silence);
    dead = error;
    rejectReady(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (onDead) {
      try {
        onDead(error);
      } catch (err) {
        console.warn("Cambria: onDead failed", err);
      }
    }
  }

  // The worker's own stalls (a download with no byte) it reports itself (engine-load.js); a
  // worker whose script never arrives says nothing at all, which only a clock here can tell.
  let silence = setTimeout(() => {
    die(new EngineError("DownloadStalled", `worker.js: no word from the game engine's worker in ${FIRST_WORD_MS / 1000} s`));
    worker.terminate();
  }, FIRST_WORD_MS);
  const heard = () => {
    clearTimeout(silence);
    silence = null;
  };

  worker.onmessage = (event) => {
    heard();
    const message = event.data || {};
    if (message.id !== undefined) {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.ok) entry.resolve(message.result);
      else {
        const { name, message: text, code, traceback, details } = message.error || {};
        entry.reject(new EngineError(name, text, { code, traceback, details }));
      }
      return;
    }
    switch (message.type) {
      case "progress":
        if (onProgress) {
          try {
            onProgress({ stage: message.stage, fraction: message.fraction, loaded: message.loaded, total: message.total });
          } catch (err) {
            console.warn("Cambria: onProgress failed", err);
          }
        }
        break;
      case "ready":
        mark("cambria:engine-ready", { version: message.version, snapshot: !!message.snapshot });
        resolveReady({ version: message.version, snapshot: !!message.snapshot });
        break;
      case "fatal":
        die(new EngineError(message.error?.name || "EngineUnavailable",
          message.error?.message || "the game engine failed to load"));
        break;
      case "alive":
        watchLife(message.lock);
        break;
    }
  };

  // The worker holds the lock it names for as long as it lives (worker.js): the page's request
  // for it is granted when the worker has ended.  A terminated or killed worker fires no event,
  // and a busy one answers no message: this tells them apart at once.
  function watchLife(lock) {
    const locks = globalThis.navigator?.locks;
    if (typeof lock !== "string" || !lock.startsWith("cambria-engine-alive-") || !locks || dead) return;
    locks.request(lock, () => {
      die(new EngineError("EngineUnavailable", "the game engine's worker has ended"));
    }).catch(() => {});
  }
  worker.onerror = (event) => {
    event.preventDefault?.();
    // a worker killed by an allocation that failed (iOS Safari's tight memory) says so
    die(new EngineError(outOfMemory(event.message) ? "OutOfMemory" : "EngineUnavailable",
      `the game engine could not start${event.message ? `: ${event.message}` : ""}`));
  };
  worker.onmessageerror = () => {
    die(new EngineError("EngineUnavailable", "the game engine sent a message that could not be read"));
  };

  function request(type, payload = {}) {
    if (dead) return Promise.reject(dead);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, type, payload });
      } catch (err) {
        pending.delete(id);
        reject(new EngineError("TypeError", `payload is not JSON data: ${err.message}`));
      }
    });
  }

  function terminate(error = new EngineError("EngineUnavailable", "the game engine was stopped")) {
    worker.terminate();
    die(error);
  }

  return {
    ready, request, terminate, worker,
    /** The error that ended this engine (a crash, a failed load, terminate()), or null. */
    get dead() {
      return dead;
    },
  };
}
