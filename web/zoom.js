// Zooming the board: two fingers pinch and pan, the + and − buttons step, one more button shows
// the whole board again.  The drawing's viewBox is narrowed, so the board stays sharp and a tap
// still lands where the board component (board.js) reads it (getScreenCTM follows the viewBox).
//
//   import { createZoom } from "./zoom.js";
//   const zoom = createZoom({ onChange });   // onChange(level): the page marks itself zoomed
//   zoom.attach(svg)          // the drawing shown now (its whole viewBox is the zoom level 1)
//   zoom.by(factor, [x, y])   // zoom around a point of the screen (default: the middle)
//   zoom.reset()              // the whole board
//   zoom.dragged()            // true right after a pan: the click that ends it is not a tap
//
// One finger pans once the board is zoomed in; at level 1 a finger only taps, so nothing moves
// under a player who just wants to choose a road.

const MAX = 4;

export function createZoom({ onChange } = {}) {
  let svg = null;
  let whole = null; // [x, y, w, h] of the whole drawing
  let box = null; // the part shown
  const pointers = new Map();
  let gesture = null; // {dist, mid, box} at the start of a pinch or pan
  let moved = false;
  let movedAt = 0;

  function level() {
    return whole && box ? whole[2] / box[2] : 1;
  }

  function apply() {
    svg.setAttribute("viewBox", box.map((v) => Math.round(v * 10) / 10).join(" "));
    onChange?.(level());
  }

  /** Keep the shown part inside the drawing and between level 1 and MAX. */
  function clamp(b) {
    const [wx, wy, ww, wh] = whole;
    let w = Math.min(ww, Math.max(ww / MAX, b[2]));
    let h = (w * wh) / ww;
    let x = Math.min(Math.max(b[0], wx), wx + ww - w);
    let y = Math.min(Math.max(b[1], wy), wy + wh - h);
    if (w >= ww - 0.5) [x, y, w, h] = whole;
    return [x, y, w, h];
  }

  // The drawing keeps its shape inside its box (the SVG's "meet"): its scale, and the margins
  // beside or above it.  The shown part always has the drawing's shape, so the margins stay.
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
    const w = from[2] / factor;
    const h = from[3] / factor;
    box = clamp([px - (clientX - g.ox) / scale, py - (clientY - g.oy) / scale, w, h]);
    apply();
  }

  function onDown(e) {
    if (e.pointerType === "mouse") return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    start();
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
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    const pts = [...pointers.values()];
    if (pts.length >= 2 && gesture.dist) {
      const [a, b] = pts;
      const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      // zoom around the fingers' first middle, then follow the middle as it moves
      zoomAt(dist / gesture.dist, gesture.mid[0], gesture.mid[1], gesture.box);
      const scale = geometry().scale;
      box = clamp([box[0] - (mid[0] - gesture.mid[0]) / scale, box[1] - (mid[1] - gesture.mid[1]) / scale, box[2], box[3]]);
      moved = true;
      apply();
      e.preventDefault();
    } else if (pts.length === 1 && !gesture.dist) {
      const [x, y] = pts[0];
      const dx = x - gesture.mid[0];
      const dy = y - gesture.mid[1];
      if (!moved && Math.hypot(dx, dy) < 8) return; // a tap, not a pan
      box = gesture.box.slice();
      const scale = geometry().scale;
      box = clamp([gesture.box[0] - dx / scale, gesture.box[1] - dy / scale, gesture.box[2], gesture.box[3]]);
      moved = true;
      apply();
    }
  }

  function onUp(e) {
    if (!pointers.delete(e.pointerId)) return;
    if (moved) movedAt = performance.now();
    start();
  }

  const listeners = { pointerdown: onDown, pointermove: onMove, pointerup: onUp, pointercancel: onUp };

  return {
    attach(drawing) {
      if (svg === drawing) return;
      if (svg) {
        for (const [k, f] of Object.entries(listeners)) svg.removeEventListener(k, f);
        if (whole) svg.setAttribute("viewBox", whole.join(" "));
      }
      svg = drawing;
      if (!svg) return;
      const vb = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
      whole = vb;
      box = vb.slice();
      for (const [k, f] of Object.entries(listeners)) svg.addEventListener(k, f, { passive: k !== "pointermove" });
      onChange?.(1);
    },
    by(factor, at) {
      if (!svg) return;
      const r = svg.getBoundingClientRect();
      const [x, y] = at || [r.left + r.width / 2, r.top + r.height / 2];
      zoomAt(factor, x, y);
    },
    reset() {
      if (!svg) return;
      box = whole.slice();
      apply();
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
