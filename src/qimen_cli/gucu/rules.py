"""The registry's records of gucu's rules (`artrule.ArtRule`): one entry a rule, next to the
engine functions that fill the JSON keys they read (guxu.py, directions.py, days.py,
tiangang.py, wuyin.py).  Verdicts as 004 says: 背/向/擊 a direction is 宜, 勿犯 忌, 不可出軍 凶.
Source: 004_64097a01f3826baf.txt.
"""

from __future__ import annotations

from ..artrule import DAY, DIRECTION, YES_NO, ArtRule, check
from ..calendar.ganzhi import BRANCHES
from ..texts import SOURCE_004 as SOURCE

#: The eight trigrams, the directions of the day's attack (directions.ATTACK_BY_DAY).
TRIGRAMS = tuple("乾坎艮震巽離坤兌")
ART = "gucu"
#: What 孤 and 虛 are for, said of all three (時 日 旬; the tables are lines 23 and 27).
_GU_XU = "背者為孤，擊者為虛也。"


def _r(name, verdict, kind, line, quote, summary, reads, domain=(), scope="hour"):
    return ArtRule(ART, name, verdict, kind, SOURCE, line, quote, summary, reads, domain, scope)


def _b(name, verdict, line, quote, summary, reads, scope=DAY):
    """A rule that gives a direction on the ground, named by its branch."""
    return _r(name, verdict, DIRECTION, line, quote, summary, reads, tuple(BRANCHES), scope)


RULES: tuple[ArtRule, ...] = check((
    # 孤虛 (guxu.py)
    _b("時孤", "宜", 27, _GU_XU, "the hour's 孤 (keep it behind): one branch before the hour's",
       "gu_xu.hour.gu", scope="hour"),
    _b("時虛", "宜", 27, _GU_XU, "the hour's 虛 (strike it): opposite the hour's 孤",
       "gu_xu.hour.xu", scope="hour"),
    _b("日孤", "宜", 27, _GU_XU, "the day's 孤 (keep it behind): one branch before the day's",
       "gu_xu.day.gu"),
    _b("日虛", "宜", 27, _GU_XU, "the day's 虛 (strike it): opposite the day's 孤",
       "gu_xu.day.xu"),
    _b("旬孤", "宜", 27, "用旬孤虛：甲子背戌亥擊辰巳", "the 旬's two 孤 (keep them behind): its 空亡 branches",
       "gu_xu.xun.gu"),
    _b("旬虛", "宜", 27, "用旬孤虛：甲子背戌亥擊辰巳", "the 旬's two 虛 (strike them): opposite its 空亡",
       "gu_xu.xun.xu"),
    _b("背建", "宜", 19, "若復逼迫，不得用孤虛之位，背建向破。假令卯為建，則酉為破是也。",
       "the month's 建 (keep it behind when no 孤虛 can be used)", "bei_jian_xiang_po.jian"),
    _b("向破", "宜", 19, "若復逼迫，不得用孤虛之位，背建向破。假令卯為建，則酉為破是也。",
       "the month's 破 (face it): opposite its 建", "bei_jian_xiang_po.po"),
    # 虎鈐經's directions (directions.py)
    _b("天目", "宜", 35, "黃帝曰：行兵要背天目，向地耳。", "天目 (keep it behind): the branch of the 旬's 庚", "tian_mu"),
    _b("地耳", "宜", 35, "黃帝曰：行兵要背天目，向地耳。", "地耳 (face it): the branch of the 旬's 戊", "di_er"),
    _b("地兵", "忌", 43, "凡行兵向陣，勿可犯地兵，將軍忌之。", "地兵 (do not face it): the branch of the 旬's 丙", "di_bing"),
    _b("雷公", "忌", 83, "若出軍布陣立營，則雷之所處，慎不可犯之，主敗軍殺將也。",
       "雷公 (no camp or line there): the branch of the 旬's 庚", "lei_gong"),
    _b("虎尾", "吉", 47, "凡戰背虎尾，向黃幡，吉。", "虎尾 of the year (keep it behind): opposite its 黃幡", "hu_wei"),
    _b("黃幡", "吉", 47, "凡戰背虎尾，向黃幡，吉。", "黃幡 of the year (face it): the 墓 of its 三合", "huang_fan"),
    _b("遊門", "宜", 51, "出兵攻敵，常須遊門。正月天門在申，百死在酉。",
       "the month's 遊門 天門 (go out by it): 申 in 正月, one branch on each month", "you_men.tian_men"),
    _b("百死", "", 51, "出兵攻敵，常須遊門。正月天門在申，百死在酉。",
       "the month's 百死: the branch after its 遊門", "you_men.bai_si"),
    _r("從方", "宜", DIRECTION, 55, "一日從艮擊坤，二日從震擊兌", "the trigram to attack from on this day of the month",
       "attack.from", TRIGRAMS, DAY),
    _r("擊方", "宜", DIRECTION, 55, "一日從艮擊坤，二日從震擊兌", "the trigram to strike on this day of the month",
       "attack.to", TRIGRAMS, DAY),
    # 五音 (wuyin.py): with --tone only
    *(_b(f"五音{word}", verdict, 59, quote, f"the army's 五音 {word} (with --tone)", f"wu_yin.{key}")
      for word, key, verdict, quote in (
          ("德", "de", "", "角德在巳，陽子陰午，生氣卯，死酉，刑禍申。"),
          ("陽", "yang", "宜", "以生氣擊死氣，以陰擊陽。"),
          ("陰", "yin", "宜", "以生氣擊死氣，以陰擊陽。"),
          ("生氣", "sheng_qi", "宜", "以生氣擊死氣，以陰擊陽。"),
          ("死氣", "si_qi", "宜", "以生氣擊死氣，以陰擊陽。"),
          ("刑禍", "xing_huo", "", "角德在巳，陽子陰午，生氣卯，死酉，刑禍申。"),
      )),
    # 出軍日 (days.py)
    _r("往亡", "凶", YES_NO, 11, "一說雲，天門日亦謂之往亡，不可出軍", "the day is 往亡 for 出軍",
       "chu_jun.wang_wang=true", scope=DAY),
    _r("六窮", "凶", YES_NO, 7, "一說雲，六窮日不可出軍：初九、十九、二十八。", "the day is 六窮 (9th, 19th, 28th)",
       "chu_jun.liu_qiong=true", scope=DAY),
    _r("軍忌", "凶", YES_NO, 55, "每到十日、二十、三十日，並軍忌，不可用之。", "the day is 軍忌 (10th, 20th, 30th)",
       "chu_jun.jun_ji=true", scope=DAY),
    _r("出軍吉日", "吉", YES_NO, 3, "又曰：十二月中各有出軍吉凶日。", "the day is on its month's list of good days to send out troops",
       "chu_jun.in_ji_ri=true", scope=DAY),
    _r("天乙絕氣", "凶", YES_NO, 7, "一說雲，天乙絕氣日，不可出軍攻戰",
       "the day is 天乙絕氣 (a reconstruction: day = month + 5, see tian_yi_note)", "chu_jun.tian_yi_jue_qi=true",
       scope=DAY),
))
