"""The program's answers to the ledger's 奇門 rows of `rows_qimen.py`, read from the engine.

Each answer is computed through the engine as a chart computes it: the plates (`build_plate`,
both layouts and the 五專寄坤 plate of `--school huoju`), the patterns the registry finds on
them (the cached path of `cast`: `plate_patterns`, `context_result`), a recorded school's
variants (`school_groups`, as `cast --school`), and the 局 of real instants (`resolve_moment`,
`determine_ju`).  What a row asks of the plate — "the palace where 天蓬 stands", "the door in
palace 9" — is read off the plate's palaces; the text's own terms (its lists, its orders) come
from the row, never from the engine's tables, so a wrong table turns the row ✘.
"""

from __future__ import annotations

from functools import cache

from ..calendar.ganzhi import BRANCHES, CYCLE, STEMS, cycle_index
from .answers import _mean_table

# --- plates and their patterns --------------------------------------------------------------

DUNS = ("陽", "陰")


def _plate(dun: str, ju: int, hour: str | int, layout: str = "zhuan"):
    from ..qimen.plates import build_plate

    return build_plate(dun, ju, hour if isinstance(hour, int) else cycle_index(hour), layout)


def _every(layout: str = "zhuan"):
    """Every plate of a layout: 2 遁 × 9 局 × 60 hours."""
    return [_plate(d, j, h, layout) for d in DUNS for j in range(1, 10) for h in range(60)]


def _ctx(plate, day: int = 0, month: int = 2, term: int | None = None, yuan: str = "上"):
    """The pattern context of a chart on `plate`: the day and month pillars (cycle indices), the
    term whose 局 is used (longitude index; 冬至 by default) and the 元."""
    from ..calendar.terms import DONGZHI
    from ..qimen.patterns import PatternContext

    return PatternContext(plate, day, plate.hour, month, DONGZHI if term is None else term, yuan)


@cache
def _rule_index(name: str) -> int:
    from ..qimen.patterns import REGISTRY

    return next(i for i, r in enumerate(REGISTRY) if name in r.names)


def found(ctx, name: str) -> list:
    """The patterns named `name` the registry finds on the chart of `ctx` (the cached path of a chart)."""
    from ..qimen.patterns import REGISTRY, context_result, plate_patterns

    i = _rule_index(name)
    r = REGISTRY[i]
    if r.plate_only:
        pats = plate_patterns(ctx.plate)[i]
    else:
        pats = context_result(i, None if r.part is None else r.part(ctx.plate), ctx)
    return [p for p in pats if p.name == name]


def school_found(ctx, school: str, name: str) -> list:
    """The patterns named `name` that `cast --school school` adds to the chart of `ctx` (its variants)."""
    from ..qimen.patterns.schools import school_groups

    return [p for g in school_groups(ctx, school) for p in g if p.name == name and p.school]


def _on_plates(name: str, layout: str = "zhuan"):
    """(plate, pattern) for every plate-only pattern `name` on every plate of a layout."""
    for plate in _every(layout):
        for pat in found(_ctx(plate), name):
            yield plate, pat


def _where(plate, what: str) -> list[int]:
    """The palaces of a plate where `what` is drawn: a star (天蓬), a door (休門) or a heaven stem."""
    out = []
    for p in range(1, 10):
        pal = plate.palaces[p]
        if what in pal.stars or what == pal.door or what in pal.heaven_stems:
            out.append(p)
    return out


def _earth_at(plate, stem: str) -> list[int]:
    """The palaces where `stem` lies on the plate's earth as drawn (the centre's in its 寄宮, if any)."""
    return [p for p in range(1, 10) if stem in plate.palaces[p].earth_stems and (p != 5 or plate.lodge is None)]


def _names(items, order: str) -> str:
    """Stars (天蓬) or doors (休門) by their one character (蓬, 休), in the text's `order`; an item
    the order does not name is added at the end in full, so it shows."""
    keys = {_short(s)[0] if s.endswith("門") or s.startswith("天") else s: s for s in items}
    return "".join(c for c in order if c in keys) + "".join(f"({s})" for k, s in sorted(keys.items()) if k not in order)


def _short(star: str) -> str:
    """天蓬 → 蓬."""
    return star[1:] if star.startswith("天") else star


# --- the plate: homes, ring, direction, lodge ---------------------------------------------------


def rest_ring(dun: str, ju: int, hour: str, palaces: str, what: str) -> str:
    """The stars ("stars") or doors ("doors") a plate draws in `palaces` (洛書 numbers, in the
    row's order), split where the row puts a space: 陽1局 甲子, "1834 9276" → 蓬任沖輔 英芮柱心."""
    plate = _plate(dun, ju, hour)
    out = []
    for group in palaces.split():
        words = []
        for p in group:
            pal = plate.palaces[int(p)]
            words.append(_short(pal.stars[0]) if what == "stars" else (pal.door or "—")[0])
        out.append("".join(words))
    return " ".join(out)


def zhi_fu_carries(dun: str, ju: int, hour: str) -> str:
    """Where the 直符 star is drawn and the heaven stem it carries there (天芮 9宮 己加乙)."""
    plate = _plate(dun, ju, hour)
    out = []
    for p in _where(plate, plate.zhi_fu):
        pal = plate.palaces[p]
        if plate.zhi_fu in pal.stars:
            out.append(f"{plate.zhi_fu} {p}宮 {pal.heaven_stems[0]}加{pal.earth_stems[0]}")
    return "，".join(out) or "—"


def menfu_zhi(stem: str) -> str:
    """On the 門伏 plates of the hours of `stem` (庚, 丁): the 直符 and the 直使 of each 遁, with the
    palace the 直使 door stands in (陽 天禽 死門2 陰 天禽 生門8)."""
    out = []
    for dun in DUNS:
        seen = set()
        for plate, pat in _on_plates("伏吟"):
            if plate.dun == dun and pat.detail.startswith("門伏") and STEMS[plate.hour % 10] == stem:
                doors = [p for p in range(1, 10) if plate.palaces[p].door == plate.zhi_shi]
                seen.add(f"{plate.zhi_fu} {plate.zhi_shi}{''.join(map(str, doors))}")
        out.append(dun + " " + "/".join(sorted(seen)))
    return " ".join(out)


def walk(dun: str, ju: int, hours: str) -> str:
    """The seats the 直使 is walked to at `hours` (cycle names joined) and, when lodged, the palace
    its door is drawn in: 陽1局 甲子 … 戊辰 → 1 2 3 4 5(2)."""
    out = []
    for k in range(0, len(hours), 2):
        plate = _plate(dun, ju, hours[k:k + 2])
        drawn = [p for p in range(1, 10) if plate.palaces[p].door == plate.zhi_shi]
        seat = plate.zhi_shi_seat
        out.append(str(seat) if drawn == [seat] else f"{seat}({''.join(map(str, drawn))})")
    return f"{dun}{ju}局 " + " ".join(out)


def tan_he(dun: str, ju: int, layout: str = "zhuan") -> str:
    """On the earth plate as drawn (`layout`, or "huoju": the plate of `cast --school huoju`): the
    palace where 乙 and 庚 meet (乙庚合2), else the palace of each (乙2 庚5); then 丁 and 丙 (丁9 丙1)."""
    if layout == "huoju":
        from ..qimen.patterns.schools import PLATE_OF_SCHOOL

        layout = PLATE_OF_SCHOOL.get("huoju", "zhuan")
    plate = _plate(dun, ju, 0, layout)
    both = [p for p in range(1, 10) if p != 5 and {"乙", "庚"} <= set(plate.palaces[p].earth_stems)]
    if not both and plate.lodge is None and {"乙", "庚"} <= set(plate.palaces[5].earth_stems):
        both = [5]

    def at(stem):
        drawn = [p for p in range(1, 10) if p != 5 and stem in plate.palaces[p].earth_stems]
        return "".join(map(str, drawn)) or "5"

    he = f"乙庚合{both[0]}" if both else f"乙{at('乙')} 庚{at('庚')}"
    return f"{dun}{ju} {he} 丁{at('丁')} 丙{at('丙')}"


def qin_companions(layout: str = "zhuan") -> str:
    """With whom 天禽 shares its palace on the plates of each 遁 (陽禽芮同宮 陰禽任同宮; 禽獨 alone),
    and, where the plate's explanation (`cast --explain`) names the star 天禽 rides, that star when
    it is another ("explains 禽X"); "九星入中宮" when a star is ever drawn in the centre."""
    out = []
    centre = False
    if layout == "huoju":
        from ..qimen.patterns.schools import PLATE_OF_SCHOOL

        layout = PLATE_OF_SCHOOL.get("huoju", "zhuan")
    for dun in DUNS:
        seen, said = set(), set()
        for plate in _every(layout):
            if plate.dun != dun:
                continue
            centre = centre or bool(plate.palaces[5].stars)
            for p in range(1, 10):
                stars = plate.palaces[p].stars
                if "天禽" in stars:
                    seen.add("".join(_short(s) for s in stars if s != "天禽") or "獨")
            said.update(_short(s.value("rides")) for s in plate.steps if s.key == "lodge")
        word = "/".join(sorted(seen))
        out.append(f"{dun}禽{word}" + ("" if "獨" in seen else "同宮")
                   + "".join(f" explains 禽{r}" for r in sorted(said) if r != word))
    return " ".join(out) + (" 九星入中宮" if centre else "")


def fan_fu(examples: str) -> str:
    """Where 天蓬 and 休門 stand on the plates of 星反/門反/星伏/門伏, named by the home star or door
    of that palace at rest (陽1局 甲子): 蓬加英 休臨景 蓬加蓬 休加休."""
    rest = _plate("陽", 1, "甲子")
    home_star = {p: _short(rest.palaces[p].stars[0]) for p in range(1, 10) if p != 5}
    home_door = {p: rest.palaces[p].door[0] for p in range(1, 10) if p != 5}
    words = []
    for kind in examples.split():
        name, what = ("反吟", kind[0]) if kind[1] == "反" else ("伏吟", kind[0])
        seen = set()
        for plate, pat in _on_plates(name):
            if pat.detail.startswith(kind):
                if what == "星":
                    seen.update(f"蓬加{home_star[p]}" for p in range(1, 10) if "天蓬" in plate.palaces[p].stars)
                else:
                    seen.update(f"休{'臨' if name == '反吟' else '加'}{home_door[p]}"
                                for p in range(1, 10) if plate.palaces[p].door == "休門")
        words.append("/".join(sorted(seen)) or "—")
    return " ".join(words)


def at_rest_hours() -> str:
    """On the 108 plates of the 六甲 hours: 符使未分 (the 直符 star and the 直使 door drawn in one palace) and
    奇儀安位 (every palace's heaven stems its earth stems); else the first plate that breaks either."""
    for plate in _every():
        if plate.hour % 10:
            continue
        fu = [p for p in range(1, 10) if plate.zhi_fu in plate.palaces[p].stars]
        shi = [p for p in range(1, 10) if plate.palaces[p].door == plate.zhi_shi]
        if fu != shi:
            return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} 符{fu} 使{shi}"
        for p in range(1, 10):
            pal = plate.palaces[p]
            if pal.heaven_stems and pal.heaven_stems != pal.earth_stems:
                return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} {p}宮 {''.join(pal.heaven_stems)}加{''.join(pal.earth_stems)}"
    return "符使未分 奇儀安位"


# --- 陶氏飛盤 ------------------------------------------------------------------------------------


def fei_figure(dun: str, ju: int, hour: str, order: str) -> str:
    """A 陶氏 figure: the palace of each heaven stem in the row's `order`, then the 直符 and 直使 and
    their palace (戊9 己1 … 天蓬休門9宮); "天盤地盤相同" when the heaven plate is the earth plate."""
    plate = _plate(dun, ju, hour, "fei")
    same = all(plate.palaces[p].heaven_stems == plate.palaces[p].earth_stems for p in range(1, 10))
    where = " ".join(f"{s}{''.join(map(str, (p for p in range(1, 10) if s in plate.palaces[p].heaven_stems)))}"
                     for s in order)
    fu = "".join(str(p) for p in range(1, 10) if plate.zhi_fu in plate.palaces[p].stars)
    shi = "".join(str(p) for p in range(1, 10) if plate.palaces[p].door == plate.zhi_shi)
    head = f"{_short(plate.zhi_fu)}{plate.zhi_shi[0]}加{fu}" + ("" if fu == shi else f"/{shi}")
    return head + (" 天盤地盤相同" if same else " " + where)


def fei_same_figure(dun: str, ju: int, hour: str) -> str:
    """The hours (in cycle order) whose 陶氏 figure of (遁, 局) is the same as `hour`'s."""
    def figure(h):
        plate = _plate(dun, ju, h, "fei")
        return tuple(plate.palaces[p].heaven_stems for p in range(1, 10))

    mine = figure(cycle_index(hour))
    return " ".join(CYCLE[h] for h in range(60) if figure(h) == mine)


def fei_figure_count() -> str:
    """How many different 陶氏 figures the 陰陽 nine 局 have (the heaven plates of their 60 hours)."""
    figures = {(d, j, tuple(_plate(d, j, h, "fei").palaces[p].heaven_stems for p in range(1, 10)))
               for d in DUNS for j in range(1, 10) for h in range(60)}
    return f"{len(figures)}圖"


# --- the 局 of real instants ---------------------------------------------------------------


def ju_of_terms(pairs: str, start: str = "2034-01-01") -> str:
    """The 局 of the first day (12:00 +08:00, on the 平氣 calendar of `answers.ANCHOR_ISO`, 拆補)
    from `start` whose 局 is taken from each term and 元 of `pairs` ("冬至上 夏至上"): 冬至上元陽1."""
    import datetime as _dt

    from ..calendar.resolve import resolve_moment
    from ..qimen.ju import determine_ju

    out = []
    for pair in pairs.split():
        term, yuan = pair[:-1], pair[-1]
        day = _dt.date.fromisoformat(start)
        for _ in range(800):
            ju = determine_ju(resolve_moment(f"{day.isoformat()}T12:00", "+08:00", table=_mean_table()), "chaibu")
            if ju.ju_term == term and ju.yuan == yuan:
                out.append(f"{term}{yuan}元{ju.dun}{ju.ju}")
                break
            day += _dt.timedelta(days=1)
        else:
            out.append(f"{term}{yuan}元 not found")
    return " ".join(out)


def fu_tou_cycle(start: str = "2034-02-25", days: int = 60) -> str:
    """The 符頭 and 元 of `days` consecutive days from `start` (noon +08:00, 平氣 calendar, 拆補), each
    head once in order: 甲子上 己巳中 甲戌下 …"""
    import datetime as _dt

    from ..calendar.resolve import resolve_moment
    from ..qimen.ju import determine_ju

    out = []
    day = _dt.date.fromisoformat(start)
    for _ in range(days):
        ju = determine_ju(resolve_moment(f"{day.isoformat()}T12:00", "+08:00", table=_mean_table()), "chaibu")
        word = f"{ju.fu_tou}{ju.yuan}"
        if word not in out:
            out.append(word)
        day += _dt.timedelta(days=1)
    first = next((i for i, w in enumerate(out) if w.startswith("甲子")), 0)
    return " ".join(out[first:] + out[:first])


def dun_of_terms(start: str = "2034-12-01") -> str:
    """The terms of a year from 冬至 on real instants (平氣, noon +08:00, 拆補), grouped by the way their charts
    lay the 六甲 on the earth plate (戊 to 己 one palace forwards: 順, backwards: 逆):
    順冬至至芒種 逆夏至至大雪 when each group is a run of consecutive terms."""
    import datetime as _dt

    from ..calendar.resolve import resolve_moment
    from ..qimen.ju import determine_ju

    order, way = [], {}
    day = _dt.date.fromisoformat(start)
    for _ in range(420):
        ju = determine_ju(resolve_moment(f"{day.isoformat()}T12:00", "+08:00", table=_mean_table()), "chaibu")
        if ju.ju_term not in way and (order or ju.ju_term == "冬至"):
            plate = _plate(ju.dun, ju.ju, 0)
            step = (plate.earth_palace("己") - plate.earth_palace("戊")) % 9
            way[ju.ju_term] = "順" if step == 1 else "逆" if step == 8 else "?"
            order.append(ju.ju_term)
        day += _dt.timedelta(days=1)
    out = []
    for w in ("順", "逆"):
        terms = [t for t in order if way[t] == w]
        first = order.index(terms[0]) if terms else 0
        run = order[first:first + len(terms)] == terms
        out.append(f"{w}{terms[0]}至{terms[-1]}" if terms and run else w + "".join(terms))
    return " ".join(out)


def li_hours(start: str, end: str, term: str, yuan: str) -> str:
    """李氏拆補 on the 平氣 calendar: how many 時辰 from `start` to `end` (+08:00, each 時辰's middle)
    take `term`'s `yuan`元, and their first and last hour pillars (30時 甲午 … 癸巳日亥)."""
    import datetime as _dt

    from ..calendar.resolve import resolve_moment
    from ..qimen.ju import determine_ju

    t = _dt.datetime.fromisoformat(start)
    stop = _dt.datetime.fromisoformat(end)
    hits = []
    while t <= stop:
        m = resolve_moment(t.isoformat(timespec="minutes"), "+08:00", table=_mean_table())
        ju = determine_ju(m, "chaibu")
        if ju.ju_term == term and ju.yuan == yuan:
            hits.append(f"{CYCLE[m.hour_day]}日{CYCLE[m.pillars.hour]}")
        t += _dt.timedelta(hours=2)
    return f"{len(hits)}時 {hits[0]} … {hits[-1]}" if hits else "0時"


# --- patterns on every plate -----------------------------------------------------------------


def po_table(order: str) -> str:
    """迫 over every plate: each door (in the row's `order`, by its first character) with the palaces
    it is 迫 in and its kind, 吉 (吉門被迫) or 凶 (凶門被迫): 開門34吉 …"""
    seen: dict[str, set] = {}
    kind: dict[str, set] = {}
    for _, pat in _on_plates("迫"):
        door, rest = pat.detail.split("臨")
        seen.setdefault(door, set()).add(pat.palace)
        kind.setdefault(door, set()).add("吉" if "吉門被迫" in rest else "凶" if "凶門被迫" in rest else "?")
    out = []
    for c in order:
        door = c + "門"
        out.append(door + "".join(map(str, sorted(seen.get(door, ())))) + "".join(sorted(kind.get(door, ()))))
    return " ".join(out)


def qi_palaces(name: str) -> str:
    """奇墓 or 奇制 over every plate: each heaven 奇 and the palaces it is found in (乙2 丙6 丁6)."""
    seen: dict[str, set] = {}
    for _, pat in _on_plates(name):
        seen.setdefault(pat.detail[0], set()).add(pat.palace)
    return " ".join(q + "".join(map(str, sorted(seen.get(q, ())))) for q in "乙丙丁")


def pairs_of(*names: str) -> str:
    """The stem pairs (heaven加earth, 甲 for the 旬首's 儀) each pattern of `names` is found on, over every
    plate: 二龍戰野甲加乙、乙加甲."""
    out = []
    for name in names:
        seen = set()
        for _, pat in _on_plates(name):
            label = pat.detail.split()[0]
            heaven, earth = label.split("加")
            seen.add(f"{heaven[0]}加{earth[0]}")
        out.append(name + "、".join(sorted(seen)))
    return " ".join(out)


def de_shi_doors() -> str:
    """The 直使 doors and the 奇 of 三奇得使 over every plate (開門休門生門 乙丙丁)."""
    doors, qi = set(), set()
    for _, pat in _on_plates("三奇得使"):
        door, q = pat.detail.split()[0].split("加")
        doors.add(door)
        qi.add(q[0])
    return _names(doors, "開休生景死驚傷杜") + " " + "".join(q for q in "乙丙丁戊己庚辛壬癸" if q in qi)


def cover(names: str, tai_yin: str, doors: str) -> str:
    """The 二吟 covered by 太陰合奇門 over every plate, against the text's condition read off the plate:
    a heaven `tai_yin` (丁) in a palace with one of `doors` (開休生).  "蓋之 ⇔ 太陰合奇門" when every
    plate of `names` carries "太陰合奇門蓋之 其凶減半" exactly when the condition holds (both seen)."""
    both = set()
    for name in names.split():
        for plate, pat in _on_plates(name):
            met = any(tai_yin in plate.palaces[p].heaven_stems and (plate.palaces[p].door or "  ")[0] in doors
                      for p in range(1, 10))
            said = pat.detail.endswith("太陰合奇門蓋之 其凶減半")
            if met != said:
                return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} {pat.detail}"
            both.add(said)
    return "蓋之 ⇔ 太陰合奇門 其凶減半" if both == {True, False} else f"only {both}"


def si_xiong_cover(tai_yin: str, doors: str) -> str:
    """The 四凶 with "乘奇門N宮而出" over every plate: palace N holds a heaven `tai_yin` with one of `doors`
    and is not the pattern's own; and every 四凶 on a plate with such a palace elsewhere says so."""
    names = ("二龍戰野", "二虎爭雄", "青龍困頓", "白虎迍邅")
    seen = set()
    for name in names:
        for plate, pat in _on_plates(name):
            good = [p for p in range(1, 10) if tai_yin in plate.palaces[p].heaven_stems
                    and (plate.palaces[p].door or "  ")[0] in doors]
            said = [p for p in range(1, 10) if f"乘奇門{p}宮而出" in pat.detail]
            want = [p for p in good if p != pat.palace][:1] if pat.palace not in good else []
            if said != want and not (pat.palace in good and not said):
                return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} {name} {pat.palace}宮 {pat.detail}"
            seen.add(bool(said))
    return "避其方 乘奇門而出 猶可謀為" if seen == {True, False} else f"only {seen}"


def yu_nu_modifiers(doors: str) -> str:
    """玉女守門's two conditions over every plate, read off the plate at the palaces its detail names:
    the stems at "太陰臨合地戶N宮" (丁加己), the 直使 doors with "三奇吉門直使" (in `doors`' order), and
    "出入皆吉" exactly when both stand."""
    pairs, shi, ok = set(), set(), True
    for plate, pat in _on_plates("玉女守門"):
        if "太陰臨合地戶" in pat.detail:
            named = pat.detail.split("太陰臨合地戶")[1].split()[0]
            for p in range(1, 10):
                if f"{p}宮" in named:
                    pal = plate.palaces[p]
                    pairs.add("丁加己" if "丁" in pal.heaven_stems and "己" in pal.earth_stems
                              else f"{''.join(pal.heaven_stems)}加{''.join(pal.earth_stems)}")
        if "三奇吉門直使" in pat.detail:
            shi.add(plate.zhi_shi)
        ok = ok and (("出入皆吉" in pat.detail) == ("三奇吉門直使" in pat.detail and "太陰臨合地戶" in pat.detail))
    return f"{'/'.join(sorted(pairs))} {_names(shi, doors)} {'出入皆吉' if ok else '出入皆吉 misplaced'}"


def tian_yi_meet() -> str:
    """天乙持衡時 over every plate: its palace holds both the 直符 star and the 直使 door (直使同臨)."""
    for plate, pat in _on_plates("天乙持衡時"):
        pal = plate.palaces[pat.palace]
        if plate.zhi_fu not in pal.stars or pal.door != plate.zhi_shi:
            return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} {pat.palace}宮 {''.join(pal.stars)} {pal.door}"
    return "直符直使同臨"


def shen_ming(dun: str, ju: int, hour: str, palaces: str) -> str:
    """十干神名 of the palaces `palaces` on a plate, as the chart words them (1宮 戊 天武天門；甲 天輔青龍)."""
    plate = _plate(dun, ju, hour)
    pats = {p.palace: p.detail for p in found(_ctx(plate), "十干神名")}
    return " ".join(f"{p}宮 {pats.get(int(p), '—')}" for p in palaces)


# --- patterns of a day and an hour (contexts) --------------------------------------------------


def day_hour_stems(name: str) -> str:
    """The (day stem, hour stem) pairs on which pattern `name` holds, over ten days (甲子 … 癸酉) and
    their 60 hours on 陽1局's plates: each day stem with its hour stems (甲庚 乙辛 …)."""
    out = []
    for day in range(10):
        stems = sorted({h % 10 for h in range(60) if found(_ctx(_plate("陽", 1, h), day=day), name)})
        out.append(STEMS[day] + "".join(STEMS[s] for s in stems))
    return " ".join(out)


def five_combinations() -> str:
    """五合時 over ten days and their hours: the pairs of stems it joins, each once (甲己 乙庚 …)."""
    pairs = []
    for day in range(10):
        for h in range(60):
            if found(_ctx(_plate("陽", 1, h), day=day), "五合時"):
                pair = "".join(sorted((STEMS[day], STEMS[h % 10]), key=STEMS.index))
                if pair not in pairs:
                    pairs.append(pair)
    return " ".join(sorted(pairs, key=lambda s: STEMS.index(s[0])))


def qi_sha_is_wu_bu_yu() -> str:
    """Whether the hour stem of each day's 五不遇時 (counted backwards five) is its 七殺 stem (seven forwards):
    皆克第一干 when they are the same stem for every day."""
    for day in range(10):
        wu = {h % 10 for h in range(60) if found(_ctx(_plate("陽", 1, h), day=day), "五不遇時")}
        qi = {h % 10 for h in range(60) if found(_ctx(_plate("陽", 1, h), day=day), "七殺")}
        if not wu or wu != qi:
            return f"{STEMS[day]}日 五不遇{''.join(STEMS[s] for s in wu)} 七殺{''.join(STEMS[s] for s in qi)}"
    return "順七逆五 同干"


def ri_shi_ru_mu() -> str:
    """日時干三奇入墓: the days (at the hour 乙丑) and the hours (on the day 甲子) on which it holds."""
    days = [CYCLE[d] for d in range(60) if any(p.detail.endswith("日") for p in found(_ctx(_plate("陽", 1, 1), day=d),
                                                                                          "日時干三奇入墓"))]
    hours = [CYCLE[h] for h in range(60) if any(p.detail.endswith("時") for p in found(_ctx(_plate("陽", 1, h), day=0),
                                                                                           "日時干三奇入墓"))]
    return "日" + "".join(days) + " 時" + "".join(hours)


def ri_you_bi() -> str:
    """日遊避 of each day branch (days 甲子 … 乙亥): the 生氣 and 死氣 branches (子戌辰 …)."""
    import re

    out = []
    for d in range(12):
        pats = found(_ctx(_plate("陽", 1, 0), day=d), "遊三避五")
        text = " ".join(p.detail for p in pats if p.detail.startswith("日遊避"))
        sheng = re.search(r"生氣(.)", text)
        si = re.search(r"死氣(.)", text)
        out.append(BRANCHES[d] + (sheng.group(1) if sheng else "?") + (si.group(1) if si else "?"))
    return " ".join(out)


def fu_you_bi() -> str:
    """符遊避 over every plate: the stems its 生氣 and 死氣 name, and whether each is reported at the palace
    where that stem lies on the plate's earth (生氣丙 死氣庚 在其地)."""
    import re

    names, ok = set(), True
    for plate in _every():
        for pat in found(_ctx(plate), "遊三避五"):
            m = re.match(r"符遊避 (生氣|死氣)(.)", pat.detail)
            if m:
                names.add(m.group(1) + m.group(2))
                ok = ok and pat.palace in _earth_at(plate, m.group(2))
    return " ".join(sorted(names, key=lambda s: s[0] != "生")) + (" 在其地" if ok else " 不在其地")


# --- 刑德開闔, 三甲, 氣應 (term and 元) ---------------------------------------------------------


def _group_terms(first: str, qi: int) -> list[int]:
    """The longitude indices of the first `qi` terms of the three-氣 group from `first` (冬至 …)."""
    from ..calendar.terms import term_index

    k = term_index(first)
    return [(k + i) % 24 for i in range(qi)]


def _term_plates(k: int, yuan: str):
    """The 60 plates of the 局 of term k's `yuan`元 (the engine's 局 table and 遁), with their contexts."""
    from ..calendar.terms import TERM_NAMES
    from ..qimen.ju import dun_of, ju_number

    name = TERM_NAMES[k]
    return [_ctx(_plate(dun_of(name), ju_number(name, yuan), h), term=k, yuan=yuan) for h in range(60)]


def xing_de_count(first: str, qi: int) -> str:
    """How many hours 刑德開闔 says 德在門 and 刑在門 on the charts of the first `qi` 氣 of the group from
    `first`, each 氣's three 元 of 60 時 (德5 刑5 for one 氣's 180 時)."""
    de = xing = 0
    for k in _group_terms(first, qi):
        for yuan in "上中下":
            for ctx in _term_plates(k, yuan):
                for pat in found(ctx, "刑德開闔"):
                    de += "德在門" in pat.detail
                    xing += "刑在門" in pat.detail
    return f"德{de} 刑{xing}"


def xing_de_xun(first: str, yuan: str, xuns: str) -> str:
    """What the 三甲 pattern says is 在門 in each 旬 of `xuns` (甲辰甲戌) on the charts of `first`'s `yuan`元:
    甲辰旬刑 甲戌旬德 (nothing after the 旬 when no 三甲 pattern names it)."""
    marks: dict[str, set] = {}
    from ..calendar.terms import term_index

    for ctx in _term_plates(term_index(first), yuan):
        for pat in found(ctx, "三甲"):
            words = pat.detail.split()
            xun = words[2].removesuffix("直符")
            marks.setdefault(xun, set())
            if len(words) > 3:
                marks[xun].add(words[3][0])
    return " ".join(f"{xuns[i:i + 2]}旬{''.join(sorted(marks.get(xuns[i:i + 2], ())))}" for i in range(0, len(xuns), 2))


def xing_de_table(groups: str) -> str:
    """The branches of the hours 刑德開闔 says 德在門 and 刑在門, for each group of `groups` (冬至 夏至 …), when
    its three 氣 agree ("三氣共之"): 冬至德卯刑酉 …"""
    out = []
    for first in groups.split():
        found_by_qi = []
        for k in _group_terms(first, 3):
            de, xing = set(), set()
            for yuan in "上中下":
                for ctx in _term_plates(k, yuan):
                    for pat in found(ctx, "刑德開闔"):
                        if "德在門" in pat.detail:
                            de.add(BRANCHES[ctx.hour % 12])
                        if "刑在門" in pat.detail:
                            xing.add(BRANCHES[ctx.hour % 12])
            found_by_qi.append(("".join(sorted(de, key=BRANCHES.index)), "".join(sorted(xing, key=BRANCHES.index))))
        same = len(set(found_by_qi)) == 1
        de, xing = found_by_qi[0]
        out.append(f"{first}德{de}刑{xing}" + ("" if same else " (三氣不同)"))
    return " ".join(out)


def kai_he(order: str) -> str:
    """刑德開闔 of the 直符 at hours with neither 德 nor 刑 在門, over every plate (冬至 上元): the stars that
    open (開) and close (闔), in the row's `order` (開蓬任沖輔禽 闔英芮柱心)."""
    state: dict[str, set] = {}
    for plate in _every():
        for pat in found(_ctx(plate), "刑德開闔"):
            star, words = pat.detail.split()[0], pat.detail.split()[1]
            if "在門" not in pat.detail:
                state.setdefault(words, set()).add(star[:2])
    return " ".join(f"{w}{_names(state.get(w, ()), order)}" for w in ("開", "闔"))


def kai_he_zai_men(yang: str) -> str:
    """刑德開闔 when 德 or 刑 is 在門, over the charts of every term and 元: what a 陽星 (the row's `yang`) and a
    陰星 直符 make of each (德陽盡開 德陰半開 刑陽半闔 刑陰盡闔)."""
    seen = set()
    for k in range(24):
        for yuan in "上中下":
            for ctx in _term_plates(k, yuan):
                for pat in found(ctx, "刑德開闔"):
                    words = pat.detail.split()
                    if "在門" in pat.detail:
                        side = "陽" if _short(words[0][:2]) in yang else "陰"
                        seen.add(f"{words[1][0]}{side}{words[2]}")
    order = [f"{z}{s}{w}" for z in "德刑" for s in "陽陰" for w in ("盡開", "半開", "半闔", "盡闔")]
    return " ".join(w for w in order if w in seen)


def san_jia_heads() -> str:
    """三甲 on the charts of 冬至's three 元: each 元 with the name it gives and the 旬 it is found in
    (上元仲甲甲子甲午 …)."""
    from ..calendar.terms import DONGZHI

    out = []
    for yuan in "上中下":
        name, xuns = "", []
        for ctx in _term_plates(DONGZHI, yuan):
            for pat in found(ctx, "三甲"):
                words = pat.detail.split()
                name = words[1]
                xun = words[2].removesuffix("直符")
                if xun not in xuns:
                    xuns.append(xun)
        out.append(f"{yuan}元{name}{''.join(xuns)}")
    return " ".join(out)


def star_states(star: str) -> str:
    """氣應 of a star on a chart of each month (月建 寅 … 丑; the plate of 陽1局 甲子, the star at home),
    grouped by state: 旺寅卯 囚辰未戌丑 …"""
    groups: dict[str, str] = {}
    plate = _plate("陽", 1, "甲子")
    for b in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1):
        state = "?"
        for pat in found(_ctx(plate, month=b), "氣應"):
            for word in pat.detail.split():
                if word.startswith(star):
                    state = word[len(star):]
        groups[state] = groups.get(state, "") + BRANCHES[b]
    return " ".join(state + branches for state, branches in groups.items())


def door_states(first: str, order: str) -> str:
    """氣應 of the doors on charts of the three 氣 of the group from `first` (the plate of 陽1局 甲子, doors at
    home), in the row's `order`, when the three 氣 agree: 休門旺 生門絕 …"""
    found_by_qi = []
    plate = _plate("陽", 1, "甲子")
    for k in _group_terms(first, 3):
        states = {}
        for pat in found(_ctx(plate, term=k), "氣應"):
            for word in pat.detail.split():
                if word.endswith(("旺", "絕", "胎", "沒", "死", "囚", "休", "廢")) and "門" in word:
                    states[word[:2]] = word[2:]
        found_by_qi.append(" ".join(f"{c}門{states.get(c + '門', '?')}" for c in order))
    return found_by_qi[0] if len(set(found_by_qi)) == 1 else " | ".join(found_by_qi)


# --- the recorded schools (cast --school) --------------------------------------------------------


def school_hours(school: str, name: str) -> str:
    """The hours (cycle order) at which `--school school` adds its `name` on some plate of either 遁
    (on a 甲子 day: for the variants that read no day)."""
    hours = set()
    for plate in _every():
        if school_found(_ctx(plate), school, name):
            hours.add(plate.hour)
    return " ".join(CYCLE[h] for h in sorted(hours))


def school_palaces(school: str, name: str) -> str:
    """The palaces and details of `--school school`'s `name` on every plate (its first word after the
    palace): 遊三3 避五2."""
    seen = set()
    for plate in _every():
        for pat in school_found(_ctx(plate), school, name):
            seen.add(f"{pat.detail.split()[0]}{pat.palace}")
    return " ".join(sorted(seen))


def school_pairs(school: str, *names: str) -> str:
    """The stem pairs of `--school school`'s pair patterns over every plate (甲加丙遊三 …; 甲 for the 儀)."""
    out = []
    for name in names:
        seen = set()
        for plate in _every():
            for pat in school_found(_ctx(plate), school, name):
                words = pat.detail.split()
                heaven, earth = words[0].split("加")
                seen.add(f"{heaven[0]}加{earth[0]}{words[1] if len(words) > 1 else ''}")
        out.append(name + "、".join(sorted(seen)))
    return " ".join(out)


def lin_shou_men() -> str:
    """林氏 玉女守門 over ten days and their hours: each pair of day stems with the hour stem it names
    (甲己丙 …), the pairs in stem order of their first day."""
    by_stem = {}
    for day in range(10):
        hours = {h % 10 for h in range(60) if school_found(_ctx(_plate("陽", 1, h), day=day), "lin", "玉女守門")}
        by_stem[day] = "".join(STEMS[h] for h in sorted(hours))
    return " ".join(STEMS[d] + STEMS[d + 5] + by_stem[d] for d in range(5) if by_stem[d] == by_stem[d + 5]) or "—"


def lin_tian_fu() -> str:
    """林氏 天輔時 against the author's 五合時, over ten days and their hours: 五合時為天輔時 when one holds
    exactly where the other does."""
    for day in range(10):
        for h in range(60):
            ctx = _ctx(_plate("陽", 1, h), day=day)
            if bool(school_found(ctx, "lin", "天輔時")) != bool(found(ctx, "五合時")):
                return f"{STEMS[day]}日 {CYCLE[h]}"
    return "五合時為天輔時"


def tao_walk(*duns: str) -> str:
    """陶氏 遊三避五 over every plate of each 遁: the 直使 seats called 行陽, 行陰 and 避五 (陽 1234行陽 6789行陰 5避五)."""
    out = []
    for dun in duns:
        seen: dict[str, set] = {}
        for plate in _every():
            if plate.dun != dun:
                continue
            for pat in school_found(_ctx(plate), "tao", "遊三避五"):
                word = pat.detail.split()[-1].removeprefix("直使" + plate.zhi_shi)
                seen.setdefault(word, set()).add(plate.zhi_shi_seat)
        ring = "987654321" if dun == "陰" else "123456789"
        out.append(dun + " " + " ".join(f"{''.join(c for c in ring if int(c) in seen[w])}{w}"
                                        for w in ("行陽", "行陰", "避五") if w in seen))
    return " ".join(out)


def sanshi_de_shi() -> str:
    """三氏 三奇得使 over every plate: each 奇 with the 旬 whose 直符 it is found under (乙甲戌甲午 …)."""
    seen: dict[str, set] = {}
    for plate in _every():
        for pat in school_found(_ctx(plate), "sanshi", "三奇得使"):
            seen.setdefault(pat.detail.split()[1][0], set()).add(plate.xun_shou)
    return " ".join(q + "".join(sorted(seen.get(q, ()), key=cycle_index)) for q in "乙丙丁")


def sanshi_san_jia() -> str:
    """三氏 三甲 over every plate: each kind (孟 仲 季) with its 旬 and its words (仲甲子甲午 刑德在門 …)."""
    seen: dict[str, tuple[set, str]] = {}
    for plate in _every():
        for pat in school_found(_ctx(plate), "sanshi", "三甲"):
            words = pat.detail.split()
            kind = words[0][0]
            xuns, _said = seen.setdefault(kind, (set(), ""))
            xuns.add(words[1].removesuffix("直符"))
            seen[kind] = (xuns, " ".join(w for w in words[2:5]))
    return " ".join(f"{k}{''.join(sorted(seen[k][0], key=cycle_index))} {seen[k][1]}" for k in "仲孟季" if k in seen)


def sanshi_tian_wang() -> str:
    """三氏 天網 over every plate: the hours of 天網時 (first, last and how many) and the palaces of 四張,
    each drawn at the 直符's palace."""
    hours, zhang = set(), set()
    for plate in _every():
        ctx = _ctx(plate)
        if school_found(ctx, "sanshi", "天網時"):
            hours.add(plate.hour)
        for pat in school_found(ctx, "sanshi", "天網四張"):
            if pat.palace != plate.zhi_fu_palace:
                return f"{plate.dun}{plate.ju} {CYCLE[plate.hour]} 四張{pat.palace} 直符{plate.zhi_fu_palace}"
            zhang.add(pat.palace)
    h = sorted(hours)
    return f"{CYCLE[h[0]]}至{CYCLE[h[-1]]}{len(h)}時 四張{''.join(map(str, sorted(zhang)))}" if h else "—"
