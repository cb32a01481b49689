"""Streams (cli/stream.py): workers give the same bytes as one process; signals, closed
and full outputs, and the QIMEN_WORKERS / QIMEN_PARALLEL_MIN variables."""

import json
import os
import pickle
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import children_of
from qimen_cli.arts import Job

ENTRY = "from qimen_cli.cli.main import console; console()"
SHORT = ["--from", "2024-06-15T00:00", "--to", "2024-06-22T00:00", "--every", "2h", "--tz", "Asia/Shanghai", "--json"]
COMMANDS = {
    "pillars": [],
    "noble": [],
    "twelve-gods": ["--school", "sanshi"],
    "gucu": ["--tone", "商", "--born", "5-5"],
    "liuren": [],
    "cast": [],
}


def qimen(*args, env=None, **kwargs):
    full = {**os.environ, **(env or {})}
    for name in ("QIMEN_WORKERS", "QIMEN_PARALLEL_MIN", "QIMEN_START_METHOD"):
        if env is None or name not in env:
            full.pop(name, None)
    return subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, env=full, timeout=120, **kwargs)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_workers_write_the_same_bytes_as_one_process(command):
    args = [command, *SHORT, *COMMANDS[command]]
    serial = qimen(*args, env={"QIMEN_WORKERS": "1"})
    parallel = qimen(*args, env={"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"})
    assert serial.returncode == 0 and parallel.returncode == 0, (serial.stderr, parallel.stderr)
    lines = serial.stdout.decode().splitlines()
    assert len(lines) == 85
    assert parallel.stdout == serial.stdout


def test_spawned_workers_write_the_same_bytes():
    """Jobs are descriptions, not closures: a non-fork start method works too."""
    args = ["noble", *SHORT]
    serial = qimen(*args, env={"QIMEN_WORKERS": "1"})
    spawned = qimen(*args, env={"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1", "QIMEN_START_METHOD": "spawn"})
    assert spawned.returncode == 0, spawned.stderr
    assert spawned.stdout == serial.stdout


def test_keep_going_in_workers_reports_each_bad_instant_once():
    data = "2024-06-15T00:00\nnonsense\n2024-06-15T02:00\n"
    serial = qimen("pillars", "--at", "-", "--tz", "Asia/Shanghai", "--keep-going", "--json", input=data.encode())
    assert serial.returncode == 2
    assert len(serial.stdout.decode().splitlines()) == 2
    assert serial.stderr.decode().count("\n") == 1


@pytest.mark.parametrize("command", ["pillars", "noble", "twelve_gods", "cast"])
def test_jobs_pickle(command):
    jobs = {
        "pillars": Job.of("pillars", lunar_zone="+08:00"),
        "noble": Job.of("noble", method="zhirun", layout="zhuan", with_chart=True),
        "twelve_gods": Job.of("twelve-gods", school="sanshi"),
        "cast": Job.of("cast", method="zhirun", layout="zhuan", switch="shichen", where=("五合時",), explain=False),
    }
    job = pickle.loads(pickle.dumps(jobs[command]))
    assert job == jobs[command]
    steps = job.steps()
    assert callable(steps.compute) and callable(steps.to_text)


@pytest.mark.parametrize("name", ["QIMEN_WORKERS", "QIMEN_PARALLEL_MIN"])
@pytest.mark.parametrize("value", ["abc", "0", "-3", "2.5"])
def test_bad_worker_variables_exit_2_naming_the_variable(name, value):
    r = qimen("pillars", *SHORT, env={name: value})
    assert r.returncode == 2
    err = r.stderr.decode()
    assert err.count("\n") == 1 and name in err
    assert r.stdout == b""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_ends_the_stream_with_one_line_and_whole_lines(workers, signum):
    env = {**os.environ, "QIMEN_WORKERS": workers, "QIMEN_PARALLEL_MIN": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "twelve-gods", "--from", "1950-01-01T00:00", "--to", "2049-12-31T22:00",
         "--tz", "Asia/Shanghai", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )
    out = bytearray()
    reader = threading.Thread(target=lambda: out.extend(proc.stdout.read()))
    reader.start()
    time.sleep(2.0)
    children = children_of(proc.pid)
    proc.send_signal(signum)
    sent = time.monotonic()
    try:
        code = proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    took = time.monotonic() - sent
    reader.join()
    err = proc.stderr.read()
    assert code == 130
    assert err == b"qimen: interrupted\n"
    if workers == "1":
        assert out                  # one process writes every 256 lines; workers a chunk at a time
    assert not out or out.endswith(b"\n")
    for line in out.decode("utf-8").splitlines():
        json.loads(line)
    assert took < 5  # generous on a loaded machine; the figure itself is in benchmarks/bench.py
    for child in children:
        assert not os.path.exists(f"/proc/{child}") or open(f"/proc/{child}/stat").read().split()[2] == "Z"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_full_disk_exits_1_with_at_most_one_line(workers):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([sys.executable, "-c", ENTRY, "pillars", *SHORT], stdout=full, stderr=subprocess.PIPE,
                           env={**os.environ, "QIMEN_WORKERS": workers, "QIMEN_PARALLEL_MIN": "1"}, timeout=60)
    assert r.returncode == 1
    assert r.stderr.count(b"\n") <= 1 and b"Traceback" not in r.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_closed_pipe_ends_quietly(workers):
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "pillars", "--from", "2000-01-01T00:00", "--to", "2049-12-31T22:00",
         "--tz", "Asia/Shanghai", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "QIMEN_WORKERS": workers, "QIMEN_PARALLEL_MIN": "1"},
    )
    first = proc.stdout.readline()
    proc.stdout.close()
    code = proc.wait(timeout=30)
    assert json.loads(first)["schema_version"] == 2
    assert code == 0
    assert proc.stderr.read() == b""


def test_pieces_survive_short_writes(monkeypatch):
    """os.writev may write less than asked (a pipe, a signal): every piece still goes out whole
    and in order, however the kernel cuts the writes."""
    import random

    from qimen_cli.arts.items import NL
    from qimen_cli.cli import stream

    rng = random.Random(5)
    pieces = [bytes([65 + i % 26]) * rng.randrange(1, 400) for i in range(3000)]
    pieces = [p for piece in pieces for p in (piece, NL)]
    read_fd, write_fd = os.pipe()
    got = bytearray()

    def reader():
        while chunk := os.read(read_fd, 65536):
            got.extend(chunk)

    real_writev, real_write = os.writev, os.write

    def short_writev(fd, buffers):
        total = sum(map(len, buffers))
        return real_writev(fd, buffers) if total < 50 else real_write(fd, b"".join(buffers)[:rng.randrange(1, total)])

    def short_write(fd, data):
        return real_write(fd, bytes(data[:max(1, len(data) // 3)]))

    monkeypatch.setattr(stream.os, "writev", short_writev)
    monkeypatch.setattr(stream.os, "write", short_write)
    t = threading.Thread(target=reader)
    t.start()
    try:
        stream._write_pieces(write_fd, pieces)
    finally:
        os.close(write_fd)
        t.join()
        os.close(read_fd)
    assert bytes(got) == b"".join(pieces)


#: A closed pipe ends a run quietly with 0 (the reader took what it wanted): JSON Lines, one
#: document, a view, a table alike (issue 24 item 8); nothing on stderr.
CLOSED_PIPE = [
    (["cast", "--from", "2024-03-05T11:00", "--to", "2024-03-06", "--tz", "Asia/Shanghai", "--json"], 0),
    (["find", "--from", "2024-03-01", "--to", "2024-03-06", "--tz", "Asia/Shanghai", "--where", "cast:zhi_shi.door=開門",
      "--json"], 0),
    (["chaibu", "--year", "2024", "--tz", "Asia/Shanghai", "--json"], 0),
    (["cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"], 0),
    (["pillars", "--from", "2024-03-05T11:00", "--to", "2024-03-06", "--tz", "Asia/Shanghai"], 0),
    (["cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--explain"], 0),
]


@pytest.mark.parametrize("args, code", CLOSED_PIPE, ids=lambda x: x[0] if isinstance(x, list) else str(x))
def test_a_reader_gone_before_the_first_line(args, code):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = subprocess.run([sys.executable, "-c", ENTRY, *args], stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)
    assert (r.returncode, r.stderr) == (code, b"")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [CLOSED_PIPE[1][0], CLOSED_PIPE[2][0], CLOSED_PIPE[3][0]], ids=["find", "ledger", "cast"])
def test_a_full_disk_is_one_line_and_exit_1(args):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([sys.executable, "-c", ENTRY, *args], stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert r.returncode == 1
    assert r.stderr == b"qimen: error: cannot write the output: No space left on device\n"


def test_worker_thresholds_are_the_records():
    """Each art's range length for workers is its record's `parallel` (cast's: for the processes
    that share its range writer, `cli/turns.py`); a Job of each names its art by the record,
    whose steps it rebuilds."""
    from qimen_cli.arts import art, records
    from qimen_cli.cli.stream import parallel_min, workers_for

    assert {r.name: r.parallel for r in records()} == {
        "cast": 500, "twelve-gods": 1000, "noble": 2000, "gucu": 1000, "liuren": 3000, "pillars": 4000, "chaibu": None}
    for record in records():
        assert parallel_min(record.name) == record.parallel and art(record.name) is record
    assert workers_for(499, "cast") == 1 and parallel_min("no-such-art") is None
    assert workers_for(10**6, "chaibu") == 1
