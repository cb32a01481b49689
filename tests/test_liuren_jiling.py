"""集靈經 (004 line 179), 天罡加天門/地戶/酉 (004 line 63), the text's worked lessons that come out
otherwise (004 lines 143, 171) and --fan-yin najia, each checked against an enumeration of the
lessons it applies to, built from the text's own line (parsed here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import invoke
from qimen_cli.calendar.branchplate import chong, earth_under, shift
from qimen_cli.calendar.ganzhi import BRANCHES, STEMS, cycle_index
from qimen_cli.gucu.tiangang import gate
from qimen_cli.liuren import jiling as jl
from qimen_cli.liuren.daynight import by_hours
from qimen_cli.liuren.plate import JI_GONG, PO, XING, ZI_XING
from qimen_cli.liuren.report import cast
from qimen_cli.liuren.transmissions import (
    FACING_TRIGRAM,
    STEM_CHONG_NAJIA,
    TRIGRAM_OF_STEM,
    transmit,
)
from qimen_cli.liuren.worked import EXAMPLES

B = BRANCHES.index
SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "004_64097a01f3826baf.txt"

#: 004 line 179 (集靈經), verbatim.
JILING_TEXT = ("《集（一作利）靈經》曰：用式之時，朝向南，暮向北，避歲月二建。說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，"
               "庚申日巳時，壬癸日晡時（已上不可占也）。一云：正月、五月、九月卯，二月、六月、十月子，三月、七月、十一月酉，"
               "四月、八月、十二月丑。已上以天罡加之，增減式法。")
#: 004 line 63 (天罡加地戶/天門/酉), verbatim.
GATE_TEXT = "凡在所用，以天罡加地戶，可以入山林，設伏兵。以天罡加天門，可以攻敵。以天罡加酉，隨便伏匿，可以探敵事，他人不覺知。"
#: The usual names of the 時 the text uses (standard, not from the text).
TIME_NAMES = {"日入": "酉", "夜半": "子", "平旦": "寅", "晡": "申"}
#: The reading of "庚申日" (docs/decisions.md): 庚辛日.
EMENDED = {"庚申": "庚辛"}
MONTHS = "正二三四五六七八九十"


def month_number(name: str) -> int:
    return {"十一": 11, "十二": 12}.get(name) or MONTHS.index(name) + 1


@pytest.mark.skipif(not SEED.exists(), reason="seeds absent")
def test_the_quoted_lines_are_the_seed_files():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    assert lines[178].startswith(JILING_TEXT)
    assert GATE_TEXT in lines[62]


def forbidden_from_text() -> dict[int, int]:
    """Day stem → the 不可占 hour, parsed from "說曰：…（已上不可占也）"."""
    said = JILING_TEXT.split("說曰：")[1].split("（已上不可占也）")[0]
    out = {}
    for stems, time in re.findall(r"(..)日(.+?)時", said):
        stems = EMENDED.get(stems, stems)
        for stem in stems:
            out[STEMS.index(stem)] = B(TIME_NAMES.get(time, time))
    return out


def test_forbidden_hours_as_the_text_lists_them():
    table = forbidden_from_text()
    assert sorted(table) == list(range(10))
    assert tuple(table[s] for s in range(10)) == jl.FORBIDDEN_HOUR


def test_forbidden_on_every_day_and_hour():
    """Over the 60 days × 12 hours (any 月將): 不可占 exactly on the day stem's hour — 60 lessons."""
    table = forbidden_from_text()
    hits = 0
    for day in range(60):
        for hour in range(12):
            lesson = cast(day, hour, (hour + 3) % 12)
            assert lesson.jiling.forbidden == (table[day % 10] == hour)
            assert lesson.jiling.forbidden_hour == BRANCHES[table[day % 10]]
            hits += lesson.jiling.forbidden
    assert hits == 60


def months_from_text() -> dict[int, int]:
    """Month → the branch 天罡 is put on, parsed from "一云：…。已上以天罡加之"."""
    said = JILING_TEXT.split("一云：")[1].split("。已上")[0]
    out = {}
    for group in said.split("，"):
        *months, branch = re.findall(r"(十一|十二|[正二三四五六七八九十])月|(.)$", group)
        for name, _ in months:
            out[month_number(name)] = B(branch[1])
    return out


def test_tian_gang_month_scheme_as_the_text_lists_it():
    table = months_from_text()
    assert sorted(table) == list(range(1, 13))
    assert [jl.tian_gang_month(m) for m in range(1, 13)] == [table[m] for m in range(1, 13)]


@pytest.mark.parametrize("month", range(1, 13))
def test_tian_gang_on_month_over_every_plate(month):
    """Of the 144 (月將, hour) plates of a month, 天罡加之 holds on the 12 with heaven's 辰 on the month's branch."""
    table = months_from_text()
    hits = 0
    for yj in range(12):
        for hour in range(12):
            lesson = cast(0, hour, yj, month_jian=(month + 1) % 12)
            on = earth_under(shift(yj, hour), B("辰"))
            assert lesson.jiling.tian_gang_on_month == (on == table[month])
            assert lesson.jiling.tian_gang_month == BRANCHES[table[month]]
            hits += lesson.jiling.tian_gang_on_month
    assert hits == 12


def test_without_a_month_the_scheme_is_not_evaluated():
    j = cast(0, 2, 11).jiling
    assert (j.month, j.tian_gang_month, j.tian_gang_on_month, j.year_jian, j.month_jian, j.faces_jian) == (
        None, None, None, None, None, None)


def test_facing_as_the_text_says():
    face = dict(re.findall(r"([朝暮])向(.)", JILING_TEXT.split("說曰")[0]))
    assert face == {"朝": "南", "暮": "北"}
    for hour in range(12):
        j = cast(0, hour, 0).jiling
        day = by_hours(hour).is_day
        assert (j.face, j.face_by) == ((face["朝"], "晝") if day else (face["暮"], "夜"))


def test_faces_jian_over_every_year_and_month_jian():
    """避歲月二建: 向建 exactly when the branch faced (午 by day, 子 by night) is one of the two 建."""
    for faced in (B("午"), B("子")):
        for y in range(12):
            for m in range(12):
                assert jl.faces_jian(faced, y, m) == (faced in (y, m))
        assert jl.faces_jian(faced, None, None) is None
        assert jl.faces_jian(faced, faced, None) is True
        assert jl.faces_jian(faced, None, (faced + 1) % 12) is None
    # through the lesson: 午時 is day (face 午), 子時 night (face 子)
    assert cast(0, B("午"), 0, year_jian=B("午"), month_jian=B("寅")).jiling.faces_jian is True
    assert cast(0, B("子"), 0, year_jian=B("午"), month_jian=B("寅")).jiling.faces_jian is False


def gates_from_text() -> dict[str, str]:
    """Gate → reading, parsed from "以天罡加X，reading。"."""
    return {g: r for g, r in re.findall(r"以天罡加(地戶|天門|酉)，(.+?)。", GATE_TEXT)}


def test_tian_gang_gates_over_every_plate():
    """天門 = 亥, 地戶 = 巳 (the 六壬 usage, docs/decisions.md), 酉 the text's own: each holds on the 12
    of 144 (月將, hour) plates that put heaven's 辰 there, with the text's reading."""
    readings = gates_from_text()
    places = {"天門": B("亥"), "地戶": B("巳"), "酉": B("酉")}
    count = dict.fromkeys(places, 0)
    for yj in range(12):
        for hour in range(12):
            on = earth_under(shift(yj, hour), B("辰"))
            g = cast(0, hour, yj).tian_gang
            assert g.on == BRANCHES[on]
            want = next((name for name, p in places.items() if p == on), None)
            assert g.gate == want
            assert g.reading == (readings[want] if want else "")
            if want:
                count[want] += 1
    assert count == {"天門": 12, "地戶": 12, "酉": 12}
    assert gate(B("亥")).source.startswith("天門 亥, 地戶 巳")


# --- the text's worked lessons that come out otherwise ------------------------------------


def flagged(fan_yin: str) -> set[tuple[int, int, int]]:
    """(day, hour, 月將) of every lesson that carries text_differs, over all 60 × 12 × 12."""
    out = set()
    for day in range(60):
        for hour in range(12):
            for yj in range(12):
                if cast(day, hour, yj, fan_yin=fan_yin).text_differs is not None:
                    out.add((day, hour, yj))
    return out


def test_flagged_lessons_by_default():
    """四月戊辰日丑時 (申將, 004:143) and every 反吟 plate of 甲子 and 乙丑 (004:171), nothing else."""
    fan = {(d, h, (h + 6) % 12) for d in (cycle_index("甲子"), cycle_index("乙丑")) for h in range(12)}
    assert flagged("chong") == {(cycle_index("戊辰"), B("丑"), B("申"))} | fan


def test_flagged_lessons_under_najia():
    """--fan-yin najia reproduces the 反吟 examples: only 四月戊辰日丑時 is left."""
    assert flagged("najia") == {(cycle_index("戊辰"), B("丑"), B("申"))}


def test_the_flag_carries_the_text_answer():
    wuchen = cast(cycle_index("戊辰"), B("丑"), B("申")).text_differs
    assert (wuchen.first, wuchen.first_branch, wuchen.transmissions, wuchen.line) == ("勝光", "午", None, 143)
    assert "四月戊辰日丑時勝光" in wuchen.quote
    jiazi = cast(cycle_index("甲子"), B("卯"), B("酉")).text_differs
    assert (jiazi.first, jiazi.transmissions, jiazi.line) == ("天罡", ("辰", "戌", "未"), 171)
    yichou = cast(cycle_index("乙丑"), B("子"), B("午")).text_differs
    assert (yichou.first, yichou.transmissions, yichou.line) == ("登明", ("亥", "巳", "申"), 171)


@pytest.mark.skipif(not SEED.exists(), reason="seeds absent")
def test_the_examples_quote_their_lines():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for ex in EXAMPLES:
        assert ex.quote in lines[ex.line - 1]


def test_decisions_named_are_headings():
    headings = {line[4:].strip() for line in (Path(__file__).resolve().parents[1] / "docs" / "decisions.md")
                .read_text(encoding="utf-8").splitlines() if line.startswith("### ")}
    assert {ex.decision for ex in EXAMPLES} <= headings


# --- 反吟 by the 納甲 trigrams -----------------------------------------------------------


def test_najia_chong_table_from_the_trigrams():
    """Each stem 沖 the first stem 納 by the trigram facing its own (乾納甲壬, 坤納乙癸)."""
    first_stem = {}
    for stem, trigram in enumerate(TRIGRAM_OF_STEM):
        first_stem.setdefault(trigram, stem)
    assert tuple(first_stem[FACING_TRIGRAM[TRIGRAM_OF_STEM[s]]] for s in range(10)) == STEM_CHONG_NAJIA
    # the text's two: 甲沖辛, and 乙沖丙 (the emended 丑沖丙)
    assert STEMS[STEM_CHONG_NAJIA[0]] == "辛" and STEMS[STEM_CHONG_NAJIA[1]] == "丙"


def test_najia_changes_only_fan_yin_plates():
    for day in range(60):
        for s in range(12):
            a, b = transmit(day, s, "chong")[1], transmit(day, s, "najia")[1]
            if s != 6:
                assert a == b
            else:
                partner = STEM_CHONG_NAJIA[day % 10]
                first = chong(JI_GONG[partner])           # the god over the partner's 寄宮 on a 反吟 plate
                second = chong(first)
                third = PO[second] if second in ZI_XING else XING[second]
                assert b.branches == (first, second, third) and b.rule == "反吟"


# --- the command line -------------------------------------------------------------------


def lesson_json(*args: str) -> dict:
    result = invoke("liuren", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_cli_flags_the_text_lesson_and_najia_clears_it():
    got = lesson_json("--day", "甲子", "--hour", "卯", "--yuejiang", "酉")
    assert got["text_differs"]["first"] == "天罡" and got["transmissions"] == ["申", "寅", "巳"]
    got = lesson_json("--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--fan-yin", "najia")
    assert got["text_differs"] is None and got["transmissions"] == ["辰", "戌", "未"]
    assert "乙沖丙" in got["detail"]
    assert got["input"]["fan_yin"] == "najia"
    got = lesson_json("--day", "戊辰", "--hour", "丑", "--month", "四月")
    assert got["text_differs"]["first"] == "勝光" and got["jiling"]["month"] == 4 and got["jiling"]["month_jian"] == "巳"


def test_cli_with_a_date_the_same_lesson_is_flagged():
    """2027-06-18 01:30 +08:00 is 戊辰日丑時 with 月將 申 (after 小滿): the text's 四月戊辰日丑時 plate."""
    got = lesson_json("--at", "2027-06-18T01:30", "--tz", "+08:00")
    assert (got["day"], got["hour"], got["yue_jiang"]) == ("戊辰", "丑", "申")
    assert got["text_differs"]["line"] == 143 and got["text_differs"]["first"] == "勝光"
    assert got["jiling"]["year_jian"] == "未" and got["jiling"]["month_jian"] == "午" and got["jiling"]["month"] == 5
    # the same day and hour with another 月將 is another plate: not flagged
    assert lesson_json("--at", "2027-06-18T01:30", "--tz", "+08:00", "--yuejiang", "未")["text_differs"] is None


@pytest.mark.parametrize("lang,words", [("zh", ("原書所推", "集靈經", "天罡加")), ("ko", ("원서의 추산", "집령경", "천강가")),
                                        ("en", ("the text works it out as", "Ji Ling Jing", "天罡 on"))])
def test_view_rows(lang, words):
    result = invoke("liuren", "--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--lang", lang,
                    env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert all(w in result.output for w in words)
    assert "171" in result.output


def test_bad_fan_yin_is_refused():
    result = invoke("liuren", "--day", "甲子", "--hour", "卯", "--yuejiang", "酉", "--fan-yin", "x")
    assert result.exit_code == 2 and "--fan-yin" in result.output and "Traceback" not in result.output


# --- find agrees with liuren --json on every 時辰 ---------------------------------------------

SPAN = ("--from", "2024-05-25T01:00", "--to", "2024-06-24T23:00", "--tz", "+08:00")
#: name → what it reads off one line of `liuren --json`
CONDITIONS = {
    "不可占": lambda d: d["jiling"]["forbidden"],
    "向建": lambda d: d["jiling"]["faces_jian"] is True,
    "天罡加之": lambda d: d["jiling"]["tian_gang_on_month"] is True,
    "天罡加天門": lambda d: d["tian_gang"]["gate"] == "天門",
    "天罡加地戶": lambda d: d["tian_gang"]["gate"] == "地戶",
    "天罡加酉": lambda d: d["tian_gang"]["gate"] == "酉",
}


@pytest.mark.parametrize("name", sorted(CONDITIONS))
def test_find_agrees_with_liuren_json_on_every_shichen(name):
    """A month of 時辰 (夏至 inside): the 時辰 find matches are those whose liuren JSON says so."""
    result = invoke("liuren", *SPAN, "--every", "2h", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    want = [r["input"]["local"] for r in rows if CONDITIONS[name](r)]
    result = invoke("find", *SPAN, "--where", f"liuren:{name}", "--json")
    assert result.exit_code == 0, result.output
    got = [sc["start"] for line in result.output.splitlines() for sc in json.loads(line)["shichen"]]
    assert want and [w[:16] for w in want] == [g[:16] for g in got]


def test_find_takes_fan_yin_as_liuren_does():
    """find --fan-yin najia reads the lessons as liuren --fan-yin najia: the 反吟 時辰 whose 初 is 辰."""
    span = ("--from", "2024-03-01T01:00", "--to", "2024-03-31T23:00", "--tz", "+08:00")
    result = invoke("liuren", *span, "--every", "2h", "--fan-yin", "najia", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    want = [r["input"]["local"][:16] for r in rows if r["rule"] == "反吟" and r["transmissions"][0] == "辰"]
    result = invoke("find", *span, "--where", "liuren:反吟", "--where", "liuren:transmissions.0=辰", "--fan-yin", "najia",
                    "--json")
    assert result.exit_code == 0, result.output
    got = [sc["start"][:16] for line in result.output.splitlines() for sc in json.loads(line)["shichen"]]
    assert want and got == want
    # under the default reading no 反吟 甲日 lesson starts from 辰
    result = invoke("find", *span, "--where", "liuren:反吟", "--where", "liuren:transmissions.0=辰", "--where",
                    "pillars:pillars.day=甲子", "--count")
    assert result.output.strip() == "0"
