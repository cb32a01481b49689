"""Issue 31 items 3 and 6: `cast --scope year|month|day` (年家, 月家, 日家 奇門, beyond the texts).

Every scope is checked against values computed here, apart from the engine, from its source's own
rule as READING-extensions.md §3 states it:

* 年家 (§3.1): 陰遁 only; (Y − 1864) mod 180 in 60-year 元, 上 陰一 中 陰四 下 陰七; Y the year whose
  立春 began the year pillar.
* 月家 reading A (§3.2): the year's place in the 甲子 in five-year blocks, 上 中 下 in turn, 上 陰一
  中 陰四 下 陰七; reading B (qimen-go: the year's own branch) would differ on 2029 and 2025.
* 日家 reading Q (§3.3): the terms from 冬至 in groups of four, 陽一 陽七 陽四 陰一 陰七 陰四.
* The plate (§3): 地盤 of the 局, 旬首 of the scope's pillar, 值符 to the pillar stem's palace,
  直使 stepped from the 旬首's palace to the pillar's place in its 旬, 寄坤 (the peers').

The hand-worked rows of §3 are checked as written too, and the default output stays the hour's.
"""

from __future__ import annotations

import json

import pytest

import qimen_cli
from conftest import invoke
from qimen_cli.calendar.ganzhi import CYCLE
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.qimen.chart import cast_chart

ORDER = "戊己庚辛壬癸丁丙乙"
STAR = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}
DOOR = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}
TERMS_FROM_DONGZHI = ("冬至 小寒 大寒 立春 雨水 驚蟄 春分 清明 穀雨 立夏 小滿 芒種 "
                      "夏至 小暑 大暑 立秋 處暑 白露 秋分 寒露 霜降 立冬 小雪 大雪").split()


def nian_rule(year: int) -> tuple[str, int, str]:
    """§3.1, written out: 1864 上, 1924 中, 1984 下, 60 years each, 180 in all."""
    yuan = "上中下"[((year - 1864) % 180) // 60]
    return "陰", {"上": 1, "中": 4, "下": 7}[yuan], yuan


def yue_rule(year_ganzhi: str) -> tuple[str, int, str]:
    """§3.2 reading A: 甲子–戊辰 上, 己巳–癸酉 中, 甲戌–戊寅 下, 己卯–癸未 上, …"""
    yuan = "上中下"[(CYCLE.index(year_ganzhi) // 5) % 3]
    return "陰", {"上": 1, "中": 4, "下": 7}[yuan], yuan


def ri_rule(term: str) -> tuple[str, int, str]:
    """§3.3 reading Q: six groups of four terms from 冬至."""
    return (("陽", 1, "上"), ("陽", 7, "中"), ("陽", 4, "下"),
            ("陰", 1, "上"), ("陰", 7, "中"), ("陰", 4, "下"))[TERMS_FROM_DONGZHI.index(term) // 4]


def plate_rule(dun: str, ju: int, pillar: str) -> dict:
    """The 轉盤's 直符 and 直使 on `pillar` with 寄坤 (the centre door 死門, lodge 坤2)."""
    sign = 1 if dun == "陽" else -1
    earth = {(ju - 1 + sign * i) % 9 + 1: s for i, s in enumerate(ORDER)}
    where = {s: p for p, s in earth.items()}
    h = CYCLE.index(pillar)
    head = h - h % 10
    yi_palace = where[ORDER[head // 10]]
    seat = yi_palace if pillar[0] == "甲" else where[pillar[0]]
    end = (yi_palace - 1 + sign * (h - head)) % 9 + 1
    return {"star": STAR[yi_palace], "star_palace": 2 if seat == 5 else seat,
            "door": DOOR.get(yi_palace, "死門"), "door_palace": 2 if end == 5 else end}


def chart(at: str, scope: str):
    return cast_chart(resolve_moment(at, "+08:00"), scope=scope)


def seen(c) -> dict:
    p = c.plate
    return {"star": p.zhi_fu, "star_palace": p.zhi_fu_palace, "door": p.zhi_shi, "door_palace": p.zhi_shi_palace}


# --- 年家 ----------------------------------------------------------------------------------

#: Mid-year instants (after 立春) of years across every 元 and both 180-year cycles' seams.
YEARS = (1800, 1863, 1864, 1900, 1923, 1924, 1950, 1983, 1984, 2024, 2025, 2026, 2043, 2044, 2100, 2103, 2104, 2180)


@pytest.mark.parametrize("year", YEARS)
def test_nian_jia_against_its_rule(year):
    c = chart(f"{year}-06-01T12:00", "year")
    pillar = c.moment.pillars.names()["year"]
    assert pillar == CYCLE[(year - 4) % 60]
    assert (c.ju.dun, c.ju.ju, c.ju.yuan) == nian_rule(year)
    assert seen(c) == plate_rule(c.ju.dun, c.ju.ju, pillar)


def test_nian_jia_year_turns_at_lichun():
    """Before 立春 the year pillar and the 元 are the year before's: 2044-01-20 is still 癸亥 2043 (下元
    陰七), 2044-03-01 is 甲子 2044 (上元 陰一)."""
    before, after = chart("2044-01-20T12:00", "year"), chart("2044-03-01T12:00", "year")
    assert before.moment.pillars.names()["year"] == "癸亥" and (before.ju.ju, before.ju.yuan) == (7, "下")
    assert after.moment.pillars.names()["year"] == "甲子" and (after.ju.ju, after.ju.yuan) == (1, "上")


#: READING-extensions.md §3.1's worked rows, as written: (instant, year pillar, 局, 值符 at, 直使 at).
NIAN_WORKED = (
    ("2024-06-01T12:00", "甲辰", 7, ("天沖", 3), ("傷門", 3)),
    ("2025-06-01T12:00", "乙巳", 7, ("天沖", 8), ("傷門", 2)),
    ("2026-06-01T12:00", "丙午", 7, ("天沖", 9), ("傷門", 1)),
    ("1950-06-01T12:00", "庚寅", 4, None, None),
)


@pytest.mark.parametrize("at,pillar,ju,fu,shi", NIAN_WORKED)
def test_nian_jia_worked_values(at, pillar, ju, fu, shi):
    c = chart(at, "year")
    assert c.moment.pillars.names()["year"] == pillar and (c.ju.dun, c.ju.ju) == ("陰", ju)
    if fu:
        assert (c.plate.zhi_fu, c.plate.zhi_fu_palace) == fu
        assert (c.plate.zhi_shi, c.plate.zhi_shi_palace) == shi


# --- 月家 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("year", range(2020, 2032))
@pytest.mark.parametrize("month", (3, 8, 12))
def test_yue_jia_reading_a_against_its_rule(year, month):
    c = chart(f"{year}-{month:02d}-15T12:00", "month")
    names = c.moment.pillars.names()
    assert (c.ju.dun, c.ju.ju, c.ju.yuan) == yue_rule(names["year"])
    assert seen(c) == plate_rule(c.ju.dun, c.ju.ju, names["month"])
    assert c.plate.hour == CYCLE.index(names["month"])


#: §3.2's worked rows (reading A): (instant, month pillar or None, 局, 元, 值符, 直使).
YUE_WORKED = (
    ("2024-03-10T12:00", "丁卯", 7, "下", ("天柱", 1), ("驚門", 4)),
    ("2026-09-18T12:00", "丁酉", 7, "下", ("天輔", 1), ("杜門", 1)),
    ("2029-06-01T12:00", None, 1, "上", None, None),   # reading B: 酉 → 陰七
    ("2025-06-01T12:00", None, 7, "下", None, None),   # reading B: 巳 → 陰一
)


@pytest.mark.parametrize("at,month,ju,yuan,fu,shi", YUE_WORKED)
def test_yue_jia_worked_values(at, month, ju, yuan, fu, shi):
    c = chart(at, "month")
    assert (c.ju.dun, c.ju.ju, c.ju.yuan) == ("陰", ju, yuan)
    if month:
        assert c.moment.pillars.names()["month"] == month
        assert (c.plate.zhi_fu, c.plate.zhi_fu_palace) == fu
        assert (c.plate.zhi_shi, c.plate.zhi_shi_palace) == shi


# --- 日家 ----------------------------------------------------------------------------------


def test_ri_jia_reading_q_against_its_rule_every_term():
    """One instant inside every term of 2026: the group of its term, the plate of its day."""
    table = resolve_moment("2026-06-01T12:00", "+08:00").table
    checked = set()
    for term in table.terms:
        if not 1767225600 <= term.ts < 1798761600:  # 2026 UTC
            continue
        c = cast_chart(resolve_moment(_iso(term.ts + 3 * 86400), "+08:00"), scope="day")
        assert c.ju.ju_term == term.name
        assert (c.ju.dun, c.ju.ju, c.ju.yuan) == ri_rule(term.name)
        assert seen(c) == plate_rule(c.ju.dun, c.ju.ju, c.moment.pillars.names()["day"])
        checked.add(term.name)
    assert len(checked) == 24


def _iso(ts: float) -> str:
    import datetime as dt

    return dt.datetime.fromtimestamp(ts, dt.timezone(dt.timedelta(hours=8))).strftime("%Y-%m-%dT%H:%M")


#: §3.3's worked rows (reading Q): (instant, term, day pillar or None, 遁, 局, 元, 值符, 直使).
RI_WORKED = (
    ("2026-09-18T12:00", "白露", "乙未", "陰", 7, "中", ("天輔", 8), ("杜門", 3)),
    ("2026-01-01T12:00", "冬至", "乙亥", "陽", 1, "上", ("天芮", 9), ("死門", 3)),
    ("2024-06-21T12:00", "夏至", None, "陰", 1, "上", None, None),
    ("2025-03-25T12:00", "春分", None, "陽", 7, "中", None, None),
)


@pytest.mark.parametrize("at,term,day,dun,ju,yuan,fu,shi", RI_WORKED)
def test_ri_jia_worked_values(at, term, day, dun, ju, yuan, fu, shi):
    c = chart(at, "day")
    assert c.ju.ju_term == term and (c.ju.dun, c.ju.ju, c.ju.yuan) == (dun, ju, yuan)
    if day:
        assert c.moment.pillars.names()["day"] == day
        assert (c.plate.zhi_fu, c.plate.zhi_fu_palace) == fu
        assert (c.plate.zhi_shi, c.plate.zhi_shi_palace) == shi


# --- 寄坤, patterns, 空亡 --------------------------------------------------------------------


def test_scope_lodges_in_kun_where_000_would_lodge_in_gen():
    """A 陰遁 plate whose pillar stem sits in 5: 寄坤 sends the 值符 to 坤2 (000's 陰遁寄艮 would give 8).
    年家 陰七 1984–2043: 庚 is in 5 (戊7 己6 庚5), so a 庚 year: 2030 庚戌."""
    c = chart("2030-06-01T12:00", "year")
    assert c.moment.pillars.names()["year"] == "庚戌" and c.plate.zhi_fu_seat == 5
    assert c.plate.zhi_fu_palace == 2 and c.plate.lodge == 2 and c.lodge == "kun"


def test_scope_shows_only_plate_patterns_not_hours():
    from qimen_cli.qimen.patterns import REGISTRY
    from qimen_cli.qimen.scope import HOUR_ONLY_RULES, scope_pattern_names

    shown = set(scope_pattern_names())
    assert not shown & HOUR_ONLY_RULES
    assert not shown & {n for r in REGISTRY if not r.plate_only for n in r.names}
    assert {"伏吟", "反吟", "玉女守門", "三奇得使", "勃飛", "十干神名"} <= shown
    # a 六甲 year (2024 甲辰) would be 天輔時 on an hour chart; the 年家 chart shows no hour pattern
    c = chart("2024-06-01T12:00", "year")
    assert not {p.name for p in c.patterns} - shown
    hour = cast_chart(resolve_moment("2024-06-01T12:00", "+08:00"))
    assert {p.name for p in hour.patterns} - shown  # the hour chart does show some


def test_scope_kong_wang_is_the_pillars():
    c = chart("2026-09-18T12:00", "day")   # 乙未: 甲午旬, 空 辰巳
    assert "".join("子丑寅卯辰巳午未申酉戌亥"[b] for b in c.kong_wang) == "辰巳"


# --- output --------------------------------------------------------------------------------


def test_json_names_the_scope_reading_and_source():
    out = json.loads(invoke(*["cast", "--at", "2026-09-18T12:00", "--tz", "+08:00", "--scope", "day", "--json"]).output)
    assert out["input"]["scope"] == "day" and "lodge" not in out["input"]
    assert out["conventions"]["scope"].startswith("day: 日家 reading Q")
    assert out["conventions"]["lodge"].startswith("寄坤")
    names = [e["name"] for e in out["extensions"]]
    assert "日家奇門" in names and "寄坤" in names
    entry = next(e for e in out["extensions"] if e["name"] == "日家奇門")
    assert "qimen-go" in entry["source"]
    assert (out["dun"], out["ju"], out["yuan"], out["ju_term"]) == ("陰", 7, "中", "白露")
    assert "yuan_status" not in out


@pytest.mark.parametrize("lang,word", [("zh", "月家奇門"), ("ko", "월가기문"), ("en", "yuejia")])
def test_view_header_names_the_scope(lang, word):
    out = invoke(*["cast", "--at", "2024-03-10T12:00", "--tz", "+08:00", "--scope", "month", "--lang", lang]).output
    assert word in out and "統宗" in out.replace("통종", "統宗")


def test_default_is_the_hour_chart_unchanged():
    base = ["cast", "--at", "2026-09-18T12:00", "--tz", "+08:00", "--json"]
    assert invoke(*base).output == invoke(*base, *["--scope", "hour"]).output
    assert '"scope"' not in invoke(*base).output


@pytest.mark.parametrize("extra,fragment", [
    (["--method", "chaibu"], "not by --method chaibu"),
    (["--layout", "fei"], "not --layout fei"),
    (["--school", "lin"], "--school lin"),
    (["--lodge", "bajie"], "--lodge bajie is not offered"),
    (["--annotate", "all"], "--annotate reads the hour chart"),
])
def test_refused_combinations(extra, fragment):
    r = invoke(*["cast", "--at", "2026-09-18T12:00", "--tz", "+08:00", "--scope", "year", *extra])
    assert r.exit_code == 2 and r.stdout == "" and fragment in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_refused_hour_pattern_in_where_and_find():
    r = invoke(*["cast", "--from", "2026-09-01", "--to", "2026-09-03", "--tz", "+08:00", "--scope", "day",
                "--where", "天輔時"])
    assert r.exit_code == 2 and "天輔時" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = invoke(*["find", "--from", "2026-09-01", "--to", "2026-09-03", "--tz", "+08:00", "--scope", "day",
                "--where", "cast:五不遇時"])
    assert r.exit_code == 2 and "cast:五不遇時" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = invoke(*["find", "--from", "2026-09-01", "--to", "2026-09-03", "--tz", "+08:00", "--scope", "year",
                 "--where", "cast:palace(chang_sheng=帝旺)"])
    assert r.exit_code == 2 and "chang_sheng" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_find_reads_the_scope_chart():
    """find --scope day: the 日家 chart of each 時辰 (one day, one plate): every 時辰 of a matching day."""
    r = invoke(*["find", "--from", "2026-09-18", "--to", "2026-09-18", "--tz", "+08:00", "--scope", "day",
                "--where", "cast:palace(door=杜門, palace=3)", "--json"])
    assert r.exit_code == 0, r.stderr
    windows = [json.loads(line) for line in r.output.splitlines()]
    assert {w["day"] for w in windows} == {"乙未"}
    assert sum(w["count"] for w in windows) == 11  # 00:00 … 22:59 of the date (23:00 is 丙申's 子時)
    r = invoke(*["find", "--from", "2026-09-18", "--to", "2026-09-18", "--tz", "+08:00",
                "--where", "cast:palace(door=杜門, palace=3)", "--json"])
    hour_count = sum(json.loads(line)["count"] for line in r.output.splitlines())
    assert hour_count < 11  # the hour chart's doors move through the day


def test_api_and_range_take_the_scope():
    c = qimen_cli.cast("2024-03-10T12:00", tz="+08:00", scope="month").value
    assert c.scope == "month" and (c.plate.zhi_shi, c.plate.zhi_shi_palace) == ("驚門", 4)
    lines = invoke(*["cast", "--from", "2024-03-10T10:00", "--to", "2024-03-10T14:00", "--tz", "+08:00", "--scope",
                    "month", "--json"]).output.splitlines()
    assert lines and all(json.loads(x)["zhi_shi"] == {"door": "驚門", "palace": 4} for x in lines)
