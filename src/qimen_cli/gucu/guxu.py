"""孤虛: the directions to keep at one's back (孤) and to strike (虛), and 背建向破.

More precisely: 虎鈐經's three 孤虛 — of the hour (small parties), of the day
(armies of ten thousand and more) and of the 旬 — and the fallback when no 孤虛
can be used: put the month's 建 behind and face its 破.  Directions are branches
(0 = 子) on the ground.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..calendar.branchplate import chong
from ..calendar.ganzhi import BRANCHES, kong_wang
from ..errors import BadInput
from ..records import frozen

#: "萬人已上用日孤虛": the army size from which the day's 孤虛 is used.
DAY_GUXU_FROM = 10000


@frozen
class GuXu:
    """One 孤虛 pair: `gu` (背, keep behind) and `xu` (擊, strike), branch names."""

    gu: str
    xu: str


@frozen
class XunGuXu:
    """The 旬孤虛: the two branches to keep behind and the two to strike."""

    gu: tuple[str, str]
    xu: tuple[str, str]


@frozen
class GuXuSet:
    """All three 孤虛 of the instant; `chosen` is "hour" or "day" when an army size is given."""

    hour: GuXu
    day: GuXu
    xun: XunGuXu
    chosen: str | None
    size: int | None


@frozen
class BeiJianXiangPo:
    """背建向破: `jian` (the month's 建, at the back) and `po` (its 破, to face)."""

    jian: str
    po: str


def ri_gu_xu(branch: int) -> tuple[int, int]:
    """日孤虛 of a day branch: 孤 one branch back, 虛 opposite the 孤.

    > 用日孤虛：子日亥孤巳虛，丑日子孤午虛，寅日丑孤未虛 … 亥日戌孤辰虛。 (004_64097a01f3826baf.txt)

    Note: this is the text's own table, not the common 旬空-based 日孤虛.
    """
    gu = (branch - 1) % 12
    return gu, chong(gu)


def shi_gu_xu(hour_branch: int) -> tuple[int, int]:
    """時孤虛: the day rule with the hour branch in place of the day's.

    > 用時孤虛：以時為主，方位並同。 (004_64097a01f3826baf.txt)
    """
    return ri_gu_xu(hour_branch)


def xun_gu_xu(cycle_index: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """旬孤虛 of the 旬 holding `cycle_index`: 背 its two 空亡 branches, 擊 their opposites.

    > 用旬孤虛：甲子背戌亥擊辰巳，甲戌背申酉擊寅卯，甲申背午未擊子丑，甲午背辰巳擊戌亥，甲辰背寅卯擊申酉，
    > 甲寅背子丑擊午未。背者為孤，擊者為虛也。 (004_64097a01f3826baf.txt)
    """
    gu = kong_wang(cycle_index)
    return gu, (chong(gu[0]), chong(gu[1]))


def choose_by_size(size: int) -> str:
    """Which 孤虛 an army of `size` people uses: "hour" below ten thousand, "day" from it.

    > 一人已上用時孤虛，萬人已上用日（一作月）孤虛。 (004_64097a01f3826baf.txt)

    Open question: the variant 月孤虛 (一作月) is defined nowhere in the text; not used.
    """
    if size < 1:
        raise BadInput(f"army size must be at least 1: {size}")
    return "day" if size >= DAY_GUXU_FROM else "hour"


def po_of(jian: int) -> int:
    """破 of a 建: the branch opposite.

    > 若復逼迫，不得用孤虛之位，背建向破。假令卯為建，則酉為破是也。 (004_64097a01f3826baf.txt)

    The 建 used is the month's (月建); the text also says "須觀年月所建", which
    leaves the year's 建 possible — open question, the month's is taken.
    """
    return chong(jian)


def gu_xu_set(day: int, hour_branch: int, size: int | None = None) -> GuXuSet:
    """The three 孤虛 for a day (cycle position) and hour branch; `size` picks hour or day.

    > 一人已上用時孤虛，萬人已上用日（一作月）孤虛。日內如或賊不在虛上，我已得其便地，即用旬孤虛。
    > (004_64097a01f3826baf.txt)
    """
    dg, dx = ri_gu_xu(day % 12)
    hg, hx = shi_gu_xu(hour_branch)
    (g1, g2), (x1, x2) = xun_gu_xu(day)
    return GuXuSet(
        hour=GuXu(BRANCHES[hg], BRANCHES[hx]),
        day=GuXu(BRANCHES[dg], BRANCHES[dx]),
        xun=XunGuXu((BRANCHES[g1], BRANCHES[g2]), (BRANCHES[x1], BRANCHES[x2])),
        chosen=None if size is None else choose_by_size(size),
        size=size,
    )


def bei_jian_xiang_po(month_branch: int) -> BeiJianXiangPo:
    """背建向破 for the month's 建.

    > 若復逼迫，不得用孤虛之位，背建向破。假令卯為建，則酉為破是也。 (004_64097a01f3826baf.txt)

    The 建 is the month's (open question, see po_of).
    """
    return BeiJianXiangPo(BRANCHES[month_branch % 12], BRANCHES[po_of(month_branch)])
