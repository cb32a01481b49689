"""年家, 月家 and 日家 奇門 (`cast --scope year|month|day`; the default `hour` is 時家): the 局 of
each scope, beyond the three texts.

None of 000, 003 or 004 teaches a chart of the year, the month or the day: each rule here is
a later book's or a peer program's, named with its reading in docs/decisions.md "年家, 月家 and
日家" (READING-extensions.md §3 collects them).  The plate is the 時家's own
(`plates.build_plate`): the 地盤 of the scope's 局, the 旬首 of the scope's pillar, the 值符
star sent to the palace of the pillar's stem, the 直使 stepped from the 旬首 to the pillar's
branch, with the year, month or day pillar in place of the hour's.  The peers whose rules are
taken draw these charts with 寄坤 in both 遁 (mingyu, qimen-go): so does every scope here
(`SCOPE_LODGE`, the plate of `cast --lodge kun`).

* 年家 (《奇門遁甲統宗》 附年奇門起例, as mingyu cites it; qimen-go agrees): 陰遁 only, a
  180-year cycle of three 60-year 元, 上元 陰一 中元 陰四 下元 陰七, 1864 (甲子) beginning 上元.
* 月家 reading A (《奇門遁甲統宗》 附月奇門起例, as mingyu cites it): 陰遁 only; the year's place
  in its 甲子 cut into blocks of five years (one 甲子 of months), 上 中 下 in turn, 上 陰一
  中 陰四 下 陰七.  Reading B (qimen-go: the year's own branch, 上 陰七 …) names no classic and is
  not offered.
* 日家 reading Q (qimen-go `GetDayYuanJu`, "修正日家元數"; no classic named): the 24 terms from
  冬至 in six groups of four, 陽一 陽七 陽四 陰一 陰七 陰四.  mingyu refuses 日家 (its old
  methods conflict); Q is offered only under its label, which the view and the JSON carry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..calendar.ganzhi import CYCLE
from ..calendar.terms import DONGZHI, TERM_NAMES
from ..records import frozen
from .ju import YUAN
from .steps import Step, step

if TYPE_CHECKING:
    from ..calendar.moment import Moment
    from .patterns import Pattern, Rule
    from .plates import Plate

#: The scopes of `cast --scope`: hour (時家, the texts' own and the default), year, month, day.
SCOPES = ("hour", "year", "month", "day")
#: The name of each scope beyond the texts.
SCOPE_NAMES = {"year": "年家奇門", "month": "月家奇門", "day": "日家奇門"}
#: The plate every non-hour scope draws: the 轉盤 with 寄坤 in both 遁 (`plates.LODGE_PLATE["kun"]`).
SCOPE_LODGE = "kun"

#: The reading taken of each scope (what `conventions.scope` and the view's header say).
READINGS = {
    "year": "年家: 陰遁 only; 180 years, three 60-year 元 (上元 陰一, 中元 陰四, 下元 陰七); 1864 甲子 begins 上元 "
            "(1924 中元, 1984 下元); the year of the year pillar (from 立春) decides the 元",
    "month": "月家 reading A (five-year blocks): 陰遁 only; the year's place in its 甲子 cut into blocks of five "
             "years, 上 中 下 in turn (甲子–戊辰 上, 己巳–癸酉 中, 甲戌–戊寅 下 …); 上 陰一, 中 陰四, 下 陰七; the 節 month",
    "day": "日家 reading Q (term groups, after qimen-go): the 24 terms from 冬至 in groups of four, 陽一 陽七 陽四 "
           "陰一 陰七 陰四 (上 中 下); the term in force at the instant; the sources conflict (mingyu refuses 日家)",
}
#: The source of each scope's rule.
SOURCES = {
    "year": "《奇門遁甲統宗》附年奇門起例 (as mingyu cites it; qimen-go agrees); no classic of the three texts",
    "month": "《奇門遁甲統宗》附月奇門起例 (as mingyu cites it); qimen-go's year-branch reading B is not offered",
    "day": "qimen-go GetDayYuanJu (PR #11 修正日家元數); no classic named; mingyu refuses 日家 at run time",
}

#: What decides the 元 in each scope (`conventions.yuan_day` of a scope's chart).
YUAN_OF = {
    "year": "the year of the year pillar (from 立春): its place in the 180-year cycle from 1864",
    "month": "the year of the year pillar (from 立春): its place in its 甲子, in blocks of five years",
    "day": "the term in force at the instant: its group of four from 冬至",
}
#: `extensions` entry of each scope: (name, the `cast --json` fields it decides, the heading of
#: docs/decisions.md, the source).
SCOPE_EXTENSIONS = {
    scope: (SCOPE_NAMES[scope], ("ju_term", "dun", "ju", "yuan", "fu_tou", "xun_shou", "kong_wang", "yi_ma", "zhi_fu",
                                 "zhi_shi", "palaces", "patterns"), "年家, 月家 and 日家", SOURCES[scope])
    for scope in ("year", "month", "day")
}

#: 年家: the 甲子 year that begins a 上元, the length of the cycle and of one 元.
NIAN_EPOCH = 1864
NIAN_CYCLE, NIAN_YUAN_YEARS = 180, 60
#: 年家 and 月家 (reading A): 局 of each 元, 陰遁 only.
NIAN_JU = {"上": 1, "中": 4, "下": 7}
YUE_JU = {"上": 1, "中": 4, "下": 7}
#: 月家 reading A: years in one block (one 甲子 of months: 5 × 12 = 60).
YUE_BLOCK_YEARS = 5
#: 日家 reading Q: the six groups of four terms from 冬至, each (遁, 局, 元).
RI_GROUPS = (
    ("陽", 1, "上"),  # 冬至 小寒 大寒 立春
    ("陽", 7, "中"),  # 雨水 驚蟄 春分 清明
    ("陽", 4, "下"),  # 穀雨 立夏 小滿 芒種
    ("陰", 1, "上"),  # 夏至 小暑 大暑 立秋
    ("陰", 7, "中"),  # 處暑 白露 秋分 寒露
    ("陰", 4, "下"),  # 霜降 立冬 小雪 大雪
)
RI_GROUP_TERMS = 4

#: Plate-only rules the texts name as hours (a 六甲 hour, the 癸 hours, the hours 戊辰 …, the 甲寅旬's
#: hours): not shown in a non-hour scope.  The rules that read the day, the month, the term or the
#: 元 of the hour's 局 (五合時, 五不遇時, 七殺, 日時干三奇入墓, 刑德開闔, 三甲, 遊三避五, 氣應) are
#: not shown either; the rest read the plate's geometry (stars, doors, stems) and are.
HOUR_ONLY_RULES = frozenset({"天輔時", "時干入墓", "天網時", "天網四張", "天乙持衡時"})


@frozen
class ScopeJu:
    """The 局 of a non-hour scope: the scope, the pillar (cycle index) the plate is drawn on,
    遁, 局, 元, the 干支 of the 元's head ("" for 日家 Q: no head), the term whose group
    decides it (日家; None otherwise) and the year the 元 is counted from (年家, 月家)."""

    scope: str
    pillar: int
    dun: str
    ju: int
    yuan: str
    head: str
    term_k: int | None
    year: int | None
    steps: tuple[Step, ...]


def lichun_year(civil_year: int, year_pillar: int) -> int:
    """The civil year whose 立春 began the year pillar `year_pillar` (cycle index) read at a
    date of `civil_year`: that year, or the one before it (January, before 立春).  A year Y's
    pillar is (Y − 4) mod 60 (甲子 = 4 CE, 1864, 1924, 1984)."""
    return civil_year if (civil_year - 4) % 60 == year_pillar else civil_year - 1


def nian_yuan(year: int) -> str:
    """年家's 元 of a year (its 立春 year): the 180-year cycle from 1864 in three 60-year 元.

    Rule (《奇門遁甲統宗》附年奇門起例, as mingyu cites it; READING-extensions.md §3.1): 陰遁 only;
    上元 1864–1923 陰一, 中元 1924–1983 陰四, 下元 1984–2043 陰七; index = (Y − 1864) mod 180.
    """
    return YUAN[((year - NIAN_EPOCH) % NIAN_CYCLE) // NIAN_YUAN_YEARS]


def yue_yuan(year_pillar: int) -> str:
    """月家 reading A's 元 of a year: its place in the 甲子 (cycle index) in blocks of five years.

    Rule (《奇門遁甲統宗》附月奇門起例, as mingyu cites it; READING-extensions.md §3.2 reading A):
    甲子–戊辰 上, 己巳–癸酉 中, 甲戌–戊寅 下, 己卯–癸未 上, …; 元 = ⌊index / 5⌋ mod 3.
    """
    return YUAN[(year_pillar % 60) // YUE_BLOCK_YEARS % 3]


def ri_group(term_k: int) -> tuple[str, int, str]:
    """日家 reading Q's (遁, 局, 元) of the term with longitude index `term_k`.

    Rule (qimen-go GetDayYuanJu; no classic named; READING-extensions.md §3.3 reading Q): the
    24 terms from 冬至 in groups of four: 冬至 小寒 大寒 立春 陽一 (上); 雨水 驚蟄 春分 清明 陽七
    (中); 穀雨 立夏 小滿 芒種 陽四 (下); 夏至 小暑 大暑 立秋 陰一; 處暑 白露 秋分 寒露 陰七; 霜降
    立冬 小雪 大雪 陰四.
    """
    return RI_GROUPS[((term_k - DONGZHI) % 24) // RI_GROUP_TERMS]


def scope_pillar(moment: Moment, scope: str) -> int:
    """The pillar (cycle index) a scope's plate is drawn on: the year, month or day pillar."""
    pillar: int = getattr(moment.pillars, scope)  # the scope names its pillar
    return pillar


def scope_ju(moment: Moment, scope: str) -> ScopeJu:
    """The 局 of `moment` in a non-hour `scope` (year, month or day), with its derivation step."""
    pillar = scope_pillar(moment, scope)
    if scope == "day":
        k = moment.term.k
        dun, ju, yuan = ri_group(k)
        s = step("scope_day", term=TERM_NAMES[k], day=CYCLE[pillar], dun=dun, ju=ju, yuan=yuan)
        return ScopeJu(scope, pillar, dun, ju, yuan, "", k, None, (s,))
    year_pillar = moment.pillars.year
    year = lichun_year(moment.local.year, year_pillar)
    if scope == "year":
        yuan = nian_yuan(year)
        start = year - (year - NIAN_EPOCH) % NIAN_YUAN_YEARS
        s = step("scope_year", year=year, pillar=CYCLE[pillar], index=(year - NIAN_EPOCH) % NIAN_CYCLE,
                 began=start, yuan=yuan, ju=NIAN_JU[yuan])
        return ScopeJu(scope, pillar, "陰", NIAN_JU[yuan], yuan, CYCLE[0], None, year, (s,))
    if scope == "month":
        yuan = yue_yuan(year_pillar)
        head = year_pillar - year_pillar % YUE_BLOCK_YEARS
        s = step("scope_month", pillar=CYCLE[year_pillar], index=year_pillar, head=CYCLE[head],
                 month=CYCLE[pillar], yuan=yuan, ju=YUE_JU[yuan])
        return ScopeJu(scope, pillar, "陰", YUE_JU[yuan], yuan, CYCLE[head], None, year, (s,))
    raise ValueError(f"unknown scope {scope!r}")


def shown_in_scope(rule: Rule) -> bool:
    """Whether a registered pattern rule is shown in a non-hour scope: it reads the plate alone
    and the texts do not name it as an hour (`HOUR_ONLY_RULES`)."""
    return rule.plate_only and not (set(rule.names) & HOUR_ONLY_RULES)


def scope_groups(plate: Plate) -> tuple[tuple[Pattern, ...], ...]:
    """Per registry entry, the patterns a non-hour scope shows on `plate` (() for the others)."""
    from .patterns import REGISTRY, plate_patterns

    found = plate_patterns(plate)
    return tuple((found[i] or ()) if shown_in_scope(r) else () for i, r in enumerate(REGISTRY))


def scope_pattern_names() -> tuple[str, ...]:
    """The pattern names a non-hour scope can show, in registry order."""
    from .patterns import REGISTRY

    return tuple(dict.fromkeys(n for r in REGISTRY if shown_in_scope(r) for n in r.names))


__all__ = ["SCOPES", "ScopeJu", "lichun_year", "nian_yuan", "yue_yuan", "ri_group", "scope_ju", "scope_groups",
           "scope_pattern_names", "shown_in_scope"]
