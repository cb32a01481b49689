"""`qimen cast`: the full 時家奇門 chart."""

from __future__ import annotations

import click

from ..errors import BadInput
from .complete import complete_pattern
from .params import LAYOUT, METHOD, SWITCH, Output, When, output_options, time_options
from .run import run



def _check_names(names: tuple[str, ...]) -> tuple[str, ...]:
    if not names:
        return names
    from ..qimen.patterns import PATTERN_NAMES

    valid = list(dict.fromkeys(PATTERN_NAMES))
    for name in names:
        if name not in valid:
            raise BadInput(f"unknown pattern --where {name!r}; valid names: {' '.join(valid)}")
    return names


@click.command(epilog="\b\nExamples:\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Seoul --lang ko --explain\n  qimen cast --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 玉女守門")
@time_options
@output_options
@click.option("--method", type=METHOD, default="zhirun", show_default=True, help="局 by 置閏 (古法, the author's) or 拆補 (李氏).")
@click.option("--layout", type=LAYOUT, default="zhuan", show_default=True, help="轉盤 (古法) or 陶氏飛盤.")
@click.option("--switch", type=SWITCH, default=None, help="With --method chaibu: a new term applies from the start of its 時辰 (shichen, as the text counts; default) or from the instant.")
@click.option("--where", "where", multiple=True, metavar="NAME", shell_complete=complete_pattern, help="Over a range, keep only charts showing this pattern (repeatable: all must hold).")
@click.option("--explain", is_flag=True, help="Print each derivation step with the rule it used.")
def cast(when: When, out: Output, method: str, layout: str, switch: str, where: tuple[str, ...], explain: bool):
    """The 時家奇門 chart: pillars, term, 遁/局/元, 旬首, 直符/直使, the nine palaces, every pattern.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (--method chaibu from 1799-07-22).
    """
    if switch is not None and method != "chaibu":
        raise BadInput(f"--switch {switch} applies to --method chaibu only (置閏 does not switch at the term)")
    switch = switch or "shichen"
    _check_names(where)
    if where and not when.is_stream:
        raise BadInput("--where filters a range: use it with --from/--to or --at -")
    if explain and when.is_stream:
        raise BadInput("--explain explains one chart (--at), not a range")

    from ..qimen.chart import cast_chart

    def compute(moment):
        return cast_chart(moment, method, layout, switch)

    def to_json(chart):
        from ..render.cast_json import chart_json_text

        if explain:
            return with_explain(chart_json_text(chart), chart.ju.steps + chart.plate.steps)
        return chart_json_text(chart)

    def render(chart, console, lang):
        from ..render.grid import render_chart

        render_chart(chart, console, lang, explain=explain)

    keep = None
    if where:
        wanted = set(where)

        def keep(chart):
            names = {p.name for p in chart.patterns}
            return wanted <= names

    run(when, out, compute, to_json, render, keep=keep)


def with_explain(text: str, steps) -> dict:
    """A chart's JSON with `explain`: the derivation steps in order (--explain --json)."""
    import json

    data = json.loads(text)
    data["explain"] = list(steps)
    return data
