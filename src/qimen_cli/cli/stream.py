"""Streams: a range or stdin's instants as JSON Lines, in input order, optionally in worker processes.

More precisely: a stream's work is a `Job` — the command's module and its parsed option
values, a picklable description from which each process rebuilds the functions
(`Steps`: compute, to_text, keep, resolve extras) with the module's `job_steps`.  One
process computes and writes in order; long ranges of the commands for which workers
pay (`PARALLEL_MIN`, measured in benchmarks/bench.py) or when asked (QIMEN_WORKERS)
go to worker processes in chunks, at most IN_FLIGHT per worker handed
out and not yet written, so memory stays flat when the reader stalls.

Output is whole lines only.  SIGINT/SIGTERM stop everything within a second with one
line (`qimen: interrupted`) and exit 130; a reader that goes away (broken pipe) ends the
stream quietly with exit 0; another write error (a full disk) is one line, exit 1.
QIMEN_WORKERS (1 = one process; capped at the core count) and QIMEN_PARALLEL_MIN
(the range length from which workers are used) override the defaults.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections import deque
from typing import NamedTuple

import click

from .jobs import Job, Steps  # noqa: F401  (re-exported: a stream's work)
from .main import GC_THRESHOLDS
from .params import When
from .run import INPUT_ERRORS

#: Ranges longer than this many instants show a progress bar on a terminal's stderr.
PROGRESS_THRESHOLD = 2000

#: Range length from which a command's stream uses worker processes by default: where two
#: workers with a free core beat one process (benchmarks/bench.py --streams --only
#: break-even, two cores, rounded up).  On a machine whose cores are busy one process
#: wins: QIMEN_WORKERS=1.  cast is not listed: its range writer is faster than handing
#: lines back from workers (it says so with `parallel = False`).
PARALLEL_MIN: dict[str, int] = {
    "qimen_cli.cli.twelve_gods": 1000,
    "qimen_cli.cli.gucu": 1000,
    "qimen_cli.cli.noble": 2000,
    "qimen_cli.cli.liuren": 3000,
    "qimen_cli.cli.pillars": 4000,
}
#: With QIMEN_WORKERS set (and QIMEN_PARALLEL_MIN not), workers from this many instants on
#: for a command without an entry above.
OPT_IN_MIN = 2000

#: Instants per task handed to a worker (at most): big enough that handing out a task
#: costs little, small enough that the chunks in flight stay a few tens of MB (a
#: twelve-gods line is 8.5 kB) when the reader stalls.
CHUNK = 1000
#: Chunks in flight per worker (handed out and not yet written).
IN_FLIGHT = 2
#: A range is cut into at least this many chunks per worker, so that the workers finish
#: together (a year in chunks of 1,000 left one worker with a chunk more than the other).
SPLIT = 8


class Lines(NamedTuple):
    """Consecutive JSON lines, encoded (UTF-8), standing for `count` instants (dropped ones
    included): what a writer that makes its lines in blocks hands back as one result (cast's
    range writer).  `data` is the list of pieces `parts` makes (each line, then a newline)."""

    data: list
    count: int


#: One newline, the piece after every line.
NL = b"\n"


def parts(lines: list) -> list[bytes]:
    """JSON lines (str, or UTF-8 bytes from a writer that caches encoded pieces) as the pieces
    of one write: each line, then a newline.

    More precisely, the lines are not joined into one block: a block of a few hundred lines
    is megabytes, above the allocator's threshold for fresh pages, and joining one per block
    cost about as much as making the lines (a century of `cast`: 3 s of 7).  `_Out` hands the
    pieces to the kernel as they are (os.writev)."""
    out: list[bytes] = []
    append = out.append
    for line in lines:
        append(line if line.__class__ is bytes else line.encode("utf-8"))
        append(NL)
    return out


# --- one instant ----------------------------------------------------------------------

#: Items of a stream: ("line", text, 1), ("skip", None, 1), ("lines", utf-8 bytes, n instants), ("error", message, 1).


def evaluate(when: When, steps: Steps, at) -> tuple:
    """One instant of a stream: ("line", text), ("skip", None) when `keep` drops it, or ("error", message)."""
    try:
        result = steps.compute(when.resolve(at, **(steps.extra or {})))
    except INPUT_ERRORS as exc:
        return ("error", str(exc), 1)
    if steps.keep is not None and not steps.keep(result):
        return ("skip", None, 1)
    text = steps.to_text(result)
    if isinstance(text, Lines):
        return ("lines", text.data, text.count)
    if not isinstance(text, (str, bytes)):
        from ..render.jsonout import dumps

        text = dumps(text)
    return ("line", text, 1)


# --- workers --------------------------------------------------------------------------

#: Per worker process: (When, Job) → (the first When seen, its Steps); a When caches its context.
_BUILT: dict = {}


def _worker_init() -> None:
    """Workers leave SIGINT to the parent (which stops them) and die on SIGTERM; they collect
    garbage as seldom as the parent's stream does."""
    gc.set_threshold(*GC_THRESHOLDS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _evaluate_chunk(task: tuple) -> list:
    """A worker's task (When, Job, instants): runs of good lines encoded as ("lines", pieces, n) items."""
    when, job, chunk = task
    try:
        built = _BUILT.get((when, job))
    except TypeError:               # an option value that cannot be hashed: build for this chunk
        built = (when, job.steps())
    if built is None:
        if len(_BUILT) > 8:
            _BUILT.clear()
        built = _BUILT[(when, job)] = (when, job.steps())
    when, steps = built
    out: list = []
    lines: list[str] = []
    seen = 0
    for at in chunk:
        kind, value, _ = evaluate(when, steps, at)
        if kind == "error":
            if seen:
                out.append(("lines", parts(lines), seen))
                lines, seen = [], 0
            out.append((kind, value, 1))
            if not when.keep_going:
                return out
            continue
        seen += 1
        if kind == "line":
            lines.append(value)
    if seen:
        out.append(("lines", parts(lines), seen))
    return out


def _chunks(instants, size: int):
    chunk = []
    for at in instants:
        chunk.append(at)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _env_int(name: str) -> int | None:
    """A positive whole number from the environment, None when unset or empty; BadInput otherwise."""
    from .params import env_count

    return env_count(name, None)


def workers_for(total: int | None, module: str | None = None) -> int:
    """How many worker processes a stream of `total` instants of the command `module` gets.

    QIMEN_WORKERS sets the number (1 = one process; at most the core count);
    QIMEN_PARALLEL_MIN the range length from which workers are used (default: the
    command's entry in PARALLEL_MIN, else OPT_IN_MIN once QIMEN_WORKERS is set; a
    command without an entry runs in one process unless one of the two variables is
    set).  Both are checked on every stream (junk, 0 or less: BadInput naming it).
    """
    wanted = _env_int("QIMEN_WORKERS")
    minimum = _env_int("QIMEN_PARALLEL_MIN")
    cores = os.cpu_count() or 1
    if minimum is None:
        minimum = PARALLEL_MIN.get(module) if module is not None else None
        if minimum is None:
            if wanted is None:
                return 1
            minimum = OPT_IN_MIN
    if total is None or total < minimum:
        return 1
    return min(wanted if wanted is not None else min(cores, 4), cores)


def _context():
    """The start method of the workers: fork where there is one (cheap), else the platform's default."""
    import multiprocessing

    method = os.environ.get("QIMEN_START_METHOD") or ("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    return multiprocessing.get_context(method)


def _portable(when: When) -> When:
    """The When without what it cached (its ephemeris context), to send to a worker."""
    import dataclasses

    try:
        return dataclasses.replace(when)
    except TypeError:
        return when


# --- output ---------------------------------------------------------------------------


class _Interrupted(Exception):
    """SIGINT or SIGTERM arrived."""


class _WriteFailed(Exception):
    """stdout refused a write (other than a broken pipe): its OSError."""


#: Pieces per os.writev call (POSIX guarantees at least 16; Linux and the BSDs take 1024).
IOV_MAX = os.sysconf("SC_IOV_MAX") if hasattr(os, "sysconf") and "SC_IOV_MAX" in os.sysconf_names else 16
if IOV_MAX < 16:
    IOV_MAX = 16


class _Out:
    """Whole-line writes to stdout; a signal arriving during a write waits for its end
    (at most a second, else the write is abandoned).  `write` takes bytes or a list of
    pieces (`parts`)."""

    def __init__(self) -> None:
        sys.stdout.flush()
        try:
            self.fd = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.writing = False
        self.pending = False

    def write(self, data: bytes | list[bytes]) -> None:
        if not data:
            return
        self.writing = True
        try:
            if self.fd is None:
                if data.__class__ is list:
                    data = b"".join(data)
                buffer = getattr(sys.stdout, "buffer", None)
                if buffer is None:
                    sys.stdout.write(data.decode("utf-8"))
                else:
                    buffer.write(data)
                sys.stdout.flush()
            elif data.__class__ is list:
                _write_pieces(self.fd, data)
            else:
                _write_all(self.fd, data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteFailed(exc) from None
        finally:
            self.writing = False
        if self.pending:
            raise _Interrupted()


def _write_all(fd: int, data) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_pieces(fd: int, pieces: list[bytes]) -> None:
    """Write every piece, in order, IOV_MAX at a time; a short write finishes its piece and
    goes on with the next."""
    if not hasattr(os, "writev"):
        _write_all(fd, b"".join(pieces))
        return
    i, n = 0, len(pieces)
    while i < n:
        group = pieces[i:i + IOV_MAX]
        written = os.writev(fd, group)
        for piece in group:
            size = len(piece)
            if written < size:
                break
            written -= size
            i += 1
        else:
            continue
        _write_all(fd, memoryview(pieces[i])[written:])
        i += 1


def stream(when: When, job=None, *args, **kwargs) -> None:
    """Write a stream as JSON Lines, in input order; bad instants stop it unless --keep-going.

    `job` is a Job; the older form stream(when, compute, to_json, extra, keep) still
    works (in one process: closures cannot be sent to workers).
    """
    if isinstance(job, Job):
        steps, module = None, job.module
    else:
        compute, to_json = job, args[0]
        extra = args[1] if len(args) > 1 else kwargs.get("extra")
        keep = args[2] if len(args) > 2 else kwargs.get("keep")
        steps, module, job = Steps(compute, to_json, keep, extra), None, None
    out = _Out()
    state = {"signal": None}

    def on_signal(signum, frame):
        state["signal"] = signum
        if out.writing:
            out.pending = True
            signal.setitimer(signal.ITIMER_REAL, 1.0)
            return
        raise _Interrupted()

    def on_alarm(signum, frame):
        raise _Interrupted()

    failed = False
    progress = pool = None
    previous = {}
    thresholds = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        total = when.count()
        instants = when.instants()
        # A writer whose lines are cheap to make may say so (`parallel` False on its When).
        workers = workers_for(total, module) if job is not None and getattr(when, "parallel", True) else 1
        if workers > 1:
            pool = _context().Pool(workers, initializer=_worker_init)
        for sig, handler in ((signal.SIGINT, on_signal), (signal.SIGTERM, on_signal), (signal.SIGALRM, on_alarm)):
            try:
                previous[sig] = signal.signal(sig, handler)
            except ValueError:          # not the main thread (a test runner's thread): leave signals alone
                break
        if total and total > PROGRESS_THRESHOLD and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            # Started after the workers were forked: no thread is copied into them.
            progress = Progress(console=Console(stderr=True), transient=True)
            progress.start()
            task = progress.add_task("charts", total=total)
        if pool is not None:
            # Chunks of at most CHUNK instants, and at least SPLIT per worker.
            size = max(1, min(CHUNK, -(-total // (workers * SPLIT))))
            items = _parallel(pool, workers, _portable(when), job, instants, size)
        else:
            if steps is None:
                steps = job.steps()
            items = (evaluate(when, steps, at) for at in instants)
        batch: list[str] = []
        batch_size = 1 if when.at == "-" else 256

        def drain() -> None:
            if batch:
                data = parts(batch)
                batch.clear()
                out.write(data)

        for kind, value, count in items:
            if progress is not None:
                progress.advance(task, count)
            if kind == "line":
                batch.append(value)
                if len(batch) >= batch_size:
                    drain()
            elif kind == "lines":
                drain()
                out.write(value)
            elif kind == "error":
                drain()
                failed = True
                click.echo(f"qimen: error: {value}", err=True)
                if not when.keep_going:
                    break
        drain()
    except _Interrupted:
        _stop(pool, progress)
        pool = progress = None
        os.write(2, b"qimen: interrupted\n")
        _quiet_stdout()
        raise SystemExit(130) from None
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Python's docs advise.
        _stop(pool, progress)
        pool = progress = None
        _quiet_stdout()
        raise SystemExit(0) from None
    except _WriteFailed as failure:
        _stop(pool, progress)
        pool = progress = None
        _quiet_stdout()
        exc = failure.args[0]
        click.echo(f"qimen: error: cannot write the output: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
    finally:
        gc.set_threshold(*thresholds)
        signal.setitimer(signal.ITIMER_REAL, 0)
        _stop(pool, progress)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if failed:
        raise SystemExit(2)


def _parallel(pool, workers: int, when: When, job: Job, instants, size: int):
    """The items of the workers' chunks in input order, at most IN_FLIGHT chunks per worker pending."""
    import multiprocessing

    chunks = _chunks(instants, size)
    pending: deque = deque()
    limit = workers * IN_FLIGHT
    for chunk in chunks:
        pending.append(pool.apply_async(_evaluate_chunk, ((when, job, chunk),)))
        if len(pending) >= limit:
            break
    while pending:
        result = pending.popleft()
        while True:
            try:
                items = result.get(0.2)     # short waits: a signal is handled between them
                break
            except multiprocessing.TimeoutError:
                continue
        for chunk in chunks:
            pending.append(pool.apply_async(_evaluate_chunk, ((when, job, chunk),)))
            break
        yield from items
        if not when.keep_going and items and items[-1][0] == "error":
            return


def _stop(pool, progress) -> None:
    if pool is not None:
        pool.terminate()
        pool.join()
    if progress is not None:
        progress.stop()


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the exit's flush cannot fail (or write a partial line)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass
