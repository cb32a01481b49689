"""The sexagenary cycle, 旬/空亡, 五虎遁 and 五鼠遁."""

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar import ganzhi as gz


@pytest.mark.parametrize(
    "date, name",
    [
        # Founding of the People's Republic, 1949-10-01, was a 甲子 day (widely cited almanac fact).
        ("1949-10-01", "甲子"),
        # READING-qimen.md §1 anchors.
        ("2000-01-01", "戊午"),
        ("2000-01-07", "甲子"),
        # Chinese New Year 2024 (正月初一, 2024-02-10) was 甲辰年 甲辰日 in every almanac.
        ("2024-02-10", "甲辰"),
    ],
)
def test_day_anchors(date, name):
    assert gz.ganzhi(gz.day_index(dt.date.fromisoformat(date))) == name


@given(st.dates(min_value=dt.date(1600, 1, 1), max_value=dt.date(2600, 1, 1)))
def test_days_advance_one_step(date):
    assert gz.day_index(date + dt.timedelta(days=1)) == (gz.day_index(date) + 1) % 60


def test_cycle_and_stem_branch():
    assert len(set(gz.CYCLE)) == 60
    for i, name in enumerate(gz.CYCLE):
        assert gz.cycle_index(name) == i
        assert gz.from_stem_branch(i % 10, i % 12) == i
    with pytest.raises(ValueError):
        gz.cycle_index("甲丑")


@pytest.mark.parametrize(
    "head, void",
    [("甲子", "戌亥"), ("甲戌", "申酉"), ("甲申", "午未"), ("甲午", "辰巳"), ("甲辰", "寅卯"), ("甲寅", "子丑")],
)
def test_kong_wang(head, void):
    """The 旬's 空亡 = what 004's 旬孤虛 puts at the back: 用旬孤虛：甲子背戌亥 … 甲寅背子丑 (004_64097a01f3826baf.txt)."""
    i = gz.cycle_index(head)
    for j in range(i, i + 10):
        assert "".join(gz.BRANCHES[b] for b in gz.kong_wang(j)) == void
        assert gz.ganzhi(gz.xun_shou(j)) == head


def test_xun_yi():
    assert [gz.xun_yi(i) for i in range(0, 60, 10)] == list("戊己庚辛壬癸")


@pytest.mark.parametrize(
    # 五虎遁: 甲己之年丙作首，乙庚之歲戊為頭，丙辛必定尋庚起，丁壬壬位順行流，更有戊癸何方覓，甲寅之上好追求。
    "year_stem, first", [("甲", "丙"), ("己", "丙"), ("乙", "戊"), ("庚", "戊"), ("丙", "庚"), ("辛", "庚"), ("丁", "壬"), ("壬", "壬"), ("戊", "甲"), ("癸", "甲")],
)
def test_wu_hu_dun(year_stem, first):
    assert gz.STEMS[gz.wu_hu_dun(gz.STEMS.index(year_stem), 2)] == first


@pytest.mark.parametrize(
    # 五鼠遁: 甲己還加甲，乙庚丙作初，丙辛從戊起，丁壬庚子居，戊癸何方發，壬子是真途。
    "day_stem, first", [("甲", "甲"), ("己", "甲"), ("乙", "丙"), ("庚", "丙"), ("丙", "戊"), ("辛", "戊"), ("丁", "庚"), ("壬", "庚"), ("戊", "壬"), ("癸", "壬")],
)
def test_wu_shu_dun(day_stem, first):
    assert gz.STEMS[gz.wu_shu_dun(gz.STEMS.index(day_stem), 0)] == first


def test_hour_branch():
    assert [gz.BRANCHES[gz.hour_branch(h)] for h in (23, 0, 1, 2, 11, 12, 13, 22)] == list("子子丑丑午午未亥")

