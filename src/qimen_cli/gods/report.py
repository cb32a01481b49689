"""The `noble` and `twelve-gods` reports: one Moment in, one frozen dataclass out.

More precisely: the rules of gods.noble and gods.twelve take branches and
booleans; these two functions read them off a Moment (day stem and branch, hour
branch, last 中氣 → 月將, last 節 → 月建, half-year), name the results in
traditional characters, attach each direction's 24-mountain point and bearing,
and the clock window during which it holds.  Field names are the JSON keys.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache

from ..calendar.branchplate import heaven_plate, shift
from ..calendar.clock import boundary_utc
from ..calendar.compass import direction
from ..calendar.ganzhi import BRANCHES, STEMS
from ..calendar.moment import Moment
from ..errors import BadInput
from ..records import frozen
from . import twelve as tw
from .noble import (
    GENERAL_NOTES,
    YUE_JIANG_NAMES,
    generals_at,
    he_shen,
    noble_branch,
    noble_table_names,
    yue_jiang_branch,
)
from .window import DAY, HALF, HOUR, JIAN, JIANG, Window, boundary, window

SCHOOLS = ("gu", "sanshi")


@frozen
class YueJiang:
    """The 月將 (地將 of the last 中氣) and the span of its 中氣."""

    branch: str
    name: str
    qi: str
    since_utc: _dt.datetime
    until_utc: _dt.datetime
    next_qi: str


@frozen
class MonthJian:
    """The 月建 (branch of the 節 month) and the span of its 節."""

    branch: str
    jie: str
    since_utc: _dt.datetime
    until_utc: _dt.datetime
    next_jie: str


@frozen
class Hour:
    branch: str
    start_utc: _dt.datetime
    end_utc: _dt.datetime


@frozen
class Noble:
    """貴人 of the day: its branch, the half-year's table ({stem: branch}) and how it was found."""

    branch: str
    kind: str                 # "陽貴" | "陰貴"
    day_stem: str
    he_shen: str              # the day stem's 合神, whose 納 branch is the 貴人
    table: dict


@frozen
class General:
    """One 天將 on the plate, with the direction beneath it and 004's notes."""

    name: str
    heaven_branch: str
    heaven_name: str          # the 地將 of that heaven branch
    earth_branch: str
    bearing: int
    compass: str
    palace: int
    label: str | None         # 吉 / 凶 (004), None for 貴人
    home: str | None
    governs: str | None
    lead_troops: str


@frozen
class Point:
    """One direction of a named god: where it is (earth branch, 24-mountain point,
    bearing, 15° sector, compass, palace) and the window during which it holds."""

    group: str
    god: str
    heaven_branch: str | None
    earth_branch: str
    mountain: str
    bearing: int
    sector: tuple[float, float]
    compass: str
    palace: int
    window: Window


@frozen
class Jianchu:
    officer: str
    day_branch: str
    row: dict                 # officer → branch, 建 … 閉
    window: Window


@frozen
class Directions:
    """The issue's `directions` object: earth branches only."""

    tian_men: dict            # 太沖 小吉 從魁 → earth branch
    di_hu: dict               # 除 危 定 開 → earth branch
    tian_ma: str
    si_men: dict              # 太陰 六合 太常 → earth branch
    ting_ting: str
    bai_jian: dict            # 功曹|勝光|天魁 → earth branch
    he_ge: str | None         # "合" | "格"
    advice: str


@frozen
class SanShi:
    """The 三氏 variants that 000 records and rejects, labelled as such."""

    source: str
    di_hu_shi: tuple[str, ...]
    hour_is_di_hu_shi: bool
    tian_ma: str
    bai_jian: dict            # heaven 孟 branch → earth (寅|午|戌)
    relation: str | None      # "格" | "囚" | None
    yue_ting_ting: str
    ri_ting_ting: dict        # {ju, branch}
    points: tuple[Point, ...]


@frozen
class NobleReport:
    pillars: dict
    yue_jiang: YueJiang
    month_branch: str
    hour: Hour
    dun: str
    noble: Noble
    plate: dict               # earth branch → heaven branch, 子 … 亥
    generals: tuple[General, ...]
    window: Window            # during which the 天將 (and 私門) keep their places
    si_men: dict
    si_men_points: tuple[Point, ...]
    si_men_qimen: tuple[tw.SiMenQimen, ...] | None


@frozen
class TwelveGodsReport:
    pillars: dict
    yue_jiang: YueJiang
    month_branch: str
    month_jian: MonthJian
    hour: Hour
    dun: str
    noble: Noble
    plate: dict
    generals: tuple[General, ...]
    generals_window: Window
    jianchu: Jianchu
    directions: Directions
    points: tuple[Point, ...]
    shi_gan_shen: dict        # stem → (name, name)
    school: str
    sanshi: SanShi | None


# --- pieces ---------------------------------------------------------------------------

#: The inputs each group reads (its window is their intersection).
GENERALS_INPUTS = (HOUR, JIANG, DAY, HALF)
GROUP_INPUTS: Mapping[str, tuple[str, ...]] = {
    "天三門": (HOUR, JIANG),
    "地四戶": (HOUR,),
    "天馬": (JIANG, JIAN),
    "地私門": GENERALS_INPUTS,
    "亭亭": (HOUR, JIANG),
    "白奸": (HOUR, JIANG),
    "三氏 地戶時": (JIAN,),
    "三氏 月建天馬": (JIAN,),
    "三氏 白奸": (HOUR, JIANG),
    "三氏 月亭亭": (JIAN,),
    "三氏 日亭亭": (DAY,),
}


def _yue_jiang(m: Moment, yj: int) -> YueJiang:
    return _yue_jiang_of(yj, m.qi.name, m.qi.ts, m.next_qi.name, m.next_qi.ts)


@lru_cache(maxsize=256)
def _yue_jiang_of(yj: int, qi: str, since: float, next_qi: str, until: float) -> YueJiang:
    """The 月將 of one 中氣 span (one shared object for the instants of the month)."""
    return YueJiang(BRANCHES[yj], YUE_JIANG_NAMES[yj], qi, boundary_utc(since), boundary_utc(until), next_qi)


@lru_cache(maxsize=256)
def _month_jian_of(mb: int, jie: str, since: float, next_jie: str, until: float) -> MonthJian:
    """The 月建 of one 節 span (one shared object for the instants of the month)."""
    return MonthJian(BRANCHES[mb], jie, boundary_utc(since), boundary_utc(until), next_jie)


@cache
def _jianchu_row_names(mb: int) -> dict:
    """The month's 建除 row as officer → branch name (12 values, shared: not to be changed)."""
    return {name: BRANCHES[b] for name, b in tw.jianchu_row(mb)}


#: The last 直辰 made, by (day branch, 月建, id of its window): the instants of one day share it.
_JIANCHU: dict = {}


def _jianchu(day_branch: int, mb: int, w: Window) -> Jianchu:
    key = (day_branch, mb, id(w))
    found = _JIANCHU.get(key)
    if found is None or found.window is not w:
        if len(_JIANCHU) >= 64:
            _JIANCHU.clear()
        found = _JIANCHU[key] = Jianchu(tw.jianchu_officer(day_branch, mb), BRANCHES[day_branch],
                                        _jianchu_row_names(mb), w)
    return found


@lru_cache(maxsize=2048)
def _directions_of(yj: int, hb: int, mb: int) -> tuple:
    """The rules of the emergency directions that read the 月將, the hour and the 月建 alone:
    天三門, 地四戶, 天馬, 亭亭, 白奸 and their 合/格 (1,728 values at most, shared: not to be changed)."""
    men = tw.tian_men(yj, hb)
    hu = tw.di_hu(mb, hb)
    ma = tw.tian_ma(yj, mb)
    tt = tw.ting_ting(yj, hb)
    bj_name, bj_heaven, bj_earth = tw.bai_jian(yj, hb)
    relation = tw.he_ge(bj_earth)
    row = dict(tw.jianchu_row(mb))
    return (men, hu, ma, tt, bj_name, bj_heaven, bj_earth, relation, row,
            _names(men), _names(hu), {bj_name: BRANCHES[bj_earth]}, tw.advice(relation))


def _directions(yj: int, hb: int, mb: int, si_names: dict) -> Directions:
    """The report's `directions`, once per (月將, hour, 月建, 私門): one shared object each
    (the 私門 dict, by name, is `_si_men_of`'s, shared by the instants of one tuple of 天將)."""
    key = (yj, hb, mb, id(si_names))
    hit = _DIRECTIONS.get(key)
    if hit is None or hit[0] is not si_names:
        (men, hu, ma, tt, _bj_name, _bj_heaven, _bj_earth, relation, _row,
         men_names, hu_names, bj_names, advice) = _directions_of(yj, hb, mb)
        if len(_DIRECTIONS) >= 4096:
            _DIRECTIONS.clear()
        hit = _DIRECTIONS[key] = (si_names, Directions(
            tian_men=men_names,
            di_hu=hu_names,
            tian_ma=BRANCHES[ma],
            si_men=si_names,
            ting_ting=BRANCHES[tt],
            bai_jian=bj_names,
            he_ge=relation,
            advice=advice,
        ))
    return hit[1]


#: (月將, hour, 月建, id of the 私門 dict) → (the dict, kept so that its id stays its own; the Directions).
_DIRECTIONS: dict = {}


@lru_cache(maxsize=2048)
def _direction_heads(yj: int, hb: int, mb: int) -> tuple[tuple[tuple[tuple[str, ...], _Head], ...], ...]:
    """The emergency directions' points but the 地私門 (which read the 天將), each as (the
    inputs of its window, its fields before the window): those before the 地私門 (天三門,
    地四戶, 天馬) and those after (亭亭, 白奸), by what they read (1,728 values at most)."""
    (men, hu, ma, tt, bj_name, bj_heaven, bj_earth, _relation, row, *_names_) = _directions_of(yj, hb, mb)
    before = (
        *[("天三門", name, _TIAN_MEN_HEAVEN[name], e) for name, e in men.items()],
        *[("地四戶", name, row[name], e) for name, e in hu.items()],
        ("天馬", "太沖", tw.B_MAO, ma),
    )
    after = (("亭亭", "神后", tw.B_ZI, tt), ("白奸", bj_name, bj_heaven, bj_earth))
    return tuple(tuple((GROUP_INPUTS[p[0]], _point_head(*p)) for p in part) for part in (before, after))


def _noble(m: Moment) -> Noble:
    return _noble_of(m.day_stem, m.yang_half)


@cache
def _noble_of(stem: int, yang: bool) -> Noble:
    """貴人 of the day stem in the half-year (20 values: one shared object each)."""
    return Noble(
        BRANCHES[noble_branch(stem, yang)], "陽貴" if yang else "陰貴", STEMS[stem], STEMS[he_shen(stem)], noble_table_names(yang)
    )


def _generals(m: Moment, yj: int) -> tuple[General, ...]:
    yang = m.yang_half
    return _generals_at(noble_branch(m.day_stem, yang), yang, shift(yj, m.hour_branch))


@cache
def _generals_at(noble: int, yang: bool, turn: int) -> tuple[General, ...]:
    """The twelve 天將 with their directions and notes, by what they depend on
    (`noble.generals_at`: 288 values, one shared tuple each, so that the JSON writer
    serialises each once)."""
    return tuple(_general(g.name, g.heaven_branch, g.earth_branch) for g in generals_at(noble, yang, turn))


@cache
def _general(name: str, heaven: int, earth: int) -> General:
    """One 天將 over the heaven branch `heaven`, on the earth branch `earth` (at most 1,728)."""
    d = direction(earth)
    note = GENERAL_NOTES[name]
    return General(name, BRANCHES[heaven], YUE_JIANG_NAMES[heaven], BRANCHES[earth], d.bearing, d.compass, d.palace,
                   note.label, note.home, note.governs, note.lead_troops)


def _plate(yj: int, hour: int) -> dict:
    return _plate_at(shift(yj, hour))


@cache
def _plate_at(turn: int) -> dict:
    """earth branch → heaven branch of the plate turned by `turn` (12 values, shared: not to
    be changed by a caller)."""
    plate = heaven_plate(turn)
    return {BRANCHES[p]: BRANCHES[plate[p]] for p in range(12)}


def _window(m: Moment, inputs: tuple[str, ...], windows: dict) -> Window:
    """`window(m, *inputs)`, made once per report for each set of inputs (`windows`: the report's)."""
    found = windows.get(inputs)
    if found is None:
        found = windows[inputs] = window(m, *inputs)
    return found


def _point(m: Moment, group: str, god: str, heaven: int | None, earth: int, windows: dict) -> Point:
    return Point(*_point_head(group, god, heaven, earth), _window(m, GROUP_INPUTS[group], windows))


#: A Point's fields before its window.
_Head = tuple[str, str, "str | None", str, str, int, "tuple[float, float]", str, int]


@lru_cache(maxsize=4096)
def _point_head(group: str, god: str, heaven: int | None, earth: int) -> _Head:
    """A Point's fields before its window: the god, its heaven branch and the direction of its
    earth branch (a few hundred values)."""
    d = direction(earth)
    return (group, god, None if heaven is None else BRANCHES[heaven], d.earth_branch, d.mountain, d.bearing, d.sector,
            d.compass, d.palace)


def _names(mapping: Mapping[str, int]) -> dict:
    return {k: BRANCHES[v] for k, v in mapping.items()}


def _common(m: Moment):
    yj = yue_jiang_branch(m.qi.k)
    hour = Hour(BRANCHES[m.hour_branch], boundary(m.hour_start), boundary(m.hour_end))
    return yj, hour, _noble(m), _generals(m, yj), _plate(yj, m.hour_branch)


def _si_men_points(m: Moment, generals: Sequence[General], windows: dict) -> tuple[dict, dict, tuple[Point, ...]]:
    earth, names, heads = _si_men_of(generals)
    w = _window(m, GROUP_INPUTS["地私門"], windows)
    return earth, names, tuple([Point(*head, w) for head in heads])


def _si_men_of(generals: Sequence[General]) -> tuple[dict, dict, tuple[_Head, ...]]:
    """The 私門 of a plate's 天將: {general: earth branch}, the same with branch names (both
    shared: not to be changed) and their points' fields before the window; once per tuple of
    天將 (they are shared)."""
    hit = _SI_MEN.get(id(generals))
    if hit is None or hit[0] is not generals:
        by_name = {g.name: g for g in generals}
        earth = {name: BRANCHES.index(by_name[name].earth_branch) for name in tw.SI_MEN}
        heads = tuple(_point_head("地私門", name, BRANCHES.index(by_name[name].heaven_branch), earth[name])
                      for name in tw.SI_MEN)
        if len(_SI_MEN) >= 1024:
            _SI_MEN.clear()
        hit = _SI_MEN[id(generals)] = (generals, earth, _names(earth), heads)
    return hit[1], hit[2], hit[3]


#: id of a tuple of 天將 → (the tuple, kept so that its id stays its own; the 私門, by number and by
#: name; their points' heads).
_SI_MEN: dict = {}


# --- the two reports -------------------------------------------------------------------


def noble_report(
    m: Moment,
    doors: Mapping[int, str | None] | None = None,
    heaven_stems: Mapping[int, Sequence[str]] | None = None,
) -> NobleReport:
    """`qimen noble`: 貴人 of the day, the twelve 天將 on 月將加正時, the 地私門.

    `doors` (palace → door of the cast 奇門 chart) and optionally `heaven_stems`
    (palace → heaven-plate stems) add the check 私門之方，更得奇門湊合.
    """
    yj, hour, noble, generals, plate = _common(m)
    windows: dict = {}
    earth, names, points = _si_men_points(m, generals, windows)
    return NobleReport(
        pillars=m.pillars.names(),
        yue_jiang=_yue_jiang(m, yj),
        month_branch=BRANCHES[m.month_branch],
        hour=hour,
        dun="陽" if m.yang_half else "陰",
        noble=noble,
        plate=plate,
        generals=generals,
        window=_window(m, GENERALS_INPUTS, windows),
        si_men=names,
        si_men_points=points,
        si_men_qimen=None if doors is None else tw.si_men_qimen(earth, doors, heaven_stems),
    )


#: stem → its two 神名 (the same for every instant: one shared mapping; do not mutate).
SHI_GAN_SHEN_NAMES = {STEMS[s]: names for s, names in enumerate(tw.SHI_GAN_SHEN)}

#: The heaven branch of each 天門 god.
_TIAN_MEN_HEAVEN = dict(tw.TIAN_MEN)


def twelve_gods_report(m: Moment, school: str = "gu") -> TwelveGodsReport:
    """`qimen twelve-gods`: 月將 and its plate, 直辰, and the emergency directions of 000.

    `school` "gu" gives the text's own methods; "sanshi" adds the 三氏 variants the
    text records and rejects (labelled so).
    """
    if school not in SCHOOLS:
        raise BadInput(f"unknown school {school!r} (expected one of {', '.join(SCHOOLS)})")
    yj, hour, noble, generals, plate = _common(m)
    hb, mb = m.hour_branch, m.month_branch
    day_branch = m.pillars.day % 12
    windows: dict = {}

    _si_earth, si_names, si_points = _si_men_points(m, generals, windows)

    before, after = _direction_heads(yj, hb, mb)
    points = (
        *[Point(*head, _window(m, inputs, windows)) for inputs, head in before],
        *si_points,
        *[Point(*head, _window(m, inputs, windows)) for inputs, head in after],
    )

    sanshi = None
    if school == "sanshi":
        tt = _directions_of(yj, hb, mb)[3]  # 亭亭's earth branch, which 三氏's 白奸 is judged against
        hours = tw.sanshi_di_hu_shi(mb)
        s_ma = tw.sanshi_tian_ma(mb)
        s_heaven, s_earth = tw.sanshi_bai_jian(yj, hb)
        ytt = tw.yue_ting_ting(mb)
        ju, rtt = tw.ri_ting_ting(day_branch)
        sanshi = SanShi(
            source=tw.SANSHI_SOURCE,
            di_hu_shi=tuple(BRANCHES[h] for h in hours),
            hour_is_di_hu_shi=hb in hours,
            tian_ma=BRANCHES[s_ma],
            bai_jian={BRANCHES[s_heaven]: BRANCHES[s_earth]},
            relation=tw.sanshi_relation(tt, s_earth),
            yue_ting_ting=BRANCHES[ytt],
            ri_ting_ting={"ju": ju, "branch": BRANCHES[rtt]},
            points=(
                _point(m, "三氏 月建天馬", "天馬", mb, s_ma, windows),
                _point(m, "三氏 白奸", YUE_JIANG_NAMES[s_heaven], s_heaven, s_earth, windows),
                _point(m, "三氏 月亭亭", "月亭亭", None, ytt, windows),
                _point(m, "三氏 日亭亭", "日亭亭", None, rtt, windows),
            ),
        )

    return TwelveGodsReport(
        pillars=m.pillars.names(),
        yue_jiang=_yue_jiang(m, yj),
        month_branch=BRANCHES[mb],
        month_jian=_month_jian_of(mb, m.jie.name, m.jie.ts, m.next_jie.name, m.next_jie.ts),
        hour=hour,
        dun="陽" if m.yang_half else "陰",
        noble=noble,
        plate=plate,
        generals=generals,
        generals_window=_window(m, GENERALS_INPUTS, windows),
        jianchu=_jianchu(day_branch, mb, window(m, DAY, JIAN)),
        directions=_directions(yj, hb, mb, si_names),
        points=points,
        shi_gan_shen=SHI_GAN_SHEN_NAMES,
        school=school,
        sanshi=sanshi,
    )
