"""The word store (qimen_cli/words): every key in every language, one fallback rule, and a new
language as one column and one `Lang` entry — accepted by --lang and read by the views."""

from __future__ import annotations

import datetime as dt
from string import Formatter

import pytest

from qimen_cli import words
from qimen_cli.words import FALLBACK, LANGS, Lang, Reading, column

#: The store's namespaces of the names' readings and of a text's English (says:, en only): zh has none
#: (it reads the characters).
READINGS = ("reading:", "meaning:", "holds:", "says:")
#: Fields a language's template may leave out: the plural s of en's count, the decision en names.
OPTIONAL_FIELDS = {"find:count": {"s"}, "liuren:text_decision": {"decision"}}


def fields(template: str) -> set[str]:
    """The values a template reads (a field's name before any index or attribute)."""
    return {f.split(".")[0].split("[")[0] for _t, f, _s, _c in Formatter().parse(template) if f is not None}


def test_every_language_has_every_key():
    """zh, ko and en each word every label and template; ko and en read every name (en also gives
    its meaning); zh reads none: a language without a reading prints the name bare, as zh does."""
    zh = set(column("zh"))
    assert not {k for k in zh if k.startswith(READINGS)}
    for code in ("ko", "en"):
        own = set(column(code))
        assert zh - own == set(), code
        assert {k for k in own - zh if not k.startswith(READINGS)} == set(), code
    names = {k.removeprefix("reading:") for k in column("en") if k.startswith("reading:")}
    assert names and names == {k.removeprefix("reading:") for k in column("ko") if k.startswith("reading:")}
    assert names == {k.removeprefix("meaning:") for k in column("en") if k.startswith("meaning:")}
    assert not {k for k in column("ko") if k.startswith(("meaning:", "says:"))}
    assert all(isinstance(w, str) for code in LANGS for w in column(code).values())


def test_the_languages_of_a_key_fill_the_same_fields():
    """A template reads the same values in every language (a mistyped field in one would be an
    error only when that view is drawn), but for the fields some languages leave out."""
    for key in column(FALLBACK):
        used = {code: fields(column(code)[key]) for code in LANGS}
        every = set.intersection(*used.values())
        for code, found in used.items():
            assert found - every <= OPTIONAL_FIELDS.get(key, set()), (key, code, found - every)


def test_the_fallback_rule(monkeypatch):
    """A word the language lacks is its zh word (the view's own key first in either: the language's
    plain word before zh's word for the view); a key zh lacks is None; a name without a reading
    in the language is bare."""
    from qimen_cli.render.glossary import gloss, named, reading
    from qimen_cli.render.labels import label, labeller

    toy = Lang("xx", "Toy", "x-toy", Reading("{name}<{reading}>", "{name}<{reading}>"), True,
               {"pillars": "PILLARS", "reading:天心": "tx"})
    monkeypatch.setitem(LANGS, "xx", toy)
    monkeypatch.setattr(words, "_COLUMNS", {})
    assert words.word("pillars", "xx") == "PILLARS" and words.word("year", "xx") == "年"
    assert words.word("no such key", "xx") is None and label("no such key", "xx") == "no such key"
    assert labeller("cast")("pillars", "xx") == "PILLARS"                 # its own plain word before zh's cast:pillars
    assert labeller("cast")("title", "xx") == labeller("cast")("title", "zh") == "時家奇門"
    assert gloss("天心", "xx") == named("天心", "xx") == "天心<tx>" and reading("天心", "xx") == "tx"
    assert gloss("天蓬", "xx") == "天蓬" and reading("天蓬", "xx") == ""   # no reading: bare, as zh
    assert words.word("reading:天蓬", "ko") == "천봉" and words.word("reading:天蓬", "zh") is None


def test_a_name_is_read_as_its_language_reads_names():
    from qimen_cli.render.glossary import gloss, meaning, named, reading

    assert [gloss("天心", c) for c in ("zh", "ko", "en")] == ["天心", "天心 천심", '天心 Tianxin "Heart"']
    assert [named("天心", c) for c in ("zh", "ko", "en")] == ["天心", "天心 천심", "天心 Tianxin"]
    assert reading("天心", "zh") == "" and meaning("天心", "en") == "Heart" and meaning("天心", "ko") == ""
    # 有X from X's: the prefix's reading and meaning are the store's holds:…
    assert gloss("有賊剋", "en") == '有賊剋 You zeike "Rebellion and restraint holds"'
    assert gloss("有賊剋", "ko") == "有賊剋 유적극" and gloss("有賊剋", "zh") == "有賊剋"
    assert gloss("有無此名", "en") == "有無此名"


def test_the_lang_entries():
    assert list(LANGS) == ["zh", "ko", "en"] and FALLBACK == "zh"
    assert {code: lang.html for code, lang in LANGS.items()} == {"zh": "zh-Hant", "ko": "ko", "en": "en"}
    assert all(lang.code == code and lang.name for code, lang in LANGS.items())
    assert [code for code, lang in LANGS.items() if lang.reading is None] == ["zh"]
    assert [code for code, lang in LANGS.items() if not lang.reads_characters] == ["en"]


def test_lang_is_an_option_of_options_py():
    from qimen_cli.errors import BadInput
    from qimen_cli.options import LANG, read

    assert LANG.kind.choices == tuple(LANGS) and LANG.default == "zh"
    assert read(LANG, None) == "zh" and read(LANG, "ko") == "ko"
    with pytest.raises(BadInput, match=r"Invalid value for '--lang': 'fr' is not one of 'zh', 'ko', 'en'\."):
        read(LANG, "fr")


def test_the_api_reads_lang_as_the_command_line():
    import qimen_cli
    from qimen_cli.errors import BadInput

    result = qimen_cli.pillars(at="2024-03-05T11:00", tz="Asia/Shanghai")
    assert '<html' not in result.to_html("ko") and "사주" in result.to_html("ko")
    with pytest.raises(BadInput, match="'--lang': 'fr' is not one of"):
        result.to_html("fr")


#: A toy language: one Lang entry and its column, added before the command line is read.
TOY = """
from qimen_cli import words
words.LANGS["xx"] = words.Lang("xx", "Toy", "x-toy", words.Reading("{name}<{reading}>", "{name}<{reading}>"), True,
                               {"cast:title": "TOY CHART", "pillars": "PILLARS", "reading:天心": "tx"})
from qimen_cli.cli.main import console
console()
"""


def test_a_new_language_is_one_column_and_one_lang_entry(run_process, tmp_path):
    """The toy language is offered by --lang (and its page's lang by --html), and cast's view reads
    its words and its reading of a name; every other word is zh's."""
    cast = ("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--layout", "fei")
    helped = run_process("cast", "--help", code=TOY)
    assert helped.returncode == 0 and "--lang [zh|ko|en|xx]" in helped.stdout
    toy = run_process(*cast, "--lang", "xx", "--explain", "--html", str(tmp_path / "toy.html"), code=TOY)
    assert toy.returncode == 0, toy.stderr
    zh = run_process(*cast, "--explain")
    assert "TOY CHART" in toy.stdout and "PILLARS" in toy.stdout and "時家奇門" not in toy.stdout
    assert "天心<tx>" in toy.stdout and "天心<" not in zh.stdout                 # its reading of a name
    assert "天上節氣" in toy.stdout and "直符" in toy.stdout                      # the rest in zh
    assert '<html lang="x-toy">' in (tmp_path / "toy.html").read_text(encoding="utf-8")
    assert run_process(*cast, "--lang", "xx").returncode == 2                 # not without its entry


def test_the_ledger_notes_in_en_are_the_engines():
    """chaibu's ledger words its notes from the rows in every language; in en the engine's note
    (`BlockRow.note`, the JSON's) word for word, over four centuries of blocks."""
    from qimen_cli.calendar.context import get_context
    from qimen_cli.qimen.ju import zhirun_sequence
    from qimen_cli.qimen.ledger import ledger
    from qimen_cli.render.chaibu import note_text

    zone = dt.timezone(dt.timedelta(hours=8))
    seq = zhirun_sequence(get_context().full_table(), zone)
    rows = ledger(get_context().full_table(), zone, seq.first_date, seq.last_date, spans=False).blocks
    noted = [(prev, row) for prev, row in zip(rows, rows[1:], strict=False) if row.note is not None]
    assert {row.status for _p, row in noted} == {"閏", "超神"}
    assert [note_text(row, prev, "en") for prev, row in noted] == [row.note for _p, row in noted]
    assert all("repeated" not in note_text(row, prev, "zh") for prev, row in noted)


def test_the_tian_yi_note_in_en_is_the_engines():
    from qimen_cli.gucu.days import TIAN_YI_NOTE

    assert column("en")["fixed:tian_yi"] == TIAN_YI_NOTE
    assert TIAN_YI_NOTE not in (column("zh")["fixed:tian_yi"], column("ko")["fixed:tian_yi"])
