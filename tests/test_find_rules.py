"""The rules behind `find`'s named conditions: the registry's for cast, `RULE_TEXTS` for the other
arts — each quote is the text's own words on the line it names (skipped without the seeds)."""

from __future__ import annotations

import re

import pytest

from qimen_cli.find.arts import RULE_TEXTS, arts
from test_quotes import SEEDS


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not here")
@pytest.mark.parametrize("key", sorted(RULE_TEXTS), ids=lambda k: f"{k[0]}:{k[1]}")
def test_each_quote_is_on_its_line(key):
    _verdict, source, line, quote = RULE_TEXTS[key]
    lines = (SEEDS / source).read_text(encoding="utf-8").splitlines()
    assert _norm(quote) in _norm(lines[line - 1])


#: The named conditions whose rule the texts do not state (standard names and rules).
STANDARD = {("liuren", "別責"), ("liuren", "有別責"), ("liuren", "元首"), ("liuren", "重審")}


def test_every_named_condition_has_its_rule():
    from qimen_cli.qimen.patterns import RULE_OF

    for art, spec in arts().items():
        for name, named in spec.named.items():
            rule = named.rule()
            assert rule["name"] == name and rule["checks"]
            if art == "cast":
                r = RULE_OF[name]
                assert (rule["verdict"], rule["source"], rule["line"], rule["quote"]) == (
                    r.verdicts[name], r.source, r.line, r.quote)
            elif rule["line"] is None:  # a standard rule the texts do not state
                assert (art, name) in STANDARD and rule["source"] == "" and rule["quote"] == ""
            else:
                assert rule["source"].endswith(".txt") and rule["quote"]


def test_rule_texts_name_real_conditions():
    names = {(art, n) for art, spec in arts().items() for n in spec.named}
    rows = {("twelve-gods", "建除")} | {("liuren", k[1]) for k in RULE_TEXTS if k[0] == "liuren"}
    assert set(RULE_TEXTS) <= names | rows
