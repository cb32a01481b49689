"""`qimen twelve-gods`: 月將 and its plate, 直辰 (建除), and the emergency directions of 000 (`arts/twelve_gods.py`)."""

from __future__ import annotations

import click

from .params import Output, When, command_options, output_options, time_options
from .run import run

#: The art this command runs (its compute and JSON).
ART = "qimen_cli.arts.twelve_gods"


def render(result, console, lang: str) -> None:
    from ..render.gods import render_twelve_gods

    moment, report = result
    render_twelve_gods(moment, report, console, lang)


@click.command(name="twelve-gods", epilog="\b\nExamples:\n  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen twelve-gods --at 2024-03-05T11:00 --tz Asia/Shanghai --school sanshi")
@time_options
@output_options
@command_options("twelve-gods")
def twelve_gods(when: When, out: Output, school: str):
    """月將 (changes at each 中氣), its plate 月將加正時, 直辰, 天三門 地四戶 天馬 地私門 亭亭 白奸, 十干神名.

    Span with the shipped tables: 1799-07-22 … 2201-04-05.
    """
    from .. import commands

    run(when, out, commands.twelve_gods(when, school), render)
