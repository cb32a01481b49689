"""五音: the directions of an army's tone — 德, 陽, 陰, 生氣, 死氣, 刑禍 (虎鈐經).

Asked for with `gucu --tone` only, so imported then.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..errors import BadInput
from ..records import frozen

TONES = tuple("角徵宮商羽")

#: 音 → branches of 德, 陽, 陰, 生氣, 死氣, 刑禍.
#: > 角德在巳，陽子陰午，生氣卯，死酉，刑禍申。羽德在申，陽子陰午，生氣子，死午，刑禍丑。徵德在未，陽午陰子，
#: > 生氣午，死子，刑禍未。商德在亥，陽子陰午，生氣酉，死卯，刑禍午。宮德在巳，陽子陰午，生氣子，死午，刑禍亥。
#: > 以生氣擊死氣，以陰擊陽。 (004_64097a01f3826baf.txt)
WU_YIN = {
    "角": "巳子午卯酉申",
    "羽": "申子午子午丑",
    "徵": "未午子午子未",
    "商": "亥子午酉卯午",
    "宮": "巳子午子午亥",
}


@frozen
class WuYin:
    """五音 directions of a tone: 德, 陽, 陰, 生氣, 死氣, 刑禍 (branches).

    "以生氣擊死氣，以陰擊陽": attack from `sheng_qi` towards `si_qi`, from `yin` towards `yang`.
    """

    tone: str
    de: str
    yang: str
    yin: str
    sheng_qi: str
    si_qi: str
    xing_huo: str


def wu_yin(tone: str) -> WuYin:
    """The 五音 row of `tone` (角徵宮商羽).  How an army gets its 音 the text does not say.

    > 角德在巳，陽子陰午，生氣卯，死酉，刑禍申。羽德在申，陽子陰午，生氣子，死午，刑禍丑。徵德在未，陽午陰子，
    > 生氣午，死子，刑禍未。商德在亥，陽子陰午，生氣酉，死卯，刑禍午。宮德在巳，陽子陰午，生氣子，死午，刑禍亥。
    > 以生氣擊死氣，以陰擊陽。 (004_64097a01f3826baf.txt)
    """
    try:
        row = WU_YIN[tone]
    except KeyError:
        raise BadInput(f"tone must be one of 角徵宮商羽: {tone!r}") from None
    return WuYin(tone, *row)
