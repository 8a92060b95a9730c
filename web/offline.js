// Offline use: registers the service worker (sw.js) and tells the player when a new version of
// the site is ready.
//
//   import { initOffline } from "./offline.js";
//   initOffline({ notify: (text) => ... });   // once the page is interactive
//
// The worker precaches the whole build; a later deploy installs beside it and waits.  Then a
// banner says "A new version of Cambria is ready" with a Reload button: the new worker takes
// over (skipWaiting) and the page reloads (the game in progress is autosaved, so it resumes
// where it was).  <html data-offline="..."> says where things are: "registering",
// "installing", "ready" (works offline), "update" (a new version waits), "unavailable".

import { t } from "./i18n.js";

let started = false;

// sessionStorage may be missing or throw (storage blocked, a damaged profile): offline support
// then only loses the "updated" notice.
const session = {
  get(key) {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // the page still reloads into the new version; it just cannot say so afterwards
    }
  },
  remove(key) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

function setStatus(status) {
  document.documentElement.dataset.offline = status;
}

function updateBanner(worker) {
  let banner = document.getElementById("update-banner");
  if (banner) {
    banner.hidden = false;
    banner._worker = worker;
    return;
  }
  banner = document.createElement("div");
  banner.id = "update-banner";
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  banner.dataset.testid = "update-banner";
  const text = document.createElement("span");
  text.textContent = t("offline.newVersion");
  text.dataset.i18n = "offline.newVersion";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "primary";
  reload.dataset.testid = "update-reload";
  reload.textContent = t("loading.reload");
  reload.dataset.i18n = "loading.reload";
  const later = document.createElement("button");
  later.type = "button";
  later.className = "update-later";
  later.setAttribute("aria-label", t("offline.later"));
  later.dataset.i18nAriaLabel = "offline.later";
  later.textContent = "×";
  banner._worker = worker;
  reload.addEventListener("click", () => {
    reload.disabled = true;
    reload.textContent = t("offline.reloading");
    delete reload.dataset.i18n;
    session.set("cambria:updating", "1");
    banner._worker.postMessage({ type: "skip-waiting" });
    // if the new worker does not take over (another tab holds it?), reload anyway
    setTimeout(() => location.reload(), 4000);
  });
  later.addEventListener("click", () => { banner.hidden = true; });
  banner.append(text, reload, later);
  (document.getElementById("app") || document.body).append(banner);
}

/**
 * Register the service worker (once).  `notify(text)` shows a short message (a toast).
 * @returns {Promise<ServiceWorkerRegistration|null>}
 */
export async function initOffline({ notify } = {}) {
  if (started) return null;
  started = true;
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setStatus("unavailable");
    return null;
  }
  setStatus("registering");
  const sw = navigator.serviceWorker;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    // only the tab whose player asked for the new version reloads by itself
    if (session.get("cambria:updating") && !reloading) {
      reloading = true;
      session.remove("cambria:updating");
      location.reload();
    }
  });
  if (session.get("cambria:updating")) {
    session.remove("cambria:updating");
    notify?.(t("offline.updated"));
  }
  const firstInstall = !sw.controller;
  let registration;
  try {
    registration = await sw.register(new URL("sw.js", document.baseURI), { updateViaCache: "none" });
  } catch (err) {
    console.warn("Cambria: no offline support:", err);
    setStatus("unavailable");
    return null;
  }

  // The installing worker of a first visit is both registration.installing and the subject of
  // "updatefound": watch each worker once, or the player hears "works offline" twice.
  const watched = new WeakSet();
  const watch = (worker) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    setStatus("installing");
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) {
        setStatus("update");
        updateBanner(worker);
      } else if (worker.state === "activated" && firstInstall) {
        setStatus("ready");
        notify?.(t("offline.installed"));
      } else if (worker.state === "redundant" && registration.active) {
        setStatus(registration.waiting ? "update" : "ready"); // that install failed; keep the old one
      }
    });
  };
  if (registration.waiting && sw.controller) {
    setStatus("update");
    updateBanner(registration.waiting);
  } else if (registration.installing) {
    watch(registration.installing);
  } else if (registration.active) {
    setStatus("ready");
  }
  registration.addEventListener("updatefound", () => watch(registration.installing));

  // Look for a new version now and then: a tab left open, the app on a phone's home screen.
  const check = () => registration.update().catch(() => {});
  setInterval(check, 60 * 60 * 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  // Persistent storage (the saved games and this cache) is asked for by eviction.js, once a
  // session after a game was saved: not here at every start (Firefox would prompt at first paint).
  return registration;
}
