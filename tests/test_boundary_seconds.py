"""Every printed boundary names the first whole second at which the new value holds.

A term instant carries a fraction (立秋 1993-08-07 12:17:58.119Z): printed as 12:17:58 the
old term (大暑) would still hold at the printed second.  Boundaries, alternatives, ledger
spans and the clock windows of `noble` / `twelve-gods` name ceil(instant), and the chart is
evaluated here at each printed second (and the second before it).
"""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import invoke
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import to_seconds
from qimen_cli.gods.window import DAY, HOUR, JIAN, JIANG, window
from qimen_cli.qimen.compare import compare
from qimen_cli.qimen.ledger import chaibu_report, differ_spans

UTC = dt.timezone.utc
SECOND = dt.timedelta(seconds=1)


def _parse(z: str) -> dt.datetime:
    return dt.datetime.fromisoformat(z.replace("Z", "+00:00"))


def test_liqiu_1993_alternative_is_the_first_second_of_the_new_term():
    args = ["chaibu", "--at", "1993-08-07T10:58:29+00:00", "--tz", "+08:00", "--switch", "instant",
            "--alternatives", "--json"]
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    alt = next(a for a in data["alternatives"] if a["kinds"] == ["term"])
    assert alt["utc"] == "1993-08-07T12:17:59Z"
    assert alt["chaibu"] == "陰遁8局 下元 (立秋)"
    after = resolve_moment(_parse(alt["utc"]), "+08:00")
    before = resolve_moment(_parse(alt["utc"]) - SECOND, "+08:00")
    assert (after.term.name, before.term.name) == ("立秋", "大暑")
    assert compare(after, "instant").methods["chaibu"].label == "陰遁8局 下元 (立秋)"
    assert compare(before, "instant").methods["chaibu"].label == "陰遁4局 下元 (大暑)"
    term = next(b for b in data["boundaries"] if b["kind"] == "term" and b["detail"]["values"]["term"] == "立秋")
    assert term["utc"] == "1993-08-07T12:17:59Z"
    r = invoke(*args[:-2])
    assert "1993-08-07 20:17:59" in r.output and "20:17:58" not in r.output


def _value(kind: str, m):
    """What a line of `kind` changes, read off a Moment."""
    return {
        "term": lambda: m.term.k,
        "delta_t": lambda: m.term.k,
        "shichen": lambda: (m.hour_date, m.hour_branch),
        "day_23": lambda: m.hour_date,
        "day_00": lambda: m.local.date(),
        "fu_tou": lambda: m.hour_day - m.hour_day % 5,
    }[kind]()


INSTANTS = st.floats(min_value=to_seconds(dt.datetime(1900, 1, 1, tzinfo=UTC)),
                     max_value=to_seconds(dt.datetime(2100, 1, 1, tzinfo=UTC)))
ZONES = st.sampled_from(["+08:00", "Asia/Shanghai", "America/New_York", "+05:45"])
LONS = st.one_of(st.none(), st.floats(min_value=-179.99, max_value=179.99))


@settings(max_examples=40, deadline=None)
@given(INSTANTS, ZONES, LONS, st.sampled_from(["shichen", "instant"]))
def test_every_boundary_holds_at_its_printed_second(ts, tz, lon, switch):
    at = dt.datetime.fromtimestamp(ts, UTC)
    m = resolve_moment(at, tz, lon=lon)

    def resolve_at(x):
        return resolve_moment(x, tz, lon=lon)

    report = chaibu_report(m, switch, resolve_at, within=3 * 86400.0)
    for b in report.boundaries:
        if b.kind == "solar_time":
            continue
        assert b.utc.microsecond == 0
        line = to_seconds(b.utc)
        exact = to_seconds(m.instant_utc) + b.seconds_away   # seconds_away is rounded to the ms
        assert line - 1 - 1e-3 < exact <= line + 1e-3   # ceil of the exact line
        new, old = resolve_at(b.utc), resolve_at(b.utc - SECOND)
        assert _value(b.kind, new) != _value(b.kind, old), (b, new.local, old.local)
    for a in report.alternatives:
        if a.kinds == ("solar_time",):
            continue
        assert a.utc.microsecond == 0
        other = compare(resolve_at(a.utc), switch).methods
        assert (other["zhirun"].label, other["chaibu"].label) == (a.zhirun, a.chaibu)


@settings(max_examples=40, deadline=None)
@given(INSTANTS, ZONES, LONS)
def test_every_gods_window_holds_at_its_printed_seconds(ts, tz, lon):
    m = resolve_moment(dt.datetime.fromtimestamp(ts, UTC), tz, lon=lon)
    for inputs in ((HOUR,), (JIANG,), (JIAN,), (DAY,), (HOUR, JIANG), (JIANG, DAY), (HOUR, JIANG, JIAN, DAY)):
        w = window(m, *inputs)
        assert w.start_utc.microsecond == 0 and w.end_utc.microsecond == 0
        assert window(resolve_moment(w.start_utc, tz, lon=lon), *inputs) == w
        assert window(resolve_moment(w.end_utc - SECOND, tz, lon=lon), *inputs) == w
        assert window(resolve_moment(w.start_utc - SECOND, tz, lon=lon), *inputs) != w
        assert window(resolve_moment(w.end_utc, tz, lon=lon), *inputs) != w


def test_ledger_spans_start_on_whole_seconds_where_the_methods_differ():
    m = resolve_moment("1993-08-07T12:00", "+08:00")
    tz = m.local.tzinfo
    spans = differ_spans(m.table, tz, dt.date(1993, 1, 1), dt.date(1993, 12, 31), "instant")
    assert spans
    for s in spans:
        assert s.start.microsecond == 0 and s.end.microsecond == 0
        inside = compare(resolve_moment(s.start, "+08:00"), "instant").methods
        assert (inside["zhirun"].dun, inside["zhirun"].ju) != (inside["chaibu"].dun, inside["chaibu"].ju)
        last = compare(resolve_moment(s.end - SECOND, "+08:00"), "instant").methods
        assert (last["zhirun"].dun, last["zhirun"].ju) != (last["chaibu"].dun, last["chaibu"].ju)
