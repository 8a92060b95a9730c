// What a peer may send over live play before this page stops listening to it. Every message is
// checked by the engine anyway (live.js), so the guard is only about the page: a peer that edits
// its page must not be able to freeze it (a flood), fill its memory (a message of many
// megabytes, a message begun and never finished), or bury the board under refusals. A real page
// sends a handful of messages a minute: a hello per step, a turn, the whole game once (60 KB for
// a long two-player Cambria game), so the limits below are far from anything a player does.
//
//   const guard = createGuard();
//   guard.message(peerId, size)       a message arrived: null (take it) or why the peer is to be cut
//                                     off ("too_big" | "flood"; "cut": it is already)
//   guard.refused(peerId)             the engine refused one of its messages: null or "garbage"
//   guard.received(peerId, bytes)     the bytes its connection has carried in all (the browser's
//                                     count, every message of any kind): null or "flood"
//   guard.partial(peerId, done)       a part of a long message arrived (done: a long message ended)
//   guard.unfinished()                peers with a message begun HALF_MS ago and never finished
//   guard.cut(peerId) / guard.isCut(peerId) / guard.forget(peerId)

export const LIMITS = Object.freeze({
  text: 1_000_000, // characters in one message (the whole of a long game is 60,000)
  windowMs: 10_000,
  // messages of a peer in one window: a quick two-player game by taps sends about 6 a second
  // (a hello as each turn starts and ends, the turn), a flood thousands
  messages: 300,
  bytes: 4_000_000, // bytes a connection carries in one window, every message of any kind
  refused: 5, // messages the engine refused in one window before the peer is cut off
  halfMs: 15_000, // a message begun and not finished after this long
});

export function createGuard(limits = LIMITS, now = () => Date.now()) {
  const meters = new Map(); // peerId -> {times: [], refused: [], bytes: [[time, total]], begun}
  const cutOff = new Set(); // peers this page no longer listens to (while it lives)

  const meter = (peerId) => {
    if (!meters.has(peerId)) meters.set(peerId, { times: [], refused: [], bytes: [], begun: null });
    return meters.get(peerId);
  };
  const recent = (list, t) => {
    while (list.length && t - (Array.isArray(list[0]) ? list[0][0] : list[0]) > limits.windowMs) list.shift();
    return list;
  };

  return {
    message(peerId, size) {
      if (cutOff.has(peerId)) return "cut";
      const t = now();
      const m = meter(peerId);
      if (!(size >= 0) || size > limits.text) return "too_big";
      recent(m.times, t).push(t);
      return m.times.length > limits.messages ? "flood" : null;
    },
    refused(peerId) {
      if (cutOff.has(peerId)) return "cut";
      const t = now();
      const list = recent(meter(peerId).refused, t);
      list.push(t);
      return list.length >= limits.refused ? "garbage" : null;
    },
    received(peerId, total) {
      if (cutOff.has(peerId)) return "cut";
      const t = now();
      const list = recent(meter(peerId).bytes, t);
      list.push([t, total]);
      return total - list[0][1] > limits.bytes ? "flood" : null;
    },
    partial(peerId, done) {
      const m = meter(peerId);
      if (done) m.begun = null;
      else m.begun ??= now();
    },
    unfinished() {
      const t = now();
      return [...meters.entries()].filter(([, m]) => m.begun !== null && t - m.begun > limits.halfMs).map(([id]) => id);
    },
    cut(peerId) {
      cutOff.add(peerId);
      meters.delete(peerId);
    },
    isCut: (peerId) => cutOff.has(peerId),
    forget(peerId) {
      meters.delete(peerId);
    },
  };
}
