"""`qimen liuren`: 大六壬 四課三傳 as 004 teaches it, with the 天將 (`arts/liuren.py`)."""

from __future__ import annotations

import functools

import click

from ..errors import BadInput
from .params import Output, When, command_options, output_options, time_options
from .run import run, view

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.liuren"
NOBLE_RULES = ("najia", "day-night", "day-night-almanac")


@click.command(epilog="\b\nExamples:\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai --lang en --json")
@time_options
@output_options
@command_options("liuren")
def liuren(when: When, out: Output, yuejiang, month, day, hour, half, noble_rule, lat):
    """大六壬: heaven plate (月將加正時), 四課, 三傳 by 004's rules, the twelve 天將.

    Span with the shipped tables: 1799-07-22 … 2201-04-05.
    """
    if yuejiang is not None and month is not None:
        raise BadInput("--yuejiang and --month both set the 月將: give one")
    yj = yuejiang
    if month is not None:
        from ..liuren.plate import month_yue_jiang

        yj = month_yue_jiang(month)
    if lat is not None and noble_rule != "day-night":
        raise BadInput("--lat decides 晝/夜 for --noble-rule day-night only")

    if day is not None or hour is not None:
        _without_date(when, out, day, hour, yj, half, noble_rule, lat)
        return
    if half is not None:
        raise BadInput("--half goes with --day/--hour; with a date the half-year comes from 冬至/夏至")
    if lat is not None and when.lon is None:
        raise BadInput("--lat needs --lon")

    from ..arts import Job
    from ..arts.liuren import ephemeris_for

    path = ephemeris_for(noble_rule, lat, when.ephemeris)
    by = "中氣" if yj is None else ("--yuejiang" if yuejiang is not None else "--month")
    job = Job.of(ART, noble_rule=noble_rule, yue_jiang=yj, lat=lat, lon=when.lon, ephemeris_path=path, yue_jiang_by=by)
    run(when, out, job, functools.partial(render, job=job))


def render(result, console, lang: str, job) -> None:
    """The lesson's view, labelled from its JSON (the `to_text` of `job`, an arts.Job)."""
    from ..render.json_liuren import as_dict
    from ..render.liuren import render_liuren

    render_liuren(result[1], as_dict(job.steps().to_text(result)), console, lang)


def _without_date(when: When, out: Output, day, hour, yj, half, noble_rule, lat) -> None:
    """--day GANZHI --hour BRANCH: a lesson as the text gives its examples (正月甲子日寅時 …)."""
    if day is None or hour is None:
        raise BadInput("--day and --hour go together")
    if when.at is not None or when.start is not None:
        raise BadInput("--day/--hour cast without a date: drop --at/--from/--to")
    if yj is None:
        raise BadInput("--day/--hour need the 月將: give --yuejiang or --month")
    if lat is not None or when.lon is not None:
        raise BadInput("--lat/--lon need a date (--at): without one, 晝/夜 is taken from the hour")
    from ..arts.liuren import dateless, dateless_json

    lesson = dateless(day, hour, yj, noble_rule, half)
    text = dateless_json(lesson, half, noble_rule)
    if out.json:
        click.echo(text)
        return
    from ..render.json_liuren import as_dict
    from ..render.liuren import render_liuren

    with view(out) as c:
        render_liuren(lesson, as_dict(text), c, out.lang)
