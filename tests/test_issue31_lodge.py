"""Issue 31 items 1, 2, 5 and 6: `--lodge` (寄宮), `--method maoshan` (茅山), `chaibu --stats`.

Every variant is checked against values computed here, apart from the engine, from its source's
own rule as READING-extensions.md states it:

* 寄坤 always (§1.4): the 直使 counted from 5 in numeric order, the lodge applied only when the
  count ends on 5, the door 死門; 天禽 the 直符 when the 旬首's 儀 is in 5, sent to the hour
  stem's palace (5 → 坤2).  The same function with 000's lodge (陽 2, 陰 8; door 死/生) gives
  the default plate, so a test that would pass on either lodge fails.
* 《古今圖書集成·藝術典》卷711 陰遁七局 丁亥 "禽一死二" (§1.5) comes out under 寄坤, not 000's.
* 茅山 (§2.1): T0 the start of the 時辰 (odd hour, +08:00) in which the term began; 上元 below
  120 h, 中元 below 240 h, then 下元; 局 from the term's row of the standard table (written here).
* `chaibu --stats`: the engine's count (per 時辰, from the pillar fields alone) against a count
  made here through one Moment per 時辰 (`determine_ju`), the path `cast` takes.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

import qimen_cli
from conftest import invoke
from qimen_cli.calendar.ganzhi import CYCLE
from qimen_cli.calendar.resolve import resolve_moment

CST = dt.timezone(dt.timedelta(hours=8))
ORDER = "戊己庚辛壬癸丁丙乙"
STAR = {1: "天蓬", 2: "天芮", 3: "天沖", 4: "天輔", 5: "天禽", 6: "天心", 7: "天柱", 8: "天任", 9: "天英"}
DOOR = {1: "休門", 2: "死門", 3: "傷門", 4: "杜門", 6: "開門", 7: "驚門", 8: "生門", 9: "景門"}
#: 000's lodge (default) and 寄坤 always: 遁 → (lodge palace, the door the centre borrows).
LODGE_000 = {"陽": (2, "死門"), "陰": (8, "生門")}
LODGE_KUN = {"陽": (2, "死門"), "陰": (2, "死門")}


def by_rule(dun: str, ju: int, hour: str, lodge: dict) -> dict:
    """直符 and 直使 of a 轉盤 plate by READING-extensions.md §1.4, written out here."""
    sign = 1 if dun == "陽" else -1
    earth = {(ju - 1 + sign * i) % 9 + 1: s for i, s in enumerate(ORDER)}
    where = {s: p for p, s in earth.items()}
    h = CYCLE.index(hour)
    head = h - h % 10
    yi = ORDER[head // 10]                       # 甲子戊 甲戌己 甲申庚 甲午辛 甲辰壬 甲寅癸
    yi_palace = where[yi]
    lodge_palace, centre_door = lodge[dun]
    star = STAR[yi_palace]
    door = DOOR.get(yi_palace, centre_door)
    stem = hour[0]
    seat = yi_palace if stem == "甲" else where[stem]
    end = (yi_palace - 1 + sign * (h - head)) % 9 + 1   # counted from the 儀's palace itself, 5 included
    return {"star": star, "star_palace": lodge_palace if seat == 5 else seat,
            "door": door, "door_palace": lodge_palace if end == 5 else end}


def engine(dun: str, ju: int, hour: str, layout: str) -> dict:
    from qimen_cli.qimen.plates import build_plate

    p = build_plate(dun, ju, CYCLE.index(hour), layout)
    return {"star": p.zhi_fu, "star_palace": p.zhi_fu_palace, "door": p.zhi_shi, "door_palace": p.zhi_shi_palace}


def test_every_kun_plate_follows_the_rule():
    """All 1,080 plates of --lodge kun (`LODGE_PLATE["kun"]`) against the rule; and the default
    plates against the same rule under 000's lodge (the two rules differ on 陰遁 only)."""
    from qimen_cli.qimen.plates import LODGE_PLATE

    differ = 0
    for dun in "陽陰":
        for ju in range(1, 10):
            for hour in CYCLE:
                assert engine(dun, ju, hour, LODGE_PLATE["kun"]) == by_rule(dun, ju, hour, LODGE_KUN), (dun, ju, hour)
                assert engine(dun, ju, hour, "zhuan") == by_rule(dun, ju, hour, LODGE_000), (dun, ju, hour)
                differ += by_rule(dun, ju, hour, LODGE_KUN) != by_rule(dun, ju, hour, LODGE_000)
    assert differ > 0


def test_the_jicheng_row_comes_out_under_kun():
    """陰遁七局 丁亥: "禽一死二" — 天禽 the 直符 at 坎1, 死門 the 直使 at 坤2 under 寄坤; 000's 陰遁寄艮
    borrows 生門 (at 坤2 too, after three steps 5→4→3→2)."""
    assert engine("陰", 7, "丁亥", "kun") == {"star": "天禽", "star_palace": 1, "door": "死門", "door_palace": 2}
    assert engine("陰", 7, "丁亥", "zhuan") == {"star": "天禽", "star_palace": 1, "door": "生門", "door_palace": 2}
    d = json.loads(invoke("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--lodge", "kun", "--json").output)
    assert (d["dun"], d["ju"], d["pillars"]["hour"]) == ("陰", 7, "丁亥")
    assert d["zhi_fu"] == {"star": "天禽", "palace": 1} and d["zhi_shi"] == {"door": "死門", "palace": 2}
    assert d["palaces"]["2"]["earth_stems"] == ["癸", "庚"]          # the centre's 庚 lodged in 坤


#: READING-extensions.md §1.6 (by hand and peer-computed): instant, method, (lodge → 直符 palace,
#: 直使 door, 直使 palace).
WORKED = [
    ("2026-09-18T22:28", "zhirun", {"kun": (1, "死門", 2), "kungen": (1, "生門", 2)}),
    ("2026-01-01T01:00", "chaibu", {"kun": (1, "死門", 8), "kungen": (1, "死門", 8)}),
    ("2026-01-01T13:00", "chaibu", {"kun": (9, "死門", 2), "kungen": (9, "死門", 2)}),
    ("2026-06-22T07:00", "chaibu", {"kun": (2, "死門", 2), "kungen": (8, "生門", 8)}),
    ("2026-06-22T09:00", "chaibu", {"kun": (1, "死門", 4), "kungen": (1, "生門", 4)}),
]


@pytest.mark.parametrize(("at", "method", "expected"), WORKED)
@pytest.mark.parametrize("lodge", ["kun", "kungen"])
def test_worked_values(at, method, expected, lodge):
    d = qimen_cli.cast(at, tz="+08:00", method=method, lodge=lodge).to_dict()
    assert d["zhi_fu"]["star"] == "天禽"
    assert (d["zhi_fu"]["palace"], d["zhi_shi"]["door"], d["zhi_shi"]["palace"]) == expected[lodge]


def test_default_json_is_unchanged_and_kun_names_its_choice():
    """No --lodge: the JSON has no lodge key anywhere and its extensions are the layout's; with
    kun, `input.lodge`, the lodge conventions with their source, and an extension with its source."""
    from qimen_cli.qimen.plates import EXTENSIONS

    base = ("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--json")
    default = invoke(*base).output
    assert invoke(*base, "--lodge", "kungen").output == default
    d = json.loads(default)
    assert "lodge" not in d["input"] and "lodge_reading" not in d["conventions"]
    assert [e["name"] for e in d["extensions"]] == [n for n, _f, _d in EXTENSIONS["zhuan"]]
    k = json.loads(invoke(*base, "--lodge", "kun").output)
    assert k["input"]["lodge"] == "kun"
    c = k["conventions"]
    assert c["school"] == "古法轉盤" and c["lodge"].startswith("寄坤(2)") and "古今圖書集成" in c["lodge_reading"]
    assert c["centre_door"] == "死門" and "ends on 5" in c["centre_steps"] and "天芮" in c["qin"]
    ext = k["extensions"][-1]
    assert ext["name"] == "寄坤" and "古今圖書集成" in ext["source"] and ext["decision"] == "寄宮 and 天禽"


@pytest.mark.parametrize("args", [("--lodge", "bajie"), ("--lodge", "kun", "--layout", "fei")])
def test_refused_lodges_exit_2_with_one_line(args):
    r = invoke("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", *args)
    assert r.exit_code == 2 and r.stdout == ""
    line = r.stderr.strip()
    assert "\n" not in line and args[1] in line
    assert ("八節" in line) if args[1] == "bajie" else ("飛盤" in line)


@pytest.mark.parametrize("lang", ["zh", "ko", "en"])
def test_view_names_and_marks_the_lodge(lang):
    from qimen_cli.render.grid import EXTENSION_MARK
    from qimen_cli.render.labels import labeller

    r = invoke("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--lodge", "kun", "--lang", lang)
    assert r.exit_code == 0
    word = labeller("cast")("lodge_kun", lang)
    assert f"{word} {EXTENSION_MARK}" in r.output.replace("\n", " ").replace("│", " ").replace("  ", " ")


def test_find_takes_the_lodge():
    """甲申旬 of 陰七局 (庚 in 5): the 直使 is 死門 under 寄坤, 生門 under 000's 陰遁寄艮."""
    def hours(*extra):
        r = invoke("find", "--from", "2026-09-18T15:00", "--to", "2026-09-18T22:00", "--tz", "+08:00",
                   "--where", "cast:zhi_shi.door=死門", "--json", *extra)
        assert r.exit_code == 0, r.output
        return [len(json.loads(line)["shichen"]) for line in r.output.splitlines()]

    assert hours("--lodge", "kun") == [4] and hours() == []
    r = invoke("find", "--from", "2026-09-18", "--to", "2026-09-19", "--tz", "+08:00", "--where", "cast:玉女守門",
               "--lodge", "bajie")
    assert r.exit_code == 2 and "八節" in r.stderr


def test_the_tools_take_lodge_and_maoshan():
    from qimen_cli.mcp_server import tool_schema

    schemas = {name: tool_schema(name)["properties"] for name in ("cast", "find", "chaibu")}
    assert schemas["cast"]["lodge"]["enum"] == ["kungen", "kun", "bajie"]
    assert "maoshan" in schemas["cast"]["method"]["enum"] and "lodge" in schemas["find"]
    assert "maoshan" in schemas["chaibu"]["method"]["enum"] and "stats" in schemas["chaibu"]


# --- 茅山 ------------------------------------------------------------------------------------

#: The standard 局 table (上 中 下) for the terms the samples reach.
JU = {"立秋": (2, 5, 8), "處暑": (1, 4, 7), "白露": (9, 3, 6), "秋分": (7, 1, 4), "寒露": (6, 9, 3), "霜降": (5, 8, 2)}


def maoshan_by_rule(at: dt.datetime) -> tuple[str, str, int]:
    """(term, 元, 局) of 茅山 at `at` (+08:00), from the engine's term instants only."""
    from qimen_cli.calendar.context import get_context

    table = get_context(None).table_for(at.timestamp())
    start = at.replace(minute=0, second=0, microsecond=0)
    start -= dt.timedelta(hours=0 if start.hour % 2 else 1)   # the start of the 時辰 of `at`
    end = start + dt.timedelta(hours=2)
    term = table.terms[table.position(end.timestamp() - 1e-6)]  # in force from the start of its 時辰
    began = dt.datetime.fromtimestamp(term.ts, CST)
    t0 = began.replace(minute=0, second=0, microsecond=0) - dt.timedelta(hours=0 if began.hour % 2 else 1)
    h = (at - t0).total_seconds() / 3600
    y = 0 if h < 120 else 1 if h < 240 else 2
    return term.name, "上中下"[y], JU[term.name][y]


MAOSHAN_WORKED = [  # READING-extensions.md §2.2
    ("2026-09-18T22:28", "白露", "下", 6),
    ("2026-09-25T12:00", "秋分", "上", 7),
    ("2026-09-28T06:59", "秋分", "上", 7),
    ("2026-09-28T07:00", "秋分", "中", 1),
    ("2026-10-03T09:00", "秋分", "下", 4),
]


@pytest.mark.parametrize(("at", "term", "yuan", "ju"), MAOSHAN_WORKED)
def test_maoshan_worked_values(at, term, yuan, ju):
    d = qimen_cli.cast(at, tz="+08:00", method="maoshan").to_dict()
    assert (d["ju_term"], d["yuan"], d["dun"], d["ju"]) == (term, yuan, "陰", ju)
    assert maoshan_by_rule(dt.datetime.fromisoformat(at).replace(tzinfo=CST)) == (term, yuan, ju)


def test_maoshan_every_shichen_follows_the_rule():
    """Every 時辰 of 2026-08-20 … 2026-10-31 (five terms, their 元 boundaries and term changes)."""
    from qimen_cli.qimen.ju import determine_ju

    at = dt.datetime(2026, 8, 20, 1, tzinfo=CST)
    seen = set()
    while at < dt.datetime(2026, 10, 31, tzinfo=CST):
        for minute in (0, 119):
            t = at + dt.timedelta(minutes=minute)
            ju = determine_ju(resolve_moment(t.isoformat(), "+08:00"), "maoshan")
            assert (ju.ju_term, ju.yuan, ju.ju) == maoshan_by_rule(t), t
            seen.add((ju.ju_term, ju.yuan))
        at += dt.timedelta(hours=2)
    assert len(seen) == 15


def test_maoshan_json_names_the_extension_and_the_default_does_not():
    d = qimen_cli.cast("2026-09-18T22:28", tz="+08:00", method="maoshan").to_dict()
    assert d["input"]["method"] == "maoshan" and "60 時辰" in d["conventions"]["maoshan"]
    assert d["extensions"][-1]["name"] == "茅山" and "qimen-go" in d["extensions"][-1]["source"]
    assert d["fu_tou"] == "甲午"        # the day that owns the 下元's first 時辰 (2026-09-17 21:00 → 甲午)
    z = qimen_cli.cast("2026-09-18T22:28", tz="+08:00").to_dict()
    assert "maoshan" not in z["conventions"] and all(e["name"] != "茅山" for e in z["extensions"])


def test_maoshan_range_lines_equal_single_charts():
    r = invoke("cast", "--from", "2026-09-28T03:00", "--to", "2026-09-28T09:00", "--tz", "+08:00",
               "--method", "maoshan", "--json")
    lines = [json.loads(line) for line in r.output.splitlines()]
    assert [(d["yuan"], d["ju"]) for d in lines] == [("上", 7), ("上", 7), ("中", 1), ("中", 1)]
    one = qimen_cli.cast("2026-09-28T07:00:00+08:00", tz="+08:00", method="maoshan").to_dict()
    assert lines[2] == one


def test_maoshan_refuses_switch():
    r = invoke("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--method", "maoshan", "--switch", "instant")
    assert r.exit_code == 2 and "茅山" in r.stderr and r.stdout == ""


def test_chaibu_shows_maoshan_beside_the_two():
    """READING-extensions.md §2.2: three methods, three 局 at 2026-09-18 22:28 +08:00."""
    r = invoke("chaibu", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--method", "maoshan", "--json")
    d = json.loads(r.output)
    assert {k: (v["dun"], v["ju"]) for k, v in d["methods"].items()} == {
        "zhirun": ("陰", 7), "chaibu": ("陰", 9), "maoshan": ("陰", 6)}
    plain = json.loads(invoke("chaibu", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--json").output)
    assert list(plain["methods"]) == ["zhirun", "chaibu"]
    for lang in ("zh", "ko", "en"):
        view = invoke("chaibu", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--method", "maoshan", "--lang", lang)
        assert "陰遁6局" in view.output and "*" in view.output


# --- chaibu --stats ---------------------------------------------------------------------------


def test_stats_count_against_one_moment_per_shichen():
    """2026-09 … 2026-10 of the engine's count (`stats.span_stats`) against a count made here
    through a Moment per 時辰 (the path `cast` takes)."""
    from qimen_cli.calendar.context import get_context
    from qimen_cli.calendar.shichen import Clock
    from qimen_cli.qimen.ju import determine_ju
    from qimen_cli.qimen.stats import PAIRS, span_stats

    context = get_context(None)
    clk = Clock(CST, None, "mean", context)
    lo, hi = dt.datetime(2026, 9, 1, tzinfo=CST), dt.datetime(2026, 11, 1, tzinfo=CST)
    got = span_stats(context, clk, lo.timestamp(), hi.timestamp(), 23)
    n, differ = 0, [0, 0, 0]
    at = lo + dt.timedelta(hours=1)                     # the first 時辰 starting in the span (01:00)
    while at < hi:
        m = resolve_moment(at.isoformat(), "+08:00")
        ju = {name: (j.dun, j.ju) for name in ("zhirun", "chaibu", "maoshan") for j in [determine_ju(m, name)]}
        n += 1
        for k, (a, b) in enumerate(PAIRS):
            differ[k] += ju[a] != ju[b]
        at += dt.timedelta(hours=2)
    assert (got.shichen, list(got.differ)) == (n, differ)
    assert all(d > 0 for d in differ)


def test_stats_json_lines():
    r = invoke("chaibu", "--stats", "--from", "2025", "--to", "2026", "--tz", "+08:00", "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [(d["kind"], d.get("year")) for d in rows] == [("year", 2025), ("year", 2026), ("total", None)]
    assert rows[0]["shichen"] == 4380 and rows[2]["shichen"] == 8760
    for key in ("zhirun_chaibu", "zhirun_maoshan", "chaibu_maoshan"):
        assert rows[2]["differ"][key] == rows[0]["differ"][key] + rows[1]["differ"][key]
        assert rows[0]["share"][key] == round(rows[0]["differ"][key] / 4380, 6)
    assert rows[2]["extensions"] == ["maoshan"] and (rows[2]["from"], rows[2]["to"]) == (2025, 2026)
    view = invoke("chaibu", "--stats", "--year", "2026", "--tz", "+08:00", "--lang", "en")
    assert view.exit_code == 0 and "4380" in view.output


@pytest.mark.parametrize("args", [("--stats",), ("--stats", "--from", "2026", "--to", "2025"),
                                  ("--stats", "--year", "2026", "--terms", "mean"),
                                  ("--stats", "--year", "2026", "--method", "maoshan")])
def test_stats_refusals(args):
    r = invoke("chaibu", "--tz", "+08:00", *args)
    assert r.exit_code == 2 and r.stdout == "" and "\n" not in r.stderr.strip()


@pytest.mark.slow
def test_stats_2000_2029_published_figure():
    """The peer's 41.6 % (拆補 vs 置閏, 12,960 sampled instants 2000–2029) is its whole-plate
    figure; its 局 figure is 40.4 %.  Ours, every 時辰 at +08:00: 40,198 of 131,496 (30.6 %);
    docs/decisions.md "The method-divergence atlas" says why they differ."""
    r = invoke("chaibu", "--stats", "--from", "2000", "--to", "2029", "--tz", "+08:00", "--json")
    total = json.loads(r.output.splitlines()[-1])
    assert total["shichen"] == 131496 and total["differ"]["zhirun_chaibu"] == 40198


# --- 天禽 drawn apart (--qin apart) -----------------------------------------------------------


@pytest.mark.parametrize("lodge", ["kungen", "kun"])
def test_qin_apart_moves_only_the_star(lodge):
    """--qin apart: 天禽 alone in 中五 and off the palace of the star it rides; every other key of
    the chart (直符, heaven stems, patterns) is the lodged chart's; conventions and extensions say so."""
    with_ = qimen_cli.cast("2026-09-18T22:28", tz="+08:00", lodge=lodge).to_dict()
    apart = qimen_cli.cast("2026-09-18T22:28", tz="+08:00", lodge=lodge, qin="apart").to_dict()
    rides = [p for p, c in with_["palaces"].items() if "天禽" in c["stars"]]
    assert rides == [str(with_["zhi_fu"]["palace"])] == ["1"]      # 天禽 the 直符, sent to 丁's palace 坎1 …
    companion = "天芮" if lodge == "kun" else "天任"                 # … with 天芮 under 寄坤, 天任 under 陰遁寄艮
    assert with_["palaces"]["1"]["stars"] == [companion, "天禽"]
    assert apart["palaces"]["5"]["stars"] == ["天禽"] and with_["palaces"]["5"]["stars"] == []
    assert apart["palaces"][rides[0]]["stars"] == [s for s in with_["palaces"][rides[0]]["stars"] if s != "天禽"]
    for key in ("zhi_fu", "zhi_shi", "patterns", "ju", "dun"):
        assert apart[key] == with_[key]
    for p in "12346789":
        assert apart["palaces"][p]["heaven_stems"] == with_["palaces"][p]["heaven_stems"]
    assert apart["input"]["qin"] == "apart" and "中五" in apart["conventions"]["qin"]
    assert apart["extensions"][-1]["name"] == "天禽居中" and "qin" not in with_["input"]


def test_qin_with_is_the_default_and_fei_refuses_apart():
    base = ("cast", "--at", "2026-09-18T22:28", "--tz", "+08:00", "--json")
    assert invoke(*base, "--qin", "with").output == invoke(*base).output
    r = invoke(*base, "--qin", "apart", "--layout", "fei")
    assert r.exit_code == 2 and r.stdout == "" and "飛盤" in r.stderr


def test_find_takes_maoshan():
    """白露 2026 began 09-07 22:41 (+08:00): T0 21:00, so 茅山's 下元 (陰六) begins 240 h later, at 09-17
    21:00, mid-day; `find` screens each day's first and last 時辰 and finds the boundary."""
    r = invoke("find", "--from", "2026-09-16", "--to", "2026-09-19", "--tz", "+08:00", "--where", "cast:ju=6",
               "--method", "maoshan", "--json")
    windows = [json.loads(line) for line in r.output.splitlines()]
    assert [(w["start"], w["end"]) for w in windows] == [("2026-09-17T21:00:00+08:00", "2026-09-20T01:00:00+08:00")]
