// The board component: draws what it is given and reports taps.  No game logic inside (the
// contract of chessground): the host passes the position, the legal choices by element, the
// last move, a preview, whether it is view-only; the board says which element was tapped.
//
//   import { createBoard } from "./board.js";
//   const board = createBoard({ onTap: (element) => ..., onMiss: () => ..., onInspect: (what) => ...,
//                               onShow: (gameModule, map) => ..., onView: () => ... });  // the view zoomed or panned
//   board.show(gameModule, map)     // the drawing of this game's map (web/games/<id>/); then onShow
//   board.set({
//     position, players,            // the engine's view: what stands where, whose colours
//     preview,                      // the turn builder's preview of the decision composed, or null
//     choices,                      // Map element -> [choice] ("road:12" -> [...]); empty: nothing to tap
//     selected,                     // the element whose choices are listed in a menu, or null
//     lastMove,                     // what the latest decision touched, ringed
//     recent,                       // the others' decisions since this player's last one (view.recent),
//                                   // ringed in their colours and flashed in order; [] for none
//     status,                       // the game's own summary of the board (Cambria: who leads each fort)
//     hidden,                       // things drawn as they were before (the end's claims, revealed one by one)
//     inspected,                    // what the player asked about (a fort), marked
//     marks,                        // a mistake's moment (moment.js): {played, better}, each what a move
//                                   // touched (the engine's web.touched), ringed solid and dashed; or null
//     moves,                        // effects to animate (a step's events, the preview's effects)
//     fresh,                        // a jump (a game opened, the replay moved far): no animation
//     viewOnly,                     // no taps (a computer's turn, the replay, the end)
//     describe,                     // (choices) -> words for an element's choices (screen readers)
//   });
//   board.play(events)              // what just happened, beyond the pieces (a capture flashes)
//   board.clear()                   // an empty board (back to the new-game screen)
//   board.names()                   // {road(n), fort(n)}: names of things on this board
//   board.translate()               // labels in the current language
//   board.zoom                      // zoom.js: by(factor), reset(), level
//
// A tap reaches onTap(element) only for an element among the choices; a tap on something the
// game can tell about (game.inspect: a fort) calls onInspect(it); a tap elsewhere calls onMiss()
// (the host closes an open menu).  Enter or Space on a focused choice is a tap on it.  A tap
// that ends a pan of the zoomed board is no tap.

import { createZoom } from "./zoom.js";

export function createBoard({ onTap, onMiss, onInspect, onShow, onView }) {
  let game = null;
  let svg = null;
  const shownBy = new Map(); // each drawing shown so far -> the game module that draws it
  let choices = new Map();
  const app = () => document.getElementById("app");
  // A phone on its side: the whole map would be a strip of a third of the screen, so the game's
  // board is as wide as half of it and shows the map across its width, the rest a pan away.
  const sideways = window.matchMedia?.("(orientation: landscape) and (max-height: 560px)");
  const zoom = createZoom({
    onChange(level, home) {
      // "the whole board" once the view is closer than the first one; "−" while there is more to see
      const reset = document.getElementById("zoom-reset");
      if (reset) reset.hidden = level <= Math.max(1, home) + 0.01;
      const out = document.getElementById("zoom-out");
      if (out) out.hidden = level <= 1.01;
      app()?.classList.toggle("zoomed", level > 1.01);
      app()?.classList.toggle("zoomed-in", level > Math.max(1, home) + 0.01);
      onView?.();
    },
    fill: () => Boolean(sideways?.matches) && app()?.dataset.screen === "game",
  });

  // Where the board shows a part of the map (zoomed in, or a phone on its side), what the step is
  // about stays in it: the view moves when none of it is in sight.  In order: a mistake's moment
  // in the review, the move being composed (or hinted), what the player may tap, the latest move.
  const IN_VIEW = [".moment-better, .moment-played", ".pending, .selected, .county.changed", ".legal", ".last-move"];

  function keepInView(drawing) {
    if (zoom.level <= 1.01) return;
    const r = drawing.getBoundingClientRect();
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    for (const selector of IN_VIEW) {
      const rects = [...drawing.querySelectorAll(selector)].map((n) => n.getBoundingClientRect()).filter((q) => q.width || q.height);
      if (!rects.length) continue;
      const far = (q) => Math.hypot((q.left + q.right) / 2 - cx, (q.top + q.bottom) / 2 - cy);
      zoom.show(rects.sort((a, b) => far(a) - far(b)));
      return;
    }
  }

  function frames() {
    return Array.from(document.querySelectorAll(".board-frame"));
  }

  function drawings() {
    return Array.from(document.querySelectorAll("svg.board"));
  }

  function onClick(event) {
    if (event.currentTarget !== svg) return;
    if (zoom.dragged()) return;
    const asked = game.inspect ? game.inspect(svg, event) : null;
    if (asked !== null && asked !== undefined) {
      onInspect?.(asked);
      return;
    }
    if (!choices.size) {
      onMiss?.();
      return;
    }
    const element = game.hit(svg, event, [...choices.keys()]);
    if (element && choices.has(element)) onTap(element);
    else onMiss?.();
  }

  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (event.currentTarget !== svg) return;
    const element = game.elementOf(event.target);
    if (!element || !choices.has(element)) return;
    event.preventDefault();
    onTap(element);
  }

  for (const d of drawings()) {
    d.addEventListener("click", onClick);
    d.addEventListener("keydown", onKey);
    // a choice reached by the keyboard comes into view
    d.addEventListener("focusin", (e) => {
      if (e.currentTarget === svg && e.target !== svg) zoom.show([e.target.getBoundingClientRect()]);
    });
  }
  document.getElementById("zoom-in")?.addEventListener("click", () => zoom.by(1.5));
  document.getElementById("zoom-out")?.addEventListener("click", () => zoom.by(1 / 1.5));
  document.getElementById("zoom-reset")?.addEventListener("click", () => zoom.reset());

  return {
    show(module, map) {
      game = module;
      for (const frame of frames()) frame.hidden = frame.dataset.map !== map;
      svg = game.drawing(map);
      if (svg) shownBy.set(svg, game);
      zoom.attach(svg);
      const a = app();
      a.dataset.map = map;
      a.dataset.game = game.id;
      if (svg) game.translate(svg); // its labels in the page's language, now that it shows
      // the map's own width / height: the layout gives the board the room of that shape
      const w = Number(svg.dataset.width);
      const h = Number(svg.dataset.height);
      if (w > 0 && h > 0) a.style.setProperty("--board-ratio", String(w / h));
      onShow?.(game, map);
    },
    set(state) {
      choices = state.viewOnly || !state.choices ? new Map() : state.choices;
      game.draw(svg, {
        preview: null, selected: null, lastMove: null, recent: [], status: null, hidden: null, inspected: null, marks: null,
        moves: null, fresh: false, describe: () => "", ...state, choices,
      });
      if (svg) keepInView(svg);
    },
    play(events) {
      game.animate(svg, events);
    },
    clear() {
      choices = new Map();
      zoom.home();
      // each drawing by its own game's module (Cambria's clear knows nothing of Ireland's map)
      for (const [d, module] of shownBy) module.clear(d);
    },
    names() {
      return game.names(svg);
    },
    translate() {
      for (const [d, module] of shownBy) module.translate(d); // the others when they show
    },
    zoom,
    get svg() {
      return svg;
    },
    get game() {
      return game;
    },
  };
}
