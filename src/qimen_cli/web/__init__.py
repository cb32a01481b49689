"""`qimen web`: the chart in a browser — a page and a JSON API on a local server (the `web` extra).

More precisely: the answers here are made without a server (`answer`, `view`, `meta`, `ics`),
each from the query string of a request (its pairs: every option of a command under its name in
`options.py`, `noble_rule=day-night`, a repeated option repeated, a flag `true`/`false`), read
by the same readers as the command line (`options.read_all`) and answered on the same path
(`api.call`, `commands.py`): `/api/<command>?…` answers the bytes `qimen <command> --json`
prints, one JSON object and a newline, or over a range the JSON Lines, sent as they are made.
A value that cannot be read or a refused combination is a 400 carrying the command line's
one-line message (`Refused`); nothing else about a request reaches the engine.

Bounds: a query of at most MAX_QUERY bytes and no body (`MAX_BODY`); a range of at most
MAX_LINES instants; `find` over at most MAX_FIND_DAYS days; the ledger of `chaibu` over at most
MAX_LEDGER_DAYS days; `terms` over at most MAX_TERM_YEARS years.  A request beyond one is refused
with a line naming the limit.  No value of a request names a file: `ephemeris` is refused, the
static files are a fixed table read from the package (`STATIC`).

The server itself (`app`, `serve`) is Starlette on uvicorn (docs/decisions.md, "qimen web"),
imported only by them: this module imports neither, nor click.
"""

from __future__ import annotations

import datetime as _dt
import io
import threading
from collections.abc import Iterator
from typing import Any

from .. import options
from ..errors import BadInput, QimenError

#: The longest query string taken, in bytes.
MAX_QUERY = 8192
#: The longest request body taken (the API reads none).
MAX_BODY = 0
#: The most instants of a range (and so lines of its JSON Lines).
MAX_LINES = 2000
#: The longest range `find` searches, in days.
MAX_FIND_DAYS = 366
#: The longest ledger of `chaibu`, in days.
MAX_LEDGER_DAYS = 3700
#: The most years `terms` lists.
MAX_TERM_YEARS = 50
#: Width of the views drawn (the command line's in a pipe), and the narrowest and widest asked for.
WIDTH, MIN_WIDTH, MAX_WIDTH = 120, 36, 200
#: The commands of the page besides the arts (each art's from its record).
COMMANDS = ("find", "patterns", "terms")
#: What the web adds to a command's options (the command line's own, shell=True there).
EXTRA = {"find": ("stats",)}
#: Options no request may give: they name a file on the server.
REFUSED_OPTIONS = ("ephemeris",)
#: The files of the page, name → media type: only these are served, from the package.
STATIC = {"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
          "style.css": "text/css; charset=utf-8"}

#: One request at a time reaches the engine (its caches are shared).
LOCK = threading.Lock()


class Refused(BadInput):
    """A request refused (400): the command line's one-line message, and the option it names (or None)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def served() -> list[str]:
    """The commands the server answers: every art's (the records' order), then COMMANDS."""
    from ..arts import names

    return [*names(), *COMMANDS]


def _field(message: str, command: str) -> str | None:
    """The option a message names ("Invalid value for '--at'" → at), by its flag or its name."""
    import re

    by_flag = {o.flag: o.name for o in options.options_of(command)}
    for flag in re.findall(r"--[a-z][a-z-]*", message):
        if flag in by_flag:
            return by_flag[flag]
    return None


def refused(exc: QimenError, command: str) -> Refused:
    """An engine's or a reader's error as a Refused, naming the field it is about when it can."""
    message = str(exc)
    return Refused(message, getattr(exc, "field", None) or _field(message, command))


def read_query(command: str, pairs: list[tuple[str, str]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The pairs of a query string as (the command's option values by name, the web's extras by
    name: `lang`, `width` and `EXTRA`).  A name the command does not take, a second value of an
    option taken once, an option that names a file: Refused."""
    if command not in served():
        raise Refused(f"no command {command!r} (the commands: {', '.join(served())})")
    known = {o.name: o for o in options.options_of(command)}
    extra_names = ("lang", "width", *EXTRA.get(command, ()))
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for raw_name, value in pairs:
        name = raw_name.replace("-", "_")
        if name in REFUSED_OPTIONS:
            raise Refused(f"the web server takes no {name} (it would name a file on the server)", name)
        if name in extra_names:
            extra[name] = value
            continue
        option = known.get(name)
        if option is None:
            raise Refused(f"{command} takes no option {raw_name!r} (it takes {', '.join(known)})")
        if option.multiple:
            if value != "":
                values.setdefault(name, []).append(value)
            continue
        if name in values:
            raise Refused(f"{option.flag} given twice", name)
        if value == "" and not option.is_flag:
            continue  # an empty field of the form: the default
        values[name] = _flag(value) if option.is_flag else value
    return values, extra


def _flag(value: str) -> Any:
    """A flag's value in a query: true/1/on or false/0/empty; anything else as it is (the reader refuses it)."""
    low = value.lower()
    if low in ("true", "1", "on", "yes"):
        return True
    if low in ("false", "0", "", "off", "no"):
        return False
    return value


def _lang(extra: dict) -> str:
    try:
        return options.read(options.LANG, extra.get("lang") or None)
    except BadInput as exc:
        raise Refused(str(exc), "lang") from None


def _width(extra: dict) -> int:
    value = extra.get("width") or WIDTH
    try:
        width = int(value)
    except ValueError:
        raise Refused(f"width {value!r} is not a whole number ({MIN_WIDTH}–{MAX_WIDTH})", "width") from None
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise Refused(f"width {width} is not in the range {MIN_WIDTH}–{MAX_WIDTH}", "width")
    return width


def _stats(extra: dict) -> bool:
    value = _flag(extra.get("stats", "false"))
    if not isinstance(value, bool):
        raise Refused(f"Invalid value for '--stats': {value!r} is not true or false", "stats")
    return value


# --- the bounds ------------------------------------------------------------------------------


def _when(command: str, values: dict[str, Any]):
    """The time options of `command` as the API reads them (its When), or None for a command without them."""
    if not options.timed(command):
        return None
    from ..api import _when as when_of

    return when_of(command, values, options.read_all(command, values))


def check_bounds(command: str, values: dict[str, Any]) -> None:
    """A range, a search, a ledger or a list of years no longer than the limits (Refused naming the limit)."""
    if command == "terms":
        read = options.read_all(command, values)
        if read["first"] is not None and read["last"] is not None and read["last"] - read["first"] + 1 > MAX_TERM_YEARS:
            raise Refused(f"--from {read['first']} --to {read['last']}: the server lists at most {MAX_TERM_YEARS} years",
                          "first")
        return
    when = _when(command, values)
    if when is None or when.start is None:
        return
    start, end, _ = when.bounds()
    days = (end - start) / _dt.timedelta(days=1)
    if command == "find" and days > MAX_FIND_DAYS:
        raise Refused(f"--from {when.start.text} --to {when.end.text}: the server searches at most {MAX_FIND_DAYS} days",
                      "start")
    if command == "chaibu" and when.every is None:
        if days > MAX_LEDGER_DAYS:
            raise Refused(f"--from {when.start.text} --to {when.end.text}: the server's ledger spans at most "
                          f"{MAX_LEDGER_DAYS} days", "start")
        return
    if command != "find":
        count = when.count() or 0
        if count > MAX_LINES:
            raise Refused(f"--from {when.start.text} --to {when.end.text} --every {when.step.text}: {count} instants; "
                          f"the server answers at most {MAX_LINES} (a longer step or a shorter range)", "start")


# --- the answers -----------------------------------------------------------------------------


class Answer:
    """What a request gets: a status, a media type, and the body as text chunks (the first made
    before the answer starts, so that an error is a 400, not a broken stream)."""

    __slots__ = ("status", "media", "chunks", "headers")

    def __init__(self, status: int, media: str, chunks, headers: dict | None = None) -> None:
        self.status, self.media, self.chunks, self.headers = status, media, chunks, headers or {}

    def body(self) -> str:
        return "".join(self.chunks)


JSON = "application/json; charset=utf-8"
LINES = "application/x-ndjson; charset=utf-8"
TEXT = "text/plain; charset=utf-8"


def error(exc: Refused) -> Answer:
    """A 400: the message (the command line's line) and the field it names, as JSON."""
    import json

    body = json.dumps({"error": str(exc), "field": exc.field}, ensure_ascii=False) + "\n"
    return Answer(400, JSON, [body])


def answer(command: str, pairs: list[tuple[str, str]]) -> Answer:
    """`/api/<command>?…`: what `qimen <command> … --json` prints (Refused for bad input)."""
    values, extra = read_query(command, pairs)
    try:
        with LOCK:
            check_bounds(command, values)
            if command == "find" and _stats(extra):
                return Answer(200, JSON, [find_stats(values) + "\n"])
            from ..api import call
            from ..result import Result

            out = call(command, values)
            if isinstance(out, Result):
                return Answer(200, JSON, [out.to_json() + "\n"])
            lines = out.lines()
            first = next(lines, None)
    except QimenError as exc:
        raise refused(exc, command) from None
    if first is None:
        return Answer(200, LINES, [])
    return Answer(200, LINES, _rest(first, lines))


def _rest(first: str, lines: Iterator[str]) -> Iterator[str]:
    """The JSON Lines of a stream: the first made already, each next one made under the lock; an
    instant that cannot be answered ends the stream there (as the command line stops), said on stderr."""
    import sys

    yield first + "\n"
    while True:
        try:
            with LOCK:
                line = next(lines, None)
        except QimenError as exc:
            print(f"qimen web: the stream stopped: {exc}", file=sys.stderr)
            return
        if line is None:
            return
        yield line + "\n"


def _search(values: dict[str, Any]):
    """`find`'s search from the values, as the command line makes it (`commands.find`)."""
    from .. import commands

    read = options.read_all("find", values)
    own = {o.name: read[o.name] for o in options.own("find") if not o.shell}
    own.pop("first")
    return commands.find(_when("find", values), **own), read["first"]


def find_stats(values: dict[str, Any]) -> str:
    """`find --stats --json`'s object: how often each condition holds (`render.find.stats_json`)."""
    from ..render.find import iso, stats_json
    from ..render.jsonout import dumps

    if values.get("first") is not None:
        raise Refused("--stats counts every 時辰 of the range: --first does not apply", "first")
    search, _ = _search(values)
    counts = search.stats()
    return dumps(stats_json(counts, iso(search.lo, search.zone), iso(search.end_ts, search.zone), search.zone))


def ics(pairs: list[tuple[str, str]]) -> Answer:
    """`/ics?…`: the windows of `find` as an iCalendar file (`render.ics`, as `qimen find --ics`)."""
    from ..render.ics import calendar

    values, extra = read_query("find", pairs)
    try:
        with LOCK:
            check_bounds("find", values)
            search, first = _search(values)
            text = calendar(search.windows(first), search.zone, search.conditions)
    except QimenError as exc:
        raise refused(exc, "find") from None
    return Answer(200, "text/calendar; charset=utf-8", [text],
                  {"content-disposition": 'attachment; filename="qimen-find.ics"'})


# --- the views -------------------------------------------------------------------------------


def _console(width: int, colour: bool):
    """A recording console of `width` cells: in colour (the pictures) or plain (the text view, as
    the command line prints it in a pipe)."""
    from ..render.fit import FitConsole

    if colour:
        return FitConsole(file=io.StringIO(), width=width, record=True, force_terminal=True, color_system="truecolor",
                          no_color=False, legacy_windows=False)
    return FitConsole(file=io.StringIO(), width=width, record=True, force_terminal=False, color_system=None,
                      legacy_windows=False)


#: The forms of a view: name → (in colour, media type, what is made of the recorded console).
VIEWS = ("fragment", "text", "svg", "html")


def view(command: str, form: str, pairs: list[tuple[str, str]]) -> Answer:
    """One instant's view of an art: `fragment` (the `<pre>` of the HTML export, for the page),
    `text` (the plain view), `svg` and `html` (the exports `--svg`/`--html` write)."""
    from ..arts import find_art

    if form not in VIEWS:
        raise Refused(f"no view {form!r} (the views: {', '.join(VIEWS)})")
    if find_art(command) is None:
        raise Refused(f"{command} has no view here (the arts: {', '.join(served()[:-len(COMMANDS)])})")
    values, extra = read_query(command, pairs)
    lang, width = _lang(extra), _width(extra)
    try:
        with LOCK:
            from ..api import call
            from ..result import Result

            if options.read_all(command, values)["start"] is not None:
                raise Refused("the page draws one instant (at); a range is the API's (/api/…)", "start")
            out = call(command, values)
            if not isinstance(out, Result) or not out.has_view or out.moment is None:
                raise Refused(f"this answer of {command} has no view here: see its JSON")
            c = _console(width, form != "text")
            out.draw(c, lang)
            from ..render import export

            title = f"qimen {command}"
            if form == "fragment":
                return Answer(200, "text/html; charset=utf-8", [export.html_fragment(c)])
            if form == "text":
                return Answer(200, TEXT, [c.export_text()])
            if form == "svg":
                return Answer(200, "image/svg+xml; charset=utf-8", [export.svg(c, title)],
                              {"content-disposition": f'attachment; filename="qimen-{command}.svg"'})
            return Answer(200, "text/html; charset=utf-8", [export.html_page(c, title, lang)],
                          {"content-disposition": f'attachment; filename="qimen-{command}.html"'})
    except QimenError as exc:
        raise refused(exc, command) from None


# --- what the page is made of -------------------------------------------------------------------


def _option(option) -> dict:
    """One option as the page's form shows it: name, flag, form, choices, default, help, repeated."""
    kind = option.kind
    default = option.default
    return {"name": option.name, "flag": option.flag, "form": kind.form, "kind": kind.name,
            "choices": list(kind.choices), "default": default if isinstance(default, (str, int, float)) else None,
            "help": option.help, "multiple": option.multiple}


def meta() -> dict:
    """What the page builds its form from: every command (the arts from their records) with its
    options, the languages, the limits, the page's words (`web/words.py`)."""
    from ..arts import records
    from ..words import LANGS
    from .words import WORDS

    commands = []
    for record in records():
        commands.append({"name": record.name, "summary": record.summary, "art": True, "view": record.view is not None,
                         "options": [_option(o) for o in options.options_of(record.name) if o.name not in REFUSED_OPTIONS]})
    for name in COMMANDS:
        opts = [_option(o) for o in options.options_of(name) if o.name not in REFUSED_OPTIONS]
        if name == "find":
            opts.append({"name": "stats", "flag": "--stats", "form": "flag", "kind": "boolean", "choices": [],
                         "default": None, "help": next(o for o in options.own("find") if o.name == "stats").help, "multiple": False})
        commands.append({"name": name, "summary": options.SUMMARIES.get(name, ""), "art": False, "view": False,
                         "options": opts})
    return {"commands": commands, "langs": {code: {"name": entry.name, "html": entry.html} for code, entry in LANGS.items()},
            "limits": {"lines": MAX_LINES, "find_days": MAX_FIND_DAYS, "ledger_days": MAX_LEDGER_DAYS,
                       "term_years": MAX_TERM_YEARS, "query": MAX_QUERY},
            "words": WORDS}


def zones() -> list[str]:
    """The IANA zones the machine knows (the page's suggestions for tz)."""
    import zoneinfo

    return sorted(zoneinfo.available_timezones())


def static(name: str) -> bytes | None:
    """A file of the page from the package (None for a name not in STATIC: no request names a path)."""
    if name not in STATIC:
        return None
    from importlib.resources import files

    return files(__name__).joinpath("static", name).read_bytes()


def page(lang: str) -> bytes:
    """The page, its `lang` the language's (`--lang`, or `?lang=`)."""
    from ..words import lang as language

    html = static("index.html").decode("utf-8")
    return html.replace("{{lang}}", language(lang).html).replace("{{code}}", lang).encode("utf-8")
