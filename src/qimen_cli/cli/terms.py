"""`qimen terms`: the 24 solar terms of a year or a range of years."""

from __future__ import annotations

import datetime as _dt

import click

from ..errors import BadInput
from .params import ZONE, Output, output_options, year_type
from .run import view


def year_terms(first: int, last: int, zone, ephemeris: str | None):
    """Terms whose instants fall in the civil years first…last of the zone, with their clock times.

    Span with the shipped tables: 1799-07-22 … 2201-04-05 (the years 1800–2200).
    """
    from ..calendar.clock import system_zone
    from ..calendar.context import get_context
    from ..calendar.terms import to_seconds

    zone = zone or system_zone()
    context = get_context(ephemeris)
    lo, hi = context.civil_years(first, last, zone)
    found, seen = [], set()
    for probe in range(first, last + 1):
        mid = to_seconds(_dt.datetime(probe, 7, 1, tzinfo=zone))
        table = context.table_for(mid)
        for term in table.between(max(lo, table.first.ts), min(hi, table.last.ts + 1)):
            if term.ts not in seen:
                seen.add(term.ts)
                found.append(term)
    found.sort()
    return zone, found


@click.command(epilog="\b\nExamples:\n  qimen terms --year 2024 --tz Asia/Shanghai\n  qimen terms --from 2024 --to 2026 --json")
@click.option("--year", type=year_type(), help="One year (civil year of --tz); 1800–2200 with the shipped tables, other years with --ephemeris.")
@click.option("--from", "first", type=year_type(), help="First year of a range.")
@click.option("--to", "last", type=year_type(), help="Last year of a range (inclusive).")
@click.option("--tz", type=ZONE, metavar="ZONE", help="Zone for the civil years and local times. Default: the system zone.")
@click.option("--ephemeris", metavar="FILE", envvar="QIMEN_EPHEMERIS", help="Another JPL SPK file (also $QIMEN_EPHEMERIS).")
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
    zone, found = year_terms(first, last, tz, ephemeris)
    from ..calendar.clock import zone_label
    from ..render.jsonout import local_iso, utc_iso

    rows = [
        {"name": t.name, "longitude": t.longitude, "utc": utc_iso(t.ts), "local": local_iso(t.utc.astimezone(zone))}
        for t in found
    ]
    lang = out.lang
    if out.json:
        from ..render.jsonout import SCHEMA_VERSION, dumps

        click.echo("\n".join(dumps({"schema_version": SCHEMA_VERSION, **r}) for r in rows))
        return
    from rich.table import Table

    from ..render.labels import label

    title = f"{label('solar_term', lang)} {first}" + (f"–{last}" if last != first else "") + f" ({zone_label(zone)})"
    table = Table(title=title)
    for key in ("name", "longitude", "utc", "local"):
        table.add_column(label(key, lang) if key != "utc" else "UTC", justify="right" if key == "longitude" else "left")
    for r in rows:
        table.add_row(r["name"], f"{r['longitude']}°", r["utc"], r["local"])
    with view(out) as c:
        c.print(table)
