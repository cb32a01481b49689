"""`noble`: 貴人 by 納甲, the twelve 天將 and the 地私門 (checked against the 奇門 chart) and their JSON."""

from __future__ import annotations

import functools

from . import Steps


def chart_doors_and_stems(moment, method: str, layout: str) -> tuple[dict, dict]:
    """The 奇門 plate's door and heaven stems of each palace 1–9 (without the pattern rules)."""
    from ..qimen.plates import chart_plate

    palaces = chart_plate(moment, method=method, layout=layout).palaces
    return {i: palaces[i].door for i in range(1, 10)}, {i: palaces[i].heaven_stems for i in range(1, 10)}


def compute(moment, method: str, layout: str, with_chart: bool):
    """(moment, NobleReport); `with_chart`: the 私門 checked on the chart of `method` and `layout`."""
    from ..gods.report import noble_report

    doors = stems = None
    if with_chart:
        doors, stems = chart_doors_and_stems(moment, method, layout)
    return moment, noble_report(moment, doors, stems)


def to_json(result) -> str:
    from ..render.json_gods import gods_text

    return gods_text(*result)


def job_steps(method: str, layout: str, with_chart: bool) -> Steps:
    """The steps of a stream of this art (see arts.Job)."""
    return Steps(functools.partial(compute, method=method, layout=layout, with_chart=with_chart), to_json)
