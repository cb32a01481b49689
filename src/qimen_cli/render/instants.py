"""How a view prints an instant (a term, a boundary, a window's edge): one form in every view.

Every printed instant is the first whole second at or after it (`calendar.clock.first_second`,
the rule `jsonout.utc_iso` keeps in the JSON too), read on the chart's clock; a term line adds
the same second in UTC: ``2024-03-05 10:22:47 +08:00 (02:22:47 UTC)`` (the UTC date only when it
is not the clock's date; a clock at UTC+0 prints ``2024-03-05 02:22:47 UTC`` alone).
"""

from __future__ import annotations

import datetime as _dt

from ..calendar.clock import first_second, format_offset
from ..calendar.terms import to_datetime, to_seconds

_ZERO = _dt.timedelta(0)


def printed(value: float | _dt.datetime) -> _dt.datetime:
    """The aware UTC datetime a view prints for the instant `value` (POSIX seconds or an aware
    datetime): the first whole second at or after it."""
    ts = value if not isinstance(value, _dt.datetime) else to_seconds(value)
    return to_datetime(first_second(ts))


def clock_text(value: float | _dt.datetime, zone: _dt.tzinfo, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
    """The instant on the clock of `zone`, to the second ("2024-03-05 10:22:47")."""
    return printed(value).astimezone(zone).strftime(fmt)


def instant_text(value: float | _dt.datetime, zone: _dt.tzinfo) -> str:
    """The instant on the clock of `zone` with its offset, and in UTC beside it:
    "2024-03-05 10:22:47 +08:00 (02:22:47 UTC)"."""
    utc = printed(value)
    local = utc.astimezone(zone)
    offset = local.utcoffset()
    text = local.strftime("%Y-%m-%d %H:%M:%S")
    if offset == _ZERO:
        return f"{text} UTC"
    beside = utc.strftime("%H:%M:%S" if utc.date() == local.date() else "%Y-%m-%d %H:%M:%S")
    return f"{text} {format_offset(offset)} ({beside} UTC)"
