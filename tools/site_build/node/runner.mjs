// Runs the site's own Pyodide under Node for the build (tools/site_build/node_pyodide.py):
//
//   node runner.mjs <pyodide dir> <job.json>
//
// job.json: {
//   "stdlib":   path of the standard library zip to load instead of the stock one (optional),
//   "mount":    {"/work": "<host folder>"}: host folders the script may read and write (optional),
//   "archives": [zip paths unpacked into Python's working directory before the script],
//   "script":   path of the Python script to run; it finds the job's "args" in BUILD_ARGS,
//   "snapshot": path to write a memory snapshot to after the script (optional),
//   "restore":  path of a raw memory snapshot to start from, as the browser does (optional)
// }
//
// Everything Pyodide could read from the outside world is made repeatable first: the entropy
// (Python's hash secret and the seed of `random` come from it), the wall clock and the
// monotonic clock (file times, logging's start time), the program's name (Emscripten takes
// Node's argv[1], this file's path, which differs between clones) and the locale (taken from
// the Node version).  Otherwise two builds of one commit would give two different memory
// snapshots, and every redeploy an "update" for every player.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

let state = 0x2545f491;
function nextByte() {
  // mulberry32: small, fast and the same on every machine (no quality needed, only repeatability)
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) & 0xff;
}
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = nextByte();
  return view;
}
nodeCrypto.randomFillSync = fill; // what Emscripten's /dev/urandom and getentropy use under Node
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
Math.random = () => nextByte() / 256;
let wall = Date.UTC(2000, 0, 1);
Date.now = () => (wall += 1);
let mono = 1000;
performance.now = () => (mono += 1);

const [indexDir, jobFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const info = JSON.parse(readFileSync(path.join(indexDir, "pyodide-lock.json"), "utf8")).info;
const options = {
  indexURL: indexDir + path.sep,
  _sysExecutable: "./this.program", // what a browser has
  env: { LANG: "C.UTF-8" },
  lockFileContents: JSON.stringify({ info, packages: {} }),
  stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
};
if (job.stdlib) options.stdLibURL = job.stdlib;
if (job.snapshot) options._makeSnapshot = true;
if (job.restore) options._loadSnapshot = new Uint8Array(readFileSync(job.restore));
const pyodide = await loadPyodide(options);
for (const [where, host] of Object.entries(job.mount || {})) pyodide.mountNodeFS(where, host);
for (const archive of job.archives || []) pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
pyodide.globals.set("BUILD_ARGS", JSON.stringify(job.args ?? null));
pyodide.runPython(readFileSync(job.script, "utf8"), { filename: path.basename(job.script) });
if (job.snapshot) {
  pyodide.globals.delete("BUILD_ARGS");
  writeFileSync(job.snapshot, pyodide.makeMemorySnapshot());
}
