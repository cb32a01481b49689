"""Clock windows: the span of time during which a god's direction holds.

More precisely: every rule of 000's 天將 … 白奸 reads a few inputs that each hold
over an interval of time — the 時辰 (the hour on which the 將 is put), the 月將
(from one 中氣 to the next), the 月建 (from one 節 to the next), the 干支 day
(日干 for 貴人, 日辰 for 直辰) and the 貴人 half-year (冬至 → 夏至 → 冬至, whose
ends are 中氣 too).  The window of a result is the intersection of the
intervals of the inputs it reads; `ends_by` names the change(s) that end it,
`starts_by` those that began it.  Nothing here decides whether the *value*
changes at that instant (it nearly always does: the plate turns by a branch).
"""

from __future__ import annotations

import datetime as _dt
import math
from functools import lru_cache

from ..calendar.clock import boundary_utc
from ..calendar.moment import Moment
from ..calendar.terms import DONGZHI, XIAZHI, to_seconds
from ..records import frozen

#: The inputs a window can depend on, by the name shown to the user.
HOUR, JIANG, JIAN, DAY, HALF = "時辰", "月將", "月建", "日", "陰陽"


@frozen
class Window:
    """[start_utc, end_utc): aware UTC datetimes; which input changes at each end.

    Each end is the first whole second at which the new value holds (a term instant
    12:17:58.119 is named 12:17:59), so the value holds at every printed second inside.
    """

    start_utc: _dt.datetime
    end_utc: _dt.datetime
    starts_by: tuple[str, ...]
    ends_by: tuple[str, ...]


def day_interval(m: Moment) -> tuple[float, float]:
    """The 干支 day of `m.pillars.day` as POSIX seconds [start, end).

    With day_change 23 the day begins at 23:00 of the clock in use (子初); with 0
    at midnight.  Both ends are wall-clock times of that clock turned into
    instants through its zone, so a day in which a civil zone changes its offset
    is 23 or 25 hours long.
    """
    local = m.local
    return _day_interval(local.date(), m.day_change == 23 and local.hour != 23, m.day_change, local.tzinfo)


@lru_cache(maxsize=1024)
def _day_interval(date: _dt.date, day_before: bool, day_change: int, zone: _dt.tzinfo) -> tuple[float, float]:
    """`day_interval` of a clock date (the day begins the day before at 23:00 when `day_before`)."""
    start = _dt.datetime.combine(date, _dt.time(23 if day_change == 23 else 0), zone)
    if day_before:
        start -= _dt.timedelta(days=1)
    return to_seconds(start), to_seconds(start + _dt.timedelta(days=1))


#: The last Moment asked for and its intervals: a report asks for several windows of one
#: Moment in a row (held by reference, so the identity test cannot be fooled).
_LAST: list = [None, None]


def intervals(m: Moment) -> dict[str, tuple[float, float]]:
    """Each input's interval around the Moment, POSIX seconds [start, end)."""
    if _LAST[0] is m:
        return _LAST[1]
    spans = _intervals(m)
    _LAST[0], _LAST[1] = m, spans
    return spans


def _intervals(m: Moment) -> dict[str, tuple[float, float]]:
    half_start = m.qi.ts if m.qi.k in (DONGZHI, XIAZHI) else -math.inf
    half_end = m.next_qi.ts if m.next_qi.k in (DONGZHI, XIAZHI) else math.inf
    return {
        HOUR: (m.hour_start, m.hour_end),
        JIANG: (m.qi.ts, m.next_qi.ts),
        JIAN: (m.jie.ts, m.next_jie.ts),
        DAY: day_interval(m),
        HALF: (half_start, half_end),
    }


def window(m: Moment, *inputs: str) -> Window:
    """The window during which every input named in `inputs` keeps its value.

    `inputs` must name at least one bounded input (時辰, 月將, 月建 or 日).
    """
    spans = intervals(m)
    held = [spans[k] for k in inputs]
    key = (inputs, *held)
    found = _WINDOWS.get(key)
    if found is None:
        start = max([s for s, _e in held])
        end = min([e for _s, e in held])
        if len(_WINDOWS) >= WINDOW_CACHE_SIZE:
            _WINDOWS.clear()
        found = _WINDOWS[key] = Window(
            boundary(start),
            boundary(end),
            tuple([k for k, (s, _e) in zip(inputs, held, strict=True) if s == start]),
            tuple([k for k, (_s, e) in zip(inputs, held, strict=True) if e == end]),
        )
    return found


#: `clock.boundary_utc` kept per instant: the windows (and the hours) of one instant share
#: their ends, one datetime each.
boundary = lru_cache(maxsize=1024)(boundary_utc)


#: Windows already made, by the inputs and their intervals (many gods of one instant,
#: and the instants of one 時辰, share a window); cleared when full.
WINDOW_CACHE_SIZE = 4096
_WINDOWS: dict = {}
