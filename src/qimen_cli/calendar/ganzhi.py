"""The ten stems, the twelve branches and the sexagenary cycle.

More precisely: indices and tables of the 干支 system shared by every art in the
texts — the 60-cycle, the 旬 and its 空亡, the 五虎遁 (month stems) and 五鼠遁
(hour stems), the five phases of stems and branches with 生/剋, their 合/沖 relations,
and 驛馬.
Sexagenary positions are integers 0–59 (0 = 甲子); stems 0–9 (0 = 甲); branches
0–11 (0 = 子).
"""

from __future__ import annotations

import datetime as _dt
from typing import NamedTuple

from ..errors import BadInput
from .terms import LICHUN, XIAOHAN

STEMS = tuple("甲乙丙丁戊己庚辛壬癸")
BRANCHES = tuple("子丑寅卯辰巳午未申酉戌亥")

#: The sixty 干支 in cycle order, 甲子 first.
CYCLE = tuple(STEMS[i % 10] + BRANCHES[i % 12] for i in range(60))
_CYCLE_INDEX = {name: i for i, name in enumerate(CYCLE)}

#: Five phases, in generating order: 木 → 火 → 土 → 金 → 水 → 木.
PHASES = tuple("木火土金水")
#: Phase of each stem: 甲乙木 丙丁火 戊己土 庚辛金 壬癸水.
STEM_PHASE = tuple("木木火火土土金金水水")
#: Phase of each branch: 寅卯木 巳午火 申酉金 亥子水 辰戌丑未土.
BRANCH_PHASE = tuple("水土木木土火火土金金土水")

#: The 旬 heads and the 儀 under which each 甲 hides (遁甲): 甲子戊 甲戌己 甲申庚 甲午辛 甲辰壬 甲寅癸.
XUN_YI = {0: "戊", 10: "己", 20: "庚", 30: "辛", 40: "壬", 50: "癸"}

#: Julian Day Number of 0001-01-01 (proleptic Gregorian) minus its ordinal.
_JDN_OFFSET = 1721425
#: (JDN + 49) mod 60 is the day's cycle position (1949-10-01 甲子, 2000-01-07 甲子).
_DAY_SHIFT = 49
#: A proleptic-Gregorian ordinal plus this, mod 60, is the day's cycle position (`ordinal_day`).
_DAY0 = _JDN_OFFSET + _DAY_SHIFT


def ganzhi(index: int) -> str:
    """Name of the cycle position `index` (taken mod 60): 0 → 甲子."""
    return CYCLE[index % 60]


def cycle_index(name: str) -> int:
    """Cycle position of a 干支 name; ValueError for a pair that is not in the cycle."""
    try:
        return _CYCLE_INDEX[name]
    except KeyError:
        raise BadInput(f"not a sexagenary 干支: {name!r}") from None


def from_stem_branch(stem: int, branch: int) -> int:
    """Cycle position with this stem and branch (they must share parity)."""
    if (stem - branch) % 2:
        raise BadInput(f"{STEMS[stem % 10]}{BRANCHES[branch % 12]} is not in the cycle")
    return (6 * stem - 5 * branch) % 60


def day_index(date: _dt.date) -> int:
    """Cycle position of the civil day `date`.

    More precisely: (JDN + 49) mod 60 with JDN the Julian Day Number of the
    proleptic Gregorian date; anchors 1949-10-01 甲子, 2000-01-07 甲子.
    """
    return ordinal_day(date.toordinal())


def xun_shou(index: int) -> int:
    """The 旬首 (甲 day or hour heading the decade) of cycle position `index`."""
    return index - index % 10


def xun_yi(index: int) -> str:
    """The 儀 under which the 旬首 of `index` hides (甲子 → 戊 … 甲寅 → 癸)."""
    return XUN_YI[xun_shou(index % 60)]


def kong_wang(index: int) -> tuple[int, int]:
    """The two 空亡 branches of the 旬 of `index`: the branches its ten stems miss.

    甲子旬 → 戌亥, 甲戌旬 → 申酉, … 甲寅旬 → 子丑: the branches 004 puts at the back in 旬孤虛.

    > 用旬孤虛：甲子背戌亥擊辰巳，甲戌背申酉擊寅卯，甲申背午未擊子丑，甲午背辰巳擊戌亥，
    > 甲辰背寅卯擊申酉，甲寅背子丑擊午未 (004_64097a01f3826baf.txt)
    """
    head_branch = xun_shou(index % 60) % 12
    return ((head_branch + 10) % 12, (head_branch + 11) % 12)


def wu_hu_dun(year_stem: int, month_branch: int) -> int:
    """Month stem by 五虎遁: 甲己之年丙作首 … the 寅 month of a 甲 or 己 year is 丙寅."""
    first = (year_stem % 5) * 2 + 2
    return (first + (month_branch - 2) % 12) % 10


def wu_shu_dun(day_stem: int, hour_branch: int) -> int:
    """Hour stem by 五鼠遁: 甲己還加甲 … the 子 hour of a 甲 or 己 day is 甲子."""
    return ((day_stem % 5) * 2 + hour_branch) % 10


def hour_branch(hour: int) -> int:
    """時辰 of a clock hour 0–23: 23:00–00:59 子, 01:00–02:59 丑, …"""
    return ((hour + 1) // 2) % 12


def ordinal_day(ordinal: int) -> int:
    """Cycle position of the day whose proleptic-Gregorian ordinal is `ordinal`: (JDN + 49) mod 60
    (`day_index`'s rule; `shichen_pillars` adds the same `_DAY0` inline)."""
    return (ordinal + _DAY0) % 60


#: Hour pillar by the stem of the day that owns the 時辰 and the clock hour 0–23 (五鼠遁 on
#: `hour_branch`): a table in front of `wu_shu_dun`, read once per instant of a range.
HOUR_PILLAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(from_stem_branch(wu_shu_dun(stem, hour_branch(h)), hour_branch(h)) for h in range(24)) for stem in range(10)
)


class ShichenPillars(NamedTuple):
    """The day and hour pillars of one clock reading (see `shichen_pillars`)."""

    branch: int          # hour branch, 0 = 子
    hour_ordinal: int    # ordinal of the clock date of the day that owns the 時辰
    hour_day: int        # its cycle position (the 元 and 符頭 belong to it)
    day: int             # the day pillar, as `day_change` says
    hour: int            # the hour pillar


def shichen_pillars(ordinal: int, clock_hour: int, day_change: int = 23) -> ShichenPillars:
    """The day and hour pillars at clock hour `clock_hour` (0–23) of the clock date `ordinal`.

    The one derivation of the day and hour pillars: `resolve.resolve_moment`, the range
    writer and `find` all read them here.  The 時辰 of 23:00 belongs to the next day
    (子初); with `day_change` 23 the day pillar changes there too, with 0 the day pillar
    keeps the date until midnight while the 子 hour takes its stem from the next day
    (五鼠遁 on the day that owns the 時辰).  CONVENTIONS.md, "day change".
    """
    hour_ordinal = ordinal + 1 if clock_hour == 23 else ordinal
    hour_day = (hour_ordinal + _DAY0) % 60  # ordinal_day, inline (read once per instant of a range)
    day = hour_day if day_change == 23 else (ordinal + _DAY0) % 60
    # tuple.__new__: the same NamedTuple as ShichenPillars(...) without its Python-level __new__.
    return tuple.__new__(ShichenPillars, (((clock_hour + 1) // 2) % 12, hour_ordinal, hour_day, day,
                                          HOUR_PILLAR[hour_day % 10][clock_hour]))


#: 五行相生 and 相剋 as sets of (phase, phase) pairs: 木生火 火生土 土生金 金生水 水生木;
#: 木剋土 土剋水 水剋火 火剋金 金剋木.
_GENERATES = frozenset((PHASES[i], PHASES[(i + 1) % 5]) for i in range(5))
_OVERCOMES = frozenset((PHASES[i], PHASES[(i + 2) % 5]) for i in range(5))


def generates(a: str, b: str) -> bool:
    """True when phase `a` generates phase `b` (木生火 火生土 土生金 金生水 水生木)."""
    return (a, b) in _GENERATES


def overcomes(a: str, b: str) -> bool:
    """True when phase `a` overcomes (剋) phase `b` (木剋土 土剋水 水剋火 火剋金 金剋木)."""
    return (a, b) in _OVERCOMES


#: 驛馬 of each branch by its triad: 申子辰馬在寅，寅午戌馬在申，巳酉丑馬在亥，亥卯未馬在巳.
YI_MA: tuple[int, ...] = tuple((2, 11, 8, 5)[b % 4] for b in range(12))


def yi_ma(branch: int) -> int:
    """驛馬 of a branch: the branch that clashes with the first of its triad (申子辰 → 寅 …).

    Not from the seeds: none of 000, 003, 004 names 驛馬; this is the common almanac rule
    (申子辰馬在寅，寅午戌馬在申，巳酉丑馬在亥，亥卯未馬在巳).
    """
    return YI_MA[branch % 12]


def stems_combine(a: int, b: int) -> bool:
    """五合: 甲己 乙庚 丙辛 丁壬 戊癸."""
    return (a - b) % 10 == 5


# --- year and month pillars from the last 節 ------------------------------------------

#: Month branch opened by each 節 (longitude index k): 立春 寅, 驚蟄 卯, 清明 辰 … 小寒 丑.
MONTH_BRANCH_OF_JIE = {k: ((k - LICHUN) // 2 + 2) % 12 for k in range(1, 24, 2)}


def month_number(month_branch: int) -> int:
    """Month 1–12 of a 月建 (寅 正月 … 丑 十二月)."""
    return (month_branch - 2) % 12 + 1


def year_pillar(jie_k: int, jie_utc: _dt.datetime) -> int:
    """Year pillar from the last 節: the year turns at the 立春 instant.

    小寒 (and the 大寒 after it) fall in January before 立春: they belong to the old year.
    """
    year = jie_utc.year - (1 if jie_k == XIAOHAN and jie_utc.month == 1 else 0)
    return (year - 4) % 60


def month_pillar(year: int, jie_k: int) -> int:
    """Month pillar from the last 節 and the year pillar (五虎遁)."""
    branch = MONTH_BRANCH_OF_JIE[jie_k]
    return from_stem_branch(wu_hu_dun(year % 10, branch), branch)
