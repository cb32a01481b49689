"""`qimen chaibu`: the 局 of each method side by side, the 置閏 block, boundaries; the ledger.

With `--at` (or `--at -`): one report per instant.  With `--year` or `--from/--to`:
the 置閏 ledger of the period (every block, each 閏, every span where 拆補 and
置閏 differ) as a rich table or, with --json, JSON Lines.
"""

from __future__ import annotations

import dataclasses

import click

from ..errors import BadInput
from .params import STEP, InstantType, Output, When, output_options, time_options, year_type
from .run import run, view

AT_ANCHOR = InstantType(need_time=True)

TERM_KINDS = ("true", "mean")


def _anchor_ts(anchor, when: When) -> float:
    from ..calendar.terms import to_seconds

    return to_seconds(anchor.aware(when.tz or when.clock_zone))


def _true_table(when: When, ts: float):
    from ..calendar.context import get_context

    context = get_context(when.ephemeris)
    return context.full_table() if context.shipped else context.table_for(ts)


def _ledger_table(when: When, terms: str, anchor_ts: float | None, ts: float):
    from ..calendar.meanterms import anchored_mean_table, mean_table_from_dongzhi

    if anchor_ts is not None:
        return anchored_mean_table(anchor_ts)
    table = _true_table(when, ts)
    return mean_table_from_dongzhi(table) if terms == "mean" else table


def _ledger_zone(when: When):
    """The clock of the ledger: the zone, or mean solar time at --lon (also for --solar-time apparent).

    Span with the shipped tables: 1799-08-08 … 2201-04-05 (the first 置閏 block).
    """
    from ..calendar.clock import mean_solar_zone

    if when.lon is not None:
        return mean_solar_zone(when.lon)
    return when.clock_zone


def run_ledger(when: When, out: Output, year: int | None, terms: str, anchor_ts: float | None, switch: str) -> None:
    import datetime as _dt

    from ..calendar.terms import to_seconds
    from ..qimen.ledger import ledger

    try:
        zone = _ledger_zone(when)
        if year is not None:
            d0, d1 = _dt.date(year, 1, 1), _dt.date(year, 12, 31)
        else:
            d0 = when.start.aware(zone).astimezone(zone).date()
            d1 = when.end.aware(zone).astimezone(zone).date()
            if d1 < d0:
                raise BadInput(f"--to {when.end.text!r} is before --from {when.start.text!r}")
        mid = to_seconds(_dt.datetime(d0.year, d0.month, d0.day, tzinfo=_dt.timezone.utc))
        table = _ledger_table(when, terms, anchor_ts, mid)
        result = ledger(table, zone, d0, d1, switch)
    except OverflowError as exc:
        raise BadInput(str(exc)) from None
    if out.json:
        import sys

        from ..render.json_chaibu import ledger_lines, ledger_text

        try:
            sys.stdout.write("".join(ledger_text(record) + "\n" for record in ledger_lines(result, zone)))
            sys.stdout.flush()
        except BrokenPipeError:
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(0) from None
        return
    from ..render.chaibu import render_ledger

    with view(out) as c:
        render_ledger(result, zone, c, out.lang, anchor_ts=anchor_ts)


def compute(moment, when: When, terms: str, anchor_ts: float | None, alternatives: bool, switch: str, within_s: float):
    from ..calendar.meanterms import mean_table_from_dongzhi
    from ..qimen.ledger import chaibu_report

    if terms == "mean" and anchor_ts is None:
        table = mean_table_from_dongzhi(moment.table)
        moment = dataclasses.replace(when.resolve(moment.instant_utc, table=table), at=moment.at)
    resolve_at = resolve_civil = None
    if alternatives:
        table = moment.table

        def resolve_at(x):
            return when.resolve(x, table=table)

        if when.lon is not None:
            civil = dataclasses.replace(when, lon=None, solar_time="mean")

            def resolve_civil():
                return civil.resolve(moment.instant_utc, table=table)

    return moment, chaibu_report(moment, switch, resolve_at, resolve_civil, within_s), anchor_ts


def to_json(result) -> str:
    from ..render.json_chaibu import report_text

    return report_text(*result)


def job_steps(when: When, anchor_ts: float | None, **options):
    """The steps of a stream of this command (see stream.Job)."""
    import functools

    from .jobs import Steps

    extra = {}
    if anchor_ts is not None:
        from ..calendar.meanterms import anchored_mean_table

        extra["table"] = anchored_mean_table(anchor_ts)
    return Steps(functools.partial(compute, when=when, anchor_ts=anchor_ts, **options), to_json, extra=extra)


@click.command(epilog="\b\nExamples:\n  qimen chaibu --at 2024-03-05T11:00 --tz Asia/Shanghai --explain\n  qimen chaibu --year 2024 --tz Asia/Shanghai")
@time_options
@output_options
@click.option("--terms", "terms", type=click.Choice(TERM_KINDS), default=None, help="true: the real Sun (default); mean: 平氣, 365.2425/24 days a term from each true 冬至 (or from --anchor).")
@click.option("--anchor", type=AT_ANCHOR, metavar="TIME", help="With --terms mean: an anchor term instant instead of the true 冬至 (docs/decisions.md: 2034-02-04T12:00+08:00, a 立春 on 辛卯).")
@click.option("--switch", type=click.Choice(["shichen", "instant"]), default="shichen", show_default=True, help="拆補: a new term applies from the start of its 時辰 (as the text counts) or from the instant.")
@click.option("--alternatives", is_flag=True, help="Also the 局 a user on the other side of each close boundary would get.")
@click.option("--within", type=STEP, default="2h", show_default=True, metavar="STEP", help="How close a boundary must be for --alternatives (ΔT: within 3σ).")
@click.option("--year", type=year_type(),  help="The 置閏 ledger of one year (civil year of --tz); --from/--to give a period.")
@click.option("--explain", is_flag=True, help="Print each method's derivation steps.")
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

    from .jobs import Job
    from .stream import _portable

    def render(result, console, lang):
        from ..render.chaibu import render_report

        render_report(*result, console, lang, explain=explain)

    run(when, out, render=render, job=Job.of(__name__, when=_portable(when), terms=terms, anchor_ts=anchor_ts,
                                             alternatives=alternatives, switch=switch, within_s=within_s))
