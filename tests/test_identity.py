"""The output captures: every command's JSON over a range is byte-identical to the recorded one.

The digests in tests/data/identity.json were recorded by `scripts/capture_identity.py --write`
before the engine was made one again (issue 20): a change of a byte in any of a year of every
subcommand (cast in both methods and layouts, on a summer-time zone, on mean and apparent
solar time and with --day-change 0; noble, twelve-gods, gucu, liuren, pillars, chaibu, terms),
of `find` over a month, or of one instant's JSON fails here.  A change that is meant re-records
them and says why in the commit.
"""

from __future__ import annotations

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


@pytest.mark.parametrize("name", sorted(capture.CASES))
def test_output_identical(name):
    assert capture.digest(capture.CASES[name]) == RECORDED[name], f"qimen {' '.join(capture.CASES[name])}"
