"""The turning branch plate (月將加正時 and every other "X加Y"): one argument order for all arts.

More precisely: a heaven plate of the twelve branches laid on the earth plate is fully
described by its turn `s` — the heaven branch over earth position p is p + s (mod 12).
`shift(upper, lower)` gives the turn when branch `upper` is laid on `lower` (the 月將
on the hour for 月將加正時; the 月將 on the 月建 for 天馬 …); every other function takes
the turn first.  Branches are indices 0–11 (0 = 子).  The gods (gods/), 六壬 (liuren/)
and 孤虛 (gucu/) rules all read the plate here.

> 凡用六壬，若占利害之時，先以月將加正時。假令正月占，以正月合神登明為月將，卯時占以登明加卯。
> (004_64097a01f3826baf.txt)
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import BadInput
from .terms import YUSHUI


def shift(upper: int, lower: int) -> int:
    """The turn of the heaven plate when heaven branch `upper` is laid on earth branch `lower`.

    > 將加正時，吉凶可卜。 (000_4b5dcee18d5e7425.txt)
    > 先以月將加正時 … 卯時占以登明加卯。 (004_64097a01f3826baf.txt)
    """
    return (upper - lower) % 12


def heaven_over(s: int, earth: int) -> int:
    """The heaven branch standing on earth position `earth` when the plate is turned by `s`."""
    return (earth + s) % 12


def earth_under(s: int, heaven: int) -> int:
    """The earth position (direction) under heaven branch `heaven` when the plate is turned by `s`."""
    return (heaven - s) % 12


def heaven_plate(s: int) -> tuple[int, ...]:
    """The whole heaven plate of turn `s`: earth branch (index) → the heaven branch above it."""
    return tuple((p + s) % 12 for p in range(12))


def chong(b: int) -> int:
    """沖: the branch opposite (子午 丑未 寅申 卯酉 辰戌 巳亥)."""
    return (b + 6) % 12


# --- 地將 (月將) ----------------------------------------------------------------------

#: The twelve 地將 by branch (子 神后 … 亥 登明).  天魁 is also 河魁, 登明 also 徵明.
#:
#: > 地將者：神后、大吉、功曹、太沖、天罡、太乙、勝光、小吉、傳送、從魁、天魁、登明也。
#: > 此十二神應乎地支，故曰地將，即月將也。 (000_4b5dcee18d5e7425.txt)
YUE_JIANG_NAMES: tuple[str, ...] = ("神后", "大吉", "功曹", "太沖", "天罡", "太乙", "勝光", "小吉", "傳送", "從魁", "天魁", "登明")

#: Other spellings of the 地將 → 000's (004 writes 河魁; 徵明 is 登明 under a taboo).
YUE_JIANG_ALIASES: Mapping[str, str] = {"河魁": "天魁", "徵明": "登明"}


def _yue_jiang_by_qi() -> dict[int, int]:
    table, branch = {}, 11          # 登明亥 at 雨水 (娵訾)
    for step in range(12):          # then one branch backwards per 中氣
        table[(YUSHUI + 2 * step) % 24] = (branch - step) % 12
    return table


#: 中氣 longitude index → 月將 branch: 雨水亥 春分戌 穀雨酉 … 冬至丑 大寒子.
YUE_JIANG_BY_QI: Mapping[int, int] = _yue_jiang_by_qi()


def yue_jiang_branch(qi_k: int) -> int:
    """月將 from the last 中氣's longitude index: 雨水 → 亥 登明, then one branch
    backwards per 中氣.

    > 求將之訣：神后子起、登明亥止，以亥逆纏，娵訾、雨水，月月氣足，一將一出，將加正時，
    > 吉凶可卜。 (000_4b5dcee18d5e7425.txt)

    Open question: 004 names the 將 by the month (以正月合神登明為月將); between a
    節 and the 中氣 inside its month the two rules differ by one branch.  000's
    中氣 rule ("月月氣足，一將一出") is followed: the 將 changes at the 中氣 instant.
    """
    try:
        return YUE_JIANG_BY_QI[qi_k % 24]
    except KeyError:
        raise BadInput(f"not a 中氣 longitude index: {qi_k}") from None
