"""`pillars`: the Moment itself (four pillars, terms, 旬 and 空亡, the lunar date) and its JSON."""

from __future__ import annotations

from . import Steps


def compute(moment):
    """The pillars report is the Moment: everything is resolved already."""
    return moment


def to_json(moment) -> str:
    from ..render.json_pillars import pillars_text

    return pillars_text(moment)


def job_steps(lunar_zone: str) -> Steps:
    """The steps of a stream of this art (see arts.Job): Moments with the lunar date of `lunar_zone`."""
    return Steps(compute, to_json, extra={"lunar_zone": lunar_zone})
