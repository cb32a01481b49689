"""貴人 and the twelve 天將 on the 六壬 plate, by the texts' 納甲 rule or the common 晝夜 rule.

More precisely: `najia` (default) is the rule of 000 as `qimen noble` applies it (gods/noble.py:
陽貴 from 冬至 to 夏至, 陰貴 from 夏至 to 冬至, generals 順 under 陽貴 and 逆 under 陰貴); 004
itself does not say how to place 天一.  `day-night` is 六壬's own 晝夜 rule (not from the seeds),
as 《大六壬心鏡》 gives it ("壬癸立處於巳卯") and the 六壬 verse 甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，
壬癸蛇兔藏，六辛逢馬虎 — the first animal by day, the second by night — with the generals 順 when
貴人 stands on earth 亥子丑寅卯辰 and 逆 on 巳午未申酉戌.  `day-night-almanac` is the same rule
with the almanac verse's 壬癸兔蛇藏 (壬癸 卯 by day, 巳 by night); the two differ for 壬 and 癸 only.
"""

from __future__ import annotations

from ..calendar.branchplate import earth_under, heaven_plate, shift
from ..errors import BadInput
from ..gods.noble import GENERAL_NOTES, noble_branch, place_generals
from ..records import frozen
from ..texts import SOURCE_000, SOURCE_004
from .daynight import Daylight
from .plate import branch_name

NAJIA = "najia"
DAY_NIGHT = "day-night"
DAY_NIGHT_ALMANAC = "day-night-almanac"
NOBLE_RULES = (NAJIA, DAY_NIGHT, DAY_NIGHT_ALMANAC)
#: The rules that place 貴人 by day and night (and need the 晝/夜 of the hour).
DAY_NIGHT_RULES = (DAY_NIGHT, DAY_NIGHT_ALMANAC)

STANDARD = "standard, not from the texts"

#: Day stem → (晝貴, 夜貴) by 《大六壬心鏡》: 甲戊庚 丑未, 乙己 子申, 丙丁 亥酉, 辛 午寅, 壬癸 巳卯.
#: "壬癸立處於巳卯" (心鏡); the 六壬 verse "甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸蛇兔藏，六辛逢馬虎",
#: the first animal by day.  Not in the seeds.
DAY_NIGHT_NOBLE = ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (1, 7), (6, 2), (5, 3), (5, 3))

#: The almanac verse's variant: "甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸兔蛇藏，六辛逢馬虎" —
#: the same but 壬癸 卯 by day, 巳 by night.  Not in the seeds.
DAY_NIGHT_NOBLE_ALMANAC = DAY_NIGHT_NOBLE[:8] + ((3, 5), (3, 5))

#: Each 晝夜 rule: (its table, the name of the table shown with the result).
DAY_NIGHT_TABLES = {
    DAY_NIGHT: (DAY_NIGHT_NOBLE, "大六壬心鏡 (壬癸蛇兔藏: 晝巳 夜卯)"),
    DAY_NIGHT_ALMANAC: (DAY_NIGHT_NOBLE_ALMANAC, "almanac verse (壬癸兔蛇藏: 晝卯 夜巳)"),
}

#: The table named with a 納甲 result.
NAJIA_TABLE = "000 陽貴/陰貴立成歌 (納甲)"

#: Earth positions on which 貴人 runs 順 under the common rule: 亥 子 丑 寅 卯 辰.
FORWARD_EARTH = frozenset((11, 0, 1, 2, 3, 4))

#: How a general leading the troops turns out (用起X以將兵), summarised from 004's readings:
#: 天一 大捷, 六合 得子女玉帛, 青龍 大勝 are good; the other nine (怯怖, 不戰自敗, 無功, 驚駭,
#: 驚恐, 敗, 亡遁, 師敗, 死亡) are bad.
#:
#: > 用起天一以將兵，大捷（一作樓），闢地千里，敵畏服。用起六合以將兵，主得子女玉帛。用起青龍以將兵，
#: > 大勝，得敵之邦國府庫。用起大陰以將兵，士卒怯怖。 … 用起天空以將兵，士卒死亡，為敵所欺詐。
#: > (004_64097a01f3826baf.txt)
GOOD_LEADERS = frozenset(("貴人", "六合", "青龍"))


@frozen
class Noble:
    """Where 貴人 rides and how it was found.

    `branch`: the heaven branch 貴人 rides; `earth`: the earth branch beneath it;
    `rule`: "najia" or "day-night"; `basis`: 陽貴/陰貴 (najia) or 晝貴/夜貴 (day-night);
    `direction`: 順 or 逆; `source`: the seed file, or "standard, not from the texts";
    `table`: the table of 貴人 used (心鏡 or the almanac verse for the 晝夜 rule).
    """

    branch: str
    earth: str
    rule: str
    basis: str
    direction: str
    source: str
    table: str = NAJIA_TABLE


@frozen
class Lead:
    """The general riding the 初傳 and 004's reading for leading troops with it (用起X以將兵)."""

    general: str
    verdict: str
    reading: str
    source: str = SOURCE_004


def najia_noble(day_stem: int, yang: bool) -> tuple[int, bool, str]:
    """(貴人 branch, 順?, basis) by 000's 納甲 tables: 陽貴 順, 陰貴 逆.

    > 凡陽局用貴，以日干尋納甲合神，本日貴人，即起於合神所納之支 … 冬至以後，皆用此局。
    > … 夏至以後皆用此局。 … 陽貴順相求 … 陰貴逆推求 (000_4b5dcee18d5e7425.txt)
    """
    return noble_branch(day_stem, yang), yang, "陽貴" if yang else "陰貴"


def day_night_noble(day_stem: int, day: bool, s: int, rule: str = DAY_NIGHT) -> tuple[int, bool, str]:
    """(貴人 branch, 順?, basis) by the 晝夜 rule (standard, not from the texts).

    From 《大六壬心鏡》 (not among the seed texts): "壬癸立處於巳卯"; the verse 甲戊庚牛羊，乙己鼠猴鄉，
    丙丁豬雞位，壬癸蛇兔藏，六辛逢馬虎.

    The first by day, the second by night; 順 when 貴人 stands on earth 亥 to 辰, 逆 on 巳 to 戌.
    `rule` picks the table: `day-night` (心鏡) or `day-night-almanac` (壬癸兔蛇藏).  No seed
    states this rule; the seeds' rule is 000's 納甲 (najia_noble).
    """
    branch = DAY_NIGHT_TABLES[rule][0][day_stem % 10][0 if day else 1]
    return branch, earth_under(s, branch) in FORWARD_EARTH, "晝貴" if day else "夜貴"


def place(day_stem: int, yue_jiang: int, hour: int, rule: str, *, yang: bool | None = None,
          daylight: Daylight | None = None) -> tuple[Noble, dict[int, str]]:
    """貴人 and the twelve 天將 (heaven branch → general, ordered by the earth branch beneath).

    `yang` (the half-year) is needed by `najia`, `daylight` by `day-night`.

    > 以月將加正時，用日干尋納甲合神所納之支，即以貴人泊其支，依陰陽順逆，布定十二貴神。
    > (000_4b5dcee18d5e7425.txt)
    """
    s = shift(yue_jiang, hour)
    if rule == NAJIA:
        if yang is None:
            raise BadInput("the 納甲 rule needs the half-year (陽貴 or 陰貴)")
        branch, forward, basis = najia_noble(day_stem, yang)
        source = SOURCE_000
    elif rule in DAY_NIGHT_RULES:
        if daylight is None:
            raise BadInput("the 晝夜 rule needs day or night")
        branch, forward, basis = day_night_noble(day_stem, daylight.is_day, s, rule)
        source = STANDARD
    else:
        raise BadInput(f"unknown noble rule {rule!r} (expected one of {', '.join(NOBLE_RULES)})")
    generals = place_generals(branch, forward, heaven_plate(s))
    noble = Noble(branch_name(branch), branch_name(earth_under(s, branch)), rule, basis,
                  "順" if forward else "逆", source, DAY_NIGHT_TABLES[rule][1] if rule in DAY_NIGHT_TABLES else NAJIA_TABLE)
    return noble, generals


def lead(general: str) -> Lead:
    """004's reading for the general on the 初傳 leading troops (用起X以將兵).

    > 用起天一以將兵，大捷（一作樓），闢地千里，敵畏服。用起六合以將兵，主得子女玉帛。用起青龍以將兵，
    > 大勝，得敵之邦國府庫。用起大陰以將兵，士卒怯怖。 … 用起天空以將兵，士卒死亡，為敵所欺詐。
    > (004_64097a01f3826baf.txt)

    "用起X" is read as "X rides the 用 (初傳)" (READING-gods-gucu-liuren.md 3.21).
    """
    return Lead(general, "吉" if general in GOOD_LEADERS else "凶", GENERAL_NOTES[general].lead_troops)

