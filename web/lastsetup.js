// The new-game screen's last choices, remembered in this browser: the game, the map, the options,
// how many players and each seat's name, colour and kind (a person or a computer level).  Only
// the shape is checked here; the screen then keeps what the engine's info allows (setup.js).
// Anything else under the key (damaged, hand-edited, from another version) reads as nothing:
// the default setup.
//
//   import { readSetup, recallSetup, rememberSetup } from "./lastsetup.js";
//   recallSetup()            // {game, map, count, options: {id: bool}, seats: [{name, colour, kind}]} or null
//   rememberSetup(choice)    // when a game starts from the screen
//   readSetup(text)          // the reader itself: any text (or null) -> a setup or null

const KEY = "cambria:setup";
const MAX_TEXT = 10_000; // five seats of long names fit many times over
const MAX_SEATS = 5;
const ID = /^[a-z][a-z0-9_:-]{0,39}$/; // a game, map, colour, option or kind ("computer:hard")

const isId = (v) => typeof v === "string" && ID.test(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function readSeat(s) {
  if (!isObject(s) || typeof s.name !== "string" || s.name.length > 200 || !isId(s.colour) || !isId(s.kind)) return null;
  return { name: s.name, colour: s.colour, kind: s.kind };
}

/** A stored setup from its text (any text, or null): the setup, or null when it is not one. */
export function readSetup(text) {
  if (typeof text !== "string" || text.length > MAX_TEXT) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data) || !isId(data.game) || !isId(data.map) || !isObject(data.options)) return null;
  const { count, seats } = data;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEATS) return null;
  if (!Array.isArray(seats) || seats.length < count || seats.length > MAX_SEATS) return null;
  const options = {};
  for (const [id, on] of Object.entries(data.options)) {
    if (!isId(id) || typeof on !== "boolean") return null;
    options[id] = on;
  }
  const read = seats.map(readSeat);
  if (read.includes(null)) return null;
  return { game: data.game, map: data.map, count, options, seats: read };
}

export function recallSetup() {
  try {
    return readSetup(localStorage.getItem(KEY));
  } catch {
    return null; // storage blocked: the default setup
  }
}

export function rememberSetup(choice) {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // not remembered: the screen opens with the default next time
  }
}
