"""`cast` over a range in JSON Lines: the lines of a writer of cached pieces, in blocks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import QimenError
from .items import ERROR, LINE, LINES, NL, SKIP, chunks

if TYPE_CHECKING:
    from ..render.cast_lines import CastLines
    from . import TimeOptions

#: Instants per block of a range written by `RangeLines` (one write each).
BLOCK = 256


class RangeLines:
    """A range's charts as JSON Lines from a writer of cached pieces (`writer.line(at)`: the
    line, or None when --where drops it; `render.cast_lines.CastLines`), byte for byte what
    `to_json` writes, in one process (lines are made faster than workers could hand them back).

    With --where on patterns the plate alone decides, only the instants whose hour pillar can
    carry them are listed (`writer.screened`: the engine's `qimen.series.ChartRange`).  A range that must not go on
    past a bad instant (no --keep-going; its ends were checked) is written in blocks of BLOCK
    instants, each one `lines` item: an error inside a block ends the block there, and the
    error follows it, so the output is the same as line by line.
    """

    def __init__(self, when: TimeOptions, writer: CastLines) -> None:
        self.when = when
        self.writer = writer
        self.probe = writer.line
        self.blocks = when.start is not None and not when.keep_going
        self.candidates = writer.screened(when)

    def count(self) -> int | None:
        return self.when.count() if self.candidates is None else None

    def instants(self) -> Iterable[Any]:
        return self.when.instants() if self.candidates is None else self.candidates

    def items(self) -> Iterator[tuple[str, Any, int]]:
        """The stream's items: one per instant, or a `lines` item per block."""
        # The plates, tables and caches built so far (the probes of the range's ends) live as
        # long as the run: moved out of the collector's sight, they are not scanned again by
        # every full collection.
        import gc

        gc.freeze()
        if self.blocks:
            return self._blocks()
        return self._one_by_one()

    def _one_by_one(self) -> Iterator[tuple[str, Any, int]]:
        line = self.writer.line
        for at in self.instants():
            try:
                text: Any = line(at)  # a line (bytes), its pieces (list of bytes) or None
            except QimenError as exc:
                yield (ERROR, str(exc), 1)
                continue
            yield (SKIP, None, 1) if text is None else (LINE, text, 1)

    def _blocks(self) -> Iterator[tuple[str, Any, int]]:
        for chunk in self.chunks():
            items = self.block(chunk)
            yield from items
            if items[-1][0] == ERROR:
                return

    def chunks(self, size: int = BLOCK, days: int | None = None) -> Iterator[list[Any]]:
        """The range's instants in blocks of `size` (`items.chunks`: with `days`, a block also
        ends where their date enters another run of `days` days)."""
        return chunks(self.instants(), size, days)

    def block(self, chunk: list[Any]) -> list[tuple[str, Any, int]]:
        """One block's items: a `lines` item of its lines' pieces, standing for the instants
        before the first bad one (all of them when none is bad), then that one's error."""
        # A writer that has them gives each line's pieces, handed on unjoined (os.writev joins them).
        pieces_of: Callable[[Any], Any] | None = getattr(self.writer, "pieces", None)
        whole = pieces_of is None
        line = self.writer.line if pieces_of is None else pieces_of
        pieces: list[bytes] = []
        n = 0
        for at in chunk:
            try:
                text: Any = line(at)  # a line (bytes), its pieces (list of bytes) or None
            except QimenError as exc:
                return [(LINES, pieces, n), (ERROR, str(exc), 1)]
            n += 1
            if text is not None:
                if whole:
                    pieces.append(text)
                else:
                    pieces += text
                pieces.append(NL)
        return [(LINES, pieces, n)]
