"""The Moment: one input instant resolved once into everything the arts need.

More precisely: the UTC instant (UT1 scale), the clock used for 干支 (civil zone
or local solar time) and its local datetime, the four pillars, the day that owns
the 時辰 (23:00 belongs to the next day's 子時), the 時辰 window, the terms in
force (any term, the last 節, the last 中氣) and the next ones, and the Chinese
lunar date.  Computed by `resolve.resolve_moment`, frozen, and handed to the
engine; no engine function parses a string or looks at the system clock.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import field
from enum import Enum

from ..records import frozen
from .ganzhi import CYCLE
from .terms import DONGZHI, XIAZHI, Term, TermTable


class ClockKind(Enum):
    """The clock the 干支 are read on: the civil clock of the zone, or with `--lon` local mean
    solar time, with `--solar-time apparent` apparent solar time.  Each member's value is the
    word the JSON's `input.clock` writes (the views word it through `render.labels.clock_name`)."""

    CIVIL = "civil"
    MEAN_SOLAR = "mean solar"
    APPARENT_SOLAR = "apparent solar"


@frozen
class Pillars:
    """The four pillars as sexagenary positions (0 = 甲子)."""

    year: int
    month: int
    day: int
    hour: int

    def names(self) -> dict[str, str]:
        return {"year": CYCLE[self.year], "month": CYCLE[self.month], "day": CYCLE[self.day], "hour": CYCLE[self.hour]}


@frozen
class LunarDate:
    """A date of the Chinese lunar calendar (農曆): month 1–12, day 1–30, leap flag.

    `year` is the sexagenary position of the lunar year (from 正月初一);
    `zone` names the reckoning of the months ("china", "korea" or an offset "+09:00").
    """

    year: int
    month: int
    day: int
    leap: bool
    zone: str


@frozen
class Moment:
    """One instant resolved into everything the arts read: the input as given, the clocks, the
    four pillars, the 時辰 and the day that owns it, the terms around it, the lunar date."""

    at: str                      # the input text, as given
    tz: str                      # zone name or offset as given/resolved
    clock: ClockKind             # civil, mean solar or apparent solar time
    day_change: int              # 23 or 0
    instant_utc: _dt.datetime    # aware, UTC (UT1 scale)
    ts: float                    # the same instant in POSIX seconds
    civil: _dt.datetime          # civil clock time in the zone (aware)
    local: _dt.datetime          # clock time used for 干支 (aware; = civil unless solar time)
    pillars: Pillars
    hour_branch: int             # 0 = 子
    hour_day: int                # sexagenary position of the day that owns the 時辰
    hour_date: _dt.date          # clock date of that day (23:xx → the next date)
    hour_start: float            # the 時辰 window in POSIX seconds [start, end)
    hour_end: float
    term: Term                   # term in force
    next_term: Term
    jie: Term                    # last 節 (月建 changes here)
    next_jie: Term
    qi: Term                     # last 中氣 (月將 changes here)
    next_qi: Term
    lunar: LunarDate | None
    table: TermTable = field(repr=False, compare=False)
    offset: str = ""             # UTC offset of the civil clock at this instant, "+08:00"
    lon: float | None = None     # longitude of the solar clock (east positive), None for civil time

    @property
    def clock_zone(self) -> _dt.tzinfo:
        """The zone of the clock the 干支 are read on: `local.tzinfo` (`local` is aware)."""
        zone = self.local.tzinfo
        if zone is None:
            raise ValueError("a Moment's local time has no zone")
        return zone

    @property
    def day_stem(self) -> int:
        return self.pillars.day % 10

    @property
    def hour_stem(self) -> int:
        return self.pillars.hour % 10

    @property
    def month_branch(self) -> int:
        return self.pillars.month % 12

    @property
    def yang_half(self) -> bool:
        """True from 冬至 to 夏至 (陽), False from 夏至 to 冬至 (陰), at the true instants."""
        return self.term.k >= DONGZHI or self.term.k < XIAZHI
