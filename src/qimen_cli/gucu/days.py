"""出軍日: the day checks of 虎鈐經 — the month's listed 吉日, 往亡, 六窮, 天乙絕氣, 軍忌.

More precisely: given a month (正月 = 1 … 十二月 = 12), the day of the month (1–30)
and the day's 干支, whether the day is among the month's listed days for sending out
troops, and which of the text's forbidden days it is.  Months and days are those of
the basis the caller chose (lunar by default); the rules do no calendar work.
Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..calendar.ganzhi import CYCLE
from ..errors import BadInput
from ..records import frozen

#: Listed 出軍 days by month; 十一月 and 十二月 have none.
#: > 又曰：十二月中各有出軍吉凶日。正月戊辰、丙子、庚午、辛卯、戊子、壬辰、丙辰、丙申，二月丁卯、辛卯，
#: > 此是九丑日，它月皆不犯。三月甲子、乙丑、戊辰、己巳、丙辰、庚申，四月丁卯、己卯、辛卯、癸卯（一作丑），
#: > 五月丙申、戊戌、庚戌、庚申、壬戌，六月辛未、己未、癸未、庚寅、丙申、辛卯、壬寅、庚申，七月乙丑、乙酉、
#: > 己酉、丁巳、癸丑，八月庚午、癸酉、壬午、丙午、戊午，九月癸酉、乙酉、丙申、丁酉、壬寅、己酉、甲寅，
#: > 十月己酉、甲寅，已上用皆吉。 (004_64097a01f3826baf.txt)
JI_RI = {
    1: ("戊辰", "丙子", "庚午", "辛卯", "戊子", "壬辰", "丙辰", "丙申"),
    2: ("丁卯", "辛卯"),
    3: ("甲子", "乙丑", "戊辰", "己巳", "丙辰", "庚申"),
    4: ("丁卯", "己卯", "辛卯", "癸卯"),
    5: ("丙申", "戊戌", "庚戌", "庚申", "壬戌"),
    6: ("辛未", "己未", "癸未", "庚寅", "丙申", "辛卯", "壬寅", "庚申"),
    7: ("乙丑", "乙酉", "己酉", "丁巳", "癸丑"),
    8: ("庚午", "癸酉", "壬午", "丙午", "戊午"),
    9: ("癸酉", "乙酉", "丙申", "丁酉", "壬寅", "己酉", "甲寅"),
    10: ("己酉", "甲寅"),
    11: (),
    12: (),
}
#: The text's variant readings inside the lists: 四月 癸卯 "一作丑" (癸丑), accepted as listed too.
JI_RI_VARIANTS = {4: ("癸丑",)}

#: The text's remark on the 正月/二月 lists, kept visible: every listed day is taken as
#: 吉 ("已上用皆吉"), the remark being recorded, not applied (the 正月 list is not 九丑
#: under any usual 九丑 list).  Open question: the remark may instead mean those two
#: lists are 九丑 (凶) days.
JIU_CHOU_REMARK = "此是九丑日，它月皆不犯"
VARIANT_REMARK = {4: "癸卯（一作丑）"}

#: 往亡 (天門日): the forbidden day of each month.
#: > 一說雲，天門日亦謂之往亡，不可出軍：正月初七日，二月十四日，三月二十一日，四月八日，五月十六日，
#: > 六月二十四日，七月九日，八月十八日，九月二十七日，十月十四日，十一月二十一日，十二月三十日。
#: > 若有急難，擇時吉辰而動，不用此日可也。 (004_64097a01f3826baf.txt)
#: Open question: the 7/14/21, 8/16/24, 9/18/27 pattern predicts 10/20/30 for the last three
#: months; the text has 14 and 21 for 十月 and 十一月, and is followed.
WANG_WANG = {1: 7, 2: 14, 3: 21, 4: 8, 5: 16, 6: 24, 7: 9, 8: 18, 9: 27, 10: 14, 11: 21, 12: 30}

#: 六窮日: > 一說雲，六窮日不可出軍：初九、十九、二十八。 (004_64097a01f3826baf.txt)
LIU_QIONG = (9, 19, 28)

TIAN_YI_NOTE = ("reconstruction: the text pairs months (正月、六月、二月、七月 …) and states no day; "
                "read as 正月六日, 二月七日 … (day = month + 5); not counted among the forbidden days")


@frozen
class ChuJun:
    """The day's 出軍 checks.

    `ji_ri` is the month's list of 吉日 (empty for 十一月/十二月, which have none) and
    `in_ji_ri` whether the day is on it (None when the month has no list); `remark` keeps
    the text's words on the list.  `avoid` names the forbidden days that apply
    (往亡, 六窮, 軍忌).  `tian_yi_jue_qi` is a reconstruction (see `tian_yi_note`).
    """

    month: int
    day: int
    ganzhi: str
    ji_ri: tuple[str, ...]
    in_ji_ri: bool | None
    remark: str | None
    wang_wang: bool
    wang_wang_day: int
    liu_qiong: bool
    jun_ji: bool
    tian_yi_jue_qi: bool
    tian_yi_note: str
    avoid: tuple[str, ...]


def ji_ri(month: int) -> tuple[str, ...]:
    """The month's listed 出軍 days (the variant 四月 癸丑 included last).

    > 又曰：十二月中各有出軍吉凶日。正月戊辰 … 四月丁卯、己卯、辛卯、癸卯（一作丑） … 十月己酉、甲寅，
    > 已上用皆吉。 (004_64097a01f3826baf.txt)
    """
    return JI_RI[month] + JI_RI_VARIANTS.get(month, ())


def is_wang_wang(month: int, day: int) -> bool:
    """往亡: 正月初七 … 十二月三十 (a 29-day 十二月 has none).

    > 一說雲，天門日亦謂之往亡，不可出軍：正月初七日，二月十四日，三月二十一日，四月八日，五月十六日，
    > 六月二十四日，七月九日，八月十八日，九月二十七日，十月十四日，十一月二十一日，十二月三十日。
    > (004_64097a01f3826baf.txt)
    """
    return WANG_WANG[month] == day


def is_liu_qiong(day: int) -> bool:
    """六窮日: the 9th, 19th and 28th (28, not 29, as written).

    > 一說雲，六窮日不可出軍：初九、十九、二十八。 (004_64097a01f3826baf.txt)
    """
    return day in LIU_QIONG


def is_jun_ji(day: int) -> bool:
    """軍忌: > 每到十日、二十、三十日，並軍忌，不可用之。 (004_64097a01f3826baf.txt)"""
    return day % 10 == 0


def is_tian_yi_jue_qi(month: int, day: int) -> bool:
    """天乙絕氣日, reconstructed: day = month + 5 (正月六日 … 十二月十七日).

    > 一說雲，天乙絕氣日，不可出軍攻戰：正月、六月、二月、七月、三月、八月，以次周十二月。
    > (004_64097a01f3826baf.txt)

    Open question: the text as it stands pairs months and names no day; the reading
    copies 月 for 日 (正月六日, 二月七日, 三月八日 …).  Flagged as a reconstruction.
    """
    return day == month + 5


def chu_jun(month: int, day: int, day_ganzhi: int) -> ChuJun:
    """All 出軍 checks for a month (1–12), day of the month and the day's cycle position.

    Days past 30 (possible in a solar month) meet none of the text's day rules.

    > 又曰：十二月中各有出軍吉凶日。 (004_64097a01f3826baf.txt)
    > 天門日亦謂之往亡，不可出軍 (004_64097a01f3826baf.txt)
    > 六窮日不可出軍 (004_64097a01f3826baf.txt)
    > 每到十日、二十、三十日，並軍忌，不可用之。 (004_64097a01f3826baf.txt)

    天乙絕氣 is reported but not counted in `avoid` (reconstruction, see is_tian_yi_jue_qi).
    """
    if not 1 <= month <= 12:
        raise BadInput(f"month must be 1–12: {month}")
    if day < 1:
        raise BadInput(f"day of the month must be at least 1: {day}")
    name = CYCLE[day_ganzhi % 60]
    listed = ji_ri(month)
    remark = JIU_CHOU_REMARK if month in (1, 2) else VARIANT_REMARK.get(month)
    ww, lq, jj = is_wang_wang(month, day), is_liu_qiong(day), is_jun_ji(day)
    avoid = tuple(n for n, hit in (("往亡", ww), ("六窮", lq), ("軍忌", jj)) if hit)
    return ChuJun(
        month=month,
        day=day,
        ganzhi=name,
        ji_ri=listed,
        in_ji_ri=(name in listed) if listed else None,
        remark=remark,
        wang_wang=ww,
        wang_wang_day=WANG_WANG[month],
        liu_qiong=lq,
        jun_ji=jj,
        tian_yi_jue_qi=is_tian_yi_jue_qi(month, day),
        tian_yi_note=TIAN_YI_NOTE,
        avoid=avoid,
    )
