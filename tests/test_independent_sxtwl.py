"""sxtwl, an independent calendar: the 24 terms and every day's lunar date 1800–2200 (issue 29 item 6).

sxtwl (PyPI `sxtwl`, a C++ build of 許劍偉's 壽星天文曆; a test extra) gives the terms of a year
(`getJieQiByYear`: Julian days at Beijing time) and the lunar date of a civil date
(`fromSolar`).  Ours: as in tests/test_independent_lunar_python.py (DE440, skyfield's ΔT, UTC+8).

Compared: every term 1800–2200 (9,624) to the second, and the lunar month, day and leap flag of
every civil date 1800-01-01 … 2200-12-06 (146,437 days).  Not compared: sxtwl's 干支 and
constellations.

Known differences, by cause:
- term instants: within 8 s through 2009; sxtwl's ΔT leaves ours from the 2010s (−16 s in the
  2020s, −129 s in the 2100s, −207 s in 2200), earlier than lunar_python's, from the same
  algorithm (`TERM_OFFSETS`: each decade's median, every term within 12 s of it).
  `TERMS_A_DAY_OFF`: three terms near midnight (1807 立春, 1809 and 1879 小寒) come out one
  whole day off with the time of day right (its day from the 壽星 節氣修正表 of the almanacs, its time computed).
- lunar dates (`MONTHS_DIFFER`): the months of lunar_python's list (the 壽星 朔日修正表 before
  1960, ΔT after 2050), and one more of sxtwl's ΔT (2057: our new moon 40 s after midnight).
"""

from __future__ import annotations

import datetime as dt

import pytest

from independent import CST, FIRST_DAY, LAST_DAY, TERMS, our_lunar_dates, our_terms, term_offsets

sxtwl = pytest.importorskip("sxtwl", reason="sxtwl is a test extra: pip install -e '.[test]'")
pytestmark = pytest.mark.slow     # seconds each: the whole suite runs it, the fast subset does not

#: sxtwl − ours (seconds), the median of each decade's terms: its ΔT, not ours, from the 2010s.
TERM_OFFSETS = {
    1800: 4, 1810: 3, 1820: 4, 1830: 2, 1840: 2, 1850: 3, 1860: 1, 1870: 1, 1880: 1, 1890: 1, 1900: 1, 1910: 0,
    1920: -1, 1930: 0, 1940: 0, 1950: -1, 1960: -1, 1970: 0, 1980: 0, 1990: 0, 2000: -1, 2010: -2, 2020: -16,
    2030: -31, 2040: -46, 2050: -62, 2060: -76, 2070: -90, 2080: -103, 2090: -117, 2100: -129, 2110: -142, 2120: -151,
    2130: -160, 2140: -168, 2150: -176, 2160: -183, 2170: -190, 2180: -197, 2190: -203, 2200: -207,
}

#: (civil year, name): sxtwl − ours in seconds, a whole day off.
TERMS_A_DAY_OFF = {(1807, "立春"): -86397, (1809, "小寒"): -86398, (1879, "小寒"): 86401}

#: The months whose days differ: (our 初一, sxtwl's, cause); every day of the month then differs.
MONTHS_DIFFER = (
    ("1804-08-06", "1804-08-05", "almanac"),
    ("1831-04-13", "1831-04-12", "almanac"),
    ("1842-01-12", "1842-01-11", "almanac"),
    ("1863-01-20", "1863-01-19", "almanac"),
    ("1880-11-02", "1880-11-03", "almanac"),
    ("1896-02-14", "1896-02-13", "almanac"),
    ("1914-11-18", "1914-11-17", "almanac"),
    ("1916-02-04", "1916-02-03", "almanac"),
    ("1920-11-11", "1920-11-10", "almanac"),
    ("2057-09-29", "2057-09-28", "delta_t"),
    ("2097-08-08", "2097-08-07", "delta_t"),
    ("2133-09-29", "2133-09-28", "delta_t"),
    ("2172-10-18", "2172-10-17", "delta_t"),
)

J2000 = dt.datetime(2000, 1, 1, 12, tzinfo=CST)     # Julian day 2451545.0 on sxtwl's Beijing clock


def their_terms() -> dict[tuple[int, str], dt.datetime]:
    out = {}
    for year in range(1799, 2202):
        for term in sxtwl.getJieQiByYear(year):
            at = J2000 + dt.timedelta(days=term.jd - 2451545.0)
            out.setdefault((at.year, TERMS[term.jqIndex]), at)
    return out


def test_terms_to_the_second_but_for_its_delta_t():
    ours, theirs = our_terms(), their_terms()
    assert len(ours) == 9624
    day_off = {key: round((theirs[key] - ours[key]).total_seconds()) for key in TERMS_A_DAY_OFF}
    assert day_off == TERMS_A_DAY_OFF
    # the rest: every term of ours is sxtwl's, within the spread of its decade
    missing = [key for key in ours if key not in theirs and key not in TERMS_A_DAY_OFF]
    medians, strays = term_offsets(theirs, ours, skip=TERMS_A_DAY_OFF)
    assert (missing, strays) == ([], [])
    assert medians == TERM_OFFSETS


def test_every_day_but_for_the_almanacs_and_delta_t():
    differ: list[dt.date] = []
    ours = our_lunar_dates()
    assert len(ours) == (LAST_DAY - FIRST_DAY).days + 1 == 146437
    for day, value in ours.items():
        s = sxtwl.fromSolar(day.year, day.month, day.day)
        if (s.getLunarMonth(), s.getLunarDay(), bool(s.isLunarLeap())) != value:
            differ.append(day)
    # each listed month: the days from the earlier 初一 up to the day before the later next 初一
    expected, starts = [], [d for d, (_, n, _) in ours.items() if n == 1]
    for a, b, _ in MONTHS_DIFFER:
        start = min(dt.date.fromisoformat(a), dt.date.fromisoformat(b))
        nxt = next(d for d in starts if d > start + dt.timedelta(days=1))
        expected += [start + dt.timedelta(days=n) for n in range((nxt - start).days)]
    assert differ == expected
