"""What the shipped data must be: sha256, CRC-32 and size of each file in ``data/ephemeris/``.

More precisely: the figures of ``data/ephemeris/README.md`` ("Checksums (sha256)"), copied
here so that the loaders can check what they read (tests/test_data_integrity.py checks
that the two agree).  ``scripts/build_ephemeris.py`` prints the new figures when the
tables are rebuilt; both places (and `CRC32`) must then be updated.
"""

from __future__ import annotations

import os
from zlib import crc32

from ..errors import DataError

#: File name → sha256 (hex) of its bytes: the figure published in the README and held by the
#: test suite (tests/test_data_integrity.py); `CRC32` is checked on every start.
SHA256 = {
    "de440_1800_2200.bsp": "f2da3b57a8f3113b42cba5d14c73530cfd0ae87bc00fc27439f53638b71423b4",
    "de440_1800_2200.crc32": "14144bcaa5f2368aa1834dd1a6c9aace7d1efa961318eb34d14390111fb93249",
    "terms.tsv": "1acb461e38cde46e1054b11b28cabd565615683bba11b097b460fa8a15f6a5a0",
    "terms.f64": "38ac42ae1fa6ff2de4eff76c23ff0612f4c4f9e4975982f9338969baf1b68f62",
    "new_moons.tsv": "c781d95f1b953bd5b599ddb5e1dcdd80e8593c4ec8be12fbc469775a293b6e3b",
}

#: File name → size in bytes (the excerpt is too large to hash on every run: its size is
#: checked, and each block against the `.crc32` list as it is read, see `spkcheck`).
SIZE = {
    "de440_1800_2200.bsp": 31530856,
    "de440_1800_2200.crc32": 4439,
    "terms.tsv": 172188,
    "terms.f64": 77152,
    "new_moons.tsv": 75990,
}


#: File name → CRC-32 (zlib) of its bytes, for the files read whole on a start (`read_verified`).
#: More precisely: the sha256 of the whole table cost a cold start about 8 M instructions of
#: its 290 M (the 172 KB term table, the 76 KB new moons), the CRC-32 under 0.5 M; the check is
#: against damage (a truncated or edited copy, a bad disk), which a CRC-32 finds as surely as
#: the block checks of the excerpt (`spkcheck`) do: every change of up to 32 consecutive bits,
#: any other with odds of 1 in 4·10⁹.  tests/test_data_integrity.py holds these figures to the
#: files whose sha256 and size are the recorded ones, so both vouch for the same bytes.
CRC32 = {
    "de440_1800_2200.crc32": 0xF8877CAC,
    "terms.tsv": 0x10E634F1,
    "terms.f64": 0x9F9A2064,
    "new_moons.tsv": 0xFC12599F,
}


def damaged(path: str | os.PathLike[str], why: str) -> DataError:
    """The one-line error for a damaged shipped file: which file, what is wrong, what to do."""
    return DataError(f"data file {path} is damaged ({why}); reinstall qimen-cli")


def read_verified_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a shipped file, after checking its size and CRC-32 against the recorded ones
    (`CRC32`; the sha256, `SHA256`, is the test suite's)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise DataError(f"data file {path} cannot be read ({exc.strerror or exc}); reinstall qimen-cli") from None
    name = os.path.basename(path)
    if len(data) != SIZE[name]:
        raise damaged(path, f"{len(data)} bytes, expected {SIZE[name]}")
    if crc32(data) != CRC32[name]:
        raise damaged(path, "checksum mismatch")
    return data


def read_verified(path: str | os.PathLike[str]) -> str:
    """The text of a shipped table, after checking its size and CRC-32 (`read_verified_bytes`)."""
    data = read_verified_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:  # pragma: no cover - the checksum would have caught it
        raise damaged(path, "not UTF-8") from None
