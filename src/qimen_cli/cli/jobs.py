"""A stream's work as data: `Job` (picklable: the command's module and option values) and
the `Steps` each process rebuilds from it.  Kept apart from `stream` so that a single
instant imports neither it nor what it needs (signals, queues, worker pools)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import NamedTuple


class Steps(NamedTuple):
    """What a stream does with each instant, rebuilt in every process from a Job."""

    compute: Callable            # Moment → result
    to_text: Callable            # result → one JSON object as text (or a dict)
    keep: Callable | None = None  # result → bool: only kept results are written
    extra: dict | None = None    # extra keyword arguments of When.resolve


class Job(NamedTuple):
    """A stream's work as a picklable description: the command's module (which defines
    `job_steps(**options) -> Steps`) and its option values (picklable, hashable)."""

    module: str
    options: tuple = ()

    @classmethod
    def of(cls, module: str, **options) -> Job:
        return cls(module, tuple(sorted(options.items())))

    def steps(self) -> Steps:
        return importlib.import_module(self.module).job_steps(**dict(self.options))
