"""孤虛 and 背建向破 against 虎鈐經 (004_64097a01f3826baf.txt)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import BRANCHES, cycle_index
from qimen_cli.gucu.guxu import bei_jian_xiang_po, choose_by_size, gu_xu_set, po_of, ri_gu_xu, shi_gu_xu, xun_gu_xu

B = BRANCHES.index

#: 004: 用日孤虛 … (the whole table as written)
RI_TEXT = ("子日亥孤巳虛，丑日子孤午虛，寅日丑孤未虛，卯日寅孤申虛，辰日卯孤酉虛，巳日辰孤戌虛，午日巳孤亥虛，"
           "未日午孤子虛，申日未孤丑虛，酉日申孤寅虛，戌日酉孤卯虛，亥日戌孤辰虛")

#: 004: 用旬孤虛 …
XUN_TEXT = "甲子背戌亥擊辰巳，甲戌背申酉擊寅卯，甲申背午未擊子丑，甲午背辰巳擊戌亥，甲辰背寅卯擊申酉，甲寅背子丑擊午未"


def test_ri_gu_xu_all_twelve_rows():
    """004: "子日亥孤巳虛 … 亥日戌孤辰虛" — every row."""
    rows = re.findall(r"(.)日(.)孤(.)虛", RI_TEXT)
    assert len(rows) == 12
    for day, gu, xu in rows:
        assert ri_gu_xu(B(day)) == (B(gu), B(xu))


def test_shi_gu_xu_same_directions_by_hour():
    """004: "用時孤虛：以時為主，方位並同。" """
    for day, gu, xu in re.findall(r"(.)日(.)孤(.)虛", RI_TEXT):
        assert shi_gu_xu(B(day)) == (B(gu), B(xu))


def test_xun_gu_xu_all_six_rows():
    """004: "甲子背戌亥擊辰巳 … 甲寅背子丑擊午未。背者為孤，擊者為虛也。" """
    rows = re.findall(r"(甲.)背(..)擊(..)", XUN_TEXT)
    assert len(rows) == 6
    for head, bei, ji in rows:
        for i in range(10):  # every day of the 旬
            gu, xu = xun_gu_xu(cycle_index(head) + i)
            assert gu == (B(bei[0]), B(bei[1]))
            assert xu == (B(ji[0]), B(ji[1]))


def test_bei_jian_xiang_po_example():
    """004: "若復逼迫，不得用孤虛之位，背建向破。假令卯為建，則酉為破是也。" """
    assert po_of(B("卯")) == B("酉")
    r = bei_jian_xiang_po(B("卯"))
    assert (r.jian, r.po) == ("卯", "酉")


@given(st.integers(0, 11))
def test_po_is_opposite(b):
    assert (po_of(b) - b) % 12 == 6 and po_of(po_of(b)) == b


def test_size_chooses_hour_or_day():
    """004: "一人已上用時孤虛，萬人已上用日（一作月）孤虛。" """
    assert choose_by_size(1) == "hour"
    assert choose_by_size(9999) == "hour"
    assert choose_by_size(10000) == "day"
    assert choose_by_size(250000) == "day"
    with pytest.raises(ValueError):
        choose_by_size(0)


def test_gu_xu_set_assembles_the_three():
    s = gu_xu_set(cycle_index("丙寅"), B("午"), size=20000)
    assert (s.day.gu, s.day.xu) == ("丑", "未")      # 寅日丑孤未虛
    assert (s.hour.gu, s.hour.xu) == ("巳", "亥")    # 午 → 巳孤亥虛
    assert s.xun.gu == ("戌", "亥") and s.xun.xu == ("辰", "巳")  # 甲子旬
    assert s.chosen == "day" and s.size == 20000
    assert gu_xu_set(0, 0).chosen is None
