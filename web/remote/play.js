// Remote games on the page: creating one, opening a link, joining, sending a turn, saving this
// device's copy. The engine (cambria/webapi/remote.py) checks every message and builds every
// link; this module signs what it is given with this device's key (device.js), keeps the copy
// (store.js) and shows the links (dialog.js). docs/remote-play.md is the protocol.
//
//   import { createRemote } from "./remote/play.js";
//   const remote = createRemote({ request, enter, leaveToSetup, notify, showError });
//   remote.create(payload)   the new-game screen's choice with seats on other devices
//   await remote.boot()      a link in the address (or the remote game on the board before a
//                            reload) opened; true if it took the page
//   remote.openLink(text)    a link opened while the page runs (pasted, or a hash change)
//   remote.saved(view)       after every step of a remote game: this device's copy saved
//   remote.update(view)      the bar under the board: send the turn, take it back, waiting for …
//   remote.send() / remote.takeBack() / remote.left()

import { formatList, t } from "../i18n.js";
import { openDeviceStore } from "./device.js";
import { fromBase64url } from "./base64url.js";
import { createRemoteStore } from "./store.js";
import { createRemoteDialog } from "./dialog.js";
import { namesOf, remoteSummary } from "./words.js";
import { remoteSection } from "./list.js";
import { download } from "../recordfile.js";
import { createTabs } from "../tabs.js";
import { createLive } from "./live.js";
import { createLiveGlue } from "./liveglue.js";
import { createWaitCard } from "./waitcard.js";
import { createRemoteBar } from "./bar.js";
import { createHandoff } from "./handoff.js";

const LINK = /#?(r[0-9]+\..*)$/;

/** The fragment of a link ("r1.…"), from a whole address, a "#r1.…" or the fragment itself. */
export function linkFragment(text) {
  const match = typeof text === "string" ? text.trim().match(LINK) : null;
  return match ? match[1] : null;
}

export function linkUrl(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

export function createRemote({ request, enter, leaveToSetup, notify, showError, readOnly = () => {}, handedOff = () => {}, showBoard = () => {} }) {
  const store = createRemoteStore();
  // one game, one tab (tabs.js), as for local games: two tabs of one device that both played
  // would sign two versions of one turn (a fork the other devices refuse)
  const tabs = createTabs({ onLost: (id) => id === onBoard && readOnly(true) });
  // a link opened in another tab of this browser for the game this tab plays comes here, and is
  // opened here as if it had been opened here (the tabs would fight over the game otherwise)
  const handoff = createHandoff({ holds: (id) => tabs.holds(id), open: (link) => openLink(link) });
  let devices = null; // the IndexedDB store, opened on first use
  let lastLink = null; // the link this device made last for the game on the board: {url, text}
  let onBoard = null; // the game id on the board
  // a link this tab opened while another tab played its game ({id, link}): this tab showed it and
  // saved nothing, so taking the game over opens it again over the latest save (else it is lost
  // when the other tab never got it: frozen, or no BroadcastChannel)
  let unsaved = null;
  const dialog = createRemoteDialog({ onJoin: join, qr: (text) => request("remote_qr", { text }), onLive: (on) => glue.switched(on) });
  // live play (live.js): the same messages as the links, by themselves while the pages are open
  const glue = createLiveGlue({
    createLive, request, notify,
    onBoard: () => onBoard, holds: (id) => tabs.holds(id),
    apply: applyLive, send: () => send({ live: true }), update: () => {
      update(lastView);
      dialog.refresh();
      card.refresh();
    },
  });
  // the new-game screen's card while this page's remote game waits for its players
  const card = createWaitCard({ again: showAgain, presence: (r) => glue.line(r) });

  async function showAgain(r) { // the card's button: the invite (the host), this device's join link, or the seats again
    if (r.joining && r.joining.status === "refused") return dialog.join(r, { taken: r.joining });
    try {
      lastLink = { url: linkUrl((await request("remote_link", {})).link), kind: r.joining ? "join" : "invite", remote: r };
      if (r.joining) dialog.share(lastLink, () => glue.reach(r, "join"));
      else dialog.invite(lastLink);
    } catch (err) {
      failed(err);
    }
  }

  async function deviceStore() {
    if (!devices) devices = await openDeviceStore();
    return devices;
  }

  async function signed(tag, answer) {
    const store_ = await deviceStore();
    const sig = await store_.sign(tag, fromBase64url(answer.sign));
    return request("remote_signed", { sig });
  }

  function failed(err) {
    showError(err);
    return false;
  }

  // ------------------------------------------------------------------ saving this device's copy

  async function save(remoteView, view = null) {
    if (!tabs.holds(remoteView.game_id)) return; // another tab plays it: that tab saves
    let record;
    try {
      record = await request("remote_record", {});
    } catch {
      return;
    }
    const old = store.get(record.game_id);
    if (old && !old.damaged && old.record.me !== null && record.me === null) return; // watched: the seat's copy stays
    const summary = remoteSummary(remoteView, view);
    if (!view && old && !old.damaged && remoteView.started) { // no board at hand: the scores saved last stay
      summary.points = old.summary.points;
      summary.current = old.summary.current;
    }
    const result = store.put(record.game_id, record, summary);
    if (!result.ok) notify(result.kind === "full" ? t("storage.full") : t("storage.unavailable"), { urgent: true });
    store.setCurrent(record.game_id);
  }

  // ------------------------------------------------------------------ a new game

  async function create(payload, busy = () => {}) {
    busy("remote_new");
    try {
      return await createGame(payload);
    } finally {
      busy(null);
    }
  }

  async function createGame(payload) {
    const tag = `new-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    try {
      const keys = await deviceStore();
      const { publicKey } = await keys.create(tag);
      const seed = await keys.seed(tag);
      const seats = payload.players.map((p) => (p.kind === "remote" ? { kind: "human", colour: p.colour }
        : { kind: p.kind, name: p.name, colour: p.colour, here: p.kind === "human" }));
      const answer = await request("remote_new", { game: payload.game, map: payload.map, options: payload.options, seats, key: publicKey, seed });
      const done = await signed(tag, answer);
      await keys.rekey(tag, done.remote.game_id);
      await tabs.claim(done.remote.game_id, { fresh: true });
      await save(done.remote);
      onBoard = done.remote.game_id;
      lastLink = { url: linkUrl(done.link), kind: "invite", remote: done.remote };
      dialog.invite(lastLink);
      card.show(done.remote);
      shown(done.remote);
      glue.enter(done.remote);
      return true;
    } catch (err) {
      devices?.remove(tag).catch(() => {});
      return failed(err);
    }
  }

  // ------------------------------------------------------------------ opening a link

  async function openLink(text, { quiet = false } = {}) {
    const link = linkFragment(text);
    if (!link) return failed({ code: "remote", details: { reason: "not_a_link" } });
    try {
      const peek = await request("remote_peek", { link });
      const entry = store.get(peek.game_id);
      if (entry && entry.damaged) return failed({ code: "remote", details: { reason: "bad_save" } });
      if (!tabs.holds(peek.game_id) && (await tabs.heldElsewhere(peek.game_id))
        && (await handoff.offer(peek.game_id, link))) return await handedOver(entry, link);
      const res = await openWith(entry, link);
      return await show(res, entry, { quiet, link });
    } catch (err) {
      return failed(err);
    }
  }

  // The tab that plays the game took the link (and shows its errors): this one shows the game
  // read-only as it stands with the link, says where the link went, and offers to play here.
  async function handedOver(entry, link) {
    let res;
    let opened = link;
    try {
      res = await openWith(entry, link);
    } catch {
      if (!entry) return true; // refused there too, and said there; nothing of it to show here
      res = await openWith(entry, null);
      opened = null;
    }
    await show(res, entry, { quiet: true, link: opened });
    if (!tabs.holds(res.remote.game_id)) handedOff(); // (the holder let go meanwhile: this tab plays it)
    return true;
  }

  async function openWith(entry, link) {
    let seed = null;
    let saved = entry ? entry.record : null;
    if (saved && (saved.me !== null || saved.join)) { // a seat, or a join that waits to be let in
      seed = await deviceStore().then((keys) => keys.seed(saved.game_id)).catch(() => null);
      if (!seed) {
        // its site data was cleared: the seat's key is gone, the game can still be watched
        notify(t("remote.keysLost"), { urgent: true });
        saved = { ...saved, me: null, draft: [], join: undefined };
      }
    }
    const payload = { ...(link ? { link } : {}), ...(saved ? { saved } : {}), ...(seed ? { seed } : {}) };
    return request("remote_open", payload);
  }

  // #app's data-remote-messages: how many messages of the game on the board this page has shown (the tests wait for it)
  const shown = (r) => { document.getElementById("app").dataset.remoteMessages = String(r.messages); };

  async function show(res, entry, { quiet = false, live = false, link = null } = {}) {
    const r = res.remote;
    onBoard = r.game_id;
    unsaved = null;
    try {
      return await showGame(res, entry, { quiet, live });
    } finally {
      if (link && !tabs.holds(r.game_id)) unsaved = { id: r.game_id, link };
      shown(r);
      glue.enter(r);
    }
  }

  async function showGame(res, entry, { quiet, live }) {
    let r = res.remote;
    const mine = await tabs.claim(r.game_id); // false: another tab plays it, this one shows it
    if (mine && r.me === 0 && r.can_start) {
      // every free seat is asked for: the host lets the joins in (in the order they reached it);
      // its first turn, which names them, goes out with the start roll
      res = await request("remote_start", {});
      r = res.remote;
    }
    if (entry || r.me !== null || r.joining) await save(r); // (a copy watched for want of keys keeps its seat)
    if (!r.started || !res.view) showBoard(r.game, r.map); // the game's board behind the dialog
    const told = r.me === 0 && r.refused.some((j) => !refusedTold.has(j.id));
    if (told) {
      await tellRefused(r); // the dialog shows the link for them (over the board once it runs)
      if (!r.started || !res.view) return true;
    }
    if (r.joining && r.joining.status === "refused" && !r.started) {
      card.show(r); // (says so too, with a way back to the seats: a tap meant for the dialog before may close this one)
      dialog.join(r, { taken: r.joining }); // another join reached the host first: another seat, or watch
      return true;
    }
    if (r.joining && r.joining.status === "waiting") {
      lastLink = { url: linkUrl((await request("remote_link", {})).link), kind: "join", remote: r };
      // sent already? the same link again (not over the screen when it came by live play), and what it waits for
      if (!live) dialog.share(lastLink, () => glue.reach(r, "join"));
      card.show(r);
      return true;
    }
    if (r.joining && r.joining.reason === "too_late") notify(t("remote.error.too_late"), { urgent: true });
    if (!entry && r.me === null && r.free_seats.length && !r.joining) {
      card.hide();
      dialog.join(r); // a first sight of a game with a free seat: take it
      return true;
    }
    // every seat taken, none of them this browser's: a seat taken in another browser (a
    // messenger's own) is there only
    if (!entry && r.me === null) notify(r.started ? t("remote.watchingElsewhere") : t("remote.watching"), { urgent: r.started });
    else if (entry && res.new === 0 && !quiet) notify(t("remote.seen"));
    if (!r.started || !res.view) {
      lastLink = null;
      // the screen's card says whom the game waits for; a link opened here also says it over the
      // screen (a join that came by live play does not open a dialog)
      if (!live) dialog.waitingForPlayers(r);
      card.show(r);
      return true;
    }
    card.hide();
    if (!told) dialog.close(); // "waiting for players" is over: the board and its first roll
    await enter(res.view, res.events || [], !mine);
    return true;
  }

  // The host tells each person whose join cannot come in (a seat another asked for first, or
  // every seat taken): the link it shows holds every join, so their page can say who was first.
  const refusedTold = new Set(); // the joins the host's page has told about already (by id)
  async function tellRefused(r) {
    for (const j of r.refused) {
      if (refusedTold.has(j.id)) continue;
      refusedTold.add(j.id);
      const names = formatList(j.names);
      notify(j.reason === "too_late" ? t("remote.hostTooLate", { names })
        : t("remote.hostRefused", { names, by: j.by || "?" }), { urgent: true });
    }
    const { link } = await request("remote_link", { whole: r.started });
    lastLink = { url: linkUrl(link), kind: "refused", remote: r };
    glue.sent(link);
    // live: their pages have it already (and offer them a free seat); the link is for the others
    if (!glue.reached(r.refused.flatMap((j) => j.names))) dialog.share(lastLink);
  }

  // ------------------------------------------------------------------ joining

  async function join(seat, name) {
    const gameId = onBoard;
    try {
      const keys = await deviceStore();
      const asked = store.get(gameId)?.record?.join; // a join of this device, refused: the same key and dice secret again
      if (!asked && (await keys.publicKey(gameId))) await keys.remove(gameId); // a join begun here and never signed
      const { publicKey } = asked && (await keys.publicKey(gameId)) ? { publicKey: await keys.publicKey(gameId) } : await keys.create(gameId);
      const seed = await keys.seed(gameId);
      const answer = await request("remote_join", { seats: [seat], names: [name], key: publicKey, seed });
      const done = await signed(gameId, answer);
      await tabs.claim(gameId, { fresh: true });
      await save(done.remote);
      lastLink = { url: linkUrl(done.link), kind: "join", remote: done.remote };
      glue.sent(done.link);
      dialog.share(lastLink, () => glue.reach(done.remote, "join"));
      if (done.view) {
        card.hide();
        await enter(done.view, []);
      } else card.show(done.remote);
      shown(done.remote);
      glue.enter(done.remote);
      return true;
    } catch (err) {
      return failed(err);
    }
  }

  // ------------------------------------------------------------------ a turn

  async function send({ live = false } = {}) {
    const gameId = onBoard;
    try {
      const answer = await request("remote_send", {});
      const done = await signed(gameId, answer);
      await save(done.remote);
      lastLink = { url: linkUrl(done.link), kind: "turn", remote: done.remote, view: done.view };
      glue.sent(done.link);
      if (done.view) await enter(done.view, []);
      const reach = () => glue.reach(done.remote, "turn");
      // live: the link only for whoever is away (none away: no dialog at all)
      if (!live || reach().away.length) dialog.share(lastLink, reach);
      shown(done.remote);
      return true;
    } catch (err) {
      return failed(err);
    }
  }

  async function takeBack() {
    try {
      const res = await request("remote_undo", {});
      if (res.view) await enter(res.view, []);
      await save(res.remote);
    } catch (err) {
      failed(err);
    }
  }

  // ------------------------------------------------------------------ the bar under the board

  let lastView = null;
  // the bar under the board; its "link again": the link this device made last for this game
  const bar = createRemoteBar({ presence: (r) => glue.line(r), send: () => send(), takeBack,
    linkAgain: (r, open = false) => {
      const ok = Boolean(lastLink && lastLink.remote.game_id === r.game_id);
      if (ok && open) dialog.share(lastLink);
      return ok;
    } });
  function update(view) {
    lastView = view;
    bar.update(view);
  }

  // ------------------------------------------------------------------ a message by live play

  /** A link's messages from a peer, for the game on the board: applied to it as it stands; shown
   * as an opened link is when they bring something. Throws the engine's refusal. */
  async function applyLive(link) {
    const res = await request("remote_accept", { link });
    if (!res.new && !res.remote) return 0;
    await show(res, store.get(res.remote.game_id), { quiet: true, live: true });
    return res.new;
  }

  // ------------------------------------------------------------------ start-up and leaving

  async function boot() {
    const hash = location.hash;
    if (linkFragment(hash)) {
      history.replaceState(null, "", location.pathname + location.search); // a reload does not open it again
      return openLink(hash);
    }
    const id = store.current();
    const entry = id ? store.get(id) : null;
    if (!entry || entry.damaged || entry.summary.over) return false;
    try {
      return show(await openWith(entry, null), entry, { quiet: true });
    } catch (err) {
      store.setCurrent(null);
      return failed(err);
    }
  }

  // ------------------------------------------------------------------ Saved games

  async function openSaved(id) {
    const entry = store.get(id);
    if (!entry || entry.damaged) return failed({ code: "remote", details: { reason: "bad_save" } });
    try {
      return await show(await openWith(entry, null), entry, { quiet: true });
    } catch (err) {
      return failed(err);
    }
  }

  function section(close, refresh) {
    return remoteSection({
      entries: store.list(),
      open: (id) => {
        close();
        openSaved(id);
      },
      exportRecord: (record) => download(record),
      remove: (id) => {
        store.remove(id);
        devices?.remove(id).catch(() => {});
        if (onBoard === id) leaveToSetup();
        refresh();
      },
    });
  }

  /** A file that holds a remote game (an export of this or another device). */
  function isRecord(text) {
    return typeof text === "string" && text.length < 3_000_000 && /"format"\s*:\s*"cambria-remote"/.test(text.slice(0, 4000));
  }

  async function importRecord(text, close) {
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      return failed({ code: "remote", details: { reason: "bad_save" } });
    }
    try {
      const keys = await deviceStore().catch(() => null);
      const mine = keys && record && typeof record.game_id === "string" ? await keys.seed(record.game_id).catch(() => null) : null;
      // another device's export: this one has no keys for it, so it watches
      const saved = mine ? record : { ...record, me: null, draft: [] };
      const res = await request("remote_open", { saved, verify: true, ...(mine && saved.me !== null ? { seed: mine } : {}) });
      close();
      if (!mine) notify(t("remote.watching"));
      return show(res, { record: saved }, { quiet: true });
    } catch (err) {
      return failed(err);
    }
  }

  window.addEventListener("hashchange", () => {
    if (!linkFragment(location.hash)) return;
    const hash = location.hash;
    history.replaceState(null, "", location.pathname + location.search);
    openLink(hash);
  });

  return {
    create, boot, openLink, send, takeBack, update,
    /** The new-game screen's choice has seats for people on other devices. */
    isRemote: (payload) => payload.players.some((p) => p.kind === "remote"),
    /** This device answers a roll for another device's seat (or for nobody: the start player):
     * the outcome is already fixed by two devices' secrets, nobody here chooses anything. */
    answersRoll(view) {
      if (!view.remote || !view.chance) return false;
      const seat = view.remote.waiting ? view.remote.waiting.for_seat : null;
      return seat === null || seat === undefined || !view.remote.seats[seat]?.here;
    },
    saved(view) {
      if (!view || !view.remote) return;
      save(view.remote, view);
      glue.step(view.remote);
    },
    /** "Continue here": the tab that plays the game lets go; it comes back from the latest save
     * (and the link this tab opened meanwhile, applied to it: nothing new if the holder had it). */
    async takeOver() {
      const id = onBoard;
      const link = unsaved && unsaved.id === id ? unsaved.link : null;
      if (!id || !(await tabs.takeOver(id))) return false;
      return (link && (await openLink(link, { quiet: true }))) || openSaved(id);
    },
    onBoard: () => onBoard,
    left() {
      glue.leave();
      tabs.release();
      onBoard = null;
      lastLink = null;
      store.setCurrent(null);
      dialog.close();
      card.hide();
    },
    list: () => store.list(),
    openSaved, section, isRecord, importRecord,
    names: namesOf,
    leaveToSetup,
  };
}
