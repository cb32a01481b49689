"""Record (or check) the output identity captures: sha256 of each command's JSON over a range.

    python scripts/capture_identity.py            # print the digests as JSON
    python scripts/capture_identity.py --write    # write tests/data/identity.json

The cases (`CASES`) cover a year of every subcommand's JSON Lines (cast in both methods and
layouts and on other clocks, noble, twelve-gods, gucu, liuren, pillars, chaibu's ledger, terms),
find over a month, and one instant of each with --json.  tests/test_identity.py runs them and
compares: a refactor that changes a byte of any of them fails there.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

YEAR = ("--from", "2024-01-01", "--to", "2024-12-31")
SH = ("--tz", "Asia/Shanghai")

#: name → the arguments of `qimen`.
CASES: dict[str, tuple[str, ...]] = {
    "cast-zhirun-zhuan-year": ("cast", *YEAR, *SH, "--json"),
    "cast-zhirun-fei-year": ("cast", *YEAR, *SH, "--layout", "fei", "--json"),
    "cast-chaibu-zhuan-year": ("cast", *YEAR, *SH, "--method", "chaibu", "--json"),
    "cast-chaibu-fei-year": ("cast", *YEAR, *SH, "--method", "chaibu", "--layout", "fei", "--json"),
    "cast-newyork-quarter": ("cast", "--from", "2024-01-01", "--to", "2024-03-31", "--tz", "America/New_York",
                             "--json"),
    "cast-lon-daychange0-quarter": ("cast", "--from", "2024-10-01", "--to", "2024-12-31", "--tz", "Asia/Seoul",
                                    "--lon", "126.98", "--day-change", "0", "--json"),
    "cast-apparent-week": ("cast", "--from", "2024-06-01", "--to", "2024-06-07", "--tz", "Asia/Seoul",
                           "--lon", "126.98", "--solar-time", "apparent", "--json"),
    "cast-where-century": ("cast", "--from", "1950-01-01", "--to", "2049-12-31", *SH, "--where", "玉女守門",
                           "--json"),
    "cast-chaibu-instant-quarter": ("cast", "--from", "2024-01-01", "--to", "2024-03-31", *SH, "--method",
                                    "chaibu", "--switch", "instant", "--json"),
    "noble-year": ("noble", *YEAR, *SH, "--json"),
    "twelve-gods-year": ("twelve-gods", *YEAR, *SH, "--json"),
    "gucu-year": ("gucu", *YEAR, *SH, "--json"),
    "liuren-year": ("liuren", *YEAR, *SH, "--json"),
    "pillars-year": ("pillars", *YEAR, *SH, "--json"),
    "chaibu-ledger-year": ("chaibu", "--year", "2024", *SH, "--json"),
    "chaibu-at-month": ("chaibu", "--from", "2024-05-01", "--to", "2024-05-31", *SH, "--json"),
    "terms-decade": ("terms", "--from", "2020", "--to", "2030", *SH, "--json"),
    "find-month": ("find", "--from", "2024-03-01", "--to", "2024-03-31", *SH, "--where", "cast:三奇得使",
                   "--json"),
    "find-month-arts": ("find", "--from", "2024-03-01", "--to", "2024-03-31", "--tz", "Asia/Seoul",
                        "--where", "twelve-gods:合", "--where", "!gucu:往亡", "--json"),
    "find-month-path": ("find", "--from", "2024-03-01", "--to", "2024-03-31", *SH,
                        "--where", "cast:palaces.1.door=開門", "--json"),
}
AT = ("--at", "2024-03-05T11:00", *SH, "--json")
for _cmd in ("cast", "noble", "twelve-gods", "gucu", "liuren", "pillars", "chaibu"):
    CASES[f"{_cmd}-at"] = (_cmd, *AT)

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "identity.json"


def run(args: tuple[str, ...]) -> bytes:
    """stdout of `qimen *args` as a real process (the console entry point)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", "from qimen_cli.cli.main import console; console()", *args],
                          capture_output=True, env=env, timeout=600)
    if done.returncode:
        raise SystemExit(f"qimen {' '.join(args)}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
    return done.stdout


def digest(args: tuple[str, ...]) -> dict:
    out = run(args)
    return {"sha256": hashlib.sha256(out).hexdigest(), "lines": out.count(b"\n"), "bytes": len(out)}


def main() -> None:
    found = {name: digest(args) for name, args in CASES.items()}
    text = json.dumps(found, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if "--write" in sys.argv:
        DATA.write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
