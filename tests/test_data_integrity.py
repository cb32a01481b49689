"""Damaged shipped data is refused, not used (calendar/checksums.py, terms.read_table, lunar.read_moons,
ephemeris.check_extent).

Every shipped table is checked against the sha256 recorded in data/ephemeris/README.md and for
its structure (terms in sequence, 15° apart, 14–16.5 days apart; new moons 29.1–30.0 days apart);
a damaged or truncated file exits 2 with one line naming the file and saying to reinstall.
The damaged copies live in a temporary folder named by QIMEN_DATA_DIR.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from qimen_cli.calendar import checksums, ephemeris
from qimen_cli.calendar.context import Context
from qimen_cli.calendar.lunar import read_moons
from qimen_cli.calendar.terms import read_table
from qimen_cli.errors import DataError

DATA = ephemeris.data_dir()
Y2023 = (1672531200.0, 1704067200.0)


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "data"
    out.mkdir()
    for name in ("terms.tsv", "new_moons.tsv"):
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
