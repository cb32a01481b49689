"""The runner every subcommand uses: resolve, compute, print.

More precisely: `run` resolves each instant into a Moment, calls the engine,
and prints: one JSON object (--json), a rich view, or — over a range or with
`--at -` — JSON Lines, one object per instant in input order (`stream`).  Bad
input exits 2 with one line on stderr naming the value, and nothing on stdout for it.
"""

from __future__ import annotations

import datetime as _dt
import sys
from typing import Callable

import click

from ..errors import BadInput, QimenError
from .params import Output, When

#: Errors of the engine that mean "the input was bad" (exit 2, one line): the whole hierarchy.
INPUT_ERRORS = (QimenError,)


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
        if not out.json:
            check_terminal_encoding()
        result = compute(when.resolve(when.at or _now(), **extra))
        if out.json:
            from ..render.jsonout import dumps

            write_json_line(dumps(to_json(result)))
        else:
            render(result, console(), out.lang)
        return
    check_range(when, compute, extra)
    from .stream import stream

    stream(when, compute, to_json, extra, keep)


def check_range(when: When, compute: Callable, extra: dict) -> None:
    """Before a range prints anything: its first and last instants must be answerable (inside
    the command's span), so that a range reaching outside fails at once with one line and an
    empty stdout.  With --keep-going each bad instant is reported as it comes instead."""
    if when.start is None or when.keep_going:
        return
    start, end, inclusive = when.bounds()
    if not inclusive:
        end -= _dt.timedelta(microseconds=1)
    zone = when.clock_zone
    for at in (start, end):
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


