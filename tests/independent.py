"""What the tests of the independent calendars share (tests/test_independent_lunar_python.py,
tests/test_independent_sxtwl.py): our terms and lunar months 1800–2200, and the check of term
instants against another program's."""

from __future__ import annotations

import datetime as dt
import statistics

import qimen_cli
from qimen_cli.calendar.context import get_context

CST = dt.timezone(dt.timedelta(hours=8))
#: The terms in the order of the 寿星 programs (index 0 = 冬至), in our (traditional) names.
TERMS = "冬至 小寒 大寒 立春 雨水 驚蟄 春分 清明 穀雨 立夏 小滿 芒種 夏至 小暑 大暑 立秋 處暑 白露 秋分 寒露 霜降 立冬 小雪 大雪".split()
#: The simplified names lunar_python gives, in ours.
TRADITIONAL = {"惊蛰": "驚蟄", "谷雨": "穀雨", "小满": "小滿", "芒种": "芒種", "处暑": "處暑"}
#: The lunar calendar's span with the shipped tables (whole days at UTC+8).
FIRST_DAY, LAST_DAY = dt.date(1800, 1, 1), dt.date(2200, 12, 6)
#: A term within this many seconds of the decade's offset (see `term_offsets`).
TERM_SPREAD = 8
#: … and where the other program's ΔT drifts from ours, within a decade the drift moves this much more.
DRIFT_SPREAD = 12


def our_terms() -> dict[tuple[int, str], dt.datetime]:
    """(civil year at UTC+8, name) → the term's instant at UTC+8, 1800–2200."""
    out = {}
    for term in qimen_cli.terms(first=1800, last=2200, tz="+08:00"):
        d = term.to_dict()
        at = dt.datetime.fromisoformat(d["local"])
        out[(at.year, d["name"])] = at
    return out


def our_lunar_dates() -> dict[dt.date, tuple[int, int, bool]]:
    """Every civil date 1800-01-01 … 2200-12-06 → (lunar month, day, leap) at UTC+8."""
    cal = get_context().lunar_calendar(0.0, "china")
    out, day = {}, FIRST_DAY
    while day <= LAST_DAY:
        d = cal.date(day)
        out[day] = (d.month, d.day, d.leap)
        day += dt.timedelta(days=1)
    return out


def term_offsets(theirs: dict, ours: dict, skip=()) -> tuple[dict[int, int], list]:
    """The median of (theirs − ours) in seconds for each decade, and the terms that stray from it.

    A term strays when it is more than TERM_SPREAD seconds off its decade's median (DRIFT_SPREAD
    in a decade whose median is not 0: the drift moves within the decade).  `skip`: keys left out."""
    gaps: dict[int, dict] = {}
    for key, at in ours.items():
        if key in theirs and key not in skip:
            gaps.setdefault(key[0] // 10 * 10, {})[key] = (theirs[key] - at).total_seconds()
    medians, strays = {}, []
    for decade, found in sorted(gaps.items()):
        median = round(statistics.median(found.values()))
        medians[decade] = median
        spread = DRIFT_SPREAD if abs(median) > 4 else TERM_SPREAD
        strays += [(key, gap) for key, gap in found.items() if abs(gap - median) > spread]
    return medians, strays
