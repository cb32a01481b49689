"""The one registry of rules (`arts/rules.py`) and `find`'s named conditions built from it: each
quote is the text's own words on the line it names (skipped without the seeds), each verdict the
text's, every named condition of `find` a record of the registry, and no other."""

from __future__ import annotations

import re

import pytest

from qimen_cli.arts.rules import art_rules, rule_arts

ARTS = rule_arts()
from qimen_cli.find.arts import arts
from test_quotes import SEEDS

RECORDS = [r for art in ARTS for r in art_rules(art)]


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not here")
@pytest.mark.parametrize("rule", [r for r in RECORDS if r.line is not None], ids=lambda r: f"{r.art}:{r.name}")
def test_each_quote_is_on_its_line(rule):
    lines = (SEEDS / rule.source).read_text(encoding="utf-8").splitlines()
    assert rule.quote and _norm(rule.quote) in _norm(lines[rule.line - 1])


#: The rules the texts do not state (standard names and rules): no source, line or quote.
STANDARD = {("liuren", "別責"), ("liuren", "有別責"), ("liuren", "元首"), ("liuren", "重審")}


def test_only_the_standard_rules_have_no_text():
    assert {(r.art, r.name) for r in RECORDS if r.line is None} == STANDARD
    assert all(r.source == "" and r.quote == "" for r in RECORDS if r.line is None)


#: The verdict words each record's quote must carry (吉 and 宜 are read off the text's own words):
#: 004 line 47 "凡戰背虎尾，向黃幡，吉", line 11/7 "不可出軍", 000 line 63 "合時宜戰，格時宜守", 004 line
#: 179 "避歲月二建" (忌), line 63 "以天罡加天門，可以攻敵" (宜).
VERDICT_WORDS = {"凶": ("不可", "忌"), "忌": ("忌", "勿可犯", "不可犯", "避"), "吉": ("吉", "百惡不能害", "凶惡不能侵"),
                 "宜": ("背", "向", "擊", "宜", "須", "可以")}


@pytest.mark.parametrize("rule", [r for r in RECORDS if r.verdict], ids=lambda r: f"{r.art}:{r.name}")
def test_each_verdict_is_worded_in_its_quote(rule):
    """A 吉/凶/宜/忌 is the text's: its quote says it (凶: 不可出軍; 忌: 勿可犯; 吉; 宜: 背 向 擊 …)."""
    assert any(w in rule.quote for w in VERDICT_WORDS[rule.verdict]), rule.quote


def test_some_verdicts_as_the_text_says():
    by = {(r.art, r.name): r.verdict for r in RECORDS}
    # 004 line 35: 背天目，向地耳; line 43: 勿可犯地兵; line 47: 背虎尾，向黃幡，吉; line 11: 往亡 不可出軍
    assert (by["gucu", "天目"], by["gucu", "地兵"], by["gucu", "黃幡"], by["gucu", "往亡"]) == ("宜", "忌", "吉", "凶")
    # 000 line 63: 合時宜戰，格時宜守; line 43: 乘其方去，百惡不能害
    assert (by["twelve-gods", "合"], by["twelve-gods", "格"], by["twelve-gods", "天三門"]) == ("宜", "宜", "吉")


def test_every_named_condition_is_a_registry_record():
    from qimen_cli.qimen.patterns import RULE_OF

    for art, spec in arts().items():
        if art == "cast":
            for name, named in spec.named.items():
                r = RULE_OF[name]
                assert (named.verdict, named.source, named.line, named.quote) == (
                    r.verdicts[name], r.source, r.line, r.quote)
            continue
        records = {r.name: r for r in art_rules(art)}
        assert list(spec.named) == list(records)
        for name, named in spec.named.items():
            r = records[name]
            assert (named.verdict, named.source, named.line, named.quote, named.kind, named.domain) == (
                r.verdict, r.source, r.line, r.quote, r.kind, r.domain)
            assert named.rule()["checks"] == r.summary


def test_patterns_lists_every_art_grouped():
    from qimen_cli.arts.rules import rule_records

    records = rule_records()
    arts_in_order = list(dict.fromkeys(rec["art"] for rec in records))
    assert arts_in_order == list(ARTS) == ["cast", "twelve-gods", "noble", "gucu", "liuren"]
    assert [rec["name"] for rec in rule_records("gucu")] == [r.name for r in art_rules("gucu")]
    for name in ("天目", "地耳", "地兵", "雷公", "虎尾", "黃幡", "遊門", "軍忌", "天乙絕氣", "六窮", "往亡", "時孤", "日孤", "旬孤",
                 "背建", "向破"):
        assert name in {rec["name"] for rec in rule_records("gucu")}
    for name in ("天三門", "地四戶", "天馬", "地私門", "亭亭", "白奸", "合", "格"):
        assert name in {rec["name"] for rec in rule_records("twelve-gods")}
