"""JSON of `qimen liuren`: the Moment's keys (with the options in "input"), the 中氣, then the Lesson's fields."""

from __future__ import annotations

from ..gucu.tiangang import LIUREN, Gate
from ..liuren.nobles import Lead, Noble
from .jsonout import Memo, TextEncoder, _esc, moment_fields, object_text, term_text

#: Remembered by value: the 貴人, the leading general and 天罡's gate (strings only; not the 集靈經
#: record: its bools; not the text's answer: rare), and the small dicts
#: (the plate, the generals).  Not Daylight: its lat/lon are floats and its instants keep
#: their zone.
ENCODE = TextEncoder(memo={Noble: Memo(), Lead: Memo(), Gate: Memo()},
                     memo_dicts=True)


def lesson_text(moment, lesson, noble_rule: str, lat: float | None, lon: float | None, yue_jiang_by: str,
                fan_yin: str = "chong", tian_men: str = LIUREN) -> str:
    """A lesson cast from a date; "input" names `tian_men` only when it is not the default (liuren)."""
    extra = (f',"noble_rule":{ENCODE(noble_rule)},"lat":{ENCODE(lat)},"lon":{ENCODE(lon)}'
             f',"fan_yin":{ENCODE(fan_yin)}' + ("" if tian_men == LIUREN else f',"tian_men":{ENCODE(tian_men)}'))
    fields = moment_fields(moment, extra)
    fields["zhong_qi"] = term_text(moment.qi, moment.civil.tzinfo)
    fields["yue_jiang_by"] = _esc(yue_jiang_by)
    fields.update(ENCODE.fields(lesson))
    return object_text(fields)


def dateless_text(lesson, half: str | None, noble_rule: str, fan_yin: str = "chong", month: int | None = None,
                  tian_men: str = LIUREN) -> str:
    """A lesson cast from --day/--hour (no Moment): "input" holds the day, hour, 月將 (and the
    --month it came from, or null) and options (`tian_men` only when it is not liuren)."""
    given = {"day": lesson.day, "hour": lesson.hour, "yue_jiang": lesson.yue_jiang,
             "month": month, "half": half, "noble_rule": noble_rule, "fan_yin": fan_yin}
    if tian_men != LIUREN:
        given["tian_men"] = tian_men
    fields = {"input": ENCODE(given)}
    fields.update(ENCODE.fields(lesson))
    return object_text(fields)
