"""`qimen terms`: the 24 solar terms of a year or a range of years."""

from __future__ import annotations

import datetime as _dt

import click

from ..errors import BadInput
from .run import INPUT_ERRORS, console


def year_terms(first: int, last: int, tz: str | None, ephemeris: str | None):
    """Terms whose instants fall in the civil years first…last of the zone, with their clock times."""
    from ..calendar.clock import parse_zone
    from ..calendar.context import get_context
    from ..calendar.terms import to_seconds

    zone = parse_zone(tz)
    context = get_context(ephemeris)
    lo = to_seconds(_dt.datetime(first, 1, 1, tzinfo=zone))
    hi = to_seconds(_dt.datetime(last + 1, 1, 1, tzinfo=zone))
    span_lo, span_hi = context.span()
    if lo < span_lo - 86400 * 10 or hi > span_hi + 86400 * 10:
        from ..calendar.terms import OutOfSpan

        raise OutOfSpan(lo if lo < span_lo else hi, span=(span_lo, span_hi))
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


@click.command()
@click.option("--year", type=int, help="One year (civil year of --tz).")
@click.option("--from", "first", type=int, help="First year of a range.")
@click.option("--to", "last", type=int, help="Last year of a range (inclusive).")
@click.option("--tz", metavar="ZONE", help="Zone for the civil years and local times. Default: the system zone.")
@click.option("--ephemeris", metavar="FILE", envvar="QIMEN_EPHEMERIS", help="Another JPL SPK file (also $QIMEN_EPHEMERIS).")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per term.")
@click.option("--lang", type=click.Choice(["zh", "ko", "en"]), default="zh", show_default=True)
def terms(year, first, last, tz, ephemeris, as_json, lang):
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
    try:
        zone, found = year_terms(first, last, tz, ephemeris)
    except INPUT_ERRORS as exc:
        raise BadInput(str(exc)) from None
    from ..calendar.clock import zone_label
    from ..render.jsonout import local_iso, utc_iso

    rows = [
        {"name": t.name, "longitude": t.longitude, "utc": utc_iso(t.ts), "local": local_iso(t.utc.astimezone(zone))}
        for t in found
    ]
    if as_json:
        from ..render.jsonout import SCHEMA_VERSION, dumps

        click.echo("\n".join(dumps({"schema_version": SCHEMA_VERSION, **r}) for r in rows))
        return
    from rich.table import Table

    from ..render.labels import label

    title = f"{label('term', lang)} {first}" + (f"–{last}" if last != first else "") + f" ({zone_label(zone)})"
    table = Table(title=title)
    for key in ("name", "longitude", "utc", "local"):
        table.add_column(label(key, lang) if key != "utc" else "UTC", justify="right" if key == "longitude" else "left")
    for r in rows:
        table.add_row(r["name"], f"{r['longitude']}°", r["utc"], r["local"])
    console().print(table)
