"""cambria/remote/p256.py against an independent implementation, the ``cryptography`` package
(OpenSSL; pinned in pyproject.toml's test extras, never a dependency of the engine).

Keys and signatures that cryptography makes must verify, and on every malformed or tampered
input p256.verify must give cryptography's verdict: bits flipped in r, s, the message or the key;
r or s equal to 0, to N or above it; the signature a byte short or long, or in DER; keys off the
curve, with an unreduced coordinate, the point at infinity, the wrong prefix; high and low s,
both ways (ECDSA's malleability: OpenSSL, like WebCrypto, takes either).

cryptography has no raw ``r‖s`` form and takes more key encodings than WebCrypto exports, so the
reference (``cryptography_verdict``) asks it only about what p256 is given by the browser: a
64-byte signature (WebCrypto's verify answers false for any other length: Node 20's
crypto.subtle does, checked) and a 65-byte key (``exportKey("raw")`` of a P-256 key is always
the uncompressed ``0x04‖X‖Y``). Keys of other lengths are refused by p256 alone, and the
compressed form, which cryptography and Node's WebCrypto both import, is pinned below as a
deliberate difference: one encoding per key.

Keys and messages come from a seeded ``random.Random``; the signatures from cryptography's own
random nonces, except for the tampered ones, signed deterministically (RFC 6979) so that a failure
comes back the same in the next run. A few hundred verifications, 1 to 2 s of CPU (p256.verify
takes 2 to 4 ms).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

from cambria.remote import p256
from cambria.remote.p256 import N, P

CURVE = ec.SECP256R1()
ECDSA = ec.ECDSA(hashes.SHA256())
EDGE_KEYS = (1, 2, N - 2, N - 1)


def raw_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def raw_signature(der: bytes) -> bytes:
    r, s = decode_dss_signature(der)
    return join(r, s)


def join(r: int, s: int) -> bytes:
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def split(signature: bytes) -> tuple[int, int]:
    return int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")


def cryptography_verdict(key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether cryptography takes ``signature`` (r‖s) as ``key``'s signature of ``message``;
    False, without asking it, for a signature that is not 64 bytes or a key that is not 65."""
    if len(signature) != 64 or len(key) != 65:
        return False
    try:
        public = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, key)
    except ValueError:  # a wrong prefix, a point off the curve, a coordinate >= P
        return False
    try:
        public.verify(encode_dss_signature(*split(signature)), message, ECDSA)
    except InvalidSignature:
        return False
    return True


def signed(rng: random.Random, count: int, deterministic: bool = False) -> Iterator[tuple[int, bytes, bytes, bytes]]:
    """(private, public key, message, r‖s) with keys and signatures made by cryptography (with
    its random nonces, or RFC 6979's): the edge keys first, then random ones; messages of 0 to
    200 random bytes."""
    algorithm = ec.ECDSA(hashes.SHA256(), deterministic_signing=deterministic)
    for i in range(count):
        private = EDGE_KEYS[i] if i < len(EDGE_KEYS) else rng.randrange(1, N)
        key = ec.derive_private_key(private, CURVE)
        message = rng.randbytes(rng.choice((0, 1, rng.randrange(2, 201))))
        yield private, raw_key(key), message, raw_signature(key.sign(message, algorithm))


def flip(data: bytes, bit: int) -> bytes:
    out = bytearray(data)
    out[bit // 8] ^= 0x80 >> (bit % 8)
    return bytes(out)


def variants(rng: random.Random, key: bytes, message: bytes, signature: bytes, der: bytes, other_key: bytes
             ) -> Iterator[tuple[str, bytes, bytes, bytes]]:
    """(what, key, message, signature): the input itself and its malformed and tampered forms."""
    r, s = split(signature)
    x, y = int.from_bytes(key[1:33], "big"), int.from_bytes(key[33:], "big")
    yield "as signed", key, message, signature
    yield "s mirrored (high <-> low)", key, message, join(r, N - s)
    yield "bit flipped in r", key, message, flip(signature, rng.randrange(256))
    yield "bit flipped in s", key, message, flip(signature, 256 + rng.randrange(256))
    yield "bit flipped in the key", key, message, flip(key, rng.randrange(520))
    yield "bit flipped in the key's X or Y", key, message, flip(key, 8 + rng.randrange(512))
    if message:
        yield "bit flipped in the message", key, flip(message, rng.randrange(8 * len(message))), signature
    yield "byte added to the message", key, message + rng.randbytes(1), signature
    yield "r and s swapped", key, message, join(s, r)
    yield "another key", other_key, message, signature
    yield "random r‖s", key, message, rng.randbytes(64)
    for what, bad in (("r = 0", join(0, s)), ("s = 0", join(r, 0)), ("r = N", join(N, s)), ("s = N", join(r, N)),
                      ("r > N", join(rng.randrange(N + 1, 2**256), s)),
                      ("s > N", join(r, rng.randrange(N + 1, 2**256))),
                      ("r, s = 2**256 - 1", join(2**256 - 1, 2**256 - 1))):
        yield what, key, message, bad
    if r + N < 2**256:  # the x coordinate of the same point, unreduced: the same r mod N
        yield "r + N", key, message, join(r + N, s)
    if s + N < 2**256:
        yield "s + N", key, message, join(r, s + N)
    yield "a byte short", key, message, signature[:63]
    yield "a byte long", key, message, signature + b"\x00"
    yield "empty signature", key, message, b""
    yield "DER", key, message, der
    yield "off the curve", key[:33] + ((y + 1) % P).to_bytes(32, "big"), message, signature
    yield "the mirror point (x, -y)", key[:33] + (P - y).to_bytes(32, "big"), message, signature
    if x + P < 2**256:
        yield "x + P", b"\x04" + (x + P).to_bytes(32, "big") + key[33:], message, signature
    if y + P < 2**256:
        yield "y + P", key[:33] + (y + P).to_bytes(32, "big"), message, signature
    yield "hybrid prefix", bytes([6 | (y & 1)]) + key[1:], message, signature
    yield "prefix 0", b"\x00" + key[1:], message, signature
    yield "all zero", b"\x04" + bytes(64), message, signature
    yield "the point at infinity", b"\x00", message, signature
    yield "no prefix", key[1:], message, signature
    yield "empty key", b"", message, signature


def test_keys_and_signatures_made_by_cryptography_verify():
    rng = random.Random("p256 vs cryptography: signed")
    high = low = 0
    for private, key, message, signature in signed(rng, 80):
        assert p256.public_key(private) == key
        r, s = split(signature)
        assert p256.verify(key, message, signature), (private, message)
        assert p256.verify(key, message, join(r, N - s))  # the other half of the s range
        high, low = high + (s > N // 2), low + (s <= N // 2)
    assert high > 20 and low > 20  # OpenSSL does not normalise s: both halves were checked


def test_rfc6979_signatures_are_cryptographys_deterministic_ones():
    rng = random.Random("p256 vs cryptography: rfc 6979")
    deterministic = ec.ECDSA(hashes.SHA256(), deterministic_signing=True)
    for i in range(30):
        private = EDGE_KEYS[i] if i < len(EDGE_KEYS) else rng.randrange(1, N)
        message = rng.randbytes(rng.randrange(100))
        theirs = raw_signature(ec.derive_private_key(private, CURVE).sign(message, deterministic))
        assert p256.sign(private, message) == theirs
        assert cryptography_verdict(p256.public_key(private), message, theirs)


def test_every_malformed_or_tampered_input_gets_cryptographys_verdict():
    rng = random.Random("p256 vs cryptography: tampered")
    cases = list(signed(rng, 16, deterministic=True))
    seen: dict[str, set[bool]] = {}
    for i, (_private, key, message, signature) in enumerate(cases):
        der = encode_dss_signature(*split(signature))
        other_key = cases[(i + 1) % len(cases)][1]
        for what, k, m, sig in variants(rng, key, message, signature, der, other_key):
            expected = cryptography_verdict(k, m, sig)
            assert p256.verify(k, m, sig) is expected, f"{what}: key {k.hex()}, message {m.hex()}, r‖s {sig.hex()}"
            seen.setdefault(what, set()).add(expected)
    # each kind of input had its verdict at least once; only the untouched and the mirrored
    # signatures were ever valid (and always: a flipped bit of the key may leave a point on the
    # curve, but never one the signature is good for)
    assert {what for what, verdicts in seen.items() if True in verdicts} == {"as signed", "s mirrored (high <-> low)"}
    assert all(verdicts == {True} for what, verdicts in seen.items() if what.startswith(("as signed", "s mirrored")))
    assert len(seen) >= 30


def test_compressed_keys_are_refused_though_cryptography_takes_them():
    """A deliberate difference: cryptography (and Node 20's WebCrypto) import the 33-byte
    compressed ``0x02/0x03‖X``, but WebCrypto exports only ``0x04‖X‖Y``, and p256 takes that one
    encoding per key."""
    rng = random.Random("p256 vs cryptography: compressed")
    for _private, key, message, signature in signed(rng, 6):
        compressed = bytes([2 | (key[64] & 1)]) + key[1:33]
        public = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, compressed)
        public.verify(encode_dss_signature(*split(signature)), message, ECDSA)  # cryptography: valid
        assert p256.verify(key, message, signature)
        assert not p256.verify(compressed, message, signature)


@pytest.mark.parametrize("bad", [b"", b"\x00", b"\x04", b"\x04" + bytes(64)])
def test_cryptography_refuses_the_degenerate_keys_too(bad):
    """The point at infinity's one-byte encoding and the like: refused by both, not only by
    p256's length check."""
    with pytest.raises(ValueError):
        ec.EllipticCurvePublicKey.from_encoded_point(CURVE, bad)
    assert not p256.verify(bad, b"sample", p256.sign(1, b"sample"))
