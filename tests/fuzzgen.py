"""Generated command lines over every subcommand and option, good and bad values mixed.

More precisely: `command_lines(seed, n)` yields `n` argument lists for `qimen`, each a
subcommand with a random subset of its options, each option given a value drawn from a
pool of well-formed and malformed values (times, zones, steps, numbers, names), and
sometimes an environment.  Used by tests/test_fuzz.py (a few thousand lines in process)
and scripts/fuzz.py (tens of thousands).  The contract checked: no exception escapes, the
exit status is 0 or 2, and exit 2 means exactly one line on stderr and nothing on stdout.
"""

from __future__ import annotations

import random

TIMES = [
    "2024-03-05T11:00", "2024-03-05 11:00", "2024-03-05T11:00:30.25", "2024-03-05T11:00+09:00",
    "2024-03-05T11:00+0530", "2024-03-05T03:00Z", "1986-09-13T17:30", "2024-11-03T01:30",
    "2024-03-10T02:30", "1799-09-01T00:00", "2200-12-31T12:00", "1933-06-12T10:00", "now",
    "1799-07-22T23:30", "2201-04-05T03:00", "1700-01-01T00:00", "2024-02-30T11:00", "05/03/2024",
    "24-03-05", "11:00", "Tuesday", "2024-03-05T11:00 EST", "2024-03-05T11:00Z+08:00",
    "2024-03-05T11:00+25:00", "2024-03-05", "", " ", "2024-13-01T00:00", "9999-12-31T23:59",
    "0001-01-01T00:00", "2024-03-05T11:00+09", "２０２４-03-05T11:00", "2024-03-05T11:60",
]
BOUNDS = ["2024-03-05", "2024-03-06", "2024-03-05T11:00", "2024-03-05T23:00+08:00", "2024-03-04T00:00",
          "2200-12-01", "2201-04-10", "1799-07-01", "not-a-date", "2024-03-05T11:00Z"]
ZONES = ["Asia/Shanghai", "Asia/Seoul", "America/New_York", "UTC", "Z", "+08:00", "+0800", "+08",
         "-03:30", "KST", "EST", "Asia/Seol", "Mars/Base", "+25:00", "", "../etc/passwd", "Europe/London",
         "Australia/Lord_Howe", "+14:00", "-12:00", "utc", "Asia/Kolkata"]
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
ENV = [{}, {}, {}, {"QIMEN_WORKERS": "abc"}, {"QIMEN_WORKERS": "0"}, {"QIMEN_WORKERS": "2", "QIMEN_PARALLEL_MIN": "1"},
       {"QIMEN_PARALLEL_MIN": "-3"}, {"TZ": "Asia/Tokyo"}, {"TZ": "Nowhere/Land"}, {"QIMEN_EPHEMERIS": "/nonexistent.bsp"}]

COMMON = {
    "--at": TIMES, "--tz": ZONES, "--lon": NUMBERS, "--solar-time": ["mean", "apparent", "x"],
    "--day-change": ["23", "0", "5"], "--from": BOUNDS, "--to": BOUNDS, "--every": STEPS,
    "--keep-going": None, "--json": None, "--lang": LANGS, "--ephemeris": ["/nonexistent.bsp", "/dev/null"],
}
COMMANDS = {
    "cast": {"--method": ["zhirun", "chaibu", "x"], "--layout": ["zhuan", "fei", "x"],
             "--switch": ["shichen", "instant", "x"], "--where": PATTERNS, "--explain": None},
    "pillars": {"--lunar-zone": LUNAR_ZONES},
    "noble": {"--method": ["zhirun", "chaibu"], "--layout": ["zhuan", "fei"], "--no-chart": None},
    "twelve-gods": {"--school": ["gu", "sanshi", "x"]},
    "gucu": {"--size": INTS, "--tone": ["角", "宮", "x"], "--born": BORN, "--month-basis": ["lunar", "jie", "x"],
             "--steps": INTS, "--lunar-zone": LUNAR_ZONES, "--method": ["zhirun", "x"], "--layout": ["fei"],
             "--no-chart": None},
    "liuren": {"--yuejiang": BRANCHES, "--month": MONTHS, "--day": DAYS, "--hour": BRANCHES,
               "--half": ["yang", "yin", "x"], "--noble-rule": ["najia", "day-night", "x"], "--lat": NUMBERS},
    "chaibu": {"--terms": ["true", "mean", "x"], "--anchor": TIMES, "--switch": ["shichen", "instant"],
               "--alternatives": None, "--within": STEPS, "--year": INTS, "--explain": None},
    "terms": {"--year": INTS, "--from": INTS, "--to": INTS, "--tz": ZONES, "--json": None, "--lang": LANGS},
}


#: Well-formed values, drawn more often so that the good paths get their share.
GOOD = {
    "--at": TIMES[:13], "--tz": ZONES[:8], "--lon": ["126.98", "0", "-180", "180", "31"], "--from": BOUNDS[:4],
    "--to": BOUNDS[:4], "--every": ["2h", "30m", "1d", "7h", "3d"], "--lang": LANGS[:3], "--year": ["2024", "1933"],
    "--lunar-zone": ["+08:00", "+09:00", "+0900"], "--size": ["1", "12", "10000"], "--steps": ["6", "12"],
    "--born": ["5-5", "1990-06-27"], "--yuejiang": BRANCHES[:5], "--hour": BRANCHES[:3], "--day": ["甲子", "壬子日", "癸亥"],
    "--month": MONTHS[:4], "--lat": ["31", "-90", "0"], "--within": ["2h", "30m"], "--anchor": TIMES[:4],
}


def _options(command: str) -> dict:
    if command == "terms":
        return COMMANDS["terms"]
    return {**COMMON, **COMMANDS[command]}


def command_line(rng: random.Random) -> tuple[list[str], dict]:
    """One generated command line and its environment."""
    command = rng.choice(list(COMMANDS))
    options = _options(command)
    args = [command]
    names = rng.sample(list(options), k=min(len(options), rng.choice([1, 1, 2, 2, 3, 4, 5])))
    # Mostly single instants with a time that works, so that good paths are exercised too.
    if "--at" not in names and "--from" not in names and command not in ("terms",) and rng.random() < 0.8:
        args += ["--at", rng.choice(TIMES[:10])]
    if rng.random() < 0.7 and command != "terms":
        args.append("--json")
    for name in names:
        values = options[name]
        if values is not None and name in GOOD and rng.random() < 0.6:
            values = GOOD[name]
        if values is None:
            args.append(name)
        else:
            args += [name, rng.choice(values)]
    if "--from" in args and "--to" not in args and rng.random() < 0.8:
        args += ["--to", rng.choice(BOUNDS[:5])]
    env = rng.choice(ENV)
    return args, env


def command_lines(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        yield command_line(rng)


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
        if len(lines) != 1 or result.stdout:
            return f"exit 2 with {len(lines)} stderr lines and {len(result.stdout)} chars on stdout"
        if "Traceback" in result.stderr:
            return "traceback on stderr"
    return None


#: Ranges in generated lines are capped so that one line stays cheap.
MAX_INSTANTS = 200


def too_long(args: list[str]) -> bool:
    """A generated range that would produce more than MAX_INSTANTS lines (skipped, not run)."""
    if "--from" not in args or "--to" not in args or args[0] == "terms":
        return False
    import datetime as dt

    try:
        a = dt.date.fromisoformat(args[args.index("--from") + 1][:10])
        b = dt.date.fromisoformat(args[args.index("--to") + 1][:10])
    except ValueError:
        return False
    step = args[args.index("--every") + 1] if "--every" in args else "2h"
    per_day = {"h": 12, "m": 48 * 60, "s": 86400 * 12}.get(step[-1:], 1)
    return abs((b - a).days + 1) * per_day > MAX_INSTANTS
