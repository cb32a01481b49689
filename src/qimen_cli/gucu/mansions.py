"""二十八宿 of the day, its 七元甲子 and 七曜 (the general's 命宿 and 三九: gucu/sanjiu.py).

More precisely: the 28 mansions take the days in turn, without a break (角 亢 氐 …
軫 角 …).  Sixty days are four mansions past a multiple of 28, so a 甲子 day falls on
one of seven mansions — 虛 奎 畢 鬼 翼 氐 箕, the 七元 天元 … 海元 — and the 七曜
(木金土日月火水 from 角) go with the mansions.  The text leaves the 元 of a date to
the 長歷; here the day cycle is anchored to an almanac date (see ANCHOR_DATE), and
the 元 follows from the day's mansion and its 干支.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

import datetime as _dt

from ..records import frozen

MANSIONS = tuple("角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫")
MANSION_INDEX = {name: i for i, name in enumerate(MANSIONS)}

#: The 七曜 as the text names them, in mansion order from 角 (木 金 土 日 月 火 水).
#: > 第一虛宿值大陽受日（房、星、昴值示大陽受日 …）… 第二奎宿值木星受日（斗、角、井所值同）…
#: > 第三畢宿值大陰受日（危、心、張所值同）… 第四鬼宿值金星受日（牛、亢、婁所值同）… 第五翼宿值火星受日
#: > （尾、觜、室所值同）… 第六氐宿值土星受日（女宿、柳、胃所值同）… 第七箕宿值水星受日（軫、參、畢、壁
#: > 所值同）… (004_64097a01f3826baf.txt)
YAO = ("木星", "金星", "土星", "大陽", "大陰", "火星", "水星")

#: The 七元 in order, each with the mansion of its 甲子 day.
#: > … 是謂天元甲子 … 地元甲子 … 人元甲子 … 鬼元甲子 … 江元甲子 … 河元甲子 … 海元甲子 …
#: > 凡七元，起於天元，終於海元，周而復始。 (004_64097a01f3826baf.txt)
YUAN = ("天元", "地元", "人元", "鬼元", "江元", "河元", "海元")
YUAN_START = tuple(MANSION_INDEX[m] for m in "虛奎畢鬼翼氐箕")
_YUAN_OF_START = {s: i for i, s in enumerate(YUAN_START)}

#: Anchor of the day cycle: 1888-01-01 (明治二十一年一月一日, proleptic Gregorian) is a 昴 day,
#: as the Japanese almanac's 二十八宿 column has it (koyominote.com, 二十八宿 tables for 1888:
#: 昴宿 1888-01-01, 01-29, 02-26 …).  Checked in the tests against a Chinese almanac
#: (老黃曆 for 2024-02-09, 癸卯日, 除夕: 亢宿) and against the 七曜 of the week
#: (房 虛 昴 星 fall on Sundays, 日曜).
ANCHOR_DATE = _dt.date(1888, 1, 1)
ANCHOR_MANSION = MANSION_INDEX["昴"]
_ANCHOR_ORDINAL = ANCHOR_DATE.toordinal()


def mansion_of_date(date: _dt.date) -> int:
    """Mansion index (0 = 角) of a civil date: the anchor's mansion plus the days since it.

    Not from the text: the text leaves the dating to the 長歷, and the anchor (ANCHOR_DATE)
    is an almanac's.

    > 茍欲知其七元甲子之資次，當以長歷推之。 (004_64097a01f3826baf.txt)
    """
    return (ANCHOR_MANSION + date.toordinal() - _ANCHOR_ORDINAL) % 28


def yao_of(mansion: int) -> str:
    """七曜 of a mansion: 角 木星, 亢 金星, 氐 土星, 房 大陽, 心 大陰, 尾 火星, 箕 水星, and so on.

    > 第一虛宿值大陽受日（房、星、昴值示大陽受日，他皆仿此） … 第二奎宿值木星受日（斗、角、井所值同） …
    > 第三畢宿值大陰受日（危、心、張所值同） … 第四鬼宿值金星受日（牛、亢、婁所值同） … 第五翼宿值火星受日
    > （尾、觜、室所值同） … 第六氐宿值土星受日（女宿、柳、胃所值同） … 第七箕宿值水星受日（軫、參、畢、壁
    > 所值同） (004_64097a01f3826baf.txt)

    Note (discrepancy): the text lists 畢 under 水星 as well as under 大陰; the cycle gives
    畢 大陰 (the text's own 人元 group 畢 危 心 張), and 水星 is 箕 軫 參 壁.
    """
    return YAO[mansion % 7]


def yuan_of(mansion: int, day_index: int) -> int:
    """The 七元 (0 = 天元 … 6 = 海元) of a day from its mansion and its cycle position.

    The 甲子 of the day's 60-day run falls on mansion (mansion − day_index) mod 28,
    which is one of the seven 元 starts.

    > 以七元甲子起之。第一虛宿值大陽受日 … 是謂天元甲子。第二奎宿值木星受日 … 是謂地元甲子 …
    > 第七箕宿值水星受日 … 是謂海元甲子 … 凡七元，起於天元，終於海元，周而復始。 (004_64097a01f3826baf.txt)
    """
    start = (mansion - day_index) % 28
    try:
        return _YUAN_OF_START[start]
    except KeyError:
        raise ValueError(f"mansion {MANSIONS[mansion % 28]} cannot fall on cycle day {day_index}") from None


def mansion_in_yuan(yuan: int, day_index: int) -> int:
    """Mansion of the day at cycle position `day_index` (0 = 甲子) in the 元 `yuan`.

    > 假令三月一日為五元甲子，即翼宿值火星受日，二日乙丑即軫宿值水星受日，三日丙寅即角宿值木星受日。
    > (004_64097a01f3826baf.txt)
    """
    return (YUAN_START[yuan % 7] + day_index) % 28


@frozen
class Mansion:
    """The day's mansion: its `name`, the 七元 `yuan` it belongs to, and its 七曜 `yao`."""

    name: str
    yuan: str
    yao: str


def mansion_of_day(date: _dt.date, day_index: int) -> Mansion:
    """Mansion, 元 and 曜 of a civil date whose 干支 is `day_index`.

    > 茍欲求其值日之法，即以二十八宿本值之日配於大將軍命業胎宿之次，以定吉凶之後，以七元甲子起之。
    > (004_64097a01f3826baf.txt)
    """
    m = mansion_of_date(date)
    return Mansion(MANSIONS[m], YUAN[yuan_of(m, day_index)], yao_of(m))
