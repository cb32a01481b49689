"""Stopping early, in one place: signals, a reader that went away, an output that refuses writes.

Every early stop ends the same way (`stop`): stdout is pointed at /dev/null, so that the
flush at exit can neither fail nor add a partial line, then at most one line on stderr and
the exit status:

* Ctrl-C, SIGTERM (`Interrupted`; `terminate_interrupts`, and during a stream `SignalStop`):
  `qimen: interrupted`, exit 130;
* the reader went away (BrokenPipeError: Python ignores SIGPIPE): nothing, exit 0, as
  Python's docs advise for `| head` — JSON Lines (`lines_output`), one document, a view or
  a table alike (`LazyGroup.invoke` catches it before click would make it exit 1);
* stdout refused a write (a full disk, a bad descriptor; `WriteFailed` or an OSError with one
  of WRITE_ERRNOS): `qimen: error: cannot write the output: …`, exit 1.

During a stream SIGINT and SIGTERM become `Interrupted` (`SignalStop`); one arriving in the
middle of a write waits for the write's end (at most a second), so that output is whole
lines only.  Its worker processes leave SIGINT to it and end on SIGTERM (`worker_signals`).
When the console script's last flush fails, `after_failed_flush` gives the exit status.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import click

#: Write failures that end a run quietly (exit 1, one line): full disk, closed or bad stdout.
WRITE_ERRNOS = (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT)

#: Exit status of an interrupted run (128 + SIGINT, as a shell reports it).
INTERRUPTED_STATUS = 130


class Interrupted(Exception):
    """Ctrl-C, or SIGINT/SIGTERM during a stream: one line, exit 130."""


class WriteFailed(Exception):
    """stdout refused a write (other than a broken pipe): its OSError."""


def is_write_failure(exc: BaseException) -> bool:
    """Whether `exc` is stdout refusing a write: a WriteFailed, or an OSError of WRITE_ERRNOS."""
    return isinstance(exc, WriteFailed) or (isinstance(exc, OSError) and exc.errno in WRITE_ERRNOS)


#: What stops a run as an interruption: ours, Python's (Ctrl-C outside a stream) and click's.
INTERRUPTIONS = (Interrupted, KeyboardInterrupt, click.Abort)


def is_stop(exc: BaseException) -> bool:
    """Whether `exc` ends the run early by `stop` (an interruption, a closed pipe, a failed write)."""
    return isinstance(exc, (*INTERRUPTIONS, BrokenPipeError)) or is_write_failure(exc)


def silence_stdout() -> None:
    """Point stdout at /dev/null so that the exit's flush cannot fail (or write a partial line)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass


def write_failure_message(exc: BaseException) -> str:
    """The line for a failed write: the OSError's own words."""
    cause = exc.args[0] if isinstance(exc, WriteFailed) else exc
    return f"qimen: error: cannot write the output: {getattr(cause, 'strerror', None) or cause}"


def stop(exc: BaseException):
    """End the run for the early stop `exc` (see `is_stop`): stdout silenced, one line, the status."""
    silence_stdout()
    if isinstance(exc, BrokenPipeError):
        raise SystemExit(0) from None
    if isinstance(exc, INTERRUPTIONS):
        click.echo("qimen: interrupted", err=True)
        raise SystemExit(INTERRUPTED_STATUS) from None
    click.echo(write_failure_message(exc), err=True)
    raise SystemExit(1) from None


def stdout_closed():
    """Python was started without a stdout: nothing can be written (one line, exit 1)."""
    stop(WriteFailed(OSError(errno.EBADF, "stdout is closed")))


@contextmanager
def lines_output() -> Iterator[None]:
    """Around JSON Lines written to stdout: a reader that goes away, a failed write or an
    interruption ends the run by `stop`."""
    try:
        yield
    except (Interrupted, BrokenPipeError, WriteFailed) as exc:
        stop(exc)


class SignalStop:
    """SIGINT and SIGTERM (and the alarm that bounds a deferred one) become `Interrupted`
    while installed; a signal that arrives while `writing` is set waits for the write to
    end (`after_write`), at most a second."""

    def __init__(self) -> None:
        self.writing = False
        self.pending = False
        self.previous: dict = {}

    def _on_signal(self, signum, frame) -> None:
        if self.writing:
            import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

            self.pending = True
            signal.setitimer(signal.ITIMER_REAL, 1.0)
            return
        raise Interrupted()

    def _on_alarm(self, signum, frame) -> None:
        raise Interrupted()

    def install(self) -> None:
        """Take SIGINT, SIGTERM and SIGALRM (not in the main thread, e.g. a test runner's: left alone)."""
        import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

        for sig, handler in ((signal.SIGINT, self._on_signal), (signal.SIGTERM, self._on_signal),
                             (signal.SIGALRM, self._on_alarm)):
            try:
                self.previous[sig] = signal.signal(sig, handler)
            except ValueError:
                break

    def after_write(self) -> None:
        """A write has ended: the signal that waited for it stops the run now."""
        if self.pending:
            raise Interrupted()

    def restore(self) -> None:
        """Cancel the alarm and give the signals back to their previous handlers."""
        import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        self.previous.clear()


def _terminated(signum, frame) -> None:
    raise Interrupted()


def terminate_interrupts() -> None:
    """SIGTERM stops a run as Ctrl-C does (`Interrupted`: one line, exit 130) — a view, a table,
    the ledger; a stream installs its own `SignalStop` over it.  (Not in the main thread, e.g.
    a test runner's: left alone.)

    More precisely: here and above, the signals are set through `_signal`, the C module that
    `signal` wraps (the same functions; `signal` makes enums of every constant on import, about
    7 M instructions of a start's 290 M)."""
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

    try:
        signal.signal(signal.SIGTERM, _terminated)
    except ValueError:
        pass


def worker_signals() -> None:
    """In a stream's worker process: SIGINT is left to the parent (which stops the workers),
    SIGTERM ends the worker at once."""
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def after_failed_flush(exc: BaseException, code: int) -> int:
    """The console script's last flush of stdout raised `exc`: the exit status.  A reader gone
    (broken pipe) or a closed stream changes nothing; stdout refusing the rest of an otherwise
    successful run is one line and status 1."""
    if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError) and code == 0:
        print(f"qimen: error: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1
    return code
