// How live play (live.js) serves the remote game on the board (play.js): which room the page is
// in, what it tells its peers about itself, when this device's finished steps go out by
// themselves, what a peer that arrives is sent to catch up, and whom a link is still for. It
// decides nothing about the game: every message is the engine's, checked by the engine.
//
//   const glue = createLiveGlue({ createLive, request, notify, onBoard, holds, apply, send, update });
//   glue.enter(remote)    the game on the board (the remote view): its room, this page's hello
//   glue.step(remote)     after every step: the hello again; steps ready to go are sent
//   glue.sent(fragment)   a message this device signed: to every peer at once
//   glue.reach(remote, kind) -> {live, here: [names], away: [names], hostHere}   whom it reached
//   glue.line(remote)     the bar's line: who is here, who is away, who is choosing (or null)
//   glue.switched(on) / glue.leave()

import { formatList, t } from "../i18n.js";
import { liveEnabled, setLiveEnabled } from "./live.js";
import { errorText } from "../words.js";

const HIDDEN_LEAVE_MS = 60_000; // a page nobody looks at leaves the room: the relays carry nothing for it

export function createLiveGlue({ createLive, request, notify, onBoard, holds, apply, send, update }) {
  let current = null; // the remote view the page entered with last
  let inbox = Promise.resolve(); // the peers' messages, applied one after another
  let autoSent = null; // the state of the last automatic send (one per state)
  let hiddenTimer = null;
  const live = createLive({ onLink, onChange });

  function helloOf(r) {
    let names = r.seats.filter((s) => s.here).map((s) => s.name || "?");
    if (!names.length && r.joining) names = r.joining.names || [];
    return { dev: r.me, names, choosing: Boolean(r.my_turn && !r.can_send) };
  }

  function enter(r) {
    if (!r || !r.live || r.game_id !== onBoard() || !holds(r.game_id)) return;
    current = r;
    if (document.hidden) return; // entered when the page is seen again
    live.enter(r.live, helloOf(r));
  }

  /** The devices with seats other than this one, and whether each is here by live play. A
   * peer is known by the names it says it plays (a game's names are all different): a joiner's
   * page says its name before it learns its device number. */
  function devices(r) {
    const present = new Set(live.present().flatMap((h) => h.names));
    const byDev = new Map();
    r.seats.forEach((s) => {
      if (s.kind !== "human" || s.device === null || s.device === r.me) return;
      if (!byDev.has(s.device)) byDev.set(s.device, { dev: s.device, names: [], here: false });
      const d = byDev.get(s.device);
      d.names.push(s.name || "?");
      d.here = d.here || present.has(s.name);
    });
    return [...byDev.values()];
  }

  const livePlay = () => live.status() === "on";

  function maybeSend(r) {
    if (!r || !r.can_send || !livePlay() || r.game_id !== onBoard()) return;
    if (!live.present().length) return; // nobody to carry it to: Send and a link, as before
    const state = `${r.game_id}:${r.messages}:${r.drafted}`;
    if (autoSent === state) return;
    autoSent = state;
    send();
  }

  async function catchUp(peerId) {
    if (!current || current.game_id !== onBoard()) return;
    try {
      const { link } = await request("remote_link", { whole: true });
      live.send(link, peerId);
    } catch { /* the game left the board meanwhile */ }
  }

  function onLink(text, peer, peerId) {
    inbox = inbox.then(async () => {
      if (!current || current.game_id !== onBoard()) return;
      try {
        await apply(text);
      } catch (err) {
        const reason = err && err.details && err.details.reason;
        if (reason === "missing") live.ask(peerId); // a message came while this page was away: the whole game
        else if (reason !== "other_game" && !live.refused(peerId)) { // cut off instead: onChange says so
          notify(t("live.refused", { names: who(peer ? peer.names : []), why: errorText(err) }), { urgent: true });
        }
      }
    });
  }

  const who = (names) => (names.length ? formatList(names) : t("live.someone"));
  function cutText({ why, names }) {
    const params = { names: who(names) };
    if (why === "too_big") return t("live.cut.too_big", params);
    if (why === "garbage") return t("live.cut.garbage", params);
    if (why === "half") return t("live.cut.half", params);
    return t("live.cut.flood", params);
  }

  function onChange({ status, joined, wants, cut }) {
    // a peer this page stopped listening to ("again": one cut off before, back: said already)
    if (cut && cut.why !== "again") notify(cutText(cut), { urgent: true });
    // #app's data-live and data-live-peers: how live play stands (the tests wait for it)
    const app = document.getElementById("app");
    if (app) {
      app.dataset.live = status;
      app.dataset.livePeers = String(live.present().length);
    }
    if (joined) catchUp(joined);
    if (wants && wants !== joined) catchUp(wants);
    // steps that waited for a peer, or for the room (a relay back): they go now (once per state)
    if (current) maybeSend(current);
    update();
    markRows();
  }

  // the score strip: a dot by each person on another device, here or away (the looks: style.css);
  // the rows are drawn again at every step, so the marks follow them
  function markRows() {
    const box = document.getElementById("players");
    if (!box) return;
    const r = current && current.game_id === onBoard() && live.status() === "on" ? current : null;
    const present = live.present();
    const here = new Set(present.flatMap((h) => h.names));
    const choosing = new Set(present.filter((h) => h.choosing).flatMap((h) => h.names));
    for (const row of box.querySelectorAll(".player-row[data-seat]")) {
      const seat = r ? r.seats[Number(row.dataset.seat)] : null;
      const other = seat && seat.kind === "human" && seat.device !== null && seat.device !== r.me;
      const mark = !other ? null : !here.has(seat.name) ? "away" : choosing.has(seat.name) ? "choosing" : "here";
      if ((row.dataset.live || null) === mark) continue;
      if (mark) row.dataset.live = mark;
      else delete row.dataset.live;
    }
  }
  const players = document.getElementById("players");
  if (players && typeof MutationObserver === "function") new MutationObserver(markRows).observe(players, { childList: true });

  document.addEventListener("visibilitychange", () => {
    clearTimeout(hiddenTimer);
    if (document.hidden) hiddenTimer = setTimeout(() => live.leave(), HIDDEN_LEAVE_MS);
    else if (current) enter(current); // back: the room again, and a catch-up both ways
  });

  return {
    enter,
    step(r) {
      enter(r);
      maybeSend(r);
      markRows();
    },
    sent(fragment) {
      live.send(fragment);
    },
    /** Whether every one of these people's pages is here by live play now. */
    reached(names) {
      const here = new Set(live.present().flatMap((h) => h.names));
      return livePlay() && names.length > 0 && names.every((n) => here.has(n));
    },
    reach(r, kind) {
      const on = livePlay();
      const all = devices(r);
      const host = new Set(r.seats.filter((s) => s.device === 0).map((s) => s.name));
      const hostHere = on && live.present().some((h) => h.dev === 0 || h.names.some((n) => host.has(n)));
      if (kind === "join") return { live: on, here: [], away: [], hostHere };
      return {
        live: on,
        here: on ? all.filter((d) => d.here).flatMap((d) => d.names) : [],
        away: on ? all.filter((d) => !d.here).flatMap((d) => d.names) : all.flatMap((d) => d.names),
        hostHere,
      };
    },
    line(r) {
      if (!liveEnabled()) return null;
      const status = live.status();
      const p = document.createElement("p");
      p.className = "remote-live";
      p.dataset.testid = "remote-live";
      p.dataset.status = status;
      if (status === "connecting") p.textContent = t("live.connecting");
      else if (status === "no_relay" || status === "unavailable") p.textContent = t("live.noRelay");
      else if (status === "on") {
        const all = devices(r);
        const here = all.filter((d) => d.here).flatMap((d) => d.names);
        const away = all.filter((d) => !d.here).flatMap((d) => d.names);
        const next = new Set(r.waiting ? r.seats.filter((s) => s.device === r.waiting.device).map((s) => s.name) : []);
        const choosing = live.present().filter((h) => h.choosing && h.names.some((n) => next.has(n))).flatMap((h) => h.names);
        const parts = [];
        if (choosing.length) parts.push(t("live.choosing", { names: formatList(choosing) }));
        if (here.length) parts.push(t("live.here", { names: formatList(here) }));
        if (away.length) parts.push(t("live.away", { names: formatList(away) }));
        p.textContent = parts.join(" · ");
        p.dataset.here = here.join(",");
        p.dataset.away = away.join(",");
      } else return null;
      return p;
    },
    switched(on) {
      setLiveEnabled(on);
      if (on && current) enter(current);
      else live.leave();
      update();
    },
    leave() {
      current = null;
      live.leave();
    },
  };
}
