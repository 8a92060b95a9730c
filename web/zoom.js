// Zooming the board: two fingers pinch and pan, the + and − buttons step, one more button shows
// the whole board again.  The drawing's viewBox is narrowed, so the board stays sharp and a tap
// still lands where the board component (board.js) reads it (getScreenCTM follows the viewBox).
//
//   import { createZoom } from "./zoom.js";
//   const zoom = createZoom({ onChange, fill });  // onChange(level, home): the page marks itself zoomed;
//                                                 // fill(): the first view fills the board (see home)
//   zoom.attach(svg)          // the drawing shown now, in its first view
//   zoom.by(factor, [x, y])   // zoom around a point of the screen (default: the middle)
//   zoom.reset()              // the whole board (level 1)
//   zoom.home()               // the first view: the whole board, or with fill() the map across the
//                             // board's width (a phone on its side), following the board's resizes
//   zoom.show(rects)          // boxes of the screen: the view moves to them if none is in sight
//   zoom.dragged()            // true right after a pan: the click that ends it is not a tap
//
// One finger (or the mouse, or the wheel) pans once the board shows a part of the map; when it
// shows the whole, a finger only taps, so nothing moves under a player who just wants to choose
// a road.  The part shown always has the board's own shape, so the drawing fills the board.

const MAX = 4; // the closest view: a quarter of the drawing's width (or height) across the board

export function createZoom({ onChange, fill = () => false } = {}) {
  let svg = null;
  let whole = null; // [x, y, w, h] of the whole drawing
  let box = null; // the part shown, always of the board's own shape on the screen (so "meet" fills it)
  let homed = true; // the view the board starts with, not moved by the player: it follows a resize
  const pointers = new Map();
  let gesture = null; // {dist, mid, box} at the start of a pinch or pan
  let moved = false;
  let movedAt = 0;
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => refit()) : null;

  /** The board's width / height on the screen (the drawing's own before it is laid out). */
  function aspect() {
    const r = svg.getBoundingClientRect();
    return r.width > 1 && r.height > 1 ? r.width / r.height : whole[2] / whole[3];
  }

  // The widths of the part shown when the whole drawing fits in the board (level 1, margins beside
  // or above it), and when the drawing fills the board (nothing beside it, a part cut off).
  const wholeWidth = (a) => Math.max(whole[2], whole[3] * a);
  const fillWidth = (a) => Math.min(whole[2], whole[3] * a);

  function level() {
    return whole && box ? wholeWidth(aspect()) / box[2] : 1;
  }

  /** The level of the board's first view: the whole drawing, or (fill(): a phone on its side,
   * where the whole map would be a narrow strip) the drawing across the board's whole width. */
  function homeLevel() {
    const a = aspect();
    return fill() ? wholeWidth(a) / fillWidth(a) : 1;
  }

  function apply() {
    svg.setAttribute("viewBox", box.map((v) => Math.round(v * 10) / 10).join(" "));
    onChange?.(level(), homeLevel());
  }

  /** The part [x, y, w] shown, kept between the whole drawing and MAX: of the board's shape,
   * inside the drawing where it is smaller than it, centred on it where larger. */
  function clamp([bx, by, bw]) {
    const [wx, wy, ww, wh] = whole;
    const a = aspect();
    let w = Math.min(wholeWidth(a), Math.max(fillWidth(a) / MAX, bw));
    if (w >= wholeWidth(a) - 0.5) w = wholeWidth(a);
    const h = w / a;
    const x = w >= ww ? wx + (ww - w) / 2 : Math.min(Math.max(bx, wx), wx + ww - w);
    const y = h >= wh ? wy + (wh - h) / 2 : Math.min(Math.max(by, wy), wy + wh - h);
    return [x, y, w, h];
  }

  /** The part of the given level around the drawing's point (cx, cy). */
  function around(cx, cy, lv) {
    const a = aspect();
    const w = wholeWidth(a) / lv;
    return clamp([cx - w / 2, cy - w / a / 2, w]);
  }

  function goHome() {
    const [wx, wy, ww, wh] = whole;
    homed = true;
    box = around(wx + ww / 2, wy + wh / 2, homeLevel());
    apply();
  }

  // The board changed its size or shape (a turned phone, the new-game screen's picture become the
  // game's board): the first view is worked out again; a view the player chose keeps its middle
  // and its level.
  function refit() {
    if (!svg || !whole) return;
    if (homed) return goHome();
    const lv = Math.max(1, Math.min(level(), MAX * homeLevel()));
    box = around(box[0] + box[2] / 2, box[1] + box[3] / 2, lv);
    apply();
  }

  // The drawing's scale on the screen and its margins: none where the part shown has the board's
  // shape; until the first refit after a resize it may not have it (the SVG's "meet" then).
  function geometry() {
    const r = svg.getBoundingClientRect();
    const scale = Math.min(r.width / box[2], r.height / box[3]) || 1;
    return { r, scale, ox: r.left + (r.width - box[2] * scale) / 2, oy: r.top + (r.height - box[3] * scale) / 2 };
  }

  /** The drawing's point under a point of the screen. */
  function toBoard(clientX, clientY) {
    const g = geometry();
    return [box[0] + (clientX - g.ox) / g.scale, box[1] + (clientY - g.oy) / g.scale];
  }

  /** Zoom by `factor` (from the part `from`), the drawing's point under (clientX, clientY) staying there. */
  function zoomAt(factor, clientX, clientY, from = box) {
    box = from;
    const g = geometry();
    const [px, py] = toBoard(clientX, clientY);
    const scale = g.scale * factor;
    box = clamp([px - (clientX - g.ox) / scale, py - (clientY - g.oy) / scale, from[2] / factor]);
    homed = false;
    apply();
  }

  /** Move the part shown by (dx, dy) pixels of the screen. */
  function panBy(dx, dy, from = box) {
    const scale = geometry().scale;
    box = clamp([from[0] - dx / scale, from[1] - dy / scale, from[2]]);
    apply();
  }

  function onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return; // a mouse pans too (no pinch: the wheel)
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    start();
  }

  // The wheel (or a touchpad's two fingers) moves the part shown; with Ctrl (a touchpad's pinch) it zooms.
  function onWheel(e) {
    if (e.ctrlKey) {
      zoomAt(Math.exp(-e.deltaY / 300), e.clientX, e.clientY);
    } else if (level() > 1.01) {
      homed = false;
      panBy(-e.deltaX, -e.deltaY);
    } else {
      return;
    }
    e.preventDefault();
  }

  function start() {
    const pts = [...pointers.values()];
    if (pts.length >= 2) {
      const [a, b] = pts;
      gesture = { dist: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], box: box.slice() };
    } else if (pts.length === 1 && level() > 1.01) {
      gesture = { dist: 0, mid: pts[0], box: box.slice() };
    } else {
      gesture = null;
    }
    moved = false;
  }

  function onMove(e) {
    if (!pointers.has(e.pointerId) || !gesture) return;
    if (e.pointerType === "mouse" && !(e.buttons & 1)) return onUp(e); // released off the board
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    const pts = [...pointers.values()];
    if (pts.length >= 2 && gesture.dist) {
      const [a, b] = pts;
      const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      // zoom around the fingers' first middle, then follow the middle as it moves
      zoomAt(dist / gesture.dist, gesture.mid[0], gesture.mid[1], gesture.box);
      panBy(mid[0] - gesture.mid[0], mid[1] - gesture.mid[1]);
      moved = true;
      e.preventDefault();
    } else if (pts.length === 1 && !gesture.dist) {
      const [x, y] = pts[0];
      const dx = x - gesture.mid[0];
      const dy = y - gesture.mid[1];
      if (!moved && Math.hypot(dx, dy) < 8) return; // a tap, not a pan
      homed = false;
      panBy(dx, dy, gesture.box);
      moved = true;
    }
  }

  function onUp(e) {
    if (!pointers.delete(e.pointerId)) return;
    if (moved) movedAt = performance.now();
    start();
  }

  const listeners = { pointerdown: onDown, pointermove: onMove, pointerup: onUp, pointercancel: onUp, wheel: onWheel };

  return {
    attach(drawing) {
      if (svg === drawing) return;
      if (svg) {
        for (const [k, f] of Object.entries(listeners)) svg.removeEventListener(k, f);
        resized?.unobserve(svg);
        if (whole) svg.setAttribute("viewBox", whole.join(" "));
      }
      svg = drawing;
      if (!svg) return;
      whole = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
      for (const [k, f] of Object.entries(listeners)) svg.addEventListener(k, f, { passive: k !== "pointermove" && k !== "wheel" });
      resized?.observe(svg);
      goHome();
    },
    by(factor, at) {
      if (!svg) return;
      const r = svg.getBoundingClientRect();
      const [x, y] = at || [r.left + r.width / 2, r.top + r.height / 2];
      zoomAt(factor, x, y);
    },
    /** The whole drawing. */
    reset() {
      if (!svg) return;
      homed = false;
      box = clamp([whole[0], whole[1], Infinity]);
      apply();
    },
    /** The board's first view again (a game opened, the new-game screen). */
    home() {
      if (svg) goHome();
    },
    /** The given boxes of the screen (what the player may tap, a move laid out): where none is
     * inside the board's view, the view moves (at its level) to the first, or as many as fit. */
    show(rects) {
      if (!svg || !rects.length || level() <= 1.01) return;
      const r = svg.getBoundingClientRect();
      // in sight: a small thing (a road's place, a boat) whole; a large one (a county) its middle
      const seen = (q) => (q.width < 60 && q.height < 60
        ? q.left >= r.left - 1 && q.right <= r.right + 1 && q.top >= r.top - 1 && q.bottom <= r.bottom + 1
        : (q.left + q.right) / 2 > r.left + 20 && (q.left + q.right) / 2 < r.right - 20
          && (q.top + q.bottom) / 2 > r.top + 20 && (q.top + q.bottom) / 2 < r.bottom - 20);
      if (rects.some(seen)) return;
      // the middle of the boxes that fit in the board's view together with the first
      const [first] = rects;
      const near = rects.filter((q) => Math.max(q.right, first.right) - Math.min(q.left, first.left) < r.width * 0.8
        && Math.max(q.bottom, first.bottom) - Math.min(q.top, first.top) < r.height * 0.8);
      const left = Math.min(...near.map((q) => q.left)), right = Math.max(...near.map((q) => q.right));
      const top = Math.min(...near.map((q) => q.top)), bottom = Math.max(...near.map((q) => q.bottom));
      panBy(r.left + r.width / 2 - (left + right) / 2, r.top + r.height / 2 - (top + bottom) / 2);
    },
    /** The drawing's point under the screen point (for a tap while zoomed). */
    toBoard,
    dragged() {
      return performance.now() - movedAt < 350;
    },
    get level() {
      return level();
    },
  };
}
