"""Patterns of 003_fd1aa30e5b7f2d13.txt that read the term and 元 or the day: 刑德開闔, 三甲, 遊三避五."""

from __future__ import annotations

from functools import cache

from ...calendar.compass import BRANCH_PALACE as _BRANCH_PALACE
from ...calendar.ganzhi import BRANCHES, CYCLE, xun_shou
from ...texts import SOURCE_003
from ..plates import YANG_STARS, Plate
from .core import JI, MIXED, NEUTRAL, XIONG, Pattern, PatternContext, _view, qi_group, rule

#: 德/刑 branches of each three-氣 group (`XING_DE_GROUPS`, named by its first 氣).
DE_XING = {"冬至": ("卯", "酉"), "夏至": ("酉", "卯"), "春分": ("午", "子"), "秋分": ("子", "午"),
           "立春": ("辰", "戌"), "立秋": ("戌", "辰"), "立夏": ("未", "丑"), "立冬": ("丑", "未")}
#: The 三甲 旬 of each 元: 上元 仲甲 (甲子 甲午), 中元 孟甲 (甲寅 甲申), 下元 季甲 (甲辰 甲戌).
SAN_JIA = {"上": ("仲甲", ("甲子", "甲午")), "中": ("孟甲", ("甲寅", "甲申")), "下": ("季甲", ("甲辰", "甲戌"))}


def xing_de_zai_men(hour: int, yuan: str, ju_term: int) -> str:
    """"德" or "刑" when 德/刑 is 在門 at this hour, else "".

    Read as: an hour of one of the 元's two 三甲 直符 旬 whose branch is the 德 (刑) branch
    of the governing term's group.  This gives every one of the text's 旬 statements, and its
    "五卯時德在門，五酉時刑在門" in the 540 時 of the group's three 氣: the five 卯 hours by their
    干支 (乙卯 丁卯 己卯 辛卯 癸卯), as 003 writes "六癸時" for the six 癸 hours (docs/decisions.md).

    > 凡三元入局五百四十時中，五卯時德在門，五酉時刑在門。 (003_fd1aa30e5b7f2d13.txt)
    """
    return zai_men(hour, yuan, qi_group(ju_term))


@cache
def zai_men(hour: int, yuan: str, group: str) -> str:
    """`xing_de_zai_men` by the term's three-氣 group (what it depends on); 1,440 values,
    each made when first asked for."""
    if CYCLE[xun_shou(hour)] not in SAN_JIA[yuan][1]:
        return ""
    de, xing = DE_XING[group]
    branch = BRANCHES[hour % 12]
    return "德" if branch == de else "刑" if branch == xing else ""


def _zhi_fu(plate: Plate) -> tuple[str, int]:
    """The plate facts 刑德開闔 reads: the 直符 star and its palace."""
    return plate.zhi_fu, plate.zhi_fu_palace


@rule("刑德開闔", verdict=MIXED, source=SOURCE_003, line=59, inputs=("term_group", "hour", "yuan"),
      part=_zhi_fu, compute=lambda part, c: _xing_de(part, c))
def xing_de_kai_he(ctx: PatternContext) -> Pattern:
    """刑德開闔: 陽星 直符 opens, 陰星 closes; 德在門 makes 陽 盡開 / 陰 半開, 刑在門 陽 半闔 /
    陰 盡闔.

    > 冬至德在卯、刑在酉；夏至德在酉、刑在卯；春分德在午、刑在子；秋分德在子、刑在午；立春德在辰、刑在戌；
    > 立秋德在戌、刑在辰；立夏德在未、刑在丑；立冬德在丑、刑在未。凡刑德所在，三氣共之。 …
    > 蓬任沖輔禽之陽星，凡五陽星加時為開；英芮柱心謂之陰星，凡四陰星加時為闔。 …
    > 德在門之時，宜動宜戰；刑在門之時，宜靜宜守。 …
    > 凡德在門之時，陽星加之為盡開，陰星加之為半開；刑在門之時，陽星加之為半闔，陰星加之為盡闔。
    > (003_fd1aa30e5b7f2d13.txt)

    Open question: the group is taken from the term whose 局 is used (`ju_term`).
    """
    return _xing_de(_zhi_fu(ctx.plate), ctx)[0]


def _xing_de(zhi_fu_at: tuple[str, int], ctx: PatternContext) -> tuple[Pattern]:
    """刑德開闔 of the 直符 (star, palace) at the context's hour, 元 and term: one pattern, in a
    tuple shared by every context that gives it (`_kai_he`)."""
    zhi_fu, palace = zhi_fu_at
    group = qi_group(ctx.ju_term)
    return _kai_he(zhi_fu, palace, group, zai_men(ctx.hour % 60, ctx.yuan, group))


@cache
def _kai_he(zhi_fu: str, palace: int, group: str, zai: str) -> tuple[Pattern]:
    """刑德開闔 of the 直符 star `zhi_fu` in `palace`, in the three-氣 group `group`, with 德 or
    刑 在門 (`zai`, "" for neither)."""
    yang = zhi_fu in YANG_STARS
    de, xing = DE_XING[group]
    if zai == "德":
        state, verdict = ("德在門 盡開" if yang else "德在門 半開"), JI
    elif zai == "刑":
        state, verdict = ("刑在門 半闔" if yang else "刑在門 盡闔"), XIONG
    else:
        state, verdict = ("開" if yang else "闔"), NEUTRAL
    detail = f"{zhi_fu}{'陽星' if yang else '陰星'} {state} ({group}三氣 德{de} 刑{xing})"
    return (Pattern("刑德開闔", palace, detail, SOURCE_003, verdict),)


@rule("三甲", verdict=MIXED, source=SOURCE_003, line=63, inputs=("term_group", "hour", "yuan"),
      compute=lambda _part, c: _san_jia_found(c))
def san_jia(ctx: PatternContext) -> Pattern | None:
    """三甲: an hour of the 元's 三甲 直符 旬, with 德/刑在門.

    > 三甲者，孟甲、仲甲、季甲也。凡上元入局，甲子、甲午直符為仲甲；中元入局，甲寅、甲申直符為孟甲；
    > 下元入局，甲辰、甲戌直符為季甲。三元三甲直符之時，舉事視刑德為動靜，將兵視刑德為戰守，皆以在門
    > 決之。在門者，刑德在直使之門也。 (003_fd1aa30e5b7f2d13.txt)
    """
    found = _san_jia_found(ctx)
    return found[0] if found else None


def _san_jia_found(ctx: PatternContext) -> tuple[Pattern, ...]:
    """三甲 at the context's hour, 元 and term: () outside the 元's 三甲 旬, else one pattern in a
    tuple shared by every context that gives it (`_san_jia`)."""
    xun = CYCLE[xun_shou(ctx.hour % 60)]
    if xun not in SAN_JIA[ctx.yuan][1]:
        return ()
    return _san_jia(ctx.yuan, xun, xing_de_zai_men(ctx.hour % 60, ctx.yuan, ctx.ju_term))


@cache
def _san_jia(yuan: str, xun: str, zai: str) -> tuple[Pattern]:
    """三甲 of the 三甲 旬 `xun` in `yuan`元, with 德 or 刑 在門 (`zai`, "" for neither)."""
    verdict = JI if zai == "德" else XIONG if zai == "刑" else NEUTRAL
    detail = f"{yuan}元 {SAN_JIA[yuan][0]} {xun}直符" + (f" {zai}在門" if zai else "")
    return (Pattern("三甲", None, detail, SOURCE_003, verdict),)


#: Palace of each branch by name (子1 丑寅8 卯3 辰巳4 午9 未申2 酉7 戌亥6; calendar/compass.py).
BRANCH_PALACE = dict(zip(BRANCHES, _BRANCH_PALACE, strict=True))


def _bing_geng(plate: Plate) -> tuple[int, int]:
    """The palaces of the earth 丙 and 庚 (the centre lodged)."""
    view = _view(plate)
    return view.lodged(view.earth["丙"]), view.lodged(view.earth["庚"])


def _you_san_bi_wu_at(part: tuple[int, int], c: PatternContext) -> tuple[Pattern, ...]:
    """遊三避五 from its plate facts (the palaces of 丙 and 庚) and the day."""
    return _ri_you_bi(c.day % 12) + _fu_you_bi_at(*part)


@rule("遊三避五", verdict=MIXED, source=SOURCE_003, line=119, inputs=("day_branch",),
      part=_bing_geng, compute=_you_san_bi_wu_at)
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
    return _ri_you_bi(ctx.day % 12) + _fu_you_bi(ctx.plate)


@cache
def _ri_you_bi(day_branch: int) -> tuple[Pattern, Pattern]:
    """日遊避: 生氣 two branches back from the day's (three counting the day), 死氣 four ahead (five)."""
    sheng, si = BRANCHES[(day_branch - 2) % 12], BRANCHES[(day_branch + 4) % 12]
    return (
        Pattern("遊三避五", BRANCH_PALACE[sheng], f"日遊避 生氣{sheng} 宜遊", SOURCE_003, JI),
        Pattern("遊三避五", BRANCH_PALACE[si], f"日遊避 死氣{si} 宜避", SOURCE_003, XIONG),
    )


def _fu_you_bi(plate: Plate) -> tuple[Pattern, Pattern]:
    """符遊避: 生氣 丙 and 死氣 庚 at their earth palaces (the centre lodged)."""
    return _fu_you_bi_at(*_bing_geng(plate))


@cache
def _fu_you_bi_at(bing: int, geng: int) -> tuple[Pattern, Pattern]:
    return (
        Pattern("遊三避五", bing, "符遊避 生氣丙 宜遊", SOURCE_003, JI),
        Pattern("遊三避五", geng, "符遊避 死氣庚 宜避", SOURCE_003, XIONG),
    )


