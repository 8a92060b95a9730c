// What the page signals as the game moves on, beside drawing it: the pass screen between people
// at one device, the "your turn" cue (a pulse of the turn card and a sound), and the sounds of a
// roll, a capture and the end.  It listens to every view the controller applies (its `onView`).
//
//   const cues = createCues({ passScreen, play: playCue, pulse: () => pulse(turnCardNode) });
//   cues.onView(view, events, { readOnly, fresh })
//   cues.readOnly()          // another tab took the game over: the pass screen goes
//   cues.continued()         // the player named on the pass screen tapped it
//   pulse(node)              // the your-turn pulse on a node (a class that cues.css animates)
//
// Who acts is the engine's word (view.actor, view.actor_kind, view.players); the page only
// compares names.  Seats with the same name are one person who plays several colours: no pass
// screen between them.  The pass screen shows between two different people's turns (a computer
// seat in between changes nothing: the device is still in the last person's hands), and when a
// game comes onto the board (a new game, a reload, a saved game opened) where several people
// play, since whoever holds the device then may not be the one to act.  Never in a game played
// by link (each person has a device), in a tab that only shows the game, or at the end.

/** The pass screen at all (tests/web/hooks.js turns it off for the tests that play several
 * people's turns by taps and are about something else). */
export const PASS_SCREEN = { on: true };

const CAPTURES = {
  capture: (e) => !e.final, // Cambria: a fort taken (the end's claims are the end's own sound)
  combat: (e) => e.holder === e.attacker, // Hibernia: a county taken (a tie only empties it)
};

/** The one person a name stands for (case and spacing aside). */
const person = (name) => String(name ?? "").normalize("NFC").trim().toLocaleLowerCase();

/** The people at this device: the distinct names of the human seats (of a remote game: its seats here). */
function people(view) {
  const seats = view.remote && Array.isArray(view.remote.seats) ? view.remote.seats.filter((s) => s.here) : view.players || [];
  return new Set(seats.filter((p) => p.kind === "human").map((p) => person(p.name)));
}

/** Who acts in `view`: "h:<person>" (someone at this device), "c" (a computer), "r" (another
 * device), null (nobody: the end); undefined when it says nothing new (the neutral's step). */
function actorOf(view) {
  if (view.over) return null;
  if (view.remote) {
    // this device's turn to act for a person at it: not a roll it answers, nor a computer it hosts
    const w = view.remote.waiting;
    const seat = w && Number.isInteger(w.seat) && Array.isArray(view.remote.seats) ? view.remote.seats[w.seat] : null;
    if (!(view.remote.my_turn && seat && seat.here && seat.kind === "human")) return "r";
    return people(view).size > 1 ? `h:${person(seat.name)}` : "me"; // two people at this phone: they pass it
  }
  const kind = typeof view.actor_kind === "string" ? view.actor_kind : "";
  if (kind === "human") {
    const p = (view.players || []).find((q) => q.index === view.actor);
    return p ? `h:${person(p.name)}` : undefined;
  }
  return kind.startsWith("computer:") ? "c" : undefined;
}

const human = (who) => who === "me" || (typeof who === "string" && who.startsWith("h:"));

export function createCues({ passScreen, play, pulse }) {
  let game = null; // the uid of the game followed
  let last; // who acted in the last view of that game (actorOf); undefined: nobody seen yet
  let holder = null; // the person last called to the device (a name, as person() makes it)

  function sounds(events) {
    let at = 0;
    const cue = (name) => {
      play(name, { delay: at });
      at += 0.25; // one after the other
    };
    if (events.some((e) => e.type === "roll")) cue("roll");
    if (events.some((e) => Object.hasOwn(CAPTURES, e.type) && CAPTURES[e.type](e))) cue("capture");
    if (events.some((e) => e.type === "game_over")) cue("end");
    return at;
  }

  function onView(view, events = [], { readOnly = false, fresh = false } = {}) {
    if (readOnly) {
      passScreen.hide(); // the tab that plays the game calls its players, not this one
      return;
    }
    const arrived = view.uid !== game;
    if (arrived) {
      game = view.uid;
      last = undefined;
      holder = null;
    }
    const at = fresh ? 0 : sounds(events); // a game shown again brings no news
    const who = actorOf(view);
    if (who === undefined) return; // the same person goes on
    const before = last;
    last = who;
    if (!human(who)) {
      passScreen.hide(); // a computer's turn, another device's, or the end: nobody to call
      return;
    }
    const name = who.slice(2);
    if (PASS_SCREEN.on && who !== "me" && people(view).size > 1 && name !== holder) {
      holder = name;
      const player = view.players.find((p) => p.index === view.actor);
      passScreen.show(view, player);
      if (!fresh) play("turn", { delay: at }); // calls the next player; the pulse waits for the tap
      return;
    }
    if (who !== "me") holder = name;
    if (before !== undefined && before !== who && !fresh && !passScreen.open) {
      play("turn", { delay: at });
      pulse();
    }
  }

  return {
    onView,
    readOnly: () => passScreen.hide(),
    continued: () => pulse(),
  };
}

const PULSE_MS = 1400; // cues.css: the pulse's animation (or, with reduced motion, its still outline)

/** A short pulse on `node` (the turn card): the class again from the start. */
export function pulse(node) {
  if (!node) return;
  node.classList.remove("your-turn");
  void node.offsetWidth; // a new animation, not the one that ran
  node.classList.add("your-turn");
  clearTimeout(node._pulseTimer);
  node._pulseTimer = setTimeout(() => node.classList.remove("your-turn"), PULSE_MS);
}
