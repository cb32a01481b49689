"""Generated input over every subcommand and option (issue: time input that never lies).

2,000 seeded command lines run in process: no exception escapes, the exit status is 0 or 2,
and exit 2 means exactly one line on stderr and nothing on stdout.  `scripts/fuzz.py` runs
the same generator over 20,000+ lines and prints the figures.
"""

from __future__ import annotations

from conftest import invoke
from fuzzgen import check, command_lines, too_long

LINES = 2000


def test_generated_command_lines_keep_the_contract():
    failures = []
    tried = 0
    for args, env in command_lines(seed=20261130, n=LINES):
        if too_long(args):
            continue
        tried += 1
        result = invoke(*args, env=env, input="2024-03-05T11:00\n", catch_exceptions=True)
        problem = check(result, args)
        if problem:
            failures.append((args, env, problem, result.stderr[-300:]))
    assert tried > LINES * 0.8
    assert not failures, failures[:5]
