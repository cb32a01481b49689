"""The Chinese lunar calendar: new moons from the ephemeris, leap months by 無中氣."""

import datetime as dt

import pytest

from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.resolve import resolve_moment


def lunar(date, zone="+08:00"):
    m = resolve_moment(f"{date}T12:00", zone, lunar_zone=zone)
    return (m.lunar.month, m.lunar.day, m.lunar.leap)


@pytest.mark.parametrize(
    "date, expected",
    [
        # 春節 (正月初一) of published calendars.
        ("1985-02-20", (1, 1, False)),
        ("2024-02-10", (1, 1, False)),
        ("2025-01-29", (1, 1, False)),
        # 閏二月 2023 began on 2023-03-22; 三月 on 2023-04-20.
        ("2023-03-22", (2, 1, True)),
        ("2023-04-20", (3, 1, False)),
        # 閏四月 2020 began on 2020-05-23.
        ("2020-05-23", (4, 1, True)),
        # The "2033 problem": 閏十一月 begins 2033-12-22.
        ("2033-12-22", (11, 1, True)),
        # 中秋 2024: 八月十五 = 2024-09-17.
        ("2024-09-17", (8, 15, False)),
    ],
)
def test_published_dates(date, expected):
    assert lunar(date) == expected


def test_korean_reckoning_moves_month_starts_with_late_new_moons():
    """A new moon between 15:00 and 16:00 UTC is 23:xx at +08:00 but 00:xx at +09:00 the next day."""
    ctx = get_context()
    moons = ctx.new_moons(0.0)
    late = [s for s in moons if 15 * 3600 <= s % 86400 < 16 * 3600 and 1900 * 3.156e7 > 0]
    late = [s for s in late if 0 < s < 2e9]
    assert late, "no such new moon found"
    s = late[0]
    day = dt.datetime.fromtimestamp(s, dt.timezone(dt.timedelta(hours=9))).date()
    china = lunar(day.isoformat(), "+08:00")
    korea = lunar(day.isoformat(), "+09:00")
    assert korea[1] == 1 and china[1] == 2


def test_every_year_has_twelve_or_thirteen_months_and_leaps_lack_a_zhongqi():
    ctx = get_context()
    cal = ctx.lunar_calendar(1e9, "+08:00")
    seen = []
    d = dt.date(1990, 1, 1)
    while d < dt.date(2030, 1, 1):
        m = cal.date(d)
        if m.day == 1:
            seen.append((d, m))
        d += dt.timedelta(days=1)
    leaps = [x for x in seen if x[1].leap]
    # 1990 閏五月, 1993 閏三月, 1995 閏八月, 1998 閏五月, 2001 閏四月, 2004 閏二月, 2006 閏七月, 2009 閏五月,
    # 2012 閏四月, 2014 閏九月, 2017 閏六月, 2020 閏四月, 2023 閏二月, 2025 閏六月, 2028 閏五月.
    assert [(x[0].year, x[1].month) for x in leaps] == [
        (1990, 5), (1993, 3), (1995, 8), (1998, 5), (2001, 4), (2004, 2), (2006, 7), (2009, 5),
        (2012, 4), (2014, 9), (2017, 6), (2020, 4), (2023, 2), (2025, 6), (2028, 5),
    ]


# --- with another ephemeris: new moons searched live (calendar/context.py) -----------------------

def _ephemeris_and_tables(run_process, *args: str) -> tuple[str, str]:
    """The JSON Lines of `qimen *args --json` with the shipped excerpt named by --ephemeris (a live
    search), and with the shipped tables."""
    from qimen_cli.calendar import ephemeris

    live = run_process(*args, "--json", "--ephemeris", str(ephemeris.default_path()))
    tables = run_process(*args, "--json")
    assert live.returncode == 0 and tables.returncode == 0, (live.stderr, tables.stderr)
    return live.stdout, tables.stdout


@pytest.mark.slow
def test_every_day_of_a_year_with_another_ephemeris(run_process):
    """Issue 24.2: with --ephemeris, December was refused as "outside the lunar calendar's span" (the
    new moons searched ended on 1 January two years on, before the month after the next 冬至 month).
    The shipped excerpt named as another file answers every day of 2024 as the tables do, at 23:30 in
    Shanghai (the 子 hour: its day, and the lunar date with it, is the next one)."""
    live, tables = _ephemeris_and_tables(run_process, "pillars", "--from", "2024-01-01T23:30", "--to", "2024-12-31T23:30",
                                         "--every", "1d", "--tz", "Asia/Shanghai")
    assert live.count("\n") == 366 and live == tables


@pytest.mark.slow
def test_gucu_around_the_new_year_with_another_ephemeris(run_process):
    """`gucu` reads the lunar month too: December to January around 2033's 閏十一月 (a sample: a year of
    gucu is the same live search as above)."""
    live, tables = _ephemeris_and_tables(run_process, "gucu", "--from", "2033-11-20T12:00", "--to", "2034-01-31T12:00",
                                         "--every", "1d", "--tz", "Pacific/Kiritimati")
    assert live.count("\n") == 73 and live == tables


def test_year_start_and_utc_year_hold_past_python_dates():
    from qimen_cli.calendar.context import moon_window, utc_year, year_start
    from qimen_cli.calendar.terms import to_seconds

    for year in (2, 1582, 1799, 1900, 1970, 2000, 2024, 2100, 9999):
        start = year_start(year)
        assert start == to_seconds(dt.datetime(year, 1, 1, tzinfo=dt.timezone.utc))
        assert utc_year(start) == year and utc_year(start - 0.001) == year - 1
    assert year_start(10001) - year_start(10000) == 366 * 86400.0   # 10000 is a leap year
    lo, hi = moon_window(2024)
    assert lo == year_start(2023) and hi == to_seconds(dt.datetime(2026, 3, 2, tzinfo=dt.timezone.utc))
