"""The input-time options of one invocation, read: `When` (an instant, a range or stdin).

More precisely: `When` holds the parsed values of --at, --tz, --lon, --solar-time,
--day-change, --from/--to/--every, --keep-going and --ephemeris (each read by
`options.py`), checks their combinations, resolves one instant into a Moment
(`calendar.resolve.resolve_moment`) and lists the instants of a range (elapsed steps,
or civil days with the wall clock kept) or the lines of stdin.  The shell
(`cli/params.time_options`) and the Python API (`api.py`) both make one.  No click here.
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .calendar import clock
from .errors import BadInput, QimenError
from .options import DEFAULT_STEP, Instant, Step
from .records import frozen

if TYPE_CHECKING:
    from .calendar.moment import Moment


class BadLine:
    """An input line of `--at -` that could not be decoded; resolving it raises BadInput.
    (A plain class: a named tuple costs a sixth of a millisecond of every start.)"""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __eq__(self, other) -> bool:
        return other.__class__ is BadLine and other.message == self.message

    def __hash__(self) -> int:
        return hash((BadLine, self.message))

    def __repr__(self) -> str:
        return f"BadLine({self.message!r})"


class StdinLine(str):
    """A line of `--at -` as text that remembers its line number, so that an error about it
    names the line (`stdin line 3: cannot read 'bad' as a time …`)."""

    number: int

    def __new__(cls, text: str, number: int) -> StdinLine:
        line = super().__new__(cls, text)
        line.number = number
        return line

    def __reduce__(self):
        return StdinLine, (str(self), self.number)


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
        if self.at == "-" and sys.stdin is None:
            raise BadInput("--at - reads instants from stdin, which is closed: give --at TIME or pipe instants in")

    @property
    def at_text(self) -> str | None:
        return self.at.text if isinstance(self.at, Instant) else self.at

    @functools.cached_property
    def context(self):
        from .calendar.context import get_context

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
        if self.start is not None and self.start.has_offset and self.start.value.tzinfo is not None:
            return self.start.value.tzinfo
        return clock.system_zone()

    @functools.cached_property
    def resolver(self):
        """The instant resolver of a stream (`calendar.resolve.Resolver`: `resolve_moment`
        with a cache in front of each part)."""
        from .calendar.resolve import Resolver

        return Resolver(self.tz, self.lon, self.solar_time, self.day_change, self.context)

    def resolve(self, at: Any, **extra: Any) -> Moment:
        """Resolve one instant (an Instant, text, an aware datetime or a BadLine) into a Moment
        (over a range or stdin through the resolver's fast form, `resolver`)."""
        if isinstance(at, BadLine):
            raise BadInput(at.message)
        if isinstance(at, Instant):
            at = at.text
        if at.__class__ is StdinLine:
            try:
                return self.resolve(str(at), **extra)
            except QimenError as exc:
                exc.args = (f"stdin line {at.number}: {exc}",)  # the class and its fields kept
                raise
        if self.is_stream:
            return self.resolver.moment(at, **extra)
        from .calendar.resolve import resolve_moment  # (not on a stream's path: an import costs about 2 µs)

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
        first, last = self.start, self.end
        if first is None or last is None:
            raise ValueError("the bounds of a range need --from and --to")
        zone = self.clock_zone
        start = first.aware(zone)
        if last.has_time:
            end, inclusive = last.aware(zone), True
        else:
            day = last.value.date() + _dt.timedelta(days=1)
            end, inclusive = clock.attach_zone(_dt.datetime.combine(day, _dt.time()), zone, last.text), False
        if end < start or (end == start and not inclusive):
            raise BadInput(f"--to {last.text!r} is before --from {first.text!r}")
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


def _decode_line(raw: bytes, number: int) -> StdinLine | BadLine | None:
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return BadLine(f"stdin line {number}: not UTF-8 text")
    return StdinLine(text, number) if text else None
