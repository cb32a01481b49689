"""Streams: a range or stdin's instants as JSON Lines, in input order, optionally in worker processes.

More precisely: a stream's work is a `Job` (`arts`) — the art's name and its option
values, a picklable description from which each process rebuilds the functions (`Steps`).
`stream` is three parts:

* **producing the items** (`produce`): the art's own range writer when it has one (cast),
  else one instant after the other here, or — for long ranges of the arts for which workers
  pay (the record's `parallel`, measured in benchmarks/bench.py) or when asked (QIMEN_WORKERS) — in
  worker processes, in chunks, at most IN_FLIGHT per worker handed out and not yet written,
  so memory stays flat when the reader stalls;
* **writing them** (`write_items`): whole lines only, handed to the kernel as pieces
  (`LineWriter`, os.writev), bad instants reported on stderr as they come;
* **stopping cleanly** (`stopping`): SIGINT/SIGTERM stop everything within a second with one
  line (`qimen: interrupted`) and exit 130; a reader that goes away (broken pipe) ends the
  stream quietly with exit 0; another write error (a full disk) is one line, exit 1.

QIMEN_WORKERS (1 = one process; capped at the core count) and QIMEN_PARALLEL_MIN (the range
length from which workers are used) override the defaults.
"""

from __future__ import annotations

import gc
import os
import sys
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import ExitStack

import click

from ..arts import Job, Steps, answer
from ..arts.items import ERROR, LINE, LINES, evaluate, parts
from ..arts.items import chunks as item_chunks
from . import GC_THRESHOLDS
from .params import When, env_count
from .stopping import SignalStop, WriteFailed, lines_output, worker_signals

#: Ranges longer than this many instants show a progress bar on a terminal's stderr.
PROGRESS_THRESHOLD = 2000

#: The range length from which an art's stream uses worker processes by default is its record's
#: `parallel` (`arts.Art`): where two workers with a free core beat one process
#: (benchmarks/bench.py --streams --only break-even, two cores, rounded up).  On a machine whose
#: cores are busy one process wins: QIMEN_WORKERS=1.  cast's range writer (`Steps.writer`) makes
#: lines faster than workers could hand them back: it is shared by forked processes that write
#: in turn instead (`turns`), from its record's `parallel` on.
#: With QIMEN_WORKERS set (and QIMEN_PARALLEL_MIN not), workers from this many instants on
#: for an art without an entry above.
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
#: Lines per write of a range (stdin's lines are written one by one, as they are answered).
BATCH = 256


def stream(when: When, job: Job, lang: str = "zh") -> None:
    """Write the job's instants (a range or stdin) as JSON Lines, in input order; bad instants
    stop it (exit 2) unless --keep-going.  A range whose ends cannot be answered fails before
    anything is written.  `lang` words the progress bar (on a terminal's stderr)."""
    steps = job.steps()
    writer = steps.writer(when) if steps.writer is not None else None
    from .. import cli as shell

    if shell.KEPT is not None:
        shell.KEPT.append(writer)  # dropped by the console's os._exit, not freed here
    when.check_ends(writer.probe if writer is not None else answer(when.resolve, steps))
    signals = SignalStop()
    out = LineWriter(signals)
    thresholds = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        with lines_output(), ExitStack() as cleanup:
            cleanup.callback(signals.restore)
            total = writer.count() if writer is not None else when.count()
            items = produce(when, job, steps, writer, total, cleanup, out)
            signals.install()
            advance = start_progress(total, cleanup, lang)  # after the workers were forked: no thread is copied into them
            failed = write_items(items, out, advance, 1 if when.stdin else BATCH, when.keep_going)
    finally:
        gc.set_threshold(*thresholds)
    if failed:
        raise SystemExit(2)


# --- producing the items --------------------------------------------------------------


def produce(when: When, job: Job, steps: Steps, writer, total: int | None, cleanup: ExitStack,
            out: LineWriter | None = None) -> Iterator[tuple]:
    """The stream's items in input order (`arts.items`): the art's range writer (shared by
    forked processes writing through `out` in turn, `turns`, for a long range), worker
    processes (stopped by `cleanup`), or one instant after the other in this process."""
    workers = workers_for(total, job.art)
    if writer is not None:
        if workers > 1 and total is not None and getattr(writer, "blocks", False):
            from .turns import can_share, taking_turns, turns_of

            if can_share(out):
                return taking_turns(writer, workers, out, cleanup, turns_of(total, workers))
        return writer.items()
    if workers > 1 and total is not None:  # (workers_for gives one to a stream of unknown length)
        pool = start_pool(_context(), workers)
        cleanup.callback(_terminate, pool)
        size = max(1, min(CHUNK, -(-total // (workers * SPLIT))))  # at most CHUNK, at least SPLIT chunks a worker
        return _parallel(pool, workers, when.portable(), job, when.instants(), size)
    return (evaluate(when.resolve, steps, at) for at in when.instants())


def workers_for(total: int | None, art: str | None = None) -> int:
    """How many worker processes a stream of `total` instants of the art `art` gets.

    QIMEN_WORKERS sets the number (1 = one process; at most the core count);
    QIMEN_PARALLEL_MIN the range length from which workers are used (default: the
    art's record's `parallel`, else OPT_IN_MIN once QIMEN_WORKERS is set; an art
    without one runs in one process unless one of the two variables is
    set).  Both are checked on every stream (junk, 0 or less: BadInput naming it).
    """
    wanted = env_count("QIMEN_WORKERS", None)
    minimum = env_count("QIMEN_PARALLEL_MIN", None)
    cores = os.cpu_count() or 1
    if minimum is None:
        minimum = parallel_min(art)
        if minimum is None:
            if wanted is None:
                return 1
            minimum = OPT_IN_MIN
    if total is None or total < minimum:
        return 1
    return min(wanted if wanted is not None else min(cores, 4), cores)


def parallel_min(art: str | None) -> int | None:
    """The art's own range length for workers (its record's `parallel`), or None."""
    if art is None:
        return None
    from ..arts import find_art

    record = find_art(art)
    return record.parallel if record is not None else None


#: Per worker process: (When, Job) → (the first When seen, its Steps); a When caches its context.
_BUILT: dict = {}


def _worker_init() -> None:
    """A worker's signals (`stopping.worker_signals`); it collects garbage as seldom as the
    parent's stream does."""
    gc.set_threshold(*GC_THRESHOLDS)
    worker_signals()


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
        kind, value, _ = evaluate(when.resolve, steps, at)
        if kind == ERROR:
            if seen:
                out.append((LINES, parts(lines), seen))
                lines, seen = [], 0
            out.append((kind, value, 1))
            if not when.keep_going:
                return out
            continue
        seen += 1
        if kind == LINE:
            lines.append(value)
    if seen:
        out.append((LINES, parts(lines), seen))
    return out


def _context():
    """The start method of the workers: $QIMEN_START_METHOD (one of this platform's, else
    BadInput), or fork where there is one (cheap), else the platform's default."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    method = os.environ.get("QIMEN_START_METHOD") or ("fork" if "fork" in methods else None)
    if method is not None and method not in methods:
        from ..errors import BadInput

        raise BadInput(f"QIMEN_START_METHOD={method!r} is not a start method here (expected one of {', '.join(methods)})")
    return multiprocessing.get_context(method)


def _parallel(pool, workers: int, when: When, job: Job, instants, size: int):
    """The items of the workers' chunks in input order, at most IN_FLIGHT chunks per worker pending."""
    import multiprocessing

    chunks = item_chunks(instants, size)
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
        if not when.keep_going and items and items[-1][0] == ERROR:
            return


#: Seconds the pool's own teardown may take before its workers are killed and it is left behind.
TERMINATE_WAIT = 2.0


def start_pool(context, workers: int):
    """The worker pool, its processes born with SIGINT ignored: a Ctrl-C that reaches the whole
    process group between a fork and the worker's `_worker_init` cannot kill a worker in the
    middle of taking a task (holding the task queue's lock, which `Pool.terminate` then waits
    on for ever)."""
    import signal

    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread (a test runner's): the workers' own init covers it
        return context.Pool(workers, initializer=_worker_init)
    try:
        return context.Pool(workers, initializer=_worker_init)
    finally:
        signal.signal(signal.SIGINT, previous)


def _terminate(pool) -> None:
    """Stop the workers, whatever state they are in, within about `TERMINATE_WAIT` seconds: the
    pool's own teardown (in a thread: it waits on queue locks a dead worker may hold), then any
    worker still alive is killed.  So the parent always reaches its exit (130 after Ctrl-C)."""
    import threading

    teardown = threading.Thread(target=_pool_teardown, args=(pool,), name="qimen-pool-teardown", daemon=True)
    teardown.start()
    teardown.join(TERMINATE_WAIT)
    for worker in list(getattr(pool, "_pool", ())):
        if worker.exitcode is None:
            worker.kill()
            worker.join(1.0)


def _pool_teardown(pool) -> None:
    try:
        pool.terminate()
        pool.join()
    except Exception:  # a pool half torn down by a signal: the workers are killed after
        pass


def progress_bar(total: int | None, lang: str, completed: int = 0):
    """A started progress bar on stderr, its task worded in `lang` (the store's "progress": 排盤,
    포국, charts): (the bar, its task)."""
    from rich.console import Console
    from rich.progress import Progress

    from ..render.labels import label

    progress = Progress(console=Console(stderr=True), transient=True)
    progress.start()
    return progress, progress.add_task(label("progress", lang), total=total, completed=completed)


def start_progress(total: int | None, cleanup: ExitStack, lang: str = "zh") -> Callable | None:
    """A progress bar on a terminal's stderr for a range longer than PROGRESS_THRESHOLD
    (stopped by `cleanup`), worded in `lang`: its `advance(instants)`, or None."""
    if not (total and total > PROGRESS_THRESHOLD and sys.stderr.isatty()):
        return None
    progress, task = progress_bar(total, lang)
    cleanup.callback(progress.stop)

    def advance(count: int) -> None:
        progress.advance(task, count)

    return advance


# --- writing them ---------------------------------------------------------------------


def write_items(items, out: LineWriter, advance: Callable | None, batch_size: int, keep_going: bool) -> bool:
    """Write the items' lines in order, `batch_size` lines a write; report each bad instant
    on stderr and stop at the first unless `keep_going`.  Whether an instant was bad."""
    failed = False
    batch: list = []

    def drain() -> None:
        if batch:
            data = parts(batch)
            batch.clear()
            out.write(data)

    for kind, value, count in items:
        if advance is not None:
            advance(count)
        if kind == LINE:
            batch.append(value)
            if len(batch) >= batch_size:
                drain()
        elif kind == LINES:
            drain()
            out.write(value)
        elif kind == ERROR:
            drain()
            failed = True
            click.echo(f"qimen: error: {value}", err=True)
            if not keep_going:
                break
    drain()
    return failed


#: Pieces per os.writev call (POSIX guarantees at least 16; Linux and the BSDs take 1024).
IOV_MAX = os.sysconf("SC_IOV_MAX") if hasattr(os, "sysconf") and "SC_IOV_MAX" in os.sysconf_names else 16
if IOV_MAX < 16:
    IOV_MAX = 16


class LineWriter:
    """Whole-line writes to stdout; a signal arriving during a write waits for its end
    (`stopping.SignalStop`: at most a second, else the write is abandoned).  `write` takes
    bytes or a list of pieces (`parts`); a refused write raises WriteFailed (a broken pipe
    stays a BrokenPipeError)."""

    def __init__(self, signals: SignalStop) -> None:
        sys.stdout.flush()
        try:
            self.fd = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.signals = signals

    def write(self, data: bytes | list[bytes]) -> None:
        if not data:
            return
        self.signals.writing = True
        try:
            if self.fd is None:
                _write_text(data)
            elif data.__class__ is list:
                _write_pieces(self.fd, data)
            else:
                _write_all(self.fd, data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise WriteFailed(exc) from None
        finally:
            self.signals.writing = False
        self.signals.after_write()


def _write_text(data: bytes | list[bytes]) -> None:
    """Through sys.stdout, when it has no file descriptor (a test runner's, an embedding's)."""
    if isinstance(data, list):
        data = b"".join(data)
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        buffer.write(data)
    sys.stdout.flush()


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
        if written == sum(map(len, group)):  # the whole group (the usual case), counted in C
            i += len(group)
            continue
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
