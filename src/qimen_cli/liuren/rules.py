"""The registry's records of liuren's rules (`artrule.ArtRule`): how the 三傳 were found
(transmissions.py: the JSON's `rule`, the rule that decided, and `labels`, every rule that
holds on the lesson).  Source: 004_64097a01f3826baf.txt; 別責, 元首 and 重審 are standard
names the texts do not state (no source).
"""

from __future__ import annotations

from ..artrule import YES_NO, ArtRule, check
from .transmissions import LABEL_ORDER

SOURCE = "004_64097a01f3826baf.txt"

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


def _rule(name: str, summary: str, reads: str, text: str | None) -> ArtRule:
    line, quote = TEXTS.get(text, (None, "")) if text else (None, "")
    return ArtRule("liuren", name, "", YES_NO, SOURCE if line else "", line, quote, summary, reads)


RULES: tuple[ArtRule, ...] = check((
    *(_rule(r, f"三傳 found by {r}", f"rule={r}", r) for r in DECIDING),
    *(_rule(f"有{lab}", f"{lab} holds on the lesson, whether or not it decided", f"labels={lab}", lab) for lab in LABEL_ORDER),
    _rule("元首", "元首課: 賊剋 decided by a single 上克下, no 下克上 (standard name, not from the text)",
          "rule=賊剋 & labels=上克下 & labels!=下克上", None),
    _rule("重審", "重審課: 賊剋 decided by a single 下克上 (下賊上) (standard name, not from the text)",
          "rule=賊剋 & labels=下克上", None),
))
