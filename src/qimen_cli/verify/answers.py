"""The program's answers to the ledger's claims, read from the engine and worded as text.

Each function takes the claim's own terms (cycle names, branch names, month numbers) and
returns a short string; `rows.py` binds them to each claim (`functools.partial`, or a lambda
joining two answers).  The 奇門 answers read the patterns of all 1,080 轉盤 plates (`_plates`,
made once a run); the 奇門 answers that read charts of a day, a month, a term and a 元, the
other layouts and the schools are `answers_qimen.py`'s.
"""

from __future__ import annotations

from functools import cache

from ..calendar.ganzhi import BRANCHES, CYCLE, cycle_index

# --- 六壬 ---------------------------------------------------------------------------------


def _lesson(day: str, month: int, hour: str, yue_jiang: str | None = None, fan_yin: str = "chong"):
    """The 六壬 lesson of the text's "N月X日Y時" (月將 = the month's 合神, as 004 fixes it), or
    with the 月將 given (a branch name); `fan_yin` the reading of 反吟 (--fan-yin)."""
    from ..liuren.plate import month_yue_jiang
    from ..liuren.report import cast

    general = BRANCHES.index(yue_jiang) if yue_jiang else month_yue_jiang(month)
    return cast(cycle_index(day), BRANCHES.index(hour), general, fan_yin=fan_yin, month_jian=(month + 1) % 12)


def liuren_chain_najia(day: str, month: int, hour: str, yue_jiang: str | None = None) -> str:
    """The 三傳 under --fan-yin najia (the 納甲 trigrams' 沖), as three branches."""
    return "".join(_lesson(day, month, hour, yue_jiang, "najia").transmissions)


def liuren_text_answer(day: str, month: int, hour: str, yue_jiang: str | None = None) -> str:
    """What the lesson's output says the text gives (`text_differs`): the 初's name, the 三傳
    where the text gives them, and the line ("勝光 143", "天罡 辰戌未 171"); "—" when none."""
    found = _lesson(day, month, hour, yue_jiang).text_differs
    if found is None:
        return "—"
    return " ".join([found.first, *(["".join(found.transmissions)] if found.transmissions else []), str(found.line)])


def liuren_first(day: str, month: int, hour: str) -> str:
    """The 初傳 (用) of the lesson, by its general's name (勝光 …)."""
    return _lesson(day, month, hour).transmission_names[0]


def liuren_chain(day: str, month: int, hour: str, yue_jiang: str | None = None) -> str:
    """The 三傳 as three branches (午卯子)."""
    return "".join(_lesson(day, month, hour, yue_jiang).transmissions)


def liuren_lessons(day: str, month: int, hour: str) -> str:
    """The 四課 as upper/lower pairs (亥甲 申亥 酉子 午酉)."""
    return " ".join(up + low for up, low in _lesson(day, month, hour).lessons)


def month_generals() -> str:
    """The 月將 of the twelve lunar months, as 004 fixes them (亥戌酉 …)."""
    from ..liuren.plate import month_yue_jiang

    return "".join(BRANCHES[month_yue_jiang(m)] for m in range(1, 13))


def liuren_chain_from(first: str) -> str:
    """The 三傳 from a 初傳 standing on an earth branch, by name: "未寅" (小吉 on 寅) → 小吉 神后 太乙."""
    from ..liuren.plate import GOD_NAMES
    from ..liuren.transmissions import chain

    god, on = BRANCHES.index(first[0]), BRANCHES.index(first[1])
    return " ".join(GOD_NAMES[b] for b in chain((god - on) % 12, god))


# --- 奇門: the 1,080 plates ------------------------------------------------------------------


@cache
def _plates() -> dict[tuple[str, int, int], tuple]:
    """(遁, 局, hour) → the plate-only patterns of that 轉盤 plate."""
    from ..qimen.patterns import plate_patterns
    from ..qimen.platedata import plate_keys
    from ..qimen.plates import build_plate

    out = {}
    for key in plate_keys():
        groups = plate_patterns(build_plate(*key))
        out[key] = tuple(p for g in groups if g for p in g)
    return out


def _holds(name: str, detail: str = ""):
    """The plates (keys) carrying pattern `name` whose detail starts with `detail`."""
    return sorted(
        (key for key, pats in _plates().items() if any(p.name == name and p.detail.startswith(detail) for p in pats)),
        key=lambda k: (k[0] != "陽", k[1], k[2]),
    )


def qimen_hours(name: str, detail: str = "") -> str:
    """The hours (cycle names, in cycle order) on which pattern `name` (detail starting with
    `detail`) holds in some 局 of either 遁."""
    return " ".join(CYCLE[h] for h in sorted({k[2] for k in _holds(name, detail)}))


def qimen_hours_everywhere(name: str, detail: str = "") -> str:
    """The hours on which the pattern holds in all eighteen 局 (9 陽 + 9 陰)."""
    keys = _holds(name, detail)
    hours = sorted({h for _d, _j, h in keys if sum(1 for k in keys if k[2] == h) == 18})
    return " ".join(CYCLE[h] for h in hours)


def qimen_ju_hours(name: str, detail: str = "", stem: str = "") -> str:
    """Each 局 (陽1 … 陰9) and hour carrying the pattern, optionally on hours of one stem."""
    return " ".join(f"{d}{j}{CYCLE[h]}" for d, j, h in _holds(name, detail) if CYCLE[h].startswith(stem))


def qimen_ju(name: str, detail: str = "") -> str:
    """The 局 (陽1 … 陰9) in which the pattern holds at any hour."""
    seen = []
    for d, j, _h in _holds(name, detail):
        if f"{d}{j}" not in seen:
            seen.append(f"{d}{j}")
    return " ".join(seen)


def qimen_palaces(name: str, detail: str = "") -> str:
    """Each 局, hour and palace carrying the pattern (陽1丙辰8), sorted as text."""
    out = []
    for d, j, h in _holds(name, detail):
        for p in _plates()[(d, j, h)]:
            if p.name == name and p.detail.startswith(detail):
                out.append(f"{d}{j}{CYCLE[h]}{p.palace}")
    return " ".join(sorted(out))


def qimen_qi_you(qi: str) -> str:
    """The 局 in which the 奇 `qi` travels among its 儀 (三奇游六儀) at some hour."""
    seen = []
    for d, j, h in _holds("三奇游六儀"):
        if CYCLE[h].startswith(qi) and f"{d}{j}" not in seen:
            seen.append(f"{d}{j}")
    return " ".join(seen)


def qimen_sightings() -> str:
    """How many (局, 奇) sightings of 三奇游六儀 each 遁 has (the text's 九見)."""
    pairs = {(d, j, CYCLE[h][0]) for d, j, h in _holds("三奇游六儀")}
    return " ".join(f"{d} {sum(1 for p in pairs if p[0] == d)}" for d in ("陽", "陰"))


# --- 貴人, 天將, 月將 and the twelve gods (000) ----------------------------------------------


def noble_song(yang: bool) -> str:
    """The 貴人 branch of each day stem (甲未 乙申 …) in the 陽 or 陰 half-year."""
    from ..calendar.ganzhi import STEMS
    from ..gods.noble import noble_branch

    return " ".join(STEMS[s] + BRANCHES[noble_branch(s, yang)] for s in range(10))


def generals() -> str:
    """The twelve 天將 in their order."""
    from ..gods.noble import GENERALS

    return "".join(GENERALS)


def jianchu_row(month: str) -> str:
    """The twelve 建除 officers over the branches from the 月建 (建寅 除卯 …)."""
    from ..gods.twelve import jianchu_row as row

    return "".join(officer + BRANCHES[b] for officer, b in row(BRANCHES.index(month)))


def tian_ma(yue_jiang: str, month: str) -> str:
    """The 天馬 direction: the earth branch under 太沖 with the 月將 on the 月建."""
    from ..gods.twelve import tian_ma as ma

    return BRANCHES[ma(BRANCHES.index(yue_jiang), BRANCHES.index(month))]


def ting_jian(heaven: str, on: str) -> str:
    """With `heaven` on `on` ("子加巳"): the 白奸's place, 合 or 格, and the advice (亥 合 宜戰)."""
    from ..gods import twelve as tw

    yj, hour = BRANCHES.index(heaven), BRANCHES.index(on)
    _name, _branch, place = tw.bai_jian(yj, hour)
    he = tw.he_ge(place)
    return f"{BRANCHES[place]} {he} {tw.advice(he)}"


def shi_gan_shen() -> str:
    """The 十干神名 of the ten stems, as the text lists them (甲天輔青龍 …)."""
    from ..calendar.ganzhi import STEMS
    from ..gods.twelve import SHI_GAN_SHEN

    return " ".join(STEMS[s] + "".join(SHI_GAN_SHEN[s]) for s in range(10))


# --- 孤虛 and the 出軍 days (004), 安營 (000) -------------------------------------------------


def po_of(jian: str) -> str:
    """背建向破: the 破 of a 建 branch."""
    from ..gucu.guxu import po_of as po

    return BRANCHES[po(BRANCHES.index(jian))]


def ji_ri(month: int) -> str:
    """The listed good 出軍 days of a month."""
    from ..gucu.days import ji_ri as listed

    return "、".join(listed(month))


def an_ying(day: str) -> str:
    """The camp's ten posts (大將 … 兵器) in the 旬 of `day`, and its 空亡."""
    from ..gucu.anying import ROLE_FIELDS
    from ..gucu.anying import an_ying as camp

    r = camp(cycle_index(day))
    return "".join(getattr(r, f) for f in ROLE_FIELDS) + " 空" + "".join(r.kong)


# --- directions of 虎鈐經 (004) --------------------------------------------------------------


def _same_in_xun(fn, head: int):
    """The value `fn(day)` takes on every day of the 旬 from `head`, or None when it changes."""
    found = {fn(head + i) for i in range(10)}
    return found.pop() if len(found) == 1 else None


def xun_table(which: str) -> str:
    """A direction of each 旬, the same on its ten days: "tian_mu" (天目 庚, 地耳 戊: 甲子旬天目在庚午，地耳在戊辰),
    "di_bing" (甲子旬地兵在寅) or "lei_gong" (甲子旬六庚在午)."""
    from ..gucu import directions as d

    out = []
    for head in range(0, 60, 10):
        name = CYCLE[head]
        if which == "tian_mu":
            mu, er = _same_in_xun(d.tian_mu, head), _same_in_xun(d.di_er, head)
            out.append(f"{name}旬天目在庚{BRANCHES[mu]}，地耳在戊{BRANCHES[er]}" if None not in (mu, er) else f"{name}: changes")
        else:
            fn, word = {"di_bing": (d.di_bing, "地兵在"), "lei_gong": (d.lei_gong, "六庚在")}[which]
            b = _same_in_xun(fn, head)
            out.append(f"{name}旬{word}{BRANCHES[b]}" if b is not None else f"{name}: changes")
    return "，".join(out)


def huang_fan(years: str) -> str:
    """黃幡 and 虎尾 of the year branches `years` (午戌 → 戌辰 戌辰)."""
    from ..gucu.directions import hu_wei_huang_fan

    rows = [hu_wei_huang_fan(BRANCHES.index(y)) for y in years]
    return " ".join(f"{y}黃幡在{r.huang_fan}虎尾在{r.hu_wei}" for y, r in zip(years, rows, strict=True))


def attack_table() -> str:
    """The attack of days 1–8 of the month, from and to (艮坤 震兌 …), and whether 11–18 and 21–28 repeat it."""
    from ..gucu.directions import attack_of_day

    first = [f"{attack_of_day(d).from_}{attack_of_day(d).to}" for d in range(1, 9)]
    repeats = all((attack_of_day(d + k).from_, attack_of_day(d + k).to) == (attack_of_day(d).from_, attack_of_day(d).to)
                  for d in range(1, 9) for k in (10, 20))
    return " ".join(first) + (" repeated" if repeats else " not repeated")


def wu_yin_row(tone: str) -> str:
    """The directions of an army's 五音 tone: 德, 陽, 陰, 生氣, 死, 刑禍 (角: 巳子午卯酉申)."""
    from ..gucu.wuyin import wu_yin

    r = wu_yin(tone)
    return f"{tone}德在{r.de}，陽{r.yang}陰{r.yin}，生氣{r.sheng_qi}，死{r.si_qi}，刑禍{r.xing_huo}"


# --- 天罡 (004) --------------------------------------------------------------------------------


def tian_gang_on(yue_jiang: str, hour: str) -> str:
    """The earth branch under 天罡 (辰) with the 月將 on the hour."""
    from ..gucu.tiangang import tian_gang_position

    return BRANCHES[tian_gang_position(BRANCHES.index(yue_jiang), BRANCHES.index(hour))]


# --- the dated 局 narratives of 003, on the 平氣 calendar they were reckoned with ----------------

#: The 平氣 calendar of the worked dates (docs/decisions.md: "The worked dates were reckoned with mean
#: terms (平氣)"): 立春 at 2034-02-04 12:00 +08:00, a 辛卯 day, and 365.2425/24 days a term.
ANCHOR_ISO = "2034-02-04T12:00:00+08:00"


@cache
def _mean_table():
    """The 平氣 term table anchored at ANCHOR_ISO (立春, longitude index 21), thirty years each way."""
    import datetime as _dt

    from ..calendar.terms import LICHUN, Term, mean_terms, to_seconds

    return mean_terms(Term(to_seconds(_dt.datetime.fromisoformat(ANCHOR_ISO)), LICHUN), 24 * 30, 24 * 30)


def ju_at(local: str, method: str) -> str:
    """The 局 of a clock reading (+08:00) on the 平氣 calendar: day and hour pillars, the term used,
    the 元, 遁 and 局 (辛卯 癸巳 大寒 下元 陽6)."""
    from ..calendar.resolve import resolve_moment
    from ..qimen.ju import determine_ju

    m = resolve_moment(local, "+08:00", table=_mean_table())
    ju = determine_ju(m, method)
    return f"{CYCLE[m.hour_day]} {CYCLE[m.pillars.hour]} {ju.ju_term} {ju.yuan}元 {ju.dun}{ju.ju}"


def zhirun_block(head: str) -> str:
    """The 置閏 block starting on the civil date `head` (+08:00, 平氣): its 符頭, term, the term's day,
    the days 超 (+) or 接 (−) and its status (甲午 立春 辛卯 -3 接氣)."""
    import datetime as _dt

    from ..calendar.ganzhi import day_index
    from ..qimen.ju import zhirun_sequence

    blk = zhirun_sequence(_mean_table(), _dt.timezone(_dt.timedelta(hours=8))).block_at(_dt.date.fromisoformat(head))
    if blk.start.isoformat() != head:
        return f"no block starts on {head} (it starts {blk.start.isoformat()})"
    return f"{blk.head} {blk.term.name} {CYCLE[day_index(blk.term_date)]} {blk.days:+d} {blk.status}"


# --- 運籌 and 閉戊 (000) ---------------------------------------------------------------------


def yun_chou(day_branch: str, field: str) -> str:
    """The 運籌 of a day branch: "tian_men" (天門), "di_hu" (地戶), "lone" (the 開 and 閉 directions of the
    two lone tallies), "route" (out by, in by, away by) or "yu_nu" (the day's 玉女)."""
    from ..gucu.yunchou import yun_chou as run

    r = run(BRANCHES.index(day_branch))
    words = {
        "tian_men": lambda: r.tian_men,
        "di_hu": lambda: r.di_hu,
        "lone": lambda: f"開{r.kai} 閉{r.bi}",
        "route": lambda: f"出{r.route.out} 入{r.route.enter} 去{r.route.leave}",
        "yu_nu": lambda: r.yu_nu,
    }
    return words[field]()


def camp_sizes(*men: int) -> str:
    """安營's wall for each head count of `men`, in 步 as the text writes them (60 → 六十步)."""
    from ..gucu.anying import camp_bu
    from ..gucu.biwu import chinese_number

    return " ".join(f"{n}人{chinese_number(camp_bu(n))}步" for n in men)


def bi_wu(day: str, steps: int) -> str:
    """閉戊 on `day` with a ring of `steps` 步: the 旬's 戊, the order the soil is laid, the soil."""
    from ..gucu.biwu import bi_wu as close

    r = close(cycle_index(day), steps)
    return f"戊在{r.wu} {''.join(r.order)} {r.soil}"


# --- 三氏 (000) and the 奇門 plates' details -----------------------------------------------------


def sanshi_tian_ma(month: str) -> str:
    """The 三氏 天馬 of a 月建 (the branch under it with 子 on 辰 in 正月, one further each month)."""
    from ..gods.twelve import sanshi_tian_ma as ma

    return BRANCHES[ma(BRANCHES.index(month))]


def ri_ting_ting() -> str:
    """The 日亭亭 of each 三合 局 (火局 寅午戌 → 亥 …), when the three branches agree."""
    from ..gods.twelve import ri_ting_ting as ting

    out = []
    for name, group in (("火局", "寅午戌"), ("木局", "亥卯未"), ("水局", "申子辰"), ("金局", "巳酉丑")):
        found = {ting(BRANCHES.index(b))[1] for b in group}
        out.append(name + (BRANCHES[found.pop()] if len(found) == 1 else "?"))
    return " ".join(out)


def qimen_details(name: str) -> str:
    """The distinct details of pattern `name` over all plates, in the order first met (陽1 first)."""
    seen = []
    for key in _holds(name):
        for pat in _plates()[key]:
            if pat.name == name and pat.detail not in seen:
                seen.append(pat.detail)
    return "，".join(seen)


def qimen_ju_at_hour(hour: str, *names: str) -> str:
    """The 局 whose plate at `hour` carries every pattern of `names`."""
    keys = [(d, j) for d in ("陽", "陰") for j in range(1, 10)
            if all(any(p.name == n for p in _plates()[(d, j, cycle_index(hour))]) for n in names)]
    return " ".join(f"{d}{j}" for d, j in keys)


# --- the 出軍 route on a 奇門 earth plate (000) ------------------------------------------------


def chu_jun_route(dun: str, ju: int, hour: str) -> str:
    """The 出軍 route on the 轉盤 earth plate of (遁, 局) at `hour`: 出天門, 入地戶, 過太陰, 居青龍 and
    擊 (the 沖), each as its direction (正北 …)."""
    from ..gucu.route import chu_jun_route as route
    from ..qimen.plates import build_plate

    plate = build_plate(dun, ju, cycle_index(hour))
    r = route({i: plate.palaces[i].earth_stems for i in range(1, 10)}, plate.xun_yi)
    legs = (("出天門", r.chu_tian_men), ("入地戶", r.ru_di_hu), ("過太陰", r.guo_tai_yin), ("居青龍", r.ju_qing_long),
            ("擊", r.ji))
    return " ".join(f"{word}{leg.direction}" for word, leg in legs)


# --- the stem pairs of 000 on the 奇門 plates --------------------------------------------------


def pair_pattern(heaven: str, earth: str, name: str) -> str:
    """Pattern `name` as 000's stem-pair rules report it for `heaven` over `earth` (its detail
    reading "{heaven}加{earth} …"), over all 轉盤 plates: the name and the detail's other words
    (勃飛 伏干), or "—" when no plate reports it."""
    found = set()
    for pats in _plates().values():
        for pat in pats:
            words = pat.detail.split()
            if pat.name == name and words and words[0] == f"{heaven}加{earth}":
                found.add(" ".join([name, *words[1:2]]))
    return "，".join(sorted(found)) or "—"


def wu_bu_yu() -> str:
    """The 五不遇時 of each day stem, as the rule finds it among the day's twelve hour pillars (五鼠遁)."""
    from ..calendar.ganzhi import STEMS, from_stem_branch, wu_shu_dun
    from ..qimen.patterns.core import PatternContext
    from ..qimen.patterns.hours import wu_bu_yu_shi
    from ..qimen.plates import build_plate

    out = []
    for day in range(10):  # 甲子 … 癸酉: one day of each stem
        hours = [from_stem_branch(wu_shu_dun(day, b), b) for b in range(12)]
        found = [CYCLE[h] for h in hours if wu_bu_yu_shi(PatternContext(build_plate("陽", 1, h), day, h, 0, 0, "上"))]
        out.append(f"{STEMS[day]}日{'/'.join(found) or '—'}")
    return " ".join(out)


def tian_wang_grades() -> str:
    """How 天網時 is graded by the palace of the heaven 癸, palace by palace (1宮低 …)."""
    import re

    grades = {}
    for detail in qimen_details("天網時").split("，"):
        m = re.match(r"天上癸臨(\d)宮 (.+)", detail)
        if m:
            grades[int(m.group(1))] = m.group(2).split()[0]
    return " ".join(f"{p}宮{g}" for p, g in sorted(grades.items()))


def tian_wang_ways() -> str:
    """How 天網時 says to go out under each grade, over all plates: the grade, then the posture
    words after the trigram's 方 (高 掩人中 仰面踽步而去 至六十步外 …); 入墓 and 觸冠 with none."""
    import re

    ways = {}
    for detail in qimen_details("天網時").split("，"):
        m = re.match(r"天上癸臨\d宮 (\S+)(?: 不宜出)?(?: 出.方 (.+))?$", detail)
        if m:
            ways.setdefault(m.group(1), m.group(2) or "—")
    return " ".join(f"{g}{ways[g]}" for g in ("高", "低", "入墓", "觸冠") if g in ways)


def nobles_of(stems: str, yang: bool) -> str:
    """The 貴人 branches of the day stems `stems` (甲戊庚 → 未丑丑 in the 陽 half-year)."""
    from ..calendar.ganzhi import STEMS
    from ..gods.noble import noble_branch

    return "".join(BRANCHES[noble_branch(STEMS.index(s), yang)] for s in stems)


def nine_branches(yang: bool) -> str:
    """The nine branches the 貴人 may start from (用惟九), 陽 from 子, 陰 from 申."""
    from ..gods.noble import nine_branches as nine

    return "".join(BRANCHES[b] for b in nine(yang))


def liuren_follow(kind: str, first: str) -> str:
    """The 三傳 the 伏吟 ("fu_yin": 刑, or 破 and 沖) or 反吟 ("fan_yin": 沖, then 刑) rule draws from
    the 初傳 `first` (a branch): 寅 → 寅巳申."""
    from ..liuren.transmissions import fan_yin_chain, fu_yin_chain

    chain = {"fu_yin": fu_yin_chain, "fan_yin": fan_yin_chain}[kind](BRANCHES.index(first))[0]
    return "".join(BRANCHES[b] for b in chain)


def qimen_at(dun: str, ju: int, hour: str, name: str) -> str:
    """Pattern `name` on the 轉盤 plate of (遁, 局) at `hour`: each palace and detail (9宮 己加乙 乙遊辛)."""
    pats = [p for p in _plates()[(dun, ju, cycle_index(hour))] if p.name == name]
    return "，".join(f"{p.palace}宮 {p.detail}" for p in pats) or "—"


# --- 刑德在門 (003): the hours by their 干支 ------------------------------------------------------


def xing_de_hours(group: str) -> str:
    """The hours (時 by their 干支) at which 德 and 刑 are 在門 in the 540 時 of the group from `group`
    (冬至 …): its three 氣 (as the term whose 局 is used), each with its three 元 of 60 時; worded as
    the text counts them, by branch: "五卯時德在門，五酉時刑在門" (the five 卯 hours 乙卯 丁卯 己卯 辛卯
    癸卯, as 003's "六癸時" are the six 癸 hours)."""
    from collections import Counter

    from ..calendar.terms import TERM_NAMES
    from ..qimen.patterns.timing import xing_de_zai_men

    first = TERM_NAMES.index(group)
    hours: dict[str, set[int]] = {"德": set(), "刑": set()}
    for k in range(first, first + 3):
        for yuan in "上中下":
            for h in range(60):
                mark = xing_de_zai_men(h, yuan, k % 24)
                if mark:
                    hours[mark].add(h)
    return "，".join(
        "".join(f"{_COUNT[n]}{BRANCHES[b]}時" for b, n in sorted(Counter(h % 12 for h in hours[mark]).items())) + f"{mark}在門"
        for mark in ("德", "刑"))


#: Counts as the texts write them (一 … 十二).
_COUNT = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


# --- 閉戊 and 孤虛 ---------------------------------------------------------------------------------


def bi_wu_verses(day: str, steps: int) -> str:
    """閉戊 on `day`: the first and the last verse said over the soil."""
    from ..gucu.biwu import bi_wu as close

    r = close(cycle_index(day), steps)
    return f"{r.verses[0]} … {r.verses[-1]}"


