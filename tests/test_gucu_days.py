"""出軍日 checks against 虎鈐經 (004_64097a01f3826baf.txt)."""

import re

import pytest

from qimen_cli.calendar.ganzhi import CYCLE, cycle_index
from qimen_cli.gucu.days import JIU_CHOU_REMARK, chu_jun, is_jun_ji, is_liu_qiong, is_tian_yi_jue_qi, is_wang_wang, ji_ri

#: 004: 又曰：十二月中各有出軍吉凶日 … 已上用皆吉。 (as written)
JIRI_TEXT = ("正月戊辰、丙子、庚午、辛卯、戊子、壬辰、丙辰、丙申，二月丁卯、辛卯，此是九丑日，它月皆不犯。"
             "三月甲子、乙丑、戊辰、己巳、丙辰、庚申，四月丁卯、己卯、辛卯、癸卯（一作丑），五月丙申、戊戌、庚戌、"
             "庚申、壬戌，六月辛未、己未、癸未、庚寅、丙申、辛卯、壬寅、庚申，七月乙丑、乙酉、己酉、丁巳、癸丑，"
             "八月庚午、癸酉、壬午、丙午、戊午，九月癸酉、乙酉、丙申、丁酉、壬寅、己酉、甲寅，十月己酉、甲寅，已上用皆吉。")
#: 004: 一說雲，天門日亦謂之往亡 …
WANGWANG_TEXT = ("正月初七日，二月十四日，三月二十一日，四月八日，五月十六日，六月二十四日，七月九日，八月十八日，"
                 "九月二十七日，十月十四日，十一月二十一日，十二月三十日")
MONTHS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")
NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def _num(text):
    text = text.removeprefix("初")
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (NUM[tens] if tens else 1) * 10 + (NUM[ones] if ones else 0)
    return NUM[text]


def _month_lists():
    out = {}
    for m, body in re.findall(r"(正|十一|十二|十|二|三|四|五|六|七|八|九)月((?:[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]、?(?:（一作丑）)?)+)", JIRI_TEXT):
        out[MONTHS.index(m) + 1] = tuple(re.findall(r"[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]", body))
    return out


def test_ji_ri_lists_as_written():
    """004: "正月戊辰、丙子 … 十月己酉、甲寅，已上用皆吉。" — 十一月、十二月 have no list."""
    lists = _month_lists()
    assert sorted(lists) == list(range(1, 11))
    for m in range(1, 11):
        assert ji_ri(m)[: len(lists[m])] == lists[m]
    assert ji_ri(11) == () and ji_ri(12) == ()


def test_ji_ri_variant_gui_chou():
    """004: "四月丁卯、己卯、辛卯、癸卯（一作丑）" — 癸丑 accepted as a variant."""
    assert "癸卯" in ji_ri(4) and "癸丑" in ji_ri(4)
    assert chu_jun(4, 3, cycle_index("癸丑")).in_ji_ri is True


def test_every_listed_day_is_found_and_others_not():
    for m in range(1, 13):
        listed = set(ji_ri(m))
        for i, name in enumerate(CYCLE):
            r = chu_jun(m, 1, i)
            assert r.in_ji_ri == ((name in listed) if listed else None)


def test_jiu_chou_remark_kept_on_first_two_months():
    """004: "二月丁卯、辛卯，此是九丑日，它月皆不犯。" — kept visible, days still counted as listed (已上用皆吉)."""
    for m in (1, 2):
        r = chu_jun(m, 1, cycle_index(ji_ri(m)[0]))
        assert r.remark == JIU_CHOU_REMARK and r.in_ji_ri is True
    assert chu_jun(3, 1, 0).remark is None


def test_wang_wang_twelve_months():
    """004: "正月初七日，二月十四日 … 十二月三十日" """
    rows = re.findall(r"(正|十一|十二|十|二|三|四|五|六|七|八|九)月(初?[一二三四五六七八九十]+)日", WANGWANG_TEXT)
    assert len(rows) == 12
    for month, (name, day) in enumerate(rows, start=1):
        assert MONTHS[month - 1] == name
        d = _num(day)
        for dd in range(1, 31):
            assert is_wang_wang(month, dd) == (dd == d)
        assert "往亡" in chu_jun(month, d, 0).avoid


def test_liu_qiong():
    """004: "六窮日不可出軍：初九、十九、二十八。" """
    assert [d for d in range(1, 31) if is_liu_qiong(d)] == [9, 19, 28]


def test_jun_ji():
    """004: "每到十日、二十、三十日，並軍忌，不可用之。" """
    assert [d for d in range(1, 31) if is_jun_ji(d)] == [10, 20, 30]
    assert chu_jun(5, 20, 0).avoid == ("軍忌",)


def test_tian_yi_jue_qi_reconstruction():
    """004: "天乙絕氣日 … 正月、六月、二月、七月、三月、八月，以次周十二月" — read 正月六日, 二月七日 …"""
    assert [(m, d) for m in range(1, 13) for d in range(1, 31) if is_tian_yi_jue_qi(m, d)] == \
        [(m, m + 5) for m in range(1, 13)]
    r = chu_jun(1, 6, 0)
    assert r.tian_yi_jue_qi and "reconstruction" in r.tian_yi_note
    assert "天乙絕氣" not in r.avoid


def test_avoid_combines_rules():
    r = chu_jun(3, 21, 0)       # 往亡 三月二十一日
    assert r.avoid == ("往亡",)
    r = chu_jun(1, 28, 0)       # 六窮
    assert r.avoid == ("六窮",)
    r = chu_jun(12, 30, 0)      # 往亡 and 軍忌
    assert r.avoid == ("往亡", "軍忌")
    assert chu_jun(1, 31, 0).avoid == ()
    with pytest.raises(ValueError):
        chu_jun(13, 1, 0)
