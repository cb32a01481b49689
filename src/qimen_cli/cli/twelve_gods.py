"""`qimen twelve-gods`: 月將 and its plate, 直辰 (建除), and the emergency directions of 000."""

from __future__ import annotations

import functools

import click

from .params import Output, When, output_options, time_options
from .run import run


def compute(moment, school: str):
    from ..gods.report import twelve_gods_report

    return moment, twelve_gods_report(moment, school)


def to_json(result) -> str:
    from ..render.json_gods import gods_text

    return gods_text(*result)


def job_steps(school: str):
    """The steps of a stream of this command (see stream.Job)."""
    from .jobs import Steps

    return Steps(functools.partial(compute, school=school), to_json)


def render(result, console, lang: str) -> None:
    from ..render.gods import render_twelve_gods

    moment, report = result
    render_twelve_gods(moment, report, console, lang)


@click.command(name="twelve-gods", epilog="\b\nExamples:\n  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai --school sanshi")
@time_options
@output_options
@click.option("--school", type=click.Choice(["gu", "sanshi"]), default="gu", show_default=True, help="gu: the text's own methods; sanshi: also the 三氏 variants the text records and rejects.")
def twelve_gods(when: When, out: Output, school: str):
    """月將 (changes at each 中氣), its plate 月將加正時, 直辰, 天三門 地四戶 天馬 地私門 亭亭 白奸, 十干神名.

    Span with the shipped tables: 1799-07-22 … 2201-04-05.
    """
    from .jobs import Job

    run(when, out, render=render, job=Job.of(__name__, school=school))
