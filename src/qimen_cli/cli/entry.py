"""The `qimen` console script's entry point (and `python -m qimen_cli`'s): `main.console`, with
the garbage collector's thresholds (`GC_THRESHOLDS`) set before click and the engine are imported.

More precisely: `main.console` sets them too, but only once `cli.main` (and click with it) has
been imported; a chart's imports make a few hundred thousand objects, none of them garbage, and
the young collections every 700 of them cost a cold `cast --json` about 8 M instructions of its
270 M (benchmarks/RESULTS.md).  Nothing else differs: `from qimen_cli.cli.main import console;
console()` runs the same command.
"""

from __future__ import annotations


def console() -> None:
    """The console script: the collector's thresholds, then `main.console`."""
    import gc

    from . import GC_THRESHOLDS

    gc.set_threshold(*GC_THRESHOLDS)
    from .main import console as run

    run()
