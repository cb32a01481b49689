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

from ..errors import QimenError
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
    compute: Callable | None = None,
    to_json: Callable | None = None,
    render: Callable | None = None,
    *,
    resolve_extra: dict | None = None,
    keep: Callable | None = None,
    job=None,
) -> None:
    """Resolve, compute, print.

    `job` (a stream.Job: the command's module and option values) gives the steps:
    `compute(moment)` → engine result; `to_json(result)` → the JSON object as text
    (or a dict); `keep(result)`; the resolve extras.  (Or pass compute, to_json,
    keep and resolve_extra directly: such a stream runs in one process.)
    `render(result, console, lang)` draws the rich view.  Over a stream each
    instant is one JSON line (only those for which `keep(result)` holds, when
    given); bad instants stop the run unless --keep-going.
    """
    if job is not None:
        compute, to_json, keep, resolve_extra = job.steps()
    extra = resolve_extra or {}
    if not when.is_stream:
        result = compute(when.resolve(when.at or _now(), **extra))
        if out.json:
            text = to_json(result)
            if not isinstance(text, str):
                from ..render.jsonout import dumps

                text = dumps(text)
            click.echo(text)
        else:
            render(result, console(), out.lang)
        return
    from .stream import stream

    if job is not None:
        stream(when, job)
    else:
        stream(when, compute, to_json, extra, keep)
