"""What a newcomer hits first (issue 23 item 8): a mistyped command, the TZ of the environment,
a bad line on stdin, a zone abbreviation, `python -m qimen_cli`, the examples of `qimen --help`."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import zoneinfo

import pytest

from qimen_cli.calendar import clock
from qimen_cli.errors import BadInput


def _one_line_refusal(r, *needles):
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


# --- a mistyped command --------------------------------------------------------------------

@pytest.mark.parametrize("typed, meant", [("cats", "cast"), ("pilars", "pillars"), ("term", "terms"),
                                          ("twelve-god", "twelve-gods"), ("verfy", "verify")])
def test_a_mistyped_command_is_refused_with_the_close_name(run_cli, typed, meant):
    line = _one_line_refusal(run_cli(typed), f"No such command '{typed}'")
    assert line.endswith(f"Did you mean '{meant}'?")


def test_a_command_like_none_lists_the_commands(run_cli):
    line = _one_line_refusal(run_cli("xyzzy", "--at", "now"), "No such command 'xyzzy'")
    assert "Did you mean" not in line and "cast" in line and "twelve-gods" in line


# --- TZ in the environment ---------------------------------------------------------------

@pytest.mark.parametrize("tz, needle", [
    ("Mars/Olympus", "names no time zone"),
    ("JST", "Asia/Tokyo"),
    ("CST", "Asia/Shanghai (China)"),
    ("EST5EDT,M3.2.0,M11.1.0", "POSIX rule with summer time"),
    ("/nonexistent/zone", "no zone file there"),
    ("KST-99", "names no time zone"),
])
def test_a_bad_tz_is_refused_never_utc(run_cli, tz, needle):
    r = run_cli("pillars", "--at", "2024-03-05T11:00", "--json", env={"TZ": tz})
    _one_line_refusal(r, f"TZ={tz!r}", needle)


@pytest.mark.parametrize("tz, label, utc", [
    ("Asia/Seoul", "Asia/Seoul", "2024-03-05T02:00:00Z"),
    (":Asia/Seoul", "Asia/Seoul", "2024-03-05T02:00:00Z"),
    ("KST-9", "+09:00", "2024-03-05T02:00:00Z"),          # POSIX: hours west of Greenwich
    ("<+0530>-5:30", "+05:30", "2024-03-05T05:30:00Z"),
    ("EST5", "-05:00", "2024-03-05T16:00:00Z"),
    ("UTC0", "UTC", "2024-03-05T11:00:00Z"),
    ("", "UTC", "2024-03-05T11:00:00Z"),                  # set but empty: UTC, as the C library reads it
])
def test_tz_values_the_c_library_reads(run_cli, tz, label, utc):
    r = run_cli("pillars", "--at", "2024-03-05T11:00", "--json", env={"TZ": tz})
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert (data["input"]["tz"], data["instant_utc"]) == (label, utc)


def test_tz_as_a_zone_file_path_is_read_by_its_name():
    path = next((p for p in (os.path.join(d, "Asia", "Tokyo") for d in zoneinfo.TZPATH) if os.path.isfile(p)), None)
    if path is None:
        pytest.skip("no system zone files")
    assert clock.tz_zone(path).key == "Asia/Tokyo"
    assert clock.tz_zone(":" + path).key == "Asia/Tokyo"


def test_a_bad_tz_does_not_matter_when_the_time_carries_its_offset(run_cli):
    env = {"TZ": "Mars/Olympus"}
    r = run_cli("cast", "--from", "2024-03-05T11:00+09:00", "--to", "2024-03-05T15:00+09:00", "--json", env=env)
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 3, r.stderr
    r = run_cli("pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Seoul", "--json", env=env)
    assert r.exit_code == 0, r.stderr


# --- a bad line on stdin -------------------------------------------------------------------

def test_a_bad_stdin_line_is_named_by_its_number(run_cli):
    stdin = "2024-03-05T11:00\n\n2024-03-05T12:00\nbad\n"
    r = run_cli("pillars", "--at", "-", "--tz", "+08:00", "--json", input=stdin)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 2
    assert r.stderr.startswith("qimen: error: stdin line 4: cannot read 'bad' as a time")


@pytest.mark.parametrize("command", ["pillars", "cast", "liuren", "twelve-gods", "noble", "gucu"])
def test_every_bad_line_is_named_with_keep_going(run_cli, command):
    stdin = b"2024-03-05T11:00\n1700-01-01T00:00\r\n\xff\xfe\n1987-04-12T02:30\n2024-03-05T13:00\n"
    r = run_cli(command, "--at", "-", "--tz", "Asia/Shanghai", "--json", "--keep-going", input=stdin)
    assert r.exit_code == 2 and len(r.stdout.splitlines()) == 2
    errors = r.stderr.strip().splitlines()
    assert [e.split(":")[1:3] for e in errors] == [[" error", " stdin line 2"], [" error", " stdin line 3"],
                                                   [" error", " stdin line 4"]]
    assert "outside the ephemeris span" in errors[0] and "not UTF-8" in errors[1] and "does not exist" in errors[2]


def test_the_view_names_the_stdin_line_too(run_cli):
    r = run_cli("cast", "--at", "-", "--tz", "+08:00", input="2024-03-05T11:00\nnonsense\n")
    assert r.exit_code == 2 and "stdin line 2: cannot read 'nonsense'" in r.stderr


# --- zone abbreviations --------------------------------------------------------------------

def test_every_abbreviation_names_zones_that_exist():
    names = zoneinfo.available_timezones() | {"UTC"}
    for abbr, zones in clock.ABBREVIATIONS.items():
        assert abbr == abbr.upper() and zones
        for name, where in zones:
            assert name in names, (abbr, name)
            assert where


@pytest.mark.parametrize("abbr", sorted(clock.ABBREVIATIONS))
def test_every_abbreviation_is_refused_with_its_zones(abbr):
    with pytest.raises(BadInput) as caught:
        clock.parse_zone(abbr.lower())
    message = str(caught.value)
    assert all(name in message for name, _ in clock.ABBREVIATIONS[abbr])
    assert ("several zones" in message) == (len(clock.ABBREVIATIONS[abbr]) > 1)


@pytest.mark.parametrize("abbr, names", [("JST", ["Asia/Tokyo"]), ("KST", ["Asia/Seoul"]), ("HKT", ["Asia/Hong_Kong"]),
                                         ("IST", ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]),
                                         ("CST", ["Asia/Shanghai", "America/Chicago"])])
def test_tz_abbreviation_suggests_the_iana_name(run_cli, abbr, names):
    line = _one_line_refusal(run_cli("pillars", "--at", "2024-03-05T11:00", "--tz", abbr), "--tz", abbr, *names)
    assert "abbreviation" in line


# --- python -m qimen_cli -------------------------------------------------------------------

def _module(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "qimen_cli", *args], capture_output=True, text=True, input=input,
                          timeout=300, env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})


def test_python_m_runs_the_command():
    p = _module("pillars", "--at", "2024-03-05T11:00", "--tz", "+08:00", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["pillars"]["day"] == "戊辰"
    p = _module("cats")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip() == "qimen: error: No such command 'cats'. Did you mean 'cast'?"


# --- qimen --help --------------------------------------------------------------------------

def _examples() -> list[tuple[list[str], str | None]]:
    from qimen_cli.cli.main import EPILOG

    out = []
    for line in EPILOG.splitlines():
        command = line.strip().split("  ")[0]
        if not command.startswith(("qimen ", "echo ")):
            continue
        stdin = None
        if command.startswith("echo "):
            piped, command = command.split(" | ")
            stdin = shlex.split(piped)[1] + "\n"
        out.append((shlex.split(command)[1:], stdin))
    return out


def test_the_help_shows_examples(run_cli):
    r = run_cli("--help")
    assert r.exit_code == 0 and "Examples:" in r.stdout
    assert len(_examples()) >= 5
    assert {args[0] for args, _ in _examples()} >= {"cast", "pillars", "find", "terms"}


@pytest.mark.parametrize("args, stdin", _examples(), ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_every_help_example_runs(run_cli, args, stdin):
    r = run_cli(*args, input=stdin)
    assert r.exit_code == 0, r.stderr
    assert r.stdout and not r.stderr
