"""The shipped term table's instants as doubles (data/ephemeris/terms.f64, `terms.STAMPS_NAME`).

A start reads them instead of converting terms.tsv's text; they must be that conversion, byte for
byte (the builder, scripts/build_ephemeris.py --stamps, is run again here), and a verified read
must give the table the text gives."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from qimen_cli.calendar import ephemeris, terms
from qimen_cli.calendar.context import Context
from qimen_cli.errors import DataError

ROOT = Path(__file__).resolve().parents[1]
DATA = ephemeris.data_dir()


def _script():
    spec = importlib.util.spec_from_file_location("build_ephemeris", ROOT / "scripts" / "build_ephemeris.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_stamps_are_the_tables_text_converted():
    shipped = (DATA / terms.STAMPS_NAME).read_bytes()
    assert shipped == _script().build_stamps(DATA), "stale terms.f64: run python scripts/build_ephemeris.py --stamps"
    _ks, stamps = terms.parse_columns((DATA / terms.TABLE_NAME).read_text(encoding="utf-8"))
    assert terms.read_stamps(str(DATA / terms.STAMPS_NAME)) == stamps


def test_a_verified_read_is_the_checked_read():
    """`read_table(verify=True)` (the stamps file's instants, the k column from the first k) gives the
    table that converting and checking the text gives."""
    checked = terms.read_table(DATA / terms.TABLE_NAME)
    verified = terms.read_table(DATA / terms.TABLE_NAME, verify=True)
    assert verified.stamps == checked.stamps and verified.ks == checked.ks and len(verified.stamps) > 9600
    assert [verified.terms[i] for i in (0, 1, 5000, -1)] == [checked.terms[i] for i in (0, 1, 5000, -1)]


def _data(tmp_path: Path, stamps: bool = True) -> Path:
    out = tmp_path / "data"
    out.mkdir()
    names = [terms.TABLE_NAME] + ([terms.STAMPS_NAME] if stamps else [])
    for name in names:
        shutil.copy(DATA / name, out / name)
    return out


def test_without_the_stamps_file_the_text_is_converted(tmp_path):
    data = _data(tmp_path, stamps=False)
    table = terms.read_table(data / terms.TABLE_NAME, verify=True)
    assert table.stamps == terms.read_table(DATA / terms.TABLE_NAME).stamps


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_a_damaged_stamps_file_is_refused(tmp_path, monkeypatch, damage):
    data = _data(tmp_path)
    raw = bytearray((data / terms.STAMPS_NAME).read_bytes())
    if damage == "flip":
        raw[8 * 5000 + 3] ^= 0x01
    else:
        del raw[-8:]
    (data / terms.STAMPS_NAME).write_bytes(bytes(raw))
    with pytest.raises(DataError, match=r"terms\.f64 is damaged.*reinstall"):
        terms.read_table(data / terms.TABLE_NAME, verify=True)
    monkeypatch.setenv(ephemeris.DATA_DIR_VAR, str(data))
    with pytest.raises(DataError, match=r"terms\.f64 is damaged"):
        Context(None).full_table()


def test_stamps_of_another_length_than_the_table_are_refused(tmp_path, monkeypatch):
    """Both checksums recorded, the files not each other's: refused (not one table's k on another's instants)."""
    from qimen_cli.calendar import checksums

    data = _data(tmp_path)
    short = (data / terms.STAMPS_NAME).read_bytes()[:-8]
    (data / terms.STAMPS_NAME).write_bytes(short)
    import zlib

    monkeypatch.setitem(checksums.SIZE, terms.STAMPS_NAME, len(short))
    monkeypatch.setitem(checksums.CRC32, terms.STAMPS_NAME, zlib.crc32(short))
    with pytest.raises(DataError, match=r"terms\.f64 is damaged \(9643 instants"):
        terms.read_table(data / terms.TABLE_NAME, verify=True)
