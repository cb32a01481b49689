"""Nothing cropped: the console of the terminal views wraps every table cell instead of cutting it.

rich cuts a cell that does not fit its column with "…" (overflow "ellipsis") and
keeps `no_wrap` cells on one line; the views print times, quotations and notes
that must survive a 60-column terminal whole.  `FitConsole.print` walks each
renderable (tables, panels, nested tables) and lets every column wrap and fold.
"""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

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


class FitConsole(Console):
    """A Console whose `print` folds table cells rather than cropping them."""

    def print(self, *objects, **kwargs):
        for obj in objects:
            fold(obj)
        kwargs.setdefault("overflow", "fold")
        return super().print(*objects, **kwargs)
