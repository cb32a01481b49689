"""`qimen liuren`: 大六壬 四課三傳 as 004 teaches it, with the 天將."""

from __future__ import annotations

import click

from ..errors import BadInput
from .params import Output, When, output_options, time_options
from .run import console, run

NOBLE_RULES = ("najia", "day-night")
HALVES = {"yang": True, "yin": False}
MONTH_WORDS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def parse_branch(text: str, option: str, names: bool = False) -> int:
    """A branch by its character (亥), with 時 (亥時), or — for 月將 — by its 地將 name (登明)."""
    from ..calendar.ganzhi import BRANCHES

    value = text.strip()
    if value.endswith("時") and len(value) == 2:
        value = value[0]
    if value in BRANCHES:
        return BRANCHES.index(value)
    if names:
        from ..gods.noble import YUE_JIANG_ALIASES, YUE_JIANG_NAMES

        value = YUE_JIANG_ALIASES.get(value, value)
        if value in YUE_JIANG_NAMES:
            return YUE_JIANG_NAMES.index(value)
    what = "a branch (子 … 亥) or a 地將 name (神后 … 登明)" if names else "a branch (子 … 亥)"
    raise BadInput(f"{option} {text!r} is not {what}")


def parse_month(text: str) -> int:
    """A lunar month: 1–12, or 正月 … 十二月."""
    value = text.strip().removesuffix("月")
    if value.isdigit() and 1 <= int(value) <= 12:
        return int(value)
    if value in MONTH_WORDS:
        return MONTH_WORDS.index(value) + 1
    raise BadInput(f"--month {text!r} is not a lunar month (1–12 or 正月 … 十二月)")


def parse_day(text: str) -> int:
    from ..calendar.ganzhi import cycle_index

    try:
        return cycle_index(text.strip().removesuffix("日"))
    except ValueError:
        raise BadInput(f"--day {text!r} is not a 干支 day (甲子 … 癸亥)") from None


def job_steps(noble_rule: str, yue_jiang, lat, lon, ephemeris_path, yue_jiang_by: str):
    """The steps of a stream of this command (see stream.Job)."""
    from ..liuren.report import from_moment
    from ..render.json_liuren import lesson_text
    from .stream import Steps

    def compute(moment):
        return moment, from_moment(moment, noble_rule=noble_rule, yue_jiang=yue_jiang, lat=lat, lon=lon,
                                   ephemeris_path=ephemeris_path)

    def to_json(result):
        return lesson_text(*result, noble_rule, lat, lon, yue_jiang_by)

    return Steps(compute, to_json)


@click.command()
@time_options
@output_options
@click.option("--yuejiang", metavar="BRANCH", help="月將 to put on the hour (亥 or 登明 …) instead of the one of the last 中氣.")
@click.option("--month", "month", metavar="N", help="Lunar month (1–12, 正月 …): 月將 = the month's 合神, as 004 counts it (正月 登明亥).")
@click.option("--day", "day", metavar="GANZHI", help="Cast without a date: the day (甲子 …); needs --hour and --yuejiang or --month.")
@click.option("--hour", "hour", metavar="BRANCH", help="Cast without a date: the hour branch (寅 …).")
@click.option("--half", type=click.Choice(["yang", "yin"]), help="Without a date: 陽貴 (冬至→夏至) or 陰貴 half-year for the 納甲 貴人.")
@click.option("--noble-rule", type=click.Choice(NOBLE_RULES), default="najia", show_default=True, help="貴人 by the texts' 納甲 tables, or the common 晝夜 rule (甲戊庚牛羊 …).")
@click.option("--lat", type=float, metavar="DEG", help="Latitude (north positive): with --lon, 晝/夜 by the real sunrise and sunset (day-night rule). Note that --lon also puts the 干支 on local solar time.")
def liuren(when: When, out: Output, yuejiang, month, day, hour, half, noble_rule, lat):
    """大六壬: heaven plate (月將加正時), 四課, 三傳 by 004's rules, the twelve 天將."""
    if yuejiang is not None and month is not None:
        raise BadInput("--yuejiang and --month both set the 月將: give one")
    yj = None
    if yuejiang is not None:
        yj = parse_branch(yuejiang, "--yuejiang", names=True)
    if month is not None:
        from ..liuren.plate import month_yue_jiang

        yj = month_yue_jiang(parse_month(month))
    if lat is not None and not -90.0 <= lat <= 90.0:
        raise BadInput(f"--lat {lat} is not a latitude (−90 … 90)")

    if day is not None or hour is not None:
        _without_date(when, out, day, hour, yj, half, noble_rule, lat)
        return
    if half is not None:
        raise BadInput("--half goes with --day/--hour; with a date the half-year comes from 冬至/夏至")
    if lat is not None and when.lon is None:
        raise BadInput("--lat needs --lon")

    from ..calendar.ephemeris import chosen_path

    path = chosen_path(when.ephemeris) if noble_rule == "day-night" and lat is not None else None

    from .stream import Job

    by = "中氣" if yj is None else ("--yuejiang" if yuejiang is not None else "--month")
    job = Job.of(__name__, noble_rule=noble_rule, yue_jiang=yj, lat=lat, lon=when.lon, ephemeris_path=path, yue_jiang_by=by)

    def render(result, console, lang):
        from ..render.json_liuren import as_dict
        from ..render.liuren import render_liuren

        render_liuren(result[1], as_dict(job.steps().to_text(result)), console, lang)

    run(when, out, render=render, job=job)


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
    from ..liuren.report import cast

    lesson = cast(parse_day(day), parse_branch(hour, "--hour"), yj, noble_rule=noble_rule,
                  yang=None if half is None else HALVES[half])
    from ..render.json_liuren import as_dict, dateless_text

    text = dateless_text(lesson, half, noble_rule)
    if out.json:
        click.echo(text)
        return
    from ..render.liuren import render_liuren

    render_liuren(lesson, as_dict(text), console(), out.lang)
