"""`qimen liuren`: 大六壬 四課三傳 as 004 teaches it, with the 天將 (`arts/liuren.py`)."""

from __future__ import annotations

import click

from ..errors import BadInput
from .params import Output, When, command_options, given, output_options, time_options
from .run import run, view, write_json_line

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.liuren"


@click.command(epilog="\b\nExamples:\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai --lang en --json")
@time_options
@output_options
@command_options("liuren")
def liuren(when: When, out: Output, yuejiang, month, day, hour, half, noble_rule, lat, fan_yin, tian_men):
    """大六壬: heaven plate (月將加正時), 四課, 三傳 by 004's rules, the twelve 天將.

    Span with the shipped tables: 1799-07-22 … 2201-04-05.
    """
    from .. import commands

    job = commands.liuren(when, yuejiang, month, day, hour, half, noble_rule, lat, fan_yin, tian_men=tian_men)
    if isinstance(job, commands.Dateless):
        if given("ephemeris"):  # $QIMEN_EPHEMERIS set for other commands is no error here
            raise BadInput("--ephemeris gives the terms of a date: --day/--hour cast without one, drop --ephemeris")
        _without_date(job, out)
        return
    run(when, out, job, render)


def render(result, console, lang: str) -> None:
    """The view of a lesson cast from a date: `result` is (moment, lesson)."""
    from ..render.liuren import render_liuren

    moment, lesson = result
    render_liuren(lesson, moment, console, lang)


def _without_date(dateless, out: Output) -> None:
    """--day GANZHI --hour BRANCH: a lesson as the text gives its examples (正月甲子日寅時 …)."""
    lesson = dateless.lesson()
    text = dateless.text(lesson)
    if out.json:
        write_json_line(text)
        return
    from ..render.liuren import render_liuren

    with view(out) as c:
        render_liuren(lesson, None, c, out.lang)
