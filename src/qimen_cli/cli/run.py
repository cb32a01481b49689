"""The runner every subcommand uses: resolve, compute, print.

More precisely: `run` resolves each instant into a Moment, calls the engine,
and prints: one JSON object (--json), a rich view, or — over a range or with
`--at -` — JSON Lines, one object per instant in input order (`stream`).  Bad
input exits 2 with one line on stderr naming the value, and nothing on stdout for it.
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Callable
from contextlib import contextmanager

import click

from ..errors import BadInput, QimenError
from .params import Output, When

#: Errors of the engine that mean "the input was bad" (exit 2, one line): the whole hierarchy.
INPUT_ERRORS = (QimenError,)


#: Width of the rich views when stdout is not a terminal (rich would assume 80 columns).
PIPE_WIDTH = 120


def console(record: bool = False):
    """The rich console of the terminal views: the terminal's width, or PIPE_WIDTH in a pipe;
    `record` keeps what is printed for --svg/--html."""
    import os

    from ..render.fit import FitConsole as Console

    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return Console(record=record)
    return Console(width=PIPE_WIDTH, record=record)


@contextmanager
def view(out: Output):
    """The console to draw one view on; afterwards the view is saved to --svg/--html (rich's
    own export), if asked."""
    c = console(record=out.export)
    yield c
    try:
        if out.svg:
            c.save_svg(out.svg, title="qimen", clear=False)
        if out.html:
            c.save_html(out.html, clear=False)
    except OSError as exc:
        raise BadInput(f"cannot write {exc.filename}: {exc.strerror}") from None


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat()


def run(
    when: When,
    out: Output,
    compute: Callable | None = None,
    to_json: Callable | None = None,
    render: Callable | None = None,
    *,
    resolve_extra: dict | None = None,
    keep: Callable | None = None,
    job=None,
) -> None:
    """Resolve, compute, print.

    `job` (a stream.Job: the command's module and option values, picklable) gives
    the steps: `compute(moment)` → engine result; `to_json(result)` → the JSON
    object (text, or a dict); `keep(result)`; the resolve extras.  (Or pass compute,
    to_json, keep and resolve_extra directly: such a stream runs in one process.)
    `render(result, console, lang)` draws the rich view.  Over a stream each
    instant is one JSON line (only those for which `keep(result)` holds, when
    given); bad instants stop the run unless --keep-going.
    """
    if job is not None:
        compute, to_json, keep, resolve_extra = job.steps()
    extra = resolve_extra or {}
    if not when.is_stream:
        if not out.json:
            check_terminal_encoding()
        result = compute(when.resolve(when.at or _now(), **extra))
        if out.json:
            from ..render.jsonout import dumps

            write_json_line(dumps(to_json(result)))
        else:
            with view(out) as c:
                render(result, c, out.lang)
        return
    check_range(when, compute, extra)
    if not out.json:
        check_terminal_encoding()
        table(when, out, compute, to_json, extra, keep)
        return
    from .stream import stream

    if job is not None:
        stream(when, job)
    else:
        stream(when, compute, to_json, extra, keep)


#: Seconds a range runs before its progress bar appears (on a terminal's stderr only).
PROGRESS_AFTER = 1.0


def table(when: When, out: Output, compute: Callable, to_json: Callable, extra: dict, keep: Callable | None) -> None:
    """A range without --json: one table row per instant (render/table.py), serially.

    A bad instant prints one `qimen: error:` line on stderr and stops the range
    (exit 2) unless --keep-going, as in JSON Lines.  A progress bar appears on
    stderr when it is a terminal and the range runs longer than PROGRESS_AFTER.
    """
    import time

    from ..render.table import RangeTable

    rows = RangeTable(click.get_current_context().info_name, out.lang)
    failed = False
    progress = task = None
    started = time.monotonic()
    tty = sys.stderr.isatty()
    total = when.count()
    try:
        for i, at in enumerate(when.instants()):
            if progress is None and tty and time.monotonic() - started > PROGRESS_AFTER:
                from rich.console import Console
                from rich.progress import Progress

                progress = Progress(console=Console(stderr=True), transient=True)
                progress.start()
                task = progress.add_task("charts", total=total, completed=i)
            try:
                result = compute(when.resolve(at, **extra))
            except INPUT_ERRORS as exc:
                failed = True
                click.echo(f"qimen: error: {exc}", err=True)
                if not when.keep_going:
                    break
                continue
            finally:
                if progress is not None:
                    progress.advance(task)
            if keep is None or keep(result):
                rows.add(to_json(result))
    finally:
        if progress is not None:
            progress.stop()
    with view(out) as c:
        rows.print(c)
    if failed:
        raise SystemExit(2)


def check_range(when: When, compute: Callable, extra: dict, probe: Callable | None = None) -> None:
    """Before a range prints anything: its first and last instants must be answerable (inside
    the command's span), so that a range reaching outside fails at once with one line and an
    empty stdout.  With --keep-going each bad instant is reported as it comes instead.
    `probe(at)` answers an instant the way the stream will (default: resolve and compute)."""
    if when.ephemeris is not None:
        when.context.span()  # an unreadable --ephemeris fails once, here, not once per instant
    if when.start is None or when.keep_going:
        return
    start, end, inclusive = when.bounds()
    if not inclusive:
        end -= _dt.timedelta(microseconds=1)
    zone = when.clock_zone
    for at in (start, end):
        if probe is not None:
            probe(at.astimezone(zone))
        else:
            compute(when.resolve(at.astimezone(zone), **extra))


def write_json_line(text: str) -> None:
    """One JSON document and a newline, as UTF-8 bytes whatever the locale."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text + "\n")
        return
    sys.stdout.flush()
    buffer.write((text + "\n").encode("utf-8"))
    buffer.flush()


def check_terminal_encoding() -> None:
    """A terminal view needs an encoding that can show the characters (else BadInput)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        "奇門遁甲천심".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        raise BadInput(
            f"the output encoding {encoding} cannot show the chart's characters: use --json or a UTF-8 locale (LANG=C.UTF-8)"
        ) from None


