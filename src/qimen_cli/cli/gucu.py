"""`qimen gucu`: 孤虛 and the military direction and day rules of 虎鈐經 (004) and 000 (`arts/gucu.py`)."""

from __future__ import annotations

import click

from ..errors import BadInput, QimenError
from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.gucu"


def born_month_day(born, when: When, basis: str, lunar_zone: str) -> tuple[int, int] | None:
    """--born as (month, day) of the text's count: given so, or the date read under `basis`."""
    if born is None or isinstance(born, tuple):
        return born
    from ..gucu.report import month_day_of

    try:
        moment = when.resolve(f"{born.isoformat()}T12:00", lunar_zone=lunar_zone)
        md = month_day_of(moment, basis)
    except QimenError as exc:
        raise BadInput(f"--born {born.isoformat()}: {exc}") from None
    if md.day > 30:
        raise BadInput(f"--born {born.isoformat()} is day {md.day} of a solar month; the text's months end at 三十日")
    return md.month, md.day


def render(result, console, lang: str) -> None:
    from ..render.gucu import render_gucu

    moment, report = result
    render_gucu(moment, report, console, lang)


@click.command(epilog="\b\nExamples:\n  qimen gucu --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen gucu --from 2024-03-01 --to 2024-03-10 --every 1d --tz +08:00")
@time_options
@output_options
@command_options("gucu")
def gucu(when: When, out: Output, size, tone, born, month_basis, steps, lunar_zone, method, layout, no_chart):
    """孤虛 (時/日/旬), 背建向破, 虎鈐經's direction and day tables, 天罡, 二十八宿 and 三九, 運籌, 閉戊, 安營, 出軍 route.

    Span with the shipped tables: 1799-11-27 … 2200-12-06 (where the lunar date is known).
    """
    if steps % 6:
        raise BadInput(f"--steps {steps} must be a positive multiple of six (以六為率)")
    if no_chart and (method is not None or layout is not None):
        raise BadInput("--method/--layout choose the chart that --no-chart skips: drop one")
    method, layout = method or "zhirun", layout or "zhuan"
    born_md = born_month_day(born, when, month_basis, lunar_zone)

    from ..arts import Job

    run(when, out, Job.of(ART, lunar_zone=lunar_zone, size=size, tone=tone, born=born_md, steps=steps,
                          month_basis=month_basis, method=method, layout=layout, no_chart=no_chart), render)
