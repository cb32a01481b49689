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
from .ganzhi import MONTH_BRANCH_OF_JIE, day_index, from_stem_branch, month_pillar, wu_shu_dun, year_pillar  # noqa: F401
from .ganzhi import hour_branch as _hour_branch
from .moment import Moment, Pillars
from .terms import TermTable, to_seconds

UTC = _dt.timezone.utc

def solar_clock(instant: _dt.datetime, lon: float, kind: str, context: Context) -> tuple[_dt.datetime, str]:
    """Local solar time at longitude `lon`: mean, or apparent (equation of time from the ephemeris)."""
    zone = clock.mean_solar_zone(lon)
    if kind != "apparent":
        return instant.astimezone(zone), "mean solar"
    offset = zone.utcoffset(None).total_seconds() + clock.equation_of_time(to_seconds(instant), context)
    return instant.astimezone(_dt.timezone(_dt.timedelta(seconds=round(offset, 3)))), "apparent solar"


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
    if lon is None:
        local, clock_name = civil, "civil"
    else:
        local, clock_name = solar_clock(instant, lon, solar_time, context)

    term, next_term, jie, next_jie, qi, next_qi = table.around(ts)
    year = year_pillar(jie.k, jie.utc)
    month = month_pillar(year, jie.k)

    date = local.date()
    branch = _hour_branch(local.hour)
    late = local.hour == 23
    hour_date = date + _dt.timedelta(days=1) if late else date
    hour_day = day_index(hour_date)
    day = hour_day if day_change == 23 else day_index(date)
    hour = from_stem_branch(wu_shu_dun(hour_day % 10, branch), branch)

    hour_start, hour_end = clock.shichen_window(local)

    lunar = None
    if lunar_zone:
        # The lunar date of the same civil day whose 干支 is the day pillar (004 counts "正月初七日"
        # on the day it names by 干支), not the date of the instant in the reckoning zone.
        lunar = context.lunar_calendar(ts, lunar_zone).date(hour_date if day_change == 23 else date)

    return Moment(
        at=text,
        tz=clock.zone_label(zone),
        clock=clock_name,
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
