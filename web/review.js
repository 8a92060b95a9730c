// The engine's review of a finished game, run through the worker a slice at a time and kept with
// the saved game.
//
//   import { createReviewRun } from "./review.js";
//   const run = createReviewRun({ request, store, record, onSlice });
//   run.saved            // {review: {items, total} | {result}} | {dropped: true} | {}: what the saved game holds
//   await run.go()       // {status: "done", result} | {status: "stopped"} | {status: "failed", error}
//   run.stop()           // stop asking: the decisions reviewed so far are kept (and saved)
//   run.items, run.total, run.result
//
// The worker that reviews is the one that plays (engine.js): each request `review_run {record,
// items, budget_ms}` reviews decisions for about `budget_ms` and answers with every item so far
// ({total, items, done, result}), so one request at a time leaves the page and the game
// responsive, stopping is simply not asking again, and resuming sends the items kept (after a
// reload too: they are saved with the game).  The engine checks the items it is sent against the
// record (code bad_review); the page then starts again from the first decision and says so.

import { storedReview } from "./reviewshape.js";

export const BUDGET_MS = 250; // one slice: long enough to be worth a message, short enough to feel instant
const SAVE_EVERY_MS = 2000; // the items so far are saved at most this often while the review runs

export function createReviewRun({ request, store, record, onSlice = () => {} }) {
  let twin = store?.findRecord(record) || null; // the saved game of this record (an import makes one)
  const entry = twin ? store.get(twin.id) : null;
  const saved = entry?.review ? { review: entry.review } : entry?.reviewDropped ? { dropped: true } : {};
  let items = saved.review?.items || saved.review?.result?.decisions || [];
  let total = saved.review?.total ?? saved.review?.result?.total ?? null;
  let result = saved.review?.result || null;
  let stopped = false;
  let running = null;
  let savedAt = 0;
  let unsaved = false; // the browser's storage refused the last save (full)
  const progress = () => `${items.length}/${total}/${result ? "done" : ""}`;
  let savedAs = entry?.review ? progress() : null; // what the saved game holds: nothing new, no rewrite

  function save(force = false) {
    if (!force && performance.now() - savedAt < SAVE_EVERY_MS) return;
    savedAt = performance.now();
    // the end's autosave may come a moment after the review starts; the game may have been
    // deleted since (Saved games, another tab): then it is not kept, and that is not "storage full"
    if (!twin || !store.get(twin.id)) twin = store?.findRecord(record) || null;
    if (!twin || savedAs === progress()) return;
    unsaved = !store.putReview(twin.id, storedReview({ items, total, result }));
    if (!unsaved) savedAs = progress();
  }

  async function slice() {
    try {
      return await request("review_run", { record, items, budget_ms: BUDGET_MS });
    } catch (err) {
      if (err?.code !== "bad_review" || items.length === 0) throw err;
      // the items kept do not fit this record (another version reviewed it?): from the start
      items = [];
      onSlice({ items, total, restarted: true });
      return request("review_run", { record, items: [], budget_ms: BUDGET_MS });
    }
  }

  async function loop() {
    try {
      while (!result && !stopped) {
        const answer = await slice();
        items = answer.items;
        total = answer.total;
        if (answer.done) result = answer.result;
        save(Boolean(result) || stopped);
        onSlice({ items, total, done: Boolean(result) });
      }
      return result ? { status: "done", result } : { status: "stopped" };
    } catch (error) {
      save(true);
      return { status: "failed", error };
    } finally {
      running = null;
    }
  }

  return {
    saved,
    /** Review from where it stands (the saved items, or the start) to the end, or until stop(). */
    go() {
      stopped = false;
      running ||= loop();
      return running;
    },
    stop() {
      stopped = true;
      if (!running) save(true);
    },
    get running() {
      return Boolean(running);
    },
    get items() {
      return items;
    },
    get total() {
      return total;
    },
    get result() {
      return result;
    },
    get saves() {
      return Boolean(twin);
    },
    get unsaved() {
      return unsaved;
    },
  };
}
