"""The runner every instant-by-instant subcommand uses: resolve, compute, print.

More precisely: a command hands `run` its Job (`arts`) and its view; `run` resolves
each instant into a Moment, calls the art, and prints: one JSON object (--json), a rich
view, a table over a range, or — over a range or with `--at -` and --json — JSON Lines,
one object per instant in input order (`stream`).  Bad input exits 2 with one line on
stderr naming the value, and nothing on stdout for it.
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
import sys
from collections.abc import Callable
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from ..errors import BadInput, QimenError
from .params import NO_COLOR_GIVEN, Output, When

if TYPE_CHECKING:
    from ..arts import Art, Job, Steps

#: Width of the rich views when stdout is not a terminal (rich would assume 80 columns).
PIPE_WIDTH = 120


@functools.cache
def _console_class():
    """The console of the views: render.fit's FitConsole, whose closed pipe is left to
    `stopping.stop` (exit 0, as a stream's) instead of rich's own exit 1.  With `drawn` (a list)
    it also keeps what it is asked to print, so that the same view can be drawn again on another
    console (`view`: the picture in colour, then the terminal's view as the terminal has it)."""
    from ..render.fit import FitConsole

    class ViewConsole(FitConsole):
        drawn: list | None = None

        def on_broken_pipe(self) -> None:
            raise BrokenPipeError()

        def print(self, *objects, **kwargs):
            if self.drawn is not None:
                self.drawn.append(("print", objects, dict(kwargs)))
            return super().print(*objects, **kwargs)

        def out(self, *objects, **kwargs):
            if self.drawn is not None:
                self.drawn.append(("out", objects, dict(kwargs)))
            return super().out(*objects, **kwargs)

    return ViewConsole


def console(record: bool = False):
    """The rich console of the terminal views: the terminal's width, or PIPE_WIDTH in a pipe;
    `record` keeps what is printed for --svg/--html; no colour with --no-color (as NO_COLOR)."""
    import os

    Console = _console_class()
    plain = {"no_color": True} if NO_COLOR_GIVEN[0] else {}
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return Console(record=record, **plain)
    return Console(width=PIPE_WIDTH, record=record, **plain)


def picture_console(width: int):
    """The console a --svg/--html picture is drawn on: `width` cells, in colour whatever the
    terminal or NO_COLOR (the picture is in colour, and its legend says so), recorded."""
    import io

    c = _console_class()(file=io.StringIO(), width=width, record=True, force_terminal=True,
                         color_system="truecolor", no_color=False, legacy_windows=False)
    c.drawn = []
    return c


def buffer_console():
    """A console drawing the terminal's view into a buffer, as the terminal console would draw
    it (its width, colours or none), for `view` to write once the picture is saved."""
    import io

    terminal = console()
    return _console_class()(file=io.StringIO(), width=terminal.width, height=terminal.height,
                            force_terminal=terminal.is_terminal, color_system=terminal.color_system,
                            no_color=terminal.no_color)


def pager_command() -> str | None:
    """The pager a long view goes through on a terminal, as git chooses it: $PAGER, else less;
    None when stdout is no terminal or the pager is `cat` or empty."""
    import os

    if not sys.stdout.isatty():
        return None
    command = os.environ.get("PAGER", "less").strip()
    return None if command in ("", "cat") else command


def page(text: str, command: str) -> None:
    """`text` through the pager `command` (a shell command line, as git runs it; LESS=FRX unless
    set: less quits at once when the text fits the screen, and keeps the colours).  A pager that
    cannot be started: the text is written as it is; one quit early: nothing more is said."""
    import os
    import subprocess

    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX"), "LV": os.environ.get("LV", "-c")}
    sys.stdout.flush()
    try:
        pager = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env)
    except OSError:
        write_utf8(text)
        return
    try:
        assert pager.stdin is not None  # (stdin=PIPE)
        pager.stdin.write(text.encode("utf-8"))
        pager.stdin.close()
    except BrokenPipeError:
        pass
    while True:
        try:
            pager.wait()
            break
        except KeyboardInterrupt:  # Ctrl-C is the pager's to handle, as under git
            continue
    if pager.returncode == 127:  # the shell found no such pager
        write_utf8(text)


@contextmanager
def paged_view(out: Output):
    """`view`, through the pager on a terminal (`pager_command`: $PAGER, else less) for the long
    tables of verify and patterns, as git pages its output; elsewhere `view` itself."""
    command = None if out.export else pager_command()
    if command is None:
        with view(out) as c:
            yield c
        return
    check_terminal_encoding()
    c = buffer_console()
    yield c
    page(c.file.getvalue(), command)


@contextmanager
def view(out: Output):
    """The console to draw one view on.  A terminal that cannot show the chart's characters is
    refused first (`check_terminal_encoding`), before anything is drawn.  With --svg/--html the
    view is drawn on `picture_console` (in colour, at the terminal's width, or PIPE_WIDTH when
    the picture goes to stdout), saved (render/export.py), then drawn again as the terminal shows
    it and written: a picture that cannot be written leaves nothing on stdout; with `-` the
    picture itself goes to stdout instead of the view."""
    check_terminal_encoding()
    if not out.export:
        yield console()
        return
    shown = None if out.to_stdout else buffer_console()
    c = picture_console(shown.width if shown is not None else PIPE_WIDTH)
    yield c
    save_exports(c, out)
    if shown is not None:
        replay(c, shown)
        sys.stdout.write(shown.file.getvalue())


def replay(picture, target) -> None:
    """Draw on `target` what was drawn on the picture console `picture` (its `drawn` calls)."""
    for method, objects, kwargs in picture.drawn:
        getattr(target, method)(*objects, **kwargs)


def _title() -> str:
    """The picture's title: `qimen` and the subcommand that drew it."""
    ctx = click.get_current_context(silent=True)
    return f"qimen {ctx.info_name}" if ctx is not None else "qimen"


def save_exports(c, out: Output) -> None:
    """Save the recorded view `c` to --svg and --html (render/export.py): files first, then the
    one that is `-` to stdout (so that a file that cannot be written, BadInput naming it, leaves
    stdout empty)."""
    from ..render import export

    title = _title()
    exports = [("--svg", out.svg, lambda: export.svg(c, title)),
               ("--html", out.html, lambda: export.html_page(c, title, out.lang))]
    for option, path, make in sorted(exports, key=lambda e: e[1] == "-"):
        if path is None:
            continue
        text = make()
        if path == "-":
            write_utf8(text)
            continue
        replaced = write_export(option, path, text)
        if replaced:
            click.echo(f"qimen: note: {option} {path}: replaced the file that was there", err=True)


def write_export(option: str, path: str, text: str) -> bool:
    """Write `text` to the file `path` of --svg/--html; whether a file was there (and is replaced).

    More precisely: opened without waiting (a FIFO made since the check is refused, never
    waited on) and written only when it is a regular file; BadInput naming it otherwise."""
    import stat

    replaced = os.path.lexists(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
    except OSError as exc:
        raise BadInput(f"{option} {path}: cannot write it ({exc.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadInput(f"{option} {path}: it is not a regular file; give a FILE, or - for stdout")
        os.ftruncate(fd, 0)
        with os.fdopen(fd, "w", encoding="utf-8", closefd=False) as f:
            f.write(text)
    except OSError as exc:
        raise BadInput(f"{option} {path}: cannot write it ({exc.strerror})") from None
    finally:
        os.close(fd)
    return replaced


@contextmanager
def whole_lines(c):
    """How a table printed row by row (`render.rows.RowTable`) writes to stdout: whole lines,
    a signal that arrives during a write waiting for its end (`stopping.SignalStop`,
    `stream.LineWriter`, as JSON Lines do); None for a console that records (--svg/--html)."""
    if c.record:
        yield None
        return
    from .stopping import SignalStop
    from .stream import LineWriter

    signals = SignalStop()
    lines = LineWriter(signals)

    def write(text: str) -> None:
        sys.stdout.flush()
        lines.write(text.encode("utf-8"))

    signals.install()
    try:
        yield write
    finally:
        signals.restore()


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat()


def run(when: When, out: Output, job: Job, render: Callable) -> None:
    """Resolve, compute, print: the one way a command that works instant by instant runs.

    `job` (an `arts.Job`: the art's module and option values, picklable) gives the
    steps: `compute(moment)` → the art's result; `to_text(result)` → its JSON object (text);
    `keep(result)`; the resolve extras.  `render(result, console, lang)` draws the
    rich view.  Over a range or stdin each instant is one JSON line (only those for which
    `keep(result)` holds, when given; `stream`), or one table row without --json (`table`);
    bad instants stop the run unless --keep-going.
    """
    if when.is_stream and out.json:
        from .stream import stream

        stream(when, job, out.lang)
        return
    from ..arts import answer

    steps = job.steps()
    if when.is_stream:
        check_table_options(job)
        when.check_ends(answer(when.resolve, steps))
        table(when, out, steps, job.record())  # (checks the terminal's encoding first)
        return
    if not out.json:
        check_terminal_encoding()
    result = answer(when.resolve, steps)(when.at or _now())
    if out.json:
        write_json_line(str(steps.to_text(result)))
    else:
        with view(out) as c:
            render(result, c, out.lang)


#: A job's options the range table has no column for (they change what one chart draws, not its
#: row), each with what to write instead: refused, never silently dropped.
TABLE_DROPS = {
    "annotate": "--annotate draws its annotations under one chart (--at TIME); the range table has no place for them: "
                "drop it, or add --json (each line holds them)",
    "qin": "--qin apart draws 天禽 in one chart's grid (--at TIME); the range table draws no grid: drop it, or add --json",
}


def check_table_options(job) -> None:
    """A range without --json draws the table: an option only a chart's view shows is refused."""
    for name, value in job.options:
        if name in TABLE_DROPS and value:
            raise BadInput(TABLE_DROPS[name])


#: Seconds a range runs before its progress bar appears (on a terminal's stderr only).
PROGRESS_AFTER = 1.0


def table(when: When, out: Output, steps: Steps, record: Art) -> None:
    """A range without --json: one table row per instant (render/table.py), serially, each
    printed as it is answered (a range of a century starts at once and holds one row).

    A bad instant prints one `qimen: error:` line on stderr and stops the range
    (exit 2) unless --keep-going, as in JSON Lines: the rows before it are shown, but
    not saved to --svg/--html.  A range without rows prints one line saying so.  A progress
    bar appears on stderr when it is a terminal, stdout is not (rows on the terminal show the
    progress themselves) and the range runs longer than PROGRESS_AFTER.
    """
    from ..render.table import RangeTable, none_text

    ctx = click.get_current_context()
    none = none_text(out.lang, _span(when, out.lang), ctx.params.get("where") or ())
    check_terminal_encoding()
    rows = {"fields": record.part("rows"), "split": record.part("split")}
    if not out.export:
        c = console()
        with whole_lines(c) as write:
            failed = _rows(when, steps, RangeTable(record.name, out.lang, c, none, write, **rows))
    else:
        failed = False
        try:
            with view(out) as c:  # the picture records the rows as they are printed
                failed = _rows(when, steps, RangeTable(record.name, out.lang, c, none, **rows))
                if failed and not when.keep_going:
                    raise _Unsaved()
        except _Unsaved:  # the rows before a bad instant are shown, not saved
            replay(c, console())
    if failed:
        raise SystemExit(2)


class _Unsaved(Exception):
    """A range with --svg/--html stopped by a bad instant: its picture is not saved."""


def _rows(when: When, steps: Steps, rows) -> bool:
    """Each instant's row added to `rows` (a RangeTable) as it is answered, then closed; a bad
    instant on stderr (the range stops there unless --keep-going).  Whether one was bad."""
    import time

    from ..arts import answer

    result_at, keep = answer(when.resolve, steps), steps.keep
    fast = _series_rows(when, steps)
    screened = fast.screened(when) if fast is not None else None
    failed = False
    progress = task = None
    started = time.monotonic()
    tty = sys.stderr.isatty() and not sys.stdout.isatty()
    total = when.count() if screened is None else None
    try:
        for i, at in enumerate(when.instants() if screened is None else screened):
            if progress is None and tty and time.monotonic() - started > PROGRESS_AFTER:
                from .stream import progress_bar

                progress, task = progress_bar(total, rows.lang, i)
            try:
                if fast is not None:
                    try:
                        got = fast.parts(at)
                    except QimenError:
                        pass  # the straightforward way below answers it, or words its error
                    else:
                        if got is not None:  # (None: a --where name does not hold)
                            rows.add_values(got[0], got[3], got[1])
                        continue
                result = result_at(at)
            except QimenError as exc:
                failed = True
                click.echo(f"qimen: error: {exc}", err=True)
                if not when.keep_going:
                    break
                continue
            finally:
                if progress is not None:
                    progress.advance(task)
            if keep is None or keep(result):
                rows.add(result)
    finally:
        if progress is not None:
            progress.stop()
    rows.close()
    return failed


def _series_rows(when: When, steps: Steps):
    """cast's rows over a range from the range writer's values (`render.table.CastSeriesRows`),
    when they answer this invocation's options (the writer's own, as the command resolved
    them); else None (each instant's chart is cast)."""
    options = getattr(steps.writer, "keywords", None)
    if click.get_current_context().info_name != "cast" or when.stdin or not options:
        return None
    if (options.get("lodge", "kungen") != "kungen" or options.get("qin", "with") != "with"
            or options["method"] not in ("zhirun", "chaibu") or options.get("scope", "hour") != "hour"):
        return None  # a variant beyond the texts (--lodge, --method maoshan): each instant's chart is cast
    from ..render.table import CastSeriesRows

    rows = CastSeriesRows(when, options["method"], options["layout"], options["switch"], options.get("school", "gu"),
                          options.get("where", ()))
    return rows if rows.fast else None


def _span(when: When, lang: str) -> str:
    """The range as the line of an empty table says it: `FROM … TO` as given, or stdin."""
    if when.start is None:
        from ..render.labels import labeller

        return labeller("range")("stdin", lang)
    return f"{when.start.text} … {when.end.text if when.end is not None else ''}"


def write_json_line(text: str) -> None:
    """One JSON document and a newline, as UTF-8 bytes whatever the locale."""
    write_utf8(text + "\n")


def write_whole_lines(text: str) -> None:
    """JSON Lines on stdout (UTF-8), a line a write: a Ctrl-C or SIGTERM arriving during a write
    waits for its end (`stopping.SignalStop`, as a stream's lines do), so an interrupted run
    leaves whole lines only, then `qimen: interrupted` and exit 130."""
    from .stopping import SignalStop, lines_output
    from .stream import LineWriter

    signals = SignalStop()
    with lines_output():
        out = LineWriter(signals)
        signals.install()
        try:
            for line in text.splitlines():
                out.write(line.encode("utf-8") + b"\n")
        finally:
            signals.restore()


def write_utf8(text: str) -> None:
    """`text` on stdout as UTF-8 bytes whatever the terminal's encoding (JSON is UTF-8), flushed."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
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


