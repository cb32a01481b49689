"""`qimen chaibu`: the 局 of each method side by side, the 置閏 block, boundaries; the ledger.

With `--at` (or `--at -`): one report per instant.  With `--year` or `--from/--to`:
the 置閏 ledger of the period (every block, each 閏, every span where 拆補 and
置閏 differ) as a rich table or, with --json, JSON Lines.
"""

from __future__ import annotations

import functools

import click

from ..errors import BadInput
from .params import Output, When, command_options, given, output_options, time_options
from .run import run, view

#: The art this command runs (its compute and JSON; the ledger).
ART = "qimen_cli.arts.chaibu"


def run_ledger(ledger, out: Output) -> None:
    """The 置閏 ledger of --year, or of the civil days of --from … --to, as JSON Lines or a table."""
    from ..arts.chaibu import ledger_json_lines

    result, zone = ledger.compute()
    if out.json:
        from .run import write_utf8
        from .stopping import lines_output

        with lines_output():
            write_utf8(ledger_json_lines(result, zone))
        return
    from ..render.chaibu import render_ledger
    from .run import whole_lines

    with view(out) as c, whole_lines(c) as write:
        render_ledger(result, zone, c, out.lang, anchor_ts=ledger.anchor_ts, write=write)


def render(result, console, lang: str, explain: bool) -> None:
    from ..render.chaibu import render_report

    render_report(*result, console, lang, explain=explain)


@click.command(epilog="\b\nExamples:\n  qimen chaibu --at 2024-03-05T11:00 --tz Asia/Shanghai --explain\n  qimen chaibu --year 2024 --tz Asia/Shanghai")
@time_options
@output_options
@command_options("chaibu")
def chaibu(when: When, out: Output, terms: str | None, anchor: str | None, switch: str, alternatives: bool,
           within: str, year: int | None, explain: bool):
    """局 under 古法 置閏 and 李氏拆補 side by side, the 置閏 block, the boundaries; or the ledger."""
    from .. import commands

    if given("within") and not alternatives:
        raise BadInput(f"--within {within.text} says how close a boundary must be for --alternatives: add --alternatives")
    job = commands.chaibu(when, terms, anchor, switch, alternatives, within, year, explain)
    if isinstance(job, commands.Ledger):
        run_ledger(job, out)
        return
    run(when, out, job, functools.partial(render, explain=explain))
