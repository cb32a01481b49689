"""`qimen cast`: the full 時家奇門 chart (computed and written by `arts/cast.py`)."""

from __future__ import annotations

import functools

import click

from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute, JSON and range writer).
ART = "qimen_cli.arts.cast"

def complete_where(ctx, param, incomplete: str):
    """--where values: the pattern names (`complete.complete_pattern`, imported only when completing)."""
    from .complete import complete_pattern

    return complete_pattern(ctx, param, incomplete)


@click.command(epilog="\b\nExamples:\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Seoul --lang ko --explain\n  qimen cast --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 玉女守門")
@time_options
@output_options
@command_options("cast", complete={"where": complete_where})
def cast(when: When, out: Output, method: str, layout: str, switch: str, where: tuple[str, ...], explain: bool,
         school: str):
    """The 時家奇門 chart: pillars, term, 遁/局/元, 旬首, 直符/直使, the nine palaces, every pattern.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (--method chaibu from 1799-07-22).
    """
    from .. import commands

    job = commands.cast(when, method, layout, switch, where, explain, school)
    run(when, out, job, functools.partial(render, explain=explain))


def render(chart, console, lang: str, explain: bool) -> None:
    from ..render.grid import render_chart

    render_chart(chart, console, lang, explain=explain)
