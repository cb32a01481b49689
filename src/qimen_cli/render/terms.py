"""View of `terms`: one table row per term (name, longitude, UTC and local instant), as a rich
Table (`terms_table`) or printed row by row (`print_terms`, what the shell shows: a range of
centuries starts at once)."""

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


def _cells(r: dict) -> list[str]:
    return [r["name"], f"{r['longitude']}°", r["utc"], r["local"]]


def print_terms(rows: list[dict], first: int, last: int, zone_label: str, lang: str, console, write=None) -> None:
    """The rows of `terms_table` printed row by row (`rows.RowTable`, written by `write`); the
    columns as wide as their widest cell (the rows are all known)."""
    from rich.cells import cell_len

    from .fit import longest_unit
    from .rows import Column, RowTable

    title = f"{label('solar_term', lang)} {first}" + (f"–{last}" if last != first else "") + f" ({zone_label})"
    heads = [label(key, lang) if key != "utc" else "UTC" for key in ("name", "longitude", "utc", "local")]
    widest = [0] * 4
    whole = [1] * 4
    for r in rows:
        for k, cell in enumerate(_cells(r)):
            widest[k] = max(widest[k], cell_len(cell))
            whole[k] = max(whole[k], longest_unit(cell, whole=True))
    columns = [Column(h, w, u, justify="right" if k == 1 else "left")
               for k, (h, w, u) in enumerate(zip(heads, widest, whole, strict=True))]
    table = RowTable(console, columns, [(title, "bold")], write)
    for r in rows:
        table.row(_cells(r))
    table.close()
