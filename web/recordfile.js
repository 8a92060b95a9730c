// A game record as a file: saved (downloaded) from a game, read from a file the player picks.
//
//   import { download, downloadRaw, fileName, readRecordFile } from "./recordfile.js";
//   download(record)                 // cambria-<map>-<names>-<date>.json
//   downloadRaw(entry, text)         // a saved game that cannot be read, exactly as stored
//   await readRecordFile(file)       // its text, or an Error with a clear message
//   saveFile(text, name, type?)      // any text as a downloaded file (the statistics' export)

import { plainText } from "./saves.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

const MAX_FILE = 2 * 1024 * 1024; // a 5-player record of a long game is ~10 KB

// a name's letters, digits and dashes only (and never String() on a stored object)
function fileWord(value, fallback, max = 40) {
  return plainText(value).normalize("NFKD").replace(/[^\w-]+/g, "").slice(0, max) || fallback;
}

export function fileName(record) {
  const who = fileWord((Array.isArray(record.players) ? record.players : []).map((p) => plainText(p && p.name)).join("-"), "game");
  return `cambria-${fileWord(record.map, "game")}-${who}-${new Date().toISOString().slice(0, 10)}.json`;
}

export function download(record) {
  saveFile(JSON.stringify(record, null, 1) + "\n", fileName(record));
}

/** A saved game that cannot be read, as the text stored (nothing lost: it can be mended by hand). */
export function downloadRaw(entry, text) {
  let json = true;
  try {
    JSON.parse(text);
  } catch {
    json = false;
  }
  saveFile(text, `cambria-unreadable-${fileWord(entry.id, "game")}.${json ? "json" : "txt"}`, json ? "application/json" : "text/plain");
}

export function saveFile(text, name, type = "application/json") {
  const blob = new Blob([text], { type });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 2000);
}

/** Read a file as UTF-8 text; a clear message for what cannot be a game record (or, with
 *  maxBytes, the statistics file: stats.js STATS_FILE_BYTES). */
export async function readRecordFile(file, { maxBytes = MAX_FILE } = {}) {
  if (file.size === 0) throw new Error(t("lib.fileEmpty"));
  if (file.size > maxBytes) {
    throw new Error(t("lib.fileTooLarge", { size: Number((file.size / 1e6).toFixed(1)) }));
  }
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(t("lib.fileNotText"));
  }
}
