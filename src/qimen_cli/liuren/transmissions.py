"""三傳: which god starts the transmission (發用) and the three that follow, by 004's rules.

> 凡加臨四課式，反、伏二吟皆須知發課之神，即三傳也。何謂三傳？假令小吉臨寅為用，即小吉為第一傳；
> 小吉本位見神后，神后即第二傳；神后本位見太乙，太乙即為第三傳。 (004_64097a01f3826baf.txt)

The rules are tried in this order (docs/decisions.md): 伏吟, 反吟 (the whole plate
decides), 賊剋 → 比用 → 涉害 (also on 八專 days), 八專 counting, 遙剋, 昴星 (four distinct 課), and
別責 (three distinct 課; the text is silent: standard, not from the text).  Every lesson falls under
exactly one of them.  `rule` is the one that decided; `labels` are all the rules whose condition
holds on the lesson, in the text's order, whether or not they decided it.
"""

from __future__ import annotations

from functools import cache

from ..calendar.branchplate import chong, earth_under, heaven_over
from ..calendar.ganzhi import BRANCH_PHASE, CYCLE, STEM_PHASE, overcomes
from ..records import frozen
from ..texts import SOURCE_004 as SOURCE
from .lessons import (
    SHANG_KE_XIA,
    XIA_KE_SHANG,
    Lesson,
    distinct_uppers,
    four_lessons,
    is_ba_zhuan,
)
from .plate import (
    JI_GONG,
    PO,
    XING,
    ZI_XING,
    branch_name,
    is_gang,
    is_yang_branch,
    lodged_stems,
    stem_name,
)

STANDARD = "standard, not from the text"

# Rule names (values of `rule` and `labels`), in the text's order.
ZEI_KE = "賊剋"
BI_YONG = "比用"
SHE_HAI = "涉害"
YAO_KE = "遙剋"
MAO_XING = "昴星"
BA_ZHUAN = "八專"
FU_YIN = "伏吟"
FAN_YIN = "反吟"
BIE_ZE = "別責"

#: The readings of 反吟 (--fan-yin): the 沖 of branches (the text's rule as stated) or of the
#: 納甲 trigrams (reproduces the text's two examples, with one emendation).
CHONG = "chong"
NAJIA = "najia"
FAN_YIN_READINGS = (CHONG, NAJIA)

#: The 納甲 trigram of each stem: 乾納甲壬, 坤納乙癸, 艮丙, 兌丁, 坎戊, 離己, 震庚, 巽辛 (standard).
TRIGRAM_OF_STEM = ("乾", "坤", "艮", "兌", "坎", "離", "震", "巽", "乾", "坤")
#: The trigram facing each in the 後天 arrangement: 乾巽, 坤艮, 坎離, 震兌 (standard).
FACING_TRIGRAM = {"乾": "巽", "巽": "乾", "坤": "艮", "艮": "坤", "坎": "離", "離": "坎", "震": "兌", "兌": "震"}
#: Day stem → the stem its 納甲 trigram 沖 (the first stem of the facing trigram: 乾 甲, 坤 乙):
#: 甲辛 乙丙 丙乙 丁庚 戊己 己戊 庚丁 辛甲 壬辛 癸丙.
STEM_CHONG_NAJIA = (7, 2, 1, 6, 5, 4, 3, 0, 7, 2)
#: The note the 納甲 reading carries in `detail`: the emendation it needs.
NAJIA_NOTE = "（納甲之沖：剛柔皆以日干，讀「丑沖丙」為「乙沖丙」）"

#: Every label, in the order the labels list uses (the text's order; 別責 last, not in the text).
LABEL_ORDER = (ZEI_KE, XIA_KE_SHANG, SHANG_KE_XIA, BI_YONG, SHE_HAI, YAO_KE, MAO_XING, BA_ZHUAN,
               FU_YIN, FAN_YIN, BIE_ZE)


@frozen
class Transmission:
    """The 三傳 (`branches`: 初 中 末) and how they were found."""

    branches: tuple[int, int, int]
    rule: str
    labels: tuple[str, ...]
    detail: str
    source: str


@frozen
class _Pick:
    """A 發用 chosen among candidates: the god, which step decided, and a description."""

    god: int
    step: str
    detail: str


def _names(gods) -> str:
    return " ".join(branch_name(g % 12) for g in gods)


def _matches_day(day_stem: int, god: int) -> bool:
    """比: the god has the day's 陰陽 (陽 day, 陽 branch 子寅辰午申戌)."""
    return is_yang_branch(god) == is_gang(day_stem)


def she_hai_depth(god: int, s: int, kind: str) -> int:
    """涉害 depth of a candidate: the 剋 it wades through on the way home.

    > 自有俱此以淺害深者為用，四月戊辰日丑時勝光是也。自有涉害俱深以先見者為用 …
    > (004_64097a01f3826baf.txt)

    (此 is read 比, and 淺 涉: "俱比以涉害深者為用".)

    The text names the rule but does not define the count.  Standard count (not from the text):
    from the earth position the god stands on (counted) forward to its own branch (not
    counted), each earth branch and each stem lodged there (寄宮) that 剋 the god (when the
    candidates are 下克上) or that the god 剋 (when they are 上克下).  Open question: "淺害深"
    is read as a slip for "涉害深" (the next sentence says 涉害俱深; of 八專 days, "亦涉害深為用");
    the deeper god is used.  The count gives the census a commentary on the 《課經》 makes of the
    720 lessons (63 涉害, 9 見機, one 綴瑕, 戊辰日干上子); no count of the tradition gives the text's
    勝光 for 四月戊辰日丑時 (docs/decisions.md lists every count tried; tests/test_liuren_she_hai.py).

    > 唯有兩課見有相剋，亦涉害深為用。 (004_64097a01f3826baf.txt)
    """
    phase = BRANCH_PHASE[god]
    depth = 0
    start = earth_under(s, god)
    for step in range(s):
        pos = (start + step) % 12
        phases = [BRANCH_PHASE[pos]] + [STEM_PHASE[t] for t in lodged_stems(pos)]
        for p in phases:
            if (kind == XIA_KE_SHANG and overcomes(p, phase)) or (
                kind == SHANG_KE_XIA and overcomes(phase, p)
            ):
                depth += 1
    return depth


def ke_candidates(lessons) -> tuple[str, tuple[int, ...]] | None:
    """The kind of 剋 used and its candidate gods (lesson order, no repeats), or None.

    > 兩俱克者，皆下以克上為用，上以克下為體也。 (004_64097a01f3826baf.txt)
    """
    for kind in (XIA_KE_SHANG, SHANG_KE_XIA):
        gods = distinct_uppers([les for les in lessons if les.relation == kind])
        if gods:
            return kind, gods
    return None


def pick_by_ke(day: int, s: int, lessons) -> _Pick | None:
    """賊剋, then 比用, then 涉害 among the 課 that 剋.

    > 自兩上克下以此為用，三月庚午日河魁是也。 (004_64097a01f3826baf.txt)

    (此 is read 比: of two 上克下, the one 比 with the day is used.)
    """
    found = ke_candidates(lessons)
    if found is None:
        return None
    kind, gods = found
    listing = ", ".join(
        f"{branch_name(les.upper)}/{stem_name(les.lower) if les.lower_is_stem else branch_name(les.lower)}"
        for les in lessons if les.relation == kind
    )
    if len(gods) == 1:
        return _Pick(gods[0], ZEI_KE, f"{kind}: {listing}")
    stem = day % 10
    bi = tuple(g for g in gods if _matches_day(stem, g))
    if len(bi) == 1:
        return _Pick(bi[0], BI_YONG, f"{kind} ×{len(gods)} ({listing}); 比: {branch_name(bi[0])}")
    pool = bi or gods
    depths = {g: she_hai_depth(g, s, kind) for g in pool}
    deepest = max(depths.values())
    tied = [g for g in pool if depths[g] == deepest]
    text = (f"{kind} ×{len(gods)} ({listing}); 比: {_names(bi) or 'none'}; 涉害 depth "
            + ", ".join(f"{branch_name(g)} {depths[g]}" for g in pool))
    if len(tied) > 1:
        text += f"; 俱深 → 先見 {branch_name(tied[0])}"
    return _Pick(tied[0], SHE_HAI, text)


def pick_by_yao(day: int, lessons) -> _Pick | None:
    """遙剋: a god of the 四課 that 剋 the day stem (神剋日), else one the stem 剋 (日剋神).

    > 自有上下俱不相剋，以遙相剋為用 … 甲日見登明，水木不相剋，辰上見大吉，二土不相剋，登明本位亥上見
    > 傳送是金遙見，甲木即以傳送。 … 自有俱遙見克以比者為用，自有俱比以遙先見用。自有日遙相剋神，神剋日
    > 兩俱見，以神克時日為用，無神克者，乃用日克神為用。自有兩遙剋日，亦以比為用。自有俱比以此先見者
    > 為用。先見為先後辰課。 (004_64097a01f3826baf.txt)

    Open question: when several gods 遙剋 and none is 比, the text says nothing; the first seen
    (日課 before 辰課) is used, as for several 比.
    """
    stem = day % 10
    sp = STEM_PHASE[stem]
    gods = distinct_uppers(lessons)
    shen_ke_ri = tuple(g for g in gods if overcomes(BRANCH_PHASE[g], sp))
    ri_ke_shen = tuple(g for g in gods if overcomes(sp, BRANCH_PHASE[g]))
    if shen_ke_ri:
        kind, pool = "神剋日", shen_ke_ri
    elif ri_ke_shen:
        kind, pool = "日剋神", ri_ke_shen
    else:
        return None
    head = f"{kind}: {_names(pool)} ~ {stem_name(stem)}"
    if len(pool) == 1:
        return _Pick(pool[0], YAO_KE, head)
    bi = tuple(g for g in pool if _matches_day(stem, g))
    if len(bi) == 1:
        return _Pick(bi[0], YAO_KE, f"{head}; 比: {branch_name(bi[0])}")
    first = (bi or pool)[0]
    return _Pick(first, YAO_KE, f"{head}; 比: {_names(bi) or 'none'}; 先見 {branch_name(first)}")


def chain(s: int, first: int) -> tuple[int, int, int]:
    """初 → the god over its own branch → the god over that one's branch (小吉臨寅 → 小吉 神后 太乙).

    > 何謂三傳？假令小吉臨寅為用，即小吉為第一傳；小吉本位見神后，神后即第二傳；神后本位見太乙，
    > 太乙即為第三傳。 (004_64097a01f3826baf.txt)
    """
    second = heaven_over(s, first)
    return first, second, heaven_over(s, second)


def _fu_yin(day: int, s: int, lessons) -> tuple[tuple[int, int, int], str]:
    """伏吟 (月將 on its own hour): 剛日 日上神, 柔日 辰上神; then 刑, or 破 and 沖.

    > 自有伏吟時，剛日用日上神，柔日用辰上神，皆前刑而後克，前破而後沖，以為三傳。《金匱經》曰：
    > 剛以日，柔以辰。不共言無相剋也 … 何謂刑？用寅刑巳，用子刑卯之屬也。何謂破？午無刑破子就卯，
    > 亥無刑破寅刑申之屬也。辰無刑破丑，酉無刑破子是也。 (004_64097a01f3826baf.txt)

    "不共言無相剋也" is read as: the 剛/柔 rule is for a plate without 剋; a 上下剋 in the 四課
    (乙日 辰/乙, 癸日 丑/癸) gives the 初 instead.  中 = 刑 of 初; a 自刑 初 (辰午酉亥) takes its
    破 and then the 沖 of that (亥 → 寅 → 申).  Open question: after a 刑 中 the text says "後克";
    the 刑 of the 中 is used (it is never 自刑).
    """
    stem = day % 10
    by_ke = pick_by_ke(day, s, lessons)
    if by_ke is not None:
        first = by_ke.god
        how = f"{by_ke.detail} → 初 {branch_name(first)}"
    elif is_gang(stem):
        first = lessons[0].upper
        how = f"剛日 日上神 {branch_name(first)}"
    else:
        first = lessons[2].upper
        how = f"柔日 辰上神 {branch_name(first)}"
    branches, steps = fu_yin_chain(first)
    return branches, how + steps


def fu_yin_chain(first: int) -> tuple[tuple[int, int, int], str]:
    """伏吟 中 and 末 from the 初: 刑 then 刑; a 自刑 初 takes 破 then 沖 (前刑後克，前破後沖).

    > 何謂刑？用寅刑巳，用子刑卯之屬也。何謂破？午無刑破子就卯，亥無刑破寅刑申之屬也。
    > 辰無刑破丑，酉無刑破子是也。 (004_64097a01f3826baf.txt)

    "亥無刑破寅刑申" is read 亥 → 破 寅 → 申 (the 沖 of 寅; 寅 刑 巳, not 申).
    """
    if first in ZI_XING:
        second = PO[first]
        third = chong(second)
        return (first, second, third), f" (自刑) → 破 {branch_name(second)} → 沖 {branch_name(third)}"
    second = XING[first]
    third = XING[second] if second not in ZI_XING else chong(second)
    return (first, second, third), f" → 刑 {branch_name(second)} → 刑 {branch_name(third)}"


def _fan_yin(day: int, s: int, lessons, reading: str = CHONG) -> tuple[tuple[int, int, int], str]:
    """反吟 (月將 opposite the hour): 剛日 the 沖 of the stem, 柔日 the 沖 of the branch; 沖, then 刑.

    > 自有反吟時，剛日以日（一作月）沖為用，柔日以辰沖為用，皆載沖而後刑，為三傳。
    > (004_64097a01f3826baf.txt)

    On a 反吟 plate the 沖 of the 寄宮 is the 日上神 and the 沖 of the day branch is the 辰上神.
    中 = 沖 of 初, 末 = 刑 of 中 (a 自刑 中 takes its 破: standard, not from the text).  The 剋 of
    the 四課 are not used (the text's 甲子 example has 剋 and still starts from the 沖).  The
    text's own examples (甲子 "甲沖辛 … 天罡", 乙丑 "丑沖丙 … 登明") name no 沖 that exists between
    those characters; this rule gives 甲子 → 申 寅 巳 and 乙丑 → 未 丑 戌.  `reading` NAJIA
    (--fan-yin najia) takes the 沖 of the 納甲 trigrams instead (`_fan_yin_najia`).
    """
    stem, branch = day % 10, day % 12
    if reading == NAJIA:
        return _fan_yin_najia(stem, s)
    if is_gang(stem):
        first = chong(JI_GONG[stem])
        how = f"剛日 日沖: {branch_name(JI_GONG[stem])}({stem_name(stem)}) 沖 {branch_name(first)}"
    else:
        first = chong(branch)
        how = f"柔日 辰沖: {branch_name(branch)} 沖 {branch_name(first)}"
    branches, steps = fan_yin_chain(first)
    return branches, how + steps


def _fan_yin_najia(stem: int, s: int) -> tuple[tuple[int, int, int], str]:
    """反吟 by the 納甲 trigrams (--fan-yin najia): the day stem 沖 the stem of the trigram facing
    its own; 初 = the god over that stem's 寄宮; then 沖 and 刑 as in the text.

    > 何謂四沖？假令甲子日甲沖辛，辛上見天罡以為用，天罡而又反沖河魁，此為戰沖，然後刑未。
    > 何謂辰沖？假令乙丑日丑沖丙，丙上見登明為用，用登明而後破功曹，又辰沖太乙，此謂再沖，然後刑申。
    > (004_64097a01f3826baf.txt)

    甲 is 乾's stem, 辛 巽's; 乾 and 巽 face each other in the 後天 arrangement: "甲沖辛" (辛 on
    戌, over which 天罡 stands).  乙 is 坤's, 丙 艮's, which face each other: 丙 on 巳, over which
    登明 stands.  Open question: this needs "丑沖丙" read "乙沖丙" (an emendation): the 柔日 too
    starts from the day stem, not the branch; and 乾 and 坤 hold two stems each (甲壬, 乙癸), so
    丙 and 辛 days take the first (乙, 甲).  Not among the seeds' own rules: the reading that
    reproduces both examples (READING §3.38; docs/decisions.md).
    """
    partner = STEM_CHONG_NAJIA[stem]
    lodge = JI_GONG[partner]
    first = heaven_over(s, lodge)
    how = (f"納甲 沖: {stem_name(stem)}({TRIGRAM_OF_STEM[stem]}) 沖 {stem_name(partner)}({TRIGRAM_OF_STEM[partner]}), "
           f"{stem_name(partner)}寄{branch_name(lodge)}，{branch_name(lodge)}上 {branch_name(first)}")
    branches, steps = fan_yin_chain(first)
    return branches, how + steps + NAJIA_NOTE


def fan_yin_chain(first: int) -> tuple[tuple[int, int, int], str]:
    """反吟 中 and 末 from the 初: 沖, then 刑 (皆載沖而後刑).

    > 天罡而又反沖河魁，此為戰沖，然後刑未。 … 又辰沖太乙，此謂再沖，然後刑申。 (004_64097a01f3826baf.txt)

    A 自刑 中 (辰午酉亥) has no 刑 to go to; its 破 is used (standard, not from the text).
    """
    second = chong(first)
    if second in ZI_XING:
        third = PO[second]
        return (first, second, third), (f" → 沖 {branch_name(second)} (自刑) → 破 {branch_name(third)}"
                                         " (standard, not from the text)")
    third = XING[second]
    return (first, second, third), f" → 沖 {branch_name(second)} → 刑 {branch_name(third)}"


def _ba_zhuan(day: int, s: int, lessons) -> tuple[tuple[int, int, int], str]:
    """八專 without 剋: 剛日 count three forward from the 日上陽神, 柔日 three back from the 辰上陰神.

    > 自有八專日。唯有兩課見有相剋，亦涉害深為用。無剋日，剛日從日上陽神順數，柔日從辰上陰神逆數，
    > 皆及三神為用。 (004_64097a01f3826baf.txt)
    > 順數法：假令正月庚申日戌時 … 庚剛日當從庚申上起從魁順數之，及三神到戌上登明，即以徵明為用也。
    > 逆數法：假令正月己未日戌時 … 柔日當從傳送，傳送本位申上起從魁為始，逆數到午上得小吉為用。
    > (004_64097a01f3826baf.txt)

    Open question: the text gives no 中/末 for 八專; its general 三傳 rule (the god over the 初's
    own branch, then again) is used.  The usual alternative is 中 = 末 = 日上神.  遙剋 is not
    tried before counting ("無剋 … 順數/逆數").
    """
    if is_gang(day % 10):
        start = lessons[0].upper
        first = (start + 2) % 12
        how = f"剛日 順數 from 日上陽神 {branch_name(start)}: {_names((start, start + 1, first))}"
    else:
        start = lessons[3].upper
        first = (start - 2) % 12
        how = f"柔日 逆數 from 辰上陰神 {branch_name(start)}: {_names((start, start - 1, first))}"
    return chain(s, first), how


def _mao_xing(day: int, s: int, lessons) -> tuple[tuple[int, int, int], str]:
    """昴星: no 剋 and no 遙剋 among four distinct 課; look up (剛) or down (柔) at 酉.

    > 四課者自有無遙相剋者，當以仰伏視之 … 剛日當從地下星仰望天上，隨所見神仍以為用；柔日當從天上
    > 昴星伏視地下，所見辰以此神本位為用 … 昴星不可全信，以日辰上審之，剛日中傳辰後傳日，柔日中傳日後
    > 傳辰 (004_64097a01f3826baf.txt)

    昴 belongs to 酉.  剛日 (仰): 初 = the god over earth 酉, 中 辰上神, 末 日上神.  柔日 (伏): 初 =
    the god named by the earth branch under heaven 酉, 中 日上神, 末 辰上神.
    """
    day_god, branch_god = lessons[0].upper, lessons[2].upper
    if is_gang(day % 10):
        first = heaven_over(s, 9)
        return (first, branch_god, day_god), f"剛日 仰: over earth 酉 stands {branch_name(first)}; 中 辰上神, 末 日上神"
    first = earth_under(s, 9)
    return (first, day_god, branch_god), f"柔日 伏: heaven 酉 stands on {branch_name(first)}; 中 日上神, 末 辰上神"


def _bie_ze(day: int, s: int, lessons) -> tuple[tuple[int, int, int], str]:
    """別責 (standard, not from the text): three distinct 課, no 剋, no 遙剋.

    The text does not treat this case.  Standard rule: 剛日 初 = the god over the 寄宮 of the
    stem that combines with the day stem (干合), 柔日 初 = the branch after the day branch in its
    三合 (day branch + 4); 中 = 末 = 日上神.
    """
    stem, branch = day % 10, day % 12
    day_god = lessons[0].upper
    if is_gang(stem):
        partner = (stem + 5) % 10
        first = heaven_over(s, JI_GONG[partner])
        how = (f"剛日: 干合 {stem_name(partner)} lodged on {branch_name(JI_GONG[partner])}, "
               f"over it {branch_name(first)}; 中末 日上神")
    else:
        first = (branch + 4) % 12
        how = f"柔日: 三合 after {branch_name(branch)} is {branch_name(first)}; 中末 日上神"
    return (first, day_god, day_god), how


def labels_of(day: int, s: int, lessons) -> tuple[str, ...]:
    """Every rule whose condition holds on this lesson, in the text's order.

    賊剋 (with 下克上 and/or 上克下): some 課 has a 剋 between upper and lower; 比用 / 涉害: the
    剋 candidates are several and the 比 test picks one / does not; 遙剋: no 上下剋 and a god of
    the 四課 剋 or is 剋 by the day stem; 昴星: no 剋 of either kind and four distinct 課; 八專:
    the day; 伏吟 / 反吟: the plate; 別責: no 剋 of either kind, three distinct 課, not 八專.
    """
    found = set()
    kinds = {les.relation for les in lessons} - {None}
    if kinds:
        found |= kinds | {ZEI_KE}
        pick = pick_by_ke(day, s, lessons)  # (some 課 剋: there is a pick)
        step = pick.step if pick is not None else ZEI_KE
        if step != ZEI_KE:
            found.add(step)
    else:
        if pick_by_yao(day, lessons) is not None:
            found.add(YAO_KE)
        else:
            count = len(distinct_uppers(lessons))
            if count == 4:
                found.add(MAO_XING)
            elif count == 3 and not is_ba_zhuan(day):
                found.add(BIE_ZE)
    if is_ba_zhuan(day):
        found.add(BA_ZHUAN)
    if s == 0:
        found.add(FU_YIN)
    if s == 6:
        found.add(FAN_YIN)
    return tuple(label for label in LABEL_ORDER if label in found)


@cache
def transmit(day: int, s: int, fan_yin: str = CHONG) -> tuple[tuple[Lesson, ...], Transmission]:
    """The 四課 and 三傳 of cycle day `day` on a plate turned by `s` (= 月將 − hour).

    Everything depends on the day and the turn only (and, on 反吟 plates, the `fan_yin`
    reading), so the 720 cases are cached.

    > 四課既畢，見有相剋，取以發課。 (004_64097a01f3826baf.txt)
    > 凡加臨四課式，反、伏二吟皆須知發課之神，即三傳也。 (004_64097a01f3826baf.txt)

    The order in which the rules are tried is the one of docs/decisions.md (see the module
    docstring); 別責 is standard, not from the text (`source` says so).
    """
    day %= 60
    s %= 12
    lessons = four_lessons(day, s)
    labels = labels_of(day, s, lessons)
    source = SOURCE
    if s == 0:
        branches, detail = _fu_yin(day, s, lessons)
        rule = FU_YIN
    elif s == 6:
        branches, detail = _fan_yin(day, s, lessons, fan_yin)
        rule = FAN_YIN
    else:
        pick = pick_by_ke(day, s, lessons)
        if pick is not None:
            branches, detail, rule = chain(s, pick.god), pick.detail, pick.step
        elif is_ba_zhuan(day):
            branches, detail = _ba_zhuan(day, s, lessons)
            rule = BA_ZHUAN
        else:
            pick = pick_by_yao(day, lessons)
            if pick is not None:
                branches, detail, rule = chain(s, pick.god), pick.detail, YAO_KE
            elif len(distinct_uppers(lessons)) == 4:
                branches, detail = _mao_xing(day, s, lessons)
                rule = MAO_XING
            else:
                branches, detail = _bie_ze(day, s, lessons)
                rule, source = BIE_ZE, STANDARD
    first, middle, last = branches
    return lessons, Transmission((first % 12, middle % 12, last % 12), rule, labels, detail, source)


def describe(day: int, s: int) -> str:
    """One line for debugging: day, 四課 uppers, 三傳, rule."""
    lessons, t = transmit(day, s)
    return f"{CYCLE[day % 60]} s={s}: {_names(les.upper for les in lessons)} → {_names(t.branches)} {t.rule}"
