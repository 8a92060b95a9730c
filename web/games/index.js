// The games the page can draw, by the engine's game id (view.game, info.games[].id).  A game
// brings one module of the shape described in web/games/cambria/index.js; Hibernia adds
// itself here with its own web/games/hibernia/.

import cambria from "./cambria/index.js";
import hibernia from "./hibernia/index.js";

const GAMES = new Map([[cambria.id, cambria], [hibernia.id, hibernia]]);
// their names as their boxes print them: proper names, the same in every language
const TITLES = new Map([[cambria.id, "Cambria"], [hibernia.id, "Hibernia"]]);
// the maps whose drawings the build put in the page, by game (the engine's info lists the same)
const MAPS = new Map([[cambria.id, ["cambria", "cumbria"]], [hibernia.id, ["hibernia"]]]);

/** The module of a game (the first one for an id the page does not know: a clear fallback). */
export function gameModule(id) {
  return GAMES.has(id) ? GAMES.get(id) : cambria;
}

/** A game's name, for the top bar and the window's title. */
export function gameTitle(id) {
  return TITLES.get(id) || TITLES.get(cambria.id);
}

export function knownGame(id) {
  return GAMES.has(id);
}

/** Whether the page can draw `map` for game `id`: a stored game names both before the engine
 *  has checked it, and only a board that exists may be shown for it. */
export function drawsMap(id, map) {
  return MAPS.has(id) && MAPS.get(id).includes(map);
}
