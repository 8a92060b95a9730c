// The "Pass to Brennus" screen of a game several people play at one device: it covers the whole
// page (the next player's choices are not shown before that player holds the device) and takes
// one tap, or Enter, to go on, so that nobody taps for someone else.
//
//   const pass = createPassScreen({ chip: (view, player) => svg, onContinue: () => ... });
//   pass.show(view, player)   // player: one of view.players (its name, colour and shape)
//   pass.hide()               // without a tap: the turn went elsewhere (a computer, the end, another tab)
//   pass.open                 // true while it shows
//
// A modal <dialog>: the browser makes the rest of the page inert (no tap, no Tab reaches it),
// puts the focus on its button and has screen readers read its title and text.  Escape does not
// close it (a close the browser makes anyway opens it again): only the player named does, with the button.  Who is to be named, and when, is
// cues.js's business.

import { el } from "./dom.js";
import { onLanguage, t } from "./i18n.js";
import { playerName } from "./words.js";

export function createPassScreen({ chip, onContinue }) {
  let shown = null; // {view, player} while it shows
  const title = el("h2", { id: "pass-title", class: "pass-title", "data-testid": "pass-title" });
  const text = el("p", { id: "pass-text", class: "pass-text" });
  const badge = el("div", { class: "pass-chip", "aria-hidden": "true" });
  const button = el("button", { type: "button", class: "pass-go", "data-testid": "pass-continue" });
  const card = el("div", { class: "pass-card" }, badge, title, text, button);
  const dialog = el("dialog", {
    class: "pass-screen", id: "pass-screen", "data-testid": "pass-screen",
    "aria-labelledby": "pass-title", "aria-describedby": "pass-text",
  }, card);
  document.body.append(dialog);

  dialog.addEventListener("cancel", (e) => e.preventDefault()); // Escape: the player named goes on, nobody else
  // Browsers let a second Escape close the dialog despite the cancel being refused: it opens again
  dialog.addEventListener("close", () => {
    if (!shown) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    button.focus();
  });
  // a tap beside the button leaves the focus on it: Enter still goes on
  dialog.addEventListener("click", (e) => e.target !== button && button.focus());
  button.addEventListener("click", () => {
    if (!shown) return;
    close();
    onContinue?.();
  });
  onLanguage(() => shown && fill());

  function fill() {
    const { view, player } = shown;
    const name = playerName(view.players, player.index);
    card.className = `pass-card col-${player.colour}`;
    badge.replaceChildren(chip(view, player));
    title.textContent = t("pass.title", { name });
    text.textContent = t("pass.text", { name });
    button.textContent = t("pass.ready", { name });
    dialog.dataset.seat = String(player.index);
  }

  function close() {
    shown = null;
    if (dialog.open) dialog.close();
    document.documentElement.classList.remove("passing");
  }

  return {
    show(view, player) {
      shown = { view, player };
      fill();
      if (!dialog.open) {
        if (typeof dialog.showModal === "function") dialog.showModal();
        else dialog.setAttribute("open", ""); // a browser without modal dialogs: it still covers the page
      }
      document.documentElement.classList.add("passing"); // no scrolling behind it
      button.focus();
    },
    hide() {
      if (shown) close();
    },
    get open() {
      return shown !== null;
    },
  };
}
