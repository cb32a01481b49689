"""The parse layer: click parameter types and option decorators made from `options.py`.

More precisely: every option is defined once, in `options.py` (its name, flag, kind,
default and help), and read by its kind's plain function, the same the Python API and the
MCP server call; here each becomes a click option whose type hands the value to that
function (`KindType`, and click's own Choice and ranges for their --help), so a value that
cannot be read is a usage error worded as before: exit 2 with one line naming the value and
the accepted form.  `time_options` adds the input-time options and hands the command one
`When` (`when.py`); `command_options` adds a command's own options; `output_options` adds
--json, --lang, --svg and --html and hands it one `Output`.  Options that would be ignored
are errors naming the conflict.
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Callable

import click

from .. import options as spec
from ..errors import BadInput, QimenError
from ..options import DEFAULT_STEP, MAX_STEP, MONTH_WORDS, STEP_FORM, Instant, Option, Step  # noqa: F401  (the shell's names)
from ..when import BadLine, When, stdin_lines  # noqa: F401  (the shell's names)

# --- click types reading with the options' kinds ----------------------------------------


def _fail(kind: spec.Kind, click_type: click.ParamType, value, param, ctx):
    """`kind.read(value)`; its BadInput becomes click's usage error with the same words."""
    try:
        return kind.read(value)
    except QimenError as exc:
        click_type.fail(str(exc), param, ctx)


class KindType(click.ParamType):
    """A click type whose values are read by an `options.Kind` (times, zones, steps, 干支 …)."""

    def __init__(self, kind: spec.Kind):
        self.kind = kind
        self.name = kind.name

    def convert(self, value, param, ctx):
        return _fail(self.kind, self, value, param, ctx)


class ZoneType(KindType):
    """A zone (`options.ZONE`), completing IANA names in the shell."""

    def shell_complete(self, ctx, param, incomplete):
        import zoneinfo

        from click.shell_completion import CompletionItem

        return [CompletionItem(n) for n in sorted(zoneinfo.available_timezones()) if n.startswith(incomplete)]


class ChoiceType(click.Choice):
    """One of a few words (`options.choice`), shown as click shows a choice."""

    def __init__(self, kind: spec.Kind):
        super().__init__(list(kind.choices))
        self.kind = kind

    def convert(self, value, param, ctx):
        return _fail(self.kind, self, value, param, ctx)


class WholeType(click.IntRange):
    """A whole number in a range (`options.whole`), shown as click shows a range."""

    def __init__(self, kind: spec.Kind):
        super().__init__(kind.lo, kind.hi)
        self.kind = kind

    def convert(self, value, param, ctx):
        return _fail(self.kind, self, value, param, ctx)


class DegreesType(click.FloatRange):
    """A finite number of degrees (`options.degrees`), shown as click shows a range."""

    def __init__(self, kind: spec.Kind):
        super().__init__(kind.lo, kind.hi)
        self.kind = kind

    def convert(self, value, param, ctx):
        return _fail(self.kind, self, value, param, ctx)


#: How each form of kind is shown on the command line (None: click's plain text or flag).
CLICK_TYPES = {"choice": ChoiceType, "whole": WholeType, "degrees": DegreesType, "zone": ZoneType,
               "value": KindType, "text": None, "flag": None}


def click_type(kind: spec.Kind) -> click.ParamType | None:
    """The click type reading `kind` (None: click's plain text)."""
    made = CLICK_TYPES[kind.form]
    return made(kind) if made is not None else None


AT = click_type(spec.AT.kind)
BOUND = click_type(spec.START.kind)
ZONE = click_type(spec.TZ.kind)
STEP = click_type(spec.EVERY.kind)
LUNAR_ZONE = click_type(spec.LUNAR_ZONE)


# --- options made from their definitions -----------------------------------------------


def click_option(option: Option, complete: Callable | None = None) -> Callable:
    """The click option of `option` (its flag, name, type, default and help)."""
    kwargs: dict = {"help": option.help}
    if option.is_flag:
        kwargs["is_flag"] = True
    else:
        kind = click_type(option.kind)
        if kind is not None:
            kwargs["type"] = kind
        if option.default is not None:
            kwargs["default"] = option.default
    for key in ("metavar", "envvar"):
        if getattr(option, key) is not None:
            kwargs[key] = getattr(option, key)
    if option.show_default:
        kwargs["show_default"] = True
    if option.multiple:
        kwargs["multiple"] = True
    if complete is not None:
        kwargs["shell_complete"] = complete
    return click.option(option.flag, option.name, **kwargs)


def add_options(f: Callable, options: tuple[Option, ...], complete: dict[str, Callable] | None = None) -> Callable:
    """`f` with the click options of `options`, in their order in --help."""
    for option in reversed(options):
        f = click_option(option, (complete or {}).get(option.name))(f)
    return f


def command_options(command: str, complete: dict[str, Callable] | None = None) -> Callable:
    """Add the command's own options (`options.own`); `complete`: name → the
    shell completion of that option's values."""

    def decorate(f: Callable) -> Callable:
        return add_options(f, spec.own(command), complete)

    return decorate


def time_options(f: Callable) -> Callable:
    """Add the input-time options (`options.TIME`); the command receives them as `when` (a When)."""

    @functools.wraps(f)
    def wrapper(*args, at, tz, lon, solar_time, day_change, start, end, every, keep_going, ephemeris, **kwargs):
        if at == "now":
            at = None
        when = When(at, tz, lon, solar_time, int(day_change), start, end, every, keep_going, ephemeris)
        when.check()
        return f(*args, when=when, **kwargs)

    return add_options(wrapper, spec.TIME)


class Output:
    """The output options of one invocation, parsed: --json, --lang, and --svg/--html FILE (the
    terminal view also saved as SVG or HTML).  (A plain class: a named tuple costs a sixth of a
    millisecond of every start.)"""

    __slots__ = ("json", "lang", "svg", "html")

    def __init__(self, json: bool, lang: str, svg: str | None = None, html: str | None = None) -> None:
        self.json, self.lang, self.svg, self.html = json, lang, svg, html

    @property
    def export(self) -> bool:
        return self.svg is not None or self.html is not None

    @property
    def to_stdout(self) -> bool:
        """Whether the picture (--svg - or --html -) goes to stdout in place of the view."""
        return "-" in (self.svg, self.html)


#: Whether the running command was given --no-color (set by `output_options`, read by `run.console`).
NO_COLOR_GIVEN = [False]


def output_options(f: Callable) -> Callable:
    """Add --json, --lang (`options.LANG`), --svg and --html; the command receives them as `out` (an Output)."""

    @click.option("--json", "as_json", is_flag=True, help="One JSON object (JSON Lines over a range).")
    @click_option(spec.LANG)
    @click.option("--svg", "svg", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE", help="Also save the terminal view as an SVG picture (-: the picture on stdout instead of the view).")
    @click.option("--html", "html", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE", help="Also save the terminal view as an HTML page (-: the page on stdout instead of the view).")
    @click.option("--no-color", "no_color", is_flag=True, help="No colour in the terminal view, as NO_COLOR=1 does (every colour keeps its word or mark; --svg/--html stay in colour).")
    @functools.wraps(f)
    def wrapper(*args, as_json, lang, svg, html, no_color, **kwargs):
        NO_COLOR_GIVEN[0] = bool(no_color)  # read by run.console; each command sets it anew
        if as_json and (svg or html):
            raise BadInput("--svg/--html save the terminal view, which --json replaces: drop one")
        if svg == "-" and html == "-":
            raise BadInput("--svg - and --html - would both write to stdout: send one to a FILE")
        check_distinct(("--svg", svg), ("--html", html))
        for option, path in (("--svg", svg), ("--html", html)):
            if path is not None:
                check_target(option, path)
        if svg not in (None, "-") and html not in (None, "-") and same_file(svg, html):
            raise BadInput(f"--svg {svg} and --html {html} are the same file: one would replace the other; "
                           f"give each its own FILE")
        return f(*args, out=Output(as_json, lang, svg, html), **kwargs)

    return wrapper


def given(name: str) -> bool:
    """Whether the option `name` of the running command was given on the command line (not left
    at its default, nor set by an environment variable meant for every command)."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE


def check_distinct(*targets: tuple[str, str | None]) -> None:
    """Two options that write files (--svg, --html, find's --ics) must not name the same one: the
    last written would silently replace the other.  BadInput naming both."""
    seen: dict[str, str] = {}
    for option, path in targets:
        if path is None or path in ("-", ""):
            continue
        key = os.path.normcase(os.path.realpath(path))
        if key in seen:
            raise BadInput(f"{seen[key]} and {option} {path!r} are the same file: the second would overwrite the first; "
                           "give each its own FILE")
        seen[key] = f"{option} {path!r}"


def check_target(option: str, path: str) -> None:
    """Before anything is drawn: the file `path` of --svg/--html can be opened for writing
    (`-`, stdout, always can); BadInput naming it otherwise.  The file is not truncated, and
    one that did not exist is removed again."""
    if path == "-":
        return
    if path == "":
        raise BadInput(f"{option} needs a FILE name (or - for stdout)")
    kind = not_regular(path)
    if kind is not None:
        raise BadInput(f"{option} {path}: it is {kind}, not a regular file; give a FILE, or - for stdout")
    existed = os.path.lexists(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
    except OSError as exc:
        raise BadInput(f"{option} {path}: cannot write it ({exc.strerror}); give a FILE in a writable folder, or -") from None
    os.close(fd)
    if not existed:
        try:
            os.unlink(path)
        except OSError:
            pass


#: What a path that exists but is no regular file is, by its mode (for the refusal).
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def not_regular(path: str) -> str | None:
    """What `path` is when it exists and is no regular file ("a FIFO" …; a link followed), else
    None.  Only its mode is looked at: opening a FIFO to write would wait for a reader."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return next((word for test, word in _KINDS if test(mode)), "not a regular file")


def same_file(a: str, b: str) -> bool:
    """Whether two export paths name one file (the same path, or two names of it)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


# --- environment ----------------------------------------------------------------------


def env_count(name: str, default: int | None) -> int | None:
    """A positive whole number from the environment variable `name` (BadInput otherwise)."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise BadInput(f"{name}={raw!r} is not a whole number (expected 1 or more)") from None
    if value < 1:
        raise BadInput(f"{name}={raw!r} must be 1 or more")
    return value
