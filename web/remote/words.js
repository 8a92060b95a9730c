// What the page says about a remote game: whom it waits for, whom a link goes to, and the line
// Saved games shows. Words only: the engine's remote view (cambria/webapi/remote.py) says who
// sits where and whose step is next.

import { formatList, t } from "../i18n.js";
import { levelName } from "../words.js";
import { gameTitle } from "../games/index.js";

/** The names of the people at device `device` (a list for the sentence). */
export function namesOf(remote, device) {
  const names = remote.seats.filter((s) => s.device === device && s.kind === "human").map((s) => s.name || "?");
  return formatList(names.length ? names : ["?"]);
}

/** The names of the people on other devices who have not joined yet, as "player 2". */
export function seatLabel(remote, index) {
  const seat = remote.seats[index];
  if (seat.kind !== "human") return t("remote.seatComputer", { name: seat.name, level: levelName(seat.kind.split(":")[1]) });
  const asked = remote.asked && remote.asked[String(index)];
  if (seat.device === null && asked) return t("remote.seatAsked", { n: index + 1, name: asked });
  if (seat.device === null) return t("remote.seatFree", { n: index + 1 });
  if (seat.here) return t("remote.seatHere", { name: seat.name });
  return String(seat.name);
}

/** The next step is a roll for one of this device's seats, answered by another device. */
function rollForMe(r) {
  const seat = r.waiting && r.waiting.roll ? r.waiting.for_seat : null;
  return seat !== null && seat !== undefined && Boolean(r.seats[seat]?.here);
}

/** The line under the board in a remote game: what this device waits for, or what to send. */
export function waitingText(view) {
  const r = view.remote;
  if (!r || r.over || !r.waiting) return "";
  const names = namesOf(r, r.waiting.device);
  if (r.can_send) return rollForMe(r) ? t("remote.readySendRoll", { names }) : t("remote.readySend", { names });
  if (!r.my_turn) return r.waiting.roll ? t("remote.waitingRoll", { names }) : t("remote.waitingFor", { names });
  return "";
}

/** Whom a link just made goes to, and why (the dialog's sentence). */
export function shareText(kind, remote) {
  const to = remote.waiting ? namesOf(remote, remote.waiting.device) : "";
  if (kind === "invite") return t("remote.inviteText");
  if (kind === "refused") return t("remote.sendRefused", { names: formatList(remote.refused.flatMap((j) => j.names)) });
  if (kind === "join" && remote.joining) return t("remote.sendJoinWait", { names: namesOf(remote, 0) }); // (protocol 2)
  if (kind === "join") return remote.free_seats.length ? t("remote.sendJoinMore", { names: namesOf(remote, 0) })
    : t("remote.sendJoinLast", { names: to || namesOf(remote, 0) });
  if (remote.over) return t("remote.sendLast");
  if (rollForMe(remote)) return t("remote.sendForRoll", { names: to });
  return t("remote.sendTurn", { names: to });
}

/** What Saved games shows of a remote game (``view``: the board's, for the scores and whose turn). */
export function remoteSummary(remote, view = null) {
  const waiting = remote.over ? t("remote.over")
    : !remote.started && remote.joining ? t("remote.waitingLetIn", { names: namesOf(remote, 0) })
    : !remote.started ? t("remote.waitingJoin")
      : remote.my_turn || remote.can_send ? t("remote.yourStep")
        : t("remote.waitingFor", { names: namesOf(remote, remote.waiting.device) });
  return {
    title: gameTitle(remote.game), names: remote.seats.map((s) => s.name || t("remote.seatFree", { n: "" }).trim()),
    waiting, myTurn: Boolean(remote.my_turn || remote.can_send), over: Boolean(remote.over),
    colours: remote.seats.map((s) => s.colour),
    points: view && Array.isArray(view.points) ? view.points.slice(0, remote.seats.length) : null,
    current: view && !view.over && Number.isInteger(view.current) ? view.current : null,
  };
}
