"""The hour patterns (格) of the 奇門 chart, one small function per rule.

Every rule quotes its line and names its seed file; READING-qimen.md §6 explains the
readings.  Conventions used throughout:

* "X加Y" = heaven stem X over earth stem Y in one palace; every heaven stem of the palace
  is paired with every earth stem (the 寄宮 lists carry the centre stem on both plates;
  palace 5 has no heaven plate in 轉盤).
* "甲" = the current 旬首's 儀 (甲 hides under it: "還於正北甲子上居青龍",
  000_4b5dcee18d5e7425.txt); a pair whose other stem is that same 儀 is skipped.
* A "seat" is the palace the 直符/直使 is sent to before lodging (5 allowed).

Rules that depend on the plate alone are computed once per plate and cached; the others
read the rest of the `PatternContext` (day pillar, month pillar, governing term, 元).

On 陶氏飛盤 plates the same rules run on that plate's lists and seats (直符 and 直使 both on
the hour stem's palace, no 寄宮), so 得使/守門 there simply follow the hour stem.  Open
question: 003 doubts these patterns mean anything on 陶氏's figures ("若依陶氏定圖，每一時以
奇儀順序一易，則天盤與地盤異矣，又將何據以為得使乎"); they are reported mechanically.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence, Union

from ..calendar.ganzhi import BRANCH_PHASE, BRANCHES, CYCLE, STEMS, stems_combine, xun_shou
from .plates import DOORS, LODGE, RING, SOURCE_000, SOURCE_003, YANG_STARS, Plate

JI, XIONG, NEUTRAL = "吉", "凶", ""


@dataclass(frozen=True)
class Pattern:
    """One pattern on a chart: `name` exactly as in the text, `palace` (None when not
    palace-bound), `detail` ("" when none), `source` (seed file), `verdict` ("吉", "凶", or
    "" where the text is neutral or silent)."""

    name: str
    palace: int | None
    detail: str
    source: str
    verdict: str


@dataclass(frozen=True)
class PatternContext:
    """What the rules read: the plate, the reported day pillar, the hour and month pillars
    (cycle indices), the longitude index k of the term whose 局 is used, and the 元."""

    plate: Plate
    day: int
    hour: int
    month: int
    ju_term: int
    yuan: str


Result = Union[Pattern, Sequence[Pattern], None]

# ---------------------------------------------------------------------------------------
# Registry machinery

PLATE, CONTEXT = "plate", "context"


def _rule(scope: str, *names: str) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """Mark a rule function: `scope` PLATE (takes a Plate) or CONTEXT (takes a PatternContext);
    `names` are the pattern names it can emit."""

    def mark(fn: Callable[..., Result]) -> Callable[..., Result]:
        fn.scope = scope  # type: ignore[attr-defined]
        fn.names = names  # type: ignore[attr-defined]
        return fn

    return mark


class _View:
    """Per-plate lookups shared by the rules (built once per plate)."""

    __slots__ = ("plate", "earth", "heaven", "pairs", "yi", "hour_stem", "cells")

    def __init__(self, plate: Plate) -> None:
        self.plate = plate
        self.earth = dict(plate.earth)  # stem → earth palace (5 allowed)
        heaven: dict[str, list[int]] = {}
        for p in range(1, 10):
            for s in plate.palaces[p].heaven_stems:
                heaven.setdefault(s, []).append(p)
        self.heaven = heaven  # stem → palaces where it stands on the heaven plate
        self.yi = plate.xun_yi
        self.hour_stem = STEMS[plate.hour % 10]
        # (palace, heaven, earth, label) for every X加Y, 甲 standing for the 旬首's 儀.
        pairs = []
        yi = self.yi
        for p in range(1, 10):
            pal = plate.palaces[p]
            for h in pal.heaven_stems:
                for e in pal.earth_stems:
                    pairs.append((p, h, e, f"{h}加{e}"))
                    if h == yi and e != yi:
                        pairs.append((p, "甲", e, f"甲({h})加{e}"))
                    if e == yi and h != yi:
                        pairs.append((p, h, "甲", f"{h}加甲({e})"))
        self.pairs = tuple(pairs)
        # (palace, stars, door) of the ring palaces that hold a star or a door.
        self.cells = tuple(
            (p, plate.palaces[p].stars, plate.palaces[p].door)
            for p in range(1, 10)
            if plate.palaces[p].stars or plate.palaces[p].door is not None
        )

    def lodged(self, p: int) -> int:
        """The palace where a stem of earth palace `p` is drawn (5 stays 5 in 飛盤)."""
        lodge = self.plate.lodge
        return lodge if (p == 5 and lodge is not None) else p

    def ring_pos(self, stem: str) -> int:
        """Ring position of an earth stem, the centre lodged by the 遁's 寄宮 in either layout."""
        p = self.earth[stem]
        return RING.index(LODGE[self.plate.dun] if p == 5 else p)


def _pair_rule(view: _View, table: Sequence[tuple[str, str, str, str, str]], source: str) -> list[Pattern]:
    """Patterns from a table of (heaven, earth, name, note, verdict); one per (name, palace, detail)."""
    index = _pair_index(tuple(table))
    found: dict[tuple[str, int, str], Pattern] = {}
    for p, h, e, label in view.pairs:
        for name, note, verdict in index.get((h, e), ()):
            detail = f"{label} {note}" if note else label
            found.setdefault((name, p, detail), Pattern(name, p, detail, source, verdict))
    return sorted(found.values(), key=lambda pat: (pat.palace, pat.name, pat.detail))


@lru_cache(maxsize=None)
def _pair_index(table: tuple[tuple[str, str, str, str, str], ...]) -> dict[tuple[str, str], tuple[tuple[str, str, str], ...]]:
    """A pair table indexed by (heaven, earth), rows kept in table order."""
    index: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for h, e, name, note, verdict in table:
        index.setdefault((h, e), []).append((name, note, verdict))
    return {k: tuple(v) for k, v in index.items()}


def _both_ways(rows: Sequence[tuple[str, str, str, str, str]]) -> tuple[tuple[str, str, str, str, str], ...]:
    out = []
    for a, b, name, note, verdict in rows:
        out.append((a, b, name, note, verdict))
        out.append((b, a, name, note, verdict))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Rules from 003_fd1aa30e5b7f2d13.txt


@_rule(PLATE, "天輔時")
def tian_fu_shi(plate: Plate) -> Pattern | None:
    """天輔時: a 六甲 hour.

    > 天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。此六時符使未分、奇儀安位 …
    > 凡值此時，宜雪冤理枉，解紛釋難，諸事皆吉。 (003_fd1aa30e5b7f2d13.txt)
    """
    if plate.hour % 10 == 0:
        return Pattern("天輔時", None, CYCLE[plate.hour], SOURCE_003, JI)
    return None


@_rule(PLATE, "伏吟")
def fu_yin(plate: Plate) -> list[Pattern] | None:
    """伏吟: 星伏 (the 直符 sent onto its own 儀) and 門伏 (the doors back in their own
    palaces); never on a 六甲 hour.

    > 凡星門各加臨於本位，即為伏吟，如蓬加蓬、休加休是也。 … 凡值二吟，不利舉動。
    > 是以六甲之時，符使各安其位，定而能靜，謂之遁甲，不為伏吟。
    > 嘗考六十時中，星伏惟六時：甲子值符戊辰時，甲戌直符己卯時 … 甲寅直符癸亥時 …
    > 凡六癸時為門伏 … 惟禽星直符多一庚時，任星、芮星直符多一丁時。 (003_fd1aa30e5b7f2d13.txt)

    星伏 is read as 時干 = 旬首儀 (the text's six hours); 門伏 physically (the door ring
    at home), which gives the six 癸 hours and exactly the text's 庚/丁 hours.
    Open question: in 轉盤 the star ring is also physically at home in 24 (遁, 局, 時)
    where the 儀 and the hour stem sit one in 5 and one in its 寄宮 (e.g. 陽1局 壬午);
    the text's count excludes them, and so does this rule.
    """
    if plate.hour % 10 == 0:
        return None
    out = []
    if STEMS[plate.hour % 10] == plate.xun_yi:
        out.append(Pattern("伏吟", None, "星伏", SOURCE_003, XIONG))
    if plate.door_turn == 0:
        out.append(Pattern("伏吟", None, "門伏", SOURCE_003, XIONG))
    return out or None


@_rule(PLATE, "反吟")
def fan_yin(plate: Plate) -> list[Pattern] | None:
    """反吟: stars (星反) or doors (門反) in the palaces opposite their own.

    > 凡星門各有定位，若加臨於對沖之位，即為反吟，如蓬加英、休臨景是也。 … 凡值二吟，不利舉動。
    > 反吟取沖，頭緒煩多，不能悉載，故未考定，於局中見之。 (003_fd1aa30e5b7f2d13.txt)

    轉盤 only: the ring turned by four.  Open question: 陶氏's flying plate never puts
    every star opposite its home ("陶氏圖中，有時干而無遁宮，故反伏二吟，支離舛謬"), so
    nothing is reported for `fei`.
    """
    if plate.hour % 10 == 0 or plate.layout != "zhuan":
        return None
    out = []
    if plate.star_turn == 4:
        out.append(Pattern("反吟", None, "星反", SOURCE_003, XIONG))
    if plate.door_turn == 4:
        out.append(Pattern("反吟", None, "門反", SOURCE_003, XIONG))
    return out or None


@_rule(CONTEXT, "五合時")
def wu_he_shi(ctx: PatternContext) -> Pattern | None:
    """五合時: the hour stem combines with the (reported) day stem.

    > 五合時者，時與日之干相合也。甲己相合、乙庚相合、丙辛相合、丁壬相合、戊癸相合為五合。
    > 凡值此時，吉神用事，凶煞退藏，故其吉與天輔時同。 (003_fd1aa30e5b7f2d13.txt)
    """
    d, h = ctx.day % 10, ctx.hour % 10
    if stems_combine(d, h):
        return Pattern("五合時", None, f"{STEMS[d]}日{STEMS[h]}時 {STEMS[min(d, h)]}{STEMS[max(d, h)]}相合",
                       SOURCE_003, JI)
    return None


#: 五不遇時 by day stem: "以庚加午逆行，越過戌亥 … 次以日干甲從庚上逆數其下".
WU_BU_YU = dict(zip(STEMS, ("庚午", "辛巳", "壬辰", "癸卯", "甲寅", "乙丑", "丙子", "丁酉", "戊申", "己未")))


@_rule(CONTEXT, "五不遇時")
def wu_bu_yu_shi(ctx: PatternContext) -> Pattern | None:
    """五不遇時: the table of the song (day stem → hour 干支; the hour stem overcomes the day's).

    > 五不遇時者，時干剋日干也。凡值此時，諸事不利。經曰：時干剋日有災厄，甲日從午逆數之，
    > 若到戌亥便越過，萬事如逢俱不宜。其法以庚加午逆行，越過戌亥，為時之定局。次以日干甲從
    > 庚上逆數其下，即本日五不遇時也。 … 逆數者，合論其干支，故曰：五不遇時。 (003_fd1aa30e5b7f2d13.txt)
    """
    day_stem = STEMS[ctx.day % 10]
    if WU_BU_YU[day_stem] == CYCLE[ctx.hour % 60]:
        return Pattern("五不遇時", None, f"{day_stem}日{CYCLE[ctx.hour % 60]}時", SOURCE_003, XIONG)
    return None


#: "凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓".
SHI_GAN_RU_MU = ("戊辰", "壬辰", "己未", "癸未", "辛丑")


@_rule(PLATE, "時干入墓")
def shi_gan_ru_mu(plate: Plate) -> Pattern | None:
    """時干入墓: the hours 戊辰 壬辰 己未 癸未 辛丑.

    > 凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓，不可用，以干囚於支也。舊本有戊、丙戌、丁、
    > 己丑四時，無戊辰、己未、辛丑三時，今改正之。 (003_fd1aa30e5b7f2d13.txt)
    """
    name = CYCLE[plate.hour]
    if name in SHI_GAN_RU_MU:
        return Pattern("時干入墓", None, name, SOURCE_003, XIONG)
    return None


#: "乙未、丙戌、丁丑三日時，謂之日時干三奇入墓".
SAN_QI_RU_MU = ("乙未", "丙戌", "丁丑")


@_rule(CONTEXT, "日時干三奇入墓")
def ri_shi_gan_san_qi_ru_mu(ctx: PatternContext) -> list[Pattern] | None:
    """日時干三奇入墓: the day or the hour is 乙未, 丙戌 or 丁丑 (reported for each).

    > 乙未、丙戌、丁丑三日時，謂之日時干三奇入墓，其凶與墓制同。 (003_fd1aa30e5b7f2d13.txt)
    """
    out = []
    for label, index in (("日", ctx.day), ("時", ctx.hour)):
        name = CYCLE[index % 60]
        if name in SAN_QI_RU_MU:
            out.append(Pattern("日時干三奇入墓", None, f"{name}{label}", SOURCE_003, XIONG))
    return out or None


#: 天網時 grade by the palace of the heaven 癸.
TIAN_WANG_GRADE = {4: "入墓 不宜出", 1: "低", 2: "低", 3: "低", 6: "觸冠 不宜出", 7: "高", 8: "高", 9: "高"}


@_rule(PLATE, "天網時")
def tian_wang_shi(plate: Plate) -> Pattern | None:
    """天網時: a 癸 hour; graded by the palace of the heaven 癸.

    > 天網時者，八門臨伏之時，即癸酉、癸未、癸巳、癸卯、癸丑、癸亥六時也。 … 如值此時，諸事不利 …
    > 視天上癸臨何宮：臨四宮為入墓，不宜出；臨一二三宮為低，臨六宮為觸冠，不宜出；臨七八九宮為高。
    > (003_fd1aa30e5b7f2d13.txt)

    Open question: in 陶氏飛盤 the heaven 癸 can stand in 5, which the text does not grade.
    """
    if plate.hour % 10 != 9:
        return None
    palace = next(p for p in range(1, 10) if "癸" in plate.palaces[p].heaven_stems)
    return Pattern("天網時", palace, f"天上癸臨{palace}宮 {TIAN_WANG_GRADE.get(palace, '')}".rstrip(),
                   SOURCE_003, XIONG)


@_rule(PLATE, "天網四張")
def tian_wang_si_zhang(plate: Plate) -> Pattern | None:
    """天網四張: the 癸亥 hour with the earth 癸 in 中五 (陽九局, 陰一局).

    > 凡癸亥時為天網四張，東西南北，皆無路可出，惟陽九局、陰一局有之。經曰：天網四張，萬物盡傷，
    > 強有出者，必罹其殃。 (003_fd1aa30e5b7f2d13.txt)
    """
    if CYCLE[plate.hour] == "癸亥" and plate.earth_palace("癸") == 5:
        return Pattern("天網四張", None, "癸亥時 癸在中五", SOURCE_003, XIONG)
    return None


JI_DOORS = ("開門", "休門", "生門")
SAN_QI = ("乙", "丙", "丁")


@_rule(PLATE, "三奇得使", "得使遇甲")
def san_qi_de_shi(plate: Plate) -> list[Pattern] | None:
    """三奇得使: the 直使 is a 吉門 (開 休 生) of its own palace and is walked onto an earth 奇;
    得使遇甲: the 直符 is sent to that same seat.

    > 三奇得使者，謂得三吉門、直使加奇也。凡開、休、生加乙、丙。丁為吉門合三奇，利為百事。
    > 更得吉門作直使為得使，謀為尤利。 (003_fd1aa30e5b7f2d13.txt)
    > 甲遇者，謂得使之時，復遇直使之甲加之，其吉更倍 … 且得使遇甲，惟丙辰、丁酉二時有之，陰陽二局
    > 僅各三見 (003_fd1aa30e5b7f2d13.txt)

    Judged at the seats (before lodging; 5 is its own seat, holding the centre stem): the
    text's "二局五宮" (陰二局 丁酉, 丁 in 5) needs it.  The door the centre borrows (旬首
    in 5) is not "吉門作直使": the text's twelve 遇甲 cases need that too.
    """
    if plate.hour % 10 == 0 or plate.zhi_shi not in JI_DOORS:
        return None
    view = _view(plate)
    if view.earth[plate.xun_yi] == 5:
        return None
    seat = plate.zhi_shi_seat
    qi = next((q for q in SAN_QI if view.earth[q] == seat), None)
    if qi is None:
        return None
    where = f" (中五寄{plate.zhi_shi_palace})" if seat != plate.zhi_shi_palace else ""
    out = [Pattern("三奇得使", plate.zhi_shi_palace, f"{plate.zhi_shi}加{qi}{where}", SOURCE_003, JI)]
    if plate.zhi_fu_seat == seat:
        out.append(Pattern("得使遇甲", plate.zhi_shi_palace, f"{qi}奇得使 {plate.zhi_fu}直符同臨{where}",
                           SOURCE_003, JI))
    return out


#: The two 儀 each 奇 travels between: "乙遊己辛，丙遊戊庚，丁遊壬癸".
QI_YI = {"乙": ("己", "辛"), "丙": ("戊", "庚"), "丁": ("壬", "癸")}


@_rule(PLATE, "三奇游六儀")
def san_qi_you_liu_yi(plate: Plate) -> Pattern | None:
    """三奇游六儀: the hour stem is a 奇, the 旬首's 儀 is one of its two 儀, and on the earth
    plate the 奇 sits between those two 儀 at equal ring distance (1, or 2).

    > 三奇游六儀者，謂奇間於儀中，儀加奇、而奇復遊其儀也。左儀加奇，則奇游於右儀；右儀加奇，則奇游
    > 於左儀。乙遊己辛，丙遊戊庚，丁遊壬癸，必為當旬直符來加方是。假如陽一局，乙奇在九宮、甲午辛在
    > 四宮居右，甲戌己在二宮居左。若乙亥時，甲戌直符來加乙於九宮，則乙遊於右儀之辛 … 丙丁仿此，
    > 左右間一宮者亦是，如陽三局乙奇是也。 (003_fd1aa30e5b7f2d13.txt)

    The ring positions are taken with the centre lodged (the earth plate is the same in both
    layouts).  Unequal distances do not count: "陽七局 … 惟丙奇見" needs that (丁 has 壬 at
    two steps and 癸 at one).
    Open question: the text's "陽一四七局 … 惟丙奇見" is read 陽二四七 (its mirror 陰八六三).
    """
    qi = STEMS[plate.hour % 10]
    if qi not in QI_YI or plate.xun_yi not in QI_YI[qi]:
        return None
    view = _view(plate)
    a, b = QI_YI[qi]
    pos = {s: view.ring_pos(s) for s in (qi, a, b)}
    da, db = (pos[a] - pos[qi]) % 8, (pos[b] - pos[qi]) % 8
    if da + db == 8 and min(da, db) in (1, 2):
        other = b if plate.xun_yi == a else a
        return Pattern("三奇游六儀", view.lodged(view.earth[qi]), f"{plate.xun_yi}加{qi} {qi}遊{other}",
                       SOURCE_003, JI)
    return None


@_rule(PLATE, "玉女守門")
def yu_nu_shou_men(plate: Plate) -> Pattern | None:
    """玉女守門: the 直使 is walked onto the earth 丁's own palace (seat, before lodging).

    > 玉女守門者，地盤六丁守直使之門也。甲子直符庚午時、甲戌直符己卯時、甲申直符戊子時、甲午直符丁酉時、
    > 甲辰直符丙午時、甲寅直符乙卯時，值此六時則直使遁於丁奇所在之宮 … 此時利謀秘密、陰私之事
    > (003_fd1aa30e5b7f2d13.txt)
    """
    if plate.hour % 10 == 0 or plate.zhi_shi_seat != _view(plate).earth["丁"]:
        return None
    where = f" (中五寄{plate.zhi_shi_palace})" if plate.zhi_shi_seat != plate.zhi_shi_palace else ""
    return Pattern("玉女守門", plate.zhi_shi_palace, f"{plate.zhi_shi}臨丁{where}", SOURCE_003, JI)


#: 迫: the palaces whose phase each door overcomes.
PO_PALACES = {"開門": (3, 4), "休門": (9,), "生門": (1,), "景門": (6, 7), "傷門": (2, 8), "杜門": (2, 8),
              "死門": (1,), "驚門": (3, 4)}


@_rule(PLATE, "迫")
def po_men(plate: Plate) -> list[Pattern] | None:
    """迫: a door in a palace whose phase it overcomes.

    > 迫者，門制其宮也。開門臨三、四宮，休門臨九宮，生門臨一宮，景門臨六、七宮，傷、杜二門臨二、八宮，
    > 死門臨一宮，驚門臨三、四宮，凡此為迫，不利諸事。 (003_fd1aa30e5b7f2d13.txt)
    """
    out = [Pattern("迫", p, f"{door}臨{p}宮", SOURCE_003, XIONG)
           for p in range(1, 10)
           if (door := plate.palaces[p].door) is not None and p in PO_PALACES[door]]
    return out or None


#: 奇墓 and 奇制 palaces of the heaven 奇.
QI_MU = {"乙": (2,), "丙": (6,), "丁": (6,)}
QI_ZHI = {"乙": (6, 7), "丙": (1,), "丁": (1,)}


@_rule(PLATE, "奇墓")
def qi_mu(plate: Plate) -> list[Pattern] | None:
    """奇墓: heaven 乙 in 2, heaven 丙 or 丁 in 6.

    > 奇墓者，乙奇臨二宮，丙奇、丁奇臨六宮也。二宮藏未，六宮藏戌，乙木墓於未，丙丁火墓於戌 …
    > 墓則氣絕，不利舉動，動即有凶 (003_fd1aa30e5b7f2d13.txt)
    """
    view = _view(plate)
    out = [Pattern("奇墓", p, f"{q}奇臨{p}宮", SOURCE_003, XIONG)
           for q in SAN_QI for p in view.heaven.get(q, ()) if p in QI_MU[q]]
    return out or None


@_rule(PLATE, "奇制")
def qi_zhi(plate: Plate) -> list[Pattern] | None:
    """奇制: heaven 乙 in 6 or 7 (木制於金), heaven 丙 or 丁 in 1 (火制於水).

    > 奇制者，乙奇臨六、七宮，木制於金；丙丁奇臨一宮，火制於水也。三奇受制，占與墓同。
    > (003_fd1aa30e5b7f2d13.txt)
    """
    view = _view(plate)
    out = [Pattern("奇制", p, f"{q}奇臨{p}宮", SOURCE_003, XIONG)
           for q in SAN_QI for p in view.heaven.get(q, ()) if p in QI_ZHI[q]]
    return out or None


#: 擊刑: the palace each heaven 儀 must stand in.
JI_XING = {"戊": 3, "己": 2, "庚": 8, "辛": 9, "壬": 4, "癸": 4}
#: The 旬首 each 儀 hides.
YI_XUN = {"戊": "甲子", "己": "甲戌", "庚": "甲申", "辛": "甲午", "壬": "甲辰", "癸": "甲寅"}


@_rule(PLATE, "擊刑")
def ji_xing(plate: Plate) -> list[Pattern] | None:
    """擊刑: heaven 戊 in 3, 己 in 2, 庚 in 8, 辛 in 9, 壬 or 癸 in 4 (any heaven 儀; the
    detail marks the 直符).

    > 甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。
    > … 凡值此時最凶，不宜舉動百事 … 一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。 (003_fd1aa30e5b7f2d13.txt)
    > 且甲子直符臨震宮名擊刑 (003_fd1aa30e5b7f2d13.txt)

    Open question: the variant of "一本" is not used.
    """
    view = _view(plate)
    out = []
    for yi, palace in JI_XING.items():
        if palace in view.heaven.get(yi, ()):
            detail = f"{YI_XUN[yi]}{yi}儀加{palace}宮" + (" 直符" if yi == plate.xun_yi else "")
            out.append(Pattern("擊刑", palace, detail, SOURCE_003, XIONG))
    return out or None


#: 刑/德 branches of each three-氣 group, the group named by its first 氣 (冬至 小寒 大寒 …).
XING_DE_GROUPS = ("冬至", "立春", "春分", "立夏", "夏至", "立秋", "秋分", "立冬")
DE_XING = {"冬至": ("卯", "酉"), "夏至": ("酉", "卯"), "春分": ("午", "子"), "秋分": ("子", "午"),
           "立春": ("辰", "戌"), "立秋": ("戌", "辰"), "立夏": ("未", "丑"), "立冬": ("丑", "未")}
#: The 三甲 旬 of each 元: 上元 仲甲 (甲子 甲午), 中元 孟甲 (甲寅 甲申), 下元 季甲 (甲辰 甲戌).
SAN_JIA = {"上": ("仲甲", ("甲子", "甲午")), "中": ("孟甲", ("甲寅", "甲申")), "下": ("季甲", ("甲辰", "甲戌"))}


def qi_group(k: int) -> str:
    """The three-氣 group (named by 冬至 立春 春分 …) of the term with longitude index k."""
    return XING_DE_GROUPS[((k - 18) % 24) // 3]


def xing_de_zai_men(hour: int, yuan: str, ju_term: int) -> str:
    """"德" or "刑" when 德/刑 is 在門 at this hour, else "".

    Read as: an hour of one of the 元's two 三甲 直符 旬 whose branch is the 德 (刑) branch
    of the governing term's group.  This gives the text's five 德 and five 刑 per 三元 and
    every one of its 旬 statements (READING-qimen.md §4).
    """
    if CYCLE[xun_shou(hour)] not in SAN_JIA[yuan][1]:
        return ""
    de, xing = DE_XING[qi_group(ju_term)]
    branch = BRANCHES[hour % 12]
    return "德" if branch == de else "刑" if branch == xing else ""


@_rule(CONTEXT, "刑德開闔")
def xing_de_kai_he(ctx: PatternContext) -> Pattern:
    """刑德開闔: 陽星 直符 opens, 陰星 closes; 德在門 makes 陽 盡開 / 陰 半開, 刑在門 陽 半闔 /
    陰 盡闔.

    > 冬至德在卯、刑在酉；夏至德在酉、刑在卯；春分德在午、刑在子；秋分德在子、刑在午；立春德在辰、刑在戌；
    > 立秋德在戌、刑在辰；立夏德在未、刑在丑；立冬德在丑、刑在未。凡刑德所在，三氣共之。 …
    > 蓬任沖輔禽之陽星，凡五陽星加時為開；英芮柱心謂之陰星，凡四陰星加時為闔。
    > 凡德在門之時，陽星加之為盡開，陰星加之為半開；刑在門之時，陽星加之為半闔，陰星加之為盡闔。
    > 德在門之時，宜動宜戰；刑在門之時，宜靜宜守。 (003_fd1aa30e5b7f2d13.txt)

    Open question: the group is taken from the term whose 局 is used (`ju_term`).
    """
    plate = ctx.plate
    yang = plate.zhi_fu in YANG_STARS
    group = qi_group(ctx.ju_term)
    de, xing = DE_XING[group]
    zai = xing_de_zai_men(ctx.hour, ctx.yuan, ctx.ju_term)
    if zai == "德":
        state, verdict = ("德在門 盡開" if yang else "德在門 半開"), JI
    elif zai == "刑":
        state, verdict = ("刑在門 半闔" if yang else "刑在門 盡闔"), XIONG
    else:
        state, verdict = ("開" if yang else "闔"), NEUTRAL
    detail = f"{plate.zhi_fu}{'陽星' if yang else '陰星'} {state} ({group}三氣 德{de} 刑{xing})"
    return Pattern("刑德開闔", plate.zhi_fu_palace, detail, SOURCE_003, verdict)


@_rule(CONTEXT, "三甲")
def san_jia(ctx: PatternContext) -> Pattern | None:
    """三甲: an hour of the 元's 三甲 直符 旬, with 德/刑在門.

    > 三甲者，孟甲、仲甲、季甲也。凡上元入局，甲子、甲午直符為仲甲；中元入局，甲寅、甲申直符為孟甲；
    > 下元入局，甲辰、甲戌直符為季甲。三元三甲直符之時，舉事視刑德為動靜，將兵視刑德為戰守，皆以在門
    > 決之。在門者，刑德在直使之門也。 (003_fd1aa30e5b7f2d13.txt)
    """
    label, xuns = SAN_JIA[ctx.yuan]
    xun = CYCLE[xun_shou(ctx.hour % 60)]
    if xun not in xuns:
        return None
    zai = xing_de_zai_men(ctx.hour % 60, ctx.yuan, ctx.ju_term)
    verdict = JI if zai == "德" else XIONG if zai == "刑" else NEUTRAL
    detail = f"{ctx.yuan}元 {label} {xun}直符" + (f" {zai}在門" if zai else "")
    return Pattern("三甲", None, detail, SOURCE_003, verdict)


#: Palace of each branch: 子1 丑寅8 卯3 辰巳4 午9 未申2 酉7 戌亥6.
BRANCH_PALACE = dict(zip(BRANCHES, (1, 8, 8, 3, 4, 4, 9, 2, 2, 7, 6, 6)))


_YOU_SAN_CACHE: dict[tuple, tuple[Pattern, ...]] = {}


@_rule(CONTEXT, "遊三避五")
def you_san_bi_wu(ctx: PatternContext) -> tuple[Pattern, ...]:
    """遊三避五: 日遊避 (生氣 three branches back from the day, 死氣 five ahead, counting the
    day itself) and 符遊避 (生氣 丙, 死氣 庚: three stems after 甲, five before).

    > 一日遊避時，以十二支環列，日後三辰為生氣，日前五辰為死氣，謂逆三時干生日干，順五時干受日干之克也。
    > 一符遊避時，以十干環列，取符前三干為生氣，符後五干為死氣，謂逆五時干克符干，順三時干受符干之生也。
    > 凡生氣所在之方，不合奇門，亦宜遊；死氣所在之方，即合奇門，亦宜避。故曰：遊三避五。
    > (003_fd1aa30e5b7f2d13.txt)

    The 符干 is 甲 ("奇門以尊甲立義"; 林氏 "直符加丙為遊三，加戊為避五"); 丙 and 庚 are placed
    at their earth palaces (centre lodged).  Uses the reported day pillar.
    """
    key = (ctx.plate.key, ctx.day % 12)
    cached = _YOU_SAN_CACHE.get(key)
    if cached is None:
        cached = _YOU_SAN_CACHE[key] = _ri_you_bi(ctx.day % 12) + _fu_you_bi(ctx.plate)
    return cached


@lru_cache(maxsize=None)
def _ri_you_bi(day_branch: int) -> tuple[Pattern, Pattern]:
    """日遊避: 生氣 two branches back from the day's (three counting the day), 死氣 four ahead (five)."""
    sheng, si = BRANCHES[(day_branch - 2) % 12], BRANCHES[(day_branch + 4) % 12]
    return (
        Pattern("遊三避五", BRANCH_PALACE[sheng], f"日遊避 生氣{sheng} 宜遊", SOURCE_003, JI),
        Pattern("遊三避五", BRANCH_PALACE[si], f"日遊避 死氣{si} 宜避", SOURCE_003, XIONG),
    )


def _fu_you_bi(plate: Plate) -> tuple[Pattern, Pattern]:
    """符遊避: 生氣 丙 and 死氣 庚 at their earth palaces (the centre lodged); once per plate."""
    view = _view(plate)
    bing, geng = view.lodged(view.earth["丙"]), view.lodged(view.earth["庚"])
    return _fu_you_bi_at(bing, geng)


@lru_cache(maxsize=None)
def _fu_you_bi_at(bing: int, geng: int) -> tuple[Pattern, Pattern]:
    return (
        Pattern("遊三避五", bing, "符遊避 生氣丙 宜遊", SOURCE_003, JI),
        Pattern("遊三避五", geng, "符遊避 死氣庚 宜避", SOURCE_003, XIONG),
    )


# ---------------------------------------------------------------------------------------
# Rules from 000_4b5dcee18d5e7425.txt

BO_GE = (
    ("丙", "庚", "勃飛", "伏干", XIONG),
    ("庚", "丙", "勃伏", "飛干", XIONG),
    ("庚", "甲", "格飛", "伏干", XIONG),
    ("甲", "庚", "格伏", "飛干", XIONG),
)


@_rule(PLATE, "勃飛", "勃伏", "格飛", "格伏")
def bo_ge(plate: Plate) -> list[Pattern] | None:
    """勃飛 丙加庚, 勃伏 庚加丙, 格飛 庚加甲, 格伏 甲加庚.

    > 丙為勃，凡丙加庚為勃飛，亦名伏干；庚加丙為勃伏，亦名飛干。 … 庚為格，凡庚加甲為格飛，亦名伏干；
    > 甲加庚為格伏，亦名飛干。 (000_4b5dcee18d5e7425.txt)
    > 勃者亂逆也，格者閉塞也。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), BO_GE, SOURCE_000) or None


XING = (("庚", "癸", "刑", "", XIONG), ("丙", "己", "刑", "", XIONG))


@_rule(PLATE, "刑")
def xing(plate: Plate) -> list[Pattern] | None:
    """刑: 庚加癸, 丙加己 (this direction only).

    > 庚加癸為刑，丙加己為刑，盜氣同也。 … 凡值此時，不利有為。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), XING, SOURCE_000) or None


PO = _both_ways((("庚", "丁", "破", "", XIONG), ("丙", "壬", "破", "", XIONG)))


@_rule(PLATE, "破")
def po(plate: Plate) -> list[Pattern] | None:
    """破: 庚 and 丁, or 丙 and 壬, either on the other.

    > 庚丁相加為破，丙壬相加為破，沖制異也。凡值此時，不利有為。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), PO, SOURCE_000) or None


QI_GE = _both_ways((("庚", "丙", "奇格", "賊格", NEUTRAL), ("庚", "丁", "奇格", "破格", NEUTRAL),
                    ("庚", "乙", "奇格", "合格", NEUTRAL)))


@_rule(PLATE, "奇格")
def qi_ge(plate: Plate) -> list[Pattern] | None:
    """奇格 (賊格 庚丙, 破格 庚丁, 合格 庚乙, either way).

    > 奇格者，謂奇有三格也：庚丙相加為賊格，庚丁相加為破格，庚乙相加為合格。所云格者，乃格局之格，
    > 非格對之格也。 (000_4b5dcee18d5e7425.txt)

    Verdict "": the text names the three 格 without judging them.
    """
    return _pair_rule(_view(plate), QI_GE, SOURCE_000) or None


ER_JI = _both_ways((("丁", "甲", "陰陽化氣", "", JI), ("丁", "乙", "龍鳳呈祥", "", JI)))


@_rule(PLATE, "陰陽化氣", "龍鳳呈祥")
def er_ji(plate: Plate) -> list[Pattern] | None:
    """二吉: 陰陽化氣 (丁甲), 龍鳳呈祥 (丁乙), either way.

    > 丁甲相加，為陰陽化氣；丁乙相加，為龍鳳呈祥。凡值此二格，利為百事。 … 化氣呈祥二格，一切謀為俱吉，
    > 不必合奇門亦吉，故曰二吉。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), ER_JI, SOURCE_000) or None


SI_XIONG = _both_ways((("甲", "乙", "二龍戰野", "", XIONG), ("庚", "辛", "二虎爭雄", "", XIONG),
                       ("甲", "戊", "青龍困頓", "", XIONG), ("庚", "壬", "白虎迍邅", "", XIONG)))


@_rule(PLATE, "二龍戰野", "二虎爭雄", "青龍困頓", "白虎迍邅")
def si_xiong(plate: Plate) -> list[Pattern] | None:
    """四凶: 二龍戰野 (甲乙), 二虎爭雄 (庚辛), 青龍困頓 (甲戊), 白虎迍邅 (庚壬), either way.

    > 甲乙相加，為二龍戰野；庚辛相加，為二虎爭雄；甲戊相加，為青龍困頓；庚壬相加，為白虎迍邅。
    > 凡值此四格，百事不利。 (000_4b5dcee18d5e7425.txt)
    """
    return _pair_rule(_view(plate), SI_XIONG, SOURCE_000) or None


#: Phase of each star: "九星蓬水、英火、沖輔木、任芮禽土、柱心金".
STAR_PHASE = {"天蓬": "水", "天英": "火", "天沖": "木", "天輔": "木", "天任": "土", "天芮": "土", "天禽": "土",
              "天心": "金", "天柱": "金"}
_PHASES = "木火土金水"
#: Star state by (phase of the month − phase of the star) in generating steps.
STAR_STATE = {1: "旺", 0: "相", 2: "休", 3: "囚", 4: "廢"}
#: Door states round the ring (休 生 傷 杜 景 死 驚 開) from the 旺 door.
DOOR_STATES = ("旺", "絕", "胎", "沒", "死", "囚", "休", "廢")
_RING_DOORS = tuple(DOORS[p] for p in RING)


def star_state(star: str, month_branch: int) -> str:
    """旺相休囚廢 of a star in the month of `month_branch` (我生旺, 同相, 我克休, 克我囚, 生我廢)."""
    diff = (_PHASES.index(BRANCH_PHASE[month_branch]) - _PHASES.index(STAR_PHASE[star])) % 5
    return STAR_STATE[diff]


def door_state(door: str, ju_term: int) -> str:
    """旺絕胎沒死囚休廢 of a door in the 八節 group of the term `ju_term` (冬至 三氣 休門旺 …)."""
    start = XING_DE_GROUPS.index(qi_group(ju_term))
    return DOOR_STATES[(_RING_DOORS.index(door) - start) % 8]


#: The same two rules as tables, for the per-chart path: (star, month branch) and (door, term).
STAR_STATES = {(s, b): star_state(s, b) for s in STAR_PHASE for b in range(12)}
DOOR_STATES_BY_GROUP = {(d, qi_group(k)): door_state(d, k) for d in _RING_DOORS for k in range(24)}


_QI_YING_CACHE: dict[tuple, tuple[Pattern, ...]] = {}


@_rule(CONTEXT, "氣應")
def qi_ying(ctx: PatternContext) -> tuple[Pattern, ...]:
    """氣應: per palace, the state of its star(s) by the month and of its door by the 節.

    > 氣應者，符使之行，旺相休囚，與氣相應也。九星蓬水、英火、沖輔木、任芮禽土、柱心金，皆以我生之月為旺，
    > 我同之月為相，我克之月為休，克我之月為囚，生我之月為廢。如水星旺於寅卯月、相於亥子月、休於四五月、
    > 囚於辰戌丑未月、廢於申酉月是也 … 八門氣應法，以旺、絕、胎、沒、死、囚、休、廢環列，逐節以本門
    > 加於旺地審之。如冬至三氣，以休門加旺，則生門絕，傷門胎，杜門沒，景門死，死門囚，驚門休，開門廢是也
    > (000_4b5dcee18d5e7425.txt)

    Stars by the month pillar's branch; doors by the three-氣 group of the governing term
    (冬至 休 旺, 立春 生, 春分 傷, 立夏 杜, 夏至 景, 立秋 死, 秋分 驚, 立冬 開).
    Open question: "逐節" could mean the 節 in force rather than the term whose 局 is used.
    """
    month_branch, group = ctx.month % 12, qi_group(ctx.ju_term)
    key = (ctx.plate.key, month_branch, group)
    cached = _QI_YING_CACHE.get(key)
    if cached is None:
        cached = _QI_YING_CACHE[key] = tuple(
            _qi_ying_palace(p, stars, door, month_branch, group) for p, stars, door in _view(ctx.plate).cells
        )
    return cached


@lru_cache(maxsize=None)
def _qi_ying_palace(p: int, stars: tuple[str, ...], door: str | None, month_branch: int, group: str) -> Pattern:
    """氣應 of one palace: its star(s) by the month branch, its door by the 三氣 group."""
    parts = [s + STAR_STATES[s, month_branch] for s in stars]
    if door is not None:
        parts.append(door + DOOR_STATES_BY_GROUP[door, group])
    return Pattern("氣應", p, " ".join(parts), SOURCE_000, NEUTRAL)


#: "甲為天輔青龍，乙為天德蓬星，丙為明堂天威，丁為太陰玉女，戊為天武天門，己為地戶六合，庚為天獄天伐，
#: 辛為天庭天尉，壬為天牢天廩，癸為天藏華蓋。"
SHI_GAN_SHEN = dict(zip(STEMS, ("天輔青龍", "天德蓬星", "明堂天威", "太陰玉女", "天武天門", "地戶六合", "天獄天伐",
                                "天庭天尉", "天牢天廩", "天藏華蓋")))


@_rule(PLATE, "十干神名")
def shi_gan_shen_ming(plate: Plate) -> list[Pattern]:
    """十干神名: the name of each earth stem of a palace, and 甲 (天輔青龍) where the 旬首's 儀 is.

    > 甲為天輔青龍，乙為天德蓬星，丙為明堂天威，丁為太陰玉女，戊為天武天門，己為地戶六合，庚為天獄天伐，
    > 辛為天庭天尉，壬為天牢天廩，癸為天藏華蓋。 (000_4b5dcee18d5e7425.txt)
    > 如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮 … 還於正北甲子上居青龍
    > (000_4b5dcee18d5e7425.txt)
    """
    return _shen_ming(tuple(plate.palaces[p].earth_stems for p in range(1, 10)), plate.xun_yi)


@lru_cache(maxsize=None)
def _shen_ming(earth: tuple[tuple[str, ...], ...], xun_yi: str) -> tuple[Pattern, ...]:
    """十干神名 of an earth plate (per palace 1–9) with 甲 hidden under `xun_yi`."""
    out = []
    for p, stems in enumerate(earth, 1):
        parts = [f"{s} {SHI_GAN_SHEN[s]}" for s in stems]
        if xun_yi in stems:
            parts.append(f"甲 {SHI_GAN_SHEN['甲']}")
        out.append(Pattern("十干神名", p, "；".join(parts), SOURCE_000, NEUTRAL))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Registry

#: Every rule, in report order.
PATTERNS: tuple[Callable[..., Result], ...] = (
    tian_fu_shi, fu_yin, fan_yin, wu_he_shi, wu_bu_yu_shi, shi_gan_ru_mu, ri_shi_gan_san_qi_ru_mu,
    tian_wang_shi, tian_wang_si_zhang, san_qi_de_shi, san_qi_you_liu_yi, yu_nu_shou_men,
    po_men, qi_mu, qi_zhi, ji_xing, bo_ge, xing, po, qi_ge, er_ji, si_xiong,
    xing_de_kai_he, san_jia, you_san_bi_wu, qi_ying, shi_gan_shen_ming,
)

#: Every name a rule can emit (for `--where`).
PATTERN_NAMES: tuple[str, ...] = tuple(name for fn in PATTERNS for name in fn.names)  # type: ignore[attr-defined]

_VIEWS: dict[tuple, _View] = {}
_PLATE_RESULTS: dict[tuple, tuple[tuple[Pattern, ...] | None, ...]] = {}


def _view(plate: Plate) -> _View:
    view = _VIEWS.get(plate.key)
    if view is None:
        view = _VIEWS[plate.key] = _View(plate)
    return view


def _flat(result: Result) -> tuple[Pattern, ...]:
    if result is None:
        return ()
    if isinstance(result, Pattern):
        return (result,)
    return tuple(result)


def plate_patterns(plate: Plate) -> tuple[tuple[Pattern, ...] | None, ...]:
    """Per registry entry: the plate-only rule's patterns (cached), None for context rules."""
    cached = _PLATE_RESULTS.get(plate.key)
    if cached is None:
        cached = _PLATE_RESULTS[plate.key] = tuple(
            _flat(fn(plate)) if fn.scope == PLATE else None for fn in PATTERNS  # type: ignore[attr-defined]
        )
    return cached


def find_pattern_groups(ctx: PatternContext) -> tuple[tuple[Pattern, ...], ...]:
    """Per registry entry, the patterns it finds (plate-only entries are shared, cached tuples)."""
    return tuple(
        _flat(fn(ctx)) if found is None else found
        for fn, found in zip(PATTERNS, plate_patterns(ctx.plate))
    )


def flatten(groups: tuple[tuple[Pattern, ...], ...]) -> tuple[Pattern, ...]:
    return tuple(p for group in groups for p in group)


def find_patterns(ctx: PatternContext) -> tuple[Pattern, ...]:
    """Every pattern of the chart, in registry order."""
    return flatten(find_pattern_groups(ctx))
