"""`cast`: the 時家奇門 chart of a Moment, its JSON, and the range writer of its JSON Lines."""

from __future__ import annotations

import functools

from ..errors import QimenError
from . import ERROR, LINE, LINES, NL, SKIP, Steps


def compute(moment, method: str, layout: str, switch: str):
    """The chart of `moment` under the 局 method, the plate layout and the 拆補 switch."""
    from ..qimen.chart import cast_chart

    return cast_chart(moment, method, layout, switch)


def to_json(chart, explain: bool = False):
    """The chart's JSON text; with `explain`, the object with its derivation steps (a dict)."""
    from ..render.cast_json import chart_json_text

    if explain:
        return with_explain(chart_json_text(chart), chart.ju.steps + chart.plate.steps)
    return chart_json_text(chart)


def with_explain(text: str, steps) -> dict:
    """A chart's JSON with `explain`: the derivation steps in order (--explain --json)."""
    import json

    data = json.loads(text)
    data["explain"] = list(steps)
    return data


def has_all(chart, names) -> bool:
    """`cast --where`: every one of the pattern `names` is on the chart."""
    present = {p.name for p in chart.patterns}
    return all(name in present for name in names)


def job_steps(method: str, layout: str, switch: str, where: tuple[str, ...] = (), explain: bool = False) -> Steps:
    """The steps of a stream of charts (see arts.Job): only those showing every `where`
    pattern are kept; over a range in JSON Lines the lines come from `RangeLines`."""
    keep = functools.partial(has_all, names=where) if where else None
    return Steps(
        functools.partial(compute, method=method, layout=layout, switch=switch),
        functools.partial(to_json, explain=explain),
        keep,
        writer=functools.partial(range_lines, method=method, layout=layout, switch=switch, where=where),
    )


def range_lines(when, method: str, layout: str, switch: str, where: tuple[str, ...] = ()) -> RangeLines:
    """The range writer of `when`'s charts in JSON Lines (see `RangeLines`)."""
    from ..render.cast_lines import CastLines

    return RangeLines(when, CastLines(when, method, layout, switch, where))


#: Instants per block of a range written by `RangeLines` (one write each).
BLOCK = 256


class RangeLines:
    """A range's charts as JSON Lines from a writer of cached pieces (`writer.line(at)`: the
    line, or None when --where drops it; `render.cast_lines.CastLines`), byte for byte what
    `to_json` writes, in one process (lines are made faster than workers could hand them back).

    With --where on patterns the plate alone decides, only the instants whose hour pillar can
    carry them are listed (`qimen.index.candidate_instants`).  A range that must not go on
    past a bad instant (no --keep-going; its ends were checked) is written in blocks of BLOCK
    instants, each one `lines` item: an error inside a block ends the block there, and the
    error follows it, so the output is the same as line by line.
    """

    def __init__(self, when, writer) -> None:
        self.when = when
        self.writer = writer
        self.probe = writer.line
        self.blocks = when.start is not None and not when.keep_going
        self.candidates = None
        if writer.where and when.start is not None and writer.fast:
            from ..qimen.index import candidate_instants, is_plate_only

            if any(is_plate_only(name) for name in writer.where):
                self.candidates = candidate_instants(when, writer.where, writer.layout)

    def count(self) -> int | None:
        return self.when.count() if self.candidates is None else None

    def instants(self):
        return self.when.instants() if self.candidates is None else self.candidates

    def items(self):
        """The stream's items: one per instant, or a `lines` item per block."""
        # The plates, tables and caches built so far (the probes of the range's ends) live as
        # long as the run: moved out of the collector's sight, they are not scanned again by
        # every full collection.
        import gc

        gc.freeze()
        if self.blocks:
            return self._blocks()
        return self._one_by_one()

    def _one_by_one(self):
        line = self.writer.line
        for at in self.instants():
            try:
                text = line(at)
            except QimenError as exc:
                yield (ERROR, str(exc), 1)
                continue
            yield (SKIP, None, 1) if text is None else (LINE, text, 1)

    def _blocks(self):
        line = self.writer.line
        pieces: list[bytes] = []
        n = 0
        for at in self.instants():
            try:
                text = line(at)
            except QimenError as exc:
                yield (LINES, pieces, n)
                yield (ERROR, str(exc), 1)
                return
            n += 1
            if text is not None:
                pieces.append(text)
                pieces.append(NL)
            if n == BLOCK:
                yield (LINES, pieces, n)
                pieces, n = [], 0
        yield (LINES, pieces, n)
