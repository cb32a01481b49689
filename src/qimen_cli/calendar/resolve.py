"""Turning an input into a Moment: the one place where time is resolved.

More precisely: the pillars per CONVENTIONS.md — year at the 立春 instant, month at
each 節 instant (stem by 五虎遁), day by the date of the clock in use (with
`day_change` 23 the 23:00 hour already belongs to the next day; with 0 the day
pillar keeps the date but the 子 hour takes its stem from the next day), hour by
時辰 (stem by 五鼠遁 from the day that owns the 時辰).
"""

from __future__ import annotations

import datetime as _dt

from . import clock
from .context import Context, get_context
from .ganzhi import month_pillar, shichen_pillars, year_pillar
from .moment import Moment, Pillars
from .shichen import Clock
from .terms import TermTable, to_seconds

UTC = _dt.timezone.utc

def resolve_moment(
    at: str | _dt.datetime,
    tz: str | _dt.tzinfo | None = None,
    *,
    lon: float | None = None,
    solar_time: str = "mean",
    day_change: int = 23,
    context: Context | None = None,
    table: TermTable | None = None,
    lunar_zone: str | None = None,
) -> Moment:
    """Resolve one input instant.

    `at` is the `--at` text (parsed strictly, see `clock.parse_instant`) or a datetime;
    `tz` is the clock's zone (a name, an offset or a tzinfo).  The instant is the one
    written (its offset, if it has one; else civil time in `tz`); the clock on which the
    干支 are read is `tz`, or without `tz` the written offset, or the system zone.  `table`
    replaces the term table (e.g. mean terms); `lunar_zone` ("china", "korea",
    "+09:00": `lunar.parse_lunar_zone`) asks for the lunar date, so reckoned.
    """
    if isinstance(at, str):
        value, _ = clock.parse_instant(at)
        text = at
    else:
        value, text = at, None
    if tz is not None:
        zone = tz if isinstance(tz, _dt.tzinfo) else clock.parse_zone(tz)
    elif value.tzinfo is not None:
        # An offset written with the instant and no --tz: the clock is that offset.
        zone = value.tzinfo
    else:
        zone = clock.system_zone()
    instant = value if value.tzinfo is not None else clock.attach_zone(value, zone, text)
    if text is None:
        text = instant.isoformat()
    context = context or get_context()
    ts = to_seconds(instant)
    if table is None:
        table = context.table_for(ts)
    elif not table.covers(ts):
        from .terms import OutOfSpan

        raise OutOfSpan(ts, table)
    instant = instant.astimezone(UTC)
    civil = instant.astimezone(zone)
    clk = Clock(zone, lon, solar_time, context)
    local = civil if lon is None else clk.reading(instant, ts)

    term, next_term, jie, next_jie, qi, next_qi = table.around(ts)
    year = year_pillar(jie.k, jie.utc)
    month = month_pillar(year, jie.k)

    date = local.date()
    branch, hour_ordinal, hour_day, day, hour = shichen_pillars(date.toordinal(), local.hour, day_change)
    hour_date = _dt.date.fromordinal(hour_ordinal)

    hour_start, hour_end = clock.shichen_window(local)

    lunar = None
    if lunar_zone:
        # The lunar date of the same civil day whose 干支 is the day pillar (004 counts "正月初七日"
        # on the day it names by 干支), not the date of the instant in the reckoning zone.
        lunar = context.lunar_calendar(ts, lunar_zone).date(hour_date if day_change == 23 else date)

    return Moment(
        at=text,
        tz=clock.zone_label(zone),
        clock=clk.name,
        day_change=day_change,
        instant_utc=instant,
        ts=ts,
        civil=civil,
        local=local,
        pillars=Pillars(year, month, day, hour),
        hour_branch=branch,
        hour_day=hour_day,
        hour_date=hour_date,
        hour_start=hour_start,
        hour_end=hour_end,
        term=term,
        next_term=next_term,
        jie=jie,
        next_jie=next_jie,
        qi=qi,
        next_qi=next_qi,
        lunar=lunar,
        table=table,
        offset=clock.format_offset(civil.utcoffset()),
        lon=lon,
    )
