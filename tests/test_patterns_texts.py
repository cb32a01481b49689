"""Issue 21: the patterns the texts name and the registry lacked (天乙持衡時, 朱鳥跌穴, 七殺, 反首), the
texts' modifiers (太陰合奇門蓋之 of 二吟 and the 四凶, 吉門/凶門被迫, 玉女守門's 三奇吉門直使 and
太陰臨合地戶) and the 六甲 hours (天輔時: no 加臨 pattern; 擊刑 of the 直符 only).

Each rule is checked against an enumeration of the plates (or day × hour) it applies to, built
from the quoted line itself (parsed where it lists cases); docs/decisions.md gives the readings.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict

from conftest import invoke
from qimen_cli.calendar.ganzhi import CYCLE, STEM_PHASE, STEMS, cycle_index, overcomes
from qimen_cli.qimen import names
from qimen_cli.qimen import patterns as pt
from qimen_cli.qimen.patterns import PATTERNS, PatternContext, plate_patterns
from qimen_cli.qimen.plates import build_plate
from test_patterns import pairs_at as pairs  # (palace, heaven, earth) of every X加Y, 甲 for the 旬首's 儀

ZHUAN = [build_plate(d, j, h) for d in "陽陰" for j in range(1, 10) for h in range(60)]
FEI = [build_plate(d, j, h, "fei") for d in "陽陰" for j in range(1, 10) for h in range(60)]
S003, S000 = "003_fd1aa30e5b7f2d13.txt", "000_4b5dcee18d5e7425.txt"
GANZHI = "[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]"
JI_DOORS = ("開門", "休門", "生門")

#: 003, on 三氏's 天網時: the hours of 甲寅旬 that are not to be given up.
JIA_YIN_TEXT = ("且甲寅為天輔時，甲加丙為朱鳥跌穴時，戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時。"
                "而陽一二三五局，陰二四六局，皆吉門直使；此六局丙辰時，又為丙奇得使，遇甲最為難得之時")
#: 003, 五不遇時: the two counts round the ten stems.
QI_SHA_TEXT = "凡十干環列，順數七干，逆數五干，皆克第一干。順數者，止論其干，故名七殺；逆數者，合論其干支，故曰：五不遇時。"
#: 003, 天輔時.
TIAN_FU_TEXT = "天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。此六時符使未分、奇儀安位"
#: 003, 擊刑.
JI_XING_TEXT = "甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。"
#: 003, 迫.
PO_TEXT = "經云：吉門被迫，吉事成凶；凶門被迫，凶災愈甚。"
#: 000, 十干神名 (太陰 and 地戶).
NAMES_TEXT = "丁為太陰玉女，戊為天武天門，己為地戶六合"
#: 000, 勃 and 格 read loosely.
FAN_SHOU_TEXT = "若渾言歲月日時干，是以反首跌穴，亦為勃伏勃飛矣！"
NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def P(name: str) -> int:
    return cycle_index(name)


def found(plate, rule):
    return plate_patterns(plate)[PATTERNS.index(rule)] or ()


def plate_only_names(plate) -> set[str]:
    return {p.name for g in plate_patterns(plate) if g for p in g}


def heaven_at(plate) -> dict[str, list[int]]:
    out = defaultdict(list)
    for p in range(1, 10):
        for s in plate.palaces[p].heaven_stems:
            out[s].append(p)
    return out


def cover(plate) -> int | None:
    """The palace where the heaven 丁 stands with a 吉門 (太陰合奇門), from the plate itself."""
    return next((p for p in range(1, 10) if "丁" in plate.palaces[p].heaven_stems
                 and plate.palaces[p].door in JI_DOORS), None)


# --- the 六甲 hours ------------------------------------------------------------------------


def test_liu_jia_hours_carry_no_jia_lin_pattern():
    """003: "天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。此六時符使未分、奇儀安位 … 諸事皆吉"; "甲遁之後，
    奇儀用事，符使分宮，則星不得不動，以加所用之時干" — at the six hours nothing is 加 or 臨: in 轉盤 the heaven
    plate is the earth plate, and no pattern of a 加臨 (擊刑, 奇墓, 奇制, 迫, the stem pairs …) is reported in
    either layout; the plate shows 天輔時 and the 十干神名 only."""
    hours = re.findall(GANZHI, TIAN_FU_TEXT.split("。")[0])
    assert hours == ["甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅"]
    for plate in ZHUAN + FEI:
        if CYCLE[plate.hour] not in hours:
            continue
        assert plate_only_names(plate) == {"天輔時", "十干神名"}, plate.key
        if plate.layout == "zhuan":
            assert all(plate.palaces[p].heaven_stems == plate.palaces[p].earth_stems for p in range(1, 10) if p != 5)
            assert pt.ji_xing(plate) is None and pt.qi_mu(plate) is None and pt.qi_zhi(plate) is None
    # before: 84 of the 108 轉盤 plates showed 擊刑 (every heaven 儀 in its palace), 48 奇制, 42 奇墓
    assert sum(1 for p in ZHUAN if p.hour % 10 == 0) == 108


def test_ji_xing_is_the_zhi_fu_sent_to_its_palace():
    """003: "甲子戊儀加三宮，甲戌己儀加二宮，甲申庚儀加八宮，甲午辛儀加九宮，甲辰壬儀、甲寅癸儀加四宮，為擊刑。";
    "且甲子直符臨震宮名擊刑" — 擊刑 exactly when the 旬首 named in the list is the hour's and its 儀 (the
    直符's) stands on the heaven plate in the listed palace, the 六甲 hours excepted."""
    listed = {}
    for xuns, palace in re.findall(r"((?:甲.[戊己庚辛壬癸]儀、?)+)加(.)宮", JI_XING_TEXT):
        for xun, yi in re.findall(r"(甲.)(.)儀", xuns):
            listed[yi] = (xun, NUM[palace])
    assert listed == {"戊": ("甲子", 3), "己": ("甲戌", 2), "庚": ("甲申", 8), "辛": ("甲午", 9),
                      "壬": ("甲辰", 4), "癸": ("甲寅", 4)}
    assert {yi: p for yi, (_, p) in listed.items()} == pt.JI_XING
    for plate in ZHUAN + FEI:
        xun, palace = listed[plate.xun_yi]
        assert plate.xun_shou == xun
        hit = found(plate, pt.ji_xing)
        expected = plate.hour % 10 != 0 and palace in heaven_at(plate)[plate.xun_yi]
        assert bool(hit) == expected, plate.key
        if hit:
            (pat,) = hit
            assert (pat.palace, pat.detail, pat.verdict) == (palace, f"{xun}{plate.xun_yi}儀加{palace}宮 直符", "凶")
            if plate.layout == "zhuan":
                assert plate.zhi_fu_palace == palace


# --- 天乙持衡時, 朱鳥跌穴, 反首 -----------------------------------------------------------------------


def test_tian_yi_chi_heng_shi_the_five_hours():
    """003: "戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時" — those five hours in every 局 and layout;
    in 轉盤 they are exactly the hours at which the 直使 is walked onto the 直符's seat on a 儀 other than the
    旬首's own (not 伏吟)."""
    five = re.findall(GANZHI, JIA_YIN_TEXT.split("朱鳥跌穴時，")[1].split("五時")[0])
    assert five == ["戊午", "己未", "庚申", "辛酉", "壬戌"] and tuple(five) == pt.TIAN_YI_CHI_HENG
    by_ju = defaultdict(set)
    for plate in ZHUAN + FEI:
        hit = found(plate, pt.tian_yi_chi_heng_shi)
        assert bool(hit) == (CYCLE[plate.hour] in five)
        if hit:
            (pat,) = hit
            assert pat.verdict == "吉" and pat.palace == plate.zhi_fu_palace == plate.zhi_shi_palace
            assert pat.detail == f"{plate.zhi_fu}直符 {plate.zhi_shi}直使同臨"
            by_ju[(plate.layout, plate.dun, plate.ju)].add(CYCLE[plate.hour])
    assert len(by_ju) == 36 and all(h == set(five) for h in by_ju.values())
    meet = defaultdict(set)
    for plate in ZHUAN:
        if plate.hour % 10 and plate.zhi_fu_seat == plate.zhi_shi_seat:
            meet[(plate.dun, plate.ju)].add(CYCLE[plate.hour])
            on_yi = STEMS[plate.hour % 10] in "戊己庚辛壬癸" and STEMS[plate.hour % 10] != plate.xun_yi
            assert on_yi == (CYCLE[plate.hour] in five)
    # every meeting: the five, 丙辰 (朱鳥跌穴) and 癸亥 (伏吟) of 甲寅旬, 丁酉 of 甲午旬 (玉女守門)
    assert all(h == set(five) | {"丙辰", "癸亥", "丁酉"} for h in meet.values()) and len(meet) == 18


def test_zhu_niao_die_xue_is_jia_over_bing():
    """003: "甲加丙為朱鳥跌穴時" — the 旬首's 儀 over the earth 丙, wherever it is (every 丙 hour in 轉盤, the 直符
    being sent onto 丙, and 甲寅旬's 丙辰 of the text in all 18 局); never at a 六甲 hour."""
    heaven, earth = re.search(r"(.)加(.)為朱鳥跌穴時", JIA_YIN_TEXT).groups()
    assert (heaven, earth) == ("甲", "丙")
    for plate in ZHUAN + FEI:
        got = {(p.palace, p.verdict) for p in found(plate, pt.zhu_niao_die_xue)}
        want = {(p, "吉") for p, h, e in pairs(plate) if (h, e) == (heaven, earth)} if plate.hour % 10 else set()
        assert got == want, plate.key
        if plate.layout == "zhuan" and STEMS[plate.hour % 10] == earth:
            assert plate.zhi_fu_palace in {p for p, _ in got}
    assert all(found(build_plate(d, j, P("丙辰")), pt.zhu_niao_die_xue) for d in "陽陰" for j in range(1, 10))


def test_jia_yin_bing_chen_the_rarest_hour():
    """003: "而陽一二三五局，陰二四六局，皆吉門直使；此六局丙辰時，又為丙奇得使，遇甲最為難得之時" — read 陽一三五
    (the six 局): there 甲寅旬's 丙辰 is 朱鳥跌穴, 三奇得使 and 得使遇甲 at once."""
    rest = JIA_YIN_TEXT.split("而")[1]
    yang = [NUM[c] for c in re.search(r"陽(.+?)局", rest).group(1)]
    yin = [NUM[c] for c in re.search(r"陰(.+?)局", rest).group(1)]
    assert (yang, yin) == ([1, 2, 3, 5], [2, 4, 6])
    six = {("陽", 1), ("陽", 3), ("陽", 5)} | {("陰", j) for j in yin}  # "此六局": 陽"二" is a slip (驚門)
    for dun in "陽陰":
        for ju in range(1, 10):
            plate = build_plate(dun, ju, P("丙辰"))
            names_here = plate_only_names(plate)
            assert "朱鳥跌穴" in names_here
            assert ({"三奇得使", "得使遇甲"} <= names_here) == ((dun, ju) in six), (dun, ju)


def test_fan_shou_is_bing_over_jia():
    """000: "若渾言歲月日時干，是以反首跌穴，亦為勃伏勃飛矣！" — 反首 beside 跌穴: the other way round, 丙加甲 (the
    heaven 丙 over the 旬首's 儀); never at a 六甲 hour."""
    assert "反首跌穴" in FAN_SHOU_TEXT
    for plate in ZHUAN + FEI:
        got = {(p.palace, p.detail, p.verdict) for p in found(plate, pt.fan_shou)}
        want = ({(p, f"丙加甲({plate.xun_yi})", "吉") for p, h, e in pairs(plate) if (h, e) == ("丙", "甲")}
                if plate.hour % 10 else set())
        assert got == want, plate.key
    assert any(found(p, pt.fan_shou) for p in ZHUAN)


# --- 七殺 --------------------------------------------------------------------------------------


def test_qi_sha_seventh_stem_forwards():
    """003: "凡十干環列，順數七干，逆數五干，皆克第一干。順數者，止論其干，故名七殺；逆數者，合論其干支，故曰：五不遇時。"
    — for every day and hour: 七殺 when the hour stem is the seventh counted forwards from the day stem (the day's
    own the first); it is the fifth counted backwards too, and it overcomes the day stem; the 五不遇時 hour of a
    day is always one of its 七殺 hours."""
    forward = int(re.search(r"順數(.)干", QI_SHA_TEXT).group(1).translate(str.maketrans("七五", "75")))
    backward = int(re.search(r"逆數(.)干", QI_SHA_TEXT).group(1).translate(str.maketrans("七五", "75")))
    for d in range(10):
        seventh, fifth = (d + forward - 1) % 10, (d - backward + 1) % 10
        assert seventh == fifth and overcomes(STEM_PHASE[seventh], STEM_PHASE[d])
        assert STEMS[seventh] == pt.WU_BU_YU[STEMS[d]][0]
    plate = build_plate("陽", 1, 0)
    for day in range(60):
        for hour in range(60):
            c = PatternContext(plate, day, hour, 0, 18, "上")
            got = pt.qi_sha(c)
            assert (got is not None) == (hour % 10 == (day + forward - 1) % 10)
            if got is not None:
                d, h = STEMS[day % 10], STEMS[hour % 10]
                assert (got.name, got.palace, got.detail, got.verdict) == ("七殺", None, f"{d}日{h}時 {h}剋{d}", "凶")
            if pt.wu_bu_yu_shi(c) is not None:
                assert got is not None


# --- the modifiers ----------------------------------------------------------------------------


def test_tai_yin_and_di_hu_are_the_ten_stems_names():
    """000: "丁為太陰玉女，戊為天武天門，己為地戶六合" — 太陰 is 丁, 地戶 (六合) is 己."""
    assert re.search(r"(.)為太陰", NAMES_TEXT).group(1) == names.TAI_YIN == "丁"
    assert re.search(r"(.)為地戶", NAMES_TEXT).group(1) == names.DI_HU == "己"


def test_er_yin_cover_halves_the_evil():
    """003: "如值二吟，若得太陰合奇門蓋之，其凶減半。" — every 伏吟 and 反吟 says so exactly when the heaven 丁 stands
    with a 吉門 (開 休 生) somewhere on the plate; the verdict stays 凶."""
    seen = {True: 0, False: 0}
    for plate in ZHUAN + FEI:
        covered = cover(plate) is not None
        for pat in found(plate, pt.fu_yin) + found(plate, pt.fan_yin):
            kind, *rest = pat.detail.split(" ", 1)
            assert kind in ("星伏", "門伏", "星反", "門反") and pat.verdict == "凶"
            assert rest == (["太陰合奇門蓋之 其凶減半"] if covered else [])
            seen[covered] += 1
    assert all(seen.values())


def test_si_xiong_cover_still_can_plan():
    """000: "龍戰困頓下諸格，若得太陰合奇門蓋之，避其方，乘奇門而出猶可謀為。" — each of the four 凶 names the 奇門 to
    go out by when the heaven 丁 stands with a 吉門 in another palace; its verdict stays 凶."""
    seen = 0
    for plate in ZHUAN + FEI:
        c = cover(plate)
        for pat in found(plate, pt.si_xiong):
            assert pat.verdict == "凶" and pat.name in ("二龍戰野", "二虎爭雄", "青龍困頓", "白虎迍邅")
            note = f" 太陰合奇門蓋之 乘奇門{c}宮而出 猶可謀為"
            assert pat.detail.endswith(note) == (c is not None and c != pat.palace)
            assert "加" in pat.detail.split()[0]
            seen += pat.detail.endswith(note)
    assert seen


def test_po_ji_men_and_xiong_men():
    """003: "經云：吉門被迫，吉事成凶；凶門被迫，凶災愈甚。" — each 迫 says which: 開 休 生 are 吉門, the rest 凶門."""
    kinds = dict(re.findall(r"(.門被迫)，(.{4})", PO_TEXT))
    assert kinds == {"吉門被迫": "吉事成凶", "凶門被迫": "凶災愈甚"}
    for plate in ZHUAN + FEI:
        for pat in found(plate, pt.po_men):
            door = plate.palaces[pat.palace].door
            kind = "吉門被迫" if door in JI_DOORS else "凶門被迫"
            assert pat.detail == f"{door}臨{pat.palace}宮 {kind} {kinds[kind]}" and pat.verdict == "凶"


def test_yu_nu_shou_men_conditions():
    """003: "若遇三奇吉門直使，又得太陰臨合地戶，宜福食遠行、出入皆吉。" — at 玉女守門, "三奇吉門直使" exactly when the
    hour is also 三奇得使 (the 直使 a 吉門 of its own palace on the 奇 丁), "太陰臨合地戶" exactly where the heaven
    丁 (太陰) stands over the earth 己 (地戶), and "出入皆吉" with both."""
    both = 0
    for plate in ZHUAN + FEI:
        hits = found(plate, pt.yu_nu_shou_men)
        if not hits:
            continue
        (pat,) = hits
        de_shi = any(p.name == "三奇得使" for p in found(plate, pt.san_qi_de_shi))
        di_hu = sorted({p for p, h, e in pairs(plate) if (h, e) == ("丁", "己")})
        assert ("三奇吉門直使" in pat.detail) == de_shi, plate.key
        assert ("太陰臨合地戶" in pat.detail) == bool(di_hu)
        if di_hu:
            assert "太陰臨合地戶" + "".join(f"{p}宮" for p in di_hu) in pat.detail
        assert pat.detail.endswith("出入皆吉") == (de_shi and bool(di_hu))
        if de_shi:
            assert plate.zhi_shi in JI_DOORS
        both += de_shi and bool(di_hu)
    assert both


def test_find_tests_a_modifier_by_its_detail():
    """A modifier is in the pattern's JSON: `find` tests it by path (here 伏吟 with 太陰合奇門蓋之) and by name
    (the new patterns)."""
    plate_hits = [p for p in ZHUAN if any(x.detail == "門伏 太陰合奇門蓋之 其凶減半" for x in found(p, pt.fu_yin))]
    assert plate_hits
    result = invoke("find", "--from", "2024-03-01", "--to", "2024-03-31", "--tz", "Asia/Shanghai", "--json",
                    "--where", "cast:patterns.detail=門伏 太陰合奇門蓋之 其凶減半")
    rows = [json.loads(line) for line in result.output.splitlines()]
    charts = [json.loads(line) for line in invoke("cast", "--from", "2024-03-01", "--to", "2024-03-31", "--tz",
                                                  "Asia/Shanghai", "--json").output.splitlines()]
    with_it = [c for c in charts if any(p["name"] == "伏吟" and p["detail"] == "門伏 太陰合奇門蓋之 其凶減半"
                                        for p in c["patterns"])]
    assert rows and sum(r["count"] for r in rows) == len(with_it)
    assert {(r["day"], r["hour"]) for r in rows} <= {(c["pillars"]["day"], c["pillars"]["hour"]) for c in with_it}
    result = invoke("find", "--from", "2024-03-01", "--to", "2024-03-12", "--tz", "Asia/Shanghai", "--json",
                    "--where", "cast:天乙持衡時")
    rows = [json.loads(line) for line in result.output.splitlines()]
    # 甲寅旬 of 2024-03-05 (戊辰日) and 2024-03-10 (癸酉日): five 時辰 in a row each
    assert [(r["day"], r["count"]) for r in rows] == [("戊辰", 5), ("癸酉", 5)]
    assert all([s["hour"] for s in r["shichen"]] == list(pt.TIAN_YI_CHI_HENG) for r in rows)
