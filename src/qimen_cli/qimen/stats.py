"""The method-divergence atlas (`qimen chaibu --stats`): per civil year, how many 時辰 take a
different 局 under each pair of 置閏, 拆補 and 茅山.

Every 時辰 whose start falls in the year (on the clock of the 干支: the civil clock of --tz, or
with --lon mean or apparent solar time) is counted once, its 局 found from its pillar fields
alone (`ju.dun_ju`, as `find` finds them).  Two methods "differ" on a 時辰 when their (遁, 局)
differ (the same 局 reached by different terms counts as agreeing, as `chaibu` says "agree").
茅山 is beyond the three texts (qimen/ju.py, docs/decisions.md "茅山"); the records say so.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..calendar.shichen import day_groups
from ..records import frozen
from .ju import MAOSHAN, dun_ju

if TYPE_CHECKING:
    from ..calendar.context import Context
    from ..calendar.shichen import Clock

#: The methods compared and the pairs reported, in order.
STAT_METHODS = ("zhirun", "chaibu", MAOSHAN)
PAIRS = (("zhirun", "chaibu"), ("zhirun", MAOSHAN), ("chaibu", MAOSHAN))


def pair_name(a: str, b: str) -> str:
    """The key of a pair in the records: "zhirun_chaibu" …"""
    return f"{a}_{b}"


@frozen
class YearStats:
    """One year's count: `shichen` 時辰 started in it, `differ[k]` of them differ on pair k (`PAIRS`)."""

    year: int
    shichen: int
    differ: tuple[int, ...]

    def share(self, k: int) -> float:
        return self.differ[k] / self.shichen if self.shichen else 0.0


def _year_bounds(clk: Clock, year: int) -> tuple[float, float]:
    """[lo, hi) of the civil year `year` on the clock `clk` (its 1 January 00:00 to the next)."""
    return clk.instant(_dt.datetime(year, 1, 1)), clk.instant(_dt.datetime(year + 1, 1, 1))


def year_stats(context: Context, clk: Clock, year: int, day_change: int, switch: str = "shichen") -> YearStats:
    """The count of one civil year (see the module docstring)."""
    lo, hi = _year_bounds(clk, year)
    return span_stats(context, clk, lo, hi, day_change, switch, year)


def span_stats(context: Context, clk: Clock, lo: float, hi: float, day_change: int, switch: str = "shichen",
               year: int = 0) -> YearStats:
    """The count of the 時辰 starting in [lo, hi) (POSIX seconds), filed under `year`."""
    n = 0
    differ = [0] * len(PAIRS)
    index = {m: i for i, m in enumerate(STAT_METHODS)}
    pairs = [(index[a], index[b]) for a, b in PAIRS]
    for group in day_groups(clk, lo, hi - 1e-6, day_change):
        for i in group.indices():
            if group.exact:
                ts = group.starts[i]
                end = group.starts[i + 1]
                ordinal, hour_day = group.hour_date.toordinal(), group.hour_day
                zone = clk.zone
            else:
                unit = group.unit(i)
                ts, end = unit.ts, unit.end_ts
                ordinal, hour_day = unit.hour_date.toordinal(), unit.hour_day
                zone = clk.zone if clk.lon is not None else unit.local.tzinfo  # type: ignore[assignment]  # aware
            table = context.table_for(ts)
            got = [dun_ju(m, table, zone, ts, ordinal, hour_day, end, switch) for m in STAT_METHODS]
            n += 1
            for k, (a, b) in enumerate(pairs):
                if got[a] != got[b]:
                    differ[k] += 1
    return YearStats(year, n, tuple(differ))


def method_stats(context: Context, clk: Clock, first: int, last: int, day_change: int, switch: str = "shichen") -> Iterator[YearStats]:
    """`year_stats` of every civil year `first` … `last`, in order."""
    for year in range(first, last + 1):
        yield year_stats(context, clk, year, day_change, switch)


def total(rows: Iterable[YearStats]) -> YearStats:
    """The rows summed (year: the first row's; `shichen` and `differ` added)."""
    rows = list(rows)
    return YearStats(rows[0].year if rows else 0, sum(r.shichen for r in rows),
                     tuple(sum(r.differ[k] for r in rows) for k in range(len(PAIRS))))
