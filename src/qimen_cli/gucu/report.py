"""The `gucu` report: every 孤虛 and military rule of 004 and 000 for one Moment.

More precisely: the one function here that reads a Moment — it picks the day, hour,
month and year the rules need, the month and day of the month under the chosen basis
(lunar, or solar months from the 節), and assembles the frozen `GucuReport` whose
field names are the JSON keys.  Every rule it calls is a pure function of primitives
in the sibling modules.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..calendar.branchplate import yue_jiang_branch
from ..calendar.ganzhi import BRANCHES, CYCLE, day_index
from ..calendar.moment import Moment
from ..errors import BadInput
from ..records import frozen
from .anying import AnYing, Camp, an_ying, camp
from .biwu import BiWu, bi_wu
from .days import ChuJun, chu_jun
from .directions import Attack, YouMen, attack_of_day, di_bing, di_er, hu_wei_huang_fan, lei_gong, tian_mu, you_men
from .guxu import BeiJianXiangPo, GuXuSet, bei_jian_xiang_po, gu_xu_set
from .mansions import Mansion, mansion_of_date, mansion_of_day
from .months import MonthDay, jie_month_day, lunar_month_day
from .route import ChuJunRoute, chu_jun_route
from .tiangang import LIUREN, Gate, GateReading, TianGang, gate, gate_reading, reading_places, tian_gang, tian_gang_position
from .yunchou import YunChou, yun_chou

if TYPE_CHECKING:  # imported when asked for (--born, --tone)
    from .sanjiu import SanJiu
    from .wuyin import WuYin


@frozen
class Lunar:
    """The lunar date of the instant (month 1–12, day 1–30, leap month flag)."""

    month: int
    day: int
    leap: bool


@frozen
class GucuReport:
    """Everything `qimen gucu` reports for one instant (field names are the JSON keys)."""

    day: str                      # the day's 干支
    hour: str                     # the hour's 干支
    xun: str                      # the day's 旬首
    month_basis: str              # "lunar" or "jie"
    month_day: MonthDay           # month and day of the month the rules used
    lunar: Lunar | None
    gu_xu: GuXuSet
    bei_jian_xiang_po: BeiJianXiangPo
    tian_mu: str
    di_er: str
    di_bing: str
    lei_gong: str
    hu_wei: str
    huang_fan: str
    hu_wei_extrapolated: bool     # the year is one of 寅申巳亥, which the text does not list
    huang_fan_year: str           # 干支 of the year 虎尾/黃幡 are taken on: lunar year (lunar basis) or 立春 year (jie)
    you_men: YouMen
    attack: Attack
    tian_gang: TianGang
    tian_gang_gate: Gate | GateReading | None  # --tian-men: 天罡 on 天門/地戶/酉 under that reading; else None (not written)
    wu_yin: WuYin | None
    chu_jun: ChuJun
    mansion: Mansion
    san_jiu: SanJiu | None
    yun_chou: YunChou
    bi_wu: BiWu
    an_ying: AnYing
    camp: Camp | None             # 安營's size for --size men, else None
    chu_jun_route: ChuJunRoute | None


#: The directions of the report on the 24-point ring: (field path of a branch, a point, a
#: trigram or a list of them; the mark drawn there; what the commander does with it: keep it
#: behind, "back" (背孤), strike or face it, "strike" (擊虛), shun it, "shun", or a place,
#: "other"), in the order the ring view draws them.  The ring view (`render/gucu.ring_marks`)
#: reads the report's attributes, `find`'s ring records (`find/places.ring_records`) the JSON,
#: whose keys are the field names (the attack's `from_` written "from").
RING_MARKS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("gu_xu", "hour", "gu"), "時孤", "back"), (("gu_xu", "hour", "xu"), "時虛", "strike"),
    (("gu_xu", "day", "gu"), "日孤", "back"), (("gu_xu", "day", "xu"), "日虛", "strike"),
    (("gu_xu", "xun", "gu"), "旬孤", "back"), (("gu_xu", "xun", "xu"), "旬虛", "strike"),
    (("bei_jian_xiang_po", "jian"), "建", "back"), (("bei_jian_xiang_po", "po"), "破", "strike"),
    (("tian_mu",), "天目", "back"), (("di_er",), "地耳", "strike"),
    (("hu_wei",), "虎尾", "back"), (("huang_fan",), "黃幡", "strike"),
    (("di_bing",), "地兵", "shun"), (("lei_gong",), "雷公", "shun"),
    (("you_men", "tian_men"), "遊天門", "strike"), (("you_men", "bai_si"), "百死", "shun"),
    (("attack", "from_"), "從此", "other"), (("attack", "to"), "擊此", "strike"),
    (("tian_gang", "branch"), "天罡", "other"),
    (("wu_yin", "de"), "德", "strike"), (("wu_yin", "sheng_qi"), "生氣", "other"),
    (("wu_yin", "si_qi"), "死氣", "strike"), (("wu_yin", "yin"), "陰", "other"),
    (("wu_yin", "yang"), "陽", "strike"), (("wu_yin", "xing_huo"), "刑禍", "shun"),
    (("yun_chou", "yu_nu"), "玉女", "other"), (("yun_chou", "tian_men"), "籌天門", "other"),
    (("yun_chou", "di_hu"), "籌地戶", "other"), (("yun_chou", "kai"), "開", "other"),
    (("yun_chou", "bi"), "閉", "other"),
    (("bi_wu", "wu"), "戊土", "other"),
)


def pillar_date(moment: Moment) -> _dt.date:
    """Civil date of the Moment's day pillar (the clock date, or the next one after 子初)."""
    base = moment.local.date()
    shift = (moment.pillars.day - day_index(base)) % 60
    if shift not in (0, 1, 59):
        raise ValueError(f"day pillar {CYCLE[moment.pillars.day]} is not within a day of {base}")
    return base + _dt.timedelta(days=shift if shift < 2 else -1)


def month_day_of(moment: Moment, basis: str) -> MonthDay:
    """Month and day of the month under `basis` ("lunar" or "jie").

    The lunar date is the Moment's (the civil date at the reckoning offset); the 節
    basis counts civil dates in the chart's clock.  Open question: in the 23:00 hour
    with the day changing at 子初, the 干支 day (and its mansion) is already the next
    day's while the day of the month is still the old one; the texts do not say
    which day of the month a 子初 hour belongs to.
    """
    if basis == "lunar":
        if moment.lunar is None:
            raise BadInput("no lunar date for this instant; use --month-basis jie")
        lun = moment.lunar
        return _lunar_month_day(lun.month, lun.day, lun.leap)
    if basis == "jie":
        tz = moment.local.tzinfo
        jie_date = moment.jie.utc.astimezone(tz).date()
        return _jie_month_day(moment.jie.k, jie_date, moment.local.date())
    raise BadInput(f"month basis must be lunar or jie: {basis!r}")


def _wu_yin(tone: str) -> WuYin:
    from .wuyin import wu_yin

    return wu_yin(tone)


def _san_jiu(born_month: int, born_day: int, mansion: int) -> SanJiu:
    from .sanjiu import san_jiu

    return san_jiu(born_month, born_day, mansion)


def _route(earth_stems: Mapping[int, Sequence[str]], xun_yi: str) -> ChuJunRoute:
    """`chu_jun_route`, remembered by the earth plate and the 儀 (a few hundred of them: the
    earth plate is the 局's; shared objects, so the JSON writer serialises each once); first
    by the identity of the mapping (arts.gucu shares one per 奇門 plate)."""
    key = (id(earth_stems), xun_yi)
    hit = _ROUTES.get(key)
    if hit is None or hit[0] is not earth_stems:
        if len(_ROUTES) >= 1024:
            _ROUTES.clear()
        hit = _ROUTES[key] = (earth_stems, _route_of(tuple((p, tuple(s)) for p, s in earth_stems.items()
                                                           if s is not None), xun_yi))
    return hit[1]


#: (id of an earth plate's mapping, 儀) → (the mapping, kept so that its id stays its own; the route).
_ROUTES: dict = {}


@lru_cache(maxsize=1024)
def _route_of(stems: tuple, xun_yi: str) -> ChuJunRoute:
    return chu_jun_route(dict(stems), xun_yi)


# --- caches in front of the rules ---------------------------------------------------------
# The parts of a report that depend on a few small inputs (the day, the hour branch, the
# month), each made once for its inputs and shared by the instants that have them, so that
# the JSON writer writes each object once (render/json_gucu.MEMO: by identity).  The rules
# are the sibling modules' own functions; only their results are kept.

#: 天罡 by (月將, hour branch): 144 values.
_tian_gang = cache(tian_gang)
#: The three 孤虛 by (day, hour branch, size): 720 values a size.
_gu_xu_set = lru_cache(maxsize=4096)(gu_xu_set)
#: 背建向破 by the month branch (12), 遊門 by the month (12), the attack by the day of the month (30 or so).
_bei_jian_xiang_po = cache(bei_jian_xiang_po)
_you_men = cache(you_men)
_attack_of_day = cache(attack_of_day)
#: 虎尾 and 黃幡 by the year branch (12).
_hu_wei_huang_fan = cache(hu_wei_huang_fan)
#: The 出軍 days by (month, day of the month, day): the instants of a day share one.
_chu_jun = lru_cache(maxsize=1024)(chu_jun)
#: The mansion by (civil date, day): the instants of a day share one.
_mansion_of_day = lru_cache(maxsize=1024)(mansion_of_day)
#: The lunar month and day under the lunar basis, by (month, day, leap).
_lunar_month_day = lru_cache(maxsize=1024)(lunar_month_day)
_jie_month_day = lru_cache(maxsize=1024)(jie_month_day)


@lru_cache(maxsize=1024)
def _lunar(month: int, day: int, leap: bool) -> Lunar:
    """The report's lunar date (one shared object for the instants of a day)."""
    return Lunar(month, day, leap)


def _gate(moment: Moment, reading: str, month: int) -> Gate | GateReading:
    """天罡 on 天門/地戶/酉 at the Moment under `reading`; youmen's 天門 is the 遊門 of `month`."""
    yj, hour = yue_jiang_branch(moment.qi.k), moment.hour_branch
    on = tian_gang_position(yj, hour)
    if reading == LIUREN:
        return gate(on)
    return gate_reading(on, reading, *reading_places(reading, yj, hour, month, moment.month_branch))


def gucu_report(
    moment: Moment,
    *,
    month_basis: str = "lunar",
    size: int | None = None,
    tone: str | None = None,
    born: tuple[int, int] | None = None,
    steps: int = 6,
    earth_plate: tuple[Mapping[int, Sequence[str]], str] | None = None,
    tian_men: str | None = None,
) -> GucuReport:
    """Assemble the report for `moment`.

    `size` (people) picks the hour's or the day's 孤虛 and sizes the camp (安營); `tone` (角徵宮商羽) adds the 五音
    row; `born` (month, day) adds the general's 命宿 and the 三九 reading; `steps` is the
    閉戊 ring in 步; `earth_plate` (palace → earth stems, 旬首's 儀) of the current 奇門
    chart adds the 出軍 route; `tian_men` (liuren, youmen, sanmen) adds 天罡 on 天門/地戶 under
    that reading (youmen: the 遊門 of the report's own month).  The 旬 of the 旬-rules is the day's;
    the year of 虎尾/黃幡 is the lunar year under the lunar basis and the 立春 year under the 節 basis.
    """
    p = moment.pillars
    md = month_day_of(moment, month_basis)
    lun = moment.lunar
    year = lun.year if (month_basis == "lunar" and lun is not None) else p.year
    ww = _hu_wei_huang_fan(year % 12)
    date = pillar_date(moment)
    mansion = _mansion_of_day(date, p.day)
    return GucuReport(
        day=CYCLE[p.day],
        hour=CYCLE[p.hour],
        xun=CYCLE[p.day - p.day % 10],
        month_basis=md.basis,
        month_day=md,
        lunar=None if lun is None else _lunar(lun.month, lun.day, lun.leap),
        gu_xu=_gu_xu_set(p.day, moment.hour_branch, size),
        bei_jian_xiang_po=_bei_jian_xiang_po(moment.month_branch),
        tian_mu=BRANCHES[tian_mu(p.day)],
        di_er=BRANCHES[di_er(p.day)],
        di_bing=BRANCHES[di_bing(p.day)],
        lei_gong=BRANCHES[lei_gong(p.day)],
        hu_wei=ww.hu_wei,
        huang_fan=ww.huang_fan,
        hu_wei_extrapolated=ww.extrapolated,
        huang_fan_year=CYCLE[year % 60],
        you_men=_you_men(md.month),
        attack=_attack_of_day(md.day),
        tian_gang=_tian_gang(yue_jiang_branch(moment.qi.k), moment.hour_branch),
        tian_gang_gate=None if tian_men is None else _gate(moment, tian_men, md.month),
        wu_yin=None if tone is None else _wu_yin(tone),
        chu_jun=_chu_jun(md.month, md.day, p.day),
        mansion=mansion,
        san_jiu=None if born is None else _san_jiu(born[0], born[1], mansion_of_date(date)),
        yun_chou=yun_chou(p.day % 12),
        bi_wu=bi_wu(p.day, steps),
        an_ying=an_ying(p.day),
        camp=None if size is None else camp(size),
        chu_jun_route=None if earth_plate is None else _route(*earth_plate),
    )
