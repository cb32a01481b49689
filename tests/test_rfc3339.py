"""Every timestamp of the JSON is RFC 3339 (issue 32 item 4): its offset ±HH:MM, so pandas and jq
read it; a clock whose offset has seconds (a local mean time such as Seoul's +08:27:52 before
1908, a solar clock with --lon) writes its reading as it stands with the offset to the minute,
and the exact offset in a field of its own (`input.offset` for the civil clock, `input.local_offset`
for the solar clock of `input.local`)."""

from __future__ import annotations

import datetime as _dt
import json
import re

import pytest

from conftest import invoke
from qimen_cli.calendar.clock import offset_minutes, rfc3339

#: RFC 3339's date-time (with the seconds the JSON always writes).
RFC3339 = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)")
#: A string that is a timestamp with a time zone (the `at` a caller typed, without a zone, is left as typed).
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*")

LMT = ("--tz", "Asia/Seoul")  # +08:27:52 before 1908
AT_LMT = ("--at", "1900-03-05T11:00", *LMT)
AT_LON = ("--at", "2024-03-05T11:00", *LMT, "--lon", "126.98")
RANGE_LMT = ("--from", "1900-03-05T00:00", "--to", "1900-03-05T06:00", *LMT)
RANGE_LON = ("--from", "2024-03-05T00:00", "--to", "2024-03-05T06:00", *LMT, "--lon", "126.98", "--solar-time", "apparent")

RUNS = [(c, *w, "--json") for c in ("cast", "pillars", "noble", "twelve-gods", "gucu", "liuren", "chaibu")
        for w in (AT_LMT, AT_LON, RANGE_LMT, RANGE_LON)]
RUNS += [("cast", *AT_LMT, "--explain", "--json"), ("cast", *AT_LON, "--explain", "--method", "chaibu", "--json"),
         ("terms", "--year", "1900", *LMT, "--json"),
         ("find", "--from", "1900-03-01", "--to", "1900-03-08", *LMT, "--where", "cast:三奇得使", "--json"),
         ("find", "--from", "2024-03-01", "--to", "2024-03-08", *LMT, "--lon", "126.98", "--where", "cast:三奇得使", "--json")]


def stamps(value, path="$"):
    """(path, text) of every timestamp string in a JSON value."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from stamps(sub, f"{path}.{key}")
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from stamps(sub, f"{path}[{i}]")
    elif isinstance(value, str) and STAMP.fullmatch(value):
        yield path, value


def objects(args):
    r = invoke(*args)
    assert r.exit_code == 0, (args, r.stderr)
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def test_offsets_to_the_minute():
    assert offset_minutes(_dt.timedelta(hours=8, minutes=27, seconds=52)) == "+08:27"
    assert offset_minutes(-_dt.timedelta(minutes=25, seconds=21)) == "-00:25"  # Dublin's mean time: toward zero
    assert offset_minutes(_dt.timedelta(0)) == "+00:00"
    lmt = _dt.datetime(1900, 3, 5, 11, tzinfo=_dt.timezone(_dt.timedelta(hours=8, minutes=27, seconds=52)))
    assert rfc3339(lmt) == "1900-03-05T11:00:00+08:27"
    # whole minutes: isoformat's own text
    for off in (_dt.timedelta(hours=9), _dt.timedelta(0), -_dt.timedelta(hours=3, minutes=30)):
        when = _dt.datetime(2024, 3, 5, 11, 0, 0, 500000, tzinfo=_dt.timezone(off))
        assert rfc3339(when) == when.isoformat() and rfc3339(when, "seconds") == when.isoformat(timespec="seconds")


@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a[:3]))
def test_every_timestamp_is_rfc3339(args):
    seen = 0
    for obj in objects(args):
        for path, text in stamps(obj):
            assert RFC3339.fullmatch(text), (path, text)
            seen += 1
    assert seen


@pytest.mark.parametrize("args", [("cast", *AT_LON, "--json"), ("pillars", *AT_LON, "--json"),
                                  ("cast", *RANGE_LON, "--json"), ("chaibu", *AT_LON, "--json")],
                         ids=lambda a: " ".join(a[:2]))
def test_the_solar_clock_keeps_its_reading_and_its_offset(args):
    """`local` is the solar clock's reading (to the second); its timestamp less the seconds of
    `local_offset` past the minute is `instant_utc` (to the second of the reading's rounding)."""
    for obj in objects(args):
        got = obj["input"]
        exact = got["local_offset"]
        assert re.fullmatch(r"[+-]\d\d:\d\d:\d\d(\.\d{3})?", exact) and exact != got["offset"]
        assert got["local"].endswith(exact[:6])
        sign = -1 if exact[0] == "-" else 1
        rest = _dt.timedelta(seconds=sign * float(exact[7:]))
        instant = _dt.datetime.fromisoformat(got["local"]) - rest
        utc = _dt.datetime.fromisoformat(obj["instant_utc"].replace("Z", "+00:00"))
        assert _dt.timedelta(0) <= instant - utc < _dt.timedelta(seconds=1)


def test_a_local_mean_time_keeps_its_offset_in_offset():
    """Seoul in 1900 (+08:27:52): the timestamps to the minute, `offset` exact, no local_offset."""
    (obj,) = objects(("cast", *AT_LMT, "--json"))
    assert obj["input"]["offset"] == "+08:27:52" and "local_offset" not in obj["input"]
    assert obj["input"]["local"] == "1900-03-05T11:00:00+08:27"
    assert obj["solar_term"]["local"].endswith("+08:27")


def test_pandas_reads_every_timestamp():
    pd = pytest.importorskip("pandas")
    texts = [text for args in RUNS[:8] for obj in objects(args) for _path, text in stamps(obj)]
    read = pd.to_datetime(pd.Series(texts), format="ISO8601", utc=True)
    assert read.notna().all() and len(read) == len(texts)
