"""The two 局 methods side by side: 古法 置閏 and 李氏拆補, whether they agree and why not.

> 蓋以接氣為拆補，謂拆補寧多二三時，起超不可過九日，如過九日，即當置閏也。 (003_fd1aa30e5b7f2d13.txt)
"""

from __future__ import annotations

import datetime as _dt

from ..calendar.ganzhi import CYCLE, ordinal_day
from ..calendar.moment import Moment
from ..records import frozen
from .ju import Ju, ZhirunSequence, chaibu_ju, sequence_zone, zhirun_ju, zhirun_sequence
from .steps import Step, step


@frozen
class Comparison:
    methods: dict[str, Ju]   # {"zhirun": Ju, "chaibu": Ju}
    agree: bool              # same 遁 and 局
    reason: Step             # why they agree or differ (qimen/steps.py; worded by render/explain.py)


def _verdict(z: Ju, c: Ju) -> dict[str, object]:
    """The 局 of both methods, closing every reason they differ."""
    return {"zhirun_dun": z.dun, "zhirun_ju": z.ju, "chaibu_dun": c.dun, "chaibu_ju": c.ju}


def explain_difference(zhirun: Ju, chaibu: Ju, seq: ZhirunSequence, hour_date: _dt.date) -> Step:
    """Why the two methods agree or differ, as a keyed note: `agree` (the same term), `agree_other_terms`,
    or `differ_chao_shen`, `differ_leap`, `differ_jie_qi`, `differ_term`; `early` names the term 拆補
    counts from the start of the 時辰 in which it begins (None when it does not)."""
    blk = seq.block_at(hour_date)
    z, c = zhirun, chaibu
    if (z.dun, z.ju) == (c.dun, c.ju):
        if z.ju_term == c.ju_term:
            return step("agree", term=z.ju_term, yuan=z.yuan, dun=z.dun, ju=z.ju, status=z.yuan_status,
                        days=z.yuan_days)
        return step("agree_other_terms", zhirun_term=z.ju_term, zhirun_yuan=z.yuan, status=z.yuan_status,
                    days=z.yuan_days, chaibu_term=c.ju_term, chaibu_yuan=c.yuan, dun=z.dun, ju=z.ju)
    early = c.ju_term if c.ju_term != c.solar_term.name else None
    z_pos = blk.position
    c_pos = z_pos + ((c.ju_term_k - z.ju_term_k + 12) % 24 - 12)
    if z_pos > c_pos:
        return step("differ_chao_shen", days=blk.days, head=blk.head, start=blk.start, zhirun_term=z.ju_term,
                    zhirun_yuan=z.yuan, chaibu_term=c.ju_term, early=early, **_verdict(z, c))
    if blk.status == "閏":
        prev = seq.block(blk.index - 1)
        return step("differ_leap", zhirun_term=z.ju_term, zhirun_yuan=z.yuan, head=prev.head, start=prev.start,
                    days=prev.days, chaibu_term=c.ju_term, early=early, **_verdict(z, c))
    if blk.index + 1 < len(seq):
        nxt = seq.block(blk.index + 1)
        if nxt.term.k == c.ju_term_k:
            return step("differ_jie_qi", days=-nxt.days, chaibu_term=c.ju_term, term_date=nxt.term_date,
                        term_day=CYCLE[ordinal_day(nxt.term_date.toordinal())], head=nxt.head, start=nxt.start,
                        zhirun_term=z.ju_term, zhirun_yuan=z.yuan, early=early, **_verdict(z, c))
    return step("differ_term", zhirun_term=z.ju_term, zhirun_yuan=z.yuan, status=z.yuan_status, days=z.yuan_days,
                chaibu_term=c.ju_term, early=early, **_verdict(z, c))


#: `explain_difference` by its inputs' identity → (zhirun, chaibu, sequence, the reason): the Ju
#: are `ju`'s cached ones, shared by the instants of a day (the entry keeps them, so that their
#: ids stay their own).
_REASONS: dict[tuple[int, int, int, _dt.date], tuple[Ju, Ju, ZhirunSequence, Step]] = {}


def _reason(zhirun: Ju, chaibu: Ju, seq: ZhirunSequence, hour_date: _dt.date) -> Step:
    """`explain_difference`, kept for the same Ju objects, sequence and day."""
    key = (id(zhirun), id(chaibu), id(seq), hour_date)
    hit = _REASONS.get(key)
    if hit is not None and hit[0] is zhirun and hit[1] is chaibu and hit[2] is seq:
        return hit[3]
    reason = explain_difference(zhirun, chaibu, seq, hour_date)
    if len(_REASONS) >= 4096:
        _REASONS.clear()
    _REASONS[key] = (zhirun, chaibu, seq, reason)
    return reason


def compare(moment: Moment, switch: str = "shichen") -> Comparison:
    """The 局 of a Moment under both methods, whether they agree and why not."""
    zone = sequence_zone(moment)
    z = zhirun_ju(moment.table, zone, moment.hour_date, moment.ts)
    c = chaibu_ju(moment.table, moment.ts, moment.hour_start, moment.hour_end, moment.hour_day, switch,
                  moment.clock_zone)
    seq = zhirun_sequence(moment.table, zone)
    return Comparison(
        methods={"zhirun": z, "chaibu": c},
        agree=(z.dun, z.ju) == (c.dun, c.ju),
        reason=_reason(z, c, seq, moment.hour_date),
    )
