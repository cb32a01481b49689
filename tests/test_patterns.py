"""The enumerated claims of 003 and 000 about the hour patterns, checked over all 1,080 轉盤 plates.

Each test quotes the line it checks (003_fd1aa30e5b7f2d13.txt or 000_4b5dcee18d5e7425.txt);
READING-qimen.md §4 gives the readings.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import (
    BRANCH_PHASE,
    BRANCHES,
    CYCLE,
    STEM_PHASE,
    STEMS,
    cycle_index,
    generates,
    overcomes,
    wu_shu_dun,
)
from qimen_cli.qimen import patterns as pt
from qimen_cli.qimen.patterns import (
    PATTERN_NAMES,
    PATTERNS,
    Pattern,
    PatternContext,
    find_patterns,
    plate_patterns,
)
from qimen_cli.qimen.plates import DOORS, RING, STARS, build_plate

S003, S000 = "003_fd1aa30e5b7f2d13.txt", "000_4b5dcee18d5e7425.txt"
ZHUAN = [build_plate(d, j, h) for d in "陽陰" for j in range(1, 10) for h in range(60)]
FEI = [build_plate(d, j, h, "fei") for d in "陽陰" for j in range(1, 10) for h in range(60)]


def P(name: str) -> int:
    return cycle_index(name)


def found(plate, rule) -> tuple[Pattern, ...]:
    """The cached patterns of a plate-only rule."""
    return plate_patterns(plate)[PATTERNS.index(rule)] or ()


def ctx(plate, day=0, month=2, ju_term=18, yuan="上") -> PatternContext:
    return PatternContext(plate, day, plate.hour, month, ju_term, yuan)


# --- registry ---------------------------------------------------------------------------


def test_registry_names_sources_verdicts():
    assert len(set(PATTERNS)) == len(PATTERNS)
    assert len(set(PATTERN_NAMES)) == len(PATTERN_NAMES)
    for fn in PATTERNS:
        assert fn.scope in ("plate", "context") and fn.names
        doc = fn.__doc__ or ""
        assert ("003_fd1aa30e5b7f2d13.txt" in doc or "000_4b5dcee18d5e7425.txt" in doc), fn.__name__
    for required in ("天輔時 伏吟 反吟 五合時 五不遇時 七殺 時干入墓 日時干三奇入墓 天網時 天網四張 天乙持衡時 朱鳥跌穴 "
                     "三奇得使 得使遇甲 三奇游六儀 玉女守門 迫 奇墓 奇制 擊刑 勃飛 勃伏 格飛 格伏 反首 刑 破 奇格 陰陽化氣 "
                     "龍鳳呈祥 二龍戰野 二虎爭雄 青龍困頓 白虎迍邅 刑德開闔 三甲 遊三避五 氣應 十干神名").split():
        assert required in PATTERN_NAMES, required


def test_every_name_fires_and_only_registered_names():
    """Over all plates (with a spread of days, months, terms and 元) every registered name occurs,
    and nothing else does."""
    seen = Counter()
    for i, plate in enumerate(ZHUAN):
        c = ctx(plate, day=(i // 60) % 10 + 10 * (i % 6), month=(i * 11) % 60, ju_term=i % 24, yuan="上中下"[i % 3])
        for pat in find_patterns(c):
            assert pat.name in PATTERN_NAMES
            assert pat.source in (S003, S000)
            assert pat.verdict in ("吉", "凶", "")
            assert pat.palace is None or 1 <= pat.palace <= 9
            if plate.layout == "zhuan":
                assert pat.palace != 5 or pat.name in ("十干神名",)
            seen[pat.name] += 1
    assert set(seen) == set(PATTERN_NAMES)


def test_registry_order():
    plate = build_plate("陽", 1, P("戊午"))
    pats = find_patterns(ctx(plate))
    rank = {name: i for i, fn in enumerate(PATTERNS) for name in fn.names}
    assert [rank[p.name] for p in pats] == sorted(rank[p.name] for p in pats)


def test_engine_imports_neither_click_nor_rich(run_process):
    code = ("import sys, qimen_cli.qimen.patterns, qimen_cli.qimen.plates; "
            "sys.exit(any(m in sys.modules for m in ('click', 'rich')))")
    assert run_process(code=code).returncode == 0


# --- 天輔時, 伏吟, 反吟 (003) ----------------------------------------------------------------


def test_six_jia_hours_are_tian_fu_never_fu_fan_yin():
    """003: "是以六甲之時，符使各安其位，定而能靜，謂之遁甲，不為伏吟。"; "天輔時者，甲子、甲戌、甲申、甲午、甲辰、甲寅時也。" """
    for plate in ZHUAN + FEI:
        jia = plate.hour % 10 == 0
        assert bool(found(plate, pt.tian_fu_shi)) == jia
        if jia:
            assert not found(plate, pt.fu_yin) and not found(plate, pt.fan_yin)
            assert found(plate, pt.tian_fu_shi)[0].verdict == "吉"


def test_xing_fu_only_six_hours():
    """003: "嘗考六十時中，星伏惟六時：甲子值符戊辰時，甲戌直符己卯時，甲申直符庚寅時，甲午直符辛丑時，
    甲辰直符壬子時，甲寅直符癸亥時，此陰陽二局星伏之定時也。" — in all 18 局."""
    six = {"戊辰", "己卯", "庚寅", "辛丑", "壬子", "癸亥"}
    by_ju = defaultdict(set)
    for plate in ZHUAN:
        if any(p.detail.split()[0] == "星伏" for p in found(plate, pt.fu_yin)):
            by_ju[(plate.dun, plate.ju)].add(CYCLE[plate.hour])
    assert len(by_ju) == 18 and all(hours == six for hours in by_ju.values())


# 003: "如禽星直符陽一局庚戌時、二局庚子時、三局庚寅時、四局庚辰時、五局庚午時、九局庚申時死門伏；陰九局庚戌時、
# 八局庚子時、七局庚寅時、六局庚辰時、五局庚午時、一局庚申時，生門伏。芮星直符陽一局、任星直符陰九局、丁丑時；
# 陽二、陰八丁卯時，陽六陰四丁巳時，陽七、陰三丁未時，陽八、陰二丁酉時，陽九、陰一丁亥時，陽局死門伏，陰局生門伏。"
GENG_MEN_FU = {("陽", 1, "庚戌"), ("陽", 2, "庚子"), ("陽", 3, "庚寅"), ("陽", 4, "庚辰"), ("陽", 5, "庚午"),
               ("陽", 9, "庚申"), ("陰", 9, "庚戌"), ("陰", 8, "庚子"), ("陰", 7, "庚寅"), ("陰", 6, "庚辰"),
               ("陰", 5, "庚午"), ("陰", 1, "庚申")}
DING_MEN_FU = {("陽", 1, "丁丑"), ("陰", 9, "丁丑"), ("陽", 2, "丁卯"), ("陰", 8, "丁卯"), ("陽", 6, "丁巳"),
               ("陰", 4, "丁巳"), ("陽", 7, "丁未"), ("陰", 3, "丁未"), ("陽", 8, "丁酉"), ("陰", 2, "丁酉"),
               ("陽", 9, "丁亥"), ("陰", 1, "丁亥")}


def test_men_fu_exact_hours():
    """003: "凡六癸時為門伏，陰陽二局皆同。惟禽星直符多一庚時，任星、芮星直符多一丁時。" and the two lists:
    門伏 at every 癸 hour and at exactly the listed 庚 and 丁 hours, nowhere else."""
    for plate in ZHUAN:
        key = (plate.dun, plate.ju, CYCLE[plate.hour])
        men_fu = any(p.detail.split()[0] == "門伏" for p in found(plate, pt.fu_yin))
        expected = plate.hour % 10 == 9 or key in GENG_MEN_FU | DING_MEN_FU
        assert men_fu == expected, key
        if key in GENG_MEN_FU:
            assert plate.zhi_fu == "天禽"
        if key in DING_MEN_FU:
            assert plate.zhi_fu == ("天芮" if plate.dun == "陽" else "天任")
        if men_fu:  # the doors are physically home
            assert all(plate.palaces[p].door == DOORS[p] for p in RING)
            assert plate.palaces[plate.zhi_shi_palace].door == plate.zhi_shi


def test_fan_yin_is_the_opposite_ring():
    """003: "若加臨於對沖之位，即為反吟，如蓬加英、休臨景是也。" """
    for plate in ZHUAN:
        kinds = {p.detail.split()[0] for p in found(plate, pt.fan_yin)}
        if plate.hour % 10 == 0:
            assert not kinds
            continue
        assert ("星反" in kinds) == all(STARS[10 - p] == plate.palaces[p].stars[0] for p in RING)
        assert ("門反" in kinds) == all(DOORS[10 - p] == plate.palaces[p].door for p in RING)
    assert any(found(p, pt.fan_yin) for p in ZHUAN)
    assert not any(found(p, pt.fan_yin) for p in FEI)


# --- day/hour tables (003) ----------------------------------------------------------------


def test_wu_he_shi():
    """003: "五合時者，時與日之干相合也。甲己相合、乙庚相合、丙辛相合、丁壬相合、戊癸相合為五合。" """
    plate = build_plate("陽", 1, P("己巳"))
    assert pt.wu_he_shi(ctx(plate, day=P("甲子"))).detail == "甲日己時 甲己相合"
    assert pt.wu_he_shi(ctx(plate, day=P("乙丑"))) is None
    for day in range(60):
        for hour in range(60):
            hit = pt.wu_he_shi(PatternContext(plate, day, hour, 0, 18, "上")) is not None
            assert hit == ({STEMS[day % 10], STEMS[hour % 10]} in ({"甲", "己"}, {"乙", "庚"}, {"丙", "辛"},
                                                                   {"丁", "壬"}, {"戊", "癸"}))


def test_wu_bu_yu_shi_song():
    """003: "其法以庚加午逆行，越過戌亥，為時之定局。次以日干甲從庚上逆數其下，即本日五不遇時也。" — the hour
    stems run on from 庚 with the day stems, the branches run back from 午 skipping 戌亥; every one is 時干剋日干
    and an hour of its own day (五鼠遁)."""
    branches = "午巳辰卯寅丑子酉申未"  # 午 backwards, 戌亥 passed over
    for i, day_stem in enumerate(STEMS):
        hour = STEMS[(6 + i) % 10] + branches[i]
        assert pt.WU_BU_YU[day_stem] == hour
        assert overcomes(STEM_PHASE[STEMS.index(hour[0])], STEM_PHASE[i])  # 時干剋日干
        assert wu_shu_dun(i, BRANCHES.index(hour[1])) == STEMS.index(hour[0])
    assert pt.WU_BU_YU == dict(zip(STEMS, "庚午 辛巳 壬辰 癸卯 甲寅 乙丑 丙子 丁酉 戊申 己未".split(), strict=True))
    plate = build_plate("陽", 1, P("庚午"))
    assert pt.wu_bu_yu_shi(ctx(plate, day=P("甲子"))).verdict == "凶"
    assert pt.wu_bu_yu_shi(ctx(plate, day=P("乙丑"))) is None
    hits = {(d % 10, h) for d in range(60) for h in range(60)
            if pt.wu_bu_yu_shi(PatternContext(plate, d, h, 0, 18, "上"))}
    assert len(hits) == 10


def test_shi_gan_ru_mu_and_san_qi_ru_mu():
    """003: "凡戊辰、壬辰、己未、癸未、辛丑五時，為時干入墓" and "乙未、丙戌、丁丑三日時，謂之日時干三奇入墓"."""
    mu = {CYCLE[p.hour] for p in ZHUAN if found(p, pt.shi_gan_ru_mu)}
    assert mu == {"戊辰", "壬辰", "己未", "癸未", "辛丑"}
    plate = build_plate("陽", 1, P("丙戌"))
    both = pt.ri_shi_gan_san_qi_ru_mu(ctx(plate, day=P("乙未")))
    assert [p.detail for p in both] == ["乙未日", "丙戌時"]
    plate = build_plate("陽", 1, P("丙子"))
    assert pt.ri_shi_gan_san_qi_ru_mu(ctx(plate, day=P("甲子"))) is None


# --- 天網 (003) ----------------------------------------------------------------------------


def test_tian_wang_shi_six_gui_hours_graded():
    """003: "天網時者，八門臨伏之時，即癸酉、癸未、癸巳、癸卯、癸丑、癸亥六時也。 … 視天上癸臨何宮：臨四宮為入墓，
    不宜出；臨一二三宮為低，臨六宮為觸冠，不宜出；臨七八九宮為高。" """
    grade = {4: "入墓", 1: "低", 2: "低", 3: "低", 6: "觸冠", 7: "高", 8: "高", 9: "高"}
    for plate in ZHUAN:
        hits = found(plate, pt.tian_wang_shi)
        assert bool(hits) == (plate.hour % 10 == 9)
        if hits:
            (hit,) = hits
            assert "癸" in plate.palaces[hit.palace].heaven_stems
            assert grade[hit.palace] in hit.detail and hit.verdict == "凶"
            assert all(plate.palaces[p].door == DOORS[p] for p in RING)  # 八門臨伏


#: 003: the way out of a 天網時 net.
TIAN_WANG_ESCAPE_TEXT = ("惟逃亡隱伏，出其方，人不能獲。然網有高低，出有俯仰，非可造次。凡急難避匿時，視天上癸臨何宮：臨四宮為入墓，"
                         "不宜出；臨一二三宮為低，臨六宮為觸冠，不宜出；臨七八九宮為高。高時以左手食指掩人中，仰面踽步而去；"
                         "低時以兩臂負刀，俯身匍匐而去，俱至六十步外，坦行無疑。")


def test_tian_wang_shi_way_out_in_the_texts_posture():
    """003: "出其方 … 高時以左手食指掩人中，仰面踽步而去；低時以兩臂負刀，俯身匍匐而去，俱至六十步外": under a 高
    net one goes out upright, under a 低 net crawling, by the palace of the heaven 癸, sixty 步; 入墓 and
    觸冠 "不宜出" give no way out; at 天網四張 there is none ("東西南北，皆無路可出")."""
    from qimen_cli.calendar.compass import PALACE_NAMES

    postures = dict(re.findall(r"(高|低)時([^；]+?)而去", TIAN_WANG_ESCAPE_TEXT))
    assert set(postures) == {"高", "低"}
    no_exit = {"一二三四五六七八九".index(d) + 1 for d in re.findall(r"臨(.)宮為[^，；]+，不宜出", TIAN_WANG_ESCAPE_TEXT)}
    assert no_exit == {4, 6}
    seen = set()
    for plate in ZHUAN + FEI:
        hits = found(plate, pt.tian_wang_shi)
        if not hits:
            continue
        (hit,) = hits
        grade = pt.TIAN_WANG_GRADE.get(hit.palace, "")
        words = hit.detail.split()
        if pt.is_si_zhang(plate):
            assert "無路可出" in hit.detail and "方" not in hit.detail
            continue
        if grade in postures:
            seen.add(grade)
            posture = postures[grade]
            # the detail keeps the text's own words of the posture: its last clause, and the hand or arms
            assert posture.split("，")[-1] + "而去" in hit.detail and posture.split("，")[0][-3:] in hit.detail
            assert f"出{PALACE_NAMES[hit.palace]}方" in words and "至六十步外" in words
        else:
            assert "方" not in hit.detail and "而去" not in hit.detail
            assert hit.palace in no_exit | {5}
    assert seen == {"高", "低"}


def test_tian_wang_si_zhang_only_yang9_yin1():
    """003: "凡癸亥時為天網四張，東西南北，皆無路可出，惟陽九局、陰一局有之。" """
    hits = {(p.dun, p.ju, CYCLE[p.hour]) for p in ZHUAN if found(p, pt.tian_wang_si_zhang)}
    assert hits == {("陽", 9, "癸亥"), ("陰", 1, "癸亥")}


# --- 三奇得使, 得使遇甲, 三奇游六儀, 玉女守門 (003) -------------------------------------------------

# 003: "且得使遇甲，惟丙辰、丁酉二時有之，陰陽二局僅各三見：陽一局八宮，三局一宮，五局三宮，陰六局八宮，四局六宮，
# 二局四宮，為丙奇得使遇甲；陽三局九宮，五局二宮，七局四宮，陰九局三宮，四局七宮，二局五宮，為丁奇得使遇甲。"
DE_SHI_YU_JIA = {("陽", 1, 8, "丙辰"), ("陽", 3, 1, "丙辰"), ("陽", 5, 3, "丙辰"), ("陰", 6, 8, "丙辰"),
                 ("陰", 4, 6, "丙辰"), ("陰", 2, 4, "丙辰"), ("陽", 3, 9, "丁酉"), ("陽", 5, 2, "丁酉"),
                 ("陽", 7, 4, "丁酉"), ("陰", 9, 3, "丁酉"), ("陰", 4, 7, "丁酉"), ("陰", 2, 5, "丁酉")}


def test_de_shi_yu_jia_twelve_cases():
    """得使遇甲 only at the twelve listed (局, 宮) cases, each at 丙辰 (丙奇) or 丁酉 (丁奇); the 宮 is the seat
    (陰二局 "五宮": 丁 in 5, drawn in the 寄宮 8)."""
    hits = set()
    for plate in ZHUAN:
        for pat in found(plate, pt.san_qi_de_shi):
            if pat.name == "得使遇甲":
                hits.add((plate.dun, plate.ju, plate.zhi_shi_seat, CYCLE[plate.hour]))
                assert pat.detail.startswith(CYCLE[plate.hour][0] + "奇")
    assert hits == DE_SHI_YU_JIA
    yin2 = [p for p in found(build_plate("陰", 2, P("丁酉")), pt.san_qi_de_shi) if p.name == "得使遇甲"]
    assert yin2[0].palace == 8 and "中五寄8" in yin2[0].detail


def test_san_qi_de_shi_rule():
    """003: "三奇得使者，謂得三吉門、直使加奇也。凡開、休、生加乙、丙。丁 … 更得吉門作直使為得使" """
    for plate in ZHUAN:
        hits = [p for p in found(plate, pt.san_qi_de_shi) if p.name == "三奇得使"]
        if not hits:
            continue
        (hit,) = hits
        assert plate.zhi_shi in ("開門", "休門", "生門") and plate.hour % 10
        seat_stem = dict((p, s) for s, p in plate.earth)[plate.zhi_shi_seat]
        assert seat_stem in "乙丙丁" and hit.detail.startswith(f"{plate.zhi_shi}加{seat_stem}")
        assert plate.palaces[hit.palace].door == plate.zhi_shi


# 003: "且三奇游六儀，惟陽一局、陰九局九見，陽一四七局、陰八六三局惟丙奇見，陽三六九局、陰七四一局，惟乙奇見。"
# (with 陽"一"四七 read 陽二四七, the mirror of 陰八六三: READING-qimen.md §4)
YOU_LIU_YI = {
    ("陽", "乙"): {1, 3, 6, 9}, ("陽", "丙"): {1, 2, 4, 7}, ("陽", "丁"): {1},
    ("陰", "乙"): {9, 7, 4, 1}, ("陰", "丙"): {9, 8, 6, 3}, ("陰", "丁"): {9},
}


def test_san_qi_you_liu_yi_counts():
    sightings = defaultdict(set)
    hours = set()
    for plate in ZHUAN:
        for _pat in found(plate, pt.san_qi_you_liu_yi):
            sightings[(plate.dun, CYCLE[plate.hour][0])].add(plate.ju)
            hours.add(CYCLE[plate.hour])
    assert dict(sightings) == YOU_LIU_YI
    # "九見": in each 遁, 3 (陽一局 / 陰九局, all three 奇) + 3 (丙 alone) + 3 (乙 alone) = 9 (局, 奇) sightings
    for dun, whole in (("陽", 1), ("陰", 9)):
        assert all(whole in sightings[(dun, q)] for q in "乙丙丁")
        assert sum(len(sightings[(dun, q)]) for q in "乙丙丁") == 9
    # "乙逢犬馬、丙鼠猴，六丁玉女騎龍虎": 乙 at 戌/午 hours, 丙 at 子/申, 丁 at 辰/寅 (the 旬 heads they meet)
    assert hours == {"乙亥", "乙未", "丙寅", "丙戌", "丁未", "丁巳"}
    # the printed list "陽一四七 … 惟丙奇見" fails at 二 and holds once read 陽二四七
    assert 2 in YOU_LIU_YI[("陽", "丙")] and 2 not in YOU_LIU_YI[("陽", "乙")]


def test_san_qi_you_liu_yi_worked_example():
    """003: "假如陽一局，乙奇在九宮、甲午辛在四宮居右，甲戌己在二宮居左。若乙亥時，甲戌直符來加乙於九宮，則乙遊於
    右儀之辛；若乙未時，甲午直符來加乙於九宮，則乙遊於左儀之己" """
    for hour, xun, detail in (("乙亥", "甲戌", "己加乙 乙遊辛"), ("乙未", "甲午", "辛加乙 乙遊己")):
        plate = build_plate("陽", 1, P(hour))
        (hit,) = found(plate, pt.san_qi_you_liu_yi)
        assert plate.xun_shou == xun and plate.zhi_fu_palace == 9 == hit.palace
        assert hit.detail == detail and hit.verdict == "吉"
    # "左右間一宮者亦是，如陽三局乙奇是也": 陽三局 乙 in 2 has 己 and 辛 two ring steps away
    plate = build_plate("陽", 3, P("乙亥"))
    assert plate.earth_palace("乙") == 2 and found(plate, pt.san_qi_you_liu_yi)


def test_yu_nu_shou_men_six_hours():
    """003: "甲子直符庚午時、甲戌直符己卯時、甲申直符戊子時、甲午直符丁酉時、甲辰直符丙午時、甲寅直符乙卯時，
    值此六時則直使遁於丁奇所在之宮" — in every 局, and only then."""
    six = {"庚午", "己卯", "戊子", "丁酉", "丙午", "乙卯"}
    by_ju = defaultdict(set)
    for plate in ZHUAN:
        for pat in found(plate, pt.yu_nu_shou_men):
            by_ju[(plate.dun, plate.ju)].add(CYCLE[plate.hour])
            assert plate.zhi_shi_seat == plate.earth_palace("丁") and pat.palace == plate.zhi_shi_palace
    assert len(by_ju) == 18 and all(h == six for h in by_ju.values())


# --- 迫, 奇墓, 奇制, 擊刑 (003) ------------------------------------------------------------------

PALACE_PHASE = {1: "水", 2: "土", 3: "木", 4: "木", 6: "金", 7: "金", 8: "土", 9: "火"}
DOOR_PHASE = {"休門": "水", "生門": "土", "傷門": "木", "杜門": "木", "景門": "火", "死門": "土", "驚門": "金", "開門": "金"}


def test_po_table_is_door_overcoming_palace():
    """003: "迫者，門制其宮也。開門臨三、四宮，休門臨九宮，生門臨一宮，景門臨六、七宮，傷、杜二門臨二、八宮，死門臨一宮，
    驚門臨三、四宮" — each listed palace is one whose phase the door overcomes, and all of them."""
    for door, palaces in pt.PO_PALACES.items():
        assert set(palaces) == {p for p, ph in PALACE_PHASE.items() if overcomes(DOOR_PHASE[door], ph)}
    for plate in ZHUAN[:120]:
        for pat in found(plate, pt.po_men):
            assert pat.palace in pt.PO_PALACES[plate.palaces[pat.palace].door]


def test_qi_mu_qi_zhi():
    """003: "奇墓者，乙奇臨二宮，丙奇、丁奇臨六宮也。" "奇制者，乙奇臨六、七宮，木制於金；丙丁奇臨一宮，火制於水也。" """
    for plate in ZHUAN:
        where = {s: p for p in range(1, 10) for s in plate.palaces[p].heaven_stems}
        mu = {(h.palace, h.detail[0]) for h in found(plate, pt.qi_mu)}
        zhi = {(h.palace, h.detail[0]) for h in found(plate, pt.qi_zhi)}
        if plate.hour % 10 == 0:  # 天輔時: 奇儀安位, no 奇 臨 anywhere (test_patterns_texts.py)
            assert not mu and not zhi
            continue
        assert mu == {(where[q], q) for q in "乙丙丁" if where[q] in {"乙": (2,), "丙": (6,), "丁": (6,)}[q]}
        assert zhi == {(where[q], q) for q in "乙丙丁" if where[q] in {"乙": (6, 7), "丙": (1,), "丁": (1,)}[q]}


def test_ji_xing_with_wu_in_three():
    """003: "甲子戊儀加三宮 … 為擊刑"; "且甲子直符臨震宮名擊刑" — every plate of 甲子旬 (not its 甲子 hour)
    whose 直符 is sent to 3 carries 擊刑 at 3; a heaven 戊 in 3 in another 旬 does not."""
    count = other = 0
    for plate in ZHUAN:
        wu_in_3 = "戊" in plate.palaces[3].heaven_stems
        hits = [h for h in found(plate, pt.ji_xing) if h.palace == 3 and h.detail.startswith("甲子戊儀")]
        direct = wu_in_3 and plate.xun_yi == "戊" and plate.hour % 10 != 0
        assert bool(hits) == direct
        if direct:
            assert plate.zhi_fu_palace == 3 and hits[0].detail.endswith("直符")
            count += 1
        other += wu_in_3 and plate.xun_yi != "戊"
    assert count and other
    for plate in ZHUAN[::13]:
        for h in found(plate, pt.ji_xing):
            yi = h.detail[2]
            assert yi == plate.xun_yi
            assert yi in plate.palaces[h.palace].heaven_stems and pt.JI_XING[yi] == h.palace


# --- 刑德開闔, 三甲 (003) ------------------------------------------------------------------------

K = {"冬至": 18, "立春": 21, "春分": 0, "立夏": 3, "夏至": 6, "立秋": 9, "秋分": 12, "立冬": 15}


def zai_men(group: str, yuan: str) -> Counter:
    """(德/刑, 旬) counts over the 60 hours of one 元 of the group's first 氣."""
    out = Counter()
    for hour in range(60):
        z = pt.xing_de_zai_men(hour, yuan, K[group])
        if z:
            out[(z, CYCLE[hour - hour % 10])] += 1
    return out


def test_xing_de_zai_men_five_and_five():
    """003: "冬至三氣卯為德、酉為刑，凡三元入局五百四十時中，五卯時德在門，五酉時刑在門" and likewise 立春 (辰/戌),
    春分 (午/子), 立夏 (未/丑); "夏至十二氣，直符同，刑德反是" — five 德 and five 刑 per 三元 of each 氣."""
    for group in K:
        total = Counter()
        for yuan in "上中下":
            for (z, _), n in zai_men(group, yuan).items():
                total[z] += n
        assert total == Counter({"德": 5, "刑": 5}), group
        # the 德 hours fall on the 德 branch, the 刑 hours on the 刑 branch
        de, xing = pt.DE_XING[group]
        for yuan in "上中下":
            for hour in range(60):
                z = pt.xing_de_zai_men(hour, yuan, K[group])
                assert z == "" or BRANCHES[hour % 12] == (de if z == "德" else xing)


def test_xing_de_xun_statements():
    """003: "惟季甲直符甲辰旬中，有刑而無德；甲戌旬中，有德而無刑。立春三氣元中 … 惟仲甲直符甲子旬中，無刑而有德；
    甲午旬中，無德而有刑 … 惟孟甲直符甲寅旬中，無刑而有德；甲申旬中，無德而有刑。夏至十二氣，直符同，刑德反是。" """
    def has(group, yuan, xun):
        c = zai_men(group, yuan)
        return {z for (z, x) in c if x == xun}

    assert has("冬至", "下", "甲辰") == {"刑"} and has("冬至", "下", "甲戌") == {"德"}
    assert has("冬至", "上", "甲子") == has("冬至", "上", "甲午") == {"德", "刑"}
    assert has("冬至", "中", "甲寅") == has("冬至", "中", "甲申") == {"德", "刑"}
    assert has("立春", "上", "甲子") == {"德"} and has("立春", "上", "甲午") == {"刑"}
    assert has("立春", "中", "甲寅") == has("立春", "下", "甲辰") == {"德", "刑"}
    for group in ("春分", "立夏"):  # "六氣十八元中 … 惟孟甲直符甲寅旬中，無刑而有德；甲申旬中，無德而有刑"
        assert has(group, "中", "甲寅") == {"德"} and has(group, "中", "甲申") == {"刑"}
        for yuan, xuns in (("上", ("甲子", "甲午")), ("下", ("甲辰", "甲戌"))):
            assert all(has(group, yuan, x) == {"德", "刑"} for x in xuns)
    # 夏至 … 立冬: the same 直符, 刑 and 德 exchanged
    swap = {"德": "刑", "刑": "德"}
    for yang, yin in (("冬至", "夏至"), ("立春", "立秋"), ("春分", "秋分"), ("立夏", "立冬")):
        for yuan in "上中下":
            assert zai_men(yin, yuan) == Counter({(swap[z], x): n for (z, x), n in zai_men(yang, yuan).items()})


def test_kai_he_states():
    """003: "凡德在門之時，陽星加之為盡開，陰星加之為半開；刑在門之時，陽星加之為半闔，陰星加之為盡闔。" and
    "蓬任沖輔禽之陽星，凡五陽星加時為開；英芮柱心謂之陰星，凡四陰星加時為闔。" """
    # 陽1局 冬至 上元 (仲甲: 甲子旬, 甲午旬): 丁卯 癸卯 德在門, 癸酉 丁酉 刑在門; 己卯 (甲戌旬), 己酉 (甲辰旬) neither
    cases = {"丁卯": "德", "癸卯": "德", "癸酉": "刑", "丁酉": "刑", "己卯": "", "己酉": ""}
    for hour, zai in cases.items():
        plate = build_plate("陽", 1, P(hour))
        pat = pt.xing_de_kai_he(ctx(plate, ju_term=18, yuan="上"))
        yang = plate.zhi_fu in ("天蓬", "天任", "天沖", "天輔", "天禽")
        expected = {("德", True): "盡開", ("德", False): "半開", ("刑", True): "半闔", ("刑", False): "盡闔",
                    ("", True): "開", ("", False): "闔"}[(zai, yang)]
        assert expected in pat.detail.split(), (hour, pat.detail)
        assert pat.verdict == {"德": "吉", "刑": "凶", "": ""}[zai] and pat.palace == plate.zhi_fu_palace
        sj = pt.san_jia(ctx(plate, ju_term=18, yuan="上"))
        assert (sj is not None) == (plate.xun_shou in ("甲子", "甲午"))
        if sj is not None:
            assert "仲甲" in sj.detail and (zai + "在門" in sj.detail if zai else "在門" not in sj.detail)


# --- 遊三避五 (003) ------------------------------------------------------------------------------


def test_you_san_bi_wu_sheng_ke_every_day():
    """003: "以十二支環列，日後三辰為生氣，日前五辰為死氣，謂逆三時干生日干，順五時干受日干之克也" — counting the day
    itself, the 干支 two back generates the day stem and the one four ahead is overcome by it, for all 60 days;
    "取符前三干為生氣，符後五干為死氣": with 符干 甲, 丙 (甲生) and 庚 (克甲)."""
    plate = build_plate("陽", 1, P("乙丑"))
    for day in range(60):
        pats = pt.you_san_bi_wu(ctx(plate, day=day))
        sheng, si = pats[0].detail, pats[1].detail
        back, ahead = CYCLE[(day - 2) % 60], CYCLE[(day + 4) % 60]
        assert sheng == f"日遊避 生氣{back[1]} 宜遊" and si == f"日遊避 死氣{ahead[1]} 宜避"
        assert generates(STEM_PHASE[STEMS.index(back[0])], STEM_PHASE[day % 10])
        assert overcomes(STEM_PHASE[day % 10], STEM_PHASE[STEMS.index(ahead[0])])
        assert pats[0].palace == pt.BRANCH_PALACE[back[1]] and pats[1].palace == pt.BRANCH_PALACE[ahead[1]]
    assert generates(STEM_PHASE[0], STEM_PHASE[2]) and overcomes(STEM_PHASE[6], STEM_PHASE[0])
    pats = pt.you_san_bi_wu(ctx(plate))
    assert (pats[2].palace, pats[3].palace) == (8, 3)  # 陽一局: 丙 8, 庚 3


# --- 000: 勃/格, 刑, 破, 奇格, 二吉四凶 ------------------------------------------------------------


def pairs_at(plate):
    """(palace, heaven, earth) of every X加Y with 甲 standing for the 旬首's 儀."""
    out = set()
    yi = plate.xun_yi
    for p in range(1, 10):
        for h in plate.palaces[p].heaven_stems:
            for e in plate.palaces[p].earth_stems:
                out.add((p, h, e))
                if h == yi and e != yi:
                    out.add((p, "甲", e))
                if e == yi and h != yi:
                    out.add((p, h, "甲"))
    return out


PAIRS = [  # (rule, name, heaven, earth, either way, 奇格 kind)
    (pt.bo_ge, "勃飛", "丙", "庚", False, ""), (pt.bo_ge, "勃伏", "庚", "丙", False, ""),
    (pt.bo_ge, "格飛", "庚", "甲", False, ""), (pt.bo_ge, "格伏", "甲", "庚", False, ""),
    (pt.zhu_niao_die_xue, "朱鳥跌穴", "甲", "丙", False, ""), (pt.fan_shou, "反首", "丙", "甲", False, ""),
    (pt.xing, "刑", "庚", "癸", False, ""), (pt.xing, "刑", "丙", "己", False, ""),
    (pt.po, "破", "庚", "丁", True, ""), (pt.po, "破", "丙", "壬", True, ""),
    (pt.qi_ge, "奇格", "庚", "丙", True, "賊格"), (pt.qi_ge, "奇格", "庚", "丁", True, "破格"),
    (pt.qi_ge, "奇格", "庚", "乙", True, "合格"),
    (pt.er_ji, "陰陽化氣", "丁", "甲", True, ""), (pt.er_ji, "龍鳳呈祥", "丁", "乙", True, ""),
    (pt.si_xiong, "二龍戰野", "甲", "乙", True, ""), (pt.si_xiong, "二虎爭雄", "庚", "辛", True, ""),
    (pt.si_xiong, "青龍困頓", "甲", "戊", True, ""), (pt.si_xiong, "白虎迍邅", "庚", "壬", True, ""),
]


def test_pair_patterns_exhaustive():
    """000: "丙加庚為勃飛 … 庚加丙為勃伏 … 庚加甲為格飛 … 甲加庚為格伏"; "庚加癸為刑，丙加己為刑"; "庚丁相加為破，
    丙壬相加為破"; "庚丙相加為賊格，庚丁相加為破格，庚乙相加為合格"; "丁甲相加，為陰陽化氣；丁乙相加，為龍鳳呈祥 …
    甲乙相加，為二龍戰野；庚辛相加，為二虎爭雄；甲戊相加，為青龍困頓；庚壬相加，為白虎迍邅" — each fires in exactly the
    palaces holding the pair (one way for 勃/格/刑, 003's 朱鳥跌穴 "甲加丙" and 反首 丙加甲, either way for the rest),
    and on no 六甲 plate (天輔時: "此六時符使未分、奇儀安位", nothing is 加)."""
    rules = {rule for rule, *_ in PAIRS}
    for plate in ZHUAN + FEI[::7]:
        have = pairs_at(plate) if plate.hour % 10 else set()
        expected = {(name, kind, p) for (_, name, a, b, either, kind) in PAIRS for (p, h, e) in have
                    if (h, e) == (a, b) or (either and (h, e) == (b, a))}
        got = {(pat.name, pat.detail.split()[-1] if pat.name == "奇格" else "", pat.palace)
               for rule in rules for pat in found(plate, rule)}
        assert got == expected, plate.key


def test_jia_is_the_xun_yi_and_skips_itself():
    """"甲" is the 旬首's 儀 (000: "還於正北甲子上居青龍"); a pair of the 儀 with itself is not 甲X."""
    # 陽1局 甲子時: all at home, 戊 (= 甲) over 戊 in 1 is not 青龍困頓
    plate = build_plate("陽", 1, P("甲子"))
    assert not [p for p in found(plate, pt.si_xiong) if p.name == "青龍困頓"]
    # 陽1局 戊午 (甲寅旬, 儀 癸 on 1 over 戊): 甲加戊 = 青龍困頓 at 1
    plate = build_plate("陽", 1, P("戊午"))
    assert [(p.palace, p.detail) for p in found(plate, pt.si_xiong) if p.name == "青龍困頓"] == [(1, "甲(癸)加戊")]


# --- 氣應 and 十干神名 (000) ---------------------------------------------------------------------


def test_qi_ying_stars_text_example():
    """000: "如水星旺於寅卯月、相於亥子月、休於四五月、囚於辰戌丑未月、廢於申酉月是也" (四五月 = 巳午)."""
    expect = {"寅": "旺", "卯": "旺", "亥": "相", "子": "相", "巳": "休", "午": "休", "辰": "囚", "戌": "囚",
              "丑": "囚", "未": "囚", "申": "廢", "酉": "廢"}
    for branch, state in expect.items():
        assert pt.star_state("天蓬", BRANCHES.index(branch)) == state
    # every star: 我生旺, 同相, 我克休, 克我囚, 生我廢
    for star, ph in pt.STAR_PHASE.items():
        for b in range(12):
            m = BRANCH_PHASE[b]
            state = pt.star_state(star, b)
            assert state == ("旺" if generates(ph, m) else "相" if ph == m else "休" if overcomes(ph, m)
                             else "囚" if overcomes(m, ph) else "廢")


def test_qi_ying_doors_text_example():
    """000: "如冬至三氣，以休門加旺，則生門絕，傷門胎，杜門沒，景門死，死門囚，驚門休，開門廢是也" """
    for k in (18, 19, 20):
        got = {d: pt.door_state(d, k) for d in DOORS.values()}
        assert got == {"休門": "旺", "生門": "絕", "傷門": "胎", "杜門": "沒", "景門": "死", "死門": "囚",
                       "驚門": "休", "開門": "廢"}
    assert pt.door_state("景門", 6) == "旺" and pt.door_state("生門", 21) == "旺"
    plate = build_plate("陽", 1, P("甲子"))
    pats = pt.qi_ying(ctx(plate, month=P("丙寅"), ju_term=18))
    assert len(pats) == 8 and pats[0] == Pattern("氣應", 1, "天蓬旺 休門旺", S000, "")


def test_shi_gan_shen_ming_example():
    """000: "如陽一局甲己之日甲子時出軍，戊在一宮、己在二宮、丁在七宮，即領兵從正北出天門，從西南入地戶，由正西過太陰，
    還於正北甲子上居青龍" """
    plate = build_plate("陽", 1, P("甲子"))
    names = {p.palace: p.detail for p in found(plate, pt.shi_gan_shen_ming)}
    assert names[1] == "戊 天武天門；甲 天輔青龍"
    assert names[2].startswith("己 地戶六合") and names[7] == "丁 太陰玉女"
    assert sum("天輔青龍" in d for d in names.values()) == 1


# --- properties ---------------------------------------------------------------------------


@given(st.sampled_from("陽陰"), st.integers(1, 9), st.integers(0, 59), st.integers(0, 59), st.integers(0, 59),
       st.integers(0, 23), st.sampled_from("上中下"), st.sampled_from(("zhuan", "fei")))
def test_find_patterns_properties(dun, ju, hour, day, month, k, yuan, layout):
    """Deterministic; per-palace rules cover the palaces; context-free rules do not depend on the context."""
    plate = build_plate(dun, ju, hour, layout)
    c = PatternContext(plate, day, hour, month, k, yuan)
    pats = find_patterns(c)
    assert pats == find_patterns(PatternContext(plate, day, hour, month, k, yuan))
    names = Counter(p.name for p in pats)
    assert names["十干神名"] == 9 and names["遊三避五"] == 4 and names["刑德開闔"] == 1
    assert names["氣應"] == (8 if layout == "zhuan" else 9)
    other = find_patterns(PatternContext(plate, (day + 1) % 60, hour, (month + 5) % 60, (k + 7) % 24, yuan))
    for fn in PATTERNS:
        if fn.scope == "plate":
            assert [p for p in pats if p.name in fn.names] == [p for p in other if p.name in fn.names]


def test_new_pattern_is_the_dataclass_made_faster():
    from dataclasses import FrozenInstanceError

    import pytest

    from qimen_cli.qimen.patterns.core import Pattern, new_pattern

    fast, slow = new_pattern("氣應", 2, "天芮囚 死門囚", "000.txt", ""), Pattern("氣應", 2, "天芮囚 死門囚", "000.txt", "")
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    with pytest.raises(FrozenInstanceError):
        fast.detail = "x"
