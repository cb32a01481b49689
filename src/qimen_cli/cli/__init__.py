"""The shell: the click group (`main`) and its subcommands; what its modules share is here."""

#: The garbage collector's thresholds for a run of `qimen` (and in stream workers): a young
#: collection every 100,000 allocations instead of 700.  A run's objects (tables, caches,
#: lines, reports) hold no reference cycles, so collections found nothing and cost about a
#: tenth of a `cast` line; they still run, so memory stays bounded (a century of `cast`:
#: 60 MB either way).
GC_THRESHOLDS = (100_000, 20, 100)
#: Under the console script, what a command's run built that is left for `os._exit` to drop
#: (a range's writer and its caches: freeing them object by object costs a range several
#: milliseconds); None elsewhere (a library or test run frees them as usual).
KEPT: list | None = None
