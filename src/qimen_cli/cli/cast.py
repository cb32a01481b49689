"""`qimen cast`: the full 時家奇門 chart."""

from __future__ import annotations

import click

from ..errors import BadInput, QimenError
from .complete import complete_pattern
from .params import LAYOUT, METHOD, SWITCH, Output, When, output_options, time_options
from .run import run


def _check_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each --where name must be one the registry knows; else exit 2 with the closest names."""
    if not names:
        return names
    from ..find.conditions import check_pattern_names

    check_pattern_names(names)
    return names


@click.command(epilog="\b\nExamples:\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Shanghai\n  qimen cast --at 2024-03-05T11:00 --tz Asia/Seoul --lang ko --explain\n  qimen cast --from 2024-03-01 --to 2024-03-31 --tz +08:00 --where 玉女守門")
@time_options
@output_options
@click.option("--method", type=METHOD, default="zhirun", show_default=True, help="局 by 置閏 (古法, the author's) or 拆補 (李氏).")
@click.option("--layout", type=LAYOUT, default="zhuan", show_default=True, help="轉盤 (古法) or 陶氏飛盤.")
@click.option("--switch", type=SWITCH, default=None, help="With --method chaibu: a new term applies from the start of its 時辰 (shichen, as the text counts; default) or from the instant.")
@click.option("--where", "where", multiple=True, metavar="NAME", shell_complete=complete_pattern, help="Over a range, keep only charts showing this pattern (repeatable: all must hold).")
@click.option("--explain", is_flag=True, help="Print each derivation step with the rule it used.")
def cast(when: When, out: Output, method: str, layout: str, switch: str, where: tuple[str, ...], explain: bool):
    """The 時家奇門 chart: pillars, term, 遁/局/元, 旬首, 直符/直使, the nine palaces, every pattern.

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (--method chaibu from 1799-07-22).
    """
    if switch is not None and method != "chaibu":
        raise BadInput(f"--switch {switch} applies to --method chaibu only (置閏 does not switch at the term)")
    switch = switch or "shichen"
    _check_names(where)
    if where and not when.is_stream:
        raise BadInput("--where filters a range: use it with --from/--to or --at -")
    if explain and when.is_stream:
        raise BadInput("--explain explains one chart (--at), not a range")

    def compute(moment):
        from ..qimen.chart import cast_chart

        return cast_chart(moment, method, layout, switch)

    def to_json(chart):
        from ..render.cast_json import chart_json_text

        if explain:
            return with_explain(chart_json_text(chart), chart.ju.steps + chart.plate.steps)
        return chart_json_text(chart)

    def render(chart, console, lang):
        from ..render.grid import render_chart

        render_chart(chart, console, lang, explain=explain)

    if when.is_stream and out.json:
        # JSON Lines from cached pieces (render/cast_lines.py), byte for byte `to_json`'s.
        from ..render.cast_lines import CastLines
        from .run import check_range
        from .stream import stream

        writer = CastLines(when, method, layout, switch, where)
        check_range(when, compute, {}, probe=writer.line)
        # The plates, tables and caches built so far live as long as the run: moved out of the
        # collector's sight, they are not scanned again by every full collection.
        import gc

        gc.freeze()
        lines = _Lines(when, writer)
        stream(lines, lines.compute, _as_is, {}, keep=_is_line)
        return

    keep = None
    if where:
        from ..find.arts import chart_has_all

        def keep(chart):
            return chart_has_all(chart, where)

    run(when, out, compute, to_json, render, keep=keep)


def with_explain(text: str, steps) -> dict:
    """A chart's JSON with `explain`: the derivation steps in order, each {"key", "values", "text"}
    (--explain --json)."""
    import json

    from ..render.explain import step_json

    data = json.loads(text)
    data["explain"] = [step_json(s) for s in steps]
    return data


def _as_is(line: bytes) -> bytes:
    return line


def _is_line(line) -> bool:
    return line is not None


#: Instants per block of a range written by `_Lines` (one write each).
BLOCK = 256


class _Lines:
    """The stream's view of a range for `CastLines`.

    An instant is handed over as it is (`resolve` is the identity: the writer resolves it).
    With --where on patterns the plate alone decides, only the instants whose hour pillar
    can carry them are listed (`qimen.index.candidate_instants`).  A range that must not
    go on past a bad instant (no --keep-going; its ends were checked) is handed over in
    blocks of BLOCK instants, each written as one `stream.Lines` of lines: an error inside
    a block ends the block there and is raised with the next one (a last, empty block
    always follows), so the output is the same as line by line.
    """

    #: Lines are made faster than worker processes could hand them back (see stream).
    parallel = False

    def __init__(self, when: When, writer) -> None:
        self.when = when
        self.writer = writer
        self.at = when.at
        self.keep_going = when.keep_going
        self.blocks = when.start is not None and not when.keep_going
        self.pending: Exception | None = None
        self.candidates = None
        if writer.where and when.start is not None and writer.fast:
            from ..qimen.index import candidate_instants, is_plate_only

            if any(is_plate_only(name) for name in writer.where):
                self.candidates = candidate_instants(when, writer.where, writer.layout)

    def resolve(self, at, **_extra):
        return at

    def _instants(self):
        return self.when.instants() if self.candidates is None else self.candidates

    def instants(self):
        if not self.blocks:
            yield from self._instants()
            return
        chunk = []
        for at in self._instants():
            chunk.append(at)
            if len(chunk) == BLOCK:
                yield chunk
                chunk = []
        yield chunk
        yield []  # raises an error left over from the last block, if any

    def count(self):
        return self.when.count() if self.candidates is None else None

    def compute(self, item):
        if not self.blocks:
            return self.writer.line(item)
        from .stream import NL, Lines

        if self.pending is not None:
            exc, self.pending = self.pending, None
            raise exc
        lines = []
        line = self.writer.line
        n = 0
        for at in item:
            try:
                text = line(at)
            except QimenError as exc:
                self.pending = exc
                break
            n += 1
            if text is not None:
                lines.append(text)
                lines.append(NL)
        return Lines(lines, n)
