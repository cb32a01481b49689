"""korean-lunar-calendar, an independent calendar: `--lunar-zone korea` (calendar/lunar.py KOREA)
against the Korean standard lunar tables (issue 29 item 6).

Reference: the korean-lunar-calendar package (KASI's tables, 1000–2050; a test extra).
Compared: the lunar month, day and leap flag of every civil date 1901–2050 under `korea`: no
difference.  Not compared: the package's 干支 and its dates before 1901 (our tables start in
1800, and the 1800s are compared with the Chinese programs: tests/test_independent_sxtwl.py).
The one known difference is of a convention, not of the tables: the tables reckon at UTC+8
through 1911 and UTC+9 from 1912, so a fixed +09:00 misses eight months of 1903–1911
(`test_fixed_plus_nine_misses_months_before_1912` lists them).
"""

from __future__ import annotations

import datetime as dt

import korean_lunar_calendar as kl
import pytest

from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.lunar import CHINA, KOREA, parse_lunar_zone
from qimen_cli.errors import BadInput


def _reference(first: dt.date, last: dt.date) -> dict[dt.date, tuple[int, int, bool]]:
    """The package's lunar date of every day first … last, from the solar date of each month's 初一.

    (One `setLunarDate` per month instead of one `setSolarDate` per day: the same tables, 20×
    faster; `test_reference_agrees_with_the_package_day_by_day` checks the two agree.)
    """
    ref = kl.KoreanLunarCalendar()
    starts = []
    for year in range(first.year - 1, last.year + 1):
        for month in range(1, 13):
            for leap in (False, True):
                if ref.setLunarDate(year, month, 1, leap):
                    starts.append((dt.date(ref.solarYear, ref.solarMonth, ref.solarDay), month, leap))
    starts.sort()
    out = {}
    for (d0, month, leap), nxt in zip(starts, starts[1:] + [(last + dt.timedelta(days=1), 0, False)], strict=False):
        for n in range((nxt[0] - d0).days):
            day = d0 + dt.timedelta(days=n)
            if first <= day <= last:
                out[day] = (month, n + 1, leap)
    return out


def _mismatches(zone: str, first: dt.date, last: dt.date) -> dict[int, int]:
    cal = get_context().lunar_calendar(0.0, zone)
    reference = _reference(first, last)
    assert len(reference) == (last - first).days + 1
    bad: dict[int, int] = {}
    for day, expected in reference.items():
        ours = cal.date(day)
        if (ours.month, ours.day, ours.leap) != expected:
            bad[day.year] = bad.get(day.year, 0) + 1
    return bad


def test_reference_agrees_with_the_package_day_by_day():
    reference = _reference(dt.date(1901, 1, 1), dt.date(2050, 12, 31))
    ref = kl.KoreanLunarCalendar()
    for day in list(reference)[::17]:
        ref.setSolarDate(day.year, day.month, day.day)
        assert reference[day] == (ref.lunarMonth, ref.lunarDay, bool(ref.isIntercalation)), day


@pytest.mark.slow
def test_korea_matches_the_korean_tables_every_day_1901_2050():
    assert _mismatches("korea", dt.date(1901, 1, 1), dt.date(2050, 12, 31)) == {}


def test_fixed_plus_nine_misses_months_before_1912():
    bad = _mismatches("+09:00", dt.date(1901, 1, 1), dt.date(1913, 12, 31))
    assert set(bad) == {1903, 1904, 1905, 1907, 1908, 1909, 1911, 1912}
    assert sum(bad.values()) == 8 * 30     # eight months start a day apart


@pytest.mark.parametrize("text, name", [
    ("china", "china"), ("CHINA", "china"), ("korea", "korea"), (None, "china"),
    ("+09:00", "+09:00"), ("+0900", "+09:00"), ("-05:30", "-05:30"),
    # the offsets --tz takes (calendar.clock.parse_offset), named ±HH:MM with the sign as given
    ("+09", "+09:00"), ("UTC+09:00", "+09:00"), ("GMT-0330", "-03:30"), ("-00:00", "-00:00"),
])
def test_parse_lunar_zone(text, name):
    assert parse_lunar_zone(text).name == name


@pytest.mark.parametrize("text", ["mars", "+9", "+25:00", "09:00", "", "UTC+8"])
def test_parse_lunar_zone_rejects(text):
    with pytest.raises(BadInput, match="lunar reckoning"):
        parse_lunar_zone(text)


def test_china_is_utc8_and_korea_switches_in_1912():
    assert CHINA.offsets == ((float("-inf"), 8 * 3600),)
    switch = KOREA.offsets[1][0]
    assert dt.datetime.fromtimestamp(switch, dt.timezone(dt.timedelta(hours=9))) == dt.datetime(
        1912, 1, 1, tzinfo=dt.timezone(dt.timedelta(hours=9)))


def test_cli_korea_1905():
    """1905-05-04 is 四月初一 in the Korean tables: the new moon falls at 23:xx that day at UTC+8, but at
    00:xx on 05-05 at UTC+9, which would leave 05-04 as 三月三十."""
    import json

    from conftest import invoke

    def lunar(zone):
        r = invoke("pillars", "--at", "1905-05-04T12:00", "--tz", "Asia/Seoul", "--lunar-zone", zone, "--json")
        assert r.exit_code == 0, r.output
        return json.loads(r.output)["lunar"]

    assert lunar("korea") == {"year": "乙巳", "month": 4, "day": 1, "leap": False, "zone": "korea"}
    assert (lunar("+09:00")["month"], lunar("+09:00")["day"]) == (3, 30)
