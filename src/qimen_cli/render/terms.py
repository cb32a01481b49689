"""View of `terms`: one table row per term (name, longitude, UTC and local instant)."""

from __future__ import annotations

from .labels import label


def terms_table(rows: list[dict], first: int, last: int, zone_label: str, lang: str):
    """The rich Table of `terms`' rows (`arts.terms.term_rows`) for the civil years first…last."""
    from rich.table import Table

    title = f"{label('solar_term', lang)} {first}" + (f"–{last}" if last != first else "") + f" ({zone_label})"
    table = Table(title=title)
    for key in ("name", "longitude", "utc", "local"):
        table.add_column(label(key, lang) if key != "utc" else "UTC", justify="right" if key == "longitude" else "left")
    for r in rows:
        table.add_row(r["name"], f"{r['longitude']}°", r["utc"], r["local"])
    return table
