"""The 奇門 plates: 轉盤 exhaustively over all 1,080 (遁, 局, 時), and 陶氏飛盤 by 003's own words.

Sources: 003_fd1aa30e5b7f2d13.txt (直符直使, 陶氏), 000_4b5dcee18d5e7425.txt (貪合受制, 十干神名);
the conventions of CONVENTIONS.md "奇門 chart" and READING-qimen.md §3.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import BRANCHES, CYCLE, STEMS, cycle_index, kong_wang, xun_shou
from qimen_cli.qimen.plates import (
    CENTRE_DOOR,
    DOORS,
    EARTH_ORDER,
    GODS,
    GRID,
    LODGE,
    LODGE_STAR,
    PALACE_NAMES,
    RING,
    STARS,
    Palace,
    Plate,
    build_plate,
    earth_plate,
)

ZHUAN = [build_plate(d, j, h) for d in "陽陰" for j in range(1, 10) for h in range(60)]
FEI = [build_plate(d, j, h, "fei") for d in "陽陰" for j in range(1, 10) for h in range(60)]
OPPOSITE = {p: 10 - p for p in range(1, 10)}


def P(name: str) -> int:
    return cycle_index(name)


# --- tables -----------------------------------------------------------------------------


def test_tables():
    assert [STARS[p] for p in range(1, 10)] == ["天蓬", "天芮", "天沖", "天輔", "天禽", "天心", "天柱", "天任", "天英"]
    assert [DOORS.get(p) for p in range(1, 10)] == ["休門", "死門", "傷門", "杜門", None, "開門", "驚門", "生門", "景門"]
    assert CENTRE_DOOR == {"陽": "死門", "陰": "生門"}
    assert GODS == ("值符", "螣蛇", "太陰", "六合", "白虎", "玄武", "九地", "九天")
    assert "".join(PALACE_NAMES[p] for p in range(1, 10)) == "坎坤震巽中乾兌艮離"
    assert RING == (1, 8, 3, 4, 9, 2, 7, 6)
    assert GRID == ((4, 9, 2), (3, 5, 7), (8, 1, 6))
    # the 洛書: every line of the grid sums to 15
    assert all(sum(row) == 15 for row in GRID) and all(sum(col) == 15 for col in zip(*GRID, strict=True))
    # the ring is the grid's border read clockwise from the bottom middle (north, south up)
    border = [GRID[2][1], GRID[2][0], GRID[1][0], GRID[0][0], GRID[0][1], GRID[0][2], GRID[1][2], GRID[2][2]]
    assert tuple(border) == RING


# --- earth plate and 寄宮 (000, 貪合受制) ---------------------------------------------------


def test_earth_plate_yang_yin():
    # "其法陽遁一局，一宮起甲子戊，二宮起甲戌己 … 七宮起丁奇，八宮起丙奇，九宮起乙奇" (003)
    assert earth_plate("陽", 1) == dict(zip(range(1, 10), EARTH_ORDER, strict=True))
    assert earth_plate("陰", 9) == dict(zip(range(9, 0, -1), EARTH_ORDER, strict=True))
    for dun in "陽陰":
        for ju in range(1, 10):
            earth = earth_plate(dun, ju)
            assert earth[ju] == "戊" and sorted(earth) == list(range(1, 10))
            assert sorted(earth.values()) == sorted(EARTH_ORDER)


def test_tan_he_shou_zhi_geometry():
    """000: "陽局甲子起三宮，則乙庚合於西南，而丁即窺於南，丙即伺於北 … 陰局甲子起七宮，則乙庚合於東北，
    而丁即窺於北，丙即伺於南。" — 庚 in 5 lodges with 乙 in the 寄宮."""
    for dun, ju, lodge, ding, bing in (("陽", 3, 2, 9, 1), ("陰", 7, 8, 1, 9)):
        plate = build_plate(dun, ju, 0)
        assert plate.earth_palace("庚") == 5 and plate.lodge == lodge == LODGE[dun]
        assert plate.palaces[lodge].earth_stems == ("乙", "庚")  # 乙庚合 in the 寄宮
        assert plate.earth_palace("丁") == ding and plate.earth_palace("丙") == bing


# --- exhaustive invariants of the 轉盤 -----------------------------------------------------


@pytest.mark.parametrize("dun,ju", [(d, j) for d in "陽陰" for j in range(1, 10)])
def test_zhuan_plate_invariants(dun: str, ju: int):
    for hour in range(60):
        check_zhuan_plate(build_plate(dun, ju, hour))


def check_zhuan_plate(plate: Plate):
    dun, lodge = plate.dun, LODGE[plate.dun]
    earth = earth_plate(dun, plate.ju)
    pal = plate.palaces
    assert pal[0] is None and len(pal) == 10 and all(isinstance(pal[p], Palace) for p in range(1, 10))
    # palace 5 keeps its earth stem and has nothing else
    assert pal[5] == Palace((earth[5],), (), (), None, None)
    # earth lists: the 寄宮 lists its own stem then the centre's
    for p in RING:
        assert pal[p].earth_stems == ((earth[p], earth[5]) if p == lodge else (earth[p],))
    # every star exactly once, 天禽 right after the 寄 star
    stars = [s for p in RING for s in pal[p].stars]
    assert Counter(stars) == Counter(STARS.values())
    carrier = next(p for p in RING if STARS[5] in pal[p].stars)
    assert pal[carrier].stars == (LODGE_STAR[dun], "天禽")
    assert all(len(pal[p].stars) == 1 for p in RING if p != carrier)
    # every door exactly once, every god exactly once (none in 5)
    assert Counter(pal[p].door for p in RING) == Counter(DOORS.values())
    assert Counter(pal[p].god for p in RING) == Counter(GODS)
    # every heaven stem exactly once; each star carries its home stem(s)
    assert Counter(s for p in RING for s in pal[p].heaven_stems) == Counter(EARTH_ORDER)
    home_of = {name: p for p, name in STARS.items()}
    for p in RING:
        home = home_of[pal[p].stars[0]]
        assert pal[p].heaven_stems == ((earth[home], earth[5]) if home == lodge else (earth[home],))
    # 直符 / 直使 agree with the 旬
    head = xun_shou(plate.hour)
    assert plate.xun_shou == CYCLE[head] and plate.xun_yi == "戊己庚辛壬癸"[head // 10]
    yi_palace = plate.earth_palace(plate.xun_yi)
    assert plate.zhi_fu == STARS[yi_palace]
    assert plate.zhi_shi == (DOORS[yi_palace] if yi_palace != 5 else CENTRE_DOOR[dun])
    assert plate.zhi_fu in pal[plate.zhi_fu_palace].stars
    assert pal[plate.zhi_shi_palace].door == plate.zhi_shi
    assert pal[plate.zhi_fu_palace].god == "值符"
    # 直符常以加時干: the 旬首's 儀 stands on the hour stem's earth palace (a 甲 hour: on itself)
    assert plate.xun_yi in pal[plate.zhi_fu_palace].heaven_stems
    hour_stem = STEMS[plate.hour % 10]
    target = plate.xun_yi if hour_stem == "甲" else hour_stem
    assert plate.zhi_fu_seat == plate.earth_palace(target)
    assert target in pal[plate.zhi_fu_palace].earth_stems
    # 直使逆順時支去: steps through 1…9 (centre included) by the hour's place in the 旬
    n = plate.hour - head
    sign = 1 if dun == "陽" else -1
    assert plate.zhi_shi_seat == (yi_palace - 1 + sign * n) % 9 + 1
    for seat, drawn in ((plate.zhi_fu_seat, plate.zhi_fu_palace), (plate.zhi_shi_seat, plate.zhi_shi_palace)):
        assert drawn == (lodge if seat == 5 else seat)
    # 八神 clockwise (陽) / anticlockwise (陰) from the 直符's palace
    start = RING.index(plate.zhi_fu_palace)
    order = [pal[RING[(start + sign * i) % 8]].god for i in range(8)]
    assert tuple(order) == GODS
    assert plate.layout == "zhuan" and plate.school == "古法轉盤" and plate.steps


def test_six_jia_hours_everything_at_home():
    """003: "六甲之時，符使各安其位，定而能靜，謂之遁甲" — on a 甲 hour every star and door is at home."""
    for plate in ZHUAN:
        if plate.hour % 10:
            continue
        assert plate.star_turn == plate.door_turn == 0
        for p in RING:
            assert plate.palaces[p].stars[0] == STARS[p] and plate.palaces[p].door == DOORS[p]
            assert plate.palaces[p].heaven_stems == plate.palaces[p].earth_stems


def test_zhi_fu_zhi_shi_from_home_palace():
    """003: "故凡甲在之宮，即以直宮之星為符，以直宮之門為使也。" — 甲子 in 陽一局 is 坎: 天蓬, 休門."""
    plate = build_plate("陽", 1, P("甲子"))
    assert (plate.zhi_fu, plate.zhi_fu_palace, plate.zhi_shi, plate.zhi_shi_palace) == ("天蓬", 1, "休門", 1)


def test_calibration_chart_2024_03_05():
    """READING §1: 2024-03-05 11:00 拆補 → 陽遁1局, hour 戊午: 旬首 甲寅 (儀 癸), 空亡 子丑, 直符 天心 @1,
    直使 開門 @1."""
    hour = P("戊午")
    plate = build_plate("陽", 1, hour)
    assert (plate.xun_shou, plate.xun_yi) == ("甲寅", "癸")
    assert [BRANCHES[b] for b in kong_wang(hour)] == ["子", "丑"]
    assert (plate.zhi_fu, plate.zhi_fu_palace) == ("天心", 1)
    assert (plate.zhi_shi, plate.zhi_shi_palace) == ("開門", 1)
    assert plate.palaces[1].heaven_stems == ("癸",) and plate.palaces[1].earth_stems == ("戊",)
    walk = next(s for s in plate.steps if s.key == "shi_walk")
    assert (walk.value("door"), walk.value("n"), walk.value("from_palace"), walk.value("forwards"),
            walk.value("path")) == ("開門", 4, 6, True, (6, 7, 8, 9, 1))


def test_centre_rule_yi_in_five():
    """CONVENTIONS: a 旬首 in palace 5 gives 直符 天禽 and 直使 死門 (陽) / 生門 (陰); 天禽 rides 天芮/天任."""
    # 陽1局 甲辰旬: 壬 in 5
    plate = build_plate("陽", 1, P("乙巳"))
    assert (plate.zhi_fu, plate.zhi_shi) == ("天禽", "死門")
    assert plate.palaces[plate.zhi_fu_palace].stars == ("天芮", "天禽")
    assert plate.zhi_fu_seat == 9 and plate.zhi_fu_palace == 9  # 乙 in 9
    centre = next(s for s in plate.steps if s.key == "xun_centre")
    assert (centre.value("yi"), centre.value("rides"), centre.value("door")) == ("壬", "天芮", "死門")
    plate = build_plate("陰", 9, P("乙巳"))  # 陰9局: 壬 in 5 too
    assert (plate.zhi_fu, plate.zhi_shi) == ("天禽", "生門")
    assert plate.palaces[plate.zhi_fu_palace].stars == ("天任", "天禽")


def test_tian_yi_chi_heng_in_jia_yin_xun():
    """003: "戊午、己未、庚申、辛酉、壬戌五時，直使同臨，為天乙持衡時" — in 甲寅旬 the 直使 is walked onto the
    very seat the 直符 is sent to, in every 局."""
    for plate in ZHUAN:
        if CYCLE[plate.hour] in ("戊午", "己未", "庚申", "辛酉", "壬戌"):
            assert plate.zhi_fu_seat == plate.zhi_shi_seat


def test_jia_yin_ji_men_zhi_shi_six_ju():
    """003: "而陽一二三五局，陰二四六局，皆吉門直使；此六局丙辰時，又為丙奇得使" — 甲寅旬's 直使 is a 吉門
    of its own palace (開休生) in 陽一三五 and 陰二四六: six 局 as "此六局" says, and the six of the 丙辰 得使遇甲
    list.  The printed 陽"二" does not hold (驚門); 陰一局's 生門 is the one 中五 borrows (癸 in 5), which,
    as for 得使, does not count."""
    ji = {(p.dun, p.ju) for p in ZHUAN if p.hour == P("甲寅") and p.zhi_shi in ("開門", "休門", "生門")}
    assert ji == {("陽", 1), ("陽", 3), ("陽", 5), ("陰", 1), ("陰", 2), ("陰", 4), ("陰", 6)}
    assert build_plate("陽", 2, P("甲寅")).zhi_shi == "驚門"
    assert build_plate("陰", 1, P("甲寅")).earth_palace("癸") == 5


def test_cached_and_validated():
    assert build_plate("陽", 4, 17) is build_plate("陽", 4, 17)
    for bad in (("中", 1, 0, "zhuan"), ("陽", 0, 0, "zhuan"), ("陽", 10, 0, "zhuan"), ("陽", 1, 60, "zhuan"),
                ("陽", 1, -1, "zhuan"), ("陽", 1, 0, "flying")):
        with pytest.raises(ValueError):
            build_plate(*bad)


@given(st.integers(1, 9), st.integers(0, 59))
def test_yin_is_yang_turned_half_round(ju: int, hour: int):
    """陰 (10−局) is 陽 局 turned 180° (p → 10−p): stems and seats land opposite, stars opposite-for-opposite."""
    yang, yin = build_plate("陽", ju, hour), build_plate("陰", 10 - ju, hour)
    assert yin.zhi_fu_seat == OPPOSITE[yang.zhi_fu_seat] and yin.zhi_shi_seat == OPPOSITE[yang.zhi_shi_seat]
    home = {name: p for p, name in STARS.items()}
    for p in range(1, 10):
        assert yin.palaces[OPPOSITE[p]].heaven_stems == yang.palaces[p].heaven_stems
        assert [OPPOSITE[home[s]] for s in yin.palaces[OPPOSITE[p]].stars] == [home[s] for s in yang.palaces[p].stars]
    assert yin.star_turn == yang.star_turn and yin.door_turn == yang.door_turn


@given(st.sampled_from("陽陰"), st.integers(1, 9), st.integers(0, 59))
def test_turns_are_rigid(dun: str, ju: int, hour: int):
    """The eight ring stars and the eight doors turn rigidly: each ring step moves every one by the same step."""
    plate = build_plate(dun, ju, hour)
    for i, p in enumerate(RING):
        assert plate.palaces[p].stars[0] == STARS[RING[(i - plate.star_turn) % 8]]
        assert plate.palaces[p].door == DOORS[RING[(i - plate.door_turn) % 8]]


# --- 陶氏飛盤 -------------------------------------------------------------------------------

# 003: "若甲子時用事，以直符天蓬、直使休門同加於坎一宮，天盤地盤相同。凡甲己日之戊辰時、乙庚日之己卯時、
# 丙辛日之庚寅時、丁壬日之辛丑時、戊癸日之壬子時、癸亥時，此六時各歸各宮，故同甲子時者，共為一局第一圖"
FIGURE_1 = ("甲子", "戊辰", "己卯", "庚寅", "辛丑", "壬子", "癸亥")
# 003: "凡甲己之乙丑甲戌時、乙庚日之戊寅時、丙辛日之己丑時、丁壬日之庚子、辛亥時、戊癸日之壬戌時，七時六甲，
# 各加其干，故同乙丑時者，共為一局第二圖"
FIGURE_2 = ("乙丑", "甲戌", "戊寅", "己丑", "庚子", "辛亥", "壬戌")


def heaven(plate: Plate) -> tuple[str, ...]:
    return tuple(plate.palaces[p].heaven_stems[0] for p in range(1, 10))


def test_fei_first_figure():
    plate = build_plate("陽", 1, P("甲子"), "fei")
    assert plate.school == "陶氏飛盤" and plate.lodge is None
    assert heaven(plate) == tuple(EARTH_ORDER)  # 天盤地盤相同
    assert (plate.zhi_fu, plate.zhi_fu_palace, plate.zhi_shi, plate.zhi_shi_palace) == ("天蓬", 1, "休門", 1)
    for name in FIGURE_1:
        assert heaven(build_plate("陽", 1, P(name), "fei")) == tuple(EARTH_ORDER), name


def test_fei_second_figure():
    """003: "如用乙丑時，本局地盤不動，以天盤甲子戊加乙於九宮，再加甲戌己於一宮、甲申庚於二宮、甲午辛於三宮、
    甲辰壬於四宮、甲寅癸於五宮，加丁奇於六宮、加丙奇於七宮、加乙奇於八宮，以蓬休符使加於離九宮。" """
    plate = build_plate("陽", 1, P("乙丑"), "fei")
    assert heaven(plate) == tuple("己庚辛壬癸丁丙乙戊")
    assert tuple(plate.palaces[p].earth_stems[0] for p in range(1, 10)) == tuple(EARTH_ORDER)  # 地盤不動
    assert (plate.zhi_fu, plate.zhi_fu_palace, plate.zhi_shi, plate.zhi_shi_palace) == ("天蓬", 9, "休門", 9)
    for name in FIGURE_2:
        assert heaven(build_plate("陽", 1, P(name), "fei")) == heaven(plate), name
    others = {CYCLE[h] for h in range(60) if heaven(build_plate("陽", 1, h, "fei")) == heaven(plate)}
    assert others == set(FIGURE_2)


def test_fei_162_figures():
    """003: "如此陰陽各立九局，每局各位九圖，共為一百六十二圖。" """
    figures = {(p.dun, p.ju, heaven(p)) for p in FEI}
    assert len(figures) == 162
    for dun in "陽陰":
        for ju in range(1, 10):
            assert len({f for f in figures if f[:2] == (dun, ju)}) == 9


def test_fei_invariants():
    """"陶氏定圖，五還中宮" (000); "使九星可入中宮，禽芮亦不併混" (003): nine stars, one a palace, no 寄宮."""
    for plate in FEI:
        check_fei_plate(plate)


def check_fei_plate(plate: Plate):
    earth = earth_plate(plate.dun, plate.ju)
    assert all(plate.palaces[p].earth_stems == (earth[p],) for p in range(1, 10))
    assert Counter(s for p in range(1, 10) for s in plate.palaces[p].stars) == Counter(STARS.values())
    assert all(len(plate.palaces[p].stars) == 1 for p in range(1, 10))
    assert Counter(heaven(plate)) == Counter(EARTH_ORDER)
    # each star flies with its home stem
    home = {name: p for p, name in STARS.items()}
    for p in range(1, 10):
        assert plate.palaces[p].heaven_stems == (earth[home[plate.palaces[p].stars[0]]],)
    # 符使同加: both to the hour stem's earth palace (甲 as 甲子戊)
    hour_stem = STEMS[plate.hour % 10]
    target = plate.earth_palace("戊" if hour_stem == "甲" else hour_stem)
    assert plate.zhi_fu_palace == plate.zhi_shi_palace == target
    assert plate.palaces[target].stars == (plate.zhi_fu,) and plate.palaces[target].door == plate.zhi_shi
    assert plate.xun_yi in plate.palaces[target].heaven_stems
    assert all(plate.palaces[p].god is None for p in range(1, 10))
