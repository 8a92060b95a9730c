// Saved games the browser itself may delete: asking it to keep them, and knowing when it may not.
//
//   import { createEviction } from "./eviction.js";
//   const eviction = createEviction();
//   eviction.saved();     // after a game was saved: asks for persistent storage, once a session
//   eviction.atRisk();    // true where saved games may be deleted after days without a visit
//
// Safari and every iOS browser (WebKit's tracking prevention) delete all of a site's storage
// after 7 days of browser use without a visit to it; a site added to the Home Screen is exempt.
// Elsewhere storage is kept until the disk is short, and a persistent origin not even then.
// navigator.storage.persist() is asked for at a sensible moment (the first game saved in this
// session, never at first paint: Firefox shows the player a prompt) and never twice a session
// (the flag lives in sessionStorage, so a reload does not ask again).  docs/browsers.md has the
// sources.

const ASKED = "cambria:persist-asked";

/** Whether this user agent is WebKit with tracking prevention: Safari, or any browser on iOS. */
export function evictingEngine(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints || 0) {
  const ua = String(userAgent || "");
  // on iOS and iPadOS every browser is WebKit (CriOS, FxiOS, EdgiOS too); iPadOS asks for
  // desktop pages as a Mac with a touch screen
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)) return true;
  return /AppleWebKit/.test(ua) && /Safari\//.test(ua)
    && !/Chrome|Chromium|CriOS|Edg|OPR|Firefox|FxiOS|Android/.test(ua);
}

/** Whether the page runs as an app added to the Home Screen (or installed), not in a tab. */
export function installed() {
  try {
    if (navigator.standalone === true) return true; // iOS Safari's own flag
    return typeof matchMedia === "function"
      && ["standalone", "fullscreen", "minimal-ui"].some((mode) => matchMedia(`(display-mode: ${mode})`).matches);
  } catch {
    return false;
  }
}

function session(action) {
  try {
    return action(sessionStorage);
  } catch {
    return null; // storage blocked: the page-load flag still holds
  }
}

export function createEviction({ storage = globalThis.navigator && navigator.storage } = {}) {
  let persisted = null; // null: not known (or the browser cannot say)
  let asked = Boolean(session((s) => s.getItem(ASKED)));
  const known = (async () => {
    try {
      if (storage && typeof storage.persisted === "function") persisted = (await storage.persisted()) === true;
    } catch {
      // an opaque origin or storage turned off: not persisted, as far as anyone knows
    }
    return persisted;
  })();

  async function saved() {
    if (asked) return;
    asked = true;
    session((s) => s.setItem(ASKED, "1"));
    if ((await known) === true) return; // kept already
    if (!storage || typeof storage.persist !== "function") return;
    try {
      persisted = (await storage.persist()) === true;
    } catch {
      // refused outright: the note in Saved games says what to do
    }
  }

  function atRisk() {
    return persisted !== true && evictingEngine() && !installed();
  }

  return { saved, atRisk };
}
