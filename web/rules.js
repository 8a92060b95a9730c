// The rules screen: the rules of Cambria in the player's language with small diagrams.
//
//   import { initRules, openRules } from "./rules.js";
//   initRules();            // once: wires the dialog (#rules) and follows language switches
//   openRules(opener);      // show it; focus returns to `opener` when it closes
//
// The texts live in web/rules/<lang>.js (written in our own words in each language), loaded
// when first needed; the drawings in web/rules/diagrams.js are the same for every language.

import { language, onLanguage, t } from "./i18n.js";
import { diagram } from "./rules/diagrams.js";
import { openDialog } from "./a11y.js";
import { restartTutorial } from "./tutorial.js";

const LOADERS = {
  en: () => import("./rules/en.js"),
  de: () => import("./rules/de.js"),
  es: () => import("./rules/es.js"),
  ru: () => import("./rules/ru.js"),
};

const loaded = {};
let shownLanguage = null;

export async function rulesFor(lang) {
  if (!loaded[lang]) loaded[lang] = (await (LOADERS[lang] || LOADERS.en)()).default;
  return loaded[lang];
}

function dialog() {
  return document.getElementById("rules");
}

function body() {
  return dialog().querySelector("#rules-body");
}

/** Fill the dialog with the rules in the current language. */
export async function renderRules() {
  const lang = language();
  const rules = await rulesFor(lang);
  if (language() !== lang) return; // switched again meanwhile: the newer call draws
  const node = body();
  const parts = [`<p class="rules-intro">${rules.intro}</p>`, `<nav class="rules-toc" aria-label="${escapeAttr(t("rules.contents"))}"><ul>`];
  for (const s of rules.sections) parts.push(`<li><a href="#rules-${s.id}">${s.heading}</a></li>`);
  parts.push("</ul></nav>");
  for (const s of rules.sections) {
    parts.push(`<section class="rules-section" id="rules-${s.id}" aria-labelledby="rules-h-${s.id}">`);
    parts.push(`<h3 id="rules-h-${s.id}">${s.heading}</h3>`);
    if (s.diagram) {
      parts.push(`<figure class="rules-figure">${diagram(s.diagram, s.caption)}<figcaption>${s.caption}</figcaption></figure>`);
    }
    parts.push(s.body, "</section>");
  }
  node.innerHTML = parts.join("");
  node.lang = lang;
  for (const a of node.querySelectorAll(".rules-toc a")) {
    a.addEventListener("click", (e) => {
      e.preventDefault();
      const target = node.querySelector(a.getAttribute("href"));
      if (target) {
        target.scrollIntoView({ block: "start" });
        const h = target.querySelector("h3");
        h.tabIndex = -1;
        h.focus({ preventScroll: true });
      }
    });
  }
  shownLanguage = lang;
}

function escapeAttr(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** Show the rules; `opener` gets the focus back when they close. */
export async function openRules(opener = document.activeElement) {
  if (shownLanguage !== language()) await renderRules();
  openDialog(dialog(), { opener, initial: dialog().querySelector("#rules-title"), closeButton: document.getElementById("rules-close") });
}

export function initRules() {
  onLanguage(() => {
    if (shownLanguage !== null) renderRules();
  });
  const guide = document.getElementById("rules-guide");
  if (guide) {
    guide.addEventListener("click", () => {
      restartTutorial();
      dialog().hidden = true;
    });
  }
}
