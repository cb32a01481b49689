"""`qimen noble`: 貴人 by 納甲, the twelve 天將 on 月將加正時, and the 地私門 (`arts/noble.py`)."""

from __future__ import annotations

import click

from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.noble"


def render(result, console, lang: str) -> None:
    from ..render.gods import render_noble

    moment, report = result
    render_noble(moment, report, console, lang)


@click.command(epilog="\b\nExamples:\n  qimen noble --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen noble --from 2024-03-05T00:00 --to 2024-03-05T23:00 --tz +08:00")
@time_options
@output_options
@command_options("noble")
def noble(when: When, out: Output, method: str, layout: str, no_chart: bool):
    """貴人 of the day (納甲; 陽貴 冬至→夏至, 陰貴 夏至→冬至), the twelve 天將 on the plate, and the 地私門.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (with --no-chart from 1799-07-22).
    """
    from .. import commands

    run(when, out, commands.noble(when, method, layout, no_chart), render)
