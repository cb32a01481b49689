"""直辰 (建除), 天三門, 地四戶, 天馬, 地私門, 亭亭 and 白奸, 十干神名 — and the 三氏 variants.

More precisely: the emergency directions of 000_4b5dcee18d5e7425.txt ("急則從神之法"),
each a small rule on branches: the 月將 (地將 of the 中氣), the hour, the 月建 (of
the 節) and, for 私門, the 天將 of the day.  A direction is always an *earth*
branch: the place beneath a heaven branch once the plate is turned.  The
variants 000 records only to reject (三氏 地戶時, 月建天馬, 三氏 白奸, 日月亭亭)
are here as well, named as such.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..calendar.branchplate import earth_under, heaven_plate, shift
from ..calendar.compass import palace_of
from ..calendar.ganzhi import BRANCHES, month_number
from ..errors import BadInput
from ..qimen.names import JI_DOORS, JIANCHU, SAN_QI, SHI_GAN_SHEN_PAIRS
from ..records import frozen

B_ZI, B_YIN, B_MAO, B_CHEN, B_SI, B_WU, B_WEI, B_SHEN, B_YOU, B_XU, B_HAI = 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11

# --- 直辰 (建除) ---------------------------------------------------------------------

def jianchu_officer(day_branch: int, month_branch: int) -> str:
    """The 建除 officer of a day: 建 on the 月建's branch, the rest forwards.

    > 如正月立春後，斗柄建寅，即用寅為月建，本月內凡寅日，即以建加之，則建寅加卯，滿辰、平巳、
    > 定午、執未、破申、危酉、成戌、收亥、開子、閉丑，各直其日之辰矣，餘月類推。 (000_4b5dcee18d5e7425.txt)

    "建寅加卯" is read 建寅、除卯 (除 is the one officer the list leaves out).
    """
    return JIANCHU[(day_branch - month_branch) % 12]


def jianchu_row(month_branch: int) -> tuple[tuple[str, int], ...]:
    """The month's 建除 row: (officer, branch) from 建 on the 月建 to 閉.

    > 直辰者，建、除、滿、平、定、執、破、危、成、收、開、閉也。以其逐月隨斗所建，分直月內日辰，故曰直辰。
    > 如正月立春後，斗柄建寅，即用寅為月建，本月內凡寅日，即以建加之，則建寅加卯，滿辰 … 閉丑
    > (000_4b5dcee18d5e7425.txt)
    """
    return tuple((name, (month_branch + k) % 12) for k, name in enumerate(JIANCHU))


# --- 天三門 地四戶 天馬 ----------------------------------------------------------------

#: The 三門 as 地將 names and their branches: 太沖卯 小吉未 從魁酉.
#:
#: > 三門者，太沖、小吉、從魁也。 (000_4b5dcee18d5e7425.txt)
TIAN_MEN: tuple[tuple[str, int], ...] = (("太沖", B_MAO), ("小吉", B_WEI), ("從魁", B_YOU))

#: The 四戶 as 建除 officers, in the text's order.
#:
#: > 四戶者，除、危、定、開也。 (000_4b5dcee18d5e7425.txt)
DI_HU: tuple[str, ...] = ("除", "危", "定", "開")


def tian_men(yue_jiang: int, hour_branch: int) -> dict[str, int]:
    """天三門: the earth branches beneath 太沖, 小吉 and 從魁 with 月將加正時.

    > 凡急難時，不及擇奇門，以月將、月建加正時，視三將四建之下，為天門、地戶，乘其方去，百惡不能害。
    > (000_4b5dcee18d5e7425.txt)
    """
    s = shift(yue_jiang, hour_branch)
    return {name: earth_under(s, branch) for name, branch in TIAN_MEN}


def di_hu(month_branch: int, hour_branch: int) -> dict[str, int]:
    """地四戶: the earth branches beneath 除, 危, 定 and 開 when the 月建 (建) is put on the hour.

    > 以月將、月建加正時，視三將四建之下，為天門、地戶 (000_4b5dcee18d5e7425.txt)

    The 建除 row of the month turns with its 建 on the hour, so each officer lands
    a fixed distance from the hour (除 +1, 定 +4, 危 +7, 開 +10) whatever the month.
    """
    s = shift(month_branch, hour_branch)
    row = dict(jianchu_row(month_branch))
    return {name: earth_under(s, row[name]) for name in DI_HU}


def tian_ma(yue_jiang: int, month_branch: int) -> int:
    """天馬 (太沖天馬): the earth branch beneath 太沖 (卯) when the 月將 is put on the 月建.

    > 天馬者，房日兔也。房為天駟，故曰天馬。兔隸卯，卯為太沖，每月太沖下天馬方。又曰太沖天馬，
    > 凡急難時，不及擇奇門，以月將加月建，視太沖所臨之下，乘其方去 (000_4b5dcee18d5e7425.txt)
    """
    return earth_under(shift(yue_jiang, month_branch), B_MAO)


# --- 地私門 ------------------------------------------------------------------------

#: The three 天將 of the 私門, in the text's order.
#:
#: > 私門者，太陰、六合、太常所臨之方也。 (000_4b5dcee18d5e7425.txt)
SI_MEN: tuple[str, ...] = ("太陰", "六合", "太常")

#: The 三吉門 and the 三奇 of 奇門 (one home: qimen/names.py).
JI_MEN: tuple[str, ...] = JI_DOORS


def si_men(generals_earth: Mapping[str, int]) -> dict[str, int]:
    """地私門: the earth branches beneath 太陰, 六合 and 太常 (`generals_earth`: general → earth branch).

    > 然後視三神所臨之下，即地私門方。以地盤定其方，故曰地私門。 (000_4b5dcee18d5e7425.txt)
    """
    return {name: generals_earth[name] for name in SI_MEN}


@frozen
class SiMenQimen:
    """One 私門 direction against the cast 奇門 chart."""

    general: str
    earth_branch: str
    palace: int
    door: str | None
    ji_men: bool
    san_qi: tuple[str, ...] | None
    qi_men: bool | None


def si_men_qimen(
    si_men_branches: Mapping[str, int],
    doors: Mapping[int, str | None],
    heaven_stems: Mapping[int, Sequence[str]] | None = None,
) -> tuple[SiMenQimen, ...]:
    """Whether a 奇門 吉門 of the cast chart falls in a 私門 direction.

    `doors` maps palace number (1–9) → the door in it (None for the centre in 轉盤);
    `heaven_stems` optionally maps palace → its heaven-plate stems, to see whether
    a 三奇 rides with the door.  For each 私門: `ji_men` when the door is 開 休 or
    生; `san_qi` the 三奇 among the heaven stems and `qi_men` when a 吉門 and a 奇
    meet there (both None without stems).  The direction's palace is the 八卦 sector
    of its earth branch (compass.palace_of).

    > 私門之方，更得奇門湊合，百事乘之大吉。 (000_4b5dcee18d5e7425.txt)

    Open question: 奇門 here may mean a 吉門 alone or 吉門合三奇 (003's wording); both
    are reported.
    """
    out = []
    for name, branch in si_men_branches.items():
        palace = palace_of(branch)
        door = doors.get(palace)
        qi = None if heaven_stems is None else tuple(s for s in heaven_stems.get(palace, ()) if s in SAN_QI)
        ji = door in JI_MEN
        out.append(SiMenQimen(name, BRANCHES[branch], palace, door, ji, qi, None if qi is None else (ji and bool(qi))))
    return tuple(out)


# --- 亭亭 白奸 -----------------------------------------------------------------------

#: The three 白奸 candidates as 地將 names and branches: 功曹寅 勝光午 天魁戌.
BAI_JIAN: tuple[tuple[str, int], ...] = (("功曹", B_YIN), ("勝光", B_WU), ("天魁", B_XU))

#: The four 孟 (寅申巳亥).
MENG: frozenset[int] = frozenset({B_YIN, B_SHEN, B_SI, B_HAI})

#: Where the 白奸 stands for 合 and for 格.
#:
#: > 二神常合於巳亥，格於寅申。 (000_4b5dcee18d5e7425.txt)
HE_AT: frozenset[int] = frozenset({B_SI, B_HAI})
GE_AT: frozenset[int] = frozenset({B_YIN, B_SHEN})

#: Advice for 合, 格 and the other hours.
#:
#: > 將兵者合時宜戰，格時宜守，餘時皆背亭亭、擊白奸大勝。 (000_4b5dcee18d5e7425.txt)
ADVICE: Mapping[str | None, str] = {"合": "宜戰", "格": "宜守", None: "背亭亭、擊白奸"}


def ting_ting(yue_jiang: int, hour_branch: int) -> int:
    """亭亭: the earth branch beneath 神后 (子) with 月將加正時.

    > 亭亭者，天之貴神也 … 求神之法，以月將加正時，視神后所臨之下，為亭亭方 (000_4b5dcee18d5e7425.txt)
    """
    return earth_under(shift(yue_jiang, hour_branch), B_ZI)


def bai_jian(yue_jiang: int, hour_branch: int) -> tuple[str, int, int]:
    """白奸: the one of 功曹 勝光 天魁 (寅午戌) that stands on a 孟 (寅申巳亥) with 月將加正時.

    Returns (地將 name, heaven branch, earth branch).  On every plate exactly one
    of the three stands on a 孟 (they are four apart, the 孟 three apart).

    > 白奸者，天之奸神也。… 功曹、勝光、天魁臨孟辰為白奸方。 (000_4b5dcee18d5e7425.txt)
    """
    s = shift(yue_jiang, hour_branch)
    for name, branch in BAI_JIAN:
        earth = earth_under(s, branch)
        if earth in MENG:
            return name, branch, earth
    raise AssertionError("no 白奸 on a 孟: the plate is not a rotation")


def he_ge(bai_jian_earth: int) -> str | None:
    """合 when the 白奸 stands on 巳 or 亥, 格 on 寅 or 申 (None otherwise, which never happens).

    > 二神常合於巳亥，格於寅申。… 寅戌加巳亥，則亭奸互相合；寅戌加寅申，則亭奸互相格 (000_4b5dcee18d5e7425.txt)

    Read by the 白奸's place alone (docs/decisions.md);
    it gives the text's 子加巳 合, 子加亥 合, 子加寅 格 and the 寅戌 sentence, and it
    leaves no "餘時".  Open question: the text answers 子加巳 with "三神貪合，不能為奸，
    故宜守", though 合時宜戰; the rule sentence is followed (合 → 宜戰): 三神貪合 (寅午戌 on
    亥未卯) holds on every plate whose 白奸 is on 亥, two of which the text calls 合, so the
    example read as a rule would undo "合時宜戰" for half the 合 (docs/decisions.md).  "子加亥
    … 亭奸暨加其合神" is 子 on 亥 (寅's 合神) and 寅 on 丑 (子's): a 合, as given.
    """
    if bai_jian_earth in HE_AT:
        return "合"
    if bai_jian_earth in GE_AT:
        return "格"
    return None


def advice(relation: str | None) -> str:
    """合時宜戰，格時宜守，餘時皆背亭亭、擊白奸.

    > 二神常合於巳亥，格於寅申。將兵者合時宜戰，格時宜守，餘時皆背亭亭、擊白奸大勝。 (000_4b5dcee18d5e7425.txt)
    """
    return ADVICE[relation]


# --- 十干神名 ------------------------------------------------------------------------

#: Each stem's two names (one home: qimen/names.py).
SHI_GAN_SHEN: tuple[tuple[str, str], ...] = SHI_GAN_SHEN_PAIRS


# --- 三氏 variants (recorded by 000, rejected) ---------------------------------------

SANSHI_SOURCE = "三氏諸書 (recorded and rejected by 000_4b5dcee18d5e7425.txt)"


def sanshi_di_hu_shi(month_branch: int) -> tuple[int, ...]:
    """三氏 地戶時: the *hours* whose 建除 officer this month is 除 危 定 or 開.

    > 三氏諸書，以地戶用時建法，月建四孟，則四仲時為地戶；月建四仲，則四季時為地戶；月建四季，
    > 則四孟時為地戶，是用地戶時，而非用地戶方矣。 (000_4b5dcee18d5e7425.txt)
    """
    row = dict(jianchu_row(month_branch))
    return tuple(sorted(row[name] for name in DI_HU))


def sanshi_tian_ma(month_branch: int) -> int:
    """三氏 月建天馬: 子 on 辰 in 正月, on 巳 in 二月 …; the earth beneath the 月建.

    > 又以天馬用月建臨法，正月子起辰，二月子起巳順行，視每月月建下為天馬方，是月建天馬，
    > 而非太沖、天馬矣。 (000_4b5dcee18d5e7425.txt)

    Open question: the month is counted by the 月建 (節 month), not the lunar month.
    """
    return earth_under(shift(B_ZI, (B_CHEN + month_number(month_branch) - 1) % 12), month_branch)


def sanshi_bai_jian(yue_jiang: int, hour_branch: int) -> tuple[int, int]:
    """三氏 白奸: the 孟 heaven branch that stands on earth 寅, 午 or 戌 (heaven, earth).

    > 三氏諸書，以寅午戌上見孟神為白奸，白奸與亭亭對為格，合為囚，囚格之時，不利有為。
    > (000_4b5dcee18d5e7425.txt)
    """
    plate = heaven_plate(shift(yue_jiang, hour_branch))
    for earth in (B_YIN, B_WU, B_XU):
        if plate[earth] in MENG:
            return plate[earth], earth
    raise AssertionError("no 孟 on 寅午戌: the plate is not a rotation")


def sanshi_relation(ting_ting_earth: int, bai_jian_earth: int) -> str | None:
    """三氏: 白奸 opposite 亭亭 is 格, together with it is 囚 (合).

    > 白奸與亭亭對為格，合為囚 … 若以寅午戌上見孟神為白奸，不惟非白奸之義，且亦無格合之時矣！
    > (000_4b5dcee18d5e7425.txt)

    合 is read as "on the same place" (the Korean: 같은 위에 함께 있는 것); neither
    ever happens, which is the text's complaint.  Open question: read as 六合 of the
    two places, 囚 would fall at 子加未.
    """
    if (bai_jian_earth - ting_ting_earth) % 12 == 6:
        return "格"
    if bai_jian_earth == ting_ting_earth:
        return "囚"
    return None


#: 日亭亭 by the 三合局 of the day branch, as written (金局丑 breaks the pattern; kept).
#:
#: > 三氏又有日月亭亭法：正卯二神順行為月亭亭，火局亥，木局寅，水局巳，金局丑為日亭亭。
#: > (000_4b5dcee18d5e7425.txt)
RI_TING_TING: Mapping[str, tuple[frozenset[int], int]] = {
    "火局": (frozenset({B_YIN, B_WU, B_XU}), B_HAI),
    "木局": (frozenset({B_HAI, B_MAO, B_WEI}), B_YIN),
    "水局": (frozenset({B_SHEN, B_ZI, B_CHEN}), B_SI),
    "金局": (frozenset({B_SI, B_YOU, 1}), 1),
}


def yue_ting_ting(month_branch: int) -> int:
    """三氏 月亭亭: 卯 in 正月, one branch forwards each month (正卯 … 順行).

    > 三氏又有日月亭亭法：正卯二神順行為月亭亭 … 諸書亦間有之，姑存之以備博洽之考。
    > (000_4b5dcee18d5e7425.txt)

    Open question: the month is counted by the 月建, and "二神" is not modelled.
    """
    return (B_MAO + month_number(month_branch) - 1) % 12


def ri_ting_ting(day_branch: int) -> tuple[str, int]:
    """三氏 日亭亭: by the 三合局 of the day branch (火局亥 木局寅 水局巳 金局丑).

    > 三氏又有日月亭亭法 … 火局亥，木局寅，水局巳，金局丑為日亭亭。 (000_4b5dcee18d5e7425.txt)

    金局丑 breaks the pattern (火亥 木寅 水巳 would give 金申); kept as written, as in RI_TING_TING.
    """
    for ju, (members, branch) in RI_TING_TING.items():
        if day_branch in members:
            return ju, branch
    raise BadInput(f"not a branch: {day_branch}")

