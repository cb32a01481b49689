"""The door: every time, zone, step and option is read strictly or refused with one line.

Issue "Time input that never lies": each misread that used to pass silently now exits 2 with
one line on stderr and nothing on stdout; every accepted form gives the same instant; the
clock follows the rule (offset with no --tz → that offset's clock; --tz → --tz's clock).
"""

from __future__ import annotations

import json

import pytest


def assert_refused(result, needle=None):
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("qimen: error: ")
    if needle is not None:
        assert needle in lines[0], lines[0]


AT = ("pillars", "--json", "--at")

#: Every misread the issue lists (and their kin): each must be refused, naming the value.
MISREADS = [
    ((*AT, "05/03/2024"), "05/03/2024"),
    ((*AT, "24-03-05"), "24-03-05"),
    ((*AT, "11:00"), "11:00"),
    ((*AT, "Tuesday"), "Tuesday"),
    ((*AT, "2024-03-05T11:00 EST"), "EST"),
    ((*AT, "2024-03-05T11:00Z+08:00"), "Z+08:00"),
    ((*AT, "2024-03-05T11:00+25:00"), "+25:00"),
    ((*AT, "2024-03-05"), "2024-03-05T12:00"),  # a date alone: the hint shows a time
    ((*AT, "20240305T1100"), "20240305T1100"),
    ((*AT, "2024-02-30T11:00"), "2024-02-30"),
    ((*AT, "2024-03-05T24:00"), "24:00"),
    ((*AT, "yesterday"), "yesterday"),
    (("pillars", "--at", "2024-03-05T11:00", "--tz", "KST"), "Asia/Seoul"),
    (("pillars", "--at", "2024-03-05T11:00", "--tz", "EST"), "IANA"),
    (("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Seol"), "Asia/Seoul"),
    (("pillars", "--at", "2024-03-05T11:00", "--tz", "Mars/Base"), "Mars/Base"),
    (("pillars", "--at", "2024-03-05T11:00", "--tz", "+25:00"), "+25:00"),
    (("pillars", "--at", "2024-03-05T11:00", "--lunar-zone", "+2500"), "+2500"),
    (("pillars", "--at", "2024-03-05T11:00", "--lunar-zone", "Asia/Seoul"), "offset"),
    (("terms", "--year", "0"), "0"),
    (("terms", "--year", "1650"), "--ephemeris"),
    (("pillars", "--from", "2024-01-01", "--to", "2024-01-02", "--every", "99999999999d"), "99999999999d"),
    (("pillars", "--from", "2024-01-01", "--to", "2024-01-02", "--every", "0.0000001s"), "0.0000001s"),
    (("pillars", "--from", "2024-01-01", "--to", "2024-01-02", "--every", "0h"), "0h"),
    (("pillars", "--from", "2024-01-01", "--to", "2024-01-02", "--every", "-2h"), "-2h"),
    (("pillars", "--from", "2024-01-01", "--to", "2024-01-02", "--every", "1.5d"), "1.5d"),
    (("pillars", "--from", "2024-01-02", "--to", "2024-01-01"), "before"),
    (("pillars", "--at", "1799-09-01T00:00"), "1799-11-27"),
    (("gucu", "--at", "2200-12-31T00:00"), "2200-12-06"),
    (("cast", "--at", "1700-01-01T00:00"), "--ephemeris"),
    (("cast", "--from", "2201-04-01T00:00", "--to", "2201-04-09T00:00", "--json"), "outside"),
    # options that would be ignored
    (("pillars", "--at", "2024-03-05T11:00", "--every", "2h"), "--every"),
    (("pillars", "--at", "2024-03-05T11:00", "--keep-going"), "--keep-going"),
    (("cast", "--at", "2024-03-05T11:00", "--switch", "instant"), "--switch"),
    (("cast", "--at", "2024-03-05T11:00", "--where", "玉女守門"), "--where"),
    (("cast", "--from", "2024-03-05", "--to", "2024-03-06", "--explain"), "--explain"),
    (("liuren", "--at", "2024-03-05T11:00", "--lat", "31"), "--noble-rule day-night"),
    (("noble", "--at", "2024-03-05T11:00", "--no-chart", "--method", "chaibu"), "--no-chart"),
    (("gucu", "--at", "2024-03-05T11:00", "--no-chart", "--layout", "fei"), "--no-chart"),
    (("chaibu", "--year", "2024", "--every", "1d"), "--every"),
    (("pillars", "--at", "2024-03-05T11:00", "--lon", "200"), "200"),
    (("liuren", "--day", "甲丑", "--hour", "寅", "--yuejiang", "亥"), "甲丑"),
    (("gucu", "--at", "2024-03-05T11:00", "--born", "13-1"), "13-1"),
]


@pytest.mark.parametrize("args, needle", MISREADS, ids=[" ".join(a[1:]) for a, _ in MISREADS])
def test_misreads_are_refused_with_one_line(args, needle, run_cli):
    assert_refused(run_cli(*args), needle)


#: Accepted forms of one instant (2024-03-05 03:00 UTC), read in +08:00 where no offset is given.
ACCEPTED = [
    "2024-03-05T11:00",
    "2024-03-05 11:00",
    "2024-03-05t11:00",
    "2024-03-05T11:00:00",
    "2024-03-05T11:00:00.000",
    "2024-03-05T11:00:00,0",
    "2024-03-05T03:00Z",
    "2024-03-05T03:00:00z",
    "2024-03-05T11:00+08:00",
    "2024-03-05T11:00+0800",
    "2024-03-05T12:00+09:00",
    "  2024-03-05T11:00  ",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_accepted_forms(text, run_cli):
    r = run_cli("pillars", "--json", "--at", text, "--tz", "+08:00")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["instant_utc"] == "2024-03-05T03:00:00Z"
    assert data["pillars"]["hour"] == "戊午"  # read on the +08:00 clock given by --tz


@pytest.mark.parametrize("tz", ["+08:00", "+0800", "+08", "Asia/Shanghai", "UTC", "Z", "utc"])
def test_zone_forms(tz, run_cli):
    r = run_cli("pillars", "--json", "--at", "2024-03-05T11:00", "--tz", tz)
    assert r.exit_code == 0, r.stderr


def test_offset_is_the_clock_without_tz(run_cli):
    """The issue's case: 11:00+09:00 on a UTC machine is the 午 hour of +09:00, not 丑 of UTC."""
    r = run_cli("pillars", "--json", "--at", "2024-03-05T11:00+09:00", env={"TZ": "UTC"})
    data = json.loads(r.stdout)
    assert data["instant_utc"] == "2024-03-05T02:00:00Z"
    assert data["pillars"]["hour"] == "戊午"
    assert data["input"]["tz"] == "+09:00" and data["input"]["at"] == "2024-03-05T11:00+09:00"


def test_offset_and_tz_instant_from_offset_clock_from_tz(run_cli):
    r = run_cli("pillars", "--json", "--at", "2024-03-05T11:00+09:00", "--tz", "UTC", env={"TZ": "Asia/Seoul"})
    data = json.loads(r.stdout)
    assert data["instant_utc"] == "2024-03-05T02:00:00Z"
    assert data["input"]["tz"] == "UTC" and data["input"]["local"] == "2024-03-05T02:00:00+00:00"
    assert data["pillars"]["hour"][1] == "丑"


def test_system_zone_without_offset_or_tz(run_cli):
    r = run_cli("pillars", "--json", "--at", "2024-03-05T11:00", env={"TZ": "Asia/Seoul"})
    data = json.loads(r.stdout)
    assert data["instant_utc"] == "2024-03-05T02:00:00Z" and data["input"]["tz"] == "Asia/Seoul"


def test_range_date_alone_covers_whole_days(run_cli):
    r = run_cli("pillars", "--json", "--from", "2024-03-05", "--to", "2024-03-06", "--tz", "+08:00")
    stamps = [json.loads(x)["input"]["local"] for x in r.stdout.splitlines()]
    assert len(stamps) == 24
    assert stamps[0] == "2024-03-05T00:00:00+08:00" and stamps[-1] == "2024-03-06T22:00:00+08:00"


def test_range_offset_sets_the_clock(run_cli):
    r = run_cli("pillars", "--json", "--from", "2024-03-05T11:00+09:00", "--to", "2024-03-05T13:00+09:00", env={"TZ": "UTC"})
    hours = [json.loads(x)["pillars"]["hour"][1] for x in r.stdout.splitlines()]
    assert hours == ["午", "未"]


def test_civil_day_steps_keep_the_wall_clock_across_summer_time(run_cli):
    r = run_cli("pillars", "--json", "--from", "2024-03-08T12:00", "--to", "2024-03-12T12:00", "--every", "1d",
            "--tz", "America/New_York")
    rows = [json.loads(x)["input"]["local"] for x in r.stdout.splitlines()]
    assert [x[11:] for x in rows] == ["12:00:00-05:00"] * 2 + ["12:00:00-04:00"] * 3


def test_elapsed_steps_follow_elapsed_time_across_summer_time(run_cli):
    r = run_cli("pillars", "--json", "--from", "2024-03-10T00:00", "--to", "2024-03-10T05:00", "--every", "1h",
            "--tz", "America/New_York")
    rows = [json.loads(x)["input"]["local"][11:16] for x in r.stdout.splitlines()]
    assert rows == ["00:00", "01:00", "03:00", "04:00", "05:00"]


def test_stdin_bom_crlf_and_lone_cr(run_cli):
    data = "\ufeff2024-03-05T11:00\r\n2024-03-05T13:00\r2024-03-05T15:00\n".encode()
    r = run_cli("pillars", "--json", "--at", "-", "--tz", "+08:00", input=data)
    assert r.exit_code == 0, r.stderr
    assert [json.loads(x)["pillars"]["hour"][1] for x in r.stdout.splitlines()] == ["午", "未", "申"]


def test_stdin_undecodable_line_is_a_bad_line(run_cli):
    data = b"2024-03-05T11:00\n\xff\xfe\n2024-03-05T13:00\n"
    r = run_cli("pillars", "--json", "--at", "-", "--tz", "+08:00", input=data)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 1
    assert "not UTF-8" in r.stderr
    r = run_cli("pillars", "--json", "--at", "-", "--tz", "+08:00", "--keep-going", input=data)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 2


@pytest.mark.parametrize("name, value", [("QIMEN_WORKERS", "abc"), ("QIMEN_WORKERS", "0"), ("QIMEN_WORKERS", "-1"),
                                         ("QIMEN_PARALLEL_MIN", "abc"), ("QIMEN_PARALLEL_MIN", "0")])
def test_environment_is_validated(name, value, run_cli):
    r = run_cli("pillars", "--json", "--from", "2024-01-01", "--to", "2024-01-02", "--tz", "UTC", env={name: value})
    assert_refused(r, name)


def test_bare_qimen_prints_help(run_cli):
    r = run_cli()
    assert r.exit_code == 0 and "Usage" in r.stdout and r.stderr == ""


#: Each command's span with the shipped tables, as its --help and the README state it:
#: (command line, first day inside, last day inside).  Inside, every instant works; a day
#: beyond either end is refused with one line that gives the span as dates.
SPANS = [
    (("cast",), "1799-08-08", "2201-04-04"),
    (("cast", "--method", "chaibu"), "1799-07-23", "2201-04-04"),
    (("pillars",), "1799-11-27", "2200-12-06"),
    (("noble",), "1799-08-08", "2201-04-04"),
    (("noble", "--no-chart"), "1799-07-23", "2201-04-04"),
    (("twelve-gods",), "1799-07-23", "2201-04-04"),
    (("liuren",), "1799-07-23", "2201-04-04"),
    (("gucu",), "1799-11-27", "2200-12-06"),
    (("chaibu",), "1799-08-08", "2201-04-04"),
]


@pytest.mark.parametrize("args, first, last", SPANS, ids=[" ".join(a) for a, _, _ in SPANS])
def test_command_spans(args, first, last, run_cli):
    import datetime as dt

    for day in (first, last):
        for clock in ("00:00", "12:00", "15:59"):
            r = run_cli(*args, "--json", "--tz", "UTC", "--at", f"{day}T{clock}")
            assert r.exit_code == 0, (day, clock, r.stderr)
    before = (dt.date.fromisoformat(first) - dt.timedelta(days=1)).isoformat()
    after = (dt.date.fromisoformat(last) + dt.timedelta(days=2)).isoformat()
    for day in (before, after):
        r = run_cli(*args, "--json", "--tz", "UTC", "--at", f"{day}T12:00")
        assert_refused(r, "--ephemeris")
        assert "…" in r.stderr and "1799-" in r.stderr
