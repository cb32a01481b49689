"""`cast`: the 時家奇門 chart of a Moment, its JSON, `--where`; its range writer is in `cast_range`."""

from __future__ import annotations

import functools

from . import Steps


def compute(moment, method: str, layout: str, switch: str, school: str = "gu"):
    """The chart of `moment` under the 局 method, the plate layout, the 拆補 switch and the
    recorded school whose variants are added (gu: none)."""
    from ..qimen.chart import cast_chart

    return cast_chart(moment, method, layout, switch, school)


def to_json(chart, explain: bool = False) -> str:
    """The chart's JSON text; with `explain`, with its derivation steps in order, each
    {"key", "values", "text"} (--explain --json)."""
    from ..render.cast_json import chart_json_text

    if explain:
        from ..render.explain import with_explain

        return with_explain(chart_json_text(chart), chart.ju.steps + chart.plate.steps)
    return chart_json_text(chart)


def has_all(chart, names) -> bool:
    """`cast --where`: every one of the pattern `names` is on the chart (a recorded school's
    variant only under a name of its own: `schools.names_present`)."""
    if chart.school != "gu":
        from ..qimen.patterns.schools import names_present

        present = names_present(chart.patterns)
    else:
        present = {p.name for p in chart.patterns}
    return all(name in present for name in names)


def job_steps(method: str, layout: str, switch: str, where: tuple[str, ...] = (), explain: bool = False,
              school: str = "gu") -> Steps:
    """The steps of a stream of charts (see arts.Job): only those showing every `where`
    pattern are kept; over a range in JSON Lines the lines come from `RangeLines`."""
    keep = functools.partial(has_all, names=where) if where else None
    return Steps(
        functools.partial(compute, method=method, layout=layout, switch=switch, school=school),
        functools.partial(to_json, explain=explain),
        keep,
        writer=functools.partial(range_lines, method=method, layout=layout, switch=switch, where=where, school=school),
    )


def range_lines(when, method: str, layout: str, switch: str, where: tuple[str, ...] = (), school: str = "gu"):
    """The range writer of `when`'s charts in JSON Lines (`cast_range.RangeLines`, imported
    only for a range)."""
    from ..render.cast_lines import CastLines
    from .cast_range import RangeLines

    return RangeLines(when, CastLines(when, method, layout, switch, where, school))
