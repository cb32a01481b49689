"""The registry's records of the twelve-gods' and the noble's rules (`artrule.ArtRule`): one
entry a rule, next to the engine functions that fill the JSON keys they read (twelve.py,
report.py).  Verdicts as 000 says: the 急則從神 directions one goes out by 吉 (乘其方去，百惡不能害),
背亭亭 擊白奸 宜, 合時宜戰 格時宜守 宜.  Source: 000_4b5dcee18d5e7425.txt.
"""

from __future__ import annotations

from functools import partial

from ..artrule import DAY, DIRECTION, VALUE, YES_NO, ArtRule, check
from ..calendar.ganzhi import BRANCHES
from ..qimen.names import JIANCHU
from ..texts import SOURCE_000 as SOURCE

_MEN = "三門者，太沖、小吉、從魁也。四戶者，除、危、定、開也。凡急難時，不及擇奇門，以月將、月建加正時，視三將四建之下，為天門、地戶，乘其方去，百惡不能害。"
_HE_GE = "二神常合於巳亥，格於寅申。將兵者合時宜戰，格時宜守，餘時皆背亭亭、擊白奸大勝。"
_TING = "亭亭者，天之貴神也；白奸者，天之奸神也。求神之法，以月將加正時，視神后所臨之下，為亭亭方；功曹、勝光、天魁臨孟辰為白奸方。" + _HE_GE
_JIANCHU = "直辰者，建、除、滿、平、定、執、破、危、成、收、開、閉也。"
_SI_MEN = "私門之方，更得奇門湊合，百事乘之大吉。"


def _rule(art, name, verdict, kind, line, quote, summary, reads, domain=(), scope="hour", shows=""):
    return ArtRule(art, name, verdict, kind, SOURCE, line, quote, summary, reads, domain, scope, shows)


_twelve = partial(_rule, "twelve-gods")
_noble = partial(_rule, "noble")


TWELVE_GODS_RULES: tuple[ArtRule, ...] = check((
    _twelve("天三門", "吉", DIRECTION, 43, _MEN, "the earth branches beneath 太沖 小吉 從魁 (月將加正時)",
            "directions.tian_men.*", tuple(BRANCHES)),
    _twelve("地四戶", "吉", DIRECTION, 43, _MEN, "the earth branches beneath 除 危 定 開 (月建加正時)",
            "directions.di_hu.*", tuple(BRANCHES)),
    _twelve("天馬", "吉", DIRECTION, 47, "又曰太沖天馬，凡急難時，不及擇奇門，以月將加月建，視太沖所臨之下，乘其方去，凶惡不能侵",
            "the earth branch beneath 太沖 (月將加月建)", "directions.tian_ma", tuple(BRANCHES)),
    _twelve("地私門", "", DIRECTION, 51, "私門者，太陰、六合、太常所臨之方也。",
            "the earth branches beneath 太陰 六合 太常 (the 天將 of the day)", "directions.si_men.*", tuple(BRANCHES)),
    _twelve("亭亭", "宜", DIRECTION, 63, _TING, "亭亭 (keep it behind): the earth branch beneath 神后 (月將加正時)",
            "directions.ting_ting", tuple(BRANCHES)),
    _twelve("白奸", "宜", DIRECTION, 63, _TING, "白奸 (strike it): the 孟 that 功曹 勝光 or 天魁 stands on",
            "directions.bai_jian.*", tuple(BRANCHES)),
    _twelve("合", "宜", YES_NO, 63, _HE_GE, "the treacherous spirit stands on 巳 or 亥 (亭奸 合): 宜戰", "directions.he_ge=合"),
    _twelve("格", "宜", YES_NO, 63, _HE_GE, "the treacherous spirit stands on 寅 or 申 (亭奸 格): 宜守", "directions.he_ge=格"),
    _twelve("直辰", "", VALUE, 39, _JIANCHU, "the 直辰 (建除 officer) of the day", "jianchu.officer", tuple(JIANCHU),
            DAY),
    *(_twelve(o, "", YES_NO, 39, _JIANCHU, f"the 直辰 (建除 officer) of the day is {o}", f"jianchu.officer={o}", scope=DAY)
      for o in JIANCHU),
))

NOBLE_RULES: tuple[ArtRule, ...] = check((
    _noble("地私門", "", DIRECTION, 51, "私門者，太陰、六合、太常所臨之方也。",
           "the earth branches beneath 太陰 六合 太常 (地私門)", "si_men.*", tuple(BRANCHES)),
    _noble("私門吉門", "吉", YES_NO, 51, _SI_MEN,
           "a 地私門 general (太陰 六合 太常) stands on a palace whose 奇門 door is 開 休 生", "si_men_qimen.ji_men=true",
           shows="si_men_qimen[ji_men] {general}{earth_branch} {door}"),
    _noble("私門奇門", "吉", YES_NO, 51, _SI_MEN, "a 地私門 palace has both a 吉門 and a 三奇",
           "si_men_qimen.qi_men=true", shows="si_men_qimen[qi_men] {general}{earth_branch} {door}"),
))
