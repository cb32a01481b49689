"""`qimen chaibu`: the 局 of each method side by side, the 置閏 block, boundaries; the ledger.

With `--at` (or `--at -`): one report per instant.  With `--year` or `--from/--to`:
the 置閏 ledger of the period (every block, each 閏, every span where 拆補 and
置閏 differ) as a rich table or, with --json, JSON Lines.
"""

from __future__ import annotations

import functools

import click

from ..errors import BadInput
from .params import Output, When, command_options, output_options, time_options
from .run import run, view

#: The art this command runs (its compute and JSON; the ledger).
ART = "qimen_cli.arts.chaibu"


def _anchor_ts(anchor, when: When) -> float:
    from ..calendar.terms import to_seconds

    return to_seconds(anchor.aware(when.tz or when.clock_zone))


def run_ledger(when: When, out: Output, year: int | None, terms: str, anchor_ts: float | None, switch: str) -> None:
    """The 置閏 ledger of --year, or of the civil days of --from … --to, as JSON Lines or a table."""
    import datetime as _dt

    from ..arts.chaibu import ledger, ledger_json_lines, ledger_zone

    try:
        zone = ledger_zone(when.lon, when.clock_zone)
        if year is not None:
            d0, d1 = _dt.date(year, 1, 1), _dt.date(year, 12, 31)
        else:
            d0 = when.start.aware(zone).astimezone(zone).date()
            d1 = when.end.aware(zone).astimezone(zone).date()
            if d1 < d0:
                raise BadInput(f"--to {when.end.text!r} is before --from {when.start.text!r}")
        result = ledger(when.ephemeris, zone, d0, d1, terms, anchor_ts, switch)
    except OverflowError as exc:
        raise BadInput(str(exc)) from None
    if out.json:
        import sys

        from .stopping import lines_output

        with lines_output():
            sys.stdout.write(ledger_json_lines(result, zone))
            sys.stdout.flush()
        return
    from ..render.chaibu import render_ledger

    with view(out) as c:
        render_ledger(result, zone, c, out.lang, anchor_ts=anchor_ts)


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
    if anchor is not None and terms == "true":
        raise BadInput(f"--anchor {anchor.text!r} needs --terms mean")
    terms = terms or ("mean" if anchor is not None else "true")
    anchor_ts = _anchor_ts(anchor, when) if anchor is not None else None
    if within.civil:
        raise BadInput(f"--within {within.text}: give hours, minutes or seconds")
    within_s = within.delta.total_seconds()
    ledger_mode = year is not None or when.start is not None
    if ledger_mode:
        if year is not None and (when.start is not None or when.at is not None):
            raise BadInput(f"--year {year} cannot be combined with --at or --from/--to")
        if alternatives:
            raise BadInput("--alternatives applies to one instant (--at), not to a ledger")
        if when.every is not None or when.keep_going:
            raise BadInput("--every/--keep-going do not apply to the ledger (--year or --from/--to): drop them")
        if explain:
            raise BadInput("--explain applies to one instant (--at), not to a ledger")
        run_ledger(when, out, year, terms, anchor_ts, switch)
        return

    from ..arts import Job

    job = Job.of(ART, when=when.portable(), terms=terms, anchor_ts=anchor_ts, alternatives=alternatives, switch=switch,
                 within_s=within_s)
    run(when, out, job, functools.partial(render, explain=explain))
