"""`qimen terms`: the 24 solar terms of a year or a range of years (`arts/terms.py`)."""

from __future__ import annotations

import click

from .params import Output, command_options, output_options
from .run import view, write_json_line


@click.command(epilog="\b\nExamples:\n  qimen terms --year 2024 --tz Asia/Shanghai\n  qimen terms --from 2024 --to 2026 --json")
@command_options("terms")
@output_options
def terms(year, first, last, tz, ephemeris, out: Output):
    """The 24 solar terms: name, ecliptic longitude, instant (UTC and local)."""
    from .. import commands
    from ..arts.terms import json_lines

    found = commands.terms(year, first, last, tz, ephemeris)
    if out.json:
        write_json_line(json_lines(found.rows))
        return
    from ..calendar.clock import zone_label
    from ..render.terms import print_terms
    from .run import whole_lines

    with view(out) as c, whole_lines(c) as write:
        print_terms(found.rows, found.first, found.last, zone_label(found.zone), out.lang, c, write)
