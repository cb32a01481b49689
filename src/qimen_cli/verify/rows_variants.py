"""The ledger's rows of the variants the texts leave for their rules, taken up as options (issue 29
item 4): the 一本's 擊刑 003 accepts (`cast --school yiben`) and 004's 天罡加天門 / 加地戶 under the
texts' own 天門 and 地戶 (`--tian-men youmen`: 004's 遊門; `sanmen`: 000's 天三門 / 地四戶).  Each
row's answer comes from the engine under that option (`answers_variants.py`) and is checked against
the text's own table."""

from __future__ import annotations

from . import answers_variants as a
from .claim import Claim

#: The variants' rows, in no particular order (`rows.CLAIMS` sorts the ledger).
ROWS: tuple[Claim, ...] = (
    Claim("qm-ji-xing-yiben", "003", 115, "一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是", "qimen",
          "cast --school yiben: the 旬 and palaces of the 一本's 擊刑 over the 1,080 轉盤 plates", a.ji_xing_yiben,
          "甲戌8 甲申4 甲寅2"),
    Claim("lr-tian-men-youmen", "004", 51, "正月天門在申，百死在酉。二月天門在酉 … 十二月天門在未", "liuren",
          "liuren --tian-men youmen: where 天罡 stands when it is 天罡加天門 (可以攻敵), month by month",
          a.tian_men_youmen, "申酉戌亥子丑寅卯辰巳午未"),
    Claim("gd-tian-men-sanmen", "000", 43, "三門者，太沖、小吉、從魁也。四戶者，除、危、定、開也", "gods",
          "liuren --tian-men sanmen: the generals over the 天門 and the 建除 officers over the 地戶 taken, on every plate",
          a.tian_men_sanmen, "太沖小吉從魁 除危定開"),
)

#: Each row's `claim` in zh and ko (the Claim's own `claim` is the en wording): id → (zh, ko).
WORDS: dict[str, tuple[str, str]] = {
    "qm-ji-xing-yiben": ("cast --school yiben ：一本擊刑之旬與宮（轉盤一千八十局）",
                         "cast --school yiben: 일본(一本) 격형의 순과 궁 (전반 1,080국)"),
    "lr-tian-men-youmen": ("liuren --tian-men youmen ：逐月天罡加天門（可以攻敵）時天罡所臨",
                           "liuren --tian-men youmen: 달마다 천강가천문(가이공적)일 때 천강이 임하는 곳"),
    "gd-tian-men-sanmen": ("liuren --tian-men sanmen ：諸盤所取天門上之將與地戶上之建除",
                           "liuren --tian-men sanmen: 모든 반에서 취한 천문 위의 장과 지호 위의 건제"),
}
