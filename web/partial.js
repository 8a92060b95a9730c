// The decision being composed: the steps tapped so far (`partial`) and the engine's answer for
// them (`opts`, from the builder in cambria/webapi/builder.py). Where the engine proposed a step
// (the warrior that moves when a supply is empty) it offers the other choices in its place, so
// the next tap replaces that step, and Undo takes it back with the tap it followed.
//
//   import { choiceBase, undoTo } from "./partial.js";
//   choiceBase(partial, opts)   // the steps a newly tapped choice follows
//   undoTo(partial, opts)       // the steps left after Undo, or null where Undo stops

/** The steps the offered choices follow: all of them, or those before the proposed step. */
export function choiceBase(partial, opts) {
  const at = opts ? opts.choices_at : undefined;
  return Number.isInteger(at) ? partial.slice(0, at) : partial.slice();
}

/** The steps left after Undo: the last tap (and a step the engine proposed after it) taken back;
 *  null where only the steps the engine took without asking (`opts.forced`) are left. */
export function undoTo(partial, opts) {
  const to = partial.length - (opts && opts.proposed ? 2 : 1);
  const forced = (opts && Number(opts.forced)) || 0;
  return to >= forced ? partial.slice(0, to) : null;
}
