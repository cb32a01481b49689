"""虎鈐經's direction tables: 天目/地耳, 地兵, 雷公, 虎尾/黃幡, 遊門, the day's attack (五音: gucu/wuyin.py).

More precisely: the directions (branches on the ground, or trigrams for the day
rule) that 004 tells a commander to keep behind, face, avoid or strike from, by
旬, year, month and day of the month.  Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..calendar.branchplate import chong
from ..calendar.ganzhi import BRANCHES, xun_shou
from ..errors import BadInput
from ..records import frozen

# ---------------------------------------------------------------- by the 旬


def _xun_member_branch(cycle_index: int, stem: int) -> int:
    """Branch of the 干支 with stem `stem` in the 旬 of `cycle_index`."""
    return (xun_shou(cycle_index % 60) + stem) % 12


def tian_mu(cycle_index: int) -> int:
    """天目: the branch of the 旬's 庚 (甲子旬 庚午 → 午).

    > 黃帝曰：行兵要背天目，向地耳。甲子旬天目在庚午，地耳在戊辰 … 甲寅旬天目在庚申，地耳在戊午。
    > (004_64097a01f3826baf.txt)
    """
    return _xun_member_branch(cycle_index, 6)


def di_er(cycle_index: int) -> int:
    """地耳: the branch of the 旬's 戊 (甲子旬 戊辰 → 辰); face it, with 天目 behind.

    > 行兵要背天目，向地耳。甲子旬 … 地耳在戊辰。 (004_64097a01f3826baf.txt)
    """
    return _xun_member_branch(cycle_index, 4)


def di_bing(cycle_index: int) -> int:
    """地兵: the branch of the 旬's 丙 (六丙); not to be faced.

    > （愚謂地兵者六丙耳…）太公曰：凡行兵向陣，勿可犯地兵 … 甲子旬地兵在寅 … 甲寅旬地兵在辰。
    > (004_64097a01f3826baf.txt)
    """
    return _xun_member_branch(cycle_index, 2)


def lei_gong(cycle_index: int) -> int:
    """雷公: the branch of the 旬's 庚 (六庚); no camp or line there.

    > （雷公者六庚耳…）… 若出軍布陣立營，則雷之所處，慎不可犯之 … 甲子旬六庚在午 … 甲寅旬六庚在申。
    > (004_64097a01f3826baf.txt)
    """
    return _xun_member_branch(cycle_index, 6)


# ---------------------------------------------------------------- by the year

#: 黃幡 of the eight years the text lists (year branch → 黃幡 branch); 虎尾 faces it.
#: > 凡戰背虎尾，向黃幡，吉。午戌歲黃幡在戌，虎尾在辰；子辰歲黃幡在辰，虎尾在戌；卯未歲黃幡在未，
#: > 虎尾在丑；酉丑歲黃幡在丑，虎尾在未也。 (004_64097a01f3826baf.txt)
HUANG_FAN_TEXT = {6: 10, 10: 10, 0: 4, 4: 4, 3: 7, 7: 7, 9: 1, 1: 1}

#: The four years the text leaves out, filled by the pattern of the eight it lists:
#: 黃幡 is the 墓 (last branch) of the year's 三合 (寅午戌 → 戌, 申子辰 → 辰, 亥卯未 → 未, 巳酉丑 → 丑).
HUANG_FAN_EXTRAPOLATED = {2: 10, 8: 4, 11: 7, 5: 1}


@frozen
class HuWeiHuangFan:
    """虎尾 (keep behind) and 黃幡 (face) of a year; `extrapolated` for 寅申巳亥 years."""

    hu_wei: str
    huang_fan: str
    extrapolated: bool


def hu_wei_huang_fan(year_branch: int) -> HuWeiHuangFan:
    """虎尾 and 黃幡 of the year: the text's eight years, the other four extrapolated.

    > 凡戰背虎尾，向黃幡，吉。午戌歲黃幡在戌，虎尾在辰；子辰歲黃幡在辰，虎尾在戌；卯未歲黃幡在未，
    > 虎尾在丑；酉丑歲黃幡在丑，虎尾在未也。 (004_64097a01f3826baf.txt)

    Open question: the text lists 午戌 子辰 卯未 酉丑 years only; for 寅 申 巳 亥 years the
    result follows the 三合 pattern of the listed ones and is marked extrapolated.
    """
    b = year_branch % 12
    extrapolated = b not in HUANG_FAN_TEXT
    fan = HUANG_FAN_EXTRAPOLATED[b] if extrapolated else HUANG_FAN_TEXT[b]
    return HuWeiHuangFan(BRANCHES[chong(fan)], BRANCHES[fan], extrapolated)


# ---------------------------------------------------------------- by the month


@frozen
class YouMen:
    """遊門 of the month: `tian_men` (go out by it) and `bai_si` (百死, shun it)."""

    tian_men: str
    bai_si: str


def you_men(month: int) -> YouMen:
    """遊門: 天門 starts at 申 in 正月 and moves one branch a month; 百死 is the next branch.

    > 出兵攻敵，常須遊門。正月天門在申，百死在酉。二月天門在酉，百死在戌 … 十二月天門在未，百死在申。
    > (004_64097a01f3826baf.txt)
    """
    if not 1 <= month <= 12:
        raise BadInput(f"month must be 1–12: {month}")
    men = (8 + month - 1) % 12
    return YouMen(BRANCHES[men], BRANCHES[(men + 1) % 12])


# ---------------------------------------------------------------- by the day of the month

#: Day of the month mod 10 → (trigram to attack from, trigram to strike).
#: > 一日從艮擊坤，二日從震擊兌，三日從巽擊乾，四日從離擊坎，五日從坤擊艮，六日從兌擊震，七日從乾擊巽，
#: > 八日從坎擊離。一日、十一、二十一日同前例擊之，每到十日、二十、三十日，並軍忌，不可用之。
#: > (004_64097a01f3826baf.txt)
ATTACK_BY_DAY = {1: ("艮", "坤"), 2: ("震", "兌"), 3: ("巽", "乾"), 4: ("離", "坎"),
                 5: ("坤", "艮"), 6: ("兌", "震"), 7: ("乾", "巽"), 8: ("坎", "離")}

REASON_JUN_JI = "軍忌 (十日、二十日、三十日，不可用之)"
REASON_NO_RULE = "the text gives no direction for days 9, 19, 29"
REASON_BEYOND = "the text's months end at 三十日 (a solar month's 31st or 32nd day has no rule)"


@frozen
class Attack:
    """The day's attack: from trigram `from_` (JSON "from") strike trigram `to`; or a reason why none."""

    from_: str | None
    to: str | None
    day: int
    reason: str | None


def attack_of_day(day: int) -> Attack:
    """Attack direction of the day of the month (1–30): a 10-day cycle, 10/20/30 軍忌.

    > 一日從艮擊坤，二日從震擊兌，三日從巽擊乾，四日從離擊坎，五日從坤擊艮，六日從兌擊震，七日從乾擊巽，
    > 八日從坎擊離。一日、十一、二十一日同前例擊之，每到十日、二十、三十日，並軍忌，不可用之。
    > (004_64097a01f3826baf.txt)

    "一日、十一、二十一日同前例" is read as: days alike mod 10.  Days 9, 19 and 29 have
    no rule in the text; none is invented (Open question: the text is silent on them).
    Days past 30 (solar months under the 節 basis) have no rule either.
    """
    if day < 1:
        raise BadInput(f"day of the month must be at least 1: {day}")
    if day > 30:
        return Attack(None, None, day, REASON_BEYOND)
    r = day % 10
    if r == 0:
        return Attack(None, None, day, REASON_JUN_JI)
    if r == 9:
        return Attack(None, None, day, REASON_NO_RULE)
    a, b = ATTACK_BY_DAY[r]
    return Attack(a, b, day, None)
