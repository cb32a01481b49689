"""`noble`: 貴人 by 納甲, the twelve 天將 and the 地私門 (checked against the 奇門 chart) and their JSON."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from ..calendar.moment import Moment
    from ..gods.report import NobleReport


@functools.cache
def _engine() -> tuple[Any, Any, Any]:
    """(chart_plate, noble_report, gods_text), imported when first asked for (not with the
    record) and then kept: a stream asks once an instant, and an import statement costs
    about 2 µs each time."""
    from ..gods.report import noble_report
    from ..qimen.plates import chart_plate
    from ..render.json_gods import gods_text

    return chart_plate, noble_report, gods_text


def chart_doors_and_stems(moment: Moment, method: str, layout: str) -> tuple[dict[int, str | None],
                                                                            dict[int, tuple[str, ...]]]:
    """The 奇門 plate's door and heaven stems of each palace 1–9 (without the pattern rules):
    read once per plate (the plates are shared; the two dicts too: not to be changed)."""
    plate = _engine()[0](moment, method=method, layout=layout)
    hit = _DOORS.get(id(plate))
    if hit is None or hit[0] is not plate:
        palaces: Any = plate.palaces  # 1–9 are never None (Plate.palace); read directly, without its check
        if len(_DOORS) >= 4096:
            _DOORS.clear()
        hit = _DOORS[id(plate)] = (plate, {i: palaces[i].door for i in range(1, 10)},
                                   {i: palaces[i].heaven_stems for i in range(1, 10)})
    return hit[1], hit[2]


#: id of a plate → (the plate, kept so that its id stays its own; its doors; its heaven stems).
_DOORS: dict[int, tuple[Any, dict[int, str | None], dict[int, tuple[str, ...]]]] = {}


def compute(moment: Moment, method: str, layout: str, with_chart: bool) -> tuple[Moment, NobleReport]:
    """(moment, NobleReport); `with_chart`: the 私門 checked on the chart of `method` and `layout`."""
    doors = stems = None
    if with_chart:
        doors, stems = chart_doors_and_stems(moment, method, layout)
    return moment, _engine()[1](moment, doors, stems)


def to_json(result: tuple[Moment, NobleReport]) -> str:
    return _engine()[2](*result)  # type: ignore[no-any-return]  # (render.json_gods.gods_text)


def job_steps(method: str, layout: str, with_chart: bool) -> Steps:
    """The steps of a stream of this art (see arts.Job)."""
    return Steps(functools.partial(compute, method=method, layout=layout, with_chart=with_chart), to_json)


# --- find -------------------------------------------------------------------------------


def find_compute(moment: Moment, opts: dict[str, Any]) -> tuple[Moment, NobleReport]:
    """The report `find` reads: the 私門 checked on the chart of its --method and --layout."""
    return compute(moment, opts["method"], opts["layout"], True)


def find_json(result: tuple[Moment, NobleReport], opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(result))


def find_part(result: tuple[Moment, NobleReport], key: str) -> Any:
    """A top-level key of the JSON that is a field of the report, written alone (`render.json_gods.ENCODE`)."""
    from ..render.json_gods import ENCODE
    from . import field_part

    return field_part(result[1], key, ENCODE)


ART = Art(
    "noble", "貴人 by 納甲 and the twelve 天將.",
    engine="gods/, qimen/",
    help="貴人 of the day (納甲; 陽貴 冬至→夏至, 陰貴 夏至→冬至), the twelve 天將 on the plate, and the 地私門.\n\n"
         "Span with the shipped tables: 1799-08-08 … 2201-04-05 (with --no-chart from 1799-07-22).",
    epilog="\b\nExamples:\n  qimen noble --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen noble --from 2024-03-05T00:00 --to 2024-03-05T23:00 --tz +08:00",
    api="貴人, the twelve 天將 and the 地私門 at `at` (`qimen noble`): a Result whose value is the\n"
        "NobleReport; over a range, a Stream of them.",
    options="qimen_cli.options:_noble", check="qimen_cli.commands:noble", steps=job_steps,
    view="qimen_cli.render.gods:draw_noble", rows="qimen_cli.render.table:ROWS[noble]",
    rules="qimen_cli.gods.rules:NOBLE_RULES",
    find_compute=find_compute, find_json=find_json, find_part=find_part,
    places=("plate", "qimen_cli.find.places:gods_keys", "qimen_cli.find.places:noble_places"),
    parallel=2000, cost=3, listed=2,
    value="qimen_cli.gods.report:NobleReport",
)
