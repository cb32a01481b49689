"""The 出軍 route of a 奇門 chart: 出天門戊, 入地戶己, 過太陰丁, 居青龍甲, 擊其沖 (000).

More precisely: on the chart's earth plate, go out through the palace of 戊 (天門),
come in through the palace of 己 (地戶), pass the palace of 丁 (太陰), settle on the
palace where the 旬首's 甲 hides (青龍: the palace of the 旬首's 儀), and strike the
palace opposite it.  The rule takes the palace → earth-stems mapping and the 旬首's
儀, so it does not depend on how the chart was cast.  Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..calendar.compass import PALACE_DIRECTION, PALACE_NAMES
from ..records import frozen

#: Trigram of each outer palace (palace 5, the centre, has none).
PALACE_TRIGRAM = {p: name for p, name in PALACE_NAMES.items() if p != 5}


@frozen
class Leg:
    """One leg of the route: the stem sought, its palace (1–9), direction and trigram.

    `lodged` is True when the stem sits in the centre and is reached in its 寄宮.
    Palace 5 (direction 中, no trigram) only for a plate without a 寄宮 (飛盤).
    """

    stem: str | None
    palace: int
    direction: str
    trigram: str | None
    lodged: bool


@frozen
class ChuJunRoute:
    """出天門 (戊), 入地戶 (己), 過太陰 (丁), 居青龍 (the 旬首), 擊其沖 (opposite the 青龍)."""

    chu_tian_men: Leg
    ru_di_hu: Leg
    guo_tai_yin: Leg
    ju_qing_long: Leg
    ji: Leg | None
    xun_yi: str


def _leg(stem: str | None, palace: int, lodged: bool) -> Leg:
    return Leg(stem, palace, PALACE_DIRECTION.get(palace, "中"), PALACE_TRIGRAM.get(palace), lodged)


def stem_palace(earth_stems: Mapping[int, Sequence[str]], stem: str) -> Leg:
    """Outer palace holding `stem` on the earth plate (the 寄宮 for a stem of the centre).

    On a plate with no 寄宮 (飛盤) a stem of the centre stays in palace 5.
    """
    plates = {int(p): tuple(s) for p, s in earth_stems.items() if s is not None}
    own = [p for p, s in plates.items() if p != 5 and s[:1] == (stem,)]
    lodged = [p for p, s in plates.items() if p != 5 and stem in s[1:]]
    if len(own) == 1:
        return _leg(stem, own[0], False)
    if not own and len(lodged) == 1:
        return _leg(stem, lodged[0], True)
    if not own and not lodged and stem in plates.get(5, ()):
        return _leg(stem, 5, False)
    raise ValueError(f"earth plate does not place {stem} in exactly one outer palace: {plates}")


def chu_jun_route(earth_stems: Mapping[int, Sequence[str]], xun_yi: str) -> ChuJunRoute:
    """The route on an earth plate (palace → its earth stems, the 寄宮 listing the centre's after its own).

    > 凡將兵宜出天門戊，入地戶己，過太陰丁，居青龍甲，駐兵擊其沖，百戰百勝。如陽一局甲己之日甲子時出軍，
    > 戊在一宮、己在二宮、丁在七宮，即領兵從正北出天門，從西南入地戶，由正西過太陰，還於正北甲子上居
    > 青龍，擊其沖大勝。 (000_4b5dcee18d5e7425.txt)

    甲 hides under the 旬首's 儀 (甲子 戊, 甲戌 己 …), so 青龍 is the palace of `xun_yi`.
    Open question: a 青龍 in the centre with no 寄宮 (飛盤) has no 沖; `ji` is then None.
    """
    qing_long = stem_palace(earth_stems, xun_yi)
    return ChuJunRoute(
        chu_tian_men=stem_palace(earth_stems, "戊"),
        ru_di_hu=stem_palace(earth_stems, "己"),
        guo_tai_yin=stem_palace(earth_stems, "丁"),
        ju_qing_long=qing_long,
        ji=None if qing_long.palace == 5 else _leg(None, 10 - qing_long.palace, False),
        xun_yi=xun_yi,
    )
