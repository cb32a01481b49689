"""`pillars`: the Moment itself (four pillars, terms, 旬 and 空亡, the lunar date) and its JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import Art, Steps, json_object

if TYPE_CHECKING:
    from ..calendar.moment import Moment


def compute(moment: Moment) -> Moment:
    """The pillars report is the Moment: everything is resolved already."""
    return moment


def to_json(moment: Moment) -> str:
    from ..render.json_pillars import pillars_text

    return pillars_text(moment)


def job_steps(lunar_zone: str) -> Steps:
    """The steps of a stream of this art (see arts.Job): Moments with the lunar date of `lunar_zone`."""
    return Steps(compute, to_json, extra={"lunar_zone": lunar_zone})


# --- find -------------------------------------------------------------------------------


def find_compute(moment: Moment, opts: dict[str, Any]) -> Moment:
    return moment


def find_json(moment: Moment, opts: dict[str, Any]) -> dict[str, Any]:
    return json_object(to_json(moment))


ART = Art(
    "pillars", "The four pillars, the terms in force, the lunar date.",
    engine="calendar/",
    help="The four pillars, the term in force and the next one, 旬/空亡, and the lunar date.\n\n"
         "Span with the shipped tables: 1799-11-27 … 2200-12-06 (where the lunar date is known).",
    epilog="\b\nExamples:\n  qimen pillars --at 2024-03-05T11:00 --tz Asia/Shanghai\n"
           "  qimen pillars --from 2024-03-01 --to 2024-03-07 --every 1d --tz +08:00\n"
           "  echo 2024-03-05T11:00 | qimen pillars --at - --tz +08:00 --json",
    api="The four pillars, the terms in force, 旬/空亡 and the lunar date at `at` (`qimen pillars`):\n"
        "a Result whose value is the Moment; over a range, a Stream of them.",
    options="qimen_cli.options:_pillars", check="qimen_cli.commands:pillars", steps=job_steps,
    view="qimen_cli.render.pillars:draw", split=lambda moment: (moment, moment),
    rows="qimen_cli.render.table:ROWS[pillars]",
    find_compute=find_compute, find_json=find_json, lunar=True,
    parallel=4000, cost=0, listed=5,
    value="qimen_cli.calendar.moment:Moment",
)
