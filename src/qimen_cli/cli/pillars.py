"""`qimen pillars`: the four pillars, the terms in force, 旬 and 空亡, the lunar date."""

from __future__ import annotations

import click

from .params import Output, When, output_options, time_options
from .run import run


def compute(moment):
    return moment


def to_json(m) -> str:
    from ..render.json_pillars import pillars_text

    return pillars_text(m)


def job_steps(lunar_zone: str):
    """The steps of a stream of this command (see stream.Job)."""
    from .stream import Steps

    return Steps(compute, to_json, extra={"lunar_zone": lunar_zone})


def render(m, console, lang: str) -> None:
    from ..render.pillars import render_pillars

    from ..render.json_pillars import pillars_json

    render_pillars(m, pillars_json(m), console, lang)


@click.command()
@time_options
@output_options
@click.option("--lunar-zone", default="+08:00", show_default=True, metavar="OFFSET", help="Offset at which lunar months are reckoned (+09:00 for the Korean calendar).")
def pillars(when: When, out: Output, lunar_zone: str):
    """The four pillars, the term in force and the next one, 旬/空亡, and the lunar date."""
    from ..calendar.clock import InputError, parse_zone
    from ..errors import BadInput

    try:
        parse_zone(lunar_zone)
    except InputError:
        raise BadInput(f"--lunar-zone {lunar_zone!r} is not an offset like +08:00") from None
    if lunar_zone[:1] not in "+-":
        raise BadInput(f"--lunar-zone {lunar_zone!r} is not an offset like +08:00")
    from .stream import Job

    run(when, out, render=render, job=Job.of(__name__, lunar_zone=lunar_zone))
