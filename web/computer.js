// When a computer seat is to move, the page asks the engine for its move after a short pause
// (so that a person can follow what happens: its length is the player's pace, pace.js); one
// pending move at a time.
//
//   import { createScheduler } from "./computer.js";
//   const computer = createScheduler({ run: (step) => ..., delay: () => computerPause() });   // pace.js
//   computer.schedule(step)   // run(step) after the pause, unless cancelled or rescheduled
//   computer.cancel()
//
// run() checks that the game is still at `step` in the computer mode: a reload, a replay or
// another game in between simply makes it do nothing.

export function createScheduler({ run, delay }) {
  let timer = null;
  return {
    schedule(step) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run(step);
      }, delay());
    },
    cancel() {
      clearTimeout(timer);
      timer = null;
    },
  };
}
