// What this browser must have to run the game, and how to recognise an engine that ran out of
// memory.  docs/browsers.md says what is known to break Pyodide on iOS Safari and why each check
// is here.
//
//   import { missingFeatures, unsupportedEngine, outOfMemory } from "./support.js";
//   const missing = missingFeatures();   // [] or some of "wasm", "moduleWorker", "wasmExceptions", "wasmMemory"
//   createEngineHost({ create: () => unsupportedEngine(missing) })   // where missing.length: no
//                                        // worker; the loading card says what the browser lacks
//   outOfMemory(err)                     // true for "RangeError: Out of memory" and its kin
//
// Every probe is cheap and side-effect free: no worker is started (the module-worker probe
// hands the Worker constructor an invalid URL, so it throws after reading the options), no
// request is made, and the largest WebAssembly memory made is two 64 KiB pages.  This module
// imports nothing and touches no DOM when imported: the engine worker (engine-load.js) uses
// outOfMemory() too.

// The smallest module with a tag section (one function type, one tag): it validates only where
// WebAssembly exception handling is supported, which Pyodide's wasm needs (it has a tag section).
const WITH_TAG = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 0x0d, 3, 1, 0, 0];

function hasWebAssembly() {
  return typeof WebAssembly === "object" && WebAssembly !== null
    && typeof WebAssembly.instantiate === "function" && typeof WebAssembly.validate === "function";
}

function hasModuleWorker() {
  if (typeof Worker !== "function") return false;
  // Browsers without module workers never read `type` (they start a classic worker instead, and
  // Pyodide 0.28+ refuses to run in one).  The URL does not parse, so no worker starts.
  let read = false;
  const options = {
    get type() {
      read = true;
      return "module";
    },
  };
  try {
    new Worker("http://[", options);
  } catch {
    // expected: the URL is invalid
  }
  return read;
}

function hasExceptions() {
  try {
    return WebAssembly.validate(new Uint8Array(WITH_TAG));
  } catch {
    return false;
  }
}

function hasMemoryGrowth() {
  try {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 2 });
    memory.grow(1);
    return memory.buffer.byteLength === 2 * 65536;
  } catch {
    return false;
  }
}

/** What the game engine needs and this browser lacks ([] if nothing; loading.js names them). */
export function missingFeatures() {
  const missing = [];
  const wasm = hasWebAssembly();
  if (!wasm) missing.push("wasm");
  if (!hasModuleWorker()) missing.push("moduleWorker");
  if (wasm && !hasExceptions()) missing.push("wasmExceptions");
  if (wasm && !hasMemoryGrowth()) missing.push("wasmMemory");
  return missing;
}

/** The error the page reports (loading.js words it from `missing`) when the engine cannot run. */
export function unsupported(missing) {
  return Object.assign(new Error(`this browser lacks what the game engine needs: ${missing.join(", ")}`), {
    name: "Unsupported", code: "unsupported", missing: missing.slice(),
  });
}

/**
 * In place of bridge.js's createEngine where the engine cannot run: no worker is started, and
 * `ready` and every request reject with unsupported(missing), which the loading card words.
 */
export function unsupportedEngine(missing) {
  const error = unsupported(missing);
  const ready = Promise.reject(error);
  ready.catch(() => {});
  return { ready, request: () => Promise.reject(error), terminate() {}, worker: null, dead: error };
}

// What WebKit ("RangeError: Out of memory", "Out of executable memory in function at index …"),
// Chromium ("WebAssembly.Memory(): could not allocate memory", "Array buffer allocation failed")
// and Firefox ("out of memory") say when an allocation fails.
const OOM = /out of (executable )?memory|could not allocate memory|allocation failed/i;

/** Whether an error (or its message) says memory ran out. */
export function outOfMemory(err) {
  if (!err) return false;
  const text = typeof err === "string" ? err : `${err.name || ""}: ${err.message || err}`;
  return OOM.test(text);
}
