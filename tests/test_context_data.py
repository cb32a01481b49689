"""The shipped context rules' results (qimen/data/context.gz) and the rules themselves."""

from __future__ import annotations

import gzip
import importlib.util
import pathlib

import pytest

from qimen_cli.qimen import contextdata, platedata
from qimen_cli.qimen.patterns import CONTEXT_RULES, REGISTRY, context_compute
from qimen_cli.qimen.plates import LAYOUTS
from qimen_cli.render.cast_json import group_text

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("build_context", ROOT / "scripts" / "build_context.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_table_is_what_the_rules_give_now():
    # The records, not their gzip wrapping (gzip's bytes differ between zlib versions).
    shipped = gzip.decompress(pathlib.Path(contextdata.DATA_PATH).read_bytes())
    assert shipped == gzip.decompress(_script().build()), "stale context table: run python scripts/build_context.py"


def test_every_entry_is_the_rules_result():
    """Each listed rule, on each plate fact, at each key: the JSON text and the names and
    verdicts of the patterns the rule computes."""
    table = contextdata.read_table()
    assert table is not None
    listed = 0
    for n, (i, _part, _key, _compute) in enumerate(CONTEXT_RULES):
        inputs = REGISTRY[i].inputs
        for part, p in table._parts[n].items():
            for key in contextdata.key_values(inputs):
                found = context_compute(i, part, contextdata.context_for(inputs, key))
                _number, text, shown = table.result(n, p, key)
                assert text == group_text(found).encode(), (REGISTRY[i].names, part, key)
                assert shown == tuple((x.name, x.verdict) for x in found), (REGISTRY[i].names, part, key)
                listed += 1
    assert listed > 100_000


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_plate_fact_of_a_listed_rule_is_listed(layout):
    """The plate facts of every shipped plate are in the table, for each rule it lists."""
    table = contextdata.read_table()
    records = platedata.load(layout)
    listed = [n for n in range(len(CONTEXT_RULES)) if table._parts[n]]
    assert len(listed) == len(CONTEXT_RULES) - 1  # all but 氣應 (contextdata.MOST_RESULTS)
    for key in records.keys():
        parts = records.get(key)[3]
        for n in listed:
            assert table.part_index(n, parts[n]) is not None, (key, n)


def test_a_context_a_key_reads_is_the_key():
    """`context_for` makes a context whose key (the rule's own `key`) is the one asked for."""
    for i, _part, key_of, _compute in CONTEXT_RULES:
        inputs = REGISTRY[i].inputs
        for key in contextdata.key_values(inputs):
            assert key_of(contextdata.context_for(inputs, key)) == key


def test_a_damaged_or_stale_table_is_not_read(tmp_path):
    good = pathlib.Path(contextdata.DATA_PATH).read_bytes()
    damaged = tmp_path / "damaged.gz"
    damaged.write_bytes(good[:-40])
    assert contextdata.read_table(damaged) is None
    stale = tmp_path / "stale.gz"
    data = gzip.decompress(good).replace(b'"registry":[', b'"registry":[["x"],', 1)
    stale.write_bytes(gzip.compress(data))
    assert contextdata.read_table(stale) is None
