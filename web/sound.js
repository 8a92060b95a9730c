// Sound and vibration: a roll, a capture, your turn and the end of the game, synthesized with the
// Web Audio API (no audio file to fetch), and a short vibration on phones for your turn and a
// capture.  One setting, on or off, chosen in the menu and remembered; it covers both.
//
//   import { playCue, soundButtons, readSound, CUES } from "./sound.js";
//   playCue("roll" | "capture" | "turn" | "end", { delay })   // nothing when the setting is off
//   soundButtons(cls)     // the menu's On and Off buttons (aria-pressed on the chosen one)
//   CUES                  // each cue's notes (and vibration): what plays, as data
//
// Browsers let a page's AudioContext run only after the person touched the page (autoplay
// rules), so it is made on the first tap or key (the events that count as a touch vary: mouse
// down, touch up, a key but Escape), and suspended again when it has been quiet a
// moment (a running context costs a phone's battery even when silent).  A cue before the first
// tap is not heard, and is not missed: it is news of that moment only.
//
// There is no standard query for "reduced sound"; a device that asks for reduced motion gets
// sound off until the player turns it on (prefers-reduced-motion: one wish for a calmer page).

import { t } from "./i18n.js";
import { rememberedSetting } from "./setting.js";

const KEY = "cambria:sound";
export const SOUNDS = ["on", "off"];
const VOLUME = 0.12; // quiet: a cue under whatever else the room hears

/** The cues: notes {f: Hz, at: s from the start, d: s long, wave}, and a vibration (ms) or null. */
export const CUES = {
  // dice on a table: three short dry knocks
  roll: { notes: [{ f: 392, at: 0, d: 0.05, wave: "triangle" }, { f: 330, at: 0.07, d: 0.05, wave: "triangle" },
    { f: 440, at: 0.15, d: 0.06, wave: "triangle" }], vibrate: null },
  // a fort taken: two notes up
  capture: { notes: [{ f: 523.25, at: 0, d: 0.12, wave: "sine" }, { f: 783.99, at: 0.11, d: 0.2, wave: "sine" }], vibrate: [40, 50, 40] },
  // your turn: a soft bell, two notes together
  turn: { notes: [{ f: 659.25, at: 0, d: 0.45, wave: "sine" }, { f: 987.77, at: 0.02, d: 0.35, wave: "sine" }], vibrate: [90] },
  // the end: a rising arpeggio
  end: { notes: [{ f: 523.25, at: 0, d: 0.16, wave: "sine" }, { f: 659.25, at: 0.14, d: 0.16, wave: "sine" },
    { f: 783.99, at: 0.28, d: 0.16, wave: "sine" }, { f: 1046.5, at: 0.42, d: 0.5, wave: "sine" }], vibrate: null },
};

const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

/** The setting from what is stored under its key (any text, or null): "on" or "off"; nothing
 * valid stored gives the device's default (off where it asks for reduced motion). */
export function readSound(text, reduced = reducedMotion.matches) {
  return SOUNDS.includes(text) ? text : reduced ? "off" : "on";
}

const LABELS = new Map([["on", () => t("sound.on")], ["off", () => t("sound.off")]]);
const setting = rememberedSetting({
  key: KEY, name: "sound", values: SOUNDS, read: readSound, label: (s) => LABELS.get(s)(),
  changed: (value) => { if (value === "on") wake(); }, // the click that turned it on may start the audio
});
export const setSound = setting.set;

// ------------------------------------------------------------------ the audio context

let context = null;
let quietTimer = 0;
let quietAt = 0; // when the last cue asked for is over (performance.now())

/** Make (or resume) the AudioContext: only from a tap or key, as browsers require. */
function wake() {
  if (setting.value() !== "on" || !activated("isActive")) return;
  try {
    if (!context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      context = new Context();
    } else if (context.state === "suspended") {
      context.resume().catch(() => {});
    }
    rest(0.2); // started for a cue to come: quiet again soon
  } catch {
    context = null; // no sound on this device; the game goes on
  }
}

// The browser's own word on whether the page was touched (Escape, say, does not count), where
// it has one: a context started, or a vibration asked, without it only earns a console warning.
function activated(which) {
  const user = navigator.userActivation;
  return !user || Boolean(user[which]);
}

/** Suspend the context once `seconds` of sound are over (never sooner than a cue already asked). */
function rest(seconds) {
  quietAt = Math.max(quietAt, performance.now() + seconds * 1000 + 400);
  clearTimeout(quietTimer);
  quietTimer = setTimeout(() => {
    if (context && context.state === "running") context.suspend().catch(() => {});
  }, quietAt - performance.now());
}

for (const type of ["pointerdown", "pointerup", "keydown", "click"]) window.addEventListener(type, wake, { capture: true, passive: true });

/** Play a cue (after `delay` seconds); nothing when the setting is off or before the first tap. */
export function playCue(name, { delay = 0 } = {}) {
  const cue = Object.hasOwn(CUES, name) ? CUES[name] : null;
  if (!cue || setting.value() !== "on") return;
  if (cue.vibrate && typeof navigator.vibrate === "function" && activated("hasBeenActive")) {
    try {
      navigator.vibrate(cue.vibrate);
    } catch {
      // a browser may refuse before a tap: the sound is enough
    }
  }
  if (!context) return;
  try {
    if (context.state === "suspended") context.resume().catch(() => {});
    const start = context.currentTime + 0.02 + Math.max(0, delay);
    let end = 0;
    for (const note of cue.notes) {
      note1(start + note.at, note);
      end = Math.max(end, note.at + note.d);
    }
    rest(delay + end);
  } catch {
    // a context the browser closed: silence, and the game goes on
  }
}

// One note: an oscillator through a gain that rises at once and falls away (no click at either end).
function note1(at, { f, d, wave }) {
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(f, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + d);
  osc.connect(gain);
  gain.connect(context.destination);
  osc.start(at);
  osc.stop(at + d + 0.02);
}

// ------------------------------------------------------------------ the menu's buttons

export function soundButtons(cls) {
  return setting.buttons(cls);
}
