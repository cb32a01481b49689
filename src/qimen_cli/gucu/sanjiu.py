"""The general's 命宿 and the 三九 reading of the day's mansion (虎鈐經).

More precisely: the mansion that heads the general's birth month, stepped back to the birth
day, is the 命宿; the 27 mansions from it are read 命 榮 衰 安 怨 成 壞 友 親, 業 …, 胎 …,
and the day's mansion takes its reading from its label.  Asked for with `gucu --born`
only, so imported then.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..errors import BadInput
from ..records import frozen
from .mansions import MANSION_INDEX, MANSIONS

#: Mansion that heads each birth month.
#: > 大將軍將有事，即預揆己所生之日，以月將推之為命宿（一室、二奎、三胃、四壁、五參、六鬼、七張、八角、
#: > 九亢、十心、十一牛、十二虛）。 (004_64097a01f3826baf.txt)
#: (Kept as written; the 宿曜 month table has 畢 for 四, 氐 for 九 and 斗 for 十一.)
#: The 命宿 of each birth month 1–12 (a mansion index; the months count from 1).
MING_MONTH: dict[int, int] = dict(enumerate((MANSION_INDEX[m] for m in "室奎胃壁參鬼張角亢心牛虛"), 1))

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
