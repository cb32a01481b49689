"""Nothing cropped: the console of the terminal views wraps every table cell instead of cutting it.

rich cuts a cell that does not fit its column with "…" (overflow "ellipsis") and
keeps `no_wrap` cells on one line; the views print times, quotations and notes
that must survive a 60-column terminal whole.  `FitConsole.print` walks each
renderable (tables, panels, nested tables) and lets every column wrap and fold.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

#: Narrowest terminal the views are laid out for.
MIN_WIDTH = 60


def fold(renderable):
    """Let every column of every table inside `renderable` wrap and fold (in place); returns it."""
    if isinstance(renderable, Table):
        for column in renderable.columns:
            column.overflow = "fold"
            column.no_wrap = False
            for cell in column._cells:
                fold(cell)
    elif isinstance(renderable, Panel):
        fold(renderable.renderable)
    else:
        inner = getattr(renderable, "renderables", None)
        if isinstance(inner, (list, tuple)):
            for r in inner:
                fold(r)
    return renderable


def longest_unit(text: str, whole: bool = False) -> int:
    """The cells of the longest run of `text` that must stay on one line.  rich wraps at spaces
    and folds a longer word at any cell, so a word all of wide (CJK) characters may fold anywhere
    (always between two of them) and counts one character, unless `whole` (the width at which
    nothing folds at all); any other word (a number, a timestamp, 子初：--day-change) counts whole."""
    longest = 0
    for word in text.split():
        widths = [cell_len(ch) for ch in word]
        longest = max(longest, max(widths) if not whole and all(w > 1 for w in widths) else sum(widths))
    return longest


def _cell_minimum(console: Console, options, renderable, whole: bool = False) -> int:
    """The narrowest a cell can be without breaking a word (`longest_unit`; with `whole`, nor a
    CJK word): text by its words, rich's minimum measure otherwise (a nested table)."""
    from rich.measure import Measurement

    if isinstance(renderable, (str, Text)):
        return longest_unit(renderable if isinstance(renderable, str) else renderable.plain, whole)
    return Measurement.get(console, options, renderable).minimum


def _column_minimums(table: Table, console: Console, options, whole: bool = False) -> list[int]:
    """Each column's narrowest width by its header and cells (`_cell_minimum`)."""
    return [max([_cell_minimum(console, options, c.header, whole) if table.show_header else 0]
                + [_cell_minimum(console, options, cell, whole) for cell in c._cells] + [1])
            for c in table.columns]


def _columns_fit(table: Table, console: Console, width: int) -> bool:
    """Whether `table`'s columns can be narrowed into `width` cells without breaking a word."""
    options = console.options.update_width(width)
    pads = sum(table._get_padding_width(c._index) for c in table.columns)
    return sum(_column_minimums(table, console, options)) <= width - table._extra_width - pads


def stacked(table: Table):
    """`table` turned on its side for a terminal too narrow for its columns' words: its title,
    then each row as a grid of heading and cell, rows apart by a blank line, then its caption."""
    from rich.console import Group

    parts: list = []
    if table.title:
        parts.append(Text(table.title, style="bold") if isinstance(table.title, str) else table.title)
    # every row's headings as wide as the widest: the rows' cells start in one column
    heads = max((cell_len(c.header.plain if isinstance(c.header, Text) else str(c.header)) for c in table.columns),
                default=0)
    for r in range(table.row_count):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", min_width=heads)
        grid.add_column()
        for column in table.columns:
            cell = column._cells[r]
            if isinstance(cell, (str, Text)) and not str(cell).strip():
                continue
            grid.add_row(column.header, cell)
        if r:
            parts.append(Text(""))
        parts.append(grid)
    if table.caption:
        parts.append(Text(table.caption) if isinstance(table.caption, str) else table.caption)
    return Group(*parts)


def fit_words(renderable, console: Console, width: int):
    """`renderable` laid out for `width` cells: a table whose words cannot all fit its columns is
    `stacked`, any other gets `keep_words`; the items of a Group each in turn.  Returns what to print."""
    if isinstance(renderable, Table):
        if renderable.columns and not _columns_fit(renderable, console, width) and len(renderable.columns) > 2:
            return fit_words(fold(stacked(renderable)), console, width)
        return keep_words(renderable, console, width)
    inner = getattr(renderable, "renderables", None)
    if isinstance(inner, list):
        inner[:] = [fit_words(r, console, width) for r in inner]
    return renderable


def keep_words(table: Table, console: Console, width: int) -> Table:
    """Fix the widths of `table`'s columns so that it fits `width` cells with no word, number or
    timestamp folded: rich narrows the widest columns regardless of the words in them, so here
    the widest column gives up cells first but never below its longest run (`longest_unit`).
    Where even the runs do not fit, the table is left to rich's folding (in place; returns it)."""
    options = console.options.update_width(width)
    columns = table.columns
    if not columns or any(c.width is not None for c in columns):
        return table
    pads = [table._get_padding_width(c._index) for c in columns]
    widest = [table._measure_column(console, options, c).maximum - pad for c, pad in zip(columns, pads, strict=True)]
    room = width - table._extra_width - sum(pads)
    least = [min(a, b) for a, b in zip(_column_minimums(table, console, options), widest, strict=True)]
    whole = [min(a, b) for a, b in zip(_column_minimums(table, console, options, whole=True), widest, strict=True)]
    if sum(whole) <= room:
        least = whole  # CJK words kept whole too, where they fit
    if sum(widest) <= room or sum(least) > room:
        return table
    # rich's own layout (as Table.__rich_console__ asks for it), kept where no word breaks
    chosen = table._calculate_column_widths(console, options.update_width(width - table._extra_width))
    if all(w - pad >= m for w, pad, m in zip(chosen, pads, least, strict=True)):
        return table
    widths = list(widest)
    while sum(widths) > room:
        # the widest column above its whole words gives first; then the widest above its runs
        soft = [k for k in range(len(widths)) if widths[k] > max(least[k], whole[k])]
        hard = [k for k in range(len(widths)) if widths[k] > least[k]]
        i = max(soft or hard, key=lambda k: widths[k])
        widths[i] -= 1
    for column, w in zip(columns, widths, strict=True):
        column.width = w
    return table


class FitConsole(Console):
    """A Console whose `print` folds table cells rather than cropping them, and lays tables out
    so that no word breaks where the terminal has room for it (`keep_words`)."""

    def print(self, *objects, **kwargs):
        objects = [fit_words(fold(obj), self, self.width) for obj in objects]
        kwargs.setdefault("overflow", "fold")
        return super().print(*objects, **kwargs)
