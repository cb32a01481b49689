"""Print the figures the issues ask for; run from the repository root with the project installed.

    python benchmarks/bench.py [--runs 5] [--cast-only]
    python benchmarks/bench.py --streams [--runs 3] [--only cold|year|break-even|stalled]
    python benchmarks/bench.py --targets [--runs 5] [--only "cast --json"]

`--targets` prints each figure of issue 30 item 7 beside its bound, whole processes run in
turn with their yardstick where it has one (the ratio taken pair by pair): a year of cast JSON
Lines against qimen-rs's year, a century (time and peak memory), `cast --where 玉女守門` over a
century as --json and as the table, each other art's year in one process, `chaibu --at -`
over a year of 2-hour instants, a cold `cast --at … --json` against `python -c "import click, rich"`.

The `cast` section compares a year of 2-hour charts with qimen-rs (pip install '.[bench]')
computing the same charts through its Python API, and times a century in one process.

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


def compile_bytecode() -> None:
    """Write the package's .pyc files first: with PYTHONDONTWRITEBYTECODE set (as on the machine
    this was built on) an editable install compiles every changed module on every start, which
    is not what an installed qimen does (pip writes the .pyc at install)."""
    import compileall
    import importlib.util
    import os

    spec = importlib.util.find_spec("qimen_cli")
    if spec is not None and spec.origin:
        compileall.compile_dir(os.path.dirname(spec.origin), quiet=1)


#: qimen-rs computing and printing the year of 2-hour charts (UTC+8) as JSON Lines: the
#: whole-process yardstick for `cast` (python start, import, 4,392 charts, json.dumps).
RS_YEAR = """
import datetime as dt, json, sys
import qimen_rs
start = dt.datetime(2024, 1, 1)
out = sys.stdout
for i in range(4392):
    d = start + dt.timedelta(hours=2 * i)
    r = qimen_rs.calculate({"year": d.year, "month": d.month, "day": d.day, "hour": d.hour, "utc_offset_minutes": 480})
    out.write(json.dumps(r if isinstance(r, (dict, list, str)) else str(r), ensure_ascii=False, default=str) + "\\n")
"""


def paired(a: list[str], b: list[str], runs: int) -> tuple[float, float, float]:
    """Median wall seconds of processes a and b, run in turn (a b a b …), and the median of
    the pairwise ratios a/b (pairing keeps the ratio when the machine's speed drifts)."""
    ta, tb, ratios = [], [], []
    for _ in range(runs):
        pair = []
        for argv in (a, b):
            t = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            pair.append(time.perf_counter() - t)
        ta.append(pair[0])
        tb.append(pair[1])
        ratios.append(pair[0] / pair[1])
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios)


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
    parser.add_argument("--cast-only", action="store_true", help="only the cast section")
    args = parser.parse_args()
    runs = args.runs
    compile_bytecode()
    if args.cast_only:
        cast_section(runs)
        return

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
    year = ["cast", "--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--every", "2h", "--tz", "Asia/Shanghai", "--json"]
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
    cast_section(runs)


YEAR = ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--every", "2h", "--tz", "Asia/Shanghai", "--json"]
CENTURY = ["--from", "1950-01-01T00:00", "--to", "2049-12-31T23:00", "--every", "2h", "--tz", "Asia/Shanghai", "--json"]

#: Runs `qimen` in this process after its imports, stdout to /dev/null; prints CPU and wall seconds.
_IN_PROCESS = """
import os, sys, time
from qimen_cli.cli import main as m, cast, stream, params, run  # noqa: F401  (imports before timing)
from qimen_cli.render import cast_lines, cast_json  # noqa: F401
from qimen_cli.qimen import chart, index  # noqa: F401
fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1)
w, c = time.perf_counter(), time.process_time()
try:
    m.main(sys.argv[1:])
except SystemExit:
    pass
sys.stdout.flush()
print(time.process_time() - c, time.perf_counter() - w, file=sys.stderr)
"""


def in_process(args: list[str], runs: int) -> tuple[float, float]:
    """Median (CPU, wall) seconds of `qimen ARGS` in one process, excluding interpreter start and imports."""
    import os

    env = dict(os.environ, QIMEN_WORKERS="1")
    cpu, wall = [], []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", _IN_PROCESS, *args], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        c, w = map(float, r.stderr.split()[-2:])
        cpu.append(c)
        wall.append(w)
    return statistics.median(cpu), statistics.median(wall)


def qimen_rs_year(runs: int) -> float | None:
    """Median CPU seconds of qimen-rs computing the year of 2-hour charts (UTC+8) via its Python API."""
    try:
        import qimen_rs
    except ImportError:
        return None
    start = dt.datetime(2024, 1, 1)
    stamps = [start + dt.timedelta(hours=2 * i) for i in range(4392)]
    times = []
    for _ in range(runs):
        c = time.process_time()
        for d in stamps:
            qimen_rs.calculate({"year": d.year, "month": d.month, "day": d.day, "hour": d.hour,
                                "utc_offset_minutes": 480})
        times.append(time.process_time() - c)
    return statistics.median(times)


def cast_section(runs: int) -> None:
    """The figures of issue 12 for `cast`: year vs qimen-rs, century, memory, --where, cold start."""
    import os
    import resource

    print("-- cast --")
    compile_bytecode()
    single = ["cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]
    print(f"cold qimen cast --json (one chart)                        {cold(single, runs) * 1000:7.0f} ms (median of {runs})")
    print(f"cold qimen cast, a year of 2-hour charts (4,392 lines)    {cold(['cast', *YEAR], runs):7.2f} s wall (median of {runs})")
    cpu, wall = in_process(["cast", *YEAR], runs)
    print(f"  in one process after imports (QIMEN_WORKERS=1)          {cpu:7.3f} s CPU, {wall:.3f} s wall (median of {runs})")
    rs = qimen_rs_year(max(1, runs // 2))
    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    if rs is None:
        print("  qimen-rs: not installed (pip install '.[bench]')")
    else:
        print(f"  qimen-rs 'calculate', the same 4,392 charts            {rs:7.3f} s CPU  -> ratio {cpu / rs:.3f}")
        ours, theirs, ratio = paired([exe, "cast", *YEAR], [sys.executable, "-c", RS_YEAR], max(runs, 5))
        print(f"  whole processes, paired: qimen {ours:.3f} s, qimen-rs script {theirs:.3f} s (wall medians) "
              f"-> ratio {ratio:.3f}")
    env = dict(os.environ, QIMEN_WORKERS="1")
    for label, args in (("a century (438,288 lines), one process", ["cast", *CENTURY]),
                        ("--where 玉女守門 over the century", ["cast", *CENTURY, "--where", "玉女守門"])):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        probe = subprocess.run(
            [sys.executable, "-c",
             "import resource,subprocess,sys;subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)", exe, *args],
            env=env, check=True, stdout=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rss = int(probe.stdout.split()[-1]) / 1024
        print(f"cold {label:<48} {wall:6.2f} s wall, {cpu:.2f} s CPU, peak {rss:.0f} MB")


# --- streams of the other subcommands (cli/stream.py) ------------------------------------------

STREAM_YEAR = ["--from", "2024-01-01T00:00", "--to", "2024-12-31T23:00", "--every", "2h", "--tz", "Asia/Shanghai", "--json"]
STREAMED = ("pillars", "noble", "twelve-gods", "gucu", "liuren", "cast")


def timed(args: list[str], env: dict, runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (this process's children: all workers) of `qimen args`."""
    import os
    import resource

    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([exe, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                       env={**os.environ, **env})
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def year_streams(runs: int) -> None:
    """A year of 2-hour lines of every streamed subcommand: one process, two workers, the default."""
    print("a year of 2-hour lines (4,392), wall s (CPU s of all processes), median of", runs)
    for command in STREAMED:
        row = []
        for label, env in (("1 process", {"QIMEN_WORKERS": "1"}),
                           ("2 workers", {"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"}),
                           ("default", {})):
            wall, cpu = timed([command, *STREAM_YEAR], env, runs)
            row.append(f"{label} {wall:5.2f} ({cpu:4.2f})")
        print(f"  {command:<12} " + "   ".join(row))


def break_even(runs: int) -> None:
    """Range length from which two workers beat one process, per subcommand (wall time)."""
    print("break-even of two workers (wall s: one process / two workers), median of", runs)
    for command in STREAMED:
        cells = []
        for hours in (500, 1000, 2000, 4392, 8784):
            end = dt.datetime(2024, 1, 1) + dt.timedelta(hours=2 * (hours - 1))
            args = [command, "--from", "2024-01-01T00:00", "--to", end.isoformat(timespec="minutes"), "--every", "2h",
                    "--tz", "Asia/Shanghai", "--json"]
            one, _ = timed(args, {"QIMEN_WORKERS": "1"}, runs)
            two, _ = timed(args, {"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"}, runs)
            cells.append(f"{hours}: {one:4.2f}/{two:4.2f}")
        print(f"  {command:<12} " + "  ".join(cells))


def stalled_reader() -> None:
    """Peak memory (sum of all qimen processes' RSS) of long ranges piped into a reader that
    sleeps 15 s before reading: a century of cast, and a decade of noble with two workers."""
    import os

    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    cases = (
        ("cast, 1925–2024, default", ["cast", "--from", "1925-01-01T00:00", "--to", "2024-12-31T23:00"], {}),
        ("noble, 2015–2024, QIMEN_WORKERS=2", ["noble", "--from", "2015-01-01T00:00", "--to", "2024-12-31T23:00"],
         {"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"}),
    )
    for label, args, env in cases:
        reader = subprocess.Popen(["sh", "-c", "sleep 15; cat > /dev/null"], stdin=subprocess.PIPE)
        proc = subprocess.Popen([exe, *args, "--every", "2h", "--tz", "Asia/Shanghai", "--json"], stdout=reader.stdin,
                                env={**os.environ, **env})
        reader.stdin.close()
        peak = stalled = 0
        started = time.monotonic()
        while proc.poll() is None:
            rss = _tree_rss(proc.pid)
            peak = max(peak, rss)
            if time.monotonic() - started < 15:
                stalled = max(stalled, rss)
            time.sleep(0.2)
        reader.wait()
        print(f"{label} into a reader stalled 15 s: peak RSS of all processes {stalled / 2**20:4.0f} MB while stalled, "
              f"{peak / 2**20:4.0f} MB overall")


def _tree_rss(pid: int) -> int:
    """RSS in bytes of `pid` and its children (Linux /proc)."""
    import os

    total = 0
    pids = [pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        pids.append(int(entry))
            except OSError:
                pass
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def cold_json(runs: int) -> None:
    """Cold single-instant --json of every subcommand against cast and against importing click +
    rich.console, in rounds (the import, then each command, then again …): medians of each, and
    the medians of each round's difference from cast and ratio to the import (pairing keeps them
    when the machine's speed drifts)."""
    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    commands = ("cast", "pillars", "noble", "twelve-gods", "gucu", "liuren", "chaibu")
    argv = {"import": [sys.executable, "-c", "import click, rich.console"]}
    argv |= {c: [exe, c, "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"] for c in commands}
    times: dict[str, list[float]] = {name: [] for name in argv}
    for _ in range(runs):
        for name, command in argv.items():
            s = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - s)
    base = statistics.median(times["import"])
    print(f"cold python -c 'import click, rich.console'        {base * 1000:6.0f} ms (median of {runs} rounds)")
    for c in commands:
        ms = statistics.median(times[c]) * 1000
        ratio = statistics.median(a / b for a, b in zip(times[c], times["import"], strict=True))
        gap = statistics.median(a - b for a, b in zip(times[c], times["cast"], strict=True)) * 1000
        versus = "" if c == "cast" else f", {gap:+4.0f} ms against cast"
        print(f"cold qimen {c:<12} --json                 {ms:6.0f} ms ({ratio:4.2f} × the import{versus})")


# --- the targets of issue 30 item 7 ---------------------------------------------------------


def _tree_pss(pid: int) -> float:
    """The proportional set size of a process and its children (MB; 0 when gone): what the
    processes that share a range take together (pages shared by fork counted once)."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo += [int(c) for c in f.read().split()]
        except (OSError, StopIteration, ValueError):
            pass
    return total / 1024


def run_once(argv: list[str], env: dict | None = None, stdin: str | None = None) -> tuple[float, float, float, float]:
    """(wall s, CPU s, peak RSS MB, peak PSS of the process tree MB) of one process, its
    output thrown away (`os.wait4`: the child's own accounting, its children's CPU included;
    the tree's PSS sampled every 10 ms where /proc has smaps_rollup, else 0)."""
    import os
    import threading

    with open(stdin or os.devnull, "rb") as inp, open(os.devnull, "wb") as out:
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=subprocess.DEVNULL,
                                env={**os.environ, **(env or {})})
        peak = [0.0]
        done = threading.Event()

        def sample() -> None:
            while not done.wait(0.01):
                peak[0] = max(peak[0], _tree_pss(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        done.set()
        sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        sys.exit(f"{' '.join(argv)}: exit {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, peak[0]


#: `--targets --only TEXT`: only the targets whose label starts with TEXT.
ONLY: str | None = None


def target(label: str, bound: str, a: tuple, b: tuple | None, runs: int) -> None:
    """One target's line: A's medians (wall, CPU, peak) and, with a yardstick B (run in turn
    with A), B's wall median and the median of the pairwise wall ratios A/B."""
    if ONLY is not None and not label.startswith(ONLY):
        return
    rows_a, rows_b, ratios = [], [], []
    for _ in range(runs):
        rows_a.append(run_once(*a))
        if b is not None:
            rows_b.append(run_once(*b))
            ratios.append(rows_a[-1][0] / rows_b[-1][0])
    wall, cpu, peak, pss = (statistics.median(r[k] for r in rows_a) for k in range(4))
    line = f"{label:<52} {wall:7.3f} s wall, {cpu:6.3f} s CPU, peak {peak:5.0f} MB (all processes {pss:5.0f} MB PSS)"
    if b is not None:
        line += f"; yardstick {statistics.median(r[0] for r in rows_b):6.3f} s -> ratio {statistics.median(ratios):.3f}"
    print(f"{line}   (target {bound}; median of {runs})", flush=True)


def targets(runs: int) -> None:
    """Every figure of issue 30 item 7, whole processes; the bounds as the issue sets them."""
    import os
    import tempfile

    exe = shutil.which("qimen") or sys.exit("qimen is not installed on PATH")
    one = {"QIMEN_WORKERS": "1"}
    try:
        import qimen_rs  # noqa: F401
        rs = ([sys.executable, "-c", RS_YEAR],)
    except ImportError:
        rs = None
        print("qimen-rs is not installed (pip install '.[bench]'): the year's ratio is not taken")
    target("cast --json, a year of 2-hour charts", "ratio <= 0.07", ([exe, "cast", *YEAR],), rs, runs)
    target("cast --json, a year, QIMEN_WORKERS=1", "ratio <= 0.07", ([exe, "cast", *YEAR], one), rs, runs)
    target("cast --json, a century", "<= 4 s, <= 100 MB", ([exe, "cast", *CENTURY],), None, max(1, runs // 2))
    target("cast --json, a century, QIMEN_WORKERS=1", "<= 4 s, <= 100 MB", ([exe, "cast", *CENTURY], one), None,
           max(1, runs // 2))
    target("cast --where 玉女守門 over a century, --json", "<= 1 s", ([exe, "cast", *CENTURY, "--where", "玉女守門"],),
           None, runs)
    table = [a for a in CENTURY if a != "--json"]
    target("cast --where 玉女守門 over a century, the table", "<= 1 s", ([exe, "cast", *table, "--where", "玉女守門"],),
           None, runs)
    for command in ("pillars", "noble", "twelve-gods", "gucu", "liuren"):
        target(f"{command} --json, a year, QIMEN_WORKERS=1", "<= 0.8 s", ([exe, command, *STREAM_YEAR], one), None, runs)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        start = dt.datetime(2024, 1, 1)
        f.writelines((start + dt.timedelta(hours=2 * i)).isoformat(timespec="minutes") + "\n" for i in range(4392))
    try:
        target("chaibu --at - --json, a year of 2-hour instants", "<= 1 s",
               ([exe, "chaibu", "--at", "-", "--tz", "Asia/Shanghai", "--json"], one, f.name), None, runs)
    finally:
        os.unlink(f.name)
    single = [exe, "cast", "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai", "--json"]
    target("cold cast --at … --json", "ratio <= 1.4", (single,), ([sys.executable, "-c", "import click, rich"],),
           max(runs, 21))


if __name__ == "__main__":
    if "--targets" in sys.argv:
        sys.argv.remove("--targets")
        parser = argparse.ArgumentParser()
        parser.add_argument("--runs", type=int, default=5)
        parser.add_argument("--only", help="only the targets whose label starts with this")
        args = parser.parse_args()
        ONLY = args.only
        compile_bytecode()
        targets(args.runs)
    elif "--streams" in sys.argv:
        sys.argv.remove("--streams")
        parser = argparse.ArgumentParser()
        parser.add_argument("--runs", type=int, default=3)
        parser.add_argument("--only", choices=("cold", "year", "break-even", "stalled"))
        opts = parser.parse_args()
        compile_bytecode()
        if opts.only in (None, "cold"):
            cold_json(max(opts.runs, 5))
        if opts.only in (None, "year"):
            year_streams(opts.runs)
        if opts.only in (None, "break-even"):
            break_even(opts.runs)
        if opts.only in (None, "stalled"):
            stalled_reader()
    else:
        main()
