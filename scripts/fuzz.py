"""Run the generated-input contract over many command lines and print the figures.

    python scripts/fuzz.py [--lines 20000] [--seed 1]

Each line is a `qimen` command line from tests/fuzzgen.py (every subcommand and option,
good and bad values), run in process with click's CliRunner.  Printed: lines tried, lines
skipped (ranges too long to be cheap), exit statuses, and every failure of the contract
(an exception, an exit status other than 0 or 2, or exit 2 without exactly one stderr
line and an empty stdout).  Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

from click.testing import CliRunner  # noqa: E402

from fuzzgen import check, command_lines, too_long  # noqa: E402
from qimen_cli.cli.main import cli  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    runner = CliRunner()
    statuses: collections.Counter = collections.Counter()
    failures: dict[str, list] = {}
    skipped = 0
    for args, env in command_lines(opts.seed, opts.lines):
        if too_long(args):
            skipped += 1
            continue
        result = runner.invoke(cli, args, env=env, input="2024-03-05T11:00\n")
        statuses[result.exit_code] += 1
        problem = check(result, args)
        if problem:
            failures.setdefault(problem, []).append((args, env))
    tried = sum(statuses.values())
    print(f"lines generated {opts.lines}, tried {tried}, skipped (long ranges) {skipped}")
    print("exit statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    print(f"failures: {sum(len(v) for v in failures.values())}")
    for problem, cases in failures.items():
        print(f"  {len(cases)} × {problem}")
        for args, env in cases[:3]:
            print(f"      qimen {' '.join(repr(a) if ' ' in a or not a else a for a in args)}  env={env}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
