"""The arts as a library below the shell, and a stream's work as data.

One module per art (`cast`, `pillars`, `noble`, `twelve_gods`, `gucu`, `liuren`, `chaibu`,
`terms`) holds its result for a Moment and options (`compute`) and the JSON of that result
(`to_json`, written by `render/json_*.py`).  The shell (`cli/`) parses and checks options and
calls them; `find/` calls them for its conditions.  Nothing here imports click or the shell,
and no art is imported until a command needs it.

This package itself is what every art and the shell's runner share (kept here rather than in
a module of its own: one module fewer at every start).  `Job` is picklable: an art's module
and its option values; each process rebuilds from it the `Steps` (compute, to_text, keep,
resolve extras, and the art's own range writer when it has one) with the module's
`job_steps`.  Every command that works instant by instant declares its work as a Job; the
shell's `run` and `stream` only ever see Jobs.

A stream is a sequence of items `(kind, value, count)`, `count` the instants they stand for:

* `("line", text, 1)`: one JSON line (str, or UTF-8 bytes);
* `("skip", None, 1)`: an instant whose result `keep` dropped;
* `("lines", pieces, n)`: consecutive lines already cut into the pieces of one write
  (`parts`), standing for `n` instants (dropped ones included);
* `("error", message, 1)`: a bad instant (the engine's one-line message).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..errors import QimenError

LINE, SKIP, LINES, ERROR = "line", "skip", "lines", "error"


class Steps:
    """What a stream does with each instant, rebuilt in every process from a Job.

    `compute(moment)` → the art's result; `to_text(result)` → one JSON object as text (or a
    dict); `keep(result)` → whether it is written (None: all are); `extra`: keyword arguments
    of When.resolve; `writer(when)` → a range writer that makes the JSON lines of a range
    itself, faster than instant by instant and in one process (cast): `probe(at)` answers one
    instant as the range will, `count()` the instants (None: unknown), `items()` the stream's
    items.  (A plain class: a record class costs a tenth of a millisecond of every start.)
    """

    __slots__ = ("compute", "to_text", "keep", "extra", "writer")

    def __init__(self, compute: Callable, to_text: Callable, keep: Callable | None = None, extra: dict | None = None,
                 writer: Callable | None = None) -> None:
        self.compute = compute
        self.to_text = to_text
        self.keep = keep
        self.extra = extra
        self.writer = writer


class Job:
    """A stream's work as a picklable, hashable description: the art's module (which defines
    `job_steps(**options) -> Steps`) and its option values (picklable, hashable), sorted by name."""

    __slots__ = ("module", "options")

    def __init__(self, module: str, options: tuple = ()) -> None:
        self.module = module
        self.options = options

    @classmethod
    def of(cls, module: str, **options) -> Job:
        return cls(module, tuple(sorted(options.items())))

    def steps(self) -> Steps:
        return importlib.import_module(self.module).job_steps(**dict(self.options))

    def __eq__(self, other):
        if other.__class__ is not Job:
            return NotImplemented
        return self.module == other.module and self.options == other.options

    def __hash__(self) -> int:
        return hash((self.module, self.options))

    def __repr__(self) -> str:
        return f"Job({self.module!r}, {self.options!r})"

    def __reduce__(self):
        return Job, (self.module, self.options)


#: One newline, the piece after every line.
NL = b"\n"


def parts(lines: list) -> list[bytes]:
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


def answer(resolve: Callable, steps: Steps) -> Callable:
    """`at` → the art's result for one instant (resolved with the steps' extras), raising what
    the engine raises: how a range's ends are probed before it prints anything."""
    extra = steps.extra or {}

    def answer_at(at):
        return steps.compute(resolve(at, **extra))

    return answer_at


def evaluate(resolve: Callable, steps: Steps, at) -> tuple:
    """One instant of a stream as its item: `resolve(at, **extra)` gives the Moment; a line,
    a skip when `keep` drops the result, or the error the engine raised."""
    try:
        result = steps.compute(resolve(at, **(steps.extra or {})))
    except QimenError as exc:
        return (ERROR, str(exc), 1)
    if steps.keep is not None and not steps.keep(result):
        return (SKIP, None, 1)
    text = steps.to_text(result)
    if not isinstance(text, (str, bytes)):
        from ..render.jsonout import dumps

        text = dumps(text)
    return (LINE, text, 1)
