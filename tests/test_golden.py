"""Golden captures of every view: a change to what a reader sees fails here until it is meant.

Each case renders in process (the run_cli fixture, COLUMNS fixed, NO_COLOR) and is compared with
tests/golden/<name>.txt.  After an intended change regenerate and review the diff:

    QIMEN_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py
    git diff tests/golden
"""

import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
AT = ("--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai")

#: name → (width, arguments)
CASES = {
    "cast-80-zh": (80, ("cast", *AT)),
    "cast-120-en": (120, ("cast", *AT, "--lang", "en", "--explain")),
    "cast-60-ko": (60, ("cast", *AT, "--lang", "ko")),
    "cast-range-80": (80, ("cast", "--from", "2024-03-05T09:00", "--to", "2024-03-05T15:00", "--tz", "Asia/Shanghai")),
    "noble-80-zh": (80, ("noble", *AT)),
    "twelve-gods-80-en": (80, ("twelve-gods", *AT, "--lang", "en")),
    "gucu-60-zh": (60, ("gucu", *AT)),
    "liuren-80-ko": (80, ("liuren", *AT, "--lang", "ko")),
    "chaibu-80-zh": (80, ("chaibu", *AT, "--explain")),
    "pillars-60-en": (60, ("pillars", *AT, "--lang", "en")),
    "terms-60-zh": (60, ("terms", "--year", "2024", "--tz", "Asia/Shanghai")),
    "find-80-en": (80, ("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", "Asia/Shanghai",
                        "--where", "cast:玉女守門", "--where", "twelve-gods:合", "--lang", "en")),
    "patterns-120-zh": (120, ("patterns",)),
    # the views that landed for issues 31-34 (the qa pass): each variant's * with its legend line
    "cast-lodge-kun-80-ko": (80, ("cast", "--at", "2024-08-05T11:00", "--tz", "Asia/Shanghai", "--lodge", "kun",
                                  "--lang", "ko")),
    "cast-qin-apart-60-en": (60, ("cast", *AT, "--qin", "apart", "--lang", "en")),
    "cast-maoshan-120-zh": (120, ("cast", *AT, "--method", "maoshan")),
    "cast-annotate-80-en": (80, ("cast", *AT, "--annotate", "all", "--lang", "en")),
    "cast-annotate-60-ko": (60, ("cast", *AT, "--annotate", "all", "--lang", "ko")),
    "chaibu-maoshan-60-ko": (60, ("chaibu", "--at", "2024-03-21T11:00", "--tz", "Asia/Shanghai", "--method", "maoshan",
                                  "--lang", "ko")),
    "chaibu-stats-80-zh": (80, ("chaibu", "--stats", "--from", "2023", "--to", "2024", "--tz", "+08:00")),
    "find-ics-80-en": (80, ("find", "--from", "2024-03-01", "--to", "2024-03-10", "--tz", "Asia/Shanghai",
                            "--where", "cast:玉女守門", "--ics", "-", "--lang", "en")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name, run_cli):
    width, args = CASES[name]
    r = run_cli(*args, env={"COLUMNS": str(width), "NO_COLOR": "1", "QIMEN_WORKERS": "1"})
    assert r.exit_code == 0, r.stderr
    got = r.stdout
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("QIMEN_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no golden capture {path.name}: run with QIMEN_UPDATE_GOLDEN=1"
    want = path.read_text(encoding="utf-8")
    assert got == want, f"{name} changed; if intended: QIMEN_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py"
