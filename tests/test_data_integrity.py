"""Damaged shipped data is refused, not used (calendar/checksums.py, terms.read_table, lunar.read_moons,
ephemeris.check_size and check_extent, calendar/spkcheck.py).

Every shipped table is checked against the sha256 recorded in data/ephemeris/README.md and for
its structure (terms in sequence, 15° apart, 14–16.5 days apart; new moons 29.1–30.0 days apart);
the excerpt by its size and, block by block as it is read, against the CRC-32s of
de440_1800_2200.crc32.  A damaged or truncated file exits 2 with one line naming the file and
saying to reinstall.  The damaged copies live in a temporary folder named by QIMEN_DATA_DIR."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from qimen_cli.calendar import checksums, ephemeris, spkcheck
from qimen_cli.calendar.context import Context
from qimen_cli.calendar.lunar import read_moons
from qimen_cli.calendar.terms import read_table
from qimen_cli.errors import DataError

DATA = ephemeris.data_dir()
CRCS = spkcheck.crcs_path(DATA / ephemeris.EXCERPT_NAME).name
Y2023 = (1672531200.0, 1704067200.0)


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "data"
    out.mkdir(parents=True)
    for name in ("terms.tsv", "terms.f64", "new_moons.tsv", CRCS):
        shutil.copy(DATA / name, out / name)
    (out / ephemeris.EXCERPT_NAME).symlink_to(DATA / ephemeris.EXCERPT_NAME)
    return out


def _rewrite(path: Path, keep) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(line for line in (keep(x) for x in lines) if line is not None), encoding="utf-8")


def _without_2023_terms(line: str):
    if line.startswith("#"):
        return line
    ts = float(line.split("\t")[1])
    return None if Y2023[0] <= ts < Y2023[1] else line


def _qimen(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, ephemeris.DATA_DIR_VAR: str(data_dir)}
    env.pop(ephemeris.ENV_VAR, None)
    qimen = shutil.which("qimen") or str(Path(sys.executable).with_name("qimen"))
    return subprocess.run([qimen, *args], capture_output=True, text=True, env=env, timeout=120)


CAST = ("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")


def _assert_refused(r: subprocess.CompletedProcess, name: str) -> None:
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert name in lines[0] and "reinstall" in lines[0]
    assert "立春" not in r.stdout


def test_intact_copy_is_accepted(tmp_path):
    r = _qimen(_copy(tmp_path), *CAST, "--json")
    assert r.returncode == 0, r.stderr
    assert '"ju_term":"驚蟄"' in r.stdout and '"ju":1' in r.stdout


def test_missing_year_of_terms_exits_2(tmp_path):
    """Without 2023's lines the chart of 2024-03-05 would be 立春 陽8局 instead of 驚蟄 陽1局."""
    data = _copy(tmp_path)
    _rewrite(data / "terms.tsv", _without_2023_terms)
    _assert_refused(_qimen(data, *CAST), "terms.tsv")
    with pytest.raises(DataError, match="apart"):          # the structure alone catches it too
        read_table(data / "terms.tsv")


def test_shifted_term_instant(tmp_path):
    data = _copy(tmp_path)
    lines = (data / "terms.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, x in enumerate(lines) if not x.startswith("#") and float(x.split("\t")[1]) > Y2023[0])
    k, ts = lines[i].split("\t")
    lines[i] = f"{k}\t{float(ts) + 1.0:.3f}\n"                # one second: only the checksum sees it
    (data / "terms.tsv").write_text("".join(lines), encoding="utf-8")
    _assert_refused(_qimen(data, *CAST), "terms.tsv")
    read_table(data / "terms.tsv")                            # structurally plausible
    lines[i] = f"{k}\t{float(ts) + 3 * 86400.0:.3f}\n"       # three days: the structure sees it
    (data / "terms.tsv").write_text("".join(lines), encoding="utf-8")
    with pytest.raises(DataError, match="terms.tsv"):
        read_table(data / "terms.tsv")


def test_dropped_new_moon(tmp_path):
    data = _copy(tmp_path)
    lines = (data / "new_moons.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, x in enumerate(lines) if not x.startswith("#") and float(x) > Y2023[0])
    del lines[i]
    (data / "new_moons.tsv").write_text("".join(lines), encoding="utf-8")
    _assert_refused(_qimen(data, "pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai"), "new_moons.tsv")
    with pytest.raises(DataError, match="new_moons.tsv.*days apart"):
        read_moons(data / "new_moons.tsv")


def test_shipped_new_moons_pass_the_gap_check():
    """A verified read skips the gap check (`read_moons(verify=True)`): it holds for the shipped table,
    and the lazily read column gives the same instants as the checked one."""
    checked = read_moons(DATA / "new_moons.tsv")
    verified = read_moons(DATA / "new_moons.tsv", verify=True)
    assert len(verified) == len(checked) > 4900
    assert list(verified) == checked and verified[100:103] == checked[100:103]


def test_shipped_terms_pass_the_structural_check():
    """A verified read skips `check_columns` (`read_table(verify=True)`): it holds for the shipped
    table, and both reads give the same table."""
    checked = read_table(DATA / "terms.tsv")
    verified = read_table(DATA / "terms.tsv", verify=True)
    assert len(verified.stamps) == len(checked.stamps) > 9600
    assert verified.stamps == checked.stamps and verified.ks == checked.ks


@pytest.mark.parametrize("name", ["terms.tsv", "new_moons.tsv"])
def test_truncated_table(tmp_path, name):
    data = _copy(tmp_path)
    text = (data / name).read_bytes()
    (data / name).write_bytes(text[: len(text) // 2])
    args = CAST if name == "terms.tsv" else ("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
    _assert_refused(_qimen(data, *args), name)


def test_in_process_context_refuses(tmp_path, monkeypatch):
    data = _copy(tmp_path)
    _rewrite(data / "terms.tsv", _without_2023_terms)
    monkeypatch.setenv(ephemeris.DATA_DIR_VAR, str(data))
    with pytest.raises(DataError, match=r"terms\.tsv.*reinstall"):
        Context(None).full_table()


def test_truncated_ephemeris_option_exits_2(tmp_path):
    bsp = tmp_path / "short.bsp"
    with open(DATA / ephemeris.EXCERPT_NAME, "rb") as f:
        bsp.write_bytes(f.read(1_000_000))
    r = _qimen(DATA, *CAST, "--ephemeris", str(bsp))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "short.bsp" in r.stderr and "truncated" in r.stderr


def test_truncated_shipped_excerpt_exits_2(tmp_path):
    data = _copy(tmp_path)
    (data / ephemeris.EXCERPT_NAME).unlink()
    with open(DATA / ephemeris.EXCERPT_NAME, "rb") as f:
        (data / ephemeris.EXCERPT_NAME).write_bytes(f.read(1_000_000))
    r = _qimen(data, *CAST, "--lon", "116.4", "--solar-time", "apparent")
    _assert_refused(r, ephemeris.EXCERPT_NAME)


def test_recorded_checksums_match_the_readme_and_the_files():
    readme = (DATA / "README.md").read_text(encoding="utf-8") if (DATA / "README.md").exists() else None
    if readme is not None:
        recorded = dict((name, sha) for sha, name in re.findall(r"^([0-9a-f]{64})  (\S+)$", readme, re.M))
        assert recorded == checksums.SHA256
    for name, sha in checksums.SHA256.items():
        data = (DATA / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == sha and len(data) == checksums.SIZE[name], name


def test_the_start_checks_crc32s_of_the_files_the_sha256_vouches_for():
    """A start checks the tables it reads whole by their CRC-32 (`read_verified`): the recorded
    figures are those of the files whose sha256 is the published one, and a CRC-32 that does
    not fit is refused as the sha256 was."""
    import zlib

    assert set(checksums.CRC32) <= set(checksums.SHA256)
    for name, crc in checksums.CRC32.items():
        data = (DATA / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == checksums.SHA256[name], name
        assert zlib.crc32(data) == crc, name
    assert {"terms.tsv", "new_moons.tsv", CRCS} <= set(checksums.CRC32)


def test_a_wrong_crc32_is_refused(tmp_path, monkeypatch):
    data = _copy(tmp_path)
    monkeypatch.setitem(checksums.CRC32, "terms.tsv", checksums.CRC32["terms.tsv"] ^ 1)
    with pytest.raises(DataError, match=r"terms\.tsv is damaged \(checksum mismatch\)"):
        checksums.read_verified(data / "terms.tsv")


# --- the excerpt, block by block (calendar/spkcheck.py) ------------------------------------------

APPARENT = ("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--lon", "116.4", "--solar-time", "apparent",
            "--json")
#: A byte of the Earth–Moon barycentre's records (segment 0 → 3) that the chart of APPARENT reads:
#: flipped, the apparent solar time moves and the hour pillar with it (丁巳 → 庚申).
EMB_BYTE = 1_747_503


def _damaged_copy(tmp_path: Path, offset: int) -> Path:
    """A data folder whose excerpt is a real copy with the byte at `offset` flipped."""
    data = _copy(tmp_path)
    bsp = data / ephemeris.EXCERPT_NAME
    bsp.unlink()
    raw = bytearray((DATA / ephemeris.EXCERPT_NAME).read_bytes())
    raw[offset] ^= 0x10
    bsp.write_bytes(raw)
    return data


def test_block_checksums_match_the_shipped_excerpt():
    """The recorded CRC-32s (written by scripts/build_ephemeris.py) are those of the shipped excerpt's blocks."""
    bsp = DATA / ephemeris.EXCERPT_NAME
    listing = spkcheck.crcs_path(bsp)
    recorded = spkcheck.parse_crcs(checksums.read_verified(listing), listing)
    assert list(recorded) == spkcheck.block_crcs(bsp.read_bytes())
    assert len(recorded) == -(-checksums.SIZE[ephemeris.EXCERPT_NAME] // spkcheck.BLOCK_SIZE) == 482


def test_a_flipped_byte_of_the_excerpt_exits_2(tmp_path, run_process):
    """Issue 24.1: the same size, the same segments, one bit changed: refused, not a wrong hour."""
    intact = run_process(*APPARENT, env={ephemeris.DATA_DIR_VAR: str(_copy(tmp_path / "a"))})
    assert intact.returncode == 0 and '"hour":"丁巳"' in intact.stdout, intact.stderr
    r = run_process(*APPARENT, env={ephemeris.DATA_DIR_VAR: str(_damaged_copy(tmp_path / "b", EMB_BYTE))})
    _assert_refused(r, ephemeris.EXCERPT_NAME)
    assert "checksum" in r.stderr and r.stdout == ""


@pytest.fixture
def fresh_ephemeris():
    """The ephemeris caches emptied before and after (each test opens its own copy)."""
    def clear():
        ephemeris.load.cache_clear()
        ephemeris.span.cache_clear()
        spkcheck._checks.clear()
    clear()
    yield
    clear()


def _sun_record_of(when: float) -> int:
    """A byte inside the Sun's (0 → 10) record that holds the TDB Julian date `when`."""
    from jplephem.spk import SPK

    with SPK.open(str(DATA / ephemeris.EXCERPT_NAME)) as kernel:
        seg = kernel[0, 10]
        init, intlen, rsize, count = seg.daf.read_array(seg.end_i - 3, seg.end_i)
        i = int(((when - 2451545.0) * 86400.0 - init) // intlen)
        start, end = spkcheck.record_bytes(seg.start_i, int(rsize), i, i)
        return start + 100


#: Where a byte is flipped, and what reads it: the file record and the segment summaries (read
#: on opening), a segment's directory (its last four words), and a coefficient of the Sun read
#: for 2024-03-05.
PLACES = {
    "file record": lambda: 20,
    "summaries": lambda: 61 * 1024 + 40,
    "directory": lambda: 7_445_752 - 20,
    "sun record": lambda: _sun_record_of(2460374.6),
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_damage_where_it_is_read_is_refused_in_process(place, tmp_path, monkeypatch, fresh_ephemeris):
    from qimen_cli.calendar.clock import equation_of_time
    from qimen_cli.calendar.context import Context

    ts = 1709607600.0  # 2024-03-05T03:00Z
    assert abs(equation_of_time(ts, Context(None))) < 20 * 60       # the intact file answers
    ephemeris.load.cache_clear()
    ephemeris.span.cache_clear()
    spkcheck._checks.clear()
    monkeypatch.setenv(ephemeris.DATA_DIR_VAR, str(_damaged_copy(tmp_path, PLACES[place]())))
    with pytest.raises(DataError, match=r"de440_1800_2200\.bsp is damaged .*checksum.*reinstall"):
        equation_of_time(ts, Context(None))


def test_blocks_are_verified_when_first_read(tmp_path, monkeypatch, fresh_ephemeris):
    """Damage in records no run reads (the Sun of 1850) does not stop a chart of 2024; each block is
    checked once: a chart at one instant reads about a dozen of the 482."""
    from qimen_cli.calendar.clock import equation_of_time
    from qimen_cli.calendar.context import Context

    monkeypatch.setenv(ephemeris.DATA_DIR_VAR, str(_damaged_copy(tmp_path, _sun_record_of(2396758.5))))
    ts = 1709607600.0
    first = equation_of_time(ts, Context(None))
    check = next(iter(spkcheck._checks.values()))
    seen = set(check.verified)
    assert 5 <= len(seen) <= 20 and equation_of_time(ts, Context(None)) == first and check.verified == seen
    with pytest.raises(DataError, match="checksum"):
        equation_of_time(-3786825600.0, Context(None))              # 1850-01-01: the damaged record


def test_a_checksum_list_that_does_not_fit_the_excerpt_is_refused(tmp_path, monkeypatch, fresh_ephemeris):
    from qimen_cli.calendar.clock import equation_of_time
    from qimen_cli.calendar.context import Context

    data = _copy(tmp_path)
    (data / CRCS).write_text("# nothing\n", encoding="utf-8")
    monkeypatch.setenv(ephemeris.DATA_DIR_VAR, str(data))
    with pytest.raises(DataError, match=r"crc32 is damaged"):
        equation_of_time(1709607600.0, Context(None))


def test_block_and_record_arithmetic():
    B = spkcheck.BLOCK_SIZE
    assert spkcheck.blocks_of(0, 1) == range(0, 1) and spkcheck.blocks_of(B - 1, B + 1) == range(0, 2)
    assert spkcheck.blocks_of(B, 2 * B) == range(1, 2) and spkcheck.blocks_of(5, 5) == range(0, 1)
    # records of 16 days from init = 0 s past J2000: JD 2451545 + 16.5 days lies in record 1
    assert spkcheck.record_range(0.0, 16 * 86400.0, 100, 2451561.5, 2451561.5) == (0, 2)
    assert spkcheck.record_range(0.0, 16 * 86400.0, 100, 2400000.0, 2500000.0) == (0, 99)
    assert spkcheck.record_bytes(8065, 41, 0, 0) == (64512, 64512 + 328)
    assert spkcheck.record_bytes(8065, 41, 2, 3) == (64512 + 2 * 328, 64512 + 4 * 328)


def test_record_fault_sees_zeroed_and_nan_records():
    import numpy as np

    init, intlen = -100.0 * 86400, 4 * 86400.0
    rows = np.array([[init + (i + 0.5) * intlen, intlen / 2, 1.0, 2.0, 3.0] for i in range(3, 8)])
    assert spkcheck.record_fault(rows, init, intlen, 3) is None
    zeroed = rows.copy()
    zeroed[2] = 0.0
    assert spkcheck.record_fault(zeroed, init, intlen, 3) == 5
    nan = rows.copy()
    nan[4, 3] = np.nan
    assert spkcheck.record_fault(nan, init, intlen, 3) == 7
    assert spkcheck.record_fault(rows, init, intlen, 4) == 4        # off by one record: every midpoint is wrong
