"""Each command's terminal view of one answer, by the command's name: what the API's results
draw in a notebook (`result.Result`: as HTML, or on a rich console).

`draw(command, raw, text, console, lang, explain)` prints the view of `raw` (the art's result
as `arts/` gives it: a Chart, (moment, report), (moment, report, anchor), a Moment, a Lesson)
on `console` (`text`, the answer's JSON text, is not read: a view reads the result itself).  The
same drawing functions as the shell's views (`render/*.py`).
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
    from .liuren import render_liuren

    if isinstance(raw, tuple):
        render_liuren(raw[1], raw[0], console, lang)
    else:
        render_liuren(raw, None, console, lang)


def _pillars(raw, text, console, lang, explain):
    from .pillars import render_pillars

    render_pillars(raw, console, lang)


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
