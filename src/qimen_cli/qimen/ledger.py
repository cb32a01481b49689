"""The 局 decision made checkable: methods side by side, the 置閏 ledger, boundaries, mean terms.

More precisely: for one Moment, the 局 under 古法 置閏 and 李氏拆補, whether they
agree and why not; the 15-day 置閏 block around it with the previous and next
blocks; every nearby line that would change the chart (term instant, 符頭 line,
時辰 line, the 23:00 and 00:00 day lines, the solar-time correction, the ΔT
uncertainty of the term instant) and, on request, the chart on the other side of
each close line.  For a period, the ledger: every 上元 block with its term and
day count, each 閏 with its reason, and every span where the two methods give
different 局.  And the two mean-term (平氣) tables: from each true 冬至, or from
one anchor term instant.

> 蓋以接氣為拆補，謂拆補寧多二三時，起超不可過九日，如過九日，即當置閏也。 (003_fd1aa30e5b7f2d13.txt)
"""

from __future__ import annotations

import bisect
import datetime as _dt
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from ..calendar.clock import shichen_window
from ..calendar.ganzhi import BRANCHES, CYCLE, hour_branch
from ..calendar.terms import (
    DONGZHI,
    MEAN_TERM_DAYS,
    OutOfSpan,
    Term,
    TermTable,
    mean_terms,
    to_datetime,
    to_seconds,
)
from .ju import (
    BLOCK_DAYS,
    LEAP_DAYS,
    LEAP_TERMS,
    YUAN,
    YUAN_DAYS,
    Block,
    Ju,
    chaibu_ju,
    chaibu_term,
    dun_of,
    ju_number,
    ordinal_day,
    sequence_zone,
    zhirun_ju,
    zhirun_sequence,
)

# --- mean terms (平氣) ---------------------------------------------------------------

#: A reference 春分 for guessing which term an anchor instant is: 2000-03-20 07:35 UT.
_EQUINOX_2000 = 953537700.0


def nearest_term_index(ts: float) -> int:
    """Longitude index of the term a 平氣 instant most plausibly is.

    Mean and true terms differ by under three days, a fifth of a term, so rounding
    the mean count of terms from a known 春分 (2000-03-20 07:35 UT) is safe for
    many centuries either side.
    """
    return round((ts - _EQUINOX_2000) / (MEAN_TERM_DAYS * 86400.0)) % 24


#: Years of mean terms laid on each side of an anchor.
ANCHOR_YEARS = 200


@lru_cache(maxsize=8)
def anchored_mean_table(anchor_ts: float, k: int | None = None, years: int = ANCHOR_YEARS) -> TermTable:
    """平氣 from one anchor term instant: terms every 365.2425/24 days, `years` either side.

    READING-qimen.md §5.2 anchors 立春 at 2034-02-04 12:00 +08:00 (a 辛卯 day); the
    texts' worked examples then come out exactly ("辛卯日午時立春 … 丙午日丁酉時交雨水節",
    003_fd1aa30e5b7f2d13.txt).  `k` defaults to `nearest_term_index(anchor_ts)`.
    """
    if k is None:
        k = nearest_term_index(anchor_ts)
    n = 24 * years
    return mean_terms(Term(anchor_ts, k), n, n)


@lru_cache(maxsize=8)
def mean_table_from_dongzhi(true_table: TermTable) -> TermTable:
    """平氣 restarted at each true 冬至: the 24 terms of a year every 365.2425/24 days from it.

    The tropical year divided evenly, as the calendars of the texts' era did
    (READING-qimen.md §5.1); the last step of each year absorbs the minutes by which
    the true year differs from 365.2425 days.
    """
    step = MEAN_TERM_DAYS * 86400.0
    solstices = [t for t in true_table.terms if t.k == DONGZHI]
    if len(solstices) < 2:
        raise OutOfSpan(true_table.first.ts, true_table)
    terms = [Term(d.ts + i * step, (DONGZHI + i) % 24) for d in solstices[:-1] for i in range(24)]
    terms.append(Term(solstices[-1].ts, DONGZHI))
    return TermTable(terms, kind="mean")


# --- ΔT uncertainty -------------------------------------------------------------------

#: Year from which ΔT is extrapolated rather than measured (end of the IERS series
#: built into skyfield at the time the term table was made).
DELTA_T_MEASURED_UNTIL = 2025.0

#: Telescopic-era standard errors of ΔT (Stephenson & Houlden 1986, as tabulated by
#: Espenak & Meeus, NASA "Five Millennium Canon", Uncertainty in ΔT): (year, σ s).
_TELESCOPIC_SIGMA = ((1700.0, 5.0), (1800.0, 1.0), (1900.0, 0.1))

#: Growth of the error of ΔT predictions, seconds per year ahead (USNO's published
#: predictions: ±0.9 s at 2 years … ±8 s at 12 years).
DELTA_T_PREDICTION_GROWTH = 0.65


def delta_t_sigma(year: float) -> float:
    """A simple standard-error model of ΔT (TT − UT1) in seconds, growing away from today.

    * before 1700: Morrison & Stephenson (2004), σ = 0.8 t² s with t = (year − 1820)/100,
      not below the 5 s of 1700;
    * 1700–1900: the telescopic-era values of Stephenson & Houlden (1986) — 5 s (1700),
      1 s (1800), 0.1 s (1900) — interpolated geometrically;
    * 1900 to DELTA_T_MEASURED_UNTIL: 0.1 s (measured; since 1962 to the millisecond);
    * later: 0.1 s + 0.65 s per year ahead, the growth of USNO's prediction errors.

    Sources: Espenak & Meeus, "Uncertainty in Delta T", NASA eclipse web site (Five
    Millennium Canon), quoting Morrison & Stephenson 2004 and Stephenson & Houlden
    1986; USNO ``ser7/deltat.preds``.  An error of σ in ΔT moves a term instant by σ on
    the civil clock.
    """
    if year > DELTA_T_MEASURED_UNTIL:
        return 0.1 + DELTA_T_PREDICTION_GROWTH * (year - DELTA_T_MEASURED_UNTIL)
    if year >= 1900.0:
        return 0.1
    if year < 1700.0:
        return max(5.0, 0.8 * ((year - 1820.0) / 100.0) ** 2)
    for (y0, s0), (y1, s1) in zip(_TELESCOPIC_SIGMA, _TELESCOPIC_SIGMA[1:]):
        if y0 <= year <= y1:
            return s0 * (s1 / s0) ** ((year - y0) / (y1 - y0))
    return 0.1  # pragma: no cover - the ranges above are exhaustive


def _year_of(ts: float) -> float:
    return 1970.0 + ts / (365.2425 * 86400.0)


# --- blocks as report rows ---------------------------------------------------------------


@dataclass(frozen=True)
class BlockRow:
    """One 置閏 block as reported: field names are the JSON keys."""

    start: _dt.date          # 上元 head day
    end: _dt.date            # last day of the 下元
    head: str                # 干支 of the head (甲子 己卯 甲午 己酉)
    term: Term               # the term whose three 元 the block uses
    term_local: _dt.datetime  # its instant on the clock of the sequence
    term_day: str            # 干支 of the term's civil date
    days: int                # term date − head (signed): + 超神, − 接氣
    status: str              # 正受 超神 接氣 閏
    dun: str
    ju: tuple[int, int, int]  # 局 of 上 中 下 元
    note: str | None         # why a 閏 is inserted or used


def _block_note(seq, blk: Block) -> str | None:
    if blk.status == "閏":
        prev = seq.block(blk.index - 1)
        return (f"閏: {blk.term.name} repeated — its block {prev.head} {prev.start.isoformat()} was 超神 "
                f"{prev.days} days (≥ {LEAP_DAYS} at 芒種/大雪: 即以己酉日疊作芒種閏奇)")
    if blk.term.name in LEAP_TERMS and blk.days >= LEAP_DAYS:
        return f"超神 {blk.days} ≥ {LEAP_DAYS} at {blk.term.name}: the next block repeats {blk.term.name} (置閏)"
    return None


def block_row(seq, blk: Block) -> BlockRow:
    return BlockRow(
        start=blk.start,
        end=blk.end,
        head=blk.head,
        term=blk.term,
        term_local=to_datetime(blk.term.ts).astimezone(seq.tz),
        term_day=CYCLE[ordinal_day(blk.term_date.toordinal())],
        days=blk.days,
        status=blk.status,
        dun=blk.dun,
        ju=blk.ju,
        note=_block_note(seq, blk),
    )


@dataclass(frozen=True)
class BlockReport:
    """The 置閏 block of a Moment with its neighbours (None at the ends of the table)."""

    current: BlockRow
    previous: BlockRow | None
    next: BlockRow | None


def block_report(moment) -> BlockReport:
    seq = zhirun_sequence(moment.table, sequence_zone(moment))
    b = seq.index_of(moment.hour_date)
    return BlockReport(
        current=block_row(seq, seq.block(b)),
        previous=block_row(seq, seq.block(b - 1)) if b > 0 else None,
        next=block_row(seq, seq.block(b + 1)) if b + 1 < len(seq) else None,
    )


# --- the two methods compared -------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    methods: dict            # {"zhirun": Ju, "chaibu": Ju}
    agree: bool              # same 遁 and 局
    reason: str


def _term_date_text(seq, blk: Block) -> str:
    return f"{blk.term_date.isoformat()} {CYCLE[ordinal_day(blk.term_date.toordinal())]}"


def explain_difference(zhirun: Ju, chaibu: Ju, seq, hour_date: _dt.date) -> str:
    """Why the two methods agree or differ, in one sentence."""
    blk = seq.block_at(hour_date)
    z, c = zhirun, chaibu
    if (z.dun, z.ju) == (c.dun, c.ju):
        if z.ju_term == c.ju_term:
            return f"both use {z.ju_term} {z.yuan}元 → {z.dun}遁{z.ju}局 ({z.yuan_status} {z.yuan_days:+d})"
        return (f"same 局 by different terms: 置閏 {z.ju_term} {z.yuan}元 ({z.yuan_status} {z.yuan_days:+d}), "
                f"拆補 {c.ju_term} {c.yuan}元 → {z.dun}遁{z.ju}局")
    early = ""
    if c.ju_term != c.solar_term.name:
        early = f" (拆補 counts the whole 時辰 in which {c.ju_term} begins)"
    z_pos = blk.position
    c_pos = z_pos + ((c.ju_term_k - z.ju_term_k + 12) % 24 - 12)
    if z_pos > c_pos:
        return (f"超神 {blk.days} days: the 符頭 {blk.head} ({blk.start.isoformat()}) already started "
                f"{z.ju_term}, now {z.yuan}元, while the term is still {c.ju_term}{early} — "
                f"置閏 {z.dun}遁{z.ju}局, 拆補 {c.dun}遁{c.ju}局")
    if blk.status == "閏":
        prev = seq.block(blk.index - 1)
        return (f"閏: 置閏 repeats {z.ju_term} ({z.yuan}元) because its block {prev.head} "
                f"{prev.start.isoformat()} was 超神 {prev.days} days; 拆補 already follows "
                f"{c.ju_term}{early} — 置閏 {z.dun}遁{z.ju}局, 拆補 {c.dun}遁{c.ju}局")
    if blk.index + 1 < len(seq):
        nxt = seq.block(blk.index + 1)
        if nxt.term.k == c.ju_term_k:
            return (f"接氣 {-nxt.days} days: {c.ju_term} came on {_term_date_text(seq, nxt)} but its 上元 "
                    f"符頭 {nxt.head} only comes on {nxt.start.isoformat()}; 置閏 keeps {z.ju_term} "
                    f"{z.yuan}元 until then, 拆補 changes at the term{early} — "
                    f"置閏 {z.dun}遁{z.ju}局, 拆補 {c.dun}遁{c.ju}局")
    return (f"置閏 uses {z.ju_term} {z.yuan}元 ({z.yuan_status} {z.yuan_days:+d}), 拆補 the term in "
            f"force {c.ju_term}{early} — 置閏 {z.dun}遁{z.ju}局, 拆補 {c.dun}遁{c.ju}局")


def compare(moment, switch: str = "shichen") -> Comparison:
    """The 局 of a Moment under both methods, whether they agree and why not."""
    zone = sequence_zone(moment)
    z = zhirun_ju(moment.table, zone, moment.hour_date, moment.ts)
    c = chaibu_ju(moment.table, moment.ts, moment.hour_start, moment.hour_end, moment.hour_day, switch,
                  moment.local.tzinfo)
    seq = zhirun_sequence(moment.table, zone)
    return Comparison(
        methods={"zhirun": z, "chaibu": c},
        agree=(z.dun, z.ju) == (c.dun, c.ju),
        reason=explain_difference(z, c, seq, moment.hour_date),
    )


# --- boundaries -------------------------------------------------------------------------


@dataclass(frozen=True)
class Boundary:
    """A line in time that would change the chart; `seconds_away` < 0 when already passed."""

    kind: str                # term, fu_tou, shichen, day_23, day_00, solar_time, delta_t
    utc: _dt.datetime
    seconds_away: float
    detail: str
    uncertainty: float | None = None   # seconds (delta_t)


def _wall(moment, date: _dt.date, hour: int) -> float:
    """POSIX seconds of the clock time `date hour:00` on the Moment's clock."""
    tz = moment.local.tzinfo
    return to_seconds(_dt.datetime(date.year, date.month, date.day, hour, tzinfo=tz))


def _line(kind: str, ts: float, now: float, detail: str, uncertainty: float | None = None) -> Boundary:
    return Boundary(kind, to_datetime(ts), round(ts - now, 3), detail, uncertainty)


def boundaries(moment, switch: str = "shichen") -> list[Boundary]:
    """Every nearby line that could change the chart, nearest first.

    The term in force and the next term (with, for 拆補, the start of the 時辰 from
    which it counts); the start of the current 元 and of the next (子時 of the 符頭 day,
    i.e. 23:00 of the day before on the clock in use; a 上元 line is also a 置閏 block
    line); the 時辰 lines; the 23:00 and 00:00 day lines either side; with `--lon`,
    the solar-time correction; with true terms, the ΔT uncertainty of the nearer
    term instant.
    """
    now = moment.ts
    tz = moment.local.tzinfo
    table = moment.table
    out: list[Boundary] = []
    for term, side in ((moment.term, "in force since"), (moment.next_term, "next")):
        shichen_start = _shichen_start(term.ts, tz)
        extra = ""
        if switch == "shichen" and shichen_start != term.ts:
            extra = f"; 拆補 counts it from {to_datetime(shichen_start).astimezone(tz).strftime('%H:%M')}, the start of its 時辰"
        out.append(_line("term", term.ts, now, f"{term.name} ({side}){extra}"))
    # 元 lines: 子時 of the 符頭 day (23:00 the day before).
    day = moment.hour_day
    offset = day % YUAN_DAYS
    head_date = moment.hour_date - _dt.timedelta(days=offset)
    seq = zhirun_sequence(table, sequence_zone(moment))
    for d in (head_date, head_date + _dt.timedelta(days=YUAN_DAYS)):
        ts = _wall(moment, d - _dt.timedelta(days=1), 23)
        head = CYCLE[ordinal_day(d.toordinal())]
        yuan = YUAN[(ordinal_day(d.toordinal()) % 15) // 5]
        detail = f"符頭 {head}: {yuan}元 begins"
        if yuan == "上":
            try:
                blk = seq.block_at(d)
                detail += f"; 置閏 block {blk.start.isoformat()} takes {blk.term.name} ({blk.status} {blk.days:+d})"
            except OutOfSpan:
                pass
        out.append(_line("fu_tou", ts, now, detail))
    out.append(_line("shichen", moment.hour_start, now, "start of this 時辰"))
    out.append(_line("shichen", moment.hour_end, now, "end of this 時辰"))
    local = moment.local
    d = local.date()
    for kind, hour, what in (("day_23", 23, "子初: day pillar changes with --day-change 23; the 元 always does"),
                             ("day_00", 0, "midnight: day pillar changes with --day-change 0")):
        lines = [_wall(moment, d + _dt.timedelta(days=k), hour) for k in (-1, 0, 1)]
        prev = max(x for x in lines if x <= now)
        nxt = min(x for x in lines if x > now)
        out.append(_line(kind, prev, now, what))
        out.append(_line(kind, nxt, now, what))
    if moment.clock != "civil":
        corr = (moment.local.utcoffset() - moment.civil.utcoffset()).total_seconds()
        civil_branch = hour_branch(moment.civil.hour)
        same = civil_branch == moment.hour_branch
        detail = (f"solar-time correction {corr:+.0f} s: civil clock {moment.civil.strftime('%H:%M')} "
                  f"({'same' if same else 'other'} 時辰 {BRANCHES[civil_branch]}) → {moment.clock} "
                  f"{moment.local.strftime('%H:%M')} ({BRANCHES[moment.hour_branch]})")
        out.append(Boundary("solar_time", moment.instant_utc, round(corr, 3), detail))
    if table.kind == "true":
        near = min((moment.term, moment.next_term), key=lambda t: abs(t.ts - now))
        sigma = delta_t_sigma(_year_of(near.ts))
        out.append(_line("delta_t", near.ts, now,
                         f"{near.name}: ΔT uncertainty ±{sigma:.1f} s (1σ) in {_year_of(near.ts):.0f}", round(sigma, 3)))
    out.sort(key=lambda b: (abs(b.seconds_away), b.kind))
    return out




def _shichen_start(ts: float, tz: _dt.tzinfo) -> float:
    """Start of the 時辰 (odd clock hour) containing the instant `ts` on the clock `tz`."""
    return shichen_window(to_datetime(ts).astimezone(tz))[0]


# --- alternatives -----------------------------------------------------------------------


@dataclass(frozen=True)
class Alternative:
    """The 局 a user on the other side of a close boundary would get."""

    kinds: tuple[str, ...]   # the boundaries crossed (several lines can coincide: 23:00 is 時辰, day and 元 line)
    utc: _dt.datetime        # the instant evaluated (just across the line), or the same instant (solar_time)
    zhirun: str              # label, e.g. 陰遁9局 上元 (夏至)
    chaibu: str
    changes: bool            # differs from the Moment's own result under either method


def alternatives(
    moment,
    lines: list[Boundary],
    resolve_at: Callable[[_dt.datetime], object],
    resolve_civil: Callable[[], object] | None = None,
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
            line_ts = to_seconds(b.utc)
            x = line_ts - 1.0 if b.seconds_away <= 0 else line_ts
            kinds = crossings.setdefault(x, [])
            if b.kind not in kinds:
                kinds.append(b.kind)
    out: list[Alternative] = []
    for x, kinds in crossings.items():
        if x is None:
            other, at = resolve_civil(), moment.instant_utc
        else:
            at = to_datetime(x)
            other = resolve_at(at)
        cmp = compare(other, switch)
        labels = (cmp.methods["zhirun"].label, cmp.methods["chaibu"].label)
        out.append(Alternative(tuple(kinds), at, labels[0], labels[1], labels != base))
    return out


# --- the report of one Moment -------------------------------------------------------------


@dataclass(frozen=True)
class ChaibuReport:
    """`qimen chaibu --at`: field names are the JSON keys (with the Moment's own keys added by the CLI)."""

    terms: str               # "true" | "mean"
    switch: str              # 拆補 switch: "shichen" | "instant"
    methods: dict            # {"zhirun": Ju, "chaibu": Ju}
    agree: bool
    reason: str
    block: BlockReport
    boundaries: tuple[Boundary, ...]
    alternatives: tuple[Alternative, ...] | None


def chaibu_report(
    moment,
    switch: str = "shichen",
    resolve_at: Callable | None = None,
    resolve_civil: Callable | None = None,
    within: float = 7200.0,
) -> ChaibuReport:
    """Everything `qimen chaibu --at` shows for one Moment (alternatives when `resolve_at` is given)."""
    cmp = compare(moment, switch)
    lines = boundaries(moment, switch)
    alts = None
    if resolve_at is not None:
        alts = tuple(alternatives(moment, lines, resolve_at, resolve_civil, within, switch))
    return ChaibuReport(
        terms=moment.table.kind,
        switch=switch,
        methods=cmp.methods,
        agree=cmp.agree,
        reason=cmp.reason,
        block=block_report(moment),
        boundaries=tuple(lines),
        alternatives=alts,
    )


# --- the ledger of a period -----------------------------------------------------------------


@dataclass(frozen=True)
class MethodState:
    """The 局 of one method over a span."""

    ju_term: str
    dun: str
    ju: int
    yuan: str
    yuan_status: str | None = None
    yuan_days: int | None = None

    @property
    def label(self) -> str:
        return f"{self.dun}遁{self.ju}局 {self.yuan}元 ({self.ju_term})"


@dataclass(frozen=True)
class DifferSpan:
    """A span of 時辰 in which 拆補 and 置閏 give different 局."""

    start: _dt.datetime      # on the clock of the ledger
    end: _dt.datetime
    hours: float             # clock hours (時辰 × 2)
    zhirun: MethodState
    chaibu: MethodState


@dataclass(frozen=True)
class Ledger:
    """`qimen chaibu --year`: blocks overlapping the period and the spans where the methods differ."""

    start: _dt.date
    end: _dt.date
    terms: str
    switch: str
    blocks: tuple[BlockRow, ...]
    differ: tuple[DifferSpan, ...]

    @property
    def leaps(self) -> tuple[BlockRow, ...]:
        return tuple(b for b in self.blocks if b.status == "閏")


def _yuan_start(tz: _dt.tzinfo, head_ordinal: int) -> float:
    """子時 of the head day: 23:00 of the day before on the clock `tz`."""
    d = _dt.date.fromordinal(head_ordinal - 1)
    return to_seconds(_dt.datetime(d.year, d.month, d.day, 23, tzinfo=tz))


def differ_spans(table: TermTable, tz: _dt.tzinfo, d0: _dt.date, d1: _dt.date,
                 switch: str = "shichen") -> list[DifferSpan]:
    """Every span between the 元 containing d0 and the one containing d1 where the methods differ.

    Both methods are constant within a 元 (60 時辰 from the 符頭 day's 子時) except
    that 拆補 changes term at a term's 時辰 (or instant): the 元 is cut at those points
    and the pieces compared; consecutive differing pieces with the same pair of 局
    are merged.
    """
    seq = zhirun_sequence(table, tz)
    o0 = max(d0.toordinal(), seq.first)
    o1 = min(d1.toordinal(), seq.first + BLOCK_DAYS * len(seq) - 1)
    if o1 < o0:
        return []
    head = o0 - ordinal_day(o0) % YUAN_DAYS
    stamps = [t.ts for t in table.terms]
    spans: list[DifferSpan] = []
    last_key = None
    while head <= o1:
        if head < seq.first:
            head += YUAN_DAYS
            continue
        blk = seq.block((head - seq.first) // BLOCK_DAYS)
        yuan = YUAN[((head - blk.start.toordinal()) // YUAN_DAYS)]
        z = MethodState(blk.term.name, blk.dun, ju_number(blk.term.name, yuan), yuan, blk.status, blk.days)
        a = _yuan_start(tz, head)
        b = _yuan_start(tz, head + YUAN_DAYS)
        cuts = [a]
        i = bisect.bisect_left(stamps, a - 7200.0)
        while i < len(stamps) and stamps[i] < b:
            s = _shichen_start(stamps[i], tz) if switch == "shichen" else stamps[i]
            if a < s < b:
                cuts.append(s)
            i += 1
        cuts.append(b)
        for p, q in zip(cuts, cuts[1:]):
            try:
                term = chaibu_term(table, p, p + 7200.0, switch) if switch == "shichen" else table.in_force(p)
            except OutOfSpan:
                continue
            c = MethodState(term.name, dun_of(term.name), ju_number(term.name, yuan), yuan)
            if (z.dun, z.ju) == (c.dun, c.ju):
                last_key = None
                continue
            key = (z, c)
            if key == last_key and spans and to_seconds(spans[-1].end) == p:
                prev = spans[-1]
                spans[-1] = DifferSpan(prev.start, to_datetime(q).astimezone(tz),
                                       round(prev.hours + (q - p) / 3600.0, 3), z, c)
            else:
                spans.append(DifferSpan(to_datetime(p).astimezone(tz), to_datetime(q).astimezone(tz),
                                        round((q - p) / 3600.0, 3), z, c))
            last_key = key
        head += YUAN_DAYS
    return spans


def ledger(table: TermTable, tz: _dt.tzinfo, d0: _dt.date, d1: _dt.date, switch: str = "shichen",
           spans: bool = True) -> Ledger:
    """The ledger of the dates d0 … d1: the 置閏 blocks overlapping them and (`spans`) the differing spans."""
    seq = zhirun_sequence(table, tz)
    if d1 < seq.first_date or d0 > seq.last_date:
        raise OutOfSpan(to_seconds(_dt.datetime(d0.year, d0.month, d0.day, tzinfo=_dt.timezone.utc)), table)
    rows = tuple(block_row(seq, b) for b in seq.blocks_between(d0, d1))
    return Ledger(
        start=d0,
        end=d1,
        terms=table.kind,
        switch=switch,
        blocks=rows,
        differ=tuple(differ_spans(table, tz, d0, d1, switch)) if spans else (),
    )
