"""The Python API: each command of `qimen` as a function, on the same path as the command line.

Each art's function is made from its record (`arts.Art`, `make`): `cast`, `chaibu`, `noble`,
`twelve_gods`, `gucu`, `liuren` and `pillars` (and any art registered) take one instant
(`at`: ISO-8601 text as `--at` takes it, or an aware datetime) and return a `Result`, or a
range (`start`, `end`, `every`) and return a `Stream` of them; `terms`, `find` and
`patterns` return a Stream.  Every keyword is a command-line option under its name in
`options.py` (`--from` is `start`, `--noble-rule` is `noble_rule`) and takes the values the
option takes, read by the same functions: a value that cannot be read, or a combination the
command line refuses, raises `BadInput` with the command line's message; an instant outside
the tables raises `OutOfSpan`.  A naive datetime is refused unless `tz` is given (ISO text
without an offset is read as the command line reads it: on the clock of `tz`, else the system
zone).  The options are checked and made into work by the art's record's `check`
(`commands.py`), as the command line's are.  An error names the keyword, not the flag
(`keyworded`: "Invalid value for end=: …" where the command line says '--to'); each function's
docstring ends with its keywords and their meanings (`parameters_doc`), so `help(qimen_cli.cast)`
reads them.

Not here: what only a shell has (`--at -`, `--keep-going`, `--json`, `--lang`, `--svg`,
`--html`; `find --list` and `--count`): a Result is its JSON and its view already.

The promise: the names in `qimen_cli.__all__` and the JSON they give (`schema_version`)
follow `schema_version`; every other module is internal.
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal

from . import options as _options
from .errors import BadInput
from .result import JSONObject, Result, Stream

if TYPE_CHECKING:
    from .arts import Art, Job, Steps
    from .calendar.terms import Term
    from .find.search import Window
    from .options import Option
    from .when import When

#: An instant: ISO-8601 text as `--at` takes it ("2024-03-05T11:00+08:00", "now"), or a datetime.
TimeLike = str | _dt.datetime
#: A range's bound: as TimeLike, or a date alone (that day's start; `end`: the whole day).
BoundLike = str | _dt.datetime | _dt.date
#: A zone: an IANA name, an offset (+09:00), "UTC", or a tzinfo.
ZoneLike = str | _dt.tzinfo
Method = Literal["zhirun", "chaibu", "maoshan"]
Layout = Literal["zhuan", "fei"]
Lodge = Literal["kungen", "kun", "bajie"]
Scope = Literal["hour", "year", "month", "day"]
Switch = Literal["shichen", "instant"]
SolarTime = Literal["mean", "apparent"]
DayChange = Literal[23, 0, "23", "0"]
MonthBasis = Literal["lunar", "jie"]
NobleRule = Literal["najia", "day-night", "day-night-almanac"]
FindSchool = Literal["gu", "li", "lin", "tao", "sanshi", "zhushu", "yiben"]
FanYin = Literal["chong", "najia"]
TianMen = Literal["liuren", "youmen", "sanmen"]
Names = str | Sequence[str]


# --- the arts' functions, made from their records ------------------------------------------


def art_functions() -> list[str]:
    """The API's function of every art (`Art.api_name`: cast, chaibu, noble, twelve_gods, gucu,
    liuren, pillars, and any art registered), in the records' order."""
    from .arts import records

    return [r.api_name for r in records()]


#: (the registry's generation, function name) → the function made of the art's record.
_MADE: dict[tuple[int, str], Callable[..., Result[Any] | Stream[Any]]] = {}


def art_function(name: str) -> Callable[..., Result[Any] | Stream[Any]]:
    """The function of the art whose API name is `name` (twelve_gods → twelve-gods), made from its
    record (`make`) once; AttributeError when there is no such art."""
    from .arts import GENERATION, find_art

    made = _MADE.get((GENERATION[0], name))
    if made is None:
        record = find_art(name.replace("_", "-")) if name.isidentifier() and not name.startswith("_") else None
        if record is None or record.api_name != name:
            raise AttributeError(f"module 'qimen_cli.api' has no attribute {name!r}")
        made = _MADE[GENERATION[0], name] = make(record)
    return made


def make(record: Art) -> Callable[..., Result[Any] | Stream[Any]]:
    """The API function of an art: one instant (`at`: ISO-8601 text as `--at` takes it, or an aware
    datetime) → a `Result`; a range (`start`, `end`, `every`) → a `Stream` of them.  Its keywords
    are the art's options (`options.options_of`), their defaults and types the definitions';
    `at` may be given by position.  Its docstring is the record's `api`."""
    import inspect

    command = record.name
    params = []
    for option in _options.options_of(command):
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if option.name == "at" else inspect.Parameter.KEYWORD_ONLY
        params.append(inspect.Parameter(option.name, kind, default=_default(option), annotation=_annotation(option)))
    signature = inspect.Signature(params, return_annotation=Result | Stream)

    def function(*args: Any, **kwargs: Any) -> Result[Any] | Stream[Any]:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return keyworded(command, dict(bound.arguments))

    function.__name__ = function.__qualname__ = record.api_name
    function.__module__ = __name__
    function.__doc__ = record.api.rstrip() + "\n\n" + parameters_doc(command)
    function.__signature__ = signature  # type: ignore[attr-defined]  # what inspect.signature reads
    function.__annotations__ = {p.name: p.annotation for p in params} | {"return": signature.return_annotation}
    return function


def _keywords(command: str) -> dict[str, Any]:
    """Each command-line flag of `command` → its option (whose name is the API's keyword)."""
    return {o.flag: o for o in _options.options_of(command)}


def _flags_as_keywords(text: str, keywords: dict[str, Any]) -> str:
    """`text` with each flag of `keywords` written as a call writes its keyword: '--to' or --to →
    end=, and a flag with one of its choices or a quoted value → the keyword given it (--method
    chaibu → method="chaibu", --to '2024-02-01' → end='2024-02-01')."""
    import re

    def keyword(m: re.Match[str]) -> str:
        option = keywords.get(m.group(1))
        if option is None:
            return m.group(0)
        value = m.group(2)
        if value is not None and value in option.kind.choices:
            return f'{option.name}="{value}"'
        if value is not None and value.startswith("'"):  # the value it was given: end='2024-02-01'
            return f"{option.name}={value}"
        return f"{option.name}=" + (f" {value}" if value is not None else "")

    return re.sub(r"'?(--[a-z][a-z-]*)'?(?: ([a-z][\w-]*|'[^']*'))?", keyword, text)


def keyworded(command: str, values: dict[str, Any]) -> Result[Any] | Stream[Any]:
    """`call`, its errors worded for Python: the flags they name written as the keywords
    (Invalid value for '--to': … → Invalid value for end=: …), the error itself kept (its class, its fields)."""
    from .errors import QimenError

    try:
        return call(command, values)
    except QimenError as exc:
        exc.args = (_flags_as_keywords(str(exc), _keywords(command)),)
        raise


def parameters_doc(command: str, order: Sequence[str] | None = None) -> str:
    """The keywords of `command`'s function as its docstring lists them (in `order`, a signature's
    names; else the options'): each name with its default and the option's help, the command
    line's flags written as keywords."""
    import textwrap

    keywords = _keywords(command)
    defined = {o.name: o for o in _options.options_of(command) if not o.shell}
    lines = ["Parameters", "----------"]
    for name in order if order is not None else defined:
        option = defined[name]
        default = _default(option)
        head = option.name if default in (None, (), False) else f"{option.name} (default {default!r})"
        text = _flags_as_keywords(option.api_help or option.help, keywords)
        lines += [head, *textwrap.wrap(text, 88, initial_indent="    ", subsequent_indent="    ")]
    return "\n".join(lines) + "\n"


def _default(option: Option) -> Any:
    """A keyword's default: the option's value when it is a plain one (`day_change=23`,
    `steps=6`), its text otherwise (`within="2h"`); () for a repeated option, False for a flag."""
    if option.default is None:
        return () if option.multiple else (False if option.is_flag else None)
    value = _options.read(option, option.default)
    return value if isinstance(value, (str, int, float, bool)) else option.default


#: Each kind of option (`options.Kind.name`) → the type of its keyword.
_TYPES = {"text": str, "boolean": bool, "integer range": int, "float range": float, "zone": ZoneLike,
          "time": BoundLike, "step": str, "branch": str | int, "ganzhi": str | int, "month": int | str,
          "date": str | _dt.date, "china|korea|offset": str, "annotations": str | Sequence[str]}


def _annotation(option: Option) -> Any:
    """A keyword's type: a choice's Literal, the kind's type; `| None` when its default is None."""
    kind = option.kind
    if kind.form == "choice":
        values = list(kind.choices)
        if kind.json.get("type") == "integer":
            values = [int(v) for v in values] + values
        kind_type: Any = Literal[tuple(values)]
    elif option.name == "at":
        kind_type = TimeLike
    else:
        kind_type = _TYPES.get(kind.name, Any)
    if option.multiple:
        kind_type = Names
    if option.default is None and not option.is_flag and not option.multiple:
        kind_type = kind_type | None
    return kind_type


def __getattr__(name: str) -> Any:
    """An art's function (`art_function`), made when first asked for (PEP 562)."""
    return art_function(name)


# --- terms, find, patterns -----------------------------------------------------------------


def terms(year: int | None = None, *, first: int | None = None, last: int | None = None, tz: ZoneLike | None = None,
          ephemeris: str | None = None) -> Stream[Term]:
    """The 24 solar terms of `year` (default: this year) or of the years `first` … `last`
    (`qimen terms`): a Stream of Results whose value is the Term."""
    return _stream(keyworded("terms", locals()))


def find(start: BoundLike, end: BoundLike, where: Names = (), *, any_of: Names = (), tz: ZoneLike | None = None,
         lon: float | None = None,
         solar_time: SolarTime = "mean", day_change: DayChange = 23, ephemeris: str | None = None,
         first: int | None = None, method: Method = "zhirun", layout: Layout = "zhuan", switch: Switch | None = None,
         school: FindSchool = "gu", noble_rule: NobleRule = "najia", month_basis: MonthBasis = "lunar",
         size: int | None = None, tone: str | None = None, born: str | _dt.date | None = None, lat: float | None = None,
         steps: int = 6, lunar_zone: str = "china", fan_yin: FanYin = "chong", tian_men: TianMen | None = None,
         lodge: Lodge = "kungen", scope: Scope = "hour") -> Stream[Window]:
    """擇時 (`qimen find`): the windows of 時辰 from `start` to `end` where every `where` condition
    holds and one of `any_of` (ART:NAME, ART:PATH=VALUE, place conditions, ! & |: see `qimen find
    --help`), at most `first`: a Stream of Results whose value is the window, made as the search
    closes each."""
    return _stream(keyworded("find", locals()))


def patterns(art: str | None = None) -> Stream[JSONObject]:
    """Every rule of every art (of `art` alone when given) that `cast(where=…)` and `find` accept
    (`qimen patterns`): a Stream of Results whose value is the record (art, name, 吉/凶 or 宜/忌,
    kind, what it reads, its source line)."""
    return _stream(keyworded("patterns", locals()))


def _document(function: Callable[..., Any], command: str) -> None:
    import inspect

    function.__doc__ = (function.__doc__ or "").rstrip() + "\n\n" + parameters_doc(command, list(inspect.signature(function).parameters))


for _function, _command in ((terms, "terms"), (find, "find"), (patterns, "patterns")):
    _document(_function, _command)


# --- the one path ----------------------------------------------------------------------------


def _stream(answer: Result[Any] | Stream[Any]) -> Stream[Any]:
    """The Stream `call` gives for a command that answers with one (terms, find, patterns)."""
    if not isinstance(answer, Stream):
        raise TypeError(f"{answer.command} answered with one Result, not a Stream")
    return answer


def call(command: str, values: dict[str, Any]) -> Result[Any] | Stream[Any]:
    """Read the options of `command` (`options.read_all`: `values` maps option names to values),
    check them and make its work (`commands.py`), and answer: the one path of every function
    above and of the MCP tools (internal: the functions above are the API)."""
    from . import commands

    read = _options.read_all(command, values)
    own = {o.name: read[o.name] for o in _options.own(command) if not o.shell}
    if command == "patterns":
        return _patterns(own["art"])
    if command == "terms":
        return _terms(commands.terms(**own))
    when = _when(command, values, read)
    if command == "find":
        first = own.pop("first")
        return _windows(commands.find(when, **own), first)
    from .arts import art

    work = art(command).part("check")(when, **own)
    explain = bool(own.get("explain"))
    if isinstance(work, commands.Ledger):
        return _ledger(work)
    if isinstance(work, commands.Dateless):
        lesson = work.lesson()
        return Result(command, lesson, None, lesson, lambda: work.text(lesson))
    if when.is_stream:
        return _range(command, when, work)
    return _single(command, when, work, values.get("at"), explain)


def _naive(value: Any) -> bool:
    return isinstance(value, _dt.datetime) and value.utcoffset() is None


def _when(command: str, values: dict[str, Any], read: dict[str, Any]) -> When:
    """The time options as a `When`, checked as the command line checks them; a naive datetime
    (`at`, `start`, `end`, `anchor`) needs `tz`, and stdin (`at="-"`) is the command line's."""
    from .when import When

    tz = read["tz"]
    for option in _options.options_of(command):
        value = values.get(option.name)
        if option.kind.name == "time" and isinstance(value, _dt.datetime) and _naive(value) and tz is None:
            raise BadInput(f"Invalid value for '{option.flag}': the datetime {value.isoformat()} has no zone: "
                           "give tz, or an aware datetime")
    at = read.get("at")
    if at == "-":
        raise BadInput("Invalid value for '--at': '-' reads instants from stdin on the command line; "
                       "give start and end for a range")
    when = When(None if at == "now" else at, tz, read["lon"], read["solar_time"], read["day_change"], read["start"],
                read["end"], read.get("every"), False, read["ephemeris"])
    when.check()
    return when


def _now() -> str:
    """Now, as the command line takes it without --at: the UTC instant in ISO-8601."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat()


def _answer(command: str, raw: Any, steps: Steps, explain: bool = False) -> Result[Any]:
    """One answer of an art as a Result: the art's result `raw`, its value and Moment, its JSON text."""
    from .arts import art

    moment, value = art(command).part("split")(raw)
    return Result(command, value, moment, raw, lambda: str(steps.to_text(raw)), explain)  # the text --json writes


def _single(command: str, when: When, job: Job, at: Any, explain: bool) -> Result[Any]:
    """One instant: `at` as given (text or a datetime; None or "now": now), resolved with the job's extras."""
    from .arts import answer

    steps = job.steps()
    if at is None or at == "now":
        at = _now()
    return _answer(command, answer(when.resolve, steps)(at), steps, explain)


def _range(command: str, when: When, job: Job) -> Stream[Any]:
    """A range: its ends checked first (an instant outside the tables raises here, before any
    answer), then each instant answered when read; `lines()` from the art's range writer when
    it has one (cast), as the command line writes them."""
    from .arts import answer

    steps = job.steps()
    writer = steps.writer(when) if steps.writer is not None else None
    compute = answer(when.resolve, steps)
    when.check_ends(writer.probe if writer is not None else compute)

    def results() -> Iterator[Result[Any]]:
        for at in (writer.instants() if writer is not None else when.instants()):
            raw = compute(at)
            if steps.keep is None or steps.keep(raw):
                yield _answer(command, raw, steps)

    def count() -> tuple[int, bool]:  # the instants of the range (the writer's may be screened by `where`), and
        return sum(1 for _ in when.instants()), steps.keep is not None  # whether a filter keeps fewer

    if writer is None:
        return Stream(command, results, count=count)

    def lines() -> Iterator[str]:
        for at in writer.instants():
            text = writer.probe(at)
            if text is not None:
                yield text.decode("utf-8") if isinstance(text, bytes) else str(text)

    return Stream(command, results, lines, count)


def _ledger(ledger: Any) -> Stream[Any]:
    """The 置閏 ledger of a period: a Stream of its records (blocks and the spans where the methods differ)."""
    records = ledger.items(ledger.compute())

    def results() -> Iterator[Result[Any]]:
        for record, text in records:
            yield Result("chaibu", record, None, None, functools.partial(str, text))

    return Stream("chaibu", results)


def _terms(found: Any) -> Stream[Term]:
    """The terms of some years, one Result a term."""
    from .arts.terms import json_lines

    def results() -> Iterator[Result[Term]]:
        for term, row in zip(found.found, found.rows, strict=True):
            yield Result("terms", term, None, None, functools.partial(json_lines, [row]))

    return Stream("terms", results)


def _windows(search: Any, first: int | None) -> Stream[Window]:
    """The windows of a search, each as it is closed."""

    def results() -> Iterator[Result[Window]]:
        for window in search.windows(first):
            yield Result("find", window, None, None, functools.partial(_window_text, window, search.zone))

    return Stream("find", results)


def _window_text(window: Window, zone: _dt.tzinfo) -> str:
    """A window's JSON text, as `find --json` writes it."""
    from .render.find import window_json
    from .render.jsonout import dumps

    return dumps(window_json(window, zone))


def _patterns(art: str | None) -> Stream[JSONObject]:
    from .arts.patterns import json_line
    from .arts.rules import rule_records

    records = rule_records(art)

    def results() -> Iterator[Result[JSONObject]]:
        for record in records:
            yield Result("patterns", record, None, None, functools.partial(json_line, record))

    return Stream("patterns", results)
