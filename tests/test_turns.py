"""cast's range shared by forked processes that write in turn (cli/turns.py): the same bytes as
one process, however the range is cut; a bad instant in any process's turn stops the stream
where one process would; a reader gone, a refused write or a failing child end it honestly;
a signal leaves whole lines and no child behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import ExitStack

import pytest

from conftest import children_of
from qimen_cli.arts.cast_range import RangeLines
from qimen_cli.cli.params import BOUND, STEP, ZONE, When
from qimen_cli.cli.stopping import SignalStop, WriteFailed
from qimen_cli.cli.stream import LineWriter, write_items
from qimen_cli.cli.turns import MOST, can_share, taking_turns, turns_of
from qimen_cli.errors import BadInput

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="turns need fork")

ENTRY = "from qimen_cli.cli.main import console; console()"


def when(start, end, every, tz="UTC"):
    return When(None, ZONE.convert(tz, None, None), None, "mean", 23, BOUND.convert(start, None, None),
                BOUND.convert(end, None, None), STEP.convert(every, None, None), False, None)


SPAN = when("2024-01-01T00:00", "2024-03-01T00:00", "1h")  # 1,441 instants over 61 days


class Writer:
    """A range writer's line maker (`RangeLines` asks `pieces`): an instant's text, or an error
    at `bad`, or another exception at `broken`; every seventh instant dropped (as --where)."""

    where, fast, layout = (), False, "zhuan"

    def __init__(self, bad=None, broken=None):
        self.bad, self.broken = bad, broken

    def screened(self, _when):
        return None

    def pieces(self, at):
        if at == self.bad:
            raise BadInput(f"bad instant {at.isoformat()}")
        if at == self.broken:
            raise ZeroDivisionError("a fault in a child")
        if at.hour % 7 == 3:
            return None
        return [at.isoformat().encode(), b" ", str(at.toordinal()).encode()]

    def line(self, at):
        pieces = self.pieces(at)
        return None if pieces is None else b"".join(pieces)


def expected(span, writer):
    """What one process writes: the lines before the first bad instant, and whether one was bad."""
    lines, bad = [], None
    for at in span.instants():
        try:
            pieces = writer.pieces(at)
        except BadInput as exc:
            bad = str(exc)
            break
        if pieces is not None:
            lines.append(b"".join(pieces) + b"\n")
    return b"".join(lines), bad


def shared(span, writer, workers, cut, capfd):
    """The stream written by `workers` processes taking turns: (stdout bytes, stderr text, failed)."""
    lines = RangeLines(span, writer)
    capfd.readouterr()
    out = LineWriter(SignalStop())
    with ExitStack() as cleanup:
        failed = write_items(taking_turns(lines, workers, out, cleanup, cut), out, None, 256, keep_going=False)
    captured = capfd.readouterr()
    return captured.out.encode(), captured.err, failed


@pytest.mark.parametrize("workers", [2, 3])
@pytest.mark.parametrize("cut", [(97, None), (1000, None), (4096, None), (50, 5), (MOST, 30)])
def test_turns_write_what_one_process_writes(workers, cut, capfd):
    out, err, failed = shared(SPAN, Writer(), workers, cut, capfd)
    assert (out, failed, err) == (expected(SPAN, Writer())[0], False, "")


@pytest.mark.parametrize("position", [0, 96, 97, 98, 300, 1440])
def test_a_bad_instant_in_any_turn_stops_where_one_process_stops(position, capfd):
    """Turns of 97 instants by two processes: position 97 and 300 are in the child's turns."""
    bad = list(SPAN.instants())[position]
    out, err, failed = shared(SPAN, Writer(bad=bad), 2, (97, None), capfd)
    want, message = expected(SPAN, Writer(bad=bad))
    assert failed and out == want
    assert err == f"qimen: error: {message}\n"


def test_a_fault_in_a_child_is_raised_in_the_parent(capfd):
    broken = list(SPAN.instants())[150]  # the child's second turn of 97
    with pytest.raises(RuntimeError, match="ZeroDivisionError: a fault in a child"):
        shared(SPAN, Writer(broken=broken), 2, (97, None), capfd)


class RefusedInChildren(LineWriter):
    """stdout as a child sees it: a full disk (its OSError), a reader gone (BrokenPipeError)."""

    def __init__(self, signals, error):
        super().__init__(signals)
        self.parent, self.error = os.getpid(), error

    def write(self, data):
        if os.getpid() != self.parent and data:
            raise self.error
        super().write(data)


@pytest.mark.parametrize("error, raised", [
    (WriteFailed(OSError(28, "No space left on device")), WriteFailed), (BrokenPipeError(), BrokenPipeError)])
def test_a_child_that_cannot_write_stops_the_stream(error, raised, capfd):
    """A child's refused write comes back as the parent's own: the stream's one line and status."""
    lines = RangeLines(SPAN, Writer())
    out = RefusedInChildren(SignalStop(), error)
    with ExitStack() as cleanup, pytest.raises(raised) as caught:
        write_items(taking_turns(lines, 2, out, cleanup, (97, None)), out, None, 256, keep_going=False)
    if raised is WriteFailed:
        assert caught.value.args[0].errno == 28 and caught.value.args[0].strerror == "No space left on device"
    written = capfd.readouterr().out.encode()
    first_turn = sum(Writer().pieces(at) is not None for at in list(SPAN.instants())[:97])
    assert written == expected(SPAN, Writer())[0][:len(written)] and written.count(b"\n") == first_turn == 85


def test_how_a_range_is_cut():
    assert turns_of(4392, 2) == (2196, None)     # a year of 2-hour charts: two halves
    assert turns_of(8192, 2) == (4096, None)
    assert turns_of(8193, 2) == (MOST, 30)       # longer: runs of 30 days, the day pillars shared out
    assert turns_of(10**6, 3) == (MOST, 20)
    assert turns_of(1, 2) == (1, None)


def test_runs_of_days_end_where_the_date_enters_the_next_run():
    lines = RangeLines(SPAN, Writer())
    chunks = list(lines.chunks(MOST, 30))
    assert [at for chunk in chunks for at in chunk] == list(SPAN.instants())
    for chunk in chunks:
        assert len({at.toordinal() // 30 for at in chunk}) == 1
    assert len({chunk[0].toordinal() // 30 for chunk in chunks}) == len(chunks)


def test_only_where_there_is_fork_and_a_descriptor(monkeypatch):
    out = LineWriter(SignalStop())
    out.fd = 1
    assert can_share(out)
    monkeypatch.setenv("QIMEN_START_METHOD", "spawn")
    assert not can_share(out)
    monkeypatch.setenv("QIMEN_START_METHOD", "fork")
    assert can_share(out)
    out.fd = None
    assert not can_share(out)


def qimen(*args, env, **kwargs):
    full = {k: v for k, v in os.environ.items() if not k.startswith("QIMEN_")}
    return subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, env={**full, **env},
                          timeout=120, **kwargs)


RANGE = ["--from", "2024-01-01T00:00", "--to", "2024-07-01T00:00", "--every", "1h", "--tz", "America/New_York"]


@pytest.mark.parametrize("extra", [[], ["--where", "五合時"], ["--school", "li", "--method", "chaibu"]])
def test_cast_over_a_range_by_two_processes_is_one_processs_bytes(extra):
    """4,345 instants across a spring-forward gap: two halves; the default (from the record's
    `parallel`) against QIMEN_WORKERS=1."""
    args = ["cast", *RANGE, "--json", *extra]
    one = qimen(*args, env={"QIMEN_WORKERS": "1"})
    two = qimen(*args, env={"QIMEN_WORKERS": "2"})
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert len(one.stdout.splitlines()) > 300
    assert two.stdout == one.stdout and two.stderr == one.stderr == b""


@pytest.mark.slow
def test_a_long_range_in_runs_of_days_is_one_processs_bytes():
    args = ["cast", "--from", "2023-01-01T00:00", "--to", "2025-06-30T22:00", "--every", "2h", "--tz",
            "Asia/Shanghai", "--json"]
    one = qimen(*args, env={"QIMEN_WORKERS": "1"})
    two = qimen(*args, env={"QIMEN_WORKERS": "2"})
    assert one.returncode == two.returncode == 0
    assert len(one.stdout.splitlines()) == 10_944
    assert two.stdout == one.stdout


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the children")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_leaves_whole_lines_and_no_child(signum):
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "cast", "--from", "1950-01-01T00:00", "--to", "2049-12-31T22:00",
         "--tz", "Asia/Shanghai", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={k: v for k, v in os.environ.items() if not k.startswith("QIMEN_")},
    )
    out = bytearray()
    reader = threading.Thread(target=lambda: out.extend(proc.stdout.read()))
    reader.start()
    time.sleep(2.5)
    children = children_of(proc.pid)
    proc.send_signal(signum)
    try:
        code = proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join()
    assert code == 130
    assert proc.stderr.read() == b"qimen: interrupted\n"
    assert children  # the range was shared
    assert out and out.endswith(b"\n")
    days = [json.loads(line)["pillars"]["day"] for line in out.decode("utf-8").splitlines()]
    assert len(days) > 1000
    for child in children:
        assert not os.path.exists(f"/proc/{child}") or open(f"/proc/{child}/stat").read().split()[2] == "Z"
