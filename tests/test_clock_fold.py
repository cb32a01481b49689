"""The 時辰 window on a fall-back day: the fold of the input does not leak into it (clock.shichen_window).

The 時辰 are wall-clock hours ("子時 … 丑時", the odd clock hours of CONVENTIONS.md): the 丑
時辰 of 2024-11-03 in New York runs 01:00–03:00 on the wall clock, i.e. from 01:00 EDT
(05:00Z) to 03:00 EST (08:00Z), whichever pass of the repeated hour the input falls in.
"""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import invoke
from qimen_cli.calendar import clock
from qimen_cli.calendar.ganzhi import hour_branch
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import to_datetime

UTC = dt.timezone.utc


def _starts(data) -> set[str]:
    found = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "start_utc":
                    found.add(v)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(data)
    return found


def test_twelve_gods_second_pass_of_repeated_hour():
    for at in ("2024-11-03T06:30:00Z", "2024-11-03T05:30:00Z"):
        r = invoke("twelve-gods", "--at", at, "--tz", "America/New_York", "--json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert "2024-11-03T05:00:00Z" in _starts(data)
        assert "2024-11-03T06:00:00Z" not in _starts(data)
        m = resolve_moment(at, "America/New_York")
        assert (to_datetime(m.hour_start), to_datetime(m.hour_end)) == (
            dt.datetime(2024, 11, 3, 5, tzinfo=UTC), dt.datetime(2024, 11, 3, 8, tzinfo=UTC))


def test_noble_shanghai_1986_fall_back():
    m = resolve_moment("1986-09-13T17:30:00Z", "Asia/Shanghai")
    assert to_datetime(m.hour_start) == dt.datetime(1986, 9, 13, 16, tzinfo=UTC)
    assert to_datetime(m.hour_end) == dt.datetime(1986, 9, 13, 19, tzinfo=UTC)
    r = invoke("noble", "--at", "1986-09-13T17:30:00Z", "--tz", "Asia/Shanghai", "--json")
    assert r.exit_code == 0, r.output
    starts = _starts(json.loads(r.output))
    assert "1986-09-13T16:00:00Z" in starts and "1986-09-13T17:00:00Z" not in starts


def test_chaibu_shichen_start_ignores_fold():
    """The 拆補 時辰 of a term instant uses the same helper (clock.shichen_start)."""
    ny = clock.parse_zone("America/New_York")
    ts = dt.datetime(2024, 11, 3, 6, 30, tzinfo=UTC).timestamp()
    assert clock.shichen_start(ts, ny) == dt.datetime(2024, 11, 3, 5, tzinfo=UTC).timestamp()


ZONES = ("America/New_York", "Europe/London", "Australia/Sydney", "Asia/Shanghai", "America/Santiago")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ZONES), st.integers(min_value=int(dt.datetime(1980, 1, 1, tzinfo=UTC).timestamp()),
                                           max_value=int(dt.datetime(2030, 1, 1, tzinfo=UTC).timestamp())))
def test_window_holds_instant_and_starts_on_its_wall_hour(zone_name, ts):
    """Property: the window holds the instant; its first second shows the 時辰, the second before does not."""
    zone = clock.parse_zone(zone_name)
    local = to_datetime(ts).astimezone(zone)
    start, end = clock.shichen_window(local)
    assert start <= ts < end
    branch = hour_branch(local.hour)
    assert hour_branch(to_datetime(start).astimezone(zone).hour) == branch
    assert hour_branch(to_datetime(start - 1).astimezone(zone).hour) != branch
    assert hour_branch(to_datetime(end - 1).astimezone(zone).hour) == branch
    assert hour_branch(to_datetime(end).astimezone(zone).hour) != branch


def _transitions(zone_name: str) -> list[int]:
    """Instants (to the hour) where the zone's offset changes, 1980–2030."""
    zone = clock.parse_zone(zone_name)
    out, t = [], int(dt.datetime(1980, 1, 1, tzinfo=UTC).timestamp())
    end = int(dt.datetime(2030, 1, 1, tzinfo=UTC).timestamp())
    prev = to_datetime(t).astimezone(zone).utcoffset()
    while t < end:
        t += 3600
        off = to_datetime(t).astimezone(zone).utcoffset()
        if off != prev:
            out.append(t)
        prev = off
    return out


def test_window_around_every_offset_change():
    """Every five minutes within three hours of each offset change, 1980–2029, in two zones."""
    for name in ("America/New_York", "Australia/Sydney"):
        zone = clock.parse_zone(name)
        for change in _transitions(name):
            for ts in range(change - 3 * 3600, change + 3 * 3600, 300):
                local = to_datetime(ts).astimezone(zone)
                start, end = clock.shichen_window(local)
                assert start <= ts < end, (name, local)
                branch = hour_branch(local.hour)
                assert hour_branch(to_datetime(start - 1).astimezone(zone).hour) != branch
                assert hour_branch(to_datetime(end).astimezone(zone).hour) != branch
