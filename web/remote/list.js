// The games by link in Saved games: one row each, with whom it waits for, Open, Export and
// Delete (asked twice: a deleted remote game cannot be fetched back from anyone's server, there
// is none — only from another player's link or an exported file).
//
//   import { remoteSection } from "./list.js";
//   list.append(remoteSection({ entries, open: (id) => ..., exportRecord: (record) => ..., remove: (id) => ... }))

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { playersLine } from "../savedrows.js";

export function remoteSection({ entries, open, exportRecord, remove }) {
  const section = el("section", { class: "remote-games", "data-testid": "remote-games", hidden: !entries.length },
    el("h3", { text: t("remote.savedTitle") }));
  const list = el("ul", { class: "saved-list" });
  for (const entry of entries) {
    const li = el("li", { class: `saved-game${entry.damaged ? " unreadable" : ""}`, "data-testid": "remote-game", "data-id": entry.id });
    const main = el("div", { class: "saved-main" });
    const buttons = el("div", { class: "saved-buttons" });
    if (entry.damaged) {
      main.append(el("div", { class: "saved-title", text: t("lib.damaged") }), el("div", { class: "saved-detail", text: t("lib.reasonDamaged") }));
    } else {
      const s = entry.summary;
      // every name with its score and whose turn it is, as the rows of games on this device
      const players = s.names.map((name, i) => ({ name, colour: s.colours[i] || null }));
      main.append(el("div", { class: "saved-title" }, el("span", { class: "saved-names", text: s.title }),
        s.myTurn ? el("span", { class: "badge", text: t("remote.yourStep") }) : null),
      playersLine({ players, points: s.points, current: s.current, over: s.over }),
      el("div", { class: "saved-detail", "data-testid": "remote-detail", text: s.waiting }));
      buttons.append(el("button", { type: "button", class: "primary", "data-testid": "remote-open", text: t("lib.open"), onclick: () => open(entry.id) }),
        el("button", { type: "button", "data-testid": "remote-export", text: t("lib.export"), onclick: () => exportRecord(entry.record) }));
    }
    const del = el("button", { type: "button", "data-testid": "remote-delete", text: t("lib.delete") });
    del.addEventListener("click", () => {
      if (del.dataset.armed) remove(entry.id);
      else {
        del.dataset.armed = "1";
        del.textContent = t("remote.deleteForGood");
      }
    });
    buttons.append(del);
    li.append(main, buttons);
    list.append(li);
  }
  section.append(list);
  return section;
}
