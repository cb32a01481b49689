"""The range tables say what JSON Lines say: each cell of render/table.py, read from the engine's
results, is compared with the same cell read from the `--json` object of the same instant.

`JSON_ROWS` below reads each cell from the JSON object (as the table did before it read the
results); the ranges run through the command line up to the table (`cli.run.table` is
replaced by a recorder of the When and the steps), so every option reaches the art as in use.
"""

from __future__ import annotations

import json

import pytest
from rich.text import Text

from conftest import invoke
from qimen_cli.arts import answer
from qimen_cli.cli import run as run_module
from qimen_cli.render.table import PARTS, ROWS, RangeTable, cells


def _time(d: dict) -> str:
    return d["input"]["local"].replace("T", " ")[:16]


def _pillars(d: dict) -> str:
    p = d["pillars"]
    return f"{p['year']} {p['month']} {p['day']} {p['hour']}"


def _patterns(d: dict) -> Text:
    text = Text()
    seen: list[str] = []
    for p in d["patterns"]:
        if p["name"] in ("氣應", "十干神名") or p["name"] in seen:
            continue
        seen.append(p["name"])
        style = {"吉": "green", "凶": "red"}.get(p.get("verdict") or "", "")
        mark = {"吉": "+", "凶": "−"}.get(p.get("verdict") or "", "")
        text.append(("" if len(seen) == 1 else " ") + p["name"] + mark, style=style)
    return text


def _xun(d: dict) -> str:
    x = d["xun"]
    return f"{x['day']['xun_shou']}{''.join(x['day']['kong_wang'])} / {x['hour']['xun_shou']}{''.join(x['hour']['kong_wang'])}"


def _lunar(d: dict) -> str:
    lu = d.get("lunar")
    return f"{'閏' if lu['leap'] else ''}{lu['month']}月{lu['day']}日" if lu else ""


def _chu_jun(d: dict) -> str:
    c = d["chu_jun"]
    bad = c.get("avoid") or []
    return "忌 " + " ".join(map(str, bad)) if bad else ("吉日" if c.get("in_ji_ri") else "—")


def _lead(d: dict) -> str:
    lead = d["lead"]
    return "" if lead is None else f"{lead['general']} {lead['verdict'] or ''}".strip()


#: command → [(label key, the cell read from the instant's JSON object)]
JSON_ROWS = {
    "cast": [("time", _time), ("pillars", _pillars),
             ("ju", lambda d: f"{d['dun']}遁{d['ju']}局 {d['yuan']}元"),
             ("zhi_fu", lambda d: f"{d['zhi_fu']['star']}{d['zhi_fu']['palace']}"),
             ("zhi_shi", lambda d: f"{d['zhi_shi']['door']}{d['zhi_shi']['palace']}"),
             ("patterns", _patterns)],
    "pillars": [("time", _time), ("pillars", _pillars), ("term", lambda d: d["solar_term"]["name"]),
                ("xun", _xun), ("lunar", _lunar)],
    "noble": [("time", _time), ("pillars", _pillars),
              ("yue_jiang", lambda d: f"{d['yue_jiang']['name']}{d['yue_jiang']['branch']}"),
              ("noble", lambda d: f"{d['noble']['kind']} {d['noble']['branch']}"),
              ("si_men", lambda d: " ".join(f"{g}{b}" for g, b in d["si_men"].items()))],
    "twelve-gods": [("time", _time), ("pillars", _pillars),
                    ("yue_jiang", lambda d: f"{d['yue_jiang']['name']}{d['yue_jiang']['branch']}"),
                    ("month_jian", lambda d: d["month_jian"]["branch"]),
                    ("jianchu", lambda d: d["jianchu"]["officer"]),
                    ("tian_men", lambda d: " ".join(f"{g}{b}" for g, b in d["directions"]["tian_men"].items()))],
    "gucu": [("time", _time), ("pillars", _pillars),
             ("gu_xu", lambda d: f"{d['gu_xu']['hour']['gu']}{d['gu_xu']['hour']['xu']} / "
                                 f"{d['gu_xu']['day']['gu']}{d['gu_xu']['day']['xu']}"),
             ("tian_gang", lambda d: d["tian_gang"]["branch"]),
             ("mansion", lambda d: d["mansion"]["name"]),
             ("chu_jun", _chu_jun)],
    "liuren": [("time", _time), ("pillars", _pillars),
               ("yue_jiang", lambda d: f"{d['yue_jiang_name']}{d['yue_jiang']}"),
               ("lessons", lambda d: " ".join(d["labels"])),
               ("chuan", lambda d: "".join(d["transmissions"]) + "  " + " ".join(d["transmission_names"])),
               ("lead", _lead)],
    "chaibu": [("time", _time), ("pillars", _pillars)],
}

SH = ("--tz", "Asia/Shanghai")
WEEK = ("--from", "2024-06-18", "--to", "2024-06-25", *SH)
STDIN = "2024-03-05T11:00\n2024-06-21T04:55\n2024-12-21T22:59\n2023-03-22T00:10\n"

#: The ranges compared: (arguments, stdin).
CASES = [
    (("cast", *WEEK), None),
    (("cast", *WEEK, "--method", "chaibu", "--layout", "fei"), None),
    (("cast", "--from", "2024-03-01", "--to", "2024-03-31", *SH, "--where", "玉女守門"), None),
    (("pillars", *WEEK), None),
    (("pillars", *WEEK, "--lunar-zone", "korea", "--every", "5h"), None),
    (("pillars", "--from", "2023-03-19", "--to", "2023-03-25", *SH, "--every", "7h"), None),
    (("pillars", "--from", "2024-03-01", "--to", "2024-03-04", "--tz", "Asia/Seoul", "--lon", "126.98",
      "--solar-time", "apparent"), None),
    (("noble", *WEEK), None),
    (("noble", *WEEK, "--no-chart", "--every", "3h"), None),
    (("twelve-gods", *WEEK), None),
    (("twelve-gods", *WEEK, "--school", "sanshi", "--every", "5h"), None),
    (("gucu", "--from", "2024-02-01", "--to", "2024-03-31", *SH, "--every", "11h"), None),
    (("gucu", *WEEK, "--tone", "商", "--born", "5-5", "--size", "20000", "--month-basis", "jie", "--no-chart"), None),
    (("liuren", *WEEK), None),
    (("liuren", *WEEK, "--noble-rule", "day-night", "--every", "5h"), None),
    (("liuren", *WEEK, "--noble-rule", "day-night", "--lat", "31.2", "--lon", "121.5", "--every", "5h"), None),
    (("chaibu", "--at", "-", *SH), STDIN),
    (("chaibu", "--at", "-", *SH, "--terms", "mean"), STDIN),
]


def _results(monkeypatch, args, stdin) -> list:
    """(result, its JSON object) of each instant the table of `qimen *args` would show."""
    out = []

    def record(when, _out, steps, _record=None):
        result_at = answer(when.resolve, steps)
        for at in when.instants():
            result = result_at(at)
            if steps.keep is None or steps.keep(result):
                out.append((result, json.loads(steps.to_text(result))))

    monkeypatch.setattr(run_module, "table", record)
    r = invoke(*args, input=stdin)
    assert r.exit_code == 0, r.stderr
    return out


def _same(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.spans == b.spans and a.style == b.style


def test_every_art_has_its_rows_and_split():
    """Each art's record names its range rows (the package's arts: this module's tables) and the
    split of its result (as `PARTS` splits it)."""
    from qimen_cli.arts import records

    for record in records():
        assert record.part("rows") is ROWS[record.name], record.name
    assert {r.name for r in records()} == set(ROWS) == set(PARTS)
    chart = type("Chart", (), {"moment": "m"})()
    assert records()[0].part("split")(chart) == PARTS["cast"](chart) == ("m", chart)


def test_the_rows_have_the_columns_of_the_json_rows():
    assert {c: [k for k, _ in row] for c, row in ROWS.items()} == {c: [k for k, _ in row] for c, row in JSON_ROWS.items()}


@pytest.mark.parametrize(("args", "stdin"), CASES, ids=[" ".join(a[:1] + a[5:]) for a, _ in CASES])
def test_each_cell_says_what_the_json_of_its_instant_says(monkeypatch, args, stdin):
    command = args[0]
    results = _results(monkeypatch, args, stdin)
    for result, data in results:
        want = [v if isinstance(v, Text) else Text(str(v)) for v in (f(data) for _k, f in JSON_ROWS[command])]
        got = cells(command, result)
        assert all(_same(g, w) for g, w in zip(got, want, strict=True)), ([g.plain for g in got], [w.plain for w in want])
    assert len(results) >= 4


def test_a_range_table_counts_its_rows():
    import io

    from rich.console import Console

    from qimen_cli.calendar.resolve import resolve_moment

    out = io.StringIO()
    rows = RangeTable("pillars", "en", Console(file=out, width=120, color_system=None, force_terminal=True))
    rows.add(resolve_moment("2024-03-05T11:00", tz="Asia/Shanghai"))
    assert "2024-03-05 11:00" in out.getvalue()  # printed when added (on a terminal), before the table ends
    rows.close()
    assert out.getvalue().splitlines()[-1] == "1 instants"


#: Ranges over which the declared widths of the columns are checked: every option that changes
#: a cell, a few years apart (the 閏 months of the lunar column, the 出軍 days of gucu).
WIDTH_RANGES = [
    (c, *extra, "--from", start, "--to", end, "--tz", "Asia/Shanghai", "--every", "7h")
    for c, extra in [("cast", ()), ("cast", ("--method", "chaibu", "--layout", "fei")), ("pillars", ()),
                     ("pillars", ("--lunar-zone", "korea")), ("noble", ()), ("noble", ("--no-chart",)),
                     ("twelve-gods", ()), ("twelve-gods", ("--school", "sanshi")), ("gucu", ()),
                     ("gucu", ("--tone", "商", "--born", "5-5", "--size", "20000", "--month-basis", "jie")),
                     ("liuren", ()), ("liuren", ("--noble-rule", "day-night"))]
    for start, end in [("1900-01-01", "1900-12-31"), ("2023-01-01", "2023-12-31")]
]


@pytest.mark.slow
@pytest.mark.parametrize("args", WIDTH_RANGES, ids=[" ".join(a[:1] + a[-8:-7]) for a in WIDTH_RANGES])
def test_the_declared_widths_hold_every_cell(monkeypatch, args):
    """The widths the table is laid out with before its first row (`WIDTHS`) are the cells'
    widths: no cell is wider than its column's widest, no word longer than its run."""
    from rich.cells import cell_len

    from qimen_cli.render.fit import longest_unit
    from qimen_cli.render.table import WIDTHS, _pattern_unit

    command = args[0]
    for result, _data in _results(monkeypatch, args, None):
        for (key, _f), cell in zip(ROWS[command], cells(command, result), strict=True):
            widest, whole, unit = (None, _pattern_unit(), _pattern_unit()) if key == "patterns" else WIDTHS[key]
            assert widest is None or cell_len(cell.plain) <= widest, (key, cell.plain)
            assert longest_unit(cell.plain, whole=True) <= whole, (key, cell.plain)
            assert longest_unit(cell.plain) <= unit, (key, cell.plain)


#: Ranges whose cast rows come from the range writer's values (`CastSeriesRows`): the default,
#: 拆補 on the 飛盤, a mean solar clock, a zone with summer time, 00:00 day change.
SERIES_RANGES = [
    ("--from", "2024-06-18", "--to", "2024-06-25", *SH),
    ("--from", "2024-03-01", "--to", "2024-03-08", *SH, "--method", "chaibu", "--layout", "fei"),
    ("--from", "2023-12-18", "--to", "2023-12-25", "--tz", "Asia/Seoul", "--lon", "126.98", "--every", "3h"),
    ("--from", "2024-03-08", "--to", "2024-03-12", "--tz", "America/New_York", "--every", "1h"),
    ("--from", "2024-12-05", "--to", "2024-12-12", *SH, "--day-change", "0", "--method", "chaibu"),
]


@pytest.mark.parametrize("args", SERIES_RANGES, ids=[" ".join(a[1:2] + a[6:]) for a in SERIES_RANGES])
def test_cast_rows_from_the_series_are_the_charts_rows(monkeypatch, args):
    """cast's table reads the range writer's values (render/table.py `CastSeriesRows`, as
    render/cast_lines.py does for JSON Lines): each row, its styles and the patterns it shows
    are those of the instant's chart (`values`)."""
    from qimen_cli.render.table import CastSeriesRows, shown_patterns, values

    seen = []

    def record(when, _out, steps, _record=None):
        p = steps.writer.keywords  # the options as the command resolved them
        rows = CastSeriesRows(when, p["method"], p["layout"], p["switch"])
        assert rows.fast
        result_at = answer(when.resolve, steps)
        for at in when.instants():
            row, names, patterns = rows.row(at)
            chart = result_at(at)
            want = values("cast", chart)
            assert [c if isinstance(c, str) else c.plain for c in row] == [c if isinstance(c, str) else c.plain for c in want]
            assert _same(row[-1], want[-1])
            assert [p.name for p in patterns] == list(dict.fromkeys(shown_patterns("cast", chart)))
            seen.append(at)

    monkeypatch.setattr(run_module, "table", record)
    r = invoke("cast", *args)
    assert r.exit_code == 0, r.stderr
    assert len(seen) >= 30


@pytest.mark.parametrize("layout", ["zhuan", "fei"])
def test_cast_rows_built_from_the_plate_equal_the_rows_from_its_record(monkeypatch, layout):
    """Without the shipped plate records, `CastSeriesRows` builds each plate and splits its
    plate-only patterns at the context rules (`platedata.split_runs`): the same rows."""
    from qimen_cli.render.table import CastSeriesRows

    seen = []

    def record(when, _out, steps, _record=None):
        p = steps.writer.keywords
        shipped = CastSeriesRows(when, p["method"], p["layout"], p["switch"])
        built = CastSeriesRows(when, p["method"], p["layout"], p["switch"])
        built.series.records = {}
        for at in when.instants():
            (a, a_names, a_pat), (b, b_names, b_pat) = shipped.row(at), built.row(at)
            assert [c if isinstance(c, str) else c.plain for c in a] == [c if isinstance(c, str) else c.plain for c in b]
            assert _same(a[-1], b[-1]) and a_names == b_names
            assert [(x.name, x.verdict) for x in a_pat] == [(x.name, x.verdict) for x in b_pat]
            seen.append(at)

    monkeypatch.setattr(run_module, "table", record)
    r = invoke("cast", "--from", "2024-06-18", "--to", "2024-06-22", *SH, "--layout", layout)
    assert r.exit_code == 0, r.stderr
    assert len(seen) >= 30


def test_cast_where_through_the_series_keeps_what_the_chart_keeps():
    """`cast --where` over a range: the rows the series keeps are the charts that show every name."""
    full = invoke("cast", "--from", "2024-03-01", "--to", "2024-03-31", *SH, "--where", "玉女守門", "--json").stdout
    table = invoke("cast", "--from", "2024-03-01", "--to", "2024-03-31", *SH, "--where", "玉女守門").stdout
    times = [json.loads(line)["input"]["local"].replace("T", " ")[:16] for line in full.splitlines()]
    assert times and all(t in table for t in times)
    assert sum(line.startswith("│ 2024-03-") for line in table.splitlines()) == len(times)
