"""Where the JPL ephemeris lives, what span it covers, and opening it.

More precisely: the shipped DE440 excerpt in ``data/ephemeris/`` (packaged with
the wheel as ``qimen_cli/data/ephemeris``), unless ``--ephemeris FILE`` or the
``QIMEN_EPHEMERIS`` environment variable names another SPK file that skyfield
reads.  skyfield is imported only when a live computation needs it.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

from ..errors import DataError

#: File name of the shipped excerpt.
EXCERPT_NAME = "de440_1800_2200.bsp"
#: Environment variable naming another SPK file.
ENV_VAR = "QIMEN_EPHEMERIS"


class EphemerisError(DataError):
    """The ephemeris file is missing, unreadable, or lacks the bodies we need."""


#: Environment variable naming another folder holding the shipped files (for tests and packagers:
#: its files must still match the recorded checksums).
DATA_DIR_VAR = "QIMEN_DATA_DIR"


def data_dir() -> Path:
    """The ephemeris data folder: $QIMEN_DATA_DIR, else inside the installed package, else the source tree's."""
    override = os.environ.get(DATA_DIR_VAR)
    if override:
        return Path(override).expanduser()
    here = Path(__file__).resolve().parent.parent
    packaged = here / "data" / "ephemeris"
    if packaged.is_dir():
        return packaged
    return here.parent.parent / "data" / "ephemeris"


def default_path() -> Path:
    return data_dir() / EXCERPT_NAME


def chosen_path(option: str | None = None) -> Path | None:
    """The SPK named by the option or the environment, or None for the shipped excerpt."""
    name = option or os.environ.get(ENV_VAR) or None
    if name is None:
        return None
    path = Path(name).expanduser()
    if not path.is_file():
        raise EphemerisError(f"ephemeris file not found: {name}")
    return path


@cache
def timescale():
    """skyfield's builtin timescale (no download)."""
    from skyfield.api import load

    return load.timescale(builtin=True)


def check_extent(path: Path, kernel, shipped: bool = False) -> None:
    """A truncated SPK file: its segments reach past its end (EphemerisError, one line).

    The shipped excerpt (`shipped`: no path was named) must also have its recorded size
    (checksums.SIZE); hashing its 31 MB on every run would cost ~90 ms, so its size and
    extent stand for the checksum (tests/test_data_integrity.py hashes it).
    """
    from .checksums import SIZE, damaged

    size = path.stat().st_size
    if shipped and size != SIZE[EXCERPT_NAME]:
        raise damaged(path, f"{size} bytes, expected {SIZE[EXCERPT_NAME]}")
    need = max((seg.end_i * 8 for seg in kernel.segments), default=0)
    if size < need:
        if shipped:
            raise damaged(path, f"truncated: {size} bytes, its segments need {need}")
        raise EphemerisError(f"ephemeris {path} is truncated: {size} bytes, its segments need {need}")


def open_checked(path: Path | None):
    """(path, an open jplephem SPK) checked by `check_extent`; the caller closes the kernel."""
    from jplephem.spk import SPK

    shipped = path is None
    path = path or default_path()
    try:
        kernel = SPK.open(str(path))
    except (OSError, ValueError) as exc:
        raise EphemerisError(f"cannot read ephemeris {path}: {exc}") from None
    try:
        check_extent(path, kernel, shipped)
    except BaseException:
        kernel.close()
        raise
    return path, kernel


@lru_cache(maxsize=4)
def load(path: Path | None = None):
    """Open an SPK file with skyfield (the shipped excerpt when `path` is None)."""
    from skyfield.api import load_file

    path, kernel = open_checked(path)
    kernel.close()
    try:
        eph = load_file(str(path))
        eph["earth"], eph["sun"]
    except (OSError, ValueError, KeyError) as exc:
        raise EphemerisError(f"cannot use ephemeris {path}: {exc}") from None
    return eph


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
