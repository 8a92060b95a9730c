// The page's side of the engine bridge: starts worker.js and speaks its JSON protocol.
//
//   import { createEngine, markInteractive } from "./bridge.js";
//   const engine = createEngine({ onProgress: ({ stage, fraction }) => ... });
//   await engine.ready;                       // {version, snapshot}; rejects if Python fails to load
//   const result = await engine.request("ping", {});
//   // a rejection is an EngineError whose .name is the Python exception class (e.g. "ValueError")
//   markInteractive();                        // call once, when the player can first act
//
// User Timing marks: the page marks "cambria:board-visible" itself; this module marks
// "cambria:engine-ready" when the worker is ready, and markInteractive() marks
// "cambria:interactive" (the load benchmark reads all three).

const BUILD = "__CAMBRIA_BUILD__"; // replaced by build.py

export class EngineError extends Error {
  constructor(name, message, traceback) {
    super(message);
    this.name = name || "Error";
    if (traceback) this.traceback = traceback; // the Python traceback, for debugging
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
 *          workerURL?: string|URL}} options
 * @returns {{ready: Promise<{version: string, snapshot: boolean}>,
 *            request: (type: string, payload?: any) => Promise<any>,
 *            terminate: () => void, worker: Worker}}
 */
export function createEngine({ onProgress, workerURL } = {}) {
  const url = workerURL || new URL(`./worker.js?v=${BUILD}`, import.meta.url);
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
    dead = error;
    rejectReady(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  worker.onmessage = (event) => {
    const message = event.data || {};
    if (message.id !== undefined) {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.ok) entry.resolve(message.result);
      else entry.reject(new EngineError(message.error?.name, message.error?.message, message.error?.traceback));
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
    }
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    die(new EngineError("EngineUnavailable",
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

  function terminate() {
    worker.terminate();
    die(new EngineError("EngineUnavailable", "the game engine was stopped"));
  }

  return { ready, request, terminate, worker };
}
