// The remote game's dialog: the invite link, taking a seat, and every link this device must send
// (with the system share sheet where the browser has one, Copy, and a QR code to scan from
// another phone). It shows what the engine's remote view says; it decides nothing.
//
//   import { createRemoteDialog } from "./dialog.js";
//   const dialog = createRemoteDialog({ onJoin: (seat, name) => ..., qr: (text) => Promise<{size, path}> });
//   dialog.invite(link) / dialog.share(link)   link: {url, kind: "invite" | "join" | "turn" | "refused", remote}
//   dialog.join(remote, {taken?}) / dialog.waitingForPlayers(remote) / dialog.close()
//   (taken: this device's join that another reached the host before: {by, seats})

import { el } from "../dom.js";
import { formatList, t } from "../i18n.js";
import { seatLabel, shareText } from "./words.js";
import { liveEnabled } from "./live.js";
import { inAppBrowser } from "./inapp.js";
import { gameTitle } from "../games/index.js";

const SVGNS = "http://www.w3.org/2000/svg";

export function createRemoteDialog({ onJoin, qr = null, onLive = () => {} }) {
  let box = null;
  let card = null;
  let shared = null; // the link the dialog shows now, and whom it reached: {link, reach, text}
  let joinForm = null; // the join form, while the dialog shows it

  function open(...children) {
    if (!box) {
      box = el("div", { class: "overlay remote-dialog", id: "remote-dialog", role: "dialog", "aria-modal": "true",
        "aria-labelledby": "remote-title", "data-testid": "remote-dialog", hidden: true });
      card = el("div", { class: "end-card remote-card" });
      box.append(card);
      box.addEventListener("keydown", (e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          close();
        }
      });
      (document.getElementById("app") || document.body).append(box);
    }
    card.replaceChildren(...children);
    box.hidden = false;
    (card.querySelector("[autofocus]") || card.querySelector("button"))?.focus();
  }

  function close() {
    if (box) box.hidden = true;
  }

  const title = (text) => el("h2", { id: "remote-title", "data-testid": "remote-title", text });
  const closeButton = (text = t("remote.done")) => el("button", { type: "button", "data-testid": "remote-close", text, onclick: close });

  function seatList(remote, { pick = false } = {}) {
    const list = el("ul", { class: "remote-seats", "data-testid": "remote-seats" });
    remote.seats.forEach((seat, i) => {
      const chip = el("span", { class: `chip col-${seat.colour}`, "aria-hidden": "true" });
      const free = seat.kind === "human" && seat.device === null;
      const asked = Boolean(remote.asked && remote.asked[String(i)]); // another person's join asks for it
      const label = el("span", { text: seatLabel(remote, i) });
      if (pick && free && !asked) {
        const input = el("input", { type: "radio", name: "remote-seat", value: String(i), "data-testid": `remote-seat-${i}` });
        list.append(el("li", { class: "remote-seat free" }, el("label", {}, input, chip, label)));
      } else {
        list.append(el("li", { class: `remote-seat${free ? " free" : ""}`, "data-testid": `remote-seat-${i}` }, chip, label));
      }
    });
    const first = list.querySelector("input");
    if (first) first.checked = true;
    return list;
  }

  // where players choose live play, what it shows the others (docs/remote-play.md, "Live play")
  function liveChoice() {
    const box = el("input", { type: "checkbox", "data-testid": "remote-live-switch", checked: liveEnabled(),
      onchange: (e) => onLive(e.target.checked) });
    return el("div", { class: "remote-live-choice" },
      el("label", {}, box, el("span", { text: t("live.switch") })),
      el("p", { class: "remote-live-note", text: t("live.privacy") }));
  }

  /** What live play did with a link just made: {live, here, away, hostHere} (liveglue.js). */
  function reachText(link, reach) {
    if (!reach || !reach.live) return shareText(link.kind, link.remote);
    if (link.kind === "join") return reach.hostHere ? t("live.joinSent") : shareText(link.kind, link.remote);
    if (!reach.here.length) return shareText(link.kind, link.remote);
    return t("live.sentAway", { here: formatList(reach.here), away: formatList(reach.away) });
  }

  /** "Send this link", unless live play took it to everyone it is for: then no title asks for a send. */
  function sendTitle(link, reach) {
    const all = reach && reach.live && (link.kind === "join" ? reach.hostHere : reach.here.length > 0 && !reach.away.length);
    return all ? t("live.sentTitle") : t("remote.sendTitle");
  }

  function linkBlock(link) {
    const field = el("input", { type: "text", readonly: true, class: "remote-link", value: link.url, "data-testid": "remote-link",
      "aria-label": t("remote.linkLabel"), onfocus: (e) => e.target.select() });
    const status = el("p", { class: "remote-copied", role: "status", "data-testid": "remote-copied" });
    const buttons = el("div", { class: "remote-actions" });
    if (typeof navigator.share === "function") {
      buttons.append(el("button", { type: "button", class: "primary", "data-testid": "remote-share", text: t("remote.share"),
        onclick: () => navigator.share({ title: document.title, text: t("remote.shareText"), url: link.url }).catch(() => {}) }));
    }
    buttons.append(el("button", { type: "button", class: typeof navigator.share === "function" ? "" : "primary",
      "data-testid": "remote-copy", text: t("remote.copy"), onclick: () => copy(link.url, field, status) }));
    const code = el("div", { class: "remote-qr", "data-testid": "remote-qr" });
    if (qr) {
      qr(link.url).then((m) => code.replaceChildren(qrSvg(m))).catch(() => code.remove());
    }
    return [field, buttons, status, code];
  }

  async function copy(text, field, status) {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = t("remote.copied");
    } catch {
      field.focus();
      field.select(); // the player copies it by hand
      status.textContent = t("remote.copyByHand");
    }
  }

  function qrSvg({ size, path }) {
    const svg = document.createElementNS(SVGNS, "svg");
    const quiet = 4;
    svg.setAttribute("viewBox", `${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("remote.qrLabel"));
    svg.setAttribute("shape-rendering", "crispEdges");
    const back = document.createElementNS(SVGNS, "rect");
    for (const [k, v] of Object.entries({ x: -quiet, y: -quiet, width: size + 2 * quiet, height: size + 2 * quiet, fill: "#fff" })) back.setAttribute(k, v);
    const modules = document.createElementNS(SVGNS, "path");
    modules.setAttribute("d", path);
    modules.setAttribute("fill", "#000");
    svg.append(back, modules);
    return svg;
  }

  return {
    close,
    invite(link) {
      open(title(t("remote.inviteTitle")), el("p", { text: shareText("invite", link.remote) }),
        seatList(link.remote), ...linkBlock(link), liveChoice(), el("div", { class: "remote-actions" }, closeButton()));
    },
    /** ``reach``: a function giving what live play did with the link now (it changes as peers
     * come and go: ``refresh`` says it again). */
    share(link, reach = null) {
      const now = reach && reach();
      const text = el("p", { "data-testid": "remote-share-text", text: reachText(link, now) });
      const head = title(sendTitle(link, now));
      open(head, text, ...linkBlock(link), el("div", { class: "remote-actions" }, closeButton()));
      shared = { link, reach, text, head };
    },
    refresh() {
      if (!shared || !box || box.hidden || !card.contains(shared.text)) return;
      const reach = shared.reach && shared.reach();
      const now = reachText(shared.link, reach);
      if (shared.text.textContent !== now) shared.text.textContent = now;
      const head = sendTitle(shared.link, reach);
      if (shared.head.textContent !== head) shared.head.textContent = head;
    },
    join(remote, { taken = null } = {}) {
      // already open for this game (a friend's join came by live play meanwhile): the seats are
      // drawn again, the name typed so far and the seat chosen stay
      if (joinForm && !box.hidden && card.contains(joinForm) && !taken) {
        const chosen = joinForm.querySelector('input[name="remote-seat"]:checked')?.value;
        const seats = seatList(remote, { pick: true });
        const again = chosen !== undefined ? seats.querySelector(`input[value="${chosen}"]`) : null;
        if (again) again.checked = true;
        joinForm.querySelector(".remote-seats").replaceWith(seats);
        return;
      }
      const name = el("input", { type: "text", maxlength: 40, required: true, autofocus: true, "data-testid": "remote-name",
        "aria-label": t("remote.yourName"), placeholder: t("remote.yourName"), spellcheck: "false" });
      const form = el("form", { class: "remote-join", autocomplete: "off" },
        seatList(remote, { pick: true }), el("label", { class: "remote-name" }, el("span", { text: t("remote.yourName") }), name),
        el("div", { class: "remote-actions" },
          el("button", { type: "submit", class: "primary", "data-testid": "remote-join", text: t("remote.join") }), closeButton(t("remote.notNow"))));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const seat = form.querySelector('input[name="remote-seat"]:checked');
        if (seat && name.value.trim()) onJoin(Number(seat.value), name.value.trim());
      });
      const notice = taken ? [el("p", { class: "remote-taken", role: "alert", "data-testid": "remote-taken",
        text: t("remote.seatTakenFirst", { by: taken.by || "?", n: taken.seats.map((s) => s + 1).join(", ") }) })] : [];
      joinForm = form;
      const app = inAppBrowser();
      const inApp = app ? [el("p", { class: "remote-taken", role: "alert", "data-testid": "remote-in-app", text: t("remote.inApp", { app }) })] : [];
      open(title(t("remote.joinTitle", { title: gameTitle(remote.game) })), ...inApp, ...notice, el("p", { text: t("remote.joinText") }), form, liveChoice());
    },
    waitingForPlayers(remote) {
      open(title(t("remote.waitingJoin")), seatList(remote), el("div", { class: "remote-actions" }, closeButton()));
    },
  };
}
