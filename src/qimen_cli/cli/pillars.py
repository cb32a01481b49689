"""`qimen pillars`: the four pillars, the terms in force, 旬 and 空亡, the lunar date (`arts/pillars.py`)."""

from __future__ import annotations

import click

from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.pillars"


def render(m, console, lang: str) -> None:
    from ..render.pillars import render_pillars

    render_pillars(m, console, lang)


@click.command(epilog="\b\nExamples:\n  qimen pillars --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen pillars --from 2024-03-01 --to 2024-03-07 --every 1d --tz +08:00\n  echo 2024-03-05T11:00 | qimen pillars --at - --tz +08:00 --json")
@time_options
@output_options
@command_options("pillars")
def pillars(when: When, out: Output, lunar_zone: str):
    """The four pillars, the term in force and the next one, 旬/空亡, and the lunar date.

    Span with the shipped tables: 1799-11-27 … 2200-12-06 (where the lunar date is known).
    """
    from .. import commands

    run(when, out, commands.pillars(when, lunar_zone), render)
