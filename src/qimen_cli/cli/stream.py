"""Streams: a range or stdin's instants as JSON Lines, in input order, optionally in worker processes."""

from __future__ import annotations

import sys
from typing import Callable

import click

from .params import When
from .run import INPUT_ERRORS

#: Ranges longer than this many instants show a progress bar on a terminal's stderr.
PROGRESS_THRESHOLD = 2000


class Failed(str):
    """A bad instant of a stream: the message to report (one line)."""


def evaluate(when: When, compute: Callable, to_json: Callable, extra: dict, keep: Callable | None, at) -> str | None:
    """One instant of a stream: its JSON line, None when `keep` drops it, or a Failed message."""
    from ..render.jsonout import dumps

    try:
        result = compute(when.resolve(at, **extra))
    except INPUT_ERRORS as exc:
        return Failed(str(exc))
    if keep is not None and not keep(result):
        return None
    return dumps(to_json(result))


def joined(lines: list) -> bytes:
    """JSON lines (str, or UTF-8 bytes from a writer that caches encoded pieces) as one block."""
    if isinstance(lines[0], bytes):
        return b"\n".join(lines) + b"\n"
    return ("\n".join(lines) + "\n").encode("utf-8")


#: The job of the worker processes of a parallel stream, set before they are forked.
_JOB: tuple | None = None


class Block(bytes):
    """Consecutive JSON lines of a worker, already joined and encoded (UTF-8), with `count`
    the number of instants they stand for (dropped ones included)."""

    count: int = 0


def _evaluate_chunk(chunk: list) -> list:
    """A worker's task: the chunk's items, runs of good lines encoded into Blocks."""
    when, compute, to_json, extra, keep = _JOB
    out: list = []
    lines: list[str] = []
    seen = 0

    def flush() -> None:
        nonlocal seen
        if seen:
            block = Block(joined(lines) if lines else b"")
            block.count = seen
            out.append(block)
            lines.clear()
            seen = 0

    for at in chunk:
        item = evaluate(when, compute, to_json, extra, keep, at)
        if isinstance(item, Failed):
            flush()
            out.append(item)
            if not when.keep_going:
                break
            continue
        seen += 1
        if item is not None:
            lines.append(item)
    flush()
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


def workers_for(total: int | None) -> int:
    """How many worker processes a stream of `total` instants gets.

    Long ranges are split over the machine's cores (forked workers, each with its own
    plate caches; output stays in input order).  QIMEN_WORKERS sets the number
    (1 = serial); QIMEN_PARALLEL_MIN the range length from which workers are used.
    """
    import multiprocessing
    import os

    from .params import env_count

    cores = os.cpu_count() or 1
    threshold = env_count("QIMEN_PARALLEL_MIN", PARALLEL_THRESHOLD)
    wanted = min(env_count("QIMEN_WORKERS", min(cores, 4)), cores)
    if total is None or total < threshold:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return wanted


#: Ranges from this many instants on are computed by worker processes (see `workers_for`).
PARALLEL_THRESHOLD = 1500
#: Instants per task handed to a worker: half a year of 2-hour charts, so that with two
#: workers each mostly meets one 遁's plates (冬至→夏至 陽, 夏至→冬至 陰) and builds half of them.
CHUNK = 2196


def stream(when: When, compute: Callable, to_json: Callable, extra: dict, keep: Callable | None = None) -> None:
    """Write a stream as JSON Lines, in input order; bad instants stop it unless --keep-going."""
    global _JOB
    failed = False
    # Lines are written in batches: one write per line costs a system call each when
    # Python runs unbuffered (PYTHONUNBUFFERED).  Reading stdin, each line goes out at once.
    # JSON Lines are UTF-8 whatever the locale: bytes go straight to stdout's buffer.
    batch: list[str] = []
    batch_size = 1 if when.at == "-" else 256
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)

    def emit(data: bytes | str) -> None:
        if out is None:
            sys.stdout.write(data if isinstance(data, str) else data.decode("utf-8"))
            sys.stdout.flush()
        else:
            out.write(data if isinstance(data, bytes) else data.encode("utf-8"))
            out.flush()

    def drain() -> None:
        if batch:
            emit(joined(batch))
            batch.clear()

    def write(line: str) -> None:
        batch.append(line)
        if len(batch) >= batch_size:
            drain()

    progress = pool = None
    try:
        instants = when.instants()
        total = when.count()
        if total and total > PROGRESS_THRESHOLD and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            progress = Progress(console=Console(stderr=True), transient=True)
            progress.start()
            task = progress.add_task("charts", total=total)
        # A writer whose lines are cheap to make says so (`parallel` False): its lines would
        # cost more to hand back from worker processes than to compute here.
        workers = workers_for(total) if getattr(when, "parallel", True) else 1
        if workers > 1:
            import multiprocessing

            _JOB = (when, compute, to_json, extra, keep)
            pool = multiprocessing.get_context("fork").Pool(workers)
            items = (item for chunk in pool.imap(_evaluate_chunk, _chunks(instants, CHUNK)) for item in chunk)
        else:
            items = (evaluate(when, compute, to_json, extra, keep, at) for at in instants)
        for item in items:
            if isinstance(item, Block):
                drain()
                emit(item)
                if progress is not None:
                    progress.advance(task, item.count)
                continue
            if progress is not None:
                progress.advance(task)
            if item is None:
                continue
            if isinstance(item, Failed):
                failed = True
                click.echo(f"qimen: error: {item}", err=True)
                if not when.keep_going:
                    break
                continue
            write(item)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Python's docs advise.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(0)
    finally:
        if pool is not None:
            pool.terminate()
            _JOB = None
        if progress is not None:
            progress.stop()
        drain()
    if failed:
        raise SystemExit(2)
