"""The 六壬 plate and the branch relations the 四課 and 三傳 are read from.

More precisely: the 地將 names, the stems' 寄宮, 剛/柔 days and 陰陽 of branches,
and the relations 刑 and 破 used by the 三傳 rules.  The turned plate itself (shift,
heaven_over, earth_under, 沖) is calendar/branchplate.py's; the phases and 剋 are
calendar/ganzhi.py's.  Everything here is a table or a one-line function on branch
indices (子 = 0) and stem indices (甲 = 0).

> 凡用六壬，若占利害之時，先以月將加正時。假令正月占，以正月合神登明為月將，卯時占以登明加卯。
> (004_64097a01f3826baf.txt)
"""

from __future__ import annotations

from ..calendar.branchplate import YUE_JIANG_NAMES
from ..calendar.ganzhi import BRANCHES, STEMS
from ..errors import BadInput

#: 地將 names by branch, as 004 spells them: gods/noble.py's YUE_JIANG_NAMES (000's list) with
#: 004's 河魁 for 000's 天魁 (004 also writes 徵明 once for 登明; 登明 is kept).
#:
#: > 地將者：神后、大吉、功曹、太沖、天罡、太乙、勝光、小吉、傳送、從魁、天魁、登明也 (000_4b5dcee18d5e7425.txt)
#: > 從河魁本位上見河魁 (004_64097a01f3826baf.txt)
GOD_NAMES = tuple("河魁" if name == "天魁" else name for name in YUE_JIANG_NAMES)

#: 寄宮 of each stem: 甲寅 乙辰 丙巳 丁未 戊巳 己未 庚申 辛戌 壬亥 癸丑 (branch indices).
#:
#: > 何謂八專？甲寅、庚申、己未、丁未、癸丑辰同也。 (004_64097a01f3826baf.txt)
#:
#: The stem's place and the branch coincide on exactly these days; the full table is the standard
#: one (000, 貪合受制, lodges the stems in the same way).
JI_GONG = (2, 4, 5, 7, 5, 7, 8, 10, 11, 1)

#: 刑: 寅刑巳 巳刑申 申刑寅, 丑刑戌 戌刑未 未刑丑, 子刑卯 卯刑子; 辰午酉亥 自刑 (map to themselves).
#:
#: > 何謂刑？用寅刑巳，用子刑卯之屬也。 (004_64097a01f3826baf.txt)
XING = (3, 10, 5, 0, 4, 8, 6, 1, 2, 9, 7, 11)

#: 破: 子酉 丑辰 寅亥 卯午 巳申 未戌 (symmetric).
#:
#: > 何謂破？午無刑破子就卯，亥無刑破寅刑申之屬也。辰無刑破丑，酉無刑破子是也。 (004_64097a01f3826baf.txt)
PO = (9, 4, 11, 6, 1, 8, 3, 10, 5, 0, 7, 2)

#: The four 自刑 branches 辰午酉亥.
ZI_XING = frozenset(b for b in range(12) if XING[b] == b)


def is_gang(stem: int) -> bool:
    """剛日: 甲丙戊庚壬 (the 陽 stems); 柔日: 乙丁己辛癸.

    > 剛日當從地下星仰望天上 … 柔日當從天上昴星伏視地下 (004_64097a01f3826baf.txt)
    """
    return stem % 2 == 0


def is_yang_branch(b: int) -> bool:
    """陽 branches 子寅辰午申戌 (even index)."""
    return b % 2 == 0


def lodged_stems(b: int) -> tuple[int, ...]:
    """The stems whose 寄宮 is branch `b` (巳 holds 丙 and 戊, 未 holds 丁 and 己)."""
    return _LODGED[b]


_LODGED = tuple(tuple(s for s in range(10) if JI_GONG[s] == b) for b in range(12))


def branch_name(b: int) -> str:
    return BRANCHES[b]


def stem_name(s: int) -> str:
    return STEMS[s]


def month_yue_jiang(month: int) -> int:
    """月將 of lunar month 1–12 as 004 fixes it: the 合神 (六合) of the month's 建.

    正月 建寅 → 登明亥, 二月 → 河魁戌, 三月 → 從魁酉, 四月 → 傳送申, 五月 → 小吉未 …

    > 假令正月占，以正月合神登明為月將，卯時占以登明加卯。他皆例此。 (004_64097a01f3826baf.txt)
    """
    if not 1 <= month <= 12:
        raise BadInput(f"not a lunar month: {month}")
    jian = (month + 1) % 12
    return (1 - jian) % 12
