"""Each command's terminal view of one answer, by the command's name: what the API's results
draw in a notebook (`result.Result`: as HTML, or on a rich console).

`draw(command, raw, text, console, lang, explain)` prints the view of `raw` (the art's result
as `arts/` gives it: a Chart, (moment, report), (moment, report, anchor), a Moment, a Lesson)
on `console`; `text` is the answer's JSON text, which the views of `liuren` and `pillars` read
their labels from.  The same drawing functions as the shell's views (`render/*.py`).
"""

from __future__ import annotations

from collections.abc import Callable


def _cast(raw, text, console, lang, explain):
    from .grid import render_chart

    render_chart(raw, console, lang, explain=explain)


def _noble(raw, text, console, lang, explain):
    from .gods import render_noble

    render_noble(raw[0], raw[1], console, lang)


def _twelve_gods(raw, text, console, lang, explain):
    from .gods import render_twelve_gods

    render_twelve_gods(raw[0], raw[1], console, lang)


def _gucu(raw, text, console, lang, explain):
    from .gucu import render_gucu

    render_gucu(raw[0], raw[1], console, lang)


def _liuren(raw, text, console, lang, explain):
    """A lesson of a Moment ((moment, lesson)) or without a date (the lesson alone)."""
    from .json_liuren import as_dict
    from .liuren import render_liuren

    lesson = raw[1] if isinstance(raw, tuple) else raw
    render_liuren(lesson, as_dict(text), console, lang)


def _pillars(raw, text, console, lang, explain):
    from .json_pillars import pillars_json
    from .pillars import render_pillars

    render_pillars(raw, pillars_json(raw), console, lang)


def _chaibu(raw, text, console, lang, explain):
    from .chaibu import render_report

    render_report(*raw, console, lang, explain=explain)


#: The commands whose single answers have a view, and how each is drawn.
VIEWS: dict[str, Callable] = {
    "cast": _cast,
    "noble": _noble,
    "twelve-gods": _twelve_gods,
    "gucu": _gucu,
    "liuren": _liuren,
    "pillars": _pillars,
    "chaibu": _chaibu,
}


def draw(command: str, raw, text: str, console, lang: str = "zh", explain: bool = False) -> None:
    """Print the view of one answer of `command` on `console` (KeyError: the command has none)."""
    VIEWS[command](raw, text, console, lang, explain)
