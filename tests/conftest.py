"""Shared fixtures: the resolver, the CLI in-process, and the console script as a real process.

`run_cli` is the one way the tests run the command line: in-process with click's CliRunner on
`qimen_cli.cli.main.cli` (whose `main` gives the one-line errors and exit codes), stdout and
stderr kept apart (click ≥ 8.2).  `run_process` starts the real
console entry point in a subprocess, for the few tests where a process is the point (worker
processes, what start-up imports, the exit status of the script itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from qimen_cli.calendar.resolve import resolve_moment

#: No time limit on a hypothesis example (its default is 200 ms): timings are not tests, and on a
#: loaded machine a slow example is not a failing one.  Each test's own `@settings` still holds.
settings.register_profile("qimen", deadline=None)
settings.load_profile("qimen")

#: A terminal that is wide enough for every view and has no colour.
DEFAULT_ENV = {"COLUMNS": "200", "NO_COLOR": "1"}

#: The environment every test assumes, set around each test by `assumed_environment` (a value) or
#: taken away (None), whatever the shell that runs the suite has: colour left to the console,
#: no width, no pager, a UTF-8 locale, UTC as the system's zone, none of qimen's own variables.
#: The test switches QIMEN_UPDATE_GOLDEN and QIMEN_SEEDS stay as they are.  `.ci/run` runs a
#: sample of the suite with all of them set otherwise.
ASSUMED_ENV: dict[str, str | None] = {
    "NO_COLOR": None, "FORCE_COLOR": None, "COLUMNS": None, "LINES": None, "TERM": None, "PAGER": None,
    "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LC_CTYPE": None, "LANGUAGE": None, "PYTHONIOENCODING": None,
    "TZ": "UTC",
    "QIMEN_EPHEMERIS": None, "QIMEN_DATA_DIR": None, "QIMEN_WORKERS": None, "QIMEN_PARALLEL_MIN": None,
    "QIMEN_START_METHOD": None, "_QIMEN_COMPLETE": None,
}


@pytest.fixture(autouse=True)
def assumed_environment(monkeypatch):
    """Every test runs in `ASSUMED_ENV` (issue 34: with NO_COLOR=1 in the shell, a test of the
    terminal's colours failed on a fresh clone)."""
    for name, value in ASSUMED_ENV.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)


def invoke(*args: str, input: str | bytes | None = None, env: Mapping[str, str] | None = None,
           catch_exceptions: bool = False) -> Result:
    """`qimen *args` in-process; a click Result (exit_code, stdout, stderr, exception).

    Exceptions escape (a test fails on a traceback) unless `catch_exceptions`, which the
    generated-input tests use to count them."""
    from qimen_cli.cli.main import cli

    return CliRunner().invoke(cli, list(args), input=input, env={**DEFAULT_ENV, **(env or {})},
                              catch_exceptions=catch_exceptions)


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


def children_of(pid: int) -> list[int]:
    """The pids whose parent is `pid` (read from /proc): a stream's worker or turn processes."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found
