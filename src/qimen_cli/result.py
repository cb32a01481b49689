"""What the Python API returns: one answer (`Result`) or a stream of them (`Stream`).

A `Result` holds the engine's result (`value`: a Chart, a report, a Moment, a lesson, a
window …), the Moment it was read at, and its JSON: `to_json()` is the text `--json` prints
for it, byte for byte (`schema_version` included), `to_dict()` that object.  In a notebook it
displays once as its terminal view (`_repr_mimebundle_`: HTML in a box of its own and text, one drawing; `__rich__` on a rich
console).  A `Stream` is an iterator of Results made as they are read (a range, the ledger,
the terms, the windows of `find`, the patterns), and `lines()` is the same answers as the
JSON Lines the command line writes.  Nothing here imports click.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.text import Text

    from .calendar.moment import Moment
    from .render.fit import FitConsole

#: The type of an answer's value (`Result[Chart]`: a chart; the API's stub names each function's).
T = TypeVar("T")

#: A JSON object as `to_dict` reads it back: its keys text, its values JSON (objects, arrays,
#: text, numbers, true/false, null).
JSONObject = dict[str, Any]

#: Width of the views drawn for a notebook (the shell's width in a pipe).
HTML_WIDTH = 120
#: How many answers a Stream's preview shows in a notebook.
PREVIEW = 5



class Result(Generic[T]):
    """One answer of a command (`Result[Chart]`: its value a Chart).

    `command`: the subcommand ("cast", "twelve-gods" …); `value`: the engine's result (cast: a
    Chart; noble, twelve-gods, gucu, chaibu: the report; liuren: the Lesson; pillars: the
    Moment; find: the window; terms: the Term; patterns and the ledger: the record);
    `moment`: the Moment it was read at (None without one).  Attributes the Result lacks are
    the value's: `result.patterns` is the chart's.
    """

    __slots__ = ("command", "value", "moment", "_raw", "_text", "_json", "_explain")

    def __init__(self, command: str, value: T, moment: Moment | None, raw: Any, text: Callable[[], str],
                 explain: bool = False) -> None:
        self.command = command
        self.value = value
        self.moment = moment
        self._raw = raw
        self._text = text
        self._json: str | None = None
        self._explain = explain

    def to_json(self) -> str:
        """The JSON text of this answer, exactly as `qimen COMMAND --json` prints it (one line)."""
        if self._json is None:
            self._json = str(self._text())
        return self._json

    def to_dict(self) -> JSONObject:
        """The JSON object of this answer (`to_json` read back)."""
        import json

        data: JSONObject = json.loads(self.to_json())
        return data

    @property
    def has_view(self) -> bool:
        """Whether the answer has a terminal view (the single answers of the subcommands do)."""
        from .arts import find_art

        record = find_art(self.command)
        return record is not None and record.view is not None and self._raw is not None

    def draw(self, console: Console, lang: str | None = "zh") -> None:
        """Print the answer's terminal view on a rich console, labels in `lang` (zh, ko, en: read as
        --lang reads it, `options.LANG`; another is BadInput naming the languages)."""
        from .arts import art
        from .options import LANG, read

        if not self.has_view:
            raise TypeError(f"a {self.command} {type(self.value).__name__} has no view; see to_json()")
        lang = read(LANG, lang)
        art(self.command).part("view")(self._raw, console, lang, self._explain)

    def to_html(self, lang: str = "zh", width: int = HTML_WIDTH) -> str:
        """The terminal view as HTML: the `<pre>` block of the page `--html` saves (render/export.py:
        a grid that does not drift with the browser's font, its text searchable)."""
        from .render.export import html_fragment

        return html_fragment(self._drawn(lang, width))

    def _drawn(self, lang: str = "zh", width: int = HTML_WIDTH) -> FitConsole:
        """The terminal view drawn once on a recording console (its HTML and its text both read from it)."""
        console = _recording_console(width)
        self.draw(console, lang)
        return console

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str] | None:
        """Jupyter's one display of the answer: HTML (the view in its own box, `render.notebook`)
        and plain text, both from one drawing; None without a view (then the repr is shown)."""
        return _bundle(self._drawn()) if self.has_view else None

    def _repr_html_(self) -> str | None:
        from .render.notebook import notebook_html

        return notebook_html(self._drawn()) if self.has_view else None

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's plain text: the view's text (the repr without a view)."""
        p.text(self._drawn().export_text(clear=False).rstrip("\n") if self.has_view and not cycle else repr(self))

    def __rich__(self) -> Text | View:
        """On a rich console: the view, drawn at the console's width (or the JSON text)."""
        if not self.has_view:
            from rich.text import Text

            return Text(self.to_json())
        return View(self, None)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in Result.__slots__:  # private, or a slot not set yet (a copy being made)
            raise AttributeError(name)
        return getattr(self.value, name)

    def __repr__(self) -> str:
        at = getattr(self.moment, "at", None)
        where = f" at {at!r}" if at else ""
        return f"<qimen_cli.Result {self.command}{where}: {type(self.value).__name__}>"


class View:
    """An answer's view as a rich renderable: drawn at the width the console offers."""

    __slots__ = ("result", "lang")

    def __init__(self, result: Result[Any], lang: str | None) -> None:
        self.result, self.lang = result, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        drawn = _recording_console(options.max_width, console.color_system)
        self.result.draw(drawn, self.lang)
        yield Text.from_ansi(drawn.export_text(styles=True).rstrip("\n"))


def _recording_console(width: int, color_system: str | None = "truecolor") -> FitConsole:
    """A console that keeps what is drawn on it (the shell's FitConsole: nothing cropped), never
    a Jupyter one (rich would send each print to the notebook as an output of its own)."""
    from .render.fit import FitConsole

    return FitConsole(record=True, width=width, file=io.StringIO(), force_terminal=color_system is not None,
                      color_system=color_system,  # type: ignore[arg-type]  # a console's own name of one: rich's Literal
                      legacy_windows=False, force_jupyter=False)


def _bundle(console: FitConsole) -> dict[str, str]:
    """A recorded drawing as Jupyter's display data: its HTML (`render.notebook`) and its text."""
    from .render.notebook import notebook_html

    return {"text/html": notebook_html(console), "text/plain": console.export_text(clear=False).rstrip("\n")}


class Stream(Generic[T]):
    """A stream of answers: an iterator of `Result`s, each made when it is read (`Stream[Chart]`: of charts).

    `lines()` gives the same answers as the JSON Lines the command line writes (for a range
    of `cast`, from its fast range writer), as a separate pass.  `command` names the
    subcommand.  An instant that cannot be answered raises its `QimenError` where it comes,
    as the command line stops there (the ends of a range were checked when it was made).
    """

    __slots__ = ("command", "_results", "_lines", "_make", "_count", "_counted")

    def __init__(self, command: str, results: Callable[[], Iterator[Result[T]]],
                 lines: Callable[[], Iterator[str]] | None = None,
                 count: Callable[[], tuple[int, bool]] | None = None) -> None:
        self.command = command
        self._results = results()
        self._lines = lines if lines is not None else (lambda: (r.to_json() for r in results()))
        self._make = results
        self._count = count  # a range's (instants, whether they are filtered), counted when asked
        self._counted: tuple[int, bool] | None = None

    def __iter__(self) -> Stream[T]:
        return self

    def __next__(self) -> Result[T]:
        return next(self._results)

    def lines(self) -> Iterator[str]:
        """The answers' JSON texts, one per line of the command line's JSON Lines (no newlines)."""
        return self._lines()

    def to_list(self) -> list[dict[str, Any]]:
        """The answers not yet read as a list of their JSON objects (`Result.to_dict`; `list(stream)`
        gives the Results themselves).  Reads the stream to its end."""
        return [r.to_dict() for r in self]

    def to_pandas(self, sep: str = ".") -> Any:
        """The answers not yet read as a pandas DataFrame, one row an answer, the JSON's nested
        objects flattened into columns named by their paths (`input.local`, `pillars.hour`:
        `pandas.json_normalize`); timestamps stay RFC 3339 text (`pandas.to_datetime` reads them).
        pandas is not a dependency: ImportError says how to have it."""
        try:
            import pandas  # type: ignore[import-untyped]  # optional, and without stubs here
        except ImportError:
            raise ImportError("Stream.to_pandas needs pandas: pip install pandas (or 'qimen-cli[notebook]')") from None
        return pandas.json_normalize(self.to_list(), sep=sep)

    def __repr__(self) -> str:
        return f"<qimen_cli.Stream {self.command}>"

    def count(self) -> int | None:
        """A range's number of instants (those a filter such as `where` keeps may be fewer), counted
        without answering them; None for a stream that does not know it before it is read."""
        if self._count is None:
            return None
        if self._counted is None:
            self._counted = self._count()
        return self._counted[0]

    def _preview(self, lang: str = "zh", k: int = PREVIEW) -> FitConsole:
        """A drawing of the first `k` answers (read afresh: the stream itself is not advanced) and
        a line saying how many the stream holds (`render.notebook`)."""
        from rich.text import Text

        from .render import notebook

        first: list[Result[T]] = []
        for result in self._make():
            first.append(result)
            if len(first) > k:
                break
        more, first = len(first) > k, first[:k]
        from .arts import find_art

        console = _recording_console(HTML_WIDTH)
        record = find_art(self.command)
        if first and record is not None and record.rows is not None and first[0]._raw is not None:
            notebook.draw_rows(console, self.command, [r._raw for r in first], lang, record.part("rows"),
                               record.part("split"))
        elif first:
            notebook.draw_records(console, [r.to_dict() for r in first])
        count = self.count()
        filtered = self._counted[1] if self._counted is not None else False
        console.print(Text(notebook.caption(len(first), count, filtered, more, lang)), highlight=False)
        return console

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """Jupyter's display of a stream: the table of its first answers and how many it holds
        (never the whole range), HTML and text from one drawing."""
        return _bundle(self._preview())

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self) if cycle else self._preview().export_text(clear=False).rstrip("\n"))
