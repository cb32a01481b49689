"""Boundaries: every nearby line in time that would change the chart, and the chart across each.

More precisely: for one Moment, the term instant, 符頭 line, 時辰 line, the 23:00 and
00:00 day lines, the solar-time correction and the ΔT uncertainty of the term instant,
nearest first; and, on request, the 局 under both methods on the other side of each
close line.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable

from ..calendar.clock import boundary_utc
from ..calendar.clock import shichen_start as _shichen_start
from ..calendar.deltat import delta_t_sigma
from ..calendar.ganzhi import BRANCHES, CYCLE, hour_branch, ordinal_day
from ..calendar.moment import ClockKind, Moment
from ..calendar.terms import OutOfSpan, to_datetime, to_seconds
from ..records import frozen
from .compare import compare
from .ju import YUAN, YUAN_DAYS, Block, sequence_zone, zhirun_sequence
from .steps import Step, shared_step, step


def _year_of(ts: float) -> float:
    return 1970.0 + ts / (365.2425 * 86400.0)


@frozen
class Boundary:
    """A line in time that would change the chart; `seconds_away` < 0 when already passed."""

    kind: str                # term, fu_tou, shichen, day_23, day_00, solar_time, delta_t
    utc: _dt.datetime        # the first whole second at which the new value holds (ceil of the line)
    seconds_away: float
    detail: Step             # what the line is (qimen/steps.py; worded by render/explain.py)
    uncertainty: float | None = None   # seconds (delta_t)


def _wall(moment: Moment, date: _dt.date, hour: int) -> float:
    """POSIX seconds of the clock time `date hour:00` on the Moment's clock."""
    tz = moment.clock_zone
    return to_seconds(_dt.datetime(date.year, date.month, date.day, hour, tzinfo=tz))


def _line(kind: str, ts: float, now: float, detail: Step, uncertainty: float | None = None) -> Boundary:
    """A boundary named by its first whole second (`utc`), with the exact distance to the line."""
    return Boundary(kind, boundary_utc(ts), round(ts - now, 3), detail, uncertainty)


def _fu_tou_note(head: str, yuan: str, blk: Block | None) -> Step:
    """A 元 line's note: its 符頭 and 元, and the 置閏 block a 上元 line opens (None: no block given)."""
    return shared_step("fu_tou_line", head=head, yuan=yuan, block_start=blk.start if blk else None,
                block_term=blk.term.name if blk else None, block_status=blk.status if blk else None,
                block_days=blk.days if blk else None)


def boundaries(moment: Moment, switch: str = "shichen") -> list[Boundary]:
    """Every nearby line that could change the chart, nearest first.

    The term in force and the next term (with, for 拆補, the start of the 時辰 from
    which it counts); the start of the current 元 and of the next (子時 of the 符頭 day,
    i.e. 23:00 of the day before on the clock in use; a 上元 line is also a 置閏 block
    line); the 時辰 lines; the 23:00 and 00:00 day lines either side; with `--lon`,
    the solar-time correction; with true terms, the ΔT uncertainty of the nearer
    term instant.
    """
    now = moment.ts
    tz = moment.clock_zone
    table = moment.table
    out: list[Boundary] = []
    for term, key in ((moment.term, "term_since"), (moment.next_term, "term_next")):
        shichen_start = _shichen_start(term.ts, tz)
        counted_from = None
        if switch == "shichen" and shichen_start != term.ts:
            counted_from = to_datetime(shichen_start).astimezone(tz)
        out.append(_line("term", term.ts, now, shared_step(key, term=term.name, counted_from=counted_from)))
    # 元 lines: 子時 of the 符頭 day (23:00 the day before).
    day = moment.hour_day
    offset = day % YUAN_DAYS
    head_date = moment.hour_date - _dt.timedelta(days=offset)
    seq = zhirun_sequence(table, sequence_zone(moment))
    for d in (head_date, head_date + _dt.timedelta(days=YUAN_DAYS)):
        ts = _wall(moment, d - _dt.timedelta(days=1), 23)
        head = CYCLE[ordinal_day(d.toordinal())]
        yuan = YUAN[(ordinal_day(d.toordinal()) % 15) // 5]
        blk = None
        if yuan == "上":
            try:
                blk = seq.block_at(d)
            except OutOfSpan:
                pass
        out.append(_line("fu_tou", ts, now, _fu_tou_note(head, yuan, blk)))
    out.append(_line("shichen", moment.hour_start, now, shared_step("shichen_start")))
    out.append(_line("shichen", moment.hour_end, now, shared_step("shichen_end")))
    local = moment.local
    d = local.date()
    for kind, hour in (("day_23", 23), ("day_00", 0)):
        lines = [_wall(moment, d + _dt.timedelta(days=k), hour) for k in (-1, 0, 1)]
        prev = max(x for x in lines if x <= now)
        nxt = min(x for x in lines if x > now)
        out.append(_line(kind, prev, now, shared_step(kind)))
        out.append(_line(kind, nxt, now, shared_step(kind)))
    if moment.clock is not ClockKind.CIVIL:
        # (both clocks are aware: their offsets are never None)
        corr = (moment.local.utcoffset() - moment.civil.utcoffset()).total_seconds()  # type: ignore[operator]
        civil_branch = hour_branch(moment.civil.hour)
        detail = step("solar_time", correction=corr, civil=moment.civil, civil_branch=BRANCHES[civil_branch],
                      same=civil_branch == moment.hour_branch, clock=moment.clock.value, local=moment.local,
                      branch=BRANCHES[moment.hour_branch])
        out.append(Boundary("solar_time", moment.instant_utc, round(corr, 3), detail))
    if table.kind == "true":
        near = min((moment.term, moment.next_term), key=lambda t: abs(t.ts - now))
        sigma = delta_t_sigma(_year_of(near.ts))
        out.append(_line("delta_t", near.ts, now, shared_step("delta_t", term=near.name, sigma=sigma, year=_year_of(near.ts)),
                         round(sigma, 3)))
    out.sort(key=lambda b: (abs(b.seconds_away), b.kind))
    return out


# --- alternatives -----------------------------------------------------------------------


@frozen
class Alternative:
    """The 局 a user on the other side of a close boundary would get."""

    kinds: tuple[str, ...]   # the boundaries crossed (several lines can coincide: 23:00 is 時辰, day and 元 line)
    utc: _dt.datetime        # the whole second evaluated (just across the line), or the same instant (solar_time)
    zhirun: str              # label, e.g. 陰遁9局 上元 (夏至)
    chaibu: str
    changes: bool            # differs from the Moment's own result under either method


def alternatives(
    moment: Moment,
    lines: list[Boundary],
    resolve_at: Callable[[_dt.datetime], Moment],
    resolve_civil: Callable[[], Moment] | None = None,
    within: float = 7200.0,
    switch: str = "shichen",
) -> list[Alternative]:
    """For each boundary closer than `within` seconds (ΔT: closer than 3σ), the other side.

    `resolve_at(utc_datetime)` resolves another instant with the same settings;
    `resolve_civil()` resolves the same instant on the civil clock (for the
    solar-time line).  Lines that coincide are evaluated once.
    """
    own = compare(moment, switch)
    base = (own.methods["zhirun"].label, own.methods["chaibu"].label)
    crossings: dict[float | None, list[str]] = {}
    for b in lines:
        if b.kind == "solar_time":
            if resolve_civil is not None:
                crossings.setdefault(None, []).append(b.kind)
            continue
        close = abs(b.seconds_away) <= within
        if b.kind == "delta_t":
            close = abs(b.seconds_away) <= 3 * (b.uncertainty or 0.0)
        if close:
            # b.utc is the first whole second on the new side; the whole second before it is on the old side.
            line_ts = to_seconds(b.utc)
            x = line_ts - 1.0 if b.seconds_away <= 0 else line_ts
            kinds = crossings.setdefault(x, [])
            if b.kind not in kinds:
                kinds.append(b.kind)
    out: list[Alternative] = []
    for when, kinds in crossings.items():
        if when is None:
            if resolve_civil is None:  # (a solar_time line is only kept with it)
                continue
            other, at = resolve_civil(), moment.instant_utc
        else:
            at = to_datetime(when)
            other = resolve_at(at)
        cmp = compare(other, switch)
        labels = (cmp.methods["zhirun"].label, cmp.methods["chaibu"].label)
        out.append(Alternative(tuple(kinds), at, labels[0], labels[1], labels != base))
    return out
