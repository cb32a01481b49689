"""--svg and --html: a recorded view as a picture a browser draws as the terminal did.

rich's own exports give each `<text>` a length by its count of characters, so a wide (CJK)
character gets one cell and overlaps its neighbour in a browser, and its HTML leaves the grid to
the browser's font.  Here the view is read back from the console's record (its segments: text
and style), cut into runs of one style and one kind of character, and laid on the terminal's
cells by `rich.cells.cell_len`:

- `svg`: each run is one `<text>` at its first cell whose `textLength` is its cells × `CELL_W`
  (`lengthAdjust="spacingAndGlyphs"`: the browser fits the glyphs to the cells, whatever the
  font); a run holds only wide or only narrow characters, so no character drifts inside it.
  Box-drawing characters are not text but lines from the cell's centre to its edges, so the
  lines of neighbouring cells and rows meet.
- `html_page` / `html_fragment`: a page of text (searchable, copyable), one block per line of
  fixed height; the text is spaced to a cell of fixed width (`letter-spacing`: a narrow
  character one cell of the monospace font, a wide one two, CJK glyphs being one em wide); a
  line with box-drawing characters is cut at them into boxes of fixed width, so a drift of an
  odd glyph stays inside its cell of the grid; each box-drawing character keeps its text (for
  copying) but is drawn by CSS gradients from its centre to its edges, so the lines meet.

The colours are one palette (`PALETTE`, dark like a terminal) for both; the views' legends name
them (render/labels.py, `cast:colours`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from html import escape
from typing import NamedTuple

from rich.cells import cell_len
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme

#: Width of one terminal cell and height of one line in the SVG, in px; its font size.
CELL_W = 10
LINE_H = 22
FONT_PX = 16
#: Margin around the SVG's picture, in px.
MARGIN = 12
#: Thickness of the drawn box lines (light, heavy), in px.
STROKE = {1: 1.2, 2: 2.6}

#: The colours of both exports: background, foreground, then the 16 terminal colours (black,
#: red, green, yellow, blue, magenta, cyan, white and their bright forms).  Dark like a terminal,
#: so that the views' yellow stays legible.
PALETTE = TerminalTheme(
    (24, 26, 31), (226, 228, 233),
    [(24, 26, 31), (255, 107, 107), (110, 214, 110), (250, 210, 70), (110, 160, 255), (214, 140, 255),
     (90, 210, 230), (210, 212, 218)],
    [(110, 114, 124), (255, 140, 140), (150, 235, 150), (255, 230, 120), (150, 190, 255), (230, 170, 255),
     (140, 230, 245), (255, 255, 255)],
)

#: The fonts asked for, in order: monospace Latin, then CJK (Korean last: Hangul).
FONTS = ("'DejaVu Sans Mono', 'Noto Sans Mono', 'Liberation Mono', Menlo, Consolas, "
         "'Noto Sans Mono CJK TC', 'Noto Sans CJK TC', 'Noto Sans CJK KR', 'Source Han Sans', "
         "'Microsoft JhengHei', 'Malgun Gothic', monospace")

_WEIGHTS = {"LIGHT": 1, "SINGLE": 1, "HEAVY": 2, "DOUBLE": 2}
_DIRECTIONS = {"UP": ("up",), "DOWN": ("down",), "LEFT": ("left",), "RIGHT": ("right",),
               "VERTICAL": ("up", "down"), "HORIZONTAL": ("left", "right")}
ARMS = ("up", "right", "down", "left")


@cache
def box_arms(ch: str) -> tuple[int, int, int, int] | None:
    """The arms of a box-drawing character, (up, right, down, left), each 0 (none), 1 (light) or
    2 (heavy; double lines are drawn heavy), read from its Unicode name ("BOX DRAWINGS DOWN
    LIGHT AND RIGHT UP HEAVY"); None for any other character (dashed ones included)."""
    name = unicodedata.name(ch, "") if len(ch) == 1 else ""
    if not name.startswith("BOX DRAWINGS "):
        return None
    arms = dict.fromkeys(ARMS, 0)
    pending: list[str] = []
    leading = None
    for word in name.split()[2:]:
        if word in _WEIGHTS:
            if pending:
                for arm in pending:
                    arms[arm] = _WEIGHTS[word]
                pending = []
            else:
                leading = _WEIGHTS[word]
        elif word in _DIRECTIONS:
            pending += _DIRECTIONS[word]
        elif word not in ("AND", "ARC"):
            return None
    for arm in pending:
        if leading is None:
            return None
        arms[arm] = leading
    return tuple(arms[a] for a in ARMS)


class Run(NamedTuple):
    """Characters of one style and one kind on one line: `kind` "wide" (two cells each), "text"
    (one cell each, ASCII or letters), "symbol" (any other one-cell character, one per run) or
    "box" (one box-drawing character); `x` its first cell, `cells` its width."""

    text: str
    style: Style
    kind: str
    x: int
    cells: int


def _kind(ch: str) -> str:
    if cell_len(ch) == 2:
        return "wide"
    if box_arms(ch):
        return "box"
    if ch.isascii() or unicodedata.category(ch)[0] in "LMN":
        return "text"
    return "symbol"


def lines(console) -> list[list[Run]]:
    """The recorded view of `console` (record=True) as lines of runs (spaces are runs too)."""
    segments = list(Segment.filter_control(console._record_buffer))
    out = []
    for line in Segment.split_and_crop_lines(segments, length=console.width, pad=False):
        runs: list[Run] = []
        x = 0
        for text, style, _control in line:
            style = style or Style()
            for ch in text:
                if unicodedata.category(ch) == "Cc":  # a line's end, a tab: not drawn
                    continue
                w = cell_len(ch)
                if w == 0 and runs and runs[-1].kind != "box":  # a combining mark joins the character before it
                    last = runs[-1]
                    runs[-1] = Run(last.text + ch, last.style, last.kind, last.x, last.cells)
                    continue
                kind = _kind(ch)
                last = runs[-1] if runs else None
                if last and last.style == style and last.kind == kind and kind in ("wide", "text"):
                    runs[-1] = Run(last.text + ch, style, kind, last.x, last.cells + w)
                else:
                    runs.append(Run(ch, style, kind, x, w))
                x += w
        out.append(runs)
    while out and not any(r.text.strip() for r in out[-1]):
        out.pop()
    return out


def _hex(color: Color | None, default) -> str:
    if color is None or color.is_default:
        return default.hex
    return color.get_truecolor(PALETTE).hex


def colours(style: Style) -> tuple[str, str | None]:
    """(foreground, background or None) of `style` in `PALETTE` (reverse swaps them)."""
    fg = _hex(style.color, PALETTE.foreground_color)
    bg = None if style.bgcolor is None or style.bgcolor.is_default else _hex(style.bgcolor, PALETTE.background_color)
    if style.reverse:
        fg, bg = bg or PALETTE.background_color.hex, fg
    return fg, bg


# --- SVG ---------------------------------------------------------------------------------------


def _svg_font(style: Style) -> str:
    attrs = []
    if style.bold:
        attrs.append('font-weight="bold"')
    if style.italic:
        attrs.append('font-style="italic"')
    if style.dim:
        attrs.append('fill-opacity="0.62"')
    if style.underline:
        attrs.append('text-decoration="underline"')
    return (" " + " ".join(attrs)) if attrs else ""


def _box_path(run: Run, row: int) -> list[tuple[int, str]]:
    """The arms of a box character as (weight, SVG path data) from the cell's centre to its edges."""
    x0, y0 = MARGIN + run.x * CELL_W, MARGIN + row * LINE_H
    cx, cy = x0 + CELL_W / 2, y0 + LINE_H / 2
    ends = {"up": (cx, y0), "right": (x0 + CELL_W, cy), "down": (cx, y0 + LINE_H), "left": (x0, cy)}
    out = []
    for arm, weight in zip(ARMS, box_arms(run.text), strict=True):
        if weight:
            # each arm reaches half a stroke past the centre, so corners close
            half = STROKE[weight] / 2
            sx = cx + (half if arm == "left" else -half if arm == "right" else 0)
            sy = cy + (half if arm == "up" else -half if arm == "down" else 0)
            ex, ey = ends[arm]
            out.append((weight, f"M{sx:g} {sy:g}L{ex:g} {ey:g}"))
    return out


def svg(console, title: str) -> str:
    """The recorded view of `console` as an SVG picture (see the module's docstring)."""
    rows = lines(console)
    width = MARGIN * 2 + console.width * CELL_W
    height = MARGIN * 2 + max(len(rows), 1) * LINE_H
    backs, texts, strokes = [], [], {}
    for row, runs in enumerate(rows):
        line, end = [], None  # the line's <text> runs, written together so that its text reads whole
        for run in runs:
            fg, bg = colours(run.style)
            x, y = MARGIN + run.x * CELL_W, MARGIN + row * LINE_H
            if bg:
                backs.append(f'<rect x="{x}" y="{y}" width="{run.cells * CELL_W}" height="{LINE_H}" fill="{bg}"/>')
            if run.kind == "box":
                for weight, d in _box_path(run, row):
                    strokes.setdefault((fg, weight), []).append(d)
                continue
            for word in re.finditer(r"[^ ]+", run.text):  # spaces are not drawn: each word is a run
                text = word.group()
                cells = cell_len(text)
                left = run.x + cell_len(run.text[:word.start()])
                if end is not None:
                    line.append(" " * (left - end))  # not drawn (outside any <text>): the text as it reads
                line.append(
                    f'<text x="{MARGIN + left * CELL_W}" y="{y + LINE_H * 0.72:g}" textLength="{cells * CELL_W}" '
                    f'lengthAdjust="spacingAndGlyphs" fill="{fg}"{_svg_font(run.style)}>{escape(text, quote=False)}</text>')
                end = left + cells
        if line:
            texts.append("".join(line))
    paths = [f'<path d="{"".join(ds)}" stroke="{fg}" stroke-width="{STROKE[w]}" fill="none" stroke-linecap="butt"/>'
             for (fg, w), ds in strokes.items()]
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="{PALETTE.background_color.hex}"/>',
        f'<g font-family="{escape(FONTS)}" font-size="{FONT_PX}" style="white-space: pre">',
        *backs, *texts, "</g>", '<g shape-rendering="crispEdges">', *paths, "</g>", "</svg>", ""])


# --- HTML --------------------------------------------------------------------------------------

#: The page's cell, in px: a fixed width (not `ch`, which the browser rounds per element), with
#: the text spaced to it (`letter-spacing`: one cell per narrow character, two per wide one).
HTML_FONT_PX = 15
HTML_CELL_PX = 9

_HTML_CSS = f"""
.qimen-view {{ font-family: {FONTS}; font-size: {HTML_FONT_PX}px; font-kerning: none;
  font-variant-ligatures: none; font-feature-settings: "kern" 0, "liga" 0, "calt" 0, "palt" 0;
  background: {PALETTE.background_color.hex}; color: {PALETTE.foreground_color.hex};
  padding: 12px; margin: 0; white-space: pre; width: max-content; line-height: 1.5; --lh: 1.5em;
  --cw: {HTML_CELL_PX}px; letter-spacing: calc(var(--cw) - 1ch); }}
.qimen-view .l {{ display: block; height: var(--lh); }}
.qimen-view .w {{ letter-spacing: calc(2 * var(--cw) - 1em); }}
.qimen-view .c {{ display: inline-block; height: var(--lh); vertical-align: top; overflow: visible; }}
.qimen-view .b {{ display: inline-block; width: var(--cw); height: var(--lh); vertical-align: top;
  -webkit-text-fill-color: transparent; background-repeat: no-repeat; letter-spacing: 0; }}
.qimen-view .d {{ opacity: 0.62; }}
.qimen-view .bo {{ font-weight: bold; }}
.qimen-view .it {{ font-style: italic; }}
.qimen-view .u {{ text-decoration: underline; }}
"""

_ARM_CSS = {"up": ("50% 0", "{w} calc(50% + {h})"), "down": ("50% 100%", "{w} calc(50% + {h})"),
            "left": ("0 50%", "calc(50% + {h}) {w}"), "right": ("100% 50%", "calc(50% + {h}) {w}")}
_HTML_STROKE = {1: 1, 2: 3}


def _box_css(arms: tuple[int, int, int, int]) -> str:
    """CSS backgrounds drawing a box character's arms in the text's colour, centre to edges."""
    images, positions, sizes = [], [], []
    for arm, weight in zip(ARMS, arms, strict=True):
        if weight:
            w = _HTML_STROKE[weight]
            pos, size = _ARM_CSS[arm]
            images.append("linear-gradient(currentColor, currentColor)")
            positions.append(pos)
            sizes.append(size.format(w=f"{w}px", h=f"{w / 2:g}px"))
    return (f"background-image: {', '.join(images)}; background-position: {', '.join(positions)}; "
            f"background-size: {', '.join(sizes)};")


def _span(run: Run, classes: dict[str, str]) -> str:
    fg, bg = colours(run.style)
    css = []
    if fg != PALETTE.foreground_color.hex:
        css.append(f"color:{fg}")
    if bg:
        css.append(f"background-color:{bg}")
    names = []
    if run.kind == "wide":
        names.append("w")
    elif run.kind == "box":
        key = "x" + "".join(map(str, box_arms(run.text)))
        classes[key] = _box_css(box_arms(run.text))
        names += ["b", key]
    for flag, name in (("dim", "d"), ("bold", "bo"), ("italic", "it"), ("underline", "u")):
        if getattr(run.style, flag):
            names.append(name)
    text = escape(run.text, quote=False)
    if not names and not css:
        return text
    attrs = (f' class="{" ".join(names)}"' if names else "") + (f' style="{";".join(css)}"' if css else "")
    return f"<span{attrs}>{text}</span>"


def _html_line(runs: list[Run], classes: dict[str, str]) -> str:
    """One line of the page.  A line with box-drawing characters (a table, a panel, the grid) is
    cut at them: each stretch between two of them is one box of fixed width (its cells in `ch`)
    holding its text, so a cell of the grid starts where its lines are, whatever the font; a
    line without them is plain text (the legend, the patterns), searchable end to end."""
    if not any(r.kind == "box" for r in runs):
        return "".join(_span(r, classes) for r in runs)
    out, stretch, cells = [], [], 0

    def close():
        if stretch:
            out.append(f'<span class="c" style="width:calc({cells} * var(--cw))">' + "".join(stretch) + "</span>")

    for run in runs:
        if run.kind == "box":
            close()
            stretch, cells = [], 0
            out.append(_span(run, classes))
        else:
            stretch.append(_span(run, classes))
            cells += run.cells
    close()
    return "".join(out)


def html_fragment(console) -> str:
    """The recorded view of `console` as one `<pre>` block with its styles (for a page or a notebook)."""
    classes: dict[str, str] = {}
    body = []
    for runs in lines(console):
        body.append('<span class="l">' + (_html_line(runs, classes) or " ") + "</span>")
    css = _HTML_CSS + "".join(f".qimen-view .{k} {{ {v} }}\n" for k, v in sorted(classes.items()))
    return f'<pre class="qimen-view"><style>{css}</style>' + "".join(body) + "</pre>"


def html_page(console, title: str, lang: str) -> str:
    """The recorded view of `console` as an HTML page: its title, the `lang` of --lang's language
    (`Lang.html`: zh-Hant for zh, the values being traditional characters), the view as text."""
    from ..words import lang as language

    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{language(lang).html}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width">', f"<title>{escape(title)}</title>",
        f"<style>body {{ margin: 0; background: {PALETTE.background_color.hex}; }}</style>", "</head>",
        "<body>", "<main>", html_fragment(console), "</main>", "</body>", "</html>", ""])
