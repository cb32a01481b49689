"""Month bases: lunar months as they are; solar months from the 節."""

import datetime as dt

import pytest

from qimen_cli.calendar.terms import term_index
from qimen_cli.gucu.months import jie_month, jie_month_day, lunar_month_day


def test_jie_months():
    """立春 opens 正月, 驚蟄 二月 … 小寒 十二月 (the 月建 寅 … 丑)."""
    names = ["立春", "驚蟄", "清明", "立夏", "芒種", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒"]
    assert [jie_month(term_index(n)) for n in names] == list(range(1, 13))
    with pytest.raises(ValueError):
        jie_month(term_index("雨水"))


def test_jie_days_counted_from_the_jie_day():
    """The 節 day is day 1, so 往亡 正月初七日 is 立春's day + 6."""
    lichun = dt.date(2024, 2, 4)
    md = jie_month_day(term_index("立春"), lichun, dt.date(2024, 2, 10))
    assert (md.basis, md.month, md.day, md.leap) == ("jie", 1, 7, False)
    assert jie_month_day(term_index("立春"), lichun, lichun).day == 1
    with pytest.raises(ValueError):
        jie_month_day(term_index("立春"), lichun, dt.date(2024, 2, 3))


def test_lunar():
    md = lunar_month_day(4, 8, True)
    assert (md.basis, md.month, md.day, md.leap) == ("lunar", 4, 8, True)
    with pytest.raises(ValueError):
        lunar_month_day(13, 1, False)
