"""cli/stopping.py: which exceptions stop a run early, and the line and exit status of each."""

from __future__ import annotations

import errno

import click
import pytest

from qimen_cli.cli import stopping
from qimen_cli.cli.stopping import Interrupted, WriteFailed, after_failed_flush, is_stop, stop


@pytest.mark.parametrize("exc, expected", [
    (Interrupted(), True), (KeyboardInterrupt(), True), (click.Abort(), True), (BrokenPipeError(), True),
    (WriteFailed(OSError(errno.EPERM, "Operation not permitted")), True),
    (OSError(errno.ENOSPC, "No space left on device"), True), (OSError(errno.ENOENT, "No such file"), False),
    (ValueError("bug"), False),
])
def test_what_stops_a_run(exc, expected):
    assert is_stop(exc) is expected


@pytest.mark.parametrize("exc, status, line", [
    (BrokenPipeError(), 0, ""),
    (Interrupted(), 130, "qimen: interrupted\n"),
    (click.Abort(), 130, "qimen: interrupted\n"),
    (OSError(errno.ENOSPC, "No space left on device"), 1, "qimen: error: cannot write the output: No space left on device\n"),
    (WriteFailed(OSError(errno.EIO, "Input/output error")), 1, "qimen: error: cannot write the output: Input/output error\n"),
])
def test_each_stop_is_one_line_and_a_status(exc, status, line, capsys, monkeypatch):
    silenced = []
    monkeypatch.setattr(stopping, "silence_stdout", lambda: silenced.append(True))
    with pytest.raises(SystemExit) as exit_:
        stop(exc)
    assert exit_.value.code == status and silenced == [True]
    assert capsys.readouterr().err == line


def test_a_failed_last_flush(capsys):
    assert after_failed_flush(BrokenPipeError(), 0) == 0
    assert after_failed_flush(ValueError("closed"), 0) == 0
    assert after_failed_flush(OSError(errno.ENOSPC, "No space left on device"), 2) == 2
    assert capsys.readouterr().err == ""
    assert after_failed_flush(OSError(errno.ENOSPC, "No space left on device"), 0) == 1
    assert capsys.readouterr().err == "qimen: error: cannot write the output: No space left on device\n"
