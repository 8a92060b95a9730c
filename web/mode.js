// The page's one UI mode, and which mode may follow which.
//
//   loading        the engine is starting (or starting again after a restart): nothing to press
//   setup          the new-game screen
//   awaiting_roll  a person is to roll (or draw the start player)
//   choosing       a person composes a decision: {partial, opts, menu} say how far
//   computer       a computer seat rolls or decides; the page waits for it
//   remote         a remote game (web/remote/) waits for another device, or for this device to
//                  send the steps it played: the board is shown, no tap is taken
//   replay         the history of the game on the board, read-only
//   over           the game is finished: {result: "pending" | "shown" | "hidden"} for the end screen
//
// The state of the page is one object (controller.js): {mode, view, opts, partial, menu, result,
// replay, busy, readOnly}; `busy` names the request the page waits for (no tap is taken meanwhile),
// `readOnly` says another tab plays the game (tabs.js: it is shown, no tap is taken).  The
// game modes follow from the engine's view (modeOf); setup, loading and replay from the player's
// choices.  A transition the table does not allow is a bug, and says so.

export const MODES = ["loading", "setup", "awaiting_roll", "choosing", "computer", "remote", "replay", "over"];

const GAME = ["awaiting_roll", "choosing", "computer", "remote", "over"];

const NEXT = new Map([
  // the engine is up: the new-game screen, or the game that was on the board comes back
  ["loading", ["loading", "setup", ...GAME]],
  ["setup", ["loading", "setup", ...GAME]],
  ["awaiting_roll", ["loading", "setup", "replay", ...GAME]],
  ["choosing", ["loading", "setup", "replay", ...GAME]],
  ["computer", ["loading", "setup", "replay", ...GAME]],
  ["remote", ["loading", "setup", "replay", ...GAME]],
  ["over", ["loading", "setup", "replay", ...GAME]],
  // leaving the replay: back to the live game (whatever its mode), or elsewhere
  ["replay", ["loading", "setup", "replay", ...GAME]],
]);

/** The mode a view of the game puts the page in. */
export function modeOf(view) {
  if (view.over) return "over";
  if (view.remote && !view.remote.my_turn) return "remote"; // another device's step, or ours to send
  const kind = typeof view.actor_kind === "string" ? view.actor_kind : "";
  if (kind.startsWith("computer:")) return "computer";
  return view.chance ? "awaiting_roll" : "choosing";
}

/** True in the modes that show a game on the board. */
export function showsGame(mode) {
  return mode === "replay" || GAME.includes(mode);
}

/** Throws if `to` may not follow `from` (a bug in the page, not a player's mistake). */
export function checkTransition(from, to) {
  if (!MODES.includes(to)) throw new Error(`unknown UI mode ${String(to)}`);
  if (!(NEXT.get(from) || []).includes(to)) throw new Error(`the page cannot go from ${from} to ${to}`);
}
