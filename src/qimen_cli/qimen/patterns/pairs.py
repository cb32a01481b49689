"""The stem-pair patterns of 000_4b5dcee18d5e7425.txt: 勃格, 反首, 刑, 破, 奇格, 二吉, 四凶.

"X加Y" = heaven stem X over earth stem Y in one palace (see ``patterns/__init__.py``); no pair
is 加 at a 六甲 hour (`core.at_rest`, in `_pair_rule`).
"""

from __future__ import annotations

from ...texts import SOURCE_000
from ..plates import Plate
from .core import JI, NEUTRAL, XIONG, Pattern, _both_ways, _pair_rule, _view, rule, tai_yin_qi_men

BO_GE = (
    ("丙", "庚", "勃飛", "伏干", XIONG),
    ("庚", "丙", "勃伏", "飛干", XIONG),
    ("庚", "甲", "格飛", "伏干", XIONG),
    ("甲", "庚", "格伏", "飛干", XIONG),
)


@rule("勃飛", "勃伏", "格飛", "格伏", verdict=XIONG, source=SOURCE_000, line=87)
def bo_ge(plate: Plate) -> list[Pattern] | None:
    """勃飛 丙加庚, 勃伏 庚加丙, 格飛 庚加甲, 格伏 甲加庚.

    > 丙為勃，凡丙加庚為勃飛，亦名伏干；庚加丙為勃伏，亦名飛干。 … 庚為格，凡庚加甲為格飛，亦名伏干；
    > 甲加庚為格伏，亦名飛干。 (000_4b5dcee18d5e7425.txt)
    > 勃者亂逆也，格者閉塞也。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), BO_GE, SOURCE_000) or None


#: 反首: 丙加甲, the counter-case of 003's 朱鳥跌穴 (甲加丙).
FAN_SHOU = (("丙", "甲", "反首", "", JI),)


@rule("反首", verdict=JI, source=SOURCE_000, line=91)
def fan_shou(plate: Plate) -> list[Pattern] | None:
    """反首: 丙加甲, the heaven 丙 over the 旬首's 儀 (甲 hidden under it); named beside 跌穴 as
    what a loose reading of 勃 would wrongly swallow.

    > 若渾言歲月日時干，是以反首跌穴，亦為勃伏勃飛矣！ (000_4b5dcee18d5e7425.txt)
    > 且甲寅為天輔時，甲加丙為朱鳥跌穴時 (003_fd1aa30e5b7f2d13.txt)

    跌穴 is 003's 甲加丙 (hours.py, 朱鳥跌穴); 反首 is the other way round.  Verdict 吉: 000's
    clause is a reductio (反首 and 跌穴 are not 勃, 亂逆) and 003 names 跌穴 among the best hours.
    Open question: 000 states no verdict of its own; and read term by term against 勃伏 (丙
    below) and 勃飛 (丙 above) its clause would make 反首 甲加丙 (the usual 青龍返首 of later
    books), which 003's "甲加丙為朱鳥跌穴" rules out here.
    """
    return _pair_rule(_view(plate), FAN_SHOU, SOURCE_000) or None


XING = (("庚", "癸", "刑", "", XIONG), ("丙", "己", "刑", "", XIONG))


@rule("刑", verdict=XIONG, source=SOURCE_000, line=95)
def xing(plate: Plate) -> list[Pattern] | None:
    """刑: 庚加癸, 丙加己 (this direction only).

    > 庚加癸為刑，丙加己為刑，盜氣同也。 … 凡值此時，不利有為。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), XING, SOURCE_000) or None


PO = _both_ways((("庚", "丁", "破", "", XIONG), ("丙", "壬", "破", "", XIONG)))


@rule("破", verdict=XIONG, source=SOURCE_000, line=95)
def po(plate: Plate) -> list[Pattern] | None:
    """破: 庚 and 丁, or 丙 and 壬, either on the other.

    > 庚丁相加為破，丙壬相加為破，沖制異也。凡值此時，不利有為。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), PO, SOURCE_000) or None


QI_GE = _both_ways((("庚", "丙", "奇格", "賊格", NEUTRAL), ("庚", "丁", "奇格", "破格", NEUTRAL),
                    ("庚", "乙", "奇格", "合格", NEUTRAL)))


@rule("奇格", verdict=NEUTRAL, source=SOURCE_000, line=103)
def qi_ge(plate: Plate) -> list[Pattern] | None:
    """奇格 (賊格 庚丙, 破格 庚丁, 合格 庚乙, either way).

    > 奇格者，謂奇有三格也：庚丙相加為賊格，庚丁相加為破格，庚乙相加為合格。所云格者，乃格局之格，
    > 非格對之格也。 (000_4b5dcee18d5e7425.txt)

    Verdict "": the text names the three 格 without judging them.
    """
    return _pair_rule(_view(plate), QI_GE, SOURCE_000) or None


ER_JI = _both_ways((("丁", "甲", "陰陽化氣", "", JI), ("丁", "乙", "龍鳳呈祥", "", JI)))


@rule("陰陽化氣", "龍鳳呈祥", verdict=JI, source=SOURCE_000, line=107)
def er_ji(plate: Plate) -> list[Pattern] | None:
    """二吉: 陰陽化氣 (丁甲), 龍鳳呈祥 (丁乙), either way.

    > 丁甲相加，為陰陽化氣；丁乙相加，為龍鳳呈祥。凡值此二格，利為百事。 … 化氣呈祥二格，一切謀為俱吉，
    > 不必合奇門亦吉，故曰二吉。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), ER_JI, SOURCE_000) or None


SI_XIONG = _both_ways((("甲", "乙", "二龍戰野", "", XIONG), ("庚", "辛", "二虎爭雄", "", XIONG),
                       ("甲", "戊", "青龍困頓", "", XIONG), ("庚", "壬", "白虎迍邅", "", XIONG)))


@rule("二龍戰野", "二虎爭雄", "青龍困頓", "白虎迍邅", verdict=XIONG, source=SOURCE_000, line=107)
def si_xiong(plate: Plate) -> list[Pattern] | None:
    """四凶: 二龍戰野 (甲乙), 二虎爭雄 (庚辛), 青龍困頓 (甲戊), 白虎迍邅 (庚壬), either way; the
    detail adds "太陰合奇門蓋之 乘奇門N宮而出 猶可謀為" when 太陰 (the heaven 丁) stands with a
    吉門 in palace N (`core.tai_yin_qi_men`).

    > 甲乙相加，為二龍戰野；庚辛相加，為二虎爭雄；甲戊相加，為青龍困頓；庚壬相加，為白虎迍邅。
    > 凡值此四格，百事不利。 (000_4b5dcee18d5e7425.txt)
    > 龍戰困頓下諸格，若得太陰合奇門蓋之，避其方，乘奇門而出猶可謀為。 (000_4b5dcee18d5e7425.txt)

    "龍戰困頓下諸格" is read as all four.  The 奇門 must be another palace than the pattern's
    (one avoids the one direction and goes out by the other).  The verdict stays 凶: the
    pattern's own direction is still to be avoided ("避其方").
    """
    found = _pair_rule(_view(plate), SI_XIONG, SOURCE_000)
    cover = tai_yin_qi_men(plate)
    if cover is None:
        return found or None
    note = f" 太陰合奇門蓋之 乘奇門{cover[0]}宮而出 猶可謀為"
    return [p if p.palace == cover[0] else Pattern(p.name, p.palace, p.detail + note, p.source, p.verdict)
            for p in found] or None


