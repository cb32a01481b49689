"""Shared click options and the runner every subcommand uses.

More precisely: `time_options` adds the input-time options (--at, --tz, --lon,
--solar-time, --day-change, --from/--to/--every, --keep-going, --ephemeris) and
hands the command one `When`; `output_options` adds --json and --lang and hands
it one `Output`.  `run` resolves each instant into a Moment, calls the engine,
and prints: one JSON object (--json), a rich view, or — over a range or with
`--at -` — JSON Lines, one object per instant in input order.  Bad input exits 2
with one line on stderr naming the value, and nothing on stdout for it.
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
from ..errors import BadInput, QimenError

#: A range step: a number and a unit (s, m/min, h, d), e.g. "2h", "30m", "1d".
_STEP = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d|day)s?\s*$", re.I)
_UNIT_SECONDS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hr": 3600, "d": 86400, "day": 86400}

#: Ranges longer than this many instants show a progress bar on a terminal's stderr.
PROGRESS_THRESHOLD = 2000


#: Errors of the engine that mean "the input was bad" (exit 2, one line): the whole hierarchy.
INPUT_ERRORS = (QimenError,)


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


def time_options(f: Callable) -> Callable:
    """Add the input-time options; the command receives them as `when` (a When)."""

    @click.option("--at", "at", metavar="TIME", help="Instant, ISO-8601 (e.g. 2024-03-05T11:00); '-' reads one per line from stdin. Default: now.")
    @click.option("--tz", metavar="ZONE", help="IANA zone (Asia/Seoul) or offset (+09:00) for times without offset. Default: the system zone.")
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


#: Width of the rich views when stdout is not a terminal (rich would assume 80 columns).
PIPE_WIDTH = 120


def console():
    """The rich console of the terminal views: the terminal's width, or PIPE_WIDTH in a pipe."""
    import os

    from rich.console import Console

    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return Console()
    return Console(width=PIPE_WIDTH)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat()


def run(
    when: When,
    out: Output,
    compute: Callable,
    to_json: Callable,
    render: Callable,
    *,
    resolve_extra: dict | None = None,
    keep: Callable | None = None,
) -> None:
    """Resolve, compute, print.

    `compute(moment)` → engine result; `to_json(result)` → dict;
    `render(result, console, lang)` draws the rich view.  Over a stream each
    instant is one JSON line (only those for which `keep(result)` holds, when
    given); bad instants stop the run unless --keep-going.
    """
    extra = resolve_extra or {}
    if not when.is_stream:
        try:
            result = compute(when.resolve(when.at or _now(), **extra))
        except INPUT_ERRORS as exc:
            raise BadInput(str(exc)) from None
        if out.json:
            from ..render.jsonout import dumps

            click.echo(dumps(to_json(result)))
        else:
            render(result, console(), out.lang)
        return
    stream(when, compute, to_json, extra, keep)


class Failed(str):
    """A bad instant of a stream: the message to report (one line)."""


def evaluate(when: When, compute: Callable, to_json: Callable, extra: dict, keep: Callable | None, at) -> str | None:
    """One instant of a stream: its JSON line, None when `keep` drops it, or a Failed message."""
    from ..render.jsonout import dumps

    try:
        result = compute(when.resolve(at, **extra))
    except INPUT_ERRORS as exc:
        return Failed(str(exc))
    if keep is not None and not keep(result):
        return None
    return dumps(to_json(result))


#: The job of the worker processes of a parallel stream, set before they are forked.
_JOB: tuple | None = None


class Block(bytes):
    """Consecutive JSON lines of a worker, already joined and encoded (UTF-8), with `count`
    the number of instants they stand for (dropped ones included)."""

    count: int = 0


def _evaluate_chunk(chunk: list) -> list:
    """A worker's task: the chunk's items, runs of good lines encoded into Blocks."""
    when, compute, to_json, extra, keep = _JOB
    out: list = []
    lines: list[str] = []
    seen = 0

    def flush() -> None:
        nonlocal seen
        if seen:
            block = Block(("\n".join(lines) + "\n").encode("utf-8") if lines else b"")
            block.count = seen
            out.append(block)
            lines.clear()
            seen = 0

    for at in chunk:
        item = evaluate(when, compute, to_json, extra, keep, at)
        if isinstance(item, Failed):
            flush()
            out.append(item)
            if not when.keep_going:
                break
            continue
        seen += 1
        if item is not None:
            lines.append(item)
    flush()
    return out


def _chunks(instants, size: int):
    chunk = []
    for at in instants:
        chunk.append(at)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def workers_for(total: int | None) -> int:
    """How many worker processes a stream of `total` instants gets.

    Long ranges are split over the machine's cores (forked workers, each with its own
    plate caches; output stays in input order).  QIMEN_WORKERS sets the number
    (1 = serial); QIMEN_PARALLEL_MIN the range length from which workers are used.
    """
    import multiprocessing
    import os

    if total is None or total < int(os.environ.get("QIMEN_PARALLEL_MIN", PARALLEL_THRESHOLD)):
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    wanted = os.environ.get("QIMEN_WORKERS")
    if wanted is not None:
        try:
            return max(1, int(wanted))
        except ValueError:
            raise BadInput(f"QIMEN_WORKERS={wanted!r} is not a number") from None
    return min(os.cpu_count() or 1, 4)


#: Ranges from this many instants on are computed by worker processes (see `workers_for`).
PARALLEL_THRESHOLD = 1500
#: Instants per task handed to a worker: half a year of 2-hour charts, so that with two
#: workers each mostly meets one 遁's plates (冬至→夏至 陽, 夏至→冬至 陰) and builds half of them.
CHUNK = 2196


def stream(when: When, compute: Callable, to_json: Callable, extra: dict, keep: Callable | None = None) -> None:
    """Write a stream as JSON Lines, in input order; bad instants stop it unless --keep-going."""
    global _JOB
    failed = False
    # Lines are written in batches: one write per line costs a system call each when
    # Python runs unbuffered (PYTHONUNBUFFERED).  Reading stdin, each line goes out at once.
    # JSON Lines are UTF-8 whatever the locale: bytes go straight to stdout's buffer.
    batch: list[str] = []
    batch_size = 1 if when.at == "-" else 256
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)

    def emit(data: bytes | str) -> None:
        if out is None:
            sys.stdout.write(data if isinstance(data, str) else data.decode("utf-8"))
            sys.stdout.flush()
        else:
            out.write(data if isinstance(data, bytes) else data.encode("utf-8"))
            out.flush()

    def drain() -> None:
        if batch:
            emit("\n".join(batch) + "\n")
            batch.clear()

    def write(line: str) -> None:
        batch.append(line)
        if len(batch) >= batch_size:
            drain()

    progress = pool = None
    try:
        instants = when.instants()
        total = when.count()
        if total and total > PROGRESS_THRESHOLD and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            progress = Progress(console=Console(stderr=True), transient=True)
            progress.start()
            task = progress.add_task("charts", total=total)
        workers = workers_for(total)
        if workers > 1:
            import multiprocessing

            _JOB = (when, compute, to_json, extra, keep)
            pool = multiprocessing.get_context("fork").Pool(workers)
            items = (item for chunk in pool.imap(_evaluate_chunk, _chunks(instants, CHUNK)) for item in chunk)
        else:
            items = (evaluate(when, compute, to_json, extra, keep, at) for at in instants)
        for item in items:
            if isinstance(item, Block):
                drain()
                emit(item)
                if progress is not None:
                    progress.advance(task, item.count)
                continue
            if progress is not None:
                progress.advance(task)
            if item is None:
                continue
            if isinstance(item, Failed):
                failed = True
                click.echo(f"qimen: error: {item}", err=True)
                if not when.keep_going:
                    break
                continue
            write(item)
    except INPUT_ERRORS as exc:
        raise BadInput(str(exc)) from None
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Python's docs advise.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(0)
    finally:
        if pool is not None:
            pool.terminate()
            _JOB = None
        if progress is not None:
            progress.stop()
        drain()
    if failed:
        raise SystemExit(2)
