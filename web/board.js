// The board component: draws what it is given and reports taps.  No game logic inside (the
// contract of chessground): the host passes the position, the legal choices by element, the
// last move, a preview, whether it is view-only; the board says which element was tapped.
//
//   import { createBoard } from "./board.js";
//   const board = createBoard({ onTap: (element) => ..., onMiss: () => ... });
//   board.show(gameModule, map)     // the drawing of this game's map (web/games/<id>/)
//   board.set({
//     position, players,            // the engine's view: what stands where, whose colours
//     preview,                      // the turn builder's preview of the decision composed, or null
//     choices,                      // Map element -> [choice] ("road:12" -> [...]); empty: nothing to tap
//     selected,                     // the element whose choices are listed in a menu, or null
//     lastMove,                     // what the latest decision touched, ringed
//     moves,                        // effects to animate (a step's events, the preview's effects)
//     fresh,                        // a jump (a game opened, the replay moved far): no animation
//     viewOnly,                     // no taps (a computer's turn, the replay, the end)
//     describe,                     // (choices) -> words for an element's choices (screen readers)
//   });
//   board.play(events)              // what just happened, beyond the pieces (a capture flashes)
//   board.clear()                   // an empty board (back to the new-game screen)
//   board.names()                   // {road(n), fort(n)}: names of things on this board
//   board.translate()               // labels in the current language
//
// A tap reaches onTap(element) only for an element among the choices; a tap elsewhere calls
// onMiss() (the host closes an open menu).  Enter or Space on a focused choice is a tap on it.

export function createBoard({ onTap, onMiss }) {
  let game = null;
  let svg = null;
  let choices = new Map();

  function frames() {
    return Array.from(document.querySelectorAll(".board-frame"));
  }

  function drawings() {
    return Array.from(document.querySelectorAll("svg.board"));
  }

  function onClick(event) {
    if (event.currentTarget !== svg) return;
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
  }

  return {
    show(module, map) {
      game = module;
      for (const frame of frames()) frame.hidden = frame.dataset.map !== map;
      svg = game.drawing(map);
      document.getElementById("app").dataset.map = map;
    },
    set(state) {
      choices = state.viewOnly || !state.choices ? new Map() : state.choices;
      game.draw(svg, {
        preview: null, selected: null, lastMove: null, moves: null, fresh: false,
        describe: () => "", ...state, choices,
      });
    },
    play(events) {
      game.animate(svg, events);
    },
    clear() {
      choices = new Map();
      for (const d of drawings()) game.clear(d);
    },
    names() {
      return game.names(svg);
    },
    translate() {
      for (const d of drawings()) game.translate(d);
    },
    get svg() {
      return svg;
    },
    get game() {
      return game;
    },
  };
}
