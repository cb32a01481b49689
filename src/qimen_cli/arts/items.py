"""The items a stream is made of, and how a stream makes and writes them.

A stream is a sequence of items `(kind, value, count)`, `count` the instants they stand for:

* `("line", text, 1)`: one JSON line (str, or UTF-8 bytes);
* `("skip", None, 1)`: an instant whose result `keep` dropped;
* `("lines", pieces, n)`: consecutive lines already cut into the pieces of one write
  (`parts`), standing for `n` instants (dropped ones included);
* `("error", message, 1)`: a bad instant (the engine's one-line message).

Imported by a stream only: a single instant needs none of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from ..errors import QimenError
from . import Steps

LINE, SKIP, LINES, ERROR = "line", "skip", "lines", "error"

#: One newline, the piece after every line.
NL = b"\n"


def parts(lines: list[Any]) -> list[bytes]:
    """JSON lines (str, or UTF-8 bytes from a writer that caches encoded pieces) as the pieces
    of one write: each line, then a newline.

    More precisely, the lines are not joined into one block: a block of a few hundred lines
    is megabytes, above the allocator's threshold for fresh pages, and joining one per block
    cost about as much as making the lines (a century of `cast`: 3 s of 7).  The stream hands
    the pieces to the kernel as they are (os.writev)."""
    out: list[bytes] = []
    append = out.append
    for line in lines:
        append(line if line.__class__ is bytes else line.encode("utf-8"))
        append(NL)
    return out


def chunks(instants: Iterable[Any], size: int, days: int | None = None) -> Iterator[list[Any]]:
    """`instants` in lists of `size`, in order (the last one shorter); with `days`, a list also
    ends where the instants' civil day number (their date's ordinal) enters another run of
    `days` days, counted from the ordinal 0."""
    instants = iter(instants)
    if days is None:
        while block := list(islice(instants, size)):
            yield block
        return
    chunk: list[Any] = []
    run = None
    for at in instants:
        here = at.toordinal() // days
        if here != run:
            if chunk:
                yield chunk
                chunk = []
            run = here
        chunk.append(at)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def evaluate(resolve: Callable[..., Any], steps: Steps, at: Any) -> tuple[str, Any, int]:
    """One instant of a stream as its item: `resolve(at, **extra)` gives the Moment; a line,
    a skip when `keep` drops the result, or the error the engine raised."""
    try:
        result = steps.compute(resolve(at, **(steps.extra or {})))
    except QimenError as exc:
        return (ERROR, str(exc), 1)
    if steps.keep is not None and not steps.keep(result):
        return (SKIP, None, 1)
    return (LINE, steps.to_text(result), 1)
