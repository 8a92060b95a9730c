// Base64url without padding (RFC 4648 §5): the form every byte string of a remote game takes in
// a link and in the messages (docs/remote-play.md), so the page and Python write the same text.
// A leaf: imports nothing.  Uint8Array.toBase64 would do this, but not every engine we test has it.
//
//   toBase64url(bytes)   Uint8Array (or ArrayBuffer) -> "AQID..."
//   fromBase64url(text)  -> Uint8Array; a character outside the alphabet, padding, or a text
//                        toBase64url would not write throws a TypeError (refused, never guessed)

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function toBase64url(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text) {
  if (typeof text !== "string" || !ALPHABET.test(text) || text.length % 4 === 1) {
    throw new TypeError("not base64url (A-Z a-z 0-9 - _, no padding)");
  }
  const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  // atob ignores stray low bits in the last character: one byte string, one text
  if (toBase64url(bytes) !== text) throw new TypeError("not base64url: stray bits in the last character");
  return bytes;
}
