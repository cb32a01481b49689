"""`gucu`: 孤虛 and the direction and day rules of 虎鈐經 (with the 出軍 route on the 奇門 chart) and its JSON."""

from __future__ import annotations

import functools

from . import Steps


def chart_earth_plate(moment, method: str, layout: str) -> tuple[dict, int]:
    """The 奇門 earth plate the 出軍 route reads: each palace's earth stems and the 旬's 儀."""
    from ..qimen.plates import chart_plate

    qimen_plate = chart_plate(moment, method=method, layout=layout)
    palaces = qimen_plate.palaces
    return {i: palaces[i].earth_stems for i in range(1, 10)}, qimen_plate.xun_yi


def compute(moment, size, tone, born, steps, month_basis, method, layout, no_chart, tian_men=None):
    """(moment, GucuReport); `born` is (month, day) as the text counts, or None; with
    `no_chart` no 奇門 chart is cast (no 出軍 route); `tian_men` (a reading of 天門/地戶, or
    None) adds 天罡 on the gates."""
    from ..gucu.report import gucu_report

    plate = None if no_chart else chart_earth_plate(moment, method, layout)
    report = gucu_report(moment, month_basis=month_basis, size=size, tone=tone, born=born,
                         steps=steps, earth_plate=plate, tian_men=tian_men)
    return moment, report


def to_json(result) -> str:
    from ..render.json_gucu import gucu_text

    return gucu_text(*result)


def job_steps(lunar_zone: str, **options) -> Steps:
    """The steps of a stream of this art (see arts.Job): `options` are `compute`'s."""
    return Steps(functools.partial(compute, **options), to_json, extra={"lunar_zone": lunar_zone})
