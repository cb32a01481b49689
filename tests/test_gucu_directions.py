"""天目/地耳, 地兵, 雷公, 虎尾/黃幡, 遊門, the day's attack and 五音 against 004_64097a01f3826baf.txt."""

import re

import pytest

from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.gucu.directions import (
    REASON_BEYOND,
    REASON_JUN_JI,
    REASON_NO_RULE,
    attack_of_day,
    di_bing,
    di_er,
    hu_wei_huang_fan,
    lei_gong,
    tian_mu,
    you_men,
)
from qimen_cli.gucu.wuyin import wu_yin

B = BRANCHES.index
XUNS = ("甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅")

#: 004: 黃帝曰：行兵要背天目，向地耳 …
TIANMU_TEXT = ("甲子旬天目在庚午，地耳在戊辰。甲戌旬天目在庚辰，地耳在戊寅。甲申旬天目在庚寅，地耳在戊子。"
               "甲午旬天目在庚子，地耳在戊戌。甲辰旬天目在庚戌，地耳在戊申。甲寅旬天目在庚申，地耳在戊午。")
#: 004: 太公曰：凡行兵向陣，勿可犯地兵 …
DIBING_TEXT = "甲子旬地兵在寅，甲戌旬地兵在子，甲申旬地兵在戌，甲午旬地兵在申，甲辰旬地兵在午，甲寅旬地兵在辰。"
#: 004: 攝殺六律曰：雷公 …
LEIGONG_TEXT = "甲子旬六庚在午，甲戌旬六庚在辰，甲申旬六庚在寅，甲午旬六庚在子，甲辰旬六庚在戌，甲寅旬六庚在申。"
#: 004: 凡戰背虎尾，向黃幡，吉 …
HUWEI_TEXT = "午戌歲黃幡在戌，虎尾在辰；子辰歲黃幡在辰，虎尾在戌；卯未歲黃幡在未，虎尾在丑；酉丑歲黃幡在丑，虎尾在未也。"
#: 004: 出兵攻敵，常須遊門 …
YOUMEN_TEXT = ("正月天門在申，百死在酉。二月天門在酉，百死在戌。三月天門在戌，百死在亥。四月天門在亥，百死在子。"
               "五月天門在子，百死在丑。六月天門在丑，百死在寅。七月天門在寅，百死在卯。八月天門在卯，百死在辰。"
               "九月天門在辰，百死在巳。十月天門在巳，百死在午。十一月天門在午，百死在未。十二月天門在未，百死在申。")
#: 004: 一日從艮擊坤 …
ATTACK_TEXT = "一日從艮擊坤，二日從震擊兌，三日從巽擊乾，四日從離擊坎，五日從坤擊艮，六日從兌擊震，七日從乾擊巽，八日從坎擊離。"
#: 004: 角德在巳 …
WUYIN_TEXT = ("角德在巳，陽子陰午，生氣卯，死酉，刑禍申。羽德在申，陽子陰午，生氣子，死午，刑禍丑。"
              "徵德在未，陽午陰子，生氣午，死子，刑禍未。商德在亥，陽子陰午，生氣酉，死卯，刑禍午。"
              "宮德在巳，陽子陰午，生氣子，死午，刑禍亥。")
MONTHS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def _every_day(head):
    return [cycle_index(head) + i for i in range(10)]


def test_tian_mu_di_er_all_xun():
    """004: "甲子旬天目在庚午，地耳在戊辰 … 甲寅旬天目在庚申，地耳在戊午。" """
    rows = re.findall(r"(甲.)旬天目在(..)，地耳在(..)", TIANMU_TEXT)
    assert len(rows) == 6
    for head, mu, er in rows:
        for d in _every_day(head):
            assert tian_mu(d) == B(mu[1]) and di_er(d) == B(er[1])


def test_di_bing_all_xun():
    """004: "甲子旬地兵在寅 … 甲寅旬地兵在辰。" (六丙)"""
    rows = re.findall(r"(甲.)旬地兵在(.)", DIBING_TEXT)
    assert len(rows) == 6
    for head, b in rows:
        for d in _every_day(head):
            assert di_bing(d) == B(b)


def test_lei_gong_all_xun():
    """004: "甲子旬六庚在午 … 甲寅旬六庚在申。" """
    rows = re.findall(r"(甲.)旬六庚在(.)", LEIGONG_TEXT)
    assert len(rows) == 6
    for head, b in rows:
        for d in _every_day(head):
            assert lei_gong(d) == B(b)


def test_hu_wei_huang_fan_listed_years():
    """004: "午戌歲黃幡在戌，虎尾在辰；子辰歲 … 酉丑歲黃幡在丑，虎尾在未也。" — the eight listed years."""
    rows = re.findall(r"(.)(.)歲黃幡在(.)，虎尾在(.)", HUWEI_TEXT)
    assert len(rows) == 4
    listed = set()
    for y1, y2, fan, wei in rows:
        for y in (y1, y2):
            r = hu_wei_huang_fan(B(y))
            assert (r.huang_fan, r.hu_wei, r.extrapolated) == (fan, wei, False)
            listed.add(y)
    assert len(listed) == 8


def test_hu_wei_huang_fan_unlisted_years_are_marked():
    """The text lists no 寅 申 巳 亥 year: the 三合 pattern is extrapolated and flagged."""
    expected = {"寅": ("戌", "辰"), "申": ("辰", "戌"), "亥": ("未", "丑"), "巳": ("丑", "未")}
    for y, (fan, wei) in expected.items():
        r = hu_wei_huang_fan(B(y))
        assert (r.huang_fan, r.hu_wei, r.extrapolated) == (fan, wei, True)


def test_you_men_all_months():
    """004: "正月天門在申，百死在酉 … 十二月天門在未，百死在申。" """
    rows = re.findall(r"(正|十一|十二|十|二|三|四|五|六|七|八|九)月天門在(.)，百死在(.)", YOUMEN_TEXT)
    assert [m for m, _, _ in rows] == list(MONTHS)
    for month, (_, men, si) in enumerate(rows, start=1):
        r = you_men(month)
        assert (r.tian_men, r.bai_si) == (men, si)
    with pytest.raises(ValueError):
        you_men(13)


def test_attack_first_eight_days_and_repeats():
    """004: "一日從艮擊坤 … 八日從坎擊離。一日、十一、二十一日同前例擊之" """
    rows = re.findall(r"(.)日從(.)擊(.)", ATTACK_TEXT)
    assert len(rows) == 8
    for day, (_, frm, to) in enumerate(rows, start=1):
        for d in (day, day + 10, day + 20):
            a = attack_of_day(d)
            assert (a.from_, a.to, a.reason) == (frm, to, None)


def test_attack_jun_ji_and_silent_days():
    """004: "每到十日、二十、三十日，並軍忌，不可用之。" — and no rule for 9, 19, 29."""
    for d in (10, 20, 30):
        a = attack_of_day(d)
        assert a.from_ is None and a.to is None and a.reason == REASON_JUN_JI
    for d in (9, 19, 29):
        a = attack_of_day(d)
        assert a.from_ is None and a.to is None and a.reason == REASON_NO_RULE
    assert attack_of_day(31).reason == REASON_BEYOND
    with pytest.raises(ValueError):
        attack_of_day(0)


def test_wu_yin_all_tones():
    """004: "角德在巳，陽子陰午，生氣卯，死酉，刑禍申 … 宮德在巳 … 刑禍亥。" """
    rows = re.findall(r"(.)德在(.)，陽(.)陰(.)，生氣(.)，死(.)，刑禍(.)", WUYIN_TEXT)
    assert len(rows) == 5
    for tone, de, yang, yin, sheng, si, xing in rows:
        r = wu_yin(tone)
        assert (r.de, r.yang, r.yin, r.sheng_qi, r.si_qi, r.xing_huo) == (de, yang, yin, sheng, si, xing)
    with pytest.raises(ValueError):
        wu_yin("甲")
