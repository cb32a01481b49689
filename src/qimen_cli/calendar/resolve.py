"""Turning an input into a Moment: the one place where time is resolved.

More precisely: the pillars per CONVENTIONS.md — year at the 立春 instant, month at
each 節 instant (stem by 五虎遁), day by the date of the clock in use (with
`day_change` 23 the 23:00 hour already belongs to the next day; with 0 the day
pillar keeps the date but the 子 hour takes its stem from the next day), hour by
時辰 (stem by 五鼠遁 from the day that owns the 時辰).

The resolver is one: `resolve_moment` reads an instant through the parts below (`read_input`,
`clock_zone`, `aware`, `term_facts`, `ganzhi.shichen_pillars`, `clock.shichen_window`), and
`Resolver`, its fast form for the many instants of a range or of stdin, reads them through
the same parts with a cache in front of each (the term position, the 時辰's window, the
zone's label): `Resolver.moment(at)` is `resolve_moment(at, …)` (tests/test_resolve.py
compares them), `Resolver.reading(at)` what decides the pillars without the Moment (the
range writer of `cast`, `qimen.series`).
"""

from __future__ import annotations

import datetime as _dt
from typing import NamedTuple

from ..errors import QimenError
from . import clock
from .context import Context, get_context
from .ganzhi import ShichenPillars, month_pillar, shichen_pillars, year_pillar
from .moment import ClockKind, Moment, Pillars
from .shichen import Clock
from .terms import Term, TermTable, to_seconds

UTC = _dt.timezone.utc
_EPOCH = _dt.datetime(1970, 1, 1)
_ONE_HOUR = _dt.timedelta(hours=1)
_ONE_DAY = _dt.timedelta(days=1)
_new_tuple = tuple.__new__
_combine = _dt.datetime.combine
#: Entries kept by each per-key cache of a `Resolver` before it is cleared (its keys recur within days).
CACHE_SIZE = 20_000


# --- the parts ---------------------------------------------------------------------------


def read_input(at: str | _dt.datetime) -> tuple[_dt.datetime, str | None]:
    """(the datetime, the text as given) of an input instant: `--at` text, parsed strictly
    (`clock.parse_instant`), or a datetime (no text)."""
    if isinstance(at, str):
        return clock.parse_instant(at)[0], at
    return at, None


def clock_zone(value: _dt.datetime, tz: str | _dt.tzinfo | None) -> _dt.tzinfo:
    """The clock the 干支 are read on: `tz` (a name, an offset or a tzinfo), else the offset
    written with the instant, else the system zone."""
    if tz is not None:
        return tz if isinstance(tz, _dt.tzinfo) else clock.parse_zone(tz)
    if value.tzinfo is not None:
        return value.tzinfo  # an offset written with the instant and no --tz: the clock is that offset
    return clock.system_zone()


def aware(value: _dt.datetime, zone: _dt.tzinfo, text: str | None) -> _dt.datetime:
    """The instant written: its own offset, else civil time in `zone` (a summer-time gap is an error)."""
    return value if value.tzinfo is not None else clock.attach_zone(value, zone, text)


class TermFacts(NamedTuple):
    """The term at a position of the table with the year and month pillars it decides."""

    term: Term
    year: int
    month: int


def term_facts(table: TermTable, i: int, jie: Term | None = None) -> TermFacts:
    """The term at position `i` with the year pillar (at the 立春 instant) and the month pillar
    (at each 節) of its last 節 (`jie`: that 節, when known)."""
    now = table.terms[i]
    if jie is None:
        jie = now if now.is_jie else table.terms[i - 1]
    year = year_pillar(jie.k, jie.utc)
    return TermFacts(now, year, month_pillar(year, jie.k))


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
    value, text = read_input(at)
    zone = clock_zone(value, tz)
    instant = aware(value, zone, text)
    if text is None:
        text = clock.rfc3339(instant)
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
    around = table.around(ts)
    facts = term_facts(table, table.position(ts), around[2])
    sp = shichen_pillars(local.toordinal(), local.hour, day_change)
    return _moment(text, zone, clk.kind, day_change, instant, ts, civil, local, facts, sp, clock.shichen_window(local),
                   around, table, clock.format_offset(civil.utcoffset()), lon, context, lunar_zone)


#: The six terms around an instant (`TermTable.around`).
Around = tuple[Term, Term, Term, Term, Term, Term]


def _moment(text: str, zone: _dt.tzinfo, clock_kind: ClockKind, day_change: int, instant: _dt.datetime, ts: float,
            civil: _dt.datetime, local: _dt.datetime, facts: TermFacts, sp: ShichenPillars, window: tuple[float, float],
            around: Around, table: TermTable, offset: str, lon: float | None, context: Context,
            lunar_zone: str | None, zone_text: str | None = None) -> Moment:
    """The Moment of the parts read."""
    branch, hour_ordinal, hour_day, day, hour = sp
    hour_date = _dt.date.fromordinal(hour_ordinal)
    lunar = None
    if lunar_zone:
        # The lunar date of the same civil day whose 干支 is the day pillar (004 counts "正月初七日"
        # on the day it names by 干支), not the date of the instant in the reckoning zone.
        lunar = context.lunar_calendar(ts, lunar_zone).date(hour_date if day_change == 23 else local.date())
    term, next_term, jie, next_jie, qi, next_qi = around
    return Moment(
        at=text,
        tz=clock.zone_label(zone) if zone_text is None else zone_text,
        clock=clock_kind,
        day_change=day_change,
        instant_utc=instant,
        ts=ts,
        civil=civil,
        local=local,
        pillars=Pillars(facts[1], facts[2], day, hour),
        hour_branch=branch,
        hour_day=hour_day,
        hour_date=hour_date,
        hour_start=window[0],
        hour_end=window[1],
        term=term,
        next_term=next_term,
        jie=jie,
        next_jie=next_jie,
        qi=qi,
        next_qi=next_qi,
        lunar=lunar,
        table=table,
        offset=offset,
        lon=lon,
    )


# --- the fast form -----------------------------------------------------------------------


class Reading(NamedTuple):
    """What `Resolver.reading` reads of one instant: what decides its pillars."""

    text: str | None            # the instant as typed (None: an aware datetime was given)
    instant: _dt.datetime       # aware, as given (or attached to the civil zone)
    zone: _dt.tzinfo            # the civil clock's zone
    civil: _dt.datetime         # the civil clock's reading
    wall: _dt.datetime          # the same, naive (the wall clock)
    off: _dt.timedelta          # its UTC offset
    utc: _dt.datetime           # the instant in UTC, naive
    ts: float                   # the same in POSIX seconds
    local: _dt.datetime         # the reading of the clock the 干支 are taken on
    table: TermTable
    term_i: int                 # position of the term in force
    term: TermFacts
    shichen: ShichenPillars


class Resolver:
    """`resolve_moment` for many instants under one invocation's options (`tz`, `lon`,
    `solar_time`, `day_change`, `context`), the same parts with a cache in front of each.

    `reading(at)` raises QimenError where the fast form does not go (apparent solar time,
    another ephemeris, the edges of the term table, sub-second instants, input that is not
    an instant); `moment(at)` answers those through `resolve_moment` itself, which also words
    every error.  Every cache is bounded."""

    def __init__(self, tz: str | _dt.tzinfo | None, lon: float | None, solar_time: str, day_change: int,
                 context: Context) -> None:
        self.tz = tz if tz is None or isinstance(tz, _dt.tzinfo) else clock.parse_zone(tz)
        self.lon, self.solar_time, self.day_change, self.context = lon, solar_time, day_change, context
        try:
            self.system_zone: _dt.tzinfo | None = clock.system_zone() if tz is None else None
        except QimenError:  # a TZ naming no zone: needed only by an instant without offset, which resolve_moment refuses
            self.system_zone = None
        self.supported = not (lon is not None and solar_time == "apparent") and context.shipped
        self.solar = None if lon is None else clock.mean_solar_zone(lon)
        self.clock_kind = ClockKind.CIVIL if lon is None else ClockKind.MEAN_SOLAR
        self._table: TermTable | None = None
        self._lo = self._hi = 0.0
        self._last_i = -1
        self._last_table: TermTable | None = None
        self._last_facts: TermFacts | None = None
        self._terms: dict[tuple[int, int], TermFacts] = {}
        self._around: dict[tuple[int, int], Around] = {}
        self._windows: dict[tuple[int, _dt.tzinfo], tuple[int | None]] = {}
        self._zones: dict[_dt.tzinfo, str] = {}
        self._offsets: dict[_dt.timedelta, str] = {}

    def reading(self, at: object) -> Reading:
        """What decides the pillars of one instant (text or aware datetime), or QimenError (see the class)."""
        if not self.supported:
            raise QimenError("not supported by the fast form")
        if at.__class__ is _dt.datetime:
            value, text = at, None
        elif isinstance(at, str):
            value, text = read_input(at)
        else:  # an unreadable line of stdin and the like: resolve_moment reports it
            raise QimenError("not an instant")
        zone = self.tz or value.tzinfo or self.system_zone
        if zone is None:
            raise QimenError("no zone")  # resolve_moment names the bad TZ
        instant = value if value.tzinfo is not None else clock.attach_zone(value, zone, text)
        civil = instant if instant.tzinfo is zone else instant.astimezone(zone)
        if civil.microsecond:
            raise QimenError("sub-second instant")  # rounding: resolve_moment
        off: _dt.timedelta = civil.utcoffset()  # type: ignore[assignment]  # civil is aware: it has one
        wall = _combine(civil, civil.time())  # civil.replace(tzinfo=None) (its fold kept), a sixth of the cost
        u = wall - off  # UTC, naive
        delta = u - _EPOCH
        ts = delta.days * 86400.0 + delta.seconds  # `terms.to_seconds` of a whole second
        table = self._table
        if table is None or not self._lo <= ts < self._hi:
            table = self._table = self.context.table_for(ts)
            self._lo, self._hi = self.context.span()
        i = self._last_i
        stamps = table.stamps
        facts = self._last_facts  # the term of the instant before, when it is this one's
        if facts is None or table is not self._last_table or not stamps[i] <= ts < stamps[i + 1]:
            i = table.position(ts)
            if i < 1 or i + 2 >= len(stamps):
                raise QimenError("edge of the term table")  # resolve_moment handles it
            facts = self._last_facts = self.term(table, i)
            self._last_i, self._last_table = i, table
        local = civil if self.solar is None else instant.astimezone(self.solar)
        sp = shichen_pillars(local.toordinal(), local.hour, self.day_change)
        # tuple.__new__: the same NamedTuple as Reading(...) without its Python-level __new__.
        return _new_tuple(Reading, (text, instant, zone, civil, wall, off, u, ts, local, table, i, facts, sp))

    def term(self, table: TermTable, i: int) -> TermFacts:
        """`term_facts` of position i, cached."""
        key = (id(table), i)
        hit = self._terms.get(key)
        if hit is None:
            if len(self._terms) >= CACHE_SIZE:
                self._terms.clear()
            hit = self._terms[key] = term_facts(table, i)
        return hit

    def window(self, local: _dt.datetime) -> tuple[float, float]:
        """The 時辰 holding `local` as instants (`clock.shichen_window`), with the clock's offset
        over the day read once a day (`day_offset`)."""
        return clock.shichen_window_at(local, self.day_offset(local))

    def day_offset(self, local: _dt.datetime) -> int | None:
        """The UTC offset in whole seconds of `local`'s clock from 23:00 the day before to 01:00
        the day after (every 時辰 owned by or ending on its date), when it is one offset there
        (read at both ends, both folds, as `shichen.day_groups` reads a day); else None."""
        zone: _dt.tzinfo = local.tzinfo  # type: ignore[assignment]  # a clock's reading is aware
        key = (local.toordinal(), zone)
        hit = self._windows.get(key)
        if hit is None:
            offsets: set[_dt.timedelta | None]
            if zone.__class__ is _dt.timezone:
                offsets = {zone.utcoffset(None)}
            else:
                day = _dt.datetime.fromordinal(key[0])
                ends = (day - _ONE_HOUR, day + _ONE_DAY + _ONE_HOUR)
                offsets = {zone.utcoffset(t.replace(fold=f)) for t in ends for f in (0, 1)}
            one = offsets.pop() if len(offsets) == 1 else None
            seconds = one.total_seconds() if one is not None else None
            if len(self._windows) >= CACHE_SIZE:
                self._windows.clear()
            hit = self._windows[key] = (int(seconds),) if seconds is not None and seconds == int(seconds) else (None,)
        return hit[0]

    def moment(self, at: str | _dt.datetime, table: TermTable | None = None, lunar_zone: str | None = None) -> Moment:
        """`resolve_moment(at, tz, lon=…, solar_time=…, day_change=…, context=…, table=…,
        lunar_zone=…)`, through the fast form where it goes."""
        if table is None:
            try:
                r = self.reading(at)
            except QimenError:
                r = None
            if r is not None:
                return self._moment(r, lunar_zone)
        return resolve_moment(at, self.tz, lon=self.lon, solar_time=self.solar_time, day_change=self.day_change,
                              context=self.context, table=table, lunar_zone=lunar_zone)

    def _moment(self, r: Reading, lunar_zone: str | None) -> Moment:
        key = (id(r.table), r.term_i)
        around = self._around.get(key)
        if around is None:
            if len(self._around) >= CACHE_SIZE:
                self._around.clear()
            around = self._around[key] = r.table.around(r.ts)
        zone = r.zone
        label = self._zones.get(zone)
        if label is None:
            label = self._zones[zone] = clock.zone_label(zone)
        offset = self._offsets.get(r.off)
        if offset is None:
            offset = self._offsets[r.off] = clock.format_offset(r.off)
        text = r.text if r.text is not None else clock.rfc3339(r.instant)
        return _moment(text, zone, self.clock_kind, self.day_change, r.utc.replace(tzinfo=UTC), r.ts, r.civil, r.local,
                       r.term, r.shichen, self.window(r.local), around, r.table, offset, self.lon, self.context,
                       lunar_zone, label)
