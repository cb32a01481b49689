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
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

UTC = _dt.timezone.utc
#: Proleptic-Gregorian ordinal of 1970-01-01 (POSIX second 0).
EPOCH_ORDINAL = _dt.date(1970, 1, 1).toordinal()
#: A UTC offset, +09:00 / +0900 / +09 (after UTC or GMT too).  More precisely: this pattern and
#: `_POSIX_STD` are compiled when first matched (`re.match`'s cache), not on import: a zone
#: given by its name needs neither, and each costs a start about 1 M instructions.
_OFFSET = r"^(?:UTC|GMT)?([+-])(\d{2})(?::?(\d{2}))?$"


from ..errors import BadInput

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Protocol

    class Context(Protocol):
        """What the equation of time reads of a `context.Context` (which imports this module): its ephemeris."""

        @property
        def path(self) -> Path | None: ...

#: The name the calendar modules use for bad input (one class: errors.BadInput).
InputError = BadInput


#: The accepted forms of a zone, for error messages.
ZONE_FORMS = "an IANA name (Asia/Seoul), an offset (+09:00, +0900, +09) or UTC"

#: Zone abbreviations users type → the IANA zones each may mean, with where (a data table:
#: `abbreviation_hint` words the refusal from it).  One entry: a zone such as it (AEST is
#: Sydney, Melbourne, Brisbane …); several: the abbreviation is ambiguous (CST is China,
#: Taiwan, the US and Cuba) and the refusal lists them all.
ABBREVIATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "KST": (("Asia/Seoul", "Korea"),),
    "JST": (("Asia/Tokyo", "Japan"),),
    "CST": (("Asia/Shanghai", "China"), ("Asia/Taipei", "Taiwan"), ("America/Chicago", "US Central"),
            ("America/Havana", "Cuba")),
    "HKT": (("Asia/Hong_Kong", "Hong Kong"),),
    "SGT": (("Asia/Singapore", "Singapore"),),
    "PHT": (("Asia/Manila", "Philippines"),),
    "ICT": (("Asia/Bangkok", "Indochina"),),
    "WIB": (("Asia/Jakarta", "western Indonesia"),),
    "MYT": (("Asia/Kuala_Lumpur", "Malaysia"),),
    "PKT": (("Asia/Karachi", "Pakistan"),),
    "IST": (("Asia/Kolkata", "India"), ("Europe/Dublin", "Ireland"), ("Asia/Jerusalem", "Israel")),
    "EST": (("America/New_York", "US Eastern"),),
    "EDT": (("America/New_York", "US Eastern"),),
    "CDT": (("America/Chicago", "US Central"), ("America/Havana", "Cuba")),
    "MST": (("America/Denver", "US Mountain"), ("America/Phoenix", "Arizona")),
    "MDT": (("America/Denver", "US Mountain"),),
    "PST": (("America/Los_Angeles", "US Pacific"), ("Asia/Manila", "Philippines")),
    "PDT": (("America/Los_Angeles", "US Pacific"),),
    "AKST": (("America/Anchorage", "Alaska"),),
    "HST": (("Pacific/Honolulu", "Hawaii"),),
    "AST": (("America/Halifax", "Atlantic"), ("Asia/Riyadh", "Arabia")),
    "GMT": (("UTC", "no summer time"), ("Europe/London", "Britain")),
    "BST": (("Europe/London", "Britain"), ("Asia/Dhaka", "Bangladesh")),
    "WET": (("Europe/Lisbon", "western Europe"),),
    "WEST": (("Europe/Lisbon", "western Europe"),),
    "CET": (("Europe/Berlin", "central Europe"),),
    "CEST": (("Europe/Berlin", "central Europe"),),
    "EET": (("Europe/Athens", "eastern Europe"),),
    "EEST": (("Europe/Athens", "eastern Europe"),),
    "MSK": (("Europe/Moscow", "Moscow"),),
    "SAST": (("Africa/Johannesburg", "South Africa"),),
    "AEST": (("Australia/Sydney", "eastern Australia"),),
    "AEDT": (("Australia/Sydney", "eastern Australia"),),
    "ACST": (("Australia/Adelaide", "central Australia"),),
    "AWST": (("Australia/Perth", "western Australia"),),
    "NZST": (("Pacific/Auckland", "New Zealand"),),
    "NZDT": (("Pacific/Auckland", "New Zealand"),),
}


def abbreviation_hint(text: str) -> str | None:
    """What to say of a zone abbreviation (`ABBREVIATIONS`): "an abbreviation; use an IANA
    name such as Asia/Tokyo", or for an ambiguous one every zone it may mean; None when
    `text` is not one.  The caller adds the other forms it accepts."""
    zones = ABBREVIATIONS.get(text.strip().upper())
    if zones is None:
        return None
    if len(zones) == 1:
        return f"an abbreviation; use an IANA name such as {zones[0][0]}"
    listed = ", ".join(f"{name} ({where})" for name, where in zones)
    return f"an abbreviation of several zones; use one of the IANA names {listed}"


def _iana(name: str) -> ZoneInfo | None:
    """The IANA zone `name` from the zone database, or None (empty, a relative path, not a zone)."""
    if not name or name.startswith(".") or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


@lru_cache(maxsize=64)
def parse_zone(text: str | None) -> _dt.tzinfo:
    """A zone: an IANA name, a fixed offset (``+09:00``, ``+0900``, ``+09``), ``Z`` or ``UTC``.

    More precisely: None is the system zone; an unknown name raises BadInput with up to
    three close IANA names; an abbreviation such as KST asks for an IANA name instead.
    """
    if text is None:
        return system_zone()
    raw = text.strip()
    if raw.upper() in ("UTC", "Z"):
        return UTC
    m = re.match(_OFFSET, raw) if raw[:1] in ("+", "-") or raw[:3] in ("UTC", "GMT") else None
    if m:
        return fixed_offset(raw, m)
    hint = abbreviation_hint(raw)
    if hint is not None:
        raise InputError(f"time zone {text!r} is {hint}, or an offset like +09:00")
    zone = None if raw.startswith("/") else _iana(raw)
    if zone is not None:
        return zone
    loose = re.match(_LOOSE_OFFSET, raw)
    if loose and int(loose.group(2)) <= 23 and int(loose.group(3) or 0) <= 59:
        raise InputError(f"unknown time zone {text!r}; did you mean {loose_offset_hint(loose)}")
    close = close_zone_names(raw)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; expected {ZONE_FORMS}"
    if any(re.match(_ETC_GMT, name) for name in close):
        hint += f" ({ETC_GMT_NOTE})"
    raise InputError(f"unknown time zone {text!r}{hint}")


def parse_offset(text: str, m: re.Match[str] | None = None) -> tuple[int, int, int]:
    """The one parser of a UTC offset: ``+09:00`` / ``+0900`` / ``+09`` (after ``UTC`` or ``GMT``
    too) → (sign, hours, minutes); BadInput when it is not one or beyond ±23:59."""
    m = m or re.match(_OFFSET, text.strip())
    if not m:
        raise InputError(f"{text!r} is not an offset like +09:00")
    hours, minutes = int(m.group(2)), int(m.group(3) or 0)
    if hours > 23 or minutes > 59:
        raise InputError(f"offset {text!r} is out of range (−23:59 … +23:59)")
    return (-1 if m.group(1) == "-" else 1), hours, minutes


def fixed_offset(text: str, m: re.Match[str] | None = None) -> _dt.timezone:
    """``+09:00`` / ``+0900`` / ``+09`` → a fixed-offset zone; BadInput beyond ±23:59."""
    sign, hours, minutes = parse_offset(text, m)
    return _dt.timezone(sign * _dt.timedelta(hours=hours, minutes=minutes))


#: An offset typed loosely: one-digit hours or a space (``GMT+9``, ``UTC+9``, ``+9``, ``UTC +9:30``; any
#: case).  This pattern and `_ETC_GMT` are compiled when first matched, as `_OFFSET` is: only a
#: bad zone or a name's sign reads them.
_LOOSE_OFFSET = r"(?i)^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$"
#: An Etc/GMT±N zone name (any case), whose sign is POSIX's: Etc/GMT+9 is nine hours WEST (UTC−09:00).
_ETC_GMT = r"(?i)^Etc/GMT([+-])(\d{1,2})$"
#: What an Etc/GMT±N name means, said whenever one might be reached for.
ETC_GMT_NOTE = "Etc/GMT±N names count west of Greenwich positive (POSIX signs): Etc/GMT+9 is UTC−09:00"


def loose_offset_hint(m: re.Match[str]) -> str:
    """The offset a loosely typed ``GMT+9`` means, written as accepted (``+09:00``), and what the
    look-alike Etc/GMT name would mean instead — never that name: its sign is the opposite."""
    hours, minutes = int(m.group(2)), int(m.group(3) or 0)
    return f"{m.group(1)}{hours:02d}:{minutes:02d}? Not Etc/GMT{m.group(1)}{hours}: {ETC_GMT_NOTE}"


def _typed_sign(text: str) -> int:
    """The sign of the offset typed in `text` (+1, −1), 0 when none was typed."""
    m = re.search(r"(?:UTC|GMT)\s*([+-])\s*\d", text, re.IGNORECASE)
    return 0 if m is None else (1 if m.group(1) == "+" else -1)


def _zone_sign(name: str) -> int:
    """The sign of the UTC offset of an Etc/GMT±N name (POSIX signs, so the opposite of the name's),
    0 for every other name."""
    m = re.match(_ETC_GMT, name)
    if m is None or int(m.group(2)) == 0:
        return 0
    return -1 if m.group(1) == "+" else 1


def close_zone_names(text: str, n: int = 3) -> list[str]:
    """Up to `n` IANA zone names close to `text` (for 'did you mean').

    More precisely: never a name whose offset has the opposite sign of one typed in `text`
    (``GMT+9`` is not Etc/GMT+9, which is UTC−09:00)."""
    import difflib
    import zoneinfo

    typed = _typed_sign(text)
    names = sorted(name for name in zoneinfo.available_timezones()
                   if not (typed and _zone_sign(name) == -typed))
    lowered = {name.lower(): name for name in names}
    hits = difflib.get_close_matches(text.lower(), list(lowered), n=n, cutoff=0.6)
    if not hits and "/" not in text:
        # A city alone ("Seoul"): match the part after the slash.
        tails = {name.rsplit("/", 1)[-1].lower(): name for name in names if "/" in name}
        return [tails[t] for t in difflib.get_close_matches(text.lower(), list(tails), n=n, cutoff=0.7)]
    return [lowered[h] for h in hits]


def system_zone() -> _dt.tzinfo:
    """The system's zone: $TZ (`tz_zone`), else /etc/localtime's zone, else UTC.

    More precisely: a TZ that names no zone is refused (BadInput naming it), never read as
    UTC the way the C library reads it (TZ=Mars/Olympus and TZ=JST are UTC there).
    """
    return tz_zone(os.environ.get("TZ"))


#: A POSIX TZ value without summer time: a name of three or more letters (or one in <…>) and
#: the hours WEST of Greenwich, as POSIX counts them (KST-9 is UTC+09:00, UTC0 is UTC).
_POSIX_STD = r"^(?:[A-Za-z]{3,}|<[A-Za-z0-9+-]{1,}>)([+-]?)(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?$"
#: The accepted forms of TZ, for its refusal.
TZ_FORMS = "an IANA name (Asia/Seoul), a POSIX offset such as KST-9 or UTC0, or a zone file's path"


@lru_cache(maxsize=16)
def tz_zone(value: str | None) -> _dt.tzinfo:
    """The zone a TZ value names: unset (or ":") → /etc/localtime's zone (UTC without one);
    empty → UTC (as the C library reads it);
    an IANA name (":" before it allowed); a zone file's path (``:/etc/localtime``); a POSIX
    offset without summer time (``KST-9``, ``UTC0``) → that fixed offset.  Anything else —
    an unknown name, an abbreviation such as JST, a POSIX rule with summer time
    (``EST5EDT,M3.2.0,M11.1.0``) — raises BadInput naming the value."""
    if value is None or value == ":":
        return _localtime_zone()
    if value == "":
        return UTC
    name = value[1:] if value.startswith(":") else value
    if name.startswith("/"):
        zone = _zone_file(name)
        if zone is not None:
            return zone
        raise InputError(f"TZ={value!r} in the environment: no zone file there; set TZ to {TZ_FORMS}, unset it, or give --tz")
    zone = _iana(name)
    if zone is not None:
        return zone
    m = re.match(_POSIX_STD, name)
    if m:
        sign = 1 if m.group(1) == "-" else -1  # POSIX counts west of Greenwich
        hours, minutes, seconds = int(m.group(2)), int(m.group(3) or 0), int(m.group(4) or 0)
        if hours < 24 and minutes < 60 and seconds < 60:
            delta = _dt.timedelta(hours=hours, minutes=minutes, seconds=seconds)
            return UTC if not delta else _dt.timezone(sign * delta)
    hint = abbreviation_hint(name)
    if hint is not None:
        raise InputError(f"TZ={value!r} in the environment is {hint} (or unset TZ, or give --tz)")
    if "," in name:
        raise InputError(f"TZ={value!r} in the environment is a POSIX rule with summer time, which qimen does not read; "
                         f"set TZ to {TZ_FORMS}, or give --tz")
    raise InputError(f"TZ={value!r} in the environment names no time zone; set TZ to {TZ_FORMS}, unset it, or give --tz")


def _zone_file(path: str) -> _dt.tzinfo | None:
    """The zone of a zone file: by its IANA name when it lies under a zoneinfo directory
    (a link such as /etc/localtime followed), else read from the file; None when unreadable."""
    target = os.path.realpath(path)
    if "zoneinfo/" in target:
        try:
            return ZoneInfo(target.split("zoneinfo/", 1)[1])
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    try:
        with open(target, "rb") as f:
            return ZoneInfo.from_file(f, key=path)
    except (OSError, ValueError):
        return None


def _localtime_zone() -> _dt.tzinfo:
    """The zone of /etc/localtime (by its name under zoneinfo/, else the file itself); UTC when
    there is none, as the C library reads it."""
    if not os.path.exists("/etc/localtime"):
        return UTC
    return _zone_file("/etc/localtime") or UTC


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


_MINUTE = _dt.timedelta(minutes=1)
_MICROSECOND = _dt.timedelta(microseconds=1)


def offset_minutes(delta: _dt.timedelta) -> str:
    """A UTC offset as RFC 3339 writes it, ±HH:MM: its whole minutes, cut toward zero (+08:27:52
    → +08:27, -00:25:21 → -00:25); what is left over is the offset's own field's to give
    (`format_offset`)."""
    micro = delta // _MICROSECOND
    h, m = divmod(abs(micro) // 60_000_000, 60)
    return f"{'-' if micro < 0 else '+'}{h:02d}:{m:02d}"


def rfc3339(value: _dt.datetime, timespec: str = "auto") -> str:
    """An aware datetime as RFC 3339 text: `isoformat(timespec=…)` whenever its offset is whole
    minutes (the same text, byte for byte); else the clock reading as it stands with the offset
    to the minute (`offset_minutes`), since RFC 3339 (and pandas, jq) read no seconds in an
    offset: a local mean time (+08:27:52) or a solar clock (+08:27:55.2)."""
    off = value.utcoffset()
    if off is None or not off % _MINUTE:
        return value.isoformat(timespec=timespec)
    return value.replace(tzinfo=None).isoformat(timespec=timespec) + offset_minutes(off)


def whole_minutes(delta: _dt.timedelta | None) -> bool:
    """Whether an offset is whole minutes (RFC 3339 writes it as it is)."""
    return delta is None or not delta % _MINUTE


#: An ISO-8601 instant: date, then optionally `T` or a space and hh:mm[:ss[.fff]], then
#: optionally Z or ±HH:MM / ±HHMM.
_INSTANT = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})"
    r"(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?"
    r"(?:\s*([Zz]|[+-]\d{2}(?::?\d{2})))?$"
)

#: The accepted forms of an instant, for error messages.
INSTANT_FORM = "ISO-8601 like 2024-03-05T11:00, 2024-03-05 11:00:30 or 2024-03-05T11:00+09:00"


def parse_instant(text: str, *, need_time: bool = True, option: str = "") -> tuple[_dt.datetime, bool]:
    """Read an ISO-8601 instant strictly: (datetime, has_time).

    More precisely: ``YYYY-MM-DD``, then ``T`` or a space and ``hh:mm``, optional
    ``:ss`` and fraction, then optional ``Z`` or ``±HH:MM``/``±HHMM``.  The datetime is
    naive (civil time, zone still to be applied) unless an offset was written, then it
    carries that fixed offset.  A date alone is accepted only when `need_time` is false
    (the start of that day).  Nothing is guessed: every other form is BadInput naming
    `option` and the accepted form.
    """
    raw = text.strip()
    what = f"{option} {text!r}" if option else repr(text)
    m = _INSTANT.match(raw)
    if not m:
        raise InputError(f"cannot read {what} as a time: expected {INSTANT_FORM}")
    year, month, day, hour, minute, second, frac, off = m.groups()
    if hour is None:
        if need_time:
            raise InputError(f"{what} has no time of day: write e.g. {raw}T12:00")
        if off is not None:
            raise InputError(f"cannot read {what}: an offset needs a time of day (e.g. {year}-{month}-{day}T00:00{off})")
    micro = 0
    if frac:
        micro = int((frac + "000000")[:6])
    try:
        value = _dt.datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0), micro)
    except ValueError as exc:
        raise InputError(f"cannot read {what} as a time: {exc}") from None
    if not 1 < value.year < 9999:
        raise InputError(f"{what} is outside every ephemeris span (years 2–9998 at most, with --ephemeris FILE; "
                         "the shipped tables: 1799–2201)")
    if off is not None:
        if off in ("Z", "z"):
            value = value.replace(tzinfo=UTC)
        else:
            value = value.replace(tzinfo=fixed_offset(off))
    return value, hour is not None


def parse_at(text: str, zone: _dt.tzinfo, *, need_time: bool = True, option: str = "") -> _dt.datetime:
    """Parse an instant (see `parse_instant`) into an aware datetime: civil time is read in `zone`."""
    value, _ = parse_instant(text, need_time=need_time, option=option)
    if value.tzinfo is not None:
        return value
    return attach_zone(value, zone, text)


def attach_zone(naive: _dt.datetime, zone: _dt.tzinfo, text: str | None = None) -> _dt.datetime:
    """Civil clock time in `zone` → aware datetime; a summer-time gap is an error."""
    aware = naive.replace(tzinfo=zone, fold=0)
    try:
        back = aware.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    except OverflowError:  # 0001-01-01 on a clock east of UTC, 9999-12-31 west of it
        from ..errors import OutOfSpan

        raise OutOfSpan(f"the time {text or naive.isoformat()!r} on the clock of {zone_label(zone)} is outside every "
                        f"ephemeris span (years 2–9998 at most, with --ephemeris FILE; the shipped tables: "
                        f"1799–2201)") from None
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
    return shichen_window_at(local, None)


def shichen_window_at(local: _dt.datetime, offset: int | None) -> tuple[float, float]:
    """`shichen_window(local)`; `offset`: the clock's UTC offset in whole seconds at both bounds
    when the caller knows it (`resolve.Resolver`: a day without a change of offset), else None
    (each bound's offset is looked up on the clock's own zone)."""
    from .terms import to_seconds

    hour = local.hour
    start_hour = hour if hour % 2 else (hour - 1) % 24
    ordinal = local.toordinal() - (start_hour > hour)  # 00:xx: the 子 時辰 began at 23:00 the day before
    if offset is not None:
        wall = (ordinal - EPOCH_ORDINAL) * 86400 + start_hour * 3600 - offset  # whole seconds: exact
        return float(wall), float(wall + 7200)
    start = _dt.datetime.fromordinal(ordinal).replace(hour=start_hour)
    return (to_seconds(start.replace(tzinfo=local.tzinfo)),
            to_seconds((start + _dt.timedelta(hours=2)).replace(tzinfo=local.tzinfo)))


def first_second(ts: float) -> float:
    """The first whole POSIX second at or after the instant `ts`.

    A line in time (a term instant, a 時辰 bound) is printed to the second; the
    first whole second at which the new value holds is ceil(ts), never the
    rounded or truncated instant, at which the old value may still hold.
    """
    return float(math.ceil(ts))


def first_whole_second(value: _dt.datetime) -> _dt.datetime:
    """`first_second` of an aware datetime, on its own clock: the first whole second at or after it.

    The one rounding rule of every printed instant (a term, a boundary, a window's edge, the
    instant asked): 10:22:46.5 is printed 10:22:47, 10:22:46.000 stays 10:22:46.  A term
    is so named by the first second at which it holds, in every view and every JSON key.
    """
    micro = value.microsecond
    return value if not micro else value + _dt.timedelta(microseconds=1_000_000 - micro)


@lru_cache(maxsize=4096)
def boundary_utc(ts: float) -> _dt.datetime:
    """`first_second(ts)` as an aware UTC datetime: how a boundary is named to the user."""
    return _to_datetime(first_second(ts))


def printed_utc(value: float | _dt.datetime) -> _dt.datetime:
    """The aware UTC datetime by which the instant `value` (POSIX seconds or an aware datetime)
    is printed, in every view and JSON key: `boundary_utc` of seconds, `first_whole_second` of
    a datetime."""
    if isinstance(value, _dt.datetime):
        return first_whole_second(value.astimezone(_dt.timezone.utc))
    return boundary_utc(value)


@lru_cache(maxsize=1024)
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


def local_ordinals(stamps: Iterable[float], tz: _dt.tzinfo) -> list[int]:
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


def equation_of_time(ts: Any, context: Context) -> Any:
    """Apparent minus mean solar time, in seconds, at POSIX-UT1 instant `ts` (a float, or a
    numpy array of them: the arithmetic is element by element; so is the answer, typed Any).

    More precisely: 12 h + the Greenwich hour angle of the apparent Sun (true
    equinox of date) minus UT1, wrapped to ±12 h; the same at every longitude.
    """
    from .ephemeris import computing, load, timescale
    from .terms import UNIX_EPOCH_JD

    eph = load(context.path)
    t = timescale().ut1_jd(ts / 86400.0 + UNIX_EPOCH_JD)
    with computing(context.path):
        ra, _, _ = eph["earth"].at(t).observe(eph["sun"]).apparent().radec(epoch="date")
    hour_angle = (t.gast - ra.hours) % 24.0
    apparent = (hour_angle + 12.0) % 24.0
    ut = (ts / 3600.0) % 24.0
    diff = (apparent - ut + 12.0) % 24.0 - 12.0
    return diff * 3600.0
