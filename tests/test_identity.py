"""The output captures: every command's JSON over a range is byte-identical to the recorded one.

The digests in tests/data/identity.json were recorded by `scripts/capture_identity.py --write`
before the engine was made one again (issue 20): a change of a byte in any of a year of every
subcommand (cast in both methods and layouts, on a summer-time zone, on mean and apparent
solar time and with --day-change 0; noble, twelve-gods, gucu, liuren, pillars, chaibu, terms),
of `find` over a month, or of one instant's JSON fails here.  A change that is meant re-records
them and says why in the commit.

Beside each digest the output itself is stored (tests/data/identity/NAME.jsonl.gz, gzip'd JSON
Lines; the largest case only in part): a failing case says which keys of which lines changed,
as `scripts/capture_identity.py --diff` does.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("capture_identity", ROOT / "scripts" / "capture_identity.py")
capture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(capture)

RECORDED = json.loads((ROOT / "tests" / "data" / "identity.json").read_text())


def test_every_case_is_recorded():
    assert set(RECORDED) == set(capture.CASES)
    assert {p.name for p in capture.LINES_DIR.iterdir()} == {capture.lines_path(n).name for n in capture.CASES}


@pytest.mark.parametrize("name", sorted(capture.CASES))
def test_stored_lines_are_the_recorded_output(name):
    """Each stored file holds the first `stored` lines of the output the digest was taken of
    (all of it, but for STORED_LINES), written deterministically (no time, no file name)."""
    raw = capture.lines_path(name).read_bytes()
    assert raw[4:8] == b"\0\0\0\0" and not raw[3] & 0x08        # gzip mtime 0, no FNAME
    lines = capture.stored_lines(name)
    rec = RECORDED[name]
    assert len(lines) == rec["stored"] == min(rec["lines"], capture.STORED_LINES.get(name, rec["lines"]))
    if rec["stored"] == rec["lines"]:
        whole = gzip.decompress(raw)
        assert (hashlib.sha256(whole).hexdigest(), len(whole)) == (rec["sha256"], rec["bytes"])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(capture.CASES))
def test_output_identical(name):
    out = capture.run(capture.CASES[name])
    if capture.digest_of(out, name) != RECORDED[name]:
        pytest.fail(f"qimen {' '.join(capture.CASES[name])}\n" + capture.diff(name, out, RECORDED[name]))


def test_diff_names_the_changed_keys_of_the_changed_lines():
    """A capture changed in one key of one line is reported by line and key, old → new."""
    name = "pillars-at"
    out = b"".join(capture.stored_lines(name))
    changed = json.loads(out)
    changed["pillars"]["hour"] = "甲子"
    report = capture.diff(name, json.dumps(changed, ensure_ascii=False).encode() + b"\n", RECORDED[name])
    assert report.splitlines()[0] == f"{name}: 1 of the 1 stored lines differ"
    assert "pillars.hour: " in report and '→ "甲子"' in report
    assert capture.changed_keys({"a": [1, {"b": 2}], "c": 3}, {"a": [1, {"b": 4}], "d": 3}) == [
        "a[1].b", "c (removed)", "d (added)"]
    assert capture.diff(name, out, RECORDED[name]) == ""
