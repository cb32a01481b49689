"""The arts as a library below the shell: for each command, its result for a Moment and
options (`compute`) and the JSON of that result (`to_json`, written by `render/json_*.py`).

One module per art (`cast`, `pillars`, `noble`, `twelve_gods`, `gucu`, `liuren`, `chaibu`,
`terms`).  The shell (`cli/`) parses and checks options and calls them; `find/` calls them
for its conditions.  Nothing here imports click or the shell, and no art is imported until a
command needs it.

This package itself holds what every command and the shell's runner share: `Job`, an art's
module and its option values (picklable), from which each process rebuilds the `Steps`
(compute, to_text, keep, resolve extras, and the art's own range writer when it has one)
with the module's `job_steps`; and `answer`, one instant's result.  Every command that works
instant by instant declares its work as a Job; the shell's `run` and `stream` only ever see
Jobs.  A stream's items are in `items`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable


class Steps:
    """What a stream does with each instant, rebuilt in every process from a Job.

    `compute(moment)` → the art's result; `to_text(result)` → one JSON object as text;
    `keep(result)` → whether it is written (None: all are); `extra`: keyword arguments
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


def answer(resolve: Callable, steps: Steps) -> Callable:
    """`at` → the art's result for one instant (resolved with the steps' extras), raising what
    the engine raises: how a range's ends are probed before it prints anything."""
    extra = steps.extra or {}

    def answer_at(at):
        return steps.compute(resolve(at, **extra))

    return answer_at
