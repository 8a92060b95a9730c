// The bar under the board in a remote game: who is here by live play, and this device's
// buttons for the game's messages (Send and Take back while its steps wait to go; the last link
// again while it waits for others). It shows what the engine's remote view says.
//
//   import { createRemoteBar } from "./bar.js";
//   const bar = createRemoteBar({ presence: (remote) => Element | null, send, takeBack, linkAgain: () => link | null });
//   bar.update(view)   the board's view (no remote game: the bar hides)

import { t } from "../i18n.js";
import { waitingText } from "./words.js";

export function createRemoteBar({ presence, send, takeBack, linkAgain }) {
  let bar = null;

  return {
    update(view) {
      if (!bar) {
        bar = document.createElement("div");
        bar.className = "remote-bar";
        bar.id = "remote-bar";
        bar.dataset.testid = "remote-bar";
        document.getElementById("actions")?.append(bar); // read-only (another tab plays it) disables it with the others
      }
      const r = view && view.remote;
      bar.hidden = !r;
      bar.replaceChildren();
      if (!r) return;
      bar.dataset.status = waitingText(view); // the words are the turn card's prompt
      const button = (text, testid, onclick, primary = false) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = text;
        b.dataset.testid = testid;
        if (primary) b.className = "primary";
        b.addEventListener("click", onclick);
        bar.append(b);
      };
      const line = presence(r);
      if (line) bar.append(line);
      if (r.can_send) {
        button(t("remote.send"), "remote-send", () => send(), true);
        button(t("remote.takeBack"), "remote-take-back", takeBack);
      } else if (!r.my_turn && linkAgain(r)) {
        button(t("remote.linkAgain"), "remote-link-again", () => linkAgain(r, true));
      }
    },
  };
}
