"""`qimen find` figures (issues 14 and 22): run from the repository root with the project installed.

    python benchmarks/find_bench.py [--runs 3]

Cold-process times (median of several runs of the installed `qimen` script: wall clock, and
the CPU time of the process, which a busy machine does not inflate) and, for scale, the
number of windows found.  Nothing here is asserted: timings are not tests.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

CASES = (
    ("a year, a cast pattern and a twelve-gods path (limit 2 s)",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:三奇得使", "--where", "twelve-gods:directions.he_ge=合"]),
    ("a year, a cast pattern and twelve-gods:合 (named)",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:三奇得使", "--where", "twelve-gods:合"]),
    ("a century, one plate pattern (limit 2 s)",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai", "--where", "cast:天輔時"]),
    ("a century, one plate pattern, fixed +08:00",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "+08:00", "--where", "cast:天輔時"]),
    ("a century, a frequent plate pattern (三奇得使)",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai", "--where", "cast:三奇得使"]),
    ("a century, two plate patterns, 拆補 飛盤",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai", "--method", "chaibu",
      "--layout", "fei", "--where", "cast:三奇得使", "--where", "!cast:伏吟"]),
    ("a century, a day pillar and a negated plate pattern",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "pillars:pillars.day=甲子", "--where", "!cast:伏吟"]),
    ("a year, a 建除 officer (day-level)",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai", "--where", "twelve-gods:除"]),
    ("a year on apparent solar time, a plate pattern",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Seoul", "--lon", "126.98",
      "--solar-time", "apparent", "--where", "cast:三奇得使"]),
    ("a year, a cast path (every chart computed)",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:zhi_shi.door=開門"]),
    ("a year, a liuren rule and a pillars path",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "pillars:pillars.day=甲子", "--where", "liuren:元首"]),
    # issue 22: place conditions and either/or through the plate index
    ("a century, one palace condition (limit 2 s)",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:palace(door=開門, heaven_stems in 三奇)"]),
    ("a century, a palace condition with a pattern, either/or",
     ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:palace(patterns=三奇得使, !marks=空) | cast:天輔時"]),
    ("a year, three conditions across two arts (limit 1 s)",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai",
      "--where", "cast:palace(door=開門, heaven_stems in 三奇)", "--where", "!cast:五不遇時",
      "--where", "twelve-gods:plate(general in 太陰 六合 太常, trigram in 坎 艮 震)"]),
    ("a year, --stats of a palace condition and a twelve-gods one",
     ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--tz", "Asia/Shanghai", "--stats",
      "--where", "cast:palace(door=開門, heaven_stems in 三奇)", "--where", "twelve-gods:合"]),
)


def cold(args: list[str], runs: int) -> tuple[float, float, str]:
    """Median wall time and median CPU time (user + system) of the child, and its output."""
    import resource

    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    times, cpu, out = [], [], ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        count = [] if "--stats" in args else ["--count"]
        out = subprocess.run([exe, "find", *args, *count], capture_output=True, text=True, check=True).stdout
        times.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu), out.strip()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    for label, args in CASES:
        seconds, cpu, count = cold(args, runs)
        found = "stats" if "--stats" in args else f"{count} windows"
        print(f"cold qimen find, {label:<58} {seconds:6.2f} s wall {cpu:6.2f} s CPU  ({found}; median of {runs})")


if __name__ == "__main__":
    main()
