"""ECDSA P-256 / SHA-256 of remote play (cambria/remote/p256.py): RFC 6979's vectors, signatures
made by WebCrypto itself, edge cases in the manner of Wycheproof (every malformed input gives
False, never an exception) and sign -> verify as a property."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cambria.remote import p256
from cambria.remote.errors import RemoteError
from cambria.remote.p256 import N, P, private_from_seed, public_key, sign, verify

# RFC 6979 A.2.5 (P-256), SHA-256 signatures
RFC_KEY = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
RFC_PUBLIC = bytes.fromhex(
    "04"
    "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
    "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")
RFC_VECTORS = [  # message, k, r, s
    (b"sample",
     0xA6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60,
     0xEFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716,
     0xF7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8),
    (b"test",
     0xD16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0,
     0xF1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367,
     0x019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083),
    # C2SP's CCTV vector for the same key whose first RFC 6979 candidate is >= N and is redrawn
    (b"wv[vnX",
     0x2AE40DF9D9DAB61D688DE3DCB9867A98ECC70DD4D6C0F6C228B6E4E0B18B29BC,
     0xEFD9073B652E76DA1B5A019C0E4A2E3FA529B035A6ABB91EF67F0ED7A1F21234,
     0x3DB4706C9D9F4A4FE13BB5E08EF0FAB53A57DBAB2061C83A35FA411C68D2BA33),
]

# Made by WebCrypto (Node 20's crypto.subtle: generateKey ECDSA P-256, exportKey "raw", sign
# SHA-256): the exact forms the browser sends, with its random nonces.
WEBCRYPTO = [
    (b"cambria",
     "04ca20905c674de0853067dfb2aa819d31534b222b770b3aa5127f55b38b4c84b0939d1f405b16a0c551150613ed0d1ede"
     "5b021fadffcc70831916bda0082e1e9e",
     "5879f28ec414a3f14a7b897c3c681f1d04cb9430b6c31e384671f0662d01bde2a7af9f8b5b07ff104df622020fb57765fd07"
     "cec4a06075c59605888acad0782c"),
    (b"",
     "040d51f78d2d529a6467dbd1c16ff44007cf0c92912b494f279c19f28fec2f628c05abcbd4417bebe535cc874cdefcdfc409"
     "e5f6c1d878bef2b47897a40e643b23",
     "48ba2b9a241f232280b06b7623f61404b321bc04ad94fc60812a506404c056422c94d69c6bd7a61f2b43e121b6eab33f2859"
     "71deaf48d86574f5fef3c13fb500"),
    (b"a message signed by WebCrypto",
     "04b3e4a3dc765a59688f457520dc21840cb1ad8420b1f1152fe7a7b736e5114efc9e87e291e14d20b05eb485c0f595830a5d"
     "1a1fec8bb32fb7402093375f48bb6e",
     "44c900a95ed20559f4cc115a216b43a1c15b9db69020cbf7e1170d10c27d924e4cd2c9fd6a77df912ea6dffcec7ddf33c2f3"
     "d226f64b7f1862efeefcdfcab41a"),
]

G_KEY = public_key(1)


def sig_of(r: int, s: int) -> bytes:
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def e_of(message: bytes) -> int:
    return int.from_bytes(hashlib.sha256(message).digest(), "big") % N


def test_rfc6979_public_key():
    assert public_key(RFC_KEY) == RFC_PUBLIC


@pytest.mark.parametrize("message,k,r,s", RFC_VECTORS, ids=[v[0].decode() for v in RFC_VECTORS])
def test_rfc6979_vectors(message, k, r, s):
    assert next(p256._nonces(RFC_KEY, message)) == k
    assert sign(RFC_KEY, message) == sig_of(r, s)
    assert verify(RFC_PUBLIC, message, sig_of(r, s))


@pytest.mark.parametrize("message,key,signature", WEBCRYPTO, ids=["cambria", "empty", "sentence"])
def test_signatures_made_by_webcrypto_verify(message, key, signature):
    key, signature = bytes.fromhex(key), bytes.fromhex(signature)
    assert verify(key, message, signature)
    assert not verify(key, message + b".", signature)


def test_the_generator_is_the_public_key_of_one():
    assert G_KEY == b"\x04" + p256.GX.to_bytes(32, "big") + p256.GY.to_bytes(32, "big")
    x, y = p256._affine(p256._multiple(N - 1, p256.G))  # -G
    assert (x, y) == (p256.GX, P - p256.GY)
    assert p256._multiple(N, p256.G)[2] == 0  # N·G is the point at infinity


def test_signatures_with_r_or_s_out_of_range_fail():
    message = b"sample"
    r, s = RFC_VECTORS[0][2], RFC_VECTORS[0][3]
    for bad_r, bad_s in [(0, s), (r, 0), (0, 0), (N, s), (r, N), (r + N, s) if r + N < 2**256 else (N + 1, s),
                         (2**256 - 1, s), (r, 2**256 - 1), (N - r, s)]:
        assert not verify(RFC_PUBLIC, message, sig_of(bad_r, bad_s)), (hex(bad_r), hex(bad_s))


def test_the_mirrored_s_also_verifies():
    """ECDSA's malleability, pinned so that no code relies on a signature being unique: anyone
    can turn (r, s) into the valid (r, N - s). Message ids must not cover signature bytes."""
    r, s = RFC_VECTORS[0][2], RFC_VECTORS[0][3]
    assert verify(RFC_PUBLIC, b"sample", sig_of(r, N - s))


def test_malformed_keys_fail():
    message = b"sample"
    signature = sign(RFC_KEY, message)
    x, y = RFC_PUBLIC[1:33], RFC_PUBLIC[33:]
    y_int = int.from_bytes(y, "big")
    bad_keys = [
        b"", b"\x04", RFC_PUBLIC[:-1], RFC_PUBLIC + b"\x00", RFC_PUBLIC[1:],
        b"\x02" + x, b"\x03" + x,                      # compressed forms: not what WebCrypto exports
        b"\x02" + x + y, b"\x06" + x + y, b"\x00" * 65,  # wrong prefix; (0, 0) is not on the curve
        b"\x04" + x + (y_int + 1).to_bytes(32, "big"),  # off the curve
        b"\x04" + x + (y_int + P).to_bytes(32, "big") if y_int + P < 2**256 else b"\x04" + b"\xff" * 64,
        b"\x04" + P.to_bytes(32, "big") + y,            # x not reduced
        b"\x04" + b"\xff" * 64,
    ]
    for key in bad_keys:
        assert not verify(key, message, signature), key.hex()
    # the mirror point (x, -y) is a valid key, but another one
    assert not verify(b"\x04" + x + (P - y_int).to_bytes(32, "big"), message, signature)


def test_inputs_of_the_wrong_type_fail_without_raising():
    signature = sign(RFC_KEY, b"sample")
    for key, message, sig in [(None, b"sample", signature), (RFC_PUBLIC.hex(), b"sample", signature),
                              (RFC_PUBLIC, "sample", signature), (RFC_PUBLIC, b"sample", signature.hex()),
                              (RFC_PUBLIC, b"sample", None), (RFC_PUBLIC, b"sample", signature[:63]),
                              (RFC_PUBLIC, b"sample", signature + b"\x00"), (list(RFC_PUBLIC), b"sample", signature)]:
        assert verify(key, message, sig) is False
    assert verify(bytearray(RFC_PUBLIC), bytearray(b"sample"), bytearray(signature)) is True


def test_a_sum_at_infinity_fails():
    """With Q = G and r = -e (mod N), u1·G + u2·Q = (e - e)/s·G is the point at infinity, which
    has no x to compare: verify must answer False, not fail on a division by zero."""
    message = b"infinity"
    r = -e_of(message) % N
    for s in (1, 2, N - 1):
        assert verify(G_KEY, message, sig_of(r, s)) is False


def test_keys_whose_sum_with_g_is_special_sign_and_verify():
    """Q = G makes G + Q a doubling and Q = -G makes it infinity in Shamir's table."""
    for private in (1, 2, N - 1, N - 2):
        key = public_key(private)
        for message in (b"", b"x", b"sample"):
            assert verify(key, message, sign(private, message))


def test_every_flipped_bit_fails():
    message = b"sample"
    signature = sign(RFC_KEY, message)
    for i in range(len(signature) * 8):
        flipped = bytearray(signature)
        flipped[i // 8] ^= 1 << (i % 8)
        assert not verify(RFC_PUBLIC, message, bytes(flipped)), i
    for i in range(len(RFC_PUBLIC) * 8):
        flipped = bytearray(RFC_PUBLIC)
        flipped[i // 8] ^= 1 << (i % 8)
        assert not verify(bytes(flipped), message, signature), i
    for i in range(len(message) * 8):
        flipped = bytearray(message)
        flipped[i // 8] ^= 1 << (i % 8)
        assert not verify(RFC_PUBLIC, bytes(flipped), signature), i


def test_private_keys_out_of_range_are_refused():
    for bad in (0, N, N + 1, -1, True, 1.0, "1"):
        with pytest.raises(RemoteError) as info:
            public_key(bad)  # type: ignore[arg-type]
        assert info.value.code == "bad_value"
        with pytest.raises(RemoteError):
            sign(bad, b"x")  # type: ignore[arg-type]


def test_private_from_seed_is_deterministic_and_in_range():
    keys = {private_from_seed(bytes([i])) for i in range(50)}
    assert len(keys) == 50 and all(0 < k < N for k in keys)
    assert private_from_seed(b"ann") == private_from_seed(b"ann")


def test_a_signature_of_another_key_fails():
    other = private_from_seed(b"other")
    assert not verify(public_key(other), b"sample", sign(RFC_KEY, b"sample"))


@settings(max_examples=40, deadline=None)
@given(private=st.integers(1, N - 1), message=st.binary(max_size=64), other=st.binary(max_size=64))
@example(private=1, message=b"", other=b"x")
@example(private=N - 1, message=b"sample", other=b"samplf")
def test_sign_then_verify(private, message, other):
    key = public_key(private)
    signature = sign(private, message)
    assert len(key) == 65 and len(signature) == 64
    assert verify(key, message, signature)
    assert verify(key, other, signature) == (other == message)
