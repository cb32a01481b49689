"""`qimen cast`: the full 時家奇門 chart."""

from __future__ import annotations

import click

from ..errors import BadInput
from .params import Output, When, output_options, time_options
from .run import run

METHODS = ("zhirun", "chaibu")
LAYOUTS = ("zhuan", "fei")


def _check_names(names: tuple[str, ...]) -> tuple[str, ...]:
    if not names:
        return names
    from ..qimen.patterns import PATTERN_NAMES

    valid = list(dict.fromkeys(PATTERN_NAMES))
    for name in names:
        if name not in valid:
            raise BadInput(f"unknown pattern --where {name!r}; valid names: {' '.join(valid)}")
    return names


@click.command()
@time_options
@output_options
@click.option("--method", default="zhirun", show_default=True, metavar="|".join(METHODS), help="局 by 置閏 (古法, the author's) or 拆補 (李氏).")
@click.option("--layout", default="zhuan", show_default=True, metavar="|".join(LAYOUTS), help="轉盤 (古法) or 陶氏飛盤.")
@click.option("--switch", type=click.Choice(["shichen", "instant"]), default="shichen", show_default=True, help="拆補: a new term applies from the start of its 時辰 (as the text counts) or from the instant.")
@click.option("--where", "where", multiple=True, metavar="NAME", help="Over a range, keep only charts showing this pattern (repeatable: all must hold).")
@click.option("--explain", is_flag=True, help="Print each derivation step with the rule it used.")
def cast(when: When, out: Output, method: str, layout: str, switch: str, where: tuple[str, ...], explain: bool):
    """The 時家奇門 chart: pillars, term, 遁/局/元, 旬首, 直符/直使, the nine palaces, every pattern."""
    if method not in METHODS:
        raise BadInput(f"unknown --method {method!r} (choose from {', '.join(METHODS)})")
    if layout not in LAYOUTS:
        raise BadInput(f"unknown --layout {layout!r} (choose from {', '.join(LAYOUTS)})")
    _check_names(where)
    if where and not when.is_stream:
        raise BadInput("--where filters a range: use it with --from/--to or --at -")

    def render(chart, console, lang):
        from ..render.grid import render_chart

        render_chart(chart, console, lang, explain=explain)

    from .stream import Job

    run(when, out, render=render, job=Job.of(__name__, method=method, layout=layout, switch=switch, where=where))


def job_steps(method: str, layout: str, switch: str, where: tuple[str, ...]):
    """The steps of a stream of this command (see stream.Job)."""
    from ..qimen.chart import cast_chart
    from ..render.cast_json import chart_json_text
    from .stream import Steps

    def compute(moment):
        return cast_chart(moment, method, layout, switch)

    keep = None
    if where:
        wanted = set(where)

        def keep(chart):
            names = {p.name for p in chart.patterns}
            return wanted <= names

    return Steps(compute, chart_json_text, keep)
