"""The link format: ``#r1.`` and the base64url of the raw-deflated canonical JSON of a payload.

The payload travels in the URL's fragment, which browsers never send to the host, so a static
site carries a game without seeing it. ``r1`` is the protocol version: a later version gets a
new prefix, and this code says "made by a newer version" instead of "damaged".

The browser compresses with ``CompressionStream("deflate-raw")``, so ``decode_link`` takes any
valid raw deflate stream (any block types, any level), not only the bytes ``encode_link`` writes.
Every limit is checked before the work it bounds: the text's length before decoding, the
inflated size while inflating (a small link cannot inflate to gigabytes), nesting before the
JSON parser runs.

>>> link = encode_link({"game": "Ab", "to": [1]})
>>> link[:3], decode_link("https://example.org/play/#" + link)
('r1.', {'game': 'Ab', 'to': [1]})
"""

from __future__ import annotations

import re
import zlib
from typing import Any, NoReturn

from .canonical import b64d, b64e, canonical, parse
from .errors import RemoteError

__all__ = ["PREFIX", "VERSION", "MAX_LINK_CHARS", "MAX_INFLATED", "encode_link", "decode_link"]

VERSION = 1
PREFIX = f"r{VERSION}."
MAX_LINK_CHARS = 200_000   # far beyond what a messenger carries; a whole game goes as a file
MAX_INFLATED = 1_000_000   # bytes of JSON: a whole game's history is a few tens of kilobytes
_VERSIONED = re.compile(r"r([0-9]+)\.")


def encode_link(payload: dict[str, Any]) -> str:
    """The fragment (without "#") that carries ``payload``: ``r1.`` + base64url(deflate-raw)."""
    if not isinstance(payload, dict):
        raise RemoteError("bad_value", "a link carries a JSON object")
    packer = zlib.compressobj(level=9, wbits=-15)  # raw deflate: what CompressionStream reads
    return PREFIX + b64e(packer.compress(canonical(payload)) + packer.flush())


def _damaged(message: str, **details: Any) -> NoReturn:
    raise RemoteError("link_damaged", f"the link is damaged: {message}", **details)


def _fragment(text: str) -> str:
    """The versioned part of a link: the text after '#' in a URL, or the text itself."""
    text = text.strip()  # messengers and copy-paste add spaces and line breaks around a link
    return text.partition("#")[2] if "#" in text else text


def _inflate(data: bytes) -> bytes:
    unpacker = zlib.decompressobj(wbits=-15)
    try:
        # one byte more than allowed tells a bomb from a payload of exactly the limit
        out = unpacker.decompress(data, MAX_INFLATED + 1)
    except zlib.error as exc:
        _damaged(f"not deflate data ({exc})")
    if len(out) > MAX_INFLATED:
        _damaged(f"it inflates past {MAX_INFLATED:,} bytes", limit=MAX_INFLATED)
    if not unpacker.eof:  # the final block never came: the link was cut off
        _damaged("the compressed data stops early (cut off when it was copied?)")
    if unpacker.unused_data:
        _damaged("data after the end of the compressed stream")
    return out


def decode_link(text: str) -> dict[str, Any]:
    """The payload of a link: ``text`` is a bare ``r1.…`` fragment, ``#r1.…`` or a whole URL.

    RemoteError with code "not_a_link" (no versioned fragment), "link_newer" (a later version
    than 1) or "link_damaged" (anything else wrong: too long, bad base64url, bad deflate, too
    big, bad JSON, not an object)."""
    if not isinstance(text, str):
        raise RemoteError("not_a_link", "a link is text")
    if len(text) > MAX_LINK_CHARS:
        _damaged(f"{len(text):,} characters, more than {MAX_LINK_CHARS:,}", length=len(text))
    fragment = _fragment(text)
    match = _VERSIONED.match(fragment)
    if match is None:
        raise RemoteError("not_a_link", "no game link here (it has no '#r1.' part)")
    digits = match[1]
    if digits != str(VERSION):
        if digits.lstrip("0") in ("", str(VERSION)):  # r0., r01.: no version ever wrote these
            _damaged(f"unknown link version 'r{digits[:12]}'")
        # any other number is above 1: a newer version of the site made it
        raise RemoteError("link_newer", f"the link was made by a newer version (r{digits[:12]})",
                          version=int(digits) if len(digits) <= 12 else None)
    payload = parse(_inflate(b64d(fragment[match.end():])), max_bytes=MAX_INFLATED)
    if not isinstance(payload, dict):
        _damaged("it holds no JSON object")
    return payload
