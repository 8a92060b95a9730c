"""QR codes (ISO/IEC 18004) for links, in pure Python: the worker computes the modules, the page
only draws the squares it is given (``qr_svg_path`` makes them one SVG path).

The text goes in byte mode as UTF-8 without an ECI header (our links are ASCII, where UTF-8 and
the standard's default ISO-8859-1 agree), in the smallest of versions 1 to 40 that holds it at
the asked error-correction level (L, M, Q or H, never raised). The data mask is the one with the
lowest penalty score (ISO/IEC 18004:2015, 7.8.3, the four features N1 to N4), evaluated, as the
standard's encoding steps order it (7.1: mask, then format and version information), on the
symbol with the function patterns drawn and the format and version areas, and the dark module,
still light. Modules outside the symbol count as light (the quiet zone) for the 1:1:3:1:1
pattern, and every occurrence of that pattern counts, overlapping ones too.

Speed (CPython 3.11 on the 2-core test machine, measured under load): a 2,000-character link
at level L (version 33, 149 x 149 modules) takes 20 to 45 ms the first time (about 10 ms of that
lays out the version's function patterns, kept for later codes) and 15 to 30 ms after that;
``qr_svg_path`` adds 3 to 10 ms. Most of it is the Reed-Solomon division (log tables); rows and
columns are Python ints used as bit sets, so scoring each of the eight masks is a few thousand
big-integer operations, not a loop over the 22,201 modules. In the site's Pyodide (Python 3.14,
WebAssembly) under Node on the same machine, heavily loaded: 100 to 220 ms the first time, 80
to 110 ms after, with the same modules as CPython.

Why not segno, the tests' reference, in the engine itself (measured 2026-11-28, see
docs/benchmarks.md): it would add about 430 KB to a first visit, because ``import segno`` brings
``xml.sax.saxutils`` and with it ``urllib.request``, ``http.client`` and ``email`` into the memory
snapshot. It also draws a code about five times slower than this module.

>>> matrix = qr_matrix("Cambria")
>>> len(matrix), len(matrix[0]), matrix[0][:8]
(21, 21, [True, True, True, True, True, True, True, False])
>>> len(qr_matrix("https://example.org/play/#r1." + "A" * 2000, ecc="L"))  # version 33
149
>>> qr_svg_path([[True, True, False], [False, True, True], [False, False, False]])
'M0 0h2v1h-2zM1 1h2v1h-2z'
"""

from __future__ import annotations

__all__ = ["ECC_LEVELS", "qr_matrix", "qr_svg_path"]

ECC_LEVELS = ("L", "M", "Q", "H")
_FORMAT_ECC_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}

# Per version 1..40 (index 0 unused): error-correction codewords per block, and blocks
# (ISO/IEC 18004:2015, table 9).
_ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26,
          28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
          28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
          17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
          29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
          38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
          45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}

# GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1; _EXP is doubled so that a product's
# log sum needs no reduction modulo 255.
def _gf256_tables() -> tuple[bytearray, bytearray]:
    exp, log = bytearray(512), bytearray(256)
    value = 1
    for power in range(255):
        exp[power] = exp[power + 255] = value
        log[value] = power
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    return exp, log


_EXP, _LOG = _gf256_tables()

_N3 = 40  # penalty weights N1..N4 (7.8.3.1, table 11); N1 = N2 = 3 is written out below
_N4 = 10
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_BITS = bytes.maketrans(b"01", b"\x00\x01")


# --- capacity -----------------------------------------------------------------------------------

def _raw_codewords(version: int) -> int:
    """Data and error-correction codewords together: the modules left by the function patterns
    and format/version areas, in whole bytes (the rest are remainder bits). (4v + 17)^2 modules
    less three finders with separators (3 x 64), the format areas with the dark module (31) and
    the timing patterns (8v + 2) leave (16v + 128)v + 64; n^2 - 3 alignment patterns of 25 take
    (25n - 10)n - 55 more (10 modules of each crossing a timing pattern counted there); the
    version areas 36."""
    modules = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        modules -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            modules -= 36
    return modules // 8


def _data_codewords(version: int, ecc: str) -> int:
    return _raw_codewords(version) - _ECC_PER_BLOCK[ecc][version] * _BLOCKS[ecc][version]


def _count_bits(version: int) -> int:
    """Width of byte mode's character count indicator."""
    return 8 if version < 10 else 16


def _max_bytes(version: int, ecc: str) -> int:
    return min((_data_codewords(version, ecc) * 8 - 4 - _count_bits(version)) // 8, (1 << _count_bits(version)) - 1)


def _smallest_version(length: int, ecc: str) -> int:
    for version in range(1, 41):
        if length <= _max_bytes(version, ecc):
            return version
    raise ValueError(f"too long for a QR code: {length} bytes, and at error-correction level {ecc} "
                     f"the largest QR code (version 40) holds {_max_bytes(40, ecc)}")


# --- codewords ----------------------------------------------------------------------------------

def _data_stream(data: bytes, version: int, ecc: str) -> bytes:
    """Mode indicator, count, the bytes, terminator and padding: the data codewords."""
    capacity = _data_codewords(version, ecc)
    count_bits = _count_bits(version)
    bits = (0b0100 << count_bits | len(data)) << 8 * len(data) | int.from_bytes(data, "big")
    length = 4 + count_bits + 8 * len(data)
    terminator = min(4, 8 * capacity - length)
    bits <<= terminator
    length += terminator
    pad = -length % 8
    stream = (bits << pad).to_bytes((length + pad) // 8, "big")
    fill = capacity - len(stream)
    return stream + (b"\xec\x11" * (fill // 2 + 1))[:fill]


_GENERATORS: dict[int, list[int]] = {}


def _generator_logs(degree: int) -> list[int]:
    """The Reed-Solomon generator (x - a^0)...(x - a^(degree-1)) without its leading 1, as logs
    (no coefficient is 0), highest power first."""
    if degree not in _GENERATORS:
        poly = [1]
        for i in range(degree):
            nxt = poly + [0]
            for j, coef in enumerate(poly):
                if coef:
                    nxt[j + 1] ^= _EXP[_LOG[coef] + i]
            poly = nxt
        _GENERATORS[degree] = [_LOG[c] for c in poly[1:]]
    return _GENERATORS[degree]


def _ecc_codewords(block: bytes, degree: int) -> bytes:
    """The remainder of block * x^degree divided by the generator."""
    gen = _generator_logs(degree)
    rem = bytearray(block) + bytearray(degree)
    for k in range(len(block)):
        coef = rem[k]
        if coef:
            lc = _LOG[coef]
            for t, g in enumerate(gen, k + 1):
                rem[t] ^= _EXP[lc + g]
    return bytes(rem[len(block):])


def _codewords(data: bytes, version: int, ecc: str) -> bytes:
    """The final message: data blocks then error-correction blocks, interleaved (7.6)."""
    stream = _data_stream(data, version, ecc)
    blocks, degree, raw = _BLOCKS[ecc][version], _ECC_PER_BLOCK[ecc][version], _raw_codewords(version)
    short = blocks - raw % blocks  # the first blocks are one data codeword shorter
    short_len = raw // blocks - degree
    pieces, checks, at = [], [], 0
    for b in range(blocks):
        size = short_len + (b >= short)
        pieces.append(stream[at:at + size])
        checks.append(_ecc_codewords(stream[at:at + size], degree))
        at += size
    out = bytearray()
    for i in range(short_len + 1):
        out.extend(piece[i] for piece in pieces if i < len(piece))
    for i in range(degree):
        out.extend(check[i] for check in checks)
    return bytes(out)


# --- the symbol's layout ------------------------------------------------------------------------

def _alignment_centres(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    last = version * 4 + 10
    return [6] + [last - i * step for i in range(count - 2, -1, -1)]


def _format_cells(size: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(row, column) of format bits 0..14, the copy around the top-left finder and the split one."""
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + [(8, 14 - i) for i in range(9, 15)]
    second = [(8, size - 1 - i) for i in range(8)] + [(size - 15 + i, 8) for i in range(8, 15)]
    return first, second


def _version_cells(size: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The two (row, column) cells of version bits 0..17."""
    return [((i // 3, size - 11 + i % 3), (size - 11 + i % 3, i // 3)) for i in range(18)]


class _Layout:
    """What depends on the version only: the function patterns (format and version areas light),
    the data cells in placement order, and per row and column the cells a mask may flip."""

    def __init__(self, version: int) -> None:
        size = self.size = version * 4 + 17
        grid = bytearray(size * size)
        fixed = bytearray(size * size)

        def put(r: int, c: int, dark: bool) -> None:
            grid[r * size + c] = dark
            fixed[r * size + c] = 1

        for i in range(size):
            put(6, i, i % 2 == 0)
            put(i, 6, i % 2 == 0)
        for cr, cc in ((3, 3), (3, size - 4), (size - 4, 3)):
            for r in range(max(cr - 4, 0), min(cr + 5, size)):
                for c in range(max(cc - 4, 0), min(cc + 5, size)):
                    put(r, c, max(abs(r - cr), abs(c - cc)) not in (2, 4))
        centres = _alignment_centres(version)
        corners = {(6, 6), (6, size - 7), (size - 7, 6)}
        for cr in centres:
            for cc in centres:
                if (cr, cc) not in corners:
                    for r in range(cr - 2, cr + 3):
                        for c in range(cc - 2, cc + 3):
                            put(r, c, max(abs(r - cr), abs(c - cc)) != 1)
        first, second = _format_cells(size)
        reserved = first + second + [(size - 8, 8)]  # the dark module is drawn with the format bits
        if version >= 7:
            reserved += [cell for pair in _version_cells(size) for cell in pair]
        for r, c in reserved:
            put(r, c, False)
        self.grid = bytes(grid)
        order = []
        for right in range(size - 1, 0, -2):
            if right <= 6:
                right -= 1  # the vertical timing pattern takes column 6 out of the zigzag
            upward = ((right + 1) & 2) == 0  # the pairs alternate: up, down, up, ...
            for step in range(size):
                r = size - 1 - step if upward else step
                for c in (right, right - 1):
                    if not fixed[r * size + c]:
                        order.append(r * size + c)
        self.order = order
        free = fixed.translate(bytes.maketrans(b"\x00\x01", b"\x01\x00"))
        self.free_rows = _rows(free, size)
        self.free_columns = _columns(free, size)


_LAYOUTS: dict[int, _Layout] = {}


def _layout(version: int) -> _Layout:
    if version not in _LAYOUTS:
        _LAYOUTS[version] = _Layout(version)
    return _LAYOUTS[version]


def _rows(cells: bytes | bytearray, size: int) -> list[int]:
    """Each row of a flat 0/1 grid as an int whose bit j is column j."""
    return [int(cells[r * size:(r + 1) * size][::-1].translate(_DIGITS), 2) for r in range(size)]


def _columns(cells: bytes | bytearray, size: int) -> list[int]:
    """Each column of a flat 0/1 grid as an int whose bit i is row i."""
    return [int(cells[c::size][::-1].translate(_DIGITS), 2) for c in range(size)]


# --- masks --------------------------------------------------------------------------------------

def _mask_dark(mask: int, i: int, j: int) -> bool:
    """Whether data mask ``mask`` flips the module of row i, column j (7.8.2, table 10)."""
    if mask == 0:
        return (i + j) % 2 == 0
    if mask == 1:
        return i % 2 == 0
    if mask == 2:
        return j % 3 == 0
    if mask == 3:
        return (i + j) % 3 == 0
    if mask == 4:
        return (i // 2 + j // 3) % 2 == 0
    if mask == 5:
        return (i * j) % 2 + (i * j) % 3 == 0
    if mask == 6:
        return ((i * j) % 2 + (i * j) % 3) % 2 == 0
    return ((i + j) % 2 + (i * j) % 3) % 2 == 0


def _periodic(bits: list[bool], size: int) -> int:
    """An int whose bit k is bits[k % len(bits)], for k below size."""
    text = "".join("1" if b else "0" for b in bits) * (size // len(bits) + 1)
    return int(text[:size][::-1], 2)


def _mask_lines(mask: int, layout: _Layout) -> tuple[list[int], list[int]]:
    """The cells the mask flips, per row and per column. Every mask repeats every 12 rows and
    every 6 columns, so 12 row patterns and 6 column patterns make the whole of it."""
    size = layout.size
    row_patterns = [_periodic([_mask_dark(mask, i, j) for j in range(6)], size) for i in range(12)]
    column_patterns = [_periodic([_mask_dark(mask, i, j) for i in range(12)], size) for j in range(6)]
    rows = [row_patterns[i % 12] & free for i, free in enumerate(layout.free_rows)]
    columns = [column_patterns[j % 6] & free for j, free in enumerate(layout.free_columns)]
    return rows, columns


def _penalty(rows: list[int], columns: list[int], size: int) -> int:
    """The penalty score N1 + N2 + N3 + N4 (7.8.3.1) of a symbol given by its rows and columns."""
    pairs = (1 << (size - 1)) - 1  # bit j: modules j and j + 1 both inside the line
    padded_all = (1 << (size + 8)) - 1  # the line with four light quiet-zone modules either side
    score = 0
    for line in rows + columns:
        # N1: a run of n >= 5 same-coloured modules scores n - 2. ``same`` has a run of n - 1 ones
        # for it, ``run5`` n - 4 ones, and the run's start one more bit of ``start``.
        same = ~(line ^ (line >> 1)) & pairs
        run5 = same & (same >> 1) & (same >> 2) & (same >> 3)
        if run5:
            score += run5.bit_count() + 2 * (run5 & ~(run5 << 1)).bit_count()
        # N3: dark-light-dark-dark-dark-light-dark with four light modules before or after it.
        dark = line << 4
        light = ~dark & padded_all
        finder = dark & (light >> 1) & (dark >> 2) & (dark >> 3) & (dark >> 4) & (light >> 5) & (dark >> 6)
        if finder:
            before = (light << 1) & (light << 2) & (light << 3) & (light << 4)
            after = (light >> 7) & (light >> 8) & (light >> 9) & (light >> 10)
            score += _N3 * (finder & (before | after)).bit_count()
    # N2: each 2 x 2 block of one colour scores 3 (an m x n block scores 3(m-1)(n-1)).
    for upper, lower in zip(rows, rows[1:], strict=False):
        differ = (upper ^ lower) | (upper ^ (upper >> 1)) | (lower ^ (lower >> 1))
        score += 3 * (~differ & pairs).bit_count()
    # N4: 10 for every full 5 % the dark share is away from 50 %, in exact integers.
    total = size * size
    dark_count = sum(row.bit_count() for row in rows)
    return score + _N4 * (abs(20 * dark_count - 10 * total) // total)


# --- format and version information -------------------------------------------------------------

def _format_bits(ecc: str, mask: int) -> int:
    data = _FORMAT_ECC_BITS[ecc] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _version_bits(version: int) -> int:
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return version << 12 | rem


# --- the public functions -----------------------------------------------------------------------

def qr_matrix(text: str, *, ecc: str = "L", mask: int | None = None) -> list[list[bool]]:
    """The modules of the QR code of ``text``, row by row (True = dark), without the quiet zone
    (draw four light modules around it). ``ecc`` is the error-correction level, L (7 % of the
    code may be lost), M (15 %), Q (25 %) or H (30 %). ``mask`` forces a data mask (0..7) instead
    of the one with the lowest penalty (for tests). ValueError for an unknown level or mask, or
    a text longer than version 40 holds at that level (2,953 bytes at L)."""
    if not isinstance(text, str):
        raise TypeError(f"a QR code here encodes a str, not {type(text).__name__}")
    if ecc not in _FORMAT_ECC_BITS:
        raise ValueError(f"the error-correction level is one of L, M, Q, H, not {ecc!r}")
    if mask is not None and (type(mask) is not int or not 0 <= mask <= 7):
        raise ValueError(f"a QR data mask is a number from 0 to 7, not {mask!r}")
    data = text.encode("utf-8")
    version = _smallest_version(len(data), ecc)
    layout = _layout(version)
    size = layout.size
    grid = bytearray(layout.grid)
    bits = "".join(map("{:08b}".format, _codewords(data, version, ecc))).encode().translate(_BITS)
    for cell, bit in zip(layout.order, bits, strict=False):  # the remainder bits after the last codeword stay 0
        grid[cell] = bit
    rows = _rows(grid, size)
    if mask is None:
        columns = _columns(grid, size)
        scores = []
        for candidate in range(8):
            flip_rows, flip_columns = _mask_lines(candidate, layout)
            masked_rows = [r ^ f for r, f in zip(rows, flip_rows, strict=True)]
            masked_columns = [c ^ f for c, f in zip(columns, flip_columns, strict=True)]
            scores.append(_penalty(masked_rows, masked_columns, size))
        mask = scores.index(min(scores))  # the first of equal scores
    flip_rows = _mask_lines(mask, layout)[0]
    rows = [r ^ f for r, f in zip(rows, flip_rows, strict=True)]

    def set_dark(r: int, c: int) -> None:
        rows[r] |= 1 << c

    format_bits = _format_bits(ecc, mask)
    for copy in _format_cells(size):
        for i, (r, c) in enumerate(copy):
            if format_bits >> i & 1:
                set_dark(r, c)
    set_dark(size - 8, 8)
    if version >= 7:
        version_bits = _version_bits(version)
        for i, cells in enumerate(_version_cells(size)):
            if version_bits >> i & 1:
                for r, c in cells:
                    set_dark(r, c)
    return [[digit == "1" for digit in format(row, f"0{size}b")[::-1]] for row in rows]


def qr_svg_path(matrix: list[list[bool]]) -> str:
    """One SVG path "d" for the dark modules: a rectangle per run of dark modules in a row, in
    module units with the symbol's top-left corner at 0 0 (add the quiet zone with a viewBox
    from -4 -4, or a translate)."""
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        width = len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                parts.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return "".join(parts)
