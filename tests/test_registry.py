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
from qimen_cli.qimen.patterns.core import qi_group

ROOT = pathlib.Path(__file__).resolve().parents[1]
from test_quotes import SEEDS  # noqa: E402  (../shared/seeds, or $QIMEN_SEEDS)


def test_every_rule_is_registered_once_with_its_record():
    assert [r.fn for r in REGISTRY] == list(PATTERNS)
    assert len(set(PATTERN_NAMES)) == len(PATTERN_NAMES) == 39
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
    assert [row["name"] for row in rows if row["art"] == "cast" and row["kind"] != "annotation"] == list(PATTERN_NAMES)
    # cast --annotate's palace annotations, beyond the texts, after the patterns (issue 31 item 4)
    assert [(row["name"], row["option"]) for row in rows if row["kind"] == "annotation"] == [
        ("暗干", "--annotate anGan"), ("十二長生", "--annotate changSheng"), ("旺相休囚", "--annotate wangShuai"),
        ("入墓", "--annotate ruMu"), ("門迫", "--annotate menPo")]
    assert rows[0]["art"] == "cast" and {row["art"] for row in rows} == {"cast", "twelve-gods", "noble", "gucu", "liuren"}
    cast = invoke("patterns", "--art", "cast", "--json")
    assert [json.loads(line)["name"] for line in cast.output.splitlines()] == [*PATTERN_NAMES, "暗干", "十二長生", "旺相休囚",
                                                                                 "入墓", "門迫"]
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


# --- context rules: what they read (inputs), and the keys derived from it --------------------

#: The coarser inputs each input can be replaced by (the same field, fewer values).
COARSER = {"day": ("day_stem", "day_branch"), "hour": ("hour_stem",), "term": ("term_group",)}
#: The PatternContext field each need names ("plate": the hour, which the plate holds).
FIELD_OF_NEED = {"day": "day", "month": "month", "term": "ju_term", "yuan": "yuan", "plate": "hour"}
#: Each input's need and value, written out apart from core.INPUTS.
SPEC = {
    "day": ("day", lambda c: c.day % 60),
    "day_stem": ("day", lambda c: c.day % 10),
    "day_branch": ("day", lambda c: c.day % 12),
    "hour": ("plate", lambda c: c.hour % 60),
    "hour_stem": ("plate", lambda c: c.hour % 10),
    "month_branch": ("month", lambda c: c.month % 12),
    "term": ("term", lambda c: c.ju_term % 24),
    "term_group": ("term", lambda c: qi_group(c.ju_term)),
    "yuan": ("yuan", lambda c: c.yuan),
}


def _contexts() -> list:
    """Contexts to check the keys on: every day × every hour under three (month, term, 元),
    every month × term × 元 on two (day, hour), and 3,000 drawn at random; each on one of
    three plates of its hour (different plate facts), chosen by the other values, so that
    contexts with equal keys differ in whatever their rule did not declare."""
    import random

    from qimen_cli.qimen.patterns import PatternContext
    from qimen_cli.qimen.plates import build_plate

    plates = {h: [build_plate("陽", 1, h, "zhuan"), build_plate("陰", 9, h, "fei"), build_plate("陽", 4, h, "zhuan")]
              for h in range(60)}

    def at(day, hour, month, term, yuan):
        plate = plates[hour][(day + month + term + "上中下".index(yuan)) % 3]
        return PatternContext(plate, day, hour, month, term, yuan)

    out = [at(day, hour, month, term, yuan)
           for month, term, yuan in ((2, 18, "上"), (27, 5, "中"), (50, 11, "下"))
           for day in range(60) for hour in range(60)]
    out += [at(day, hour, month, term, yuan)
            for day, hour in ((11, 37), (31, 42))
            for month in range(60) for term in range(24) for yuan in "上中下"]
    rng = random.Random(20)
    out += [at(rng.randrange(60), rng.randrange(60), rng.randrange(60), rng.randrange(24), rng.choice("上中下"))
            for _ in range(3000)]
    return out


@pytest.fixture(scope="module")
def context_results():
    """Per context rule: (ctx, part, patterns) over `_contexts()`, checking on the way that
    compute(part, ctx) is the rule itself (what the caches store is what the rule says)."""
    from qimen_cli.qimen.patterns import flat as _flat

    contexts = _contexts()
    out = {}
    for r in REGISTRY:
        if r.plate_only:
            continue
        rows = []
        for ctx in contexts:
            part = None if r.part is None else r.part(ctx.plate)
            found = _flat(r.compute(part, ctx))
            rows.append((ctx, part, found))
        for ctx, _part, found in rows[::7]:
            assert _flat(r.fn(ctx)) == found, r.names
        out[r.names[0]] = rows
    return out


def _counterexample(rows, key):
    """Two contexts of `rows` with the same plate facts and the same `key` but different
    patterns (the key does not determine the result), or None."""
    seen = {}
    for ctx, part, found in rows:
        first = seen.setdefault((part, key(ctx)), (ctx, found))
        if first[1] != found:
            return first[0], ctx
    return None


def test_rule_keys_are_derived_from_the_inputs():
    """A context rule names what it reads (`inputs`); its needs and key follow from them."""
    import random
    from types import SimpleNamespace

    from qimen_cli.qimen.patterns.core import INPUTS, key_of, needs_of

    assert {name: need for name, (need, _text) in INPUTS.items()} == {name: need for name, (need, _f) in SPEC.items()}
    rng = random.Random(5)
    samples = [SimpleNamespace(plate=None, day=rng.randrange(60), hour=rng.randrange(60), month=rng.randrange(60),
                               ju_term=rng.randrange(24), yuan=rng.choice("上中下")) for _ in range(300)]
    for name, (_need, value) in SPEC.items():
        key = key_of((name,))
        assert all(key(c) == (value(c),) for c in samples), name
    for r in REGISTRY:
        assert bool(r.inputs) == (not r.plate_only), r.names
        if r.plate_only:
            continue
        assert set(r.inputs) <= set(INPUTS) and len(set(r.inputs)) == len(r.inputs), r.names
        assert r.needs == needs_of(r.inputs) and r.needs, r.names
        assert all(r.key(c) == tuple(SPEC[name][1](c) for name in r.inputs) for c in samples), r.names
    ctx = SimpleNamespace(plate=None, day=47, hour=29, month=15, ju_term=7, yuan="中")
    assert rule_of("五不遇時").key(ctx) == (7, 29) and rule_of("五不遇時").inputs == ("day_stem", "hour")
    assert rule_of("氣應").key(ctx) == (3, "夏至")  # k 7 小暑: the 夏至 group
    assert needs_of(("hour", "yuan", "day_branch")) == ("day", "yuan")
    assert key_of(("day_branch",))(ctx) == (11,) and key_of(())(ctx) == ()


def test_rule_refuses_inputs_it_cannot_key():
    from qimen_cli.qimen.patterns.core import rule

    count = len(REGISTRY)
    with pytest.raises(ValueError, match="unknown input"):
        rule("x", verdict="吉", source="s", line=1, inputs=("day", "weekday"))
    with pytest.raises(ValueError, match="only the plate"):
        rule("x", verdict="吉", source="s", line=1, inputs=("hour",))
    with pytest.raises(ValueError, match="compute"):
        rule("x", verdict="吉", source="s", line=1, inputs=("day",), part=lambda plate: plate.hour)
    with pytest.raises(ValueError, match="palaces"):
        rule("x", verdict="吉", source="s", line=1, inputs=("day",), part=lambda plate: plate.hour,
             compute=lambda part, ctx: None, palaces=lambda part, ctx: ())
    with pytest.raises(ValueError, match="palaces"):
        rule("x", "y", verdict="吉", source="s", line=1, inputs=("day",), part=lambda plate: plate.hour,
             palaces=lambda part, ctx: ())
    assert len(REGISTRY) == count


def test_a_per_palace_rule_words_its_pairs_as_its_patterns():
    """氣應 (the one `Rule.palaces` rule): on every plate fact of both layouts at every key, its
    (palace, detail) pairs make the patterns the rule gives, and the range writer's text of the
    pairs (`pairs_text`, no Pattern made) is the text of those patterns (`group_text`)."""
    from qimen_cli.qimen import contextdata
    from qimen_cli.qimen.patterns import CONTEXT_RULES, context_compute
    from qimen_cli.qimen.patterns.qi import _cells, qi_ying
    from qimen_cli.qimen.plates import LAYOUTS, build_plate
    from qimen_cli.qimen.series import RuleResult
    from qimen_cli.render.cast_json import group_text, pairs_text

    per_palace = [(n, i) for n, (i, *_rest) in enumerate(CONTEXT_RULES) if REGISTRY[i].palaces is not None]
    assert [REGISTRY[i].names for _n, i in per_palace] == [("氣應",)]
    (_n, i), = per_palace
    r = REGISTRY[i]
    cells = {_cells(build_plate(*key, layout)) for layout in LAYOUTS for key in
             ((dun, ju, hour) for dun in ("陽", "陰") for ju in range(1, 10) for hour in range(60))}
    assert len(cells) > 100
    checked = 0
    for part in cells:
        for key in contextdata.key_values(r.inputs):
            ctx = contextdata.context_for(r.inputs, key)
            pairs = r.palaces(part, ctx)
            patterns = context_compute(i, part, ctx)
            assert r.patterns_of(pairs) == patterns and len(pairs) == len(patterns) == len(part)
            assert pairs_text(r, pairs) == group_text(patterns), (part, key)
            assert RuleResult(None, palaces=pairs, rule=r).named() == patterns
            checked += 1
    assert checked > 10_000
    plate = build_plate("陽", 1, 0)
    from test_patterns import ctx as chart_ctx  # the rule itself on a chart's context: the same patterns

    assert qi_ying(chart_ctx(plate, month=2, ju_term=0)) == context_compute(
        i, _cells(plate), chart_ctx(plate, month=2, ju_term=0))


def test_equal_keys_give_equal_results(context_results):
    """For every context rule, contexts with the same plate facts (Rule.part) and the same
    key (the values of its inputs) give the same patterns: the caches keyed by them are
    sound, and a rule reads nothing it did not declare."""
    for r in REGISTRY:
        if not r.plate_only:
            assert _counterexample(context_results[r.names[0]], r.key) is None, r.names


def test_every_weaker_declaration_is_caught(context_results):
    """The check above bites: with any one of a rule's inputs left out or replaced by a
    coarser one (the rule then reads what it does not declare), two contexts have equal keys
    and different patterns.  So every input a rule declares is one it reads, and no coarser
    declaration would do."""
    from qimen_cli.qimen.patterns.core import key_of

    for r in REGISTRY:
        if r.plate_only:
            continue
        rows = context_results[r.names[0]]
        for i, name in enumerate(r.inputs):
            for instead in ((), *((c,) for c in COARSER.get(name, ()))):
                weaker = r.inputs[:i] + instead + r.inputs[i + 1:]
                assert _counterexample(rows, key_of(weaker)), (r.names, weaker)
    # A rule that reads the plate (not only its part) or a finer value than it declares.
    contexts = [ctx for ctx, _part, _found in context_results["五合時"]]
    plate_read = [(ctx, None, (ctx.plate.dun,) if ctx.day % 10 == 3 else ()) for ctx in contexts]
    assert _counterexample(plate_read, key_of(("day_stem", "hour")))
    month_read = [(ctx, None, (ctx.month % 60,)) for ctx in contexts]
    assert _counterexample(month_read, key_of(("month_branch", "term")))


def test_inputs_read_only_the_field_of_their_need():
    """Each input's projection changes with its need's field (the hour for "plate"), never
    with the others: a rule's needs say all it reads of the context."""
    import random
    from types import SimpleNamespace

    from qimen_cli.qimen.patterns.core import INPUTS, NEEDS, key_of

    rng = random.Random(8)
    draw = {"day": lambda: rng.randrange(60), "hour": lambda: rng.randrange(60), "month": lambda: rng.randrange(60),
            "ju_term": lambda: rng.randrange(24), "yuan": lambda: rng.choice("上中下")}
    for name, (need, _text) in INPUTS.items():
        assert need in NEEDS or need == "plate", name
        projection = key_of((name,))
        own = FIELD_OF_NEED[need]
        moved = 0
        for _ in range(500):
            ctx = SimpleNamespace(plate=None, **{f: d() for f, d in draw.items()})
            other = SimpleNamespace(**{**vars(ctx), **{f: d() for f, d in draw.items() if f != own}})
            assert projection(ctx) == projection(other), name
            again = SimpleNamespace(**{**vars(ctx), own: draw[own]()})
            moved += projection(ctx) != projection(again)
        assert moved, name


def test_context_rule_keys_read_only_what_their_needs_name():
    """A rule's key changes with the hour and the values its `needs` names, never with the
    others: cast's range writer caches a chart's patterns by (day, hour, term, 元) and the keys
    of the rules that need the month (`patterns.MONTH_KEYS`, qimen/series.py `Point.chart_key`)."""
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


def test_the_month_keys_read_once_per_term_and_ju_follow_neither_day_nor_hour():
    """With `patterns.MONTH_KEYS_OF_TERM_AND_JU` (the month rules read nothing of the day or the
    hour), qimen/series.py reads `MONTH_KEYS` once per term position and 局: contexts that differ
    only in their day and hour must then have the same month keys."""
    import random
    from types import SimpleNamespace

    from qimen_cli.qimen import patterns

    rng = random.Random(11)
    if not patterns.MONTH_KEYS_OF_TERM_AND_JU:
        return
    for _ in range(2000):
        ctx = SimpleNamespace(plate=None, day=rng.randrange(60), hour=rng.randrange(60), month=rng.randrange(60),
                              ju_term=rng.randrange(24), yuan=rng.choice("上中下"))
        other = SimpleNamespace(**{**vars(ctx), "day": rng.randrange(60), "hour": rng.randrange(60)})
        assert patterns.MONTH_KEYS(ctx) == patterns.MONTH_KEYS(other)


def test_context_keys_in_one_call_are_each_rules_key():
    """`CONTEXT_KEYS` (every context rule's key in one call, as a range makes them) gives what
    each rule's own `key` gives, in the order of `CONTEXT_RULES`, over a spread of contexts."""
    import itertools

    from qimen_cli.qimen.patterns import CONTEXT_KEYS, CONTEXT_RULES
    from qimen_cli.qimen.series import RuleContext

    ctx = RuleContext()
    for day, hour, month, term, yuan in itertools.product(range(0, 60, 7), range(0, 60, 11), range(0, 60, 13),
                                                          range(24), ("上", "中", "下")):
        ctx.day, ctx.hour, ctx.month, ctx.ju_term, ctx.yuan = day, hour, month, term, yuan
        assert CONTEXT_KEYS(ctx) == tuple(key(ctx) for _i, _part, key, _compute in CONTEXT_RULES)
