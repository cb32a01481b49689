"""`qimen pillars` and `qimen terms` as a user runs them: output, JSON keys, exit codes."""

import json

import pytest


def test_pillars_json_keys(run_cli):
    r = run_cli("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["pillars"] == {"year": "甲辰", "month": "丁卯", "day": "戊辰", "hour": "戊午"}
    assert data["solar_term"] == {"name": "驚蟄", "utc": "2024-03-05T02:22:47Z", "local": "2024-03-05T10:22:47+08:00"}  # 02:22:46.163: its first whole second
    assert data["lunar"] == {"year": "甲辰", "month": 1, "day": 25, "leap": False, "zone": "china"}  # the default reckoning, UTC+8
    assert data["input"]["tz"] == "Asia/Shanghai" and data["input"]["day_change"] == 23
    assert data["instant_utc"] == "2024-03-05T03:00:00Z"


def test_pillars_range_is_json_lines_in_order(run_cli):
    r = run_cli("pillars", "--from", "2024-03-05T01:00", "--to", "2024-03-05T23:00", "--tz", "+08:00", "--json")
    assert r.exit_code == 0, r.stderr
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(lines) == 12
    assert [x["pillars"]["hour"][1] for x in lines] == list("丑寅卯辰巳午未申酉戌亥子")


def test_pillars_stdin(run_cli):
    r = run_cli("pillars", "--at", "-", "--tz", "+08:00", "--json", input="2024-03-05T11:00\n2024-03-05T23:30\n")
    assert r.exit_code == 0, r.stderr
    days = [json.loads(x)["pillars"]["day"] for x in r.stdout.splitlines()]
    assert days == ["戊辰", "己巳"]


def test_korean_lunar_zone(run_cli):
    r = run_cli("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Seoul", "--lunar-zone", "+09:00", "--json")
    assert json.loads(r.stdout)["lunar"]["zone"] == "+09:00"


@pytest.mark.parametrize(
    "args, needle",
    [
        (("pillars", "--at", "not-a-date"), "not-a-date"),
        (("pillars", "--at", "2024-01-01T00:00", "--tz", "Mars/Base"), "Mars/Base"),
        (("pillars", "--at", "1700-01-01T00:00", "--tz", "UTC"), "outside the ephemeris span"),
        (("pillars", "--at", "2024-01-01", "--from", "2024-01-01", "--to", "2024-01-02"), "--at"),
        (("pillars", "--from", "2024-01-01"), "--from and --to"),
        (("pillars", "--at", "1987-04-12T02:30", "--tz", "Asia/Shanghai"), "does not exist"),
        (("pillars", "--day-change", "5"), "5"),
        (("pillars", "--solar-time", "apparent"), "--lon"),
        (("pillars", "--every", "soon", "--from", "2024-01-01", "--to", "2024-01-02"), "soon"),
        (("pillars", "--ephemeris", "/nonexistent.bsp"), "/nonexistent.bsp"),
        (("terms", "--year", "1650"), "outside the ephemeris span"),
        (("terms", "--year", "9999"), "year 9999 is outside every ephemeris span"),          # issue 24.4
        (("terms", "--from", "2124", "--to", "9999"), "year 9999 is outside every ephemeris span"),
        (("terms", "--year", "9999", "--tz", "+14:00"), "year 9999"),
        (("terms", "--year", "1", "--tz", "-12:00"), "year 1 is outside every ephemeris span"),
        (("terms", "--from", "2200", "--to", "2201"), "outside the ephemeris span"),
        (("terms", "--year", "2024", "--from", "2020", "--to", "2030"), "--year"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, needle, run_cli):
    r = run_cli(*args)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert needle in r.stderr
    assert "Traceback" not in r.stderr


def test_range_stops_at_a_bad_instant_unless_keep_going(run_cli):
    stdin = "2024-03-05T11:00\nbad\n2024-03-05T13:00\n"
    r = run_cli("pillars", "--at", "-", "--tz", "+08:00", "--json", input=stdin)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 1 and "bad" in r.stderr
    r = run_cli("pillars", "--at", "-", "--tz", "+08:00", "--keep-going", "--json", input=stdin)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 2


def test_terms_json_lines(run_cli):
    r = run_cli("terms", "--year", "2024", "--tz", "Asia/Shanghai", "--json")
    assert r.exit_code == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(rows) == 24
    assert rows[0] == {"schema_version": 2, "name": "小寒", "longitude": 285, "utc": "2024-01-05T20:49:23Z", "local": "2024-01-06T04:49:23+08:00"}
    assert set(rows[5]) == {"schema_version", "name", "longitude", "utc", "local"}


def test_terms_table_view(run_cli):
    r = run_cli("terms", "--from", "2024", "--to", "2025", "--tz", "Asia/Seoul")
    assert r.exit_code == 0 and "立春" in r.stdout and "2025" in r.stdout


def test_data_files_are_found_by_the_installed_package():
    from qimen_cli.calendar import ephemeris

    d = ephemeris.data_dir()
    assert (d / ephemeris.EXCERPT_NAME).is_file() and (d / "terms.tsv").is_file() and (d / "new_moons.tsv").is_file()


def test_civil_years_are_instants_of_the_zone_or_out_of_span():
    """`Context.civil_years`: the engine's bounds of `terms` (issue 24.4: year 9999's end is no
    Python date, which gave a traceback)."""
    import datetime as dt

    from qimen_cli.calendar.context import get_context
    from qimen_cli.calendar.terms import to_seconds
    from qimen_cli.errors import OutOfSpan

    eight = dt.timezone(dt.timedelta(hours=8))
    lo, hi = get_context().civil_years(2024, 2025, eight)
    assert (lo, hi) == (to_seconds(dt.datetime(2024, 1, 1, tzinfo=eight)), to_seconds(dt.datetime(2026, 1, 1, tzinfo=eight)))
    for first, last in ((9999, 9999), (2124, 9999), (1, 1800), (1799, 1800), (2200, 2201)):
        with pytest.raises(OutOfSpan):
            get_context().civil_years(first, last, eight)
