"""`qimen cast`: the chart as a user and a script see it."""

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qimen_cli.calendar.ganzhi import BRANCHES, ganzhi, kong_wang, xun_shou
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.qimen.chart import BRANCH_PALACE, cast_chart
from qimen_cli.render.cast_json import chart_json, chart_json_text

UTC = dt.timezone.utc


def test_calibration_chart_chaibu(run_cli):
    # READING-qimen.md §1: 2024-03-05 11:00 拆補: 驚蟄, 陽遁1局 上元, 符頭 甲子, 旬首 甲寅 (儀 癸),
    # 空亡 子丑, 直符 天心 @1, 直使 開門 @1.
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--method", "chaibu", "--json")
    assert r.exit_code == 0, r.stderr
    d = json.loads(r.stdout)
    assert (d["solar_term"]["name"], d["ju_term"], d["dun"], d["ju"], d["yuan"], d["fu_tou"]) == ("驚蟄", "驚蟄", "陽", 1, "上", "甲子")
    assert (d["xun_shou"], d["xun_yi"], d["kong_wang"]) == ("甲寅", "癸", ["子", "丑"])
    assert d["zhi_fu"] == {"star": "天心", "palace": 1} and d["zhi_shi"] == {"door": "開門", "palace": 1}
    assert "yuan_status" not in d


def test_json_contract_keys(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json")
    d = json.loads(r.stdout)
    for key in ("input", "instant_utc", "pillars", "solar_term", "ju_term", "dun", "ju", "yuan", "fu_tou",
                "yuan_status", "yuan_days", "xun_shou", "xun_yi", "kong_wang", "zhi_fu", "zhi_shi", "palaces",
                "patterns", "conventions"):
        assert key in d, key
    assert set(d["input"]) >= {"at", "tz", "clock", "method", "layout", "day_change"}
    assert d["input"]["method"] == "zhirun" and d["input"]["layout"] == "zhuan"
    assert sorted(d["palaces"]) == [str(i) for i in range(1, 10)]
    assert d["palaces"]["5"]["stars"] == [] and d["palaces"]["5"]["door"] is None and d["palaces"]["5"]["god"] is None
    assert all(set(p) >= {"name", "palace", "detail", "source"} for p in d["patterns"])
    assert all(p["source"].endswith(".txt") for p in d["patterns"])
    assert set(d["conventions"]) >= {"method", "layout", "lodge", "ba_shen", "day_change", "clock"}


def test_json_text_carries_the_engine_objects():
    """The hand-written JSON text says what the engine computed, field by field."""
    for at in ("2024-03-05T11:00", "2024-06-15T14:30", "1933-06-12T10:00", "2036-01-01T23:30"):
        for method in ("zhirun", "chaibu"):
            chart = cast_chart(resolve_moment(at, "Asia/Seoul"), method)
            d = json.loads(chart_json_text(chart))
            plate, ju = chart.plate, chart.ju
            for p in range(1, 10):
                cell = plate.palaces[p]
                assert d["palaces"][str(p)] == {
                    "earth_stems": list(cell.earth_stems), "heaven_stems": list(cell.heaven_stems),
                    "stars": list(cell.stars), "door": cell.door, "god": cell.god,
                }
            assert [(x["name"], x["palace"], x["detail"], x["source"], x["verdict"]) for x in d["patterns"]] == [
                (x.name, x.palace, x.detail, x.source, x.verdict) for x in chart.patterns
            ]
            assert (d["dun"], d["ju"], d["yuan"], d["fu_tou"], d["ju_term"]) == (ju.dun, ju.ju, ju.yuan, ju.fu_tou, ju.ju_term)
            assert d["pillars"] == chart.moment.pillars.names()
            assert d["input"]["tz"] == "Asia/Seoul" and d["input"]["method"] == method
            if method == "zhirun":
                assert (d["yuan_status"], d["yuan_days"]) == (ju.yuan_status, ju.yuan_days)
            assert chart_json(chart) == d


def test_grid_view_and_explain(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--explain")
    assert r.exit_code == 0, r.stderr
    for needle in ("陽遁1局", "天心", "開門", "坎1", "直符", "符頭", "中五寄坤"):
        assert needle in r.stdout, needle
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--lang", "en")
    assert "Zhi fu" in r.stdout and "天心" in r.stdout
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--lang", "ko")
    assert "직부" in r.stdout


def test_verdict_words_survive_without_colour(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "+08:00", env={"NO_COLOR": "1"})
    assert "[凶]" in r.stdout and "\x1b[" not in r.stdout


def test_fei_layout_is_labelled(run_cli):
    r = run_cli("cast", "--at", "2024-03-05T11:00", "--tz", "+08:00", "--layout", "fei", "--json")
    d = json.loads(r.stdout)
    assert d["input"]["layout"] == "fei" and d["conventions"]["school"] == "陶氏飛盤"


def test_where_keeps_only_matching_charts(run_cli):
    r = run_cli("cast", "--from", "2024-03-01T00:00", "--to", "2024-03-31T23:00", "--tz", "+08:00", "--where", "玉女守門", "--json")
    assert r.exit_code == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows and all(any(p["name"] == "玉女守門" for p in x["patterns"]) for x in rows)
    # 003: 玉女守門 only at 庚午 己卯 戊子 丁酉 丙午 乙卯 hours.
    assert {x["pillars"]["hour"] for x in rows} <= {"庚午", "己卯", "戊子", "丁酉", "丙午", "乙卯"}
    two = run_cli("cast", "--from", "2024-03-01T00:00", "--to", "2024-03-31T23:00", "--tz", "+08:00", "--where", "玉女守門", "--where", "天網時", "--json")
    assert two.stdout == ""


@pytest.mark.parametrize(
    "args, needle",
    [
        (("--method", "lin"), "lin"),
        (("--layout", "round"), "round"),
        (("--where", "玉女守門", "--json"), "--where"),
        (("--at", "not-a-date"), "not-a-date"),
        (("--at", "2024-01-01T00:00", "--tz", "Nowhere/City"), "Nowhere/City"),
        (("--at", "2250-01-01T00:00"), "outside the ephemeris span"),
        (("--at", "1799-07-25T00:00", "--tz", "UTC"), "1799-07-25T00:00:00Z is outside the ephemeris span"),
    ],
)
def test_bad_input(args, needle, run_cli):
    r = run_cli("cast", *args)
    assert r.exit_code == 2 and r.stdout == "" and needle in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_unknown_where_names_the_closest_valid_names(run_cli):
    r = run_cli("cast", "--from", "2024-03-01T00:00", "--to", "2024-03-02T00:00", "--where", "玉女守門口")
    assert r.exit_code == 2 and "玉女守門口" in r.stderr and "玉女守門" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "十干神名" not in r.stderr


# --- properties of whole charts (random instants, both methods, both 遁) -------------

RING_STARS = {"天蓬", "天芮", "天沖", "天輔", "天禽", "天心", "天柱", "天任", "天英"}
DOORS = {"休門", "生門", "傷門", "杜門", "景門", "死門", "驚門", "開門"}


@settings(max_examples=150, deadline=None)
@given(
    st.datetimes(min_value=dt.datetime(1801, 1, 1), max_value=dt.datetime(2199, 12, 1)),
    st.sampled_from(["zhirun", "chaibu"]),
)
def test_every_chart_has_each_star_door_and_stem_once(naive, method):
    chart = cast_chart(resolve_moment(naive.replace(tzinfo=UTC), "+08:00"), method)
    d = chart_json(chart)
    stars = [s for p in d["palaces"].values() for s in p["stars"]]
    doors = [p["door"] for p in d["palaces"].values() if p["door"]]
    assert sorted(stars) == sorted(RING_STARS)
    assert sorted(doors) == sorted(DOORS)
    # Earth stems: the nine 奇儀 once each, the centre's also listed in its 寄宮.
    earth = [s for k, p in d["palaces"].items() for s in p["earth_stems"]]
    assert sorted(set(earth)) == sorted("戊己庚辛壬癸丁丙乙") and len(earth) == 10
    # 旬首 and its 儀 agree with the hour; 空亡 is the hour's 旬空.
    hour = chart.moment.pillars.hour
    assert d["xun_shou"] == ganzhi(xun_shou(hour))
    assert d["kong_wang"] == [BRANCHES[b] for b in kong_wang(hour)]
    assert d["xun_yi"] == "戊己庚辛壬癸"[xun_shou(hour) // 10]
    # 直符 is the star of the 儀's home palace and sits on the palace drawn for it; 直使 likewise.
    assert d["zhi_fu"]["star"] in d["palaces"][str(d["zhi_fu"]["palace"])]["stars"]
    assert d["palaces"][str(d["zhi_shi"]["palace"])]["door"] == d["zhi_shi"]["door"]
    assert d["palaces"][str(d["zhi_fu"]["palace"])]["god"] == "值符"


def test_kong_wang_and_yi_ma_palaces():
    chart = cast_chart(resolve_moment("2024-03-05T11:00", "+08:00"))
    # 戊午 hour: 甲寅旬, 空亡 子丑 → palaces 1 and 8; 驛馬 of 午 (寅午戌) is 申 → palace 2.
    assert chart.kong_wang_palaces == (1, 8)
    assert BRANCHES[chart.yi_ma] == "申" and chart.yi_ma_palace == 2 == BRANCH_PALACE[8]


def test_parallel_stream_equals_serial_stream(run_process):
    """Long ranges go to worker processes; the JSON Lines must be the same, in the same order."""
    args = ("cast", "--from", "2024-05-01T00:00", "--to", "2024-05-20T23:00", "--tz", "+08:00", "--where", "五合時", "--json")
    serial = run_process(*args, env={"QIMEN_WORKERS": "1"})
    parallel = run_process(*args, env={"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "10"})
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    assert serial.stdout and serial.stdout == parallel.stdout


def test_parallel_stream_stops_at_a_bad_instant_like_the_serial_one(run_process):
    """A range running off the end of the ephemeris: refused before anything is printed (one
    line, exit 2); with --keep-going the same lines and the same errors, serial or parallel."""
    args = ("cast", "--from", "2201-04-01T00:00", "--to", "2201-04-09T00:00", "--tz", "UTC", "--json")
    for extra in ((), ("--keep-going",)):
        serial, parallel = (run_process(*args, *extra, env={"QIMEN_WORKERS": w, "QIMEN_PARALLEL_MIN": "2"})
                            for w in ("1", "2"))
        assert serial.returncode == parallel.returncode == 2
        assert serial.stdout == parallel.stdout
        assert serial.stderr == parallel.stderr and "outside the ephemeris span" in serial.stderr
        if extra:
            assert serial.stdout and len(serial.stderr.splitlines()) > 1
        else:
            assert serial.stdout == "" and len(serial.stderr.splitlines()) == 1


def test_palaces_text_of_every_plate_is_its_json():
    """The hand-written palaces text equals the generic JSON of the plate, for all 2,160 plates."""
    from qimen_cli.qimen.plates import build_plate
    from qimen_cli.render.cast_json import palaces_json, palaces_text

    for dun in "陽陰":
        for ju in range(1, 10):
            for hour in range(60):
                for layout in ("zhuan", "fei"):
                    plate = build_plate(dun, ju, hour, layout)
                    assert json.loads(palaces_text(plate)) == palaces_json(plate)
