"""The Chinese lunar calendar (農曆): new moons, months, leap months.

More precisely: a month begins on the civil date (in the reckoning zone, UTC+8
for China, UTC+9 for Korea) of a new moon — the instant at which the Moon's
apparent geocentric ecliptic longitude equals the Sun's.  The month holding the
冬至 is the eleventh; a month is numbered by the 中氣 it holds (雨水 正月, 春分
二月, … 冬至 十一月, 大寒 十二月) — in practice, counted on from the eleventh.
When thirteen months run from one eleventh month to the next (a 歲 with a leap),
the first month holding no 中氣 is the leap month and repeats the number of the
month before it (無中氣置閏).
"""

from __future__ import annotations

from ..errors import BadInput, DataError

import bisect
import datetime as _dt
import math
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Sequence

from .moment import LunarDate
from .terms import DONGZHI, UNIX_EPOCH_JD, OutOfSpan, TermTable, skyfield_seconds, to_datetime

MOONS_NAME = "new_moons.tsv"

def lunar_phase_at(ephemeris):
    """Build a function of time that returns 0 from new moon to first quarter, 1, 2, 3 after.

    More precisely: floor(((λ_moon − λ_sun) mod 360°) / 90°) with apparent
    geocentric ecliptic longitudes of date, for `find_discrete`.
    """
    from skyfield.framelib import ecliptic_frame
    from skyfield.nutationlib import iau2000b_radians

    earth, sun, moon = ephemeris["earth"], ephemeris["sun"], ephemeris["moon"]

    def phase_at(t):
        t._nutation_angles_radians = iau2000b_radians(t)
        e = earth.at(t)
        _, slon, _ = e.observe(sun).apparent().frame_latlon(ecliptic_frame)
        _, mlon, _ = e.observe(moon).apparent().frame_latlon(ecliptic_frame)
        return ((mlon.radians - slon.radians) // (math.tau / 4) % 4).astype(int)

    phase_at.step_days = 6.0
    return phase_at


def compute_new_moons(ephemeris, ts0: float, ts1: float) -> list[float]:
    """New-moon instants (POSIX seconds, UT1) between two instants, searched with skyfield."""
    from skyfield.searchlib import find_discrete

    from .ephemeris import timescale

    scale = timescale()
    t0 = scale.ut1_jd(ts0 / 86400.0 + UNIX_EPOCH_JD)
    t1 = scale.ut1_jd(ts1 / 86400.0 + UNIX_EPOCH_JD)
    times, values = find_discrete(t0, t1, lunar_phase_at(ephemeris))
    return [s for s, v in zip(skyfield_seconds(times), values) if v == 0]


def write_moons(path: Path, moons: Sequence[float], header: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for line in header.splitlines():
            f.write(f"# {line}\n")
        for s in moons:
            f.write(f"{s:.3f}\n")


def read_moons(path: Path) -> list[float]:
    with open(path, encoding="utf-8") as f:
        return [float(line) for line in f if not line.startswith("#")]


def parse_zone(text: str) -> _dt.timezone:
    """'+08:00' → a fixed-offset zone (the lunar calendar is reckoned at a fixed offset)."""
    sign = -1 if text.startswith("-") else 1
    hours, _, minutes = text.lstrip("+-").partition(":")
    return _dt.timezone(sign * _dt.timedelta(hours=int(hours), minutes=int(minutes or 0)))


def _to_ts(day: _dt.date, zone: str) -> float:
    """The start of a civil day in the reckoning zone, POSIX seconds."""
    return _dt.datetime.combine(day, _dt.time(), parse_zone(zone)).timestamp()


class LunarCalendar:
    """Month starts and 中氣 dates reckoned in one zone, with the leap rule applied."""

    def __init__(self, moons: Sequence[float], table: TermTable, zone: str = "+08:00"):
        self.zone = zone
        tz = parse_zone(zone)
        self._starts = [to_datetime(s).astimezone(tz).date().toordinal() for s in moons]
        self._qi = [
            (to_datetime(t.ts).astimezone(tz).date().toordinal(), t.k) for t in table.terms if not t.is_jie
        ]
        self._qi_days = [d for d, _ in self._qi]

    @cached_property
    def span(self) -> tuple[_dt.date, _dt.date]:
        """(first, last) civil dates that have a lunar date.

        More precisely: from the start of the first month that holds a 冬至 (the count of
        months starts there) to the day before the start of the last such month whose
        following month is known (the months of the year before it are numbered then).
        """
        winter = [i for i in range(len(self._starts) - 1) if 18 in self._qi_in(i)]
        if len(winter) < 2:
            raise DataError("the new-moon and term tables share no full year; reinstall qimen-cli")
        first = self._starts[max(1, winter[0])]
        return _dt.date.fromordinal(first), _dt.date.fromordinal(self._starts[winter[-1]] - 1)

    def _qi_in(self, i: int) -> list[int]:
        """中氣 (k) whose dates fall in month i."""
        lo = bisect.bisect_left(self._qi_days, self._starts[i])
        hi = bisect.bisect_left(self._qi_days, self._starts[i + 1])
        return [k for _, k in self._qi[lo:hi]]

    @lru_cache(maxsize=512)
    def _numbers_from(self, m11: int) -> tuple[tuple[int, bool], ...]:
        """Numbers of the months from one 冬至 month (index m11) up to the next, exclusive."""
        j = m11 + 1
        while DONGZHI not in self._qi_in(j):
            j += 1
        leap_allowed = j - m11 == 13
        out, number, leap_used = [], 11, False
        for i in range(m11, j):
            qi = self._qi_in(i)
            if i == m11:
                out.append((11, False))
                continue
            if not qi and leap_allowed and not leap_used:
                leap_used = True
                out.append((number, True))
                continue
            number = number % 12 + 1
            out.append((number, False))
        return tuple(out)

    def date(self, day: _dt.date) -> LunarDate:
        """The lunar date of a civil date (in the reckoning zone)."""
        lo, hi = self.span
        if not lo <= day <= hi:
            raise OutOfSpan(0.0, span=tuple(_to_ts(d, self.zone) for d in (lo, hi)), day=day, dates=(lo, hi))
        n = day.toordinal()
        i = bisect.bisect_right(self._starts, n) - 1
        if i < 1 or i >= len(self._starts) - 1:
            raise BadInput(f"{day} is outside the lunar table")
        m11 = i
        while DONGZHI not in self._qi_in(m11):
            m11 -= 1
            if m11 < 0:
                raise BadInput(f"{day} is outside the lunar table")
        month, leap = self._numbers_from(m11)[i - m11]
        # The lunar year begins at 正月: months 11 and 12 before it belong to the previous year.
        first_month_date = _dt.date.fromordinal(self._starts[i])
        year = first_month_date.year - (1 if month >= 11 and first_month_date.month <= 2 else 0)
        return LunarDate(year=(year - 4) % 60, month=month, day=n - self._starts[i] + 1, leap=leap, zone=self.zone)
