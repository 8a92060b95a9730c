// The Cambria engine worker: a module Web Worker that runs Pyodide and the `cambria` package.
//
// Out, while loading:  {type: "progress", stage, fraction, loaded?, total?}  (loaded and total:
//                      bytes downloaded so far of all the big files)  then
//                      {type: "ready", version, snapshot}  or  {type: "fatal", error: {name, message}}
//                      (names: see engine-load.js; the message has no Python traceback)
// In:  {id, type, payload}  (payload: any JSON value)
// Out: {id, ok: true, result} | {id, ok: false, error: {name, code, message, traceback?, details?}}
// Out, once, first: {type: "alive", lock}  the name of a Web Lock this worker holds for as long as
//                   it lives (where the browser has Web Locks): see bridge.js
//
// Every request calls <CONFIG.module>.call(type, JSON.stringify(payload)) (cambria.webapi.call)
// and parses the JSON text it returns; an error has the Python exception's class `name`, a
// `code` the page acts on (cambria/webapi/errors.py) and a `message`.  Only JSON crosses.
// Requests sent before the engine is ready wait for it; they are answered in order.

import { loadEngine } from "./engine-load.js";

// build.py replaces this with the build's assets: their names, sizes and SHA-256 (see
// tools/site_build/assemble.py, worker_config).
const CONFIG = /*CAMBRIA:CONFIG*/ null /*END*/;

// Alive: a Web Lock held until the worker ends.  The page asks for the same lock and so learns at
// once when the worker is gone (terminated, killed for memory), which no message can tell it:
// a dead worker sends nothing, and neither does one whose Python is busy with a long move.
if (self.navigator?.locks) {
  const lock = `cambria-engine-alive-${self.crypto?.randomUUID?.() ?? String(Math.random()).slice(2)}`;
  self.navigator.locks.request(lock, () => {
    self.postMessage({ type: "alive", lock });
    return new Promise(() => {}); // held for good: freed only when the worker ends
  }).catch(() => {});
}

let lastProgress = { stage: "", fraction: -1, at: 0 };
function progress({ stage, fraction, loaded, total }) {
  // Never backwards (a failed snapshot falls back to a normal load); at most one message per
  // percent or per 100 ms, whichever is rarer, while the bytes come in, and always the last.
  fraction = Math.max(fraction, lastProgress.fraction);
  const now = Date.now();
  const complete = fraction >= 1 || (total && loaded >= total);
  if (stage === lastProgress.stage && !complete
      && (fraction - lastProgress.fraction < 0.01 || now - lastProgress.at < 100)) return;
  lastProgress = { stage, fraction, at: now };
  const message = { type: "progress", stage, fraction };
  if (total) Object.assign(message, { loaded, total });
  self.postMessage(message);
}

async function load() {
  if (!CONFIG) throw new Error("worker.js is not built: run `python3 build.py` and open dist/");
  progress({ stage: "Loading Python", fraction: 0.02 });
  // "?repair=1": the page's second try after a failed start (engine.js): fetch past every cache
  const repair = new URL(self.location.href).searchParams.get("repair") === "1";
  const { pyodide, fromSnapshot } = await loadEngine(CONFIG, progress, { repair });
  // <module>.call never raises: "1" + result JSON or "0" + error JSON ({name, code, message}).
  // start() reseeds "random": after a memory snapshot every visitor would otherwise start from
  // the same generator state.
  const webapi = pyodide.pyimport(CONFIG.module);
  webapi.start();
  const call = webapi.call;
  const pong = invoke(call, "ping", {});
  if (!pong.ok) throw Object.assign(new Error(pong.error.message), { name: pong.error.name });
  return { call, version: pong.result.version, fromSnapshot };
}

function invoke(call, type, payload) {
  let text;
  try {
    text = call(String(type), JSON.stringify(payload === undefined ? null : payload));
  } catch (err) {
    // Not a Python exception from handle() (call() never raises): the interpreter itself failed
    // (a fatal error, a stack overflow).  It cannot be trusted with the game any more, so the
    // code says "unavailable": the page starts a new worker and reloads the game (engine.js).
    return { ok: false, error: { name: err.type || err.name || "Error", code: "unavailable",
      message: String(err.message || err) } };
  }
  if (text[0] === "1") return { ok: true, result: JSON.parse(text.slice(1)) };
  const { name, code, message, traceback, details } = JSON.parse(text.slice(1));
  return { ok: false, error: { name, code, message, traceback, details } };
}

let engine = null; // {call, version} once ready
let failure = null; // {name, message} if loading failed
const waiting = [];

function answer(request) {
  const { id, type, payload } = request || {};
  if (failure) {
    self.postMessage({ id, ok: false, error: { name: "EngineUnavailable", code: "unavailable", message: failure.message } });
    return;
  }
  let reply;
  try {
    reply = invoke(engine.call, type, payload);
  } catch (err) {
    reply = { ok: false, error: { name: err.name || "Error", code: "internal", message: String(err.message || err) } };
  }
  self.postMessage({ id, ...reply });
}

self.onmessage = (event) => {
  if (engine || failure) answer(event.data);
  else waiting.push(event.data);
};

load().then(
  (loaded) => {
    engine = loaded;
    progress({ stage: "Ready", fraction: 1 });
    self.postMessage({ type: "ready", version: loaded.version, snapshot: loaded.fromSnapshot });
  },
  (err) => {
    failure = { name: err.name || "Error", message: String(err.message || err) };
    console.warn("Cambria: the engine failed to load:", err);
    self.postMessage({ type: "fatal", error: failure });
  },
).finally(() => {
  for (const request of waiting.splice(0)) answer(request);
});
