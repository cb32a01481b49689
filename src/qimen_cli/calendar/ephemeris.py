"""Where the JPL ephemeris lives, what span it covers, and opening it.

More precisely: the shipped DE440 excerpt in ``data/ephemeris/`` (packaged with
the wheel as ``qimen_cli/data/ephemeris``), unless ``--ephemeris FILE`` or the
``QIMEN_EPHEMERIS`` environment variable names another SPK file that skyfield
reads.  skyfield is imported only when a live computation needs it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, Any

from ..errors import BadInput, DataError, QimenError

if TYPE_CHECKING:
    from pathlib import Path

#: File name of the shipped excerpt.
EXCERPT_NAME = "de440_1800_2200.bsp"
#: Environment variable naming another SPK file.
ENV_VAR = "QIMEN_EPHEMERIS"


class EphemerisError(DataError):
    """The ephemeris file is missing, unreadable, or lacks the bodies we need."""


#: Environment variable naming another folder holding the shipped files (for tests and packagers:
#: its files must still match the recorded checksums).
DATA_DIR_VAR = "QIMEN_DATA_DIR"


def data_dir_name() -> str:
    """The ephemeris data folder as a path string: $QIMEN_DATA_DIR, else inside the installed
    package, else the source tree's (`data_dir` as text: the one-chart path imports no pathlib)."""
    override = os.environ.get(DATA_DIR_VAR)
    if override:
        check_env_path(DATA_DIR_VAR, override, "a folder")
        return os.path.normpath(os.path.expanduser(override))
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    packaged = os.path.join(here, "data", "ephemeris")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(os.path.dirname(here)), "data", "ephemeris")


def check_env_path(variable: str, value: str, what: str) -> None:
    """A path from the environment (or --ephemeris) holds no line break or NUL (a value pasted
    with its newline): BadInput naming the variable (or the option), in one line."""
    if any(ch in value for ch in "\n\r\0"):
        if variable.startswith("--"):
            raise BadInput(f"{variable} {value!r} holds a line break or a NUL: give the path of {what}")
        raise BadInput(f"{variable}={value!r} holds a line break or a NUL: set it to the path of {what} "
                             f"(or unset it)")


def data_dir() -> Path:
    """The ephemeris data folder (`data_dir_name`) as a Path."""
    from pathlib import Path

    return Path(data_dir_name())


def default_path() -> Path:
    return data_dir() / EXCERPT_NAME


def chosen_path(option: str | None = None) -> Path | None:
    """The SPK named by the option or the environment, or None for the shipped excerpt;
    EphemerisError when the name is not a regular file (`not_a_file`)."""
    name = option or os.environ.get(ENV_VAR) or None
    if name is None:
        return None
    check_env_path(ENV_VAR if name == os.environ.get(ENV_VAR) else "--ephemeris", name, "an SPK file")
    from pathlib import Path

    path = Path(name).expanduser()
    why = not_a_file(path)
    if why:
        raise EphemerisError(f"ephemeris {name} {why}")
    return path


#: What a path that is not a regular file is, by its stat mode (the names of `stat.S_IS…`).
FILE_KINDS = (("S_ISDIR", "a directory"), ("S_ISFIFO", "a FIFO (named pipe)"), ("S_ISCHR", "a character device"),
              ("S_ISBLK", "a block device"), ("S_ISSOCK", "a socket"))


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be read as an ephemeris file ("is a directory", "is not found" …), or
    None for a regular file.  Only the file's mode is looked at: opening a FIFO would wait for
    a writer."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "is not found"
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISREG(mode):
        return None
    kind = next((what for test, what in FILE_KINDS if getattr(stat, test)(mode)), "not a regular file")
    return f"is {kind}, not an SPK file"


@cache
def timescale() -> Any:
    """skyfield's builtin timescale (no download)."""
    from skyfield.api import load

    return load.timescale(builtin=True)


def check_size(path: Path) -> None:
    """The shipped excerpt has its recorded size (checksums.SIZE), before anything is read of it."""
    from .checksums import SIZE, damaged

    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(f"data file {path} cannot be read ({exc.strerror or exc}); reinstall qimen-cli") from None
    if size != SIZE[EXCERPT_NAME]:
        raise damaged(path, f"{size} bytes, expected {SIZE[EXCERPT_NAME]}")


def check_extent(path: Path, kernel: Any, shipped: bool = False) -> None:
    """A truncated SPK file: its segments reach past its end (`damage_error`, one line)."""
    size = path.stat().st_size
    need = max((seg.end_i * 8 for seg in kernel.segments), default=0)
    if size < need:
        raise damage_error(path, shipped, f"truncated: {size} bytes, its segments need {need}")


#: Words of each Chebyshev record beyond the coefficients (the record's midpoint and radius), and
#: the number of components per SPK data type (2: position; 3: position and velocity).
RECORD_EXTRA = 2
COMPONENTS = {2: 3, 3: 6}


def directory_fault(segment: Any, init: float, intlen: float, rsize: float, count: float) -> str | None:
    """What is wrong with a type 2/3 segment's directory (its last four words: the first record's
    start, the record length in seconds, words per record, the number of records), or None.

    More precisely: a whole number of records each of RECORD_EXTRA words and whole sets of
    coefficients per component must fill the segment, and the records must cover its time span.
    """
    components = COMPONENTS[segment.data_type]
    values = (init, intlen, rsize, count)
    if not all(math.isfinite(v) for v in values) or intlen <= 0 or count < 1 or rsize <= RECORD_EXTRA:
        return "a segment's directory is not readable"
    if rsize != int(rsize) or count != int(count) or (rsize - RECORD_EXTRA) % components:
        return "a segment's record size is not whole"
    if int(count) * int(rsize) + 4 != segment.end_i - segment.start_i + 1:
        return "a segment's records do not fill it"
    if init > segment.start_second + intlen or init + count * intlen < segment.end_second - intlen:
        return "a segment's records do not cover its dates"
    return None


def damage_error(path: Path, shipped: bool, why: str) -> DataError:
    """The one-line error for damage found in an ephemeris file: the shipped excerpt's says to
    reinstall (`checksums.damaged`), another file's names it as given."""
    from .checksums import damaged

    return damaged(path, why) if shipped else EphemerisError(f"ephemeris {path} is damaged ({why})")


def check_directories(path: Path, kernel: Any, shipped: bool = False) -> None:
    """Each type 2/3 segment's directory is sound (`directory_fault`); `damage_error` when one is not."""
    for seg in kernel.segments:
        if seg.data_type not in COMPONENTS:
            continue
        why = directory_fault(seg, *kernel.daf.read_array(seg.end_i - 3, seg.end_i))
        if why:
            raise damage_error(path, shipped, f"{why} ({seg.center} → {seg.target})")


def open_spk(path: Path, shipped: bool) -> Any:
    """A jplephem SPK of `path`; the shipped excerpt's reads verified block by block (`spkcheck`).
    EphemerisError when the file is not an SPK file jplephem can read (one line)."""
    import struct

    from jplephem.daf import DAF
    from jplephem.spk import SPK

    try:
        if shipped:
            from .spkcheck import CheckedFile, check_for

            handle = CheckedFile(path, check_for(path))
            try:
                return SPK(DAF(handle))
            except BaseException:
                handle.close()
                raise
        return SPK.open(str(path))
    except OSError as exc:
        raise EphemerisError(f"cannot read ephemeris {path}: {exc.strerror or exc}") from None
    except struct.error:
        raise EphemerisError(f"ephemeris {path} is truncated or damaged: its segment summaries cannot be read") from None
    except (ValueError, IndexError, OverflowError) as exc:
        raise EphemerisError(f"ephemeris {path} is not an SPK file jplephem reads ({unquoted(exc)})") from None


def unquoted(exc: Exception) -> str:
    """jplephem's words on a file it cannot read, without the bytes of the file they quote (an
    error names the file, never echoes what it holds: `qimen serve` answers a remote caller)."""
    words = str(exc) or type(exc).__name__
    if "file starts with" in words or "b'" in words or 'b"' in words:
        return 'it does not start with "NAIF/DAF" or "DAF/"' if "starts with" in words else type(exc).__name__
    return words


def open_checked(path: Path | None) -> tuple[Path, Any]:
    """(path, an open jplephem SPK) checked by `check_size` (the shipped excerpt), `check_extent`
    and `check_directories`; the caller closes the kernel."""
    shipped = path is None
    path = path or default_path()
    if shipped:
        check_size(path)
    kernel = open_spk(path, shipped)
    try:
        check_extent(path, kernel, shipped)
        check_directories(path, kernel, shipped)
    except BaseException:
        kernel.close()
        raise
    return path, kernel


@lru_cache(maxsize=4)
def load(path: Path | None = None) -> Any:
    """Open an SPK file with skyfield (the shipped excerpt when `path` is None); its records are
    checked as they are first read (`spkcheck.check_kernel`: the shipped excerpt's blocks
    against their checksums, every file's records for their shape)."""
    from skyfield.api import load_file

    from .spkcheck import check_for, check_kernel

    shipped = path is None
    path, kernel = open_checked(path)
    kernel.close()
    try:
        eph = load_file(str(path))
        check_kernel(eph, check_for(path) if shipped else None, partial(damage_error, path, shipped))
        eph["earth"], eph["sun"]
    except (OSError, ValueError, KeyError) as exc:
        raise EphemerisError(f"cannot use ephemeris {path}: {exc}") from None
    return eph


@contextmanager
def computing(path: Path | None) -> Iterator[None]:
    """Around a computation on the ephemeris at `path`: what a damaged record of a file named by
    --ephemeris makes the search fail with (a term table that skips a term, an instant the light
    time pushes out of the segment, a NaN) becomes one EphemerisError naming the file.

    More precisely: a flipped bit in a coefficient passes the records' shape check
    (`spkcheck.record_fault`) and is seen only when the positions it gives cannot be; the
    shipped excerpt's blocks are checked against their checksums, so there such a failure is a
    bug and is left to show."""
    import warnings

    try:
        with warnings.catch_warnings():
            if path is not None:  # a NaN a damaged record gives warns before it fails
                warnings.simplefilter("ignore", RuntimeWarning)
            yield
    except DataError:
        raise
    except (ValueError, ArithmeticError, IndexError) as exc:
        if path is None or isinstance(exc, QimenError):  # the input's own error (BadInput, OutOfSpan)
            raise
        why = " ".join(str(exc).split())[:120] or type(exc).__name__
        raise EphemerisError(f"ephemeris {path} gives positions that cannot be right ({why}): a damaged "
                             f"record? Check the file against its source") from None


@lru_cache(maxsize=4)
def span(path: Path | None = None) -> tuple[float, float]:
    """The (start, end) TDB Julian dates that every segment needed for the Sun and Moon covers."""
    path, kernel = open_checked(path)
    try:
        needed = {(0, 3), (0, 10), (3, 399), (3, 301)}
        segs = [s for s in kernel.segments if (s.center, s.target) in needed]
        if {(s.center, s.target) for s in segs} != needed:
            raise EphemerisError(f"ephemeris {path} lacks the Sun, Earth or Moon")
        start = max(min(s.start_jd for s in segs if (s.center, s.target) == key) for key in needed)
        end = min(max(s.end_jd for s in segs if (s.center, s.target) == key) for key in needed)
        return start, end
    finally:
        kernel.close()
