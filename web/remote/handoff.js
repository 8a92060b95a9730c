// A link opened in a new tab while another tab of this browser holds its game (tabs.js): the new
// tab hands the link to that tab, which opens it as if it had been opened there (its checks, its
// toasts, its live connection carry on), instead of the two tabs fighting over the game.
// Messengers open every link a friend sends in a new tab; this is what makes that work.
//
//   import { createHandoff } from "./remote/handoff.js";
//   const handoff = createHandoff({ holds: (gameId) => ..., open: (link) => ... });
//   await handoff.offer(gameId, link)   true: the tab holding the game took the link; false: no
//                                       tab answered in time (gone, frozen): open it here
//
// holds(gameId): this tab plays the game (tabs.holds); open(link): the link opened here, as a
// pasted link or a hash change is. The question and answer go by a BroadcastChannel of their own
// (tabs.js's carries the requests to let go); where there is none, a link opens where it is.

const CHANNEL = "cambria:links";
// how long the new tab waits for the holder's answer: the answer comes as soon as the holder
// reads the question (before it opens the link), so a live tab answers in a few milliseconds;
// a frozen or discarded one never does, and the link then opens in the new tab as before
const ANSWER_MS = 1500;

const askId = () => (globalThis.crypto?.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function createHandoff({ holds, open }) {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  const waiting = new Map(); // ask id -> resolve, the offers of this tab not answered yet

  channel?.addEventListener("message", (e) => {
    const m = e.data;
    if (!m || typeof m.ask !== "string") return;
    if (m.type === "taken") {
      waiting.get(m.ask)?.(true);
      return;
    }
    if (m.type !== "link" || typeof m.game !== "string" || typeof m.link !== "string" || !holds(m.game)) return;
    channel.postMessage({ type: "taken", ask: m.ask }); // first: the new tab stops waiting
    open(m.link);
  });

  function offer(gameId, link) {
    if (!channel) return Promise.resolve(false);
    const ask = askId();
    return new Promise((resolve) => {
      const done = (taken) => {
        clearTimeout(timer);
        waiting.delete(ask);
        resolve(taken);
      };
      const timer = setTimeout(() => done(false), ANSWER_MS);
      waiting.set(ask, done);
      channel.postMessage({ type: "link", ask, game: gameId, link });
    });
  }

  return { offer };
}
