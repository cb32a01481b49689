"""Run the generated-input contract over many command lines and print the figures.

    python scripts/fuzz.py [--lines 20000] [--seed 1] [--process-every 40]

Each line is a `qimen` command line from tests/fuzzgen.py (every subcommand but `serve`, every
option, good and bad values, stdin for `--at -`, the QIMEN_* variables), run in process with
click's CliRunner; every `--process-every`-th line is also run as a real process, in an
encoding without the chart's characters (PYTHONIOENCODING ascii, latin-1) or not, with stdin
closed every other time.  Printed: lines tried, lines skipped (ranges too long to be cheap),
exit statuses, and every failure of the contract (an exception, an exit status other than 0 or
2, exit 2 without exactly one stderr line and an empty stdout, exit 0 with anything on stderr).
Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

from click.testing import CliRunner  # noqa: E402

from fuzzgen import PROCESS_ENV, check, command_lines, run_process, too_long  # noqa: E402
from qimen_cli.cli.main import cli  # noqa: E402


def in_process(lines, statuses, failures) -> None:
    """Run `lines` with click's CliRunner, counting statuses and failures."""
    runner = CliRunner()
    for line in lines:
        args, env, stdin = line
        result = runner.invoke(cli, args, env=env, input=stdin)
        statuses[result.exit_code] += 1
        problem = check(result, args)
        if problem:
            failures.setdefault(problem, []).append((args, env))


def as_processes(lines, statuses, failures, jobs: int) -> None:
    """Run `lines` as real processes (`jobs` at a time), each in one of PROCESS_ENV's encodings,
    every other one with stdin closed."""
    def one(i_line):
        i, line = i_line
        extra = PROCESS_ENV[i % len(PROCESS_ENV)]
        return line, extra, i % 2 == 1, run_process(line, extra, stdin_closed=i % 2 == 1)

    with ThreadPoolExecutor(jobs) as pool:
        for line, extra, closed, result in pool.map(one, enumerate(lines)):
            statuses[result.exit_code] += 1
            problem = check(result, line[0])
            if problem:
                failures.setdefault(f"process: {problem}", []).append((line[0], {**line[1], **extra, "stdin": "closed" if closed else "open"}))


def report(title: str, statuses, failures) -> None:
    print(f"{title}: tried {sum(statuses.values())}; exit statuses: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--process-every", type=int, default=40, help="also run every N-th line as a process (0: none)")
    parser.add_argument("--jobs", type=int, default=2, help="processes run at a time")
    opts = parser.parse_args()
    lines, skipped = [], 0
    for line in command_lines(opts.seed, opts.lines):
        if too_long(line[0]):
            skipped += 1
        else:
            lines.append(line)
    failures: dict[str, list] = {}
    statuses: collections.Counter = collections.Counter()
    in_process(lines, statuses, failures)
    print(f"lines generated {opts.lines}, skipped (long ranges) {skipped}")
    report("in process", statuses, failures)
    if opts.process_every:
        pstatuses: collections.Counter = collections.Counter()
        as_processes(lines[::opts.process_every], pstatuses, failures, opts.jobs)
        report("as processes", pstatuses, failures)
    print(f"failures: {sum(len(v) for v in failures.values())}")
    for problem, cases in failures.items():
        print(f"  {len(cases)} × {problem}")
        for args, env in cases[:3]:
            print(f"      qimen {' '.join(repr(a) if ' ' in a or not a else a for a in args)}  env={env}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
