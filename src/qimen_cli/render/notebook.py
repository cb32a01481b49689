"""A view in a notebook: the `<pre>` block of `--html` with its own background and styles that a
notebook's theme cannot override, and the short preview of a stream of answers.

JupyterLab styles every output `<pre>` (`.jp-RenderedHTMLCommon pre`, `.jp-OutputArea-output pre`:
its theme's background and text colour, its code font, `white-space: pre-wrap`), which beats the
block's own class: on the light theme the views' yellow 三奇 stood at 1.46:1 against white.  So
the block gets its palette, font and spacing twice over: inline on the `<pre>` (what a sanitizer
that drops `<style>` keeps) and in a style scoped to `.qimen-nb pre.qimen-view` (more specific
than the notebook's rules, `!important`).  The page it is in, light or dark, shows around it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from .export import FONTS, HTML_CELL_PX, HTML_FONT_PX, PALETTE, html_fragment
from .labels import labeller

#: The block's own box, whatever page it is in (inline on the `<pre>` and in the scoped style).
BOX = {
    "background": PALETTE.background_color.hex, "color": PALETTE.foreground_color.hex,
    "font-family": FONTS, "font-size": f"{HTML_FONT_PX}px", "line-height": "1.5",
    "white-space": "pre", "word-break": "normal", "overflow-wrap": "normal", "padding": "12px",
    "margin": "0", "border": "0", "border-radius": "4px", "width": "max-content",
    "letter-spacing": f"calc({HTML_CELL_PX}px - 1ch)",
}
#: The scoped style: the box, more specific than a notebook's output rules.
NB_CSS = (".qimen-nb pre.qimen-view { " + " ".join(f"{k}: {v} !important;" for k, v in BOX.items()) + " }\n"
          ".qimen-nb { overflow-x: auto; max-width: 100%; padding: 0; margin: 0; }")
_OPEN = '<pre class="qimen-view">'

t = labeller("range")


def notebook_html(console) -> str:
    """The recorded view of `console` (record=True) as a notebook shows it: the `--html` block
    (`export.html_fragment`) in a `div.qimen-nb` with its box inline and in a scoped style."""
    fragment = html_fragment(console)
    inline = ";".join(f"{k}:{v}" for k, v in BOX.items()).replace('"', "'")
    assert fragment.startswith(_OPEN)
    fragment = f'<pre class="qimen-view" style="{inline}">' + fragment[len(_OPEN):]
    return f'<div class="qimen-nb"><style>{NB_CSS}</style>{fragment}</div>'


def caption(shown: int, count: int | None, filtered: bool, more: bool, lang: str) -> str:
    """The line under a stream's preview: how many it holds and how many are shown."""
    if count is not None and not filtered and shown == count:
        return t("count", lang).format(n=count)
    if count is not None:
        return t("preview_where" if filtered else "preview", lang).format(n=count, k=shown)
    return t("preview_more" if more else "preview_all", lang).format(k=shown)


def draw_rows(console, command: str, raws: list, lang: str, fields=None, split=None) -> None:
    """The range table of an art's first answers (render/table.py's rows, as the command line
    prints a range), closed under its last row."""
    from .table import RangeTable

    table = RangeTable(command, lang, console, "", fields=fields, split=split)
    for raw in raws:
        table.add(raw)
    table.rows.close()


#: The most columns a preview of plain records shows (their first scalar keys).
COLUMNS = 6


def draw_records(console, records: list[dict]) -> None:
    """A table of plain JSON records (terms, windows, patterns, the ledger): their first scalar
    keys as columns, each value as the JSON has it."""
    keys = [k for k, v in records[0].items() if k != "schema_version" and not isinstance(v, (dict, list))][:COLUMNS]
    table = Table(*keys, show_lines=False)
    for record in records:
        table.add_row(*(Text(str(record.get(k, ""))) for k in keys))
    console.print(table)
