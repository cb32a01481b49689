"""`qimen liuren` as a user runs it: JSON keys, JSON Lines over a range, the rich view, exit 2."""

from __future__ import annotations

import json

import pytest


def test_json_without_a_date(run_cli):
    """正月甲子日寅時 as the text gives it: --day 甲子 --hour 寅 --month 1 (登明加寅)."""
    r = run_cli("liuren", "--day", "甲子", "--hour", "寅", "--month", "正月", "--half", "yang", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["yue_jiang"] == "亥" and data["heaven_plate"]["寅"] == "亥"
    assert data["lessons"] == [["亥", "甲"], ["申", "亥"], ["酉", "子"], ["午", "酉"]]
    assert data["transmissions"] == ["午", "卯", "子"] and data["rule"] == "賊剋"
    assert data["labels"] == ["賊剋", "上克下"]
    assert data["generals"]["未"] == "貴人" and data["noble"]["branch"] == "未"
    assert set(data) >= {"yue_jiang", "heaven_plate", "lessons", "transmissions", "rule", "labels", "generals", "noble"}


def test_json_from_a_date(run_cli):
    r = run_cli("liuren", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["pillars"]["day"] == data["day"] == "戊辰" and data["hour"] == "午"
    assert data["zhong_qi"]["name"] == "雨水" and data["yue_jiang"] == "亥" and data["yue_jiang_by"] == "中氣"
    assert data["noble"]["basis"] == "陽貴"
    r = run_cli("liuren", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--yuejiang", "河魁", "--json")
    assert json.loads(r.stdout)["yue_jiang"] == "戌"


def test_range_is_json_lines(run_cli):
    r = run_cli("liuren", "--from", "2024-03-05T01:00", "--to", "2024-03-05T23:00", "--tz", "+08:00", "--json")
    assert r.exit_code == 0, r.stderr
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["hour"] for x in lines] == list("丑寅卯辰巳午未申酉戌亥子")


@pytest.mark.parametrize("lang, word", [("zh", "四課"), ("ko", "사과"), ("en", "four lessons")])
def test_terminal_view(run_cli, lang, word):
    r = run_cli("liuren", "--day", "己未", "--hour", "戌", "--yuejiang", "亥", "--noble-rule", "day-night", "--lang", lang)
    assert r.exit_code == 0, r.stderr
    assert word in r.stdout and "小吉" in r.stdout and "八專" in r.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (("--day", "甲丑", "--hour", "寅", "--month", "1"), "甲丑"),
        (("--day", "甲子", "--hour", "寅"), "--yuejiang"),
        (("--day", "甲子", "--hour", "龍", "--month", "1"), "龍"),
        (("--day", "甲子", "--month", "1"), "--hour"),
        (("--day", "甲子", "--hour", "寅", "--month", "13"), "13"),
        (("--day", "甲子", "--hour", "寅", "--yuejiang", "天狗"), "天狗"),
        (("--day", "甲子", "--hour", "寅", "--month", "1", "--yuejiang", "亥"), "--month"),
        (("--day", "甲子", "--hour", "寅", "--month", "1", "--at", "2024-01-01"), "--at"),
        (("--at", "2024-03-05T11:00", "--lat", "31"), "--noble-rule day-night"),
        (("--at", "2024-03-05T11:00", "--lat", "31", "--noble-rule", "day-night"), "--lon"),
        (("--at", "2024-03-05T11:00", "--lat", "100", "--lon", "3"), "100"),
        (("--at", "2024-03-05T11:00", "--half", "yang"), "--half"),
        (("--noble-rule", "sideways"), "sideways"),
        (("--at", "1700-01-01T00:00", "--tz", "UTC"), "outside the ephemeris span"),
    ],
)
def test_bad_input_exits_2_with_one_line(run_cli, args, needle):
    r = run_cli("liuren", *args)
    assert r.exit_code == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and needle in r.stderr


def test_start_up_imports_only_what_is_needed(run_process):
    """A --json lesson without a date loads neither rich nor skyfield."""
    script = (
        "import sys\nfrom qimen_cli.cli.main import main\n"
        "try:\n    main(['liuren', '--day', '甲子', '--hour', '寅', '--month', '1', '--json'])\n"
        "except SystemExit:\n    pass\n"
        "print('rich' in sys.modules, 'skyfield' in sys.modules)\n"
    )
    r = run_process(code=script)
    assert r.stdout.strip().splitlines()[-1] == "False False", r.stderr
