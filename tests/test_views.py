"""The rich views as a reader sees them: legend and marks, nothing cropped, range tables, words per language."""

import unicodedata

import pytest

from conftest import invoke

AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")
VIEWS = ("cast", "noble", "twelve-gods", "gucu", "liuren", "chaibu", "pillars")


def run(*args, width=80, env=None, input=None):
    return invoke(*args, env={"COLUMNS": str(width), "NO_COLOR": "1", **(env or {})}, input=input)


def cols(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def test_cast_grid_marks_and_legend_without_colour():
    r = run("cast", *AT)
    assert r.exit_code == 0, r.output
    out = r.output
    # 直符 and 直使 both in 坎1 (空亡 子丑 → 1 and 8), 驛馬 申 → 坤2
    assert "坎1 〔空〕〔符〕〔使〕" in out and "艮8 〔空〕" in out and "坤2 〔馬〕" in out
    assert "開門 吉" in out and "驚門 凶" in out and "天心 吉" in out and "天蓬 凶" in out
    assert "乙〔奇〕" in out
    assert "圖例" in out and "〔使〕直使" in out


def test_cast_readings_per_language():
    en = run("cast", *AT, "--lang", "en", width=120).output
    assert "天心 Tianxin" in en and 'Kaimen "Open door"' in en and "Qimu" in en and "Legend" in en
    ko = run("cast", *AT, "--lang", "ko", width=120).output
    assert "天心 천심" in ko and "開門 개문" in ko and "기응" in ko and "고법전반" in ko


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_explain_steps_are_worded_in_the_language(lang):
    out = run("cast", *AT, "--explain", "--lang", lang, width=120).output
    for english in ("term in the sky", "hides under", "steps 4 from", "the ring turns", "round the ring"):
        assert english not in out


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("view", VIEWS)
def test_nothing_is_cropped(view, width):
    """Every line fits, every box is closed, and no cell is cut with "…" (any "…" is the text's own)."""
    extra = ("--explain",) if view in ("cast", "chaibu") else ()
    narrow = run(view, *AT, *extra, width=width)
    wide = run(view, *AT, *extra, width=400)
    assert narrow.exit_code == 0, narrow.output
    for line in narrow.output.splitlines():
        assert cols(line) <= width, line
        s = line.strip()
        if s and s[0] in "│┌├└┃┏┡┗╭╰":
            assert s[-1] in "│┐┤┘┃┓┩┛╮╯", line
    assert narrow.output.count("…") == wide.output.count("…")


def test_terms_keep_the_local_time_at_60_columns():
    out = run("terms", "--year", "2024", "--tz", "Asia/Shanghai", width=60).output
    assert "…" not in out and "04:49:2" in out


def test_chaibu_boundaries_in_time_order():
    r = run("chaibu", *AT, width=200)
    lines = r.output.split("界線", 1)[1].splitlines()
    stamps = [l.split("│")[2].strip() for l in lines if l.startswith("│") and l.split("│")[2].strip()[:2] == "20"]
    assert len(stamps) > 4 and stamps == sorted(stamps)


def test_gucu_ring_becomes_a_list_when_too_narrow():
    out = run("gucu", *AT, width=50).output
    assert " 辰  旬虛 地耳 黃幡" in out
    assert all(cols(line) <= 50 for line in out.splitlines())


def test_range_without_json_is_a_table():
    r = run("pillars", "--from", "2024-03-05T09:00", "--to", "2024-03-05T13:00", "--tz", "Asia/Shanghai")
    assert r.exit_code == 0, r.output
    assert "2024-03-05 09:00" in r.output and "甲辰 丁卯 戊辰 己未" in r.output and "共 3 時刻" in r.output
    assert not r.output.lstrip().startswith("{")
    c = run("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T13:00", "--tz", "Asia/Shanghai", width=120)
    assert "陽遁1局 上元" in c.output and "天心1" in c.output and "開門1" in c.output and "奇墓−" in c.output


def test_range_table_bad_instant():
    stdin = "2024-03-05T11:00\nbad\n2024-03-05T13:00\n"
    r = run("pillars", "--at", "-", "--tz", "+08:00", input=stdin, width=100)
    assert r.exit_code == 2 and "qimen: error:" in r.output and "bad" in r.output
    assert "戊午" in r.output and "己未" not in r.output
    r = run("pillars", "--at", "-", "--tz", "+08:00", "--keep-going", input=stdin, width=100)
    assert r.exit_code == 2 and "戊午" in r.output and "己未" in r.output


def test_pillars_en_has_no_run_together_words():
    out = run("pillars", *AT, "--lang", "en").output
    assert "daydecade" not in out and "hourdecade" not in out


HELP_COMMANDS = ("cast", "chaibu", "gucu", "liuren", "noble", "pillars", "terms", "twelve-gods")


@pytest.mark.parametrize("command", HELP_COMMANDS)
def test_help_shows_examples_unwrapped(command):
    out = run(command, "--help", width=60).output
    examples = out.split("Examples:", 1)[1].strip().splitlines()
    assert 1 <= len(examples) <= 3
    assert all(line.strip().startswith(("qimen ", "echo ")) for line in examples)


def test_completion_of_zones_and_patterns():
    from qimen_cli.cli.complete import complete_pattern, complete_zone

    assert "Asia/Seoul" in complete_zone(None, None, "asia/se")
    assert complete_pattern(None, None, "玉女") == ["玉女守門"]
    from qimen_cli.arts import art
    from qimen_cli.cli.arts import art_command

    where = next(p for p in art_command(art("cast")).params if p.name == "where")
    assert [c.value for c in where.shell_complete(None, "玉女")] == ["玉女守門"]


def test_every_method_comparison_is_worded_in_zh_and_ko():
    """chaibu's verdict (why 置閏 and 拆補 agree or differ) is worded in zh and ko for every kind of
    reason the engine gives: 超神, 接氣, 閏, the same 局 by other terms, the term in force."""
    import datetime as dt
    import re

    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.qimen.compare import compare
    from qimen_cli.render.explain import word_note

    latin = re.compile(r"[A-Za-z]{3,}")
    kinds = set()
    start = dt.datetime(1933, 1, 1, tzinfo=dt.timezone(dt.timedelta(hours=8)))
    for i in range(0, 2 * 365 * 4, 3):
        reason = compare(resolve_moment(start + dt.timedelta(hours=6 * i), "+08:00")).reason
        kinds.add(reason.key)
        for lang in ("zh", "ko"):
            worded = word_note(reason, lang)
            assert not latin.search(worded), (lang, reason, worded)
    assert {"differ_chao_shen", "differ_jie_qi", "differ_leap", "agree"} <= kinds
