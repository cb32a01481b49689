"""Tables that print row by row: a range of a century starts printing at once, holds one row in
memory, and stops at once when the reader goes away.

More precisely: a `RowTable` is given its columns before the first row — each column's
heading, its widest cell (`Column.widest`, known from the column's possible values; None for
a column whose cells have no bound, which takes the room left), its longest word with CJK
words whole (`Column.whole`) and its longest run that must stay on one line (`Column.unit`).
`layout` fixes the widths for the console's width once (see there); where even the runs do
not fit, each row is printed stacked (heading and cell per line, rows apart by a blank line,
as `fit.stacked` does for a whole table).  Cells are cut into lines by `breaks`: at spaces, a
longer word folded between its characters but not inside a run of letters and digits where
another place fits.  The heading is printed with the first row (a range without rows prints
no empty table), and again every screenful on a terminal; `close` draws the bottom line.
Rows go out as whole lines: on a terminal each when it is given, in a pipe gathered up to
FLUSH_BYTES or FLUSH_SECONDS (through `write`, the shell's whole-line writer, else the
console's file), with the colours of their cells on a colour console; a console that records
(--svg/--html) is given each line through `console.print`.
"""

from __future__ import annotations

import functools
import re
import time

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from .fit import longest_unit

#: The box of the tables (rich's HEAVY_HEAD, as the whole-table views draw it).
TOP = ("┏", "━", "┳", "┓")
HEAD = ("┃", "┃", "┃")
HEAD_RULE = ("┡", "━", "╇", "┩")
BODY = ("│", "│", "│")
BODY_SEP = f" {BODY[1]} "
BOTTOM = ("└", "─", "┴", "┘")
#: Before a heading repeated on a terminal.
REPEAT_RULE = ("┢", "━", "╈", "┪")

#: A pipe's rows are written in pieces of this many characters at least, or after this long.
FLUSH_BYTES = 16384
FLUSH_SECONDS = 0.2
#: What a column without a widest cell asks for before the table is fitted to the terminal.
FLEX = 30
#: Blank columns between a stacked row's heading and its cell.
STACK_GAP = 2
#: Cells whose lines a RowTable keeps (a range's cells recur: its pillars, a chart's patterns).
CELL_CACHE_SIZE = 32768

_BOLD = Style(bold=True)


class Column:
    """One column: `heading`, `widest` (cells; None: no bound, the column takes the room
    left), `whole` (the longest word of a cell, CJK words kept whole), `unit` (the longest run
    that must stay on one line, as `fit.longest_unit` counts it; default `whole`), `justify`;
    `want`: what an unbounded column asks for before the room left is shared (default FLEX)."""

    __slots__ = ("heading", "widest", "whole", "unit", "justify", "want")

    def __init__(self, heading: str, widest: int | None, whole: int, unit: int | None = None,
                 justify: str = "left", want: int | None = None) -> None:
        self.heading = heading
        self.widest = widest
        self.whole = whole
        self.unit = whole if unit is None else unit
        self.justify = justify
        self.want = want


def layout(columns: list[Column], width: int) -> list[int] | None:
    """The widths of `columns` in a table `width` cells wide (borders and one blank each side of
    a cell included), or None when their runs cannot all fit (the rows are then stacked).

    Each column wants its widest cell (FLEX for a column without one) and its heading; where
    the wants do not fit, a column already narrowed gives up a cell at a time while it keeps
    half its want (its cells then take two lines at most), else the widest (of two, the
    later), down to its longest whole word (`Column.whole`, the heading's too) where those fit,
    else down to its longest run (`Column.unit`, the heading's `run_unit`), never below; room
    left goes to the unbounded columns."""
    room = width - 1 - 3 * len(columns)
    least = [max(c.whole, longest_unit(c.heading, whole=True), 1) for c in columns]
    if sum(least) > room:
        least = [max(c.unit, run_unit(c.heading), 1) for c in columns]
        if sum(least) > room:
            return None
    want = [max((c.want or FLEX) if c.widest is None else c.widest, cell_len(c.heading) if c.widest is not None else 0, m)
            for c, m in zip(columns, least, strict=True)]
    widths = list(want)
    while sum(widths) > room:
        can = [k for k in range(len(widths)) if widths[k] > least[k]]
        wrapping = [k for k in can if widths[k] < want[k] and 2 * (widths[k] - 1) >= want[k]]
        i = max(wrapping or can, key=lambda k: (widths[k], k))
        widths[i] -= 1
    flex = [k for k, c in enumerate(columns) if c.widest is None]
    spare = room - sum(widths)
    for n, k in enumerate(flex):
        share = spare // (len(flex) - n)
        widths[k] += share
        spare -= share
    return widths


def breaks(plain: str, width: int) -> list[tuple[int, int]]:
    """Where `plain` is cut into lines of at most `width` cells: (start, end) of each line —
    at its newlines, at spaces, and a word longer than a line folded between its characters
    (between two letters or digits only where nothing else fits)."""
    return [(a, b) for a, b, _size in lines_of(plain, width)]


def lines_of(plain: str, width: int) -> list[tuple[int, int, int]]:
    """`breaks` with each line's width in cells: (start, end, cells)."""
    if "\n" not in plain:
        return _breaks(plain, 0, len(plain), width)
    out, at = [], 0
    for part in plain.split("\n"):
        out += _breaks(plain, at, at + len(part), width)
        at += len(part) + 1
    return out


def _breaks(plain: str, lo: int, hi: int, width: int) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    start = end = used = -1
    for m in _WORD.finditer(plain, lo, hi):
        a, b = m.span()
        size = cell_len(plain[a:b])
        if start >= 0:
            joined = used + (a - end) + size
            if joined <= width:
                end, used = b, joined
                continue
            out.append((start, end, used))
        if size <= width:
            start, end, used = a, b, size
            continue
        i = a
        while True:
            j, acc = i, 0
            while j < b and acc + cell_len(plain[j]) <= width:
                acc += cell_len(plain[j])
                j += 1
            j = max(j, i + 1)
            if j >= b:
                start, end, used = i, b, cell_len(plain[i:b])
                break
            k = j
            while k > i + 1 and _RUN_CHAR(plain[k - 1]) and _RUN_CHAR(plain[k]):
                k -= 1
            j = k if k > i + 1 else j
            out.append((i, j, cell_len(plain[i:j])))
            i = j
    if start >= 0:
        out.append((start, end, used))
    return out or [(lo, lo, 0)]


#: The joiners of a run that is not cut, besides Latin letters and digits (a timestamp's).
_JOINERS = "-:.+'/_"


def _RUN_CHAR(ch: str) -> bool:
    """A letter, digit or joiner of a run that is not cut (a word, a number, a timestamp)."""
    return ch.isascii() and (ch.isalnum() or ch in _JOINERS)


def run_unit(text: str) -> int:
    """The longest run of `text` that folding keeps whole: a run of Latin letters, digits and the
    joiners of a timestamp (`_RUN_CHAR`), or one wide character."""
    runs = [len(r) for r in _RUNS.findall(text)]
    return max(runs + [2 if any(cell_len(ch) > 1 for ch in text) else 1])


_RUNS = re.compile(f"[A-Za-z0-9{re.escape(_JOINERS)}]+")
_WORD = re.compile(r"\S+")


@functools.lru_cache(maxsize=4096)
def _word_cells(word: str) -> int:
    return cell_len(word)


def cells_of(plain: str) -> int:
    """`cell_len` of a text without newlines, each word's width kept (a text's width is the sum
    of its characters', a space one cell): a range's cells are made of a few recurring words."""
    if plain.isascii():
        return len(plain)
    words = plain.split(" ")
    return sum(map(_word_cells, words)) + len(words) - 1


def _pad(text: str, size: int, width: int, justify: str) -> str:
    """`text` (`size` cells) padded to `width` cells."""
    if size >= width:
        return text
    return " " * (width - size) + text if justify == "right" else text + " " * (width - size)


class RowTable:
    """A table written row by row on `console` (see the module's docstring): `preface`, lines
    ((text, style)) above the heading; `write(text)`, how whole lines reach the reader (default:
    the console's file, flushed)."""

    def __init__(self, console, columns: list[Column], preface: list | None = None, write=None) -> None:
        self.console = console
        self.columns = columns
        self.preface = preface or []
        self.out = write
        self.widths = layout(columns, console.width)
        self.rows = 0
        self.lines = 0           # lines since the heading was last printed
        self.colour = console.color_system is not None and not console.no_color
        self.styles: dict = {}
        self.repeat = console.is_terminal and not console.record
        self.pending: list[str] = []
        self.size = 0
        self.flushed = time.monotonic()
        self._cells: dict = {}   # (cell, width, justify, style) → its lines; a Text by identity
        self._blanks = [" " * w for w in self.widths or ()]
        self._tails: dict = {}   # id of a row's tail → (the tail, …: `_tail_lines`)
        #: Rows written as text at once (not a console that records, a table not stacked).
        self.direct = not console.record and self.widths is not None
        # Per column: its width, its justification and its kept cells (str, or a Text's id → (cell, lines)).
        self._layout = [(w, c.justify, {}) for w, c in zip(self.widths or (), columns, strict=False)]

    # --- writing ---------------------------------------------------------------------

    def _write(self, lines: list[str]) -> None:
        """Whole lines (with the colour codes of their cells): on a terminal at once; in a pipe
        gathered up to FLUSH_BYTES or FLUSH_SECONDS, then written and flushed together, so that
        what reaches the reader is always whole lines (an interruption drops the rest)."""
        console = self.console
        if console.record:
            for line in lines:
                console.print(Text.from_ansi(line) if self.colour else Text(line), soft_wrap=True, highlight=False)
            return
        self._send("\n".join(lines) + "\n", len(lines))

    def _send(self, text: str, count: int) -> None:
        """`count` whole lines as one text (each ended by a newline), gathered as `_write` says
        (a console that does not record)."""
        self.lines += count
        self.pending.append(text)
        self.size += len(text)
        if self.repeat or self.size >= FLUSH_BYTES or time.monotonic() - self.flushed >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write and flush the rows gathered."""
        if self.pending:
            text = "".join(self.pending)
            self.pending.clear()
            self.size = 0
            if self.out is not None:
                self.out(text)
            else:
                self.console.file.write(text)
                self.console.file.flush()
        self.flushed = time.monotonic()

    def _styled(self, text: str, style) -> str:
        """`text` in `style` (its colour codes on a colour console; else as it is)."""
        if not style or not self.colour or not text:
            return text
        render = self.styles.get(style)
        if render is None:
            parsed = style if isinstance(style, Style) else Style.parse(str(style))
            system = self.console._color_system
            render = self.styles[style] = functools.partial(parsed.render, color_system=system)
        return render(text)

    def _cell(self, cell: Text, start: int, end: int) -> str:
        """The text of `cell[start:end]` with its styles."""
        plain = cell.plain[start:end]
        if not self.colour or (not cell.spans and not cell.style):
            return plain
        piece = cell[start:end] if (start, end) != (0, len(cell.plain)) else cell
        base = piece.style or None
        out, at = [], 0
        for span in sorted(piece.spans, key=lambda sp: sp.start):
            if span.start > at:
                out.append(self._styled(plain[at:span.start], base))
            out.append(self._styled(plain[max(span.start, at):span.end], span.style))
            at = max(at, span.end)
        out.append(self._styled(plain[at:], base))
        return "".join(out)

    def _lines_of(self, cell, width: int, justify: str = "left", style=None) -> list[str]:
        """`cell`'s lines (a str or rich Text) in `width` cells, padded."""
        if cell.__class__ is str:
            plain = cell
            if "\n" not in plain and (size := cells_of(plain)) <= width:
                return [_pad(self._styled(plain, style) if style else plain, size, width, justify)]
            return [_pad(self._styled(plain[a:b], style) if style else plain[a:b], size, width, justify)
                    for a, b, size in lines_of(plain, width)]
        plain = cell.plain
        if len(plain) <= width and "\n" not in plain:  # (a long one is cut by its words' widths)
            size = cells_of(plain)
            if size <= width:
                text = self._cell(cell, 0, len(plain))
                return [_pad(self._styled(text, style) if style else text, size, width, justify)]
        out = []
        for a, b, size in lines_of(plain, width):
            text = self._cell(cell, a, b)
            out.append(_pad(self._styled(text, style) if style else text, size, width, justify))
        return out

    def _rule(self, box) -> str:
        left, fill, cross, right = box
        return left + cross.join(fill * (w + 2) for w in self.widths) + right

    def _kept_lines(self, cell, width: int, justify: str, style) -> list[str]:
        """`_lines_of`, kept for a cell that recurs: the same str, or the same Text object (the
        object itself is kept with its lines, so its identity is not reused while kept).  An
        ASCII str is not kept (a time: each row's own, and quick to lay out)."""
        if cell.__class__ is str and cell.isascii():
            return self._lines_of(cell, width, justify, style)
        key = (cell if cell.__class__ is str else id(cell), width, justify, style)
        hit = self._cells.get(key)
        if hit is None or (hit[0] is not cell and cell.__class__ is not str):
            if len(self._cells) >= CELL_CACHE_SIZE:
                self._cells.clear()
            hit = self._cells[key] = (cell, self._lines_of(cell, width, justify, style))
        return hit[1]

    def _body_lines(self, cells: list, start: int = 0) -> list[list[str]]:
        """Each body cell's lines (the cells of the columns from `start` on), kept per column for
        a cell that recurs (`_kept_lines`'s rule: the same str, or the same Text object kept
        with its lines; an ASCII str is not kept)."""
        out = []
        lines_of = self._lines_of
        layout = self._layout[start:start + len(cells)] if start or len(cells) != len(self._layout) else self._layout
        for (width, justify, kept), cell in zip(layout, cells, strict=True):
            text = cell.__class__ is str
            if text and cell.isascii():
                out.append(lines_of(cell, width, justify))
                continue
            key = cell if text else id(cell)
            hit = kept.get(key)
            if hit is None or (not text and hit[0] is not cell):
                if len(kept) >= CELL_CACHE_SIZE:
                    kept.clear()
                hit = kept[key] = (cell, lines_of(cell, width, justify))
            out.append(hit[1])
        return out

    def _cells_lines(self, cells: list, edges, style=None) -> list[str]:
        left, mid, right = edges
        if style is None and edges is BODY:
            columns = self._body_lines(cells)
        else:
            columns = [self._kept_lines(c, w, col.justify, style)
                       for c, w, col in zip(cells, self.widths, self.columns, strict=True)]
        height = max(map(len, columns))
        sep = f" {mid} "
        if height == 1:
            return [f"{left} {sep.join([c[0] for c in columns])} {right}"]
        blanks = self._blanks
        return [f"{left} {sep.join([c[i] if i < len(c) else blanks[k] for k, c in enumerate(columns)])} {right}"
                for i in range(height)]

    def _tail_lines(self, tail: tuple, start: int) -> tuple:
        """A tail's lines (`row`'s `tail`, its cells from column `start` on), kept with the tuple
        itself (its identity is not reused while kept): (the tail, `start`, each line's end from
        its first column's separator on (" │ cells │"), the end of a line below the tail, and for a
        head of one line, the text of the row's later lines and their count)."""
        hit = self._tails.get(id(tail))
        if hit is not None and hit[0] is tail and hit[1] == start:
            return hit
        if start + len(tail) != len(self._layout):
            raise ValueError(f"a row of {start + len(tail)} cells in a table of {len(self._layout)} columns")
        cells = [c if c.__class__ is str or isinstance(c, Text) else str(c) for c in tail]
        columns = self._body_lines(cells, start)
        left, _mid, right = BODY
        blanks = self._blanks[start:]
        ends = [f"{BODY_SEP}{BODY_SEP.join([c[i] if i < len(c) else blanks[k] for k, c in enumerate(columns)])} {right}"
                for i in range(max(map(len, columns)))]
        under = f"{left} {BODY_SEP.join(self._blanks[:start])}"
        later = "".join(f"{under}{end}\n" for end in ends[1:])
        if len(self._tails) >= CELL_CACHE_SIZE:
            self._tails.clear()
        hit = self._tails[id(tail)] = (tail, start, ends, f"{BODY_SEP}{BODY_SEP.join(blanks)} {right}", later, len(ends) - 1)
        return hit

    def _heading(self, first: bool) -> list[str]:
        heads = [c.heading for c in self.columns]
        lines = [self._rule(TOP)] if first else [self._rule(REPEAT_RULE)]
        lines += self._cells_lines(heads, HEAD, _BOLD)
        lines.append(self._rule(HEAD_RULE))
        return lines

    def start(self) -> None:
        """The preface lines and the heading (before the first row)."""
        lines = [self._styled(text[a:b], style) for text, style in self.preface
                 for a, b in breaks(text, self.console.width)]
        if lines:
            self._write(lines)
        if self.widths is not None:
            self._write(self._heading(first=True))
        self.lines = 0

    def row(self, cells: list, tail: tuple = ()) -> None:
        """Write one row (`cells`: str or rich Text, one per column; then `tail`'s, the cells
        of the last columns as a tuple that rows sharing them give again, the same object:
        its lines are laid out once while it is kept, `_tail_lines`)."""
        if tail and self.rows and self.direct and cells:
            # The tail's lines kept (`_tail_lines`), the cells before it each on one line (as `_lines_of`
            # pads a str that fits), the lines sent (`_send`): inline, once a row.
            hit = self._tails.get(id(tail))
            if hit is None or hit[0] is not tail or hit[1] != len(cells):
                hit = self._tail_lines(tail, len(cells))
            heads = []
            for (width, justify, _kept), cell in zip(self._layout, cells, strict=False):
                if cell.__class__ is not str or "\n" in cell:
                    break
                if cell.isascii():
                    size = len(cell)
                else:
                    words = cell.split(" ")
                    size = sum(map(_word_cells, words)) + len(words) - 1  # (`cells_of`)
                if size > width:
                    break
                heads.append(cell if size == width else _pad(cell, size, width, justify))
            else:
                more = hit[5]
                if not (self.repeat and self.lines + 1 + more > self.console.height - 2):
                    self.rows += 1
                    text = f"{BODY[0]} {BODY_SEP.join(heads)}{hit[2][0]}\n{hit[4]}"
                    self.lines += 1 + more  # (`_send`, inline)
                    self.pending.append(text)
                    self.size += len(text)
                    if self.repeat or self.size >= FLUSH_BYTES or time.monotonic() - self.flushed >= FLUSH_SECONDS:
                        self.flush()
                    return
        if tail and (self.widths is None or not cells):
            cells, tail = [*cells, *tail], ()
        cells = [c if c.__class__ is str or isinstance(c, Text) else str(c) for c in cells]
        if not self.rows:
            self.start()
        if self.widths is None:
            lines = self._stacked(cells)
        else:
            if tail:
                _tail, _start, ends, below, _later, _more = self._tail_lines(tail, len(cells))
                columns = self._body_lines(cells)
                blanks = self._blanks
                lines = [f"{BODY[0]} {BODY_SEP.join([c[i] if i < len(c) else blanks[k] for k, c in enumerate(columns)])}"
                         f"{ends[i] if i < len(ends) else below}"
                         for i in range(max(max(map(len, columns)), len(ends)))]
            else:
                lines = self._cells_lines(cells, BODY)
            if self.repeat and self.rows and self.lines + len(lines) > self.console.height - 2:
                lines = self._heading(first=False) + lines
                self.lines = 0
        self.rows += 1
        self._write(lines)

    def _stacked(self, cells: list) -> list[str]:
        """A row on its side: each heading (bold) and its cell, an empty cell left out; rows
        apart by a blank line."""
        head = min(max(cell_len(c.heading) for c in self.columns), max(1, self.console.width // 3))
        rest = max(1, self.console.width - head - STACK_GAP)
        lines: list[str] = [""] if self.rows else []
        gap = " " * STACK_GAP
        for column, cell in zip(self.columns, cells, strict=True):
            if not (cell if cell.__class__ is str else cell.plain).strip():
                continue
            heads = self._lines_of(column.heading, head, style=_BOLD)
            body = [line.rstrip() for line in self._lines_of(cell, rest)]
            for i in range(max(len(heads), len(body))):
                lines.append((heads[i] if i < len(heads) else " " * head) + gap + (body[i] if i < len(body) else ""))
        return lines

    def close(self) -> None:
        """The bottom line, under a table that has rows."""
        if self.rows and self.widths is not None:
            self._write([self._rule(BOTTOM)])
        if not self.console.record:
            self.flush()
