"""`qimen gucu`: 孤虛 and the military direction and day rules of 虎鈐經 (004) and 000 (`arts/gucu.py`)."""

from __future__ import annotations

import click

from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.gucu"


def render(result, console, lang: str) -> None:
    from ..render.gucu import render_gucu

    moment, report = result
    render_gucu(moment, report, console, lang)


@click.command(epilog="\b\nExamples:\n  qimen gucu --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen gucu --from 2024-03-01 --to 2024-03-10 --every 1d --tz +08:00")
@time_options
@output_options
@command_options("gucu")
def gucu(when: When, out: Output, size, tone, born, month_basis, steps, lunar_zone, method, layout, no_chart, tian_men):
    """孤虛 (時/日/旬), 背建向破, 虎鈐經's direction and day tables, 天罡, 二十八宿 and 三九, 運籌, 閉戊, 安營, 出軍 route.

    Span with the shipped tables: 1799-11-27 … 2200-12-06 (where the lunar date is known).
    """
    from .. import commands

    run(when, out, commands.gucu(when, size, tone, born, month_basis, steps, lunar_zone, method, layout, no_chart,
                                 tian_men=tian_men), render)
