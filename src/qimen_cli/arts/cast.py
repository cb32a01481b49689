"""`cast`: the 時家奇門 chart of a Moment, its JSON, `--where`; its range writer is in `cast_range`."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from ..calendar.moment import Moment
    from ..qimen.chart import Chart
    from . import TimeOptions
    from .cast_range import RangeLines


def compute(moment: Moment, method: str, layout: str, switch: str, school: str = "gu", lodge: str = "kungen",
            qin: str = "with", annotate: tuple[str, ...] = (), scope: str = "hour") -> Chart:
    """The chart of `moment` under the 局 method, the plate layout, the 拆補 switch, the
    recorded school whose variants are added (gu: none), the 寄宮 (--lodge) and 天禽's drawing (--qin),
    with the palace annotations `annotate` (qimen/annotations.py; none by default)."""
    from ..qimen.chart import cast_chart

    return cast_chart(moment, method, layout, switch, school, lodge, qin, annotate=annotate, scope=scope)


def to_json(chart: Chart, explain: bool = False) -> str:
    """The chart's JSON text; with `explain`, with its derivation steps in order, each
    {"key", "values", "text"} (--explain --json)."""
    from ..render.cast_json import chart_json_text

    if explain:
        from ..render.explain import with_explain

        return with_explain(chart_json_text(chart), chart.ju.steps + chart.plate.steps)
    return chart_json_text(chart)


def has_all(chart: Chart, names: tuple[str, ...]) -> bool:
    """`cast --where`: every one of the pattern `names` is on the chart (a recorded school's
    variant only under a name of its own: `schools.names_present`)."""
    if chart.school != "gu":
        from ..qimen.patterns.schools import names_present

        present = names_present(chart.patterns)
    else:
        present = {p.name for p in chart.patterns}
    return all(name in present for name in names)


def job_steps(method: str, layout: str, switch: str, where: tuple[str, ...] = (), explain: bool = False,
              school: str = "gu", lodge: str = "kungen", qin: str = "with",
              annotate: tuple[str, ...] = (), scope: str = "hour") -> Steps:
    """The steps of a stream of charts (see arts.Job): only those showing every `where`
    pattern are kept; over a range in JSON Lines the lines come from `RangeLines` (with
    --annotate, chart by chart: the range writer writes no annotations)."""
    keep = functools.partial(has_all, names=where) if where else None
    if annotate:
        return Steps(functools.partial(compute, method=method, layout=layout, switch=switch, school=school,
                                       lodge=lodge, qin=qin, annotate=annotate),
                     functools.partial(to_json, explain=explain), keep)
    return Steps(
        functools.partial(compute, method=method, layout=layout, switch=switch, school=school, lodge=lodge, qin=qin,
                          scope=scope),
        functools.partial(to_json, explain=explain),
        keep,
        writer=functools.partial(range_lines, method=method, layout=layout, switch=switch, where=where, school=school,
                                 lodge=lodge, qin=qin, scope=scope),
    )


def range_lines(when: TimeOptions, method: str, layout: str, switch: str, where: tuple[str, ...] = (),
                school: str = "gu", lodge: str = "kungen", qin: str = "with", scope: str = "hour") -> RangeLines:
    """The range writer of `when`'s charts in JSON Lines (`cast_range.RangeLines`, imported
    only for a range)."""
    from ..render.cast_lines import CastLines
    from .cast_range import RangeLines

    return RangeLines(when, CastLines(when, method, layout, switch, where, school, lodge, qin, scope))


# --- find -------------------------------------------------------------------------------


def find_compute(moment: Moment, opts: dict[str, Any]) -> Chart:
    """The chart `find` reads (its --method, --layout, --switch and --school)."""
    return compute(moment, opts["method"], opts["layout"], opts["switch"], opts["school"], opts.get("lodge", "kungen"),
                   scope=opts.get("scope", "hour"))


def find_json(chart: Chart, opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(chart))


ART = Art(
    "cast", "The 時家奇門 chart: 局, plates, patterns.",
    engine="qimen/",
    help="The 時家奇門 chart: pillars, term, 遁/局/元, 旬首, 直符/直使, the nine palaces, every pattern.\n\n"
         "Span with the shipped tables: 1799-08-08 … 2201-04-05 (--method chaibu from 1799-07-22).",
    epilog="\b\nExamples:\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen cast --at 2024-03-05T11:00 --tz Asia/Seoul --lang ko --explain\n"
           "  qimen cast --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 玉女守門",
    api="The 時家奇門 chart of `at` (`qimen cast`): a Result whose value is the Chart; over a range\n"
        "(`start`, `end`, `every`), a Stream of them, only those showing every `where` pattern;\n"
        "`school` adds a recorded school's variants (li, lin, tao, sanshi, zhushu; yiben: the 一本's\n"
        "擊刑 003 accepts) or draws its plate (huoju: 五專寄坤); `lodge` kun lodges the centre in 坤 in both 遁\n"
        "and `method` maoshan takes the 局 by 茅山 (both beyond the texts); never the default.",
    options="qimen_cli.options:_cast", check="qimen_cli.commands:cast", steps=job_steps,
    view="qimen_cli.render.grid:render_chart", split=lambda chart: (chart.moment, chart),
    rows="qimen_cli.render.table:ROWS[cast]",
    listing="qimen_cli.arts.patterns:pattern_records", conditions="qimen_cli.find.arts:cast_named",
    find_compute=find_compute, find_json=find_json,
    places=("palace", "qimen_cli.find.places:palace_keys", "qimen_cli.find.places:chart_places"),
    cost=1, listed=0, parallel=500,
    value="qimen_cli.qimen.chart:Chart",
)
