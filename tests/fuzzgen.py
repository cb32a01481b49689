"""Generated command lines over every subcommand and option, good and bad values mixed.

More precisely: `command_lines(seed, n)` yields `n` Lines for `qimen`: each a subcommand
(every one but `serve`) with a random subset of its options, each option given a value drawn
from a pool of well-formed and malformed values (times, zones, steps, numbers, names, find's
conditions nested past Python's recursion, --svg/--html targets, a FIFO, damaged ephemeris files and
one with a flipped bit in a used record, line breaks in the environment's paths), the bytes on stdin (for `--at -`:
good, bad, undecodable or none), and sometimes an environment (the `QIMEN_*` variables, TZ).
Ranges reach past a month (MAX_INSTANTS).  Used by tests/test_fuzz.py (a few thousand lines
in process) and scripts/fuzz.py (tens of thousands, some as real processes in an encoding
without the characters or with stdin closed: `process_env`).  The contract checked (`check`):
no exception escapes, the exit status is 0 or 2, exit 2 means exactly one line on stderr and
nothing on stdout, and exit 0 means nothing on stderr (no progress bar: stderr is no terminal).
"""

from __future__ import annotations

import functools
import os
import random
import re
import tempfile

TIMES = [
    "2024-03-05T11:00", "2024-03-05 11:00", "2024-03-05T11:00:30.25", "2024-03-05T11:00+09:00",
    "2024-03-05T11:00+0530", "2024-03-05T03:00Z", "1986-09-13T17:30", "2024-11-03T01:30",
    "2024-03-10T02:30", "1799-09-01T00:00", "2200-12-31T12:00", "1933-06-12T10:00", "now",
    "1799-07-22T23:30", "2201-04-05T03:00", "1700-01-01T00:00", "2024-02-30T11:00", "05/03/2024",
    "24-03-05", "11:00", "Tuesday", "2024-03-05T11:00 EST", "2024-03-05T11:00Z+08:00",
    "2024-03-05T11:00+25:00", "2024-03-05", "", " ", "2024-13-01T00:00", "9999-12-31T23:59",
    "0001-01-01T00:00", "2024-03-05T11:00+09", "２０２４-03-05T11:00", "2024-03-05T11:60", "-",
]
BOUNDS = ["2024-03-05", "2024-03-06", "2024-03-05T11:00", "2024-03-05T23:00+08:00", "2024-03-04T00:00",
          "2024", "2023", "2200-12-01", "2201-04-10", "1799-07-01", "not-a-date", "2024-03-05T11:00Z", "2024-04-10", "2024-02-20",
          "2024-03-31T23:00"]
ZONES = ["Asia/Shanghai", "Asia/Seoul", "America/New_York", "UTC", "Z", "+08:00", "+0800", "+08",
         "-03:30", "KST", "EST", "Asia/Seol", "Mars/Base", "+25:00", "", "../etc/passwd", "Europe/London",
         "Australia/Lord_Howe", "+14:00", "-12:00", "utc", "Asia/Kolkata", "JST", "CST", "ist"]
STEPS = ["2h", "30m", "1d", "90s", "0h", "-2h", "1.5d", "0.0000001s", "99999999999d", "soon", "7h", "3d",
         "1s", "2 h", "1week"]
NUMBERS = ["126.98", "0", "-180", "180", "181", "-500", "abc", "nan", "inf", "1e9", "31", "-90", "91"]
INTS = ["0", "1", "6", "12", "-1", "10000", "abc", "2024", "1933", "1650", "2500", "99999999999999999999"]
LUNAR_ZONES = ["+08:00", "+09:00", "+0900", "+2500", "china", "korea", "Asia/Seoul", "", "+8"]
LANGS = ["zh", "ko", "en", "fr"]
PATTERNS = ["玉女守門", "三奇得使", "天輔時", "unknown", "", "伏吟"]
BRANCHES = ["子", "亥", "亥時", "登明", "神后", "X", "", "寅"]
DAYS = ["甲子", "壬子日", "甲丑", "", "癸亥"]
MONTHS = ["1", "正", "正月", "十二月", "13", "0", "x"]
BORN = ["5-5", "13-1", "1-31", "1990-06-27", "1990-06-27T12:00", "x"]
#: Lines on stdin for `--at -`: good, bad, undecodable, a BOM, CR endings, nothing.
STDIN = [b"2024-03-05T11:00\n", b"2024-03-05T11:00\n2024-03-05T13:00\n", b"", b"\n\n", b"nonsense\n",
         b"2024-03-05T11:00\r\n2024-13-01\r\n", b"\xef\xbb\xbf2024-03-05T11:00\n", b"\xff\xfe2024\n",
         b"2024-03-05T11:00\r1986-09-13T17:30", b"   2024-03-05T11:00   \n" * 3, b"now\n", b"-\n",
         b"2024-03-05T11:00\n\n2024-03-05T13:00\n1700-01-01T00:00\n", b"2024-03-05T11:00\n1987-04-12T02:30\n"]


@functools.cache
def damaged() -> dict[str, str]:
    """Files the generated lines name (made once, in a temporary folder): damaged ephemerides
    (empty, random bytes, the shipped file cut short, a folder) and a folder for --svg/--html."""
    folder = tempfile.mkdtemp(prefix="qimen-fuzz-")
    files = {"empty": os.path.join(folder, "empty.bsp"), "noise": os.path.join(folder, "noise.bsp"),
             "cut": os.path.join(folder, "cut.bsp"), "folder": folder, "out": os.path.join(folder, "out"),
             "datadir": os.path.join(folder, "data")}
    open(files["empty"], "wb").close()
    with open(files["noise"], "wb") as f:
        f.write(random.Random(7).randbytes(8192))
    from qimen_cli.calendar.ephemeris import default_path

    with open(default_path(), "rb") as src, open(files["cut"], "wb") as f:
        f.write(src.read(5000))
    os.makedirs(files["datadir"], exist_ok=True)
    with open(os.path.join(files["datadir"], default_path().name), "wb") as f:
        f.write(b"DAF/SPK " + bytes(1016))
    if hasattr(os, "mkfifo"):  # a FIFO: opened to write or read, it would wait for ever
        files["fifo"] = os.path.join(folder, "pipe")
        os.mkfifo(files["fifo"])
    files["flipped"] = os.path.join(folder, "flipped.bsp")
    with open(default_path(), "rb") as src, open(files["flipped"], "wb") as f:
        f.write(flip_bit(src.read(), SUN_2024 + 8 * 2, 55))
    return files


#: The byte of the Sun's (0 → 10) record of 2024-01-01 in the shipped excerpt (16-day records of
#: 35 doubles from word 609416): a flipped bit there passes the records' shape check.
SUN_2024 = (609416 - 1 + 5127 * 35) * 8


def flip_bit(raw: bytes, at: int, bit: int) -> bytes:
    """`raw` with bit `bit` of the little-endian double at byte `at` flipped (a damaged record)."""
    import struct

    data = bytearray(raw)
    struct.pack_into("<Q", data, at, struct.unpack_from("<Q", data, at)[0] ^ (1 << bit))
    return bytes(data)


def ephemerides() -> list[str]:
    """--ephemeris and $QIMEN_EPHEMERIS values: missing, not a file, damaged."""
    d = damaged()
    return ["/nonexistent.bsp", "/dev/null", d["empty"], d["noise"], d["cut"], d["folder"], d["flipped"],
            *([d["fifo"]] if "fifo" in d else []), "/tmp/a\nb.bsp"]


def export_targets() -> list[str]:
    """--svg/--html values: a file, stdout, a full device, a missing folder, a folder, nothing."""
    d = damaged()
    return [d["out"] + ".svg", d["out"] + ".html", "-", "-", "/dev/full", "/nonexistent/dir/x.svg", d["folder"], "",
            "/proc/self/no.svg", *([d["fifo"]] if "fifo" in d else []), d["out"] + ".ics"]


def environments() -> list[dict]:
    """Environments of the generated lines: mostly none; the QIMEN_* variables good and bad, TZ."""
    d = damaged()
    return [{}, {}, {}, {}, {"QIMEN_WORKERS": "abc"}, {"QIMEN_WORKERS": "0"},
            {"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"}, {"QIMEN_PARALLEL_MIN": "-3"},
            {"QIMEN_PARALLEL_MIN": "1", "QIMEN_START_METHOD": "x"}, {"QIMEN_START_METHOD": "fork"},
            {"TZ": "Asia/Tokyo"}, {"TZ": "Nowhere/Land"}, {"TZ": "JST"}, {"TZ": "KST-9"}, {"TZ": ":/etc/localtime"},
            {"TZ": "EST5EDT,M3.2.0,M11.1.0"}, {"TZ": ""}, {"TZ": "/nonexistent/zone"}, {"QIMEN_EPHEMERIS": "/nonexistent.bsp"},
            {"QIMEN_EPHEMERIS": d["noise"]}, {"QIMEN_EPHEMERIS": d["cut"]}, {"QIMEN_DATA_DIR": "/nonexistent"},
            {"QIMEN_DATA_DIR": d["datadir"]}, {"QIMEN_WORKERS": "99999999999999999999"},
            {"QIMEN_EPHEMERIS": "/tmp/a\nb.bsp"}, {"QIMEN_DATA_DIR": "/nonexistent\n"}, {"QIMEN_EPHEMERIS": d["flipped"]},
            {"QIMEN_WORKERS": "2\n"}, {"TZ": "Asia/Seoul\n"}, {"_QIMEN_COMPLETE": "junk"}]


WHERE = ["cast:伏吟", "cast:zhi_shi.door=開門", "twelve-gods:合", "liuren:伏吟", "pillars:pillars.day=甲子", "liuren:不可占",
         "cast:palace(door=開門, heaven_stems in 三奇)", "!cast:五不遇時", "cast:天輔時 | twelve-gods:合",
         "gucu:ring(marks=天目)", "noble:si_men_qimen.ji_men=true", "twelve-gods:plate(general=青龍, group=天三門)",
         "liuren:plate(transmission=初傳, general in 貴人 青龍)", "cast:palaces.*.heaven_stems=乙",
         "cast:zhi_shi.door in 開門 休門 生門", "pillars:pillars.day in 甲子 甲午", "cast:patterns.name=伏吟",
         "(cast:伏吟 & !liuren:伏吟) | gucu:ring(marks=天目, point in 子午卯酉)", "cast:palace(patterns=三奇得使)",
         "cast:nope", "cast:palace(door=", "x:y", "", "((cast:伏吟)", "cast:palace(colour=red)", "cast:zhi_shi.nothing=1",
         "&", "!", "cast:", "liuren:rule=賊剋", "cast:palace(door in 三吉門, !marks=空)", 'cast:zhi_shi.door="開 門"',
         "gucu:天目=午", "gucu:天目=東", "gucu:天目", "gucu:往亡=true", "gucu:從方 in 艮坤", "twelve-gods:天三門!=卯",
         "twelve-gods:直辰=建", "noble:地私門 in 巳亥", "gucu:六窮 | gucu:軍忌",
         # nested past what Python recurses (a RecursionError once), and at the bound
         "(" * 330 + "cast:伏吟" + ")" * 330, "!" * 985 + "cast:伏吟", "!(" * 200 + "cast:伏吟" + ")" * 200,
         "(" * 64 + "cast:伏吟" + ")" * 64, "cast:zhi_shi.door=開", "noble:私門吉門", "liuren:元首"]
ARTS = ["cast", "pillars", "noble", "twelve-gods", "gucu", "liuren", "x", ""]

#: Values drawn from a function: files made at the first use (`damaged`).
EPHEMERIS, EXPORT = "ephemeris", "export"

OUTPUT = {"--json": None, "--lang": LANGS, "--svg": EXPORT, "--html": EXPORT, "--no-color": None}
COMMON = {
    "--at": TIMES, "--tz": ZONES, "--lon": NUMBERS, "--solar-time": ["mean", "apparent", "x"],
    "--day-change": ["23", "0", "5"], "--from": BOUNDS, "--to": BOUNDS, "--every": STEPS,
    "--keep-going": None, "--ephemeris": EPHEMERIS, **OUTPUT,
}
COMMANDS = {
    "cast": {"--method": ["zhirun", "chaibu", "maoshan", "x"], "--layout": ["zhuan", "fei", "x"],
             "--switch": ["shichen", "instant", "x"], "--where": PATTERNS, "--explain": None,
             "--school": ["gu", "li", "lin", "tao", "sanshi", "zhushu", "yiben", "huoju", "x"],
             "--lodge": ["kungen", "kun", "bajie", "x"], "--qin": ["with", "apart", "x"],
             "--annotate": ["all", "anGan", "ruMu,menPo", "changSheng,wangShuai", "x", "anGan,,x", "all,anGan",
                            "anGan, menPo", "ANGAN", ""],
             "--scope": ["hour", "year", "month", "day", "x"]},
    "pillars": {"--lunar-zone": LUNAR_ZONES},
    "noble": {"--method": ["zhirun", "chaibu"], "--layout": ["zhuan", "fei"], "--no-chart": None},
    "twelve-gods": {"--school": ["gu", "sanshi", "x"]},
    "gucu": {"--size": INTS, "--tone": ["角", "宮", "x"], "--born": BORN, "--month-basis": ["lunar", "jie", "x"],
             "--steps": INTS, "--lunar-zone": LUNAR_ZONES, "--method": ["zhirun", "x"], "--layout": ["fei"],
             "--no-chart": None, "--tian-men": ["liuren", "youmen", "sanmen", "x"]},
    "liuren": {"--yuejiang": BRANCHES, "--month": MONTHS, "--day": DAYS, "--hour": BRANCHES,
               "--half": ["yang", "yin", "x"], "--noble-rule": ["najia", "day-night", "x"], "--lat": NUMBERS,
               "--fan-yin": ["chong", "najia", "x"], "--tian-men": ["liuren", "youmen", "sanmen", "x"]},
    "chaibu": {"--terms": ["true", "mean", "x"], "--anchor": TIMES, "--switch": ["shichen", "instant"],
               "--alternatives": None, "--within": STEPS, "--year": INTS, "--explain": None,
               "--method": ["maoshan", "x"], "--stats": None},
    "terms": {"--year": INTS, "--from": INTS, "--to": INTS, "--tz": ZONES, "--ephemeris": EPHEMERIS, **OUTPUT},
    "patterns": {"--art": ["cast", "twelve-gods", "noble", "gucu", "liuren", "pillars", "x"], **OUTPUT},
    "verify": {"--text": ["000", "003", "004", "001", "x"], "--art": ["qimen", "gods", "gucu", "liuren", "x"], **OUTPUT},
    "find": {"--where": WHERE, "--any": WHERE, "--list": None, "--art": ARTS, "--explain": None, "--stats": None,
             "--ics": EXPORT, "--first": INTS, "--count": None, "--method": ["zhirun", "chaibu", "x"], "--layout": ["zhuan", "fei", "x"],
             "--switch": ["shichen", "instant", "x"], "--school": ["gu", "sanshi", "lin", "zhushu", "x"],
             "--noble-rule": ["najia", "day-night", "day-night-almanac", "x"], "--month-basis": ["lunar", "jie", "x"],
             "--size": INTS, "--tone": ["角", "宮", "x"], "--born": BORN, "--lat": NUMBERS, "--steps": INTS,
             "--lunar-zone": LUNAR_ZONES, "--fan-yin": ["chong", "najia", "x"], "--tian-men": ["youmen", "sanmen", "x"],
             "--lodge": ["kungen", "kun", "bajie", "x"], "--scope": ["hour", "year", "day", "x"]},
}

#: Commands without the input-time options (their own --from/--to, or none).
UNTIMED = ("terms", "patterns", "verify")


#: Well-formed values, drawn more often so that the good paths get their share.
GOOD = {
    "--at": TIMES[:13], "--tz": ZONES[:8], "--lon": ["126.98", "0", "-180", "180", "31"], "--from": BOUNDS[:4],
    "--to": BOUNDS[:4], "--every": ["2h", "30m", "1d", "7h", "3d"], "--lang": LANGS[:3], "--year": ["2024", "1933"],
    "--lunar-zone": ["+08:00", "+09:00", "+0900"], "--size": ["1", "12", "10000"], "--steps": ["6", "12"],
    "--born": ["5-5", "1990-06-27"], "--yuejiang": BRANCHES[:5], "--hour": BRANCHES[:3], "--day": ["甲子", "壬子日", "癸亥"],
    "--month": MONTHS[:4], "--lat": ["31", "-90", "0"], "--within": ["2h", "30m"], "--anchor": TIMES[:4],
    "--where": WHERE[:18], "--any": WHERE[:18], "--art": ARTS[:6], "--first": ["1", "6"],
}


def _options(command: str) -> dict:
    if command in UNTIMED:
        return COMMANDS[command]
    return {**COMMON, **COMMANDS[command]}


def _pool(values):
    """The values of an option: a list, or the files of EPHEMERIS/EXPORT."""
    if values == EPHEMERIS:
        return ephemerides()
    if values == EXPORT:
        return export_targets()
    return values


class Line(tuple):
    """One generated run: (args, env, stdin bytes)."""

    __slots__ = ()

    def __new__(cls, args: list[str], env: dict, stdin: bytes):
        return super().__new__(cls, (args, env, stdin))


def command_line(rng: random.Random) -> Line:
    """One generated command line, its environment and its stdin."""
    command = rng.choice(list(COMMANDS) + ["find", "find"])
    options = _options(command)
    args = [command]
    names = rng.sample(list(options), k=min(len(options), rng.choice([1, 1, 2, 2, 3, 4, 5])))
    if command == "find":
        _find_basics(rng, args, names)
    # Mostly single instants with a time that works, so that good paths are exercised too.
    elif "--at" not in names and "--from" not in names and command not in UNTIMED and rng.random() < 0.8:
        args += ["--at", rng.choice(TIMES[:10] + ["-"])]
    if rng.random() < 0.7 and command not in ("terms", "find"):
        args.append("--json")
    for name in names:
        values = _pool(options[name])
        if values is not None and name in GOOD and rng.random() < 0.6:
            values = GOOD[name]
        if values is None:
            args.append(name)
        else:
            args += [name, rng.choice(values)]
    if "--from" in args and "--to" not in args and rng.random() < 0.8:
        args += ["--to", rng.choice(BOUNDS[:5] + BOUNDS[-3:])]
    env = rng.choice(environments())
    stdin = rng.choice(STDIN) if "-" in args else b"2024-03-05T11:00\n"
    return Line(args, env, stdin)


def _find_basics(rng: random.Random, args: list[str], names: list[str]) -> None:
    """`find` mostly gets a range, a zone and a condition that work (else every line is refused)."""
    if rng.random() < 0.85 and "--from" not in names:
        args += ["--from", rng.choice(BOUNDS[:5]), "--to", rng.choice(BOUNDS[:5] + BOUNDS[-3:])]
    if rng.random() < 0.7 and "--tz" not in names:
        args += ["--tz", rng.choice(ZONES[:8])]
    if rng.random() < 0.85 and "--where" not in names and "--any" not in names:
        args += ["--where", rng.choice(WHERE[:18])]
    if rng.random() < 0.4:
        args.append("--json")


def command_lines(seed: int, n: int):
    """`n` Lines from the seed."""
    rng = random.Random(seed)
    for _ in range(n):
        yield command_line(rng)


#: Environments of the lines that scripts/fuzz.py also runs as real processes (`run_process`):
#: an encoding without the characters, or none added.
PROCESS_ENV = [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "utf-8"}, {}]

#: The console script, as tests/conftest.py starts it.
ENTRY = "from qimen_cli.cli.main import console; console()"


def run_process(line: Line, extra_env: dict, stdin_closed: bool):
    """`line` as a real `qimen` process (`extra_env` added; stdin closed, or its bytes): a
    result with exit_code, stdout, stderr and exception (None) for `check`."""
    import subprocess
    import sys
    import types

    args, env, stdin = line
    closed = {"stdin": None, "preexec_fn": lambda: os.close(0)} if stdin_closed else {"input": stdin}
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **env, **extra_env}, **closed)
    return types.SimpleNamespace(exit_code=done.returncode, exception=None,
                                 stdout=done.stdout.decode("utf-8", "replace"),
                                 stderr=done.stderr.decode("utf-8", "replace"))


def check(result, args=()) -> str | None:
    """The contract for one result of click's CliRunner (stderr separate): None, or what broke.

    With --keep-going each bad instant of a stream is its own line (exit 2 at the end)."""
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        return f"exception {type(exc).__name__}: {exc}"
    if result.exit_code not in (0, 2):
        return f"exit status {result.exit_code}"
    if result.exit_code == 2 and "--keep-going" in args:
        lines = result.stderr.strip().splitlines()
        if not lines or not all(x.startswith("qimen: error: ") for x in lines):
            return "exit 2 after --keep-going without one error line per bad instant"
    elif result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        # From stdin, the instants before a bad line are answered (in input order) before it stops the run.
        partial = "--at" in args and args[args.index("--at") + 1:][:1] == ["-"]
        if len(lines) != 1 or (result.stdout and not partial):
            return f"exit 2 with {len(lines)} stderr lines and {len(result.stdout)} chars on stdout"
        if "Traceback" in result.stderr:
            return "traceback on stderr"
    if result.exit_code == 0 and result.stderr:
        said = result.stderr.strip().splitlines()
        if not all(_REPLACED.match(x) for x in said):  # an export that replaced a file says so
            return f"exit 0 with stderr: {said[-1][:80]}"
    return None


#: The one line a run that succeeded may say: an export replaced the file that was there.
_REPLACED = re.compile(r"^qimen: note: --(svg|html) .+: replaced the file that was there$")


#: Ranges in generated lines are capped so that one line stays cheap (past a month of 時辰).
MAX_INSTANTS = 600


def too_long(args: list[str]) -> bool:
    """A generated range that would produce more than MAX_INSTANTS lines (skipped, not run)."""
    if "--from" not in args or "--to" not in args or args[0] == "terms" or "--list" in args:
        return False
    if args[0] == "chaibu" and "--stats" in args:  # whole years counted at once (qimen/stats.py): cheap
        return False
    import datetime as dt

    def day(text: str, last: bool) -> dt.date:
        if text.isdigit() and len(text) == 4:  # a bare year: its first or last day
            return dt.date(int(text), 12, 31) if last else dt.date(int(text), 1, 1)
        return dt.date.fromisoformat(text[:10])

    try:
        a = day(args[args.index("--from") + 1], False)
        b = day(args[args.index("--to") + 1], True)
    except ValueError:
        return False
    step = args[args.index("--every") + 1] if "--every" in args else "2h"
    per_day = {"h": 12, "m": 48 * 60, "s": 86400 * 12}.get(step[-1:], 1)
    return abs((b - a).days + 1) * per_day > MAX_INSTANTS
