"""Every --json object of every command starts with "schema_version": 2 (render/jsonout.SCHEMA_VERSION)."""

import json
import subprocess
import sys

import pytest

from qimen_cli.render.jsonout import SCHEMA_VERSION

AT = ["--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]
RANGE = ["--from", "2024-03-05T00:00", "--to", "2024-03-05T06:00", "--tz", "Asia/Shanghai", "--json"]
CASES = [
    ["cast", *AT], ["pillars", *AT], ["noble", *AT], ["noble", *AT, "--no-chart"], ["twelve-gods", *AT],
    ["twelve-gods", *AT, "--school", "sanshi"], ["gucu", *AT], ["liuren", *AT], ["chaibu", *AT],
    ["chaibu", *AT, "--alternatives"], ["liuren", "--day", "甲子", "--hour", "寅", "--yuejiang", "亥", "--json"],
    ["pillars", *RANGE], ["noble", *RANGE], ["twelve-gods", *RANGE], ["gucu", *RANGE], ["liuren", *RANGE],
    ["cast", *RANGE], ["chaibu", "--year", "2024", "--tz", "Asia/Shanghai", "--json"],
    ["terms", "--year", "2024", "--tz", "Asia/Shanghai", "--json"],
    ["patterns", "--json"], ["patterns", "--art", "gucu", "--json"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a[:2]))
def test_schema_version_is_the_first_key(args):
    r = subprocess.run([sys.executable, "-c", "from qimen_cli.cli.main import main; main()", *args],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines
    for line in lines:
        assert line.startswith(f'{{"schema_version":{SCHEMA_VERSION},')
        assert list(json.loads(line))[0] == "schema_version"


def test_the_contract_names_the_version():
    """docs/conventions.md states the version the writers put first (and notes what changed in it)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "conventions.md").read_text(encoding="utf-8")
    assert f'`"schema_version": {SCHEMA_VERSION}`' in text
    assert f"**schema_version {SCHEMA_VERSION}**" in text
