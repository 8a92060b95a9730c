// The rules screen: the rules of the game on the table (Cambria or Hibernia) in the player's
// language with small diagrams.
//
//   import { initRules, openRules } from "./rules.js";
//   initRules({ game });    // once: wires the dialog (#rules), follows language switches;
//                           // game() names the game on the table or chosen on the setup screen
//   openRules(opener);      // show it; focus returns to `opener` when it closes
//
// Cambria's texts live in web/rules/<lang>.js, Hibernia's in web/games/hibernia/rules/<lang>.js
// (written in our own words in each language), loaded when first needed; the drawings of each
// game's diagrams.js are the same for every language.

import { language, onLanguage, t } from "./i18n.js";
import { diagram as cambriaDiagram } from "./rules/diagrams.js";
import { diagram as hiberniaDiagram } from "./games/hibernia/rules/diagrams.js";
import { openDialog } from "./a11y.js";
import { restartTutorial } from "./tutorial.js";

const GAMES = {
  cambria: {
    diagram: cambriaDiagram,
    texts: {
      en: () => import("./rules/en.js"),
      de: () => import("./rules/de.js"),
      es: () => import("./rules/es.js"),
      ru: () => import("./rules/ru.js"),
    },
  },
  hibernia: {
    diagram: hiberniaDiagram,
    texts: {
      en: () => import("./games/hibernia/rules/en.js"),
      de: () => import("./games/hibernia/rules/de.js"),
      es: () => import("./games/hibernia/rules/es.js"),
      ru: () => import("./games/hibernia/rules/ru.js"),
    },
  },
};

const loaded = {};
let shown = null; // "game:lang" of what the dialog holds
let currentGame = () => "cambria";

function gameOf(id) {
  return Object.hasOwn(GAMES, id) ? id : "cambria";
}

export async function rulesFor(lang, game = "cambria") {
  const g = GAMES[gameOf(game)];
  const key = `${gameOf(game)}:${lang}`;
  if (!loaded[key]) loaded[key] = (await (g.texts[lang] || g.texts.en)()).default;
  return loaded[key];
}

function dialog() {
  return document.getElementById("rules");
}

function body() {
  return dialog().querySelector("#rules-body");
}

/** Fill the dialog with the rules of the game on the table in the current language. */
export async function renderRules() {
  const lang = language();
  const game = gameOf(currentGame());
  const rules = await rulesFor(lang, game);
  if (language() !== lang || gameOf(currentGame()) !== game) return; // changed meanwhile: the newer call draws
  const { diagram } = GAMES[game];
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
  node.dataset.game = game;
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
  shown = `${game}:${lang}`;
}

function escapeAttr(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** Show the rules; `opener` gets the focus back when they close. */
export async function openRules(opener = document.activeElement) {
  if (shown !== `${gameOf(currentGame())}:${language()}`) await renderRules();
  openDialog(dialog(), { opener, initial: dialog().querySelector("#rules-title"), closeButton: document.getElementById("rules-close") });
}

export function initRules({ game } = {}) {
  if (game) currentGame = game;
  onLanguage(() => {
    if (shown !== null) renderRules();
  });
  const guide = document.getElementById("rules-guide");
  if (guide) {
    guide.addEventListener("click", () => {
      restartTutorial();
      dialog().hidden = true;
    });
  }
}
