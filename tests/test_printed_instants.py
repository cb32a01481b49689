"""One rounding rule and one clock for every printed instant (issue 23 item 6).

docs/conventions.md ("Printed instants"): a term, a boundary or a window's edge is printed as
the first whole second at or after it (`calendar.clock.first_whole_second`, `first_second`),
in the views on the chart's clock (UTC beside it on a term line) and in the JSON both as
`utc` and as its `local` twin.  So one term reads the same second in `terms`, `pillars`,
`cast`, `twelve-gods` and `chaibu`, views and JSON alike.
"""

from __future__ import annotations

import datetime as dt
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import invoke
from qimen_cli.calendar.clock import first_second, first_whole_second, parse_zone, rfc3339
from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.calendar.terms import to_datetime, to_seconds
from qimen_cli.render.instants import clock_text, instant_text, printed
from qimen_cli.render.jsonout import local_iso, utc_iso, zone_iso

UTC = dt.timezone.utc
CST = dt.timezone(dt.timedelta(hours=8))


# --- the rule --------------------------------------------------------------------------


def test_a_whole_second_stays_and_any_fraction_goes_up():
    at = dt.datetime(2024, 3, 5, 2, 22, 46, tzinfo=UTC)
    assert first_whole_second(at) == at
    assert first_whole_second(at.replace(microsecond=1000)) == at + dt.timedelta(seconds=1)     # .001
    assert first_whole_second(at.replace(microsecond=1)) == at + dt.timedelta(seconds=1)
    assert first_whole_second(at.replace(microsecond=999999)) == at + dt.timedelta(seconds=1)
    ts = to_seconds(at)
    assert first_second(ts) == ts and first_second(ts + 0.001) == ts + 1
    assert utc_iso(ts) == utc_iso(at) == "2024-03-05T02:22:46Z"
    assert utc_iso(ts + 0.001) == utc_iso(at.replace(microsecond=1000)) == "2024-03-05T02:22:47Z"
    assert utc_iso(ts + 0.9) == "2024-03-05T02:22:47Z"        # rounding would agree here …
    assert utc_iso(ts + 0.3) == "2024-03-05T02:22:47Z"        # … not here: 02:22:46.3 is not yet 02:22:47
    local = at.astimezone(CST).replace(microsecond=1000)
    assert local_iso(local) == "2024-03-05T10:22:47+08:00"
    assert zone_iso(ts + 0.001, CST) == "2024-03-05T10:22:47+08:00" and zone_iso(ts, CST) == "2024-03-05T10:22:46+08:00"


@given(st.floats(min_value=-2.3e9, max_value=4.1e9), st.sampled_from([UTC, CST, "America/New_York", "+05:45"]))
def test_every_printer_names_the_same_second(ts, zone):
    zone = parse_zone(zone) if isinstance(zone, str) else zone
    ts = round(ts, 6)       # a datetime holds microseconds: the float and the datetime are one instant
    second = math.ceil(ts)
    assert first_second(ts) == second
    when = to_datetime(ts)
    assert printed(ts) == printed(when) == first_whole_second(when) == to_datetime(second)
    assert utc_iso(ts) == utc_iso(when) == to_datetime(second).strftime("%Y-%m-%dT%H:%M:%SZ")
    local = to_datetime(second).astimezone(zone)
    assert zone_iso(ts, zone) == local_iso(when.astimezone(zone)) == rfc3339(local)
    assert clock_text(ts, zone) == local.strftime("%Y-%m-%d %H:%M:%S")
    assert instant_text(ts, zone).startswith(clock_text(ts, zone))


def test_the_term_line_form():
    ts = to_seconds(dt.datetime(2024, 3, 5, 2, 22, 46, 500000, tzinfo=UTC))
    assert instant_text(ts, CST) == "2024-03-05 10:22:47 +08:00 (02:22:47 UTC)"
    assert instant_text(ts, parse_zone("America/New_York")) == "2024-03-04 21:22:47 -05:00 (2024-03-05 02:22:47 UTC)"
    assert instant_text(ts, UTC) == "2024-03-05 02:22:47 UTC"


# --- one term, every command -------------------------------------------------------------


def _json(*args):
    r = invoke(*args, "--json")
    assert r.exit_code == 0, r.output
    return [json.loads(line) for line in r.output.splitlines()]


def _view(*args, lang="en"):
    r = invoke(*args, "--lang", lang, env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return r.output


def check_term_everywhere(at: str, tz: str, name: str | None = None) -> None:
    """The 節 in force at `at` (its 月建) prints one second, on one clock, in every command."""
    m = resolve_moment(at, tz)
    jie = m.jie
    assert name is None or jie.name == name
    zone = m.local.tzinfo
    utc = to_datetime(math.ceil(jie.ts))
    local = utc.astimezone(zone)
    utc_text, local_text = utc.strftime("%Y-%m-%dT%H:%M:%SZ"), rfc3339(local)  # RFC 3339: an offset with seconds to the minute
    clock = local.strftime("%Y-%m-%d %H:%M:%S")
    line = instant_text(jie.ts, zone)
    args = ("--at", at, "--tz", tz)

    terms = _json("terms", "--from", str(local.year), "--to", str(local.year), "--tz", tz)
    assert {"name": jie.name, "utc": utc_text, "local": local_text} in [
        {k: r[k] for k in ("name", "utc", "local")} for r in terms]
    gods = _json("twelve-gods", *args)[0]
    assert (gods["month_jian"]["jie"], gods["month_jian"]["since_utc"], gods["month_jian"]["since_local"]) == (
        jie.name, utc_text, local_text)
    chaibu = _json("chaibu", *args)[0]
    term_lines = [b for b in chaibu["boundaries"] if b["kind"] == "term" and b["detail"]["values"]["term"] == jie.name]
    for b in term_lines:
        assert (b["utc"], b["local"]) == (utc_text, local_text)
    blocks = [b for b in (chaibu["block"]["previous"], chaibu["block"]["current"], chaibu["block"]["next"])
              if b and b["term"]["name"] == jie.name]
    for b in blocks:  # (the ledger's clock times at a zero offset are written with a Z, as ever)
        assert (b["term"]["utc"], b["term_local"].replace("Z", "+00:00")) == (utc_text, local_text)
    in_force = m.term.name == jie.name          # no 中氣 between the 節 and `at`
    for cmd in ("pillars", "cast", "noble", "gucu", "liuren") if in_force else ():
        term = _json(cmd, *args)[0]["solar_term"]
        assert term == {"name": jie.name, "utc": utc_text, "local": local_text}, cmd

    for lang in ("en", "zh", "ko"):
        assert local_text in _view("terms", "--from", str(local.year), "--to", str(local.year), "--tz", tz, lang=lang)
        assert f"{jie.name} {local_text}" in _view("twelve-gods", *args, lang=lang)  # with its offset (issue 34)
        view = _view("chaibu", *args, lang=lang)
        if term_lines or blocks:
            assert clock in view
        if in_force:
            assert f"{jie.name}  {line}" in _view("pillars", *args, lang=lang)
            assert f"{jie.name}  {line}" in _view("cast", *args, lang=lang)
    # the neighbour seconds (a rounded or truncated instant) are nowhere printed as this term
    for other in (utc - dt.timedelta(seconds=1), utc + dt.timedelta(seconds=1)):
        assert f"{jie.name} {other.astimezone(zone).strftime('%Y-%m-%d %H:%M:%S')}" not in _view("pillars", *args)
        assert f"{jie.name} {other.astimezone(zone).isoformat()}" not in _view("twelve-gods", *args)


def test_jingzhe_2024_is_one_second_everywhere():
    # 驚蟄 2024: 2024-03-05 02:22:46.x UTC; printed 02:22:47, 10:22:47 in Shanghai
    check_term_everywhere("2024-03-05T11:00", "Asia/Shanghai", "驚蟄")
    assert "驚蟄  2024-03-05 10:22:47 +08:00 (02:22:47 UTC)" in _view("cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")


def test_new_york_views_show_new_york_time():
    args = ("--at", "2024-03-05T11:00", "--tz", "America/New_York")
    line = "驚蟄  2024-03-04 21:22:47 -05:00 (2024-03-05 02:22:47 UTC)"
    for cmd in ("cast", "pillars"):
        assert line in _view(cmd, *args)
    assert "驚蟄 2024-03-04T21:22:47-05:00" in _view("twelve-gods", *args)
    assert "2024-03-04 21:22:47" in _view("chaibu", *args)
    assert _json("cast", *args)[0]["solar_term"] == {"name": "驚蟄", "utc": "2024-03-05T02:22:47Z",
                                                     "local": "2024-03-04T21:22:47-05:00"}
    check_term_everywhere("2024-03-05T11:00", "America/New_York", "驚蟄")


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=1900, max_value=2099), st.integers(min_value=0, max_value=11),
       st.sampled_from(["Asia/Shanghai", "America/New_York", "+05:45", "UTC"]))
def test_a_sample_of_terms_1900_2100_is_one_second_everywhere(year, month, tz):
    m = resolve_moment(f"{year}-{month + 1:02d}-15T12:00", tz)
    at = (to_datetime(math.ceil(m.jie.ts)) + dt.timedelta(hours=3)).astimezone(m.local.tzinfo)
    check_term_everywhere(at.replace(tzinfo=None).isoformat(timespec="seconds"), tz)


@pytest.mark.parametrize("cmd", ["cast", "pillars", "noble", "twelve-gods", "gucu", "liuren", "chaibu"])
def test_an_instant_asked_with_a_fraction_is_printed_at_its_next_second(cmd):
    out = _json(cmd, "--at", "2024-03-05T11:00:00.3", "--tz", "Asia/Shanghai")[0]
    assert out["instant_utc"] == "2024-03-05T03:00:01Z"
    assert out["input"]["local"] == "2024-03-05T11:00:01+08:00"


def test_the_utc_aside_goes_whole_to_the_next_line_on_a_narrow_terminal():
    args = ("--at", "2024-03-05T11:00", "--tz", "America/New_York")
    for cmd in ("pillars", "cast", "liuren"):
        for lang in ("en", "zh", "ko"):
            r = invoke(cmd, *args, "--lang", lang, env={"COLUMNS": "60"})
            lines = r.output.splitlines()
            assert any("驚蟄  2024-03-04 21:22:47 -05:00" in x or "雨水  2024-02-18 23:13:11 -05:00" in x for x in lines)
            assert any("(2024-03-05 02:22:47 UTC)" in x or "(2024-02-19 04:13:11 UTC)" in x for x in lines), (cmd, lang)
            assert max(map(len, lines)) <= 60


def test_liuren_sunrise_and_sunset_are_named_by_their_first_second():
    from qimen_cli.liuren.daynight import by_sun

    ts = to_seconds(dt.datetime(2024, 3, 5, 3, tzinfo=UTC))
    d = by_sun(ts, 39.9, 116.4)
    for change in (d.last_change, d.next_change):
        assert change.microsecond == 0
        after, before = by_sun(to_seconds(change), 39.9, 116.4), by_sun(to_seconds(change) - 1, 39.9, 116.4)
        assert after.day != before.day
    r = invoke("liuren", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--lat", "39.9", "--lon", "116.4",
               "--noble-rule", "day-night", "--lang", "en", env={"COLUMNS": "200"})
    assert f"{clock_text(d.last_change, CST, '%m-%d %H:%M:%S')} → {clock_text(d.next_change, CST, '%m-%d %H:%M:%S')}" in r.output
