"""Print the figures the issues ask for; run from the repository root with the project installed.

    python benchmarks/bench.py [--runs 5]

Cold-process times are medians of several runs of the installed `qimen` script; in-process
figures time the engine alone.  Nothing here is asserted: timings are not tests.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import subprocess
import sys
import time


def cold(args: list[str], runs: int, stdout=subprocess.DEVNULL) -> float:
    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([exe, *args], stdout=stdout, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs = args.runs

    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import click, rich.console, rich.table"], check=True)
    base = time.perf_counter() - t
    print(f"python -c 'import click, rich'                         {base * 1000:7.0f} ms (one run, for scale)")
    for label, argv in (
        ("qimen pillars --json", ["pillars", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen terms --year 2024 --json", ["terms", "--year", "2024", "--json"]),
        ("qimen cast --json", ["cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen cast (rich grid)", ["cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai"]),
        ("qimen noble --json", ["noble", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen twelve-gods --json", ["twelve-gods", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen gucu --json", ["gucu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen liuren --json", ["liuren", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
        ("qimen chaibu --json", ["chaibu", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]),
    ):
        print(f"cold {label:<45} {cold(argv, runs) * 1000:7.0f} ms (median of {runs})")
    year = ["cast", "--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--every", "2h", "--tz", "Asia/Shanghai"]
    print(f"cold qimen cast, a year of 2-hour charts (4,392 JSON Lines) {cold(year, runs):7.2f} s (median of {runs})")
    import os

    os.environ["QIMEN_WORKERS"] = "1"
    print(f"  the same in one process (QIMEN_WORKERS=1)                {cold(year, runs):7.2f} s (median of {runs})")
    del os.environ["QIMEN_WORKERS"]

    from qimen_cli.calendar import ephemeris, terms
    from qimen_cli.calendar.context import get_context
    from qimen_cli.calendar.resolve import resolve_moment
    from qimen_cli.qimen.chart import cast_chart
    from qimen_cli.render.cast_json import chart_json_text

    t = time.perf_counter()
    eph = ephemeris.load()
    lo = terms.to_seconds(dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc))
    hi = terms.to_seconds(dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc))
    first = time.perf_counter()
    terms.compute_terms(eph, lo, hi)
    live = time.perf_counter() - first
    print(f"terms of 2024 live with skyfield (import + load {first - t:.2f} s)      {live * 1000:7.0f} ms")
    t = time.perf_counter()
    table = get_context().full_table()
    load = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(1000):
        table.between(lo, hi)
    each = (time.perf_counter() - t) / 1000
    print(f"terms of 2024 from the table (table load {load * 1000:.0f} ms once)       {each * 1e6:7.1f} µs")

    zone = dt.timezone(dt.timedelta(hours=8))
    start = dt.datetime(2024, 1, 1, tzinfo=zone)
    instants = [start + dt.timedelta(hours=2 * i) for i in range(4380)]
    ctx = get_context()
    resolve_moment(instants[0], "+08:00", context=ctx)
    t = time.perf_counter()
    moments = [resolve_moment(i, "+08:00", context=ctx) for i in instants]
    per = (time.perf_counter() - t) / len(instants)
    print(f"pillars (Moments) per second in-process                  {1 / per:9.0f}  ({per * 1e6:.0f} µs each)")
    cast_chart(moments[0])
    t = time.perf_counter()
    charts = [cast_chart(m) for m in moments]
    per = (time.perf_counter() - t) / len(moments)
    print(f"charts per second in-process (after the first)           {1 / per:9.0f}  ({per * 1e6:.0f} µs each)")
    t = time.perf_counter()
    for c in charts:
        chart_json_text(c)
    per = (time.perf_counter() - t) / len(charts)
    print(f"chart JSON serialisation                                  {per * 1e6:9.0f} µs each")


if __name__ == "__main__":
    main()
