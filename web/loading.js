// The loading card: a progress bar that moves with the bytes, and plain words with a button
// when loading fails or stalls (never an endless bar, never a Python traceback).
//
//   import { createLoading } from "./loading.js";
//   const loading = createLoading({ t, stageText, formatNumber, formatPercent });
//   loading.progress({ stage, fraction, loaded, total });   // from the engine's progress messages
//   loading.failed(err, { retry });   // err.name from the worker: DownloadFailed, DownloadDamaged,
//                          // OutOfMemory, ... or Unsupported with err.missing (support.js: the
//                          // page's own check); "Try again" calls retry() (else it reloads the page)
//   loading.done();        // hides the card
//   loading.retranslate(); // after a language switch
//
// index.html also loads this module on its own, before app.js: if the page's scripts never get
// as far as createLoading() (a script that did not arrive, or arrived damaged), the card says
// so when the page has finished loading, in the words of index.html (translated if the
// translations loaded), with Reload.  It imports nothing, so that it works when the other
// scripts do not.  (A worker that never says a word is the bridge's to notice: bridge.js.)

let attached = false;

function $(id) {
  return document.getElementById(id);
}

function showReload() {
  const reload = $("loading-reload");
  if (!reload) return;
  reload.hidden = false;
  reload.onclick = () => location.reload();
}

/** The file a download error names first ("pyodide/pyodide.mjs: HTTP 503", "x/y.wasm.gz arrived
 *  incomplete …" -> "pyodide.mjs", "y.wasm.gz"), or "". */
function fileOf(err) {
  const match = /^([\w./-]+\.[a-z0-9]+)(\?\S*)?[: ]/.exec(String((err && err.message) || ""));
  return match ? match[1].split("/").pop() : "";
}

function incomplete() {
  const card = $("loading");
  if (!card) return;
  card.classList.add("failed");
  card.hidden = false;
  $("loading-problem").hidden = false;
  showReload();
  document.documentElement.dataset.loading = "failed";
}

window.addEventListener("load", () => {
  if (!attached) incomplete();
});

/** What to tell the player about a failed load, by the worker's error name. */
function failureText(err, t) {
  // the worker's own script did not arrive (bridge.js has no more to say than that)
  if (err && err.name === "EngineUnavailable" && /could not start$/.test(String(err.message))) return t("loading.network");
  switch (err && err.name) {
    case "DownloadFailed": return t("loading.network");
    case "DownloadDamaged": return t("loading.damaged");
    case "DownloadStalled": return t("loading.stalled");
    // the page's own check (support.js) names what is missing
    case "Unsupported": return Array.isArray(err.missing) && err.missing.length
      ? t("loading.cannotRun", { missing: err.missing.map((id) => featureName(id, t)).join(", ") }) : t("loading.unsupported");
    case "OutOfMemory": return t("loading.memory");
    default: return t("loading.failed", { detail: shortDetail(err) });
  }
}

/** The name of a feature support.js found missing. */
function featureName(id, t) {
  switch (id) {
    case "wasm": return t("support.wasm");
    case "moduleWorker": return t("support.moduleWorker");
    case "wasmExceptions": return t("support.wasmExceptions");
    case "wasmMemory": return t("support.wasmMemory");
    default: return id;
  }
}

function shortDetail(err) {
  // a last line at most (a Python error may bring its whole traceback)
  const lines = String((err && err.message) || err || "").trim().split("\n");
  return lines[lines.length - 1].slice(0, 200);
}

export function createLoading({ t, stageText, formatNumber, formatPercent }) {
  attached = true;
  const card = $("loading");
  const text = $("loading-text");
  const pct = $("loading-pct");
  const bar = $("loading-bar");
  const detail = $("loading-detail");
  const button = $("loading-reload");
  let last = null; // the last progress, to word it again in another language
  let failure = null;
  let retryable = false;

  function words() {
    if (failure) {
      text.textContent = failureText(failure, t);
      // which file, in its own name: what a person can pass on to whoever hosts the site
      const file = fileOf(failure);
      detail.textContent = file ? t("loading.file", { file }) : "";
      detail.hidden = !file;
      button.textContent = retryable ? t("loading.retry") : t("loading.reload");
      return;
    }
    if (!last) return;
    const stage = stageText(last.stage);
    if (last.total && last.loaded < last.total) {
      const mb = (n) => formatNumber(Math.round(n / 1e5) / 10);
      text.textContent = t("loading.bytes", { stage, loaded: mb(last.loaded), total: mb(last.total) });
    } else {
      text.textContent = t("loading.stage", { stage });
    }
  }

  function progress(p) {
    if (failure) return;
    last = p;
    const value = Math.round(Math.max(0, Math.min(1, p.fraction || 0)) * 100);
    text.removeAttribute("data-i18n");
    words();
    pct.textContent = formatPercent(value / 100);
    bar.setAttribute("aria-valuenow", String(value));
    bar.style.setProperty("--pct", `${value}%`);
    document.documentElement.dataset.loading = "loading";
  }

  function failed(err, { retry = null } = {}) {
    failure = err || new Error("unknown");
    retryable = typeof retry === "function";
    card.classList.add("failed");
    card.hidden = false;
    text.removeAttribute("data-i18n");
    button.removeAttribute("data-i18n");
    words();
    pct.textContent = "";
    showReload();
    if (retryable) {
      button.onclick = () => {
        // back to a bar: the next progress (or failure) words the card again
        failure = null;
        card.classList.remove("failed");
        button.hidden = true;
        detail.hidden = true;
        progress({ stage: "", fraction: 0 });
        retry();
      };
    }
    document.documentElement.dataset.loading = "failed";
    button.focus({ preventScroll: true });
  }

  function done() {
    card.hidden = true;
    document.documentElement.dataset.loading = "done";
  }

  return { progress, failed, done, retranslate: words };
}

// The page's one loading card once app.js has made it: the controller (a failed start, a
// restarted engine) and the screen (hide it once a game or the setup shows) report to it.
let shared = null;

export function useLoading(card) {
  shared = card;
}

export function loadingProgress(p) {
  if (shared) shared.progress(p);
}

export function loadingFailed(err, options) {
  if (shared) shared.failed(err, options);
}

export function loadingDone() {
  if (shared) shared.done();
}

export function retranslateLoading() {
  if (shared) shared.retranslate();
}
