"""`qimen noble`: 貴人 by 納甲, the twelve 天將 on 月將加正時, and the 地私門."""

from __future__ import annotations

import functools

import click

from ..errors import BadInput
from .params import LAYOUT, METHOD, Output, When, output_options, time_options
from .run import run


def compute(moment, method: str, layout: str, with_chart: bool):
    from ..gods.report import noble_report

    doors = stems = None
    if with_chart:
        from ..qimen.plates import chart_plate

        palaces = chart_plate(moment, method=method, layout=layout).palaces
        doors = {i: palaces[i].door for i in range(1, 10)}
        stems = {i: palaces[i].heaven_stems for i in range(1, 10)}
    return moment, noble_report(moment, doors, stems)


def to_json(result) -> str:
    from ..render.json_gods import gods_text

    return gods_text(*result)


def job_steps(method: str, layout: str, with_chart: bool):
    """The steps of a stream of this command (see stream.Job)."""
    from .jobs import Steps

    return Steps(functools.partial(compute, method=method, layout=layout, with_chart=with_chart), to_json)


def render(result, console, lang: str) -> None:
    from ..render.gods import render_noble

    moment, report = result
    render_noble(moment, report, console, lang)


@click.command(epilog="\b\nExamples:\n  qimen noble --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen noble --from 2024-03-05T00:00 --to 2024-03-05T23:00 --tz +08:00")
@time_options
@output_options
@click.option("--method", type=METHOD, default=None, help="局 method of the 奇門 chart checked against the 私門 (zhirun by default).")
@click.option("--layout", type=LAYOUT, default=None, help="Layout of that chart (zhuan by default).")
@click.option("--no-chart", is_flag=True, help="Skip the 奇門 chart (no 吉門 check for the 私門).")
def noble(when: When, out: Output, method: str, layout: str, no_chart: bool):
    """貴人 of the day (納甲; 陽貴 冬至→夏至, 陰貴 夏至→冬至), the twelve 天將 on the plate, and the 地私門.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (with --no-chart from 1799-07-22).
    """
    if no_chart and (method is not None or layout is not None):
        raise BadInput("--method/--layout choose the chart that --no-chart skips: drop one")
    method, layout = method or "zhirun", layout or "zhuan"
    from .jobs import Job

    run(when, out, render=render, job=Job.of(__name__, method=method, layout=layout, with_chart=not no_chart))
