// Loading Python and the engine inside the worker (worker.js calls loadEngine once).
//
//   const { pyodide, fromSnapshot } = await loadEngine(CONFIG, report);
//   // report({stage, fraction, loaded, total}) while loading; a failure rejects with an Error
//   // whose name says what went wrong, for the page to word:
//   //   DownloadFailed   a file could not be fetched (offline, HTTP error, connection broke off)
//   //   DownloadDamaged  a file arrived, but not whole or not the one of this build
//   //   DownloadStalled  no byte arrived for STALL_MS while a download was under way
//   //   Unsupported      the browser lacks what Pyodide needs
//   //   EngineUnavailable  Python itself failed to start (message: the last line, no traceback)
//   OutOfMemory      the browser would not give the engine the memory it needs (support.js)
//
// Every big file is downloaded here, counted (the progress bar moves with the bytes), checked
// against the size and SHA-256 the build wrote into CONFIG, and only then handed to Pyodide:
// its own loader would hang on a truncated wasm (it only logs "wasm instantiation failed!")
// and run Python on a damaged standard library.  Pyodide asks for its files with fetch(), which
// is wrapped for the few URLs we already hold.
//
// The runtime, the wasm, the snapshot and the zips are stored gzip-compressed (a plain static
// server then sends a third of the bytes) and decompressed here with DecompressionStream.  A
// host that adds Content-Encoding itself hands over the content already decompressed: one that
// sends the build's .gz files as gzip-encoded, or one that serves precompressed siblings and
// sends "x.gz.br" (the brotli of x.gz's content, smaller still) for "x.gz"; and so does the
// service worker on a repeat visit (it keeps them decompressed).  So the first bytes decide, and
// the bar then counts the content in proportion.  Browsers without
// DecompressionStream fetch the uncompressed copies the build keeps beside.

import { expandSnapshot, unzipInto } from "./engine-files.js";
import { outOfMemory } from "./support.js";

export const STALL_MS = 20000;
const DOWNLOAD_SHARE = 0.9; // of the progress bar; the rest is starting Python and the engine

export class LoadError extends Error {
  constructor(name, message) {
    super(message);
    this.name = name;
  }
}

const realFetch = globalThis.fetch.bind(globalThis);
const canGunzip = typeof DecompressionStream === "function";

function concat(chunks, length) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks, length);
    chunks.push(value);
    length += value.length;
  }
}

function isGzip(head) {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Counts the bytes of every download against the known total, reports progress, and notices a
// download that stalls.  The watch ignores time the worker spent busy (a late timer).
function createMeter(total, report, onStall) {
  const meter = { loaded: 0, total, active: 0, lastByte: Date.now() };
  let lastTick = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - lastTick > 3000) meter.lastByte = now; // the worker was busy, not the network
    lastTick = now;
    if (meter.active > 0 && now - meter.lastByte > STALL_MS) {
      clearInterval(timer);
      onStall(new LoadError("DownloadStalled", `no data arrived for ${Math.round(STALL_MS / 1000)} s`));
    }
  }, 1000);
  meter.add = (n) => {
    meter.loaded += n;
    meter.lastByte = Date.now();
    report({ stage: "Loading Python", fraction: DOWNLOAD_SHARE * Math.min(1, meter.loaded / meter.total),
      loaded: Math.min(meter.loaded, meter.total), total: meter.total });
  };
  meter.stop = () => clearInterval(timer);
  return meter;
}

// One file of CONFIG.assets: {url, plain?, size, sha256, gzip, rawSize, rawSha256}: the stored
// file (gzip when `gzip`), and its content once decompressed.  Resolves to the content, checked:
// the hash of the stored bytes if they arrived as stored (cheaper: a third of the bytes), else
// (a host decompressed them, or the plain copy was fetched) the hash of the content.
async function download(asset, base, meter, signal, repair) {
  try {
    return await downloadOnce(asset, base, meter, signal, repair);
  } catch (err) {
    if (repair || !(err instanceof LoadError && err.name === "DownloadDamaged")) throw err;
    // Damaged: perhaps only the copy in a cache.  Once more, asking past every cache: the
    // service worker then fetches the file from the network and repairs its cache with it.
    console.warn(`Cambria: ${err.message}; fetching it again.`);
    return downloadOnce(asset, base, meter, signal, true);
  }
}

export const REPAIR = "cambria-repair=1"; // the query that asks for a fresh copy (web/sw.js)

async function downloadOnce(asset, base, meter, signal, repair) {
  const useGzip = asset.gzip && (canGunzip || !asset.plain);
  const path = useGzip ? asset.url : asset.plain || asset.url;
  const stored = useGzip ? asset.size : asset.rawSize;
  let response;
  let counted = 0; // never more than the file's share of the total, whatever the host sends
  let scale = 1; // bytes of the bar per byte arrived: less when the host sends the content
  let offline = false;
  meter.active++;
  try {
    try {
      const where = new URL(path, base);
      if (repair) where.search = REPAIR;
      response = await realFetch(where, repair ? { signal, cache: "reload" } : { signal });
    } catch (err) {
      throw new LoadError("DownloadFailed", `${path}: ${err.message || err}`);
    }
    if (!response.ok) throw new LoadError("DownloadFailed", `${path}: HTTP ${response.status}`);
    // asked past the caches, the service worker had only its kept copy (web/sw.js): the network is away
    offline = repair && response.headers.get("X-Cambria-Kept") === "1";
    const reader = response.body.getReader();
    const arrived = []; // the bytes as they came, to check them while gzipped
    let arrivedLength = 0;
    const read = async () => {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw new LoadError("DownloadFailed", `${path}: the connection broke off (${err.message || err})`);
      }
      if (!chunk.done) {
        if (arrivedLength === 0 && chunk.value.length >= 2 && useGzip && !isGzip(chunk.value)) scale = asset.size / asset.rawSize;
        arrived.push(chunk.value);
        arrivedLength += chunk.value.length;
        const n = Math.max(0, Math.min(Math.round(chunk.value.length * scale), stored - counted));
        counted += n;
        meter.add(n);
      }
      return chunk;
    };
    let first = await read();
    const head = first.value || new Uint8Array(0);
    const gzipped = isGzip(head);
    let body = new ReadableStream({
      async pull(controller) {
        const chunk = first || (await read());
        first = null;
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
    });
    const unpack = gzipped && asset.gzip;
    if (unpack) {
      if (!canGunzip) throw new LoadError("Unsupported", "this browser cannot decompress gzip");
      body = body.pipeThrough(new DecompressionStream("gzip"));
    }
    let bytes;
    try {
      bytes = await readAll(body);
    } catch (err) {
      if (err instanceof LoadError) throw err;
      if (outOfMemory(err)) throw new LoadError("OutOfMemory", `${path}: ${err.message || err}`);
      throw new LoadError("DownloadDamaged", `${path} is damaged (${err.message || err})`);
    }
    meter.add(Math.max(0, stored - counted)); // a host that decompressed: the file is complete now
    if (bytes.length !== asset.rawSize) {
      throw new LoadError("DownloadDamaged", `${path} arrived incomplete (${bytes.length} of ${asset.rawSize} bytes)`);
    }
    const [checked, expected] = unpack ? [concat(arrived, arrivedLength), asset.sha256] : [bytes, asset.rawSha256];
    if ((await sha256(checked)) !== expected) {
      throw new LoadError("DownloadDamaged", `${path} is not the file of this build`);
    }
    return bytes;
  } catch (err) {
    meter.loaded -= counted; // this attempt's bytes do not count (the bar never goes back)
    if (offline && err instanceof LoadError && err.name === "DownloadDamaged") {
      throw new LoadError("DownloadFailed", `${path}: no network, and the copy kept on this device is damaged`);
    }
    throw err;
  } finally {
    meter.active--;
  }
}

// ------------------------------------------------------------------ loading

function pythonMessage(err) {
  // A PythonError's message is the whole traceback: keep its last line for the page.
  const lines = String(err && err.message ? err.message : err).trim().split("\n");
  return lines[lines.length - 1] || "unknown error";
}

/**
 * Start Python and the engine.  `repair`: this start follows one that failed (engine.js tries
 * once more in a fresh worker): every file is asked for past the caches (the service worker
 * then fetches it from the network, and keeps its own copy only if the network is away), so a
 * damaged or half-stored copy anywhere cannot fail the start twice.
 */
export async function loadEngine(config, report, { repair = false } = {}) {
  if (typeof WebAssembly !== "object" || typeof ReadableStream !== "function") {
    throw new LoadError("Unsupported", "this browser cannot run WebAssembly");
  }
  const base = new URL(config.base, import.meta.url);
  const abort = new AbortController();
  let stall;
  const stalled = new Promise((_, reject) => {
    stall = reject;
  });
  stalled.catch(() => {});
  const assets = config.assets;
  const gzipped = (a) => a.gzip && (canGunzip || !a.plain);
  const bytes = (a) => (gzipped(a) ? a.size : a.rawSize);
  // With a snapshot, the whole standard library and engine are needed only if the snapshot
  // fails: it has the engine's modules imported, so only the engine's data files come.
  const first = assets.snapshot ? ["runtime", "wasm", "snapshot", "snapshotStdlib", "snapshotEngine"]
    : ["runtime", "wasm", "stdlib", "engine"];
  const meter = createMeter(first.reduce((sum, name) => sum + bytes(assets[name]), 0), report, (err) => {
    abort.abort(err);
    stall(err);
  });
  const got = {};
  const get = (name) => {
    if (!got[name]) {
      got[name] = download(assets[name], base, meter, abort.signal, repair);
      got[name].catch(() => {});
    }
    return got[name];
  };
  for (const name of first) get(name);
  // The wasm is compiled as soon as it is here, in the background, while the runtime is
  // imported and the snapshot unpacked; Pyodide's instantiateStreaming() below gets this module.
  const compiled = got.wasm.then((wasm) => WebAssembly.compile(wasm));
  compiled.catch(() => {});
  const race = (promise) => Promise.race([promise, stalled]);

  try {
    const indexURL = new URL(config.pyodide, base).href;
    meter.active++; // a request that hangs is a stalled download too
    const loader = new URL("pyodide.mjs", indexURL);
    if (repair) loader.search = REPAIR;
    // A module that failed to arrive stays failed in this worker's module map (import() of the same
    // URL fails again at once): the page's next try is a fresh worker (engine.js).
    const { loadPyodide } = await race(import(loader.href).catch((err) => {
      throw new LoadError("DownloadFailed", `pyodide.mjs: ${err.message || err}`);
    })).finally(() => {
      meter.active--;
    });
    // The runtime's JavaScript came compressed: it is imported from memory.  A host whose own
    // Content-Security-Policy forbids that gets Pyodide's plain import of the uncompressed copy.
    const runtimeURL = URL.createObjectURL(new Blob([await race(get("runtime"))], { type: "text/javascript" }));
    let createPyodideModule;
    try {
      createPyodideModule = (await race(import(runtimeURL))).default;
    } catch (err) {
      if (err instanceof LoadError) throw err;
      console.warn("Cambria: importing the runtime from memory failed; importing it by URL.", err);
    } finally {
      URL.revokeObjectURL(runtimeURL);
    }
    const wasmBytes = await race(get("wasm"));
    const wasmResponses = new WeakSet();
    const held = new Map([
      [new URL("pyodide.asm.wasm", indexURL).href, () => {
        const response = new Response(wasmBytes, { headers: { "Content-Type": "application/wasm" } });
        wasmResponses.add(response);
        return response;
      }],
    ]);
    self.fetch = (input, init) => {
      const href = new URL(input instanceof Request ? input.url : input, base).href;
      const hold = held.get(href);
      return hold ? Promise.resolve(hold()) : realFetch(input, init);
    };
    // Pyodide only logs a failed wasm instantiation and then waits forever: make it an error
    // (of the current attempt: a failed snapshot start is followed by a normal one).
    let instantiateFailed = () => {};
    const fail = (err) => {
      instantiateFailed(new LoadError(outOfMemory(err) ? "OutOfMemory" : "EngineUnavailable",
        `the Python runtime did not start (${err.message || err})`));
      throw err;
    };
    const { instantiate, instantiateStreaming } = WebAssembly;
    WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).catch(fail);
    WebAssembly.instantiateStreaming = async (source, imports) => {
      try {
        const response = await source;
        if (wasmResponses.has(response)) {
          const module = await compiled;
          return { module, instance: await instantiate.call(WebAssembly, module, imports) };
        }
        return await instantiateStreaming.call(WebAssembly, response, imports);
      } catch (err) {
        return fail(err);
      }
    };
    // Pyodide fetches the standard library itself: hand it the checked bytes.
    const withStdlib = async (name) => {
      const stdLibURL = new URL(assets[name].url, base).href;
      const stdlibBytes = await race(get(name));
      held.set(stdLibURL, () => new Response(stdlibBytes));
      return { stdLibURL };
    };
    const options = {
      indexURL,
      lockFileContents: { info: config.lockInfo, packages: {} },
      ...(createPyodideModule ? { createPyodideModule } : {}),
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
    };
    const start = (extra) => {
      const failed = new Promise((_, reject) => {
        instantiateFailed = reject;
      });
      failed.catch(() => {});
      return Promise.race([loadPyodide({ ...options, ...extra }), failed, stalled]);
    };

    let pyodide = null;
    let fromSnapshot = false;
    if (assets.snapshot) {
      try {
        const raw = expandSnapshot(await race(get("snapshot")), wasmBytes);
        const stdlib = await withStdlib("snapshotStdlib");
        report({ stage: "Starting Python", fraction: 0.92 });
        pyodide = await start({ ...stdlib, _loadSnapshot: raw });
        fromSnapshot = true;
        // Pyodide keeps its options (and so these 30 MB, copied into its memory by now): move
        // the bytes out of the array it holds, to be collected.
        try {
          structuredClone(raw.buffer, { transfer: [raw.buffer] });
        } catch {
          // an older browser keeps them: only memory
        }
      } catch (err) {
        if (err instanceof LoadError && err.name === "DownloadStalled") throw err;
        console.warn("Cambria: the memory snapshot did not load; starting Python normally.", err);
      }
    }
    if (!pyodide) {
      meter.total += bytes(assets.stdlib) + (assets.snapshot ? bytes(assets.engine) : 0);
      if (assets.snapshot) get("engine");
      const stdlib = await withStdlib("stdlib");
      report({ stage: "Starting Python", fraction: 0.92 });
      pyodide = await start(stdlib);
    }
    report({ stage: "Loading the game engine", fraction: 0.95 });
    // The snapshot has the modules imported, but files (maps, tables) live on the file system,
    // which is not part of the snapshot: unpack them in both cases, where Python looks first
    // (its working directory); a normal start gets the modules too.
    const engineZip = await race(get(fromSnapshot ? "snapshotEngine" : "engine"));
    if (canGunzip) await unzipInto(pyodide.FS, engineZip, pyodide.FS.cwd());
    else pyodide.unpackArchive(engineZip, "zip");
    report({ stage: "Starting the game engine", fraction: 0.97 });
    meter.stop();
    held.clear(); // the bytes handed to Pyodide can go
    self.fetch = realFetch;
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
    return { pyodide, fromSnapshot };
  } catch (err) {
    meter.stop();
    abort.abort();
    if (err instanceof LoadError) throw err;
    console.warn("Cambria: Python did not start:", err);
    throw new LoadError(outOfMemory(err) ? "OutOfMemory" : "EngineUnavailable", pythonMessage(err));
  }
}
