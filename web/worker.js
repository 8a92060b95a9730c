// The Cambria engine worker: a module Web Worker that runs Pyodide and the `cambria` package.
//
// Out, while loading:  {type: "progress", stage, fraction}  then  {type: "ready", version, snapshot}
//                      or {type: "fatal", error: {name, message}}
// In:  {id, type, payload}  (payload: any JSON value)
// Out: {id, ok: true, result} | {id, ok: false, error: {name, code, message, traceback?}}
//
// Every request calls cambria.webapi.call(type, JSON.stringify(payload)) and parses the JSON
// text it returns; an error has the Python exception's class `name`, a `code` the page acts on
// (cambria/webapi/errors.py) and a `message`.  Only JSON crosses.
// Requests sent before the engine is ready wait for it; they are answered in order.

// build.py replaces this with the asset names of the build (all relative to this file).
const CONFIG = /*CAMBRIA:CONFIG*/ null /*END*/;

const here = new URL("./", import.meta.url);
let lastProgress = { stage: "", fraction: -1 };
function progress(stage, fraction) {
  // Never backwards (a failed snapshot falls back to a normal load), at most one message per
  // 2% (the snapshot download reports every chunk).
  fraction = Math.max(fraction, lastProgress.fraction);
  if (stage === lastProgress.stage && fraction < 1 && fraction - lastProgress.fraction < 0.02) return;
  lastProgress = { stage, fraction };
  self.postMessage({ type: "progress", stage, fraction });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The memory snapshot: gzip (decompressed while it downloads) around a sparse encoding made by
// build.py (sparse_encode: the all-zero pages left out).  A host may already have removed the
// gzip layer (Content-Encoding), so the magic bytes decide.
async function fetchSnapshot(url, onProgress) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get("Content-Length")) || 0;
  const reader = response.body.getReader();
  let first = await reader.read();
  let received = 0;
  const counted = new ReadableStream({
    async pull(controller) {
      const chunk = first || (await reader.read());
      first = null;
      if (chunk.done) {
        controller.close();
        return;
      }
      received += chunk.value.length;
      if (total) onProgress(Math.min(1, received / total));
      controller.enqueue(chunk.value);
    },
  });
  const head = first.value || new Uint8Array(0);
  const gzipped = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const stream = gzipped ? counted.pipeThrough(new DecompressionStream("gzip")) : counted;
  return expandSparse(new Uint8Array(await new Response(stream).arrayBuffer()));
}

function expandSparse(blob) {
  // "CSN1", u32 size, u32 page, u32 count, count x u32 index, pages (little-endian)
  if (!(blob[0] === 0x43 && blob[1] === 0x53 && blob[2] === 0x4e && blob[3] === 0x31)) return blob;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const size = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const out = new Uint8Array(size);
  let offset = 16 + 4 * count;
  for (let k = 0; k < count; k++) {
    const start = view.getUint32(16 + 4 * k, true) * page;
    const n = Math.min(page, size - start);
    out.set(blob.subarray(offset, offset + n), start);
    offset += n;
  }
  if (offset !== blob.length) throw new Error("the memory snapshot is damaged");
  return out;
}

async function load() {
  if (!CONFIG) throw new Error("worker.js is not built: run `python3 build.py` and open dist/");
  const url = (path) => new URL(path, here).href;
  const indexURL = url(CONFIG.pyodide);
  const options = {
    indexURL,
    stdLibURL: url(CONFIG.stdlib),
    lockFileContents: { info: CONFIG.lockInfo, packages: {} },
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  };
  progress("Loading Python", 0.05);
  const engineZip = fetchBytes(url(CONFIG.engine));
  engineZip.catch(() => {}); // reported when awaited below
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);

  let pyodide = null;
  let fromSnapshot = false;
  if (CONFIG.snapshot) {
    try {
      const snapshot = fetchSnapshot(url(CONFIG.snapshot), (f) => progress("Loading Python", 0.05 + 0.6 * f));
      snapshot.catch(() => {}); // loadPyodide awaits it later; a failure is handled below
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      fromSnapshot = true;
    } catch (err) {
      console.warn("Cambria: the memory snapshot did not load; starting Python normally.", err);
      pyodide = null;
    }
  }
  if (!pyodide) {
    progress("Starting Python", 0.3);
    pyodide = await loadPyodide(options);
  }
  progress("Loading the game engine", 0.8);
  // The snapshot has the modules imported, but files (maps, lazily imported modules) live on
  // the file system, which is not part of the snapshot: unpack in both cases.
  pyodide.unpackArchive(await engineZip, "zip");
  progress("Starting the game engine", 0.9);
  // cambria.webapi.call never raises: "1" + result JSON or "0" + error JSON ({name, code, message}).
  // start() reseeds "random": after a memory snapshot every visitor would otherwise start from
  // the same generator state.
  const webapi = pyodide.pyimport("cambria.webapi");
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
  const { name, code, message, traceback } = JSON.parse(text.slice(1));
  return { ok: false, error: { name, code, message, traceback } };
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
    progress("Ready", 1);
    self.postMessage({ type: "ready", version: loaded.version, snapshot: loaded.fromSnapshot });
  },
  (err) => {
    failure = { name: err.type || err.name || "Error", message: String(err.message || err) };
    console.warn("Cambria: the engine failed to load:", err);
    self.postMessage({ type: "fatal", error: failure });
  },
).finally(() => {
  for (const request of waiting.splice(0)) answer(request);
});
