"""The 時辰 on the clock of the 干支: the clock (civil, mean or apparent solar), the day and
hour pillars of a reading, and the 時辰 of a range with their start instants.

More precisely: `Clock` is the one clock the 干支 are read on — `resolve.resolve_moment`,
the range writer and `find` all read an instant through it; the pillars of a reading are
`ganzhi.shichen_pillars` (the one derivation).  `units(clock, start, end)` yields, in order, every 時辰 whose start lies in
[start, end] — on the clock the 干支 are taken on (the civil clock of `--tz`, or with
`--lon` local mean or apparent solar time) the 時辰 start at the odd hours 23:00, 01:00 …
21:00; with `--day-change 0` midnight also starts a unit (the 子時 is cut in two, 夜子 23–0
and 早子 0–1, since the day pillar changes there).  Each unit carries its start and end
instants and the pillar fields `resolve.resolve_moment` finds at the start (the same
`Clock` and `shichen_pillars`), without building a Moment (so a century of 時辰 can be screened quickly).

Rules for the civil clock on a summer-time day:

* A start that does not exist on the wall clock (it falls in a gap, e.g. 01:00 when the
  clock jumps from 01:00 to 02:00) is taken at the instant the clock jumps: the end of the
  gap.  (`qimen ART --at` rejects such a clock time; that instant is the first one at
  which the wall clock shows that 時辰.)
* A start that occurs twice (a fold, e.g. 01:00 when the clock goes back from 02:00 to
  01:00) is taken at its first occurrence, as `--at` reads an ambiguous time; that 時辰
  then lasts until the next start and is an hour longer (丑時 01:00 EDT → 03:00 EST).
* A unit ends where the next one starts: a window's `end` is exact on such days.

With `--solar-time apparent` the start is the instant at which the apparent solar clock
(mean solar time + the equation of time, as `resolve` computes it) reads the odd hour,
found by iteration to the millisecond.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..records import frozen
from . import clock
from .ganzhi import HOUR_PILLAR, day_index, shichen_pillars
from .moment import ClockKind
from .terms import to_seconds

if TYPE_CHECKING:
    from .context import Context

UTC = _dt.timezone.utc
_ONE_DAY = _dt.timedelta(days=1)
_ODD_HOURS = tuple(range(1, 24, 2))


@frozen
class Unit:
    """One 時辰 (or half of the 子時 with --day-change 0) of a search."""

    ts: float                # start, POSIX seconds
    end_ts: float            # end (the next unit's start)
    local: _dt.datetime      # the clock the 干支 are taken on, at the start (aware)
    branch: int              # hour branch, 0 = 子
    hour_day: int            # sexagenary day that owns the 時辰 (23:xx → the next day)
    hour_date: _dt.date      # its clock date
    day: int                 # day pillar (as --day-change says)
    hour: int                # hour pillar

    @property
    def start_utc(self) -> _dt.datetime:
        return _dt.datetime.fromtimestamp(self.ts, UTC)


class Clock:
    """The clock the 干支 are taken on: instant → reading, wall time → instant.

    The civil clock of `zone`; with `lon`, local mean solar time (a fixed offset of
    lon × 4 minutes), and with `solar_time` "apparent" that plus the equation of time
    from the ephemeris, rounded to the millisecond.
    """

    def __init__(self, zone: _dt.tzinfo, lon: float | None, solar_time: str, context: Context) -> None:
        self.civil = zone
        self.lon = lon
        self.apparent = lon is not None and solar_time == "apparent"
        self.context = context
        self.zone: _dt.tzinfo
        if lon is None:
            self.zone = zone
            self.mean_offset = 0.0  # (no mean solar clock)
        else:
            solar = self.zone = clock.mean_solar_zone(lon)
            self.mean_offset = solar.utcoffset(None).total_seconds()  # the mean solar clock's offset, seconds
        self.kind = ClockKind.CIVIL if lon is None else ClockKind.APPARENT_SOLAR if self.apparent else ClockKind.MEAN_SOLAR
        #: The clock's one offset in seconds when it has one (a fixed zone, not apparent solar time), else None.
        self.offset = self.zone.utcoffset(None).total_seconds() \
            if isinstance(self.zone, _dt.timezone) and not self.apparent else None
        self.fixed = self.offset is not None

    # --- apparent solar time -----------------------------------------------------------

    def _apparent_offset(self, ts: float) -> float:
        return round(self.mean_offset + float(clock.equation_of_time(ts, self.context)), 3)

    def reading(self, instant: _dt.datetime, ts: float | None = None) -> _dt.datetime:
        """The clock's reading (aware) at the aware datetime `instant` (`ts`: its POSIX seconds)."""
        if self.apparent:
            offset = self._apparent_offset(to_seconds(instant) if ts is None else ts)
            return instant.astimezone(_dt.timezone(_dt.timedelta(seconds=offset)))
        return instant.astimezone(self.zone)

    def local(self, ts: float) -> _dt.datetime:
        """The clock reading at instant `ts` (POSIX seconds)."""
        return self.reading(_dt.datetime.fromtimestamp(ts, UTC), ts)

    def instant(self, wall: _dt.datetime) -> float:
        """The first instant at which the clock reads `wall` (or, in a gap, the jump over it)."""
        if self.offset is not None:
            return (wall - _EPOCH).total_seconds() - self.offset
        if self.apparent:
            naive = (wall - _EPOCH).total_seconds()
            ts = naive - self.mean_offset
            for _ in range(4):
                nxt = naive - self._apparent_offset(ts)
                if abs(nxt - ts) < 1e-4:
                    ts = nxt
                    break
                ts = nxt
            ts = math.ceil(ts * 1000.0) / 1000.0
            while self.local(ts).replace(tzinfo=None) < wall:  # the clock must already show the 時辰
                ts += 0.001
            return ts
        first = wall.replace(tzinfo=self.zone, fold=0)
        back = first.astimezone(UTC).astimezone(self.zone).replace(tzinfo=None)
        if back == wall:
            return to_seconds(first)
        # A gap: the earliest instant whose wall reading is at or after `wall`.
        lo = to_seconds(wall.replace(tzinfo=self.zone, fold=1))
        hi = to_seconds(first)
        lo, hi = min(lo, hi), max(lo, hi)
        while hi - lo > 0.5:
            mid = (lo + hi) / 2
            if _dt.datetime.fromtimestamp(mid, self.zone).replace(tzinfo=None) >= wall:
                hi = mid
            else:
                lo = mid
        return float(math.ceil(hi))


_EPOCH = _dt.datetime(1970, 1, 1)

#: Days of apparent-solar starts found together (one vectorised ephemeris pass each).
APPARENT_BATCH = 32


def equation_of_time_many(stamps: Any, context: Context) -> Any:
    """`clock.equation_of_time` for an array of POSIX-UT1 instants, in one ephemeris pass
    (the same function: its arithmetic works element by element on an array)."""
    import numpy as np

    return clock.equation_of_time(np.asarray(stamps, dtype=float), context)


def apparent_starts(clk: Clock, walls: list[_dt.datetime]) -> tuple[list[float], list[float]]:
    """The instants at which the apparent solar clock first reads each of `walls` (to the ms),
    and the clock's offset there (seconds, rounded to the ms as `resolve` rounds it)."""
    import numpy as np

    base = clk.mean_offset
    naive = np.array([(w - _EPOCH).total_seconds() for w in walls])
    ts = naive - base
    # First from six-hourly samples (linear interpolation, good to ~0.01 s), then one exact step:
    # the equation of time moves at most ~30 s a day, so the step leaves < 1e-5 s.
    grid = np.arange(ts.min() - 86400.0, ts.max() + 86400.0, 21600.0)
    samples = equation_of_time_many(grid, clk.context)
    for _ in range(3):
        ts = naive - (base + np.interp(ts, grid, samples))
    ts = naive - (base + equation_of_time_many(ts, clk.context))
    ts = np.ceil(ts * 1000.0) / 1000.0
    for _ in range(3):  # the clock must already show the hour (resolve rounds the offset to the ms)
        offsets: Any = np.round(base + equation_of_time_many(ts, clk.context), 3)
        late = ts + offsets < naive - 1e-7
        if not late.any():
            break
        ts = np.where(late, ts + 0.001, ts)
    return [float(x) for x in ts], [float(x) for x in offsets]


def _starts(day_change: int) -> tuple[int, ...]:
    return ((0,) + _ODD_HOURS) if day_change == 0 else _ODD_HOURS


def unit_at(clk: Clock, ts: float, end_ts: float, day_change: int) -> Unit:
    """The pillar fields at instant `ts`, as `resolve.resolve_moment` reads them."""
    local = clk.local(ts)
    p = shichen_pillars(local.toordinal(), local.hour, day_change)
    return Unit(ts, end_ts, local, p.branch, p.hour_day, _dt.date.fromordinal(p.hour_ordinal), p.day, p.hour)


class DayGroup:
    """The units owned by one day (`hour_date`): 23:00 of the day before, (00:00,) 01:00 … 21:00.

    `starts` holds the start instants and, last, the end of the last unit; units are built
    only on demand (`unit(i)`), so a day the plate screen rejects costs a few arithmetic steps.
    `exact` says the fields come from clock arithmetic (no change of offset that day, or
    apparent solar starts found on the walls); other days are resolved unit by unit (`unit_at`).
    """

    __slots__ = ("clock", "day_change", "hour_date", "hour_day", "starts", "hours", "lo", "hi", "exact", "offsets")

    def __init__(self, clk: Clock, day_change: int, hour_date: _dt.date, starts: list[float], hours: list[int],
                 lo: float, hi: float, exact: bool) -> None:
        self.clock = clk
        self.day_change = day_change
        self.hour_date = hour_date
        self.hour_day = day_index(hour_date)
        self.starts = starts
        self.hours = hours
        self.lo, self.hi = lo, hi
        self.exact = exact
        self.offsets: list[float] | None = None  # apparent solar time: the clock's offset at each start

    def indices(self) -> list[int]:
        """Positions of the units whose start lies in [lo, hi] (later of two equal starts only)."""
        s = self.starts
        lo, hi = self.lo, self.hi
        return [i for i in range(len(s) - 1) if lo <= s[i] <= hi and s[i] < s[i + 1]]

    def hour(self, i: int) -> int:
        """Hour pillar of unit i (exact days only)."""
        return HOUR_PILLAR[self.hour_day % 10][self.hours[i]]

    def wall(self, i: int) -> _dt.datetime:
        date = self.hour_date - _ONE_DAY if i == 0 else self.hour_date
        return _dt.datetime(date.year, date.month, date.day, self.hours[i])

    def unit(self, i: int) -> Unit:
        ts, end = self.starts[i], self.starts[i + 1]
        if not self.exact:
            return unit_at(self.clock, ts, end, self.day_change)
        h = self.hours[i]
        date = self.hour_date - _ONE_DAY if i == 0 else self.hour_date
        p = shichen_pillars(date.toordinal(), h, self.day_change)
        zone = self.clock.zone
        if self.offsets is not None:
            local = _dt.datetime.fromtimestamp(ts, _dt.timezone(_dt.timedelta(seconds=self.offsets[i])))
        elif self.clock.fixed:
            local = self.wall(i).replace(tzinfo=zone)
        else:
            local = _dt.datetime.fromtimestamp(ts, zone)
        return Unit(ts, end, local, p.branch, p.hour_day, self.hour_date, p.day, p.hour)


_EPOCH_ORDINAL = _EPOCH.toordinal()


def day_groups(clk: Clock, lo: float, hi: float, day_change: int) -> Iterator[DayGroup]:
    """The units of [lo, hi], one DayGroup per owning day, in order."""
    date = clk.local(lo).date() - _ONE_DAY
    zone = clk.zone
    hours = [23] + [h for h in _starts(day_change) if h != 23] + [23]
    offsets = [-3600.0] + [h * 3600.0 for h in hours[1:]]
    n = len(hours) - 1
    batch: dict[_dt.date, tuple[list[float], list[float]]] = {}
    while True:
        base = (date.toordinal() - _EPOCH_ORDINAL) * 86400.0
        if clk.offset is not None:
            exact = True
            b = base - clk.offset
            starts = [b + o for o in offsets]
        elif clk.apparent:
            exact = True  # the starts are found on the walls themselves
            if date not in batch:
                batch.clear()
                days = [date + _dt.timedelta(days=k) for k in range(APPARENT_BATCH)]
                groups = [DayGroup(clk, day_change, d, [], hours, lo, hi, False) for d in days]
                walls = [g.wall(i) for g in groups for i in range(n)] + \
                        [_dt.datetime(d.year, d.month, d.day, 23) for d in days]
                found, offsets = apparent_starts(clk, walls)
                for k, d in enumerate(days):
                    batch[d] = (found[k * n:(k + 1) * n] + [found[n * APPARENT_BATCH + k]], offsets[k * n:(k + 1) * n])
            starts, offs = batch[date]
        else:
            first = _dt.datetime(date.year, date.month, date.day, 0, tzinfo=zone) - _ONE_DAY
            last = _dt.datetime(date.year, date.month, date.day, 23, tzinfo=zone)
            a = (first + _dt.timedelta(hours=23)).utcoffset()
            if a is not None and a == last.utcoffset() and a == last.replace(fold=1).utcoffset() \
                    and a == (first + _dt.timedelta(hours=23)).replace(fold=1).utcoffset():
                exact = True
                b = base - a.total_seconds()
                starts = [b + o for o in offsets]
            else:
                exact = False
                group = DayGroup(clk, day_change, date, [], hours, lo, hi, False)
                starts = [clk.instant(group.wall(i)) for i in range(n)] + [clk.instant(last.replace(tzinfo=None))]
        if starts[0] > hi:
            return
        if starts[-1] >= lo:
            group = DayGroup(clk, day_change, date, starts, hours, lo, hi, exact)
            if clk.apparent:
                group.offsets = offs
            yield group
        date += _ONE_DAY


def units(clk: Clock, lo: float, hi: float, day_change: int) -> Iterator[Unit]:
    """Every unit whose start lies in [lo, hi] (POSIX seconds), in order."""
    for group in day_groups(clk, lo, hi, day_change):
        for i in group.indices():
            yield group.unit(i)
