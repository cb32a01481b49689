"""The shipped plate records (qimen/data/plates-*.gz) and the pattern index built on them."""

from __future__ import annotations

import gzip
import importlib.util
import pathlib

import pytest

from qimen_cli.qimen import platedata
from qimen_cli.qimen.index import hours_with, is_plate_only, plate_keys_with
from qimen_cli.qimen.patterns import PATTERN_NAMES, plate_patterns
from qimen_cli.qimen.plates import LAYOUTS, build_plate

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("build_plates", ROOT / "scripts" / "build_plates.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("layout", LAYOUTS)
def test_shipped_records_are_what_the_engine_builds_now(layout):
    # The records, not their gzip wrapping: gzip's header and deflate's choices differ between
    # Python and zlib versions (3.10 writes another OS byte; 3.13's zlib another stream).
    shipped = gzip.decompress(pathlib.Path(platedata.data_path(layout)).read_bytes())
    assert shipped == gzip.decompress(_script().build(layout)), "stale plate data: run python scripts/build_plates.py"
    records = platedata.load(layout)
    assert records is not None and len(records) == 1080


def test_index_matches_the_engine():
    for layout in LAYOUTS:
        plates = {key: build_plate(*key, layout) for key in platedata.plate_keys()}
        for name in ("玉女守門", "三奇得使", "伏吟", "天網四張", "擊刑"):
            expected = {key for key, plate in plates.items()
                        if any(p.name == name for g in plate_patterns(plate) if g for p in g)}
            assert plate_keys_with(name, layout) == expected, (name, layout)


def test_yu_nu_shou_men_on_108_plates_the_same_six_hours_in_every_ju():
    keys = plate_keys_with("玉女守門", "zhuan")
    assert len(keys) == 108
    hours = hours_with(["玉女守門"], "zhuan")
    assert len(hours) == 6
    for dun in "陽陰":
        for ju in range(1, 10):
            assert {h for d, j, h in keys if (d, j) == (dun, ju)} == hours


def test_only_plate_only_names_are_indexed():
    assert [n for n in PATTERN_NAMES if not is_plate_only(n)] == [
        "五合時", "五不遇時", "七殺", "日時干三奇入墓", "刑德開闔", "三甲", "遊三避五", "氣應"]
    with pytest.raises(ValueError):
        plate_keys_with("五合時")
    with pytest.raises(KeyError):
        plate_keys_with("龍回首")


@pytest.mark.parametrize("damage", ["flip", "truncate", "not-gzip", "empty", "missing", "short-rows", "other-layout"])
def test_a_damaged_plate_file_is_ignored_and_the_lines_stay_the_same(damage, tmp_path, monkeypatch, capsys):
    """A damaged or truncated plate file (gzip's CRC, a short stream, junk) is not read: `load`
    returns None and the range writer builds its plates from the engine, writing the same lines;
    stderr says so once, naming the file (issue 24.10)."""
    from qimen_cli.cli.params import BOUND, STEP, ZONE, When
    from qimen_cli.render.cast_lines import CastLines

    data = pathlib.Path(platedata.data_path("zhuan")).read_bytes()
    plain = gzip.decompress(data)
    bad = {"flip": data[:3000] + bytes(300) + data[3300:], "truncate": data[: len(data) // 2],
           "not-gzip": b"plates" * 100, "empty": b"", "missing": None,
           "short-rows": gzip.compress(plain[:plain.index(b"\n") + 5000]),
           "other-layout": gzip.compress(plain.replace(b'"layout":"zhuan"', b'"layout":"fei"', 1))}[damage]
    path = tmp_path / "plates-zhuan.gz"
    if bad is not None:
        path.write_bytes(bad)
    span = When(None, ZONE.convert("Asia/Shanghai", None, None), None, "mean", 23,
                BOUND.convert("2024-06-01T00:00", None, None), BOUND.convert("2024-06-02T00:00", None, None),
                STEP.convert("3h", None, None), False, None)
    good = CastLines(span)
    platedata.load.cache_clear()
    monkeypatch.setattr(platedata, "data_path", lambda layout: path)
    capsys.readouterr()
    try:
        assert platedata.load("zhuan") is None
        built = CastLines(span)
        assert not built.records
        assert [built.line(at) for at in span.instants()] == [good.line(at) for at in span.instants()]
        platedata.load.cache_clear()
        assert platedata.load("zhuan") is None                   # read again: said only once
    finally:
        platedata.load.cache_clear()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and str(path) in lines[0], lines
    assert ("is missing" if damage == "missing" else "is damaged (") in lines[0], lines


#: `qimen` with the plate files replaced by the files named in $PLATES_DIR (a real process: the
#: warning is once per process, and a clean run must print nothing on stderr).
WITH_PLATES_DIR = (
    "import os, pathlib; from qimen_cli.qimen import platedata; "
    "platedata.data_path = lambda layout: pathlib.Path(os.environ['PLATES_DIR']) / f'plates-{layout}.gz'; "
    "from qimen_cli.cli.main import console; console()"
)
RANGE = ("cast", "--from", "2024-06-01T00:00", "--to", "2024-06-03T00:00", "--every", "1h", "--tz", "Asia/Shanghai",
         "--json")


def test_a_clean_run_is_silent_and_a_damaged_file_is_said_once(tmp_path, run_process):
    clean = run_process(*RANGE)
    assert clean.returncode == 0 and clean.stderr == "" and clean.stdout.count("\n") == 49
    for layout in LAYOUTS:
        (tmp_path / f"plates-{layout}.gz").write_bytes(pathlib.Path(platedata.data_path(layout)).read_bytes())
    copied = run_process(*RANGE, env={"PLATES_DIR": str(tmp_path)}, code=WITH_PLATES_DIR)
    assert copied.returncode == 0 and copied.stderr == "" and copied.stdout == clean.stdout
    data = (tmp_path / "plates-zhuan.gz").read_bytes()
    (tmp_path / "plates-zhuan.gz").write_bytes(data[:5000] + bytes(100) + data[5100:])
    damaged = run_process(*RANGE, env={"PLATES_DIR": str(tmp_path)}, code=WITH_PLATES_DIR)
    lines = damaged.stderr.splitlines()
    assert damaged.returncode == 0 and len(lines) == 1, damaged.stderr
    assert lines[0].startswith(f"qimen: warning: plate file {tmp_path / 'plates-zhuan.gz'} is damaged (")
    assert damaged.stdout == clean.stdout
