// The menu in the top bar: new game, saved games, statistics, replay, save to a file, open a
// file, the rules, and the languages.
//
//   import { initMenu } from "./menu.js";
//   initMenu({ "new-game": () => ..., library, stats, replay, save, open, rules })   // by data-action

import { languageButtons } from "./i18n.js";

export function initMenu(actions) {
  const button = document.getElementById("menu-button");
  const menu = document.getElementById("menu");
  document.getElementById("menu-languages")?.append(...languageButtons("lang-choice"));
  const close = () => {
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
  };
  button.addEventListener("click", (e) => {
    e.stopPropagation();
    menu.hidden = !menu.hidden;
    button.setAttribute("aria-expanded", String(!menu.hidden));
  });
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target)) close();
  });
  menu.addEventListener("click", (e) => {
    const action = e.target.closest("[data-action]")?.dataset.action;
    close(); // a language button too
    if (!action) return;
    const run = Object.hasOwn(actions, action) ? actions[action] : null;
    if (run) run(button);
  });
}
