"""The registry's records of liuren's rules (`artrule.ArtRule`): how the 三傳 were found
(transmissions.py: the JSON's `rule`, the rule that decided, and `labels`, every rule that
holds on the lesson), 集靈經 on using the board (jiling.py: the JSON's `jiling`) and 天罡 on the
gates (gucu/tiangang.py: the JSON's `tian_gang`).  Source: 004_64097a01f3826baf.txt; 別責, 元首
and 重審 are standard names the texts do not state (no source).
"""

from __future__ import annotations

from ..artrule import SHOWS_NAME, YES_NO, ArtRule, check
from ..texts import SOURCE_004 as SOURCE
from .transmissions import LABEL_ORDER

#: rule name → (line, the text's words); 別責 has none (a standard rule).
TEXTS: dict[str, tuple[int, str]] = {
    "伏吟": (167, "自有伏吟時，剛日用日上神，柔日用辰上神，皆前刑而後克，前破而後沖，以為三傳。"),
    "反吟": (171, "自有反吟時，剛日以日（一作月）沖為用，柔日以辰沖為用，皆載沖而後刑，為三傳。"),
    "賊剋": (139, "四課既畢，見有相剋，取以發課。"),
    "上克下": (143, "凡四課之內，上克下者，正月甲子日寅時用勝光是也。"),
    "下克上": (143, "又有下克上者，二月丁巳日午時用從魁是也。"),
    "比用": (143, "自兩上克下以此為用，三月庚午日河魁是也。"),
    "涉害": (143, "自有涉害俱深以先見者為用，五月己酉日戌時用勝光是也。"),
    "遙剋": (147, "自有上下俱不相剋，以遙相剋為用。"),
    "昴星": (155, "四課者自有無遙相剋者，當以仰伏視之，此法為用。"),
    "八專": (155, "自有八專日。"),
}
#: The rules that can decide the 三傳 (the JSON's `rule`); the labels of the lesson are LABEL_ORDER.
DECIDING = ("伏吟", "反吟", "賊剋", "比用", "涉害", "八專", "遙剋", "昴星", "別責")


def _rule(name: str, summary: str, reads: str, text: str | None, shows: str = "") -> ArtRule:
    line, quote = TEXTS.get(text, (None, "")) if text else (None, "")
    return ArtRule("liuren", name, "", YES_NO, SOURCE if line else "", line, quote, summary, reads, shows=shows)


RULES: tuple[ArtRule, ...] = check((
    *(_rule(r, f"三傳 found by {r}", f"rule={r}", r) for r in DECIDING),
    *(_rule(f"有{lab}", f"{lab} holds on the lesson, whether or not it decided", f"labels={lab}", lab) for lab in LABEL_ORDER),
    _rule("元首", "元首課: 賊剋 decided by a single 上克下, no 下克上 (standard name, not from the text)",
          "rule=賊剋 & labels=上克下 & labels!=下克上", None, SHOWS_NAME),
    _rule("重審", "重審課: 賊剋 decided by a single 下克上 (下賊上) (standard name, not from the text)",
          "rule=賊剋 & labels=下克上", None, SHOWS_NAME),
    # 集靈經 (jiling.py)
    ArtRule("liuren", "不可占", "凶", YES_NO, SOURCE, 179,
            "說曰：甲乙日日入時，丙丁日夜半時，戊己日平旦時，庚申日巳時，壬癸日晡時（已上不可占也）。",
            "集靈經: the hour is the day stem's 不可占 hour (甲乙 酉, 丙丁 子, 戊己 寅, 庚辛 巳, 壬癸 申)",
            "jiling.forbidden=true", shows="jiling.forbidden_hour"),
    ArtRule("liuren", "向建", "忌", YES_NO, SOURCE, 179, "用式之時，朝向南，暮向北，避歲月二建。",
            "集靈經: the way to face (南 by day, 北 by night) is the year's or the month's 建", "jiling.faces_jian=true",
            shows="jiling.face"),
    ArtRule("liuren", "天罡加之", "", YES_NO, SOURCE, 179,
            "一云：正月、五月、九月卯，二月、六月、十月子，三月、七月、十一月酉，四月、八月、十二月丑。已上以天罡加之，增減式法。",
            "集靈經 一云: 天罡 stands on the month's branch (正五九 卯, 二六十 子, 三七十一 酉, 四八十二 丑; months of the 月建)",
            "jiling.tian_gang_on_month=true", shows="jiling.tian_gang_month"),
    # 天罡 on the gates (gucu/tiangang.py)
    *(ArtRule("liuren", f"天罡加{g}", "宜", YES_NO, SOURCE, 63, quote,
              f"天罡 (heaven's 辰) stands on {g}{place}", f"tian_gang.gate={g}", shows="tian_gang.on")
      for g, place, quote in (
          ("地戶", " (巳: standard, not from the text; --tian-men youmen has none, sanmen 000's 地四戶)",
           "凡在所用，以天罡加地戶，可以入山林，設伏兵。"),
          ("天門", " (亥: standard, not from the text; --tian-men youmen 004's 遊門 天門, sanmen 000's 天三門)",
           "以天罡加天門，可以攻敵。"),
          ("酉", "", "以天罡加酉，隨便伏匿，可以探敵事，他人不覺知。"))),
))
