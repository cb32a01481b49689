"""`find`'s 時辰 starts and light pillar fields agree with `resolve_moment` at those instants."""

from __future__ import annotations

import datetime as dt

import pytest

from qimen_cli.calendar.clock import parse_zone
from qimen_cli.calendar.context import get_context
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.shichen import Clock, units
from qimen_cli.qimen.ju import determine_ju, dun_ju, sequence_zone

UTC = dt.timezone.utc


def _units(tz, lon, solar, day_change, a, b):
    zone = parse_zone(tz)
    clk = Clock(zone, lon, solar, get_context())
    lo = dt.datetime.fromisoformat(a).replace(tzinfo=zone).timestamp()
    hi = dt.datetime.fromisoformat(b).replace(tzinfo=zone).timestamp()
    return list(units(clk, lo, hi, day_change))


@pytest.mark.parametrize("tz, lon, solar, day_change, a, b, count", [
    ("+08:00", None, "mean", 23, "2024-02-03T00:00", "2024-02-06T00:00", 36),
    ("+08:00", None, "mean", 0, "2024-02-03T00:00", "2024-02-05T00:00", 27),
    ("America/New_York", None, "mean", 23, "2024-03-09T00:00", "2024-03-11T00:00", 24),
    ("America/New_York", None, "mean", 23, "2024-11-02T00:00", "2024-11-04T00:00", 24),
    ("Europe/London", None, "mean", 23, "2024-03-30T00:00", "2024-04-01T00:00", 24),
    ("Asia/Seoul", 126.98, "mean", 23, "2024-02-03T00:00", "2024-02-05T00:00", 24),
    ("Asia/Seoul", 126.98, "apparent", 0, "2024-02-03T00:00", "2024-02-04T00:00", 13),
])
def test_units_match_resolve(tz, lon, solar, day_change, a, b, count):
    got = _units(tz, lon, solar, day_change, a, b)
    assert len(got) == count
    for prev, unit in zip(got, got[1:], strict=False):
        assert prev.end_ts == unit.ts
    for unit in got:
        at = dt.datetime.fromtimestamp(unit.ts, UTC)
        m = resolve_moment(at, tz, lon=lon, solar_time=solar, day_change=day_change)
        assert (m.pillars.day, m.pillars.hour, m.hour_date, m.hour_day, m.hour_branch) == \
            (unit.day, unit.hour, unit.hour_date, unit.hour_day, unit.branch)
        # a start: a moment earlier is another 時辰 (or, with --day-change 0, another day at midnight)
        before = resolve_moment(at - dt.timedelta(milliseconds=2), tz, lon=lon, solar_time=solar, day_change=day_change)
        assert (before.pillars.hour, before.pillars.day) != (unit.hour, unit.day)
        for method in ("zhirun", "chaibu"):
            ju = determine_ju(m, method)
            assert dun_ju(method, m.table, sequence_zone(m), unit.ts, unit.hour_date.toordinal(), unit.hour_day,
                          m.hour_end, "shichen") == (ju.dun, ju.ju)


def test_gap_start_is_the_jump_and_fold_takes_the_first():
    london = parse_zone("Europe/London")
    got = _units("Europe/London", None, "mean", 23, "2024-03-30T22:00", "2024-03-31T04:00")
    starts = [dt.datetime.fromtimestamp(u.ts, london).isoformat() for u in got]
    # 01:00 does not exist on 2024-03-31: the 丑時 starts when the clock jumps to 02:00 BST
    assert starts == ["2024-03-30T23:00:00+00:00", "2024-03-31T02:00:00+01:00", "2024-03-31T03:00:00+01:00"]
    ny = parse_zone("America/New_York")
    got = _units("America/New_York", None, "mean", 23, "2024-11-03T00:00", "2024-11-03T04:00")
    chou = got[0]
    assert dt.datetime.fromtimestamp(chou.ts, ny).isoformat() == "2024-11-03T01:00:00-04:00"
    assert chou.end_ts - chou.ts == 3 * 3600
