"""`qimen liuren`: 大六壬 四課三傳 as 004 teaches it, with the 天將 (`arts/liuren.py`)."""

from __future__ import annotations

import click

from ..errors import BadInput
from .params import BRANCH, GANZHI_DAY, LATITUDE, LUNAR_MONTH, YUE_JIANG, Output, When, output_options, time_options
from .run import run, view

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.liuren"
NOBLE_RULES = ("najia", "day-night", "day-night-almanac")


@click.command(epilog="\b\nExamples:\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen liuren --at 2024-03-05T11:00 --tz Asia/Shanghai --lang en --json")
@time_options
@output_options
@click.option("--yuejiang", type=YUE_JIANG, help="月將 to put on the hour (亥 or 登明 …) instead of the one of the last 中氣.")
@click.option("--month", "month", type=LUNAR_MONTH, help="Lunar month (1–12, 正月 …): 月將 = the month's 合神, as 004 counts it (正月 登明亥).")
@click.option("--day", "day", type=GANZHI_DAY, help="Cast without a date: the day (甲子 …); needs --hour and --yuejiang or --month.")
@click.option("--hour", "hour", type=BRANCH, help="Cast without a date: the hour branch (寅 …).")
@click.option("--half", type=click.Choice(["yang", "yin"]), help="Without a date: 陽貴 (冬至→夏至) or 陰貴 half-year for the 納甲 貴人.")
@click.option("--noble-rule", type=click.Choice(NOBLE_RULES), default="najia", show_default=True, help="貴人 by the texts' 納甲 tables, the 晝夜 rule of 《大六壬心鏡》 (壬癸蛇兔藏: 壬癸 巳 by day), or its almanac variant (壬癸兔蛇藏: 卯 by day).")
@click.option("--lat", type=LATITUDE, metavar="DEG", help="Latitude (north positive): with --lon, 晝/夜 by the real sunrise and sunset (day-night rule). Note that --lon also puts the 干支 on local solar time.")
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
    run(when, out, job, render)


def render(result, console, lang: str) -> None:
    """The view of a lesson cast from a date: `result` is (moment, lesson)."""
    from ..render.liuren import render_liuren

    moment, lesson = result
    render_liuren(lesson, moment, console, lang)


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
    if out.json:
        click.echo(dateless_json(lesson, half, noble_rule))
        return
    from ..render.liuren import render_liuren

    with view(out) as c:
        render_liuren(lesson, None, c, out.lang)
