"""The two 局 methods side by side: 古法 置閏 and 李氏拆補, whether they agree and why not.

> 蓋以接氣為拆補，謂拆補寧多二三時，起超不可過九日，如過九日，即當置閏也。 (003_fd1aa30e5b7f2d13.txt)
"""

from __future__ import annotations

import datetime as _dt

from ..calendar.ganzhi import CYCLE
from ..records import frozen
from .ju import Block, Ju, chaibu_ju, ordinal_day, sequence_zone, zhirun_ju, zhirun_sequence


@frozen
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
