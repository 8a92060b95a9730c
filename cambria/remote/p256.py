"""ECDSA over NIST P-256 with SHA-256, byte for byte as WebCrypto does it.

A signature is the 64 bytes ``r‖s`` (big-endian, WebCrypto's "raw" IEEE P1363 form, not DER); a
public key is the 65-byte uncompressed point ``0x04‖X‖Y`` (WebCrypto's ``exportKey("raw")``).
The browser signs with WebCrypto and its key never leaves it; Python only *verifies* there, so
``verify`` is the function that matters: it returns False, never raises, for any malformed input.
``sign`` (with RFC 6979's deterministic nonce) is for the tests and for simulated devices.

ECDSA signatures are malleable: when ``(r, s)`` is valid, so is ``(r, n - s)``, which anyone can
form without the key, and WebCrypto draws a fresh nonce per signature, so one device signing one
message twice gives two different signatures. Whatever identifies a message must therefore not
depend on its signature bytes.

Points are kept in Jacobian coordinates (X, Y, Z) for x = X/Z², y = Y/Z³, so that adding and
doubling need no modular inverse; ``verify`` computes u1·G + u2·Q in one pass of doublings
(Shamir's trick). Measured in CPython 3.11 on the 2-core development machine (best of 5×100
calls): ``verify`` 2.0 ms idle, 4.0 ms while other jobs shared the cores; ``sign`` and
``public_key`` 1.4 to 3.9 ms. In the site's Pyodide under Node ``verify`` took about 8 ms
(300 calls, the machine loaded); a turn has a signature or two to check, so there is no call
for precomputed tables.

>>> key = private_from_seed(b"doctest")
>>> signature = sign(key, b"hello")
>>> len(signature), verify(public_key(key), b"hello", signature), verify(public_key(key), b"hullo", signature)
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from typing import Any

from .errors import RemoteError

__all__ = ["verify", "sign", "public_key", "private_from_seed", "N", "P"]

# The curve y² = x³ - 3x + b over GF(P) and its generator G of prime order N (FIPS 186-4, D.1.2.3).
P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
GX = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
GY = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5

Jacobian = tuple[int, int, int]
INFINITY: Jacobian = (1, 1, 0)  # Z = 0: the point at infinity, the group's zero
G: Jacobian = (GX, GY, 1)


def _double(pt: Jacobian) -> Jacobian:
    # "dbl-2001-b" of the Explicit-Formulas Database: a = -3 lets 3·X² + a·Z⁴ factor as
    # 3·(X - Z²)(X + Z²), saving two multiplications
    x1, y1, z1 = pt
    if z1 == 0 or y1 == 0:  # 2·O = O; a point with y = 0 has order 2 (none on P-256, but cheap)
        return INFINITY
    delta = z1 * z1 % P
    gamma = y1 * y1 % P
    beta = x1 * gamma % P
    alpha = 3 * (x1 - delta) * (x1 + delta) % P
    x3 = (alpha * alpha - 8 * beta) % P
    z3 = ((y1 + z1) ** 2 - gamma - delta) % P
    y3 = (alpha * (4 * beta - x3) - 8 * gamma * gamma) % P
    return x3, y3, z3


def _add(p1: Jacobian, p2: Jacobian) -> Jacobian:
    # "add-2007-bl"-style general addition; the equal and opposite cases are handled, because a
    # forged key may be chosen so that u1·G and u2·Q meet in them
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    if z1 == 0:
        return p2
    if z2 == 0:
        return p1
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(p1) if s1 == s2 else INFINITY
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    y3 = (r * (v - x3) - s1 * hhh) % P
    z3 = z1 * z2 * h % P
    return x3, y3, z3


def _affine_x(pt: Jacobian) -> int | None:
    """x of the point, or None for the point at infinity."""
    if pt[2] == 0:
        return None
    return pt[0] * pow(pt[2], -2, P) % P


def _affine(pt: Jacobian) -> tuple[int, int]:
    zinv = pow(pt[2], -1, P)
    zinv2 = zinv * zinv % P
    return pt[0] * zinv2 % P, pt[1] * zinv2 * zinv % P


def _two_multiples(u1: int, p1: Jacobian, u2: int, p2: Jacobian) -> Jacobian:
    """u1·p1 + u2·p2, with one doubling per bit of the longer scalar (Shamir's trick)."""
    table = (INFINITY, p1, p2, _add(p1, p2))
    acc = INFINITY
    for bit in range(max(u1.bit_length(), u2.bit_length()) - 1, -1, -1):
        acc = _double(acc)
        pick = (u1 >> bit & 1) | (u2 >> bit & 1) << 1
        if pick:
            acc = _add(acc, table[pick])
    return acc


def _multiple(k: int, pt: Jacobian) -> Jacobian:
    return _two_multiples(k, pt, 0, INFINITY)


def _on_curve(x: int, y: int) -> bool:
    return (y * y - (x * x * x - 3 * x + B)) % P == 0


def _decode_public(key: Any) -> Jacobian | None:
    """The point of an uncompressed public key, or None unless it is one on the curve."""
    if not isinstance(key, (bytes, bytearray)) or len(key) != 65 or key[0] != 4:
        return None
    x, y = int.from_bytes(key[1:33], "big"), int.from_bytes(key[33:], "big")
    # coordinates must be reduced, or one point would have two encodings; the curve has prime
    # order and cofactor 1, so any point on it but infinity (which has no 65-byte form) is valid
    if x >= P or y >= P or not _on_curve(x, y):
        return None
    return x, y, 1


def _hash_int(message: bytes) -> int:
    # SHA-256 is as long as N, so FIPS 186-4's "leftmost bits" is the whole digest
    return int.from_bytes(hashlib.sha256(message).digest(), "big")


def verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` (64 bytes r‖s) is ``public_key``'s (65 bytes 0x04‖X‖Y) ECDSA-SHA256
    signature of ``message``. False for every malformed input: wrong types or lengths, a point
    off the curve, r or s outside [1, N-1]."""
    point = _decode_public(public_key)
    if point is None or not isinstance(message, (bytes, bytearray)):
        return False
    if not isinstance(signature, (bytes, bytearray)) or len(signature) != 64:
        return False
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if not (0 < r < N and 0 < s < N):
        return False
    w = pow(s, -1, N)
    x = _affine_x(_two_multiples(_hash_int(bytes(message)) * w % N, G, r * w % N, point))
    return x is not None and x % N == r


def _check_private(private: int) -> None:
    if isinstance(private, bool) or not isinstance(private, int) or not 0 < private < N:
        raise RemoteError("bad_value", "a private key must be an integer from 1 to N-1")


def public_key(private: int) -> bytes:
    """The 65-byte uncompressed public key of ``private`` (1 ≤ private < N)."""
    _check_private(private)
    x, y = _affine(_multiple(private, G))
    return b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big")


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac.digest(key, data, "sha256")


def _nonces(private: int, message: bytes) -> Iterator[int]:
    """RFC 6979 §3.2's candidates for k (HMAC-DRBG on the key and the message's hash), in order;
    the caller takes the first that gives a valid signature."""
    # qlen = hlen = 256, so bits2int is a plain conversion and bits2octets a reduction mod N
    h = (_hash_int(message) % N).to_bytes(32, "big")
    x = private.to_bytes(32, "big")
    k, v = b"\x00" * 32, b"\x01" * 32
    k = _hmac(k, v + b"\x00" + x + h)
    v = _hmac(k, v)
    k = _hmac(k, v + b"\x01" + x + h)
    v = _hmac(k, v)
    while True:
        v = _hmac(k, v)
        candidate = int.from_bytes(v, "big")
        if 0 < candidate < N:
            yield candidate
        k = _hmac(k, v + b"\x00")
        v = _hmac(k, v)


def sign(private: int, message: bytes) -> bytes:
    """The 64-byte ECDSA-SHA256 signature r‖s of ``message`` by ``private``, with RFC 6979's
    deterministic k (the same key and message always give the same signature; tests and
    simulated devices only: in the browser WebCrypto signs)."""
    _check_private(private)
    e = _hash_int(message)
    for k in _nonces(private, message):
        x = _affine_x(_multiple(k, G))
        r = 0 if x is None else x % N
        s = pow(k, -1, N) * (e + r * private) % N
        if r and s:  # else (probability 2**-256) the next candidate, as RFC 6979 says
            return r.to_bytes(32, "big") + s.to_bytes(32, "big")
    raise AssertionError("unreachable: the nonce generator never ends")


def private_from_seed(seed: bytes) -> int:
    """A private key in [1, N-1] derived from ``seed`` (tests and simulated devices: the same seed
    gives the same device). SHA-256 with a counter, redrawn when out of range, so no value is
    favoured.

    >>> private_from_seed(b"ann") == private_from_seed(b"ann") != private_from_seed(b"bob")
    True
    """
    counter = 0
    while True:
        candidate = _hash_int(b"cambria-p256-key\x00" + counter.to_bytes(4, "big") + bytes(seed))
        if 0 < candidate < N:
            return candidate
        counter += 1
