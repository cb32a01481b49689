"""chaibu's caches in front of its rules (the boundary lines per term, day and 時辰, the methods'
reason, the kept texts) answer as the rules do: a stream of instants on several clocks and both
switches, answered in one order with the caches warm, equals each instant answered alone with
every cache emptied first."""

from __future__ import annotations

import datetime as dt

import pytest

from qimen_cli.calendar.resolve import resolve_moment
from qimen_cli.qimen import boundaries as bmod
from qimen_cli.qimen import compare as cmod
from qimen_cli.qimen.ledger import chaibu_report
from qimen_cli.render import json_chaibu

ZONES = ("Asia/Shanghai", "Asia/Tokyo", "America/New_York", "+05:45")
#: Two-hourly instants over a 元 line, a term (2024-03-20 春分) and a summer-time change in New York.
START = dt.datetime(2024, 3, 8, 0, 0)
INSTANTS = [(START + dt.timedelta(hours=2 * i)).isoformat(timespec="minutes") for i in range(0, 160, 7)]


def _empty_caches() -> None:
    for f in (bmod._term_lines, bmod._yuan_lines, bmod._shichen_lines, bmod._day_lines, bmod._delta_t_line):
        f.cache_clear()
    cmod._REASONS.clear()
    json_chaibu._BOUNDARY_TEXTS.clear()
    json_chaibu._STEP_IDS.clear()
    json_chaibu._STEP_TEXTS.clear()


def _text(at: str, tz: str, switch: str) -> str:
    m = resolve_moment(at, tz)
    return json_chaibu.report_text(m, chaibu_report(m, switch))


@pytest.mark.parametrize("switch", ["shichen", "instant"])
def test_a_warm_stream_answers_as_each_instant_alone(switch):
    cases = [(at, tz) for tz in ZONES for at in INSTANTS]
    for case in cases:  # the other switch first: its lines and texts cached too
        _text(*case, "instant" if switch == "shichen" else "shichen")
    warm = {case: _text(*case, switch) for case in cases[::-1]}
    for case in cases[::5]:
        _empty_caches()
        assert _text(*case, switch) == warm[case], case


def test_the_boundaries_are_nearest_first_and_either_side_of_the_day():
    m = resolve_moment("2024-03-10T23:30", "America/New_York")
    lines = bmod.boundaries(m)
    assert [abs(b.seconds_away) for b in lines] == sorted(abs(b.seconds_away) for b in lines)
    days = [b for b in lines if b.kind == "day_00"]
    assert len(days) == 2 and days[0].seconds_away * days[1].seconds_away < 0
