"""Generated input over every subcommand and option (issue: time input that never lies).

2,000 seeded command lines run in process: no exception escapes, the exit status is 0 or 2,
and exit 2 means exactly one line on stderr and nothing on stdout.  `scripts/fuzz.py` runs
the same generator over 20,000+ lines and prints the figures.
"""

from __future__ import annotations

import pytest

from conftest import invoke
from fuzzgen import check, command_lines, too_long

LINES = 2000


@pytest.mark.slow
def test_generated_command_lines_keep_the_contract():
    failures = []
    tried = 0
    for args, env, stdin in command_lines(seed=20261130, n=LINES):
        if too_long(args):
            continue
        tried += 1
        result = invoke(*args, env=env, input=stdin, catch_exceptions=True)
        problem = check(result, args)
        if problem:
            failures.append((args, env, problem, result.stderr[-300:]))
    assert tried > LINES * 0.8
    assert not failures, failures[:5]


def test_the_generator_covers_every_subcommand_and_option():
    """Every option of every subcommand but the servers (`serve`, `web`) is in the generator's tables, and the
    generated lines reach each subcommand, --svg/--html, `--at -`, long ranges and QIMEN_*."""
    import click

    from fuzzgen import COMMANDS, _options
    from qimen_cli.cli.main import cli

    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        if name in ("serve", "web"):
            continue
        flags = {o for p in cli.get_command(ctx, name).params for o in p.opts} - {"--help"}
        assert name in COMMANDS and flags <= set(_options(name)), (name, flags - set(_options(name)))
    lines = list(command_lines(seed=5, n=3000))
    seen = {args[0] for args, _, _ in lines}
    assert seen == set(COMMANDS)
    joined = [" ".join(args) for args, _, _ in lines]
    for needle in ("--svg", "--html", "--at -", "--where", "--any", "--stats", "--explain", "--art", "cast:palace("):
        assert any(needle in line for line in joined), needle
    assert any(not too_long(args) and _instants(args) > 200 for args, _, _ in lines)
    assert any(key.startswith("QIMEN_") for _, env, _ in lines for key in env)


def _instants(args) -> int:
    """How many 時辰 a generated range spans (0 without one), as `too_long` counts them."""
    import datetime as dt

    if "--from" not in args or "--to" not in args or args[0] == "terms":
        return 0
    try:
        a = dt.date.fromisoformat(args[args.index("--from") + 1][:10])
        b = dt.date.fromisoformat(args[args.index("--to") + 1][:10])
    except ValueError:
        return 0
    return abs((b - a).days + 1) * 12


def test_the_contract_refuses_stderr_on_exit_0():
    import types

    from fuzzgen import check

    quiet = types.SimpleNamespace(exception=None, exit_code=0, stdout="{}\n", stderr="")
    noisy = types.SimpleNamespace(exception=None, exit_code=0, stdout="{}\n", stderr="warning: something\n")
    assert check(quiet, ["cast"]) is None
    assert check(noisy, ["cast"]) == "exit 0 with stderr: warning: something"


@pytest.mark.slow
def test_a_sample_as_processes_keeps_the_contract():
    """A few generated lines as real processes: an encoding without the characters, stdin closed."""
    from fuzzgen import PROCESS_ENV, check, run_process

    failures = []
    lines = [line for line in command_lines(seed=20261201, n=400) if not too_long(line[0])][::10]
    for i, line in enumerate(lines):
        result = run_process(line, PROCESS_ENV[i % len(PROCESS_ENV)], stdin_closed=i % 2 == 1)
        problem = check(result, line[0])
        if problem:
            failures.append((line, problem, result.stderr[-300:]))
    assert not failures, failures[:5]
