"""The Chinese lunar calendar (農曆): new moons, months, leap months.

More precisely: a month begins on the civil date (in the reckoning zone: UTC+8
for China; for Korea UTC+8 until 1911 and UTC+9 from 1912, see `KOREA`) of a new moon — the instant at which the Moon's
apparent geocentric ecliptic longitude equals the Sun's.  The month holding the
冬至 is the eleventh; a month is numbered by the 中氣 it holds (雨水 正月, 春分
二月, … 冬至 十一月, 大寒 十二月) — in practice, counted on from the eleventh.
When thirteen months run from one eleventh month to the next (a 歲 with a leap),
the first month holding no 中氣 is the leap month and repeats the number of the
month before it (無中氣置閏).
"""

from __future__ import annotations

import bisect
import datetime as _dt
import math
import operator
from collections.abc import Callable, Sequence
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, overload

from ..errors import BadInput, DataError
from ..records import frozen
from .clock import parse_offset
from .moment import LunarDate
from .terms import DONGZHI, UNIX_EPOCH_JD, OutOfSpan, TermTable, skyfield_seconds

if TYPE_CHECKING:
    from pathlib import Path

MOONS_NAME = "new_moons.tsv"

def lunar_phase_at(ephemeris: Any) -> Callable[[Any], Any]:
    """Build a function of time that returns 0 from new moon to first quarter, 1, 2, 3 after.

    More precisely: floor(((λ_moon − λ_sun) mod 360°) / 90°) with apparent
    geocentric ecliptic longitudes of date, for `find_discrete`.
    """
    from skyfield.framelib import ecliptic_frame
    from skyfield.nutationlib import iau2000b_radians

    earth, sun, moon = ephemeris["earth"], ephemeris["sun"], ephemeris["moon"]

    def phase_at(t: Any) -> Any:
        t._nutation_angles_radians = iau2000b_radians(t)
        e = earth.at(t)
        _, slon, _ = e.observe(sun).apparent().frame_latlon(ecliptic_frame)
        _, mlon, _ = e.observe(moon).apparent().frame_latlon(ecliptic_frame)
        return ((mlon.radians - slon.radians) // (math.tau / 4) % 4).astype(int)

    phase_at.step_days = 6.0  # type: ignore[attr-defined]  # the step skyfield's find_discrete reads off the function
    return phase_at


def compute_new_moons(ephemeris: Any, ts0: float, ts1: float) -> list[float]:
    """New-moon instants (POSIX seconds, UT1) between two instants, searched with skyfield."""
    from skyfield.searchlib import find_discrete

    from .ephemeris import timescale

    scale = timescale()
    t0 = scale.ut1_jd(ts0 / 86400.0 + UNIX_EPOCH_JD)
    t1 = scale.ut1_jd(ts1 / 86400.0 + UNIX_EPOCH_JD)
    times, values = find_discrete(t0, t1, lunar_phase_at(ephemeris))
    return [s for s, v in zip(skyfield_seconds(times), values, strict=True) if v == 0]


def write_moons(path: Path, moons: Sequence[float], header: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for line in header.splitlines():
            f.write(f"# {line}\n")
        for s in moons:
            f.write(f"{s:.3f}\n")


#: Bounds on the interval between consecutive new moons, in days (actual: 29.27–29.83).
MOON_GAP_DAYS = (29.1, 30.0)


def check_moons(moons: Sequence[float], path: Path | str = MOONS_NAME) -> None:
    """Structural check of a new-moon table: in order, 29.1–30.0 days apart (a dropped or shifted moon fails)."""
    from .checksums import damaged

    lo, hi = (d * 86400.0 for d in MOON_GAP_DAYS)
    if len(moons) < 3:
        raise damaged(path, "truncated")
    gaps = list(map(operator.sub, moons[1:], moons[:-1]))
    if lo <= min(gaps) and max(gaps) <= hi:  # the whole column at once; the pair at fault only when one is
        return
    for a, b in zip(moons, moons[1:], strict=False):
        if not lo <= b - a <= hi:
            when = _dt.datetime(1970, 1, 1) + _dt.timedelta(seconds=a)
            raise damaged(path, f"new moons {(b - a) / 86400.0:.2f} days apart at {when:%Y-%m-%d}")


class _Column(Sequence[float]):
    """The numbers of a column of decimal texts, each read when it is asked for (a lookup
    bisects a dozen of the thousands)."""

    __slots__ = ("_texts",)

    def __init__(self, texts: list[str]) -> None:
        self._texts = texts

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, i: int) -> float: ...

    @overload
    def __getitem__(self, i: slice) -> list[float]: ...

    def __getitem__(self, i: int | slice) -> float | list[float]:
        if isinstance(i, slice):
            return list(map(float, self._texts[i]))
        return float(self._texts[i])


def read_moons(path: str | Path, verify: bool = False) -> Sequence[float]:
    """Read a table written by `write_moons`.

    More precisely: with `verify`, the shipped table after checking its size and sha256,
    its instants read as they are looked up (tests/test_data_integrity.py holds the shipped
    table to the gap check, so a file with its checksum needs no other); without, every
    line is read and the column checked for gaps (`check_moons`).
    """
    from .checksums import damaged, read_verified

    if verify:
        text = read_verified(path)
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    body = text
    while body.startswith("#"):  # the header comments
        cut = body.find("\n")
        body = "" if cut < 0 else body[cut + 1:]
    if verify:
        return _Column(body.split())
    try:
        if "#" in body:
            raise ValueError
        moons = list(map(float, body.split()))
    except ValueError:
        raise damaged(path, "a line is unreadable") from None
    check_moons(moons, path)
    return moons


@frozen
class LunarReckoning:
    """Where the lunar calendar's dates are reckoned: a UTC offset, or offsets that change with history.

    `name` is what the user gave ("china", "korea", "+09:00"); `offsets` are
    (from POSIX second, offset in seconds), the first from −∞: an instant (new
    moon or 中氣) is dated at the offset in force at that instant.
    """

    name: str
    offsets: tuple[tuple[float, int], ...]

    def ordinals(self, stamps: Sequence[float]) -> list[int]:
        """Proleptic-Gregorian ordinals of the dates of many instants (POSIX seconds, sorted or not)."""
        epoch = _dt.date(1970, 1, 1).toordinal()
        if len(self.offsets) == 1:
            off, floor = self.offsets[0][1], math.floor
            return [epoch + floor((s + off) / 86400.0) for s in stamps]
        starts = [t for t, _ in self.offsets]
        out = []
        for s in stamps:
            off = self.offsets[bisect.bisect_right(starts, s) - 1][1]
            out.append(epoch + math.floor((s + off) / 86400.0))
        return out


def _from_civil(year: int, month: int, day: int, offset_hours: float) -> float:
    """POSIX second of 00:00 on a civil date at a fixed offset."""
    return (_dt.date(year, month, day).toordinal() - _dt.date(1970, 1, 1).toordinal()) * 86400.0 - offset_hours * 3600.0


#: The Chinese calendar (the default): UTC+8, the 120°E meridian of the 紫金山天文台 tables.
CHINA = LunarReckoning("china", ((-math.inf, 8 * 3600),))

#: The Korean standard lunar tables (한국천문연구원, KASI): UTC+8 (120°E) through 1911, UTC+9
#: (135°E) from 1912-01-01 on.  Checked against every day 1901–2050 (tests/test_korean_lunar.py).
#: Korea's civil clock used UTC+8:30 in 1908–1911 and 1954–1961; the tables do not follow it
#: in 1908–1911 (at 8:30 a month of 1908 and one of 1911 would start a day apart), and in
#: 1954–1961 UTC+8:30 and UTC+9 give the same months.  A fixed UTC+9 misses eight months of
#: 1903–1911; a fixed UTC+8, months of 1914 onwards.
#: Open question: before 1897 the tables (from the 時憲曆 computations of the time) differ from
#: modern new moons at any meridian in a few months (at UTC+8: one month each in 1804, 1831,
#: 1863, 1880 and 1896); the program follows UTC+8 there.  The switch is put at 1912-01-01
#: 00:00 +09:00; no new moon or 中氣 falls between 1911-12-23 and 1912-01-18, so any day in
#: that gap gives the same tables.
KOREA = LunarReckoning("korea", ((-math.inf, 8 * 3600), (_from_civil(1912, 1, 1, 9), 9 * 3600)))

#: Named reckonings accepted by `parse_lunar_zone`.
RECKONINGS = {"china": CHINA, "korea": KOREA}

@lru_cache(maxsize=32)
def parse_lunar_zone(text: str | None) -> LunarReckoning:
    """`--lunar-zone`: `china` (the default, UTC+8), `korea`, or a fixed offset as `--tz` takes one
    (`clock.parse_offset`: `±HH:MM`, `±HHMM`, `±HH`), named `±HH:MM`."""
    if text is None:
        return CHINA
    key = text.strip().lower()
    if key in RECKONINGS:
        return RECKONINGS[key]
    try:
        sign, hours, minutes = parse_offset(text)
    except BadInput:
        raise BadInput(f"unknown lunar reckoning {text!r} (expected china, korea or a UTC offset like +09:00)") from None
    seconds = sign * (hours * 3600 + minutes * 60)
    return LunarReckoning(f"{'-' if sign < 0 else '+'}{hours:02d}:{minutes:02d}", ((-math.inf, seconds),))


class _Ordinals(Sequence[int]):
    """The civil-date ordinals of sorted instants in a reckoning, each worked out when first
    read: a date's lookup bisects a few dozen of the thousands (and `bisect` reads a sequence)."""

    __slots__ = ("_stamps", "_reckoning", "_made")

    def __init__(self, stamps: Sequence[float], reckoning: LunarReckoning) -> None:
        self._stamps, self._reckoning = stamps, reckoning
        self._made: list[int | None] = [None] * len(stamps)

    def __len__(self) -> int:
        return len(self._stamps)

    @overload
    def __getitem__(self, i: int) -> int: ...

    @overload
    def __getitem__(self, i: slice) -> list[int]: ...

    def __getitem__(self, i: int | slice) -> int | list[int]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._stamps)))]
        o = self._made[i]
        if o is None:
            o = self._made[i] = self._reckoning.ordinals((self._stamps[i],))[0]
        return o


class LunarCalendar:
    """Month starts and 中氣 dates reckoned in one zone (or `LunarReckoning`), with the leap rule applied."""

    def __init__(self, moons: Sequence[float], table: TermTable, zone: str | LunarReckoning = "china") -> None:
        reckoning = zone if isinstance(zone, LunarReckoning) else parse_lunar_zone(zone)
        self.reckoning = reckoning
        self.zone = reckoning.name
        self._starts = _Ordinals(moons, reckoning)
        qi = [i for i, k in enumerate(table.ks) if k % 2 == 0]  # the 中氣
        self._qi_k = [table.ks[i] for i in qi]
        self._qi_days = _Ordinals([table.stamps[i] for i in qi], reckoning)
        self._by_day: dict[_dt.date, LunarDate] = {}

    @cached_property
    def span(self) -> tuple[_dt.date, _dt.date]:
        """(first, last) civil dates that have a lunar date.

        More precisely: from the start of the first month that holds a 冬至 (the count of
        months starts there) to the day before the start of the last such month whose
        following month is known (the months of the year before it are numbered then).
        """
        # The months holding a 冬至: the first and the last, found from the 冬至 dates at
        # either end (not by listing the 中氣 of every month).
        starts, last = self._starts, len(self._starts) - 1
        dongzhi = [j for j, k in enumerate(self._qi_k) if k == DONGZHI]

        def month_of(j: int) -> int | None:
            i = bisect.bisect_right(starts, self._qi_days[j]) - 1
            return i if 0 <= i < last else None

        first = next((i for i in map(month_of, dongzhi) if i is not None), None)
        final = next((i for i in map(month_of, reversed(dongzhi)) if i is not None), None)
        if first is None or final is None or first >= final:
            raise DataError("the new-moon and term tables share no full year; reinstall qimen-cli")
        return _dt.date.fromordinal(starts[max(1, first)]), _dt.date.fromordinal(starts[final] - 1)

    def _qi_in(self, i: int) -> list[int]:
        """中氣 (k) whose dates fall in month i."""
        lo = bisect.bisect_left(self._qi_days, self._starts[i])
        hi = bisect.bisect_left(self._qi_days, self._starts[i + 1])
        return self._qi_k[lo:hi]

    @lru_cache(maxsize=512)  # noqa: B019 -- a few calendars live as long as the process
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
        """The lunar date of a civil date (in the reckoning zone); remembered by the date (the
        instants of one day share it)."""
        found = self._by_day.get(day)
        if found is None:
            if len(self._by_day) >= 4096:
                self._by_day.clear()
            found = self._by_day[day] = self._date(day)
        return found

    def _date(self, day: _dt.date) -> LunarDate:
        lo, hi = self.span
        if not lo <= day <= hi:
            raise OutOfSpan(0.0, day=day, dates=(lo, hi))
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
