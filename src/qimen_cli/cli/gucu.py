"""`qimen gucu`: 孤虛 and the military direction and day rules of 虎鈐經 (004) and 000."""

from __future__ import annotations

import re

import click

from ..errors import BadInput
from .params import Output, When, output_options, time_options
from .run import run

METHODS = ("zhirun", "chaibu")
LAYOUTS = ("zhuan", "fei")
_MONTH_DAY = re.compile(r"^\s*(\d{1,2})[-/](\d{1,2})\s*$")
_ISO_DATE = re.compile(r"^\s*(\d{4}-\d{2}-\d{2})\s*$")


def parse_born(text: str | None, when: When, basis: str, lunar_zone: str) -> tuple[int, int] | None:
    """--born: "M-D" (month and day as the text counts them) or an ISO date, read under `basis`."""
    if text is None:
        return None
    m = _MONTH_DAY.match(text)
    if m:
        month, day = int(m.group(1)), int(m.group(2))
        if not (1 <= month <= 12 and 1 <= day <= 30):
            raise BadInput(f"--born {text!r}: month must be 1–12 and day 1–30")
        return month, day
    m = _ISO_DATE.match(text)
    if not m:
        raise BadInput(f"--born {text!r} is neither a month-day like 5-5 nor a date like 1990-06-27")
    from ..gucu.report import month_day_of
    from .run import INPUT_ERRORS

    try:
        born = when.resolve(f"{m.group(1)}T12:00", lunar_zone=lunar_zone)
        md = month_day_of(born, basis)
    except INPUT_ERRORS as exc:
        raise BadInput(f"--born {text!r}: {exc}") from None
    except ValueError as exc:
        raise BadInput(f"--born {text!r}: {exc}") from None
    if md.day > 30:
        raise BadInput(f"--born {text!r} is day {md.day} of a solar month; the text's months end at 三十日")
    return md.month, md.day


def to_json(result) -> str:
    from ..render.json_gucu import gucu_text

    return gucu_text(*result)


def compute(moment, size, tone, born, steps, month_basis, method, layout, no_chart):
    from ..calendar.clock import InputError
    from ..gucu.report import gucu_report

    plate = None
    if not no_chart:
        from ..qimen.chart import cast_chart

        chart = cast_chart(moment, method=method, layout=layout)
        palaces = chart.plate.palaces
        plate = ({i: palaces[i].earth_stems for i in range(1, 10)}, chart.plate.xun_yi)
    try:
        report = gucu_report(moment, month_basis=month_basis, size=size, tone=tone, born=born,
                             steps=steps, earth_plate=plate)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return moment, report


def job_steps(lunar_zone: str, **options):
    """The steps of a stream of this command (see stream.Job)."""
    import functools

    from .stream import Steps

    return Steps(functools.partial(compute, **options), to_json, extra={"lunar_zone": lunar_zone})


def render(result, console, lang: str) -> None:
    from ..render.gucu import render_gucu

    moment, report = result
    render_gucu(moment, report, console, lang)


@click.command()
@time_options
@output_options
@click.option("--size", type=int, metavar="N", help="Number of people: under 10000 the hour's 孤虛, from 10000 the day's (萬人已上用日孤虛).")
@click.option("--tone", type=click.Choice(list("角徵宮商羽")), help="五音 of the army: its 德, 陽, 陰, 生氣, 死氣, 刑禍.")
@click.option("--born", metavar="DATE", help="The general's birthday: month-day as the text counts (5-5 = 五月五日) or an ISO date; gives 命宿 and the 三九 reading.")
@click.option("--month-basis", type=click.Choice(["lunar", "jie"]), default="lunar", show_default=True, help="Months and days of the Chinese lunar calendar, or solar months from each 節 (days from the 節 day).")
@click.option("--steps", type=int, default=6, show_default=True, metavar="N", help="閉戊 ring size in 步 (a multiple of six): the soil is 2N 斗.")
@click.option("--lunar-zone", default="+08:00", show_default=True, metavar="OFFSET", help="Offset at which lunar months are reckoned (+09:00 for the Korean calendar).")
@click.option("--method", default="zhirun", show_default=True, metavar="|".join(METHODS), help="局 method of the 奇門 chart used for the 出軍 route.")
@click.option("--layout", default="zhuan", show_default=True, metavar="|".join(LAYOUTS), help="Layout of that chart.")
@click.option("--no-chart", is_flag=True, help="Skip the 奇門 chart (no 出軍 route).")
def gucu(when: When, out: Output, size, tone, born, month_basis, steps, lunar_zone, method, layout, no_chart):
    """孤虛 (時/日/旬), 背建向破, 虎鈐經's direction and day tables, 天罡, 二十八宿 and 三九, 運籌, 閉戊, 安營, 出軍 route."""
    if size is not None and size < 1:
        raise BadInput(f"--size {size} must be at least 1")
    if steps <= 0 or steps % 6:
        raise BadInput(f"--steps {steps} must be a positive multiple of six (以六為率)")
    if method not in METHODS:
        raise BadInput(f"unknown --method {method!r} (choose from {', '.join(METHODS)})")
    if layout not in LAYOUTS:
        raise BadInput(f"unknown --layout {layout!r} (choose from {', '.join(LAYOUTS)})")
    if not re.fullmatch(r"[+-]\d{2}:?\d{2}", lunar_zone):
        raise BadInput(f"--lunar-zone {lunar_zone!r} is not an offset like +08:00")
    born_md = parse_born(born, when, month_basis, lunar_zone)

    from .stream import Job

    run(when, out, render=render, job=Job.of(__name__, lunar_zone=lunar_zone, size=size, tone=tone, born=born_md, steps=steps,
                                             month_basis=month_basis, method=method, layout=layout, no_chart=no_chart))
