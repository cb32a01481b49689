"""lunar_python, an independent calendar: the 24 terms and the lunar months 1800–2200 (issue 29 item 6).

lunar_python (PyPI `lunar_python`, 6tail's port of 許劍偉's 壽星天文曆; a test extra) gives the
terms to the second (`Lunar.getJieQiTable`) and the lunar months (`LunarYear.getMonths`), at
Beijing time (UTC+8).  Ours: terms from JPL DE440 with skyfield's ΔT (`qimen terms --tz
+08:00`), lunar months from DE440 new moons reckoned at UTC+8 (`qimen pillars … "lunar"`).

Compared: every term 1800–2200 (9,624) to the second, and every lunar month that starts
1800-01-01 … 2200-12-06 (4,958): the date of its 初一, its number and whether it is leap.
Not compared: lunar_python's 干支, festivals and almanac words.

Known differences, by cause:
- term instants: within 8 s of each other through 2049 (the truncated VSOP87 series of 壽星
  against DE440; both ΔT agree to a second there); from 2050 lunar_python's ΔT extrapolation
  leaves skyfield's (ours), by −99 s in the 2100s and −207 s in 2200: `TERM_OFFSETS` lists the
  median of each decade, every term within 12 s of it.
- lunar months (`MONTHS_DIFFER`): before 1960 壽星 replaces computed new moons with its 朔日修正表
  (the dates of the almanacs as issued: the 時憲曆 of the Qing, reckoned for Beijing, and the
  early Republic's, still on Beijing's local time), so a new moon computed up to 16 minutes
  after midnight at UTC+8 falls on the day before; from 2050, new moons within 90 s of midnight
  (the ΔT drift above).
"""

from __future__ import annotations

import datetime as dt

import pytest

from independent import CST, FIRST_DAY, LAST_DAY, TRADITIONAL, our_lunar_dates, our_terms, term_offsets

lunar_python = pytest.importorskip("lunar_python", reason="lunar_python is a test extra: pip install -e '.[test]'")
pytestmark = pytest.mark.slow     # seconds each: the whole suite runs it, the fast subset does not

#: lunar_python − ours (seconds), the median of each decade's terms: their ΔT, not ours, from 2050.
TERM_OFFSETS = {
    1800: 4, 1810: 3, 1820: 4, 1830: 2, 1840: 2, 1850: 3, 1860: 1, 1870: 1, 1880: 1, 1890: 1, 1900: 1, 1910: 0,
    1920: -1, 1930: 0, 1940: 0, 1950: -1, 1960: -1, 1970: 0, 1980: 0, 1990: 0, 2000: 0, 2010: -1, 2020: 0, 2030: -1,
    2040: -1, 2050: -10, 2060: -28, 2070: -47, 2080: -65, 2090: -83, 2100: -99, 2110: -117, 2120: -132, 2130: -148,
    2140: -164, 2150: -176, 2160: -183, 2170: -190, 2180: -197, 2190: -203, 2200: -207,
}

#: The months whose 初一 differ: (our 初一, theirs, cause, our new moon at UTC+8).
MONTHS_DIFFER = (
    ("1804-08-06", "1804-08-05", "almanac", "00:05:10"),
    ("1831-04-13", "1831-04-12", "almanac", "00:01:04"),
    ("1842-01-12", "1842-01-11", "almanac", "00:15:03"),
    ("1863-01-20", "1863-01-19", "almanac", "00:01:51"),
    ("1880-11-02", "1880-11-03", "almanac", "23:55:14"),
    ("1896-02-14", "1896-02-13", "almanac", "00:12:30"),
    ("1914-11-18", "1914-11-17", "almanac", "00:01:41"),
    ("1916-02-04", "1916-02-03", "almanac", "00:05:15"),
    ("1920-11-11", "1920-11-10", "almanac", "00:04:48"),
    ("2097-08-08", "2097-08-07", "delta_t", "00:01:24"),
    ("2133-09-29", "2133-09-28", "delta_t", "00:01:30"),
    ("2172-10-18", "2172-10-17", "delta_t", "00:00:14"),
)


def their_terms() -> dict[tuple[int, str], dt.datetime]:
    from lunar_python import Solar

    out = {}
    for year in range(1800, 2202):
        for name, s in Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable().items():
            name = TRADITIONAL.get(name, name)
            if not name.isascii():      # the table also holds next year's first terms under pinyin keys
                at = dt.datetime(s.getYear(), s.getMonth(), s.getDay(), s.getHour(), s.getMinute(), s.getSecond(),
                                 tzinfo=CST)
                out[(at.year, name)] = at
    return out


def test_terms_to_the_second_but_for_their_delta_t():
    ours, theirs = our_terms(), their_terms()
    assert len(ours) == 9624 and set(ours) <= set(theirs)
    medians, strays = term_offsets(theirs, ours)
    assert strays == []
    assert medians == TERM_OFFSETS


def their_months() -> dict[dt.date, tuple[int, bool]]:
    from lunar_python import LunarYear, Solar

    out = {}
    for year in range(1799, 2202):
        for month in LunarYear.fromYear(year).getMonths():
            s = Solar.fromJulianDay(month.getFirstJulianDay())
            day = dt.date(s.getYear(), s.getMonth(), s.getDay())
            if FIRST_DAY <= day <= LAST_DAY:
                out[day] = (abs(month.getMonth()), month.getMonth() < 0)
    return out


def test_lunar_months_but_for_the_almanacs_and_delta_t():
    ours = {day: (m, leap) for day, (m, d, leap) in our_lunar_dates().items() if d == 1}
    theirs = their_months()
    assert len(ours) == len(theirs) == 4958
    only_ours, only_theirs = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
    assert [(a.isoformat(), b.isoformat()) for a, b in zip(only_ours, only_theirs, strict=True)] == [
        (a, b) for a, b, _, _ in MONTHS_DIFFER]
    for a, b in zip(only_ours, only_theirs, strict=True):
        assert ours[a] == theirs[b]                 # the same month, a day apart
    assert all(ours[day] == theirs[day] for day in set(ours) & set(theirs))


def test_the_differing_months_are_new_moons_near_midnight():
    """Each listed month's new moon (ours) is within 16 minutes of midnight at UTC+8; those
    of the ΔT drift within 90 s; the almanac's all before 1960."""
    for ours, _, cause, moon in MONTHS_DIFFER:
        h, m, s = map(int, moon.split(":"))
        off = (h * 3600 + m * 60 + s + 43200) % 86400 - 43200
        assert abs(off) <= (960 if cause == "almanac" else 90), ours
        assert (int(ours[:4]) < 1960) == (cause == "almanac")
