// Cambria's service worker: the whole site on the device, so that it starts with no network.
//
// build.py writes the build id and the list of files into SW below: every file of the build
// (the page, the scripts, Pyodide, the standard library, the engine, the memory snapshot,
// the icons) with the SHA-256 of its content.  Each build gets its own cache, "cambria-<build>".
//
// install   downloads every file into the new cache.  A file whose content hash is unchanged
//           since an earlier build is copied from that build's cache instead of downloaded
//           again (a new deploy usually changes a few small files, not the 20 MB of Python).
//           Every download is checked against its hash, so a half-updated host (old and new
//           files mixed) fails the install and the old version keeps working.
// waiting   a new build waits until the page asks it to take over ({type: "skip-waiting"}),
//           which the page does when the player accepts "A new version is ready — reload".
// activate  deletes the caches of every other build.
// fetch     answers from the cache first (the files are versioned by the build), navigation to
//           the site answers with the cached page; anything else goes to the network.

const SW = /*CAMBRIA:SW*/ null /*END*/; // {build, files: {path: sha256}}, filled in by build.py

const PREFIX = "cambria-";
const CACHE = SW ? PREFIX + SW.build : null;
const MANIFEST = "__cambria-precache.json"; // inside each cache: the files and hashes it holds
const SCOPE = new URL("./", self.location.href);
const INDEX = new URL("index.html", SCOPE).href;
const PARALLEL = 4;

function url(path) {
  return new URL(path, SCOPE).href;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
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

async function download(path, hash, attempt = 0) {
  // "no-cache": revalidate with the server (a 304 reuses the browser's HTTP cache)
  const response = await fetch(new Request(url(path), { cache: attempt ? "reload" : "no-cache" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const got = (await sha256(body)).slice(0, hash.length);
  if (got !== hash) {
    if (attempt === 0) return download(path, hash, 1); // perhaps a stale HTTP cache
    throw new Error(`${path} is not the file of build ${SW.build} (the host may be half-way through a deploy)`);
  }
  return new Response(body, { status: 200, statusText: "OK", headers: response.headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const earlier = await earlierFiles();
  const queue = Object.entries(SW.files);
  async function worker() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [path, hash] = job;
      if (await cache.match(url(path))) continue; // an interrupted install of this build got it
      let response = null;
      const old = earlier.get(hash);
      if (old) response = await (await caches.open(old[0])).match(old[1]);
      if (!response) response = await download(path, hash);
      await cache.put(url(path), response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // Written last: a cache with its manifest is complete (and may be reused by later builds).
  await cache.put(url(MANIFEST), new Response(JSON.stringify(SW.files), {
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

async function respond(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  return fetch(request);
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
  event.respondWith(respond(request, key));
});
