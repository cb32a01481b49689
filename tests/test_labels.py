"""The views' labels in the word store: a view's own word only where it differs, every namespace read by a view."""

import re
from pathlib import Path

from qimen_cli.render.labels import clock_name, label, labeller
from qimen_cli.words import LANGS, column

SRC = Path(__file__).resolve().parents[1] / "src" / "qimen_cli"
#: The store's namespaces that are not a view's labels (qimen_cli/words/__init__.py): the names'
#: readings (render/glossary.py) and the --explain templates (render/explain.py).
NOT_LABELS = {"reading", "meaning", "holds", "step", "clause", "fixed"}


def row(key: str) -> tuple:
    """The words of `key` in every language."""
    return tuple(column(code).get(key) for code in LANGS)


def test_a_view_words_a_key_its_own_way_only_where_it_differs_from_the_plain_word():
    keys = column("zh")
    copies = [key for key in keys if ":" in key and key.split(":", 1)[1] in keys and row(key.split(":", 1)[1]) == row(key)]
    assert copies == []


def test_every_namespace_is_one_a_view_reads():
    read = set()
    for path in SRC.rglob("*.py"):
        read |= set(re.findall(r'labeller\("([^"]+)"\)', path.read_text(encoding="utf-8")))
    namespaces = {key.split(":", 1)[0] for key in column("zh") if ":" in key} - NOT_LABELS
    assert namespaces == read


def test_lookup_order_view_word_then_plain_word_then_the_key():
    cast = labeller("cast")
    assert cast("pillars", "en") == "Pillars" and label("pillars", "en") == "pillars"
    assert cast("year", "ko") == "년"
    assert cast("no such key", "en") == label("no such key") == "no such key"
    assert label("title") == "title"  # every view words its title its own way
    assert clock_name("mean solar", "zh") == "平太陽時" and clock_name("mean solar", "en") == "mean solar"
