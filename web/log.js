// The game log in the side panel: one line per log entry of the engine, worded from its parts.
//
//   import { createLogPanel } from "./log.js";
//   const log = createLogPanel(document.getElementById("log"));
//   log.show(lines, same, ctx)   // `lines`: the log to show; `same`: how many of the lines on
//                                // screen are still right (the rest is removed, the new ones added)
//   log.reset()                  // empty (another game; every line again in a new language)
//
// The log travels as deltas (view.log from view.log_from): the controller keeps the lines and
// the list only grows, or shrinks when the replay steps back, so a long game costs nothing per move.

import { el } from "./dom.js";
import { say } from "./words.js";

function item(line, ctx) {
  const p = Array.isArray(ctx.players) ? ctx.players.find((q) => q.index === line.seat) : null;
  const type = typeof line.type === "string" ? line.type.replace(/[^\w-]/g, "") : "";
  const li = el("li", { class: `log-${type}${p ? ` col-${p.colour}` : ""}` });
  if (p) li.append(el("span", { class: "log-chip", "aria-hidden": "true" }));
  li.append(el("span", { text: say(line.parts, ctx) }));
  return li;
}

export function createLogPanel(list) {
  return {
    show(lines, same, ctx) {
      const keep = Math.max(0, Math.min(same, list.children.length, lines.length));
      while (list.children.length > keep) list.lastChild.remove();
      if (lines.length > keep) {
        const items = document.createDocumentFragment();
        for (let i = keep; i < lines.length; i++) items.append(item(lines[i], ctx));
        list.append(items);
        list.scrollTop = list.scrollHeight;
      }
    },
    reset() {
      list.replaceChildren();
    },
    get length() {
      return list.children.length;
    },
  };
}
