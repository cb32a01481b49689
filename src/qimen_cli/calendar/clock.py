"""Clock time: parsing `--at`, zones, and local solar time.

More precisely: an input without offset is civil time in `--tz` (an IANA zone or a
fixed offset; default the system's zone); historical offsets and summer time come
from the zone database.  A clock time that does not exist (a summer-time gap) is
an error; an ambiguous one takes its first occurrence.  With `--lon` the 干支 are
taken on local mean solar time (UT1 + longitude/15 h) or, with `apparent`, on local
apparent solar time (the Sun's hour angle + 12 h, from the ephemeris).
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import re
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

UTC = _dt.timezone.utc
#: Proleptic-Gregorian ordinal of 1970-01-01 (POSIX second 0).
EPOCH_ORDINAL = _dt.date(1970, 1, 1).toordinal()
_OFFSET = re.compile(r"^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$")


from ..errors import BadInput

#: The name the calendar modules use for bad input (one class: errors.BadInput).
InputError = BadInput


@lru_cache(maxsize=64)
def parse_zone(text: str | None) -> _dt.tzinfo:
    """An IANA zone name or a fixed offset ('+09:00', '-0330', 'UTC')."""
    if text is None:
        return system_zone()
    if text.upper() in ("UTC", "Z", "GMT"):
        return UTC
    m = _OFFSET.match(text.strip())
    if m:
        sign = -1 if m.group(1) == "-" else 1
        delta = _dt.timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0))
        if delta >= _dt.timedelta(hours=24):
            raise InputError(f"unknown time zone: {text!r}")
        return _dt.timezone(sign * delta)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise InputError(f"unknown time zone: {text!r}") from None


def system_zone() -> _dt.tzinfo:
    """The system's zone: $TZ, else /etc/localtime's zone name, else UTC."""
    name = os.environ.get("TZ", "").lstrip(":")
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    try:
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            return ZoneInfo(target.split("zoneinfo/", 1)[1])
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    return UTC


@lru_cache(maxsize=64)
def zone_label(zone: _dt.tzinfo) -> str:
    if isinstance(zone, ZoneInfo):
        return zone.key
    if zone is UTC:
        return "UTC"
    return format_offset(zone.utcoffset(None))


@lru_cache(maxsize=256)
def format_offset(delta: _dt.timedelta | None) -> str:
    """timedelta → '+08:00' (seconds shown only when present)."""
    if delta is None:
        return ""
    total = delta.total_seconds()
    sign = "-" if total < 0 else "+"
    total = abs(total)
    h, rem = divmod(int(total), 3600)
    m, s = divmod(rem, 60)
    frac = total - int(total)
    if s or frac:
        return f"{sign}{h:02d}:{m:02d}:{s + frac:02.0f}" if not frac else f"{sign}{h:02d}:{m:02d}:{s + frac:06.3f}"
    return f"{sign}{h:02d}:{m:02d}"


def parse_at(text: str, zone: _dt.tzinfo) -> _dt.datetime:
    """Parse `--at` (ISO-8601, with or without offset) into an aware instant.

    The common forms are read by the standard library; anything else goes to
    python-dateutil (ISO-8601 first, then its general parser), imported only then.
    """
    raw = text.strip()
    try:
        value = _dt.datetime.fromisoformat(raw)
    except ValueError:
        value = None
    if value is None:
        from dateutil import parser

        try:
            value = parser.isoparse(raw)
        except (ValueError, OverflowError):
            try:
                value = parser.parse(raw)
            except (ValueError, OverflowError, parser.ParserError):
                raise InputError(f"cannot read the time {text!r} (expected ISO-8601 like 2024-03-05T11:00)") from None
    if value.tzinfo is not None:
        return value
    return attach_zone(value, zone, text)


def attach_zone(naive: _dt.datetime, zone: _dt.tzinfo, text: str | None = None) -> _dt.datetime:
    """Civil clock time in `zone` → aware datetime; a summer-time gap is an error."""
    aware = naive.replace(tzinfo=zone, fold=0)
    back = aware.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if back != naive:
        raise InputError(
            f"the time {text or naive.isoformat()!r} does not exist on the clock of {zone_label(zone)} (summer-time gap)"
        )
    return aware


def mean_solar_zone(lon: float) -> _dt.timezone:
    """The fixed offset of local mean solar time at longitude `lon` (east positive)."""
    return _dt.timezone(_dt.timedelta(seconds=round(lon * 240.0, 3)))


def shichen_window(local: _dt.datetime) -> tuple[float, float]:
    """The 時辰 holding the clock time `local` (23:00–01:00 子, 01:00–03:00 丑 …), as POSIX instants.

    More precisely: the wall-clock bounds (odd hours) turned into instants through
    the clock's own zone, so that a 時辰 spanning a summer-time change has its true length.
    A bound is the first instant the wall clock shows that hour: the fold of `local`
    (the second pass of a repeated hour) does not leak into it, so 01:30 EST on a
    fall-back day lies in the 丑 時辰 that began at 01:00 EDT.
    """
    from .terms import to_seconds

    wall = local.replace(tzinfo=None, fold=0)
    start_hour = wall.hour if wall.hour % 2 else (wall.hour - 1) % 24
    start = wall.replace(hour=start_hour, minute=0, second=0, microsecond=0)
    if start > wall:
        start -= _dt.timedelta(days=1)
    return (to_seconds(start.replace(tzinfo=local.tzinfo)),
            to_seconds((start + _dt.timedelta(hours=2)).replace(tzinfo=local.tzinfo)))


def first_second(ts: float) -> float:
    """The first whole POSIX second at or after the instant `ts`.

    A line in time (a term instant, a 時辰 bound) is printed to the second; the
    first whole second at which the new value holds is ceil(ts), never the
    rounded or truncated instant, at which the old value may still hold.
    """
    return float(math.ceil(ts))


def boundary_utc(ts: float) -> _dt.datetime:
    """`first_second(ts)` as an aware UTC datetime: how a boundary is named to the user."""
    return _to_datetime(first_second(ts))


def shichen_start(ts: float, tz: _dt.tzinfo) -> float:
    """Start of the 時辰 (odd clock hour) containing the instant `ts` on the clock `tz`."""
    from .terms import to_datetime

    return shichen_window(to_datetime(ts).astimezone(tz))[0]


def _to_datetime(ts: float) -> _dt.datetime:
    from .terms import to_datetime

    return to_datetime(ts)


def local_ordinal(ts: float, tz: _dt.tzinfo) -> int:
    """Proleptic-Gregorian ordinal of the civil date of the instant `ts` in `tz`."""
    return local_ordinals([ts], tz)[0]


def local_ordinals(stamps, tz: _dt.tzinfo) -> list[int]:
    """Ordinals of the civil dates of many instants in `tz` (fast paths for fixed offsets)."""
    if isinstance(tz, _dt.timezone):
        off = tz.utcoffset(None).total_seconds()
        e, floor = EPOCH_ORDINAL, math.floor
        return [e + floor((s + off) / 86400.0) for s in stamps]
    try:
        fromts = _dt.datetime.fromtimestamp
        return [fromts(s, tz).toordinal() for s in stamps]
    except (OverflowError, OSError, ValueError):  # platforms without negative timestamps
        return [_to_datetime(s).astimezone(tz).toordinal() for s in stamps]


def local_time(ts: float, tz: _dt.tzinfo) -> _dt.datetime:
    """The instant `ts` on the clock of `tz`."""
    return _to_datetime(ts).astimezone(tz)


def fmt_time(ts: float, tz: _dt.tzinfo) -> str:
    """The instant `ts` on the clock of `tz`, to the minute ('2024-03-05 11:00')."""
    return local_time(ts, tz).strftime("%Y-%m-%d %H:%M")


def equation_of_time(ts: float, context) -> float:
    """Apparent minus mean solar time, in seconds, at POSIX-UT1 instant `ts`.

    More precisely: 12 h + the Greenwich hour angle of the apparent Sun (true
    equinox of date) minus UT1, wrapped to ±12 h; the same at every longitude.
    """
    from .ephemeris import load, timescale
    from .terms import UNIX_EPOCH_JD

    eph = load(context.path)
    t = timescale().ut1_jd(ts / 86400.0 + UNIX_EPOCH_JD)
    ra, _, _ = eph["earth"].at(t).observe(eph["sun"]).apparent().radec(epoch="date")
    hour_angle = (t.gast - ra.hours) % 24.0
    apparent = (hour_angle + 12.0) % 24.0
    ut = (ts / 3600.0) % 24.0
    diff = (apparent - ut + 12.0) % 24.0 - 12.0
    return diff * 3600.0
