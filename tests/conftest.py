"""Shared fixtures: the resolver, the CLI in-process, and the console script as a real process.

`run_cli` is the one way the tests run the command line: in-process with click's CliRunner,
stdout and stderr kept apart (click ≥ 8.2), through `qimen_cli.cli.main.main` so that the
usage-error line and exit codes are the console script's.  `run_process` starts the real
console entry point in a subprocess, for the few tests where a process is the point (worker
processes, what start-up imports, the exit status of the script itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence

import pytest
from click.testing import CliRunner, Result

from qimen_cli.calendar.resolve import resolve_moment

#: A terminal that is wide enough for every view and has no colour.
DEFAULT_ENV = {"COLUMNS": "200", "NO_COLOR": "1"}


class _Main:
    """What CliRunner.invoke needs of a command (a name and `main`), running `qimen_cli.cli.main.main`:
    the group `cli` with the console script's error handling (one line on stderr, exit 2)."""

    name = "qimen"

    def main(self, args: Sequence[str] = (), prog_name: str | None = None, **_: object) -> None:
        from qimen_cli.cli.main import main

        main(list(args))


def invoke(*args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    """`qimen *args` in-process; a click Result (exit_code, stdout, stderr, exception)."""
    return CliRunner().invoke(_Main(), list(args), input=input, env={**DEFAULT_ENV, **(env or {})},
                              catch_exceptions=False)


def spawn(*args: str, input: str | None = None, env: Mapping[str, str] | None = None,
          code: str = "from qimen_cli.cli.main import console; console()") -> subprocess.CompletedProcess:
    """`qimen *args` as a real process (the console entry point), or any `code` run by this Python."""
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, input=input, timeout=300,
        env={**os.environ, **DEFAULT_ENV, **(env or {})},
    )


@pytest.fixture
def moment():
    """resolve_moment with the shipped tables."""
    return resolve_moment


@pytest.fixture(scope="session")
def run_cli():
    """run_cli(*args, input=None, env=None) -> click Result: `qimen *args` in-process."""
    return invoke


@pytest.fixture(scope="session")
def run_process():
    """run_process(*args, input=None, env=None, code=…) -> CompletedProcess: the console script as a process."""
    return spawn
