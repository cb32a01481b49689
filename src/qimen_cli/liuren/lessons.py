"""四課: the four lessons of a day on a turned plate.

> 假令今甲子，先視甲上所見神為第一課，號曰日之陽。次視神本位上所見之神為第二課，號曰日之陰。
> 次視子上所見之神為第三課，號曰辰之陽。次視此神本位上所見之神為第四課，號曰辰之陰。此謂四課。
> 四課既畢，見有相剋，取以發課。 (004_64097a01f3826baf.txt)

"甲上" is the stem's 寄宮 (甲 lodges on 寅): 甲寅 乙辰 丙巳 丁未 戊巳 己未 庚申 辛戌 壬亥 癸丑.
The lower element of the first lesson is the stem itself (its own phase), not the 寄宮 branch:
004 says of 正月甲辰日 "甲日見登明，水木不相剋", comparing 登明 with 甲 (wood).  Open question:
the alternative (the 寄宮 branch as the lower element) differs on 乙丁戊辛癸 days; it would give
004's 四月戊辰日丑時 勝光 but turn its 二月丁巳日 example into a 涉害 case.
"""

from __future__ import annotations

from ..calendar.branchplate import heaven_over
from ..calendar.ganzhi import BRANCH_PHASE, STEM_PHASE, overcomes
from ..records import frozen
from .plate import JI_GONG

#: The names of the four lessons, in order.
LESSON_NAMES = ("日之陽", "日之陰", "辰之陽", "辰之陰")

#: Relation labels of one lesson.
XIA_KE_SHANG = "下克上"
SHANG_KE_XIA = "上克下"


@frozen
class Lesson:
    """One 課: the heaven branch `upper` over `lower`.

    `lower` is the day stem (index 0–9) for the first lesson and a branch (0–11) for the
    others; `lower_is_stem` says which.  `position` is the earth position the upper stands
    on (the 寄宮 for the first lesson).  `relation` is 下克上, 上克下 or None.
    """

    upper: int
    lower: int
    lower_is_stem: bool
    position: int
    relation: str | None


def relation(upper: int, lower: int, lower_is_stem: bool) -> str | None:
    """下克上 when the lower 剋 the upper, 上克下 when the upper 剋 the lower, else None.

    > 凡四課之內，上克下者，正月甲子日寅時用勝光是也。又有下克上者，二月丁巳日午時用從魁是也。
    > (004_64097a01f3826baf.txt)
    """
    up = BRANCH_PHASE[upper]
    low = STEM_PHASE[lower] if lower_is_stem else BRANCH_PHASE[lower]
    if overcomes(low, up):
        return XIA_KE_SHANG
    if overcomes(up, low):
        return SHANG_KE_XIA
    return None


def four_lessons(day: int, s: int) -> tuple[Lesson, Lesson, Lesson, Lesson]:
    """The 四課 of cycle day `day` on a plate turned by `s` (heaven over earth p = p + s).

    日之陽: the god over the stem's 寄宮, over the stem; 日之陰: the god over that god's own
    branch; 辰之陽: the god over the day branch; 辰之陰: the god over that god's branch.

    > 假令今甲子，先視甲上所見神為第一課，號曰日之陽。次視神本位上所見之神為第二課，號曰日之陰。
    > 次視子上所見之神為第三課，號曰辰之陽。次視此神本位上所見之神為第四課，號曰辰之陰。此謂四課。
    > (004_64097a01f3826baf.txt)

    "甲上" is read as the stem's 寄宮 (see the module docstring).
    """
    stem, branch = day % 10, day % 12
    g = JI_GONG[stem]
    u1 = heaven_over(s, g)
    u2 = heaven_over(s, u1)
    u3 = heaven_over(s, branch)
    u4 = heaven_over(s, u3)
    return (
        Lesson(u1, stem, True, g, relation(u1, stem, True)),
        Lesson(u2, u1, False, u1, relation(u2, u1, False)),
        Lesson(u3, branch, False, branch, relation(u3, branch, False)),
        Lesson(u4, u3, False, u3, relation(u4, u3, False)),
    )


def is_ba_zhuan(day: int) -> bool:
    """八專日: the stem's 寄宮 is the day's own branch (甲寅 庚申 己未 丁未 癸丑).

    > 何謂八專？甲寅、庚申、己未、丁未、癸丑辰同也。 (004_64097a01f3826baf.txt)
    """
    return JI_GONG[day % 10] == day % 12


def distinct_uppers(lessons) -> tuple[int, ...]:
    """The lessons' upper gods without repeats, in lesson order.

    A god stands on one earth position only, so two lessons with the same upper are the
    same 課 seen twice (八專 days: 一神臨二神); the count of distinct 課 is the count of these.

    > 假令正月甲寅日卯時，以月將加卯上寅上共見河魁，此謂一神臨二神。 (004_64097a01f3826baf.txt)
    """
    seen: list[int] = []
    for lesson in lessons:
        if lesson.upper not in seen:
            seen.append(lesson.upper)
    return tuple(seen)
