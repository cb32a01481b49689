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
    shipped = gzip.decompress(platedata.data_path(layout).read_bytes())
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


@pytest.mark.parametrize("damage", ["flip", "truncate", "not-gzip", "empty"])
def test_a_damaged_plate_file_is_ignored_and_the_lines_stay_the_same(damage, tmp_path, monkeypatch):
    """A damaged or truncated plate file (gzip's CRC, a short stream, junk) is not read: `load`
    returns None and the range writer builds its plates from the engine, writing the same lines."""
    from qimen_cli.cli.params import BOUND, STEP, ZONE, When
    from qimen_cli.render.cast_lines import CastLines

    data = platedata.data_path("zhuan").read_bytes()
    bad = {"flip": data[:3000] + bytes(300) + data[3300:], "truncate": data[: len(data) // 2],
           "not-gzip": b"plates" * 100, "empty": b""}[damage]
    path = tmp_path / "plates-zhuan.gz"
    path.write_bytes(bad)
    span = When(None, ZONE.convert("Asia/Shanghai", None, None), None, "mean", 23,
                BOUND.convert("2024-06-01T00:00", None, None), BOUND.convert("2024-06-02T00:00", None, None),
                STEP.convert("3h", None, None), False, None)
    good = CastLines(span)
    platedata.load.cache_clear()
    monkeypatch.setattr(platedata, "data_path", lambda layout: path)
    try:
        assert platedata.load("zhuan") is None
        built = CastLines(span)
        assert not built.records
        assert [built.line(at) for at in span.instants()] == [good.line(at) for at in span.instants()]
    finally:
        platedata.load.cache_clear()
