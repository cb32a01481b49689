"""The lunar date belongs to the same civil day as the 干支 day (calendar/resolve.py).

004 counts the month and day of the day it names by 干支: "一說雲，天門日亦謂之往亡，不可出軍：
正月初七日…" (004, quoted in gucu/days.py).  2024-02-15 20:00 in New York is the 干支 day
己酉, lunar 正月初六 — not 初七, the date of the same instant at +08:00.
"""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import invoke
from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.ganzhi import day_index
from qimen_cli.calendar.resolve import resolve_moment

UTC = dt.timezone.utc


def test_new_york_evening_is_chuliu_not_chuqi():
    r = invoke("gucu", "--no-chart", "--at", "2024-02-15T20:00", "--tz", "America/New_York", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["pillars"]["day"] == "己酉"
    assert d["lunar"] == {"month": 1, "day": 6, "leap": False}
    assert d["chu_jun"]["wang_wang"] is False
    assert (d["attack"]["from"], d["attack"]["to"]) == ("兌", "震")


def test_seoul_after_midnight_with_the_default_lunar_zone():
    """00:30 in Seoul is 23:30 at +08:00 the day before: the lunar day is still that of the Seoul date."""
    early = resolve_moment("2024-02-10T00:30", "Asia/Seoul", lunar_zone="+08:00", day_change=0)
    noon = resolve_moment("2024-02-10T12:00", "Asia/Seoul", lunar_zone="+08:00", day_change=0)
    assert early.lunar == noon.lunar
    assert (early.lunar.month, early.lunar.day) == (1, 1)    # 2024-02-10 is 正月初一


INSTANTS = st.integers(min_value=int(dt.datetime(1901, 1, 1, tzinfo=UTC).timestamp()),
                       max_value=int(dt.datetime(2099, 1, 1, tzinfo=UTC).timestamp()))
ZONES = st.sampled_from(["America/New_York", "Asia/Seoul", "Asia/Shanghai", "+14:00", "-11:00", "Europe/London"])
LUNAR_ZONES = st.sampled_from(["+08:00", "+09:00", "-05:00"])


@settings(max_examples=200, deadline=None)
@given(INSTANTS, ZONES, LUNAR_ZONES, st.sampled_from([23, 0]))
def test_lunar_day_and_ganzhi_day_come_from_one_civil_date(ts, tz, lunar_zone, day_change):
    m = resolve_moment(dt.datetime.fromtimestamp(ts, UTC), tz, lunar_zone=lunar_zone, day_change=day_change)
    civil = m.hour_date if day_change == 23 else m.local.date()
    assert day_index(civil) == m.pillars.day
    assert m.lunar == get_context().lunar_calendar(m.ts, lunar_zone).date(civil)
    # the same civil date at noon gives the same lunar date
    noon = resolve_moment(dt.datetime(civil.year, civil.month, civil.day, 12), tz, lunar_zone=lunar_zone)
    assert (noon.lunar, noon.pillars.day) == (m.lunar, m.pillars.day)
