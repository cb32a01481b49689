"""天將 on the 六壬 plate, 004's reading of the general on the 初傳, 空亡 on the 三傳, 晝/夜, and
the lesson of a resolved Moment (月將 by the 中氣 instant)."""

from __future__ import annotations

import pytest

from qimen_cli.calendar.ganzhi import BRANCHES, STEMS, cycle_index, kong_wang
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.gods.noble import GENERALS, generals_on_plate
from qimen_cli.liuren.daynight import by_hours
from qimen_cli.liuren.nobles import (
    DAY_NIGHT,
    DAY_NIGHT_ALMANAC,
    DAY_NIGHT_NOBLE,
    DAY_NIGHT_NOBLE_ALMANAC,
    DAY_NIGHT_TABLES,
    GOOD_LEADERS,
    lead,
    place,
)
from qimen_cli.liuren.plate import month_yue_jiang
from qimen_cli.liuren.report import cast, from_moment

B = BRANCHES.index


def test_najia_generals_are_those_of_noble():
    """The 納甲 rule places the generals exactly as `qimen noble` does (000, 地私門 passage)."""
    for stem in range(10):
        for yang in (True, False):
            for yj in range(12):
                r = cast(stem, 2, yj, yang=yang)
                expected = {BRANCHES[g.heaven_branch]: g.name for g in generals_on_plate(stem, yang, yj, 2)}
                assert r.generals == expected


def test_si_men_example():
    """甲日 陽, 亥將加寅 → 貴人 on heaven 未 over earth 戌; 太陰 over 申, 六合 over 丑, 太常 over 午
    (READING-gods-gucu-liuren.md 2.9, derived from 000's 私門 passage)."""
    r = cast(cycle_index("甲子"), B("寅"), month_yue_jiang(1), yang=True)
    assert (r.noble.branch, r.noble.earth, r.noble.direction) == ("未", "戌", "順")
    earth_of = {heaven: earth for earth, heaven in r.heaven_plate.items()}
    under = {general: earth_of[heaven] for heaven, general in r.generals.items()}
    assert (under["太陰"], under["六合"], under["太常"]) == ("申", "丑", "午")
    assert r.transmission_generals == tuple(r.generals[b] for b in r.transmissions)


def test_without_half_year_no_generals():
    """With --day/--hour and no half-year, the 納甲 rule has no input: generals are left out."""
    r = cast(0, 2, 11)
    assert r.noble is None and r.generals is None and r.lead is None


#: 晝貴/夜貴 of each day stem by 《大六壬心鏡》 ("壬癸立處於巳卯"; the 六壬 verse 甲戊庚牛羊，乙己鼠猴鄉，
#: 丙丁豬雞位，壬癸蛇兔藏，六辛逢馬虎) and by the almanac verse (…壬癸兔蛇藏…): the first animal by day.
XINJING = {"甲": "丑未", "乙": "子申", "丙": "亥酉", "丁": "亥酉", "戊": "丑未",
           "己": "子申", "庚": "丑未", "辛": "午寅", "壬": "巳卯", "癸": "巳卯"}
ALMANAC = {**XINJING, "壬": "卯巳", "癸": "卯巳"}


@pytest.mark.parametrize("rule, table", [(DAY_NIGHT, XINJING), (DAY_NIGHT_ALMANAC, ALMANAC)])
@pytest.mark.parametrize("stem", list(XINJING))
def test_day_night_all_ten_stems_by_day_and_by_night(rule, table, stem):
    """心鏡 (the default 晝夜 table): 壬癸立處於巳卯; almanac: 壬癸兔蛇藏 (standard, not from the texts)."""
    day_branch, night_branch = table[stem]
    for is_day, expected in ((True, day_branch), (False, night_branch)):
        hour = 6 if is_day else 0          # 午 by day, 子 by night (by the hour: 卯–申 day)
        r = cast(cycle_index(stem + ("子" if STEMS.index(stem) % 2 == 0 else "丑")), hour, 11, noble_rule=rule)
        assert r.daylight.day == ("晝" if is_day else "夜")
        assert r.noble.branch == expected and r.noble.basis == ("晝貴" if is_day else "夜貴")
        assert r.noble.table == DAY_NIGHT_TABLES[rule][1]


def test_day_night_tables():
    for table, names in ((DAY_NIGHT_NOBLE, XINJING), (DAY_NIGHT_NOBLE_ALMANAC, ALMANAC)):
        assert {stem: "".join(BRANCHES[b] for b in table[STEMS.index(stem)]) for stem in names} == names


def test_renzi_noon_default_day_night_is_si(capsys):
    """`qimen liuren --day 壬子 --hour 午 --yuejiang 亥 --noble-rule day-night`: 巳 by day (心鏡)."""
    import json

    from conftest import invoke

    base = ["liuren", "--day", "壬子", "--hour", "午", "--yuejiang", "亥", "--json", "--noble-rule"]
    xin = json.loads(invoke(*base + ["day-night"]).output)["noble"]
    alm = json.loads(invoke(*base + ["day-night-almanac"]).output)["noble"]
    assert (xin["branch"], xin["basis"], xin["table"]) == ("巳", "晝貴", DAY_NIGHT_TABLES[DAY_NIGHT][1])
    assert (alm["branch"], alm["table"]) == ("卯", DAY_NIGHT_TABLES[DAY_NIGHT_ALMANAC][1])
    najia = json.loads(invoke(*base[:-1] + ["--half", "yang"]).output)
    assert najia["noble"]["rule"] == "najia"


def test_day_night_direction_by_earth_position():
    """順 when 貴人 stands on earth 亥子丑寅卯辰, 逆 on 巳午未申酉戌; day by the hour 卯–申."""
    for yj in range(12):
        for hour in range(12):
            r = cast(cycle_index("甲子"), hour, yj, noble_rule=DAY_NIGHT)
            assert r.daylight.by == "hours" and r.daylight.day == ("晝" if 3 <= hour <= 8 else "夜")
            assert r.noble.branch == ("丑" if r.daylight.day == "晝" else "未")
            assert r.noble.direction == ("順" if r.noble.earth in "亥子丑寅卯辰" else "逆")
            step = 1 if r.noble.direction == "順" else -1
            at = {g: h for h, g in r.generals.items()}
            assert all(B(at[GENERALS[k]]) == (B(r.noble.branch) + step * k) % 12 for k in range(12))


def test_unknown_noble_rule():
    with pytest.raises(ValueError):
        place(0, 11, 2, "sideways", yang=True)


def test_lead_readings():
    """> 用起天一以將兵，大捷 … 用起六合以將兵，主得子女玉帛。用起青龍以將兵，大勝 … 用起天空以將兵，
    > 士卒死亡，為敵所欺詐。 (004)"""
    assert GOOD_LEADERS == {"貴人", "六合", "青龍"}
    assert lead("貴人").reading.startswith("大捷") and lead("貴人").verdict == "吉"
    assert lead("天空").reading == "士卒死亡，為敵所欺詐" and lead("天空").verdict == "凶"
    assert lead("太陰").verdict == "凶"                    # 士卒怯怖, although 004 calls 太陰 a 吉將
    r = cast(cycle_index("甲子"), B("寅"), 11, yang=True)
    assert r.lead.general == r.transmission_generals[0] == r.generals[r.transmissions[0]]


def test_kong_wang_marked_on_transmissions():
    """空亡 of the day's 旬 (甲子旬 戌亥) is marked on each 傳 that falls on it."""
    seen = 0
    for day in range(60):
        for yj in range(12):
            r = cast(day, 0, yj)
            void = {BRANCHES[b] for b in kong_wang(day)}
            assert set(r.kong_wang) == void
            assert r.transmission_kong == tuple(b in void for b in r.transmissions)
            seen += any(r.transmission_kong)
    assert seen > 0
    r = cast(cycle_index("甲子"), B("子"), B("子"))        # 甲子 伏吟: 寅 巳 申, none void
    assert r.kong_wang == ("戌", "亥") and r.transmission_kong == (False, False, False)


def test_daylight_by_hours():
    assert [by_hours(b).day for b in range(12)] == list("夜夜夜晝晝晝晝晝晝夜夜夜")


def test_from_moment_yue_jiang_by_zhong_qi_instant():
    """月將 changes at the 中氣 instant, not at its date: 春分 2024-03-20 03:06 UTC (11:06 at +08:00)
    turns 登明亥 into 河魁戌 within the same 午時."""
    before = from_moment(resolve_moment("2024-03-20T11:00", "+08:00"))
    after = from_moment(resolve_moment("2024-03-20T11:10", "+08:00"))
    assert (before.hour, after.hour) == ("午", "午") and before.day == after.day == "癸未"
    assert (before.yue_jiang, before.yue_jiang_name) == ("亥", "登明")
    assert (after.yue_jiang, after.yue_jiang_name) == ("戌", "河魁")
    assert before.noble.basis == "陽貴"
    summer = from_moment(resolve_moment("2024-07-01T12:00", "+08:00"))
    assert summer.noble.basis == "陰貴" and summer.noble.direction == "逆"
    override = from_moment(resolve_moment("2024-03-20T11:00", "+08:00"), yue_jiang=B("酉"))
    assert override.yue_jiang == "酉"


def test_day_night_by_the_sun():
    """晝/夜 by sunrise and sunset (skyfield's almanac) at Seoul: noon is day, midnight night,
    and 05:30 in a 卯時 of December is night although 卯 counts as day by the hours."""
    noon = from_moment(resolve_moment("2024-12-21T12:00", "+09:00"), noble_rule=DAY_NIGHT, lat=37.57, lon=126.98)
    assert noon.daylight.by == "sun" and noon.daylight.day == "晝"
    assert noon.daylight.last_change < noon.daylight.next_change
    dawn = from_moment(resolve_moment("2024-12-21T05:30", "+09:00"), noble_rule=DAY_NIGHT, lat=37.57, lon=126.98)
    assert dawn.daylight.day == "夜"
    assert from_moment(resolve_moment("2024-12-21T05:30", "+09:00"), noble_rule=DAY_NIGHT).daylight.day == "晝"
