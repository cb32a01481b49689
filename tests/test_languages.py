"""Every view in every language: zh and ko carry no English word, en glosses every name.

A zh or ko view may carry Latin letters only where they are not English: ISO instants and
offsets, zone names (Asia/Shanghai, UTC), the seed files' names, option flags (--day-change),
the conditions the user typed and the query language `find --list` teaches (ART:PATH=VALUE and
the JSON keys it names).  Everything else in Latin letters is an English word left untranslated.
"""

import re

import pytest

from conftest import invoke

TZ = "Asia/Shanghai"
AT = ("--at", "2024-03-05T11:00", "--tz", TZ)
LEAP = ("--at", "2024-12-20T11:00", "--tz", TZ)
FIND = ("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", TZ)

#: name → the arguments of one view (the language is added)
VIEWS = {
    "cast": ("cast", *AT, "--explain"),
    "cast-leap": ("cast", *LEAP, "--method", "chaibu"),
    "cast-annotate": ("cast", *AT, "--annotate", "all"),
    "cast-range": ("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", "--tz", TZ),
    "noble": ("noble", *AT),
    "twelve-gods": ("twelve-gods", *AT),
    "gucu": ("gucu", *AT),
    "liuren": ("liuren", *AT),
    "liuren-day-night": ("liuren", *AT, "--noble-rule", "day-night-almanac"),
    "liuren-sun": ("liuren", *AT, "--noble-rule", "day-night", "--lat", "31.2", "--lon", "121.5"),
    "liuren-text-differs": ("liuren", "--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--half", "yang"),
    "liuren-fan-yin-najia": ("liuren", "--day", "乙丑", "--hour", "子", "--month", "6", "--half", "yin", "--fan-yin", "najia"),
    "chaibu": ("chaibu", *AT, "--explain"),
    "chaibu-leap": ("chaibu", *LEAP, "--explain"),
    "ledger": ("chaibu", "--year", "2024", "--tz", TZ),
    "pillars": ("pillars", *AT),
    "pillars-korea": ("pillars", *AT, "--lunar-zone", "korea"),
    "terms": ("terms", "--year", "2024", "--tz", TZ),
    "find": (*FIND, "--where", "cast:玉女守門", "--where", "twelve-gods:合", "--explain"),
    "find-places": (*FIND, "--where", "cast:palace(door=開門, heaven_stems in 三奇)"),
    "find-none": (*FIND, "--where", "cast:伏吟", "--where", "cast:天輔時"),
    "find-stats": (*FIND, "--where", "cast:伏吟", "--stats"),
    "find-list": ("find", "--list"),
    "patterns": ("patterns",),
}

#: Latin text that is not English: instants, zones, seed files, flags, `qimen …` commands.
NOT_WORDS = re.compile(
    r"\d{4}-\d\d-\d\dT[\d:.]+(?:[+-]\d\d:\d\d|Z)?"   # ISO instants
    r"|[A-Z][a-z]+/[A-Za-z_/]+|\bUTC\b|\bGMT\b"        # zone names
    r"|\d{3}_[0-9a-f]{16}\.txt"                        # seed files
    r"|--[a-z][a-z-]*"                                 # option flags
    r"|`qimen [^`]*`"                                  # commands quoted as commands
    r"|\b(?:cast|pillars|noble|twelve-gods|gucu|liuren|ART):[^\s,)（）；]*"  # conditions
)

#: The query language of `find --list`: its metavariables, keywords and the place keys.
QUERY_WORDS = {"ART", "PATH", "VALUE", "KEY", "WORD", "NAME", "V1", "V2", "in", "true", "false"}

#: A Latin word: two letters or more (a lone letter is a metavariable like A | B or N).
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_]*[A-Za-z0-9]")


def english_words(text: str) -> list[str]:
    """The Latin words of `text` that are English: not instants, zones, files, flags or conditions."""
    from qimen_cli.find.arts import place_keys, place_words

    allowed = QUERY_WORDS | {key for art in place_words() for key in place_keys(art)}
    return [w for w in LATIN.findall(NOT_WORDS.sub(" ", text)) if w not in allowed]


def view(name: str, lang: str, width: int = 400) -> str:
    """The view `name` in `lang`, `width` columns wide (no folding: test_fit checks that), without colour."""
    result = invoke(*VIEWS[name], "--lang", lang, env={"COLUMNS": str(width), "NO_COLOR": "1", "QIMEN_WORKERS": "1"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["zh", "ko"])
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_no_english_word_in_zh_or_ko(name, lang):
    found = english_words(view(name, lang))
    assert not found, f"{name} --lang {lang} has English words: {sorted(set(found))}"


def test_the_check_finds_english():
    assert english_words("no 時辰 meets 2024-03-01T00:00:00+08:00 (exclusive)") == ["no", "meets", "exclusive"]
    assert english_words("貴人  丑 / 未  (najia: 000 陽貴; 000_4b5dcee18d5e7425.txt)") == ["najia"]
    assert english_words("農曆 甲辰年 1月 25日 (china)") == ["china"]
    assert english_words("2024-03-01T00:00:00+08:00 … (Asia/Shanghai) cast:伏吟 --day-change 23") == []


#: The rules of gucu's tables, by the names its view prints.
GUCU_RULES = ("時孤虛", "日孤虛", "旬孤虛", "背建向破", "天目", "地耳", "虎尾", "黃幡", "地兵", "雷公", "遊門",
              "吉日", "往亡", "六窮", "軍忌", "天乙絕氣", "不可出軍")


def rule_names() -> set[str]:
    """Every rule and pattern name a view can print: the registry's patterns, each art's named
    conditions (`find --list`), gucu's rules."""
    from qimen_cli.find.arts import arts
    from qimen_cli.qimen.patterns import PATTERN_NAMES

    return set(PATTERN_NAMES) | {n for spec in arts().values() for n in spec.named} | set(GUCU_RULES)


def _without_longer(text: str, name: str, names) -> str:
    """`text` with the longer names that contain `name` blanked: 私門 inside 地私門 or 私門吉門, 吉日
    inside 出軍吉日, 向破 inside 背建向破 are not printed names of their own."""
    for longer in sorted((n for n in names if name in n and n != name), key=len, reverse=True):
        text = text.replace(longer, " ")
    return text


def test_every_rule_name_has_pinyin_and_english():
    from qimen_cli.render.glossary import meaning, reading

    assert [n for n in sorted(rule_names()) if not (reading(n, "en") and meaning(n, "en") and reading(n, "ko"))] == []


@pytest.mark.parametrize("name", sorted(set(VIEWS) - {"find-list"}))
def test_en_glosses_every_rule_name_it_prints(name):
    """A rule or pattern name of two characters or more printed in an en view is printed glossed
    there (pinyin and English) at least once; one-character names are too common to find."""
    from qimen_cli.render.glossary import gloss

    text = NOT_WORDS.sub(" ", view(name, "en", width=400))  # the conditions the user typed are not shown names
    names = rule_names()
    shown = {n for n in names if len(n) > 1 and n in _without_longer(text, n, names)}
    assert sorted(n for n in shown if NOT_WORDS.sub(" ", gloss(n, "en")) not in text) == []


def test_patterns_en_gives_verdicts_in_english():
    text = view("patterns", "en", width=400)
    assert "吉 good" in text and "凶 bad" in text and "吉凶 by the chart" in text


def test_find_list_en_glosses_each_named_condition():
    from qimen_cli.find.arts import arts
    from qimen_cli.render.glossary import gloss

    text = view("find-list", "en", width=400)
    missing = [f"{art}:{n}" for art, spec in arts().items() for n in spec.named
               if not re.search(rf"^  {re.escape(f'{art}:{n}')} +{re.escape(gloss(n, 'en'))}: ", text, re.M)]
    assert missing == []
