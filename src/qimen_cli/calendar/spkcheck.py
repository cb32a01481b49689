"""Reads of an SPK file checked before they are used: the shipped excerpt block by block against
recorded checksums, the records of every file for their shape.

More precisely: ``scripts/build_ephemeris.py`` records the CRC-32 of every 64 KiB block of
``de440_1800_2200.bsp`` (the last block shorter) in ``de440_1800_2200.crc32``, one figure
of eight hex digits a line after ``#`` comments; that list's own sha256 and size are in
`checksums`.  A run verifies a block before the first use of any byte in it: the file record
and the segment summaries when the file is opened (`CheckedFile`), a segment's directory
(its last four words) and the Chebyshev records of the instants asked for before they are
evaluated (`CheckedSegment`).  Hashing the whole 31 MB on every run would cost about 90 ms
(sha256) or 25 ms (CRC-32); a chart at one instant reads about a dozen blocks (well under a
millisecond).  CRC-32 catches every flipped bit and every burst of up to 32 bits, and any
other damage but for one chance in 4×10⁹.  A block that fails: DataError naming the file.

Any file, the shipped one or one named by ``--ephemeris``, has its Chebyshev records checked
as they are first read: each begins with its interval's midpoint and radius in seconds, which
the directory fixes (jplephem ignores them), and holds finite numbers only.  A zeroed,
overwritten or misaligned stretch fails so (`record_fault`); a flipped bit in a coefficient of
a file without recorded checksums cannot be seen.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zlib import crc32

from .checksums import damaged, read_verified

#: Bytes per checksummed block.
BLOCK_SIZE = 1 << 16
#: Suffix of the block checksum list beside the excerpt.
CRC_SUFFIX = ".crc32"
#: Seconds per day, and the Julian date of J2000 (jplephem's record arithmetic).
S_PER_DAY = 86400.0
J2000 = 2451545.0


def crcs_path(bsp: Path) -> Path:
    """The block checksum list of an excerpt: its name with `CRC_SUFFIX` instead of ``.bsp``."""
    return bsp.with_suffix(CRC_SUFFIX)


def block_crcs(data: bytes) -> list[int]:
    """The CRC-32 of each `BLOCK_SIZE` block of `data`, in order (the last block may be shorter)."""
    view = memoryview(data)
    return [crc32(view[i:i + BLOCK_SIZE]) for i in range(0, len(data), BLOCK_SIZE)]


def format_crcs(crcs: list[int], name: str) -> str:
    """The text of a checksum list: a comment naming the file and the block size, then one figure a line."""
    head = f"# CRC-32 (zlib) of each {BLOCK_SIZE}-byte block of {name}, in order; the last block is shorter\n"
    return head + "".join(f"{c:08x}\n" for c in crcs)


def parse_crcs(text: str, path: Path) -> tuple[int, ...]:
    """The figures of a checksum list's text (`format_crcs`); DataError if a line is not eight hex digits."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    if not all(len(line) == 8 for line in lines):
        raise damaged(path, "a line is not eight hex digits")
    try:
        return tuple(int(line, 16) for line in lines)
    except ValueError:
        raise damaged(path, "a line is not eight hex digits") from None


def blocks_of(start: int, end: int) -> range:
    """The indices of the blocks that hold the bytes [start, end)."""
    return range(start // BLOCK_SIZE, (max(end, start + 1) - 1) // BLOCK_SIZE + 1)


def record_range(init: float, intlen: float, count: int, jd_lo: float, jd_hi: float) -> tuple[int, int]:
    """The first and last Chebyshev records (0 … count − 1) that an evaluation between two TDB
    Julian dates reads: jplephem's index, floor((seconds past J2000 − init) / intlen), one
    record wider each side (rounding), clipped to the segment."""
    first = math.floor(((jd_lo - J2000) * S_PER_DAY - init) / intlen) - 1
    last = math.floor(((jd_hi - J2000) * S_PER_DAY - init) / intlen) + 1
    return max(0, min(first, count - 1)), max(0, min(last, count - 1))


def record_bytes(start_i: int, rsize: int, first: int, last: int) -> tuple[int, int]:
    """The bytes [start, end) of records first … last of a segment whose data begin at word
    `start_i` (DAF words are 8 bytes, counted from 1) with `rsize` words a record."""
    return (start_i - 1 + first * rsize) * 8, (start_i - 1 + (last + 1) * rsize) * 8


class BlockCheck:
    """The blocks of one file verified so far, against its recorded checksums."""

    def __init__(self, path: Path, crcs: tuple[int, ...]) -> None:
        self.path = path
        self.crcs = crcs
        self.verified: set[int] = set()
        self._fd: int | None = None

    def verify(self, start: int, end: int) -> None:
        """Check every block holding the bytes [start, end) not checked yet (DataError naming the
        file and the first block that fails)."""
        for block in blocks_of(start, end):
            if block not in self.verified:
                self._verify_block(block)

    def _read_block(self, block: int) -> bytes:
        """The bytes of a block, read at their offset (`os.pread`: no file position is shared
        with a forked worker)."""
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        if hasattr(os, "pread"):
            return os.pread(self._fd, BLOCK_SIZE, block * BLOCK_SIZE)
        os.lseek(self._fd, block * BLOCK_SIZE, os.SEEK_SET)  # pragma: no cover - Windows (no fork)
        return os.read(self._fd, BLOCK_SIZE)  # pragma: no cover

    def _verify_block(self, block: int) -> None:
        """Check one block against its recorded CRC-32 and remember it (DataError when it fails)."""
        if block >= len(self.crcs):
            raise damaged(self.path, f"block {block} lies past the {len(self.crcs)} recorded")
        if crc32(self._read_block(block)) != self.crcs[block]:
            low = block * BLOCK_SIZE
            raise damaged(self.path, f"bytes {low}–{low + BLOCK_SIZE - 1} fail their checksum")
        self.verified.add(block)


#: The `BlockCheck` of each shipped excerpt opened in this process, by path.
_checks: dict[Path, BlockCheck] = {}


def check_for(path: Path) -> BlockCheck:
    """The one `BlockCheck` of the shipped excerpt at `path` (its checksum list read, checked by
    its sha256 and against the excerpt's number of blocks, once a process)."""
    found = _checks.get(path)
    if found is None:
        listing = crcs_path(path)
        crcs = parse_crcs(read_verified(listing), listing)
        expected = math.ceil(path.stat().st_size / BLOCK_SIZE)
        if len(crcs) != expected:
            raise damaged(listing, f"{len(crcs)} blocks listed, the excerpt has {expected}")
        found = _checks[path] = BlockCheck(path, crcs)
    return found


class CheckedFile(io.FileIO):
    """A file opened for reading whose every `read` is verified first (jplephem reads the file
    record, the summaries and each segment's directory so; the coefficients are mapped)."""

    def __init__(self, path: Path, check: BlockCheck) -> None:
        super().__init__(path, "rb")
        self.check = check

    def read(self, size: int | None = -1) -> bytes:
        """`size` bytes from the file's position, their blocks verified first."""
        start = self.tell()
        data = super().read(size)
        self.check.verify(start, start + len(data))
        return data


#: How far a record's midpoint or radius may be from the directory's figures, in seconds (the
#: records hold them to the microsecond or so; a record is days long).
RECORD_TOLERANCE = 1.0


def record_fault(rows: Any, init: float, intlen: float, first: int) -> int | None:
    """The index of the first record among `rows` (records first, first + 1, … of a segment, one
    row each: midpoint, radius, coefficients) whose numbers are not all finite or whose midpoint
    and radius are not those of its interval by the directory (init + (i + ½) × intlen and
    ½ intlen, in seconds past J2000), or None when they all are."""
    import numpy as np

    index = np.arange(first, first + len(rows))
    bad = ~np.isfinite(rows).all(axis=1)
    bad |= ~(np.abs(rows[:, 0] - (init + (index + 0.5) * intlen)) <= RECORD_TOLERANCE)
    bad |= ~(np.abs(rows[:, 1] - intlen / 2) <= RECORD_TOLERANCE)
    found = np.flatnonzero(bad)
    return int(index[found[0]]) if len(found) else None


def record_date(init: float, intlen: float, i: int) -> str:
    """The TDB date (YYYY-MM-DD) at the start of record `i`, for messages."""
    import datetime as _dt

    seconds = init + i * intlen
    return (_dt.datetime(2000, 1, 1, 12) + _dt.timedelta(seconds=seconds)).strftime("%Y-%m-%d")


class CheckedSegment:
    """A jplephem type 2/3 segment whose records are checked before `compute` or
    `compute_and_differentiate` evaluates them: their blocks against the recorded checksums
    (`check`, the shipped excerpt) and their shape (`record_fault`), each record once.  Every
    other attribute is the segment's own.  `fault(why)` makes the error naming the file."""

    def __init__(self, segment: Any, check: BlockCheck | None, fault: Callable[[str], Exception]) -> None:
        import numpy as np

        self._segment = segment
        self._check = check
        self._fault = fault
        if check is not None:
            check.verify((segment.end_i - 4) * 8, segment.end_i * 8)  # the directory: init, intlen, rsize, n
        init, intlen, rsize, count = segment.daf.read_array(segment.end_i - 3, segment.end_i)
        self._layout = (float(init), float(intlen), int(rsize), int(count))
        self._seen: Any = np.zeros(int(count), dtype=bool)  # (a numpy array)

    def __getattr__(self, name: str) -> Any:
        """Anything but the two evaluations: the segment's own (start_jd, center, target …)."""
        return getattr(self._segment, name)

    def _verify(self, tdb: Any, tdb2: Any) -> None:
        """Check the records that the TDB dates `tdb` + `tdb2` (numbers or arrays) read, those not checked yet."""
        import numpy as np

        jd = np.asarray(tdb, dtype=float) + np.asarray(tdb2, dtype=float)
        if jd.size == 0 or not np.isfinite(jd).all():
            return  # jplephem refuses these itself
        init, intlen, rsize, count = self._layout
        first, last = record_range(init, intlen, count, float(jd.min()), float(jd.max()))
        if self._seen[first:last + 1].all():
            return
        seg = self._segment
        if self._check is not None:
            self._check.verify(*record_bytes(seg.start_i, rsize, first, last))
        rows = seg.daf.map_array(seg.start_i + first * rsize, seg.start_i + (last + 1) * rsize - 1)
        bad = record_fault(rows.reshape((last + 1 - first, rsize)), init, intlen, first)
        if bad is not None:
            when = record_date(init, intlen, bad)
            raise self._fault(f"the record of {seg.center} → {seg.target} from {when} is not a Chebyshev record")
        self._seen[first:last + 1] = True

    def compute(self, tdb: Any, tdb2: Any = 0.0) -> Any:
        """jplephem's `compute`, its records checked first."""
        self._verify(tdb, tdb2)
        return self._segment.compute(tdb, tdb2)

    def compute_and_differentiate(self, tdb: Any, tdb2: Any = 0.0) -> Any:
        """jplephem's `compute_and_differentiate`, its records checked first."""
        self._verify(tdb, tdb2)
        return self._segment.compute_and_differentiate(tdb, tdb2)


#: The SPK data types whose records `CheckedSegment` knows (Chebyshev: 2 position, 3 with velocity).
CHEBYSHEV_TYPES = (2, 3)


def check_kernel(kernel: Any, check: BlockCheck | None, fault: Callable[[str], Exception]) -> None:
    """Put a `CheckedSegment` in front of each Chebyshev segment of a skyfield kernel (before any use)."""
    for seg in kernel.segments:
        if seg.spk_segment.data_type in CHEBYSHEV_TYPES:
            seg.spk_segment = CheckedSegment(seg.spk_segment, check, fault)
