// This device's identity in remote games (docs/remote-play.md, "Devices, seats and keys"): for
// each game, an ECDSA P-256 key pair that signs the device's messages and the 32-byte seed of its
// dice-secret hash chain, kept in IndexedDB ("cambria-remote", store "devices", one entry a game).
// Python in the worker builds, checks and encodes every message; this module keeps only what must
// stay on the device, and has no UI.  A leaf (bar base64url.js).
//
//   const store = await openDeviceStore();
//   await store.create(tag)         -> {publicKey}: a new key pair and seed for the game `tag`
//   await store.rekey(oldTag, tag)  the entry moves to the game's id once the invite is signed
//   await store.publicKey(tag)      -> base64url of the 65-byte raw point, or null
//   await store.seed(tag)           -> base64url of the seed, or null
//   await store.sign(tag, bytes)    -> base64url of the 64-byte r‖s signature
//   await store.remove(tag); await store.list()  -> the tags
//
// Errors are DeviceErrors whose .code says why: "storage_unavailable" (no IndexedDB, blocked, site
// data refused), "storage_full", "device_exists", "device_missing", "bad_tag", "bad_input",
// "crypto_unavailable".  Each operation is one transaction: a failure writes nothing.

import { toBase64url } from "./base64url.js";

const DB_NAME = "cambria-remote";
const DB_VERSION = 1;
const STORE = "devices";
const TAG = /^[A-Za-z0-9_-]{1,64}$/; // the caller's name for a game: a temporary tag, then its id
const KEY = { name: "ECDSA", namedCurve: "P-256" }; // every engine we test has P-256 (not Ed25519)
const SIGN = { name: "ECDSA", hash: "SHA-256" };
const SEED_BYTES = 32;
const SIGNATURE_BYTES = 64; // WebCrypto's ECDSA signature is r‖s (IEEE P1363), not DER

export class DeviceError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "DeviceError";
    this.code = code;
  }
}

function storageError(err) {
  if (err instanceof DeviceError) return err;
  const name = (err && err.name) || "";
  if (name === "QuotaExceededError") return new DeviceError("storage_full", "no room left to store this device's keys");
  return new DeviceError("storage_unavailable", `this browser's storage is not available (${name || err})`);
}

function checkTag(tag) {
  if (typeof tag !== "string" || !TAG.test(tag)) {
    throw new DeviceError("bad_tag", "a game tag is 1 to 64 characters of A-Z a-z 0-9 _ -");
  }
}

function subtle() {
  // crypto.subtle exists only in a secure context (https, localhost)
  if (!globalThis.crypto || !globalThis.crypto.subtle) {
    throw new DeviceError("crypto_unavailable", "this page has no WebCrypto (it needs https)");
  }
  return globalThis.crypto.subtle;
}

function openDatabase() {
  return new Promise((resolve, reject) => {
    let settled = false;
    let request;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION); // reading indexedDB throws where site data is refused
    } catch (err) {
      reject(storageError(err));
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "game" });
    request.onsuccess = () => {
      const db = request.result;
      if (settled) return db.close(); // given up as blocked: let the other tab go on
      settled = true;
      resolve(db);
    };
    request.onerror = () => {
      settled = true;
      reject(storageError(request.error));
    };
    request.onblocked = () => {
      settled = true;
      reject(new DeviceError("storage_unavailable", "another tab of this site holds its storage: close it"));
    };
  });
}

// One transaction: `work(store, done, fail)` makes its requests; `done(value)` sets the result,
// `fail(error)` aborts (so nothing is written).  Resolves once the transaction has committed.
function transact(db, mode, work) {
  return new Promise((resolve, reject) => {
    let result;
    let failure = null;
    let tx;
    try {
      // a key lost after "complete" (power cut) is a seat lost for good: writes are flushed first
      tx = db.transaction(STORE, mode, { durability: mode === "readwrite" ? "strict" : "default" });
    } catch (err) {
      reject(storageError(err));
      return;
    }
    const fail = (err) => {
      failure = failure || err;
      try {
        tx.abort();
      } catch {
        // already finished: onabort reports the failure
      }
    };
    tx.oncomplete = () => resolve(result);
    tx.onabort = () => reject(storageError(failure || tx.error));
    try {
      work(tx.objectStore(STORE), (value) => { result = value; }, fail);
    } catch (err) {
      fail(err);
    }
  });
}

const missing = (tag) => new DeviceError("device_missing", `this device has no keys for the game ${tag}`);

// add, not put: a game's keys are never replaced (an existing tag fails with "device_exists")
function addNew(store, record, fail) {
  const request = store.add(record);
  request.onerror = (event) => {
    event.preventDefault(); // ours to report: fail() aborts the transaction
    const taken = request.error && request.error.name === "ConstraintError";
    fail(taken ? new DeviceError("device_exists", `this device already has keys for the game ${record.game}`) : request.error);
  };
  return request;
}

export async function openDeviceStore() {
  // one connection, opened again after another tab's upgrade or the user clearing site data
  let opening = null;
  const connection = () => {
    if (!opening) {
      const attempt = openDatabase().then((db) => {
        const drop = () => { if (opening === attempt) opening = null; };
        db.onversionchange = () => { db.close(); drop(); };
        db.onclose = drop;
        return db;
      });
      attempt.catch(() => { if (opening === attempt) opening = null; });
      opening = attempt;
    }
    return opening;
  };
  const using = async (fn) => fn(await connection());
  const entry = async (tag) => { // the entry of game `tag`, or null
    checkTag(tag);
    return using((db) => transact(db, "readonly", (store, done) => {
      const request = store.get(tag);
      request.onsuccess = () => done(request.result || null);
    }));
  };
  await connection(); // no storage: the caller learns it now, before it makes a game

  return {
    async create(tag) {
      checkTag(tag);
      // the private key is not extractable: no script of the page, ours or injected, can read it
      // out and sign as this device elsewhere; the browser keeps it in IndexedDB as a CryptoKey
      const pair = await subtle().generateKey(KEY, false, ["sign", "verify"]);
      const publicKey = new Uint8Array(await subtle().exportKey("raw", pair.publicKey)); // 65 bytes, 04‖x‖y
      // the seed is this device's own dice secret (its hash chain's last value): it never leaves the
      // device but to the worker, and alone it decides no roll, since every roll also needs a reveal
      // of another device
      const seed = crypto.getRandomValues(new Uint8Array(SEED_BYTES));
      const record = { game: tag, privateKey: pair.privateKey, publicKey, seed, created: Date.now() };
      await using((db) => transact(db, "readwrite", (store, done, fail) => addNew(store, record, fail)));
      return { publicKey: toBase64url(publicKey) };
    },

    async rekey(oldTag, newTag) {
      checkTag(oldTag);
      checkTag(newTag);
      await using((db) => transact(db, "readwrite", (store, done, fail) => {
        const read = store.get(oldTag);
        read.onsuccess = () => {
          if (!read.result) return fail(missing(oldTag));
          addNew(store, { ...read.result, game: newTag }, fail).onsuccess = () => store.delete(oldTag);
        };
      }));
    },

    async publicKey(tag) {
      const found = await entry(tag);
      return found ? toBase64url(found.publicKey) : null;
    },

    async seed(tag) {
      const found = await entry(tag);
      return found ? toBase64url(found.seed) : null;
    },

    async sign(tag, bytes) {
      if (!(bytes instanceof Uint8Array)) throw new DeviceError("bad_input", "sign() takes the message as a Uint8Array");
      const found = await entry(tag);
      if (!found) throw missing(tag);
      const signature = new Uint8Array(await subtle().sign(SIGN, found.privateKey, bytes));
      if (signature.length !== SIGNATURE_BYTES) {
        throw new DeviceError("crypto_unavailable", `this browser signs in another form (${signature.length} bytes)`);
      }
      return toBase64url(signature);
    },

    async remove(tag) {
      checkTag(tag);
      await using((db) => transact(db, "readwrite", (store, done, fail) => {
        const read = store.getKey(tag);
        read.onsuccess = () => (read.result === undefined ? fail(missing(tag)) : store.delete(tag));
      }));
    },

    async list() {
      return using((db) => transact(db, "readonly", (store, done) => {
        const request = store.getAllKeys();
        request.onsuccess = () => done(request.result);
      }));
    },
  };
}
