"""`qimen find`: windows equal a brute-force filter of the subcommands' own JSON Lines."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache

import pytest

from conftest import invoke

TZ = "+08:00"
# Two months, on the 時辰 starts of a fixed +08:00 clock (odd hours); 驚蟄 2024-03-05 and
# 清明 2024-04-04 fall inside.
FROM, TO = "2024-02-20T01:00", "2024-04-19T23:00"




@cache
def lines(art: str, *options: str) -> tuple[dict, ...]:
    """The subcommand's own JSON Lines over the range, every 2 hours (the 時辰 starts)."""
    result = invoke(art, "--from", FROM, "--to", TO, "--every", "2h", "--tz", TZ, "--json", *options)
    assert result.exit_code == 0, result.output
    return tuple(json.loads(line) for line in result.output.splitlines())


def brute(keep) -> list[tuple[str, str, int]]:
    """Windows (start, end, count) of the 時辰 for which keep(i) holds, i indexing the range."""
    starts = [dt.datetime.fromisoformat(d["input"]["local"]) for d in lines("pillars")]
    out: list[list] = []
    for i, start in enumerate(starts):
        if not keep(i):
            continue
        end = start + dt.timedelta(hours=2)
        if out and out[-1][1] == start:
            out[-1][1] = end
            out[-1][2] += 1
        else:
            out.append([start, end, 1])
    return [(s.isoformat(), e.isoformat(), n) for s, e, n in out]


def found(*where: str, options: tuple[str, ...] = (), tz: str = TZ, span=(FROM, TO)) -> list[tuple[str, str, int]]:
    args = ["find", "--from", span[0], "--to", span[1], "--tz", tz, "--json", *options]
    for w in where:
        args += ["--where", w]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    return [(r["start"], r["end"], r["count"]) for r in rows]


def has(art: str, name: str, *options: str):
    data = lines(art, *options)
    return lambda i: any(p["name"] == name for p in data[i]["patterns"])


def test_cast_pattern_plate_index():
    expected = brute(has("cast", "三奇得使"))
    assert expected and found("cast:三奇得使") == expected


def test_cast_pattern_chaibu_fei():
    options = ("--method", "chaibu", "--layout", "fei")
    for name in ("天輔時", "三奇得使"):
        expected = brute(has("cast", name, *options))
        assert expected and found(f"cast:{name}", options=options) == expected


def test_cast_context_pattern():
    expected = brute(has("cast", "五不遇時"))
    assert expected and found("cast:五不遇時") == expected


def test_cast_path():
    cast = lines("cast")
    expected = brute(lambda i: cast[i]["zhi_shi"]["door"] == "開門")
    assert expected and found("cast:zhi_shi.door=開門") == expected


def test_negation_of_path_and_of_plate_pattern():
    cast = lines("cast")
    expected = brute(lambda i: cast[i]["zhi_shi"]["door"] != "開門")
    assert found("!cast:zhi_shi.door=開門") == expected
    plate = has("cast", "三奇得使")
    assert found("!cast:三奇得使") == brute(lambda i: not plate(i))


def test_twelve_gods_path():
    gods = lines("twelve-gods")
    expected = brute(lambda i: gods[i]["directions"]["he_ge"] == "合")
    assert expected and found("twelve-gods:directions.he_ge=合") == expected
    assert found("twelve-gods:合") == expected


def test_liuren_rule_with_cast_pattern():
    liuren = lines("liuren")
    plate = has("cast", "三奇得使")
    expected = brute(lambda i: liuren[i]["rule"] == "賊剋" and plate(i))
    assert expected and found("liuren:rule=賊剋", "cast:三奇得使") == expected


def test_pillars_path_joins_across_midnight():
    pillars = lines("pillars")
    expected = brute(lambda i: pillars[i]["pillars"]["day"] == "甲子")
    assert found("pillars:pillars.day=甲子") == expected
    # one window per 甲子 day, 23:00 the evening before to 23:00, twelve 時辰
    assert [(s[11:16], e[11:16], n) for s, e, n in expected] == [("23:00", "23:00", 12)] * len(expected)


def test_window_joins_across_a_term_change():
    pillars = lines("pillars")
    expected = brute(lambda i: pillars[i]["pillars"]["day"] != "甲子")
    got = found("!pillars:pillars.day=甲子")
    assert got == expected
    jingzhe = dt.datetime.fromisoformat("2024-03-05T10:22:46+08:00")
    assert any(dt.datetime.fromisoformat(s) < jingzhe < dt.datetime.fromisoformat(e) for s, e, _ in got)


def test_list_path_contains_and_values():
    result = invoke("find", "--from", "2024-03-05T09:00", "--to", "2024-03-05T13:00", "--tz", TZ, "--json",
                    "--where", "cast:patterns.name=天乙持衡時", "--where", "pillars:pillars.hour=戊午")
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [(r["start"], r["end"], r["count"]) for r in rows] == [("2024-03-05T11:00:00+08:00", "2024-03-05T13:00:00+08:00", 1)]
    assert rows[0]["matched"] == {"cast:patterns.name=天乙持衡時": ["天乙持衡時"], "pillars:pillars.hour=戊午": ["戊午"]}
    assert rows[0]["day"] == "戊辰" and rows[0]["hour"] == "戊午"


@pytest.mark.parametrize("date, start, end, hours", [
    ("2024-03-10", "2024-03-09T23:00:00-05:00", "2024-03-10T23:00:00-04:00", 23.0),
    ("2024-11-03", "2024-11-02T23:00:00-04:00", "2024-11-03T23:00:00-05:00", 25.0),
])
def test_summer_time_days_have_exact_ends(date, start, end, hours):
    day = json.loads(invoke("pillars", "--at", f"{date}T12:00", "--tz", "America/New_York", "--json").output)
    result = invoke("find", "--from", f"{date}T00:00", "--to", f"{date}T22:00", "--tz", "America/New_York",
                    "--json", "--where", f"pillars:pillars.day={day['pillars']['day']}")
    (row,) = [json.loads(line) for line in result.output.splitlines()]
    # the 23:00 of the day before is outside --from: the window starts at 01:00
    assert row["end"] == end and row["count"] == 11
    result = invoke("find", "--from", start, "--to", end, "--tz", "America/New_York",
                    "--json", "--where", f"pillars:pillars.day={day['pillars']['day']}")
    (row,) = [json.loads(line) for line in result.output.splitlines()]
    assert (row["start"], row["end"], row["count"], row["hours"]) == (start, end, 12, hours)
    # each 時辰 evaluated at its start as `pillars --at START` would be; the 丑時 is 1 h or 3 h long
    chou = row["shichen"][1]
    assert chou["hour"][1] == "丑"
    assert (dt.datetime.fromisoformat(chou["end"]) - dt.datetime.fromisoformat(chou["start"])).total_seconds() == \
        (hours - 22) * 3600
    for item in row["shichen"]:
        at = json.loads(invoke("pillars", "--at", item["start"], "--tz", "America/New_York", "--json").output)
        assert (at["pillars"]["day"], at["pillars"]["hour"]) == (item["day"], item["hour"])


def test_empty_result():
    args = ["find", "--from", "2024-03-01T00:00", "--to", "2024-03-02T00:00", "--tz", TZ,
            "--where", "pillars:pillars.day=甲子", "--where", "!pillars:pillars.day=甲子"]
    result = invoke(*args, "--lang", "en")
    assert result.exit_code == 0
    assert result.output.startswith("no 時辰 in 2024-03-01T00:00:00+08:00 … 2024-03-02T00:00:00+08:00")
    result = invoke(*args)
    assert result.exit_code == 0
    assert result.output.startswith("2024-03-01T00:00:00+08:00 … 2024-03-02T00:00:00+08:00 無時辰合")
    result = invoke(*args, "--json")
    assert result.exit_code == 0 and result.output == ""


def test_first_and_count():
    assert invoke("find", "--from", FROM, "--to", TO, "--tz", TZ, "--count",
                  "--where", "pillars:pillars.day=甲子").output.strip() == "1"
    everything = found("twelve-gods:合")
    assert found("twelve-gods:合", options=("--first", "3")) == everything[:3]


def test_table_view():
    result = invoke("find", "--from", "2024-03-01T00:00", "--to", "2024-03-03T00:00", "--tz", TZ,
                    "--where", "cast:三奇得使")
    assert result.exit_code == 0
    assert "三奇得使" in result.output and "時辰" in result.output.splitlines()[-1]


@pytest.mark.parametrize("where, message", [
    ("cst:伏吟", "closest: cast"),
    ("cast:伏陰", "closest:"),
    ("cast:zhi_shi.dor=開門", "closest: zhi_shi.door"),
    ("twelve-gods:direction.he_ge=合", "closest: directions.he_ge"),
    ("cast", "ART:NAME"),
])
def test_unknown_art_name_or_path(where, message, capsys):
    from qimen_cli.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["find", "--from", FROM, "--to", TO, "--tz", TZ, "--where", where])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_error_line(capsys):
    from qimen_cli.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["find", "--from", FROM, "--to", TO, "--tz", TZ, "--where", "cast:zhi_shi.dor=開門"])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "closest: zhi_shi.door" in captured.err


def test_list_names_every_art():
    out = invoke("find", "--list").output
    for text in ("cast:伏吟", "twelve-gods:合", "liuren:元首", "gucu:往亡", "noble:私門吉門", "pillars:"):
        assert text in out


def test_cast_where_shares_the_check():
    result = invoke("cast", "--from", "2024-03-01T01:00", "--to", "2024-03-02T23:00", "--tz", TZ, "--json",
                    "--where", "三奇得使")
    assert result.exit_code == 0
    starts = [json.loads(line)["input"]["local"] for line in result.output.splitlines()]
    got = found("cast:三奇得使", span=("2024-03-01T01:00", "2024-03-02T23:00"))
    assert starts == [h for s, _, n in got for h in _starts(s, n)]


def _starts(start: str, count: int) -> list[str]:
    s = dt.datetime.fromisoformat(start)
    return [(s + dt.timedelta(hours=2 * k)).isoformat() for k in range(count)]


def test_named_conditions_read_the_json():
    liuren = lines("liuren")
    assert found("liuren:元首") == brute(
        lambda i: liuren[i]["rule"] == "賊剋" and "上克下" in liuren[i]["labels"] and "下克上" not in liuren[i]["labels"])
    assert found("liuren:有八專") == brute(lambda i: "八專" in liuren[i]["labels"])
    gucu = lines("gucu")
    expected = brute(lambda i: gucu[i]["chu_jun"]["wang_wang"])
    assert expected and found("gucu:往亡") == expected
    noble = lines("noble")
    expected = brute(lambda i: any(row["ji_men"] for row in noble[i]["si_men_qimen"]))
    assert expected and found("noble:私門吉門") == expected


def test_json_keeps_to_its_schema():
    from test_schemas import errors, load

    rows = [json.loads(line) for line in invoke(
        "find", "--from", "2024-11-02", "--to", "2024-11-04", "--tz", "America/New_York", "--json",
        "--where", "cast:三奇得使", "--where", "!liuren:伏吟").output.splitlines()]
    assert rows
    for row in rows:
        assert errors(row, load("find")) == []


def test_where_completion():
    from qimen_cli.cli.find import complete_condition

    assert "twelve-gods:" in complete_condition(None, None, "tw")
    assert "!cast:三奇得使" in complete_condition(None, None, "!cast:三奇")


def test_closed_pipe_ends_quietly():
    import subprocess
    import sys

    code = "from qimen_cli.cli.main import console; console()"
    proc = subprocess.Popen([sys.executable, "-c", code, "find", "--from", "2024-01-01", "--to", "2024-12-31",
                             "--tz", TZ, "--where", "twelve-gods:合", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().startswith(b'{"schema_version":2')
    proc.stdout.close()
    assert proc.wait(timeout=120) == 0
    assert proc.stderr.read() == b""


CLOCKS = [
    ("America/New_York", ("2024-03-09T00:00", "2024-03-11T23:00"), ()),
    ("America/New_York", ("2024-11-02T00:00", "2024-11-04T23:00"), ()),
    ("Asia/Seoul", ("2024-02-03T00:00", "2024-02-05T23:00"), ("--lon", "126.98", "--day-change", "0")),
    ("Asia/Seoul", ("2024-02-03T00:00", "2024-02-04T23:00"), ("--lon", "126.98", "--solar-time", "apparent")),
]


@pytest.mark.parametrize("zone, span, clock", CLOCKS, ids=["ny-spring", "ny-fall", "lon-daychange0", "apparent"])
@pytest.mark.parametrize("method", ["zhirun", "chaibu"])
def test_plate_screen_equals_cast_at_each_start(zone, span, clock, method):
    options = ("--method", method, *clock)
    every = [json.loads(line) for line in invoke(
        "find", "--from", span[0], "--to", span[1], "--tz", zone, "--json", *options,
        "--where", "!cast:zhi_fu.star=null").output.splitlines()]
    units = [u for row in every for u in row["shichen"]]
    assert len(every) == 1 and len(units) >= 20
    for name in ("三奇得使", "天輔時"):
        keep = []
        for u in units:
            chart = json.loads(invoke("cast", "--at", u["start"], "--tz", zone, "--json", *options).output)
            keep.append(any(p["name"] == name for p in chart["patterns"]))
            assert (chart["pillars"]["day"], chart["pillars"]["hour"]) == (u["day"], u["hour"])
        expected: list[list] = []
        for u, k in zip(units, keep, strict=True):
            if not k:
                continue
            if expected and expected[-1][1] == u["start"]:
                expected[-1][1] = u["end"]
                expected[-1][2] += 1
            else:
                expected.append([u["start"], u["end"], 1])
        got = found(f"cast:{name}", options=options, tz=zone, span=span)
        assert got == [tuple(e) for e in expected]
        assert expected or name != "天輔時"
