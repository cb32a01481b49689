"""貴人 by 納甲, the twelve 天將, the twelve 地將 (月將) and the plate 月將加正時.

More precisely: the 陽貴/陰貴 tables are *derived* at import time from the
納甲 procedure of 000_4b5dcee18d5e7425.txt (乾納甲壬 … 巽納辛; nine branches
laid round the same ring after dropping the 沖首 and 魁罡), not typed in; the
two 立成歌 of the text are the check (tests/test_noble.py).  The heaven plate
puts the 月將 on the hour (將加正時); 貴人 sits on the heaven branch of its
table and the other eleven 天將 follow 順 (陽貴) or 逆 (陰貴).

Branches are ints 0–11 (0 = 子), stems 0–9 (0 = 甲), as in calendar.ganzhi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from ..calendar.branchplate import (  # noqa: F401  (the 月將 names re-exported)
    YUE_JIANG_ALIASES,
    YUE_JIANG_BY_QI,
    YUE_JIANG_NAMES,
    chong,
    earth_under,
    heaven_plate,
    shift,
    yue_jiang_branch,
)
from ..calendar.ganzhi import BRANCHES, STEMS
from ..records import frozen

# --- 天將 --------------------------------------------------------------------------

#: The twelve 天將 in the text's order from 貴人, spelled as 000 spells them.
#:
#: > 天將者，貴人、螣蛇、朱雀、六合、勾陳、青龍、天空、白虎、太常、元武、太陰、天后也。
#: > (000_4b5dcee18d5e7425.txt)
GENERALS: tuple[str, ...] = ("貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍", "天空", "白虎", "太常", "元武", "太陰", "天后")

#: Other spellings of the same generals → 000's spelling.  004 writes 天一 (also 天乙)
#: for 貴人, and 騰蛇 玄武 大常 大陰 (004_64097a01f3826baf.txt: 用起天一以將兵 … 用起大陰
#: … 用起騰蛇 … 用起玄武); 元武 is the usual 玄武 (000 avoids the character 玄).
GENERAL_ALIASES: Mapping[str, str] = {
    "天一": "貴人", "天乙": "貴人", "騰蛇": "螣蛇", "玄武": "元武", "大常": "太常", "大陰": "太陰",
}


@frozen
class GeneralNote:
    """What 004 says of one 天將: its home 干支, 吉/凶 label, office, domain, and the
    reading when it leads the troops (用起X以將兵).  None where the text is silent."""

    name: str
    home: str | None
    label: str | None
    office: str | None
    governs: str | None
    lead_troops: str


#: Notes on the generals from 004_64097a01f3826baf.txt, verbatim:
#:
#: > 用起天一以將兵，大捷（一作樓），闢地千里，敵畏服。用起六合以將兵，主得子女玉帛。…
#: > 說曰：天一者 … 下遊十二次，則居己丑，主慶賀事。…
#: > 凶神將騰蛇者，飄風之精也，居大陽之丁巳。雷公六律曰：天一奉車都尉，凶神也 … 並主憂驚。…
#: > 天空者，斗魁之精也，居少陰之戊戌。雷公六律曰：天一宜師（一作日直），凶將也，主欺詐事。
#: > (004_64097a01f3826baf.txt)
#:
#: The text labels 天后 太陰 太常 吉將 although they lead troops badly; both are kept.
GENERAL_NOTES: Mapping[str, GeneralNote] = {
    n.name: n
    for n in (
        GeneralNote("貴人", "己丑", None, "人皇之靈", "慶賀事", "大捷（一作樓），闢地千里，敵畏服"),
        GeneralNote("螣蛇", "丁巳", "凶", "天一奉車都尉", "憂驚", "士卒驚駭，上下相剋，多傷"),
        GeneralNote("朱雀", "丙午", "凶", "天一羽林", "刑戮口舌", "士卒驚恐，或妄作口舌"),
        GeneralNote("六合", "乙卯", "吉", "天乙光祿大夫", "和合吉事", "主得子女玉帛"),
        GeneralNote("勾陳", "戊辰", "凶", "天一大將軍", "戰鬥多傷敗", "士卒敗，車馬折傷"),
        GeneralNote("青龍", "甲寅", "吉", "天一左丞相", "喜慶事", "大勝，得敵之邦國府庫"),
        GeneralNote("天空", "戊戌", "凶", "天一宜師（一作日直）", "欺詐事", "士卒死亡，為敵所欺詐"),
        GeneralNote("白虎", "庚申", "凶", "天一逆尉", "囚禁骸骨", "師敗無救援"),
        GeneralNote("太常", "己未", "吉", "天一大常卿", "財帛", "無功"),
        GeneralNote("元武", "壬子", "凶", "天一之後將", "逃亡、離別、盜賊", "軍多亡遁，戰不利"),
        GeneralNote("太陰", "辛酉", "吉", "天一禦史中丞", "陰私事", "士卒怯怖"),
        GeneralNote("天后", "癸亥", "吉", "天一綵女", "蔽匿事", "不戰自敗"),
    )
}

# --- 納甲 ----------------------------------------------------------------------------

#: The ring of the eight trigrams for 納甲 (the text writes 干 for 乾).
#:
#: > 其法以干、坤、艮、兌，坎、離、震、巽環列。 (000_4b5dcee18d5e7425.txt)
NA_JIA_RING: tuple[str, ...] = ("乾", "坤", "艮", "兌", "坎", "離", "震", "巽")

#: 魁 (天魁/河魁 戌) and 罡 (天罡 辰), never used for 貴人.
KUI_GANG: tuple[int, int] = (10, 4)

#: The head branch of the nine: 子 for 陽貴, 申 for 陰貴.
#:
#: > 陽貴支以子為首 … 陰貴支以申為首 (000_4b5dcee18d5e7425.txt)
HEAD = {True: 0, False: 8}


def lay_round_ring(count: int) -> tuple[tuple[int, int], ...]:
    """Lay `count` items one per trigram round NA_JIA_RING, wrapping back to 乾.

    Returns (trigram index, slot) per item; slot 1 is a second pass round the
    ring (壬 under 乾, 癸 under 坤; the ninth branch under 乾's 壬).

    > 以十干甲起於干，一卦一干，納至辛，止於巽。又納壬於干，癸於坤 (000_4b5dcee18d5e7425.txt)
    """
    n = len(NA_JIA_RING)
    return tuple((i % n, i // n) for i in range(count))


#: Stem → (trigram, slot): 乾納甲壬、坤納乙癸，艮納丙、兌納丁、坎納戊、離納己、震納庚、巽納辛.
STEM_SEAT: tuple[tuple[int, int], ...] = lay_round_ring(10)


def nine_branches(yang: bool) -> tuple[int, ...]:
    """The nine 貴人 branches in laying order: the twelve from the head, 順 (陽) or
    逆 (陰), without the 沖首 and 魁罡.

    > 陽貴支以子為首，午沖子，罡在辰、魁在戌，去午辰戌三支不用，餘九支。
    > … 陰貴支以申為首，寅沖申，魁罡在戊辰，去寅戌辰三支不用，餘九支。 (000_4b5dcee18d5e7425.txt)

    (魁罡在戊辰 is read 戌辰: 魁 is 戌.)
    """
    head = HEAD[yang]
    step = 1 if yang else -1
    dropped = {chong(head), *KUI_GANG}
    return tuple(b for b in ((head + step * i) % 12 for i in range(12)) if b not in dropped)


def ru_gong(yang: bool) -> tuple[int, ...]:
    """The 貴人入宮定卦: stem → the branch its trigram (and slot) receives.

    The nine branches are laid round the ring like the stems, one per trigram,
    the ninth under 乾's 壬; a stem whose slot got no branch (癸, second in 坤)
    shares its trigram's branch.

    > 以子納於干之甲下，一卦一支，順納至亥，仍納於干之壬下，則干納壬亥甲子，坤納乙癸丑，
    > 艮納丙寅，兌納丁卯，坎納戊己，離納己未，震納庚申，巽納辛酉，為陽貴入宮之定卦。
    > … 以申納於干之甲下，一卦一支，逆納至酉，仍納於干之壬下，則干納壬酉甲申，坤納乙癸未，
    > 艮納丙午，兌納丁己，坎納戊卯，離納己丑，震納庚子，巽納辛亥，為陰貴入宮之定卦。
    > (000_4b5dcee18d5e7425.txt)

    The text's 坎納戊己 (陽) and 兌納丁己 (陰) print 己 for 巳: the fifth branch
    of the nine is 巳 in both, and the Korean reads 무사 / 정사.  "如序逆列" in the
    陰 passage is read as the *branches* running 逆 round an unchanged ring; only
    that gives the text's table.
    """
    seat_branch = dict(zip(lay_round_ring(9), nine_branches(yang), strict=True))
    return tuple(seat_branch.get(seat, seat_branch[(seat[0], 0)]) for seat in STEM_SEAT)


#: 陽貴入宮定卦 and 陰貴入宮定卦 (stem → branch), derived.
YANG_RU_GONG: tuple[int, ...] = ru_gong(True)
YIN_RU_GONG: tuple[int, ...] = ru_gong(False)


def he_shen(stem: int) -> int:
    """The 合神 of a stem: 甲己 乙庚 丙辛 丁壬 戊癸.

    > 甲與己合，己為甲之合神；戊與癸合，癸為戊之合神；庚與乙合，乙為庚之合神 (000_4b5dcee18d5e7425.txt)
    """
    return (stem + 5) % 10


def _nobles(table: Sequence[int]) -> tuple[int, ...]:
    return tuple(table[he_shen(s)] for s in range(10))


#: Day stem → 貴人 branch, 陽貴 (冬至 → 夏至) and 陰貴 (夏至 → 冬至), derived.
#:
#: > 凡陽局用貴，以日干尋納甲合神，本日貴人，即起於合神所納之支。… 冬至以後，皆用此局。
#: > … 夏至以後皆用此局。 (000_4b5dcee18d5e7425.txt)
YANG_NOBLE: tuple[int, ...] = _nobles(YANG_RU_GONG)
YIN_NOBLE: tuple[int, ...] = _nobles(YIN_RU_GONG)


def noble_branch(day_stem: int, yang: bool) -> int:
    """貴人 of the day: the branch that the day stem's 合神 receives in the half-year's table.

    > 以日干尋納甲合神，本日貴人，即起於合神所納之支 … 離納己、己納未，則甲日貴人起於未；
    > 坤納乙癸，乙癸同納丑，則戊庚貴人起於丑是也。 (000_4b5dcee18d5e7425.txt)
    """
    return (YANG_NOBLE if yang else YIN_NOBLE)[day_stem % 10]


def noble_table_names(yang: bool) -> dict[str, str]:
    """The half-year's 立成 table as names: {"甲": "未", …}."""
    table = YANG_NOBLE if yang else YIN_NOBLE
    return {STEMS[s]: BRANCHES[table[s]] for s in range(10)}


# --- 地將 (月將): shared by the arts, in calendar/branchplate.py ------------------------

def place_generals(noble_branch: int, yang: bool, plate: Sequence[int]) -> dict[int, str]:
    """The twelve 天將 on the heaven plate: heaven branch → general.

    貴人 rests on its own heaven branch; the others follow 順 (陽貴) or 逆 (陰貴).
    The dict is ordered by the earth branch beneath (子 … 亥), read off `plate`.

    > 以月將加正時，用日干尋納甲合神所納之支，即以貴人泊其支，依陰陽順逆，布定十二貴神。
    > (000_4b5dcee18d5e7425.txt)
    > 陽貴順相求 … 陰貴逆推求 (000_4b5dcee18d5e7425.txt, 陽貴立成歌 / 陰貴立成歌)

    Open question: "貴人泊其支" is read as the *heaven* branch (docs/decisions.md):
    the text puts the 月將 on the hour first and reads the directions on the earth
    plate afterwards; on the earth branch the month and hour would not matter.
    """
    step = 1 if yang else -1
    by_heaven = {(noble_branch + step * k) % 12: name for k, name in enumerate(GENERALS)}
    return {plate[p]: by_heaven[plate[p]] for p in range(12)}


@frozen
class GeneralPlace:
    """One 天將 on the plate: the heaven branch it rides and the earth branch beneath."""

    name: str
    heaven_branch: int
    earth_branch: int


def generals_on_plate(day_stem: int, yang: bool, yue_jiang: int, hour_branch: int) -> tuple[GeneralPlace, ...]:
    """The twelve 天將 in the text's order from 貴人, each with heaven and earth branch.

    > 私門者，太陰、六合、太常所臨之方也。以月將加正時，用日干尋納甲合神所納之支，即以貴人泊其支，
    > 依陰陽順逆，布定十二貴神。然後視三神所臨之下，即地私門方。 (000_4b5dcee18d5e7425.txt)
    """
    return generals_at(noble_branch(day_stem, yang), yang, shift(yue_jiang, hour_branch))


@cache
def generals_at(noble: int, yang: bool, turn: int) -> tuple[GeneralPlace, ...]:
    """`generals_on_plate` by what it depends on: the 貴人's branch, the half-year and the
    plate's turn (`branchplate.shift` of the 月將 and the hour): 288 values, each one
    shared tuple."""
    placed = place_generals(noble, yang, heaven_plate(turn))
    heaven_of = {name: h for h, name in placed.items()}
    return tuple(GeneralPlace(name, heaven_of[name], earth_under(turn, heaven_of[name])) for name in GENERALS)
