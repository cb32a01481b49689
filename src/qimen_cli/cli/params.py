"""The parse layer: click parameter types and the shared option decorators.

More precisely: `time_options` adds the input-time options (--at, --tz, --lon,
--solar-time, --day-change, --from/--to/--every, --keep-going, --ephemeris) and
hands the command one `When`; `output_options` adds --json and --lang and hands
it one `Output`.  Every value is parsed once, here; the engine receives parsed values.
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
import sys
from dataclasses import dataclass
from typing import Callable, Iterator

import click

from ..calendar.clock import parse_at, parse_zone
from ..errors import BadInput

#: A range step: a number and a unit (s, m/min, h, d), e.g. "2h", "30m", "1d".
_STEP = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d|day)s?\s*$", re.I)
_UNIT_SECONDS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hr": 3600, "d": 86400, "day": 86400}

def parse_step(text: str, option: str = "--every") -> _dt.timedelta:
    """A step like 2h, 30m, 1d; BadInput naming `option` otherwise."""
    m = _STEP.match(text)
    if not m or float(m.group(1)) <= 0:
        raise BadInput(f"cannot read {option} {text!r} (expected e.g. 2h, 30m, 1d)")
    return _dt.timedelta(seconds=float(m.group(1)) * _UNIT_SECONDS[m.group(2).lower()])


@dataclass(frozen=True)
class When:
    """The input-time options of one invocation."""

    at: str | None
    tz: str | None
    lon: float | None
    solar_time: str
    day_change: int
    start: str | None
    end: str | None
    every: str
    keep_going: bool
    ephemeris: str | None

    @property
    def is_stream(self) -> bool:
        return self.start is not None or self.at == "-"

    def check(self) -> None:
        """Reject impossible option combinations."""
        if (self.start is None) != (self.end is None):
            raise BadInput("--from and --to go together")
        if self.start is not None and self.at is not None:
            raise BadInput(f"--at {self.at!r} cannot be combined with --from/--to")
        if self.solar_time == "apparent" and self.lon is None:
            raise BadInput("--solar-time apparent needs --lon")
        if self.lon is not None and not -180.0 <= self.lon <= 180.0:
            raise BadInput(f"--lon {self.lon} is not a longitude (−180 … 180)")
        parse_step(self.every)

    @functools.cached_property
    def context(self):
        from ..calendar.context import get_context

        return get_context(self.ephemeris)

    def resolve(self, at, **extra):
        """Resolve one instant (text or aware datetime) into a Moment."""
        from ..calendar.resolve import resolve_moment

        return resolve_moment(
            at,
            self.tz,
            lon=self.lon,
            solar_time=self.solar_time,
            day_change=self.day_change,
            context=self.context,
            **extra,
        )

    def instants(self) -> Iterator[str | _dt.datetime]:
        """The inputs of a stream: the range's instants, or stdin's lines."""
        if self.at == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.strip()
            return
        zone = parse_zone(self.tz)
        start, end = parse_at(self.start, zone), parse_at(self.end, zone)
        if end < start:
            raise BadInput(f"--to {self.end!r} is before --from {self.start!r}")
        step = parse_step(self.every)
        t = start.astimezone(_dt.timezone.utc)
        end = end.astimezone(_dt.timezone.utc)
        while t <= end:
            yield t.astimezone(zone)
            t += step

    def count(self) -> int | None:
        if self.start is None:
            return None
        zone = parse_zone(self.tz)
        span = parse_at(self.end, zone) - parse_at(self.start, zone)
        return int(span / parse_step(self.every)) + 1


def _complete_zone(ctx, param, incomplete):
    from .complete import complete_zone

    return complete_zone(ctx, param, incomplete)


def time_options(f: Callable) -> Callable:
    """Add the input-time options; the command receives them as `when` (a When)."""

    @click.option("--at", "at", metavar="TIME", help="Instant, ISO-8601 (e.g. 2024-03-05T11:00); '-' reads one per line from stdin. Default: now.")
    @click.option("--tz", metavar="ZONE", shell_complete=_complete_zone, help="IANA zone (Asia/Seoul) or offset (+09:00) for times without offset. Default: the system zone.")
    @click.option("--lon", type=float, metavar="DEG", help="Longitude (east positive): take the 干支 on local solar time.")
    @click.option("--solar-time", type=click.Choice(["mean", "apparent"]), default="mean", show_default=True, help="With --lon: mean solar time, or apparent (equation of time from the ephemeris).")
    @click.option("--day-change", type=click.Choice(["23", "0"]), default="23", show_default=True, help="Hour at which the 干支 day changes (子初 23:00, or midnight).")
    @click.option("--from", "start", metavar="TIME", help="Start of a range (JSON Lines output).")
    @click.option("--to", "end", metavar="TIME", help="End of a range (inclusive).")
    @click.option("--every", default="2h", show_default=True, metavar="STEP", help="Range step: 2h, 30m, 1d …")
    @click.option("--keep-going", is_flag=True, help="In a range, report a bad instant and go on.")
    @click.option("--ephemeris", metavar="FILE", envvar="QIMEN_EPHEMERIS", help="Another JPL SPK file (also $QIMEN_EPHEMERIS).")
    @functools.wraps(f)
    def wrapper(*args, at, tz, lon, solar_time, day_change, start, end, every, keep_going, ephemeris, **kwargs):
        when = When(at, tz, lon, solar_time, int(day_change), start, end, every, keep_going, ephemeris)
        when.check()
        return f(*args, when=when, **kwargs)

    return wrapper


@dataclass(frozen=True)
class Output:
    json: bool
    lang: str


def output_options(f: Callable) -> Callable:
    """Add --json and --lang; the command receives them as `out` (an Output)."""

    @click.option("--json", "as_json", is_flag=True, help="One JSON object (JSON Lines over a range).")
    @click.option("--lang", type=click.Choice(["zh", "ko", "en"]), default="zh", show_default=True, help="Language of the labels in the terminal view.")
    @functools.wraps(f)
    def wrapper(*args, as_json, lang, **kwargs):
        return f(*args, out=Output(as_json, lang), **kwargs)

    return wrapper


