// The end of a game, told in order: the forts claimed at the end are revealed one at a time on
// the board (each flashes, with its toast), then the result shows.  The engine has already said
// everything (the step's capture events, the result); this only paces it.
//
//   import { createReveal } from "./reveal.js";
//   const reveal = createReveal({ step: () => ms, show: (claim) => ..., done: () => ... });
//   reveal.start(claims)     // claims: the capture events of the end, in order
//   reveal.hidden            // the forts not revealed yet (a Set; empty when nothing is pending)
//   reveal.stop()            // a jump elsewhere (a new game, the replay): nothing more happens

export function createReveal({ step, show, done }) {
  let hidden = new Set();
  let timer = null;
  let run = 0;

  function stop() {
    clearTimeout(timer);
    timer = null;
    hidden = new Set();
    run += 1;
  }

  return {
    start(claims) {
      stop();
      const mine = run;
      const queue = claims.slice();
      hidden = new Set(queue.map((c) => c.fort));
      const next = () => {
        if (mine !== run) return;
        const claim = queue.shift();
        if (!claim) {
          timer = null;
          done();
          return;
        }
        hidden.delete(claim.fort);
        show(claim);
        timer = setTimeout(next, step());
      };
      // a moment for the last move itself before the first claim
      timer = setTimeout(next, step());
    },
    stop,
    get hidden() {
      return hidden;
    },
  };
}
