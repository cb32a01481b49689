"""The fast `cast` writer (render/cast_lines.py) against the straightforward path, byte for byte.

The straightforward path resolves each instant into a Moment, casts the Chart and writes
`chart_json_text`; the fast writer joins pieces cached by what they depend on.  The spans
cross zones, a summer-time change both ways, both day changes, both methods and layouts,
the 拆補 switch, solar clocks, term changes and --where filters.
"""

from __future__ import annotations

import json

import pytest

from conftest import invoke
from qimen_cli.cli.params import BOUND, STEP, ZONE, When
from qimen_cli.qimen.chart import cast_chart
from qimen_cli.qimen.index import candidate_instants, hours_with
from qimen_cli.qimen.patterns import PatternContext, find_patterns_uncached
from qimen_cli.render.cast_lines import CastLines, reference_line


def when(start, end, every, tz, lon=None, day_change=23, solar="mean"):
    return When(None, ZONE.convert(tz, None, None), lon, solar, day_change, BOUND.convert(start, None, None),
                BOUND.convert(end, None, None), STEP.convert(every, None, None), False, None)


SPANS = [
    # America/New_York: spring forward on 2024-03-10, the 冬至/春分 terms around.
    when("2024-03-08T20:00", "2024-03-11T23:00", "37m", "America/New_York"),
    # fall back on 2024-11-03 (the repeated hour), 立冬.
    when("2024-11-01T21:00", "2024-11-08T03:00", "53m", "America/New_York", day_change=0),
    when("2024-06-19T00:00", "2024-06-23T00:00", "71m", "Asia/Shanghai"),          # 夏至: 陽 → 陰
    when("2024-12-19T00:00", "2024-12-23T00:00", "89m", "+05:30", day_change=0),    # 冬至: 陰 → 陽
    when("2024-03-29T00:00", "2024-04-02T00:00", "97m", "Europe/London", lon=-3.2),  # BST starts, solar clock
    when("1987-02-01T00:00", "1987-02-06T00:00", "113m", "Asia/Seoul", lon=126.98),  # 立春
    when("2099-12-28T00:00", "2100-01-03T00:00", "2h", "UTC"),
    # Before 1970 (negative day numbers in the clock texts' cache), across a new year.
    when("1949-12-29T00:00", "1950-01-03T00:00", "83m", "Asia/Shanghai"),
    # An offset of whole seconds that is not whole minutes (Monrovia, -00:44:30 until 1972).
    when("1965-03-19T00:00", "1965-03-23T00:00", "67m", "Africa/Monrovia"),
]
OPTIONS = [("zhirun", "zhuan", "shichen"), ("chaibu", "fei", "shichen"), ("chaibu", "zhuan", "instant"),
           ("zhirun", "fei", "shichen")]


@pytest.mark.parametrize("span", SPANS, ids=lambda w: f"{w.tz}-{w.start.text[:10]}")
def test_fast_lines_equal_the_straightforward_path(span):
    for method, layout, switch in OPTIONS:
        writer = CastLines(span, method, layout, switch)
        assert writer.fast
        n = 0
        for at in span.instants():
            ref, _names = reference_line(span, at, method, layout, switch)
            assert writer.line(at) == ref.encode(), (at, method, layout, switch)
            n += 1
        assert n > 40


@pytest.mark.parametrize("layout", ["zhuan", "fei"])
def test_plates_built_by_the_engine_write_the_same_lines_as_the_shipped_records(layout):
    """Without the shipped plate records (a stale or missing file) the writer builds each plate
    and its runs of patterns itself (platedata.runs_of): the lines are the same."""
    span = when("2024-06-19T00:00", "2024-06-23T00:00", "71m", "Asia/Shanghai")
    shipped, built = CastLines(span, layout=layout), CastLines(span, layout=layout)
    built.records = built.series.records = {}  # both halves build from the plate
    n = 0
    for at in span.instants():
        assert built.line(at) == shipped.line(at), at
        n += 1
    assert n > 40 and len(built._encoded) > 20


def test_text_inputs_as_from_stdin():
    span = when("2024-03-10T00:00", "2024-03-10T06:00", "1h", "America/New_York")
    writer = CastLines(span)
    for at in ("2024-03-10T01:30", "2024-03-10T03:30", "2024-03-10T12:00+09:00", "2024-03-10T05:00:00Z",
               "2024-03-10T04:15:30.6"):
        assert writer.line(at) == reference_line(span, at, "zhirun", "zhuan", "shichen")[0].encode(), at


def test_patterns_cached_equal_patterns_computed_afresh():
    span = when("2024-01-01T00:00", "2024-01-20T00:00", "3h", "Asia/Shanghai")
    for at in span.instants():
        for layout in ("zhuan", "fei"):
            chart = cast_chart(span.resolve(at), layout=layout)
            m, ju = chart.moment, chart.ju
            ctx = PatternContext(chart.plate, m.pillars.day, m.pillars.hour, m.pillars.month, ju.ju_term_k, ju.yuan)
            assert chart.patterns == find_patterns_uncached(ctx)


@pytest.mark.parametrize("names", [("玉女守門",), ("三奇得使",), ("迫", "五合時"), ("五合時",)])
def test_where_filters_equal_the_straightforward_filter(names):
    span = when("2024-10-25T00:00", "2024-11-10T00:00", "1h", "America/New_York")
    writer = CastLines(span, where=names)
    expected = []
    for at in span.instants():
        text, found = reference_line(span, at, "zhirun", "zhuan", "shichen")
        if set(names) <= found:
            expected.append(text.encode())
        assert writer.line(at) == (text.encode() if set(names) <= found else None)
    assert expected
    args = ["cast", "--from", span.start.text, "--to", span.end.text, "--every", span.every.text,
            "--tz", "America/New_York", "--json"]
    for name in names:
        args += ["--where", name]
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    assert r.output_bytes == b"".join(line + b"\n" for line in expected)


def test_candidate_instants_keep_every_instant_of_the_hours():
    for span in (when("2024-03-01T00:00", "2024-03-20T00:00", "20m", "America/New_York"),
                 when("2024-10-20T00:00", "2024-11-10T00:00", "45m", "Europe/London", lon=-0.1),
                 # half an hour of summer time ending on 2024-04-07; a clock offset by a fraction of a second
                 when("2024-03-30T00:00", "2024-04-14T00:00", "17m", "Australia/Lord_Howe"),
                 when("1987-05-01T00:00:07", "1987-05-12T00:00", "1h", "Asia/Seoul", lon=77.123456)):
        hours = hours_with(["玉女守門"])
        assert len(hours) == 6
        cands = list(candidate_instants(span, ["玉女守門"]))
        assert cands == sorted(cands) and len(set(cands)) == len(cands)
        every = [at for at in span.instants() if span.resolve(at).pillars.hour in hours]
        assert set(every) <= set(cands) and len(cands) < len(list(span.instants())) / 5


def test_range_output_is_json_lines():
    r = invoke(*["cast", "--from", "2024-01-01T00:00", "--to", "2024-01-01T06:00",
                                 "--tz", "Asia/Shanghai", "--json"])
    lines = r.output_bytes.splitlines()
    assert r.exit_code == 0 and len(lines) == 4
    assert [json.loads(x)["pillars"]["hour"] for x in lines] == ["甲子", "乙丑", "丙寅", "丁卯"]


def test_blocks_end_at_an_error_like_line_by_line(capfd):
    """A range written in blocks stops at a bad instant with the lines before it, as line by line."""
    import dataclasses

    from qimen_cli.arts.cast_range import RangeLines
    from qimen_cli.arts.items import ERROR, LINE, LINES
    from qimen_cli.cli.stopping import SignalStop
    from qimen_cli.cli.stream import LineWriter, write_items
    from qimen_cli.errors import BadInput

    span = when("2024-01-01T00:00", "2024-01-20T00:00", "1h", "UTC")
    instants = list(span.instants())
    bad = instants[300]

    class Writer:
        where, fast, layout = (), False, "zhuan"

        def screened(self, _when):
            return None

        def line(self, at):
            if at == bad:
                raise BadInput("bad instant")
            return at.isoformat().encode()

    lines = RangeLines(span, Writer())
    assert lines.blocks
    items = list(lines.items())
    assert [kind for kind, _, _ in items] == [LINES, LINES, ERROR]
    assert sum(count for _, _, count in items) == 301
    one_by_one = RangeLines(dataclasses.replace(span, keep_going=True), Writer())
    assert not one_by_one.blocks
    singles = list(one_by_one.items())
    assert [kind for kind, _, _ in singles[:301]] == [LINE] * 300 + [ERROR]
    assert b"".join(items[0][1] + items[1][1]) == b"".join(value + b"\n" for _, value, _ in singles[:300])
    capfd.readouterr()
    assert write_items(iter(items), LineWriter(SignalStop()), None, 256, keep_going=False)
    out, err = capfd.readouterr()
    assert out.splitlines() == [at.isoformat() for at in instants[:300]]
    assert err.strip() == "qimen: error: bad instant"