"""`twelve-gods`: 月將 and its plate, 建除, the emergency directions of 000, and their JSON."""

from __future__ import annotations

import functools

from . import Steps


def compute(moment, school: str):
    """(moment, TwelveGodsReport) under `school` (gu, or sanshi with the 三氏 variants)."""
    from ..gods.report import twelve_gods_report

    return moment, twelve_gods_report(moment, school)


def to_json(result) -> str:
    from ..render.json_gods import gods_text

    return gods_text(*result)


def job_steps(school: str) -> Steps:
    """The steps of a stream of this art (see arts.Job)."""
    return Steps(functools.partial(compute, school=school), to_json)
