"""Issue 34 items 1 and 4: the wrong answers, the regression in find, and the last faults.

Each test here failed before its fix: a hint that named a zone of the opposite sign, find's
`matched` values, a typo in a cast path, damaged ephemeris records, deep nesting, FIFOs,
newlines in the environment, completion junk, the API's raw exceptions, exports that
overwrote silently.
"""

from __future__ import annotations

import re

import pytest

from qimen_cli.calendar.clock import close_zone_names


def one_line_refusal(result, *needles):
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def _suggested(line: str) -> list[str]:
    """The zone names and offsets a refusal offers after 'did you mean'."""
    tail = line.split("did you mean", 1)[1].split("?", 1)[0]
    return [part.strip() for part in tail.split(",")]


@pytest.mark.parametrize("typed, offset", [("GMT+9", "+09:00"), ("UTC+9", "+09:00"), ("GMT-5", "-05:00"),
                                           ("+9", "+09:00"), ("UTC+5:30", "+05:30"), ("gmt+10", "+10:00")])
def test_a_loose_offset_suggests_the_offset_never_an_etc_gmt_name(run_cli, typed, offset):
    line = one_line_refusal(run_cli("pillars", "--at", "2024-03-01T12:00", "--tz", typed), typed)
    assert _suggested(line) == [offset]
    assert "UTC−09:00" in line and "west" in line  # what Etc/GMT±N means is said


@pytest.mark.parametrize("typed, sign", [("GMT+9", +1), ("GMT+09x", +1), ("UTC-3y", -1), ("Etc/GMT+x", 0)])
def test_no_suggested_zone_has_the_opposite_sign(typed, sign):
    for name in close_zone_names(typed):
        m = re.fullmatch(r"Etc/GMT([+-])(\d+)", name)
        if m and sign and int(m.group(2)):
            offset_sign = -1 if m.group(1) == "+" else 1
            assert offset_sign == sign, (typed, name)


def test_an_etc_gmt_suggestion_says_what_its_sign_means(run_cli):
    line = one_line_refusal(run_cli("pillars", "--at", "2024-03-01T12:00", "--tz", "Etc/GMT+x"))
    assert "Etc/GMT" in line and "UTC−09:00" in line
