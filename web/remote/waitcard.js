// The new-game screen's card for a remote game that has not started yet: the game is this
// page's even with every dialog closed, so the screen says whom it waits for (each seat: free,
// asked for, here), who is here by live play, and gives the link again. A host who closed the
// invite, and a joiner who sent their join, see what they are waiting for, not a bare "New game";
// a joiner whose seat another asked for first is offered the seats again.
//
//   import { createWaitCard } from "./waitcard.js";
//   const card = createWaitCard({ again: () => ..., presence: (remote) => Element | null });
//   card.show(remote)   the engine's remote view of a game not started
//   card.refresh()      the same game, its presence line again (live play changed)
//   card.hide()

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { namesOf, seatLabel } from "./words.js";
import { gameTitle } from "../games/index.js";

/** The new-game form's start button under the card: "Start another game instead" while a game
 * waits here (a joiner read "Start the game" as starting the one they wait for), else as it was.
 * Only the ready button's words change: "Loading…" and "unavailable" are the engine's to say. */
function startWords(waiting) {
  const start = document.getElementById("start");
  if (!start || start.disabled || !["setup.start", "setup.startOther"].includes(start.dataset.i18n)) return;
  start.dataset.i18n = waiting ? "setup.startOther" : "setup.start";
  start.textContent = waiting ? t("setup.startOther") : t("setup.start");
}

export function createWaitCard({ again, presence }) {
  let card = null;
  let shown = null; // the remote view the card shows

  function place() {
    if (!card) {
      card = el("section", { class: "remote-waiting", id: "remote-waiting", "data-testid": "remote-waiting", "aria-live": "polite", hidden: true });
      document.getElementById("setup")?.prepend(card); // above "New game": the game this page has already
    }
    return card;
  }

  function draw(remote) {
    const joiner = Boolean(remote.joining);
    // this device's join came too late for its seat: the card says so and offers the seats again
    const taken = joiner && remote.joining.status === "refused" ? remote.joining : null;
    const title = joiner ? t("remote.cardJoined", { game: gameTitle(remote.game), names: namesOf(remote, 0) })
      : t("remote.cardHost", { game: gameTitle(remote.game) });
    const seats = el("ul", { class: "remote-seats" });
    remote.seats.forEach((seat, i) => {
      const free = seat.kind === "human" && seat.device === null;
      seats.append(el("li", { class: `remote-seat${free ? " free" : ""}`, "data-testid": `remote-waiting-seat-${i}` },
        el("span", { class: `chip col-${seat.colour}`, "aria-hidden": "true" }), el("span", { text: seatLabel(remote, i) })));
    });
    const first = place().hidden;
    const live = presence(remote);
    if (live) live.dataset.testid = "remote-waiting-live"; // (the bar under the board has its own)
    place().replaceChildren(...[
      el("h3", { "data-testid": "remote-waiting-title", text: title }),
      joiner ? el("p", { "data-testid": "remote-waiting-text", text: taken
        ? t("remote.cardTaken", { by: taken.by || "?", n: taken.seats.map((s) => s + 1).join(", ") })
        : t("remote.waitingLetIn", { names: namesOf(remote, 0) }) }) : null,
      seats, live && live.textContent ? live : null,
      el("button", { type: "button", class: "primary", "data-testid": taken ? "remote-waiting-seats" : "remote-waiting-link",
        text: taken ? t("remote.chooseSeat") : joiner ? t("remote.joinLinkAgain") : t("remote.inviteAgain"),
        onclick: () => again(remote) }),
    ].filter(Boolean));
    card.hidden = false;
    startWords(true);
    if (first) card.scrollIntoView({ block: "nearest" }); // the screen may have been scrolled to the seats
  }

  return {
    show(remote) {
      shown = remote;
      draw(remote);
    },
    refresh() {
      if (shown && card && !card.hidden) draw(shown);
    },
    hide() {
      shown = null;
      if (card) {
        card.hidden = true;
        card.replaceChildren();
      }
      startWords(false);
    },
  };
}
