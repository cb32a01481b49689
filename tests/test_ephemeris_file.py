"""A file named by --ephemeris that cannot serve: one line saying what is wrong with it, exit 2
(calendar/ephemeris.py: `not_a_file`, `open_spk`, `check_directories`; calendar/spkcheck.py:
`record_fault`).  Issue 24.3: a truncated file gave struct.error, a zeroed one ValueError, and a
directory, FIFO or /dev/zero was "not found"."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from qimen_cli.calendar import ephemeris
from qimen_cli.errors import DataError

SHIPPED = ephemeris.data_dir() / ephemeris.EXCERPT_NAME
TERMS = ("terms", "--year", "2024", "--tz", "UTC")


def _variant(tmp_path: Path, name: str, change) -> Path:
    """A copy of the shipped excerpt passed through `change` (bytes → bytes)."""
    path = tmp_path / name
    path.write_bytes(change(SHIPPED.read_bytes()))
    return path


def _zeroed(start: int, end: int):
    """Bytes start … end zeroed."""
    return lambda raw: raw[:start] + bytes(end - start) + raw[end:]


def _nans(start: int, end: int):
    """Bytes start … end (8-byte aligned) overwritten with NaN doubles."""
    return lambda raw: raw[:start] + struct.pack("<d", float("nan")) * ((end - start) // 8) + raw[end:]


#: Damaged copies of the excerpt → what the one line must say.  6.2–6.4 MB holds the Sun's
#: records of 2006–2009, which a live search of 2024 (the chunk 1950–2051) reads.
DAMAGED = {
    "head.bsp": (lambda raw: raw[:4096], "truncated or damaged"),
    "after-1mb.bsp": (_zeroed(1 << 20, 31_530_856), "directory"),
    "short.bsp": (lambda raw: raw[:1_000_000], "truncated"),
    "sun-zeroed.bsp": (_zeroed(6_200_000, 6_400_000), "not a Chebyshev record"),
    "sun-nan.bsp": (_nans(6_200_000, 6_400_000), "not a Chebyshev record"),
    "text.bsp": (lambda raw: b"not an ephemeris\n" * 100, "not an SPK file"),
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_ephemeris_file_is_one_line(name, tmp_path, run_cli):
    change, says = DAMAGED[name]
    path = _variant(tmp_path, name, change)
    r = run_cli(*TERMS, "--ephemeris", str(path))
    assert r.exit_code == 2, r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and says in lines[0], r.stderr
    assert r.stdout == ""


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.bsp"
    os.mkfifo(path)
    return path


#: Paths that are no file → what the line says.  Opening a FIFO would wait for a writer: only its
#: mode is looked at.
NOT_FILES = {
    "directory": (lambda tmp: tmp, "is a directory"),
    "fifo": (_fifo, "is a FIFO"),
    "dev-zero": (lambda tmp: Path("/dev/zero"), "is a character device"),
    "missing": (lambda tmp: tmp / "nowhere.bsp", "is not found"),
}


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
@pytest.mark.parametrize("command", [TERMS, ("pillars", "--at", "2024-03-05T11:00", "--tz", "UTC")])
def test_what_is_not_a_file_is_named_so(kind, command, tmp_path, run_cli):
    make, says = NOT_FILES[kind]
    path = make(tmp_path)
    if not path.exists() and kind != "missing":
        pytest.skip(f"no {path} here")
    r = run_cli(*command, "--ephemeris", str(path))
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and f"ephemeris {path} {says}" in lines[0], r.stderr


def test_an_unreadable_file_says_why(tmp_path, run_cli):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = _variant(tmp_path, "locked.bsp", lambda raw: raw[:2048])
    path.chmod(0)
    r = run_cli(*TERMS, "--ephemeris", str(path))
    assert r.exit_code == 2 and "Permission denied" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_shipped_excerpt_named_as_another_file_passes_every_check():
    path, kernel = ephemeris.open_checked(SHIPPED)
    kernel.close()
    assert path == SHIPPED and ephemeris.span(SHIPPED)[0] == 2378282.5  # 1799-06-01


def test_directory_fault():
    """A segment's directory must fill the segment with whole records that cover its dates."""

    class Seg:
        data_type, start_i, end_i = 2, 101, 100 + 10 * 41 + 4
        start_second, end_second = 0.0, 10 * 86400.0

    good = (0.0, 86400.0, 41.0, 10.0)
    assert ephemeris.directory_fault(Seg, *good) is None
    assert "not readable" in ephemeris.directory_fault(Seg, 0.0, 0.0, 0.0, 0.0)
    assert "not readable" in ephemeris.directory_fault(Seg, float("nan"), 86400.0, 41.0, 10.0)
    assert "not whole" in ephemeris.directory_fault(Seg, 0.0, 86400.0, 40.0, 10.0)
    assert "do not fill" in ephemeris.directory_fault(Seg, 0.0, 86400.0, 41.0, 9.0)
    assert "do not cover" in ephemeris.directory_fault(Seg, 5 * 86400.0, 86400.0, 41.0, 10.0)


def test_errors_are_data_errors():
    """They are the engine's DataError, which the click group turns into exit 2."""
    with pytest.raises(DataError, match="is a directory"):
        ephemeris.chosen_path("/")
