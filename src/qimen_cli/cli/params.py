"""The parse layer: click parameter types and the shared option decorators.

More precisely: every option is parsed once, here, by a click `ParamType`, and the
command receives typed values — an `Instant` (strict ISO-8601, see
`calendar.clock.parse_instant`), a zone (`tzinfo`), a `Step`, a 干支 day, a branch.
`time_options` adds the input-time options (--at, --tz, --lon, --solar-time,
--day-change, --from/--to/--every, --keep-going, --ephemeris) and hands the command
one `When`; `output_options` adds --json and --lang and hands it one `Output`.  A value
that cannot be read is a usage error: exit 2 with one line naming the value and the
accepted form.  Options that would be ignored are errors naming the conflict.
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import NamedTuple

import click

from ..calendar import clock
from ..errors import BadInput, QimenError
from ..records import frozen

# --- instants -------------------------------------------------------------------------


class Instant(NamedTuple):
    """A parsed time option: the text as typed, the datetime (naive = civil time; aware =
    an offset was written), and whether a time of day was given.  (The shell's small values
    are named tuples: a frozen dataclass costs about half a millisecond of every start.)"""

    text: str
    value: _dt.datetime
    has_time: bool

    @property
    def has_offset(self) -> bool:
        return self.value.tzinfo is not None

    def aware(self, zone: _dt.tzinfo) -> _dt.datetime:
        """The instant: its own offset, or civil time in `zone` (a summer-time gap is BadInput)."""
        if self.has_offset:
            return self.value
        return clock.attach_zone(self.value, zone, self.text)


class InstantType(click.ParamType):
    """ISO-8601: 2024-03-05T11:00, 2024-03-05 11:00:30.5, 2024-03-05T11:00+09:00 / Z.

    `need_time`: whether a date alone is refused (--at) or is the start of that day
    (--from/--to); `specials`: words taken as they are ("now", "-").
    """

    name = "time"

    def __init__(self, need_time: bool = True, specials: tuple[str, ...] = ()):
        self.need_time = need_time
        self.specials = specials

    def convert(self, value, param, ctx):
        if isinstance(value, Instant) or value in self.specials:
            return value
        try:
            parsed, has_time = clock.parse_instant(str(value), need_time=self.need_time)
        except QimenError as exc:
            self.fail(str(exc), param, ctx)
        return Instant(str(value), parsed, has_time)


# --- zones ----------------------------------------------------------------------------


class ZoneType(click.ParamType):
    """A zone: IANA name (Asia/Seoul), ±HH:MM, ±HHMM, ±HH, Z or UTC → tzinfo."""

    name = "zone"

    def convert(self, value, param, ctx):
        if isinstance(value, _dt.tzinfo):
            return value
        try:
            return clock.parse_zone(str(value))
        except QimenError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        import zoneinfo

        from click.shell_completion import CompletionItem

        return [CompletionItem(n) for n in sorted(zoneinfo.available_timezones()) if n.startswith(incomplete)]


class LunarZoneType(click.ParamType):
    """Where lunar months are reckoned: china, korea or a fixed offset → its name (see
    `calendar.lunar.parse_lunar_zone`)."""

    name = "china|korea|offset"

    def convert(self, value, param, ctx):
        from ..calendar.lunar import parse_lunar_zone

        try:
            return parse_lunar_zone(str(value)).name
        except QimenError as exc:
            self.fail(str(exc), param, ctx)


# --- steps ----------------------------------------------------------------------------

#: A range step (compiled by `re` when first matched: a single instant never reads one).
_STEP = r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d|day)s?\s*$"
_UNIT = {"s": "s", "sec": "s", "m": "m", "min": "m", "h": "h", "hr": "h", "d": "d", "day": "d"}
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600}
#: The longest step: the span of the shipped tables (1799–2201), about 401 years.
MAX_STEP = _dt.timedelta(days=146_500)
STEP_FORM = "a number and a unit: 2h, 30m, 90s, 1d"


class Step(NamedTuple):
    """A range step: `days` civil days (the wall clock keeps its time across summer time),
    or an elapsed `delta`."""

    text: str
    days: int = 0
    delta: _dt.timedelta = _dt.timedelta(0)

    @property
    def civil(self) -> bool:
        return self.days > 0

    @property
    def approx(self) -> _dt.timedelta:
        return _dt.timedelta(days=self.days) if self.civil else self.delta


class StepType(click.ParamType):
    """2h, 30m, 90s (elapsed time) or 1d (civil days); at least one second, at most the span."""

    name = "step"

    def convert(self, value, param, ctx):
        if isinstance(value, Step):
            return value
        text = str(value)
        m = re.match(_STEP, text, re.I)
        if not m:
            self.fail(f"cannot read {text!r}: expected {STEP_FORM}", param, ctx)
        number, unit = float(m.group(1)), _UNIT[m.group(2).lower()]
        if number <= 0:
            self.fail(f"{text!r} is not a positive step", param, ctx)
        if number * _UNIT_SECONDS.get(unit, 86400) > MAX_STEP.total_seconds():
            self.fail(f"{text!r} is longer than the span of the tables (about 400 years)", param, ctx)
        if unit == "d":
            if number != int(number):
                self.fail(f"{text!r}: days step by whole civil days (use hours for parts of a day)", param, ctx)
            step = Step(text, days=int(number))
        else:
            seconds = number * _UNIT_SECONDS[unit]
            if seconds < 1:
                self.fail(f"{text!r} is shorter than one second", param, ctx)
            step = Step(text, delta=_dt.timedelta(seconds=seconds))
        return step


#: The step of a range when --every is not given.
DEFAULT_STEP = Step("2h", delta=_dt.timedelta(hours=2))

# --- calendar values ------------------------------------------------------------------

MONTH_WORDS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


class GanzhiDayType(click.ParamType):
    """A 干支 day: 甲子 … 癸亥 (a trailing 日 is allowed) → cycle index 0–59."""

    name = "ganzhi"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        from ..calendar.ganzhi import cycle_index

        try:
            return cycle_index(str(value).strip().removesuffix("日"))
        except ValueError:
            self.fail(f"{value!r} is not a 干支 day (甲子 … 癸亥)", param, ctx)


class BranchType(click.ParamType):
    """A branch by its character (亥, or 亥時); with `names`, also a 地將 name (登明) → 0–11."""

    name = "branch"

    def __init__(self, names: bool = False):
        self.names = names

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        from ..calendar.ganzhi import BRANCHES

        text = str(value).strip()
        if text.endswith("時") and len(text) == 2:
            text = text[0]
        if text in BRANCHES:
            return BRANCHES.index(text)
        if self.names:
            from ..gods.noble import YUE_JIANG_ALIASES, YUE_JIANG_NAMES

            text = YUE_JIANG_ALIASES.get(text, text)
            if text in YUE_JIANG_NAMES:
                return YUE_JIANG_NAMES.index(text)
        what = "a branch (子 … 亥) or a 地將 name (神后 … 登明)" if self.names else "a branch (子 … 亥)"
        self.fail(f"{value!r} is not {what}", param, ctx)


class LunarMonthType(click.ParamType):
    """A lunar month: 1–12, or 正月 … 十二月 → 1–12."""

    name = "month"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        text = str(value).strip().removesuffix("月")
        if text.isdigit() and 1 <= int(text) <= 12:
            return int(text)
        if text in MONTH_WORDS:
            return MONTH_WORDS.index(text) + 1
        self.fail(f"{value!r} is not a lunar month (1–12 or 正月 … 十二月)", param, ctx)


class BornType(click.ParamType):
    """A birthday: month-day as the texts count (5-5 = 五月五日) → (5, 5), or an ISO date → date."""

    name = "date"
    _MONTH_DAY = r"^(\d{1,2})-(\d{1,2})$"  # compiled by `re` when first matched

    def convert(self, value, param, ctx):
        if isinstance(value, (tuple, _dt.date)):
            return value
        text = str(value).strip()
        m = re.match(self._MONTH_DAY, text)
        if m:
            month, day = int(m.group(1)), int(m.group(2))
            if not (1 <= month <= 12 and 1 <= day <= 30):
                self.fail(f"{value!r}: month must be 1–12 and day 1–30", param, ctx)
            return month, day
        try:
            parsed, has_time = clock.parse_instant(text, need_time=False)
        except QimenError:
            parsed, has_time = None, True
        if parsed is None or has_time:
            self.fail(f"{value!r} is neither a month-day like 5-5 nor a date like 1990-06-27", param, ctx)
        return parsed.date()


AT = InstantType(need_time=True, specials=("now", "-"))
BOUND = InstantType(need_time=False)
ZONE = ZoneType()
LUNAR_ZONE = LunarZoneType()
STEP = StepType()
class DegreesType(click.FloatRange):
    """A finite number of degrees within [lo, hi] (nan and inf are refused)."""

    def __init__(self, lo: float, hi: float, what: str):
        super().__init__(lo, hi)
        self.what = what

    def convert(self, value, param, ctx):
        import math

        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a {self.what} ({self.min:g} … {self.max:g})", param, ctx)
        return number


LONGITUDE = DegreesType(-180.0, 180.0, "longitude")
LATITUDE = DegreesType(-90.0, 90.0, "latitude")
GANZHI_DAY = GanzhiDayType()
BRANCH = BranchType()
YUE_JIANG = BranchType(names=True)
LUNAR_MONTH = LunarMonthType()
BORN = BornType()
METHOD = click.Choice(["zhirun", "chaibu"])
LAYOUT = click.Choice(["zhuan", "fei"])
SWITCH = click.Choice(["shichen", "instant"])


def year_type() -> click.IntRange:
    """A civil year (1–9999); whether the tables in use cover it is the engine's check (OutOfSpan)."""
    return click.IntRange(1, 9999)


# --- the time options -----------------------------------------------------------------


class BadLine(NamedTuple):
    """An input line of `--at -` that could not be decoded; resolving it raises BadInput."""

    message: str


@frozen
class When:
    """The input-time options of one invocation, parsed."""

    at: Instant | str | None     # an Instant, "now", "-" (stdin) or None (= now)
    tz: _dt.tzinfo | None        # the --tz zone, None when not given
    lon: float | None
    solar_time: str
    day_change: int
    start: Instant | None
    end: Instant | None
    every: Step | None           # None when --every was not given
    keep_going: bool
    ephemeris: str | None

    @property
    def stdin(self) -> bool:
        return self.at == "-"

    @property
    def is_stream(self) -> bool:
        return self.start is not None or self.stdin

    @property
    def step(self) -> Step:
        return self.every or DEFAULT_STEP

    def check(self) -> None:
        """Reject impossible or ignored option combinations."""
        if (self.start is None) != (self.end is None):
            raise BadInput("--from and --to go together")
        if self.start is not None and self.at is not None:
            raise BadInput(f"--at {self.at_text!r} cannot be combined with --from/--to")
        if self.solar_time == "apparent" and self.lon is None:
            raise BadInput("--solar-time apparent needs --lon")
        if self.every is not None and self.start is None:
            raise BadInput(f"--every {self.every.text} steps a range: give --from and --to")
        if self.keep_going and not self.is_stream:
            raise BadInput("--keep-going goes with a range (--from/--to) or --at -")

    @property
    def at_text(self) -> str | None:
        return self.at.text if isinstance(self.at, Instant) else self.at

    @functools.cached_property
    def context(self):
        from ..calendar.context import get_context

        return get_context(self.ephemeris)

    def portable(self) -> When:
        """The same options without what was cached (the ephemeris context): to send to
        another process, or to keep in a Job."""
        import dataclasses

        try:
            return dataclasses.replace(self)
        except TypeError:
            return self

    @property
    def clock_zone(self) -> _dt.tzinfo:
        """The clock of a range: --tz, else the offset written with --from, else the system zone."""
        if self.tz is not None:
            return self.tz
        if self.start is not None and self.start.has_offset:
            return self.start.value.tzinfo
        return clock.system_zone()

    def resolve(self, at, **extra):
        """Resolve one instant (an Instant, text, an aware datetime or a BadLine) into a Moment."""
        from ..calendar.resolve import resolve_moment

        if isinstance(at, BadLine):
            raise BadInput(at.message)
        if isinstance(at, Instant):
            at = at.text
        return resolve_moment(
            at,
            self.tz,
            lon=self.lon,
            solar_time=self.solar_time,
            day_change=self.day_change,
            context=self.context,
            **extra,
        )

    def bounds(self) -> tuple[_dt.datetime, _dt.datetime, bool]:
        """(start, end, end_inclusive) of the range as aware instants; a date alone for --to
        includes that whole day (the end is then the next day's start, exclusive)."""
        zone = self.clock_zone
        start = self.start.aware(zone)
        if self.end.has_time:
            end, inclusive = self.end.aware(zone), True
        else:
            day = self.end.value.date() + _dt.timedelta(days=1)
            end, inclusive = clock.attach_zone(_dt.datetime.combine(day, _dt.time()), zone, self.end.text), False
        if end < start or (end == start and not inclusive):
            raise BadInput(f"--to {self.end.text!r} is before --from {self.start.text!r}")
        return start, end, inclusive

    def instants(self) -> Iterator[str | _dt.datetime | BadLine]:
        """The inputs of a stream: the range's instants, or stdin's lines (text or BadLine)."""
        if self.stdin:
            yield from stdin_lines()
            return
        start, end, inclusive = self.bounds()
        zone = self.clock_zone
        step = self.step
        if step.civil:
            yield from _civil_days(start, end, inclusive, zone, step.days)
            return
        utc = _dt.timezone.utc
        t, stop = start.astimezone(utc), end.astimezone(utc)
        while t < stop or (inclusive and t == stop):
            yield t.astimezone(zone)
            t += step.delta

    def check_ends(self, probe: Callable) -> None:
        """Before a range prints anything: its first and last instants must be answerable (inside
        the command's span), so that a range reaching outside fails at once with one line and an
        empty stdout.  With --keep-going each bad instant is reported as it comes instead.
        `probe(at)` answers an instant the way the range will (it raises what the range would)."""
        if self.ephemeris is not None:
            self.context.span()  # an unreadable --ephemeris fails once, here, not once per instant
        if self.start is None or self.keep_going:
            return
        start, end, inclusive = self.bounds()
        if not inclusive:
            end -= _dt.timedelta(microseconds=1)
        zone = self.clock_zone
        for at in (start, end):
            probe(at.astimezone(zone))

    def count(self) -> int | None:
        """How many instants the range has (None for stdin)."""
        if self.start is None:
            return None
        start, end, inclusive = self.bounds()
        step = self.step
        if step.civil:
            days = (end.date() - start.date()).days
            return days // step.days + 1
        span = end - start
        n = int(span / step.delta)
        if not inclusive and start + n * step.delta == end:
            return n
        return n + 1


def _civil_days(start: _dt.datetime, end: _dt.datetime, inclusive: bool, zone: _dt.tzinfo, days: int):
    """Every `days` civil days from `start`, the wall clock unchanged (a wall time that falls
    in a summer-time gap moves forward by the gap; an ambiguous one takes its first occurrence)."""
    from dateutil.relativedelta import relativedelta
    from dateutil.tz import resolve_imaginary

    wall = start.astimezone(zone).replace(tzinfo=None)
    k = 0
    while True:
        local = (wall + relativedelta(days=k * days)).replace(tzinfo=zone, fold=0)
        local = resolve_imaginary(local)
        if local > end or (local == end and not inclusive):
            return
        yield local
        k += 1


def stdin_lines() -> Iterator[str | BadLine]:
    """Non-empty lines of stdin as text: UTF-8 (a BOM is dropped), CRLF, LF or lone CR endings;
    an undecodable line becomes a BadLine (reported like any bad instant)."""
    source = getattr(sys.stdin, "buffer", None)
    if source is None:  # a text stream without bytes underneath
        source = [sys.stdin.read().encode("utf-8")]
    number = 0
    first = True
    for raw in source:
        if first:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
            first = False
        parts = re.split(rb"\r\n|\r|\n", raw)
        if parts[-1] == b"":
            parts.pop()
        for part in parts:
            number += 1
            item = _decode_line(part, number)
            if item is not None:
                yield item


def _decode_line(raw: bytes, number: int) -> str | BadLine | None:
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return BadLine(f"stdin line {number} is not UTF-8 text")
    return text or None


def time_options(f: Callable) -> Callable:
    """Add the input-time options; the command receives them as `when` (a When)."""

    @click.option("--at", "at", type=AT, metavar="TIME", help="Instant, ISO-8601 (2024-03-05T11:00, 2024-03-05T11:00+09:00); 'now' (default); '-' reads one per line from stdin.")
    @click.option("--tz", type=ZONE, metavar="ZONE", help="Clock zone: IANA name (Asia/Seoul), +09:00, +0900, +09 or UTC. Default: the offset written with the time, else the system zone.")
    @click.option("--lon", type=LONGITUDE, metavar="DEG", help="Longitude (east positive, −180…180): take the 干支 on local solar time.")
    @click.option("--solar-time", type=click.Choice(["mean", "apparent"]), default="mean", show_default=True, help="With --lon: mean solar time, or apparent (equation of time from the ephemeris).")
    @click.option("--day-change", type=click.Choice(["23", "0"]), default="23", show_default=True, help="Hour at which the 干支 day changes (子初 23:00, or midnight).")
    @click.option("--from", "start", type=BOUND, metavar="TIME", help="Start of a range (a date alone: that day's 00:00).")
    @click.option("--to", "end", type=BOUND, metavar="TIME", help="End of a range, inclusive (a date alone: the whole day).")
    @click.option("--every", type=STEP, metavar="STEP", help="Range step: 2h (default), 30m, 90s elapsed; 1d civil days (same wall time).")
    @click.option("--keep-going", is_flag=True, help="In a range or with --at -, report a bad instant and go on.")
    @click.option("--ephemeris", metavar="FILE", envvar="QIMEN_EPHEMERIS", help="Another JPL SPK file (also $QIMEN_EPHEMERIS).")
    @functools.wraps(f)
    def wrapper(*args, at, tz, lon, solar_time, day_change, start, end, every, keep_going, ephemeris, **kwargs):
        if at == "now":
            at = None
        when = When(at, tz, lon, solar_time, int(day_change), start, end, every, keep_going, ephemeris)
        when.check()
        return f(*args, when=when, **kwargs)

    return wrapper


class Output(NamedTuple):
    """The output options of one invocation, parsed."""

    json: bool
    lang: str
    svg: str | None = None       # --svg FILE: the terminal view also saved as SVG
    html: str | None = None      # --html FILE: … and as HTML

    @property
    def export(self) -> bool:
        return self.svg is not None or self.html is not None


def output_options(f: Callable) -> Callable:
    """Add --json and --lang; the command receives them as `out` (an Output)."""

    @click.option("--json", "as_json", is_flag=True, help="One JSON object (JSON Lines over a range).")
    @click.option("--lang", type=click.Choice(["zh", "ko", "en"]), default="zh", show_default=True, help="Language of the labels in the terminal view.")
    @click.option("--svg", "svg", type=click.Path(dir_okay=False, writable=True), metavar="FILE", help="Also save the terminal view as an SVG picture.")
    @click.option("--html", "html", type=click.Path(dir_okay=False, writable=True), metavar="FILE", help="Also save the terminal view as an HTML page.")
    @functools.wraps(f)
    def wrapper(*args, as_json, lang, svg, html, **kwargs):
        if as_json and (svg or html):
            raise BadInput("--svg/--html save the terminal view, which --json replaces: drop one")
        for option, path in (("--svg", svg), ("--html", html)):
            if path is not None:
                folder = os.path.dirname(os.path.abspath(path))
                if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                    raise BadInput(f"{option} {path}: the folder {folder} does not exist or is not writable")
        return f(*args, out=Output(as_json, lang, svg, html), **kwargs)

    return wrapper


# --- environment ----------------------------------------------------------------------


def env_count(name: str, default: int) -> int:
    """A positive whole number from the environment variable `name` (BadInput otherwise)."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise BadInput(f"{name}={raw!r} is not a whole number (expected 1 or more)") from None
    if value < 1:
        raise BadInput(f"{name}={raw!r} must be 1 or more")
    return value
