"""The canonical JSON form that messages are signed over and hashed into ids, and base64url.

Two devices must turn the same message into the same bytes, or a signature made on one fails on
the other. So the form allows only what JSON and JavaScript represent exactly and alike: ``null``,
booleans, integers of magnitude below 2**53 (JavaScript's safe integers), strings, lists and
objects with string keys. Floats are refused outright (their text differs between languages).
Keys are sorted by code point (what Python's ``sort_keys`` does; JavaScript's default sort orders
UTF-16 code units, which differs only for keys beyond U+FFFF, so the JS side must sort by code
point too), no spaces, raw UTF-8 (no ``\\u`` escapes but the ones JSON requires, as
``JSON.stringify`` writes them).

>>> canonical({"b": [1, True, None], "a": "é"})
b'{"a":"\\xc3\\xa9","b":[1,true,null]}'
>>> parse(b'{"b":[1,true,null],"a":"x"}') == {"a": "x", "b": [1, True, None]}
True
>>> b64e(b"\\xff\\xfe"), b64d("__4")
('__4', b'\\xff\\xfe')
>>> len(digest16({"game": "cambria"}))
22
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from typing import Any, NoReturn

from ..core.record import nesting_depth
from .errors import RemoteError

__all__ = ["canonical", "parse", "digest16", "b64e", "b64d", "MAX_INT", "MAX_BYTES", "MAX_DEPTH"]

MAX_INT = 2**53 - 1       # JavaScript's Number.MAX_SAFE_INTEGER: larger integers lose digits there
MAX_BYTES = 1_000_000     # a whole game's history is a few tens of kilobytes
MAX_DEPTH = 32            # a message nests about 5 deep; more is not one
_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def _check(obj: Any, depth: int, max_depth: int) -> None:
    """Raise RemoteError("bad_value") unless ``obj`` is in the canonical form's domain; ``depth``
    counts the lists and objects around ``obj`` (as ``nesting_depth`` counts brackets)."""
    if isinstance(obj, (list, dict)) and depth >= max_depth:
        raise RemoteError("bad_value", f"nested more than {max_depth} deep", max_depth=max_depth)
    if obj is None or isinstance(obj, bool):
        return
    if isinstance(obj, int):
        if -MAX_INT <= obj <= MAX_INT:
            return
        raise RemoteError("bad_value", "an integer beyond 2**53 (JavaScript would round it)")
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: UTF-8 cannot hold it
            raise RemoteError("bad_value", "a string that is not valid Unicode") from None
        return
    if isinstance(obj, list):
        for item in obj:
            _check(item, depth + 1, max_depth)
        return
    if isinstance(obj, dict):
        for key, value in obj.items():
            if not isinstance(key, str):
                raise RemoteError("bad_value", f"an object key that is not a string: {key!r}")
            _check(key, depth, max_depth)
            _check(value, depth + 1, max_depth)
        return
    # floats (their text differs between Python and JavaScript), tuples (a list must be meant
    # explicitly, so that a parsed message equals the one that was built), bytes, sets, ...
    raise RemoteError("bad_value", f"a value the canonical form cannot hold: {type(obj).__name__}",
                      type=type(obj).__name__)


def canonical(obj: Any) -> bytes:
    """The canonical bytes of ``obj``: sorted keys, no spaces, UTF-8; RemoteError("bad_value")
    for anything but None, bool, int (below 2**53), str, list and dict with str keys.

    >>> canonical({"z": 1, "a": [None, False]})
    b'{"a":[null,false],"z":1}'
    >>> canonical(1.5)
    Traceback (most recent call last):
    cambria.remote.errors.RemoteError: a value the canonical form cannot hold: float
    """
    # nested no deeper than parse() accepts: what one device writes, every device can read
    _check(obj, 0, MAX_DEPTH)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _damaged(message: str, **details: Any) -> NoReturn:
    raise RemoteError("link_damaged", message, **details)


def _no_float(text: str) -> NoReturn:
    _damaged(f"a number that is not an integer: {text[:40]}")


def _int(text: str) -> int:
    # checked on the digits before int() so that 100,000 digits cost nothing
    if len(text.lstrip("-")) > 16 or abs(value := int(text)) > MAX_INT:
        _damaged("an integer beyond 2**53")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # two values for one key: which one a reader keeps differs between parsers, so a signed
    # message could mean two things; no canonical form has them
    out = dict(pairs)
    if len(out) != len(pairs):
        _damaged("an object names a key twice")
    return out


def parse(data: bytes, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """JSON data from ``data`` (strict UTF-8), refusing with RemoteError("link_damaged") what the
    canonical form cannot hold: floats, NaN, integers beyond 2**53, duplicate keys, lone
    surrogates, more than ``max_bytes`` bytes or nesting deeper than ``max_depth``.

    Size and depth are checked before the (recursive) parser runs, so no input can exhaust it.

    >>> parse(b'[1,2]')
    [1, 2]
    >>> parse(b'{"a":1,"a":2}')
    Traceback (most recent call last):
    cambria.remote.errors.RemoteError: an object names a key twice
    """
    if len(data) > max_bytes:
        _damaged(f"{len(data):,} bytes of JSON, more than {max_bytes:,}", size=len(data))
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        _damaged("the JSON is not UTF-8")
    if nesting_depth(text, max_depth) > max_depth:
        _damaged(f"the JSON is nested more than {max_depth} deep")
    try:
        value = json.loads(text, parse_float=_no_float, parse_int=_int, parse_constant=_no_float,
                           object_pairs_hook=_object)
    except RemoteError:
        raise
    except (ValueError, RecursionError, MemoryError) as exc:  # JSONDecodeError is a ValueError
        _damaged(f"not valid JSON: {exc}")
    try:
        _check(value, 0, max_depth)  # what is left: strings with lone surrogates ("\ud800")
    except RemoteError as exc:
        _damaged(str(exc))
    return value


def digest16(obj: Any) -> str:
    """base64url of the first 16 bytes of SHA-256 of ``canonical(obj)``: game and message ids
    (128 bits: no collision will ever be found by chance or by search)."""
    return b64e(hashlib.sha256(canonical(obj)).digest()[:16])


def b64e(data: bytes) -> str:
    """base64url without padding (RFC 4648 §5): what a URL fragment carries unescaped."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64d(text: str, length: int | None = None) -> bytes:
    """The bytes of base64url ``text`` (no padding), RemoteError("link_damaged") unless ``text``
    is exactly what ``b64e`` writes (so each value has one spelling, and a signature or reveal
    cannot be sent in two forms) and, when ``length`` is given, decodes to that many bytes.

    >>> b64d("AB")
    Traceback (most recent call last):
    cambria.remote.errors.RemoteError: not canonical base64url
    """
    if not isinstance(text, str) or not _B64URL.fullmatch(text) or len(text) % 4 == 1:
        _damaged("not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        _damaged("not base64url")
    if b64e(data) != text:  # unused low bits set: another spelling of the same bytes
        _damaged("not canonical base64url")
    if length is not None and len(data) != length:
        _damaged(f"{len(data)} bytes where {length} were expected", length=len(data), expected=length)
    return data
