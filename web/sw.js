// Cambria's service worker: the whole site on the device, so that it starts with no network.
//
// build.py writes into SW below: the build id; every file of the build with the SHA-256 of its
// content (first 16 hex digits); which files come as a pair (gzipped, plain: one of each is
// needed, see engine-load.js); the files the worker fetches only if the memory snapshot fails
// (cached once asked for); the files the page asks for with "?v=<build>"; and the few
// sentences this worker may have to say itself.  Each build gets its own cache, "cambria-<build>".
//
// install   downloads every file into the new cache.  A file whose content hash is unchanged
//           since an earlier build is copied from that build's cache instead of downloaded
//           again (a new deploy usually changes a few small files, not the megabytes of Python).
//           Every file is checked against its hash, so a half-updated host (old and new files
//           mixed) fails the install and the old version keeps working.  The engine's big
//           gzipped files are kept decompressed (forCache): a repeat visit skips that work.
// waiting   a new build waits until the page asks it to take over ({type: "skip-waiting"}),
//           which the page does when the player accepts "A new version is ready — reload".
// activate  deletes the caches of every other build.
// fetch     answers from the cache, after checking the cached file against its hash: storage can
//           be damaged (a disk error, a browser bug, someone's tampering).  (The big files the
//           engine's worker downloads it checks itself, so they go out at once; when the worker
//           finds one damaged it asks again with ?cambria-repair=1.)  A damaged file is fetched
//           again from the network and the cache repaired (and the kept copy served if the
//           network is away and it is whole); if the network has another version
//           (a new deploy), that is served and a fresh install started; with no network, a
//           navigation gets a short page saying so and an asset a network error (the page then
//           says so and offers Reload).  Anything else goes to the network.

const SW = /*CAMBRIA:SW*/ null /*END*/; // {build, files, decoded, pairs, onDemand, versioned, messages}

const PREFIX = "cambria-";
const CACHE = SW ? PREFIX + SW.build : null;
const MANIFEST = "__cambria-precache.json"; // inside each cache: the files and hashes it holds
const SCOPE = new URL("./", self.location.href);
const INDEX = new URL("index.html", SCOPE).href;
const PARALLEL = 4;
const REPAIR = "cambria-repair=1"; // a file asked for with this query is fetched and cached again
const KEPT = "X-Cambria-Kept"; // on the kept copy served for REPAIR when the network is away
const gunzip = typeof DecompressionStream === "function";

function url(path) {
  return new URL(path, SCOPE).href;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `buffer` is the file at `path` of this build (or its content, if the host sent a
 *  gzipped file with Content-Encoding, or its precompressed brotli sibling, which holds the
 *  content, and the browser decompressed it). */
async function matches(buffer, path) {
  const got = await sha256(buffer);
  return [SW.files[path], (SW.decoded || {})[path]].some((hash) => hash && got.slice(0, hash.length) === hash);
}

/** The files to precache: of each (gzipped, plain) pair only the one this browser loads, and
 *  not those fetched only if something else fails (cached once they are asked for). */
function wanted() {
  const skip = new Set(SW.onDemand || []);
  for (const [packed, plain] of Object.entries(SW.pairs || {})) skip.add(gunzip ? plain : packed);
  return Object.entries(SW.files).filter(([path]) => !skip.has(path));
}

// Files of earlier builds, by content hash: [cache name, url].
async function earlierFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    try {
      const cache = await caches.open(name);
      const listed = await cache.match(url(MANIFEST));
      if (!listed) continue;
      const files = await listed.json();
      for (const [path, hash] of Object.entries(files)) if (!found.has(hash)) found.set(hash, [name, url(path)]);
    } catch {
      // a damaged old cache is just not reused
    }
  }
  return found;
}

function networkURL(path) {
  // the page asks for some files as "name?v=<build>": the same URL finds them in the HTTP cache
  return (SW.versioned || []).includes(path) ? `${url(path)}?v=${SW.build}` : url(path);
}

/** A fresh copy from the network, checked: {response, body, ok: whether it is this build's}. */
async function fromNetwork(path) {
  let last = null;
  for (const mode of ["no-cache", "reload"]) { // "reload": perhaps the HTTP cache was stale
    const response = await fetch(new Request(networkURL(path), { cache: mode }));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    last = { response, body, ok: await matches(body, path) };
    if (last.ok) break;
  }
  return last;
}

function rebuilt(body, response) {
  return new Response(body, { status: 200, statusText: "OK", headers: response.headers });
}

/** What the cache keeps of a checked file.  A gzipped one (the engine's big files) is kept
 *  decompressed when it arrived compressed: the engine's worker takes the content as readily
 *  as the gzip (engine-load.js), and a repeat visit then does not decompress ~20 MB again at
 *  every start (about 0.15 s of the worker's time on this machine).  The content is checked
 *  against its own hash; if anything fails, the file is kept as it came. */
async function forCache(body, response, path) {
  const head = new Uint8Array(body, 0, Math.min(2, body.byteLength));
  if (gunzip && (SW.decoded || {})[path] && head[0] === 0x1f && head[1] === 0x8b) {
    try {
      const content = await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      if (await matches(content, path)) {
        const headers = new Headers(response.headers);
        headers.delete("Content-Length");
        headers.delete("Content-Encoding");
        return new Response(content, { status: 200, statusText: "OK", headers });
      }
    } catch {
      // kept compressed: the worker decompresses it itself
    }
  }
  return rebuilt(body, response);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const earlier = await earlierFiles();
  const queue = wanted();
  const stored = {};
  async function worker() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [path, hash] = job;
      stored[path] = hash;
      const have = await cache.match(url(path)); // an interrupted install of this build got it?
      if (have && (await matches(await have.clone().arrayBuffer(), path))) continue;
      let response = null;
      const old = earlier.get(hash);
      if (old) {
        const copy = await (await caches.open(old[0])).match(old[1]);
        if (copy) {
          const body = await copy.arrayBuffer();
          if (await matches(body, path)) response = await forCache(body, copy, path);
        }
      }
      if (!response) {
        const got = await fromNetwork(path);
        if (!got.ok) throw new Error(`${path} is not the file of build ${SW.build} (the host may be half-way through a deploy)`);
        response = await forCache(got.body, got.response, path);
      }
      await cache.put(url(path), response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // Written last: a cache with its manifest is complete (and may be reused by later builds).
  await cache.put(url(MANIFEST), new Response(JSON.stringify(stored), {
    headers: { "Content-Type": "application/json" },
  }));
}

self.addEventListener("install", (event) => {
  if (!SW) return; // web/sw.js as it is in the sources: nothing to cache
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "build" && event.source) event.source.postMessage({ type: "build", build: SW && SW.build });
});

function escapeHTML(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** The page for a navigation when the cached page is damaged and the network is away. */
function brokenOfflinePage() {
  const messages = SW.messages || {};
  const langs = (self.navigator.languages || [self.navigator.language || "en"]).map((l) => String(l).split("-")[0]);
  const lang = langs.find((l) => messages[l]) || "en";
  const say = (key) => escapeHTML((messages[lang] || {})[key] || (messages.en || {})[key] || key);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${say("app.title")}</title></head>
<body><h1>${say("app.title")}</h1><p data-i18n="loading.brokenOffline">${say("loading.brokenOffline")}</p>
<p><a href="" data-i18n="loading.reload">${say("loading.reload")}</a></p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'" },
  });
}

async function respond(request, key, path, repair) {
  const hash = SW.files[path];
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  const hit = repair ? null : kept;
  if (hit && hash === undefined) return hit;
  // The big files the engine's worker checks itself go out at once, streaming; if one is
  // damaged, the worker asks again with the repair query (below).
  if (hit && (SW.checkedByWorker || []).includes(path)) return hit;
  if (hit) {
    // the cached response itself goes out (not a copy): the browser may keep compiled code of
    // scripts beside cache entries, and finds it again only for the entry's own response
    if (await matches(await hit.clone().arrayBuffer(), path)) return hit;
    console.warn(`Cambria: the cached ${path} is damaged; fetching it again.`);
  }
  if (hash === undefined) return fetch(request);
  let got = null;
  try {
    got = await fromNetwork(path);
  } catch (err) {
    // Asked past the cache (the engine's second try, engine-load.js) with no network: the copy
    // kept here is all there is: it goes out if it is whole (the worker checks its big files itself).
    // Marked as such: a big file the worker then finds damaged could not be fetched (engine-load.js).
    if (repair && kept && ((SW.checkedByWorker || []).includes(path)
        || (await matches(await kept.clone().arrayBuffer(), path)))) {
      const headers = new Headers(kept.headers);
      headers.set(KEPT, "1");
      return new Response(kept.body, { status: 200, statusText: "OK", headers });
    }
    if (request.mode === "navigate") return brokenOfflinePage();
    return Response.error();
  }
  if (got.ok) {
    await cache.put(key, await forCache(got.body, got.response, path)).catch(() => {});
  } else {
    // The host has another version now: serve it, and install that version properly.
    self.registration.update().catch(() => {});
  }
  return rebuilt(got.body, got.response);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!CACHE || request.method !== "GET") return;
  const where = new URL(request.url);
  if (where.origin !== SCOPE.origin || !where.href.startsWith(SCOPE.href)) return;
  let key = where.origin + where.pathname; // the files are versioned by the cache: no ?v=
  if (request.mode === "navigate") {
    if (key === SCOPE.href || key === INDEX) key = INDEX;
    else return; // a page that is not the game: the network
  }
  if (key === url(MANIFEST)) return;
  const path = key.slice(SCOPE.href.length);
  event.respondWith(respond(request, key, path, where.search === `?${REPAIR}`));
});
