"""The program's answers for the rows of the other arts that go through a computation: reports of
real instants (`noble`, `twelve-gods`, `gucu`, `liuren`), 六壬 lessons and the mechanism that
decided them.

Each function takes the claim's own terms — clock readings at +08:00 (China's civil time, the
lunar dates reckoned there), cycle names, branch names, month numbers — resolves them through
the same calendar the commands use (`calendar.resolve`, the shipped term and new-moon tables),
asks the engine's report and words one part of it.  Dates are civil dates ("2024-03-01"), a
clock reading is "2024-02-19T12:00".  `rows.py` and `rows_arts.py` bind them to the claims.
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import cache

from ..calendar.ganzhi import BRANCHES, CYCLE, cycle_index

#: The clock of every instant named here: China's civil time.
ZONE = "+08:00"

#: 2 → 兩, 3 → 三, 4 → 四: how the text counts the 課 that 剋 ("自兩上克下").
_COUNT = {1: "一", 2: "兩", 3: "三", 4: "四"}


@cache
def moment(at: str):
    """The Moment of a clock reading at +08:00, with its lunar date (China)."""
    from ..calendar.resolve import resolve_moment

    return resolve_moment(at, ZONE, lunar_zone="china")


def _days(start: str, count: int, clock: str = "12:00"):
    """The Moments at `clock` on `count` consecutive civil dates from `start`."""
    first = _dt.date.fromisoformat(start)
    return [moment(f"{first + _dt.timedelta(days=k)}T{clock}") for k in range(count)]


#: A clock reading inside each 時辰 of a civil date, 子 … 亥 (子 at 00:30, the 子 of that day).
HOUR_CLOCKS = ("00:30", "02:00", "04:00", "06:00", "08:00", "10:00", "12:00", "14:00", "16:00", "18:00", "20:00",
               "22:00")


# --- 貴人, 天將 and 月將 (`qimen noble`, `qimen twelve-gods`) ------------------------------------


@cache
def _noble(at: str):
    from ..gods.report import noble_report

    return noble_report(moment(at))


@cache
def _twelve(at: str, school: str = "gu"):
    from ..gods.report import twelve_gods_report

    return twelve_gods_report(moment(at), school)


def yue_jiang_at(art: str, *instants: str) -> str:
    """The 月將 each art's output uses at each instant: `noble`, `twelve-gods`, `liuren` (its plate)
    or `gucu` (the 將 天罡 is read with), one branch an instant."""
    def one(at: str) -> str:
        if art == "noble":
            return _noble(at).yue_jiang.branch
        if art == "twelve-gods":
            return _twelve(at).yue_jiang.branch
        if art == "liuren":
            return _liuren(at).yue_jiang
        return _gucu(at).tian_gang.yue_jiang

    return " ".join(one(at) for at in instants)


def yue_jiang_year(art: str, year: int) -> str:
    """The 月將 a minute before and a minute after each 中氣 of `year` (+08:00), through one art's
    output: the 中氣 and the two branches (雨水子亥 …)."""
    from ..calendar.context import get_context

    tz = _dt.timezone(_dt.timedelta(hours=8))
    lo = _dt.datetime(year, 1, 1, tzinfo=tz).timestamp()
    hi = _dt.datetime(year + 1, 1, 1, tzinfo=tz).timestamp()
    out = []
    for term in get_context().table_for(lo).between(lo, hi):
        if term.k % 2:  # a 節
            continue
        at = _dt.datetime.fromtimestamp(term.ts, tz)
        before = (at - _dt.timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M")
        after = (at + _dt.timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M")
        out.append(term.name + yue_jiang_at(art, before, after).replace(" ", ""))
    return " ".join(out)


def noble_half_at(*instants: str) -> str:
    """The 貴人 at each instant: 陽貴/陰貴, its branch, the way the generals run (順/逆) and the
    earth branch it stands on (陰貴申逆卯)."""
    out = []
    for at in instants:
        r = _noble(at)
        by = {g.name: g for g in r.generals}
        noble, snake = BRANCHES.index(by["貴人"].heaven_branch), BRANCHES.index(by["螣蛇"].heaven_branch)
        way = "順" if snake == (noble + 1) % 12 else "逆" if snake == (noble - 1) % 12 else "?"
        out.append(f"{r.noble.kind}{r.noble.branch}{way}{by['貴人'].earth_branch}")
    return " ".join(out)


def generals_earth_at(at: str) -> str:
    """The earth branch each of the twelve 天將 stands on at the instant, in the text's order (貴人卯 …)."""
    return " ".join(f"{g.name}{g.earth_branch}" for g in _noble(at).generals)


def generals_order_at(at: str) -> str:
    """The twelve 天將 as they follow each other on the heaven plate of the instant, from 貴人, 順
    under 陽貴 and 逆 under 陰貴 (陽貴順相求 … 陰貴逆推求): the general on each branch in turn."""
    r = _noble(at)
    on = {BRANCHES.index(g.heaven_branch): g.name for g in r.generals}
    start = BRANCHES.index(r.noble.branch)
    step = 1 if r.noble.kind == "陽貴" else -1
    return "".join(on[(start + step * k) % 12] for k in range(12))


def general_note_at(at: str, name: str, field: str) -> str:
    """What the noble report of the instant says of the 天將 `name` (004's notes): `field` ("home",
    "label", "lead_troops")."""
    return getattr(next(g for g in _noble(at).generals if g.name == name), field) or "—"


def si_men_at(*instants: str) -> str:
    """The 地私門 of each instant: the earth branches under 太陰, 六合 and 太常."""
    return " ".join("".join(f"{k}{v}" for k, v in _noble(at).si_men.items()) for at in instants)


def heaven_names_at(at: str) -> str:
    """The 地將 on the heaven plate of the instant (twelve-gods), heaven 子 to 亥, by name."""
    by = {g.heaven_branch: g.heaven_name for g in _twelve(at).generals}
    return "".join(by[b] for b in BRANCHES)


def jianchu_at(*instants: str) -> str:
    """The 直辰 of each instant's day: its 月建, the day branch and the officer (寅月寅日建)."""
    out = []
    for at in instants:
        r = _twelve(at)
        out.append(f"{r.month_branch}月{r.jianchu.day_branch}日{r.jianchu.officer}")
    return " ".join(out)


def tian_men_at(at: str, with_hu: bool = True) -> str:
    """天三門 of the instant: each god (太沖 …), its heaven branch and the earth branch beneath it (太沖卯酉);
    with `with_hu` the 地四戶 too (除未 …), else the gods' heaven branches only (太沖卯)."""
    r = _twelve(at)
    if not with_hu:
        return " ".join(f"{p.god}{p.heaven_branch}" for p in r.points if p.group == "天三門")
    men = " ".join(f"{p.god}{p.heaven_branch}{p.earth_branch}" for p in r.points if p.group == "天三門")
    hu = " ".join(f"{k}{v}" for k, v in r.directions.di_hu.items())
    return f"{men} {hu}"


def tian_ma_at(*instants: str) -> str:
    """天馬 of each instant: the 月將, the 月建 and the earth branch beneath 太沖 (子寅巳)."""
    return " ".join(f"{_twelve(at).yue_jiang.branch}{_twelve(at).month_branch}{_twelve(at).directions.tian_ma}"
                    for at in instants)


def ting_jian_at(*instants: str) -> str:
    """亭亭 and 白奸 of each instant: 亭亭's earth branch, the 白奸 and its earth branch, 合/格 and the
    advice (亭亭午 功曹申 格 宜守)."""
    out = []
    for at in instants:
        d = _twelve(at).directions
        (name, place), = d.bai_jian.items()
        out.append(f"亭亭{d.ting_ting} {name}{place} {d.he_ge or '—'} {d.advice}")
    return " ".join(out)


def bai_jian_placed(*placements: str) -> str:
    """The 白奸 with one heaven branch put on an earth branch ("寅巳": 寅加巳): its name, its earth
    branch and 合/格 (功曹巳合)."""
    from ..gods import twelve as tw

    out = []
    for heaven, on in placements:
        name, _branch, place = tw.bai_jian(BRANCHES.index(heaven), BRANCHES.index(on))
        out.append(f"{heaven}加{on}{name}{BRANCHES[place]}{tw.he_ge(place) or '—'}")
    return " ".join(out)


def shi_gan_shen_at(at: str) -> str:
    """The 十干神名 the twelve-gods report of the instant gives (甲天輔青龍 …)."""
    return " ".join(stem + "".join(names) for stem, names in _twelve(at).shi_gan_shen.items())


def sanshi_at(at: str, field: str) -> str:
    """One 三氏 variant in `twelve-gods --school sanshi` at the instant: "tian_ma" (月建天馬, with the
    月建), "ting_ting" (月亭亭 and 日亭亭 with the day branch), "bai_jian" (三氏 白奸: the 孟 and the
    branch it stands on, and the relation to 亭亭), "di_hu" (地戶時 and whether the hour is one); "tian_ma_branch"
    (天馬 alone) and "di_hu_hours" (the 月建 and its 地戶時) as the older rows word them."""
    r = _twelve(at, "sanshi")
    s = r.sanshi
    if field == "tian_ma_branch":
        return s.tian_ma
    if field == "di_hu_hours":
        return r.month_branch + "".join(s.di_hu_shi)
    if field == "tian_ma":
        return f"{r.month_branch}月天馬{s.tian_ma}"
    if field == "ting_ting":
        return f"{r.month_branch}月亭亭{s.yue_ting_ting} {r.jianchu.day_branch}日{s.ri_ting_ting['ju']}{s.ri_ting_ting['branch']}"
    if field == "bai_jian":
        (heaven, earth), = s.bai_jian.items()
        return f"{heaven}加{earth} 亭亭{r.directions.ting_ting} {s.relation or '無格合'}"
    return f"{r.month_branch}月{''.join(s.di_hu_shi)} {r.hour.branch}時{'是' if s.hour_is_di_hu_shi else '非'}"


def sanshi_relations() -> str:
    """The 三氏 格/囚 over every plate (the 月將 on each of the twelve hours, for each 月將): the
    relations that occur, or 無格合 when none does."""
    from ..gods import twelve as tw

    found = set()
    for yj in range(12):
        for hour in range(12):
            _heaven, earth = tw.sanshi_bai_jian(yj, hour)
            relation = tw.sanshi_relation(tw.ting_ting(yj, hour), earth)
            if relation:
                found.add(relation)
    return "".join(sorted(found)) or "無格合"


def ri_ting_ting_days(start: str) -> str:
    """三氏 日亭亭 of each 三合 局 on twelve real days from `start` (火局亥 …), when its three day
    branches agree."""
    seen: dict[str, set[str]] = {}
    for m in _days(start, 12):
        r = _twelve(m.local.strftime("%Y-%m-%dT%H:%M"), "sanshi").sanshi.ri_ting_ting
        seen.setdefault(r["ju"], set()).add(r["branch"])
    return " ".join(ju + (next(iter(b)) if len(b) == 1 else "?") for ju, b in
                    sorted(seen.items(), key=lambda kv: ("火局", "木局", "水局", "金局").index(kv[0])))


# --- 孤虛, 虎鈐經's directions and days (`qimen gucu`) -----------------------------------------


@cache
def _gucu(at: str, **options):
    from ..gucu.report import gucu_report

    return gucu_report(moment(at), **options)


def _at(m) -> str:
    return m.local.strftime("%Y-%m-%dT%H:%M")


def gu_xu_days(start: str) -> str:
    """The day's 孤 and 虛 on twelve consecutive days from `start`, by day branch from 子 (子亥巳 …)."""
    rows = {}
    for m in _days(start, 12):
        r = _gucu(_at(m))
        rows[BRANCHES[m.pillars.day % 12]] = r.gu_xu.day.gu + r.gu_xu.day.xu
    return " ".join(b + rows[b] for b in BRANCHES if b in rows)


def gu_xu_hours(date: str) -> str:
    """The hour's 孤 and 虛 in each 時辰 of a civil date, by hour branch (子亥巳 …)."""
    rows = {}
    for clock in HOUR_CLOCKS:
        r = _gucu(f"{date}T{clock}")
        rows[moment(f"{date}T{clock}").hour_branch] = r.gu_xu.hour.gu + r.gu_xu.hour.xu
    return " ".join(BRANCHES[b] + rows[b] for b in range(12) if b in rows)


def _xun_same(start: str, read) -> list[tuple[str, object]]:
    """Over sixty days from `start` (a 甲子 day): each 旬 head and the value `read(report)` takes on
    every day of that 旬 (None when it changes within it)."""
    by: dict[str, set] = {}
    for m in _days(start, 60):
        head = CYCLE[m.pillars.day - m.pillars.day % 10]
        by.setdefault(head, set()).add(read(_gucu(_at(m))))
    return [(head, next(iter(v)) if len(v) == 1 else None) for head, v in by.items()]


def xun_gu_xu_days(start: str) -> str:
    """The 旬孤虛 (背 and 擊) of each 旬 over sixty real days from `start`, the same on its ten days."""
    return "，".join(f"{head}背{''.join(v[0])}擊{''.join(v[1])}" if v else f"{head}: changes"
                    for head, v in _xun_same(start, lambda r: (r.gu_xu.xun.gu, r.gu_xu.xun.xu)))


def xun_directions(start: str, which: str) -> str:
    """天目/地耳 ("tian_mu"), 地兵 ("di_bing") or 雷公 ("lei_gong") of each 旬 over sixty real days from
    `start`, the same on its ten days; worded as `answers.xun_table`."""
    if which == "tian_mu":
        def word(head, v):
            return f"{head}旬天目在庚{v[0]}，地耳在戊{v[1]}"
        read = (lambda r: (r.tian_mu, r.di_er))
    else:
        field, said = {"di_bing": ("di_bing", "地兵在"), "lei_gong": ("lei_gong", "六庚在")}[which]

        def word(head, v):
            return f"{head}旬{said}{v}"

        def read(r):
            return getattr(r, field)
    return "，".join(word(head, v) if v else f"{head}: changes" for head, v in _xun_same(start, read))


def bei_jian_at(*instants: str) -> str:
    """背建向破 at each instant: the 建 and its 破 (建寅破申)."""
    return " ".join(f"建{_gucu(at).bei_jian_xiang_po.jian}破{_gucu(at).bei_jian_xiang_po.po}" for at in instants)


def gu_xu_size_at(at: str, *sizes: int) -> str:
    """Which 孤虛 the report of the instant picks for each army size, and its 孤 and 虛 (1:hour巳亥)."""
    out = []
    for n in sizes:
        r = _gucu(at, size=n).gu_xu
        pair = getattr(r, r.chosen)
        out.append(f"{n}:{r.chosen}{pair.gu}{pair.xu}")
    return " ".join(out)


@cache
def _lunar_days(first: str, last: str) -> tuple:
    """Every civil date from `first` to `last` with its Moment at noon."""
    a, b = _dt.date.fromisoformat(first), _dt.date.fromisoformat(last)
    return tuple(_days(first, (b - a).days + 1))


def avoid_days(rule: str, first: str, last: str) -> str:
    """The lunar days on which the report of a real date from `first` to `last` names `rule` (往亡, 六窮,
    軍忌) among the days to avoid: for 往亡 the day of each month 1–12 (7 14 …), else the days of the
    month (9 19 28), as the text lists them."""
    hits = set()
    for m in _lunar_days(first, last):
        r = _gucu(_at(m))
        if rule in r.chu_jun.avoid:
            hits.add((r.month_day.month, r.month_day.day))
    if rule == "往亡":
        by = {}
        for month, day in sorted(hits):
            by.setdefault(month, day)
        return " ".join(str(by.get(m, "—")) for m in range(1, 13))
    return " ".join(str(d) for d in sorted({d for _m, d in hits}))


def ji_ri_days(month: int, first: str, last: str) -> str:
    """The listed 出軍 days of lunar month `month` met on real dates from `first` to `last`: the 干支
    of the days the report finds on the list, in the order of the list."""
    found, listed = set(), ()
    for m in _lunar_days(first, last):
        r = _gucu(_at(m))
        if r.month_day.month == month and not r.month_day.leap:
            listed = r.chu_jun.ji_ri
            if r.chu_jun.in_ji_ri:
                found.add(r.chu_jun.ganzhi)
    return "、".join(g for g in listed if g in found)


def you_men_months(first: str, last: str) -> str:
    """遊門 (天門 and 百死) of each lunar month met on real dates from `first` to `last` (申酉 …)."""
    by = {}
    for m in _lunar_days(first, last):
        r = _gucu(_at(m))
        by.setdefault(r.month_day.month, set()).add(r.you_men.tian_men + r.you_men.bai_si)
    return " ".join((next(iter(by[k])) if len(by[k]) == 1 else "?") for k in sorted(by))


def attack_days(first: str, last: str) -> str:
    """The attack on the lunar days 1–8 met on real dates from `first` to `last`, and whether the days
    11–18 and 21–28 repeat it, as `answers.attack_table` words it."""
    by: dict[int, set] = {}
    for m in _lunar_days(first, last):
        r = _gucu(_at(m))
        by.setdefault(r.month_day.day, set()).add((r.attack.from_, r.attack.to))
    first8 = []
    for d in range(1, 9):
        pairs = by.get(d, set())
        first8.append("".join(next(iter(pairs))) if len(pairs) == 1 else "?")
    repeats = all(by.get(d + k) == by.get(d) for d in range(1, 9) for k in (10, 20))
    return " ".join(first8) + (" repeated" if repeats else " not repeated")


def huang_fan_dates(*dates: str) -> str:
    """黃幡 and 虎尾 on real dates: the year branch the report takes them by and the two (午黃幡在戌虎尾在辰)."""
    out = []
    for date in dates:
        r = _gucu(f"{date}T12:00")
        out.append(f"{r.huang_fan_year[1]}黃幡在{r.huang_fan}虎尾在{r.hu_wei}")
    return " ".join(out)


def wu_yin_at(at: str, tone: str) -> str:
    """The 五音 row the report of the instant gives with `--tone`, worded as `answers.wu_yin_row`."""
    r = _gucu(at, tone=tone).wu_yin
    return f"{tone}德在{r.de}，陽{r.yang}陰{r.yin}，生氣{r.sheng_qi}，死{r.si_qi}，刑禍{r.xing_huo}"


def ming_xiu_at(at: str) -> str:
    """The 命宿 the report of the instant gives for a general born on the first of each month 1–12."""
    return "".join(_gucu(at, born=(month, 1)).san_jiu.ming_xiu for month in range(1, 13))


def san_jiu_dates(born: tuple[int, int], first: str, count: int) -> str:
    """The 三九 label of the day's mansion on `count` real days from `first`, for a general born on
    `born` (month, day): each day's mansion and its label (胃命 昴榮 …)."""
    return " ".join(f"{r.mansion}{r.label or '—'}"
                    for r in (_gucu(_at(m), born=born).san_jiu for m in _days(first, count)))


def mansions_dates(first: str, count: int) -> str:
    """The day's mansion, its 曜 and its 元 on `count` real days from `first` (翼火星江元 …)."""
    return " ".join(f"{r.mansion.name}{r.mansion.yao}{r.mansion.yuan}"
                    for r in (_gucu(_at(m)) for m in _days(first, count)))


def qi_yuan_heads_from(first: str) -> str:
    """The 元 of seven successive 甲子 days from `first` (a 甲子 date) and the mansion each falls on
    (天元虛 …), in the order they come."""
    out = []
    for k in range(7):
        date = _dt.date.fromisoformat(first) + _dt.timedelta(days=60 * k)
        r = _gucu(f"{date}T12:00")
        out.append(f"{r.mansion.yuan}{r.mansion.name}" if r.day == "甲子" else f"{date}: {r.day}")
    return " ".join(out)


def yao_dates(first: str, yao: str) -> str:
    """The mansions ruled by `yao` among the 28 days from `first`, in the order of the 28 (角 first)."""
    from ..gucu.mansions import MANSIONS

    found = {r.mansion.name for r in (_gucu(_at(m)) for m in _days(first, 28)) if r.mansion.yao == yao}
    return "".join(name for name in MANSIONS if name in found)


def tian_gang_hours(date: str, field: str, *on: str) -> str:
    """What the report says of 天罡 in the 時辰 of a civil date where it stands on each branch of `on`:
    `field` of its readings ("tian_di", "shen", "hide")."""
    by = {}
    for clock in HOUR_CLOCKS:
        r = _gucu(f"{date}T{clock}").tian_gang
        by[r.branch] = getattr(r.readings, field) or "—"
    return " ".join(by.get(b, "?") for b in on)


def tian_gang_classes(date: str) -> str:
    """Where 神 is with 天罡 on each class of branch (孟 寅申巳亥, 仲 子午卯酉, 季 辰戌丑未) in the reports of
    the twelve 時辰 of a civil date, when the class's four agree (孟神在內 …)."""
    by = {}
    for clock in HOUR_CLOCKS:
        r = _gucu(f"{date}T{clock}").tian_gang
        by[r.branch] = r.readings.shen
    out = []
    for group, branches in (("孟", "寅申巳亥"), ("仲", "子午卯酉"), ("季", "辰戌丑未")):
        found = {by.get(b) for b in branches}
        out.append(group + (found.pop() if len(found) == 1 else "?"))
    return " ".join(out)


def tian_gang_at(*instants: str) -> str:
    """天罡 at each instant: the 月將, the earth branch 天罡 stands on and where 神 is (子將戌 神在外)."""
    return " ".join(f"{_gucu(at).tian_gang.yue_jiang}將{_gucu(at).tian_gang.branch}{_gucu(at).tian_gang.readings.shen}"
                    for at in instants)


def yun_chou_date(date: str) -> str:
    """運籌 on a real date: the day branch, 天門, 地戶 and the way out (出 天門, 入 地戶, 去 by 玉女)."""
    r = _gucu(f"{date}T12:00").yun_chou
    return f"{r.day_branch}日 天門{r.tian_men} 地戶{r.di_hu} 出{r.route.out}入{r.route.enter}去{r.route.leave}"


def camp_date(date: str, which: str) -> str:
    """閉戊 ("bi_wu": the 旬, its 戊 and the order the soil is joined) or 安營 ("an_ying": the 旬 and the
    ten posts 大將 … 兵器, with the 空亡) on a real date."""
    from ..gucu.anying import ROLE_FIELDS

    r = _gucu(f"{date}T12:00")
    if which == "bi_wu":
        return f"{r.xun} 戊在{r.bi_wu.wu} {''.join(r.bi_wu.order)}"
    return f"{r.xun} {''.join(getattr(r.an_ying, f) for f in ROLE_FIELDS)} 空{''.join(r.an_ying.kong)}"


def yu_nu_days(start: str) -> str:
    """The day's 玉女 point in the 運籌 of twelve real days from `start`, by day branch (子庚 …)."""
    rows = {}
    for m in _days(start, 12):
        r = _gucu(_at(m)).yun_chou
        rows[r.day_branch] = r.yu_nu
    return " ".join(b + rows[b] for b in BRANCHES if b in rows)


# --- 六壬 (`qimen liuren`) --------------------------------------------------------------------


@cache
def _liuren(at: str, fan_yin: str | None = None):
    """The lesson of the instant, as `qimen liuren` casts it (its default 反吟 reading unless `fan_yin`)."""
    from ..liuren.report import from_moment

    return from_moment(moment(at)) if fan_yin is None else from_moment(moment(at), fan_yin=fan_yin)


def liuren_at(at: str, fan_yin: str | None = None) -> str:
    """The lesson of the instant: the 月將, the day, the rule and the 三傳 (子將癸丑 反吟 未丑戌)."""
    r = _liuren(at, fan_yin)
    return f"{r.yue_jiang}將{r.day} {r.rule} {''.join(r.transmissions)}"


def liuren_at_all(*instants: str) -> str:
    """`liuren_at` of each instant."""
    return " ".join(liuren_at(at) for at in instants)


def liuren_generals_at(*instants: str) -> str:
    """The 天將 on the 三傳 of each instant's lesson and 004's reading of the one on the 用 leading the
    troops (六合太陰青龍 主得子女玉帛)."""
    out = []
    for at in instants:
        r = _liuren(at)
        out.append(f"{r.noble.basis}{''.join(r.transmission_generals)} {r.lead.reading}")
    return " ".join(out)


def _lesson(day: str, month: int, hour: str):
    from .answers import _lesson as lesson

    return lesson(day, month, hour)


def liuren_how(day: str, month: int, hour: str) -> str:
    """The mechanism that decided the 用 of the text's "N月X日Y時", worded as the text names it, and the
    用: 上克下/下克上 (one 課), 兩下克上 比 (比用), 涉害深 / 涉害俱深先見 (涉害), 遙剋 神剋日/日剋神, 昴星
    仰/伏, 八專 順數/逆數, 伏吟, 反吟, 別責."""
    r = _lesson(day, month, hour)
    return _how(r.rule, r.detail, r.transmission_names[0])


def _how(rule: str, detail: str, name: str) -> str:
    if rule == "賊剋":
        return f"{detail.split(':')[0]} {name}"
    if rule == "比用":
        kind, count = re.match(r"(\S+) ×(\d+)", detail).groups()
        return f"{_COUNT[int(count)]}{kind} 比 {name}"
    if rule == "涉害":
        return f"涉害{'俱深先見' if '俱深' in detail else '深'} {name}"
    if rule == "遙剋":
        how = detail.split(":")[0]
        by = " 先見" if "先見" in detail else " 比" if "; 比: " in detail else ""
        return f"遙剋 {how}{by} {name}"
    if rule == "昴星":
        return f"昴星 {'仰' if '仰' in detail else '伏'} {name}"
    if rule == "八專":
        return f"八專 {'順數' if '順數' in detail else '逆數'} {name}"
    return f"{rule} {name}"


def liuren_depths(day: str, month: int, hour: str) -> str:
    """The 涉害 of the text's "N月X日Y時": whether the candidates are all 比 (俱比) or none (不比), and each
    candidate's depth (俱比 子4 午4); the rule's name when 涉害 did not decide."""
    r = _lesson(day, month, hour)
    if r.rule != "涉害":
        return r.rule
    bi = re.search(r"比: ([^;]+);", r.detail).group(1).split()
    depths = re.search(r"涉害 depth ([^;]+)", r.detail).group(1)
    return ("俱比" if len(bi) > 1 else "不比" if bi == ["none"] else "比") + " " + depths.replace(" ", "").replace(",", " ")


def liuren_both(day: str, month: int, hour: str) -> str:
    """The 課 that 剋 in the lesson (上克下亥丁 …) and the god used (用從魁)."""
    r = _lesson(day, month, hour)
    ke = " ".join(f"{rel}{up}{low}" for rel, (up, low) in zip(r.lesson_relations, r.lessons, strict=True) if rel)
    return f"{ke} 用{r.transmission_names[0]}"


def liuren_chain(day: str, month: int, hour: str) -> str:
    """The 三傳 of the text's "N月X日Y時" as three branches."""
    return "".join(_lesson(day, month, hour).transmissions)


def liuren_yao(day: str, month: int, hour: str) -> str:
    """遙剋 in the lesson: the gods of the 四課 that 剋 the day stem (神剋日), those the stem 剋
    (日剋神), and the god used (神剋日申 日剋神丑戌 用傳送)."""
    from ..calendar.ganzhi import BRANCH_PHASE, STEM_PHASE, overcomes

    r = _lesson(day, month, hour)
    stem = STEM_PHASE[cycle_index(day) % 10]
    gods = list(dict.fromkeys(up for up, _low in r.lessons))
    shen = "".join(g for g in gods if overcomes(BRANCH_PHASE[BRANCHES.index(g)], stem))
    ri = "".join(g for g in gods if overcomes(stem, BRANCH_PHASE[BRANCHES.index(g)]))
    return " ".join([*([f"神剋日{shen}"] if shen else []), *([f"日剋神{ri}"] if ri else []), f"用{r.transmission_names[0]}"])


def jiling_hours_lessons(start: str) -> str:
    """集靈經's 不可占 hour of each day stem, as the lessons of real days find it: over the ten days from
    `start` (a 甲 day), the 時辰 whose lesson is marked 不可占 (one a day: 酉酉子 …)."""
    out = []
    for day in range(10):
        date = _dt.date.fromisoformat(start) + _dt.timedelta(days=day)
        hits = [BRANCHES[moment(f"{date}T{c}").hour_branch] for c in HOUR_CLOCKS if _liuren(f"{date}T{c}").jiling.forbidden]
        out.append("".join(hits) or "—")
    return "".join(out)


def jiling_facing_at(*instants: str) -> str:
    """The way 集靈經 says to face in each instant's lesson (by its 晝/夜)."""
    return "".join(_liuren(at).jiling.face for at in instants)


def jiling_months_at(year: int) -> str:
    """The branch 天罡 is put on (集靈經 一云) in the lessons of the 15th of each month of `year`, by the
    月建's month 1–12."""
    by = {}
    for month in range(1, 13):
        r = _liuren(f"{year}-{month:02d}-15T12:00").jiling
        by[r.month] = r.tian_gang_month
    return "".join(by.get(m, "?") for m in range(1, 13))


