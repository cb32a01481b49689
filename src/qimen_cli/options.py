"""Every command's options as data, and the plain functions that read their values.

One definition per option (`Option`): the name the Python API and the MCP tools use (`at`,
`start`, `noble_rule`), the command line's flag (`--at`, `--from`, `--noble-rule`), its
`Kind` (how a value is read, and its JSON schema), its default as the command line writes
it, and one line of help.  The shell builds its click options from these (`cli/params.py`),
the Python API reads its keyword arguments with them (`api.py`) and the MCP server makes
each tool's JSON schema from them (`mcp_server.py`): every door reads alike.

A value that cannot be read is `BadInput` worded as the command line words it: `read`
raises "Invalid value for '--at': <what the kind says>", the message click prints for
the same value (the kinds' own wording is click's where click used to read the value:
choices and numbers).  Nothing here imports click.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .calendar import clock
from .errors import BadInput, QimenError
from .words import LANGS

# --- the values a kind reads into -------------------------------------------------------


class Instant:
    """A parsed time option: the text as typed, the datetime (naive = civil time; aware =
    an offset was written), and whether a time of day was given.  (The shell's small values
    are plain classes, equal by value and never changed: a frozen dataclass costs about half a
    millisecond of every start, a named tuple a sixth.)"""

    __slots__ = ("text", "value", "has_time")

    def __init__(self, text: str, value: _dt.datetime, has_time: bool) -> None:
        self.text, self.value, self.has_time = text, value, has_time

    def __eq__(self, other) -> bool:
        return (other.__class__ is Instant and self.text == other.text and self.value == other.value
                and self.has_time == other.has_time)

    def __hash__(self) -> int:
        return hash((Instant, self.text, self.value, self.has_time))

    def __repr__(self) -> str:
        return f"Instant({self.text!r}, {self.value!r}, {self.has_time!r})"

    @property
    def has_offset(self) -> bool:
        return self.value.tzinfo is not None

    def aware(self, zone: _dt.tzinfo) -> _dt.datetime:
        """The instant: its own offset, or civil time in `zone` (a summer-time gap is BadInput)."""
        if self.has_offset:
            return self.value
        return clock.attach_zone(self.value, zone, self.text)


class Step:
    """A range step: `days` civil days (the wall clock keeps its time across summer time),
    or an elapsed `delta` (a plain class, as Instant)."""

    __slots__ = ("text", "days", "delta")

    def __init__(self, text: str, days: int = 0, delta: _dt.timedelta = _dt.timedelta(0)) -> None:
        self.text, self.days, self.delta = text, days, delta

    def __eq__(self, other) -> bool:
        return other.__class__ is Step and (self.text, self.days, self.delta) == (other.text, other.days, other.delta)

    def __hash__(self) -> int:
        return hash((Step, self.text, self.days, self.delta))

    def __repr__(self) -> str:
        return f"Step({self.text!r}, days={self.days!r}, delta={self.delta!r})"

    @property
    def civil(self) -> bool:
        return self.days > 0

    @property
    def approx(self) -> _dt.timedelta:
        return _dt.timedelta(days=self.days) if self.civil else self.delta


#: The longest step: the span of the shipped tables (1799–2201), about 401 years.
MAX_STEP = _dt.timedelta(days=146_500)
STEP_FORM = "a number and a unit: 2h, 30m, 90s, 1d"
#: The step of a range when --every is not given.
DEFAULT_STEP = Step("2h", delta=_dt.timedelta(hours=2))
MONTH_WORDS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


# --- kinds ------------------------------------------------------------------------------


class Kind:
    """How the values of one kind of option are read: `read(value)` → the typed value, or
    BadInput in the kind's own words (the module's `read` puts the option's flag in front);
    `json` → its JSON schema; `name` → what the command line's help calls it; `form` → how the
    command line shows it ("text", "flag", "choice", "whole", "degrees", "zone"; "value": read by
    `read` alone); `choices`, `lo` and `hi` of the choices and ranges.  (One class, each kind a
    reading function: a class per kind would cost a quarter of a millisecond of every start.)"""

    __slots__ = ("name", "form", "read", "json", "choices", "lo", "hi")

    def __init__(self, name: str, form: str, read, json: dict, choices: tuple = (), lo=None, hi=None) -> None:
        self.name, self.form, self.read, self.json = name, form, read, json
        self.choices, self.lo, self.hi = choices, lo, hi

    def schema(self) -> dict:
        return dict(self.json)

    def __repr__(self) -> str:
        return f"Kind({self.name!r})"


def read_text(value: Any) -> str:
    """Free text (a file name, a pattern name, a condition)."""
    if not isinstance(value, str):
        raise BadInput(f"{value!r} is not text")
    return value


def read_flag(value: Any) -> bool:
    """On or off: true or false."""
    if not isinstance(value, bool):
        raise BadInput(f"{value!r} is not true or false")
    return value


def read_choice(choices: tuple[str, ...], cast, value: Any) -> Any:
    """One of a few words, in click's words when it is not (`cast` turns the word into the value
    the command uses: "23" → 23, which is then also taken)."""
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) and cast is int else value
    if isinstance(text, str) and text in choices:
        return cast(text) if cast is not None else text
    listed = ", ".join(map(repr, choices))
    if len(choices) == 1:
        raise BadInput(f"{text!r} is not {listed}.")
    raise BadInput(f"{text!r} is not one of {listed}.")


def range_words(lo, hi) -> str:
    """A range as click describes it: 1<=x<=9999, x>=1."""
    if lo is None:
        return f"x<={hi}"
    if hi is None:
        return f"x>={lo}"
    return f"{lo}<=x<={hi}"


def read_whole(lo: int | None, hi: int | None, value: Any) -> int:
    """A whole number within [lo, hi] (hi None: no upper bound), in click's words when it is not."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise BadInput(f"{value!r} is not a valid integer range.")
    try:
        number = int(value)
    except ValueError:
        raise BadInput(f"{value!r} is not a valid integer range.") from None
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise BadInput(f"{number} is not in the range {range_words(lo, hi)}.")
    return number


def read_degrees(lo: float, hi: float, what: str, value: Any) -> float:
    """A finite number of degrees within [lo, hi] (nan and inf are refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadInput(f"{value!r} is not a valid float range.")
    try:
        number = float(value)
    except ValueError:
        raise BadInput(f"{value!r} is not a valid float range.") from None
    if number < lo or number > hi:
        raise BadInput(f"{number} is not in the range {range_words(lo, hi)}.")
    if not math.isfinite(number):
        raise BadInput(f"{value!r} is not a {what} ({lo:g} … {hi:g})")
    return number


#: A bare year (compiled when first matched: only --from/--to read it).
_YEAR = r"^\d{4}$"


def read_instant(need_time: bool, specials: tuple[str, ...], value: Any) -> Any:
    """ISO-8601: 2024-03-05T11:00, 2024-03-05 11:00:30.5, 2024-03-05T11:00+09:00 / Z
    (`clock.parse_instant`) → an Instant; from Python also a datetime (or a date, where a date
    alone is taken).  `need_time`: whether a date alone is refused (--at) or is the start of
    that day (--from/--to); `specials`: words taken as they are ("now", "-")."""
    if isinstance(value, Instant) or (isinstance(value, str) and value in specials):
        return value
    if isinstance(value, _dt.datetime):
        return Instant(value.isoformat(), value, True)
    if isinstance(value, _dt.date) and not need_time:
        return Instant(value.isoformat(), _dt.datetime.combine(value, _dt.time()), False)
    if not isinstance(value, str):
        raise BadInput(f"{value!r} is not a time: expected {clock.INSTANT_FORM}")
    if not need_time and re.match(_YEAR, value) and 1 < int(value) < 9999:
        # a bare year where a date alone is taken: its 1 January (`chaibu --stats --from 1800 --to 2200`)
        return Instant(value, _dt.datetime(int(value), 1, 1), False)
    parsed, has_time = clock.parse_instant(value, need_time=need_time)
    return Instant(value, parsed, has_time)


def read_zone(value: Any) -> _dt.tzinfo:
    """A zone: IANA name (Asia/Seoul), ±HH:MM, ±HHMM, ±HH, Z or UTC → tzinfo (`clock.parse_zone`);
    from Python also a tzinfo."""
    if isinstance(value, _dt.tzinfo):
        return value
    if not isinstance(value, str):
        raise BadInput(f"{value!r} is not a time zone; expected {clock.ZONE_FORMS}")
    return clock.parse_zone(value)


def read_lunar_zone(value: Any) -> str:
    """Where lunar months are reckoned: china, korea or a fixed offset → its name
    (`calendar.lunar.parse_lunar_zone`)."""
    from .calendar.lunar import parse_lunar_zone

    if not isinstance(value, str):
        raise BadInput(f"unknown lunar reckoning {value!r} (expected china, korea or a UTC offset like +09:00)")
    return parse_lunar_zone(value).name


#: A step as written (compiled when first read: a start that reads no step does not pay for it).
_STEP = r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d|day)s?\s*$"
_UNIT = {"s": "s", "sec": "s", "m": "m", "min": "m", "h": "h", "hr": "h", "d": "d", "day": "d"}
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600}


def read_step(value: Any) -> Step:
    """2h, 30m, 90s (elapsed time) or 1d (civil days); at least one second, at most the span."""
    if isinstance(value, Step):
        return value
    text = value if isinstance(value, str) else str(value)
    m = re.match(_STEP, text, re.I)
    if not m:
        raise BadInput(f"cannot read {text!r}: expected {STEP_FORM}")
    number, unit = float(m.group(1)), _UNIT[m.group(2).lower()]
    if number <= 0:
        raise BadInput(f"{text!r} is not a positive step")
    if number * _UNIT_SECONDS.get(unit, 86400) > MAX_STEP.total_seconds():
        raise BadInput(f"{text!r} is longer than the span of the tables (about 400 years)")
    if unit == "d":
        if number != int(number):
            raise BadInput(f"{text!r}: days step by whole civil days (use hours for parts of a day)")
        return Step(text, days=int(number))
    seconds = number * _UNIT_SECONDS[unit]
    if seconds < 1:
        raise BadInput(f"{text!r} is shorter than one second")
    return Step(text, delta=_dt.timedelta(seconds=seconds))


def read_ganzhi_day(value: Any) -> int:
    """A 干支 day: 甲子 … 癸亥 (a trailing 日 is allowed) → cycle index 0–59."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 60:
        return value
    from .calendar.ganzhi import cycle_index

    try:
        return cycle_index(str(value).strip().removesuffix("日"))
    except ValueError:
        raise BadInput(f"{value!r} is not a 干支 day (甲子 … 癸亥)") from None


def read_branch(names: bool, value: Any) -> int:
    """A branch by its character (亥, or 亥時); with `names`, also a 地將 name (登明) → 0–11."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 12:
        return value
    from .calendar.ganzhi import BRANCHES

    text = str(value).strip()
    if text.endswith("時") and len(text) == 2:
        text = text[0]
    if text in BRANCHES:
        return BRANCHES.index(text)
    if names:
        from .gods.noble import YUE_JIANG_ALIASES, YUE_JIANG_NAMES

        text = YUE_JIANG_ALIASES.get(text, text)
        if text in YUE_JIANG_NAMES:
            return YUE_JIANG_NAMES.index(text)
    what = "a branch (子 … 亥) or a 地將 name (神后 … 登明)" if names else "a branch (子 … 亥)"
    raise BadInput(f"{value!r} is not {what}")


def read_lunar_month(value: Any) -> int:
    """A lunar month: 1–12, or 正月 … 十二月 → 1–12."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12:
        return value
    text = str(value).strip().removesuffix("月")
    if text.isdigit() and 1 <= int(text) <= 12:
        return int(text)
    if text in MONTH_WORDS:
        return MONTH_WORDS.index(text) + 1
    raise BadInput(f"{value!r} is not a lunar month (1–12 or 正月 … 十二月)")


#: A birthday as the texts count it: month-day.
_MONTH_DAY = r"^(\d{1,2})-(\d{1,2})$"


def read_born(value: Any):
    """A birthday: month-day as the texts count (5-5 = 五月五日) → (5, 5), or an ISO date → date."""
    if isinstance(value, _dt.date) and not isinstance(value, _dt.datetime):
        return value
    if isinstance(value, tuple):  # the API's (month, day), as this returns it
        if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise BadInput(f"{value!r} is not a birthday: (month, day) of two whole numbers, 5-5 or a date like 1990-06-27")
        month, day = value
    else:
        text = str(value).strip()
        m = re.match(_MONTH_DAY, text)
        month, day = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    if month is not None:
        if not (1 <= month <= 12 and 1 <= day <= 30):
            raise BadInput(f"{value!r}: month must be 1–12 and day 1–30")
        return month, day
    try:
        parsed, has_time = clock.parse_instant(text, need_time=False)
    except QimenError:
        parsed, has_time = None, True
    if parsed is None or has_time:
        raise BadInput(f"{value!r} is neither a month-day like 5-5 nor a date like 1990-06-27")
    return parsed.date()


def choice(choices: Sequence[str], cast=None) -> Kind:
    """One of `choices` (with `cast`: an integer enum, "23" → 23)."""
    choices = tuple(choices)
    values = [cast(c) for c in choices] if cast is not None else list(choices)
    json = {"type": "integer" if cast is int else "string", "enum": values}
    return Kind("choice", "choice", partial(read_choice, choices, cast), json, choices=choices)


def whole(lo: int | None, hi: int | None = None) -> Kind:
    """A whole number within [lo, hi]."""
    json: dict = {"type": "integer"}
    if lo is not None:
        json["minimum"] = lo
    if hi is not None:
        json["maximum"] = hi
    return Kind("integer range", "whole", partial(read_whole, lo, hi), json, lo=lo, hi=hi)


def degrees(lo: float, hi: float, what: str) -> Kind:
    """A finite number of degrees within [lo, hi]: a longitude, a latitude."""
    return Kind("float range", "degrees", partial(read_degrees, lo, hi, what), {"type": "number", "minimum": lo, "maximum": hi},
                lo=lo, hi=hi)


def instant(need_time: bool, specials: tuple[str, ...] = ()) -> Kind:
    """An instant (`read_instant`)."""
    return Kind("time", "value", partial(read_instant, need_time, specials), {"type": "string"})


def branch(names: bool) -> Kind:
    """A branch, or with `names` also a 地將 name (`read_branch`)."""
    return Kind("branch", "value", partial(read_branch, names), {"type": "string"})


STRING = {"type": "string"}
TEXT = Kind("text", "text", read_text, STRING)
FLAG = Kind("boolean", "flag", read_flag, {"type": "boolean"})
ZONE = Kind("zone", "zone", read_zone, STRING)
LUNAR_ZONE = Kind("china|korea|offset", "value", read_lunar_zone, STRING)
STEP = Kind("step", "value", read_step, STRING)
GANZHI_DAY = Kind("ganzhi", "value", read_ganzhi_day, STRING)
LUNAR_MONTH = Kind("month", "value", read_lunar_month, {"type": ["string", "integer"]})
BORN = Kind("date", "value", read_born, STRING)


# --- options ----------------------------------------------------------------------------


class Option:
    """One option of a command: `name` (the keyword of the API and of the MCP tools), `flag`
    (the command line's), `kind`, `default` (as the command line writes it; None: not given),
    `help` (one line), `example` (a value, for the tools' descriptions); the rest says how the
    command line shows it.  `shell`: the command line's only (stdin, --keep-going, --list …);
    `api_help`: the help of the API and the tools where the shell's would mislead.  (A plain
    class: a named tuple of this size costs a quarter of a millisecond of every start.)"""

    __slots__ = ("name", "flag", "kind", "default", "help", "example", "metavar", "show_default", "multiple",
                 "envvar", "complete", "shell", "api_help")

    def __init__(self, name: str, flag: str, kind: Kind, default: Any = None, help: str = "", example: Any = None, *,
                 metavar: str | None = None, show_default: bool = False, multiple: bool = False,
                 envvar: str | None = None, complete: str | None = None, shell: bool = False,
                 api_help: str | None = None) -> None:
        self.name, self.flag, self.kind, self.default, self.help, self.example = name, flag, kind, default, help, example
        self.metavar, self.show_default, self.multiple, self.envvar = metavar, show_default, multiple, envvar
        self.complete, self.shell, self.api_help = complete, shell, api_help

    @property
    def is_flag(self) -> bool:
        return self.kind.form == "flag"

    def __repr__(self) -> str:
        return f"Option({self.name!r}, {self.flag!r})"


def read(option: Option, value: Any) -> Any:
    """`value` read as `option` takes it; None is the option's default.  BadInput is worded as
    the command line words it: "Invalid value for '--at': …"."""
    if value is None:
        if option.default is not None:
            return read(option, option.default)
        return () if option.multiple else (False if option.is_flag else None)
    try:
        if option.multiple:
            values = (value,) if isinstance(value, str) else value
            if not isinstance(values, (list, tuple)):
                raise BadInput(f"{value!r} is neither text nor a list of texts")
            return tuple(option.kind.read(v) for v in values)
        return option.kind.read(value)
    except BadInput as exc:
        raise BadInput(f"Invalid value for '{option.flag}': {exc}") from None


def schema(option: Option, flags: dict[str, str] | None = None) -> dict:
    """The JSON schema of `option` in a tool: its type, choices and default, and a one-line
    description with an example (the command line's flags in the help become the tools' names,
    `flags`: flag → name)."""
    out = option.kind.schema()
    if option.multiple:
        out = {"type": "array", "items": out}
    if option.default is not None:
        default = read(option, option.default)
        out["default"] = default if isinstance(default, (str, int, float, bool)) else option.default
    elif option.is_flag:
        out["default"] = False
    out["description"] = describe(option, flags or {})
    return out


def describe(option: Option, flags: dict[str, str]) -> str:
    """The option's help for a tool: each command-line flag named as the tool names it, an example."""
    text = re.sub(r"--[a-z][a-z-]*", lambda m: flags.get(m.group(0), m.group(0)), option.api_help or option.help)
    if option.example is not None:
        import json  # here: at the top it would cost every start a millisecond

        example = option.example if isinstance(option.example, str) else json.dumps(option.example, ensure_ascii=False)
        text = f"{text.rstrip()} Example: {example}"
    return text


# --- the options of each command --------------------------------------------------------

#: One line on each command that is not an art (an art's is its record's `summary`): `qimen --help`
#: lists them, the MCP tools describe themselves with them.
SUMMARIES = {
    "find": "擇時: the 時辰 of a range where conditions of any art hold.",
    "patterns": "Every rule of every art: 吉/凶 or 宜/忌, what it checks, its source line.",
    "serve": "An MCP server on stdin/stdout: one tool per command (pip install 'qimen-cli[mcp]').",
    "terms": "The 24 solar terms of a year or a range.",
    "verify": "The texts' worked examples and claims run through the engine: a ledger.",
    "web": "The chart in a browser: every art, 擇時, share links, a JSON API (pip install 'qimen-cli[web]').",
}

AT = Option("at", "--at", instant(True, ("now", "-")), None,
            "Instant, ISO-8601 (2024-03-05T11:00, 2024-03-05T11:00+09:00); 'now' (default); '-' reads one per line from stdin.",
            "2024-03-05T11:00+08:00", metavar="TIME",
            api_help="Instant, ISO-8601 (2024-03-05T11:00, 2024-03-05T11:00+09:00), or 'now' (default); without an "
                     "offset it is read on the clock of --tz (give --tz).")
TZ = Option("tz", "--tz", ZONE, None,
            "Clock zone: IANA name (Asia/Seoul), +09:00, +0900, +09 or UTC. Default: the offset written with the time, else the system zone.",
            "Asia/Shanghai", metavar="ZONE", complete="zones")
LON = Option("lon", "--lon", degrees(-180.0, 180.0, "longitude"), None,
             "Longitude (east positive, −180…180): take the 干支 on local solar time.", 126.98, metavar="DEG")
SOLAR_TIME = Option("solar_time", "--solar-time", choice(["mean", "apparent"]), "mean",
                    "With --lon: mean solar time, or apparent (equation of time from the ephemeris).", "apparent",
                    show_default=True)
DAY_CHANGE = Option("day_change", "--day-change", choice(["23", "0"], cast=int), "23",
                    "Hour at which the 干支 day changes (子初 23:00, or midnight).", 0, show_default=True)
START = Option("start", "--from", instant(False), None,
               "Start of a range (a date alone: that day's 00:00).", "2024-03-05", metavar="TIME")
END = Option("end", "--to", instant(False), None,
             "End of a range, inclusive (a date alone: the whole day).", "2024-03-06", metavar="TIME")
EVERY = Option("every", "--every", STEP, None,
               "Range step: 2h (default), 30m, 90s elapsed; 1d civil days (same wall time).", "1h", metavar="STEP")
KEEP_GOING = Option("keep_going", "--keep-going", FLAG, None,
                    "In a range or with --at -, report a bad instant and go on.", shell=True)
EPHEMERIS = Option("ephemeris", "--ephemeris", TEXT, None, "Another JPL SPK file (also $QIMEN_EPHEMERIS).",
                   "/data/de441.bsp", metavar="FILE", envvar="QIMEN_EPHEMERIS")

#: The input-time options every instant-by-instant command takes (`when.When`).
TIME = (AT, TZ, LON, SOLAR_TIME, DAY_CHANGE, START, END, EVERY, KEEP_GOING, EPHEMERIS)

#: The language of the terminal views, one of the word store's (`words.LANGS`: a language added
#: there is taken here); every command's output option, the API's `Result.draw(console, lang)` and
#: `to_html(lang)` (the MCP tools answer JSON and have no view).
LANG = Option("lang", "--lang", choice(tuple(LANGS)), "zh", "Language of the labels in the terminal view.", "ko",
              show_default=True)

METHOD_HELP = ("局 by 置閏 (古法, the author's) or 拆補 (李氏); maoshan: 茅山, beyond the texts (元 by 60 時辰 from the "
               "term's 時辰).")
METHOD = choice(["zhirun", "chaibu", "maoshan"])
#: --lodge (qimen/plates.LODGES): kungen 000's 陽坤陰艮 (default); kun 寄坤 in both 遁 (beyond the
#: texts: the 古今圖書集成 row "禽一死二"); bajie, the 八節 寄宮, is refused: no source defines it.
LODGE_HELP = ("寄宮 of the centre (轉盤): kungen, 000's 陽遁寄坤 陰遁寄艮 (default); kun: 寄坤 in both 遁 (beyond the texts, "
              "after the 古今圖書集成 row 禽一死二); bajie, the 八節 寄宮, is refused (no source defines it).")
LODGE = choice(["kungen", "kun", "bajie"])
#: --scope (qimen/scope.SCOPES): hour, the 時家 chart of the texts (default); year, month, day: 年家,
#: 月家 and 日家 奇門, beyond the texts (docs/decisions.md "年家, 月家 and 日家").
SCOPE_HELP = ("Whose chart: hour (時家, the texts'; default); year (年家: 陰遁, 180-year 三元 from 1864), month (月家, "
              "reading A: five-year blocks, 統宗) or day (日家, reading Q: term groups, after qimen-go) — beyond the texts, "
              "drawn with 寄坤 on the year, month or day pillar.")
SCOPE = choice(["hour", "year", "month", "day"])
LAYOUT = choice(["zhuan", "fei"])
SWITCH = choice(["shichen", "instant"])
NOBLE_RULES = ("najia", "day-night", "day-night-almanac")
#: liuren --fan-yin: the 反吟 初傳 by the 沖 of branches (the text's rule) or of the 納甲 trigrams.
FAN_YIN_READINGS = ("chong", "najia")
#: --tian-men: the 天門/地戶 of 天罡加天門/加地戶 (gucu/tiangang.TIAN_MEN_READINGS).
TIAN_MEN_READINGS = ("liuren", "youmen", "sanmen")
TIAN_MEN_HELP = ("天門 and 地戶 of 004's 天罡加天門/加地戶: liuren, the 六壬 usage 天門 亥 地戶 巳; youmen, 004's own 遊門 "
                 "天門 of the month (正月 申 …), no 地戶; sanmen, 000's 天三門 and 地四戶 of the hour (under 太沖 小吉 從魁 "
                 "and 除 危 定 開), where 天罡 is never on a 天門.")
LUNAR_ZONE_HELP = ("Where lunar months are reckoned: china (UTC+8), korea (the Korean standard tables: UTC+8 through "
                   "1911, UTC+9 from 1912) or a fixed offset like +09:00.")


#: `cast --school` (qimen/patterns/schools.SCHOOLS): gu adds nothing; li, lin, tao add that school's
#: variants and those 003 gives to 三氏 together; sanshi all three; zhushu 000's 諸書; yiben the 一本's
#: 擊刑, which 003 cites and accepts (亦是).
#: huoju: 000's 十八圖活局, the 轉盤 with 五專寄坤 (cast only; find's --school takes the others).
CAST_SCHOOLS = ("gu", "li", "lin", "tao", "sanshi", "zhushu", "yiben", "huoju")
FIND_SCHOOLS = CAST_SCHOOLS[:-1]
CAST_SCHOOL_HELP = ("gu: the texts' own rules only; li, lin, tao: also the variants 003 records of 李氏, 林氏 or 陶氏 "
                    "(and of 三氏 together); sanshi: all three; zhushu: 000's 諸書 大格/小格/刑格/奇格; yiben: also 擊刑 by "
                    "the 一本 003 accepts (甲戌 in 8, 甲申 in 4, 甲寅 in 2); huoju: the "
                    "轉盤 with 五專寄坤 (000's 十八圖活局).")


#: `cast --annotate` (qimen/annotations.KEYS): the palace annotations beyond the texts, by the names
#: the issue gives them, → the keys of `cast --json`'s `annotations`; `all` takes every one.
ANNOTATE = {"anGan": "an_gan", "changSheng": "chang_sheng", "wangShuai": "wang_shuai", "ruMu": "ru_mu",
            "menPo": "men_po"}
ANNOTATE_HELP = ("Palace annotations beyond the three texts, comma-separated or all: anGan 暗干, changSheng 十二長生, "
                 "wangShuai 旺相休囚, ruMu 入墓 (十干 and 三奇 rules), menPo 門迫/受制; each with its source.")


def read_annotate(value: Any) -> tuple[str, ...]:
    """`--annotate`: `all` or names of `ANNOTATE` joined by commas (the API and the tools also take
    a list), → their JSON keys in `ANNOTATE`'s order, each once."""
    items = value if isinstance(value, (list, tuple)) else [value]
    names: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise BadInput(f"{item!r} is not text (all, or names among {', '.join(ANNOTATE)} joined by commas)")
        names += [n.strip() for n in item.split(",")]
    if names == ["all"]:
        return tuple(ANNOTATE.values())
    if "all" in names:
        raise BadInput(f"{','.join(names)!r}: all takes every annotation, so write all alone, "
                       f"or names among {', '.join(ANNOTATE)} joined by commas")
    for n in names:
        if n not in ANNOTATE:
            raise BadInput(f"{n!r} is not an annotation: write all, or names among {', '.join(ANNOTATE)} joined by commas")
    return tuple(k for n, k in ANNOTATE.items() if n in names)


ANNOTATE_KIND = Kind("annotations", "value", read_annotate, {"type": "string"})

def read_year(value: Any) -> int:
    """A civil year (1–9999); a date or a time given for it is refused saying why: the terms are
    counted by whole civil years (`terms`, `chaibu`), so a year it is, not the instants other
    commands take."""
    try:
        return read_whole(1, 9999, value)
    except BadInput:
        text = value.strip() if isinstance(value, str) else ""
        m = re.match(r"^(\d{4})-\d", text)
        if m or text.lower() == "now":
            year = m.group(1) if m else str(_dt.date.today().year)
            raise BadInput(f"{value!r} is a time, not a year: the terms are counted by whole civil years (of --tz), "
                           f"so this takes a year such as {int(year)}; the term at one instant is the solar_term "
                           f"of qimen pillars --at TIME --json") from None
        raise


def _year() -> Kind:
    """A civil year (1–9999, `read_year`); whether the tables in use cover it is the engine's check (OutOfSpan)."""
    kind = whole(1, 9999)
    kind.read = read_year
    return kind


def _cast() -> tuple[Option, ...]:
    """`cast`: its own options."""
    return (
        Option("method", "--method", METHOD, "zhirun", METHOD_HELP, "chaibu", show_default=True),
        Option("layout", "--layout", LAYOUT, "zhuan", "轉盤 (古法) or 陶氏飛盤.", "fei", show_default=True),
        Option("switch", "--switch", SWITCH, None,
               "With --method chaibu: a new term applies from the start of its 時辰 (shichen, as the text counts; default) or from the instant.",
               "instant"),
        Option("where", "--where", TEXT, None,
               "Over a range, keep only charts showing this pattern (repeatable: all must hold).", ["玉女守門"],
               metavar="NAME", multiple=True, complete="patterns"),
        Option("explain", "--explain", FLAG, None, "Print each derivation step with the rule it used.", True,
               api_help="Add `explain` to the chart's JSON: each derivation step with the rule it used ({key, values, text})."),
        Option("school", "--school", choice(CAST_SCHOOLS), "gu", CAST_SCHOOL_HELP, "lin", show_default=True),
        Option("annotate", "--annotate", ANNOTATE_KIND, None, ANNOTATE_HELP, "changSheng,menPo", metavar="NAMES"),
        Option("lodge", "--lodge", LODGE, "kungen", LODGE_HELP, "kun", show_default=True),
        Option("qin", "--qin", choice(["with", "apart"]), "with",
               "天禽 on the 轉盤: drawn with the star it rides (with: 禽芮/禽任同宮, 000) or apart, alone in 中五 "
               "(beyond the texts; a display choice: it still acts from its lodge).", "apart", show_default=True),
        Option("scope", "--scope", SCOPE, "hour", SCOPE_HELP, "year", show_default=True),
    )


def _chaibu() -> tuple[Option, ...]:
    """`chaibu`: its own options."""
    return (
        Option("terms", "--terms", choice(["true", "mean"]), None,
               "true: the real Sun (default); mean: 平氣, 365.2425/24 days a term from each true 冬至 (or from --anchor).", "mean"),
        Option("anchor", "--anchor", instant(True), None,
               "With --terms mean: an anchor term instant instead of the true 冬至 (docs/decisions.md: 2034-02-04T12:00+08:00, a 立春 on 辛卯).",
               "2034-02-04T12:00+08:00", metavar="TIME"),
        Option("switch", "--switch", SWITCH, "shichen",
               "拆補: a new term applies from the start of its 時辰 (as the text counts) or from the instant.", "instant",
               show_default=True),
        Option("alternatives", "--alternatives", FLAG, None,
               "Also the 局 a user on the other side of each close boundary would get.", True),
        Option("within", "--within", STEP, "2h", "How close a boundary must be for --alternatives (ΔT: within 3σ).",
               "30m", metavar="STEP", show_default=True),
        Option("year", "--year", _year(), None,
               "The 置閏 ledger of one year (civil year of --tz); --from/--to give a period.", 2024),
        Option("explain", "--explain", FLAG, None, "Print each method's derivation steps.", True,
               api_help="Draw each method's derivation steps in the terminal view (the JSON carries them either way)."),
        Option("method", "--method", choice(["maoshan"]), None,
               "Also the 局 under maoshan (茅山, beyond the texts), beside 置閏 and 拆補.", "maoshan"),
        Option("stats", "--stats", FLAG, None,
               "With --from/--to: per civil year, the share of 時辰 whose 局 differs between each pair of "
               "置閏, 拆補 and 茅山 (--from/--to take a bare year: 1800 … 2200).", True),
    )


def _noble() -> tuple[Option, ...]:
    """`noble`: its own options."""
    return (
        Option("method", "--method", METHOD, None, "局 method of the 奇門 chart checked against the 私門 (zhirun by default).",
               "chaibu"),
        Option("layout", "--layout", LAYOUT, None, "Layout of that chart (zhuan by default).", "fei"),
        Option("no_chart", "--no-chart", FLAG, None, "Skip the 奇門 chart (no 吉門 check for the 私門).", True),
    )


def _twelve_gods() -> tuple[Option, ...]:
    """`twelve-gods`: its own options."""
    return (
        Option("school", "--school", choice(["gu", "sanshi"]), "gu",
               "gu: the text's own methods; sanshi: also the 三氏 variants the text records and rejects.", "sanshi",
               show_default=True),
    )


def _gucu() -> tuple[Option, ...]:
    """`gucu`: its own options."""
    return (
        Option("size", "--size", whole(1, None), None,
               "Number of people: under 10000 the hour's 孤虛, from 10000 the day's (萬人已上用日孤虛); "
               "and the camp's wall (安營: 六尺 a man, in 步 a multiple of six).", 12000, metavar="N"),
        Option("tone", "--tone", choice(list("角徵宮商羽")), None, "五音 of the army: its 德, 陽, 陰, 生氣, 死氣, 刑禍.", "宮"),
        Option("born", "--born", BORN, None,
               "The general's birthday: month-day as the text counts (5-5 = 五月五日) or an ISO date; gives 命宿 and the 三九 reading.",
               "5-5"),
        Option("month_basis", "--month-basis", choice(["lunar", "jie"]), "lunar",
               "Months and days of the Chinese lunar calendar, or solar months from each 節 (days from the 節 day). 虎尾/黃幡 "
               "follow the year of the same basis: the lunar year (from 正月初一) or the 立春 year (huang_fan_year names it).",
               "jie", show_default=True),
        Option("steps", "--steps", whole(6, 6000), 6, "閉戊 ring size in 步 (a multiple of six): the soil is 2N 斗.", 12,
               metavar="N", show_default=True),
        Option("lunar_zone", "--lunar-zone", LUNAR_ZONE, "china", LUNAR_ZONE_HELP, "korea", show_default=True),
        Option("method", "--method", METHOD, None, "局 method of the 奇門 chart used for the 出軍 route (zhirun by default).",
               "chaibu"),
        Option("layout", "--layout", LAYOUT, None, "Layout of that chart (zhuan by default).", "fei"),
        Option("no_chart", "--no-chart", FLAG, None, "Skip the 奇門 chart (no 出軍 route).", True),
        Option("tian_men", "--tian-men", choice(TIAN_MEN_READINGS), None,
               "Also 天罡 on 天門 / 地戶 / 酉 (tian_gang_gate), with this reading of 天門 and 地戶. " + TIAN_MEN_HELP,
               "youmen"),
    )


def _liuren() -> tuple[Option, ...]:
    """`liuren`: its own options."""
    return (
        Option("yuejiang", "--yuejiang", branch(True), None,
               "月將 to put on the hour (亥 or 登明 …) instead of the one of the last 中氣.", "亥"),
        Option("month", "--month", LUNAR_MONTH, None,
               "Lunar month (1–12, 正月 …): 月將 = the month's 合神, as 004 counts it (正月 登明亥).", "正月"),
        Option("day", "--day", GANZHI_DAY, None,
               "Cast without a date: the day (甲子 …); needs --hour and --yuejiang or --month.", "甲子"),
        Option("hour", "--hour", branch(False), None, "Cast without a date: the hour branch (寅 …).", "寅"),
        Option("half", "--half", choice(["yang", "yin"]), None,
               "Without a date: 陽貴 (冬至→夏至) or 陰貴 half-year for the 納甲 貴人.", "yang"),
        Option("noble_rule", "--noble-rule", choice(NOBLE_RULES), "najia",
               "貴人 by the texts' 納甲 tables, the 晝夜 rule of 《大六壬心鏡》 (壬癸蛇兔藏: 壬癸 巳 by day), or its almanac "
               "variant (壬癸兔蛇藏: 卯 by day).", "day-night", show_default=True),
        Option("lat", "--lat", degrees(-90.0, 90.0, "latitude"), None,
               "Latitude (north positive): with --lon, 晝/夜 by the real sunrise and sunset (day-night rule). Note that --lon "
               "also puts the 干支 on local solar time.", 31.23, metavar="DEG"),
        Option("fan_yin", "--fan-yin", choice(FAN_YIN_READINGS), "chong",
               "反吟 初傳: chong, the 沖 of the 寄宮 (剛日) or day branch (柔日), as 004 states the rule; najia, the day "
               "stem's 納甲 trigram 沖 the facing one (甲沖辛), which gives 004's two examples (reading 丑沖丙 as 乙沖丙).",
               "najia", show_default=True),
        Option("tian_men", "--tian-men", choice(TIAN_MEN_READINGS), "liuren",
               TIAN_MEN_HELP + " youmen takes the month of the 月建 (寅 正月; with --day/--hour, --month).", "youmen",
               show_default=True),
    )


def _pillars() -> tuple[Option, ...]:
    """`pillars`: its own options."""
    return (Option("lunar_zone", "--lunar-zone", LUNAR_ZONE, "china", LUNAR_ZONE_HELP, "korea", show_default=True),)


def _terms() -> tuple[Option, ...]:
    """`terms`: its own options."""
    return (
        Option("year", "--year", _year(), None,
               "One year (civil year of --tz); 1800–2200 with the shipped tables, other years with --ephemeris.", 2024),
        Option("first", "--from", _year(), None, "First year of a range.", 2024),
        Option("last", "--to", _year(), None, "Last year of a range (inclusive).", 2026),
        Option("tz", "--tz", ZONE, None, "Zone for the civil years and local times. Default: the system zone.",
               "Asia/Shanghai", metavar="ZONE", complete="zones"),
        EPHEMERIS,
    )


def _searched() -> list[str]:
    """The arts `find` reads (their records' order)."""
    from .arts import records

    return [r.name for r in records() if r.searched]


def _find() -> tuple[Option, ...]:
    """`find`: its own options."""
    return (
        Option("where", "--where", TEXT, None,
               "A condition (see above; repeatable: all must hold). See --list.",
               ["cast:三奇得使", "twelve-gods:合"], metavar="COND", multiple=True, complete="conditions",
               api_help="Conditions, all of which must hold: ART:NAME or ART:PATH=VALUE (PATH!=VALUE, PATH in V1 V2, * "
                        "for every item), a place condition (cast:palace(door=開門, heaven_stems in 三奇), "
                        "twelve-gods:plate(…), liuren:plate(…), gucu:ring(…)), combined with ! & | and ( ); ART is "
                        "cast, pillars, noble, twelve-gods, gucu or liuren; NAME a rule of the registry (see patterns): "
                        "a pattern of cast or a named condition (twelve-gods:合, gucu:往亡, liuren:伏吟), written "
                        "NAME=VALUE where the rule gives a direction, a branch or a value (gucu:天目=午)."),
        Option("any_of", "--any", TEXT, None,
               "A condition of which at least one must hold (repeatable: joined by |).",
               ["cast:天輔時", "twelve-gods:合"], metavar="COND", multiple=True, complete="conditions",
               api_help="Conditions of which at least one must hold (joined by |), in the forms of `where`."),
        Option("list_", "--list", FLAG, None, "List the named conditions and the place keys of every art and exit.",
               shell=True),
        Option("art", "--art", choice(_searched()), None, "With --list: that art's only.", "gucu", shell=True),
        Option("explain", "--explain", FLAG, None,
               "Also print the rules behind the conditions: name, 吉/凶, text and line, the values (always in --json).",
               shell=True),
        Option("stats", "--stats", FLAG, None,
               "Print how many 時辰 each condition holds on, and all together, with the longest gap between matches.",
               shell=True),
        Option("ics", "--ics", TEXT, None,
               "Also write the windows as an iCalendar file (RFC 5545: one event a window, its conditions, places and "
               "rules); - writes it to stdout instead of the table.", "windows.ics", metavar="FILE", shell=True),
        Option("first", "--first", whole(1, None), None, "Stop after N windows.", 10, metavar="N"),
        Option("count_only", "--count", FLAG, None, "Print only the number of windows.", shell=True),
        Option("method", "--method", METHOD, "zhirun", "局 method (cast; the 奇門 chart of noble and gucu).", "chaibu",
               show_default=True),
        Option("layout", "--layout", LAYOUT, "zhuan", "Plate layout (cast, noble, gucu).", "fei", show_default=True),
        Option("switch", "--switch", SWITCH, None,
               "With --method chaibu: the term applies from its 時辰 (shichen, default) or the instant (cast).", "instant"),
        Option("school", "--school", choice(FIND_SCHOOLS), "gu",
               "The recorded schools (as cast --school, without huoju); twelve-gods takes its 三氏 variants with li, lin, "
               "tao or sanshi.",
               "sanshi", show_default=True),
        Option("noble_rule", "--noble-rule", choice(NOBLE_RULES), "najia", "liuren 貴人 rule (as liuren --noble-rule).",
               "day-night", show_default=True),
        Option("month_basis", "--month-basis", choice(["lunar", "jie"]), "lunar", "gucu months: lunar or from each 節.", "jie",
               show_default=True),
        Option("size", "--size", whole(1, None), None, "gucu: number of people.", 12000, metavar="N"),
        Option("tone", "--tone", choice(list("角徵宮商羽")), None, "gucu: 五音 of the army.", "宮"),
        Option("born", "--born", BORN, None, "gucu: the general's birthday (5-5 or an ISO date), for 命宿 and 三九.", "5-5"),
        Option("lat", "--lat", degrees(-90.0, 90.0, "latitude"), None,
               "liuren: latitude for 晝/夜 by sunrise and sunset (--noble-rule day-night, with --lon).", 31.23, metavar="DEG"),
        Option("steps", "--steps", whole(6, 6000), 6, "gucu: 閉戊 ring size (a multiple of six).", 12, metavar="N",
               show_default=True),
        Option("lunar_zone", "--lunar-zone", LUNAR_ZONE, "china",
               "Where lunar months are reckoned (pillars, gucu): china, korea or an offset like +09:00.", "korea",
               show_default=True),
        Option("fan_yin", "--fan-yin", choice(FAN_YIN_READINGS), "chong", "liuren 反吟 reading (as liuren --fan-yin).",
               "najia", show_default=True),
        Option("tian_men", "--tian-men", choice(TIAN_MEN_READINGS), None,
               "天門/地戶 of 天罡加天門/加地戶 (as liuren --tian-men; default liuren's, 亥 and 巳); gucu then shows its "
               "tian_gang_gate.", "youmen"),
        Option("lodge", "--lodge", LODGE, "kungen", "寄宮 of the cast chart (as cast --lodge).", "kun",
               show_default=True),
        Option("scope", "--scope", SCOPE, "hour", "Whose chart cast reads: hour (default), year, month or day (as cast "
               "--scope, beyond the texts).", "month", show_default=True),
    )


def _patterns() -> tuple[Option, ...]:
    """`patterns`: its own options."""
    from .arts.rules import rule_arts

    return (
        Option("art", "--art", choice(rule_arts()), None,
               "Only the rules of one art (default: every art, grouped by art).", "gucu"),
    )


def _verify() -> tuple[Option, ...]:
    """`verify`: its own options (the shell's only: the ledger is no tool of the API)."""
    from .verify.claim import ARTS, TEXTS

    return (
        Option("text", "--text", choice(tuple(TEXTS)), None, "Only the claims of one text (its seed number).",
               "003"),
        Option("art", "--art", choice(ARTS), None, "Only the claims of one art.",
               "liuren"),
    )


#: The own options of each command that is not an art (an art's record names its own: `Art.options`,
#: the functions above for the package's arts), in the order of its --help, made when first
#: asked for (`own`): a start builds only its own command's.
COMMANDS: dict[str, Callable[[], tuple[Option, ...]]] = {
    "terms": _terms,
    "find": _find,
    "patterns": _patterns,
}
#: Commands of the shell alone (no API function, no MCP tool), their options made the same way.
SHELL_COMMANDS: dict[str, Callable[[], tuple[Option, ...]]] = {"verify": _verify}
_OWN: dict[str, tuple[Option, ...]] = {}


def own(command: str) -> tuple[Option, ...]:
    """The command's own options (`COMMANDS`), made once."""
    made = _OWN.get(command)
    if made is None:
        maker = COMMANDS.get(command) or SHELL_COMMANDS.get(command)
        if maker is None:
            from .arts import art

            maker = art(command).part("options")
        made = _OWN[command] = maker()
    return made


#: The commands besides the arts (every art takes them) that take the input-time options (TIME).
TIMED = ("find",)


def timed(command: str) -> bool:
    """Whether `command` takes the input-time options: every art, and `TIMED`."""
    from .arts import find_art

    return command in TIMED or (command not in COMMANDS and find_art(command) is not None)

#: The time options a command refuses (so the API and the tools do not offer them).
REFUSED = {"find": ("at", "every")}


def options_of(command: str) -> tuple[Option, ...]:
    """Every option the API and the tools take for `command`: its time options (without the
    shell's and those it refuses) and its own (without the shell's), in the order of its --help."""
    refused = REFUSED.get(command, ())
    time = tuple(o for o in TIME if not o.shell and o.name not in refused) if timed(command) else ()
    return time + tuple(o for o in own(command) if not o.shell)


def read_all(command: str, values: dict[str, Any]) -> dict[str, Any]:
    """Every option of `command` read from `values` (name → value, None or absent: the default):
    name → typed value.  A name the command does not take is BadInput naming the ones it does."""
    known = {o.name: o for o in options_of(command)}
    unknown = [name for name in values if name not in known]
    if unknown:
        raise BadInput(f"{command} takes no option {unknown[0]!r} (it takes {', '.join(known)})")
    return {name: read(option, values.get(name)) for name, option in known.items()}
