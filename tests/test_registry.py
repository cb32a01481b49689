"""The pattern registry: one record per rule, read by --where, `qimen patterns` and the JSON."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

from conftest import invoke
from qimen_cli.qimen import names
from qimen_cli.qimen.patterns import (
    PATTERN_NAMES,
    PATTERNS,
    REGISTRY,
    close_names,
    is_plate_only,
    rule_of,
    unknown_name_message,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEEDS = pathlib.Path("/work/shared/seeds")


def test_every_rule_is_registered_once_with_its_record():
    assert [r.fn for r in REGISTRY] == list(PATTERNS)
    assert len(set(PATTERN_NAMES)) == len(PATTERN_NAMES) == 35
    for r in REGISTRY:
        assert r.source in ("003_fd1aa30e5b7f2d13.txt", "000_4b5dcee18d5e7425.txt")
        assert r.line > 0 and r.quote and r.summary
        assert set(r.verdicts) == set(r.names)
        assert all(v in ("吉", "凶", "", "吉凶") for v in r.verdicts.values())
        assert r.plate_only == (r.key is None) == (r.fn.scope == "plate")
        assert r.scope == "+".join(("plate",) + r.needs)
        for name in r.names:
            assert rule_of(name) is r


def test_scopes():
    assert is_plate_only("玉女守門") and is_plate_only("三奇得使") and is_plate_only("十干神名")
    assert not is_plate_only("五合時") and rule_of("五合時").needs == ("day",)
    assert rule_of("氣應").needs == ("month", "term")
    assert rule_of("刑德開闔").verdicts["刑德開闔"] == "吉凶"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="seed texts absent")
def test_quotes_are_the_texts_words_in_order_and_lines_match():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_quotes as cq
    finally:
        sys.path.pop(0)
    texts = cq.load(SEEDS)
    for r in REGISTRY:
        text, starts, name = texts[r.source[:3]]
        where = cq.locate(r.quote, text)
        assert not isinstance(where, str), (r.names, where)
        assert cq.line_of(where[0], starts) == r.line, r.names
    files = sorted((ROOT / "src/qimen_cli/qimen").rglob("*.py"))
    assert cq.main([str(SEEDS), *map(str, files)]) == 0


def test_one_home_for_the_shared_names():
    from qimen_cli.gods import twelve
    from qimen_cli.gucu import anying
    from qimen_cli.qimen.patterns import hours, qi

    assert twelve.JI_MEN is names.JI_DOORS and twelve.SAN_QI is names.SAN_QI
    assert twelve.SHI_GAN_SHEN is names.SHI_GAN_SHEN_PAIRS
    assert anying.STEM_NAMES is names.STEM_NAMES
    assert hours.JI_DOORS is names.JI_DOORS and hours.SAN_QI is names.SAN_QI
    assert qi.SHI_GAN_SHEN is names.SHI_GAN_SHEN
    assert names.SHI_GAN_SHEN["甲"] == "天輔青龍" and names.SHI_GAN_SHEN["癸"] == "天藏華蓋"


def test_patterns_command_json_lines_and_table():
    r = invoke("patterns", "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [row["name"] for row in rows] == list(PATTERN_NAMES)
    row = rows[PATTERN_NAMES.index("玉女守門")]
    assert row["verdict"] == "吉" and row["plate_only"] is True and row["scope"] == "plate"
    assert row["source"] == "003_fd1aa30e5b7f2d13.txt" and row["line"] == rule_of("玉女守門").line
    assert row["quote"].startswith("玉女守門者，地盤六丁守直使之門也。")
    r = invoke("patterns", "--lang", "en", env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "pattern" in r.output and "玉女守門" in r.output and "擊刑" in r.output


def test_unknown_where_name_suggests_the_closest():
    assert close_names("玉女手門")[0] == "玉女守門"
    r = invoke(*["cast", "--from", "2024-01-01T00:00", "--to", "2024-01-01T04:00",
                                 "--tz", "+08:00", "--json", "--where", "玉女手門"])
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line]
    assert len(lines) == 1 and "玉女守門" in lines[0] and "十干神名" not in lines[0]
    assert "qimen patterns" in unknown_name_message("xyz")


def test_context_rules_depend_on_their_part_and_key_only():
    """Contexts with the same plate facts (Rule.part) and key (Rule.key) give the same patterns,
    and compute(part, ctx) is the rule itself: the caches keyed by them are sound."""
    import random

    from qimen_cli.qimen.patterns import PatternContext, _flat
    from qimen_cli.qimen.plates import build_plate

    rng = random.Random(12)
    plates = [build_plate(d, j, h, lay) for d in "陽陰" for j in (1, 4, 9) for h in range(0, 60, 7) for lay in ("zhuan", "fei")]
    for r in REGISTRY:
        if r.plate_only:
            continue
        seen = {}
        for _ in range(3000):
            plate = rng.choice(plates)
            ctx = PatternContext(plate, rng.randrange(60), plate.hour, rng.randrange(60), rng.randrange(24),
                                 rng.choice("上中下"))
            found = _flat(r.fn(ctx))
            part = None if r.part is None else r.part(plate)
            assert _flat(r.compute(part, ctx)) == found, r.names
            assert seen.setdefault((part, r.key(ctx)), found) == found, r.names


def test_context_rule_keys_read_only_what_their_needs_name():
    """A rule's key changes with the hour and the values its `needs` names, never with the
    others: cast's range writer caches a chart's patterns by (day, hour, term, 元) and the keys
    of the rules that need the month (render/cast_lines.py `_chart_piece`)."""
    import random
    from types import SimpleNamespace

    rng = random.Random(7)
    field_of_need = {"day": "day", "month": "month", "term": "ju_term", "yuan": "yuan"}
    draw = {"day": lambda: rng.randrange(60), "month": lambda: rng.randrange(60),
            "ju_term": lambda: rng.randrange(24), "yuan": lambda: rng.choice("上中下")}
    for r in REGISTRY:
        if r.plate_only:
            continue
        free = [f for need, f in field_of_need.items() if need not in r.needs]
        changed = 0
        for _ in range(2000):
            values = {f: d() for f, d in draw.items()}
            ctx = SimpleNamespace(plate=None, hour=rng.randrange(60), **values)
            other = SimpleNamespace(**{**vars(ctx), **{f: draw[f]() for f in free}})
            assert r.key(ctx) == r.key(other), (r.names, free)
            moved = SimpleNamespace(**{**vars(ctx), **{f: draw[f]() for f in field_of_need.values() if f not in free}})
            changed += r.key(ctx) != r.key(moved)
        assert changed, f"{r.names}: the key never follows its needs {r.needs}"
