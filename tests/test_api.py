"""The Python API against the command line: the same JSON byte for byte, the same refusals.

For 20 instants (zones, offsets, summer time, the ends of the tables, both day changes,
solar clocks) and each subcommand, `Result.to_json()` is exactly what `--json` prints; a
range is exactly the JSON Lines; every bad input of the command line's input table
(`test_input.MISREADS`) raises BadInput (or OutOfSpan) with the command line's message;
the examples of docs/api.md run; the functions' keywords are the options' definitions.
"""

from __future__ import annotations

import datetime as _dt
import doctest
import inspect
import io
import json
import re
from pathlib import Path

import pytest

import qimen_cli
from qimen_cli import options
from test_input import MISREADS

ROOT = Path(__file__).resolve().parents[1]

#: Each function of the API → its subcommand.
FUNCTIONS = {
    "cast": "cast", "chaibu": "chaibu", "noble": "noble", "twelve_gods": "twelve-gods", "gucu": "gucu",
    "liuren": "liuren", "pillars": "pillars", "terms": "terms", "find": "find", "patterns": "patterns",
}
INSTANT_COMMANDS = ("cast", "chaibu", "noble", "twelve-gods", "gucu", "liuren", "pillars")

#: 20 instants as `--at` text, with the other time options of the command line.
INSTANTS = [
    ("2024-03-05T11:00", "--tz", "Asia/Shanghai"),
    ("2024-03-05T11:00+09:00",),
    ("1800-01-15T06:10", "--tz", "UTC"),
    ("2200-11-30T22:59:59", "--tz", "+08:00"),
    ("1987-05-10T03:30", "--tz", "Asia/Seoul"),                   # Korean summer time
    ("1991-07-01T00:15", "--tz", "Asia/Shanghai"),                # Chinese summer time
    ("2024-11-03T01:30", "--tz", "America/New_York"),             # the repeated hour: its first occurrence
    ("2024-06-21T04:51", "--tz", "Europe/London"),                # 夏至
    ("2024-12-21T09:20Z",),                                       # 冬至
    ("2000-01-01T00:00", "--tz", "Asia/Kolkata"),
    ("1955-08-01T23:30", "--tz", "Asia/Seoul"),                   # UTC+8:30
    ("2024-02-04T16:27", "--tz", "Asia/Shanghai"),                # 立春
    ("2023-03-22T09:00", "--tz", "Asia/Tokyo"),                   # 閏二月
    ("2033-09-20T12:00", "--tz", "+08:00"),
    ("1900-02-28T23:59", "--tz", "Europe/Paris"),
    ("2100-03-01T00:00", "--tz", "UTC"),
    ("2050-10-10T10:10:10.5", "--tz", "Australia/Sydney"),
    ("2024-03-05T23:30", "--tz", "+08:00", "--day-change", "0"),
    ("1969-07-20T20:17", "--tz", "Asia/Seoul", "--lon", "126.98"),
    ("2150-05-05T05:05", "--tz", "Asia/Hong_Kong", "--lon", "114.17", "--solar-time", "apparent"),
]

#: Options of each command, each set with one instant.
VARIANTS = [
    ("cast", "--method", "chaibu", "--layout", "fei", "--switch", "instant"),
    ("cast", "--explain"),
    ("noble", "--no-chart"),
    ("noble", "--method", "chaibu", "--layout", "fei"),
    ("twelve-gods", "--school", "sanshi"),
    ("gucu", "--tone", "宮", "--born", "5-5", "--size", "12000", "--month-basis", "jie", "--steps", "12",
     "--lunar-zone", "korea", "--no-chart"),
    ("gucu", "--born", "1990-06-27", "--method", "chaibu"),
    ("liuren", "--noble-rule", "day-night", "--lat", "31.23", "--lon", "121.47"),
    ("liuren", "--yuejiang", "登明"),
    ("liuren", "--month", "正月", "--noble-rule", "day-night-almanac"),
    ("pillars", "--lunar-zone", "korea"),
    ("chaibu", "--alternatives", "--within", "30m"),
    ("chaibu", "--terms", "mean"),
    ("chaibu", "--terms", "mean", "--anchor", "2034-02-04T12:00+08:00", "--explain"),
]


def to_api(args: tuple[str, ...]):
    """A command line as (function, keywords); None when it uses an option only the shell has."""
    command, rest = args[0], list(args[1:])
    by_flag = {o.flag: o for o in options.options_of(command)}
    kwargs: dict = {}
    i = 0
    while i < len(rest):
        flag = rest[i]
        if flag == "--json":
            i += 1
            continue
        option = by_flag.get(flag)
        if option is None:
            return None
        if option.is_flag:
            kwargs[option.name], i = True, i + 1
            continue
        value, i = rest[i + 1], i + 2
        kwargs[option.name] = [*kwargs.get(option.name, []), value] if option.multiple else value
    name = next(f for f, c in FUNCTIONS.items() if c == command)
    return getattr(qimen_cli, name), kwargs


def cli_message(stderr: str) -> str:
    """The command line's one line without its `qimen: error: ` and its pointer to --help."""
    line = stderr.strip()
    assert line.startswith("qimen: error: ") and "\n" not in line, stderr
    return re.sub(r" \(see 'qimen [\w-]+ --help'\)$", "", line.removeprefix("qimen: error: "))


def same_as_cli(run_cli, args: tuple[str, ...]) -> None:
    """The API's answer to `args` is the command line's --json, byte for byte."""
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.stderr
    function, kwargs = to_api(args)
    answer = function(**kwargs)
    if isinstance(answer, qimen_cli.Result):
        assert answer.to_json() + "\n" == r.stdout, args
    else:
        assert [x.to_json() for x in answer] == r.stdout.splitlines(), args


@pytest.mark.parametrize("command", INSTANT_COMMANDS)
def test_twenty_instants_give_the_json_of_the_command_line(command, run_cli):
    for instant in INSTANTS:
        same_as_cli(run_cli, (command, "--at", *instant))


@pytest.mark.parametrize("args", VARIANTS, ids=" ".join)
def test_the_options_give_the_json_of_the_command_line(args, run_cli):
    same_as_cli(run_cli, (*args, "--at", "2024-03-05T11:00", "--tz", "Asia/Shanghai"))


@pytest.mark.parametrize("args", [
    ("liuren", "--day", "甲子", "--hour", "寅", "--yuejiang", "亥"),
    ("liuren", "--day", "丙寅日", "--hour", "子時", "--month", "3", "--half", "yin", "--noble-rule", "day-night"),
    ("terms", "--year", "2024", "--tz", "Asia/Shanghai"),
    ("terms", "--from", "1800", "--to", "1801", "--tz", "UTC"),
    ("patterns",),
    ("chaibu", "--year", "2024", "--tz", "Asia/Shanghai"),
    ("chaibu", "--from", "1933-01-01", "--to", "1933-12-31", "--tz", "+08:00", "--terms", "mean"),
    ("find", "--from", "2024-03-01", "--to", "2024-03-31", "--tz", "+08:00", "--where", "cast:三奇得使",
     "--where", "twelve-gods:合"),
    ("find", "--from", "2024-03-01", "--to", "2024-04-30", "--tz", "Asia/Seoul", "--where", "liuren:rule=賊剋",
     "--where", "!noble:si_men_qimen.ji_men=true", "--first", "3", "--method", "chaibu", "--switch", "instant"),
], ids=" ".join)
def test_the_other_answers_give_the_json_of_the_command_line(args, run_cli):
    same_as_cli(run_cli, args)


RANGES = [
    ("--from", "2024-03-05T00:00", "--to", "2024-03-05T12:00", "--every", "90m", "--tz", "Asia/Shanghai"),
    ("--from", "2024-03-08", "--to", "2024-03-12", "--every", "1d", "--tz", "America/New_York"),
    ("--from", "2024-11-02T22:00-04:00", "--to", "2024-11-03T04:00-05:00", "--every", "37m"),
]


@pytest.mark.parametrize("command", [c for c in INSTANT_COMMANDS if c != "chaibu"])  # chaibu's range: the ledger
@pytest.mark.parametrize("span", RANGES, ids=lambda s: s[1])
def test_a_range_is_the_json_lines_of_the_command_line(command, span, run_cli):
    """Iterated as Results or read as lines(), a range is the command line's JSON Lines."""
    args = (command, *span)
    r = run_cli(*args, "--json")
    assert r.exit_code == 0, r.stderr
    function, kwargs = to_api(args)
    stream = function(**kwargs)
    assert isinstance(stream, qimen_cli.Stream)
    assert [x.to_json() for x in stream] == r.stdout.splitlines()
    assert list(function(**kwargs).lines()) == r.stdout.splitlines()


def test_a_filtered_range_of_charts_is_the_command_lines(run_cli):
    """cast over a range with `where`: the charts showing every pattern, from the range writer too."""
    args = ("cast", "--from", "2024-03-01", "--to", "2024-03-20", "--tz", "+08:00", "--where", "玉女守門",
            "--method", "chaibu", "--layout", "fei")
    r = run_cli(*args, "--json")
    function, kwargs = to_api(args)
    assert len(r.stdout.splitlines()) > 3
    assert [x.to_json() for x in function(**kwargs)] == r.stdout.splitlines()
    assert list(function(**kwargs).lines()) == r.stdout.splitlines()


def test_a_range_streams():
    """A century is not made before the first answer is read."""
    stream = qimen_cli.pillars(start="1900-01-01", end="2100-01-01", tz="UTC", every="1h")
    first = next(stream)
    assert first.to_dict()["input"]["local"] == "1900-01-01T00:00:00+00:00"
    assert next(stream).to_dict()["input"]["local"] == "1900-01-01T01:00:00+00:00"


def test_a_range_reaching_outside_the_tables_fails_when_it_is_made():
    with pytest.raises(qimen_cli.OutOfSpan, match="outside"):
        qimen_cli.cast(start="2201-04-01T00:00", end="2201-04-09T00:00", tz="UTC")


# --- refusals ---------------------------------------------------------------------------------

#: The input table's lines that use an option only the shell has (the API has no keyword for it).
SHELL_ONLY = [args for args, _ in MISREADS if to_api(args) is None]


def test_only_the_shells_own_options_are_left_out():
    assert SHELL_ONLY == [("pillars", "--at", "2024-03-05T11:00", "--keep-going")]


@pytest.mark.parametrize("args, needle", [m for m in MISREADS if m[0] not in SHELL_ONLY],
                         ids=[" ".join(a[1:]) for a, _ in MISREADS if a not in SHELL_ONLY])
def test_every_misread_is_refused_with_the_command_lines_message(args, needle, run_cli):
    """The command line's message, its flags written as the keywords (issue 32 item 5)."""
    r = run_cli(*args)
    assert r.exit_code == 2
    function, kwargs = to_api(args)
    with pytest.raises(qimen_cli.BadInput) as caught:  # OutOfSpan is a BadInput
        function(**kwargs)
    assert str(caught.value) == as_keywords(args[0], cli_message(r.stderr))
    assert as_keywords(args[0], needle) in str(caught.value)
    flags = {o.flag for o in options.options_of(args[0])}
    assert not any(flag in str(caught.value) for flag in flags), str(caught.value)


def as_keywords(command: str, text: str) -> str:
    """A command-line message as the API words it: '--to' → end=, --method chaibu → method="chaibu"
    (a choice), --to '2024-02-01' → end='2024-02-01'."""
    named = {o.flag: o for o in options.options_of(command)}

    def one(m):
        option = named.get(m.group(1))
        if option is None:
            return m.group(0)
        value = m.group(2)
        if value and value in option.kind.choices:
            return f'{option.name}="{value}"'
        return f"{option.name}=" + ("" if not value else value if value.startswith("'") else f" {value}")

    return re.sub(r"'?(--[a-z][a-z-]*)'?(?: ([a-z][\w-]*|'[^']*'))?", one, text)


def test_the_flags_of_other_commands_and_the_shell_stay():
    """A flag that is no keyword of the function (find --list, --json) is left as it is."""
    assert as_keywords("find", "see qimen find --list --art cast; --to '2024-02-01'") == \
        "see qimen find --list --art cast; end='2024-02-01'"
    with pytest.raises(qimen_cli.BadInput, match=r"^end='2024-03-05' is before start='2024-03-06'$"):
        qimen_cli.pillars(start="2024-03-06", end="2024-03-05", tz="UTC")
    with pytest.raises(qimen_cli.BadInput, match=r"see qimen find --list --art cast"):
        qimen_cli.find("2024-03-01", "2024-03-02", ["cast:nope"], tz="UTC")


@pytest.mark.parametrize("call, message", [
    (lambda: qimen_cli.cast(_dt.datetime(2024, 3, 5, 11)),
     "Invalid value for at=: the datetime 2024-03-05T11:00:00 has no zone: give tz, or an aware datetime"),
    (lambda: qimen_cli.pillars(start=_dt.datetime(2024, 3, 5), end="2024-03-06T00:00+08:00"),
     "Invalid value for start=: the datetime 2024-03-05T00:00:00 has no zone: give tz, or an aware datetime"),
    (lambda: qimen_cli.chaibu("2034-02-04T12:30+08:00", terms="mean", anchor=_dt.datetime(2034, 2, 4, 12)),
     "Invalid value for anchor=: the datetime 2034-02-04T12:00:00 has no zone: give tz, or an aware datetime"),
    (lambda: qimen_cli.cast("-"), "Invalid value for at=: '-' reads instants from stdin on the command line; "
                                  "give start and end for a range"),
    (lambda: qimen_cli.cast("2024-03-05T11:00+08:00", explain="yes"), "Invalid value for explain=: 'yes' is not true or false"),
    (lambda: qimen_cli.pillars("2024-03-05T11:00+08:00", lon=float("nan")), "Invalid value for lon=: nan is not a longitude (-180 … 180)"),
    (lambda: qimen_cli.pillars("2024-03-05T11:00+08:00", day_change=5), "Invalid value for day_change=: '5' is not one of '23', '0'."),
    (lambda: qimen_cli.gucu("2024-03-05T11:00+08:00", steps=True), "Invalid value for steps=: True is not a valid integer range."),
    (lambda: qimen_cli.pillars("2024-03-05T11:00+08:00", tz=9), "Invalid value for tz=: 9 is not a time zone; expected an IANA name (Asia/Seoul), an offset (+09:00, +0900, +09) or UTC"),
])
def test_values_only_python_can_give_are_refused_in_the_same_words(call, message):
    with pytest.raises(qimen_cli.BadInput) as caught:
        call()
    assert str(caught.value) == message


def test_instants_from_python():
    """An aware datetime reads on its own zone; a naive one on tz; a date is a range's day."""
    from zoneinfo import ZoneInfo

    seoul = qimen_cli.pillars(_dt.datetime(2024, 3, 5, 11, tzinfo=ZoneInfo("Asia/Seoul"))).to_dict()
    assert seoul["input"]["tz"] == "Asia/Seoul" and seoul["pillars"]["hour"] == "戊午"
    naive = qimen_cli.pillars(_dt.datetime(2024, 3, 5, 11), tz=ZoneInfo("Asia/Seoul")).to_dict()
    assert naive["instant_utc"] == seoul["instant_utc"] == "2024-03-05T02:00:00Z"
    days = qimen_cli.pillars(start=_dt.date(2024, 3, 5), end=_dt.date(2024, 3, 6), tz="+08:00", every="1d")
    assert [d.to_dict()["input"]["local"] for d in days] == ["2024-03-05T00:00:00+08:00", "2024-03-06T00:00:00+08:00"]
    now = qimen_cli.pillars().to_dict()
    assert abs(_dt.datetime.fromisoformat(now["instant_utc"].replace("Z", "+00:00"))
               - _dt.datetime.now(_dt.timezone.utc)) < _dt.timedelta(minutes=5)


# --- what is public ------------------------------------------------------------------------------


def test_each_function_takes_the_options_of_its_command():
    """Names, order and defaults of every keyword are the option definitions' (options.options_of)."""
    for name, command in FUNCTIONS.items():
        function = getattr(qimen_cli, name)
        params = inspect.signature(function).parameters
        defined = {o.name: o for o in options.options_of(command)}
        assert list(params) == list(defined) or set(params) == set(defined), (name, list(params))
        for pname, param in params.items():
            option = defined[pname]
            if param.default is inspect.Parameter.empty:
                continue
            default = () if option.multiple and param.default == () else param.default
            assert options.read(option, default) == options.read(option, None), (name, pname)


def test_public_names_are_listed_typed_and_documented():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in qimen_cli.__all__:
        value = getattr(qimen_cli, name)
        assert f"`{name}`" in text or name == "__version__", name
        if callable(value) and not isinstance(value, type):
            assert value.__doc__ and inspect.signature(value).return_annotation is not inspect.Signature.empty, name
    assert (ROOT / "src" / "qimen_cli" / "py.typed").exists()
    assert qimen_cli.SCHEMA_VERSION == json.loads(qimen_cli.cast("2024-03-05T11:00+08:00").to_json())["schema_version"]


def test_function_names_win_over_the_engines_packages():
    """`find`, `gucu` and `liuren` stay the functions after the engine's packages of those names
    have been used, and the engine's modules are still imported by their full names."""
    qimen_cli.liuren("2024-03-05T11:00+08:00", noble_rule="day-night", lat=31.2, lon=121.5)
    qimen_cli.gucu("2024-03-05T11:00+08:00")
    next(qimen_cli.find("2024-03-01", "2024-03-31", ["gucu:往亡"], tz="+08:00"))
    from qimen_cli import api
    from qimen_cli.liuren import report

    assert (qimen_cli.find, qimen_cli.gucu, qimen_cli.liuren) == (api.find, api.gucu, api.liuren)
    assert report.__name__ == "qimen_cli.liuren.report"


def test_no_code_reaches_an_engine_package_as_an_attribute_of_the_package():
    """`import qimen_cli.liuren.x` or `qimen_cli.gucu.x` would find the function, not the package:
    the engine's modules of those packages are imported with `from … import` only."""
    import ast

    shared = ("find", "gucu", "liuren")
    found = []
    for folder in ("src", "tests", "scripts", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if any(n.split(".")[:2] in (["qimen_cli", s] for s in shared) for n in names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                inner = node.value if isinstance(node, ast.Attribute) else None
                if (isinstance(inner, ast.Attribute) and inner.attr in shared and isinstance(inner.value, ast.Name)
                        and inner.value.id == "qimen_cli"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_importing_the_package_imports_nothing_else(run_process):
    r = run_process(code="import sys, qimen_cli; print(sorted(m for m in sys.modules if m.startswith(('qimen_cli', 'click', 'rich'))))")
    assert r.stdout.strip() == "['qimen_cli']", r.stderr


# --- views ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", INSTANT_COMMANDS)
def test_an_answer_displays_as_its_view(command):
    from rich.console import Console

    answer = getattr(qimen_cli, command.replace("-", "_"))("2024-03-05T11:00", tz="Asia/Shanghai")
    html = answer._repr_html_()
    assert html.startswith('<div class="qimen-nb">') and "2024-03-05" in html and "戊辰" in html  # in its own box
    assert answer.to_html() in html.replace(html[html.index("<pre"):html.index(">", html.index("<pre")) + 1],
                                            '<pre class="qimen-view">')  # the --html block
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    console.print(answer)
    assert "戊辰" in console.export_text()
    assert answer.to_html(lang="en") != html  # the labels of another language


def test_a_result_is_the_engines_result_with_its_json():
    """Attributes are the value's; the Moment is kept; a copy keeps the JSON."""
    import copy

    chart = qimen_cli.cast("2024-03-05T11:00", tz="Asia/Shanghai")
    assert chart.ju is chart.value.ju and chart.moment is chart.value.moment
    assert chart.to_dict()["ju"] == chart.ju.ju == 1
    assert copy.copy(chart).to_json() == chart.to_json()
    with pytest.raises(AttributeError):
        getattr(chart, "no_such_field")  # noqa: B009
    report = qimen_cli.noble("2024-03-05T11:00", tz="Asia/Shanghai")
    assert type(report.value).__name__ == "NobleReport" and report.moment.at == "2024-03-05T11:00"


def test_a_record_has_no_view_and_prints_as_json():
    term = next(qimen_cli.terms(2024, tz="UTC"))
    assert term._repr_html_() is None and str(term.__rich__()) == term.to_json()
    with pytest.raises(TypeError, match="no view"):
        term.to_html()


# --- docs/api.md ----------------------------------------------------------------------------------


def test_the_examples_of_the_api_page_run():
    """docs/api.md's examples run as written (the pandas block only where pandas is installed)."""
    import importlib.util
    import re

    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    if importlib.util.find_spec("pandas") is None:
        text = re.sub(r"<!-- pandas -->.*?<!-- /pandas -->", "", text, flags=re.S)
    test = doctest.DocTestParser().get_doctest(text, {}, "api.md", str(ROOT / "docs" / "api.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failures, tried = runner.summarize(verbose=False)
    assert tried > 20 and failures == 0


def test_the_stub_declares_every_public_function_as_made():
    """src/qimen_cli/__init__.pyi (scripts/make_api_stub.py) is what the records make now: an art or
    an option added without running the script fails here."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_api_stub", ROOT / "scripts" / "make_api_stub.py")
    stub = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stub)
    assert stub.stub() == stub.STUB.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", FUNCTIONS)
def test_help_shows_each_keyword_and_its_meaning(name):
    """`help(qimen_cli.cast)`: every keyword of the signature under Parameters, with its option's
    help (flags written as keywords), its default where it has one (issue 32 item 5)."""
    import pydoc

    function = getattr(qimen_cli, name)
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    section = text.split("Parameters\n", 1)[1]
    heads = [line.strip() for line in section.splitlines() if line.startswith("    ") and not line.startswith("        ")]
    params = inspect.signature(function).parameters
    assert [h.split(" ")[0] for h in heads[1:]] == list(params)  # heads[0]: the ---- rule
    for option in options.options_of(FUNCTIONS[name]):
        meaning = (option.api_help or option.help).split(" ")[0]
        assert meaning in section, (name, option.name)
        default = params[option.name].default
        if default not in (None, (), False, inspect.Parameter.empty):
            assert f"{option.name} (default {default!r})" in heads, (name, option.name)
    flags = {o.flag for o in options.options_of(FUNCTIONS[name])}
    assert not any(re.search(rf"{re.escape(flag)}\b", section) for flag in flags), name


def test_each_art_function_is_made_from_its_record():
    """An art's function: named as its record's API name, documented by its `api`, `at` by position
    and the rest by keyword; an unknown keyword is refused as a Python function refuses it."""
    from qimen_cli.arts import records

    for record in records():
        function = getattr(qimen_cli, record.api_name)
        assert function.__name__ == record.api_name and function.__doc__.startswith(record.api.rstrip() + "\n\nParameters\n")
        params = list(inspect.signature(function).parameters.values())
        assert params[0].name == "at" and params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])
    with pytest.raises(TypeError, match="unexpected keyword"):
        qimen_cli.pillars("2024-03-05T11:00+08:00", metod="zhirun")
    assert sorted(qimen_cli.__all__) == sorted([*FUNCTIONS, "Result", "Stream", "QimenError", "BadInput", "OutOfSpan",
                                                "DataError", "SCHEMA_VERSION", "__version__"])
