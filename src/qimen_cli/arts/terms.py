"""`terms`: the 24 solar terms whose instants fall in a range of civil years, and their JSON."""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..calendar.terms import Term


def year_terms(first: int, last: int, zone: _dt.tzinfo | None, ephemeris: str | None) -> tuple[_dt.tzinfo, list[Term]]:
    """(zone, terms): the terms whose instants fall in the civil years first…last of `zone`
    (None: the system zone), in time order.

    Span with the shipped tables: 1799-07-22 … 2201-04-05 (the years 1800–2200).
    """
    from ..calendar.clock import system_zone
    from ..calendar.context import get_context
    from ..calendar.terms import to_seconds

    zone = zone or system_zone()
    context = get_context(ephemeris)
    lo, hi = context.civil_years(first, last, zone)
    found: list[Term] = []
    seen: set[float] = set()
    for probe in range(first, last + 1):
        mid = to_seconds(_dt.datetime(probe, 7, 1, tzinfo=zone))
        table = context.table_for(mid)
        for term in table.between(max(lo, table.first.ts), min(hi, table.last.ts + 1)):
            if term.ts not in seen:
                seen.add(term.ts)
                found.append(term)
    found.sort()
    return zone, found


def term_rows(found: list[Term], zone: _dt.tzinfo) -> list[dict[str, Any]]:
    """Each term as {name, longitude, utc, local}: the keys of its JSON line and the table's columns."""
    from ..render.jsonout import utc_iso, zone_iso

    return [
        {"name": t.name, "longitude": t.longitude, "utc": utc_iso(t.ts), "local": zone_iso(t.ts, zone)}
        for t in found
    ]


def json_lines(rows: list[dict[str, Any]]) -> str:
    """The rows as JSON Lines (schema_version first), without the last newline."""
    from ..render.jsonout import SCHEMA_VERSION, dumps

    return "\n".join(dumps({"schema_version": SCHEMA_VERSION, **r}) for r in rows)
