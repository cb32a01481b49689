"""Boundaries: every nearby line in time that would change the chart, and the chart across each.

More precisely: for one Moment, the term instant, 符頭 line, 時辰 line, the 23:00 and
00:00 day lines, the solar-time correction and the ΔT uncertainty of the term instant,
nearest first; and, on request, the 局 under both methods on the other side of each
close line.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from functools import lru_cache

from ..calendar.clock import boundary_utc
from ..calendar.clock import shichen_start as _shichen_start
from ..calendar.deltat import delta_t_sigma
from ..calendar.ganzhi import BRANCHES, CYCLE, hour_branch, ordinal_day
from ..calendar.moment import ClockKind, Moment
from ..calendar.terms import OutOfSpan, Term, TermTable, to_datetime, to_seconds
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


def _wall(tz: _dt.tzinfo, date: _dt.date, hour: int) -> float:
    """POSIX seconds of the clock time `date hour:00` on the clock `tz`."""
    return to_seconds(_dt.datetime(date.year, date.month, date.day, hour, tzinfo=tz))


#: A line before it is measured from an instant: (kind, ts, its first whole second `boundary_utc(ts)`,
#: detail, uncertainty); made once per term, day or 時辰 (the caches below: the instants of a
#: stream share them), measured from each instant by `_measured`.
Line = tuple[str, float, _dt.datetime, Step, float | None]


def _unmeasured(kind: str, ts: float, detail: Step, uncertainty: float | None = None) -> Line:
    return (kind, ts, boundary_utc(ts), detail, uncertainty)


def _fu_tou_note(head: str, yuan: str, blk: Block | None) -> Step:
    """A 元 line's note: its 符頭 and 元, and the 置閏 block a 上元 line opens (None: no block given)."""
    return shared_step("fu_tou_line", head=head, yuan=yuan, block_start=blk.start if blk else None,
                block_term=blk.term.name if blk else None, block_status=blk.status if blk else None,
                block_days=blk.days if blk else None)


@lru_cache(maxsize=256)
def _term_lines(term: Term, next_term: Term, tz: _dt.tzinfo, switch: str) -> tuple[Line, Line]:
    """The lines of the term in force and of the next term (with, for 拆補 by 時辰, the start of
    the 時辰 from which each counts, on the clock `tz`)."""
    out = []
    for t, key in ((term, "term_since"), (next_term, "term_next")):
        shichen_start = _shichen_start(t.ts, tz)
        counted_from = None
        if switch == "shichen" and shichen_start != t.ts:
            counted_from = to_datetime(shichen_start).astimezone(tz)
        out.append(_unmeasured("term", t.ts, shared_step(key, term=t.name, counted_from=counted_from)))
    return out[0], out[1]


@lru_cache(maxsize=1024)
def _yuan_lines(table: TermTable, seq_zone: _dt.tzinfo, tz: _dt.tzinfo, hour_date: _dt.date,
                hour_day: int) -> tuple[Line, Line]:
    """The 元 lines around the day `hour_date` (sexagenary `hour_day`): 子時 of the 符頭 day
    (23:00 the day before, on the clock `tz`) of its 元 and of the next; a 上元 line is also
    the line of the 置閏 block (of the sequence dated on `seq_zone`) it opens."""
    offset = hour_day % YUAN_DAYS
    head_date = hour_date - _dt.timedelta(days=offset)
    seq = zhirun_sequence(table, seq_zone)
    out = []
    for d in (head_date, head_date + _dt.timedelta(days=YUAN_DAYS)):
        ts = _wall(tz, d - _dt.timedelta(days=1), 23)
        head = CYCLE[ordinal_day(d.toordinal())]
        yuan = YUAN[(ordinal_day(d.toordinal()) % 15) // 5]
        blk = None
        if yuan == "上":
            try:
                blk = seq.block_at(d)
            except OutOfSpan:
                pass
        out.append(_unmeasured("fu_tou", ts, _fu_tou_note(head, yuan, blk)))
    return out[0], out[1]


#: The notes of a 時辰's two lines (no values: one object each).
_SHICHEN_START, _SHICHEN_END = shared_step("shichen_start"), shared_step("shichen_end")


@lru_cache(maxsize=64)
def _shichen_lines(hour_start: float, hour_end: float) -> tuple[Line, Line]:
    """The lines of the 時辰 from `hour_start` to `hour_end`."""
    return (("shichen", hour_start, boundary_utc(hour_start), _SHICHEN_START, None),
            ("shichen", hour_end, boundary_utc(hour_end), _SHICHEN_END, None))


@lru_cache(maxsize=1024)
def _day_lines(tz: _dt.tzinfo, date: _dt.date, kind: str, hour: int) -> tuple[Line, Line, Line]:
    """The day lines `kind` at `hour`:00 on the clock `tz` of the day before `date`, of `date` and of the day after."""
    detail = shared_step(kind)
    before, this, after = (_wall(tz, date + _dt.timedelta(days=k), hour) for k in (-1, 0, 1))
    return (_unmeasured(kind, before, detail), _unmeasured(kind, this, detail), _unmeasured(kind, after, detail))


def _either_side(lines: tuple[Line, Line, Line], now: float) -> tuple[Line, Line]:
    """Of three lines in time order, the last at or before `now` and the first after it."""
    before, this, after = lines
    if before[1] <= now < after[1]:
        return (before, this) if now < this[1] else (this, after)
    return (max((x for x in lines if x[1] <= now), key=_ts),  # (not on the clock's own day: ValueError when
            min((x for x in lines if x[1] > now), key=_ts))   # no line is on one side)


@lru_cache(maxsize=256)
def _delta_t_line(term: Term) -> Line:
    """The ΔT uncertainty of the instant of `term`."""
    sigma = delta_t_sigma(_year_of(term.ts))
    return _unmeasured("delta_t", term.ts, shared_step("delta_t", term=term.name, sigma=sigma, year=_year_of(term.ts)),
                       round(sigma, 3))


def _ts(line: Line) -> float:
    return line[1]


def boundaries(moment: Moment, switch: str = "shichen") -> list[Boundary]:
    """Every nearby line that could change the chart, nearest first.

    The term in force and the next term (with, for 拆補, the start of the 時辰 from
    which it counts); the start of the current 元 and of the next (子時 of the 符頭 day,
    i.e. 23:00 of the day before on the clock in use; a 上元 line is also a 置閏 block
    line); the 時辰 lines; the 23:00 and 00:00 day lines either side; with `--lon`,
    the solar-time correction; with true terms, the ΔT uncertainty of the nearer
    term instant.  (Ties in distance: by kind, then in that order.)
    """
    now = moment.ts
    tz = moment.clock_zone
    table = moment.table
    d = moment.local.date()
    lines = [*_term_lines(moment.term, moment.next_term, tz, switch),
             *_yuan_lines(table, sequence_zone(moment), tz, moment.hour_date, moment.hour_day),
             *_shichen_lines(moment.hour_start, moment.hour_end),
             *_either_side(_day_lines(tz, d, "day_23", 23), now),
             *_either_side(_day_lines(tz, d, "day_00", 0), now)]
    # (distance, kind, place, the boundary's fields): sorted as tuples, the place keeping ties in this order
    measured = [(abs(away), kind, i, utc, away, detail, uncertainty)
                for i, (kind, ts, utc, detail, uncertainty) in enumerate(lines) for away in (round(ts - now, 3),)]
    if moment.clock is not ClockKind.CIVIL:
        # (both clocks are aware: their offsets are never None)
        corr = (moment.local.utcoffset() - moment.civil.utcoffset()).total_seconds()  # type: ignore[operator]
        civil_branch = hour_branch(moment.civil.hour)
        detail = step("solar_time", correction=corr, civil=moment.civil, civil_branch=BRANCHES[civil_branch],
                      same=civil_branch == moment.hour_branch, clock=moment.clock.value, local=moment.local,
                      branch=BRANCHES[moment.hour_branch])
        away = round(corr, 3)
        measured.append((abs(away), "solar_time", len(measured), moment.instant_utc, away, detail, None))
    if table.kind == "true":
        term, next_term = moment.term, moment.next_term
        near = term if abs(term.ts - now) <= abs(next_term.ts - now) else next_term  # (the nearer; on a tie the first)
        kind, ts, utc, detail, uncertainty = _delta_t_line(near)
        away = round(ts - now, 3)
        measured.append((abs(away), kind, len(measured), utc, away, detail, uncertainty))
    measured.sort()
    return [Boundary(kind, utc, away, detail, uncertainty) for _, kind, _, utc, away, detail, uncertainty in measured]


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
