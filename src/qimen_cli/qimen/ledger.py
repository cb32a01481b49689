"""The 置閏 ledger: blocks and their 超神/接氣/閏, the report of one Moment, the spans where methods differ.

More precisely: for one Moment, the 15-day 置閏 block around it with the previous
and next blocks, assembled with the methods compared (`compare.py`) and the
boundaries and alternatives (`boundaries.py`) into the report of `qimen chaibu --at`.
For a period, the ledger: every 上元 block with its term and day count, each 閏
with its reason, and every span where the two methods give different 局.  Mean
terms (平氣) live in `calendar/meanterms.py`, the ΔT model in `calendar/deltat.py`.

> 蓋以接氣為拆補，謂拆補寧多二三時，起超不可過九日，如過九日，即當置閏也。 (003_fd1aa30e5b7f2d13.txt)
"""

from __future__ import annotations

import bisect
import datetime as _dt
from collections.abc import Callable
from functools import lru_cache

from ..calendar.clock import boundary_utc, first_second
from ..calendar.clock import shichen_start as _shichen_start
from ..calendar.ganzhi import CYCLE, ordinal_day
from ..calendar.moment import Moment
from ..calendar.terms import (
    OutOfSpan,
    Term,
    TermTable,
    to_seconds,
)
from ..records import frozen
from .boundaries import Alternative, Boundary, alternatives, boundaries
from .compare import compare
from .ju import (
    LEAP_DAYS,
    LEAP_TERMS,
    YUAN_DAYS,
    Block,
    Ju,
    ZhirunSequence,
    chaibu_position,
    fields_at,
    sequence_zone,
    zhirun_sequence,
)
from .steps import Step

# --- blocks as report rows ---------------------------------------------------------------


@frozen
class BlockRow:
    """One 置閏 block as reported: field names are the JSON keys."""

    start: _dt.date          # 上元 head day
    end: _dt.date            # last day of the 下元
    head: str                # 干支 of the head (甲子 己卯 甲午 己酉)
    term: Term               # the term whose three 元 the block uses
    term_local: _dt.datetime  # its instant on the clock of the sequence, the first whole second (boundary_utc)
    term_day: str            # 干支 of the term's civil date
    days: int                # term date − head (signed): + 超神, − 接氣
    status: str              # 正受 超神 接氣 閏
    dun: str
    ju: tuple[int, int, int]  # 局 of 上 中 下 元
    note: str | None         # why a 閏 is inserted or used


def _block_note(seq: ZhirunSequence, blk: Block) -> str | None:
    if blk.status == "閏":
        prev = seq.block(blk.index - 1)
        return (f"閏: {blk.term.name} repeated — its block {prev.head} {prev.start.isoformat()} was 超神 "
                f"{prev.days} days (≥ {LEAP_DAYS} at 芒種/大雪: 即以己酉日疊作芒種閏奇)")
    if blk.term.name in LEAP_TERMS and blk.days >= LEAP_DAYS:
        return f"超神 {blk.days} ≥ {LEAP_DAYS} at {blk.term.name}: the next block repeats {blk.term.name} (置閏)"
    return None


def block_row(seq: ZhirunSequence, blk: Block) -> BlockRow:
    return BlockRow(
        start=blk.start,
        end=blk.end,
        head=blk.head,
        term=blk.term,
        term_local=boundary_utc(blk.term.ts).astimezone(seq.tz),
        term_day=CYCLE[ordinal_day(blk.term_date.toordinal())],
        days=blk.days,
        status=blk.status,
        dun=blk.dun,
        ju=blk.ju,
        note=_block_note(seq, blk),
    )


@frozen
class BlockReport:
    """The 置閏 block of a Moment with its neighbours (None at the ends of the table)."""

    current: BlockRow
    previous: BlockRow | None
    next: BlockRow | None


def block_report(moment: Moment) -> BlockReport:
    seq = zhirun_sequence(moment.table, sequence_zone(moment))
    return _block_report(seq, seq.index_of(moment.hour_date))


@lru_cache(maxsize=64)
def _block_report(seq: ZhirunSequence, b: int) -> BlockReport:
    """The block report of block `b` of the sequence, one object per block (the instants of a
    stream share it; the sequences are themselves cached, `ju.zhirun_sequence`)."""
    return BlockReport(
        current=block_row(seq, seq.block(b)),
        previous=block_row(seq, seq.block(b - 1)) if b > 0 else None,
        next=block_row(seq, seq.block(b + 1)) if b + 1 < len(seq) else None,
    )


# --- the report of one Moment -------------------------------------------------------------


@frozen
class ChaibuReport:
    """`qimen chaibu --at`: field names are the JSON keys (with the Moment's own keys added by the CLI)."""

    terms: str               # "true" | "mean"
    switch: str              # 拆補 switch: "shichen" | "instant"
    methods: dict[str, Ju]   # {"zhirun": Ju, "chaibu": Ju}
    agree: bool
    reason: Step             # why the methods agree or differ (compare.explain_difference)
    block: BlockReport
    boundaries: tuple[Boundary, ...]
    alternatives: tuple[Alternative, ...] | None


def chaibu_report(
    moment: Moment,
    switch: str = "shichen",
    resolve_at: Callable[[_dt.datetime], Moment] | None = None,
    resolve_civil: Callable[[], Moment] | None = None,
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


@frozen
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


@frozen
class DifferSpan:
    """A span of 時辰 in which 拆補 and 置閏 give different 局."""

    start: _dt.datetime      # on the clock of the ledger: the first whole second of the span
    end: _dt.datetime        # the first whole second after it
    hours: float             # clock hours (時辰 × 2)
    zhirun: MethodState
    chaibu: MethodState


#: The value of an answer of `chaibu` over a range: a report, or with --year … a record of the ledger.
ChaibuRecord = ChaibuReport | BlockRow | DifferSpan


@frozen
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
    first = seq.first_date.toordinal()
    o0 = max(d0.toordinal(), first)
    o1 = min(d1.toordinal(), seq.last_date.toordinal())
    if o1 < o0:
        return []
    head = o0 - ordinal_day(o0) % YUAN_DAYS
    stamps = list(table.stamps)
    spans: list[DifferSpan] = []
    last_key = None
    while head <= o1:
        if head < first:
            head += YUAN_DAYS
            continue
        f = seq.fields(*seq.locate(head))
        z = MethodState(f.term.name, f.dun, f.ju, f.yuan, f.status, f.days)
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
        for p, q in zip(cuts, cuts[1:], strict=False):
            try:
                cf = fields_at((table, chaibu_position(table, p, p + 7200.0, switch), f.head))
            except OutOfSpan:
                continue
            c = MethodState(cf.term.name, cf.dun, cf.ju, cf.yuan)
            if (z.dun, z.ju) == (c.dun, c.ju):
                last_key = None
                continue
            key = (z, c)
            if key == last_key and spans and to_seconds(spans[-1].end) == first_second(p):
                prev = spans[-1]
                spans[-1] = DifferSpan(prev.start, boundary_utc(q).astimezone(tz),
                                       round(prev.hours + (q - p) / 3600.0, 3), z, c)
            else:
                spans.append(DifferSpan(boundary_utc(p).astimezone(tz), boundary_utc(q).astimezone(tz),
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
