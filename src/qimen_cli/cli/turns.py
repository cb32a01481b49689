"""A range writer's blocks shared by forked processes that write to stdout in turn.

More precisely: a range writer that makes its lines faster than worker processes could hand
them back (`cast`'s `arts.cast_range.RangeLines`) is shared another way.  The process forks
`workers - 1` children after its writer is built (its caches and tables are theirs without a
copy); block k of the range is made by process k mod `workers` (0: this one), and the
processes write to the same stdout one block after the other, in order, each after its turn
is given.  Nothing is sent between them but the turns: a child waits for this process's
"go" (a byte on its pipe), writes its block's lines itself, and answers with its status:

* ``G``: written; ``E`` + the engine's message: the lines before a bad instant were written,
  then the instant was bad (the stream reports it and stops, as one process does);
* ``P``: the reader went away (broken pipe); ``W`` + errno and the OSError's words: stdout
  refused the write; ``X`` + words: the child failed otherwise.

So the output is byte for byte one process's, every line whole: the children leave SIGINT
and SIGTERM to this process, and when it stops early (a signal, an error) the child holding
the turn is given a second to finish its lines before the children are killed (`Shared.stop`,
by the stream's cleanup; as a signal waits for this process's own write, `stopping.SignalStop`).
A child ends by itself after its last block, or when its pipe from this process closes.

Only where there is fork (and QIMEN_START_METHOD, when set, is fork) and stdout is a file
descriptor; otherwise the stream's writer runs in one process, as with QIMEN_WORKERS=1.
"""

from __future__ import annotations

import gc
import os
import select
import struct
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from ..arts.items import ERROR, LINES
from .stopping import WriteFailed

#: A status: its kind (one byte) and its payload's length.
_HEAD = struct.Struct("<cI")

GO = b"g"

#: Instants per turn at most (a few MB of pieces).
MOST = 4096
#: Days a turn's instants span in a long range shared by `workers` processes: the 60 days of
#: the day pillars' cycle shared out (with two, 30 days each).
CYCLE = 60


def turns_of(total: int, workers: int) -> tuple[int, int | None]:
    """How a range of `total` instants is cut into turns for `workers` processes: (instants
    per turn at most, days per turn or None).

    A chart's first use (its plate's facts, its rules' results and their text, cached by the
    writer) is most of its cost (a year of 2-hour lines in one process: 425 ms the first time,
    80 ms again with every chart cached).  A range that fits in `workers` turns of
    MOST is cut into `workers` runs of consecutive instants (a year of 2-hour charts: two
    halves): each process meets its own terms' results.  A longer one is cut into runs of
    CYCLE / `workers` days (the day is part of what decides a chart: so each process meets the
    charts of the same day pillars again and again, and their first use is its own), at most
    MOST instants each.  (A year of 2-hour charts by two processes: 0.69 of one process's
    instructions on the longer side, against 0.76 in runs of days; five years: 0.66 in runs
    of days, against 0.78 in runs of MOST; benchmarks/RESULTS.md.)"""
    if total <= workers * MOST:
        return max(1, -(-total // workers)), None
    return MOST, max(1, CYCLE // workers)


class Child:
    """A forked child of a shared stream: its pid, the pipe of its turns and that of its answers."""

    __slots__ = ("pid", "go", "status")

    def __init__(self, pid: int, go: int, status: int) -> None:
        self.pid, self.go, self.status = pid, go, status


class Shared:
    """The children of a shared stream and the one holding the turn (given it, not yet answered)."""

    __slots__ = ("children", "holder")

    def __init__(self) -> None:
        self.children: list[Child] = []
        self.holder: Child | None = None

    def grant(self, child: Child) -> None:
        """Give `child` the turn: it writes its block now."""
        self.holder = child
        try:
            os.write(child.go, GO)
        except OSError:  # the child is gone: its answer is the end of its pipe (`answer`)
            pass

    def answer(self, child: Child) -> tuple[bytes, str]:
        """The child's status (its kind, its payload) once it has written its block."""
        head = _read(child.status, _HEAD.size)
        self.holder = None  # (a status is sent after the lines)
        if len(head) < _HEAD.size:
            raise WriteFailed(OSError(5, "a process of the stream ended before writing its lines"))
        kind, size = _HEAD.unpack(head)
        return kind, _read(child.status, size).decode("utf-8") if size else ""

    def stop(self, ended: bool) -> None:
        """Reap the children.  After a stream that `ended` (every block written) each ends by
        itself once its pipes close; after an early stop (a signal, an error) the child holding
        the turn is given HOLD seconds to finish its lines, then every child is killed."""
        import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

        if not ended and self.holder is not None:
            try:
                select.select([self.holder.status], [], [], HOLD)
            except (OSError, ValueError):
                pass
        for child in self.children:
            for fd in (child.go, child.status):
                try:
                    os.close(fd)
                except OSError:
                    pass
            if not ended:
                try:
                    os.kill(child.pid, signal.SIGKILL)
                except OSError:
                    pass
        for child in self.children:
            try:
                os.waitpid(child.pid, 0)
            except OSError:
                pass
        self.children.clear()
        self.holder = None


#: Blocks a process makes ahead of its turn at most (while another writes, or makes a slower
#: block): the processes need not keep in step block by block.
AHEAD = 4

#: Seconds the child holding the turn may take to finish its lines after an early stop (as a
#: signal waits for a write of this process: `stopping.SignalStop`).
HOLD = 1.0


def can_share(out: Any) -> bool:
    """Whether a stream writing through `out` (a `stream.LineWriter`) can take turns: fork
    exists, QIMEN_START_METHOD (if set) names it, and stdout is a file descriptor."""
    method = os.environ.get("QIMEN_START_METHOD")
    return hasattr(os, "fork") and method in (None, "", "fork") and getattr(out, "fd", None) is not None


def taking_turns(writer: Any, workers: int, out: Any, cleanup: ExitStack,
                 cut: tuple[int, int | None]) -> Iterator[tuple[str, Any, int]]:
    """The stream's items (`arts.items`) of the range writer `writer` (its `chunks(*cut)` and
    `block(chunk)`), its blocks (`cut`: `turns_of`) made by this process and `workers - 1`
    forked children that write their own blocks through `out` in turn; the children are
    stopped by `cleanup`."""
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

    gc.freeze()  # what the writer built lives as long as the run, in every process: not scanned again
    shared = Shared()
    cleanup.push(lambda kind, _exc, _tb: shared.stop(kind is None))
    try:  # the children are born with SIGINT and SIGTERM ignored (a signal between a fork and `_child`)
        previous = [(sig, signal.signal(sig, signal.SIG_IGN)) for sig in (signal.SIGINT, signal.SIGTERM)]
    except ValueError:  # not the main thread (a test runner's): `_child` ignores them itself
        previous = []
    try:
        _fork(writer, workers, out, shared.children, cut)
    finally:
        for sig, handler in previous:
            signal.signal(sig, handler)
    return _items(writer, workers, shared, cut)


def _fork(writer: Any, workers: int, out: Any, children: list[Child], cut: tuple[int, int | None]) -> None:
    for index in range(1, workers):
        go_r, go_w = os.pipe()
        status_r, status_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            for other in children:
                os.close(other.go)
                os.close(other.status)
            os.close(go_w)
            os.close(status_r)
            _child(writer, index, workers, go_r, status_w, out, cut)
        os.close(go_r)
        os.close(status_w)
        children.append(Child(pid, go_w, status_r))


def _items(writer: Any, workers: int, shared: Shared, cut: tuple[int, int | None]) -> Iterator[tuple[str, Any, int]]:
    """This process's side, in the range's order: its own blocks' items, and for each child's
    block, once the child has written it, an item without lines standing for its instants.
    While a child writes (or is still making its block), this process makes its own next
    blocks, up to AHEAD of them."""
    children = shared.children
    chunks = enumerate(writer.chunks(*cut))
    # The blocks not yet written, in order: [the child making it (None: this process), its
    # instants, its items (this process's) or whether its turn was given (a child's)].
    pending: deque[list[Any]] = deque()
    ahead = 0  # this process's blocks made and not yet written
    left = True  # whether `chunks` may have more

    def take() -> None:
        nonlocal left, ahead
        got = next(chunks, None)
        if got is None:
            left = False
            return
        k, chunk = got
        owner = k % workers
        if owner:
            pending.append([children[owner - 1], len(chunk), False])
        else:
            pending.append([None, len(chunk), writer.block(chunk)])
            ahead += 1

    while True:
        if not pending:
            if not left:
                return
            take()
            continue
        head = pending[0]
        child = head[0]
        if child is None:  # this process's block: written now
            pending.popleft()
            ahead -= 1
            items = head[2]
            yield from items
            if items[-1][0] == ERROR:
                return
            continue
        if not head[2]:
            shared.grant(child)
            head[2] = True
        if left and ahead < AHEAD and not _ready(child.status):
            take()  # (a block of its own while the child is at it)
            continue
        kind, payload = shared.answer(child)
        pending.popleft()
        yield (LINES, [], head[1])
        if kind != b"G":
            yield _failed(kind, payload)
            return


def _ready(fd: int) -> bool:
    """Whether `fd` has something to read now."""
    return bool(select.select([fd], [], [], 0)[0])


def _failed(kind: bytes, payload: str) -> tuple[str, Any, int]:
    """The item of a child's status other than G, or the exception it stands for."""
    if kind == b"E":
        return (ERROR, payload, 1)
    if kind == b"P":
        raise BrokenPipeError()
    if kind == b"W":
        code, _, words = payload.partition(" ")
        raise WriteFailed(OSError(int(code), words))
    raise RuntimeError(f"a process of the stream failed: {payload}")


def _read(fd: int, size: int) -> bytes:
    data = b""
    while len(data) < size:
        got = os.read(fd, size - len(data))
        if not got:
            break
        data += got
    return data


def _child(writer: Any, index: int, workers: int, go: int, status: int, out: Any, cut: tuple[int, int | None]) -> None:
    """A child's life: make its blocks, each written at its turn, then exit (never returns)."""
    import _signal as signal  # type: ignore[import-not-found,unused-ignore]  # (no stub)

    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # left to the parent, which stops the children
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # between turns only: no line is cut
        own = (chunk for k, chunk in enumerate(writer.chunks(*cut)) if k % workers == index)
        made: deque[list[tuple[str, Any, int]]] = deque()  # its blocks made, not yet written
        left = True
        while True:
            if left and len(made) < AHEAD and not (made and _ready(go)):
                chunk = next(own, None)
                if chunk is None:
                    left = False
                else:
                    made.append(writer.block(chunk))
                continue
            if not made:
                break
            if os.read(go, 1) != GO:  # the parent is gone or stopped the stream
                break
            kind, payload = b"G", ""
            try:
                for item_kind, value, _count in made.popleft():
                    if item_kind == LINES:
                        out.write(value)
                    else:
                        kind, payload = b"E", value
            except BrokenPipeError:
                kind = b"P"
            except WriteFailed as exc:
                cause = exc.args[0]
                kind, payload = b"W", f"{getattr(cause, 'errno', None) or 5} {getattr(cause, 'strerror', None) or cause}"
            data = payload.encode("utf-8")
            os.write(status, _HEAD.pack(kind, len(data)) + data)
            if kind != b"G":
                break
    except BaseException as exc:  # a fault: told to the parent, which raises it
        code = 1
        try:
            data = f"{type(exc).__name__}: {exc}".encode()
            os.write(status, _HEAD.pack(b"X", len(data)) + data)
        except BaseException:
            pass
    finally:
        os._exit(code)
