"""Each device's hash chain of dice secrets (docs/remote-play.md, "Devices, seats and keys").

A device draws a random 32-byte seed ``x`` and sets ``c[N] = x``, ``c[i] = SHA-256(c[i+1])``, so
``c[0] = SHA-256^N(x)``. It publishes the **head** ``c[0]`` when it enters a game and then
reveals ``c[1]``, ``c[2]``, ... one per message.

Why the head is a commitment to every later reveal: each ``c[i]`` is fixed by the head (it is
the only value anyone will ever find whose SHA-256 is ``c[i-1]``: finding a second one is a
second pre-image of SHA-256), so the device cannot change a secret once the head is out; and
nobody else can compute ``c[i]`` from ``c[i-1]`` (a first pre-image), so the secret stays its
own until it reveals it. Everyone checks a reveal with one hash (``follows``).

>>> seed = bytes(32)
>>> head, first = chain_value(seed, 0, 3), chain_value(seed, 1, 3)
>>> follows(first, head), follows(head, first), chain_value(seed, 3, 3) == seed
(True, False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .errors import RemoteError

__all__ = ["CHAIN_LENGTH", "SEED_BYTES", "chain_value", "follows", "new_seed"]

CHAIN_LENGTH = 4096  # reveals per device and game; a five-player game uses well under 1,000
SEED_BYTES = 32


def chain_value(seed: bytes, index: int, length: int = CHAIN_LENGTH) -> bytes:
    """``c[index]`` of the chain of ``seed``: SHA-256 applied ``length - index`` times (index 0
    is the head, index ``length`` the seed itself). A device recomputes from its seed rather
    than store the chain: at most 4,096 hashes, a few milliseconds."""
    if not isinstance(seed, (bytes, bytearray)) or len(seed) != SEED_BYTES:
        raise RemoteError("bad_value", f"a chain seed is {SEED_BYTES} bytes")
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise RemoteError("bad_value", f"a chain length must be a whole number, not {length!r}")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= length:
        raise RemoteError("bad_value", f"a chain index must be from 0 to {length}, not {index!r}")
    value = bytes(seed)
    for _ in range(length - index):
        value = hashlib.sha256(value).digest()
    return value


def follows(value: bytes, previous: bytes) -> bool:
    """Whether ``value`` is the reveal after ``previous`` in some chain: SHA-256(value) == previous.
    False (never an error) for values of other lengths or types."""
    if not isinstance(value, (bytes, bytearray)) or not isinstance(previous, (bytes, bytearray)):
        return False
    if len(value) != SEED_BYTES or len(previous) != SEED_BYTES:
        return False
    # a constant-time comparison costs nothing here and leaves no timing question to answer
    return hmac.compare_digest(hashlib.sha256(value).digest(), bytes(previous))


def new_seed() -> bytes:
    """A fresh random seed from the operating system (``crypto.getRandomValues`` in Pyodide)."""
    return secrets.token_bytes(SEED_BYTES)
