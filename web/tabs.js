// One game, one tab: a saved game is played in one tab at a time, so that two tabs never
// overwrite each other's saves.  The tab that plays a game holds it; another tab that opens it
// shows it read-only and may take it over ("Continue here").  Taking over asks the holder to
// let go: the holder stops at once (onLost: no new step there), writes the step it was saving,
// stops saving and only then releases, so the tab taking over reads a save with every step.
//
//   import { createTabs, storageOrNull } from "./tabs.js";
//   const tabs = createTabs({ onLost: (id) => ... });  // another tab took the game this tab held
//   await tabs.claim(id)           true: this tab plays the game now; false: another tab does
//   tabs.claim(id, {fresh: true})  a game just made here (nobody else can have it): held at once
//   await tabs.takeOver(id)        the holder lets go (one that does not answer loses it anyway)
//   tabs.holds(id)                 synchronous: this tab may save the game
//   tabs.playing(id)               this tab plays the game (its lock may still be on its way)
//   await tabs.heldElsewhere(id)   another tab holds the game now (a link opened here is handed to
//                                  it: remote/handoff.js)
//   tabs.writing(promise)          the save in flight (returned): written before the game is let go
//   tabs.mayWrite(id, saved, ours) holds(id), and the saved record has no step ours lacks (else
//                                  the game is let go and onLost called: steps played elsewhere stay)
//   tabs.release()                 this tab leaves its game (the new-game screen, another game)
//
// Where the browser has Web Locks (navigator.locks), a game is a lock: the browser frees it
// when the tab closes or crashes.  Elsewhere a lease in localStorage ("cambria:tab:<id>": this
// tab's id and a heartbeat, given up on pagehide; a lease not renewed for LEASE_MS is free).
// The request to let go travels by BroadcastChannel, else as a storage event.

const LOCK = "cambria:game:"; // + the saved game's id
const LEASE = "cambria:tab:"; // + the saved game's id, where there are no Web Locks
const MESSAGE = "cambria:tabs:message"; // the storage-event channel, where there is no BroadcastChannel
const HANDOVER_MS = 1500; // how long a holder has to let go before the game is taken anyway
const SETTLE_MS = 1000; // how long a holder asked to let go waits for the save in flight (< HANDOVER_MS)
// how long a claim waits for a holder that is going away (this very tab before a reload: the
// browser frees the old page's locks a moment after the new page may ask)
const CLAIM_WAIT_MS = 500;
const BEAT_MS = 2000;
const LEASE_MS = 3 * BEAT_MS + 500;

const stepCount = (record) => (record && Array.isArray(record.steps) ? record.steps.length : 0);

/** window[name] ("localStorage", "sessionStorage"), or null where the browser withholds it
 *  (saves.js reads its storage through this too). */
export function storageOrNull(name) {
  try {
    return window[name] || null; // reading localStorage itself throws when site data is blocked
  } catch {
    return null;
  }
}

function tabId() {
  return globalThis.crypto?.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A channel to the other tabs of this site: {post(message), listen(handler)}. */
function openChannel(storage) {
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel("cambria:tabs");
    return { post: (m) => channel.postMessage(m), listen: (f) => channel.addEventListener("message", (e) => f(e.data)) };
  }
  return {
    post(m) {
      try {
        storage.setItem(MESSAGE, JSON.stringify({ ...m, nonce: tabId() })); // other tabs get a storage event
        storage.removeItem(MESSAGE);
      } catch {
        // no storage: no other tab can save either
      }
    },
    listen(f) {
      window.addEventListener("storage", (e) => {
        if (e.key !== MESSAGE || !e.newValue) return;
        try {
          f(JSON.parse(e.newValue));
        } catch {
          // not one of ours
        }
      });
    },
  };
}

// Both ways of holding a game answer acquire(id, {ifAvailable | signal | steal}, onStolen) with
// a function that lets go, or null (not available now, or the wait was aborted); onStolen() is
// called if another tab takes the game while this one holds it.

function lockHolder(locks) {
  return {
    acquire(id, options, onStolen) {
      return new Promise((resolve) => {
        let granted = false;
        locks.request(LOCK + id, options, (lock) => {
          if (!lock) {
            resolve(null);
            return undefined;
          }
          granted = true;
          return new Promise((letGo) => resolve(() => letGo()));
        }).catch(() => {
          if (granted) onStolen(); // AbortError: another tab stole it
          else resolve(null); // the wait was aborted
        });
      });
    },
    mine: () => true, // the browser keeps the lock until we let go or it is stolen (onStolen)
    // (a browser without locks.query: maybe, and the one who would answer says)
    taken: async (id) => (locks.query ? (await locks.query()).held.some((l) => l.name === LOCK + id) : true),
  };
}

function leaseHolder(storage, me) {
  const read = (id) => {
    try {
      const v = JSON.parse(storage.getItem(LEASE + id));
      return v && typeof v.tab === "string" && Number.isFinite(v.at) ? v : null;
    } catch {
      return null; // damaged or unreadable: nobody's
    }
  };
  const write = (id) => {
    try {
      storage.setItem(LEASE + id, JSON.stringify({ tab: me, at: Date.now() }));
    } catch {
      // storage full or blocked: the game is not saved either
    }
  };
  const takenByOther = (id) => {
    const lease = read(id);
    return Boolean(lease && lease.tab !== me && Math.abs(Date.now() - lease.at) < LEASE_MS); // (a time to come: damaged)
  };

  const free = (id) => {
    try {
      if (read(id)?.tab === me) storage.removeItem(LEASE + id);
    } catch {
      // it runs out by itself
    }
  };

  // Held: renewed every beat; given up when the page goes (pagehide), taken again if it comes
  // back from the back-forward cache while nobody else took it (else it was stolen).
  function hold(id, onStolen) {
    write(id);
    let done = false;
    const renew = () => (takenByOther(id) ? stolen() : write(id));
    const beat = setInterval(renew, BEAT_MS);
    const watch = (e) => e.key === LEASE + id && takenByOther(id) && stolen();
    const gone = () => free(id);
    window.addEventListener("storage", watch);
    window.addEventListener("pagehide", gone);
    window.addEventListener("pageshow", renew);
    function stop() {
      done = true;
      clearInterval(beat);
      window.removeEventListener("storage", watch);
      window.removeEventListener("pagehide", gone);
      window.removeEventListener("pageshow", renew);
    }
    function stolen() {
      if (done) return;
      stop();
      onStolen();
    }
    return () => {
      if (done) return;
      stop();
      free(id);
    };
  }

  return {
    acquire(id, { ifAvailable = false, signal = null, steal = false } = {}, onStolen) {
      if (steal || !takenByOther(id)) return Promise.resolve(hold(id, onStolen));
      if (ifAvailable) return Promise.resolve(null);
      return new Promise((resolve) => {
        const poll = setInterval(() => {
          if (signal && signal.aborted) {
            clearInterval(poll);
            resolve(null);
          } else if (!takenByOther(id)) {
            clearInterval(poll);
            resolve(hold(id, onStolen));
          }
        }, 100);
      });
    },
    mine: (id) => read(id)?.tab === me,
    taken: async (id) => takenByOther(id),
  };
}

export function createTabs({
  onLost = () => {},
  storage = storageOrNull("localStorage"),
  locks = globalThis.navigator?.locks || null,
} = {}) {
  const me = tabId();
  const holder = locks ? lockHolder(locks) : storage ? leaseHolder(storage, me) : null;
  const channel = openChannel(storage);
  let held = null; // {id, letGo}: the game this tab plays (letGo null until the browser granted it)
  let asked = 0; // the latest claim or takeover: an older one that comes back late lets go
  let saving = Promise.resolve(); // the save in flight

  channel.listen((m) => {
    if (m && m.type === "let-go" && m.from !== me && held && held.id === m.id) handOver(held);
  });

  // Another tab asks for the game: this one stops (onLost), writes the step it was saving (if its
  // engine answers in time), then no more, and lets go.
  async function handOver(h) {
    if (h.leaving) return;
    h.leaving = true;
    onLost(h.id);
    await Promise.race([saving.catch(() => null), new Promise((done) => setTimeout(done, SETTLE_MS))]);
    if (held !== h) return;
    held = null;
    h.letGo?.();
  }

  function lose(h) {
    if (held !== h) return;
    held = null; // first: not one more write
    h.letGo?.();
    if (!h.leaving) onLost(h.id);
  }

  function take(id, letGo, mine) {
    if (!letGo) return false;
    if (mine !== asked) {
      letGo(); // another claim came since
      return false;
    }
    held = { id, letGo };
    return true;
  }

  const stolen = (id) => () => {
    if (held && held.id === id) lose(held);
  };

  function release() {
    asked++;
    const h = held;
    held = null;
    h?.letGo?.();
  }

  const playing = (id) => Boolean(held && held.id === id && !held.leaving);

  async function claim(id, { fresh = false } = {}) {
    if (playing(id)) return true;
    release();
    const mine = asked;
    if (!holder) {
      held = { id, letGo: null }; // no way to tell other tabs: as before, every tab saves
      return true;
    }
    if (fresh) {
      const h = { id, letGo: null };
      held = h; // a new id: nobody else can hold it, so this tab saves from the first step
      const letGo = await holder.acquire(id, { ifAvailable: true }, stolen(id));
      if (held === h && letGo) h.letGo = letGo;
      else if (letGo) letGo();
      else lose(h);
      return held === h;
    }
    return take(id, await waitFor(id, CLAIM_WAIT_MS), mine);
  }

  /** The game, once free, if within `ms`; else null. */
  async function waitFor(id, ms) {
    const wait = new AbortController();
    const timer = setTimeout(() => wait.abort(), ms);
    const letGo = await holder.acquire(id, { signal: wait.signal }, stolen(id));
    clearTimeout(timer);
    return letGo;
  }

  async function takeOver(id) {
    if (playing(id)) return true;
    release();
    const mine = asked;
    if (!holder) return claim(id);
    channel.post({ type: "let-go", id, from: me });
    let letGo = await waitFor(id, HANDOVER_MS);
    // a holder that did not let go in time (a frozen or hung tab) loses the game anyway
    if (!letGo && mine === asked) letGo = await holder.acquire(id, { steal: true }, stolen(id));
    return take(id, letGo, mine);
  }

  const holds = (id) => Boolean(held && held.id === id && (!holder || holder.mine(id)));

  // The last guard before a save: a record with fewer steps than the saved one would lose steps
  // another tab played (whatever went wrong for it to get here), so it is not written.
  function mayWrite(id, saved, ours) {
    if (!holds(id)) return false;
    if (stepCount(saved) <= stepCount(ours)) return true;
    lose(held);
    return false;
  }

  function writing(promise) {
    saving = promise;
    return promise;
  }

  async function heldElsewhere(id) {
    if (!holder || playing(id)) return false;
    try {
      return await holder.taken(id);
    } catch {
      return false; // locks withheld: as if nobody held it (the link opens here)
    }
  }

  return { claim, takeOver, release, holds, playing, heldElsewhere, mayWrite, writing };
}
