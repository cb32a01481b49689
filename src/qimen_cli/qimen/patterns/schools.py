"""The schools the texts record and keep but do not follow (`cast --school`), never the default.

003_fd1aa30e5b7f2d13.txt sets its 古法 against 三氏 (李氏 奇門真傳, 林氏 奇門, 陶氏 遁甲神書)
and records their variants, some with "存之以備博洽之考"; 000_4b5dcee18d5e7425.txt records
what 諸書 call 大格/小格/刑格/奇格.  Each variant here is one small function, registered with
`school_rule` in `SCHOOL_RULES` (apart from the default `REGISTRY`: the default chart, `--where`
and `qimen patterns` do not see them).  Each pattern carries the school that produced it
(`Pattern.school`): "sanshi" where the text gives the variant to the three together (三氏諸書,
三氏俱, 李 … 林陶因之), "li", "lin" or "tao" where it names one school, "zhushu" for 諸書.

`--school` takes one value (`SCHOOLS`): gu (the default, nothing added), li, lin, tao (that
school's variants and the 三氏 ones), sanshi (all three schools' variants), zhushu (000's
諸書), yiben (the 一本 003 cites for 擊刑 and accepts: "亦是") or huoju (000's 十八圖活局: the 轉盤 with 五專寄坤, `PLATE_OF_SCHOOL`; every rule of the
texts' own then runs on that plate, and no variant is added).  docs/decisions.md ("The
recorded schools") lists the lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import TypeVar

from ...calendar.ganzhi import CYCLE, STEMS, XUN_YI, stems_combine
from ...records import frozen
from ...texts import SOURCE_000, SOURCE_003
from ..plates import KUN, YANG_STARS, Plate
from .core import JI, NEUTRAL, XIONG, Pattern, PatternContext, Result, _pair_rule, _view, at_rest, flat
from .hours import yu_nu_shou_men

#: The values of `cast --school`; "gu" (the author's 古法) adds nothing.
SCHOOLS = ("gu", "li", "lin", "tao", "sanshi", "zhushu", "yiben", "huoju")
#: The schools whose variants each `--school` value turns on ("sanshi": given to the three together).
SCHOOL_SETS: dict[str, frozenset[str]] = {
    "gu": frozenset(),
    "li": frozenset({"li", "sanshi"}),
    "lin": frozenset({"lin", "sanshi"}),
    "tao": frozenset({"tao", "sanshi"}),
    "sanshi": frozenset({"li", "lin", "tao", "sanshi"}),
    "zhushu": frozenset({"zhushu"}),
    "yiben": frozenset({"yiben"}),
    "huoju": frozenset(),
}
#: The schools that draw their own plate: their layout for `plates.build_plate` (in place of zhuan).
PLATE_OF_SCHOOL = {"huoju": KUN}


@frozen
class SchoolRule:
    """One recorded variant: `fn` (ctx → patterns), the pattern `names` it emits, the
    `school` that produces them, and the seed file and line (1-based) of its quote."""

    fn: Callable[[PatternContext], Result]
    names: tuple[str, ...]
    school: str
    source: str
    line: int


#: Every recorded variant, in report order (after the default rules).
SCHOOL_RULES: list[SchoolRule] = []


#: A recorded variant's function (ctx → its Result), as `school_rule` registers it.
SchoolFn = TypeVar("SchoolFn", bound=Callable[[PatternContext], Result])


def school_rule(*names: str, school: str, source: str, line: int) -> Callable[[SchoolFn], SchoolFn]:
    """Register a variant of `school` emitting `names` (see `SchoolRule`)."""

    def mark(fn: SchoolFn) -> SchoolFn:
        SCHOOL_RULES.append(SchoolRule(fn, names, school, source, line))
        return fn

    return mark


def _p(name: str, palace: int | None, detail: str, source: str, verdict: str, school: str) -> Pattern:
    return Pattern(name, palace, detail, source, verdict, school)


# --- 三氏: 三甲 and 刑德在門 ---------------------------------------------------------------

#: The 三甲 of each 旬 as 三氏 name them: 孟甲 (甲寅 甲申), 仲甲 (甲子 甲午), 季甲 (甲辰 甲戌).
MENG_ZHONG_JI = {"甲寅": "孟", "甲申": "孟", "甲子": "仲", "甲午": "仲", "甲辰": "季", "甲戌": "季"}
#: What 三氏 make of each: (detail, verdict).
SANSHI_SAN_JIA = {
    "仲": ("刑德在門 主客皆不利 惟宜退藏隱伏", XIONG),
    "孟": ("陽在內陰在外 利主 宜堅壁守城", NEUTRAL),
    "季": ("陰在內陽在外 利客 宜提兵動眾", NEUTRAL),
}
#: 六甲之時: (陽星?, 孟/仲/季) → 開闔; 陰星合仲 is not given by the text.
SANSHI_KAI_HE = {
    (True, "孟"): "內開外闔", (True, "仲"): "半開半闔", (True, "季"): "外開內闔",
    (False, "孟"): "內半開外盡闔", (False, "季"): "外半開內盡闔",
}


@school_rule("三甲", "刑門", school="sanshi", source=SOURCE_003, line=71)
def sanshi_san_jia(ctx: PatternContext) -> tuple[Pattern, ...]:
    """三氏 三甲: every hour of a 旬 is 孟甲, 仲甲 or 季甲 by its 直符; 仲甲 is 刑德在門; at
    the 六甲 hours the 直符 star opens or closes by 孟/仲/季; 甲申庚 is 刑門.

    > 三氏諸書，以仲甲為刑德在門，此時主客皆不利，惟宜退藏隱伏。孟甲為陽在內，陰在外，此時利主，宜堅壁守城。
    > 季甲為陰在內、陽在外，此時利客宜提兵動眾。又以甲申庚為刑門。又注六甲之時，陽星合孟、內開外闔，
    > 合仲半開半闔，合季外開內闔。陰星合孟，內半開、外盡闔。合季外半開、內盡闔。不知何所取義，存之以備博洽之考。
    > (003_fd1aa30e5b7f2d13.txt)

    Open question: the text does not tie 三氏's 三甲 to the 元 (the author's 三甲 is: 上元
    仲甲 …); here every 旬 is named by its 直符 whatever the 元.  陰星合仲 is not stated, so
    no 開闔 is given for it.  "甲申庚為刑門" is reported at every hour of the 甲申 旬, at the
    直使's palace (the 門 of the 直符 庚).
    """
    return _sanshi_san_jia(ctx.plate)


def _sanshi_san_jia(plate: Plate) -> tuple[Pattern, ...]:
    xun = plate.xun_shou
    kind = MENG_ZHONG_JI[xun]
    words, verdict = SANSHI_SAN_JIA[kind]
    detail = f"{kind}甲 {xun}直符 {words}"
    if at_rest(plate):
        yang = plate.zhi_fu in YANG_STARS
        state = SANSHI_KAI_HE.get((yang, kind))
        if state:
            detail += f" 六甲之時 {plate.zhi_fu}{'陽星' if yang else '陰星'}合{kind} {state}"
    out = [_p("三甲", None, detail, SOURCE_003, verdict, "sanshi")]
    if xun == "甲申":
        out.append(_p("刑門", plate.zhi_shi_palace, f"甲申庚直符 {plate.zhi_shi}", SOURCE_003, XIONG, "sanshi"))
    return tuple(out)


# --- 三氏: 得使, 守門, 遊儀 -------------------------------------------------------------

#: 三氏 得使 (李, 林陶因之), read off the line (tests parse it the same way):
#: > 李以甲戌、甲午為乙奇得使，甲子、甲申為丙奇得使，甲辰、甲寅為丁奇得使，林陶因之。 (003_fd1aa30e5b7f2d13.txt)
SANSHI_DE_SHI = {"甲戌": "乙", "甲午": "乙", "甲子": "丙", "甲申": "丙", "甲辰": "丁", "甲寅": "丁"}


@school_rule("三奇得使", school="sanshi", source=SOURCE_003, line=87)
def sanshi_de_shi(ctx: PatternContext) -> Pattern | None:
    """三氏 三奇得使: the 旬's 直符 is sent onto its 奇 (甲戌 甲午 乙, 甲子 甲申 丙, 甲辰 甲寅 丁).

    > 以上三格，三氏諸書，各有異同。李以甲戌、甲午為乙奇得使，甲子、甲申為丙奇得使，甲辰、甲寅為丁奇得使，林陶因之。
    > (003_fd1aa30e5b7f2d13.txt)
    > 若從三氏以遊儀為得使，以守門為遊儀，則於歌義大相戾矣。 (003_fd1aa30e5b7f2d13.txt)

    The 直符 goes to the hour stem's palace, so the hour stem is the 奇: 丙寅 丙戌 乙亥 乙未
    丁未 丁巳.  Reported at the 直符's palace; no 吉門 is asked for (the author's 得使 asks
    for one: that is his quarrel with them).
    """
    plate = ctx.plate
    qi = SANSHI_DE_SHI[plate.xun_shou]
    if STEMS[plate.hour % 10] != qi:
        return None
    return _p("三奇得使", plate.zhi_fu_palace, f"{plate.xun_yi}加{qi} {qi}奇得使", SOURCE_003, JI, "sanshi")


#: 林氏 玉女守門 hours: day stems → the hour stem, read off the line:
#: > 林以甲己時丙、乙庚時辛、丙辛時乙、丁壬時己、戊癸時壬，為玉女守門時。 (003_fd1aa30e5b7f2d13.txt)
LIN_SHOU_MEN_LINE = "林以甲己時丙、乙庚時辛、丙辛時乙、丁壬時己、戊癸時壬，為玉女守門時。"
_STEM = "[" + "".join(STEMS) + "]"
LIN_SHOU_MEN: dict[str, str] = {d: h for a, b, h in re.findall(f"({_STEM})({_STEM})時({_STEM})", LIN_SHOU_MEN_LINE)
                                for d in (a, b)}


@school_rule("玉女守門", school="lin", source=SOURCE_003, line=87)
def lin_shou_men(ctx: PatternContext) -> Pattern | None:
    """林氏 玉女守門: by the day stem, the hour stem (甲己 丙, 乙庚 辛, 丙辛 乙, 丁壬 己, 戊癸 壬).

    > 林以甲己時丙、乙庚時辛、丙辛時乙、丁壬時己、戊癸時壬，為玉女守門時。 (003_fd1aa30e5b7f2d13.txt)

    Read "甲己時丙" as: on a 甲 or 己 day, the 丙 hours.  Reported without a palace.
    """
    day, hour = STEMS[ctx.day % 10], STEMS[ctx.hour % 10]
    if LIN_SHOU_MEN[day] != hour:
        return None
    return _p("玉女守門", None, f"{day}日{hour}時", SOURCE_003, JI, "lin")


@school_rule("三奇游六儀", school="li", source=SOURCE_003, line=87)
def li_you_yi(ctx: PatternContext) -> Pattern | None:
    """李氏 三奇游六儀: what the author calls 玉女守門 (the 直使 walked onto the earth 丁).

    > 李陶皆以玉女守門為三奇游六儀。 (003_fd1aa30e5b7f2d13.txt)
    > 若從三氏以遊儀為得使，以守門為遊儀，則於歌義大相戾矣。 (003_fd1aa30e5b7f2d13.txt)
    """
    return _you_yi(ctx.plate, "li")


@school_rule("三奇游六儀", school="tao", source=SOURCE_003, line=87)
def tao_you_yi(ctx: PatternContext) -> Pattern | None:
    """陶氏 三奇游六儀: as 李氏 (the author's 玉女守門 condition).

    > 李陶皆以玉女守門為三奇游六儀。 (003_fd1aa30e5b7f2d13.txt)
    """
    return _you_yi(ctx.plate, "tao")


def _you_yi(plate: Plate, school: str) -> Pattern | None:
    found = yu_nu_shou_men(plate)
    if found is None:
        return None
    return _p("三奇游六儀", found.palace, f"{plate.zhi_shi}臨丁", SOURCE_003, JI, school)


# --- 遊三避五 -----------------------------------------------------------------------------


@school_rule("遊三避五", school="li", source=SOURCE_003, line=123)
def li_you_san_bi_wu(ctx: PatternContext) -> tuple[Pattern, Pattern]:
    """李氏 遊三避五: 三 is 震三宮, 五 the 五宮 lodged in 坤: every 六甲 直符 goes to 震 and avoids 坤.

    > 李氏以三為震三宮，五為寄坤之五宮，謂震為木生之位，坤為死門之鄉，凡六甲直符，宜遊震避坤也。
    > (003_fd1aa30e5b7f2d13.txt)

    At every hour (every hour has a 六甲 直符).
    """
    return _LI_YOU_BI


_LI_YOU_BI = (
    Pattern("遊三避五", 3, "遊三 震三宮 木生之位 宜遊", SOURCE_003, JI, "li"),
    Pattern("遊三避五", 2, "避五 寄坤之五宮 死門之鄉 宜避", SOURCE_003, XIONG, "li"),
)


#: 林氏: the 直符 ("甲", the 旬首's 儀 on the heaven plate) over the earth 丙 / 戊.
LIN_YOU_BI = (("甲", "丙", "遊三避五", "遊三 丙受甲生 宜遊", JI), ("甲", "戊", "遊三避五", "避五 戊受甲克 宜避", XIONG))


@school_rule("遊三避五", school="lin", source=SOURCE_003, line=123)
def lin_you_san_bi_wu(ctx: PatternContext) -> list[Pattern] | None:
    """林氏 遊三避五: the 直符 over the earth 丙 is 遊三, over the earth 戊 避五.

    > 林氏以直符加丙為遊三，加戊為避五，謂丙受甲生，戊受甲克也。 (003_fd1aa30e5b7f2d13.txt)

    "直符" is the heaven 儀 of the 旬首 (`_View.pairs`' "甲" rows); not at a 六甲 hour (nothing
    is 加).  The 直符 over 戊 in the 甲子 旬 is 戊 over itself: not counted.
    """
    return _pair_rule(_view(ctx.plate), LIN_YOU_BI, SOURCE_003, "lin") or None



#: 陶氏: (遁, palace of the 直使) → 行陽 / 行陰 ("中分五").
TAO_XING = {
    **{("陽", p): "行陽" for p in (1, 2, 3, 4)}, **{("陽", p): "行陰" for p in (6, 7, 8, 9)},
    **{("陰", p): "行陽" for p in (9, 8, 7, 6)}, **{("陰", p): "行陰" for p in (4, 3, 2, 1)},
}


@school_rule("遊三避五", school="tao", source=SOURCE_003, line=123)
def tao_you_san_bi_wu(ctx: PatternContext) -> Pattern:
    """陶氏 遊三避五: after 冬至 the 直使 in 1–4 行陽, in 6–9 行陰; after 夏至 9–6 行陽, 4–1 行陰;
    5 divides them: 避五.

    > 陶氏以冬至後，天乙直使在一二三四為行陽，六七八九為行陰；夏至後，天乙直使在九八七六為行陽，四三二一為行陰。
    > 冬至後，自九至一，中分五之南為陽，五之北為陰；夏至後，自一至九，中分五之北為陽，五之南為陰。
    > 謂陰陽二使，各行半道，利害難分，故有避五之義也。 (003_fd1aa30e5b7f2d13.txt)

    冬至後 = 陽遁, 夏至後 = 陰遁.  The 直使's seat (before lodging) is read: a 直使 sent to 5
    is 避五.  Neutral: the text gives 行陽/行陰 no 吉凶 ("利害難分").
    """
    plate = ctx.plate
    seat = plate.zhi_shi_seat
    if seat == 5:
        return _p("遊三避五", plate.zhi_shi_palace, f"{plate.dun}遁 直使{plate.zhi_shi}在五 避五", SOURCE_003,
                  XIONG, "tao")
    return _p("遊三避五", seat, f"{plate.dun}遁 直使{plate.zhi_shi}{TAO_XING[plate.dun, seat]}", SOURCE_003,
              NEUTRAL, "tao")


# --- 天輔時 -------------------------------------------------------------------------------


@school_rule("天輔時", school="lin", source=SOURCE_003, line=151)
def lin_tian_fu(ctx: PatternContext) -> Pattern | None:
    """林氏 天輔時: the 五合時 (the hour stem combines with the day stem).

    > 林氏以五合時為天輔時，謂五合吉時，對五不遇凶時也。 (003_fd1aa30e5b7f2d13.txt)
    """
    day, hour = ctx.day % 10, ctx.hour % 10
    if not stems_combine(day, hour):
        return None
    return _p("天輔時", None, f"五合 {STEMS[day]}日{CYCLE[ctx.hour % 60]}時", SOURCE_003, JI, "lin")


@school_rule("天輔時", school="tao", source=SOURCE_003, line=151)
def tao_tian_fu(ctx: PatternContext) -> Pattern | None:
    """陶氏 天輔時: the 六丁 hours.

    > 陶氏以六丁為天輔時，謂丁為甲之正生，庚之正克也，能制庚輔甲也。 (003_fd1aa30e5b7f2d13.txt)
    """
    if ctx.hour % 10 != 3:
        return None
    return _p("天輔時", None, f"六丁 {CYCLE[ctx.hour % 60]}", SOURCE_003, JI, "tao")


# --- 天網 ---------------------------------------------------------------------------------


@school_rule("天網時", "天網四張", school="sanshi", source=SOURCE_003, line=163)
def sanshi_tian_wang(ctx: PatternContext) -> tuple[Pattern, ...]:
    """三氏 天網: every hour of the 甲寅 旬 (癸 直符); with the 直符 in 8 or 9, 四張, passable.

    > 三氏俱以癸臨之下為天網時，凡甲寅值符，十時皆不可用；若在八九之宮，謂之四張，此時尺數高，任其往來
    > (003_fd1aa30e5b7f2d13.txt)

    Open question: "若在八九之宮" is read of the 直符 (the heaven 癸) after lodging.
    """
    plate = ctx.plate
    if plate.xun_shou != "甲寅":
        return ()
    palace = plate.zhi_fu_palace
    out = [_p("天網時", palace, f"甲寅直符 癸臨{palace}宮 十時皆不可用", SOURCE_003, XIONG, "sanshi")]
    if palace in (8, 9):
        out.append(_p("天網四張", palace, f"癸在{palace}宮 尺數高 任其往來", SOURCE_003, NEUTRAL, "sanshi"))
    return tuple(out)


# --- 諸書 (000): 大格 小格 刑格 奇格 --------------------------------------------------------

#: 諸書's 格: 庚 over 癸, 壬, 己 and the 三奇.
ZHUSHU_GE = (("庚", "癸", "大格", "", NEUTRAL), ("庚", "壬", "小格", "", NEUTRAL), ("庚", "己", "刑格", "", NEUTRAL),
             ("庚", "乙", "奇格", "", NEUTRAL), ("庚", "丙", "奇格", "", NEUTRAL), ("庚", "丁", "奇格", "", NEUTRAL))


@school_rule("大格", "小格", "刑格", "奇格", school="zhushu", source=SOURCE_000, line=95)
def zhushu_ge(ctx: PatternContext) -> list[Pattern]:
    """諸書 大格/小格/刑格/奇格: 庚 over 癸, 壬, 己, and over a 奇.

    > 諸書以庚加癸為大格，加壬為小格，加己為刑格，加三奇為奇格。 (000_4b5dcee18d5e7425.txt)
    > 後人緣有庚為格之義，遂不考經，而以庚加三奇為奇格，誤矣！ (000_4b5dcee18d5e7425.txt)

    Heaven 庚 over the earth stem, as the text's 加 (`_pair_rule`; none at a 六甲 hour).
    Neutral: the text records the names without a 吉凶 of their own.
    """
    return _pair_rule(_view(ctx.plate), ZHUSHU_GE, SOURCE_000, "zhushu")


# --- 一本 (003): 擊刑 ------------------------------------------------------------------------

#: The 一本's 擊刑, read off the line: the palace its 旬首's 儀 is sent to (甲戌己 八, 甲申庚 四, 甲寅癸 二).
#: > 一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。 (003_fd1aa30e5b7f2d13.txt)
YIBEN_JI_XING_LINE = "一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。"
_NUMBER = "一二三四五六七八九"
YIBEN_JI_XING: dict[str, int] = {XUN_YI[CYCLE.index(xun)]: _NUMBER.index(n) + 1
                                 for xun, n in re.findall(f"(甲[子戌申午辰寅])加([{_NUMBER}])宮", YIBEN_JI_XING_LINE)}


@school_rule("擊刑", school="yiben", source=SOURCE_003, line=115)
def yiben_ji_xing(ctx: PatternContext) -> Pattern | None:
    """一本 擊刑: the 直符's 儀 sent to the palace of the branch that punishes its 旬首 (丑刑戌, 巳刑申,
    申刑寅): 己 (甲戌) in 8, 庚 (甲申) in 4, 癸 (甲寅) in 2, besides the text's own table.

    > 甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。 …
    > 一本甲戌加八宮，甲申加四宮，甲寅加二宮亦是。 (003_fd1aa30e5b7f2d13.txt)

    "亦是" (is also so): the author accepts the 一本's three places as 擊刑 too, so they are added
    to the text's table (the registry's `hours.ji_xing`, which stays as it is), read as it is: the
    直符's 儀 only, none at a 六甲 hour.  The detail ends in "一本"; the pattern's school is "yiben".
    """
    plate = ctx.plate
    if at_rest(plate):
        return None
    yi = plate.xun_yi
    palace = YIBEN_JI_XING.get(yi)
    if palace is None or palace not in _view(plate).heaven.get(yi, ()):
        return None
    return _p("擊刑", palace, f"{plate.xun_shou}{yi}儀加{palace}宮 直符 一本", SOURCE_003, XIONG, "yiben")


# --- the chart's school patterns ------------------------------------------------------------


def school_groups(ctx: PatternContext, school: str) -> tuple[tuple[Pattern, ...], ...]:
    """Per recorded variant that `school` turns on (`SCHOOL_SETS`), its patterns (() for "gu")."""
    on = SCHOOL_SETS[school]
    if not on:
        return ()
    return tuple(flat(r.fn(ctx)) for r in SCHOOL_RULES if r.school in on)


@cache
def school_names(school: str) -> tuple[str, ...]:
    """The pattern names `school` can add."""
    on = SCHOOL_SETS[school]
    return tuple(dict.fromkeys(n for r in SCHOOL_RULES if r.school in on for n in r.names))


@cache
def school_only_names(school: str) -> frozenset[str]:
    """The names `school` adds that no rule of the texts' own has (大格 小格 刑格 刑門): what
    `cast --where` takes besides the registry's names under that school."""
    from . import PATTERN_NAMES

    return frozenset(school_names(school)) - set(PATTERN_NAMES)


def names_present(patterns: Iterable[Pattern]) -> set[str]:
    """The names `cast --where` sees on a chart: the author's patterns', and a recorded school's
    only under a name no rule of the texts' own has (`--where 天輔時` is the author's 天輔時,
    under any school)."""
    from . import PATTERN_NAMES

    return {p.name for p in patterns if not p.school or p.name not in PATTERN_NAMES}
