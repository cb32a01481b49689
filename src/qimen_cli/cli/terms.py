"""`qimen terms`: the 24 solar terms of a year or a range of years (`arts/terms.py`)."""

from __future__ import annotations

import datetime as _dt

import click

from ..errors import BadInput
from .params import Output, command_options, output_options
from .run import view


@click.command(epilog="\b\nExamples:\n  qimen terms --year 2024 --tz Asia/Shanghai\n  qimen terms --from 2024 --to 2026 --json")
@command_options("terms")
@output_options
def terms(year, first, last, tz, ephemeris, out: Output):
    """The 24 solar terms: name, ecliptic longitude, instant (UTC and local)."""
    if year is not None and (first is not None or last is not None):
        raise BadInput("--year cannot be combined with --from/--to")
    if year is None and (first is None) != (last is None):
        raise BadInput("--from and --to go together")
    if year is None and first is None:
        year = _dt.date.today().year
    if year is not None:
        first = last = year
    if last < first:
        raise BadInput(f"--to {last} is before --from {first}")
    from ..arts.terms import json_lines, term_rows, year_terms

    zone, found = year_terms(first, last, tz, ephemeris)
    rows = term_rows(found, zone)
    if out.json:
        click.echo(json_lines(rows))
        return
    from ..calendar.clock import zone_label
    from ..render.terms import terms_table

    with view(out) as c:
        c.print(terms_table(rows, first, last, zone_label(zone), out.lang))
