"""The assembled `gucu` report for resolved Moments (shipped term and new-moon tables, no skyfield)."""

import datetime as dt

import pytest

from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.gucu.report import gucu_report, month_day_of, pillar_date


def moment(at, tz="Asia/Shanghai", **kw):
    return resolve_moment(at, tz, lunar_zone="+08:00", **kw)


def test_spring_festival_2024_noon():
    """2024-02-10 12:00 +08:00: 甲辰日 庚午時, 正月初一, 大寒's 月將 子."""
    m = moment("2024-02-10T12:00")
    r = gucu_report(m, size=20000, tone="角", born=(5, 5))
    assert (r.day, r.hour, r.xun) == ("甲辰", "庚午", "甲辰")
    assert (r.month_basis, r.month_day.month, r.month_day.day) == ("lunar", 1, 1)
    assert (r.lunar.month, r.lunar.day, r.lunar.leap) == (1, 1, False)
    assert (r.gu_xu.day.gu, r.gu_xu.day.xu, r.gu_xu.chosen) == ("卯", "酉", "day")   # 辰日卯孤酉虛
    assert (r.gu_xu.hour.gu, r.gu_xu.hour.xu) == ("巳", "亥")                          # 午時
    assert r.gu_xu.xun.gu == ("寅", "卯")                                               # 甲辰背寅卯
    assert (r.bei_jian_xiang_po.jian, r.bei_jian_xiang_po.po) == ("寅", "申")
    assert (r.tian_mu, r.di_er, r.di_bing, r.lei_gong) == ("戌", "申", "午", "戌")      # 甲辰旬
    assert (r.huang_fan, r.hu_wei, r.hu_wei_extrapolated) == ("辰", "戌", False)       # 辰歲
    assert (r.you_men.tian_men, r.you_men.bai_si) == ("申", "酉")                      # 正月
    assert (r.attack.from_, r.attack.to) == ("艮", "坤")                               # 一日
    assert (r.tian_gang.yue_jiang, r.tian_gang.branch, r.tian_gang.group) == ("子", "戌", "季")
    assert r.wu_yin.de == "巳"
    assert (r.mansion.name, r.mansion.yao) == ("氐", "土星")
    assert (r.san_jiu.ming_xiu, r.san_jiu.label) == ("胃", "成")
    assert (r.yun_chou.tian_men, r.yun_chou.di_hu) == ("庚", "丁")
    assert (r.bi_wu.wu, r.an_ying.da_jiang) == ("申", "辰")
    assert r.chu_jun.remark == "此是九丑日，它月皆不犯"
    assert r.chu_jun_route is None


def test_wang_wang_lunar_and_jie():
    """往亡 正月初七日: the lunar 7th (2024-02-16) by default; the 7th day of the 立春 month under --month-basis jie."""
    assert "往亡" in gucu_report(moment("2024-02-16T10:00")).chu_jun.avoid
    r = gucu_report(moment("2024-02-10T10:00"), month_basis="jie")   # 立春 2024-02-04 is day 1
    assert (r.month_basis, r.month_day.month, r.month_day.day) == ("jie", 1, 7)
    assert "往亡" in r.chu_jun.avoid
    assert r.lunar.day == 1  # the lunar date is still reported


def test_jie_day_counts_in_the_chart_clock():
    m = moment("2024-02-04T23:30", day_change=23)     # 立春 2024-02-04 16:27 +08:00
    md = month_day_of(m, "jie")
    assert (md.month, md.day) == (1, 1)
    m = moment("2024-02-04T10:00")                     # before 立春: still 小寒's month
    md = month_day_of(m, "jie")
    assert md.month == 12 and md.day == 30      # 小寒 2024-01-06 is day 1


def test_pillar_date_after_zi_chu():
    """With the day changing at 23:00 the 23:30 hour is the next day's: its mansion too."""
    m = moment("2024-02-09T23:30", day_change=23)
    assert pillar_date(m) == dt.date(2024, 2, 10)
    assert gucu_report(m).mansion.name == "氐"
    m = moment("2024-02-09T23:30", day_change=0)
    assert pillar_date(m) == dt.date(2024, 2, 9)
    assert gucu_report(m).mansion.name == "亢"


def test_route_from_an_earth_plate():
    plate = {1: ["戊"], 2: ["己", "壬"], 3: ["庚"], 4: ["辛"], 5: ["壬"], 6: ["癸"], 7: ["丁"], 8: ["丙"], 9: ["乙"]}
    r = gucu_report(moment("2024-02-10T12:00"), earth_plate=(plate, "戊"))
    assert r.chu_jun_route.ji.direction == "正南"


def test_no_lunar_date():
    m = resolve_moment("2024-02-10T12:00", "Asia/Shanghai")
    with pytest.raises(ValueError):
        gucu_report(m)
    assert gucu_report(m, month_basis="jie").lunar is None
    with pytest.raises(ValueError):
        gucu_report(m, month_basis="solar")
