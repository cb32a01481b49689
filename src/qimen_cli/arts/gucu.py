"""`gucu`: 孤虛 and the direction and day rules of 虎鈐經 (with the 出軍 route on the 奇門 chart) and its JSON."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from ..calendar.moment import Moment
    from ..gucu.report import GucuReport


@functools.cache
def _engine() -> tuple[Any, Any, Any]:
    """(chart_plate, gucu_report, gucu_text), imported when first asked for (not with the
    record) and then kept: a stream asks once an instant, and an import statement costs
    about 2 µs each time."""
    from ..gucu.report import gucu_report
    from ..qimen.plates import chart_plate
    from ..render.json_gucu import gucu_text

    return chart_plate, gucu_report, gucu_text


def chart_earth_plate(moment: Moment, method: str, layout: str) -> tuple[dict[int, tuple[str, ...]], str]:
    """The 奇門 earth plate the 出軍 route reads: each palace's earth stems and the 旬's 儀
    (read once per plate: the plates are shared; the dict too: not to be changed)."""
    qimen_plate = _engine()[0](moment, method=method, layout=layout)
    hit = _EARTH.get(id(qimen_plate))
    if hit is None or hit[0] is not qimen_plate:
        if len(_EARTH) >= 4096:
            _EARTH.clear()
        hit = _EARTH[id(qimen_plate)] = (qimen_plate, ({i: qimen_plate.palace(i).earth_stems for i in range(1, 10)},
                                                       qimen_plate.xun_yi))
    return hit[1]


#: id of a plate → (the plate, kept so that its id stays its own; its earth stems and 儀).
_EARTH: dict[int, tuple[Any, tuple[dict[int, tuple[str, ...]], str]]] = {}


def compute(moment: Moment, size: int | None, tone: str | None, born: tuple[int, int] | None, steps: int,
            month_basis: str, method: str, layout: str, no_chart: bool,
            tian_men: str | None = None) -> tuple[Moment, GucuReport]:
    """(moment, GucuReport); `born` is (month, day) as the text counts, or None; with
    `no_chart` no 奇門 chart is cast (no 出軍 route); `tian_men` (a reading of 天門/地戶, or
    None) adds 天罡 on the gates."""
    plate = None if no_chart else chart_earth_plate(moment, method, layout)
    report = _engine()[1](moment, month_basis=month_basis, size=size, tone=tone, born=born,
                          steps=steps, earth_plate=plate, tian_men=tian_men)
    return moment, report


def to_json(result: tuple[Moment, GucuReport]) -> str:
    return _engine()[2](*result)  # type: ignore[no-any-return]  # (render.json_gucu.gucu_text)


def job_steps(lunar_zone: str, **options: Any) -> Steps:
    """The steps of a stream of this art (see arts.Job): `options` are `compute`'s."""
    return Steps(functools.partial(compute, **options), to_json, extra={"lunar_zone": lunar_zone})


# --- find -------------------------------------------------------------------------------


def find_compute(moment: Moment, opts: dict[str, Any]) -> tuple[Moment, GucuReport]:
    """The report `find` reads, with the 出軍 route on the chart of its --method and --layout, and
    天罡 on 天門/地戶 under its --tian-men (None: without)."""
    return compute(moment, size=opts["size"], tone=opts["tone"], born=opts.get("born"), steps=opts["steps"],
                   month_basis=opts["month_basis"], method=opts["method"], layout=opts["layout"], no_chart=False,
                   tian_men=opts.get("tian_men"))


def find_json(result: tuple[Moment, GucuReport], opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(result))


ART = Art(
    "gucu", "孤虛 and the direction and day rules of 虎鈐經.",
    engine="gucu/, qimen/",
    help="孤虛 (時/日/旬), 背建向破, 虎鈐經's direction and day tables, 天罡, 二十八宿 and 三九, 運籌, 閉戊, 安營, 出軍 route.\n\n"
         "Span with the shipped tables: 1799-11-27 … 2200-12-06 (where the lunar date is known).",
    epilog="\b\nExamples:\n  qimen gucu --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen gucu --from 2024-03-01 --to 2024-03-10 --every 1d --tz +08:00",
    api="孤虛 and the direction and day rules of 虎鈐經 at `at` (`qimen gucu`): a Result whose value\n"
        "is the GucuReport; over a range, a Stream of them.  `tian_men` adds 天罡 on 天門/地戶 under\n"
        "that reading (`tian_gang_gate`).",
    options="qimen_cli.options:_gucu", check="qimen_cli.commands:gucu", steps=job_steps,
    view="qimen_cli.render.gucu:draw", rows="qimen_cli.render.table:ROWS[gucu]",
    rules="qimen_cli.gucu.rules:RULES",
    find_compute=find_compute, find_json=find_json, lunar=True,
    places=("ring", "qimen_cli.find.places:ring_keys", "qimen_cli.find.places:ring_places"),
    parallel=1000, cost=4, listed=3,
    value="qimen_cli.gucu.report:GucuReport",
)
