// The decision being composed: the steps tapped so far (`partial`) and the engine's answer for
// them (`opts`, from the builder in cambria/webapi/builder.py). Where the engine proposed a step
// (the warrior that moves when a supply is empty) it offers the other choices in its place, so
// the next tap replaces that step, and Undo takes it back with the tap it followed.
//
//   import { choiceBase, undoTo } from "./partial.js";
//   choiceBase(partial, opts)   // the steps a newly tapped choice follows
//   undoTo(partial, opts)       // the steps left after Undo, or null where Undo stops
//   tapsIn(partial, opts)       // how many of the steps the player tapped

/** The steps the offered choices follow: all of them, or those before the proposed step. */
export function choiceBase(partial, opts) {
  const at = opts ? opts.choices_at : undefined;
  return Number.isInteger(at) ? partial.slice(0, at) : partial.slice();
}

/** The steps left after Undo: the last tap (and a step the engine proposed after it) taken back;
 *  null where only the steps the engine took without asking (`opts.forced`) are left.  Where the
 *  engine took steps by itself after a tap (`opts.auto`: their indices, Hibernia's forced
 *  sources), they go with the tap they followed. */
export function undoTo(partial, opts) {
  let to = partial.length - (opts && opts.proposed ? 1 : 0);
  const auto = new Set(opts && Array.isArray(opts.auto) ? opts.auto : []);
  while (to > 0 && auto.has(to - 1)) to--; // the steps nobody tapped after the last tap
  to--; // the tap itself
  const forced = (opts && Number(opts.forced)) || 0;
  return to >= forced ? partial.slice(0, to) : null;
}

/** How many of the steps composed so far the player tapped (Undo has something to take back). */
export function tapsIn(partial, opts) {
  const auto = opts && Array.isArray(opts.auto) ? opts.auto.length : (opts && Number(opts.forced)) || 0;
  return partial.length - auto - (opts && opts.proposed ? 1 : 0);
}
