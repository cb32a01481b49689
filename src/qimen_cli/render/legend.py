"""Colour is never the only sign: the views' legends and the parts drawn by the console's colour.

More precisely: every colour a view draws repeats a word or a mark the view prints in colour as
without it (吉/凶 after a star, a door or a general, 〔奇〕 after a wonder, 〔初〕 on a branch of
the 三傳 …), and each view has a legend: a line saying the words and marks (always), and a line
naming the colours that repeat them (only where there is colour: a colour terminal, the --svg
and --html pictures).  `ByColour` draws a part for the console it is printed on; `colour_line`
is a legend's colour line, each colour word drawn in the colour it names (the words are the
word store's, a view's "VIEW:colour_words" in the order of its styles).
"""

from __future__ import annotations

import re

from rich.text import Text


def plain(console) -> bool:
    """True when the console draws no colour (NO_COLOR, a pipe, a dumb terminal)."""
    return console is None or console.no_color or console.color_system is None


class ByColour:
    """A part of the view made for the console it is drawn on: `make(colour)` with colour unless
    the console is `plain`, laid out by render/fit as the console's own print would.  So the
    same print leaves out a legend's colour line on a plain terminal and keeps it in a colour
    terminal and a --svg/--html picture."""

    def __init__(self, make):
        self.make = make

    def __rich_console__(self, console, options):
        from .fit import fit_words, fold

        yield fit_words(fold(self.make(not plain(console))), console, options.max_width)


def colour_line(text: str, words: str, styles: tuple[str, ...]) -> Text:
    """A legend's colour line: `text` with each of `words` (space-separated, in the order of
    `styles`) drawn in its style wherever it stands as a word."""
    line = Text(text)
    for word, style in zip(words.split(), styles, strict=True):
        line.highlight_regex(rf"(?<!\w){re.escape(word)}(?!\w)", style)
    return line


def legend_lines(words: str, colours: str | None, colour_words: str = "", styles: tuple[str, ...] = ()) -> Text:
    """A view's legend of two lines: `words` (the marks and words, always) and, when `colours` is
    given (a console with colour), the colour line (`colour_line`)."""
    text = Text(words)
    if colours is not None:
        text.append("\n")
        text.append_text(colour_line(colours, colour_words, styles))
    return text
