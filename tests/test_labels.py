"""The one labels table: a view's own word only where it differs, every namespace read by a view."""

import re
from pathlib import Path

from qimen_cli.render.labels import LABELS, clock_name, label, labeller

SRC = Path(__file__).resolve().parents[1] / "src" / "qimen_cli"


def test_a_view_words_a_key_its_own_way_only_where_it_differs_from_the_plain_word():
    copies = [key for key, row in LABELS.items() if ":" in key and LABELS.get(key.split(":", 1)[1]) == row]
    assert copies == []


def test_every_row_has_zh_ko_and_en():
    assert all(isinstance(row, tuple) and len(row) == 3 for row in LABELS.values())


def test_every_namespace_is_one_a_view_reads():
    read = set()
    for path in SRC.rglob("*.py"):
        read |= set(re.findall(r'labeller\("([^"]+)"\)', path.read_text(encoding="utf-8")))
    namespaces = {key.split(":", 1)[0] for key in LABELS if ":" in key}
    assert namespaces == read


def test_lookup_order_view_word_then_plain_word_then_the_key():
    cast = labeller("cast")
    assert cast("pillars", "en") == "Pillars" and label("pillars", "en") == "pillars"
    assert cast("year", "ko") == "년"
    assert cast("no such key", "en") == label("no such key") == "no such key"
    assert label("title") == "title"  # every view words its title its own way
    assert clock_name("mean solar", "zh") == "平太陽時" and clock_name("mean solar", "en") == "mean solar"
