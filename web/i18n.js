// Every word on the page in English, German, Spanish and Russian.
//
//   import { t, setLanguage, language, onLanguage } from "./i18n.js";
//   t("log.rolled", { name: "Ann", a: 3, b: 5 })   // "Ann rolled 3 and 5."
//   t("supply.label", { count: 2 })                 // a plural: picks "one" / "few" / "many" / "other"
//
// The catalogs (web/i18n/<lang>.js) map a key to a template; "{name}" is replaced by a
// parameter.  A plural message is an object of Intl.PluralRules categories and is chosen by
// the parameter `count`.  Templates are plain text: the page puts them in with textContent.
//
// The language is the one remembered in localStorage, else the first of navigator.languages
// that we speak, else English.  setLanguage() switches at any time: it remembers the choice,
// sets <html lang>, translates the static page (elements marked with a data-i18n attribute
// naming the key of their text, or data-i18n-<attribute> for an attribute) and tells listeners (onLanguage) to redraw.
//
// tests/test_i18n.py checks that every key used in web/ (t() calls and data-i18n
// attributes) is in every catalog with the same placeholders, and that none is left over.

import en from "./i18n/en.js";
import de from "./i18n/de.js";
import es from "./i18n/es.js";
import ru from "./i18n/ru.js";

export const LANGUAGES = [
  { id: "en", name: "English" },
  { id: "de", name: "Deutsch" },
  { id: "es", name: "Español" },
  { id: "ru", name: "Русский" },
];
const CATALOGS = { en, de, es, ru };
const STORAGE_KEY = "cambria:language";

let current = "en";
let plurals = new Intl.PluralRules("en");
const listeners = new Set();

/** The language to start in: remembered, else the browser's preference, else English. */
export function preferredLanguage(stored = readStored(), wanted = navigator.languages || [navigator.language]) {
  if (stored && Object.hasOwn(CATALOGS, stored)) return stored;
  for (const tag of wanted || []) {
    const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(CATALOGS, base)) return base;
  }
  return "en";
}

function readStored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: choose from the browser every time
  }
}

export function language() {
  return current;
}

/** The translated text for `key`, with `{placeholders}` filled from `params`. */
export function t(key, params = {}) {
  const text = translateKey(key, params);
  if (text === null) {
    console.warn(`i18n: no message ${key}`);
    return key;
  }
  return text;
}

// Catalogs are plain objects: a key must be one of their own (never "constructor" or "__proto__").
function lookup(catalog, key) {
  return typeof key === "string" && Object.hasOwn(catalog, key) ? catalog[key] : undefined;
}

/** Like t(), for a key that comes as data (a part from the engine): null if no catalog has it. */
export function translateKey(key, params = {}) {
  let message = lookup(CATALOGS[current], key);
  if (message === undefined) message = lookup(en, key);
  if (message === undefined) return null;
  if (typeof message === "object") {
    const count = Number(params.count);
    const form = plurals.select(Number.isFinite(count) ? count : 0);
    message = Object.hasOwn(message, form) ? message[form] : message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

export function formatNumber(n) {
  return Number.isInteger(n) ? String(n) : new Intl.NumberFormat(current).format(n);
}

/** 0.42 -> "42%" (or "42 %") as the language writes it. */
export function formatPercent(fraction) {
  return new Intl.NumberFormat(current, { style: "percent", maximumFractionDigits: 0 }).format(fraction);
}

/** "A, B and C" (or with type "disjunction": "A, B or C") in the current language. */
export function formatList(items, type = "conjunction") {
  const list = items.map(String);
  try {
    return new Intl.ListFormat(current, { style: "long", type }).format(list);
  } catch {
    return list.join(", ");
  }
}

/** Translate the static page: data-i18n names the key of the text, data-i18n-<attr> of an attribute. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const attr of ["aria-label", "title", "placeholder", "alt", "content"]) {
    const data = `data-i18n-${attr}`;
    for (const node of root.querySelectorAll(`[${data}]`)) node.setAttribute(attr, t(node.getAttribute(data)));
  }
  if (root === document) {
    document.documentElement.lang = current;
    document.title = t("app.title");
    for (const button of document.querySelectorAll("[data-lang-choice]")) {
      button.setAttribute("aria-pressed", String(button.dataset.langChoice === current));
    }
  }
}

/** Switch the language (remembered), translate the page and tell every listener. */
export function setLanguage(lang, { remember = true } = {}) {
  if (!Object.hasOwn(CATALOGS, lang)) lang = "en";
  current = lang;
  plurals = new Intl.PluralRules(lang);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // not remembered; the choice still holds for this visit
    }
  }
  translatePage();
  for (const fn of listeners) {
    try {
      fn(lang);
    } catch (err) {
      console.error(err);
    }
  }
  document.dispatchEvent(new CustomEvent("cambria:language", { detail: { language: lang } }));
}

/** Call `fn(lang)` after every language switch. */
export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The buttons of a language chooser (native names, each marked with its own lang). */
export function languageButtons(className = "lang-choice") {
  return LANGUAGES.map((l) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.lang = l.id;
    b.dataset.langChoice = l.id;
    b.dataset.testid = `lang-${l.id}`;
    b.textContent = l.name;
    b.setAttribute("aria-pressed", String(l.id === current));
    b.addEventListener("click", () => setLanguage(l.id));
    return b;
  });
}

// Start in the preferred language (not remembered until the player picks one: a browser
// whose language changes later still gets its own).
current = preferredLanguage();
plurals = new Intl.PluralRules(current);
if (typeof document !== "undefined") {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => translatePage(), { once: true });
  } else {
    translatePage();
  }
}
