"""二十八宿 of the day, its 七元甲子 and 七曜; the general's 命宿 and the 三九 reading.

More precisely: the 28 mansions take the days in turn, without a break (角 亢 氐 …
軫 角 …).  Sixty days are four mansions past a multiple of 28, so a 甲子 day falls on
one of seven mansions — 虛 奎 畢 鬼 翼 氐 箕, the 七元 天元 … 海元 — and the 七曜
(木金土日月火水 from 角) go with the mansions.  The text leaves the 元 of a date to
the 長歷; here the day cycle is anchored to an almanac date (see ANCHOR_DATE), and
the 元 follows from the day's mansion and its 干支.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

import datetime as _dt

from ..errors import BadInput
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


# ---------------------------------------------------------------- 命宿 and 三九

#: Mansion that heads each birth month.
#: > 大將軍將有事，即預揆己所生之日，以月將推之為命宿（一室、二奎、三胃、四壁、五參、六鬼、七張、八角、
#: > 九亢、十心、十一牛、十二虛）。 (004_64097a01f3826baf.txt)
#: (Kept as written; the 宿曜 month table has 畢 for 四, 氐 for 九 and 斗 for 十一.)
MING_MONTH = (None,) + tuple(MANSION_INDEX[m] for m in "室奎胃壁參鬼張角亢心牛虛")

#: The 27 labels of the 三九, from the 命宿 forward; the mansion just before the 命宿 has none.
#: > 一九、榮、衰、安、怨、成、壞（一作敗）、友、親，二九業、榮 … 親，三九貽、榮 … 親。
#: > (004_64097a01f3826baf.txt)
#: (貽 is the 胎 of "命業胎宿".)
_NINE = ("榮", "衰", "安", "怨", "成", "壞", "友", "親")
SAN_JIU = ("命",) + _NINE + ("業",) + _NINE + ("胎",) + _NINE

#: Reading of a day by the label of its mansion.
#: > 設或值命、業宿值日，宜舉號命（一作令），數習士馬，建立營寨吉。榮宿值（一作吉）日，攻之取戰吉。
#: > 衰宿值日，所作凶。安宿值日，移兵遷寨吉，餘凶。怨宿值日，惟利結交於諸侯及延納賓客，餘凶。成宿值日，
#: > 設權詐及禳厭吉。壞宿值日，宜大舉師旅討伐叛逆，及鎮厭咒咀皆吉。友宿及親宿值日，備藥餌，治軍病，
#: > 犒勞宴賞。 (004_64097a01f3826baf.txt)
SAN_JIU_READING = {
    "命": "宜舉號命（一作令），數習士馬，建立營寨吉",
    "業": "宜舉號命（一作令），數習士馬，建立營寨吉",
    "榮": "攻之取戰吉",
    "衰": "所作凶",
    "安": "移兵遷寨吉，餘凶",
    "怨": "惟利結交於諸侯及延納賓客，餘凶",
    "成": "設權詐及禳厭吉",
    "壞": "宜大舉師旅討伐叛逆，及鎮厭咒咀皆吉",
    "友": "備藥餌，治軍病，犒勞宴賞",
    "親": "備藥餌，治軍病，犒勞宴賞",
}


def ming_xiu(month: int, day: int) -> int:
    """命宿 of a birth month and day: the month's mansion, stepped back one mansion a day.

    > （假令大將生於五月五日，胃宿為第一命宿 …） (004_64097a01f3826baf.txt)

    Open question: the text states no day rule.  Counting back (day − 1) mansions from
    the month's (五月 參 → 觜 畢 昴 胃 on the 5th) is the reading that gives the text's
    example; the forward count would give 星.  Reconstruction.
    """
    if not 1 <= month <= 12:
        raise BadInput(f"birth month must be 1–12: {month}")
    if not 1 <= day <= 30:
        raise BadInput(f"birth day must be 1–30: {day}")
    return (MING_MONTH[month] - (day - 1)) % 28


def san_jiu_label(ming: int, mansion: int) -> str | None:
    """三九 label of `mansion` for a general whose 命宿 is `ming` (None for the 28th mansion).

    > 第一命宿，次榮、衰、安、怨、成、壞、友、親之類。一九之法，次以業宿為準，前三九周二十七宿而推之
    > （假令大將生於五月五日，胃宿為第一命宿，三昴為榮，三畢為衰，四觜為安，五參為怨，六井為成，
    > 七鬼為壞，八柳為友，九星為親。次為一九之法，十張為業宿 …） (004_64097a01f3826baf.txt)

    (三昴 is read 二昴: 昴 is the second mansion after 胃.)
    """
    k = (mansion - ming) % 28
    return SAN_JIU[k] if k < 27 else None


@frozen
class SanJiu:
    """The general's 命宿 (from the birth month/day) and the 三九 reading of the day's mansion."""

    born_month: int
    born_day: int
    ming_xiu: str
    mansion: str
    label: str | None
    reading: str | None
    note: str


MING_NOTE = "命宿 day rule reconstructed (count back from the month's mansion; the text gives one example)"


def san_jiu(born_month: int, born_day: int, mansion: int) -> SanJiu:
    """三九 reading of the day's `mansion` for a general born on (born_month, born_day).

    > 凡見所值之宿可以配於三九也 (004_64097a01f3826baf.txt)
    > 設或值命、業宿值日，宜舉號命（一作令），數習士馬，建立營寨吉。榮宿值（一作吉）日，攻之取戰吉 …
    > 友宿及親宿值日，備藥餌，治軍病，犒勞宴賞。此三九之用也。 (004_64097a01f3826baf.txt)

    The 命宿 is ming_xiu's, whose day rule is a reconstruction (see MING_NOTE).
    """
    ming = ming_xiu(born_month, born_day)
    label = san_jiu_label(ming, mansion)
    return SanJiu(
        born_month=born_month,
        born_day=born_day,
        ming_xiu=MANSIONS[ming],
        mansion=MANSIONS[mansion % 28],
        label=label,
        reading=SAN_JIU_READING.get(label) if label else None,
        note=MING_NOTE,
    )
